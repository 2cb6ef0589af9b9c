import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Content } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { simulateRange } from './run.js';
import { type SimStats, emptyStats, mergeStats } from './stats.js';
import type { ChunkRequest } from './worker.js';

/** Duels per chunk: fixed, so the chunks (and the order they merge in) never depend on the workers. */
export const CHUNK = 25;

export interface SimOptions {
  /** Worker threads; 0 plays every duel on this thread. */
  readonly workers?: number;
  /** Called after each chunk with the duels done so far. */
  readonly onProgress?: (done: number, total: number) => void;
  /** The worker script (the built `worker.js` or the bundled `sim-worker.js`); found next to this module when absent. */
  readonly workerScript?: string;
  /** Work out the exact counterparts (each attack's laws, the exchange model): true by default. */
  readonly exact?: boolean;
}

export function defaultWorkers(): number {
  return availableParallelism();
}

/** The workers a simulation of `n` duels runs on: as asked (every core by default), no more than its chunks. */
export function workersUsed(n: number, asked = defaultWorkers()): number {
  return Math.max(0, Math.min(asked, Math.ceil(n / CHUNK)));
}

/** The worker script beside this module: the bundle's entry, or the compiled file. */
function findWorkerScript(): string {
  for (const name of ['./sim-worker.js', './worker.js']) {
    const path = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('the simulation worker script is missing: run "npm run build"');
}

/**
 * Plays `n` duels of `setup` (each with its own seed from its index) and merges their statistics
 * chunk by chunk in index order: the same seed and n give the same numbers on any number of
 * workers.
 */
export async function simulate(setup: DuelSetup, content: Content, n: number, o: SimOptions = {}): Promise<SimStats> {
  const chunks: ChunkRequest[] = [];
  for (let from = 0, k = 0; from < n; from += CHUNK, k++) chunks.push({ setup, chunk: k, from, to: Math.min(n, from + CHUNK), exact: o.exact ?? true });
  const results: (SimStats | undefined)[] = new Array(chunks.length);
  let done = 0;
  const finished = (k: number, stats: SimStats): void => {
    results[k] = stats;
    done += stats.duels;
    o.onProgress?.(done, n);
  };
  const workers = workersUsed(n, o.workers);
  if (workers === 0) for (const c of chunks) finished(c.chunk, simulateRange(c.setup, content, c.from, c.to, c.exact));
  else await runOnWorkers(chunks, workers, o.workerScript ?? findWorkerScript(), finished);
  const total = emptyStats();
  for (const r of results) if (r) mergeStats(total, r);
  return total;
}

/** Hands chunks to `count` workers as they come free; rejects on the first worker error. */
function runOnWorkers(chunks: readonly ChunkRequest[], count: number, script: string, finished: (k: number, s: SimStats) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let open = count;
    let failed = false;
    // A bounded young generation keeps each worker's memory flat however many duels it plays.
    const pool = Array.from({ length: count }, () => new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 16 } }));
    const feed = (w: Worker): void => {
      const c = chunks[next++];
      w.postMessage(c ?? null);
    };
    for (const w of pool) {
      w.on('message', (m: { chunk: number; stats: SimStats }) => {
        finished(m.chunk, m.stats);
        feed(w);
      });
      w.on('error', (e) => {
        if (failed) return;
        failed = true;
        for (const x of pool) void x.terminate();
        reject(e);
      });
      w.on('exit', () => {
        if (--open === 0 && !failed) resolve();
      });
      feed(w);
    }
  });
}
