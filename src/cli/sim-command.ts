import { performance } from 'node:perf_hooks';
import type { Content } from '../content/index.js';
import { CHUNK, defaultWorkers, simulate } from '../sim/pool.js';
import { type DuelOptions, setupFromOptions } from './setup-options.js';
import { simCsv, simJson, simText } from './sim.js';

/** A whole number option in a range, or a usage error naming it. */
function wholeNumber(name: string, text: string, lo: number, hi: number, usage: (m: string) => Error): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) throw usage(`${name}: must be a whole number from ${lo} to ${hi} (got "${text}")`);
  return n;
}

/** A progress bar with an ETA on stderr, redrawn in place; nothing when stderr is not a terminal. */
function progressBar(enabled: boolean): { update(done: number, total: number): void; end(): void } {
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
      process.stderr.write(`\r[${'#'.repeat(Math.round(frac * width)).padEnd(width, '.')}] ${String(Math.floor(frac * 100)).padStart(3)}% ${done}/${total} ETA ${eta.toFixed(0)} s `);
    },
    end() {
      process.stderr.write('\r\x1b[K');
    },
  };
}

export async function runSim(o: DuelOptions & { duels: string; workers?: string; json?: boolean; csv?: boolean; progress: boolean }, content: Content, usage: (m: string) => Error): Promise<void> {
  if (o.json && o.csv) throw usage('--json and --csv: choose one');
  const n = wholeNumber('--duels', o.duels, 1, 10_000_000, usage);
  const workers = o.workers === undefined ? defaultWorkers() : wholeNumber('--workers', o.workers, 0, 256, usage);
  const setup = setupFromOptions(o, content, 'ai');
  const bar = progressBar(o.progress);
  const t0 = performance.now();
  const stats = await simulate(setup, content, n, { workers, onProgress: (d, t) => bar.update(d, t) });
  bar.end();
  const report = { setup, duels: n, workers: Math.min(workers, Math.ceil(n / CHUNK)), seconds: (performance.now() - t0) / 1000, stats };
  process.stdout.write(o.json ? simJson(report) : o.csv ? simCsv(report) : simText(report));
}
