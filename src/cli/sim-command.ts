import { performance } from 'node:perf_hooks';
import type { Content } from '../content/index.js';
import { defaultWorkers, simulate, workersUsed } from '../sim/pool.js';
import { progressBar, wholeNumber } from './progress.js';
import { type DuelOptions, setupFromOptions } from './setup-options.js';
import { simCsv, simJson, simText } from './sim.js';

export async function runSim(o: DuelOptions & { duels: string; workers?: string; json?: boolean; csv?: boolean; progress: boolean; exact: boolean }, content: Content, usage: (m: string) => Error): Promise<void> {
  if (o.json && o.csv) throw usage('--json and --csv: choose one');
  const n = wholeNumber('--duels', o.duels, 1, 10_000_000, usage);
  const workers = o.workers === undefined ? defaultWorkers() : wholeNumber('--workers', o.workers, 0, 256, usage);
  const setup = setupFromOptions(o, content, 'ai');
  const bar = progressBar(o.progress);
  const t0 = performance.now();
  const stats = await simulate(setup, content, n, { workers, exact: o.exact, onProgress: (d, t) => bar.update(d, t) });
  bar.end();
  const report = { setup, duels: n, workers: workersUsed(n, workers), seconds: (performance.now() - t0) / 1000, stats };
  process.stdout.write(o.json ? simJson(report) : o.csv ? simCsv(report) : simText(report));
}
