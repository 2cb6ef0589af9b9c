import { fileURLToPath } from 'node:url';
import type { Arena } from '../world/arena.js';
import type { PdTables } from '../rules/pixeldungeon/types.js';
import type { AngTables } from '../rules/angband305/types.js';
import type { CrTables } from '../rules/crawl-family/types.js';
import { readAngband, validateAngband } from './angband.js';
import { loadArenas } from './arenas.js';
import { SS_DIALECT, readCrawl, validateCrawl } from './crawl.js';
import { buildId, readCached, writeCached } from './cache.js';
import { DataSource } from './load.js';
import { readPixelDungeon, validatePixelDungeon } from './pixel-dungeon.js';

export { DataError } from './load.js';

/** Everything in data/, loaded, validated and frozen. */
export interface Content {
  readonly root: string;
  readonly arenas: ReadonlyMap<string, Arena>;
  readonly pixelDungeon: PdTables;
  readonly angband: AngTables;
  readonly crawl: CrTables;
  readonly stoneSoup: CrTables;
  /** A hash of every data file read. */
  readonly fingerprint: string;
  /**
   * The hash a replay header carries: the arenas and the tables of one ruleset, so a change
   * to another ruleset's data leaves its replays valid.
   */
  dataFingerprint(ruleset: string): string;
  readonly files: readonly string[];
}

/** The data folder shipped with the program (next to src/ and dist/). */
export const DEFAULT_DATA_ROOT = fileURLToPath(new URL('../../data', import.meta.url));

let cached: { root: string; content: Content } | undefined;

/** A validated table set from the cache, or validated now and cached. */
function cachedOr<T>(name: string, key: string, validate: () => T): T {
  const hit = readCached<T>(name, key);
  if (hit) return hit;
  const value = validate();
  writeCached(name, key, value);
  return value;
}

export function loadContent(root = DEFAULT_DATA_ROOT): Content {
  if (cached && cached.root === root) return cached.content;
  const src = new DataSource(root);
  const arenas = loadArenas(src);
  const pdTexts = readPixelDungeon(src);
  const angTexts = readAngband(src);
  const crTexts = readCrawl(src);
  const ssTexts = readCrawl(src, SS_DIALECT);
  const fingerprint = src.fingerprint();
  // Validated tables are reused while every data file and the program are unchanged.
  const key = `${fingerprint}/${buildId()}`;
  const pixelDungeon = cachedOr('pixel-dungeon', key, () => validatePixelDungeon(src, pdTexts));
  const angband = cachedOr('angband-3.0.5', key, () => validateAngband(src, angTexts));
  const crawl = cachedOr('crawl-4.0b20', key, () => validateCrawl(src, crTexts));
  const stoneSoup = cachedOr('stone-soup-0.5.2', key, () => validateCrawl(src, ssTexts, SS_DIALECT));
  const byRuleset = new Map<string, string>();
  const dataFingerprint = (ruleset: string): string => {
    let f = byRuleset.get(ruleset);
    if (f === undefined) {
      f = src.fingerprint((file) => file.startsWith('data/arenas/') || file.startsWith(`data/${ruleset}/`));
      byRuleset.set(ruleset, f);
    }
    return f;
  };
  const content: Content = Object.freeze({ root, arenas, pixelDungeon, angband, crawl, stoneSoup, fingerprint, dataFingerprint, files: src.filesRead() });
  cached = { root, content };
  return content;
}
