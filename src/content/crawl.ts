import type { ZodType } from 'zod';
import { BLOOD_STATES, SS_SPELLS } from '../rules/crawl-family/states.js';
import {
  ALL_MUTATIONS,
  ALL_SKILLS,
  SS_FORMS,
  type CrFormId,
  type CrMutation,
  type CrSkill,
  CR_BRANDS,
  CR_FORMS,
  CR_MONSTER_FLAGS,
  CR_MUTATIONS,
  CR_SKILLS,
  CR_SPECIES_TRAITS,
  type CrArmour,
  type CrForm,
  type CrHero,
  type CrItemSpec,
  type CrJewel,
  type CrMonster,
  type CrMutationDef,
  type CrPotion,
  type CrSpecies,
  type CrStatusDef,
  type CrTables,
  type CrWeapon,
  MONSTER_SIZES,
  WEAPON_FITS,
} from '../rules/crawl-family/types.js';
import { heroProblem } from '../rules/crawl-family/checks.js';
import { COLOUR_NAMES, commonSchemas } from './common.js';
import { DataError, type DataSource } from './load.js';
import { type ParsedTable, parseTables, readTables, type TableTexts, uniqueItemIds } from './table-set.js';
import { lazySchema } from './zod.js';

export const CR_RULESET = 'crawl-4.0b20';
export const SS_RULESET = 'stone-soup-0.5.2';

/** What differs between the Crawl family's data sets: the folder, and the skills, mutations, forms and spells each must list or may use. */
export interface CrawlDialect {
  readonly id: string;
  readonly skills: readonly CrSkill[];
  readonly mutations: readonly CrMutation[];
  readonly forms: readonly CrFormId[];
  readonly spells: readonly string[];
}

export const CR_DIALECT: CrawlDialect = { id: CR_RULESET, skills: CR_SKILLS, mutations: CR_MUTATIONS, forms: CR_FORMS, spells: ['confusing-touch', 'sure-blade'] };
export const SS_DIALECT: CrawlDialect = { id: SS_RULESET, skills: ALL_SKILLS, mutations: ALL_MUTATIONS, forms: SS_FORMS, spells: SS_SPELLS };

/** The Crawl 4.00 beta 20 tables: one file each under data/crawl-4.0b20/. */
export const CR_FILES = {
  species: 'species.json',
  skills: 'skills.json',
  weapons: 'weapons.json',
  armour: 'armour.json',
  jewellery: 'jewellery.json',
  potions: 'potions.json',
  forms: 'forms.json',
  mutations: 'mutations.json',
  statuses: 'statuses.json',
  heroes: 'heroes.json',
  monsters: 'monsters.json',
} as const;
export type CrTableName = keyof typeof CR_FILES;

const schemasFor = (dialect: CrawlDialect) => (z: Parameters<Parameters<typeof lazySchema>[0]>[0]) => {
  const SS = dialect.id === SS_RULESET;
  const CR_RULESET = dialect.id;
  const CR_SKILLS = dialect.skills as unknown as readonly [CrSkill, ...CrSkill[]];
  const CR_MUTATIONS = dialect.mutations as unknown as readonly [CrMutation, ...CrMutation[]];
  const CR_FORMS = dialect.forms as unknown as readonly [CrFormId, ...CrFormId[]];
  const { idSchema, nameSchema, descriptionSchema, glyphSchema, int, tableSchema } = commonSchemas(z);
  // Bounds: every number is bounded by what the game's own tables hold (mon-data.h, itemprop.cc,
  // player.cc), with room to spare: monsters up to 30 HD (those here have 1 to 13), 100 damage a
  // blow, AC and EV 50; weapons 50 damage and speed 3 to 30 (PWPN_SPEED 10 is one action, the
  // slowest weapon 22); stats 1 to 72 (the game's cap); skills 0 to 27 (the game's cap).
  const mutationLevels = z.strictObject(Object.fromEntries(CR_MUTATIONS.map((m) => [m, int(0, 3).optional()])) as unknown as Record<(typeof CR_MUTATIONS)[number], ZodType<number | undefined>>);
  const element = z.enum(['fire', 'cold', 'poison', 'elec']);

  const speciesSchema: ZodType<CrSpecies> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    str: int(0, 20).describe('Starting Str before the job.'),
    int: int(0, 20),
    dex: int(0, 20),
    traits: z.array(z.enum(CR_SPECIES_TRAITS)).describe('What the combat rules need to know about the species.'),
    mutations: mutationLevels.describe('Innate mutation levels.'),
    hpAdjust: int(-5, 5).describe('Added to the job\'s starting hit points.'),
    levelHp: z.array(int(-3, 3)).length(26).describe('Hit points added on top of the roll on reaching levels 2 to 27.'),
    stealthFactor: int(1, 30).describe('Stealth skill multiplier (check_stealth).'),
    naturalAc: int(0, 10).describe('Flat natural AC (ogre 1, troll and centaur 3).'),
    hunger: int(-5, 10).describe('Extra hunger per action.'),
    regen: int(0, 100).describe('Regeneration bonus in hundredths of a hit point per action.'),
    size: z.enum(['little', 'small', 'medium', 'large']).optional().describe('Body size for Stone Soup\'s EV rules (medium when not given).'),
    description: descriptionSchema,
  });

  const skillSchema = z.strictObject({ id: z.enum(CR_SKILLS), name: nameSchema, description: descriptionSchema });

  const weaponSchema = z.strictObject({
    id: idSchema,
    name: nameSchema,
    skill: z.enum(['short-blades', 'long-blades', 'axes', 'maces-flails', 'polearms', 'staves']),
    damage: int(0, 50).describe('PWPN_DAMAGE.'),
    accuracy: int(-10, 10).describe('PWPN_HIT.'),
    speed: int(3, 30).describe('PWPN_SPEED (10 is one action).'),
    hands: z.enum(['one', 'two', 'one-or-two']),
    mass: int(1, 2000),
    weightClass: z.enum(['whip', 'quick-blade', 'giant-club']).optional(),
    ...(SS ? { fit: z.enum(WEAPON_FITS).describe('Weapon_prop fit_size: with the wielder\'s torso, the hands it needs and whether it can be wielded.') } : {}),
    launcher: z.boolean(),
    giant: z.boolean().describe('Only ogres, trolls and ogre-mages may wield it.'),
    large: z.boolean().describe('Too large for halflings, gnomes, kobolds and spriggans.'),
    glyph: glyphSchema,
    description: descriptionSchema,
  });

  const armourSchema: ZodType<CrArmour> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    slot: z.enum(['body', 'shield', 'helmet', 'gloves', 'boots', 'cloak']),
    ac: int(0, 30),
    evPenalty: int(-15, 0),
    mass: int(1, 2000),
    light: z.boolean(),
    shield: z.enum(['buckler', 'shield', 'large-shield']).optional(),
    block: int(1, 10).optional(),
    helmet: z.enum(['helmet', 'helm', 'cap', 'wizard-hat']).optional(),
    barding: z.enum(['naga', 'centaur']).optional(),
    description: descriptionSchema,
  });

  const jewelSchema: ZodType<CrJewel> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    mass: int(1, 100),
    slot: z.enum(['ring', 'amulet']),
    effect: z.enum(['slaying', 'inaccuracy', 'protection', 'evasion', 'see-invisible']),
    description: descriptionSchema,
  });

  const potionSchema: ZodType<CrPotion> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    mass: int(1, 100),
    effect: z.enum(['might', 'invisibility']),
    description: descriptionSchema,
  });

  const formSchema: ZodType<CrForm> = z.strictObject({
    id: z.enum(CR_FORMS),
    name: nameSchema,
    damage: z.strictObject({ base: int(0, 50), strDiv: int(0, 10), dexDiv: int(0, 10) }).describe('Unarmed damage: base + Str / strDiv + Dex / dexDiv (0: no term).'),
    toHit: int(0, 30).describe('random2(toHit) added to the rolled to-hit.'),
    brand: z.enum(['venom', 'freezing', 'draining']).optional(),
    keeps: z.enum(['everything', 'weapon', 'armour-but-hands', 'nothing']),
    str: int(-10, 20),
    dex: int(-10, 20),
    ac: int(0, 30),
    ev: int(-10, 30),
    hpTenths: int(5, 30),
    speedTenths: int(5, 30),
    duration: int(1, 200),
    resists: z.array(element),
    vulnerable: z.array(z.enum(['fire', 'cold'])),
    size: z.enum(['tiny', 'little', 'small', 'medium', 'large', 'huge']).optional().describe('Body size in the form (Stone Soup\'s EV rules).'),
    description: descriptionSchema,
  });

  const mutationSchema: ZodType<CrMutationDef> = z.strictObject({ id: z.enum(CR_MUTATIONS), name: nameSchema, maxLevel: int(1, 3), description: descriptionSchema });
  const statusSchema: ZodType<CrStatusDef> = z.strictObject({ id: z.enum(['mighty', 'starving', 'invisible', 'swimming']), name: nameSchema, description: descriptionSchema });

  const itemSpecSchema: ZodType<CrItemSpec> = z.strictObject({
    item: idSchema,
    plus: int(-20, 30).optional().describe('Weapons: to-hit; armour and rings: the enchantment; ring of slaying: to-hit.'),
    plus2: int(-20, 30).optional().describe('Weapons: to-dam; ring of slaying: to-dam.'),
    brand: z.enum(CR_BRANDS as [string, ...string[]]).optional() as unknown as ZodType<CrItemSpec['brand']>,
    race: z.enum(['elven', 'dwarven', 'orcish']).optional(),
    cursed: z.boolean().optional(),
    desc: z.enum(['plain', 'spiked', 'horned']).optional(),
    ego: z.enum(['stealth', 'ponderousness', 'protection']).optional().describe('Stone Soup armour egos: boots of stealth, ponderousness, a shield of protection.'),
    quantity: int(1, 20).optional(),
  });

  const heroSchema: ZodType<CrHero> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    species: idSchema,
    job: idSchema,
    jobHp: int(5, 20).describe('The job\'s starting hit points.'),
    level: int(1, 27),
    str: int(1, 72),
    int: int(1, 72),
    dex: int(1, 72),
    skills: z.strictObject(Object.fromEntries(CR_SKILLS.map((s) => [s, int(0, 27).optional()])) as unknown as Record<(typeof CR_SKILLS)[number], ZodType<number | undefined>>),
    mutations: mutationLevels,
    weapon: itemSpecSchema.optional(),
    armour: z.array(itemSpecSchema).max(6),
    jewellery: z.array(itemSpecSchema).max(3),
    pack: z.array(itemSpecSchema).max(8),
    spells: z.strictObject(Object.fromEntries(dialect.spells.map((sp) => [sp, int(1, sp === 'sure-blade' ? 25 : sp === 'confusing-touch' ? 50 : 200).optional()]))).describe('Spells and effects running at the start: turns of each.') as unknown as ZodType<CrHero['spells']>,
    form: z.enum(CR_FORMS).optional(),
    blood: z.enum(BLOOD_STATES).optional().describe('Stone Soup vampires: the blood state (stealth factor).'),
    hunger: int(101, 12000).describe('6000 at the start of a game; starving at 1000 or less.'),
    description: descriptionSchema,
  });

  const specialSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('poison'), oneIn: int(1, 100), over: int(0, 50), chanceIn: int(1, 100), levels: int(1, 4) }),
    z.strictObject({ kind: z.enum(['cold', 'fire', 'rot', 'paralyse']) }),
  ]);

  const gearChoice = z.strictObject({ item: idSchema.nullable(), weight: int(1, 100000), plus: int(-10, 10).optional() });
  const monsterSchema: ZodType<CrMonster> = z.strictObject({
    id: idSchema,
    name: nameSchema,
    glyph: glyphSchema,
    colour: z.enum(COLOUR_NAMES),
    hd: int(1, 30),
    hp: z.strictObject({ min: int(0, 50), rand: int(0, 50), add: int(0, 500) }).describe('Each hit die gives min + random2(rand + 1); then + add.'),
    ac: int(0, 50),
    ev: int(0, 50),
    speed: int(1, 40).describe('10 is normal speed.'),
    attacks: z.array(int(1, 100)).min(1).max(4),
    intelligence: int(0, 4).describe('I_PLANT 0 to I_HIGH 4 (mon-data.h).'),
    holiness: z.enum(['natural', 'undead', 'demonic', 'holy', 'nonliving', 'plant']),
    resists: z.array(element),
    vulnerable: z.array(z.enum(['fire', 'cold', 'poison'])),
    flags: z.array(z.enum(CR_MONSTER_FLAGS)),
    special: specialSchema.optional(),
    weapons: z.array(z.strictObject({ weapon: idSchema.nullable(), weight: int(1, 100000), plus: int(-10, 10).optional(), plus2: int(-10, 10).optional() })),
    ...(SS
      ? {
          size: z.enum(MONSTER_SIZES).describe('Body size (mon-data.h).'),
          weaponBonus: z.strictObject({ oneIn: int(1, 100), min: int(1, 10), max: int(1, 10) }).optional().describe('One chance in oneIn that the weapon\'s plus rises by min..max.'),
          armour: z.array(gearChoice).optional().describe('Body armour: one weighted choice (item null: none).'),
          shields: z.array(gearChoice).optional().describe('Shield: one weighted choice (item null: none), not rolled when the weapon needs both hands.'),
        }
      : {}),
    description: descriptionSchema,
  }) as unknown as ZodType<CrMonster>;

  return {
    species: tableSchema(CR_RULESET, speciesSchema),
    skills: tableSchema(CR_RULESET, skillSchema),
    weapons: tableSchema(CR_RULESET, weaponSchema),
    armour: tableSchema(CR_RULESET, armourSchema),
    jewellery: tableSchema(CR_RULESET, jewelSchema),
    potions: tableSchema(CR_RULESET, potionSchema),
    forms: tableSchema(CR_RULESET, formSchema),
    mutations: tableSchema(CR_RULESET, mutationSchema),
    statuses: tableSchema(CR_RULESET, statusSchema),
    heroes: tableSchema(CR_RULESET, heroSchema),
    monsters: tableSchema(CR_RULESET, monsterSchema),
  } satisfies Record<CrTableName, ZodType>;
};

export const crSchemas = lazySchema(schemasFor(CR_DIALECT));
export const ssSchemas = lazySchema(schemasFor(SS_DIALECT));
const schemasOf = (dialect: CrawlDialect) => (dialect.id === SS_RULESET ? ssSchemas() : crSchemas());

export function readCrawl(src: DataSource, dialect: CrawlDialect = CR_DIALECT): TableTexts<CrTableName> {
  return readTables(src, dialect.id, CR_FILES);
}

/** Validates the Crawl tables (of Crawl 4.00 beta 20 or Stone Soup 0.5.2) and checks references across them. */
export function validateCrawl(src: DataSource, texts: TableTexts<CrTableName>, dialect: CrawlDialect = CR_DIALECT): CrTables {
  const parsed = parseTables(src, dialect.id, CR_FILES, texts, schemasOf(dialect));
  const t: CrTables = {
    species: parsed.species.records as readonly CrSpecies[],
    skills: parsed.skills.records as unknown as CrTables['skills'],
    weapons: parsed.weapons.records as readonly CrWeapon[],
    armour: parsed.armour.records as readonly CrArmour[],
    jewellery: parsed.jewellery.records as readonly CrJewel[],
    potions: parsed.potions.records as readonly CrPotion[],
    forms: parsed.forms.records as readonly CrForm[],
    mutations: parsed.mutations.records as readonly CrMutationDef[],
    statuses: parsed.statuses.records as readonly CrStatusDef[],
    heroes: parsed.heroes.records as readonly CrHero[],
    monsters: parsed.monsters.records as readonly CrMonster[],
  };
  uniqueItemIds([parsed.weapons, parsed.armour, parsed.jewellery, parsed.potions]);
  const complete = <K extends string>(table: ParsedTable, ids: readonly K[], what: string) => {
    const have = new Set(table.records.map((r) => r.id));
    for (const id of ids) if (!have.has(id)) throw new DataError(table.file, '$.records', `the ${what} "${id}" is missing`);
  };
  complete(parsed.skills, dialect.skills, 'skill');
  complete(parsed.forms, dialect.forms, 'form');
  complete(parsed.mutations, dialect.mutations, 'mutation');
  t.armour.forEach((a, i) => {
    const at = `$.records[${i}]`;
    if ((a.slot === 'shield') !== (a.shield !== undefined && a.block !== undefined)) throw new DataError(parsed.armour.file, `${at}.shield`, 'a shield (and only a shield) gives its kind and block value');
    if ((a.slot === 'helmet') !== (a.helmet !== undefined)) throw new DataError(parsed.armour.file, `${at}.helmet`, 'headgear (and only headgear) gives its helmet kind');
    if (a.barding !== undefined && a.slot !== 'boots') throw new DataError(parsed.armour.file, `${at}.barding`, 'only boots can be a barding');
  });
  t.monsters.forEach((m, i) => {
    m.weapons.forEach((w, j) => {
      if (w.weapon !== null && !t.weapons.some((x) => x.id === w.weapon)) throw new DataError(parsed.monsters.file, `$.records[${i}].weapons[${j}].weapon`, `unknown weapon "${w.weapon}"`);
    });
    const gear = (list: CrMonster['armour'], field: string, fits: (a: CrArmour) => boolean, what: string) =>
      list?.forEach((g, j) => {
        if (g.item === null) return;
        const a = t.armour.find((x) => x.id === g.item);
        if (!a) throw new DataError(parsed.monsters.file, `$.records[${i}].${field}[${j}].item`, `unknown armour "${g.item}"`);
        if (!fits(a)) throw new DataError(parsed.monsters.file, `$.records[${i}].${field}[${j}].item`, `a ${a.name} is not ${what}`);
      });
    gear(m.armour, 'armour', (a) => a.slot === 'body' || a.barding !== undefined, 'body armour or a barding');
    gear(m.shields, 'shields', (a) => a.slot === 'shield', 'a shield');
    if (m.weaponBonus && m.weaponBonus.min > m.weaponBonus.max) throw new DataError(parsed.monsters.file, `$.records[${i}].weaponBonus`, 'min is above max');
  });
  t.heroes.forEach((h, i) => {
    const problem = heroProblem(h, t);
    if (problem) throw new DataError(parsed.heroes.file, `$.records[${i}]${problem.path}`, problem.message);
  });
  return Object.freeze(t);
}
