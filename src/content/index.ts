import { fileURLToPath } from 'node:url';
import type { Arena } from '../world/arena.js';
import type { PdTables } from '../rules/pixeldungeon/types.js';
import { loadArenas } from './arenas.js';
import { buildId, readCached, writeCached } from './cache.js';
import { DataSource } from './load.js';
import { readPixelDungeon, validatePixelDungeon } from './pixel-dungeon.js';

export { DataError } from './load.js';

/** Everything in data/, loaded, validated and frozen. */
export interface Content {
  readonly root: string;
  readonly arenas: ReadonlyMap<string, Arena>;
  readonly pixelDungeon: PdTables;
  /** A hash of every data file read, for replay headers. */
  readonly fingerprint: string;
  readonly files: readonly string[];
}

/** The data folder shipped with the program (next to src/ and dist/). */
export const DEFAULT_DATA_ROOT = fileURLToPath(new URL('../../data', import.meta.url));

let cached: { root: string; content: Content } | undefined;

export function loadContent(root = DEFAULT_DATA_ROOT): Content {
  if (cached && cached.root === root) return cached.content;
  const src = new DataSource(root);
  const arenas = loadArenas(src);
  const texts = readPixelDungeon(src);
  const fingerprint = src.fingerprint();
  // Validated tables are reused while every data file and the program are unchanged.
  const key = `${fingerprint}/${buildId()}`;
  let pixelDungeon = readCached<PdTables>('pixel-dungeon', key);
  if (!pixelDungeon) {
    pixelDungeon = validatePixelDungeon(src, texts);
    writeCached('pixel-dungeon', key, pixelDungeon);
  }
  const content: Content = Object.freeze({ root, arenas, pixelDungeon, fingerprint, files: src.filesRead() });
  cached = { root, content };
  return content;
}
