import type { AttackTally, DuelTally } from '../systems/state.js';
import { addAt, emptyAttackTally, mergeAttackTally } from '../systems/tally.js';
import type { ExchangeResult } from './exchange.js';

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
  /** Each duel against the exact model of a pure melee exchange (`exchange.ts`). */
  readonly exchange: ExchangeStats;
}

/**
 * Each duel against the exact model of a pure melee exchange from its own start (rolled hit points
 * and energy): the sums of the model's win probabilities and turns-to-kill laws, and how many duels
 * left the exchange (a move, a heal, other odds), which bounds how far the real chances can be
 * from the model's.
 */
export interface ExchangeStats {
  /** Duels the model covers (both fighters have a melee attack with a law). */
  modelled: number;
  /** Why the first duel the model could not cover was not covered. */
  unmodelled: { duel: number; why: string } | null;
  /** Modelled duels that left the exchange, and the first of them with what differed. */
  left: number;
  first: { duel: number; why: string } | null;
  readonly win: [number, number];
  draw: number;
  readonly ttk: [number[], number[]];
}

/** A duel against the exchange model: the model's outcome law and what the duel did differently (null: nothing), or why there is no model. */
export type ExchangeCheck = { readonly result: ExchangeResult; readonly left: string | null } | string;

const moments = (): Moments => ({ n: 0, sum: 0, sumSq: 0 });

export function emptyStats(): SimStats {
  return { duels: 0, outcomes: { hero: 0, foe: 0, draw: 0 }, ttk: { hero: [], foe: [] }, turns: moments(), dpt: [moments(), moments()], attacks: [{}, {}], notices: { rolls: 0, noticed: 0 }, exchange: { modelled: 0, unmodelled: null, left: 0, first: null, win: [0, 0], draw: 0, ttk: [[], []] } };
}

function addMoment(m: Moments, x: number): void {
  m.n++;
  m.sum += x;
  m.sumSq += x * x;
}

/** Adds one finished duel (number `index` of the simulation), with its check against the exchange model. */
export function addDuel(s: SimStats, index: number, winner: 0 | 1 | null, gameTurns: number, tally: DuelTally, exchange?: ExchangeCheck): void {
  s.duels++;
  const who = winner === 0 ? 'hero' : winner === 1 ? 'foe' : 'draw';
  s.outcomes[who]++;
  if (who !== 'draw') addAt(s.ttk[who], Math.ceil(gameTurns), 1);
  addMoment(s.turns, gameTurns);
  const t = Math.max(gameTurns, 1e-9);
  // What the hero dealt is what the foe lost, and the other way round.
  addMoment(s.dpt[0], tally.damageTaken[1] / t);
  addMoment(s.dpt[1], tally.damageTaken[0] / t);
  for (const side of [0, 1] as const) {
    for (const [kind, a] of Object.entries(tally.attacks[side])) mergeAttackTally((s.attacks[side][kind] ??= emptyAttackTally(false)), a);
  }
  s.notices.rolls += tally.notices.rolls;
  s.notices.noticed += tally.notices.noticed;
  if (exchange === undefined) return;
  const x = s.exchange;
  if (typeof exchange === 'string') {
    x.unmodelled ??= { duel: index, why: exchange };
    return;
  }
  x.modelled++;
  if (exchange.left !== null) {
    x.left++;
    x.first ??= { duel: index, why: exchange.left };
  }
  const r = exchange.result;
  for (const side of [0, 1] as const) {
    x.win[side] += r.win[side];
    r.ttk[side].forEach((q, turn) => q > 0 && addAt(x.ttk[side], turn, q));
  }
  x.draw += r.draw;
}

/** Adds `b` into `a` (the caller keeps a fixed order for identical floating point sums). */
export function mergeStats(a: SimStats, b: SimStats): void {
  a.duels += b.duels;
  for (const k of ['hero', 'foe', 'draw'] as const) a.outcomes[k] += b.outcomes[k];
  for (const k of ['hero', 'foe'] as const) b.ttk[k].forEach((c, i) => c && addAt(a.ttk[k], i, c));
  const mm = (x: Moments, y: Moments) => {
    x.n += y.n;
    x.sum += y.sum;
    x.sumSq += y.sumSq;
  };
  mm(a.turns, b.turns);
  mm(a.dpt[0], b.dpt[0]);
  mm(a.dpt[1], b.dpt[1]);
  for (const side of [0, 1] as const) for (const [kind, t] of Object.entries(b.attacks[side])) mergeAttackTally((a.attacks[side][kind] ??= emptyAttackTally(false)), t);
  a.notices.rolls += b.notices.rolls;
  a.notices.noticed += b.notices.noticed;
  const x = a.exchange;
  const y = b.exchange;
  x.modelled += y.modelled;
  x.unmodelled ??= y.unmodelled;
  x.left += y.left;
  x.first ??= y.first;
  for (const side of [0, 1] as const) {
    x.win[side] += y.win[side];
    y.ttk[side].forEach((q, turn) => q > 0 && addAt(x.ttk[side], turn, q));
  }
  x.draw += y.draw;
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

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms: about 15 digits). */
function lnGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const y = x - 1;
  let a = c[0] as number;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularised upper incomplete gamma function Q(a, x): a series below a + 1, a continued fraction above. */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  // Lentz's method for the continued fraction of Q.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.min(1, front * h);
}

/** P(X >= x) for a chi-square variable with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

export interface FitTest {
  readonly chi2: number;
  readonly df: number;
  /** The chance of a fit this bad or worse if the law is right (1 when there is nothing to test). */
  readonly p: number;
}

/**
 * Pearson's goodness-of-fit test of counts against expected counts (same length, same total),
 * neighbouring cells pooled until each expects at least 5.
 */
export function fitTest(observed: readonly number[], expected: readonly number[]): FitTest {
  const cells: { o: number; e: number }[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < Math.max(observed.length, expected.length); i++) {
    o += observed[i] ?? 0;
    e += expected[i] ?? 0;
    if (e >= 5) {
      cells.push({ o, e });
      o = 0;
      e = 0;
    }
  }
  const last = cells[cells.length - 1];
  if (last) {
    last.o += o;
    last.e += e;
  }
  const df = cells.length - 1;
  if (df < 1) return { chi2: 0, df: 0, p: 1 };
  const chi2 = cells.reduce((sum, c) => sum + ((c.o - c.e) * (c.o - c.e)) / c.e, 0);
  return { chi2, df, p: chiSquareSurvival(chi2, df) };
}
