/**
 * Noticing, bleeding, poison and paralysis: pd-facts §6.2 (notice probability), §9 (buffs) and the
 * research note ("Surprise attacks (as implemented)"). Exact odds against enumeration.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction } from '../../../src/core/fraction.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import { boneShards, boneShardsDist } from '../../../src/rules/pixeldungeon/monster-attacks.js';
import { oneIn } from '../../../src/rules/pixeldungeon/random.js';
import { noticeOdds, noticeRoll } from '../../../src/rules/pixeldungeon/stealth.js';
import { bleedingTick, bleedingTickDist, breaksFree, breaksFreeChance, poisonDamage } from '../../../src/rules/pixeldungeon/upkeep.js';
import { F, exactLaw, expectFrac, recorder, silent } from './helpers.js';

const P = (law: Map<string | number, Fraction>, k: string | number): Fraction => law.get(k) ?? Fraction.ZERO;

describe('noticing (pd-facts §6.2 "Notice probability"; Mob.java SLEEPING / WANDERING)', () => {
  // One row per case: state, distance, stealth, flying enemy, alerted -> chance.
  const rows: { what: string; state: 'sleeping' | 'wandering'; dist: number; stealth: number; flies: boolean; alerted: boolean; p: Fraction }[] = [
    { what: 'sleeping, distance 5: 1/5', state: 'sleeping', dist: 5, stealth: 0, flies: false, alerted: false, p: F(1, 5) },
    { what: 'sleeping, distance 3, Rogue stealth 1: 1/4', state: 'sleeping', dist: 3, stealth: 1, flies: false, alerted: false, p: F(1, 4) },
    { what: 'sleeping, distance 2, flying enemy (+2): 1/4', state: 'sleeping', dist: 2, stealth: 0, flies: true, alerted: false, p: F(1, 4) },
    { what: 'sleeping, distance 1: n = 1, always', state: 'sleeping', dist: 1, stealth: 0, flies: false, alerted: false, p: F(1) },
    { what: 'sleeping, distance 8, stealth 2, flying: 1/12', state: 'sleeping', dist: 8, stealth: 2, flies: true, alerted: false, p: F(1, 12) },
    { what: 'sleeping, negative stealth -3 at distance 2: n <= 1, always', state: 'sleeping', dist: 2, stealth: -3, flies: false, alerted: false, p: F(1) },
    { what: 'wandering, distance 3, stealth 0: 3/2 -> 1, always ("distance <= 3 ... certain")', state: 'wandering', dist: 3, stealth: 0, flies: false, alerted: false, p: F(1) },
    { what: 'wandering, distance 4: 1/2', state: 'wandering', dist: 4, stealth: 0, flies: false, alerted: false, p: F(1, 2) },
    { what: 'wandering, distance 7 (integer division): 1/3', state: 'wandering', dist: 7, stealth: 0, flies: false, alerted: false, p: F(1, 3) },
    { what: 'wandering, distance 8, stealth 1: 1/5', state: 'wandering', dist: 8, stealth: 1, flies: false, alerted: false, p: F(1, 5) },
    { what: 'wandering ignores flying: distance 4, flying: 1/2', state: 'wandering', dist: 4, stealth: 0, flies: true, alerted: false, p: F(1, 2) },
    { what: 'wandering and just hurt (alerted): always', state: 'wandering', dist: 8, stealth: 3, flies: false, alerted: true, p: F(1) },
  ];
  it.each(rows)('$what', ({ state, dist, stealth, flies, alerted, p }) => {
    expectFrac(noticeOdds(state, dist, stealth, flies, alerted).chance, p);
    const law = exactLaw((t) => noticeRoll(t, state, dist, stealth, flies, alerted), (v) => String(v));
    expectFrac(P(law, 'true'), p);
  });

  it('the odds equal the enumeration over a grid of distances, stealth, flying and alertness', () => {
    for (const state of ['sleeping', 'wandering'] as const) {
      for (let dist = 0; dist <= 10; dist++) {
        for (const stealth of [-2, 0, 1, 3]) {
          for (const flies of [false, true]) {
            for (const alerted of [false, true]) {
              const law = exactLaw((t) => noticeRoll(t, state, dist, stealth, flies, alerted), (v) => String(v));
              expectFrac(P(law, 'true'), noticeOdds(state, dist, stealth, flies, alerted).chance);
              // Independent formula (pd-facts): n = d + stealth + 2 flying (sleeping), d/2 + stealth
              // (wandering, integer division); 1/n, or certain when n <= 1 or a wanderer was alerted.
              const n = state === 'sleeping' ? dist + stealth + (flies ? 2 : 0) : Math.floor(dist / 2) + stealth;
              const expected = state === 'wandering' && alerted ? F(1) : n <= 1 ? F(1) : F(1, n);
              expectFrac(P(law, 'true'), expected);
            }
          }
        }
      }
    }
  });

  it('a sleeper does not care whether it was alerted (only wanderers notice at once)', () => {
    expectFrac(noticeOdds('sleeping', 6, 0, false, true).chance, F(1, 6));
  });

  it('the notice roll is Int(n) == 0: a scripted 0 notices, anything else does not', () => {
    expect(noticeRoll(silent(new ScriptedRng([0])), 'sleeping', 5, 0, false, false)).toBe(true);
    expect(noticeRoll(silent(new ScriptedRng([4])), 'sleeping', 5, 0, false, false)).toBe(false);
    const rng = new ScriptedRng([1]);
    expect(noticeRoll(recorder(rng), 'wandering', 9, 1, false, false)).toBe(false);
    expect(rng.ranges).toEqual([5]);
  });
});

describe('bleeding (pd-facts §9: level = Int(level/2, level), damage if > 0, else it stops)', () => {
  it('the tick law equals the enumeration for levels 0..60', () => {
    for (let level = 0; level <= 60; level++) {
      const law = exactLaw((t) => bleedingTick(t, level), (v) => v);
      const dist = bleedingTickDist(level);
      expect(law.size).toBe(dist.entries().length);
      for (const [v, p] of dist.entries()) expectFrac(P(law, v), p);
      // Independent: Int(a, b) is a..b-1, a when b <= a+1 (research note's table).
      const lo = Math.floor(level / 2);
      const support = level <= lo + 1 ? [lo] : Array.from({ length: level - lo }, (_, i) => lo + i);
      expect([...law.keys()].map(Number).sort((a, b) => a - b)).toEqual(support);
      for (const v of support) expectFrac(P(law, v), F(1, support.length));
    }
  });
  // One row per level: the range of the first hit, "from level L, the first hit is in [L/2, L-1]".
  const rows = [
    { level: 1, lo: 0, hi: 0 },
    { level: 2, lo: 1, hi: 1 },
    { level: 3, lo: 1, hi: 2 },
    { level: 10, lo: 5, hi: 9 },
    { level: 15, lo: 7, hi: 14 },
  ];
  it.each(rows)('level $level: first hit $lo..$hi', ({ level, lo, hi }) => {
    const d = bleedingTickDist(level);
    expect([d.min, d.max]).toEqual([lo, hi]);
  });
  it('bleeding always dies out: each tick is below the level it started from', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 2 ** 30 }), (level, seed) => {
        const v = bleedingTick(silent({ int: (n) => seed % n }), level);
        return v >= Math.floor(level / 2) && v < level;
      }),
    );
  });
});

describe('poison (pd-facts §9: each tick left/3 + 1, then one less)', () => {
  const run = (left: number): number[] => {
    const out: number[] = [];
    for (let l = left; l > 0; l--) out.push(poisonDamage(l));
    return out;
  };
  // The facts sheet's two rows.
  it.each([
    { left: 8, ticks: [3, 3, 3, 2, 2, 2, 1, 1], total: 17 },
    { left: 7, ticks: [3, 3, 2, 2, 2, 1, 1], total: 14 },
  ])('left $left -> $ticks (total $total)', ({ left, ticks, total }) => {
    const seq = run(left);
    expect(seq).toEqual(ticks);
    expect(seq.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('paralysis broken by damage (pd-facts §9: Int(damage) >= Int(HP), HP before the hit)', () => {
  it('breaksFreeChance equals the enumeration of breaksFree for damage 0..12 and HP 0..15', () => {
    for (let damage = 0; damage <= 12; damage++) {
      for (let hp = 0; hp <= 15; hp++) {
        const law = exactLaw((t) => breaksFree(t, damage, hp), (v) => String(v));
        expectFrac(P(law, 'true'), breaksFreeChance(damage, hp));
        // Independent count: pairs (a, b) with a in 0..max(d,1)-1, b in 0..max(hp,1)-1, a >= b.
        const A = Math.max(damage, 1);
        const B = Math.max(hp, 1);
        let count = 0;
        for (let a = 0; a < A; a++) for (let b = 0; b < B; b++) if (a >= b) count++;
        expectFrac(P(law, 'true'), F(count, A * B));
      }
    }
  });
  // Worked rows: damage, HP, chance.
  it.each([
    { damage: 1, hp: 10, p: F(1, 10) }, // Int(1) = 0 always; Int(10) = 0 with 1/10
    { damage: 10, hp: 1, p: F(1) }, // Int(1) = 0: always
    { damage: 5, hp: 5, p: F(15, 25) },
    { damage: 0, hp: 20, p: F(1, 20) },
  ])('damage $damage against HP $hp', ({ damage, hp, p }) => {
    expectFrac(breaksFreeChance(damage, hp), p);
  });
});

describe('one-in-n chances (Random.Int(n) == 0)', () => {
  it.each([1, 2, 3, 6, 10])('oneIn(%i) = 1/%i by enumeration', (n) => {
    const law = exactLaw((t) => oneIn(t, n, 'x'), (v) => String(v));
    expectFrac(P(law, 'true'), F(1, n));
  });
});

describe("the skeleton's bone explosion (pd-facts §5.1: NIR(3,8) - IntRange(0, armour/2), never below 0)", () => {
  it('boneShardsDist equals the enumeration of boneShards for armour 0..12', () => {
    for (let armour = 0; armour <= 12; armour++) {
      const law = exactLaw((t) => boneShards(t, [3, 8], armour), (v) => v);
      const dist = boneShardsDist([3, 8], armour);
      expect([...law.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(dist.entries().map(([v]) => v));
      for (const [v, p] of dist.entries()) expectFrac(P(law, v), p);
    }
  });

  it('an unarmoured neighbour takes the whole 3-8; plate (10) halves to 0..5 absorbed', () => {
    expect(boneShardsDist([3, 8], 0).min).toBe(3);
    expect(boneShardsDist([3, 8], 0).max).toBe(8);
    expect(boneShardsDist([3, 8], 10).min).toBe(0);
    // E[max(x - b, 0)] = E[x] - E[b] + E[max(b - x, 0)], with b uniform on 0..5 (mean 5/2).
    expectFrac(boneShardsDist([3, 8], 10).mean(), boneShardsDist([3, 8], 0).mean().sub(F(5, 2)).add(lowTail([3, 8], 10)));
  });
});

/** Expected damage lost to the "never below 0" clamp: E[max(0, b - x)] for roll x and absorb b. */
function lowTail(range: readonly [number, number], armour: number): Fraction {
  const raw = boneShardsDist(range, 0);
  const cap = Math.floor(armour / 2);
  let s = Fraction.ZERO;
  for (const [x, px] of raw.entries()) for (let b = 0; b <= cap; b++) if (b > x) s = s.add(px.mul(F(b - x, cap + 1)));
  return s;
}
