/**
 * Exact rational numbers for odds. BigInt keeps products of many dice exact; odds are computed
 * for display and tests, never in the hot loop of a simulation.
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
    // Scale before dividing so huge numerators and denominators keep their precision.
    const scale = 10n ** 18n;
    return Number((this.num * scale) / this.den) / 1e18;
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

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}
