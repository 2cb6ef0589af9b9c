import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Arena, ArenaError, parseArena } from '../world/arena.js';
import { DataError, type DataSource } from './load.js';

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
    const id = f.replace(/\.txt$/, '');
    try {
      out.set(id, parseArena(id, src.readText(path), src.display(path)));
    } catch (e) {
      if (e instanceof ArenaError) throw new DataError(src.display(path), e.line === undefined ? '' : `${e.line}${e.column === undefined ? '' : `:${e.column}`}`, e.problem);
      throw e;
    }
  }
  if (out.size === 0) throw new DataError(src.display(dir), '$', 'no arena files (*.txt)');
  return out;
}
