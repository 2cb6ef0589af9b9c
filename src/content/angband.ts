import type { ZodType } from 'zod';
import { type Dice, parseDice } from '../core/dice.js';
import { clipped, printable } from '../core/text.js';
import { parseStat } from '../rules/angband305/stats.js';
import type {
  AngAmmo,
  AngArmour,
  AngBlow,
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
  AngSlay,
  AngTables,
} from '../rules/angband305/types.js';
import { ANG_BLOW_EFFECTS, ANG_BLOW_METHODS, ANG_FLAGS, ANG_MONSTER_FLAGS, ANG_MONSTER_SPELLS } from '../rules/angband305/types.js';
import { type ItemKind, egoTarget, itemKinds, itemSpecProblem } from '../rules/angband305/item-checks.js';
import { COLOUR_NAMES, commonSchemas } from './common.js';
import { DataError, type DataSource } from './load.js';
import { type ParsedTable, parseTables, readTables, type TableTexts, uniqueItemIds } from './table-set.js';
import { lazySchema } from './zod.js';

export const ANG_RULESET = 'angband-3.0.5';

/** The Angband tables: one file each under data/angband-3.0.5/. */
export const ANG_FILES = {
  classes: 'classes.json',
  races: 'races.json',
  meleeWeapons: 'melee-weapons.json',
  launchers: 'launchers.json',
  ammo: 'ammo.json',
  armour: 'armour.json',
  jewellery: 'jewellery.json',
  consumables: 'consumables.json',
  egos: 'egos.json',
  heroes: 'heroes.json',
  monsters: 'monsters.json',
} as const;
export type AngTableName = keyof typeof ANG_FILES;

/** The schema of each table, built from zod on first use. */
export const angSchemas = lazySchema((z) => {
  const { idSchema, nameSchema, descriptionSchema, glyphSchema, int, tableSchema } = commonSchemas(z);
  /**
   * Dice written XdY (the game's dd and ds, or hdice and hside: bytes), at most `count` dice of
   * at most `sides` sides, with a bonus only where `bonus` allows one (0: none): the exact laws
   * of the damage are built from them, so they are kept to what the game's objects and monsters
   * roll.
   */
  const diceSchema = (count: number, sides: number, bonus = 0, minCount = 0) =>
    z
      .string()
      .max(40)
      .superRefine((s, ctx) => {
        const problem = diceProblem(s, count, sides, bonus, minCount);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
  /** Damage dice of the hero's weapons, missiles and flasks: the largest in the game are 5d8, 6d5, 8d4 (and artefacts' 6d12). */
  const itemDice = () => diceSchema(10, 12).describe('Dice written XdY (1d4, 2d6), at most 10 dice of at most 12 sides; 0d0 for none.');
  /** A monster blow's dice: the largest in the game is 20d10 (Morgoth). */
  const blowDice = () => diceSchema(20, 20).describe('Dice written XdY, at most 20 dice of at most 20 sides; 0d0 for none.');
  const weightSchema = z.number().int().min(0).max(10_000).describe('Weight in tenth-pounds, as the game stores it (12 is 1.2 lb).');
  const statSchema = z
    .string()
    .superRefine((s, ctx) => {
      try {
        parseStat(s);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: printable(clipped((e as Error).message, 120)) });
      }
    })
    .max(20)
    .describe('A stat as the game writes it: "3" to "18", then "18/01" to "18/220" and beyond.');
  // A class's skills are s16 in player_class (c_thn 70 and x_thn 45 at most, the Warrior's); a
  // race's modifiers run -10 to 25; the bounds leave room to spare and keep every chance exact.
  const skillSchema = z.strictObject({
    base: int(-100, 200).describe('Base skill.'),
    perTenLevels: int(0, 100).describe('Bonus per ten levels (45 is 4.5 per level).'),
  });
  /** A class's or race's stat adjustment (-5 to +5 in the game). */
  const statAdjustSchema = z.strictObject({
    str: int(-10, 10),
    dex: int(-10, 10),
    con: int(-10, 10),
    wis: int(-10, 10),
  });
  const elementSchema = z.enum(['acid', 'elec', 'fire', 'cold', 'poison']);
  /** The game's protective flags, each at most once. */
  const flagsSchema = z
    .array(z.enum(ANG_FLAGS))
    .superRefine((flags, ctx) => {
      const seen = new Set<string>();
      flags.forEach((f, i) => {
        if (seen.has(f)) ctx.addIssue({ code: 'custom', path: [i], message: `the flag ${f} is listed twice` });
        seen.add(f);
      });
    })
    .describe('Flags under the game\'s names (RES_FIRE, SUST_STR, FREE_ACT, SEE_INVIS, ...), each at most once.');
  const armourSlotSchema = z.enum(['body', 'shield', 'helm', 'gloves', 'boots', 'cloak']);

  const classSchema: ZodType<AngClass> = z.strictObject({
    id: z.enum(['warrior', 'mage', 'priest', 'rogue', 'ranger', 'paladin']),
    name: nameSchema,
    melee: skillSchema.describe('Melee skill (the game\'s c_thn and x_thn).'),
    missile: skillSchema.describe('Missile and throwing skill (c_thb and x_thb).'),
    spoilerMeleePerTenLevels: int(0, 100).optional().describe('The seed\'s melee bonus per ten levels, where it differs from the game\'s (edition spoiler).'),
    minWeaponWeight: weightSchema.describe('MWW in tenth-pounds: lighter weapons count as this heavy for blows.'),
    blowsMultiplier: int(1, 10).describe('WSM x 10 (the game\'s att_multiply).'),
    maxBlows: int(1, 6),
    hitDie: int(0, 20).describe('The class part of the hit die.'),
    stats: statAdjustSchema.describe('Stat adjustments (used for stats a character spec leaves out).'),
    save: skillSchema.describe('Saving throw in percent (c_sav and x_sav).'),
    stealth: int(0, 30).describe('Stealth (c_stl).'),
    resistFearAtLevel: int(1, 50).optional().describe('The level from which it resists fear (Warrior: 30).'),
    extraShots: z.boolean().describe('Extra shots with bows at levels 20 and 40 (Ranger).'),
    blessedWeaponsOnly: z.boolean().describe('-2 to-hit and to-dam with an unblessed sword or polearm (Priest).'),
    expFactor: int(0, 100).describe('The class part of the experience factor, percent (c_exp).'),
  });

  const raceSchema: ZodType<AngRace> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    melee: int(-50, 50).describe('Melee skill modifier (r_thn: -10 to 25 in the game).'),
    missile: int(-50, 50).describe('Missile and throwing skill modifier (r_thb).'),
    hitDie: int(1, 20).describe('The race part of the hit die.'),
    stats: statAdjustSchema,
    save: int(-50, 50).describe('Saving throw modifier (r_sav).'),
    stealth: int(-5, 10).describe('Stealth modifier (r_stl).'),
    infravision: int(0, 10).describe('Sees warm-blooded monsters this many squares away, invisible or not.'),
    flags: flagsSchema.describe('The race\'s flags (p_race.txt F: lines): resistances, sustains, free action, hold life, see invisible, regeneration.'),
    expFactor: int(50, 300).describe('The race part of the experience factor, percent (r_exp).'),
  });

  const slaySchema: ZodType<AngSlay> = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('slay'), against: z.enum(['evil', 'animal', 'undead', 'demon', 'orc', 'troll', 'giant', 'dragon']) }),
    z.strictObject({ kind: z.literal('kill'), against: z.enum(['demon', 'dragon', 'undead']) }),
    z.strictObject({ kind: z.literal('brand'), element: z.enum(['acid', 'elec', 'fire', 'cold', 'poison']) }),
  ]);

  const meleeWeaponSchema: ZodType<AngMeleeWeapon> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    kind: z.enum(['sword', 'polearm', 'hafted', 'digger']).describe('Swords and polearms are edged (the priest penalty).'),
    weight: weightSchema,
    dice: itemDice(),
    toHit: int(-20, 20).describe('Fixed to-hit of the base item (usually 0).'),
    toDam: int(-20, 20).describe('Fixed to-dam of the base item (usually 0).'),
    slays: z.array(slaySchema).describe('Slays of the base item itself (the Mace of Disruption slays undead).'),
    blessed: z.boolean(),
    flags: flagsSchema.describe('The base item\'s own flags (the Blade of Chaos resists chaos).'),
    description: descriptionSchema,
  });

  const launcherSchema: ZodType<AngLauncher> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    ammo: z.enum(['shot', 'arrow', 'bolt']),
    multiplier: int(1, 10).describe('x2 to x4 in the game (extra might adds to it).'),
    weight: weightSchema,
    description: descriptionSchema,
  });

  const ammoSchema: ZodType<AngAmmo> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    ammo: z.enum(['shot', 'arrow', 'bolt']),
    weight: weightSchema,
    dice: itemDice(),
    toHit: int(-20, 20),
    toDam: int(-20, 20),
    ignores: z.array(elementSchema).describe('Elements that cannot destroy it in the pack.'),
    description: descriptionSchema,
  });

  const armourSchema: ZodType<AngArmour> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    slot: armourSlotSchema,
    weight: weightSchema,
    ac: int(0, 200).describe('Base armour class (s16 in object_kind; 40 at most in the game, dragon scale mail).'),
    toHit: int(-20, 0).describe('The to-hit penalty of heavy body armour (-1 .. -8).'),
    toAc: int(-20, 50).describe('Fixed to-AC of the base item.'),
    ignoreAcid: z.boolean().describe('Acid cannot damage it (mithril, adamantite, dragon scale).'),
    bonuses: z.array(z.enum(['toHit', 'toDam', 'toAc'])).describe('Magic a worn one may carry (gloves of Slaying carry to-hit and to-dam).'),
    flags: flagsSchema.describe('The base item\'s own flags (dragon scale mail\'s resistances).'),
    noEgo: z.boolean().optional().describe('No ego comes on it (dragon scale mail).'),
    description: descriptionSchema,
  });

  const jewelSchema: ZodType<AngJewel> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    slot: z.enum(['ring', 'amulet']),
    bonuses: z.array(z.enum(['toHit', 'toDam', 'toAc'])).describe('Magic it carries (a Ring of Accuracy: to-hit).'),
    flags: flagsSchema.describe('Its flags (object.txt F: lines).'),
    description: descriptionSchema,
  });

  /** Turns or hit points of a potion or scroll (rolled, never made a law): at most 100 dice of 100 sides, and a bonus up to 5000 (the game's Life heals 5000). */
  const amountSchema = z
    .string()
    .max(40)
    .superRefine((s, ctx) => {
      const problem = diceProblem(s, 100, 100, 5000);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      else if (diceTotalMax(parseDice(s)) <= 0) ctx.addIssue({ code: 'custom', message: `"${printable(s)}" is never positive` });
    })
    .describe('Dice with an optional bonus, or a number: "1d12+6", "2d8", "10".');
  const useEffectSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.enum(['bless', 'hero', 'berserk']), turns: amountSchema.describe('Turns added: randint(12) + 6 is written "1d12+6".') }),
    z.strictObject({
      kind: z.literal('oppose'),
      element: elementSchema.describe('The temporary resistance (oppose_fire, ...).'),
      turns: amountSchema.describe('Turns added: randint(10) + 10 is written "1d10+10".'),
    }),
    z.strictObject({
      kind: z.literal('heal'),
      amount: amountSchema.describe('Hit points healed.'),
      cutDivide: int(1, 10).describe('The cut counter is divided by this ...'),
      cutReduce: int(0, 1000).describe('... then lowered by this (never below 0).'),
    }),
    z.strictObject({ kind: z.literal('cure-fear') }),
  ]);

  const consumableSchema: ZodType<AngConsumable> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    kind: z.enum(['potion', 'scroll', 'flask']),
    weight: weightSchema,
    dice: itemDice().describe('Damage when thrown.'),
    effects: z.array(useEffectSchema).describe('What using it does, in order (none for a flask).'),
    description: descriptionSchema,
  });

  const egoSchema: ZodType<AngEgo> = z.strictObject({
    id: idSchema,
    name: nameSchema.describe('As shown after the item: "of Slay Evil", "(Holy Avenger)".'),
    appliesTo: z.array(z.enum(['weapon', 'launcher', 'ammo', 'body', 'shield', 'helm', 'gloves', 'boots', 'cloak'])).min(1).describe('Weapons, launchers, ammunition, or armour by slot.'),
    only: z.array(idSchema).min(1).optional().describe('Base items it comes on, when only some (Buckland: slings).'),
    slays: z.array(slaySchema),
    pval: z.array(z.enum(['blows', 'shots', 'might', 'str', 'dex', 'con', 'wis', 'int', 'chr', 'stealth', 'search'])).describe('What the item\'s pval adds to.'),
    maxPval: int(0, 5).describe('The largest pval the game gives it (ego_item.txt C: line).'),
    blessed: z.boolean(),
    flags: flagsSchema.describe('Its flags (ego_item.txt F: lines).'),
    ignores: z.array(elementSchema).describe('Elements that cannot destroy an item with this ego.'),
    description: descriptionSchema,
  });

  const itemSpecSchema: ZodType<AngItemSpec> = z.strictObject({
    item: idSchema.describe('A base item id from the item tables.'),
    toHit: int(-50, 50).optional().describe('Magical to-hit (the game enchants to +15 and artefacts reach +25).'),
    toDam: int(-50, 50).optional().describe('Magical to-dam.'),
    toAc: int(-50, 50).optional().describe('Magical to-AC.'),
    ego: idSchema.optional().describe('An ego id from egos.json.'),
    pval: int(-5, 5).optional().describe('The ego\'s pval (extra blows, shots, might, stats).'),
    quantity: int(1, 99).optional().describe('How many (ammunition, flasks, potions); 1 when absent.'),
  });

  const heroSchema: ZodType<AngHero> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    class: z.enum(['warrior', 'mage', 'priest', 'rogue', 'ranger', 'paladin']),
    race: idSchema.describe('A race id from races.json.'),
    level: int(1, 50),
    stats: z.strictObject({ str: statSchema, dex: statSchema, con: statSchema, wis: statSchema }).describe('Stats without equipment bonuses.'),
    weapon: itemSpecSchema.optional(),
    bow: itemSpecSchema.optional(),
    body: itemSpecSchema.optional(),
    shield: itemSpecSchema.optional(),
    worn: z.array(itemSpecSchema).max(7).describe('Helm, gloves, boots, cloak, two rings, amulet.'),
    pack: z.array(itemSpecSchema).max(12).describe('Quiver and pack: ammunition, flasks, potions, scrolls, weapons to throw.'),
    description: descriptionSchema,
  });

  const blowSchema: ZodType<AngBlow> = z.strictObject({
    method: z.enum(ANG_BLOW_METHODS),
    effect: z.enum(ANG_BLOW_EFFECTS),
    dice: blowDice(),
  });

  const monsterSchema: ZodType<AngMonster> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    glyph: glyphSchema,
    colour: z.enum(COLOUR_NAMES),
    level: int(0, 127).describe('Native depth in 50 ft (a byte in monster_race; Morgoth\'s is 100).'),
    rarity: int(0, 255).describe('How rarely it appears (a byte; the arena does not read it).'),
    speed: int(60, 199).describe('110 is normal speed (a byte; the energy table runs to 199).'),
    hp: diceSchema(255, 255, 0, 1).describe('Hit dice (hdice and hside, bytes: Morgoth has 200d100): rolled when it appears, or the maximum with force-maxhp.'),
    vision: int(1, 255).describe('How far it notices the player, in squares (aaf, a byte).'),
    ac: int(0, 250).describe('Armour class (Morgoth: 150).'),
    sleep: int(0, 255).describe('How deeply it sleeps (0: never asleep; a byte).'),
    exp: int(0, 100_000).describe('Experience for killing it, per level of the killer (mexp).'),
    blows: z.array(blowSchema).max(4),
    flags: z.array(z.enum(ANG_MONSTER_FLAGS)),
    spellFreq: int(0, 100).describe('The x of its 1_IN_x spell frequency; 0 when it casts nothing.'),
    spells: z.array(z.enum(ANG_MONSTER_SPELLS)).describe('Spells, breaths and innate attacks, in the order of the game\'s S: lines.'),
    description: descriptionSchema.optional(),
  });

  return {
    classes: tableSchema(ANG_RULESET, classSchema),
    races: tableSchema(ANG_RULESET, raceSchema),
    meleeWeapons: tableSchema(ANG_RULESET, meleeWeaponSchema),
    launchers: tableSchema(ANG_RULESET, launcherSchema),
    ammo: tableSchema(ANG_RULESET, ammoSchema),
    armour: tableSchema(ANG_RULESET, armourSchema),
    jewellery: tableSchema(ANG_RULESET, jewelSchema),
    consumables: tableSchema(ANG_RULESET, consumableSchema),
    egos: tableSchema(ANG_RULESET, egoSchema),
    heroes: tableSchema(ANG_RULESET, heroSchema),
    monsters: tableSchema(ANG_RULESET, monsterSchema),
  } satisfies Record<AngTableName, ZodType>;
});

/** Why `s` is not dice of at most `count` dice of `sides` sides and a bonus of at most `bonus` either way, or null. */
function diceProblem(s: string, count: number, sides: number, bonus: number, minCount = 0): string | null {
  let d: Dice;
  try {
    d = parseDice(s);
  } catch (e) {
    return printable(clipped((e as Error).message, 120));
  }
  const shown = `"${printable(clipped(s, 40))}"`;
  if (bonus === 0 && d.bonus !== 0) return `${shown}: Angband dice have no bonus (write XdY)`;
  if (d.count > count) return `${shown}: at most ${count} dice`;
  if (d.count < minCount) return `${shown}: at least ${minCount} ${minCount === 1 ? 'die' : 'dice'}`;
  if (d.count > 0 && d.sides > sides) return `${shown}: dice of at most ${sides} sides`;
  if (Math.abs(d.bonus) > bonus) return `${shown}: the bonus is at most ${bonus}`;
  return null;
}

function diceTotalMax(d: Dice): number {
  return d.count * d.sides + d.bonus;
}

/** Reads every Angband table's text (adding it to the data fingerprint), by table name. */
export function readAngband(src: DataSource): TableTexts<AngTableName> {
  return readTables(src, ANG_RULESET, ANG_FILES);
}

/** Validates the tables read by `readAngband` and checks references across them. */
export function validateAngband(src: DataSource, texts: TableTexts<AngTableName>): AngTables {
  const parsed = parseTables(src, ANG_RULESET, ANG_FILES, texts, angSchemas());
  const tables: AngTables = {
    classes: parsed.classes.records as readonly AngClass[],
    races: parsed.races.records as readonly AngRace[],
    meleeWeapons: parsed.meleeWeapons.records as readonly AngMeleeWeapon[],
    launchers: parsed.launchers.records as readonly AngLauncher[],
    ammo: parsed.ammo.records as readonly AngAmmo[],
    armour: parsed.armour.records as readonly AngArmour[],
    jewellery: parsed.jewellery.records as readonly AngJewel[],
    consumables: parsed.consumables.records as readonly AngConsumable[],
    egos: parsed.egos.records as readonly AngEgo[],
    heroes: parsed.heroes.records as readonly AngHero[],
    monsters: parsed.monsters.records as readonly AngMonster[],
  };
  uniqueItemIds([parsed.meleeWeapons, parsed.launchers, parsed.ammo, parsed.armour, parsed.jewellery, parsed.consumables]);
  const classIds = new Set(tables.classes.map((c) => c.id));
  for (const id of ['warrior', 'mage', 'priest', 'rogue', 'ranger', 'paladin'] as const) {
    if (!classIds.has(id)) throw new DataError(parsed.classes.file, '$.records', `the class "${id}" is missing`);
  }
  const kinds = itemKinds(tables);
  tables.egos.forEach((e, i) => {
    (e.only ?? []).forEach((id, j) => {
      const kind = kinds.get(id);
      if (kind === undefined) throw new DataError(parsed.egos.file, `$.records[${i}].only[${j}]`, `unknown item "${id}"`);
      const target = egoTarget(id, kind, tables);
      if (!target || !e.appliesTo.includes(target)) throw new DataError(parsed.egos.file, `$.records[${i}].only[${j}]`, `"${id}" is not something "${e.name}" applies to (${e.appliesTo.join(', ')})`);
    });
    if (e.pval.length > 0 && e.maxPval < 1) throw new DataError(parsed.egos.file, `$.records[${i}].maxPval`, 'an ego with a pval needs a maximum of at least 1');
  });
  checkHeroes(parsed.heroes, tables);
  return Object.freeze(tables);
}

/** Checks every item a hero preset names: it exists, fits its slot, and carries only magic it can. */
function checkHeroes(heroes: ParsedTable, t: AngTables): void {
  const kinds = itemKinds(t);
  const egos = new Map(t.egos.map((e) => [e.id, e] as const));
  t.heroes.forEach((h, i) => {
    const at = `$.records[${i}]`;
    if (!t.races.some((r) => r.id === h.race)) {
      throw new DataError(heroes.file, `${at}.race`, `unknown race "${h.race}" (races.json has ${t.races.map((r) => r.id).join(', ')})`);
    }
    const slot = (spec: AngItemSpec | undefined, path: string, allowed: readonly ItemKind[]) => {
      if (!spec) return;
      const problem = itemSpecProblem(spec, kinds, egos, allowed, t);
      if (problem) throw new DataError(heroes.file, `${at}.${path}${problem.field ? `.${problem.field}` : ''}`, problem.message);
    };
    slot(h.weapon, 'weapon', ['weapon']);
    slot(h.bow, 'bow', ['launcher']);
    slot(h.body, 'body', ['body']);
    slot(h.shield, 'shield', ['shield']);
    h.worn.forEach((w, j) => slot(w, `worn[${j}]`, ['worn']));
    h.pack.forEach((p, j) => slot(p, `pack[${j}]`, ['ammo', 'consumable', 'weapon']));
  });
}
