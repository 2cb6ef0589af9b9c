import { performance } from 'node:perf_hooks';
import type { Content } from '../content/index.js';
import { defaultWorkers, workersUsed } from '../sim/pool.js';
import { type OddsMoment, runSweep } from '../sim/sweep.js';
import { progressBar, wholeNumber } from './progress.js';
import { type DuelOptions, setupFromOptions } from './setup-options.js';
import { type SweepFlags, SweepInputError, planSweep, sweepCsv, sweepJson, sweepText } from './sweep.js';

export type SweepOptions = DuelOptions &
  SweepFlags & { duels: string; workers?: string; distance: string; odds: OddsMoment; json?: boolean; csv?: boolean; progress: boolean; plot: boolean };

/** `arena sweep`: every point checked first, then N duels a point, then the table and plots (or JSON, or CSV). */
export async function runSweepCommand(o: SweepOptions, content: Content, usage: (m: string) => Error): Promise<void> {
  if (o.json && o.csv) throw usage('--json and --csv: choose one');
  const n = wholeNumber('--duels', o.duels, 1, 10_000_000, usage);
  const workers = o.workers === undefined ? defaultWorkers() : wholeNumber('--workers', o.workers, 0, 256, usage);
  const distance = wholeNumber('--distance', o.distance, 1, 40, usage);
  const base = setupFromOptions(o, content, 'ai');
  let plan;
  try {
    plan = planSweep(base, content, o, o);
  } catch (e) {
    if (e instanceof SweepInputError) throw usage(e.message);
    throw e;
  }
  const bar = progressBar(o.progress);
  const t0 = performance.now();
  const rows = await runSweep(plan.points, content, n, { workers, distance, moment: o.odds, onProgress: (d, t) => bar.update(d, t) });
  bar.end();
  const report = {
    base,
    parameter: plan.parameter,
    duels: n,
    workers: workersUsed(n, workers),
    seconds: (performance.now() - t0) / 1000,
    distance,
    moment: o.odds,
    skipped: plan.skipped,
    rows,
  };
  process.stdout.write(o.json ? sweepJson(report) : o.csv ? sweepCsv(report) : sweepText(report, { plots: o.plot }));
}
