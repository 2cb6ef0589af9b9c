/**
 * Shared helpers for the Pixel Dungeon rule tests. Nothing here computes an expected number:
 * helpers only enumerate, aggregate and build inputs, so the expectations stay in the tests.
 */
import { loadContent } from '../../../src/content/index.js';
import type { HeroAttackKind, PdDefender, PdHeroSheet } from '../../../src/rules/pixeldungeon/sheet.js';
import type { PdArmour, PdClass, PdMeleeWeapon, PdMissileWeapon, PdMonster, PdSubclassId, PdTables } from '../../../src/rules/pixeldungeon/types.js';

export const tables: PdTables = loadContent().pixelDungeon;

function find<T extends { id: string }>(list: readonly T[], id: string, what: string): T {
  const r = list.find((x) => x.id === id);
  if (!r) throw new Error(`no ${what} "${id}" in the data`);
  return r;
}

export const cls = (id: PdClass['id']): PdClass => find(tables.classes, id, 'class');
export const weapon = (id: string): PdMeleeWeapon => find(tables.meleeWeapons, id, 'melee weapon');
export const missile = (id: string): PdMissileWeapon => find(tables.missileWeapons, id, 'missile weapon');
export const armour = (id: string): PdArmour => find(tables.armours, id, 'armour');
export const monster = (id: string): PdMonster => find(tables.monsters, id, 'monster');

export interface SheetSpec {
  cls: PdClass['id'];
  subclass?: PdSubclassId;
  level: number;
  strength?: number;
  weapon?: string;
  weaponLevel?: number;
  armour?: string;
  armourLevel?: number;
  weakened?: boolean;
}

export function sheet(s: SheetSpec): PdHeroSheet {
  const c = cls(s.cls);
  return {
    cls: c,
    subclass: s.subclass ?? 'none',
    level: s.level,
    strength: s.strength ?? c.strength,
    weakened: s.weakened ?? false,
    ...(s.weapon ? { weapon: { def: weapon(s.weapon), level: s.weaponLevel ?? 0 } } : {}),
    ...(s.armour ? { armour: { def: armour(s.armour), level: s.armourLevel ?? 0 } } : {}),
  };
}

export const MELEE: HeroAttackKind = { kind: 'melee' };
export const thrown = (id: string): HeroAttackKind => ({ kind: 'thrown', missile: missile(id) });

export function mobDefender(
  id: string,
  o: { enemySeen?: boolean; paralysed?: boolean; state?: 'sleeping' | 'wandering' | 'hunting' | 'fleeing'; onWater?: boolean } = {},
): PdDefender {
  const m = monster(id);
  return {
    kind: 'monster',
    monster: m,
    paralysed: o.paralysed ?? false,
    enemySeen: o.enemySeen ?? true,
    state: o.state ?? 'hunting',
    onWater: o.onWater ?? false,
    flying: m.flying,
  };
}

export function heroDefender(s: PdHeroSheet, o: { sawAttacker?: boolean; paralysed?: boolean; onWater?: boolean } = {}): PdDefender {
  return { kind: 'hero', sheet: s, paralysed: o.paralysed ?? false, sawAttacker: o.sawAttacker ?? true, onWater: o.onWater ?? false, flying: false };
}

export { F, NO_DRAWS, editionIds, exactLaw, expectFrac, recorder, silent } from '../../support/odds.js';

/**
 * The single draw NormalIntRange(a, b) takes for parts i and j (0..n-1) and coin c: the draw is
 * uniform on 0..2n^2-1 and splits as c*n^2 + i*n + j.
 */
export const centreDraw = (n: number, i: number, j: number, coin = 0): number => coin * n * n + i * n + j;
