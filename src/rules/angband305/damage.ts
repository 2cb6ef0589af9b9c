import type { Dice } from '../../core/dice.js';
import type { Distribution } from '../../core/distribution.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { CRIT_TEXT, type CritKind, type CritPlan, SECTION_CRIT, SECTION_MISSILE_CRIT, SECTION_SLAYS, critDamage, critKey, critKindAt, critSteps } from './criticals.js';
import type { Chain } from './attempts.js';
import { ANG_DIVERGENCES } from './divergences.js';
import { type AngStep, change, damroll, lawOfSteps, memoDie, rollSteps, ruleCache } from './steps.js';

/**
 * The damage of a hit by the player in Angband 3.0.5, written once as steps: the same list rolls
 * it (fast or traced for the rules pane) and gives its exact law.
 * @spoiler angband-3.0.5#melee-damage, angband-3.0.5#missile-damage
 */

export const SECTION_DAMAGE = 'angband-3.0.5#melee-damage';
export const SECTION_MISSILE_DAMAGE = 'angband-3.0.5#missile-damage';

/**
 * One hit's damage, planned: the dice, what is added before the multipliers (missiles: the
 * ammunition's and launcher's to-dam), the launcher multiplier, the best slay, the critical, and
 * what is added after (melee: the to-dam bonus).
 */
export interface DamagePlan {
  readonly dice: Dice;
  readonly before: number;
  readonly launcher: number;
  readonly slay: number;
  readonly slayName: string | null;
  /** Whether the best multiplier is a slay (or execute) or a brand; absent when none applies. */
  readonly slayKind?: 'slay' | 'brand';
  readonly crit: CritPlan | null;
  readonly after: number;
  readonly edition: Edition;
  readonly section: string;
}

/** A plan's steps, the number they start from (the dice's bonus), and which of them is the critical (-1: none). */
export interface DamageRule extends Chain {
  readonly critAt: number;
}

const rules = ruleCache<DamageRule>(512);

/** Names every number a damage plan's steps (and so its law) depend on. */
export function damageKey(p: DamagePlan): string {
  return `${p.dice.text}|${p.before}|${p.launcher}|${p.slay}|${p.slayName ?? '-'}|${p.after}|${p.edition}|${p.section}|${p.crit ? critKey(p.crit) : '-'}`;
}

/**
 * The steps of a hit's damage. Melee: dice, x slay, critical, + to-dam. Missile: (dice +
 * to-dams) x launcher, x slay, critical. Never below 0. A step that would change nothing (no
 * launcher, no slay, nothing to add) is left out, as the rules pane leaves it out.
 */
export function damageSteps(p: DamagePlan): DamageRule {
  // A round's blows share one plan, and the next round's plan is most often the same numbers
  // again: the last plan's rule is found without building its key.
  if (last.rule && last.plan && (p === last.plan || sameSteps(p, last.plan))) {
    last.plan = p;
    return last.rule;
  }
  const rule = rules(damageKey(p), () => buildDamageSteps(p));
  last.plan = p;
  last.rule = rule;
  return rule;
}

const last: { plan?: DamagePlan; rule?: DamageRule } = {};

/** Whether two plans agree on every number `damageKey` names (so on their steps). */
function sameSteps(a: DamagePlan, b: DamagePlan): boolean {
  const c = a.crit;
  const d = b.crit;
  const sameCrit = c === d || (c !== null && d !== null && c.power.num === d.power.num && c.power.den === d.power.den && c.weight === d.weight && c.sides === d.sides && c.types === d.types);
  return sameCrit && a.dice.text === b.dice.text && a.before === b.before && a.launcher === b.launcher && a.slay === b.slay && a.slayName === b.slayName && a.after === b.after && a.edition === b.edition && a.section === b.section;
}

function buildDamageSteps(p: DamagePlan): DamageRule {
  const dice = damroll(p.dice);
  const steps: AngStep[] = [
    {
      label: `damage: ${p.dice.text}`,
      die: () => dice,
      apply: (x, r) => x + r,
      reason: 'the dice',
      before: (t) => t.rule(p.section, 'Damage'),
      trace: () => {},
    },
  ];
  if (p.before !== 0) steps.push(change('+ to-dam of the missile and launcher', (x) => x + p.before, 'added before the multiplier'));
  if (p.launcher !== 1) steps.push(change('x launcher multiplier', (x) => x * p.launcher, `x${p.launcher}`));
  if (p.slay !== 1) {
    steps.push({ ...change(`x ${p.slayName}`, (x) => x * p.slay, `the best that applies: x${p.slay}`), before: (t) => t.rule(SECTION_SLAYS, 'Slays and brands') });
  }
  let critAt = -1;
  const c = p.crit;
  if (c) {
    critAt = steps.length;
    const cs = critSteps(c);
    const die = memoDie('critical', (t) => rollSteps(t, cs, 0), () => lawOfSteps(cs, 0));
    steps.push({
      label: 'critical',
      die: () => die,
      apply: (x, r) => {
        const kind = critKindAt(r);
        return kind ? critDamage(kind, x, p.edition) : x;
      },
      reason: 'a critical hit',
      before: (t) => {
        t.rule(p.section === SECTION_DAMAGE ? SECTION_CRIT : SECTION_MISSILE_CRIT, 'Critical hit');
        t.value('P (critical chance, in 5000)', c.power.num / c.power.den, 'see the rule above');
      },
      trace: (t, x, r, y) => {
        const kind = critKindAt(r);
        if (!kind) return t.note('no critical');
        if (kind === '*SUPERB*') t.edition('superb-rounding', ANG_DIVERGENCES['superb-rounding'][p.edition]);
        t.mod(`${kind} critical`, x, y, CRIT_TEXT[kind]);
      },
    });
  }
  if (p.after !== 0) steps.push(change('+ to-dam', (x) => x + p.after, p.section === SECTION_DAMAGE ? 'the to-dam bonus' : 'to-dam'));
  steps.push({
    label: 'negative damage',
    die: () => NO_DIE,
    apply: (x) => (x > 0 ? x : 0),
    reason: 'no damage is done',
    trace: (t, x, _r, y) => {
      if (x < 0) t.mod('negative damage', x, y, 'no damage is done');
    },
  });
  let law: Distribution | undefined;
  return { steps, start: p.dice.bonus, critAt, law: () => (law ??= lawOfSteps(steps, p.dice.bonus)) };
}

const draws: number[] = [];

/** Rolls the damage of a hit, and the critical it scored. */
export function rollDamage(t: Tracer, p: DamagePlan): { damage: number; crit: CritKind | null } {
  const rule = damageSteps(p);
  if (rule.critAt < 0) return { damage: rollSteps(t, rule.steps, p.dice.bonus), crit: null };
  // The draws are read at once, so one list serves every roll.
  draws.length = 0;
  const damage = rollSteps(t, rule.steps, p.dice.bonus, draws);
  return { damage, crit: critKindAt(draws[rule.critAt] ?? 0) };
}

/** The exact law of `rollDamage`'s damage, from the same steps. */
export function damageDistribution(p: DamagePlan): Distribution {
  return lawOfSteps(damageSteps(p).steps, p.dice.bonus);
}

/** The same law, kept with the plan's steps (the previews and every blow's odds ask for it again and again). */
export function damageLaw(p: DamagePlan): Distribution {
  return damageSteps(p).law();
}
