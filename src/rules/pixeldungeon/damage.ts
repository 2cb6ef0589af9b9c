import { Distribution } from '../../core/distribution.js';
import { NO_DIE, customDie } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { PD_DIVERGENCES } from './divergences.js';
import { IntBelowDie, IntRangeDie, NormalIntRangeDie } from './random.js';
import { SECTION_DAMAGE } from './sheet.js';
import { type PdRule, type PdStep, pdRule, pdStepKind, pdStepsLaw, rollPdRule, rollPdRuleQuietly, showMod } from './steps.js';

/**
 * Damage against armour, written once as a step list: the roll, the rules pane's trace and the
 * exact law all come from `damageSteps`. @spoiler pixel-dungeon#damage
 */

/** How the damage number is rolled. */
export type PdDamageRoll =
  | { readonly kind: 'normal'; readonly min: number; readonly max: number }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number };

/** What the damage of an attack needs. */
export interface PdDamageSpec {
  readonly roll: PdDamageRoll;
  /** Excess strength: IntRange(0, excess) added to the roll when positive. */
  readonly excess: number;
  /** Furious Berserker: the damage x 1.5, rounded down, before armour. */
  readonly fury: boolean;
  /** The defender's armour: absorption IntRange(0, absorb); null for damage that skips armour. */
  readonly absorb: number | null;
  /** Whether a Sniper's attack ignores this armour. */
  readonly sniperIgnoresArmour: boolean;
  /** Standing in water: x 1.5, rounded down (the shaman's lightning). */
  readonly waterBoost: boolean;
  /** Assassin bonus on a surprise attack, per edition. */
  readonly assassin: 'none' | 'spoiler' | 'source';
}

const oneAndAHalf = (x: number): number => Math.trunc(x * 1.5);

/** A Sniper's shot: the armour is there but absorbs nothing, and the trace says so. */
const SNIPER_NO_ARMOUR = customDie(
  'nothing (Sniper)',
  (t) => {
    if (t.recording) t.note('Sniper: the armour absorbs nothing');
    return 0;
  },
  () => Distribution.constant(0),
);

const take = (_x: number, r: number): number => r;
const add = (x: number, r: number): number => x + r;
const absorbed = (x: number, r: number): number => (x > r ? x - r : 0);

/** The kinds of step a hit's damage is made of, declared once; a hit's steps are these with its dice. */
const ROLL_NORMAL = pdStepKind('damage roll (centre-biased)', take);
const ROLL_UNIFORM = pdStepKind('damage roll', take);
const EXCESS = pdStepKind<IntRangeDie>('excess strength bonus', add, (t, before, after, _r, die) => {
  t.mod('+ excess strength', before, after, `0..${die.b} for strength above the weapon's need`);
});
/** Armour: the absorption is drawn before the damage, as the game does, and taken off last, never below 0. */
const ARMOUR = pdStepKind(
  'armour absorbs',
  absorbed,
  (t, before, after, r) => {
    t.mod('- armour', before, after, r > before ? `absorbed ${r}: never below 0` : `absorbed ${r}`);
  },
  { early: true },
);

const FURY = pdStepKind('Furious Berserker', oneAndAHalf, showMod('Furious Berserker', 'x 1.5, rounded down'))(NO_DIE);
const WATER = pdStepKind('target stands in water', oneAndAHalf, showMod('target stands in water', 'x 1.5, rounded down'))(NO_DIE);

/** Int(1, damage), one die per damage, made when first needed. */
const bonusDice: IntBelowDie[] = [];
const assassinBonusDie = (x: number): IntBelowDie => (bonusDice[x] ??= new IntBelowDie(1, x));

const ASSASSIN_SOURCE = pdStepKind('Assassin bonus Int(1, damage)', add, showMod('Assassin surprise bonus', 'the mob had not seen its enemy'), {
  edition: { id: 'assassin-bonus', text: PD_DIVERGENCES['assassin-bonus'].source },
})(assassinBonusDie);
const ASSASSIN_SPOILER = pdStepKind('Assassin surprise attack', oneAndAHalf, showMod('Assassin surprise attack', '+50%, rounded down'), {
  edition: { id: 'assassin-bonus', text: PD_DIVERGENCES['assassin-bonus'].spoiler },
})(NO_DIE);

/**
 * The damage of a hit, from 0: absorption (drawn first), the damage roll, excess strength, fury,
 * water, armour, the Assassin's bonus.
 */
export function damageSteps(a: PdDamageSpec): PdStep[] {
  const steps: PdStep[] = [a.roll.kind === 'normal' ? ROLL_NORMAL(new NormalIntRangeDie(a.roll.min, a.roll.max)) : ROLL_UNIFORM(new IntRangeDie(a.roll.min, a.roll.max))];
  if (a.excess > 0) steps.push(EXCESS(new IntRangeDie(0, a.excess)));
  if (a.fury) steps.push(FURY);
  if (a.waterBoost) steps.push(WATER);
  if (a.absorb !== null) steps.push(ARMOUR(a.sniperIgnoresArmour ? SNIPER_NO_ARMOUR : new IntRangeDie(0, a.absorb)));
  if (a.assassin === 'source') steps.push(ASSASSIN_SOURCE);
  else if (a.assassin === 'spoiler') steps.push(ASSASSIN_SPOILER);
  return steps;
}

/** Rolls the damage of a hit through its steps, made a rule ready to roll (`pdRule(damageSteps(a))`). */
export function rollDamageRule(t: Tracer, rule: PdRule): number {
  return t.recording ? rollDamageTraced(t, rule) : rollPdRuleQuietly(t, rule, 0);
}

function rollDamageTraced(t: Tracer, rule: PdRule): number {
  t.rule(SECTION_DAMAGE, 'Damage');
  return rollPdRule(t, rule, 0);
}

/** Rolls the damage of a hit. */
export function rollDamage(t: Tracer, a: PdDamageSpec): number {
  return rollDamageRule(t, pdRule(damageSteps(a)));
}

/** The exact damage distribution of an attack, given that it hit. */
export function damageDistribution(a: PdDamageSpec): Distribution {
  return pdStepsLaw(damageSteps(a), 0);
}
