import type { ZodType } from 'zod';
import { idHint } from '../../core/suggest.js';
import { CalcInputError, type Calculator, once, parseSpec } from '../calc-input.js';
import type { Edition } from '../edition.js';
import type { RulesetTables } from '../registry.js';
import type { ItemStack } from '../../world/components.js';
import { AngCatalogue, STAT_NAMES, type GearData } from './catalogue.js';
import { type CalcDefender, type CalcReport, calculate, formatReport } from './calc.js';
import { type ItemKind, itemKinds, itemSpecProblem } from './item-checks.js';
import { parseStat, type StatValue } from './stats.js';
import { ANG_MONSTER_FLAGS, type AngItemSpec, type AngMonsterFlag, type AngStatName } from './types.js';

/**
 * `arena calc angband-3.0.5`: parses the attacker and defender specs (a preset name or inline
 * JSON), checks them against the data, and runs the Angband calculator. Every problem is reported
 * with the option and the JSON path at fault.
 */

interface ItemSpecInput {
  item: string;
  toHit?: number;
  toDam?: number;
  toAc?: number;
  ego?: string;
  pval?: number;
  quantity?: number;
}

export interface AttackerInput {
  preset?: string;
  name?: string;
  class?: string;
  race?: string;
  level?: number;
  stats?: Partial<Record<AngStatName, string | number>>;
  weapon?: ItemSpecInput | null;
  bow?: ItemSpecInput | null;
  body?: ItemSpecInput | null;
  shield?: ItemSpecInput | null;
  worn?: ItemSpecInput[];
  pack?: ItemSpecInput[];
  effects?: { blessed?: boolean; hero?: boolean; berserk?: boolean; stun?: number; afraid?: boolean };
}

export interface DefenderInput {
  monster?: string;
  name?: string;
  ac?: number;
  flags?: AngMonsterFlag[];
}

const schemas = once((z) => {
  const stat = z.union([z.number().int(), z.string()]).describe('A stat: 3 to 18, or "18/xx".');
  const item: ZodType<ItemSpecInput> = z.strictObject({
    item: z.string(),
    toHit: z.number().int().min(-50).max(50).optional(),
    toDam: z.number().int().min(-50).max(50).optional(),
    toAc: z.number().int().min(-50).max(50).optional(),
    ego: z.string().optional(),
    pval: z.number().int().min(-5).max(5).optional(),
    quantity: z.number().int().min(1).max(99).optional(),
  });
  const attacker: ZodType<AttackerInput> = z.strictObject({
    preset: z.string().optional(),
    name: z.string().min(1).max(40).optional(),
    class: z.enum(['warrior', 'mage', 'priest', 'rogue', 'ranger', 'paladin']).optional(),
    race: z.string().optional(),
    level: z.number().int().min(1).max(50).optional(),
    stats: z.strictObject({ str: stat.optional(), dex: stat.optional(), con: stat.optional(), wis: stat.optional() }).optional(),
    weapon: item.nullable().optional(),
    bow: item.nullable().optional(),
    body: item.nullable().optional(),
    shield: item.nullable().optional(),
    worn: z.array(item).max(6).optional(),
    pack: z.array(item).max(12).optional(),
    effects: z
      .strictObject({
        blessed: z.boolean().optional(),
        hero: z.boolean().optional(),
        berserk: z.boolean().optional(),
        stun: z.number().int().min(0).max(10000).optional(),
        afraid: z.boolean().optional(),
      })
      .optional(),
  });
  const defender: ZodType<DefenderInput> = z.strictObject({
    monster: z.string().optional(),
    name: z.string().min(1).max(40).optional(),
    ac: z.number().int().min(-50).max(250).optional(),
    flags: z.array(z.enum(ANG_MONSTER_FLAGS)).optional(),
  });
  return { attacker, defender };
});

export interface CalcOptions {
  readonly attacker: string;
  readonly defender: string;
  readonly edition: Edition;
  readonly distance: number;
  readonly visibility: 'auto' | 'seen' | 'unseen';
}

/** Builds the calculator's request from the command line, or throws a CalcInputError naming the fault. */
export function calcReport(content: Pick<RulesetTables, 'angband'>, o: CalcOptions): CalcReport {
  const cat = new AngCatalogue(content.angband);
  const s = schemas();
  const a = parseSpec('--attacker', o.attacker, s.attacker, (id) => ({ preset: id }));
  const d = parseSpec('--defender', o.defender, s.defender, (id) => ({ monster: id }));

  const preset = a.preset !== undefined ? cat.heroes.get(a.preset) : undefined;
  if (a.preset !== undefined && !preset) {
    throw new CalcInputError(`--attacker: ${a.preset === o.attacker.trim() ? '' : '$.preset: '}unknown hero preset "${a.preset}"; choose one of: ${[...cat.heroes.keys()].join(', ')}`);
  }
  const clsId = a.class ?? preset?.class;
  const raceId = a.race ?? preset?.race;
  if (!clsId) throw new CalcInputError('--attacker: $.class: give a class (or a preset)');
  if (!raceId) throw new CalcInputError('--attacker: $.race: give a race (or a preset)');
  const cls = cat.classes.get(clsId);
  const race = cat.races.get(raceId);
  if (!cls) throw new CalcInputError(`--attacker: $.class: unknown class "${clsId}"`);
  if (!race) throw new CalcInputError(`--attacker: $.race: unknown race "${raceId}"; choose one of: ${[...cat.races.keys()].join(', ')}`);
  const level = a.level ?? preset?.level ?? 1;

  const stats = {} as Record<AngStatName, StatValue>;
  for (const k of STAT_NAMES) {
    const given = a.stats?.[k];
    try {
      stats[k] = given !== undefined ? parseStat(given) : preset ? parseStat(preset.stats[k]) : cat.defaultStat(cls, race, k);
    } catch (e) {
      throw new CalcInputError(`--attacker: $.stats.${k}: ${(e as Error).message}`);
    }
  }

  const kinds = itemKinds(content.angband);
  const check = (spec: ItemSpecInput, path: string, allowed: readonly ItemKind[]): ItemStack => {
    const problem = itemSpecProblem(spec as AngItemSpec, kinds, cat.egos, allowed, content.angband);
    if (problem) throw new CalcInputError(`--attacker: ${path}.${problem.field}: ${problem.message}`);
    return cat.stackOf(spec as AngItemSpec);
  };
  const base: GearData = preset ? cat.heroGear(preset) : { weapon: null, bow: null, body: null, shield: null, worn: [] };
  const slot = (spec: ItemSpecInput | null | undefined, current: ItemStack | null, path: string, allowed: readonly ItemKind[]): ItemStack | null =>
    spec === undefined ? current : spec === null ? null : check(spec, path, allowed);
  const gear: GearData = {
    weapon: slot(a.weapon, base.weapon, '$.weapon', ['weapon']),
    bow: slot(a.bow, base.bow, '$.bow', ['launcher']),
    body: slot(a.body, base.body, '$.body', ['body']),
    shield: slot(a.shield, base.shield, '$.shield', ['shield']),
    worn: a.worn ? a.worn.map((w, i) => check(w, `$.worn[${i}]`, ['worn'])) : base.worn,
  };
  const pack = a.pack ? a.pack.map((p, i) => check(p, `$.pack[${i}]`, ['ammo', 'consumable', 'weapon'])) : (preset?.pack ?? []).map((p) => cat.stackOf(p));
  const fx = a.effects ?? {};
  const character = cat.character(cls, race, level, stats, gear, {
    blessed: fx.blessed ?? false,
    hero: fx.hero ?? false,
    berserk: fx.berserk ?? false,
    stun: fx.stun ?? 0,
    afraid: fx.afraid ?? false,
  });

  let defender: CalcDefender;
  if (d.monster !== undefined) {
    const m = cat.monsters.get(d.monster);
    if (!m) throw new CalcInputError(`--defender: ${d.monster === o.defender.trim() ? '' : '$.monster: '}unknown monster "${d.monster}"; ${idHint(d.monster, [...cat.monsters.keys()], { noun: 'monster', command: 'arena list foes --ruleset angband-3.0.5' })}`);
    defender = { name: d.name ?? m.name, ac: d.ac ?? m.ac, flags: d.flags ?? m.flags };
  } else {
    if (d.ac === undefined) throw new CalcInputError('--defender: $.ac: give an armour class (or a monster)');
    defender = { name: d.name ?? 'target', ac: d.ac, flags: d.flags ?? [] };
  }

  return calculate(cat, {
    character,
    pack,
    name: a.name ?? preset?.name ?? `${race.name} ${cls.name}`,
    defender,
    distance: o.distance,
    visibility: o.visibility,
    edition: o.edition,
  });
}

export { CalcInputError, formatReport };

/** Angband's calculator: the hero's blows, shots and throws against a monster at a distance. */
export const ANGBAND_CALCULATOR: Calculator = {
  usesRange: true,
  text(tables, request, json) {
    const report = calcReport(tables, request);
    return json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report);
  },
};
