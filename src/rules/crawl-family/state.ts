import type { Edition } from '../edition.js';
import type { Distribution } from '../../core/distribution.js';
import type { Fraction } from '../../core/fraction.js';
import { Terrain } from '../../world/terrain.js';
import type { CatalogEntry, Effect, FighterView } from '../ruleset.js';
import { type CrCatalogue, type HeroSheet } from './catalogue.js';
import { type CrCharacter, type CrEffects, seesInvisible } from './character.js';
import type { CrTarget } from './melee.js';
import { type MonsterAttackPlan, type SpecialTarget, planMonster } from './monster-melee.js';
import { div } from './random.js';
import type { BloodState } from './states.js';
import type { AttackLaws } from './summary.js';
import type { CrFormId, CrMonster, CrTables } from './types.js';
import type { CrawlVariant } from './variant.js';

/**
 * What a Crawl-family ruleset keeps on each fighter, the context its phases share (the tables,
 * the game's variant and the remembered laws), and how they read a fighter: its character, its
 * target as the hero's attack sees it, its armour.
 */

/**
 * Time. A tick is one time unit of the game (a normal action takes 10). Energy is kept in 20ths
 * of the game's speed_increment so that the hero and the monsters can share the scheduler: a
 * monster of speed s gains 2s a tick and acts at 1600 (80), paying 200 (10) an action; the hero
 * gains 20 a tick and pays 20 x the action's time. A monster starts at 1401 (70, and the odd 1
 * lets it act before the hero when both are ready at once, as b20's monsters move after each
 * player action).
 */
export const K = 20;
export const THRESHOLD = 80 * K;
export const MONSTER_ACTION = 10 * K;
export const MONSTER_START = 70 * K + 1;
export const TICKS_PER_TURN = 10;

/** What a hero stores: its sheet, form, hit points of its levels and the counters its upkeep runs. */
export type HeroState = HeroSheet & {
  readonly kind: 'cr-hero';
  readonly form: CrFormId | null;
  /** Hit points of the character's levels, before fighting skill and form. */
  readonly levelHp: number;
  readonly hunger: number;
  /** Regeneration progress in hundredths. */
  readonly regen: number;
  /** Shield blocks this player turn. */
  readonly blocks: number;
  /** Maximum hit points lost to rot. */
  readonly rotHp: number;
  readonly title: string;
  /** Stone Soup vampires: the blood state. */
  readonly blood?: BloodState;
};

/** An item a monster wears or carries, with its plus. */
export type MonsterGear = { readonly item: string; readonly plus: number };

/** What a monster stores: which monster, its hit dice, and the gear it rolled. */
export type MonsterState = {
  readonly kind: 'cr-monster';
  readonly monster: string;
  readonly hd: number;
  readonly weapon: { readonly item: string; readonly plus: number; readonly plus2: number } | null;
  /** Stone Soup: worn body armour and a carried shield. */
  readonly armour?: MonsterGear | null;
  readonly shield?: MonsterGear | null;
  /** Stone Soup: shield blocks since its last action. */
  readonly blocks?: number;
  readonly title: string;
};

export type FamilyState = HeroState | MonsterState;
export type View = FighterView<FamilyState>;
export type FamilyEffect = Effect<FamilyState>;

/** What every phase of a Crawl-family ruleset reads: the tables, the game's variant, and the laws it remembers. */
export interface FamilyCtx {
  readonly tables: CrTables;
  readonly cat: CrCatalogue;
  readonly v: CrawlVariant;
  /** The edition the ruleset was made in: every rule reads it here. */
  readonly edition: Edition;
  readonly catalog: readonly CatalogEntry[];
  readonly sections: { readonly upkeep: string; readonly notice: string; readonly creation: string; readonly potion: string };
  readonly memo: {
    /** The attack laws of a character against a target, kept while neither changes. */
    readonly laws: Map<string, AttackLaws>;
    /** Exact odds remembered by what they depend on (an attack's odds cost far more than its rolls). */
    readonly odds: Map<string, Fraction>;
    readonly damage: Map<string, Distribution>;
    readonly heroLaw: WeakMap<AttackLaws, Map<string, Distribution>>;
    readonly secondLaw: WeakMap<AttackLaws, Map<string, Distribution>>;
  };
}

export function familyCtx(tables: CrTables, cat: CrCatalogue, v: CrawlVariant, edition: Edition): FamilyCtx {
  return {
    tables,
    cat,
    v,
    edition,
    catalog: [
      ...tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
      ...tables.monsters.map((m) => ({ id: m.id, name: m.name, kind: 'monster' as const, description: m.description })),
    ],
    sections: { upkeep: `${v.id}#upkeep`, notice: `${v.id}#noticing`, creation: `${v.id}#monster-creation`, potion: `${v.id}#potions` },
    memo: { laws: new Map(), odds: new Map(), damage: new Map(), heroLaw: new WeakMap(), secondLaw: new WeakMap() },
  };
}

export const heroRules = (f: View): HeroState | undefined => (f.rules.kind === 'cr-hero' ? f.rules : undefined);
export const monsterRules = (f: View): MonsterState | undefined => (f.rules.kind === 'cr-monster' ? f.rules : undefined);
export const level = (f: View, kind: string): number => f.statuses.find((s) => s.kind === kind)?.level ?? 0;
export const monsterOf = (ctx: FamilyCtx, f: View): CrMonster => ctx.cat.monster(monsterRules(f)?.monster ?? '');

/** The rules of a monster; throws for a hero (the callers have checked). */
export function monsterState(f: View): MonsterState {
  const r = monsterRules(f);
  if (!r) throw new Error(`${f.fighter.name} is not a Crawl monster`);
  return r;
}

/** The rules of a hero; throws for a monster (the callers have checked). */
export function heroState(f: View): HeroState {
  const r = heroRules(f);
  if (!r) throw new Error(`${f.fighter.name} is not a Crawl hero`);
  return r;
}

export const packMass = (ctx: FamilyCtx, f: View): number => f.inventory.pack.reduce((n, s) => n + (ctx.cat.potions.get(s.item)?.mass ?? 0) * s.quantity, 0);

/** The hero's character now: its sheet, form, what runs on it and what it carries. */
export function characterOf(ctx: FamilyCtx, f: View, inWater = false): CrCharacter {
  const r = heroState(f);
  const states = ctx.v.heroStates((k) => level(f, k) > 0, r.skills.shields ?? 0, r.blood ?? 'satiated');
  const effects: CrEffects = {
    might: level(f, 'might'),
    invisible: level(f, 'invisible'),
    confusingTouch: level(f, 'confusing-touch'),
    sureBlade: level(f, 'sure-blade'),
    hunger: r.hunger,
    inWater,
    ...(states ? { ss: states } : {}),
  };
  return ctx.cat.character(r, level(f, 'form') > 0 ? r.form : null, effects, packMass(ctx, f));
}

/** A monster as the hero's attack sees it. */
export function targetOf(ctx: FamilyCtx, d: View, where: { visible: boolean; defenderTerrain: Terrain }, hero?: View): CrTarget {
  const m = monsterOf(ctx, d);
  const r = monsterState(d);
  const mode = d.ai?.mode;
  const energy = d.energy?.energy ?? THRESHOLD;
  const worn = monsterDefence(ctx, d);
  // An invisible hero not lit up by a corona.
  const heroUnseen = hero !== undefined && level(hero, 'invisible') > 0 && level(hero, 'corona') <= 0;
  return {
    name: m.name,
    ev: worn.ev,
    ac: worn.ac,
    hd: r.hd,
    holiness: m.holiness,
    resists: m.resists,
    vulnerable: m.vulnerable,
    flies: m.flags.includes('flies'),
    waterCreature: m.flags.includes('water'),
    inWater: where.defenderTerrain === Terrain.Water,
    orc: m.flags.includes('orc'),
    visible: where.visible,
    state: mode === 'sleeping' ? 'sleeping' : mode === 'fleeing' ? 'fleeing' : level(d, 'confused') > 0 ? 'confused' : mode === 'wandering' ? 'unaware' : 'alert',
    lowEnergy: div(energy, K) <= 60,
    noExp: m.flags.includes('no-exp'),
    ...ctx.v.targetStates(ctx, d, heroUnseen),
  };
}

/** A monster's AC and EV with what it wears (monsters::equip_armour): + the armour's AC and plus; EV + half of each piece's penalty, at least 1. */
export function monsterDefence(ctx: FamilyCtx, d: View): { ac: number; ev: number; text: string } {
  const m = monsterOf(ctx, d);
  const r = monsterState(d);
  let ac = m.ac;
  let ev = m.ev;
  const parts: string[] = [];
  for (const g of [r.armour, r.shield]) {
    const def = g ? ctx.cat.armour.get(g.item) : undefined;
    if (!g || !def) continue;
    if (def.slot !== 'shield') ac += def.ac + g.plus;
    ev += div(def.evPenalty, 2);
    parts.push(`${def.name}${def.slot === 'shield' ? '' : ` AC +${def.ac + g.plus}`}${div(def.evPenalty, 2) ? ` EV ${div(def.evPenalty, 2)}` : ''}`);
  }
  return { ac, ev: parts.length ? Math.max(1, ev) : ev, text: parts.join(', ') };
}

/** What a monster's own effects meet in the hero: its form's and species' resistances, and whether it is undead. */
export function specialTarget(c: CrCharacter): SpecialTarget {
  const has = (t: 'ghoul'): boolean => c.species.traits.includes(t);
  const resist = (el: 'fire' | 'cold'): number => (c.form?.resists.includes(el) ? 1 : 0) - (c.form?.vulnerable.includes(el) ? 1 : 0);
  return {
    resist: { fire: resist('fire'), cold: resist('cold') + (has('ghoul') ? 1 : 0), poison: has('ghoul') || (c.form?.resists.includes('poison') ?? false) },
    undead: has('ghoul') || c.form?.id === 'lich',
  };
}

/** Whether the hero sees a monster that may be invisible. */
export const seesMonster = (c: CrCharacter, m: CrMonster): boolean => !m.flags.includes('invisible') || seesInvisible(c);

/** A monster's attacks: its hit dice, listed attacks and weapon. */
export function monsterPlan(ctx: FamilyCtx, a: View): MonsterAttackPlan {
  const m = monsterOf(ctx, a);
  const r = monsterState(a);
  const w = r.weapon ? ctx.cat.weapons.get(r.weapon.item) : undefined;
  return planMonster(r.hd, m.attacks, w && r.weapon ? { def: w, plus: r.weapon.plus, plus2: r.weapon.plus2, orcish: m.flags.includes('orc') } : null, false);
}

/** A sleeping or wandering monster with the hero in sight and in range: the one that checks for it each turn. */
export function watching(observer: View, enemy: View, distance: number, inView: boolean): { r: MonsterState; mode: 'sleeping' | 'wandering' } | null {
  const r = monsterRules(observer);
  if (!r || !heroRules(enemy)) return null;
  const mode = observer.ai?.mode;
  if (mode !== 'sleeping' && mode !== 'wandering') return null;
  if (!inView || distance > 8) return null;
  return { r, mode };
}

/** The value of `key` in `map`, computed and kept on first use; the map is emptied when it passes `limit`. */
export function remember<T>(map: Map<string, T>, key: string, limit: number, compute: () => T): T {
  let v = map.get(key);
  if (v === undefined) {
    if (map.size > limit) map.clear();
    v = compute();
    map.set(key, v);
  }
  return v;
}

/** Exact odds remembered by what they depend on. */
export const memoOdds = (ctx: FamilyCtx, key: unknown, compute: () => Fraction): Fraction => remember(ctx.memo.odds, JSON.stringify(key), 4096, compute);
export const memoDamage = (ctx: FamilyCtx, key: string, compute: () => Distribution): Distribution => remember(ctx.memo.damage, key, 1024, compute);

export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
