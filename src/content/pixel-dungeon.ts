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
  const { idSchema, nameSchema, descriptionSchema, glyphSchema, int, decimal, intRange, tableSchema } = commonSchemas(z);
  // Bounds: Pixel Dungeon 1.9.1 keeps these in Java ints and floats, so they come from what the
  // game's own items and mobs carry, with room to spare: the hardest mob (Yog-Dzewa) has 300 HP,
  // the hardest hitters 40 damage and 20 armour; strength needs run 10 to 18; delays 0.5 to 2.
  /** Strength: the heroes' 1..30 (`--strength`), so a need over it is at most 29 points short (1.5^29 stays exact). */
  const strength = () => int(1, 30);
  /** A strength requirement: 10 to 18 in the game; at most 20, so a hero of strength 1 lacks at most 19 (accuracy / 1.5^19 stays exact). */
  const strengthNeed = () => int(1, 20);
  /** Damage or armour of one hit: at most 40 in the game (Golem); the law of NormalIntRange grows with the square of the range. */
  const damage = () => intRange(500);
  /** Turns of a delay or an effect: 0.5 to 2 for actions, 40 for weakness; 1/1000 of a turn is the clock's tick. */
  const turns = () => decimal(0.001, 1000);
  /** Accuracy and delay multipliers of weapons (ACU 0.7 to 1.4, DLY 0.5 to 1.5 in the game). */
  const factor = () => decimal(0.001, 10);
  /** One chance in n (2 to 6 in the game). */
  const oneIn = () => int(1, 1000);
  const subclassSchema = z.enum(['none', 'berserker', 'assassin', 'sniper']).describe('A subclass seed 002 names, or none.');

  const pdClassSchema: ZodType<PdClass> = z.strictObject({
    id: z.enum(['warrior', 'mage', 'rogue', 'huntress']),
    name: nameSchema,
    hp: int(1, 1000).describe('Hit points at level 1; +5 per level (20 for the Warrior).'),
    strength: strength().describe('Starting strength (10 or 11).'),
    attackSkill: int(0, 100).describe('Accuracy at level 1; +1 per level (10 for every class).'),
    defenseSkill: int(0, 100).describe('Dodge at level 1; +1 per level (5 for every class).'),
    spareStrengthDodge: z.boolean().describe('+1 dodge per point of strength above the armour\'s need (Rogue).'),
    missileEncumbrance: int(-10, 10).describe('Extra strength shortfall with thrown weapons (Warrior +3, Huntress -2), edition source.'),
    missileEncumbranceSlows: z.boolean().describe('Whether that extra shortfall also slows throws.'),
    excessStrengthWithMissiles: z.boolean().describe('Excess-strength damage with thrown weapons instead of melee (Huntress), edition source.'),
    subclasses: z.array(subclassSchema).min(1).describe('Subclasses this class may take.'),
  });

  const packEntrySchema = z.strictObject({
    item: idSchema.describe('A missile weapon, wand or potion id.'),
    quantity: int(1, 99),
  });

  const pdHeroSchema: ZodType<PdHero> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    class: z.enum(['warrior', 'mage', 'rogue', 'huntress']).describe('A class id from classes.json.'),
    subclass: subclassSchema,
    level: int(1, 30),
    strength: strength().optional().describe('Strength after potions; the class value when absent.'),
    weapon: idSchema.optional().describe('A melee weapon id; bare hands when absent.'),
    armour: idSchema.optional().describe('An armour id; none when absent.'),
    armourLevel: int(0, 15).optional(),
    weaponLevel: int(0, 15).optional(),
    ringOfShadows: int(0, 10).optional().describe('Levels of Ring of Shadows: +1 stealth each.'),
    pack: z.array(packEntrySchema),
    description: descriptionSchema,
  });

  const pdMeleeWeaponSchema: ZodType<PdMeleeWeapon> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    tier: int(1, 5),
    accuracy: factor().describe('ACU: multiplies the hero\'s accuracy.'),
    delay: factor().describe('DLY: turns per attack, before strength penalties.'),
    strength: strengthNeed().optional().describe('Strength needed, when not 8 + 2 x tier.'),
    maxDamage: int(1, 100).optional().describe('Maximum damage at +0, when not the tier formula (tier 5: 30).'),
    description: descriptionSchema,
  });

  const missileProcSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('paralysis'), turns: turns() }),
    z.strictObject({ kind: z.literal('cripple'), turns: turns() }),
    z.strictObject({ kind: z.literal('bleeding') }),
  ]);

  const pdMissileWeaponSchema: ZodType<PdMissileWeapon> = z
    .strictObject({
      id: idSchema,
      name: nameSchema,
      minDamage: int(0, 100).describe('1 to 4 in the game.'),
      maxDamage: int(0, 100).describe('3 to 20 in the game.'),
      strength: strengthNeed(),
      accuracy: factor(),
      delay: factor(),
      returns: z.boolean().describe('Flies back to the thrower (boomerang).'),
      proc: missileProcSchema.optional().describe('What a hit does besides damage.'),
      description: descriptionSchema,
    })
    .refine((m) => m.minDamage <= m.maxDamage, { message: 'minDamage exceeds maxDamage', path: ['maxDamage'] });

  const pdArmourSchema: ZodType<PdArmour> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    tier: int(1, 5),
    description: descriptionSchema,
  });

  const pdWandSchema: ZodType<PdWand> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    damageBase: int(2, 100),
    damagePerLevel: int(0, 100),
    charges: int(1, 9),
    rechargeTurns: int(1, 10_000).describe('Turns to regain a charge (40 in the game).'),
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
    z.strictObject({ kind: z.literal('bleeding-on-hit'), oneIn: oneIn() }),
    z.strictObject({ kind: z.literal('cripple-on-hit'), oneIn: oneIn(), turns: turns() }),
    z.strictObject({ kind: z.literal('poison-and-flee'), oneIn: oneIn(), poison: intRange(1000).describe('Turns of poison.') }),
    z.strictObject({ kind: z.literal('steal-and-flee') }),
    z.strictObject({ kind: z.literal('disarm'), oneIn: oneIn() }),
    z.strictObject({ kind: z.literal('enrage'), damage: damage() }),
    z.strictObject({ kind: z.literal('bone-explosion'), damage: damage() }),
    z.strictObject({ kind: z.literal('lightning'), damage: damage(), delay: turns(), waterMultiplier: factor() }),
    z.strictObject({
      kind: z.literal('shadow-bolt'),
      damage: damage(),
      delay: turns(),
      weaknessOneIn: oneIn(),
      weaknessTurns: turns(),
    }),
    z.strictObject({ kind: z.literal('ranged-only') }),
  ]);

  const pdMonsterSchema: ZodType<PdMonster> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    glyph: glyphSchema,
    colour: z.enum(COLOUR_NAMES),
    hp: int(1, 1000).describe('Hit points (HT: 300 for Yog-Dzewa, the most in the game).'),
    attackSkill: int(0, 1000).describe('Accuracy (at most 36 in the game).'),
    defenseSkill: int(0, 1000).describe('Dodge (at most 30 in the game).'),
    damage: damage().describe('Melee damage, centre-biased (NormalIntRange).'),
    dr: int(0, 100).describe('Armour: absorbs 0..dr per hit (at most 20 in the game).'),
    spoiler: z
      .strictObject({ dr: int(0, 100).optional(), divergence: idSchema })
      .optional()
      .describe('Numbers the seed states differently, used in the spoiler edition.'),
    speed: decimal(0.1, 10).describe('Moves per turn (1 or 2 in the game; at most 10, so a step takes at least a tenth of a turn).'),
    attackDelay: factor().describe('Turns per melee attack.'),
    flying: z.boolean(),
    viewDistance: int(1, 8),
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
