/**
 * The hit test. Seed 002, "Test for successful attack": real numbers uniform on [0, accuracy) and
 * [0, dodge); a hit when the attacker's is >= the defender's; magic doubles the accuracy roll.
 * The research note ("Hit test") gives the closed form: 1 if d = 0, 0 if a = 0 < d,
 * 1 - d/(2a) if a >= d, a/(2d) otherwise.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction } from '../../../src/core/fraction.js';
import { type Ratio, ratio } from '../../../src/core/ratio.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import { ROLL_STEPS, hitChance, hitTest } from '../../../src/rules/pixeldungeon/to-hit.js';
import { F, exactLaw, expectFrac, recorder, silent } from './helpers.js';

/** The research note's closed form, written independently of the implementation. */
function closedForm(acc: Fraction, dodge: Fraction, magic: boolean): Fraction {
  const a = magic ? acc.mul(F(2)) : acc;
  if (dodge.num === 0n) return Fraction.ONE;
  if (a.num === 0n) return Fraction.ZERO;
  if (a.compare(dodge) >= 0) return Fraction.ONE.sub(dodge.div(a.mul(F(2))));
  return a.div(dodge.mul(F(2)));
}

const toF = (x: Ratio): Fraction => F(x.num, x.den);

/** The exact chance that hitTest succeeds, by enumerating every draw. */
const enumerated = (acc: Ratio, dodge: Ratio, magic: boolean, steps?: number): Fraction =>
  exactLaw((t) => hitTest(t, acc, dodge, magic, steps), (hit) => String(hit)).get('true') ?? Fraction.ZERO;

describe('closed form (research note, "Hit test")', () => {
  // One row per worked number: the seed's example and the research's corrections.
  const rows = [
    { what: 'seed: 16.8 vs dodge 4 (spoiler, no strength penalty)', acc: ratio(84, 5), dodge: ratio(4), magic: false, p: F(37, 42) },
    { what: 'research: 4 vs 4 (source, with the penalty)', acc: ratio(4), dodge: ratio(4), magic: false, p: F(1, 2) },
    { what: 'spoiler with the penalty: 224/45 ≈ 4.98 vs 4', acc: ratio(224, 45), dodge: ratio(4), magic: false, p: F(67, 112) },
    { what: 'source without penalty: 16 vs 4', acc: ratio(16), dodge: ratio(4), magic: false, p: F(7, 8) },
    { what: 'magic doubles: 14 vs 4 becomes 28 vs 4', acc: ratio(14), dodge: ratio(4), magic: true, p: F(13, 14) },
    { what: 'a < d: 3 vs 12', acc: ratio(3), dodge: ratio(12), magic: false, p: F(1, 8) },
    { what: 'dodge 0: certain', acc: ratio(0), dodge: ratio(0), magic: false, p: F(1) },
    { what: 'accuracy 0 vs dodge 5: never', acc: ratio(0), dodge: ratio(5), magic: true, p: F(0) },
  ];
  it.each(rows)('$what: P(hit) = $p', ({ acc, dodge, magic, p }) => {
    expectFrac(hitChance(acc, dodge, magic), p);
    expectFrac(closedForm(toF(acc), toF(dodge), magic), p);
  });

  it('37/42 is 1 - 4/(2 x 16.8) and about 0.881 (research, discrepancy 2)', () => {
    expect((1 - 4 / (2 * 16.8)).toFixed(3)).toBe('0.881');
    expect(F(37, 42).toNumber().toFixed(3)).toBe('0.881');
  });

  it('property: hitChance equals the closed form for rationals', () => {
    const rat = fc.record({ num: fc.integer({ min: 0, max: 400 }), den: fc.integer({ min: 1, max: 60 }) });
    fc.assert(
      fc.property(rat, rat, fc.boolean(), (a, d, magic) => {
        const acc = ratio(a.num, a.den);
        const dodge = ratio(d.num, d.den);
        return hitChance(acc, dodge, magic).equals(closedForm(toF(acc), toF(dodge), magic));
      }),
    );
  });

  it('property: P(hit) is in [0,1], rises with accuracy, falls with dodge, and P(a vs d) + P(d vs a) = 1', () => {
    const pos = fc.integer({ min: 1, max: 300 });
    fc.assert(
      fc.property(pos, pos, pos, fc.boolean(), (a, d, k, magic) => {
        const p = hitChance(ratio(a), ratio(d), magic);
        expect(p.compare(Fraction.ZERO)).toBeGreaterThanOrEqual(0);
        expect(p.compare(Fraction.ONE)).toBeLessThanOrEqual(0);
        expect(hitChance(ratio(a + k), ratio(d), magic).compare(p)).toBeGreaterThanOrEqual(0);
        expect(hitChance(ratio(a), ratio(d + k), magic).compare(p)).toBeLessThanOrEqual(0);
        // Two continuous rolls: exactly one of X >= Y, Y > X, ties having probability 0.
        expectFrac(hitChance(ratio(a), ratio(d), false).add(hitChance(ratio(d), ratio(a), false)), Fraction.ONE);
        // Doubling the roll is doubling the accuracy (research, discrepancy 5).
        expectFrac(hitChance(ratio(a), ratio(d), true), hitChance(ratio(2 * a), ratio(d), false));
      }),
    );
  });
});

describe('hitTest: enumeration of every roll equals hitChance', () => {
  const small: Ratio[] = [ratio(0), ratio(1), ratio(2), ratio(3), ratio(5), ratio(1, 2), ratio(3, 2), ratio(2, 3), ratio(7, 4), ratio(5, 3), ratio(9, 2)];

  it('at steps = 1, for every pair of small rationals (including 0), with and without magic', () => {
    for (const acc of small) {
      for (const dodge of small) {
        for (const magic of [false, true]) {
          const e = enumerated(acc, dodge, magic, 1);
          expectFrac(e, hitChance(acc, dodge, magic));
          expectFrac(e, closedForm(toF(acc), toF(dodge), magic));
        }
      }
    }
  });

  it('at steps = 2 and 3 for a sample of pairs', () => {
    const pairs: [Ratio, Ratio][] = [
      [ratio(3), ratio(2)],
      [ratio(2, 3), ratio(5, 2)],
      [ratio(4), ratio(4)],
      [ratio(1, 3), ratio(1, 2)],
    ];
    for (const steps of [2, 3]) {
      for (const [acc, dodge] of pairs) {
        for (const magic of [false, true]) expectFrac(enumerated(acc, dodge, magic, steps), closedForm(toF(acc), toF(dodge), magic));
      }
    }
  });

  it('property: integer and fractional skills up to 8 (denominators 1-3) at steps = 1', () => {
    const rat = fc.record({ num: fc.integer({ min: 0, max: 8 }), den: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(rat, rat, fc.boolean(), (a, d, magic) => {
        const acc = ratio(a.num, a.den);
        const dodge = ratio(d.num, d.den);
        return enumerated(acc, dodge, magic, 1).equals(closedForm(toF(acc), toF(dodge), magic));
      }),
      { numRuns: 60 },
    );
  });

  it(`at the default resolution (${ROLL_STEPS} steps per point) for small cases`, () => {
    const cases: [Ratio, Ratio, boolean, Fraction][] = [
      [ratio(1), ratio(1), false, F(1, 2)],
      [ratio(2), ratio(1), false, F(3, 4)],
      [ratio(1), ratio(2), false, F(1, 4)],
      [ratio(1, 2), ratio(1), true, F(1, 2)],
      [ratio(1), ratio(1), true, F(3, 4)],
    ];
    for (const [acc, dodge, magic, p] of cases) expectFrac(enumerated(acc, dodge, magic), p);
  });

  it('dodge 0 hits without drawing anything; accuracy 0 against a dodge misses without drawing', () => {
    expect(hitTest(silent(), ratio(0), ratio(0), false)).toBe(true);
    expect(hitTest(silent(), ratio(17), ratio(0), true)).toBe(true);
    expect(hitTest(silent(), ratio(0), ratio(3), false)).toBe(false);
    expect(hitTest(silent(), ratio(0), ratio(3), true)).toBe(false);
  });
});

describe('hitTest: the seed\'s example rolls ("lets say he got 8.6 ... 2.5")', () => {
  it('16.8 vs 4: rolls 8.6 and 2.5 hit; the trace shows both rolls and the >= check on the same scale', () => {
    // Accuracy 84/5 and dodge 4 share denominator 5: the rolls are in 1/500ths.
    const rng = new ScriptedRng([860 * 5, 250 * 5]);
    const t = recorder(rng);
    expect(hitTest(t, ratio(84, 5), ratio(4), false)).toBe(true);
    expect(rng.ranges).toEqual([84 * 100, 4 * 500]);
    const check = t.steps.find((s) => s.kind === 'check');
    expect(check).toMatchObject({ kind: 'check', lhs: 4300, op: '>=', rhs: 1250, pass: true, scale: 500 });
    if (check?.kind === 'check') {
      expect(check.lhs / check.scale).toBe(8.6);
      expect(check.rhs / check.scale).toBe(2.5);
    }
  });
  it('reversed rolls (2.5 vs 8.6 against dodge 16.8) miss', () => {
    const t = recorder(new ScriptedRng([250 * 5, 860 * 5]));
    expect(hitTest(t, ratio(4), ratio(84, 5), false)).toBe(false);
  });
  it('rolls in the same step are a tie of real numbers, settled by a fair coin', () => {
    expect(hitTest(silent(new ScriptedRng([37, 37, 1])), ratio(1), ratio(1), false)).toBe(true);
    expect(hitTest(silent(new ScriptedRng([37, 37, 0])), ratio(1), ratio(1), false)).toBe(false);
  });
  it('magic: the accuracy roll ranges over twice the accuracy', () => {
    const rng = new ScriptedRng([0, 0, 1]);
    hitTest(silent(rng), ratio(3), ratio(2), true);
    expect(rng.ranges.slice(0, 2)).toEqual([600, 200]);
  });
});
