import { performance } from 'node:perf_hooks';
import { loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { simulate } from '../sim/pool.js';

/** What one simulation run measured (printed as JSON by `sim-run.js`). */
export interface SimRun {
  /** Duels a second over the whole run: the workers' start and warm-up included. */
  readonly duelsPerSecond: number;
  /** Duels a second once `warm` duels were done: the pace the workers keep up. */
  readonly sustainedPerSecond: number;
  /** Seconds the first `warm` duels took beyond what they would at the sustained pace. */
  readonly warmUpSeconds: number;
  /** The process's peak resident memory, worker threads included. */
  readonly maxRssMb: number;
  readonly heroWins: number;
}

/**
 * One simulation in a process of its own, for the benchmark: `node sim-run.js N WORKERS [EXACT]
 * [WARM]` (EXACT 1: with the exact counterparts; without them by default; WARM: the duels counted
 * as warm-up, 0 by default) prints a `SimRun` as JSON.
 */
const [n, workers, exact, warm = 0] = process.argv.slice(2).map(Number) as [number, number, number | undefined, number | undefined];
const setup: DuelSetup = {
  ruleset: 'crawl-4.0b20',
  edition: 'source',
  seed: 'bench-sim',
  hero: { template: 'minotaur-fighter', options: {} },
  foe: { template: 'orc-warrior', options: {} },
  arena: 'pit',
  heroControl: 'ai',
  maxTurns: 1000,
};
const t0 = performance.now();
// When the progress first reached `warm` duels: chunks come back in any order, so the count is what matters.
let warmAt: { done: number; ms: number } | undefined;
const stats = await simulate(setup, loadContent(), n, {
  workers,
  exact: exact === 1,
  onProgress: (done) => {
    if (warm > 0 && !warmAt && done >= warm) warmAt = { done, ms: performance.now() - t0 };
  },
});
const ms = performance.now() - t0;
const after = warmAt && warmAt.done < n ? warmAt : { done: 0, ms: 0 };
const sustained = ((n - after.done) / (ms - after.ms)) * 1000;
const run: SimRun = {
  duelsPerSecond: (n / ms) * 1000,
  sustainedPerSecond: sustained,
  warmUpSeconds: after.ms / 1000 - after.done / sustained,
  maxRssMb: process.resourceUsage().maxRSS / 1024,
  heroWins: stats.outcomes.hero,
};
process.stdout.write(`${JSON.stringify(run)}\n`);
