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
  // Each ruleset's tables are read and validated when first asked for: a duel of one game reads
  // only its own files (the roster of one does not slow the start of another). Its files are
  // read in a fixed order, so a ruleset's fingerprint is the same whenever it is read.
  const once = <T>(load: () => T): (() => T) => {
    let v: T | undefined;
    let done = false;
    return () => {
      if (!done) {
        v = load();
        done = true;
      }
      return v as T;
    };
  };
  const byRuleset = new Map<string, string>();
  const fingerprintOf = (ruleset: string): string => {
    let f = byRuleset.get(ruleset);
    if (f === undefined) {
      f = src.fingerprint((file) => file.startsWith('data/arenas/') || file.startsWith(`data/${ruleset}/`));
      byRuleset.set(ruleset, f);
    }
    return f;
  };
  // Validated tables are reused while the ruleset's data files and the program are unchanged.
  const table = <X, T>(ruleset: string, read: () => X, validate: (texts: X) => T) =>
    once(() => {
      const texts = read();
      return cachedOr(ruleset, `${fingerprintOf(ruleset)}/${buildId()}`, () => validate(texts));
    });
  const pixelDungeon = table('pixel-dungeon', () => readPixelDungeon(src), (t) => validatePixelDungeon(src, t));
  const angband = table('angband-3.0.5', () => readAngband(src), (t) => validateAngband(src, t));
  const crawl = table('crawl-4.0b20', () => readCrawl(src), (t) => validateCrawl(src, t));
  const stoneSoup = table('stone-soup-0.5.2', () => readCrawl(src, SS_DIALECT), (t) => validateCrawl(src, t, SS_DIALECT));
  const loaders: Readonly<Record<string, () => unknown>> = { 'pixel-dungeon': pixelDungeon, 'angband-3.0.5': angband, 'crawl-4.0b20': crawl, 'stone-soup-0.5.2': stoneSoup };
  const all = once(() => {
    for (const load of Object.values(loaders)) load();
  });
  const content: Content = Object.freeze({
    root,
    arenas,
    get pixelDungeon() {
      return pixelDungeon();
    },
    get angband() {
      return angband();
    },
    get crawl() {
      return crawl();
    },
    get stoneSoup() {
      return stoneSoup();
    },
    get fingerprint() {
      all();
      return src.fingerprint();
    },
    dataFingerprint: (ruleset: string): string => {
      loaders[ruleset]?.();
      return fingerprintOf(ruleset);
    },
    get files() {
      all();
      return src.filesRead();
    },
  });
  cached = { root, content };
  return content;
}

/** Reads and validates every ruleset's tables now (checks of the whole data folder). */
export function loadAllContent(root = DEFAULT_DATA_ROOT): Content {
  const c = loadContent(root);
  void [c.pixelDungeon, c.angband, c.crawl, c.stoneSoup];
  return c;
}
