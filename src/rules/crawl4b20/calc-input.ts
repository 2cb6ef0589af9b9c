import type { ZodType } from 'zod';
import { CalcInputError, type Calculator, once, parseSpec } from '../calc-input.js';
import type { Edition } from '../edition.js';
import type { RulesetTables } from '../registry.js';
import { heroProblem } from '../crawl-family/checks.js';
import { CrCatalogue } from '../crawl-family/catalogue.js';
import type { CrEffects } from '../crawl-family/character.js';
import type { CrTarget } from '../crawl-family/melee.js';
import { CR_BRANDS, CR_FORMS, CR_MUTATIONS, CR_SKILLS, type CrBrand, type CrHero, type CrItemSpec } from '../crawl-family/types.js';
import { type CrCalcReport, calculateCrawl, formatCrawlReport } from './calc.js';

/**
 * `arena calc crawl-4.0b20`: the attacker is a hero preset or inline JSON (a preset to change, or
 * a character from scratch), the defender a monster or inline JSON. Every problem names the
 * option and the JSON path.
 */

/** An item as written on the command line: its brand is any text until it is checked. */
type ItemInput = Omit<CrItemSpec, 'brand'> & { readonly brand?: string };

interface AttackerInput {
  preset?: string;
  name?: string;
  species?: string;
  level?: number;
  statSystem?: 'new' | 'classic';
  str?: number;
  int?: number;
  dex?: number;
  skills?: Partial<Record<string, number>>;
  mutations?: Partial<Record<string, number>>;
  weapon?: ItemInput | null;
  armour?: ItemInput[];
  jewellery?: ItemInput[];
  form?: string | null;
  effects?: Partial<Omit<CrEffects, 'inWater'>> & { inWater?: boolean };
}

interface DefenderInput {
  monster?: string;
  weapon?: string | null;
  ev?: number;
  ac?: number;
  state?: CrTarget['state'];
  inWater?: boolean;
  visible?: boolean;
}

const schemas = once((z) => {
  const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
  const item: ZodType<ItemInput> = z.strictObject({
    item: z.string(),
    plus: int(-20, 30).optional(),
    plus2: int(-20, 30).optional(),
    brand: z.string().optional(),
    race: z.enum(['elven', 'dwarven', 'orcish']).optional(),
    cursed: z.boolean().optional(),
    desc: z.enum(['plain', 'spiked', 'horned']).optional(),
  });
  const attacker: ZodType<AttackerInput> = z.strictObject({
    preset: z.string().optional(),
    name: z.string().min(1).max(40).optional(),
    species: z.string().optional(),
    level: int(1, 27).optional(),
    statSystem: z.enum(['new', 'classic']).optional(),
    str: int(1, 72).optional(),
    int: int(1, 72).optional(),
    dex: int(1, 72).optional(),
    skills: z.strictObject(Object.fromEntries(CR_SKILLS.map((s) => [s, int(0, 27).optional()]))).optional(),
    mutations: z.strictObject(Object.fromEntries(CR_MUTATIONS.map((s) => [s, int(0, 3).optional()]))).optional(),
    weapon: item.nullable().optional(),
    armour: z.array(item).max(6).optional(),
    jewellery: z.array(item).max(3).optional(),
    form: z.enum(CR_FORMS).nullable().optional(),
    effects: z
      .strictObject({
        might: int(0, 75).optional(),
        invisible: int(0, 100).optional(),
        confusingTouch: int(0, 50).optional(),
        sureBlade: int(0, 25).optional(),
        hunger: int(101, 12000).optional(),
        inWater: z.boolean().optional(),
      })
      .optional(),
  });
  const defender: ZodType<DefenderInput> = z.strictObject({
    monster: z.string().optional(),
    weapon: z.string().nullable().optional(),
    ev: int(0, 60).optional(),
    ac: int(0, 60).optional(),
    state: z.enum(['sleeping', 'unaware', 'confused', 'fleeing', 'alert']).optional(),
    inWater: z.boolean().optional(),
    visible: z.boolean().optional(),
  });
  return { attacker, defender };
});

/** The brands a weapon written on the command line may carry (confusion is a spell's, not an item's). */
const WEAPON_BRANDS: readonly CrBrand[] = CR_BRANDS.filter((b) => b !== 'confuse');

/** The item with its brand checked against `brands`; a CalcInputError at `path` when it is none of them. */
function checkedItem(x: ItemInput, path: string, brands: readonly CrBrand[]): CrItemSpec {
  const { brand, ...rest } = x;
  if (brand === undefined) return rest;
  const known = brands.find((b) => b === brand);
  if (known === undefined) throw new CalcInputError(`--attacker: ${path}.brand: unknown brand "${brand}"; choose one of: ${brands.join(', ')}`);
  return { ...rest, brand: known };
}

export function crawlCalcReport(content: Pick<RulesetTables, 'crawl'>, o: { attacker: string; defender: string; edition: Edition }): CrCalcReport {
  const t = content.crawl;
  const cat = new CrCatalogue(t);
  const s = schemas();
  const a = parseSpec('--attacker', o.attacker, s.attacker, (id) => ({ preset: id }));
  const d = parseSpec('--defender', o.defender, s.defender, (id) => ({ monster: id }));
  const preset = a.preset !== undefined ? cat.heroes.get(a.preset) : undefined;
  if (a.preset !== undefined && !preset) throw new CalcInputError(`--attacker: ${a.preset === o.attacker.trim() ? '' : '$.preset: '}unknown hero preset "${a.preset}"; choose one of: ${[...cat.heroes.keys()].join(', ')}`);
  const species = a.species ?? preset?.species;
  if (!species) throw new CalcInputError('--attacker: $.species: give a species (or a preset)');
  const hero: CrHero = {
    id: 'calc',
    name: a.name ?? preset?.name ?? 'hero',
    species,
    job: preset?.job ?? 'fighter',
    jobHp: preset?.jobHp ?? 15,
    level: a.level ?? preset?.level ?? 1,
    str: a.str ?? preset?.str ?? 10,
    int: a.int ?? preset?.int ?? 10,
    dex: a.dex ?? preset?.dex ?? 10,
    skills: (a.skills as CrHero['skills'] | undefined) ?? preset?.skills ?? {},
    mutations: (a.mutations as CrHero['mutations'] | undefined) ?? preset?.mutations ?? {},
    ...(a.weapon === undefined ? (preset?.weapon ? { weapon: preset.weapon } : {}) : a.weapon === null ? {} : { weapon: checkedItem(a.weapon, '$.weapon', WEAPON_BRANDS) }),
    armour: a.armour?.map((x, i) => checkedItem(x, `$.armour[${i}]`, CR_BRANDS)) ?? preset?.armour ?? [],
    jewellery: a.jewellery?.map((x, i) => checkedItem(x, `$.jewellery[${i}]`, CR_BRANDS)) ?? preset?.jewellery ?? [],
    pack: [],
    spells: {},
    ...(a.form === undefined ? (preset?.form ? { form: preset.form } : {}) : a.form === null ? {} : { form: a.form as CrHero['form'] & string }),
    hunger: a.effects?.hunger ?? preset?.hunger ?? 6000,
    description: 'calculator',
  };
  const problem = heroProblem(hero, t);
  if (problem) throw new CalcInputError(`--attacker: $${problem.path}: ${problem.message}`);
  const fx = a.effects ?? {};
  const effects: CrEffects = {
    might: fx.might ?? 0,
    invisible: fx.invisible ?? 0,
    confusingTouch: fx.confusingTouch ?? preset?.spells['confusing-touch'] ?? 0,
    sureBlade: fx.sureBlade ?? preset?.spells['sure-blade'] ?? 0,
    hunger: hero.hunger,
    inWater: fx.inWater ?? false,
  };
  const c = cat.character({ ...cat.sheetOf(hero, a.statSystem ?? 'new') }, hero.form ?? null, effects, 0);

  const m = cat.monsters.get(d.monster ?? 'orc-warrior');
  if (!m) throw new CalcInputError(`--defender: ${d.monster === o.defender.trim() ? '' : '$.monster: '}unknown monster "${d.monster}"; choose one of: ${[...cat.monsters.keys()].join(', ')}`);
  let weapon = null;
  if (d.weapon !== undefined && d.weapon !== null) {
    weapon = cat.weapons.get(d.weapon) ?? null;
    if (!weapon) throw new CalcInputError(`--defender: $.weapon: unknown weapon "${d.weapon}"`);
  } else if (d.weapon === undefined) {
    const best = [...m.weapons].sort((x, y) => y.weight - x.weight)[0];
    weapon = best?.weapon ? (cat.weapons.get(best.weapon) ?? null) : null;
  }
  const target: CrTarget = {
    name: m.name,
    ev: d.ev ?? m.ev,
    ac: d.ac ?? m.ac,
    hd: m.hd,
    holiness: m.holiness,
    resists: m.resists,
    vulnerable: m.vulnerable,
    flies: m.flags.includes('flies'),
    waterCreature: m.flags.includes('water'),
    inWater: d.inWater ?? false,
    orc: m.flags.includes('orc'),
    visible: d.visible ?? true,
    state: d.state ?? 'alert',
    lowEnergy: false,
    noExp: m.flags.includes('no-exp'),
  };
  return calculateCrawl(c, hero.name, m, weapon, target, o.edition);
}

export { formatCrawlReport };

/** Crawl 4.00b20's calculator: the hero's attacks against a monster, and its attacks back. */
export const CRAWL_CALCULATOR: Calculator = {
  usesRange: false,
  text(tables, request, json) {
    const r = crawlCalcReport(tables, request);
    return json ? `${JSON.stringify(r, null, 2)}\n` : formatCrawlReport(r);
  },
};
