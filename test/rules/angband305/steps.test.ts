/**
 * The Angband rules written once as step lists: for each, the law the steps give is checked
 * against every draw sequence of the roll (fast and traced, through `exactLaw`), and the rules
 * pane's trace is checked to be what the steps record.
 */
import { describe, expect, it } from 'vitest';
import { parseDice } from '../../../src/core/dice.js';
import { Fraction } from '../../../src/core/fraction.js';
import { ratio } from '../../../src/core/ratio.js';
import { RecordingTracer } from '../../../src/core/trace.js';
import { MELEE_CRIT_TYPES, MISSILE_CRIT_TYPES, critSteps } from '../../../src/rules/angband305/criticals.js';
import { type DamagePlan, SECTION_DAMAGE, SECTION_MISSILE_DAMAGE, damageDistribution, damageLaw, damageSteps, rollDamage } from '../../../src/rules/angband305/damage.js';
import { breakageSteps } from '../../../src/rules/angband305/items.js';
import { noiseCount, noiseSteps } from '../../../src/rules/angband305/stealth.js';
import { damroll, lawOfSteps, passDie, rollSteps } from '../../../src/rules/angband305/steps.js';
import { hitSteps } from '../../../src/rules/angband305/to-hit.js';
import type { CompareOp } from '../../../src/core/trace.js';
import type { Edition } from '../../../src/rules/edition.js';
import { F, exactLaw, expectFrac } from './helpers.js';

const EDITIONS: readonly Edition[] = ['spoiler', 'source'];

/** The law of the steps, value by value, against the enumerated law of rolling them. */
function sameLaw(law: ReturnType<typeof lawOfSteps>, roll: Parameters<typeof exactLaw<number>>[0], maxLeaves?: number): void {
  const enumerated = exactLaw(roll, (x) => x, maxLeaves);
  const values = new Set<number>([...law.entries().map(([v]) => v), ...[...enumerated.keys()].map(Number)]);
  for (const v of values) expectFrac(enumerated.get(v) ?? Fraction.ZERO, law.prob(v));
}

describe('Angband dice as Dies', () => {
  it('damroll(3, 4): the sum of three draws, each under the step label', () => {
    const d = damroll(parseDice('3d4'));
    sameLaw(d.law(), (t) => d.roll(t, 'damage: 3d4'));
    const t = new RecordingTracer({ int: () => 0 });
    expect(d.roll(t, 'damage: 3d4')).toBe(3);
    expect(t.steps.map((s) => (s.kind === 'roll' ? s.label : s.kind))).toEqual(['damage: 3d4', 'damage: 3d4', 'damage: 3d4']);
  });
  it.each<[CompareOp, number]>([
    ['>=', 3],
    ['>', 3],
    ['<', 3],
    ['<=', 3],
    ['==', 3],
    ['>=', -2],
    ['<=', 9],
  ])('a roll of 0..5 %s %i passes as often as its law says', (op, thr) => {
    const d = passDie(0, 5, op, thr, 'check');
    sameLaw(d.law(), (t) => d.roll(t, 'roll'));
  });
});

describe('the damage rule: one step list for the roll, the trace and the law', () => {
  const plans: readonly [string, (e: Edition) => DamagePlan][] = [
    ['bare hands, +3 (no dice, no critical)', (edition) => ({ dice: parseDice('1'), before: 0, launcher: 1, slay: 1, slayName: null, crit: null, after: 3, edition, section: SECTION_DAMAGE })],
    ['2d4 x2 Slay Evil, -9: clamped at 0', (edition) => ({ dice: parseDice('2d4'), before: 0, launcher: 1, slay: 2, slayName: 'Slay Evil', crit: null, after: -9, edition, section: SECTION_DAMAGE })],
    [
      'a shot (1d3 - 1) x3, light criticals',
      (edition) => ({ dice: parseDice('1d3'), before: -1, launcher: 3, slay: 1, slayName: null, crit: { power: ratio(40), weight: 2, sides: 500, types: MISSILE_CRIT_TYPES }, after: 0, edition, section: SECTION_MISSILE_DAMAGE }),
    ],
  ];
  it.each(plans.flatMap(([name, plan]) => EDITIONS.map((e) => [name, e, plan] as const)))('%s (%s)', (_name, edition, plan) => {
    const law = damageDistribution(plan(edition));
    sameLaw(law, (t) => rollDamage(t, plan(edition)).damage);
    expect(damageLaw(plan(edition)).equals(law)).toBe(true);
  });
  it('the trace leaves out the steps that change nothing, and shows a clamp only when it bites', () => {
    const plan: DamagePlan = { dice: parseDice('1d2'), before: 0, launcher: 1, slay: 1, slayName: null, crit: null, after: -5, edition: 'spoiler', section: SECTION_DAMAGE };
    expect(damageSteps(plan).steps.map((s) => s.label)).toEqual(['damage: 1d2', '+ to-dam', 'negative damage']);
    const t = new RecordingTracer({ int: () => 1 });
    expect(rollDamage(t, plan).damage).toBe(0);
    expect(t.steps.map((s) => s.kind)).toEqual(['rule', 'roll', 'mod', 'mod']);
  });
  it('the critical step reports the kind it rolled', () => {
    const plan: DamagePlan = { dice: parseDice('1d1'), before: 0, launcher: 1, slay: 1, slayName: null, crit: { power: ratio(5000), weight: 1300, sides: 650, types: MELEE_CRIT_TYPES }, after: 0, edition: 'source', section: SECTION_DAMAGE };
    // 1d1, a sure critical (P 5000), type roll 1 + 1300: *SUPERB*, 7 x 1 / 2 truncated + 25.
    expect(rollDamage(new RecordingTracer({ int: () => 0 }), plan)).toEqual({ damage: 28, crit: '*SUPERB*' });
  });
});

describe('the other Angband rules written as steps', () => {
  it.each([
    [ratio(149, 2), 13, true],
    [ratio(40), 40, false],
    [ratio(0), 7, true],
  ] as const)('the hit test: skill %o against AC %i (seen %s)', (k, ac, visible) => {
    for (const e of EDITIONS) sameLaw(lawOfSteps(hitSteps(k, ac, visible, e), 2), (t) => rollSteps(t, hitSteps(k, ac, visible, e), 2));
  });
  it('the critical: P 7/5 in 5000, the type roll from 1200', () => {
    const c = { power: ratio(7, 5), weight: 1200, sides: 650, types: MELEE_CRIT_TYPES } as const;
    sameLaw(lawOfSteps(critSteps(c), 0), (t) => rollSteps(t, critSteps(c), 0));
  });
  it('breakage: a potion that struck a wall 2 squares away', () => {
    const ctx = { reachedMonster: false, hitMonster: false, struckWall: true, distance: 2 };
    for (const e of EDITIONS) sameLaw(lawOfSteps(breakageSteps('potion', ctx, e), 0), (t) => rollSteps(t, breakageSteps('potion', ctx, e), 0));
  });
  it('the noise roll: the law of the step is the count of quiet rolls', () => {
    sameLaw(noiseSteps(4).law(), (t) => rollSteps(t, noiseSteps(4).steps, 0));
    expectFrac(noiseSteps(4).law().prob(1), F(noiseCount(4), 1024));
  });
});
