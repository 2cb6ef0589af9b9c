import { type Ratio, ratio, ratioOfDecimal, ratioMul, ratioDiv, formatRatio } from '../../core/ratio.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { PD_DIVERGENCES } from './divergences.js';
import { f32 } from './random.js';
import type { PdArmour, PdClass, PdMeleeWeapon, PdMissileWeapon, PdMonster, PdSubclassId } from './types.js';

/** The numbers a hero fights with; a frozen view built from the fighter's components. */
export interface PdHeroSheet {
  readonly cls: PdClass;
  readonly subclass: PdSubclassId;
  readonly level: number;
  /** Strength including potions, before weakness. */
  readonly strength: number;
  readonly weapon?: { readonly def: PdMeleeWeapon; readonly level: number };
  readonly armour?: { readonly def: PdArmour; readonly level: number };
  readonly weakened: boolean;
}

export const SECTION_HIT = 'pixel-dungeon#hit-test';
export const SECTION_DAMAGE = 'pixel-dungeon#damage';
export const SECTION_SURPRISE = 'pixel-dungeon#surprise-attack';

/** hero.STR(): two less while weakened. @spoiler pixel-dungeon#hit-test */
export function heroStrength(h: PdHeroSheet): number {
  return h.weakened ? h.strength - 2 : h.strength;
}

/** The attackSkill field: the class value, +1 per level after the first (9 + level). */
export function heroAttackSkillBase(h: PdHeroSheet): number {
  return h.cls.attackSkill + h.level - 1;
}

/** The defenseSkill field: the class value, +1 per level after the first (4 + level). */
export function heroDefenseSkillBase(h: PdHeroSheet): number {
  return h.cls.defenseSkill + h.level - 1;
}

/** Hit points: the class value, +5 per level after the first. */
export function heroMaxHp(cls: PdClass, level: number): number {
  return cls.hp + 5 * (level - 1);
}

/** A melee weapon's strength requirement: 8 + 2 x tier (or its own), one less per upgrade. */
export function meleeStrength(w: PdMeleeWeapon, level: number): number {
  return (w.strength ?? 8 + 2 * w.tier) - level;
}

/** Armour's strength requirement: 7 + 2 x tier, one less per upgrade. */
export function armourStrength(a: PdArmour, level: number): number {
  return 7 + 2 * a.tier - level;
}

/** Armour value: tier x (2 + level); absorption per hit is IntRange(0, this). */
export function armourDr(a: PdArmour, level: number): number {
  return Math.max(0, a.tier * (2 + level));
}

/**
 * A melee weapon's damage range: min = tier + level; max = (tier^2 - tier + 10) / ACU x DLY,
 * truncated, + level x tier. @spoiler pixel-dungeon#damage
 * The seed's war hammer reads 5 to 25; the game computes the quotient in float32 and gets 24.
 */
export function meleeDamageRange(w: PdMeleeWeapon, level: number, edition: Edition): { min: number; max: number } {
  const min = w.tier + level;
  if (w.maxDamage !== undefined) return { min, max: w.maxDamage + level * w.tier };
  const base = w.tier * w.tier - w.tier + 10;
  let max0: number;
  if (edition === 'source') {
    max0 = Math.trunc(f32(f32(base / f32(w.accuracy)) * f32(w.delay)));
  } else {
    const q = ratioMul(ratioDiv(ratio(base), ratioOfDecimal(w.accuracy)), ratioOfDecimal(w.delay));
    max0 = Math.floor(q.num / q.den);
  }
  return { min, max: max0 + level * w.tier };
}

/** Whether the two editions give this weapon different ranges (so the rules pane can say so). */
export function meleeRangeDiverges(w: PdMeleeWeapon, level: number): boolean {
  return meleeDamageRange(w, level, 'spoiler').max !== meleeDamageRange(w, level, 'source').max;
}

export type HeroAttackKind =
  | { readonly kind: 'melee' }
  | { readonly kind: 'thrown'; readonly missile: PdMissileWeapon }
  | { readonly kind: 'wand' };

/**
 * Hero accuracy: the level's accuracy times the weapon's accuracy, divided by 1.5 per point of
 * missing strength. @spoiler pixel-dungeon#hit-test
 * Edition `source` also applies the class missile encumbrance (Warrior +3, Huntress -2), halves
 * accuracy for a weapon thrown at an adjacent target, and truncates the product in float32.
 */
export function heroAccuracy(t: Tracer, h: PdHeroSheet, attack: HeroAttackKind, distance: number, edition: Edition): Ratio {
  const base = heroAttackSkillBase(h);
  if (t.recording) t.value('hero accuracy by level', base, `${h.cls.attackSkill} + (level ${h.level} - 1)`);
  const str = heroStrength(h);
  if (t.recording && h.weakened) t.note(`weakened: strength counts as ${str} instead of ${h.strength}`);
  if (attack.kind === 'wand') return ratio(base);

  let acu: number;
  let required: number;
  let enc: number;
  if (attack.kind === 'melee') {
    if (!h.weapon) {
      if (t.recording) t.note('bare hands: weapon accuracy 1');
      return ratio(base);
    }
    acu = h.weapon.def.accuracy;
    required = meleeStrength(h.weapon.def, h.weapon.level);
    enc = required - str;
  } else {
    acu = attack.missile.accuracy;
    required = attack.missile.strength;
    enc = required - str;
    if (edition === 'source' && h.cls.missileEncumbrance !== 0) {
      const before = enc;
      enc += h.cls.missileEncumbrance;
      if (t.recording) {
        t.edition('missile-class-encumbrance', PD_DIVERGENCES['missile-class-encumbrance'].source);
        t.mod(`${h.cls.name} missile encumbrance`, before, enc, `${h.cls.missileEncumbrance > 0 ? '+' : ''}${h.cls.missileEncumbrance} with thrown weapons`);
      }
    }
  }

  if (edition === 'spoiler') {
    if (t.recording && attack.kind === 'thrown') {
      if (h.cls.missileEncumbrance !== 0) t.edition('missile-class-encumbrance', PD_DIVERGENCES['missile-class-encumbrance'].spoiler);
      if (distance <= 1) t.edition('thrown-adjacent', PD_DIVERGENCES['thrown-adjacent'].spoiler);
    }
    let acc = ratioMul(ratio(base), ratioOfDecimal(acu));
    if (t.recording) t.value('x weapon accuracy', acc.num / acc.den, `${base} x ${acu} = ${formatRatio(acc)}`);
    if (enc > 0) {
      acc = ratioMul(acc, ratio(2 ** enc, 3 ** enc));
      if (t.recording) {
        t.value('strength penalty', acc.num / acc.den, `needs ${required}, has ${str}: / 1.5^${enc} = ${formatRatio(acc)}`);
      }
    }
    if (t.recording && acc.den !== 1) t.edition('skills-integer', PD_DIVERGENCES['skills-integer'].spoiler);
    return acc;
  }

  let ring = 1;
  if (attack.kind === 'thrown' && distance <= 1) {
    ring = f32(ring * 0.5);
    if (t.recording) {
      t.edition('thrown-adjacent', PD_DIVERGENCES['thrown-adjacent'].source);
      t.note('thrown at an adjacent target: accuracy x 0.5');
    }
  }
  const factor = enc > 0 ? f32(f32(acu) / 1.5 ** enc) : f32(acu);
  const exact = f32(f32(base * ring) * factor);
  const acc = Math.trunc(exact);
  if (t.recording) {
    const detail =
      enc > 0
        ? `${base}${ring !== 1 ? ' x 0.5' : ''} x ${acu} / 1.5^${enc} (needs ${required}, has ${str}) = ${exact.toFixed(3)}`
        : `${base}${ring !== 1 ? ' x 0.5' : ''} x ${acu} = ${exact.toFixed(3)}`;
    t.value('x weapon accuracy', exact, detail);
    if (acc !== exact) {
      t.edition('skills-integer', PD_DIVERGENCES['skills-integer'].source);
      t.mod('truncated to an integer', exact, acc, 'attackSkill is an int');
    }
  }
  return ratio(acc);
}

/**
 * Hero dodge: the defenseSkill field, divided by 1.5 per point of strength the armour lacks;
 * a Rogue whose armour is light enough gains +1 per spare point. @spoiler pixel-dungeon#hit-test
 * (The seed names the stat without a formula; this is the game's.) Paralysis halves it in the
 * `source` edition; in the `spoiler` edition a paralysed hero is surprised instead (dodge 0,
 * decided by the caller).
 */
export function heroDodge(t: Tracer, h: PdHeroSheet, paralysed: boolean, edition: Edition): Ratio {
  const base = heroDefenseSkillBase(h);
  if (t.recording) t.value('hero dodge by level', base, `${h.cls.defenseSkill} + (level ${h.level} - 1)`);
  const str = heroStrength(h);
  const aEnc = h.armour ? armourStrength(h.armour.def, h.armour.level) - str : 0;
  if (edition === 'spoiler') {
    let d = ratio(base);
    if (aEnc > 0) {
      d = ratioMul(d, ratio(2 ** aEnc, 3 ** aEnc));
      if (t.recording) {
        t.value('heavy armour', d.num / d.den, `armour needs ${str + aEnc}, has ${str}: / 1.5^${aEnc} = ${formatRatio(d)}`);
        if (d.den !== 1) t.edition('skills-integer', PD_DIVERGENCES['skills-integer'].spoiler);
      }
    } else if (h.cls.spareStrengthDodge && aEnc < 0) {
      d = ratio(base - aEnc);
      if (t.recording) t.mod(`${h.cls.name}: spare strength`, base, base - aEnc, `+1 per point above the armour's need`);
    }
    return d;
  }
  const evasion = paralysed ? f32(1 / 2) : 1;
  if (t.recording && paralysed) t.edition('hero-surprised', PD_DIVERGENCES['hero-surprised'].source);
  let v: number;
  if (aEnc > 0) {
    v = (base * evasion) / 1.5 ** aEnc;
    if (t.recording) t.value('heavy armour', v, `armour needs ${str + aEnc}, has ${str}: / 1.5^${aEnc}${paralysed ? ' x 0.5 (paralysed)' : ''}`);
  } else if (h.cls.spareStrengthDodge) {
    v = (base - aEnc) * evasion;
    if (t.recording && aEnc < 0) t.mod(`${h.cls.name}: spare strength`, base, base - aEnc, `+1 per point above the armour's need`);
  } else {
    v = base * evasion;
  }
  if (t.recording && paralysed) t.note('paralysed: dodge x 0.5');
  const d = Math.trunc(v);
  if (t.recording && d !== v) {
    t.edition('skills-integer', PD_DIVERGENCES['skills-integer'].source);
    t.mod('truncated to an integer', v, d, 'defenseSkill is an int');
  }
  return ratio(d);
}

/** Time, in Pixel Dungeon turns, scaled to integer milliturns (the arena's clock). */
export const MILLITURNS = 1000;

/** Converts a float32 game time to milliturns (the game's float clock, quantised to 1/1000). */
export function toMilliturns(turns: number): number {
  return Math.round(turns * MILLITURNS);
}

/** Melee delay: DLY x 1.2 per point of missing strength (float32). @spoiler pixel-dungeon#hit-test */
export function heroMeleeDelay(h: PdHeroSheet): number {
  if (!h.weapon) return MILLITURNS;
  const enc = meleeStrength(h.weapon.def, h.weapon.level) - heroStrength(h);
  return toMilliturns(enc > 0 ? f32(f32(h.weapon.def.delay) * 1.2 ** enc) : f32(h.weapon.def.delay));
}

/** Throw delay: the missile's DLY x 1.2 per point of missing strength; the Huntress counts 2 fewer. */
export function heroThrowDelay(h: PdHeroSheet, m: PdMissileWeapon): number {
  let enc = m.strength - heroStrength(h);
  if (h.cls.missileEncumbranceSlows) enc += h.cls.missileEncumbrance;
  return toMilliturns(enc > 0 ? f32(f32(m.delay) * 1.2 ** enc) : f32(m.delay));
}

/** A step: 1 / speed, where heavy armour divides speed by 1.3 per missing point and a cripple halves it. */
export function heroMoveDelay(h: PdHeroSheet, crippled: boolean): number {
  const aEnc = h.armour ? armourStrength(h.armour.def, h.armour.level) - heroStrength(h) : 0;
  let speed = crippled ? 0.5 : 1;
  if (aEnc > 0) speed = f32(speed * 1.3 ** -aEnc);
  return toMilliturns(f32(1 / speed));
}

/** A monster's step: 1 / speed, halved speed when crippled. */
export function monsterMoveDelay(speed: number, crippled: boolean): number {
  return toMilliturns(f32(1 / f32(crippled ? speed * 0.5 : speed)));
}

/** What the rules need to know about a defender. */
export type PdDefender =
  | {
      readonly kind: 'hero';
      readonly sheet: PdHeroSheet;
      readonly paralysed: boolean;
      /** Whether the hero saw this attacker at the hero's own last turn. */
      readonly sawAttacker: boolean;
      readonly onWater: boolean;
      readonly flying: boolean;
    }
  | {
      readonly kind: 'monster';
      readonly monster: PdMonster;
      readonly paralysed: boolean;
      /** The mob's enemySeen flag, refreshed on its own turns. */
      readonly enemySeen: boolean;
      readonly state: 'sleeping' | 'wandering' | 'hunting' | 'fleeing';
      readonly onWater: boolean;
      readonly flying: boolean;
    };

/** A monster's armour in this edition (the seed's gnoll scout has 4, the game's 2). */
export function monsterDr(t: Tracer, m: PdMonster, edition: Edition): number {
  if (edition === 'spoiler' && m.spoiler?.dr !== undefined) {
    if (t.recording) t.edition(m.spoiler.divergence, `${m.name}: armour ${m.spoiler.dr} as the seed says (the game has ${m.dr})`);
    return m.spoiler.dr;
  }
  if (t.recording && edition === 'source' && m.spoiler?.dr !== undefined) {
    t.edition(m.spoiler.divergence, `${m.name}: armour ${m.dr} in the game (the seed says ${m.spoiler.dr})`);
  }
  return m.dr;
}

/** The defender's armour value: a monster's by edition, a hero's from what it wears. */
export function defenderArmour(t: Tracer, d: PdDefender, edition: Edition): number {
  if (d.kind === 'monster') return monsterDr(t, d.monster, edition);
  return d.sheet.armour ? armourDr(d.sheet.armour.def, d.sheet.armour.level) : 0;
}
