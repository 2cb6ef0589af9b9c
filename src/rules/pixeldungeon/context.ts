import type { Edition } from '../edition.js';
import type { FighterView } from '../ruleset.js';
import { OddsMemo } from './combat.js';
import { type PdDefender, type PdHeroSheet } from './sheet.js';
import type { PdAbility, PdArmour, PdClass, PdHero, PdMeleeWeapon, PdMissileWeapon, PdMonster, PdPotion, PdState, PdTables, PdWand } from './types.js';

/**
 * What every phase of the Pixel Dungeon rules reads: the tables by id, and the odds already
 * worked out. Built once per ruleset and passed to the phase functions, so each can be called
 * (and tested) on its own.
 */
export interface PdContext {
  readonly tables: PdTables;
  /** The edition the ruleset was made in: every rule reads it here. */
  readonly edition: Edition;
  readonly classes: ReadonlyMap<string, PdClass>;
  readonly heroes: ReadonlyMap<string, PdHero>;
  readonly melee: ReadonlyMap<string, PdMeleeWeapon>;
  readonly missiles: ReadonlyMap<string, PdMissileWeapon>;
  readonly armours: ReadonlyMap<string, PdArmour>;
  readonly wands: ReadonlyMap<string, PdWand>;
  readonly potions: ReadonlyMap<string, PdPotion>;
  readonly monsters: ReadonlyMap<string, PdMonster>;
  readonly odds: OddsMemo;
}

/** A fighter as the Pixel Dungeon rules see it. */
export type PdView = FighterView<PdState>;

const byId = <T extends { id: string }>(list: readonly T[]): ReadonlyMap<string, T> => new Map(list.map((r) => [r.id, r] as const));

export function pdContext(tables: PdTables, edition: Edition): PdContext {
  return {
    tables,
    edition,
    classes: byId(tables.classes),
    heroes: byId(tables.heroes),
    melee: byId(tables.meleeWeapons),
    missiles: byId(tables.missileWeapons),
    armours: byId(tables.armours),
    wands: byId(tables.wands),
    potions: byId(tables.potions),
    monsters: byId(tables.monsters),
    odds: new OddsMemo(),
  };
}

/** The hero's state, or undefined for a monster. */
export function heroRules(f: PdView) {
  return f.rules.kind === 'pd-hero' ? f.rules : undefined;
}

/** The monster's state, or undefined for a hero. */
export function monsterRules(f: PdView) {
  return f.rules.kind === 'pd-monster' ? f.rules : undefined;
}

export function monsterOf(c: PdContext, f: PdView): PdMonster {
  const r = monsterRules(f);
  const m = r && c.monsters.get(r.monster);
  if (!m) throw new Error(`${f.fighter.name} is not a Pixel Dungeon monster`);
  return m;
}

/** The monster's ability of this kind, if it has one. */
export function ability<K extends PdAbility['kind']>(m: PdMonster, kind: K): Extract<PdAbility, { kind: K }> | undefined {
  for (const a of m.abilities) if (a.kind === kind) return a as Extract<PdAbility, { kind: K }>;
  return undefined;
}

export function statusActive(f: PdView, kind: string, now: number): boolean {
  return f.statuses.some((s) => s.kind === kind && (s.until === undefined || s.until > now));
}

/** A hero's numbers, read from the fighter. */
export function sheetOf(c: PdContext, f: PdView, now: number): PdHeroSheet {
  const r = heroRules(f);
  const cls = r && c.classes.get(r.cls);
  if (!r || !cls) throw new Error(`${f.fighter.name} is not a Pixel Dungeon hero`);
  const w = f.inventory.weapon;
  const a = f.inventory.armour;
  const wd = w ? c.melee.get(w.item) : undefined;
  const ad = a ? c.armours.get(a.item) : undefined;
  return {
    cls,
    subclass: r.subclass,
    level: r.level,
    strength: r.strength,
    weakened: statusActive(f, 'weakened', now),
    ...(wd && w ? { weapon: { def: wd, level: w.level } } : {}),
    ...(ad && a ? { armour: { def: ad, level: a.level } } : {}),
  };
}

/** What the hit test and the damage need to know about the fighter attacked. */
export function defenderOf(c: PdContext, f: PdView, now: number): PdDefender {
  const onWater = false;
  const paralysed = statusActive(f, 'paralysed', now);
  if (heroRules(f)) {
    const sawAttacker = f.awareness?.enemySeen ?? true;
    return { kind: 'hero', sheet: sheetOf(c, f, now), paralysed, sawAttacker, onWater, flying: f.fighter.flying };
  }
  const mode = f.ai?.mode ?? 'hunting';
  return {
    kind: 'monster',
    monster: monsterOf(c, f),
    paralysed,
    enemySeen: f.awareness?.enemySeen ?? false,
    state: mode,
    onWater,
    flying: f.fighter.flying,
  };
}

/** Stealth: the hero's rings of shadows; monsters have none. */
export function stealthOf(f: PdView): number {
  return heroRules(f)?.stealth ?? 0;
}

/** An item's name from whichever table holds it (the id itself when none does). */
export function itemName(c: PdContext, id: string): string {
  return c.melee.get(id)?.name ?? c.missiles.get(id)?.name ?? c.armours.get(id)?.name ?? c.wands.get(id)?.name ?? c.potions.get(id)?.name ?? id;
}
