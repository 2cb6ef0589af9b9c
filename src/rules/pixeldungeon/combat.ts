import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Ratio, ratio } from '../../core/ratio.js';
import type { Die } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type PdDamageRoll, type PdDamageSpec, damageSteps, rollDamageRule } from './damage.js';
import { PD_DIVERGENCES } from './divergences.js';
import {
  type HeroAttackKind,
  type PdDefender,
  type PdHeroSheet,
  SECTION_HIT,
  defenderArmour,
  heroAccuracy,
  heroStrength,
  meleeDamageRange,
  meleeRangeDiverges,
  meleeStrength,
} from './sheet.js';
import { type PdRule, pdRule, pdStepsLaw } from './steps.js';
import { type PdHitSpec, attackHitChance, defenderDodge, hitDie, hitPlan, traceHitHeader } from './to-hit.js';
import type { PdMonster } from './types.js';

/**
 * One attack, fully specified: every number the hit test and the damage roll need, so the roll
 * itself is a few integer draws and the exact odds are a pure function of this record.
 */
export interface PdAttack extends PdHitSpec, PdDamageSpec {
  /**
   * The attack's rules worked out in advance by the builders: the hit test as a die, the damage
   * as steps. It is not enumerable, so a copy of the record made by spreading (perhaps with
   * other numbers) does not carry it and is planned afresh.
   */
  readonly plan?: AttackPlan;
}

/** An attack's hit test and damage steps. */
export interface AttackPlan {
  /** The hit test (null: no roll to hit). */
  readonly hit: Die | null;
  /** The damage steps, ready to roll. */
  readonly damage: PdRule;
}

export interface PdAttackRoll {
  readonly hit: boolean;
  readonly damage: number;
}

const MISS: PdAttackRoll = Object.freeze({ hit: false, damage: 0 });

/** Works out an attack's hit test and damage steps. */
export function planAttack(a: PdAttack): AttackPlan {
  return {
    hit: a.accuracy === null ? null : hitDie(hitPlan(a.accuracy, a.dodge, a.magic), a.magic),
    damage: pdRule(damageSteps(a)),
  };
}

/** The record with its plan, so that rolling it does no arithmetic on fractions and builds no steps. */
function planned(a: PdAttack): PdAttack {
  return Object.defineProperty({ ...a }, 'plan', { value: planAttack(a), enumerable: false });
}

/**
 * Rolls an attack: the hit test, then (on a hit) absorption first, as the game does, then the
 * damage roll, excess strength, fury, armour, and the Assassin's bonus.
 * @spoiler pixel-dungeon#damage
 */
export function rollAttack(t: Tracer, a: PdAttack): PdAttackRoll {
  const plan = a.plan ?? planAttack(a);
  if (t.recording) traceHitHeader(t, a);
  if (plan.hit !== null && plan.hit.roll(t, 'hit test') === 0) return MISS;
  return { hit: true, damage: rollDamageRule(t, plan.damage) };
}

export interface PdAttackOdds {
  readonly hit: Fraction;
  /** Damage given a hit. */
  readonly damage: Distribution;
  /** Expected damage per attack, misses counted as 0. */
  readonly expected: Fraction;
}

/** The exact odds of an attack, from the same hit test and damage steps that roll it. */
export function attackOdds(a: PdAttack): PdAttackOdds {
  const hit = attackHitChance(a);
  const damage = pdStepsLaw(a.plan?.damage.steps ?? damageSteps(a), 0);
  return { hit, damage, expected: hit.mul(damage.mean()) };
}

// ---------------------------------------------------------------------------------------------
// Building attacks from the two fighters.

export interface PdAttackContext {
  readonly edition: Edition;
  /** Chebyshev distance between the fighters. */
  readonly distance: number;
}

export interface HeroAttackerState {
  readonly sheet: PdHeroSheet;
  readonly fury: boolean;
}

/**
 * Builds a hero's attack (melee, a thrown weapon or a wand bolt) against a defender, tracing how
 * every number was derived.
 */
export function heroAttack(t: Tracer, h: HeroAttackerState, kind: HeroAttackKind, d: PdDefender, ctx: PdAttackContext, wandLevel = 0): PdAttack {
  const { edition } = ctx;
  const sheet = h.sheet;
  if (t.recording) t.rule(SECTION_HIT, kind.kind === 'melee' ? 'Hero accuracy' : kind.kind === 'thrown' ? `Hero accuracy with a thrown ${kind.missile.name}` : 'Hero accuracy with a wand');

  if (kind.kind === 'wand') {
    const roll: PdDamageRoll = { kind: 'uniform', min: 1, max: Math.max(1, 5 + 2 * wandLevel) };
    let accuracy: Ratio | null = null;
    if (edition === 'spoiler') {
      if (t.recording) t.edition('wand-hit-roll', PD_DIVERGENCES['wand-hit-roll'].spoiler);
      accuracy = heroAccuracy(t, sheet, kind, ctx.distance, edition);
    } else if (t.recording) t.edition('wand-hit-roll', PD_DIVERGENCES['wand-hit-roll'].source);
    const { dodge, surprise } = defenderDodge(t, d, edition);
    return planned({
      label: 'magic missile',
      accuracy,
      magic: true,
      dodge,
      surprise,
      roll,
      excess: 0,
      fury: false,
      absorb: null,
      sniperIgnoresArmour: false,
      waterBoost: false,
      assassin: 'none',
    });
  }

  const accuracy = heroAccuracy(t, sheet, kind, ctx.distance, edition);
  const { dodge, surprise } = defenderDodge(t, d, edition);
  const str = heroStrength(sheet);
  const thrown = kind.kind === 'thrown';
  let roll: PdDamageRoll;
  let weaponStr: number | null = null;
  let label: string;
  if (thrown) {
    roll = { kind: 'normal', min: kind.missile.minDamage, max: kind.missile.maxDamage };
    weaponStr = kind.missile.strength;
    label = kind.missile.name;
  } else if (sheet.weapon) {
    const r = meleeDamageRange(sheet.weapon.def, sheet.weapon.level, edition);
    roll = { kind: 'normal', min: r.min, max: r.max };
    weaponStr = meleeStrength(sheet.weapon.def, sheet.weapon.level);
    label = sheet.weapon.def.name;
    if (t.recording && meleeRangeDiverges(sheet.weapon.def, sheet.weapon.level)) {
      t.edition('weapon-max-float', edition === 'spoiler' ? `${label}: ${r.min}-${r.max} with exact arithmetic` : `${label}: ${r.min}-${r.max}, the maximum truncated in float32`);
    }
  } else {
    roll = str > 10 ? { kind: 'uniform', min: 1, max: str - 9 } : { kind: 'uniform', min: 1, max: 1 };
    label = 'bare hands';
  }

  let excess = 0;
  if (weaponStr !== null && str > weaponStr) {
    const spare = str - weaponStr;
    if (edition === 'spoiler') {
      excess = spare;
      if (t.recording && thrown !== sheet.cls.excessStrengthWithMissiles) t.edition('excess-strength', PD_DIVERGENCES['excess-strength'].spoiler);
    } else {
      const huntress = sheet.cls.excessStrengthWithMissiles;
      if (thrown === huntress) excess = spare;
      if (t.recording) {
        t.edition('excess-strength', PD_DIVERGENCES['excess-strength'].source);
        if (excess === 0) t.note(`no excess-strength bonus: ${huntress ? 'a Huntress gets it with thrown weapons only' : 'only in melee'}`);
      }
    }
  }

  const sniper = sheet.subclass === 'sniper';
  let sniperIgnoresArmour = false;
  if (sniper) {
    if (edition === 'spoiler') {
      sniperIgnoresArmour = true;
      if (t.recording && !thrown) t.edition('sniper-armour', PD_DIVERGENCES['sniper-armour'].spoiler);
    } else {
      sniperIgnoresArmour = thrown;
      if (t.recording && !thrown) t.edition('sniper-armour', PD_DIVERGENCES['sniper-armour'].source);
    }
  }

  let assassin: PdAttack['assassin'] = 'none';
  if (sheet.subclass === 'assassin' && d.kind === 'monster') {
    if (edition === 'spoiler' && surprise) assassin = 'spoiler';
    if (edition === 'source' && !d.enemySeen) assassin = 'source';
  }

  const absorb = defenderArmour(t, d, edition);
  if (t.recording) {
    t.note(`damage roll: ${roll.kind === 'normal' ? 'centre-biased' : 'uniform'} ${roll.min}-${roll.max}`);
    if (h.fury) t.note('Fury: damage x 1.5 (HP at most 40%)');
  }
  return planned({ label, accuracy, magic: false, dodge, surprise, roll, excess, fury: h.fury, absorb, sniperIgnoresArmour, waterBoost: false, assassin });
}

export type MonsterAttackKind =
  | { readonly kind: 'melee' }
  | { readonly kind: 'lightning'; readonly damage: readonly [number, number] }
  | { readonly kind: 'shadow-bolt'; readonly damage: readonly [number, number] }
  | { readonly kind: 'ranged' };

/** Builds a monster's attack against a defender. */
export function monsterAttack(
  t: Tracer,
  m: PdMonster,
  enraged: boolean,
  kind: MonsterAttackKind,
  d: PdDefender,
  ctx: PdAttackContext,
): PdAttack {
  if (t.recording) t.rule(SECTION_HIT, `${m.name} accuracy`);
  const accuracy = ratio(m.attackSkill);
  if (t.recording) t.value(`${m.name} accuracy`, m.attackSkill, 'from its table');
  const { dodge, surprise } = defenderDodge(t, d, ctx.edition);
  if (kind.kind === 'lightning' || kind.kind === 'shadow-bolt') {
    // Int(a, b) excludes b: the data holds the inclusive range already.
    return planned({
      label: `${m.name}'s ${kind.kind === 'lightning' ? 'lightning' : 'shadow bolt'}`,
      accuracy,
      magic: true,
      dodge,
      surprise,
      roll: { kind: 'uniform', min: kind.damage[0], max: kind.damage[1] },
      excess: 0,
      fury: false,
      absorb: null,
      sniperIgnoresArmour: false,
      waterBoost: kind.kind === 'lightning' && d.onWater && !d.flying,
      assassin: 'none',
    });
  }
  const enrage = m.abilities.find((a) => a.kind === 'enrage');
  const range = enraged && enrage ? enrage.damage : m.damage;
  if (t.recording && enraged) t.note(`${m.name} is enraged: damage ${range[0]}-${range[1]}`);
  return planned({
    label: kind.kind === 'ranged' ? `${m.name}'s sting` : `${m.name}'s attack`,
    accuracy,
    magic: false,
    dodge,
    surprise,
    roll: { kind: 'normal', min: range[0], max: range[1] },
    excess: 0,
    fury: false,
    absorb: defenderArmour(t, d, ctx.edition),
    sniperIgnoresArmour: false,
    waterBoost: false,
    assassin: 'none',
  });
}


/**
 * The odds of attacks already worked out, by the numbers they depend on: a duel asks for the
 * same few attacks over and over, and the laws are exact fractions, slow to build. Forgets
 * everything when full.
 */
export class OddsMemo {
  private readonly known = new Map<string, PdAttackOdds>();
  constructor(private readonly capacity = 4096) {}

  odds(a: PdAttack): PdAttackOdds {
    const acc = a.accuracy === null ? '-' : `${a.accuracy.num}/${a.accuracy.den}`;
    const r = a.roll;
    const key = `${acc} ${a.dodge.num}/${a.dodge.den} ${a.magic} ${r.kind} ${r.min} ${r.max} ${a.excess} ${a.fury} ${a.absorb} ${a.sniperIgnoresArmour} ${a.waterBoost} ${a.assassin}`;
    let o = this.known.get(key);
    if (o === undefined) {
      if (this.known.size >= this.capacity) this.known.clear();
      o = attackOdds(a);
      this.known.set(key, o);
    }
    return o;
  }
}
