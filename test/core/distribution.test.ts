import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Distribution, mixture } from '../../src/core/distribution.js';
import { Fraction } from '../../src/core/fraction.js';

const F = (n: number | bigint, d: number | bigint = 1): Fraction => Fraction.of(n, d);

/** value -> probability, with zero-probability values left out. */
type Table = Map<number, Fraction>;

function tableOf(d: Distribution): Table {
  const t: Table = new Map();
  for (let v = d.min; v <= d.max; v++) {
    const p = d.prob(v);
    if (p.num !== 0n) t.set(v, p);
  }
  return t;
}

function addTo(t: Table, v: number, p: Fraction): void {
  t.set(v, (t.get(v) ?? Fraction.ZERO).add(p));
}

function expectTable(actual: Table, expected: Table): void {
  const norm = (t: Table): [number, string][] =>
    [...t.entries()].filter(([, p]) => p.num !== 0n).sort((a, b) => a[0] - b[0]).map(([v, p]) => [v, p.toString()]);
  expect(norm(actual)).toEqual(norm(expected));
}

/** Brute force: every pair of values of two independent distributions. */
function bruteCombine(x: Distribution, y: Distribution, f: (a: number, b: number) => number): Table {
  const t: Table = new Map();
  for (const [a, pa] of tableOf(x)) for (const [b, pb] of tableOf(y)) addTo(t, f(a, b), pa.mul(pb));
  return t;
}

/** A random small distribution: an offset and 1..6 weights (zeros allowed, not all zero). */
const arbDist = fc
  .tuple(fc.integer({ min: -5, max: 10 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 6 }))
  .filter(([, w]) => w.some((x) => x > 0))
  .map(([o, w]) => Distribution.fromWeights(o, w.map(BigInt)));

function sumOfProbs(d: Distribution): Fraction {
  return [...tableOf(d).values()].reduce((a, b) => a.add(b), Fraction.ZERO);
}

describe('Distribution: construction and normalisation', () => {
  it('fromWeights trims zero ends and divides by the gcd of the weights', () => {
    const d = Distribution.fromWeights(10, [0n, 0n, 2n, 0n, 4n, 0n]);
    expect(d.offset).toBe(12);
    expect(d.min).toBe(12);
    expect(d.max).toBe(14);
    expect(d.weights).toEqual([1n, 0n, 2n]);
    expect(d.total).toBe(3n);
    expect(d.prob(12).toString()).toBe('1/3');
    expect(d.prob(13).toString()).toBe('0');
    expect(d.prob(14).toString()).toBe('2/3');
  });

  it('fromWeights rejects all-zero, empty and negative weights', () => {
    expect(() => Distribution.fromWeights(0, [])).toThrow(RangeError);
    expect(() => Distribution.fromWeights(0, [0n, 0n])).toThrow(RangeError);
    expect(() => Distribution.fromWeights(0, [1n, -1n, 2n])).toThrow(RangeError);
  });

  it('fromMap sums and places values', () => {
    const d = Distribution.fromMap(
      new Map([
        [-2, 1n],
        [3, 3n],
      ]),
    );
    expect(d.min).toBe(-2);
    expect(d.max).toBe(3);
    expect(d.prob(-2).toString()).toBe('1/4');
    expect(d.prob(3).toString()).toBe('3/4');
    expect(d.prob(0).toString()).toBe('0');
    expect(() => Distribution.fromMap(new Map())).toThrow(RangeError);
  });

  it('uniform and constant', () => {
    const u = Distribution.uniform(1, 6);
    for (let v = 1; v <= 6; v++) expect(u.prob(v).toString()).toBe('1/6');
    expect(u.prob(0).toString()).toBe('0');
    expect(u.prob(7).toString()).toBe('0');
    expect(Distribution.uniform(4, 4).equals(Distribution.constant(4))).toBe(true);
    expect(() => Distribution.uniform(3, 2)).toThrow(RangeError);
    const c = Distribution.constant(-3);
    expect([c.min, c.max, c.prob(-3).toString()]).toEqual([-3, -3, '1']);
  });

  it('probabilities always sum to exactly 1', () => {
    fc.assert(
      fc.property(arbDist, (d) => {
        expect(sumOfProbs(d).equals(Fraction.ONE)).toBe(true);
      }),
    );
  });

  it('equals is by value: scaled weights give an equal distribution', () => {
    const a = Distribution.fromWeights(0, [1n, 2n, 3n]);
    const b = Distribution.fromWeights(0, [10n, 20n, 30n]);
    const c = Distribution.fromWeights(1, [1n, 2n, 3n]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('entries and toString list only values of positive probability', () => {
    const d = Distribution.fromWeights(0, [1n, 0n, 1n]);
    expect(d.entries().map(([v, p]) => [v, p.toString()])).toEqual([
      [0, '1/2'],
      [2, '1/2'],
    ]);
    expect(d.toString()).toBe('0:1/2 2:1/2');
  });

  it('probabilities are the entries as doubles, to the last bit, for small and huge totals', () => {
    const weights = fc.array(fc.oneof(fc.bigInt({ min: 0n, max: 50n }), fc.bigInt({ min: 0n, max: 2n ** 70n })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 }), weights, (offset, w) => {
        fc.pre(w.some((x) => x > 0n));
        const d = Distribution.fromWeights(offset, w);
        expect(d.probabilities()).toEqual(d.entries().map(([v, p]) => [v, p.toNumber()]));
      }),
    );
    // Weights sharing a factor: reduced by it, the same doubles.
    expect(Distribution.fromWeights(0, [3n, 0n, 6n]).probabilities()).toEqual([
      [0, 1 / 3],
      [2, 2 / 3],
    ]);
  });
});

describe('Distribution: convolution (plus)', () => {
  // The classic 2d6 table: ways out of 36 to roll each sum.
  const TWO_D6: readonly [number, number][] = [
    [2, 1],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 5],
    [7, 6],
    [8, 5],
    [9, 4],
    [10, 3],
    [11, 2],
    [12, 1],
  ];
  const d6 = Distribution.uniform(1, 6);
  const twoD6 = d6.plus(d6);

  it.each(TWO_D6)('2d6: P(%i) = %i/36', (sum, ways) => {
    expect(twoD6.prob(sum).equals(F(ways, 36))).toBe(true);
  });

  it('2d6 has exactly the values 2..12, mean 7', () => {
    expect([twoD6.min, twoD6.max]).toEqual([2, 12]);
    expect(twoD6.mean().toString()).toBe('7');
    expect(twoD6.probAtLeast(10).toString()).toBe('1/6');
    expect(twoD6.probAtLeast(2).toString()).toBe('1');
    expect(twoD6.probAtLeast(-100).toString()).toBe('1');
    expect(twoD6.probAtLeast(13).toString()).toBe('0');
  });

  it('plus equals brute-force enumeration of pairs', () => {
    fc.assert(
      fc.property(arbDist, arbDist, (x, y) => {
        expectTable(tableOf(x.plus(y)), bruteCombine(x, y, (a, b) => a + b));
      }),
    );
  });

  it('mean is additive', () => {
    fc.assert(
      fc.property(arbDist, arbDist, (x, y) => {
        expect(x.plus(y).mean().equals(x.mean().add(y.mean()))).toBe(true);
      }),
    );
  });
});

describe('Distribution: map, combine, minusClamped', () => {
  it('map merges values that collide', () => {
    const d = Distribution.uniform(-2, 2).map((v) => v * v);
    expectTable(
      tableOf(d),
      new Map([
        [0, F(1, 5)],
        [1, F(2, 5)],
        [4, F(2, 5)],
      ]),
    );
  });

  it('combine equals brute force for max', () => {
    fc.assert(
      fc.property(arbDist, arbDist, (x, y) => {
        expectTable(tableOf(x.combine(y, Math.max)), bruteCombine(x, y, Math.max));
      }),
    );
  });

  it('minusClamped equals brute-force max(x - y, 0)', () => {
    fc.assert(
      fc.property(arbDist, arbDist, (x, y) => {
        expectTable(tableOf(x.minusClamped(y)), bruteCombine(x, y, (a, b) => Math.max(a - b, 0)));
      }),
    );
  });

  it('minusClamped worked example: 1d6 minus armour 0..2', () => {
    // Damage 1..6 against armour uniform 0..2: 18 equally likely pairs.
    const d = Distribution.uniform(1, 6).minusClamped(Distribution.uniform(0, 2));
    // 0: (1,1) (1,2) (2,2) = 3;  1: (1,0) (2,1) (3,2) = 3;  2..4: 3 each;  5: (5,0) (6,1) = 2;  6: (6,0) = 1
    const ways: [number, number][] = [
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 3],
      [5, 2],
      [6, 1],
    ];
    for (const [v, w] of ways) expect(d.prob(v).equals(F(w, 18))).toBe(true);
  });
});

describe('Distribution: then and mixture', () => {
  it('then: roll 1d3, then roll 1d(first) (brute force)', () => {
    const d = Distribution.uniform(1, 3).then((n) => Distribution.uniform(1, n));
    // P(1) = 1/3 (1 + 1/2 + 1/3) = 11/18; P(2) = 1/3 (1/2 + 1/3) = 5/18; P(3) = 1/9.
    expectTable(
      tableOf(d),
      new Map([
        [1, F(11, 18)],
        [2, F(5, 18)],
        [3, F(1, 9)],
      ]),
    );
  });

  it('then equals brute force on random distributions', () => {
    fc.assert(
      fc.property(arbDist, arbDist, arbDist, (x, a, b) => {
        const next = (v: number): Distribution => (v % 2 === 0 ? a : b.map((w) => w + v));
        const expected: Table = new Map();
        for (const [v, pv] of tableOf(x)) for (const [w, pw] of tableOf(next(v))) addTo(expected, w, pv.mul(pw));
        expectTable(tableOf(x.then(next)), expected);
      }),
    );
  });

  it('mixture weights the parts', () => {
    const d = mixture([
      { weight: F(1, 4), dist: Distribution.constant(0) },
      { weight: F(3, 4), dist: Distribution.uniform(1, 3) },
    ]);
    expectTable(
      tableOf(d),
      new Map([
        [0, F(1, 4)],
        [1, F(1, 4)],
        [2, F(1, 4)],
        [3, F(1, 4)],
      ]),
    );
  });

  it('mixture ignores parts of zero weight', () => {
    const d = mixture([
      { weight: F(0), dist: Distribution.constant(100) },
      { weight: F(1), dist: Distribution.constant(5) },
    ]);
    expect(d.equals(Distribution.constant(5))).toBe(true);
  });

  it.each([
    [[F(1, 2), F(1, 3)], '5/6'],
    [[F(2, 3), F(2, 3)], '4/3'],
    [[F(1)], null],
  ])('mixture weights must sum to 1 (%#)', (weights, bad) => {
    const parts = weights.map((w, i) => ({ weight: w, dist: Distribution.constant(i) }));
    if (bad === null) expect(() => mixture(parts)).not.toThrow();
    else expect(() => mixture(parts)).toThrow(new RegExp(`sum to ${bad}`));
  });

  it('a mixture refuses a negative weight even when the weights sum to 1 and the result looks valid', () => {
    // 3/2 x uniform(0,1) - 1/2 x constant(0) "= 0:1/4 1:3/4" is not a mixture of probabilities.
    expect(() =>
      mixture([
        { weight: F(3, 2), dist: Distribution.uniform(0, 1) },
        { weight: F(-1, 2), dist: Distribution.constant(0) },
      ]),
    ).toThrow(RangeError);
  });

  it('a mixture with no part of positive weight throws', () => {
    expect(() => mixture([])).toThrow(RangeError);
    expect(() => mixture([{ weight: F(0), dist: Distribution.constant(1) }])).toThrow(RangeError);
  });
});
