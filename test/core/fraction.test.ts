import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction, gcd } from '../../src/core/fraction.js';
import { formatRatio, gcdInt, lcmInt, ratio, ratioDiv, ratioMul, ratioOfDecimal, ratioValue } from '../../src/core/ratio.js';

const F = (n: number | bigint, d: number | bigint = 1): Fraction => Fraction.of(n, d);

function expectFraction(f: Fraction, num: bigint, den: bigint): void {
  expect([f.num, f.den]).toEqual([num, den]);
}

const smallFraction = fc
  .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 }))
  .map(([n, d]) => Fraction.of(n, d));
const nonZeroFraction = smallFraction.filter((f) => f.num !== 0n);

describe('Fraction: normalisation', () => {
  it.each([
    [6, 4, 3n, 2n],
    [-6, 4, -3n, 2n],
    [6, -4, -3n, 2n],
    [-6, -4, 3n, 2n],
    [0, 5, 0n, 1n],
    [0, -5, 0n, 1n],
    [7, 1, 7n, 1n],
    [3, -1, -3n, 1n],
    [-3, -1, 3n, 1n],
    [37, 42, 37n, 42n],
    [100, 25, 4n, 1n],
  ])('of(%d, %d) = %d/%d', (n, d, num, den) => {
    expectFraction(F(n, d), num, den);
  });

  it('keeps huge values exact', () => {
    const big = 2n ** 100n;
    expectFraction(F(big * 3n, big * 6n), 1n, 2n);
    expectFraction(F(big + 1n, 1n), big + 1n, 1n);
  });

  it('throws on a zero denominator', () => {
    expect(() => F(1, 0)).toThrow(RangeError);
    expect(() => F(1).div(F(0))).toThrow(RangeError);
  });

  it('is always reduced with a positive denominator', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (n, d) => {
        fc.pre(d !== 0n);
        const f = Fraction.of(n, d);
        expect(f.den > 0n).toBe(true);
        const g = gcd(f.num < 0n ? -f.num : f.num, f.den);
        expect(g).toBe(1n);
        // Same value: n/d = num/den.
        expect(n * f.den).toBe(f.num * d);
      }),
    );
  });

  it('gcd is the greatest common divisor of the absolute values, across the switch to plain numbers', () => {
    // Euclid on BigInt all the way, as the reference.
    const reference = (a: bigint, b: bigint): bigint => {
      a = a < 0n ? -a : a;
      b = b < 0n ? -b : b;
      while (b !== 0n) [a, b] = [b, a % b];
      return a;
    };
    const limit = 2n ** 53n;
    // Around 2^53 (where the plain-number steps take over), far above it, and with shared factors.
    const near = fc.bigInt({ min: limit - 1000n, max: limit + 1000n });
    const any = fc.oneof(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), near, fc.bigInt({ min: 0n, max: 100n }));
    fc.assert(
      fc.property(any, any, fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, b, k) => {
        for (const [x, y] of [[a, b], [a * k, b * k]] as const) {
          const g = gcd(x, y);
          expect(g).toBe(reference(x, y));
          if (g !== 0n) expect([x % g, y % g]).toEqual([0n, 0n]);
        }
      }),
    );
    expect(gcd(0n, 0n)).toBe(0n);
    expect(gcd(2n ** 53n + 1n, 2n ** 53n - 1n)).toBe(1n);
    expect(gcd(-(3n * 2n ** 60n), 9n * 2n ** 40n)).toBe(3n * 2n ** 40n);
  });

  it('ZERO and ONE', () => {
    expectFraction(Fraction.ZERO, 0n, 1n);
    expectFraction(Fraction.ONE, 1n, 1n);
  });
});

describe('Fraction: arithmetic', () => {
  it.each([
    ['1/2 + 1/3', F(1, 2).add(F(1, 3)), 5n, 6n],
    ['1/2 - 1/3', F(1, 2).sub(F(1, 3)), 1n, 6n],
    ['1/3 - 1/2', F(1, 3).sub(F(1, 2)), -1n, 6n],
    ['2/3 * 3/4', F(2, 3).mul(F(3, 4)), 1n, 2n],
    ['2/3 / 4/9', F(2, 3).div(F(4, 9)), 3n, 2n],
    ['1/2 / -1/4', F(1, 2).div(F(-1, 4)), -2n, 1n],
    ['complement 37/42', F(37, 42).complement(), 5n, 42n],
    ['1/6 + 1/6 + 1/6', F(1, 6).add(F(1, 6)).add(F(1, 6)), 1n, 2n],
  ])('%s', (_label, f, num, den) => {
    expectFraction(f, num, den);
  });

  it('field laws hold on random fractions', () => {
    fc.assert(
      fc.property(smallFraction, smallFraction, nonZeroFraction, (a, b, c) => {
        expect(a.add(b).sub(b).equals(a)).toBe(true);
        expect(a.mul(c).div(c).equals(a)).toBe(true);
        expect(a.add(b).equals(b.add(a))).toBe(true);
        expect(a.mul(b.add(c)).equals(a.mul(b).add(a.mul(c)))).toBe(true);
        expect(a.complement().complement().equals(a)).toBe(true);
      }),
    );
  });

  it('compare agrees with the real values and is antisymmetric', () => {
    fc.assert(
      fc.property(smallFraction, smallFraction, (a, b) => {
        const real = Number(a.num) / Number(a.den) - Number(b.num) / Number(b.den);
        const c = a.compare(b);
        expect(c).toBe(a.equals(b) ? 0 : Math.sign(real));
        // -c, but never -0: toBe tells 0 from -0, and equal fractions compare 0 both ways.
        expect(b.compare(a)).toBe(c === 0 ? 0 : -c);
      }),
    );
  });

  it('equals compares values, not construction', () => {
    expect(F(2, 4).equals(F(1, 2))).toBe(true);
    expect(F(1, 2).equals(F(1, 3))).toBe(false);
    expect(F(-1, 2).equals(F(1, -2))).toBe(true);
  });
});

describe('Fraction: display', () => {
  it.each([
    [F(37, 42), '37/42'],
    [F(4, 2), '2'],
    [F(-1, 3), '-1/3'],
    [F(0), '0'],
  ])('toString %#', (f, text) => {
    expect(f.toString()).toBe(text);
  });

  it.each([
    [F(37, 42), 1, '88.1%'],
    [F(37, 42), 2, '88.10%'],
    [F(1, 2), 0, '50%'],
    [F(1), 1, '100.0%'],
    [F(1, 3), 3, '33.333%'],
  ])('percent %#', (f, decimals, text) => {
    expect(f.percent(decimals)).toBe(text);
  });

  it('toNumber keeps precision for huge numerators and denominators', () => {
    const big = 10n ** 400n; // far beyond the double range
    expect(Fraction.of(big, big * 3n + 1n).toNumber()).toBeCloseTo(1 / 3, 15);
    expect(F(1, 3).toNumber()).toBeCloseTo(1 / 3, 15);
    expect(F(-7, 2).toNumber()).toBe(-3.5);
  });

  it('toNumber keeps relative precision for tiny probabilities (70 coin flips in a row)', () => {
    const p = Fraction.of(1n, 2n ** 70n);
    expect(p.toNumber()).toBe(2 ** -70); // a power of two is exact in a double
    expect(Fraction.of(1n, 10n ** 20n).toNumber()).toBeCloseTo(1e-20, 30);
    expect(Fraction.of(1n, 10n ** 20n).toNumber()).toBeGreaterThan(0);
  });
});

describe('ratio (small exact rationals)', () => {
  it.each([
    [6, 4, 3, 2],
    [6, -4, -3, 2],
    [84, 5, 84, 5],
    [10, 5, 2, 1],
    [5, 1, 5, 1],
  ])('ratio(%d, %d) = %d/%d', (n, d, num, den) => {
    expect(ratio(n, d)).toEqual({ num, den });
  });

  it.each([
    [1, 0],
    [0.5, 1],
    [1, 0.5],
    [2 ** 53, 1],
    [NaN, 1],
  ])('ratio(%d, %d) throws', (n, d) => {
    expect(() => ratio(n, d)).toThrow(RangeError);
  });

  it('mul and div', () => {
    // 14 x 6/5 / (3/2)^3 = 16.8 / 3.375 = 224/45
    const acc = ratioDiv(ratioMul(ratio(14), ratio(6, 5)), ratio(27, 8));
    expect(acc).toEqual({ num: 224, den: 45 });
    expect(ratioValue(acc)).toBeCloseTo(4.977777, 5);
  });

  it.each([
    [1.2, 6, 5],
    [0.5, 1, 2],
    [3, 3, 1],
    [0.125, 1, 8],
    [1.4, 7, 5],
    [0.000001, 1, 1_000_000],
    [-0.25, -1, 4],
  ])('ratioOfDecimal(%d) = %d/%d', (x, num, den) => {
    expect(ratioOfDecimal(x)).toEqual({ num, den });
  });

  it('ratioOfDecimal rejects more than six decimals', () => {
    expect(() => ratioOfDecimal(1 / 3)).toThrow(RangeError);
    expect(() => ratioOfDecimal(0.0000001)).toThrow(RangeError);
  });

  it.each([
    [ratio(84, 5), '16.8'],
    [ratio(16), '16'],
    [ratio(224, 45), '4.98 (224/45)'],
    [ratio(1, 4), '0.25'],
    [ratio(1, 3), '0.33 (1/3)'],
  ])('formatRatio %#', (r, text) => {
    expect(formatRatio(r)).toBe(text);
  });

  it('gcdInt and lcmInt', () => {
    expect(gcdInt(12, 18)).toBe(6);
    expect(gcdInt(-12, 18)).toBe(6);
    expect(gcdInt(0, 7)).toBe(7);
    expect(lcmInt(4, 6)).toBe(12);
    expect(lcmInt(7, 5)).toBe(35);
  });
});
