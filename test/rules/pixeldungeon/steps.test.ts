/**
 * The rules written once: the hit test as one die and the damage as one step list. Each law is
 * checked against the enumeration of every roll (which also checks that the traced reading
 * draws and yields as the fast one does).
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { stepsLaw } from '../../../src/core/rule.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import { type PdAttack, OddsMemo, attackOdds, heroAttack } from '../../../src/rules/pixeldungeon/combat.js';
import { type PdDamageSpec, damageDistribution, damageSteps, rollDamage } from '../../../src/rules/pixeldungeon/damage.js';
import { IntRangeDie } from '../../../src/rules/pixeldungeon/random.js';
import { pdRule, pdStepKind, pdStepsLaw } from '../../../src/rules/pixeldungeon/steps.js';
import { hitDie, hitLaw } from '../../../src/rules/pixeldungeon/to-hit.js';
import { MELEE, centreDraw, exactLaw, expectFrac, mobDefender, recorder, sheet, silent } from './helpers.js';

const spec = (o: Partial<PdDamageSpec>): PdDamageSpec => ({
  roll: { kind: 'normal', min: 1, max: 4 },
  excess: 0,
  fury: false,
  absorb: null,
  sniperIgnoresArmour: false,
  waterBoost: false,
  assassin: 'none',
  ...o,
});

describe('the hit test die: its law is the enumeration of its roll', () => {
  it.each([
    { a: 5, d: 3 },
    { a: 3, d: 5 },
    { a: 4, d: 4 },
    { a: 1, d: 7 },
    { a: 9, d: 1 },
  ])('ranges $a and $d', ({ a, d }) => {
    const die = hitDie({ a, d, unit: 1 }, false);
    const law = exactLaw((t) => die.roll(t, 'hit test'), (v) => v);
    expectFrac(law.get(1) ?? Fraction.ZERO, die.law().prob(1));
    expectFrac(law.get(0) ?? Fraction.ZERO, die.law().prob(0));
  });

  it('the law does not depend on the unit the ranges are drawn in', () => {
    expect(hitLaw(5n, 3n).equals(hitLaw(500n, 300n))).toBe(true);
    expect(hitLaw(3n, 5n).equals(hitLaw(21n, 35n))).toBe(true);
  });

  it('settled tests draw nothing and say why', () => {
    const t = recorder();
    expect(hitDie('always', false).roll(t, 'hit test')).toBe(1);
    expect(hitDie('never', true).roll(t, 'hit test')).toBe(0);
    expect(t.steps.map((s) => s.kind)).toEqual(['note', 'note']);
  });
});

describe('the damage steps: one list gives the roll, the trace and the law', () => {
  const rows: { what: string; s: PdDamageSpec }[] = [
    { what: 'centre-biased roll against armour', s: spec({ absorb: 3 }) },
    { what: 'uniform roll, excess strength and armour', s: spec({ roll: { kind: 'uniform', min: 1, max: 5 }, excess: 2, absorb: 2 }) },
    { what: 'fury before armour', s: spec({ roll: { kind: 'normal', min: 2, max: 6 }, fury: true, absorb: 4 }) },
    { what: 'a Sniper ignores the armour', s: spec({ absorb: 4, sniperIgnoresArmour: true }) },
    { what: 'lightning in water skips armour', s: spec({ roll: { kind: 'uniform', min: 2, max: 6 }, waterBoost: true }) },
    { what: 'Assassin bonus, source', s: spec({ absorb: 1, assassin: 'source' }) },
    { what: 'Assassin bonus, spoiler', s: spec({ absorb: 1, assassin: 'spoiler' }) },
  ];

  it.each(rows)('$what: the law is the enumeration of the roll', ({ s }) => {
    const law = damageDistribution(s);
    const rolled = exactLaw((t) => rollDamage(t, s), (v) => v);
    expect([...rolled.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(law.entries().map(([v]) => v));
    for (const [v, p] of law.entries()) expectFrac(rolled.get(v) ?? Fraction.ZERO, p);
  });

  it.each(rows)('$what: the quick law reads the list as the core does', ({ s }) => {
    const steps = damageSteps(s);
    expect(pdStepsLaw(steps, 0).equals(stepsLaw(steps, 0))).toBe(true);
  });

  it("the armour's absorption is drawn first and taken off last", () => {
    // Absorb 2, then parts 3 and 3 of NormalIntRange(1, 4): 1 + 3 = 4, less 2.
    const t = recorder(new ScriptedRng([2, centreDraw(4, 3, 3)]));
    expect(rollDamage(t, spec({ absorb: 3 }))).toBe(2);
    const rolls = t.steps.flatMap((s) => (s.kind === 'roll' ? [s.label] : []));
    expect(rolls).toEqual(['armour absorbs', 'centre-biased draw']);
    expect(t.steps.at(-1)).toMatchObject({ kind: 'mod', label: '- armour', before: 4, after: 2 });
  });
});

describe('step kinds and rules ready to roll', () => {
  const early = pdStepKind('drawn first', (x, r) => x - r, undefined, { early: true });

  it('a rule knows which of its steps is drawn early', () => {
    expect(pdRule(damageSteps(spec({ absorb: 3 }))).early).toBe(1);
    expect(pdRule(damageSteps(spec({ excess: 2, fury: true, absorb: 3 }))).early).toBe(3);
    expect(pdRule(damageSteps(spec({}))).early).toBe(-1);
  });

  it('a rule draws at most one step early, and that step cannot depend on the number', () => {
    expect(() => pdRule([early(new IntRangeDie(0, 2)), early(new IntRangeDie(0, 3))])).toThrow(/only one step/);
    expect(() => early((x) => new IntRangeDie(0, x))).toThrow(/cannot depend on the number/);
  });

  it('steps of one kind share its label and change, each with its own die', () => {
    const [a, b] = [early(new IntRangeDie(0, 2)), early(new IntRangeDie(0, 5))];
    expect(a.label).toBe('drawn first');
    expect(a.apply).toBe(b.apply);
    expect(a.die(0)).not.toBe(b.die(0));
  });
});

describe('the odds memo', () => {
  it('gives the odds attackOdds works out, for the record and for a copy with other numbers', () => {
    const a = heroAttack(silent(), { sheet: sheet({ cls: 'warrior', level: 1, weapon: 'short-sword' }), fury: false }, MELEE, mobDefender('gnoll-scout'), {
      edition: 'spoiler',
      distance: 1,
    });
    const memo = new OddsMemo(2);
    const copies: PdAttack[] = [a, { ...a, fury: true }, { ...a, absorb: 0 }, a];
    for (const c of copies) {
      const want = attackOdds(c);
      const got = memo.odds(c);
      expectFrac(got.hit, want.hit);
      expect(got.damage.equals(want.damage)).toBe(true);
    }
  });

  it('a copy of a built attack does not carry its plan', () => {
    const a = heroAttack(silent(), { sheet: sheet({ cls: 'warrior', level: 1, weapon: 'short-sword' }), fury: false }, MELEE, mobDefender('gnoll-scout'), {
      edition: 'spoiler',
      distance: 1,
    });
    expect(a.plan).toBeDefined();
    expect({ ...a, fury: true }.plan).toBeUndefined();
  });
});
