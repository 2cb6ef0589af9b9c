import type { AttackTally, DuelTally } from '../systems/state.js';

/**
 * Streaming statistics of many duels: counts, sums and histograms only, so memory stays flat
 * however many duels run. Partial statistics merge by adding; merged in a fixed order they give
 * the same numbers whatever the number of workers.
 */

/** Count, sum and sum of squares of a measure (for its mean and standard error). */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}

export interface SimStats {
  duels: number;
  readonly outcomes: { hero: number; foe: number; draw: number };
  /** Duels ended, by winner, at each whole game turn (the turn the fall came in, rounded up). */
  readonly ttk: { readonly hero: number[]; readonly foe: number[] };
  /** Game turns each duel lasted. */
  readonly turns: Moments;
  /** Each side's damage dealt per game turn, duel by duel (hero, foe). */
  readonly dpt: [Moments, Moments];
  /** Attacks by side and kind, summed over every duel. */
  readonly attacks: [Record<string, AttackTally>, Record<string, AttackTally>];
  readonly notices: { rolls: number; noticed: number };
}

const moments = (): Moments => ({ n: 0, sum: 0, sumSq: 0 });

export function emptyStats(): SimStats {
  return { duels: 0, outcomes: { hero: 0, foe: 0, draw: 0 }, ttk: { hero: [], foe: [] }, turns: moments(), dpt: [moments(), moments()], attacks: [{}, {}], notices: { rolls: 0, noticed: 0 } };
}

function addMoment(m: Moments, x: number): void {
  m.n++;
  m.sum += x;
  m.sumSq += x * x;
}

function bump(h: number[], i: number, by = 1): void {
  while (h.length <= i) h.push(0);
  h[i] = (h[i] as number) + by;
}

/** Adds one finished duel. */
export function addDuel(s: SimStats, winner: 0 | 1 | null, gameTurns: number, tally: DuelTally): void {
  s.duels++;
  const who = winner === 0 ? 'hero' : winner === 1 ? 'foe' : 'draw';
  s.outcomes[who]++;
  if (who !== 'draw') bump(s.ttk[who], Math.ceil(gameTurns));
  addMoment(s.turns, gameTurns);
  const t = Math.max(gameTurns, 1e-9);
  // What the hero dealt is what the foe lost, and the other way round.
  addMoment(s.dpt[0], tally.damageTaken[1] / t);
  addMoment(s.dpt[1], tally.damageTaken[0] / t);
  for (const side of [0, 1] as const) {
    for (const [kind, a] of Object.entries(tally.attacks[side])) addTally(s.attacks[side], kind, a);
  }
  s.notices.rolls += tally.notices.rolls;
  s.notices.noticed += tally.notices.noticed;
}

function addTally(into: Record<string, AttackTally>, kind: string, a: AttackTally): void {
  const t = (into[kind] ??= { attacks: 0, hits: 0, damage: 0 });
  t.attacks += a.attacks;
  t.hits += a.hits;
  t.damage += a.damage;
}

/** Adds `b` into `a` (the caller keeps a fixed order for identical floating point sums). */
export function mergeStats(a: SimStats, b: SimStats): void {
  a.duels += b.duels;
  for (const k of ['hero', 'foe', 'draw'] as const) a.outcomes[k] += b.outcomes[k];
  for (const k of ['hero', 'foe'] as const) b.ttk[k].forEach((c, i) => c && bump(a.ttk[k], i, c));
  const mm = (x: Moments, y: Moments) => {
    x.n += y.n;
    x.sum += y.sum;
    x.sumSq += y.sumSq;
  };
  mm(a.turns, b.turns);
  mm(a.dpt[0], b.dpt[0]);
  mm(a.dpt[1], b.dpt[1]);
  for (const side of [0, 1] as const) for (const [kind, t] of Object.entries(b.attacks[side])) addTally(a.attacks[side], kind, t);
  a.notices.rolls += b.notices.rolls;
  a.notices.noticed += b.notices.noticed;
}

/** The z value of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
}

/** A proportion with its Wilson score interval (sound near 0 and 1, unlike the normal one). */
export function wilson(successes: number, n: number, z = Z95): Interval {
  if (n === 0) return { value: 0, lo: 0, hi: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { value: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** A mean with its normal 95% interval (the sample standard deviation over the square root of n). */
export function meanInterval(m: Moments, z = Z95): Interval {
  if (m.n === 0) return { value: 0, lo: 0, hi: 0 };
  const mean = m.sum / m.n;
  if (m.n < 2) return { value: mean, lo: mean, hi: mean };
  const variance = Math.max(0, (m.sumSq - m.n * mean * mean) / (m.n - 1));
  const half = z * Math.sqrt(variance / m.n);
  return { value: mean, lo: mean - half, hi: mean + half };
}

/** The smallest whole turn by which at least `q` of the counted duels had ended. */
export function quantile(h: readonly number[], q: number): number | undefined {
  const total = h.reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  let run = 0;
  for (let i = 0; i < h.length; i++) {
    run += h[i] as number;
    if (run >= q * total) return i;
  }
  return h.length - 1;
}
