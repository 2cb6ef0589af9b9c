import { Fraction, MAX_SAFE_BIGINT, gcd } from './fraction.js';

/**
 * The most values an exact law may span, from its least to its greatest. The laws the game data
 * gives span a few thousand at most (the Drolem's 25d100 hit dice: 2476); a law past this limit
 * is refused with {@link DistributionTooLarge} before its array is made, instead of exhausting
 * memory.
 */
export const MAX_LAW_VALUES = 250_000;

/**
 * The most products of weights one operation on laws (a sum of two, a combination) may work out.
 * The game data needs a few hundred thousand at most (an Angband round of blows: 344,035); past
 * this limit the operation is refused with {@link DistributionTooLarge} instead of running for
 * minutes. At about 70 ns a product of BigInts, the limit is a second or two.
 */
export const MAX_LAW_WORK = 25_000_000;

/**
 * An exact law that would grow past {@link MAX_LAW_VALUES} values or take more than
 * {@link MAX_LAW_WORK} steps: the message says what was being built, how large it would be and
 * the limit.
 */
export class DistributionTooLarge extends RangeError {
  constructor(
    /** What was being built ("the sum of two laws", "uniform 1..1000000"). */
    readonly what: string,
    readonly size: number,
    readonly limit: number,
    readonly measure: 'values' | 'steps',
  ) {
    super(
      measure === 'values'
        ? `exact odds too large: ${what} would span ${size} values, more than the limit of ${limit}`
        : `exact odds too large: ${what} would take ${size} steps to work out, more than the limit of ${limit}`,
    );
    this.name = 'DistributionTooLarge';
  }
}

/** Refuses a law of `values` values (a count that is not a safe whole number is refused too). */
export function checkLawValues(what: string, values: number): void {
  if (!(values <= MAX_LAW_VALUES)) throw new DistributionTooLarge(what, values, MAX_LAW_VALUES, 'values');
}

/** Refuses an operation on laws of `steps` steps. */
export function checkLawWork(what: string, steps: number): void {
  if (!(steps <= MAX_LAW_WORK)) throw new DistributionTooLarge(what, steps, MAX_LAW_WORK, 'steps');
}

/** Indices of the positive weights. */
function positives(weights: readonly bigint[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < weights.length; i++) if (weights[i] !== 0n) out.push(i);
  return out;
}

/**
 * An exact probability distribution over consecutive integers: value `offset + i` has weight
 * `weights[i]`, and the weights sum to `total`. Everything is BigInt so convolutions of many
 * dice stay exact.
 */
export class Distribution {
  private constructor(
    readonly offset: number,
    readonly weights: readonly bigint[],
    readonly total: bigint,
  ) {}

  /** Builds a distribution from weights (not necessarily normalised), trimming zero ends. */
  static fromWeights(offset: number, weights: readonly bigint[]): Distribution {
    checkLawValues('a law from weights', weights.length);
    let lo = 0;
    let hi = weights.length - 1;
    while (lo <= hi && weights[lo] === 0n) lo++;
    while (hi >= lo && weights[hi] === 0n) hi--;
    if (lo > hi) throw new RangeError('a distribution needs at least one value of positive weight');
    const w = weights.slice(lo, hi + 1);
    let g = 0n;
    let total = 0n;
    for (const x of w) {
      if (x < 0n) throw new RangeError('negative weight in a distribution');
      // Once the common divisor is 1 it stays 1.
      if (g !== 1n) g = gcd(g, x);
      total += x;
    }
    const reduced = g > 1n ? w.map((x) => x / g) : w;
    return new Distribution(offset + lo, Object.freeze(reduced), g > 1n ? total / g : total);
  }

  /** Builds from a map of value to weight. */
  static fromMap(entries: ReadonlyMap<number, bigint>): Distribution {
    const keys = [...entries.keys()];
    if (keys.length === 0) throw new RangeError('empty distribution');
    let lo = Infinity;
    let hi = -Infinity;
    for (const k of keys) {
      if (!Number.isSafeInteger(k)) throw new RangeError(`a law's value must be a whole number (got ${k})`);
      if (k < lo) lo = k;
      if (k > hi) hi = k;
    }
    checkLawValues(`a law over ${lo}..${hi}`, hi - lo + 1);
    const w: bigint[] = new Array<bigint>(hi - lo + 1).fill(0n);
    for (const [k, v] of entries) w[k - lo] = (w[k - lo] ?? 0n) + v;
    return Distribution.fromWeights(lo, w);
  }

  static constant(value: number): Distribution {
    return new Distribution(value, [1n], 1n);
  }

  /** Uniform over lo..hi inclusive. */
  static uniform(lo: number, hi: number): Distribution {
    if (hi < lo) throw new RangeError(`uniform range ${lo}..${hi} is empty`);
    checkLawValues(`the uniform law ${lo}..${hi}`, hi - lo + 1);
    return new Distribution(lo, new Array<bigint>(hi - lo + 1).fill(1n), BigInt(hi - lo + 1));
  }

  get min(): number {
    return this.offset;
  }
  get max(): number {
    return this.offset + this.weights.length - 1;
  }

  prob(value: number): Fraction {
    const w = this.weights[value - this.offset];
    return w === undefined ? Fraction.ZERO : Fraction.of(w, this.total);
  }

  /** P(X >= value). */
  probAtLeast(value: number): Fraction {
    let s = 0n;
    for (let i = Math.max(0, value - this.offset); i < this.weights.length; i++) s += this.weights[i] ?? 0n;
    return Fraction.of(s, this.total);
  }

  mean(): Fraction {
    let s = 0n;
    for (let i = 0; i < this.weights.length; i++) s += BigInt(this.offset + i) * (this.weights[i] ?? 0n);
    return Fraction.of(s, this.total);
  }

  /** Pairs of [value, probability] for values of positive probability. */
  entries(): [number, Fraction][] {
    const out: [number, Fraction][] = [];
    this.weights.forEach((w, i) => {
      if (w > 0n) out.push([this.offset + i, Fraction.of(w, this.total)]);
    });
    return out;
  }

  /**
   * Pairs of [value, probability as a double] for values of positive probability: what
   * `entries()` gives after `toNumber()`, to the last bit, without reducing a fraction for each.
   */
  probabilities(): [number, number][] {
    const out: [number, number][] = [];
    // Whole numbers a double holds exactly divide to the correctly rounded quotient, reduced or not.
    const exact = this.total <= MAX_SAFE_BIGINT;
    const total = Number(this.total);
    this.weights.forEach((w, i) => {
      if (w > 0n) out.push([this.offset + i, exact ? Number(w) / total : Fraction.of(w, this.total).toNumber()]);
    });
    return out;
  }

  /** The distribution of X + Y for independent X, Y (convolution). */
  plus(other: Distribution): Distribution {
    const what = `the sum of a law over ${this.min}..${this.max} and one over ${other.min}..${other.max}`;
    checkLawValues(what, this.weights.length + other.weights.length - 1);
    // Only positive weights are multiplied: laws scaled by a slay or a critical are sparse.
    const xs = positives(this.weights);
    const ys = positives(other.weights);
    checkLawWork(what, xs.length * ys.length);
    const out = new Array<bigint>(this.weights.length + other.weights.length - 1).fill(0n);
    const bs = ys.map((j) => other.weights[j] as bigint);
    for (const i of xs) {
      const a = this.weights[i] as bigint;
      for (let k = 0; k < ys.length; k++) {
        const at = i + (ys[k] as number);
        out[at] = (out[at] as bigint) + a * (bs[k] as bigint);
      }
    }
    return Distribution.fromWeights(this.offset + other.offset, out);
  }

  /** The distribution of f(X). */
  map(f: (value: number) => number): Distribution {
    const m = new Map<number, bigint>();
    this.weights.forEach((w, i) => {
      if (w === 0n) return;
      const v = f(this.offset + i);
      m.set(v, (m.get(v) ?? 0n) + w);
    });
    return Distribution.fromMap(m);
  }

  /** The distribution of f(X, Y) for independent X, Y. */
  combine(other: Distribution, f: (x: number, y: number) => number): Distribution {
    checkLawWork(`a combination of a law over ${this.min}..${this.max} and one over ${other.min}..${other.max}`, positives(this.weights).length * positives(other.weights).length);
    const m = new Map<number, bigint>();
    this.weights.forEach((a, i) => {
      if (a === 0n) return;
      other.weights.forEach((b, j) => {
        if (b === 0n) return;
        const v = f(this.offset + i, other.offset + j);
        m.set(v, (m.get(v) ?? 0n) + a * b);
      });
    });
    return Distribution.fromMap(m);
  }

  /** max(X - Y, 0): damage after a random reduction. */
  minusClamped(other: Distribution): Distribution {
    return this.combine(other, (x, y) => Math.max(x - y, 0));
  }

  /** The distribution of X when each value x is followed by a draw from `next(x)` (a mixture). */
  then(next: (value: number) => Distribution): Distribution {
    const parts: { w: bigint; d: Distribution }[] = [];
    this.weights.forEach((w, i) => {
      if (w !== 0n) parts.push({ w, d: next(this.offset + i) });
    });
    return mixture(parts.map((p) => ({ weight: Fraction.of(p.w, this.total), dist: p.d })));
  }

  equals(other: Distribution): boolean {
    return (
      this.offset === other.offset &&
      this.total === other.total &&
      this.weights.length === other.weights.length &&
      this.weights.every((w, i) => w === other.weights[i])
    );
  }

  toString(): string {
    return this.entries()
      .map(([v, p]) => `${v}:${p.toString()}`)
      .join(' ');
  }
}

/** A weighted mixture of distributions; the weights must sum to one. */
export function mixture(parts: readonly { weight: Fraction; dist: Distribution }[]): Distribution {
  if (parts.some((p) => p.weight.num < 0n)) throw new RangeError('a mixture weight is negative');
  const live = parts.filter((p) => p.weight.num !== 0n);
  if (live.length === 0) throw new RangeError('a mixture needs a part of positive weight');
  let lcm = 1n;
  for (const p of live) lcm = (lcm * p.dist.total * p.weight.den) / gcd(lcm, p.dist.total * p.weight.den);
  let lo = Infinity;
  let hi = -Infinity;
  let work = 0;
  for (const p of live) {
    lo = Math.min(lo, p.dist.min);
    hi = Math.max(hi, p.dist.max);
    work += p.dist.weights.length;
  }
  checkLawValues(`a mixture of ${live.length} laws over ${lo}..${hi}`, hi - lo + 1);
  checkLawWork(`a mixture of ${live.length} laws`, work);
  const out = new Array<bigint>(hi - lo + 1).fill(0n);
  let sum = Fraction.ZERO;
  for (const p of live) {
    sum = sum.add(p.weight);
    const scale = (lcm / (p.dist.total * p.weight.den)) * p.weight.num;
    p.dist.weights.forEach((w, i) => {
      const k = p.dist.offset + i - lo;
      out[k] = (out[k] ?? 0n) + w * scale;
    });
  }
  if (!sum.equals(Fraction.ONE)) throw new RangeError(`mixture weights sum to ${sum.toString()}, not 1`);
  return Distribution.fromWeights(lo, out);
}
