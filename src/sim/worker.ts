import { parentPort } from 'node:worker_threads';
import { loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { simulateRange } from './run.js';

/** A simulation worker: plays the ranges of duels it is sent and posts their statistics back. */
export interface ChunkRequest {
  readonly setup: DuelSetup;
  readonly chunk: number;
  readonly from: number;
  readonly to: number;
  readonly exact: boolean;
}

const content = loadContent();
parentPort?.on('message', (req: ChunkRequest | null) => {
  if (req === null) {
    parentPort?.close();
    return;
  }
  parentPort?.postMessage({ chunk: req.chunk, stats: simulateRange(req.setup, content, req.from, req.to, req.exact) });
});
