import type { Distribution } from './distribution.js';

/**
 * The luck meter: how lucky each side has been, from the exact odds of every attack.
 *
 * Each attack leaves a sample: the exact distribution of the damage it could have dealt (misses
 * as 0), worked out by the ruleset from the same laws it rolls by, the damage it did deal, and
 * the probability of exactly what happened. A side's luck is where its total damage stands in
 * the distribution of totals those same attacks could have given: the mid-rank
 * P(total < dealt) + P(total = dealt) / 2, so 50% is average, 90% means only one duel in ten
 * with those attacks would have gone better for it. The likelihood of the duel so far is the
 * product of the per-attack odds.
 *
 * Display only: nothing here draws from the streams or feeds back into the duel.
 */
export interface LuckSample {
  /** The duel turn it happened in (samples after a restored turn are dropped). */
  readonly turn: number;
  /** The attacker's side: 0 the hero's, 1 the foe's. */
  readonly side: 0 | 1;
  /** P(damage = i), by damage i, as floating point (the meter is display only). */
  readonly law: readonly number[];
  readonly dealt: number;
  /** The exact probability of the outcome, as floating point. */
  readonly odds: number;
}

/** Each law's numbers, made once: simulations meet the same remembered laws attack after attack. */
const asNumbers = new WeakMap<Distribution, readonly number[]>();

/** A damage law as floating point probabilities by damage (negative damage counts as 0). */
export function lawAsNumbers(d: Distribution): readonly number[] {
  let out = asNumbers.get(d);
  if (!out) {
    const p: number[] = new Array(Math.max(0, d.max) + 1).fill(0);
    for (const [v, q] of d.probabilities()) p[Math.max(0, v)] = (p[Math.max(0, v)] as number) + q;
    out = Object.freeze(p);
    asNumbers.set(d, out);
  }
  return out;
}

export interface SideLuck {
  readonly attacks: number;
  readonly dealt: number;
  readonly expected: number;
  /** Mid-rank of the damage dealt among all the totals these attacks could give, 0 to 1. */
  readonly percentile: number;
}

export interface LuckReport {
  readonly sides: readonly [SideLuck, SideLuck];
  /** log10 of the probability of every attack's outcome together. */
  readonly log10Likelihood: number;
  readonly samples: number;
}

/** Convolves two probability vectors indexed by value. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = new Array(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const pa = a[i] as number;
    if (pa === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] as number) + pa * (b[j] as number);
  }
  return out;
}

/** Keeps each side's distribution of totals up to date as samples arrive (incremental, cached). */
export class LuckMeter {
  private source: readonly LuckSample[] | undefined;
  private used = 0;
  private totals: [number[], number[]] = [[1], [1]];
  private dealt: [number, number] = [0, 0];
  private expected: [number, number] = [0, 0];
  private attacks: [number, number] = [0, 0];
  private log10 = 0;

  /** The report for these samples (a prefix of the last call's extends it; anything else starts over). */
  report(samples: readonly LuckSample[]): LuckReport {
    if (samples !== this.source || samples.length < this.used) this.reset();
    this.source = samples;
    for (let i = this.used; i < samples.length; i++) this.add(samples[i] as LuckSample);
    this.used = samples.length;
    return { sides: [this.side(0), this.side(1)], log10Likelihood: this.log10, samples: this.used };
  }

  private reset(): void {
    this.used = 0;
    this.totals = [[1], [1]];
    this.dealt = [0, 0];
    this.expected = [0, 0];
    this.attacks = [0, 0];
    this.log10 = 0;
  }

  private add(s: LuckSample): void {
    this.totals[s.side] = convolve(this.totals[s.side], s.law);
    this.dealt[s.side] += s.dealt;
    this.expected[s.side] += s.law.reduce((m, p, v) => m + p * v, 0);
    this.attacks[s.side]++;
    this.log10 += s.odds > 0 ? Math.log10(s.odds) : 0;
  }

  private side(side: 0 | 1): SideLuck {
    const t = this.totals[side];
    const dealt = this.dealt[side];
    let below = 0;
    for (let v = 0; v < Math.min(dealt, t.length); v++) below += t[v] as number;
    const at = t[dealt] ?? 0;
    return { attacks: this.attacks[side], dealt, expected: this.expected[side], percentile: Math.min(1, Math.max(0, below + at / 2)) };
  }
}
