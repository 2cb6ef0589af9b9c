/**
 * Every Angband rule that rolls against its exact twin, roll by roll: the hit test, criticals,
 * damage, breakage, and the monster's critical blows. Enumeration walks every possible draw.
 */
import { describe, expect, it } from 'vitest';
import { parseDice } from '../../../src/core/dice.js';
import { Distribution } from '../../../src/core/distribution.js';
import { Fraction } from '../../../src/core/fraction.js';
import { type Ratio, ratio } from '../../../src/core/ratio.js';
import { Attempt, type Round, lawOfRound } from '../../../src/rules/angband305/attempts.js';
import { type CritPlan, MELEE_CRIT_TYPES, MISSILE_CRIT_TYPES, criticalOdds, rollCritical } from '../../../src/rules/angband305/criticals.js';
import { type DamagePlan, SECTION_DAMAGE, SECTION_MISSILE_DAMAGE, damageDistribution, rollDamage } from '../../../src/rules/angband305/damage.js';
import { type BreakageContext, breakageChance, rollBreakage } from '../../../src/rules/angband305/items.js';
import { hitChance, hitTest } from '../../../src/rules/angband305/to-hit.js';
import { armourReduced, blowChance, blowHitChance, blowHits, monsterCritical, monsterCriticalOdds, resisted } from '../../../src/rules/angband305/monster-melee.js';
import { noiseCount } from '../../../src/rules/angband305/stealth.js';
import { type AngStep, change, lawOfSteps, passDie, randint1 } from '../../../src/rules/angband305/steps.js';
import type { AngBreakageClass } from '../../../src/rules/angband305/types.js';
import type { Edition } from '../../../src/rules/edition.js';
import { F, exactLaw, expectFrac } from './helpers.js';

const EDITIONS: readonly Edition[] = ['spoiler', 'source'];

describe('the hit test: rolled against exact, every draw (seed: "probability of successfully landing a blow")', () => {
  const skills: readonly [string, Ratio][] = [
    ['0', ratio(0)],
    ['-3', ratio(-3)],
    ['1', ratio(1)],
    ['7', ratio(7)],
    ['74.5', ratio(149, 2)],
    ['40.2', ratio(201, 5)],
  ];
  const cases = skills.flatMap(([name, k]) => [0, 1, 2, 13, 40].flatMap((ac) => [true, false].flatMap((visible) => EDITIONS.map((edition) => ({ name, k, ac, visible, edition })))));
  it.each(cases)('K $name vs AC $ac, visible $visible, $edition', ({ k, ac, visible, edition }) => {
    const law = exactLaw((t) => hitTest(t, k, ac, visible, edition), (hit) => String(hit));
    expectFrac(law.get('true') ?? Fraction.ZERO, hitChance(k, ac, visible, edition));
  });

  it('the seed\'s worked example: skill 150 against the Drolem (AC 130) is 36.5% in the seed, 36.8% in the game', () => {
    expectFrac(hitChance(ratio(150), 130, true, 'spoiler'), F(73, 200));
    expectFrac(hitChance(ratio(150), 130, true, 'source'), F(1, 20).add(F(9, 10).mul(F(53, 150))));
    expect(hitChance(ratio(150), 130, true, 'source').percent(1)).toBe('36.8%');
  });

  it.each([
    { k: 1, ac: 0, spoiler: F(19, 20), source: F(1, 20) },
    { k: 151, ac: 100, spoiler: F(1, 20).add(F(9, 10).mul(F(1, 76))), source: F(1, 20) },
  ])('an unseen target (research note, discrepancy 4): skill $k vs AC $ac', ({ k, ac, spoiler, source }) => {
    expectFrac(hitChance(ratio(k), ac, false, 'spoiler'), spoiler);
    expectFrac(hitChance(ratio(k), ac, false, 'source'), source);
  });

  it('a non-positive skill hits only on the sure hit; a skill below 3/4 AC too', () => {
    for (const e of EDITIONS) {
      expectFrac(hitChance(ratio(0), 0, true, e), F(1, 20));
      expectFrac(hitChance(ratio(-40), 0, true, e), F(1, 20));
      expectFrac(hitChance(ratio(30), 40, true, e), F(1, 20));
    }
  });
});

describe('criticals: rolled against exact', () => {
  const plans: readonly [string, CritPlan][] = [
    ['melee P 100, 10 lb', { power: ratio(100), weight: 100, sides: 650, types: MELEE_CRIT_TYPES }],
    ['melee P 7/5 (fractions of a point in the seed)', { power: ratio(7, 5), weight: 1200, sides: 650, types: MELEE_CRIT_TYPES }],
    ['melee P below 0', { power: ratio(-5), weight: 30, sides: 650, types: MELEE_CRIT_TYPES }],
    ['missile P 60, an arrow (0.2 lb)', { power: ratio(60), weight: 2, sides: 500, types: MISSILE_CRIT_TYPES }],
    ['missile P 40, a 60 lb throw', { power: ratio(40), weight: 600, sides: 500, types: MISSILE_CRIT_TYPES }],
  ];
  it.each(plans)('%s', (_name, plan) => {
    const law = exactLaw((t) => rollCritical(t, plan), (k) => k ?? 'none');
    const exact = criticalOdds(plan);
    const keys = new Set([...law.keys(), ...[...exact.keys()].map((k) => k ?? 'none')]);
    for (const k of keys) expectFrac(law.get(k) ?? Fraction.ZERO, exact.get(k === 'none' ? null : (k as never)) ?? Fraction.ZERO);
  });
  it('an arrow (0.2 lb) is great one time in 500/3 and never superb (research note, 8.3)', () => {
    const o = criticalOdds({ power: ratio(5000), weight: 2, sides: 500, types: MISSILE_CRIT_TYPES });
    expectFrac(o.get('great') ?? Fraction.ZERO, F(3, 500));
    expect(o.get('superb')).toBeUndefined();
  });
  it('P is clamped: 5000 or more always crits', () => {
    expectFrac(criticalOdds({ power: ratio(9000), weight: 100, sides: 650, types: MELEE_CRIT_TYPES }).get(null) ?? Fraction.ONE, Fraction.ZERO);
  });
});

describe('damage: rolled against exact (melee and missile pipelines)', () => {
  const melee = (edition: Edition, after: number): DamagePlan => ({
    dice: parseDice('1d3'),
    before: 0,
    launcher: 1,
    slay: 3,
    slayName: 'Slay Orc',
    crit: { power: ratio(300), weight: 1200, sides: 650, types: MELEE_CRIT_TYPES },
    after,
    edition,
    section: SECTION_DAMAGE,
  });
  const missile = (edition: Edition): DamagePlan => ({
    dice: parseDice('1d2'),
    before: 3,
    launcher: 2,
    slay: 2,
    slayName: 'Slay Evil',
    crit: { power: ratio(50), weight: 2, sides: 500, types: MISSILE_CRIT_TYPES },
    after: 0,
    edition,
    section: SECTION_MISSILE_DAMAGE,
  });
  it.each(EDITIONS)('melee 1d3 x3 Slay Orc, heavy weapon criticals, +4 (%s)', (edition) => {
    const law = exactLaw((t) => rollDamage(t, melee(edition, 4)).damage, (d) => d, 2_000_000);
    expect(lawDist(law).equals(damageDistribution(melee(edition, 4)))).toBe(true);
  });
  it.each(EDITIONS)('melee with -20 to-dam: never negative (%s)', (edition) => {
    const d = damageDistribution(melee(edition, -20));
    expect(d.min).toBe(0);
    const law = exactLaw((t) => rollDamage(t, melee(edition, -20)).damage, (x) => x, 2_000_000);
    expect(lawDist(law).equals(d)).toBe(true);
  });
  it.each(EDITIONS)('a fired missile: (1d2 + 3) x2 launcher x2 slay, then the critical (%s)', (edition) => {
    const law = exactLaw((t) => rollDamage(t, missile(edition)).damage, (d) => d);
    expect(lawDist(law).equals(damageDistribution(missile(edition)))).toBe(true);
    // To-dam is added before the multipliers: the least is (1 + 3) x 4 = 16.
    expect(damageDistribution(missile(edition)).min).toBe(16);
  });
  it('*SUPERB* on an odd base differs by edition: the seed rounds 3.5 x 9 = 31.5 up, the game truncates', () => {
    const plan = (edition: Edition): DamagePlan => ({ ...melee(edition, 0), dice: parseDice('3d3'), slay: 1, crit: { power: ratio(5000), weight: 1300, sides: 650, types: MELEE_CRIT_TYPES } });
    expect(damageDistribution(plan('spoiler')).max).toBe(32 + 25);
    expect(damageDistribution(plan('source')).max).toBe(31 + 25);
  });
});

describe('a round of blows', () => {
  /** A blow landing when a roll of 0..n-1 is below `hits`, then dealing `damage`'s steps. */
  const blow = (hits: number, n: number, damage: readonly AngStep[]): Attempt => {
    const steps: AngStep[] = [{ label: 'hit', die: () => passDie(0, n - 1, '<', hits, 'hit'), apply: (_x, r) => r, reason: 'the hit roll', trace: () => {} }];
    const hit = { steps, start: 0, pass: 1, chance: () => lawOfSteps(steps, 0).prob(1) };
    return new Attempt(hit, { steps: damage, start: 0, law: () => lawOfSteps(damage, 0) });
  };
  const round = (a: Attempt, count: number): Round => ({ count, hp: Infinity, attempt: () => a });
  it('two blows, each hitting half the time for 1 or 2: 0 1/4, 1 1/4, 2 5/16, 3 1/8, 4 1/16', () => {
    const d = lawOfRound(round(blow(1, 2, [{ label: 'damage', die: () => randint1(2), apply: (x, r) => x + r, reason: 'the dice' }]), 2));
    expect(d.entries().map(([v, p]) => `${v}:${p.toString()}`)).toEqual(['0:1/4', '1:1/4', '2:5/16', '3:1/8', '4:1/16']);
  });
  it('a sure hit and a sure miss', () => {
    const five = [change('damage', () => 5, 'five')];
    expect(lawOfRound(round(blow(1, 1, five), 3)).entries().map(([v]) => v)).toEqual([15]);
    expect(lawOfRound(round(blow(0, 1, five), 3)).entries().map(([v]) => v)).toEqual([0]);
  });
});

describe('breakage: rolled against exact', () => {
  const classes: AngBreakageClass[] = ['flask', 'potion', 'scroll', 'arrow', 'bolt', 'shot', 'other'];
  const contexts: readonly [string, BreakageContext][] = [
    ['hit a monster 2 squares away', { reachedMonster: true, hitMonster: true, struckWall: false, distance: 2 }],
    ['missed a monster 2 squares away', { reachedMonster: true, hitMonster: false, struckWall: false, distance: 2 }],
    ['hit a wall 1 square away', { reachedMonster: false, hitMonster: false, struckWall: true, distance: 1 }],
    ['landed 5 squares away', { reachedMonster: false, hitMonster: false, struckWall: false, distance: 5 }],
  ];
  const cases = classes.flatMap((cls) => contexts.flatMap(([where, ctx]) => EDITIONS.map((edition) => ({ cls, where, ctx, edition }))));
  it.each(cases)('$cls, $where, $edition', ({ cls, ctx, edition }) => {
    const law = exactLaw((t) => rollBreakage(t, cls, ctx, edition), (b) => String(b));
    expectFrac(law.get('true') ?? Fraction.ZERO, breakageChance(cls, ctx, edition));
  });
  it('the seed doubles within 3 squares of a monster hit or a wall; the game breaks only what reached a monster', () => {
    const near: BreakageContext = { reachedMonster: true, hitMonster: true, struckWall: false, distance: 2 };
    const wall: BreakageContext = { reachedMonster: false, hitMonster: false, struckWall: true, distance: 2 };
    const far: BreakageContext = { reachedMonster: true, hitMonster: true, struckWall: false, distance: 3 };
    expectFrac(breakageChance('arrow', near, 'spoiler'), F(60, 100));
    expectFrac(breakageChance('arrow', wall, 'spoiler'), F(60, 100));
    expectFrac(breakageChance('arrow', far, 'spoiler'), F(30, 100));
    expectFrac(breakageChance('potion', near, 'spoiler'), Fraction.ONE);
    expectFrac(breakageChance('arrow', near, 'source'), F(35, 100));
    expectFrac(breakageChance('arrow', wall, 'source'), Fraction.ZERO);
  });
});

describe("the monsters' blows (game code, melee1.c)", () => {
  it('accuracy is the effect power + 3 x level (at least level 1)', () => {
    expect(blowChance('hurt', 10)).toBe(90);
    expect(blowChance('poison', 44)).toBe(5 + 132);
    expect(blowChance('acid', 0)).toBe(3);
    expect(blowChance('terrify', 3)).toBe(19);
  });
  it.each([
    [90, 40],
    [19, 0],
    [137, 75],
    [10, -12],
  ])('chance %i against AC %i: rolled against exact', (chance, ac) => {
    const law = exactLaw((t) => blowHits(t, chance, ac), (h) => String(h));
    expectFrac(law.get('true') ?? Fraction.ZERO, blowHitChance(chance, ac));
  });
  it('a negative AC leaves only the sure miss: 95%', () => {
    expectFrac(blowHitChance(10, -12), F(19, 20));
  });
  it.each([
    [25, 60, 19],
    [25, 200, 10],
    [25, -10, 26],
    [7, 30, 7],
    [100, 150, 40],
  ])('armour: %i damage against AC %i leaves %i', (dmg, ac, left) => {
    expect(armourReduced(dmg, ac)).toBe(left);
  });
  it('a resisted element: (damage + 2) / 3', () => {
    expect([1, 2, 3, 4, 30].map(resisted)).toEqual([1, 1, 1, 2, 10]);
  });
  it.each([
    ['1d10', 10],
    ['1d10', 8],
    ['1d10', 9],
    ['3d10', 30],
    ['3d10', 29],
    ['5d10', 47],
    ['5d10', 50],
    ['8d12', 92],
    ['1d1', 1],
  ])('a critical blow of %s for %i: rolled against exact', (d, dmg) => {
    const dice = parseDice(d);
    const law = exactLaw((t) => monsterCritical(t, dice, dmg), (k) => k);
    const exact = monsterCriticalOdds(dice, dmg);
    const keys = new Set([...law.keys(), ...exact.keys()]);
    for (const k of keys) expectFrac(law.get(k) ?? Fraction.ZERO, exact.get(k as number) ?? Fraction.ZERO);
  });
  it('a blow under 95% of its maximum is never critical; a weak blow at its maximum passes with chance damage/100', () => {
    expect([...monsterCriticalOdds(parseDice('3d10'), 27)]).toEqual([[0, Fraction.ONE]]);
    const o = monsterCriticalOdds(parseDice('1d10'), 10);
    expectFrac(o.get(2) ?? Fraction.ZERO, F(10, 100));
    expectFrac(o.get(0) ?? Fraction.ZERO, F(90, 100));
  });
});

describe('waking: the chance a sleeping monster hears the player (engine facts §11)', () => {
  it.each([
    [0, 1024], [1, 813], [2, 646], [3, 513], [4, 407], [5, 323], [6, 257], [7, 204], [8, 162], [9, 129], [10, 102], [11, 81], [12, 65], [13, 51],
    [14, 41], [15, 33], [16, 26], [17, 21], [18, 17], [19, 13], [20, 11], [21, 9], [22, 7], [23, 6], [24, 5], [25, 4], [26, 3], [27, 3], [28, 2],
    [29, 2], [30, 2],
  ])('stealth %i: %i in 1024', (stl, count) => {
    expect(noiseCount(stl)).toBe(count);
  });
});

/** The enumerated law as a Distribution over integers. */
function lawDist(law: Map<string | number, Fraction>): Distribution {
  let den = 1n;
  for (const f of law.values()) den = (den * f.den) / gcd(den, f.den);
  const m = new Map<number, bigint>();
  for (const [k, f] of law) m.set(Number(k), (f.num * den) / f.den);
  return Distribution.fromMap(m);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
