import type { DuelSetup } from '../../game/duel.js';

/** A best-of-N match in watch mode: rounds alternate who wins ties for the move. */
export interface Match {
  readonly rounds: number;
  /** The first round's setup: later rounds change only the seed and the first mover. */
  readonly setup: DuelSetup;
  /** The round on screen, from 1. */
  round: number;
  /** Each finished round's winner. */
  readonly results: ('hero' | 'foe' | 'draw')[];
}

/** The seed of round `k` of a match on `seed`: round 1 is the seed itself. */
export function roundSeed(seed: string, k: number): string {
  return k === 1 ? seed : `${seed}/round-${k}`;
}

/** The setup of round `k`: odd rounds give the hero the first move, even rounds the foe. */
export function roundSetup(setup: DuelSetup, k: number): DuelSetup {
  const { firstMover: _, ...rest } = setup;
  return { ...rest, seed: roundSeed(setup.seed, k), ...(k % 2 === 0 ? { firstMover: 'foe' as const } : {}) };
}

export function matchTally(m: Match): { hero: number; foe: number; draw: number } {
  const t = { hero: 0, foe: 0, draw: 0 };
  for (const r of m.results) t[r]++;
  return t;
}

/** Whether a match is settled: one side has more than half the rounds, or every round is played. */
export function matchDecided(m: Match): boolean {
  const t = matchTally(m);
  return t.hero * 2 > m.rounds || t.foe * 2 > m.rounds || m.results.length >= m.rounds;
}
