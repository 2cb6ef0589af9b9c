import { performance } from 'node:perf_hooks';
import { loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { simulate } from '../sim/pool.js';

/**
 * One simulation in a process of its own, for the benchmark: `node sim-run.js N WORKERS [EXACT]`
 * (EXACT 1: with the exact counterparts; without them by default) prints
 * the duels a second and the process's peak resident memory (worker threads included).
 */
const [n, workers, exact] = process.argv.slice(2).map(Number) as [number, number, number | undefined];
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
const stats = await simulate(setup, loadContent(), n, { workers, exact: exact === 1 });
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ duelsPerSecond: n / seconds, maxRssMb: process.resourceUsage().maxRSS / 1024, heroWins: stats.outcomes.hero })}\n`);
