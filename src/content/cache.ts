import { mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRegularFile } from './files.js';
import { deepFreeze } from './load.js';

/** The largest cache entry read back (the validated tables are a few megabytes). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * A cache of validated tables, so an unchanged data folder is not validated (and zod not even
 * loaded) on every start. An entry is keyed by the fingerprint of the exact text of every data
 * file read and by the identity of the program that validated it (its file's size and time), so
 * any edit to a data file or a new build validates afresh. Any problem reading or writing the
 * cache is ignored: it only ever saves time.
 */
const DIR = fileURLToPath(new URL('../../node_modules/.cache/spoiler-arena/', import.meta.url));

/** Identifies this build of the program (the file this module was loaded from). */
export function buildId(): string {
  try {
    const st = statSync(fileURLToPath(import.meta.url));
    return `${st.size}-${Math.trunc(st.mtimeMs)}`;
  } catch {
    return 'unknown';
  }
}

export function readCached<T>(name: string, key: string): T | undefined {
  try {
    const entry = JSON.parse(readRegularFile(join(DIR, `${name}.json`), MAX_ENTRY_BYTES)) as { key?: unknown; value?: unknown };
    return entry.key === key ? deepFreeze(entry.value as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeCached(name: string, key: string, value: unknown): void {
  try {
    mkdirSync(DIR, { recursive: true });
    const tmp = join(DIR, `${name}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ key, value }));
    renameSync(tmp, join(DIR, `${name}.json`));
  } catch {
    // A read-only install simply validates every time.
  }
}
