import { type RulesetTables, getRuleset, rulesetModule } from './registry.js';
import { DEFAULT_EDITION } from './edition.js';
import type { Ruleset } from './ruleset.js';

/**
 * What a hero preset's options may be changed to, per ruleset, read from the same tables the
 * rulesets' `buildFighter` checks `--weapon`, `--armour`, `--level` and `--form` against. A
 * choice whose `id` is null leaves the option out: the preset's own. A choice no hero preset
 * can take is left out (Stone Soup's giant clubs: only the ogre is big enough, and its preset
 * carries a shield); whether the chosen hero can take one is the ruleset's to say.
 */
export interface Choice {
  readonly id: string | null;
  readonly name: string;
  readonly description: string;
}

export interface HeroChoices {
  /** The preset's, then none, then every melee weapon. */
  readonly weapons: readonly Choice[];
  /** The preset's, then none, then every body armour. */
  readonly armours: readonly Choice[];
  /** The range `--level` accepts (numberOption in the ruleset's buildHero). */
  readonly levels: { readonly min: number; readonly max: number };
  /** Transformations (`--form`): the preset's, none, then each; empty when the ruleset has none. */
  readonly forms: readonly Choice[];
  /** Shields (the `shield` hero option): the preset's, none, then each; empty when the ruleset has none. */
  readonly shields: readonly Choice[];
  /** AX-Crawl's stat systems (`--stat-system`); empty when the ruleset has none. The first is the default. */
  readonly statSystems: readonly Choice[];
}

/** One thing a hero option may be set to, as a ruleset's tables list it. */
export interface OptionItem {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/**
 * A numeric hero option's range and notation, for sweeps: whole numbers, or Angband's 18/xx
 * strength. `read` gives undefined for text that is not a value in range.
 */
export interface OptionAxis {
  readonly min: number;
  readonly max: number;
  /** The range as the user writes it ("1 to 27"). */
  readonly range: string;
  read(text: string): number | undefined;
  label(v: number): string;
  /** The hero option's value for `v`. */
  option(v: number): string | number;
}

/** A numeric option in whole numbers from `min` to `max`. */
export function wholeAxis(min: number, max: number): OptionAxis {
  return {
    min,
    max,
    range: `a whole number from ${min} to ${max}`,
    read(text) {
      const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
    },
    label: String,
    option: (v) => v,
  };
}

/**
 * The hero options a ruleset takes, read from its tables: each ruleset module gives these
 * (`RulesetModule.heroOptions`); a ruleset without them takes no hero options.
 */
export interface HeroOptionTables {
  readonly weapons: readonly OptionItem[];
  /** Body armour. */
  readonly armours: readonly OptionItem[];
  /** The range `--level` accepts. */
  readonly levels: { readonly min: number; readonly max: number };
  /** Transformations (`--form`); empty when the ruleset has none. */
  readonly forms: readonly OptionItem[];
  /** Shields (the `shield` hero option); absent or empty when the ruleset has none. */
  readonly shields?: readonly OptionItem[];
  /** Stat systems (`--stat-system`), the default first; empty when the ruleset has none. */
  readonly statSystems: readonly Choice[];
  /** Trainable skills (`--skill NAME=LEVEL`); empty when the ruleset has none. */
  readonly skills: readonly { readonly id: string; readonly name: string }[];
  /** The levels a skill may be set to. */
  readonly skillLevels: { readonly min: number; readonly max: number };
  /** How `--strength` reads, for sweeps. */
  readonly strength: OptionAxis;
}

const NO_OPTIONS: HeroOptionTables = { weapons: [], armours: [], levels: { min: 1, max: 1 }, forms: [], statSystems: [], skills: [], skillLevels: { min: 0, max: 0 }, strength: wholeAxis(1, 1) };

const optionTables = new WeakMap<RulesetTables, Map<string, HeroOptionTables>>();

/** The hero options a ruleset takes (worked out once per set of tables); none for an unknown id. */
export function heroOptionTables(content: RulesetTables, rulesetId: string): HeroOptionTables {
  let byId = optionTables.get(content);
  if (!byId) {
    byId = new Map();
    optionTables.set(content, byId);
  }
  let o = byId.get(rulesetId);
  if (!o) {
    o = rulesetModule(rulesetId)?.heroOptions?.(content) ?? NO_OPTIONS;
    byId.set(rulesetId, o);
  }
  return o;
}

/** Why `skill` cannot be set to `value` among `known` skills with levels in `levels`, or null when it can. */
export function skillOptionProblem(skill: string, value: string | number, known: readonly { readonly id: string }[], levels: { readonly min: number; readonly max: number }): string | null {
  if (!known.some((s) => s.id === skill)) return `--skill: unknown skill "${skill}"; choose one of: ${known.map((s) => s.id).join(', ')}`;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < levels.min || n > levels.max) return `--skill ${skill} must be a whole number from ${levels.min} to ${levels.max} (got "${value}")`;
  return null;
}

/** The rulesets (in menu order) whose heroes take this kind of option. */
export function rulesetsWith(content: RulesetTables, ids: readonly string[], kind: 'forms' | 'statSystems' | 'skills'): string[] {
  return ids.filter((id) => heroOptionTables(content, id)[kind].length > 0);
}

const PRESET: Choice = { id: null, name: "the preset's", description: 'as the hero preset has it' };
const NONE: Choice = { id: 'none', name: 'none', description: 'nothing' };

const withPresetAndNone = (items: readonly OptionItem[]): Choice[] => [PRESET, NONE, ...items.map((i) => ({ id: i.id, name: i.name, description: i.description }))];

const cache = new WeakMap<RulesetTables, Map<string, HeroChoices>>();

/** The hero options a ruleset accepts, from its tables (worked out once per set of tables). */
export function heroChoices(content: RulesetTables, rulesetId: string): HeroChoices {
  let byId = cache.get(content);
  if (!byId) {
    byId = new Map();
    cache.set(content, byId);
  }
  let c = byId.get(rulesetId);
  if (!c) {
    const o = heroOptionTables(content, rulesetId);
    const choices = { weapons: withPresetAndNone(o.weapons), armours: withPresetAndNone(o.armours), levels: o.levels, forms: o.forms.length > 0 ? withPresetAndNone(o.forms) : [], shields: o.shields?.length ? withPresetAndNone(o.shields) : [], statSystems: o.statSystems };
    c = usable(getRuleset(rulesetId, content, DEFAULT_EDITION), choices);
    byId.set(rulesetId, c);
  }
  return c;
}

function builds(r: Ruleset, template: string, options: Readonly<Record<string, string>>): boolean {
  try {
    r.buildFighter({ template, options });
    return true;
  } catch {
    return false;
  }
}

/** Keeps the choices at least one hero preset can take (the default hero is tried first). */
function usable(r: Ruleset, c: HeroChoices): HeroChoices {
  const heroes = [r.defaultHero, ...r.catalog().filter((e) => e.kind === 'hero' && e.id !== r.defaultHero).map((e) => e.id)];
  const keep = (key: string, list: readonly Choice[]) => list.filter((x) => x.id === null || heroes.some((h) => builds(r, h, { [key]: x.id as string })));
  return { ...c, weapons: keep('weapon', c.weapons), armours: keep('armour', c.armours), forms: keep('form', c.forms), shields: keep('shield', c.shields) };
}
