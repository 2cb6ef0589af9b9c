#!/usr/bin/env node
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/**
 * The `arena` command as installed: starts the bundled program (`arena-core.cjs`, beside this
 * file) with V8's code cache, so that a start does not parse and compile the whole program
 * again. Node 20 keeps no compile cache for ES modules, so the program is bundled as one
 * CommonJS script and compiled here through `vm.Script`, which takes and makes cached code.
 *
 * The cache lives in node_modules/.cache/spoiler-arena/code/, one file per build of the
 * program (its size and time, as the table cache keys it) and per kind of start: a start in a
 * terminal and one whose output is piped run different code, and the file holds the code that
 * was compiled by the time the first process of its kind exited. V8 checks the file against the
 * script and refuses one that does not fit; a missing, refused or unreadable file only costs the
 * compile, and the process that found it so writes a new one as it exits. A cache that cannot
 * be written (a read-only install) is simply not kept.
 */

const CORE = fileURLToPath(new URL('./arena-core.cjs', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/spoiler-arena/code/', import.meta.url));
/** The largest cache file read (the program's cached code is about a megabyte). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache file for this build and this kind of start. */
function cacheFile(): { file: string; build: string } {
  const st = statSync(CORE);
  const build = `${st.size}-${Math.trunc(st.mtimeMs)}`;
  const kind = process.stdout.isTTY ? 'terminal' : 'piped';
  return { file: join(CACHE_DIR, `${build}-${kind}.bin`), build };
}

function readCache(file: string): Buffer | undefined {
  try {
    if (statSync(file).size > MAX_CACHE_BYTES) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the code compiled so far, whole or not at all, and removes older builds' files. */
function writeCache(script: vm.Script, file: string, build: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file);
    for (const name of readdirSync(dirname(file))) {
      if (!name.startsWith(`${build}-`) && name.endsWith('.bin')) rmSync(join(dirname(file), name), { force: true });
    }
  } catch {
    // Only time is lost.
  }
}

const { file, build } = cacheFile();
const cachedData = readCache(file);
// The script is the bundle inside the function Node wraps every CommonJS file in (its first
// line, `#!`, is a comment only at the very start of a file).
const source = readFileSync(CORE, 'utf8').replace(/^#!.*/, '');
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: CORE,
  ...(cachedData ? { cachedData } : {}),
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (!cachedData || script.cachedDataRejected === true) process.on('exit', () => writeCache(script, file, build));
const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dir: string) => void;
const module = { exports: {} };
run.call(module.exports, module.exports, createRequire(CORE), module, CORE, dirname(CORE));
