import { gcdInt } from './ratio.js';

/** The largest whole number a double holds exactly, as a BigInt (above the class: its constants use it). */
export const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Exact rational numbers for odds. BigInt keeps products of many dice exact. Every attack's
 * outcome carries its exact odds, and a simulation with the exact counterparts works out each
 * attack's laws, so this arithmetic is on the duel's path: keep it lean.
 */
export class Fraction {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('fraction with a zero denominator');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    return g > 1n ? new Fraction(n / g, d / g) : new Fraction(n, d);
  }

  static readonly ZERO = Fraction.of(0);
  static readonly ONE = Fraction.of(1);

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den, this.den * o.num);
  }
  complement(): Fraction {
    return Fraction.ONE.sub(this);
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }
  compare(o: Fraction): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  toNumber(): number {
    const a = Number(this.num);
    const b = Number(this.den);
    if (Math.abs(a) <= 2 ** 53 && b <= 2 ** 53) return a / b;
    // Keep 64 significant bits of the quotient, then scale back by a power of two.
    const shift = Math.max(0, 64 - (bitLength(this.num < 0n ? -this.num : this.num) - bitLength(this.den)));
    const q = Number((this.num << BigInt(shift)) / this.den);
    return shift > 1000 ? q / 2 ** 1000 / 2 ** (shift - 1000) : q / 2 ** shift;
  }
  /** "37/42". */
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
  /** "88.10%" with the given number of decimals. */
  percent(decimals = 1): string {
    return `${(this.toNumber() * 100).toFixed(decimals)}%`;
  }
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/**
 * The greatest common divisor of the absolute values, by Euclid's steps. Once both numbers are
 * whole numbers a double holds exactly, the rest runs on plain numbers: the same result, without a
 * BigInt made at each step (the laws' exact arithmetic spends most of its time here).
 */
export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    if (a <= MAX_SAFE_BIGINT && b <= MAX_SAFE_BIGINT) return BigInt(gcdInt(Number(a), Number(b)));
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}
