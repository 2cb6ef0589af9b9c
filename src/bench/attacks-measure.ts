import { performance } from 'node:perf_hooks';

/** Runs `fn(n)` with growing n until it takes at least `minMs`; returns operations per second. */
export function measure(fn: (n: number) => void, minMs = 400): number {
  let n = 1000;
  for (;;) {
    const t0 = performance.now();
    fn(n);
    const ms = performance.now() - t0;
    if (ms >= minMs) return (n / ms) * 1000;
    n *= ms < 10 ? 10 : Math.ceil(minMs / Math.max(ms, 1)) + 1;
  }
}

/** The best of several runs (the least disturbed by the rest of the machine). */
export function best(fn: () => number, runs = 5): number {
  let b = 0;
  for (let i = 0; i < runs; i++) b = Math.max(b, fn());
  return b;
}

