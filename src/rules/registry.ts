import type { PdTables } from './pixeldungeon/types.js';
import { createPixelDungeon } from './pixeldungeon/index.js';
import type { AngTables } from './angband305/types.js';
import { createAngband } from './angband305/index.js';
import type { CrTables } from './crawl-family/types.js';
import { createCrawl } from './crawl4b20/index.js';
import { createStoneSoup } from './stonesoup052/index.js';
import { RULESET_IDS, type Ruleset, type RulesetId } from './ruleset.js';

/** The tables each ruleset is built from (src/content loads them). */
export interface RulesetTables {
  readonly pixelDungeon: PdTables;
  readonly angband: AngTables;
  readonly crawl: CrTables;
  readonly stoneSoup: CrTables;
}

/**
 * Rulesets that can be played today, by id. A Map, so an id from the command line or a file
 * ("constructor", "__proto__", "toString") finds nothing but the rulesets themselves.
 */
const FACTORIES: ReadonlyMap<string, (t: RulesetTables) => Ruleset> = new Map<RulesetId, (t: RulesetTables) => Ruleset>([
  ['pixel-dungeon', (t) => createPixelDungeon(t.pixelDungeon)],
  ['angband-3.0.5', (t) => createAngband(t.angband)],
  ['crawl-4.0b20', (t) => createCrawl(t.crawl)],
  ['stone-soup-0.5.2', (t) => createStoneSoup(t.stoneSoup)],
]);

export function availableRulesets(): RulesetId[] {
  return RULESET_IDS.filter((id) => FACTORIES.has(id));
}

const built = new WeakMap<RulesetTables, Map<RulesetId, Ruleset>>();

/** Builds (once per set of tables) the ruleset with this id, or throws naming the valid ids. */
export function getRuleset(id: string, tables: RulesetTables): Ruleset {
  const factory = FACTORIES.get(id);
  if (!factory) {
    const planned = (RULESET_IDS as readonly string[]).includes(id) ? ` ("${id}" is planned but not playable yet)` : '';
    throw new Error(`unknown ruleset "${id}"${planned}; choose one of: ${availableRulesets().join(', ')}`);
  }
  let cache = built.get(tables);
  if (!cache) {
    cache = new Map();
    built.set(tables, cache);
  }
  let r = cache.get(id as RulesetId);
  if (!r) {
    r = factory(tables);
    cache.set(id as RulesetId, r);
  }
  return r;
}
