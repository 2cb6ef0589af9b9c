import { performance } from 'node:perf_hooks';
import { terminalControl } from './output.js';

/** Helpers shared by the commands that run many duels (`arena sim`, `arena compare`, `arena sweep`). */

/** Where the duels ran, for a report's first lines: "this thread", "1 worker", "8 workers". */
export function workersText(workers: number): string {
  return workers === 0 ? 'this thread' : `${workers} worker${workers > 1 ? 's' : ''}`;
}

/** A whole number option in a range, or a usage error naming it. */
export function wholeNumber(name: string, text: string, lo: number, hi: number, usage: (m: string) => Error): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) throw usage(`${name}: must be a whole number from ${lo} to ${hi} (got "${text}")`);
  return n;
}

export interface ProgressBar {
  update(done: number, total: number): void;
  end(): void;
}

/** A progress bar with an ETA on stderr, redrawn in place; nothing when stderr is not a terminal. */
export function progressBar(enabled: boolean): ProgressBar {
  const t0 = performance.now();
  if (!enabled || !process.stderr.isTTY) return { update() {}, end() {} };
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (done < total && now - last < 100) return;
      last = now;
      const frac = total > 0 ? done / total : 1;
      const width = 30;
      const eta = done > 0 ? ((now - t0) / done) * (total - done) / 1000 : 0;
      terminalControl(`\r[${'#'.repeat(Math.round(frac * width)).padEnd(width, '.')}] ${String(Math.floor(frac * 100)).padStart(3)}% ${done}/${total} ETA ${eta.toFixed(0)} s `);
    },
    end() {
      terminalControl('\r\x1b[K');
    },
  };
}
