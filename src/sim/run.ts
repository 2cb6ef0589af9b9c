import type { Content } from '../content/index.js';
import { Duel, type DuelSetup } from '../game/duel.js';
import { type SimStats, addDuel, emptyStats } from './stats.js';

/** The seed of duel `i` (from 0) of a simulation on `seed`: every duel its own, fixed by its index. */
export function duelSeed(seed: string, i: number): string {
  return `${seed}/sim-${i}`;
}

/** Plays duels `from` to `to - 1` of a simulation AI against AI, untraced, and sums them up. */
export function simulateRange(setup: DuelSetup, content: Content, from: number, to: number): SimStats {
  const s = emptyStats();
  for (let i = from; i < to; i++) {
    const d = new Duel({ ...setup, seed: duelSeed(setup.seed, i), heroControl: 'ai' }, content, { tracing: false, tally: true });
    while (d.step().kind !== 'over');
    addDuel(s, d.outcome?.winner ?? null, d.gameTurns, d.tally!);
  }
  return s;
}
