import { type Ratio, ratio } from '../../core/ratio.js';
import type { Edition } from '../edition.js';
import {
  BLOWS_TABLE,
  DEX_BLOWS_ROW,
  DEX_TO_HIT,
  STR_BLOWS_ASB,
  STR_TO_DAM,
  STR_TO_HIT,
  STR_WEAPON_LIMIT,
  type StatValue,
  formatStat,
  modifyStat,
  statIndex,
} from './stats.js';
import type {
  AngArmour,
  AngClass,
  AngEgo,
  AngJewel,
  AngLauncher,
  AngMeleeWeapon,
  AngPvalKind,
  AngRace,
  AngSlay,
  AngStatName,
} from './types.js';

/**
 * A character as the rules see it: class, race, level, stats, everything worn and the temporary
 * effects running, and the numbers derived from them (the game's calc_bonuses). Each derived
 * number comes with its parts, so the rules pane and the calculator can show where it came from.
 */

/** A worn or wielded item: its base record and its own magic. */
export interface AngGear<T> {
  readonly def: T;
  readonly toHit: number;
  readonly toDam: number;
  readonly toAc: number;
  readonly ego: AngEgo | undefined;
  readonly pval: number;
}

export interface AngEffects {
  readonly blessed: boolean;
  readonly hero: boolean;
  readonly berserk: boolean;
  /** The stun counter (0: not stunned). */
  readonly stun: number;
  readonly afraid: boolean;
}

export const NO_EFFECTS: AngEffects = Object.freeze({ blessed: false, hero: false, berserk: false, stun: 0, afraid: false });

export interface AngCharacter {
  readonly cls: AngClass;
  readonly race: AngRace;
  readonly level: number;
  /** Stats without equipment. */
  readonly stats: Readonly<Record<AngStatName, StatValue>>;
  readonly weapon: AngGear<AngMeleeWeapon> | null;
  readonly bow: AngGear<AngLauncher> | null;
  readonly body: AngGear<AngArmour> | null;
  readonly shield: AngGear<AngArmour> | null;
  readonly worn: readonly AngGear<AngArmour | AngJewel>[];
  readonly effects: AngEffects;
}

/** One term of a derived number. */
export interface Part {
  readonly label: string;
  readonly value: Ratio;
}

/** A derived number with the parts that sum to it. */
export interface Derived {
  readonly total: Ratio;
  readonly parts: readonly Part[];
}

export function sumParts(parts: readonly Part[]): Derived {
  let num = 0;
  let den = 1;
  for (const p of parts) {
    // a/b + c/d over the common denominator; every value here has a tiny denominator.
    const d = den * p.value.den;
    num = num * p.value.den + p.value.num * den;
    den = d;
  }
  return { total: ratio(num, den), parts };
}

const whole = (label: string, n: number): Part => ({ label, value: ratio(n) });

/** "+3", "-2", "+4.5". */
export function signed(r: Ratio): string {
  const v = r.num / r.den;
  const text = Number.isInteger(v) ? String(v) : String(Number(v.toFixed(2)));
  return v >= 0 ? `+${text}` : text;
}

/** "STR 18/50 +1, weapon +8 = 9". */
export function describeParts(d: Derived): string {
  const shown = d.parts.filter((p) => p.value.num !== 0);
  if (shown.length === 0) return '0';
  return shown.map((p) => `${p.label} ${signed(p.value)}`).join(', ');
}

// --- Items ------------------------------------------------------------------------------------

/** Every item worn or wielded, launcher included. */
export function allGear(c: AngCharacter): AngGear<AngMeleeWeapon | AngLauncher | AngArmour | AngJewel>[] {
  const out: AngGear<AngMeleeWeapon | AngLauncher | AngArmour | AngJewel>[] = [];
  if (c.weapon) out.push(c.weapon);
  if (c.bow) out.push(c.bow);
  if (c.body) out.push(c.body);
  if (c.shield) out.push(c.shield);
  out.push(...c.worn);
  return out;
}

/** The sum of the pvals that go to `what` (extra blows, shots, might, a stat). */
export function pvalTotal(c: AngCharacter, what: AngPvalKind, only?: AngGear<unknown>): number {
  let n = 0;
  for (const g of only ? [only as AngGear<AngMeleeWeapon>] : allGear(c)) if (g.ego?.pval.includes(what)) n += g.pval;
  return n;
}

/** "Broad Sword of Slay Evil (+3,+4)". */
export function gearName(g: AngGear<{ readonly name: string }>, withMagic = true): string {
  const ego = g.ego ? ` ${g.ego.name}` : '';
  const magic = withMagic && (g.toHit !== 0 || g.toDam !== 0) ? ` (${signed(ratio(g.toHit))},${signed(ratio(g.toDam))})` : '';
  return `${g.def.name}${ego}${magic}`;
}

/** An item's to-hit and to-dam: the base item's own (a Mithril Shot's +5) plus its magic. */
export function weaponToHit(g: AngGear<object> | null): number {
  if (!g) return 0;
  const own = (g.def as { toHit?: unknown }).toHit;
  return g.toHit + (typeof own === 'number' ? own : 0);
}
export function weaponToDam(g: AngGear<object> | null): number {
  if (!g) return 0;
  const own = (g.def as { toDam?: unknown }).toDam;
  return g.toDam + (typeof own === 'number' ? own : 0);
}

/** Slays and brands of the weapon, its base item's and its ego's. */
export function slaysOf(w: AngGear<AngMeleeWeapon> | null): readonly AngSlay[] {
  if (!w) return [];
  return [...w.def.slays, ...(w.ego?.slays ?? [])];
}

// --- Stats ------------------------------------------------------------------------------------

/** The stats with equipment bonuses, applied one point (or bracket) at a time. */
export function currentStats(c: AngCharacter): Record<AngStatName, StatValue> {
  const out = {} as Record<AngStatName, StatValue>;
  for (const k of ['str', 'dex', 'con', 'wis'] as const) out[k] = modifyStat(c.stats[k], pvalTotal(c, k));
  return out;
}


// --- Heavy weapons ----------------------------------------------------------------------------

/**
 * Whether a weapon or launcher is too heavy, and the to-hit penalty: two points per pound over
 * the limit. @spoiler angband-3.0.5#melee-skill (II.E). The seed counts fractions of a pound;
 * the game truncates the weight to whole pounds first (divergence overweight-whole-pounds).
 */
export function heavyPenalty(weight: number, str: StatValue, edition: Edition): { heavy: boolean; penalty: Ratio; limit: number } {
  const limit = STR_WEAPON_LIMIT[statIndex(str)] as number;
  if (edition === 'source') {
    const pounds = Math.trunc(weight / 10);
    return pounds > limit ? { heavy: true, penalty: ratio(2 * (limit - pounds)), limit } : { heavy: false, penalty: ratio(0), limit };
  }
  return weight > limit * 10 ? { heavy: true, penalty: ratio(-(weight - limit * 10), 5), limit } : { heavy: false, penalty: ratio(0), limit };
}

/** Whether the weapon is an unblessed sword or polearm in a priest's hands. @spoiler angband-3.0.5#melee-skill (II.F) */
export function priestPenalty(c: AngCharacter): boolean {
  const w = c.weapon;
  if (!c.cls.blessedWeaponsOnly || !w) return false;
  if (w.def.kind !== 'sword' && w.def.kind !== 'polearm') return false;
  return !w.def.blessed && !(w.ego?.blessed ?? false);
}

/** The penalty of a stun counter: -5 for 1..50, -20 above 50 (to-hit and to-dam). */
export function stunPenalty(stun: number): number {
  return stun > 50 ? -20 : stun > 0 ? -5 : 0;
}

// --- Blows ------------------------------------------------------------------------------------

export interface Blows {
  readonly blows: number;
  /** The strength-weapon index (0..11), or null for bare hands. */
  readonly swi: number | null;
  readonly dexRow: number | null;
  /** Blows from the table, capped by the class. */
  readonly natural: number;
  readonly extra: number;
  /** The weapon is too heavy (source edition: one blow, no extra blows). */
  readonly heavy: boolean;
  readonly asb: number;
  /** The weight divided by (the weapon's, or the class minimum when that is more). */
  readonly divisor: number;
}

/**
 * Blows per round. @spoiler angband-3.0.5#blows
 * SWI = ASB / max(weight, MWW) x WSM, rounded down (the same integer as the game's
 * adj_str_blow x att_multiply / max(weight, min_weight) in tenth-pounds); the dexterity row and
 * the SWI give the natural blows, capped by class; weapons of extra attacks add theirs. Bare
 * hands get one blow. In the game a too-heavy weapon gets exactly one blow and no extra blows
 * (divergence heavy-weapon-blows).
 */
export function blowsPerRound(c: AngCharacter, edition: Edition): Blows {
  const stats = currentStats(c);
  const asb = STR_BLOWS_ASB[statIndex(stats.str)] as number;
  const w = c.weapon;
  if (!w) return { blows: 1, swi: null, dexRow: null, natural: 1, extra: 0, heavy: false, asb, divisor: 0 };
  const heavy = heavyPenalty(w.def.weight, stats.str, edition).heavy;
  const divisor = Math.max(w.def.weight, c.cls.minWeaponWeight);
  const swi = Math.min(11, Math.trunc((asb * c.cls.blowsMultiplier) / divisor));
  const dexRow = DEX_BLOWS_ROW[statIndex(stats.dex)] as number;
  const natural = Math.min((BLOWS_TABLE[dexRow] as readonly number[])[swi] as number, c.cls.maxBlows);
  const extra = pvalTotal(c, 'blows', w);
  if (heavy && edition === 'source') return { blows: 1, swi, dexRow, natural: 1, extra: 0, heavy, asb, divisor };
  return { blows: Math.max(1, natural + extra), swi, dexRow, natural, extra, heavy, asb, divisor };
}

// --- Skills -----------------------------------------------------------------------------------

/**
 * The level term of a skill: the bonus per level times the level. The seed keeps fractions
 * (4.5 x 3 = 13.5); the game computes per-ten-levels x level / 10 in integers (divergence
 * level-term-truncated).
 */
export function levelTerm(perTenLevels: number, level: number, edition: Edition): Ratio {
  return edition === 'source' ? ratio(Math.trunc((perTenLevels * level) / 10)) : ratio(perTenLevels * level, 10);
}

/** The melee bonus per ten levels in this edition (divergence skill-per-level). */
export function meleePerTenLevels(cls: AngClass, edition: Edition): number {
  return edition === 'spoiler' ? (cls.spoilerMeleePerTenLevels ?? cls.melee.perTenLevels) : cls.melee.perTenLevels;
}

/** Base melee skill: class base + race modifier + level term. @spoiler angband-3.0.5#melee-skill (I) */
export function baseMeleeSkill(c: AngCharacter, edition: Edition): Derived {
  return sumParts([
    whole(`${c.cls.name} base`, c.cls.melee.base),
    whole(c.race.name, c.race.melee),
    { label: `level ${c.level} x ${meleePerTenLevels(c.cls, edition) / 10}`, value: levelTerm(meleePerTenLevels(c.cls, edition), c.level, edition) },
  ]);
}

/** Base missile (and throwing) skill. @spoiler angband-3.0.5#missile-skill */
export function baseMissileSkill(c: AngCharacter, edition: Edition): Derived {
  return sumParts([
    whole(`${c.cls.name} base`, c.cls.missile.base),
    whole(c.race.name, c.race.missile),
    { label: `level ${c.level} x ${c.cls.missile.perTenLevels / 10}`, value: levelTerm(c.cls.missile.perTenLevels, c.level, edition) },
  ]);
}

/**
 * The to-hit every attack shares: strength, dexterity, armour and other worn items, temporary
 * magic, stun, heavy weapons (melee weapon and launcher alike) and the priest's penalty. The
 * weapon's and launcher's own to-hit are added by each kind of attack. @spoiler
 * angband-3.0.5#melee-skill (II)
 */
export function sharedToHit(c: AngCharacter, edition: Edition): Derived {
  const stats = currentStats(c);
  const parts: Part[] = [whole(`STR ${formatStat(stats.str)}`, STR_TO_HIT[statIndex(stats.str)] as number), whole(`DEX ${formatStat(stats.dex)}`, DEX_TO_HIT[statIndex(stats.dex)] as number)];
  for (const g of [c.body, c.shield, ...c.worn]) {
    if (!g) continue;
    const own = 'toHit' in g.def ? g.def.toHit : 0;
    if (own + g.toHit !== 0) parts.push(whole(g.def.name, own + g.toHit));
  }
  if (c.weapon) {
    const h = heavyPenalty(c.weapon.def.weight, stats.str, edition);
    if (h.heavy) parts.push({ label: `${c.weapon.def.name} too heavy (limit ${h.limit} lb)`, value: h.penalty });
  }
  if (c.bow) {
    const h = heavyPenalty(c.bow.def.weight, stats.str, edition);
    if (h.heavy) parts.push({ label: `${c.bow.def.name} too heavy (limit ${h.limit} lb)`, value: h.penalty });
  }
  if (priestPenalty(c)) parts.push(whole('priest with an edged weapon', -2));
  if (c.effects.blessed) parts.push(whole('blessing', 10));
  if (c.effects.hero) parts.push(whole('heroism', 12));
  if (c.effects.berserk) parts.push(whole('berserk strength', 24));
  const stun = stunPenalty(c.effects.stun);
  if (stun !== 0) parts.push(whole(c.effects.stun > 50 ? 'heavy stun' : 'stun', stun));
  return sumParts(parts);
}

/** The bonus to melee combat skill: the shared to-hit plus the weapon's. */
export function meleeBonus(c: AngCharacter, edition: Edition): Derived {
  const shared = sharedToHit(c, edition);
  const w = weaponToHit(c.weapon);
  return sumParts([...shared.parts, ...(w !== 0 && c.weapon ? [whole(c.weapon.def.name, w)] : [])]);
}

/** The bonus to missile combat skill: the shared to-hit plus the launcher's. @spoiler angband-3.0.5#missile-skill */
export function missileBonus(c: AngCharacter, edition: Edition): Derived {
  const shared = sharedToHit(c, edition);
  const b = weaponToHit(c.bow);
  return sumParts([...shared.parts, ...(b !== 0 && c.bow ? [whole(c.bow.def.name, b)] : [])]);
}

/** Overall skill = base + 3 x bonus. @spoiler angband-3.0.5#melee-skill (III) */
export function overallSkill(base: Derived, bonus: Derived): Ratio {
  return ratio(base.total.num * bonus.total.den + 3 * bonus.total.num * base.total.den, base.total.den * bonus.total.den);
}

/**
 * The to-dam added to every melee blow besides the weapon's own: strength, rings and gloves,
 * stun, and the priest's penalty. @spoiler angband-3.0.5#melee-damage (4)
 */
export function sharedToDam(c: AngCharacter): Derived {
  const stats = currentStats(c);
  const parts: Part[] = [whole(`STR ${formatStat(stats.str)}`, STR_TO_DAM[statIndex(stats.str)] as number)];
  for (const g of [c.body, c.shield, ...c.worn]) if (g && g.toDam !== 0) parts.push(whole(g.def.name, g.toDam));
  const stun = stunPenalty(c.effects.stun);
  if (stun !== 0) parts.push(whole(c.effects.stun > 50 ? 'heavy stun' : 'stun', stun));
  if (priestPenalty(c)) parts.push(whole('priest with an edged weapon', -2));
  return sumParts(parts);
}

// --- Launchers --------------------------------------------------------------------------------

export interface Shooting {
  readonly shots: number;
  readonly multiplier: number;
  /** Energy per shot, out of 100 per turn. */
  readonly energy: Ratio;
  readonly heavy: boolean;
  readonly rangerShots: number;
  readonly egoShots: number;
  readonly egoMight: number;
  readonly range: number;
}

/**
 * Shots, multiplier and energy per shot. @spoiler angband-3.0.5#shots
 * The launcher's multiplier plus extra might; one shot, plus extra shots, plus one for a
 * Ranger with a bow at level 20 and another at 40. A shot costs 100 / shots energy: exactly in
 * the seed, rounded down in the game (divergence energy-per-shot). In the game a launcher that
 * is too heavy gets no extra shots or might (divergence heavy-weapon-blows).
 */
export function shooting(c: AngCharacter, edition: Edition): Shooting | null {
  const b = c.bow;
  if (!b) return null;
  const heavy = heavyPenalty(b.def.weight, currentStats(c).str, edition).heavy;
  const cancelled = heavy && edition === 'source';
  const egoShots = cancelled ? 0 : pvalTotal(c, 'shots');
  const egoMight = cancelled ? 0 : pvalTotal(c, 'might');
  const rangerShots = c.cls.extraShots && b.def.ammo === 'arrow' && !cancelled ? (c.level >= 40 ? 2 : c.level >= 20 ? 1 : 0) : 0;
  const shots = Math.max(1, 1 + egoShots + rangerShots);
  const multiplier = b.def.multiplier + egoMight;
  const energy = edition === 'source' ? ratio(Math.trunc(100 / shots)) : ratio(100, shots);
  return { shots, multiplier, energy, heavy, rangerShots, egoShots, egoMight, range: 10 + 5 * multiplier };
}

/**
 * How far an object can be thrown (cmd2.c do_cmd_throw; the seed gives no range):
 * (ASB + 20) x 10 / max(weight, 10), at most 10.
 */
export function throwRange(c: AngCharacter, weight: number): number {
  const asb = STR_BLOWS_ASB[statIndex(currentStats(c).str)] as number;
  return Math.min(10, Math.trunc(((asb + 20) * 10) / Math.max(weight, 10)));
}

/** Constitution: hundredths of a hit point per level (tables.c adj_con_mhp). */
const CON_TO_HP = [
  -250, -150, -100, -75, -50, -25, -10, -5, 0, 5, 10, 25, 50, 75, 100, 150, 175, 200, 225, 250, 275, 300, 350, 400, 450, 500, 550, 600, 650, 700, 750,
  800, 900, 1000, 1100, 1250, 1250, 1250,
] as const;

/** Constitution: how fast stun, poison and cuts wear off, less one (tables.c adj_con_fix). */
const CON_RECOVERY = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 9] as const;

/** The hit die: race + class (birth.c). */
export function hitDie(c: Pick<AngCharacter, 'cls' | 'race'>): number {
  return c.race.hitDie + c.cls.hitDie;
}

/** Maximum hit points (xtra1.c calc_hitpoints): the rolled total for the level plus CON x level / 100, at least level + 1. */
export function maxHitPoints(c: AngCharacter, levelHp: number): number {
  const bonus = CON_TO_HP[statIndex(currentStats(c).con)] as number;
  return Math.max(c.level + 1, levelHp + Math.trunc((bonus * c.level) / 100));
}

/** Stun, poison and cuts drop by this much every ten game turns (adj_con_fix + 1). */
export function recoveryRate(c: AngCharacter): number {
  return (CON_RECOVERY[statIndex(currentStats(c).con)] as number) + 1;
}
