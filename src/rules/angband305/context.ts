import type { Edition } from '../edition.js';
import type { ItemStack } from '../../world/components.js';
import type { Effect, FighterView } from '../ruleset.js';
import { type Target, monsterTarget } from './attacks.js';
import type { AngCatalogue, GearData } from './catalogue.js';
import { type BlowOdds, blowsAgainst } from './monster-melee.js';
import { type AngCharacter, type AngEffects } from './sheet.js';
import { armourClass, resists } from './defence.js';
import type { StatValue } from './stats.js';
import type { AngBlowEffect, AngClassId, AngMonster, AngStatName, AngTables } from './types.js';

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

/** Whether the hero resists what a blow of this effect does to its damage: acid and the elements only. */
export function resistsBlow(c: AngCharacter, effect: AngBlowEffect): boolean {
  return (effect === 'acid' || effect === 'elec' || effect === 'fire' || effect === 'cold') && resists(c, effect);
}

/** A monster's blows against a hero: each one's chance to land and its damage (previews and the recall page). */
export function monsterBlows(ctx: AngContext, a: AngView, d: AngView): BlowOdds[] {
  const c = characterOf(ctx, d);
  return blowsAgainst(monsterOf(ctx, a), armourClass(c).total.num, (e) => resistsBlow(c, e));
}
