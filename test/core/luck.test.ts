import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../src/core/distribution.js';
import { LuckMeter, type LuckSample, lawAsNumbers } from '../../src/core/luck.js';

/** Every way the attacks could have gone: the exact mid-rank of `dealt` among all totals. */
function enumerate(laws: readonly (readonly number[])[], dealt: number): number {
  let below = 0;
  let at = 0;
  const walk = (i: number, total: number, p: number): void => {
    if (i === laws.length) {
      if (total < dealt) below += p;
      else if (total === dealt) at += p;
      return;
    }
    (laws[i] as number[]).forEach((q, v) => {
      if (q > 0) walk(i + 1, total + v, p * q);
    });
  };
  walk(0, 0, 1);
  return below + at / 2;
}

const law = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 5 }).filter((w) => w.some((x) => x > 0)).map((w) => {
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / sum);
});

describe('the luck meter', () => {
  it('turns a damage law into probabilities by damage, misses and negative results at 0', () => {
    const d = Distribution.fromMap(new Map([[-1, 1n], [0, 1n], [3, 2n]]));
    expect(lawAsNumbers(d)).toEqual([0.5, 0, 0, 0.5]);
  });

  it('places each side\'s total damage exactly where enumerating every outcome does', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(law, fc.boolean(), fc.nat(4)), { minLength: 1, maxLength: 5 }), (rows) => {
        const samples: LuckSample[] = rows.map(([l, hero, pick], i) => {
          const support = l.flatMap((p, v) => (p > 0 ? [v] : []));
          const dealt = support[pick % support.length] as number;
          return { turn: i + 1, side: hero ? 0 : 1, law: l, dealt, odds: l[dealt] as number };
        });
        const r = new LuckMeter().report(samples);
        for (const side of [0, 1] as const) {
          const mine = samples.filter((s) => s.side === side);
          const dealt = mine.reduce((n, s) => n + s.dealt, 0);
          expect(r.sides[side].attacks).toBe(mine.length);
          expect(r.sides[side].dealt).toBe(dealt);
          expect(r.sides[side].percentile).toBeCloseTo(enumerate(mine.map((s) => s.law), dealt), 9);
          expect(r.sides[side].expected).toBeCloseTo(mine.reduce((m, s) => m + s.law.reduce((a, p, v) => a + p * v, 0), 0), 9);
        }
        expect(r.log10Likelihood).toBeCloseTo(samples.reduce((a, s) => a + Math.log10(s.odds), 0), 9);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('extends its totals as samples arrive, and starts over when the duel goes back or a new one begins', () => {
    const coin = [0.5, 0.5];
    const samples: LuckSample[] = [{ turn: 1, side: 0, law: coin, dealt: 1, odds: 0.5 }];
    const m = new LuckMeter();
    expect(m.report(samples).sides[0].percentile).toBeCloseTo(0.75, 12);
    samples.push({ turn: 2, side: 0, law: coin, dealt: 1, odds: 0.5 });
    // Two coins, two heads: P(total < 2) = 3/4, P(= 2) = 1/4.
    expect(m.report(samples).sides[0].percentile).toBeCloseTo(0.875, 12);
    samples.length = 1;
    samples.push({ turn: 2, side: 0, law: coin, dealt: 0, odds: 0.5 });
    expect(m.report(samples.slice(0, 1)).sides[0].percentile).toBeCloseTo(0.75, 12);
    expect(m.report([{ turn: 1, side: 0, law: coin, dealt: 0, odds: 0.5 }]).sides[0].percentile).toBeCloseTo(0.25, 12);
    expect(m.report([]).sides[0].attacks).toBe(0);
  });
});
