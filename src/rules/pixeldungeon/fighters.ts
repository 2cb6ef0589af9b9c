import type { ItemStack, Status } from '../../world/components.js';
import { capitalise, numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import type { CatalogEntry, FighterInit, FighterSpec } from '../ruleset.js';
import type { PdContext } from './context.js';
import { heroMaxHp } from './sheet.js';
import type { HeroRules, MonsterRules, PdHero, PdMonster, PdState } from './types.js';
import { REGEN_INTERVAL, rechargeInterval } from './upkeep.js';

/** Building fighters: the catalogue, heroes from their presets and options, monsters from their tables. */

export function catalog(c: PdContext): CatalogEntry[] {
  return [
    ...c.tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
    ...c.tables.monsters.map((m) => ({ id: m.id, name: m.name, kind: 'monster' as const, description: m.description })),
  ];
}

export function buildHero(c: PdContext, h: PdHero, options: FighterSpec['options']): FighterInit<PdState> {
  const cls = c.classes.get(h.class);
  if (!cls) throw new Error(`hero ${h.id}: unknown class ${h.class}`);
  refuseUnknownOptions(options, `hero ${h.id}`, ['level', 'strength', 'weapon', 'armour']);
  const level = numberOption(options, 'level', h.level, 1, 30);
  const strength = numberOption(options, 'strength', h.strength ?? cls.strength, 1, 30);
  const weaponId = stringOption(options, 'weapon', h.weapon);
  const armourId = stringOption(options, 'armour', h.armour);
  if (weaponId !== undefined && weaponId !== 'none' && !c.melee.has(weaponId)) {
    throw new Error(`unknown weapon "${weaponId}"; choose one of: none, ${[...c.melee.keys()].join(', ')}`);
  }
  if (armourId !== undefined && armourId !== 'none' && !c.armours.has(armourId)) {
    throw new Error(`unknown armour "${armourId}"; choose one of: none, ${[...c.armours.keys()].join(', ')}`);
  }
  const maxHp = heroMaxHp(cls, level);
  const pack: ItemStack[] = h.pack.map((p) => {
    const wand = c.wands.get(p.item);
    return wand ? { item: p.item, quantity: p.quantity, level: 0, charges: wand.charges } : { item: p.item, quantity: p.quantity, level: 0 };
  });
  const statuses: Status[] = [{ kind: 'regeneration', next: REGEN_INTERVAL }];
  if (pack.some((s) => c.wands.has(s.item))) statuses.push({ kind: 'recharge', next: rechargeInterval(c, pack) });
  const sub = h.subclass === 'none' ? '' : ` (${capitalise(h.subclass)})`;
  const title = `${cls.name} ${level}${sub}`;
  const rules: HeroRules = { kind: 'pd-hero', cls: cls.id, subclass: h.subclass, level, strength, stealth: h.ringOfShadows ?? 0, title };
  return {
    fighter: { name: `${h.name}`, kind: 'hero', templateId: h.id, flying: false, opensDoors: true },
    glyph: { ch: '@', colour: 'white' },
    body: { hp: maxHp, maxHp },
    inventory: {
      weapon: weaponId && weaponId !== 'none' ? { item: weaponId, quantity: 1, level: h.weaponLevel ?? 0 } : null,
      armour: armourId && armourId !== 'none' ? { item: armourId, quantity: 1, level: h.armourLevel ?? 0 } : null,
      pack,
    },
    statuses,
    rules,
    title,
    aiMode: 'hunting',
  };
}

export function buildMonster(m: PdMonster, options: FighterSpec['options']): FighterInit<PdState> {
  refuseUnknownOptions(options, `monster ${m.id}`, []);
  const rules: MonsterRules = { kind: 'pd-monster', monster: m.id, enraged: false, stolen: null };
  return {
    fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: m.flying, opensDoors: true },
    glyph: { ch: m.glyph, colour: m.colour },
    body: { hp: m.hp, maxHp: m.hp },
    inventory: { weapon: null, armour: null, pack: [] },
    statuses: [],
    rules,
    aiMode: m.startState,
  };
}

/** A hero preset or a monster by id. */
export function buildFighter(c: PdContext, spec: FighterSpec): FighterInit<PdState> {
  const h = c.heroes.get(spec.template);
  if (h) return buildHero(c, h, spec.options);
  const m = c.monsters.get(spec.template);
  if (!m) {
    throw new Error(`unknown fighter "${spec.template}" for pixel-dungeon; heroes: ${[...c.heroes.keys()].join(', ')}; monsters: ${[...c.monsters.keys()].join(', ')}`);
  }
  return buildMonster(m, spec.options);
}
