import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Arena, ArenaError, parseArena } from '../world/arena.js';
import { printableDataError } from './common.js';
import { DataError, type DataSource } from './load.js';

/** Parses one arena file's text; a fault is a DataError naming the file and its line and column. */
export function arenaFromText(src: DataSource, path: string, text: string): Arena {
  const file = src.display(path);
  try {
    return parseArena(basename(path).replace(/\.txt$/, ''), text, file);
  } catch (e) {
    if (e instanceof ArenaError) throw printableDataError(new DataError(file, e.line === undefined ? '' : `${e.line}${e.column === undefined ? '' : `:${e.column}`}`, e.problem));
    throw e;
  }
}

/** Loads every hand-drawn arena in data/arenas/*.txt, keyed by file name without extension. */
export function loadArenas(src: DataSource): ReadonlyMap<string, Arena> {
  const dir = join(src.root, 'arenas');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  } catch {
    throw new DataError(src.display(dir), '$', 'the arenas folder is missing');
  }
  const out = new Map<string, Arena>();
  for (const f of files) {
    const path = join(dir, f);
    out.set(f.replace(/\.txt$/, ''), arenaFromText(src, path, src.readText(path)));
  }
  if (out.size === 0) throw new DataError(src.display(dir), '$', 'no arena files (*.txt)');
  return out;
}
