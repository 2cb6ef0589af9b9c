import type { ItemMagic, ItemStack } from '../../world/components.js';
import { type AngCharacter, type AngEffects, type AngGear, NO_EFFECTS } from './sheet.js';
import { type StatValue, modifyStat, parseStat } from './stats.js';
import type {
  AngAmmo,
  AngArmour,
  AngBreakageClass,
  AngClass,
  AngConsumable,
  AngEgo,
  AngHero,
  AngItemSpec,
  AngJewel,
  AngLauncher,
  AngMeleeWeapon,
  AngMonster,
  AngRace,
  AngStatName,
  AngTables,
} from './types.js';
import type { Thrown } from './attacks.js';

/**
 * Lookups over the Angband tables: items by id, gear from specs, characters from hero presets
 * and from the arena's fighter data.
 */

export type AngItemDef =
  | { readonly kind: 'weapon'; readonly def: AngMeleeWeapon }
  | { readonly kind: 'launcher'; readonly def: AngLauncher }
  | { readonly kind: 'ammo'; readonly def: AngAmmo }
  | { readonly kind: 'armour'; readonly def: AngArmour }
  | { readonly kind: 'jewel'; readonly def: AngJewel }
  | { readonly kind: 'consumable'; readonly def: AngConsumable };

/** The equipment a hero wears, as plain data on its entity (`rules.gear`). */
export interface GearData {
  readonly weapon: ItemStack | null;
  readonly bow: ItemStack | null;
  readonly body: ItemStack | null;
  readonly shield: ItemStack | null;
  readonly worn: readonly ItemStack[];
}

export const STAT_NAMES: readonly AngStatName[] = ['str', 'dex', 'con', 'wis'];

/** The base of every stat a spec leaves out: 14, plus race and class adjustments. */
const DEFAULT_STAT_BASE = 14;

export class AngCatalogue {
  readonly classes: ReadonlyMap<string, AngClass>;
  readonly races: ReadonlyMap<string, AngRace>;
  readonly items: ReadonlyMap<string, AngItemDef>;
  readonly egos: ReadonlyMap<string, AngEgo>;
  readonly heroes: ReadonlyMap<string, AngHero>;
  readonly monsters: ReadonlyMap<string, AngMonster>;

  constructor(readonly tables: AngTables) {
    const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((r) => [r.id, r] as const));
    this.classes = byId(tables.classes);
    this.races = byId(tables.races);
    this.egos = byId(tables.egos);
    this.heroes = byId(tables.heroes);
    this.monsters = byId(tables.monsters);
    const items = new Map<string, AngItemDef>();
    for (const def of tables.meleeWeapons) items.set(def.id, { kind: 'weapon', def });
    for (const def of tables.launchers) items.set(def.id, { kind: 'launcher', def });
    for (const def of tables.ammo) items.set(def.id, { kind: 'ammo', def });
    for (const def of tables.armour) items.set(def.id, { kind: 'armour', def });
    for (const def of tables.jewellery) items.set(def.id, { kind: 'jewel', def });
    for (const def of tables.consumables) items.set(def.id, { kind: 'consumable', def });
    this.items = items;
  }

  item(id: string): AngItemDef {
    const d = this.items.get(id);
    if (!d) throw new Error(`unknown Angband item "${id}"`);
    return d;
  }

  cls(id: string): AngClass {
    const c = this.classes.get(id);
    if (!c) throw new Error(`unknown class "${id}"; choose one of: ${[...this.classes.keys()].join(', ')}`);
    return c;
  }

  race(id: string): AngRace {
    const r = this.races.get(id);
    if (!r) throw new Error(`unknown race "${id}"; choose one of: ${[...this.races.keys()].join(', ')}`);
    return r;
  }

  monster(id: string): AngMonster {
    const m = this.monsters.get(id);
    if (!m) throw new Error(`unknown monster "${id}"; choose one of: ${[...this.monsters.keys()].join(', ')}`);
    return m;
  }

  /** The stats a spec leaves out: 14 adjusted by race and class, one point (or bracket) at a time. */
  defaultStat(cls: AngClass, race: AngRace, k: AngStatName): StatValue {
    return modifyStat(modifyStat(DEFAULT_STAT_BASE, race.stats[k]), cls.stats[k]);
  }

  /** An item spec as an item stack with its magic. */
  stackOf(spec: AngItemSpec): ItemStack {
    const magic: ItemMagic | undefined =
      spec.toHit || spec.toDam || spec.toAc || spec.ego
        ? { toHit: spec.toHit ?? 0, toDam: spec.toDam ?? 0, toAc: spec.toAc ?? 0, ...(spec.ego ? { ego: spec.ego } : {}), ...(spec.pval !== undefined ? { pval: spec.pval } : {}) }
        : undefined;
    return { item: spec.item, quantity: spec.quantity ?? 1, level: 0, ...(magic ? { magic } : {}) };
  }

  /** A worn item as the rules see it. */
  gear<T>(st: ItemStack, def: T): AngGear<T> {
    const m = st.magic;
    const ego = m?.ego ? this.egos.get(m.ego) : undefined;
    return { def, toHit: m?.toHit ?? 0, toDam: m?.toDam ?? 0, toAc: m?.toAc ?? 0, ego, pval: m?.pval ?? 0 };
  }

  weaponGear(st: ItemStack | null): AngGear<AngMeleeWeapon> | null {
    if (!st) return null;
    const d = this.item(st.item);
    if (d.kind !== 'weapon') throw new Error(`${st.item} is not a melee weapon`);
    return this.gear(st, d.def);
  }

  launcherGear(st: ItemStack | null): AngGear<AngLauncher> | null {
    if (!st) return null;
    const d = this.item(st.item);
    if (d.kind !== 'launcher') throw new Error(`${st.item} is not a launcher`);
    return this.gear(st, d.def);
  }

  armourGear(st: ItemStack | null): AngGear<AngArmour> | null {
    if (!st) return null;
    const d = this.item(st.item);
    if (d.kind !== 'armour') throw new Error(`${st.item} is not armour`);
    return this.gear(st, d.def);
  }

  wornGear(st: ItemStack): AngGear<AngArmour | AngJewel> {
    const d = this.item(st.item);
    if (d.kind !== 'armour' && d.kind !== 'jewel') throw new Error(`${st.item} is not worn`);
    return this.gear<AngArmour | AngJewel>(st, d.def);
  }

  character(cls: AngClass, race: AngRace, level: number, stats: Readonly<Record<AngStatName, StatValue>>, gear: GearData, effects: AngEffects = NO_EFFECTS): AngCharacter {
    return {
      cls,
      race,
      level,
      stats,
      weapon: this.weaponGear(gear.weapon),
      bow: this.launcherGear(gear.bow),
      body: this.armourGear(gear.body),
      shield: this.armourGear(gear.shield),
      worn: gear.worn.map((w) => this.wornGear(w)),
      effects,
    };
  }

  /** A hero preset's stats as numbers. */
  heroStats(h: AngHero): Record<AngStatName, StatValue> {
    const out = {} as Record<AngStatName, StatValue>;
    for (const k of STAT_NAMES) out[k] = parseStat(h.stats[k]);
    return out;
  }

  heroGear(h: AngHero): GearData {
    const s = (spec: AngItemSpec | undefined) => (spec ? this.stackOf(spec) : null);
    return { weapon: s(h.weapon), bow: s(h.bow), body: s(h.body), shield: s(h.shield), worn: h.worn.map((w) => this.stackOf(w)) };
  }

  /** What a pack stack is when thrown, or null when it is not thrown (potions, scrolls). */
  thrown(st: ItemStack): Thrown | null {
    const d = this.item(st.item);
    const g = this.gear(st, d.def);
    const ego = g.ego;
    const name = itemLabel(d.def.name, st.magic, ego);
    if (d.kind === 'weapon') {
      return { name, weight: d.def.weight, dice: d.def.dice, toHit: d.def.toHit + g.toHit, toDam: d.def.toDam + g.toDam, slays: [...d.def.slays, ...(ego?.slays ?? [])], isWeapon: true, breakage: 'other' };
    }
    if (d.kind === 'ammo') {
      return { name, weight: d.def.weight, dice: d.def.dice, toHit: d.def.toHit + g.toHit, toDam: d.def.toDam + g.toDam, slays: ego?.slays ?? [], isWeapon: true, breakage: d.def.ammo };
    }
    if (d.kind === 'consumable' && d.def.kind === 'flask') {
      return { name, weight: d.def.weight, dice: d.def.dice, toHit: 0, toDam: 0, slays: [], isWeapon: false, breakage: 'flask' };
    }
    return null;
  }

  /** The breakage class of a pack item. */
  breakageOf(id: string): AngBreakageClass {
    const d = this.item(id);
    if (d.kind === 'ammo') return d.def.ammo;
    if (d.kind === 'consumable') return d.def.kind === 'flask' ? 'flask' : d.def.kind === 'potion' ? 'potion' : 'scroll';
    return 'other';
  }

  /** "Arrow of Slay Evil (+3,+4)", from an item id or a stack key. */
  nameOf(idOrKey: string): string {
    const m = /^([a-z0-9-]+)(?:\{([^}]*)\})?$/.exec(idOrKey);
    const d = m ? this.items.get(m[1] as string) : undefined;
    if (!m || !d) return idOrKey;
    if (!m[2]) return d.def.name;
    const parts = (m[2] as string).split(',');
    const egoPart = parts[0] && !/^[+-]/.test(parts[0]) ? (parts.shift() as string) : undefined;
    const egoId = egoPart?.replace(/[+-]\d+$/, '');
    const ego = egoId ? this.egos.get(egoId) : undefined;
    const [h, dm] = parts;
    const nums = h !== undefined && dm !== undefined ? ` (${h},${dm})` : '';
    return `${d.def.name}${ego ? ` ${ego.name}` : ''}${nums}`;
  }
}

/** "Arrow of Slay Evil (+3,+4)" from a base name and magic. */
export function itemLabel(base: string, magic: ItemMagic | undefined, ego: AngEgo | undefined): string {
  if (!magic) return base;
  const sign = (n: number) => (n < 0 ? String(n) : `+${n}`);
  return `${base}${ego ? ` ${ego.name}` : ''} (${sign(magic.toHit)},${sign(magic.toDam)})`;
}
