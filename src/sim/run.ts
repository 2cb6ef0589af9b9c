import type { Content } from '../content/index.js';
import { Duel, type DuelSetup } from '../game/duel.js';
import { nameOf } from '../rules/names.js';
import { type ExchangeModel, type ExchangeResult, exchangeMismatch, exchangeModel, solveExchange } from './exchange.js';
import { type SimStats, addDuel, emptyStats } from './stats.js';

/** The seed of duel `i` (from 0) of a simulation on `seed`: every duel its own, fixed by its index. */
export function duelSeed(seed: string, i: number): string {
  return `${seed}/sim-${i}`;
}

/**
 * Solved exchange models by their inputs (at most 2000, emptied when full, so memory stays flat):
 * duels that start alike share one solution.
 */
const solved = new Map<string, ExchangeResult>();

function solve(m: ExchangeModel): ExchangeResult {
  const key = JSON.stringify(m);
  let r = solved.get(key);
  if (!r) {
    if (solved.size >= 2000) solved.clear();
    r = solveExchange(m);
    solved.set(key, r);
  }
  return r;
}

/**
 * Plays duels `from` to `to - 1` of a simulation AI against AI, untraced, and sums them up. With
 * `exact`, each attack works out its exact laws and each duel is checked against the exact model
 * of a pure melee exchange from its own start (the outcomes are the same either way).
 */
export function simulateRange(setup: DuelSetup, content: Content, from: number, to: number, exact = true): SimStats {
  const s = emptyStats();
  for (let i = from; i < to; i++) {
    const d = new Duel({ ...setup, seed: duelSeed(setup.seed, i), heroControl: 'ai' }, content, { tracing: false, tally: exact ? 'exact' : true, checkpoints: false });
    // The model is taken before the first turn; the duel is checked against it once played.
    const model = exact ? exchangeModel(d) : undefined;
    while (d.step().kind !== 'over');
    const tally = d.tally!;
    const check = model === undefined || typeof model === 'string' ? model : { result: solve(model), left: exchangeMismatch(model, tally.actions, tally.other, [nameOf(d.hero), nameOf(d.foe)]) };
    addDuel(s, i, d.outcome?.winner ?? null, d.gameTurns, tally, check);
  }
  return s;
}
