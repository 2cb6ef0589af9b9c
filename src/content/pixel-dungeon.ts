import type { ZodType } from 'zod';
import type {
  PdAbility,
  PdArmour,
  PdClass,
  PdHero,
  PdMeleeWeapon,
  PdMissileWeapon,
  PdMonster,
  PdPotion,
  PdTables,
  PdWand,
} from '../rules/pixeldungeon/types.js';
import { PD_DIVERGENCES } from '../rules/pixeldungeon/divergences.js';
import { COLOUR_NAMES, commonSchemas } from './common.js';
import { DataError, type DataSource } from './load.js';
import { parseTables, readTables, type TableTexts, uniqueItemIds } from './table-set.js';
import { lazySchema } from './zod.js';

const RULESET = 'pixel-dungeon';

/** The Pixel Dungeon tables: one file each under data/pixel-dungeon/. */
export const PD_FILES = {
  classes: 'classes.json',
  heroes: 'heroes.json',
  meleeWeapons: 'melee-weapons.json',
  missileWeapons: 'missile-weapons.json',
  armours: 'armours.json',
  wands: 'wands.json',
  potions: 'potions.json',
  monsters: 'monsters.json',
} as const;
export type PdTableName = keyof typeof PD_FILES;

/** The schema of each table, built from zod on first use. */
export const pdSchemas = lazySchema((z) => {
  const { idSchema, nameSchema, descriptionSchema, decimalSchema, intRangeSchema, tableSchema } = commonSchemas(z);
  const subclassSchema = z.enum(['none', 'berserker', 'assassin', 'sniper']).describe('A subclass seed 002 names, or none.');

  const pdClassSchema: ZodType<PdClass> = z.strictObject({
    id: z.enum(['warrior', 'mage', 'rogue', 'huntress']),
    name: nameSchema,
    hp: z.number().int().min(1).describe('Hit points at level 1; +5 per level.'),
    strength: z.number().int().min(1).describe('Starting strength.'),
    attackSkill: z.number().int().min(0).describe('Accuracy at level 1; +1 per level.'),
    defenseSkill: z.number().int().min(0).describe('Dodge at level 1; +1 per level.'),
    spareStrengthDodge: z.boolean().describe('+1 dodge per point of strength above the armour\'s need (Rogue).'),
    missileEncumbrance: z.number().int().describe('Extra strength shortfall with thrown weapons (Warrior +3, Huntress -2), edition source.'),
    missileEncumbranceSlows: z.boolean().describe('Whether that extra shortfall also slows throws.'),
    excessStrengthWithMissiles: z.boolean().describe('Excess-strength damage with thrown weapons instead of melee (Huntress), edition source.'),
    subclasses: z.array(subclassSchema).min(1).describe('Subclasses this class may take.'),
  });

  const packEntrySchema = z.strictObject({
    item: idSchema.describe('A missile weapon, wand or potion id.'),
    quantity: z.number().int().min(1).max(99),
  });

  const pdHeroSchema: ZodType<PdHero> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    class: z.enum(['warrior', 'mage', 'rogue', 'huntress']).describe('A class id from classes.json.'),
    subclass: subclassSchema,
    level: z.number().int().min(1).max(30),
    strength: z.number().int().min(1).max(30).optional().describe('Strength after potions; the class value when absent.'),
    weapon: idSchema.optional().describe('A melee weapon id; bare hands when absent.'),
    armour: idSchema.optional().describe('An armour id; none when absent.'),
    armourLevel: z.number().int().min(0).max(15).optional(),
    weaponLevel: z.number().int().min(0).max(15).optional(),
    ringOfShadows: z.number().int().min(0).max(10).optional().describe('Levels of Ring of Shadows: +1 stealth each.'),
    pack: z.array(packEntrySchema),
    description: descriptionSchema,
  });

  const pdMeleeWeaponSchema: ZodType<PdMeleeWeapon> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    tier: z.number().int().min(1).max(5),
    accuracy: decimalSchema.describe('ACU: multiplies the hero\'s accuracy.'),
    delay: decimalSchema.describe('DLY: turns per attack, before strength penalties.'),
    strength: z.number().int().min(1).optional().describe('Strength needed, when not 8 + 2 x tier.'),
    maxDamage: z.number().int().min(1).optional().describe('Maximum damage at +0, when not the tier formula.'),
    description: descriptionSchema,
  });

  const missileProcSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('paralysis'), turns: decimalSchema }),
    z.strictObject({ kind: z.literal('cripple'), turns: decimalSchema }),
    z.strictObject({ kind: z.literal('bleeding') }),
  ]);

  const pdMissileWeaponSchema: ZodType<PdMissileWeapon> = z
    .strictObject({
      id: idSchema,
      name: nameSchema,
      minDamage: z.number().int().min(0),
      maxDamage: z.number().int().min(0),
      strength: z.number().int().min(1),
      accuracy: decimalSchema,
      delay: decimalSchema,
      returns: z.boolean().describe('Flies back to the thrower (boomerang).'),
      proc: missileProcSchema.optional().describe('What a hit does besides damage.'),
      description: descriptionSchema,
    })
    .refine((m) => m.minDamage <= m.maxDamage, { message: 'minDamage exceeds maxDamage', path: ['maxDamage'] });

  const pdArmourSchema: ZodType<PdArmour> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    tier: z.number().int().min(1).max(5),
    description: descriptionSchema,
  });

  const pdWandSchema: ZodType<PdWand> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    damageBase: z.number().int().min(2),
    damagePerLevel: z.number().int().min(0),
    charges: z.number().int().min(1).max(9),
    rechargeTurns: z.number().int().min(1),
    description: descriptionSchema,
  });

  const pdPotionSchema: ZodType<PdPotion> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    effect: z.literal('heal'),
    description: descriptionSchema,
  });

  const abilitySchema: ZodType<PdAbility> = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('drain') }),
    z.strictObject({ kind: z.literal('bleeding-on-hit'), oneIn: z.number().int().min(1) }),
    z.strictObject({ kind: z.literal('cripple-on-hit'), oneIn: z.number().int().min(1), turns: decimalSchema }),
    z.strictObject({ kind: z.literal('poison-and-flee'), oneIn: z.number().int().min(1), poison: intRangeSchema }),
    z.strictObject({ kind: z.literal('steal-and-flee') }),
    z.strictObject({ kind: z.literal('disarm'), oneIn: z.number().int().min(1) }),
    z.strictObject({ kind: z.literal('enrage'), damage: intRangeSchema }),
    z.strictObject({ kind: z.literal('bone-explosion'), damage: intRangeSchema }),
    z.strictObject({ kind: z.literal('lightning'), damage: intRangeSchema, delay: decimalSchema, waterMultiplier: decimalSchema }),
    z.strictObject({
      kind: z.literal('shadow-bolt'),
      damage: intRangeSchema,
      delay: decimalSchema,
      weaknessOneIn: z.number().int().min(1),
      weaknessTurns: decimalSchema,
    }),
    z.strictObject({ kind: z.literal('ranged-only') }),
  ]);

  const pdMonsterSchema: ZodType<PdMonster> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    glyph: z.string().length(1).describe('One character drawn on the map.'),
    colour: z.enum(COLOUR_NAMES),
    hp: z.number().int().min(1),
    attackSkill: z.number().int().min(0).describe('Accuracy.'),
    defenseSkill: z.number().int().min(0).describe('Dodge.'),
    damage: intRangeSchema.describe('Melee damage, centre-biased (NormalIntRange).'),
    dr: z.number().int().min(0).describe('Armour: absorbs 0..dr per hit.'),
    spoiler: z
      .strictObject({ dr: z.number().int().min(0).optional(), divergence: idSchema })
      .optional()
      .describe('Numbers the seed states differently, used in the spoiler edition.'),
    speed: decimalSchema.describe('Moves per turn.'),
    attackDelay: decimalSchema.describe('Turns per melee attack.'),
    flying: z.boolean(),
    viewDistance: z.number().int().min(1).max(8),
    startState: z.enum(['sleeping', 'wandering', 'hunting']),
    abilities: z.array(abilitySchema),
    description: descriptionSchema,
  });

    return {
      classes: tableSchema(RULESET, pdClassSchema),
      heroes: tableSchema(RULESET, pdHeroSchema),
      meleeWeapons: tableSchema(RULESET, pdMeleeWeaponSchema),
      missileWeapons: tableSchema(RULESET, pdMissileWeaponSchema),
      armours: tableSchema(RULESET, pdArmourSchema),
      wands: tableSchema(RULESET, pdWandSchema),
      potions: tableSchema(RULESET, pdPotionSchema),
      monsters: tableSchema(RULESET, pdMonsterSchema),
    } satisfies Record<keyof typeof PD_FILES, ZodType>;
});

/** Reads every Pixel Dungeon table's text (adding it to the data fingerprint), by table name. */
export function readPixelDungeon(src: DataSource): TableTexts<PdTableName> {
  return readTables(src, RULESET, PD_FILES);
}

/** Validates the tables read by `readPixelDungeon` and checks ids and references across them. */
export function validatePixelDungeon(src: DataSource, texts: TableTexts<PdTableName>): PdTables {
  const parsed = parseTables(src, RULESET, PD_FILES, texts, pdSchemas());
  const { heroes, monsters } = parsed;
  const tables = {
    classes: parsed.classes.records as readonly PdClass[],
    heroes: heroes.records as PdHero[],
    meleeWeapons: parsed.meleeWeapons.records as PdMeleeWeapon[],
    missileWeapons: parsed.missileWeapons.records as PdMissileWeapon[],
    armours: parsed.armours.records as PdArmour[],
    wands: parsed.wands.records as PdWand[],
    potions: parsed.potions.records as PdPotion[],
    monsters: monsters.records as PdMonster[],
  };

  uniqueItemIds([parsed.meleeWeapons, parsed.missileWeapons, parsed.armours, parsed.wands, parsed.potions]);
  const ids = (list: readonly { id: string }[]) => new Set(list.map((r) => r.id));
  const melee = ids(tables.meleeWeapons);
  const armour = ids(tables.armours);
  const packable = new Set([...ids(tables.missileWeapons), ...ids(tables.wands), ...ids(tables.potions)]);
  tables.heroes.forEach((h, i) => {
    const at = `$.records[${i}]`;
    const cls = tables.classes.find((c) => c.id === h.class);
    if (!cls) throw new DataError(heroes.file, `${at}.class`, `unknown class "${h.class}" (classes.json has ${[...ids(tables.classes)].join(', ')})`);
    if (!cls.subclasses.includes(h.subclass)) {
      throw new DataError(heroes.file, `${at}.subclass`, `a ${cls.name} cannot be a ${h.subclass} (allowed: ${cls.subclasses.join(', ')})`);
    }
    if (h.weapon !== undefined && !melee.has(h.weapon)) throw new DataError(heroes.file, `${at}.weapon`, `unknown melee weapon "${h.weapon}"`);
    if (h.armour !== undefined && !armour.has(h.armour)) throw new DataError(heroes.file, `${at}.armour`, `unknown armour "${h.armour}"`);
    h.pack.forEach((p, j) => {
      if (!packable.has(p.item)) throw new DataError(heroes.file, `${at}.pack[${j}].item`, `unknown pack item "${p.item}" (a missile weapon, wand or potion)`);
    });
  });
  tables.monsters.forEach((m, i) => {
    if (m.spoiler && !Object.hasOwn(PD_DIVERGENCES, m.spoiler.divergence)) {
      throw new DataError(monsters.file, `$.records[${i}].spoiler.divergence`, `unknown divergence "${m.spoiler.divergence}"`);
    }
  });
  return Object.freeze(tables);
}
