/**
 * Pixel Dungeon's random helpers (PD-classes Random.java) against the research note
 * (research/pixel-dungeon.md, "Random primitives") and seed 002 ("Calculate damage": the war
 * hammer's "5 to 25 (15 ±4.3)").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction } from '../../../src/core/fraction.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import { f32, intBelow, intRange, normalIntRange, normalIntRangeDist } from '../../../src/rules/pixeldungeon/random.js';
import { F, exactLaw, expectFrac, recorder, silent, centreDraw } from './helpers.js';

/** CDF of U1 + U2 (research note): s^2/2 on [0,1], 1 - (2-s)^2/2 on [1,2]. */
function sumCdf(s: Fraction): Fraction {
  if (s.compare(Fraction.ONE) <= 0) return s.mul(s).div(F(2));
  const r = F(2).sub(s);
  return Fraction.ONE.sub(r.mul(r).div(F(2)));
}

/** P(NormalIntRange(a,b) = a+k) = F(2(k+1)/n) - F(2k/n), straight from the research note. */
function nirByCdf(a: number, b: number, v: number): Fraction {
  const n = b - a + 1;
  const k = v - a;
  if (k < 0 || k >= n) return Fraction.ZERO;
  return sumCdf(F(2 * (k + 1), n)).sub(sumCdf(F(2 * k, n)));
}

const nirLaw = (a: number, b: number) => exactLaw((t) => normalIntRange(t, a, b, 'x'), (v) => v);

describe('NormalIntRange: the research note\'s examples (research/pixel-dungeon.md, "Exact NormalIntRange distribution")', () => {
  // One row per example in the note.
  const rows: { a: number; b: number; probs: Fraction[]; cite: string }[] = [
    { a: 2, b: 5, probs: [F(1, 8), F(3, 8), F(3, 8), F(1, 8)], cite: '(2,5) gives 1/8, 3/8, 3/8, 1/8' },
    { a: 1, b: 3, probs: [F(2, 9), F(5, 9), F(2, 9)], cite: 'a width of 3 gives 2/9, 5/9, 2/9' },
    { a: 10, b: 12, probs: [F(2, 9), F(5, 9), F(2, 9)], cite: 'a width of 3 gives 2/9, 5/9, 2/9 (another offset)' },
    { a: 1, b: 2, probs: [F(1, 2), F(1, 2)], cite: '(1,2) gives 1/2, 1/2' },
  ];
  it.each(rows)('$cite', ({ a, b, probs }) => {
    const dist = normalIntRangeDist(a, b);
    const law = nirLaw(a, b);
    expect(dist.min).toBe(a);
    expect(dist.max).toBe(b);
    probs.forEach((p, k) => {
      expectFrac(dist.prob(a + k), p);
      expectFrac(law.get(a + k) ?? Fraction.ZERO, p);
    });
    expect([...law.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(probs.map((_, k) => a + k));
  });

  it('P(a+k) = 2(2k+1)/n^2 whenever 2(k+1) <= n, for n up to 40', () => {
    for (let n = 1; n <= 40; n++) {
      const a = 3;
      const dist = normalIntRangeDist(a, a + n - 1);
      for (let k = 0; 2 * (k + 1) <= n; k++) expectFrac(dist.prob(a + k), F(2 * (2 * k + 1), n * n));
    }
  });

  it('is symmetric, P(a+k) = P(b-k), and an odd width puts (2n-1)/n^2 in the middle', () => {
    for (let n = 1; n <= 40; n++) {
      const a = -2;
      const b = a + n - 1;
      const dist = normalIntRangeDist(a, b);
      for (let k = 0; k < n; k++) expectFrac(dist.prob(a + k), dist.prob(b - k));
      if (n % 2 === 1) expectFrac(dist.prob(a + (n - 1) / 2), F(2 * n - 1, n * n));
    }
  });

  it('has mean exactly (a+b)/2 for every range up to width 40', () => {
    for (let a = -3; a <= 5; a += 4) for (let n = 1; n <= 40; n++) expectFrac(normalIntRangeDist(a, a + n - 1).mean(), F(2 * a + n - 1, 2));
  });

  it('matches the CDF of U1+U2 value by value (the law derived from the game code)', () => {
    for (const a of [-5, 0, 1, 7]) {
      for (let n = 1; n <= 30; n++) {
        const b = a + n - 1;
        const dist = normalIntRangeDist(a, b);
        for (let v = a - 1; v <= b + 1; v++) expectFrac(dist.prob(v), nirByCdf(a, b, v));
      }
    }
  });

  it('the rolling code reproduces the exact law: enumeration of normalIntRange equals normalIntRangeDist', () => {
    for (const a of [-4, 0, 1, 5]) {
      for (let n = 1; n <= 24; n++) {
        const b = a + n - 1;
        const law = nirLaw(a, b);
        const dist = normalIntRangeDist(a, b);
        expect(law.size).toBe(dist.entries().length);
        for (const [v, p] of dist.entries()) expectFrac(law.get(v) ?? Fraction.ZERO, p);
        // And against the CDF directly, so a shared mistake in both could not hide.
        for (const [v, p] of law) expectFrac(p, nirByCdf(a, b, Number(v)));
      }
    }
  });

  it('a degenerate range (a = b) is a constant and draws nothing', () => {
    expect(normalIntRange(silent(), 7, 7, 'x')).toBe(7);
    expect(normalIntRangeDist(7, 7).entries()).toEqual([[7, Fraction.ONE]]);
  });

  it('a scripted roll lands where a + floor((i+j+coin)/2) puts it, one draw of 0..2n^2-1', () => {
    // i + j = 26 (even): 5 + 13 = 18, the seed's example roll for the war hammer, either coin.
    const rng = new ScriptedRng([centreDraw(21, 13, 13)]);
    expect(normalIntRange(recorder(rng), 5, 25, 'x')).toBe(18);
    expect(rng.ranges).toEqual([2 * 21 * 21]);
    expect(normalIntRange(silent(new ScriptedRng([centreDraw(21, 13, 13, 1)])), 5, 25, 'x')).toBe(18);
    // i + j = 3 (odd): the coin adds 0 or 1.
    expect(normalIntRange(silent(new ScriptedRng([centreDraw(4, 1, 2, 0)])), 2, 5, 'x')).toBe(3);
    expect(normalIntRange(silent(new ScriptedRng([centreDraw(4, 1, 2, 1)])), 2, 5, 'x')).toBe(4);
  });
});

describe('NormalIntRange: seed 002 war hammer "5 to 25 (15 ±4.3)" and the game\'s 5-24', () => {
  const sd = (a: number, b: number): { mean: Fraction; sd: number } => {
    const d = normalIntRangeDist(a, b);
    const mean = d.mean();
    let ex2 = Fraction.ZERO;
    for (const [v, p] of d.entries()) ex2 = ex2.add(p.mul(F(v * v)));
    return { mean, sd: Math.sqrt(ex2.sub(mean.mul(mean)).toNumber()) };
  };
  it('spoiler: NormalIntRange(5,25) has mean 15 and standard deviation 4.3 (seed, "Calculate damage")', () => {
    const s = sd(5, 25);
    expectFrac(s.mean, F(15));
    expect(s.sd.toFixed(1)).toBe('4.3');
  });
  it('source: NormalIntRange(5,24) has mean 14.5 and standard deviation 4.09 (research, discrepancy 4)', () => {
    const s = sd(5, 24);
    expectFrac(s.mean, F(29, 2));
    expect(s.sd.toFixed(2)).toBe('4.09');
  });
  it('the war hammer values 5 and 25 are the rarest, 1/(21^2) x 2 each; 15 is the mode (2x21-1)/21^2', () => {
    const d = normalIntRangeDist(5, 25);
    expectFrac(d.prob(5), F(2, 441));
    expectFrac(d.prob(25), F(2, 441));
    expectFrac(d.prob(15), F(41, 441));
    expectFrac(d.prob(26), Fraction.ZERO);
  });
});

describe('IntRange and Int(a,b) (research note, "Random primitives" table)', () => {
  it('IntRange(a,b) is uniform on a..b inclusive', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 4],
      [1, 6],
      [-2, 3],
      [5, 5],
    ] as const) {
      const law = exactLaw((t) => intRange(t, a, b, 'x'), (v) => v);
      expect(law.size).toBe(b - a + 1);
      for (let v = a; v <= b; v++) expectFrac(law.get(v) ?? Fraction.ZERO, F(1, b - a + 1));
    }
  });

  // Int(a,b) = a + trunc(U(b-a)): a..b-1; Int(1,1) = 1 and Int(1,0) = 1 (the note's table).
  const intRows: { a: number; b: number; support: number[] }[] = [
    { a: 1, b: 1, support: [1] },
    { a: 1, b: 0, support: [1] },
    { a: 2, b: 12, support: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, // the shaman's lightning Int(2,12)
    { a: 12, b: 18, support: [12, 13, 14, 15, 16, 17] }, // the warlock's bolt Int(12,18)
    { a: 7, b: 9, support: [7, 8] }, // the spinner's poison Int(7,9)
    { a: 1, b: 2, support: [1] },
  ];
  it.each(intRows)('Int($a,$b) is uniform on $support', ({ a, b, support }) => {
    const law = exactLaw((t) => intBelow(t, a, b, 'x'), (v) => v);
    expect([...law.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(support);
    for (const v of support) expectFrac(law.get(v) ?? Fraction.ZERO, F(1, support.length));
  });

  it('property: Int(a,b) never reaches b when b > a, and is a when b <= a+1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (a, b, seed) => {
        const v = intBelow(silent({ int: (n) => seed % n }), a, b, 'x');
        if (b <= a + 1) return v === a;
        return v >= a && v <= b - 1;
      }),
    );
  });
});

describe('f32: Java float arithmetic (pd-facts §3.1, "f32 value before trunc")', () => {
  // One row per weapon whose f32 quotient the facts sheet prints.
  const rows = [
    { name: 'dagger', base: 10, acu: 1.2, dly: 1, value: '8.333333' },
    { name: 'mace', base: 16, acu: 1, dly: 0.8, value: '12.800000' },
    { name: 'battle axe', base: 22, acu: 1.2, dly: 1, value: '18.333332' },
    { name: 'war hammer', base: 30, acu: 1.2, dly: 1, value: '24.999998' },
  ];
  it.each(rows)('$name: (tier^2 - tier + 10) / ACU x DLY = $value in float32', ({ base, acu, dly, value }) => {
    expect(f32(f32(base / f32(acu)) * f32(dly)).toFixed(6)).toBe(value);
  });
});
