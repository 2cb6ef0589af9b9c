import type { Edition } from '../edition.js';
import type { ItemStack } from '../../world/components.js';
import type { Effect, FighterView } from '../ruleset.js';
import { type Target, monsterTarget } from './attacks.js';
import type { AngCatalogue, GearData } from './catalogue.js';
import { Fraction } from '../../core/fraction.js';
import { type BlowOdds, ELEMENTAL, type ElementGuard, IMMUNE, MONSTER_IMMUNE, MONSTER_PLAIN, blowsAgainst } from './monster-melee.js';
import { type AngCharacter, type AngEffects } from './sheet.js';
import { armourClass, defencesOf } from './defence.js';
import type { StatValue } from './stats.js';
import type { AngAnyStat, AngBlowEffect, AngClassId, AngDefences, AngMonster, AngStatName, AngTables } from './types.js';

/**
 * What every phase of the Angband ruleset shares: the per-fighter state it keeps on an entity,
 * the tables it reads (a context passed to each rule rather than closed over), the clock's
 * constants, and the small readings of a fighter every phase needs (its sheet, its monster).
 */

export const ANG_ID = 'angband-3.0.5' as const;

/**
 * Time. A tick is one game turn; a normal-speed fighter gains 10 energy per game turn and acts
 * at 100, so ten ticks make one turn. Energy is kept in 60ths so that 100 / shots is exact for
 * 1 to 6 shots (the seed's energy per shot).
 */
export const ENERGY_SCALE = 60;
export const ACTION = 100 * ENERGY_SCALE;
export const TICKS_PER_TURN = 10;
/** Conditions are updated every ten game turns, monsters regenerate every hundred (dungeon.c). */
export const CLOCK = 10;
export const MONSTER_CLOCK = 100;

export const SECTION_CONDITIONS = 'angband-3.0.5#conditions';
export const SECTION_SLEEP = 'angband-3.0.5#monster-sleep';
export const SECTION_CREATION = 'angband-3.0.5#monster-creation';
export const SECTION_HIT_POINTS = 'angband-3.0.5#hit-points';

/** Ruleset data on an Angband hero entity. */
export type HeroRules = {
  readonly kind: 'ang-hero';
  readonly cls: AngClassId;
  readonly race: string;
  readonly level: number;
  readonly stats: Record<AngStatName, StatValue>;
  /** The rolled hit points for the level (player_hp[level - 1]), before constitution. */
  readonly levelHp: number;
  readonly gear: GearData;
  readonly title: string;
  /** Experience (absent: the least of its level, as built before drains existed). */
  readonly exp?: number;
  /** The rolled hit points of every level up to its own (player_hp), which a lost level falls back to. */
  readonly levelHps?: readonly number[];
};

/** Ruleset data on an Angband monster entity. */
export type MonsterRules = {
  readonly kind: 'ang-monster';
  readonly monster: string;
  /** Its speed, with the game's small random variety for non-uniques. */
  readonly speed: number;
  /** How deeply it sleeps (0: awake). */
  readonly csleep: number;
  readonly title: string;
};

/** The ruleset's own state on every fighter: a hero's sheet or a monster's. */
export type AngState = HeroRules | MonsterRules;

export type AngView = FighterView<AngState>;
export type AngEffect = Effect<AngState>;

/** A copy of a hero's gear that a blow may change (acid). */
export type MutableGear = {
  weapon: ItemStack | null;
  bow: ItemStack | null;
  body: ItemStack | null;
  shield: ItemStack | null;
  worn: ItemStack[];
};

/** The tables and their lookups, passed to every rule that reads them. */
export interface AngContext {
  readonly tables: AngTables;
  readonly cat: AngCatalogue;
  /** The edition the ruleset was made in: every rule reads it here. */
  readonly edition: Edition;
}

export type HeroState = Extract<AngView['rules'], { readonly kind: 'ang-hero' }>;
export type MonsterState = Extract<AngView['rules'], { readonly kind: 'ang-monster' }>;

export function heroRules(f: AngView): HeroState | undefined {
  return f.rules.kind === 'ang-hero' ? f.rules : undefined;
}

export function monsterRules(f: AngView): MonsterState | undefined {
  return f.rules.kind === 'ang-monster' ? f.rules : undefined;
}

export function statusLevel(f: AngView, kind: string): number {
  return f.statuses.find((s) => s.kind === kind)?.level ?? 0;
}

export function monsterOf(ctx: AngContext, f: AngView): AngMonster {
  const r = monsterRules(f);
  if (!r) throw new Error(`${f.fighter.name} is not an Angband monster`);
  return ctx.cat.monster(r.monster);
}

/** The temporary effects running on a fighter, as the sheet reads them. */
export function effectsOf(f: AngView): AngEffects {
  return {
    blessed: statusLevel(f, 'blessed') > 0,
    hero: statusLevel(f, 'hero') > 0,
    berserk: statusLevel(f, 'berserk') > 0,
    stun: statusLevel(f, 'stun'),
    afraid: statusLevel(f, 'afraid') > 0,
  };
}

/** A hero's character sheet with the effects now running. */
export function characterOf(ctx: AngContext, f: AngView): AngCharacter {
  const r = heroRules(f);
  if (!r) throw new Error(`${f.fighter.name} is not an Angband hero`);
  return ctx.cat.character(ctx.cat.cls(r.cls), ctx.cat.race(r.race), r.level, r.stats, r.gear, effectsOf(f));
}

/** A hero's gear as a copy that a blow may change. */
export function mutableGear(f: AngView): MutableGear {
  const r = heroRules(f);
  if (!r) throw new Error(`${f.fighter.name} is not an Angband hero`);
  return structuredClone({ weapon: r.gear.weapon, bow: r.gear.bow, body: r.gear.body, shield: r.gear.shield, worn: [...r.gear.worn] });
}

export function targetOf(ctx: AngContext, d: AngView, visible: boolean): Target {
  return monsterTarget(monsterOf(ctx, d), visible);
}

/** The hero's defences now: race, class, gear and the statuses running (`defencesOf`). */
export function heroDefences(ctx: AngContext, d: AngView): AngDefences {
  return defencesOf(characterOf(ctx, d), d.statuses);
}

/** What guards the hero against a blow's element: immunity, or how many of resistance and opposition (acid_dam and the like). */
export function heroGuard(def: AngDefences, effect: AngBlowEffect): ElementGuard {
  if (effect !== 'acid' && effect !== 'elec' && effect !== 'fire' && effect !== 'cold') return 0;
  if (def.immune.has(effect)) return IMMUNE;
  return (def.resist.has(effect) ? 1 : 0) + (def.oppose.has(effect) ? 1 : 0);
}

/** What guards a monster against a blow's element: its IM_ flag divides the damage by 9 (project_m); poison counts too. */
export function monsterGuard(m: AngMonster, effect: AngBlowEffect): ElementGuard {
  const flag = effect === 'poison' ? 'im-pois' : `im-${effect}`;
  return ELEMENTAL.has(effect) || effect === 'poison' ? ((m.flags as readonly string[]).includes(flag) ? MONSTER_IMMUNE : MONSTER_PLAIN) : MONSTER_PLAIN;
}

/** Whether the hero is protected outright from a blow's condition, and otherwise whether the saving throw applies (melee1.c). */
export function heroSave(def: AngDefences, effect: AngBlowEffect, fearless: boolean): Fraction | null {
  const sav = Fraction.of(Math.min(100, Math.max(0, def.savingThrow)), 100);
  switch (effect) {
    case 'poison':
      return def.resist.has('poison') || def.oppose.has('poison') ? Fraction.ONE : Fraction.ZERO;
    case 'un-bonus':
      return def.resist.has('disen') ? Fraction.ONE : Fraction.ZERO;
    case 'blind':
      return def.resist.has('blind') ? Fraction.ONE : Fraction.ZERO;
    case 'confuse':
      return def.resist.has('confu') ? Fraction.ONE : Fraction.ZERO;
    case 'hallu':
      return def.resist.has('chaos') ? Fraction.ONE : Fraction.ZERO;
    case 'terrify':
      return def.resist.has('fear') || fearless ? Fraction.ONE : sav;
    case 'paralyze':
      return def.freeAction ? Fraction.ONE : sav;
    case 'lose-str':
    case 'lose-int':
    case 'lose-wis':
    case 'lose-dex':
    case 'lose-con':
    case 'lose-chr':
      return def.sustain.has(effect.slice(5) as AngAnyStat) ? Fraction.ONE : Fraction.ZERO;
    case 'exp-10':
    case 'exp-20':
    case 'exp-40':
    case 'exp-80':
      return def.holdLife ? Fraction.of(HOLD_LIFE_KEEPS[effect], 100) : Fraction.ZERO;
    default:
      return null;
  }
}

/** The chance in 100 that hold life keeps the experience an experience blow would drain. */
export const HOLD_LIFE_KEEPS: Readonly<Record<'exp-10' | 'exp-20' | 'exp-40' | 'exp-80', number>> = { 'exp-10': 95, 'exp-20': 90, 'exp-40': 75, 'exp-80': 50 };

/** A monster's blows against its foe, hero or monster: each one's chance to land, its damage and the hero's save (previews and the recall page). */
export function monsterBlows(ctx: AngContext, a: AngView, d: AngView): BlowOdds[] {
  const m = monsterOf(ctx, a);
  if (monsterRules(d)) {
    const foe = monsterOf(ctx, d);
    return blowsAgainst(m, foe.ac, (e) => monsterGuard(foe, e));
  }
  const c = characterOf(ctx, d);
  const def = heroDefences(ctx, d);
  const fearless = statusLevel(d, 'hero') > 0 || statusLevel(d, 'berserk') > 0;
  return blowsAgainst(m, armourClass(c).total.num, (e) => heroGuard(def, e), (e) => heroSave(def, e, fearless), statusLevel(d, 'paralyzed') > 0);
}
