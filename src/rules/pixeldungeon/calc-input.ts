import type { ZodType } from 'zod';
import { CalcInputError, type Calculator, type CalcRequest, once, parseSpec } from '../calc-input.js';
import type { RulesetTables } from '../registry.js';
import { type PdCalcReport, calculatePixelDungeon, formatPixelDungeonReport } from './calc.js';
import { pdContext } from './context.js';
import type { PdHeroSheet } from './sheet.js';
import type { PdClass, PdMissileWeapon, PdSubclassId } from './types.js';

/**
 * `arena calc pixel-dungeon`: the attacker is a hero preset or inline JSON (a preset to change,
 * or a hero from its class), the defender a monster or inline JSON. Every problem names the
 * option and the JSON path.
 */

interface PackInput {
  item: string;
  level?: number;
}

interface AttackerInput {
  preset?: string;
  class?: PdClass['id'];
  subclass?: PdSubclassId;
  level?: number;
  strength?: number;
  weapon?: string | null;
  weaponLevel?: number;
  armour?: string | null;
  armourLevel?: number;
  pack?: PackInput[];
  weakened?: boolean;
  fury?: boolean;
}

interface DefenderInput {
  monster?: string;
  enraged?: boolean;
}

const schemas = once((z) => {
  const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
  const attacker: ZodType<AttackerInput> = z.strictObject({
    preset: z.string().optional(),
    class: z.enum(['warrior', 'mage', 'rogue', 'huntress']).optional(),
    subclass: z.enum(['none', 'berserker', 'assassin', 'sniper']).optional(),
    level: int(1, 30).optional(),
    strength: int(1, 30).optional(),
    weapon: z.string().nullable().optional(),
    weaponLevel: int(0, 15).optional(),
    armour: z.string().nullable().optional(),
    armourLevel: int(0, 15).optional(),
    pack: z.array(z.strictObject({ item: z.string(), level: int(0, 15).optional() })).max(20).optional(),
    weakened: z.boolean().optional(),
    fury: z.boolean().optional(),
  });
  const defender: ZodType<DefenderInput> = z.strictObject({ monster: z.string().optional(), enraged: z.boolean().optional() });
  return { attacker, defender };
});

export function pixelDungeonCalcReport(tables: Pick<RulesetTables, 'pixelDungeon'>, o: Pick<CalcRequest, 'attacker' | 'defender' | 'edition' | 'distance'>): PdCalcReport {
  const c = pdContext(tables.pixelDungeon, o.edition);
  const s = schemas();
  const a = parseSpec('--attacker', o.attacker, s.attacker, (id) => ({ preset: id }));
  const d = parseSpec('--defender', o.defender, s.defender, (id) => ({ monster: id }));
  const preset = a.preset !== undefined ? c.heroes.get(a.preset) : undefined;
  if (a.preset !== undefined && !preset) throw new CalcInputError(`--attacker: ${a.preset === o.attacker.trim() ? '' : '$.preset: '}unknown hero preset "${a.preset}"; choose one of: ${[...c.heroes.keys()].join(', ')}`);
  const clsId = a.class ?? preset?.class;
  if (!clsId) throw new CalcInputError('--attacker: $.class: give a class (or a preset)');
  const cls = c.classes.get(clsId);
  if (!cls) throw new CalcInputError(`--attacker: $.class: unknown class "${clsId}"`);
  const subclass = a.subclass ?? (a.class === undefined || a.class === preset?.class ? preset?.subclass : undefined) ?? 'none';
  if (subclass !== 'none' && !cls.subclasses.includes(subclass)) throw new CalcInputError(`--attacker: $.subclass: a ${cls.name} cannot be a ${subclass}; choose one of: none, ${cls.subclasses.join(', ')}`);

  const weaponId = a.weapon === undefined ? preset?.weapon : a.weapon;
  const weapon = weaponId === null || weaponId === undefined ? undefined : c.melee.get(weaponId);
  if (weaponId !== null && weaponId !== undefined && !weapon) throw new CalcInputError(`--attacker: $.weapon: unknown weapon "${weaponId}"; choose one of: ${[...c.melee.keys()].join(', ')}`);
  const armourId = a.armour === undefined ? preset?.armour : a.armour;
  const armour = armourId === null || armourId === undefined ? undefined : c.armours.get(armourId);
  if (armourId !== null && armourId !== undefined && !armour) throw new CalcInputError(`--attacker: $.armour: unknown armour "${armourId}"; choose one of: ${[...c.armours.keys()].join(', ')}`);

  const pack = a.pack ?? preset?.pack.map((p) => ({ item: p.item, level: 0 })) ?? [];
  const missiles: PdMissileWeapon[] = [];
  const wands: { name: string; level: number }[] = [];
  pack.forEach((p, i) => {
    const m = c.missiles.get(p.item);
    const w = c.wands.get(p.item);
    if (m) {
      if (!missiles.includes(m)) missiles.push(m);
    } else if (w) wands.push({ name: w.name, level: p.level ?? 0 });
    else if (!c.potions.has(p.item)) throw new CalcInputError(`--attacker: $.pack[${i}].item: unknown item "${p.item}"; choose a thrown weapon (${[...c.missiles.keys()].join(', ')}), a wand (${[...c.wands.keys()].join(', ')}) or a potion`);
  });

  const sheet: PdHeroSheet = {
    cls,
    subclass,
    level: a.level ?? preset?.level ?? 1,
    strength: a.strength ?? preset?.strength ?? cls.strength,
    weakened: a.weakened ?? false,
    ...(weapon ? { weapon: { def: weapon, level: a.weaponLevel ?? (a.weapon === undefined ? (preset?.weaponLevel ?? 0) : 0) } } : {}),
    ...(armour ? { armour: { def: armour, level: a.armourLevel ?? (a.armour === undefined ? (preset?.armourLevel ?? 0) : 0) } } : {}),
  };
  if (a.fury && subclass !== 'berserker') throw new CalcInputError('--attacker: $.fury: only a Berserker is furious');

  const monsterId = d.monster ?? 'gnoll-scout';
  const monster = c.monsters.get(monsterId);
  if (!monster) throw new CalcInputError(`--defender: ${monsterId === o.defender.trim() ? '' : '$.monster: '}unknown monster "${monsterId}"; choose one of: ${[...c.monsters.keys()].join(', ')}`);
  const enraged = d.enraged ?? false;
  if (enraged && !monster.abilities.some((x) => x.kind === 'enrage')) throw new CalcInputError(`--defender: $.enraged: the ${monster.name} never becomes enraged`);

  return calculatePixelDungeon(
    { name: preset?.name ?? cls.name, sheet, fury: a.fury ?? false, missiles, wands, monster, enraged, distance: o.distance },
    o.edition,
  );
}

/** Pixel Dungeon's calculator: the hero's melee, throws and wands against a monster at each distance, and its attacks back. */
export const PIXEL_DUNGEON_CALCULATOR: Calculator = {
  usesRange: true,
  text(tables, request, json) {
    const r = pixelDungeonCalcReport(tables, request);
    return json ? `${JSON.stringify(r, null, 2)}\n` : formatPixelDungeonReport(r);
  },
};
