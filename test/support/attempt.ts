import { performance } from 'node:perf_hooks';

/** Runs `fn` and says what it threw (undefined when it returned) and how long it took. */
export function attempt(fn: () => unknown): { readonly error: unknown; readonly ms: number } {
  const start = performance.now();
  try {
    fn();
    return { error: undefined, ms: performance.now() - start };
  } catch (error) {
    return { error, ms: performance.now() - start };
  }
}
