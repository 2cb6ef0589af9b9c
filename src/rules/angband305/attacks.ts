import type { Distribution } from '../../core/distribution.js';
import { type Dice, parseDice } from '../../core/dice.js';
import { Fraction } from '../../core/fraction.js';
import { type Ratio, ratio } from '../../core/ratio.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { angbandDistance } from '../../world/angband-path.js';
import type { Point } from '../../world/grid.js';
import {
  type AngCharacter,
  type AngGear,
  type Blows,
  type Derived,
  baseMeleeSkill,
  baseMissileSkill,
  blowsPerRound,
  currentStats,
  describeParts,
  gearName,
  heavyPenalty,
  meleeBonus,
  meleePerTenLevels,
  missileBonus,
  overallSkill,
  sharedToDam,
  sharedToHit,
  shooting,
  slaysOf,
  sumParts,
  weaponToDam,
  weaponToHit,
} from './sheet.js';
import { Attempt, type Chain, type Check, type Round, lawOfRound } from './attempts.js';
import { type CritKind, type CritPlan, MELEE_CRIT_TYPES, MISSILE_CRIT_TYPES, bestSlay, critKindAt, slayKindOf, slayName } from './criticals.js';
import { type DamagePlan, SECTION_DAMAGE, SECTION_MISSILE_DAMAGE, damageKey, damageSteps } from './damage.js';
import { SECTION_HIT, SECTION_MISSILE_HIT, hitRule } from './to-hit.js';
import { ANG_DIVERGENCES } from './divergences.js';
import { formatStat } from './stats.js';
import type { AngAmmo, AngBreakageClass, AngMonster, AngSlay } from './types.js';

/**
 * The player's attacks planned from a character and a target: every number each roll needs,
 * worked out (and traced) once, so that rolling is a few draws and the exact odds are a pure
 * function of the plan.
 */

export const SECTION_BLOWS = 'angband-3.0.5#blows';
export const SECTION_MELEE_SKILL = 'angband-3.0.5#melee-skill';
export const SECTION_MISSILE_SKILL = 'angband-3.0.5#missile-skill';
export const SECTION_SHOTS = 'angband-3.0.5#shots';

/** What the attacker knows of its target. */
export interface Target {
  readonly ac: number;
  readonly flags: AngMonster['flags'];
  /** Whether the attacker can see it (halves the skill when not). */
  readonly visible: boolean;
}

export function monsterTarget(m: Pick<AngMonster, 'ac' | 'flags'>, visible: boolean): Target {
  return { ac: m.ac, flags: m.flags, visible };
}

export interface MeleePlan {
  readonly label: string;
  readonly blows: Blows;
  readonly base: Derived;
  readonly bonus: Derived;
  /** Overall melee skill: base + 3 x bonus. */
  readonly skill: Ratio;
  readonly target: Target;
  readonly damage: DamagePlan;
  readonly edition: Edition;
}

const tenths = (w: number): string => `${(w / 10).toFixed(1).replace(/\.0$/, '')} lb`;

/**
 * Plans one round of melee blows. @spoiler angband-3.0.5#blows, angband-3.0.5#melee-skill,
 * angband-3.0.5#melee-damage
 */
export function planMelee(t: Tracer, c: AngCharacter, target: Target, edition: Edition): MeleePlan {
  const w = c.weapon;
  const blows = blowsPerRound(c, edition);
  const base = baseMeleeSkill(c, edition);
  const bonus = meleeBonus(c, edition);
  const skill = overallSkill(base, bonus);
  if (t.recording) traceMeleeSetup(t, c, blows, base, bonus, skill, edition);
  const slay = bestSlay(slaysOf(w), target.flags);
  const toDam = sharedToDam(c);
  let damage: DamagePlan;
  if (!w) {
    // Bare hands: 1 damage, no critical. The game adds the to-dam bonus (divergence bare-hand-damage).
    const after = edition === 'source' ? toDam.total.num / toDam.total.den : 0;
    damage = { dice: BARE_HANDS, before: 0, launcher: 1, slay: 1, slayName: null, crit: null, after, edition, section: SECTION_DAMAGE };
    if (t.recording) {
      t.edition('bare-hand-damage', ANG_DIVERGENCES['bare-hand-damage'][edition]);
      t.value('bare-hand damage', 1 + after, edition === 'source' ? `1 + to-dam ${describeParts(toDam)}` : '1, no bonuses');
    }
  } else {
    const crit: CritPlan = {
      power: ratio(w.def.weight * bonus.total.den + 5 * bonus.total.num + 3 * c.level * bonus.total.den, bonus.total.den),
      weight: w.def.weight,
      sides: 650,
      types: MELEE_CRIT_TYPES,
    };
    const after = weaponToDam(w) + toDam.total.num / toDam.total.den;
    damage = { dice: parseDice(w.def.dice), before: 0, launcher: 1, slay: slay.mult, slayName: slay.power ? slayName(slay.power) : null, ...(slay.power ? { slayKind: slayKindOf(slay.power) } : {}), crit, after, edition, section: SECTION_DAMAGE };
    if (t.recording) {
      t.value('critical P', crit.power.num / crit.power.den, `${tenths(w.def.weight)} x 10 + 5 x bonus ${fmt(bonus.total)} + 3 x level ${c.level}`);
      t.value('to-dam per blow', after, `weapon ${weaponToDam(w)}; ${describeParts(toDam)}`);
      if (slay.power) t.note(`${slayName(slay.power)} applies: damage dice x${slay.mult}`);
    }
  }
  return { label: w ? gearName(w) : 'bare hands', blows, base, bonus, skill, target, damage, edition };
}

const BARE_HANDS: Dice = Object.freeze({ count: 0, sides: 0, bonus: 1, text: '1' });

function fmt(r: Ratio): string {
  const v = r.num / r.den;
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

function traceMeleeSetup(t: Tracer, c: AngCharacter, b: Blows, base: Derived, bonus: Derived, skill: Ratio, edition: Edition): void {
  t.rule(SECTION_BLOWS, 'Blows per round');
  if (b.swi === null) t.note('bare hands: one blow');
  else {
    const stats = currentStats(c);
    t.value('ASB', b.asb, `adjusted strength for blows, STR ${formatStat(stats.str)}`);
    t.value('SWI', b.swi, `${b.asb} / max(${tenths(c.weapon?.def.weight ?? 0)}, ${tenths(c.cls.minWeaponWeight)}) x ${c.cls.blowsMultiplier / 10}, rounded down, at most 11`);
    if (b.heavy && edition === 'source') t.value('blows', b.blows, 'the weapon is too heavy: one blow, and no extra blows');
    else t.value('blows', b.blows, `table row ${b.dexRow} (DEX ${formatStat(stats.dex)}), column ${b.swi}: ${b.natural} (${c.cls.name} at most ${c.cls.maxBlows})${b.extra ? ` + ${b.extra} extra` : ''}`);
    if (b.heavy) t.edition('heavy-weapon-blows', ANG_DIVERGENCES['heavy-weapon-blows'][edition]);
  }
  t.rule(SECTION_MELEE_SKILL, 'Melee skill');
  if (c.cls.spoilerMeleePerTenLevels !== undefined) t.edition('skill-per-level', ANG_DIVERGENCES['skill-per-level'][edition]);
  if (levelTermDiffers(meleePerTenLevels(c.cls, 'spoiler'), c.level) || levelTermDiffers(meleePerTenLevels(c.cls, 'source'), c.level)) {
    t.edition('level-term-truncated', ANG_DIVERGENCES['level-term-truncated'][edition]);
  }
  t.value('base skill', base.total.num / base.total.den, describeParts(base));
  if (overweightDiffers(c)) t.edition('overweight-whole-pounds', ANG_DIVERGENCES['overweight-whole-pounds'][edition]);
  t.value('bonus to combat skill', bonus.total.num / bonus.total.den, describeParts(bonus));
  t.value('overall skill K', skill.num / skill.den, 'base + 3 x bonus');
}

/** Whether a weapon or launcher's overweight penalty differs between the editions (fractions of a pound). */
function overweightDiffers(c: AngCharacter): boolean {
  const str = currentStats(c).str;
  return [c.weapon?.def.weight, c.bow?.def.weight].some((w) => {
    if (w === undefined) return false;
    const a = heavyPenalty(w, str, 'spoiler').penalty;
    const b = heavyPenalty(w, str, 'source').penalty;
    return a.num * b.den !== b.num * a.den;
  });
}

// The last blow asked for: a round, its odds and the next round of the same plan ask again.
const lastBlow: { hit?: Check; damage?: Chain; label?: string; blow?: Attempt } = {};

/**
 * One blow of the plan, written once: the hit test, then the damage's steps (`damageSteps`,
 * whose draws tell the critical). The same attempt rolls it and gives its odds.
 */
export function blowAttempt(p: MeleePlan): Attempt {
  const hit = hitRule(p.skill, p.target.ac, p.target.visible, p.edition);
  const damage = damageSteps(p.damage);
  if (lastBlow.blow && hit === lastBlow.hit && damage === lastBlow.damage && p.label === lastBlow.label) return lastBlow.blow;
  const label = `Blow with ${p.label}`;
  const blow = new Attempt(hit, damage, (t) => t.rule(SECTION_HIT, label));
  Object.assign(lastBlow, { hit, damage, label: p.label, blow });
  return blow;
}

/** The critical a hit of the plan scored, read from its damage steps' draws. */
export function blowCritical(p: MeleePlan | MissilePlan, draws: readonly number[]): CritKind | null {
  const at = damageSteps(p.damage).critAt;
  return at < 0 ? null : critKindAt(draws[at] ?? 0);
}

/**
 * A round of the plan's blows against a target of `hp` hit points: the blows stop once it is
 * below 0 (with Infinity, every blow is made). Every blow is the same attempt: nothing a blow
 * does changes the next.
 */
export class MeleeRound implements Round {
  readonly count: number;
  constructor(
    private readonly plan: MeleePlan,
    readonly hp: number,
    private readonly blow: Attempt = blowAttempt(plan),
  ) {
    this.count = plan.blows.blows;
  }
  attempt(): Attempt {
    return this.blow;
  }
  key(): string {
    return `round|${this.count}|${this.blow.hitChance().toString()}|${damageKey(this.plan.damage)}`;
  }
}

/** The exact odds of one blow: its hit chance and its damage given a hit. */
export function blowOdds(p: MeleePlan): { hit: Fraction; damage: Distribution } {
  const blow = blowAttempt(p);
  return { hit: blow.hitChance(), damage: blow.damageLaw() };
}

/** The exact law of a whole round of the plan's blows, every blow made (kept). */
export function roundLaw(p: MeleePlan): Distribution {
  return lawOfRound(new MeleeRound(p, Infinity));
}

// --- Missiles ---------------------------------------------------------------------------------

/** Something thrown: a weapon, ammunition without its launcher, or a flask. */
export interface Thrown {
  readonly name: string;
  readonly weight: number;
  readonly dice: string;
  readonly toHit: number;
  readonly toDam: number;
  readonly slays: readonly AngSlay[];
  /** Weapons and ammunition count their to-hit for the seed's critical, and take slays. */
  readonly isWeapon: boolean;
  readonly breakage: AngBreakageClass;
}

export interface MissilePlan {
  readonly kind: 'fire' | 'throw';
  readonly label: string;
  /** K: the skill with the distance taken off, before halving for an unseen target. */
  readonly skill: Ratio;
  readonly distance: number;
  readonly target: Target;
  readonly damage: DamagePlan;
  readonly breakage: AngBreakageClass;
  readonly edition: Edition;
}

/** A missile's distance counted both ways: squares (the seed) and the game's approximation. */
export interface MissileDistances {
  readonly squares: number;
  readonly game: number;
}

export function missileDistances(from: Point, to: Point): MissileDistances {
  return { squares: Math.max(Math.abs(from.x - to.x), Math.abs(from.y - to.y)), game: angbandDistance(from, to) };
}

/** The distance a missile's to-hit counts: squares in the seed, the game's approximation in the code. */
export function missileDistance(from: Point, to: Point, edition: Edition): number {
  const d = missileDistances(from, to);
  return edition === 'source' ? d.game : d.squares;
}

/** Whether the seed's exact level term and the game's truncated one differ. */
export function levelTermDiffers(perTenLevels: number, level: number): boolean {
  return (perTenLevels * level) % 10 !== 0;
}

/**
 * Plans a shot from the wielded launcher. @spoiler angband-3.0.5#missile-hit,
 * angband-3.0.5#missile-critical, angband-3.0.5#missile-damage
 */
export function planShot(t: Tracer, c: AngCharacter, ammo: AngGear<AngAmmo>, target: Target, distance: number, edition: Edition, both?: MissileDistances): MissilePlan {
  const bow = c.bow;
  const shoot = shooting(c, edition);
  if (!bow || !shoot) throw new Error('a shot needs a launcher');
  const base = baseMissileSkill(c, edition);
  const bonus = missileBonus(c, edition);
  const ammoToHit = weaponToHit(ammo);
  // K = base + 3 x (bonus + ammunition to-hit) - distance.
  const k0 = overallSkill(base, sumParts([...bonus.parts, { label: ammo.def.name, value: ratio(ammoToHit) }]));
  const skill = ratio(k0.num - distance * k0.den, k0.den);
  const shared = sharedToHit(c, edition);
  const critBonus =
    edition === 'source'
      ? ratio(shared.total.num + ammoToHit * shared.total.den, shared.total.den)
      : ratio(bonus.total.num + ammoToHit * bonus.total.den, bonus.total.den);
  const critWeight = edition === 'source' ? ammo.def.weight : bow.def.weight;
  const crit: CritPlan = {
    power: ratio(critWeight * critBonus.den + 4 * critBonus.num + 2 * c.level * critBonus.den, critBonus.den),
    weight: ammo.def.weight,
    sides: 500,
    types: MISSILE_CRIT_TYPES,
  };
  const slay = bestSlay([...(ammo.ego?.slays ?? [])], target.flags);
  const before = weaponToDam(ammo) + weaponToDam(bow);
  const damage: DamagePlan = { dice: parseDice(ammo.def.dice), before, launcher: shoot.multiplier, slay: slay.mult, slayName: slay.power ? slayName(slay.power) : null, ...(slay.power ? { slayKind: slayKindOf(slay.power) } : {}), crit, after: 0, edition, section: SECTION_MISSILE_DAMAGE };
  if (t.recording) {
    t.rule(SECTION_MISSILE_SKILL, 'Missile skill');
    if (levelTermDiffers(c.cls.missile.perTenLevels, c.level)) t.edition('level-term-truncated', ANG_DIVERGENCES['level-term-truncated'][edition]);
    t.value('base skill', base.total.num / base.total.den, describeParts(base));
    t.value('bonus to missile skill', bonus.total.num / bonus.total.den, describeParts(bonus));
    t.value('K before distance', k0.num / k0.den, `base + 3 x (bonus + ${ammo.def.name} ${ammoToHit})`);
    if (both && both.squares !== both.game) t.edition('missile-distance', ANG_DIVERGENCES['missile-distance'][edition]);
    t.mod('- distance', k0.num / k0.den, skill.num / skill.den, `${distance} ${edition === 'source' ? "(the game's distance)" : 'squares'}`);
    t.rule(SECTION_SHOTS, 'Launcher');
    if (shoot.heavy) t.edition('heavy-weapon-blows', ANG_DIVERGENCES['heavy-weapon-blows'][edition]);
    t.value('multiplier', shoot.multiplier, `${bow.def.name} x${bow.def.multiplier}${shoot.egoMight ? ` + ${shoot.egoMight} might` : ''}`);
    const parts = [...(shoot.rangerShots ? [`${shoot.rangerShots} ranger`] : []), ...(shoot.egoShots ? [`${shoot.egoShots} from ${bow.ego?.name ?? 'equipment'}`] : [])];
    t.value('shots', shoot.shots, parts.length ? `1 + ${parts.join(' + ')}` : 'one a turn');
    if (100 % shoot.shots !== 0) t.edition('energy-per-shot', ANG_DIVERGENCES['energy-per-shot'][edition]);
    t.value('energy per shot', shoot.energy.num / shoot.energy.den, `100 / ${shoot.shots}${edition === 'source' ? ', rounded down' : ''}`);
    t.edition('missile-crit-weight', ANG_DIVERGENCES['missile-crit-weight'][edition]);
    t.edition('missile-crit-bonus', ANG_DIVERGENCES['missile-crit-bonus'][edition]);
    t.value('critical P', crit.power.num / crit.power.den, `${critWeight} (10 x ${edition === 'source' ? 'missile' : 'launcher'} weight) + 4 x ${fmt(critBonus)} + 2 x level ${c.level}`);
  }
  return { kind: 'fire', label: gearName(ammo), skill, distance, target, damage, breakage: ammo.def.ammo, edition };
}

/**
 * Plans a throw. @spoiler angband-3.0.5#missile-hit: the missile skill and 3 x the object's
 * to-hit in the seed; the game uses the throwing skill and the player's to-hit only (divergence
 * thrown-to-hit). Damage: the dice and the object's to-dam, slays for weapons, then a critical
 * by the object's weight.
 */
export function planThrow(t: Tracer, c: AngCharacter, item: Thrown, target: Target, distance: number, edition: Edition, both?: MissileDistances): MissilePlan {
  const base = baseMissileSkill(c, edition);
  const shared = sharedToHit(c, edition);
  const bonus = edition === 'source' ? shared : sumParts([...missileBonus(c, edition).parts, { label: item.name, value: ratio(item.toHit) }]);
  const k0 = overallSkill(base, bonus);
  const skill = ratio(k0.num - distance * k0.den, k0.den);
  const critBonus =
    edition === 'source'
      ? ratio(shared.total.num + item.toHit * shared.total.den, shared.total.den)
      : ratio(missileBonus(c, edition).total.num + (item.isWeapon ? item.toHit : 0) * missileBonus(c, edition).total.den, missileBonus(c, edition).total.den);
  const crit: CritPlan = {
    power: ratio(item.weight * critBonus.den + 4 * critBonus.num + 2 * c.level * critBonus.den, critBonus.den),
    weight: item.weight,
    sides: 500,
    types: MISSILE_CRIT_TYPES,
  };
  const slay = item.isWeapon ? bestSlay(item.slays, target.flags) : { mult: 1, power: null };
  const damage: DamagePlan = { dice: parseDice(item.dice), before: item.toDam, launcher: 1, slay: slay.mult, slayName: slay.power ? slayName(slay.power) : null, ...(slay.power ? { slayKind: slayKindOf(slay.power) } : {}), crit, after: 0, edition, section: SECTION_MISSILE_DAMAGE };
  if (t.recording) {
    t.rule(SECTION_MISSILE_SKILL, 'Throwing skill');
    if (levelTermDiffers(c.cls.missile.perTenLevels, c.level)) t.edition('level-term-truncated', ANG_DIVERGENCES['level-term-truncated'][edition]);
    t.edition('thrown-to-hit', ANG_DIVERGENCES['thrown-to-hit'][edition]);
    t.value('base skill', base.total.num / base.total.den, describeParts(base));
    t.value('bonus', bonus.total.num / bonus.total.den, describeParts(bonus));
    t.value('K before distance', k0.num / k0.den, 'base + 3 x bonus');
    if (both && both.squares !== both.game) t.edition('missile-distance', ANG_DIVERGENCES['missile-distance'][edition]);
    t.mod('- distance', k0.num / k0.den, skill.num / skill.den, `${distance} ${edition === 'source' ? "(the game's distance)" : 'squares'}`);
    t.value('critical P', crit.power.num / crit.power.den, `${item.weight} (10 x weight) + 4 x ${fmt(critBonus)} + 2 x level ${c.level}`);
  }
  return { kind: 'throw', label: item.name, skill, distance, target, damage, breakage: item.breakage, edition };
}

/**
 * A shot or a throw, written once: the hit test, then the damage's steps (whose draws tell the
 * critical). The same attempt rolls it and gives its odds.
 */
export function missileAttempt(p: MissilePlan): Attempt {
  const heading = `${p.kind === 'fire' ? 'Shot' : 'Throw'}: ${p.label}`;
  return new Attempt(hitRule(p.skill, p.target.ac, p.target.visible, p.edition), damageSteps(p.damage), (t) => t.rule(SECTION_MISSILE_HIT, heading));
}

/** The exact odds of a missile: its hit chance and its damage given a hit. */
export function missileOdds(p: MissilePlan): { hit: Fraction; damage: Distribution } {
  const shot = missileAttempt(p);
  return { hit: shot.hitChance(), damage: shot.damageLaw() };
}
