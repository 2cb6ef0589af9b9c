/**
 * The whole attack: the hit test, then absorption (rolled first), the damage roll, excess
 * strength, Fury, the water boost, armour and the Assassin's bonus. Seed 002, "Calculate
 * damage" (and its exceptions), research/pixel-dungeon.md "Damage (Char.attack ...)".
 * Exact odds (attackOdds) are checked against the enumeration of every roll of rollAttack.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction } from '../../../src/core/fraction.js';
import { Stream } from '../../../src/core/rng.js';
import { ratio } from '../../../src/core/ratio.js';
import { enumerateRolls, probabilityOf } from '../../../src/core/enumerate.js';
import type { Rng } from '../../../src/core/rng.js';
import { type CompareOp, NullTracer, ScriptedRng, type Tracer, compare } from '../../../src/core/trace.js';
import { type PdAttack, attackOdds, heroAttack, monsterAttack, rollAttack } from '../../../src/rules/pixeldungeon/combat.js';
import { damageDistribution } from '../../../src/rules/pixeldungeon/damage.js';
import { hitChance } from '../../../src/rules/pixeldungeon/to-hit.js';
import { F, MELEE, exactLaw, expectFrac, heroDefender, mobDefender, monster, recorder, sheet, silent, centreDraw } from './helpers.js';

const base: PdAttack = {
  label: 'test',
  accuracy: ratio(10),
  magic: false,
  dodge: ratio(0),
  surprise: null,
  roll: { kind: 'normal', min: 1, max: 4 },
  excess: 0,
  fury: false,
  absorb: null,
  sniperIgnoresArmour: false,
  waterBoost: false,
  assassin: 'none',
};
const atk = (o: Partial<PdAttack>): PdAttack => ({ ...base, ...o });

/** The exact law of rollAttack by enumeration: 'miss' or the damage of a hit. */
const rolledLaw = (a: PdAttack) => exactLaw((t) => rollAttack(t, a), (r) => (r.hit ? r.damage : 'miss'));

/** Checks that attackOdds (hit chance and the damage distribution given a hit) equals the enumeration. */
function expectOddsMatchEnumeration(a: PdAttack): Map<string | number, Fraction> {
  const law = rolledLaw(a);
  const o = attackOdds(a);
  expectFrac(law.get('miss') ?? Fraction.ZERO, o.hit.complement());
  const hitKeys = [...law.keys()].filter((k) => k !== 'miss');
  if (o.hit.num === 0n) {
    expect(hitKeys).toEqual([]);
    return law;
  }
  expect(hitKeys.map(Number).sort((x, y) => x - y)).toEqual(o.damage.entries().map(([v]) => v));
  for (const [v, p] of o.damage.entries()) expectFrac(law.get(v) ?? Fraction.ZERO, o.hit.mul(p));
  // The expected damage per attack, misses counted as 0.
  let mean = Fraction.ZERO;
  for (const [k, p] of law) if (k !== 'miss') mean = mean.add(p.mul(F(Number(k))));
  expectFrac(o.expected, mean);
  return law;
}

/** P(NormalIntRange(a,b) = v) from the research note's closed form (independent of src). */
function nir(a: number, b: number, v: number): Fraction {
  const n = b - a + 1;
  const k = Math.min(v - a, b - v);
  if (v < a || v > b) return Fraction.ZERO;
  if (n % 2 === 1 && v - a === (n - 1) / 2) return F(2 * n - 1, n * n);
  return F(2 * (2 * k + 1), n * n);
}

/** Damage given a hit, by explicit loops: NIR(lo,hi), then f, minus IntRange(0, absorb). */
function manualDamage(lo: number, hi: number, absorb: number, f: (x: number) => number = (x) => x): Map<number, Fraction> {
  const m = new Map<number, Fraction>();
  for (let v = lo; v <= hi; v++) {
    for (let r = 0; r <= absorb; r++) {
      const d = Math.max(f(v) - r, 0);
      m.set(d, (m.get(d) ?? Fraction.ZERO).add(nir(lo, hi, v).mul(F(1, absorb + 1))));
    }
  }
  return m;
}

describe('seed 002 damage example: war hammer against the gnoll scout', () => {
  it('"18 - 2 = 16 damage points. Since the Gnoll scout only has 12 HP, he dies" (scripted rolls)', () => {
    // Hit test 8.6 vs 2.5 (in 1/500ths), then absorption 2 (rolled first), then NIR 5 + (13+13)/2 = 18.
    const rng = new ScriptedRng([4300, 1250, 2, centreDraw(21, 13, 13)]);
    const t = recorder(rng);
    const a = atk({ accuracy: ratio(84, 5), dodge: ratio(4), roll: { kind: 'normal', min: 5, max: 25 }, absorb: 4 });
    const res = rollAttack(t, a);
    expect(res).toEqual({ hit: true, damage: 16 });
    expect(res.damage).toBeGreaterThanOrEqual(12);
    // Draw order: accuracy, dodge, absorption (0..4: 5 values), then the damage roll (one draw).
    expect(rng.ranges).toEqual([8400, 2000, 5, 2 * 21 * 21]);
    expect(t.steps.find((s) => s.kind === 'mod' && s.label === '- armour')).toMatchObject({ before: 18, after: 16 });
  });

  it('spoiler (5-25, armour 0..4) and source (5-24, armour 0..2): damage laws by explicit loops', () => {
    const spoiler = atk({ roll: { kind: 'normal', min: 5, max: 25 }, absorb: 4 });
    const source = atk({ roll: { kind: 'normal', min: 5, max: 24 }, absorb: 2 });
    for (const [a, man] of [
      [spoiler, manualDamage(5, 25, 4)],
      [source, manualDamage(5, 24, 2)],
    ] as const) {
      const d = damageDistribution(a);
      expect(d.entries().length).toBe(man.size);
      for (const [v, p] of man) expectFrac(d.prob(v), p);
      expectOddsMatchEnumeration(a);
    }
    // Mean damage: spoiler 15 - 2 = 13; source 14.5 - 1 = 13.5 (no clamping: min roll 5 > armour).
    expectFrac(damageDistribution(spoiler).mean(), F(13));
    expectFrac(damageDistribution(source).mean(), F(27, 2));
  });

  it('the chance that one hit kills the 12 HP scout equals an explicit count', () => {
    for (const [lo, hi, absorb] of [
      [5, 25, 4],
      [5, 24, 2],
    ] as const) {
      let p = Fraction.ZERO;
      for (const [v, q] of manualDamage(lo, hi, absorb)) if (v >= 12) p = p.add(q);
      expectFrac(damageDistribution(atk({ roll: { kind: 'normal', min: lo, max: hi }, absorb })).probAtLeast(12), p);
    }
  });
});

describe('seed 002 exceptions, one scripted roll each', () => {
  it('"A Furious Berserker damage attack will be multiplied by 1.5 (rounded down)": 17 -> 25, 5 -> 7, 25 -> 37', () => {
    for (const [i, j, raw] of [
      [12, 12, 17],
      [0, 0, 5],
      [20, 20, 25],
    ] as const) {
      const res = rollAttack(silent(new ScriptedRng([centreDraw(21, i, j)])), atk({ roll: { kind: 'normal', min: 5, max: 25 }, fury: true }));
      expect(res.damage).toBe(Math.floor(raw * 1.5));
    }
  });

  it('"If the Sniper is attacking, then the damage reduction is 0": no absorption roll at all', () => {
    const rng = new ScriptedRng([centreDraw(21, 13, 13)]);
    const res = rollAttack(silent(rng), atk({ roll: { kind: 'normal', min: 5, max: 25 }, absorb: 4, sniperIgnoresArmour: true }));
    expect(res.damage).toBe(18);
    expect(rng.ranges).toEqual([2 * 21 * 21]);
  });

  it('"0 or if the subtraction is negative": absorption above the roll leaves 0, never negative', () => {
    // dart 1-4, golem armour 0..12: absorb 12, roll 1 + (0+0)/2 = 1.
    const res = rollAttack(silent(new ScriptedRng([12, centreDraw(4, 0, 0)])), atk({ roll: { kind: 'normal', min: 1, max: 4 }, absorb: 12 }));
    expect(res).toEqual({ hit: true, damage: 0 });
  });

  it('excess strength: "an extra random damage 0 to heroStrength - weaponStrength"', () => {
    // A strength-20 Berserker with the war hammer (needs 18): 0..2 extra. The scout is asleep,
    // so the hit is certain and the script starts with the absorption roll.
    const a = heroAttack(
      silent(),
      { sheet: sheet({ cls: 'warrior', subclass: 'berserker', level: 5, strength: 20, weapon: 'war-hammer' }), fury: false },
      { kind: 'melee' },
      mobDefender('gnoll-scout', { enemySeen: false, state: 'sleeping' }),
      { edition: 'spoiler', distance: 1 },
    );
    expect(a.excess).toBe(2);
    const rt = recorder(new ScriptedRng([0, centreDraw(21, 20, 20), 2]));
    const res = rollAttack(rt, a);
    expect(res.damage).toBe(25 + 2);
    const roll = rt.steps.find((s) => s.kind === 'roll' && s.label === 'excess strength bonus');
    expect(roll).toMatchObject({ lo: 0, hi: 2, value: 2 });
    // Spoiler damage given a hit: NIR(5,25) + IntRange(0,2) - IntRange(0,4).
    expect(damageDistribution(a).max).toBe(27);
    // No excess when strength is exactly the requirement or below.
    for (const strength of [18, 15]) {
      const b = heroAttack(
        silent(),
        { sheet: sheet({ cls: 'warrior', level: 5, strength, weapon: 'war-hammer' }), fury: false },
        { kind: 'melee' },
        mobDefender('gnoll-scout'),
        { edition: 'spoiler', distance: 1 },
      );
      expect(b.excess).toBe(0);
    }
  });
});

describe('attackOdds equals the enumeration of rollAttack', () => {
  // Each row: a built attack. Certain hits (dodge 0 or no roll to hit) keep the enumeration
  // small when the damage pipeline is wide; real hit tests use small accuracies and small damage.
  const rows: { what: string; a: PdAttack }[] = [
    { what: 'war hammer 5-25 vs armour 4 (seed)', a: atk({ roll: { kind: 'normal', min: 5, max: 25 }, absorb: 4 }) },
    { what: 'war hammer 5-24 vs armour 2 (game)', a: atk({ roll: { kind: 'normal', min: 5, max: 24 }, absorb: 2 }) },
    { what: 'short sword 1-12 + excess 0..3 vs armour 2', a: atk({ roll: { kind: 'normal', min: 1, max: 12 }, excess: 3, absorb: 2 }) },
    { what: 'fury on 3-16, armour 3', a: atk({ roll: { kind: 'normal', min: 3, max: 16 }, fury: true, absorb: 3 }) },
    { what: 'fury and excess 0..2 on 1-8, armour 2', a: atk({ roll: { kind: 'normal', min: 1, max: 8 }, excess: 2, fury: true, absorb: 2 }) },
    { what: 'dart 1-4 vs golem armour 12 (mostly absorbed)', a: atk({ roll: { kind: 'normal', min: 1, max: 4 }, absorb: 12 }) },
    { what: 'Sniper: armour 6 ignored', a: atk({ roll: { kind: 'normal', min: 2, max: 15 }, absorb: 6, sniperIgnoresArmour: true }) },
    { what: 'Assassin (source): 2-9 vs armour 3, + Int(1, damage)', a: atk({ roll: { kind: 'normal', min: 2, max: 9 }, absorb: 3, assassin: 'source', surprise: 'asleep' }) },
    { what: 'Assassin (source) where armour often leaves 0 or 1', a: atk({ roll: { kind: 'normal', min: 1, max: 4 }, absorb: 4, assassin: 'source', surprise: 'unseen' }) },
    { what: 'Assassin (spoiler): +50% rounded down, 1-8 vs armour 2', a: atk({ roll: { kind: 'normal', min: 1, max: 8 }, absorb: 2, assassin: 'spoiler', surprise: 'asleep' }) },
    { what: 'lightning 2-11 on water (x1.5 down), no armour, magic', a: atk({ roll: { kind: 'uniform', min: 2, max: 11 }, magic: true, waterBoost: true }) },
    { what: 'wand (source): no roll to hit, uniform 1-5, no armour', a: atk({ accuracy: null, magic: true, roll: { kind: 'uniform', min: 1, max: 5 } }) },
    { what: 'bare hands uniform 1-4, armour 1', a: atk({ roll: { kind: 'uniform', min: 1, max: 4 }, absorb: 1 }) },
    { what: 'armour 0 (nothing to absorb)', a: atk({ roll: { kind: 'normal', min: 2, max: 6 }, absorb: 0 }) },
    { what: 'accuracy 0 vs dodge 3: never hits', a: atk({ accuracy: ratio(0), dodge: ratio(3), roll: { kind: 'normal', min: 5, max: 25 }, absorb: 4 }) },
    { what: 'real hit test 1 vs 1, NIR 1-2 vs armour 1', a: atk({ accuracy: ratio(1), dodge: ratio(1), roll: { kind: 'normal', min: 1, max: 2 }, absorb: 1 }) },
    { what: 'real hit test, magic 1/2 vs 1, lightning 2-3 on water', a: atk({ accuracy: ratio(1, 2), dodge: ratio(1), magic: true, roll: { kind: 'uniform', min: 2, max: 3 }, waterBoost: true }) },
    { what: 'real hit test 1 vs 2, Assassin (source) on 1-1', a: atk({ accuracy: ratio(1), dodge: ratio(2), roll: { kind: 'uniform', min: 1, max: 1 }, assassin: 'source' }) },
  ];
  it.each(rows)('$what', ({ a }) => {
    const law = expectOddsMatchEnumeration(a);
    // The hit probability itself against the closed form of the hit test.
    if (a.accuracy !== null) expectFrac(F(1).sub(law.get('miss') ?? Fraction.ZERO), hitChance(a.accuracy, a.dodge, a.magic));
  });

  it('fury before armour: explicit loops agree (3-16, armour 3)', () => {
    const man = manualDamage(3, 16, 3, (x) => Math.floor((3 * x) / 2));
    const d = damageDistribution(atk({ roll: { kind: 'normal', min: 3, max: 16 }, fury: true, absorb: 3 }));
    expect(d.entries().length).toBe(man.size);
    for (const [v, p] of man) expectFrac(d.prob(v), p);
  });

  it('Assassin (source): the bonus is uniform on 1..damage-1, and exactly 1 for damage 0 or 1 (research note)', () => {
    // Damage after armour fixed at 0, 1, 2, 7 (uniform 1-1 rolls, no armour).
    const cases: [number, number[]][] = [
      [0, [1]],
      [1, [2]],
      [2, [3]],
      [7, [8, 9, 10, 11, 12, 13]],
    ];
    for (const [dmg, support] of cases) {
      const a = dmg === 0 ? atk({ roll: { kind: 'uniform', min: 1, max: 1 }, absorb: 1, assassin: 'source' }) : atk({ roll: { kind: 'uniform', min: dmg, max: dmg }, assassin: 'source' });
      // For dmg 0 use armour that absorbs the 1 with probability 1/2; condition on that branch.
      const law = rolledLaw(a);
      if (dmg === 0) {
        expectFrac(law.get(1) ?? Fraction.ZERO, F(1, 2)); // 0 + 1
        expectFrac(law.get(2) ?? Fraction.ZERO, F(1, 2)); // 1 + 1
        continue;
      }
      expect([...law.keys()].map(Number).sort((x, y) => x - y)).toEqual(support);
      for (const v of support) expectFrac(law.get(v) ?? Fraction.ZERO, F(1, support.length));
    }
  });
});

describe('properties over random attack records', () => {
  const attackArb = fc
    .record({
      lo: fc.integer({ min: 0, max: 6 }),
      width: fc.integer({ min: 0, max: 5 }),
      normal: fc.boolean(),
      excess: fc.integer({ min: 0, max: 2 }),
      fury: fc.boolean(),
      absorb: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
      sniper: fc.boolean(),
      water: fc.boolean(),
      assassin: fc.constantFrom('none', 'spoiler', 'source'),
      acc: fc.integer({ min: 0, max: 40 }),
      dodge: fc.integer({ min: 0, max: 40 }),
      magic: fc.boolean(),
    })
    .map(
      (r): PdAttack =>
        atk({
          roll: { kind: r.normal ? 'normal' : 'uniform', min: r.lo, max: r.lo + r.width },
          excess: r.excess,
          fury: r.fury,
          absorb: r.absorb,
          sniperIgnoresArmour: r.sniper,
          waterBoost: r.water,
          assassin: r.assassin as PdAttack['assassin'],
          accuracy: ratio(r.acc),
          dodge: ratio(r.dodge),
          magic: r.magic,
        }),
    );

  it('damage is never negative, P(hit) is in [0,1], and the expected damage is P(hit) x mean', () => {
    fc.assert(
      fc.property(attackArb, (a) => {
        const o = attackOdds(a);
        expect(o.damage.min).toBeGreaterThanOrEqual(0);
        expect(o.hit.compare(Fraction.ZERO)).toBeGreaterThanOrEqual(0);
        expect(o.hit.compare(Fraction.ONE)).toBeLessThanOrEqual(0);
        expectFrac(o.expected, o.hit.mul(o.damage.mean()));
      }),
      { numRuns: 300 },
    );
  });

  it('rolled on a real stream: a miss deals 0, a hit deals a non-negative damage the distribution allows', () => {
    fc.assert(
      fc.property(attackArb, fc.string({ minLength: 1, maxLength: 8 }), (a, seed) => {
        const t = new NullTracer(new Stream('combat', seed));
        const d = damageDistribution(a);
        for (let i = 0; i < 20; i++) {
          const res = rollAttack(t, a);
          if (!res.hit) expect(res.damage).toBe(0);
          else {
            expect(res.damage).toBeGreaterThanOrEqual(0);
            expect(d.prob(res.damage).num > 0n).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('certain hits: the enumeration equals attackOdds for random small pipelines', () => {
    fc.assert(
      fc.property(attackArb, (a) => {
        expectOddsMatchEnumeration({ ...a, dodge: ratio(0) });
      }),
      { numRuns: 40 },
    );
  });
});

/**
 * A recording tracer that lets the enumerating Rng decide only the hit test: once the rule
 * reaches the damage section (pixel-dungeon#damage), every roll takes its lowest value. This
 * enumerates the hit test of attacks the builders made, whose damage stage is too wide to
 * enumerate together with it.
 */
class HitStageTracer implements Tracer {
  readonly recording = true;
  private damageStage = false;
  constructor(private readonly rng: Rng) {}
  rule(cite: string): void {
    if (cite === 'pixel-dungeon#damage') this.damageStage = true;
  }
  roll(lo: number, hi: number): number {
    return this.damageStage ? lo : lo + this.rng.int(hi - lo + 1);
  }
  mod(_label: string, _before: number, after: number): number {
    return after;
  }
  check(_label: string, lhs: number, op: CompareOp, rhs: number): boolean {
    return compare(lhs, op, rhs);
  }
  value(_label: string, v: number): number {
    return v;
  }
  note(): void {}
  edition(): void {}
  odds(): void {}
  silent(): Tracer {
    return this;
  }
}

const enumeratedHit = (a: PdAttack): Fraction =>
  probabilityOf(
    enumerateRolls((rng) => rollAttack(new HitStageTracer(rng), a).hit),
    (hit) => hit,
  );

describe('attacks built from fighters: the rolled hit test equals the exact odds', () => {
  it('source: a level 1 Warrior (STR 13) with the war hammer has accuracy trunc(10 x 1.2/1.5^5) = 1; vs a rat (dodge 3): 1/6', () => {
    const a = heroAttack(silent(), { sheet: sheet({ cls: 'warrior', level: 1, strength: 13, weapon: 'war-hammer' }), fury: false }, MELEE, mobDefender('rat'), { edition: 'source', distance: 1 });
    expect(a.accuracy).toEqual(ratio(1));
    expectFrac(attackOdds(a).hit, F(1, 6));
    expectFrac(enumeratedHit(a), F(1, 6));
  });
  it('source: a rat (accuracy 8) against a Warrior whose plate leaves dodge 1: 1 - 1/16 = 15/16', () => {
    const hero = sheet({ cls: 'warrior', level: 1, strength: 14, armour: 'plate-armour' }); // 5 / 1.5^3 = 1.48 -> 1
    const a = monsterAttack(silent(), monster('rat'), false, { kind: 'melee' }, heroDefender(hero), { edition: 'source', distance: 1 });
    expect(a.dodge).toEqual(ratio(1));
    expectFrac(attackOdds(a).hit, F(15, 16));
    expectFrac(enumeratedHit(a), F(15, 16));
  });
  it('spoiler: a level 1 Mage\'s wand (accuracy 10, doubled) against the same hero (dodge 5 x (2/3)^3 = 40/27): 1 - (40/27)/40 = 26/27', () => {
    const hero = heroDefender(sheet({ cls: 'warrior', level: 1, strength: 14, armour: 'plate-armour' }));
    const a = heroAttack(silent(), { sheet: sheet({ cls: 'mage', level: 1 }), fury: false }, { kind: 'wand' }, hero, { edition: 'spoiler', distance: 2 });
    expect(a.dodge).toEqual(ratio(40, 27));
    expectFrac(attackOdds(a).hit, F(26, 27));
  });
});

describe('bare hands (research note: IntRange(1, STR - 9) when STR > 10, else 1)', () => {
  it.each([
    { strength: 10, weakened: false, max: 1 },
    { strength: 11, weakened: false, max: 2 },
    { strength: 15, weakened: false, max: 6 },
    { strength: 15, weakened: true, max: 4 },
    { strength: 12, weakened: true, max: 1 },
  ])('STR $strength (weakened: $weakened): uniform 1..$max, accuracy 9 + level, no excess', ({ strength, weakened, max }) => {
    for (const edition of ['spoiler', 'source'] as const) {
      const a = heroAttack(silent(), { sheet: sheet({ cls: 'warrior', level: 3, strength, weakened }), fury: false }, MELEE, mobDefender('rat'), { edition, distance: 1 });
      expect(a.roll).toEqual({ kind: 'uniform', min: 1, max });
      expect(a.accuracy).toEqual(ratio(12));
      expect(a.excess).toBe(0);
    }
  });
});
