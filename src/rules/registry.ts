import type { PdTables } from './pixeldungeon/types.js';
import type { AngTables } from './angband305/types.js';
import type { CrTables } from './crawl-family/types.js';
import { EDITIONS, type Edition, isEdition } from './edition.js';
import type { CatalogEntry, Ruleset } from './ruleset.js';
import type { Calculator } from './calc-input.js';
import type { ColourOptions, RulesetColours } from './colours.js';
import type { HeroOptionTables } from './choices.js';
import { PIXEL_DUNGEON_MODULE } from './pixeldungeon/module.js';
import { ANGBAND_305_MODULE } from './angband305/module.js';
import { CRAWL_4B20_MODULE } from './crawl4b20/module.js';
import { STONE_SOUP_052_MODULE } from './stonesoup052/module.js';

/** The tables the rulesets are built from (src/content loads them). */
export interface RulesetTables {
  readonly pixelDungeon: PdTables;
  readonly angband: AngTables;
  readonly crawl: CrTables;
  readonly stoneSoup: CrTables;
}

/**
 * What the program knows of a ruleset before building it: its id, the document its citations
 * point into, how to build it from the loaded tables, and what older replays of it need to be
 * read. Each ruleset folder exports one; adding a ruleset is its folder plus one entry below.
 */
export interface RulesetModule {
  readonly id: string;
  /** The seed document the ruleset's citations (`<id>#<section>`) point into. */
  readonly seedDocument: string;
  /** Its rules as they stand in `edition` (the seed's reading or the game's code). */
  create(tables: RulesetTables, edition: Edition): Ruleset;
  /** Its game's colours (the screen's plain colours when absent). */
  colours?(o: ColourOptions): RulesetColours;
  /** Its calculator (`arena calc`), loaded when asked for; none when absent. */
  calculator?(): Promise<Calculator>;
  /** The hero options it takes, from its tables (none when absent). */
  heroOptions?(tables: RulesetTables): HeroOptionTables;
  /**
   * One catalogue entry as `arena list --json` prints it, with what this ruleset's data says of
   * it (Angband: a monster's numbers, blows, flags and spells under the game's own names).
   * Absent: id, name, kind and description only.
   */
  listJson?(tables: RulesetTables, entry: CatalogEntry): Readonly<Record<string, unknown>>;
  /**
   * Whether a monster may stand on side 0 and fight another monster (its monster attacks work on
   * a monster defender, and its monsters notice one). Absent: not yet.
   */
  readonly monsterVsMonster?: boolean;
  /**
   * The rule that rolls recorded under an empty name in this ruleset's replays stand for, in the
   * edition where an older program left it unnamed (see `replay/format.ts`), and what it rolls.
   */
  readonly unnamedRule?: { readonly edition: Edition; readonly rule: string; readonly what: string };
}

/** The rulesets this program ships, in the order menus list them. */
const BUILT_IN: readonly RulesetModule[] = [PIXEL_DUNGEON_MODULE, ANGBAND_305_MODULE, CRAWL_4B20_MODULE, STONE_SOUP_052_MODULE];

/**
 * Rulesets by id. A Map, so an id from the command line or a file ("constructor", "__proto__",
 * "toString") finds nothing but the rulesets themselves.
 */
const MODULES = new Map<string, RulesetModule>(BUILT_IN.map((m) => [m.id, m]));

/**
 * Adds a ruleset to those the program offers (a test's toy game, or a future game's folder).
 * Refuses an id already taken.
 */
export function registerRuleset(m: RulesetModule): void {
  if (MODULES.has(m.id)) throw new Error(`a ruleset "${m.id}" is already registered`);
  MODULES.set(m.id, m);
}

/** Removes a ruleset added with `registerRuleset` (the built-in ones stay). */
export function unregisterRuleset(id: string): void {
  if (BUILT_IN.some((m) => m.id === id)) throw new Error(`"${id}" is built in`);
  MODULES.delete(id);
}

export function availableRulesets(): string[] {
  return [...MODULES.keys()];
}

export function isRulesetId(id: string): boolean {
  return MODULES.has(id);
}

/** The ruleset's module, or undefined when no ruleset has this id. */
export function rulesetModule(id: string): RulesetModule | undefined {
  return MODULES.get(id);
}

const built = new WeakMap<RulesetTables, Map<string, Ruleset>>();

/**
 * Builds (once per set of tables and edition) the ruleset with this id, its edition bound, or
 * throws naming the valid ids.
 */
export function getRuleset(id: string, tables: RulesetTables, edition: Edition): Ruleset {
  const m = MODULES.get(id);
  if (!m) throw new Error(`unknown ruleset "${id}"; choose one of: ${availableRulesets().join(', ')}`);
  if (!isEdition(edition)) throw new Error(`unknown edition "${String(edition)}"; choose one of: ${EDITIONS.join(', ')}`);
  let cache = built.get(tables);
  if (!cache) {
    cache = new Map();
    built.set(tables, cache);
  }
  const key = `${id} ${edition}`;
  let r = cache.get(key);
  if (!r) {
    r = m.create(tables, edition);
    cache.set(key, r);
  }
  return r;
}

/** The rulesets (in menu order) whose duels may have a monster on either side. */
export function monsterDuelRulesets(): string[] {
  return [...MODULES.values()].filter((m) => m.monsterVsMonster === true).map((m) => m.id);
}

/**
 * Why `ruleset` cannot put a monster on side 0, or null when it can: the message names the
 * rulesets that can.
 */
export function monsterDuelProblem(ruleset: string): string | null {
  if (MODULES.get(ruleset)?.monsterVsMonster === true) return null;
  return `monster-vs-monster duels are available in: ${monsterDuelRulesets().join(', ')} (not in ${ruleset})`;
}

/** A catalogue entry as `arena list --json` prints it (see `RulesetModule.listJson`). */
export function entryJson(id: string, tables: RulesetTables, entry: CatalogEntry): Readonly<Record<string, unknown>> {
  const own = MODULES.get(id)?.listJson;
  return own ? own(tables, entry) : { id: entry.id, name: entry.name, kind: entry.kind, description: entry.description };
}

/**
 * A catalogue entry with its data record's own fields after id, name, kind and description: the
 * `listJson` of a ruleset whose records are the data file's, as written.
 */
export function withRecord(entry: CatalogEntry, records: readonly { readonly id: string }[]): Readonly<Record<string, unknown>> {
  const { id: _id, name: _name, kind: _kind, description: _description, ...rest } = (records.find((r) => r.id === entry.id) ?? {}) as Record<string, unknown>;
  return { id: entry.id, name: entry.name, kind: entry.kind, description: entry.description, ...rest };
}
