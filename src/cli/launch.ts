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
 * terminal and one whose output is piped run different code. The file holds the code compiled by
 * the time a process exits: the first process of its kind writes it, and each later start of a
 * command and ruleset it does not yet cover (an Angband duel after a Pixel Dungeon one) writes it
 * again as it exits, with the code it took from the file and the code it compiled itself, up to
 * MAX_STARTS of them. A list beside it (`.json`) names the starts it covers. V8 checks the file
 * against the script and refuses one that does not fit; a missing, refused or unreadable file only
 * costs the compile, and the process that found it so writes a new one. A cache that cannot be
 * written (a read-only install) is simply not kept.
 */

const CORE = fileURLToPath(new URL('./arena-core.cjs', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/spoiler-arena/code/', import.meta.url));
/** The largest cache file read (the program's cached code is about a megabyte). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** How many kinds of start one cache file takes in before it is left as it is. */
const MAX_STARTS = 16;

/**
 * What a start runs, roughly: its command and its ruleset (`play angband-3.0.5`; the menu when
 * there is no command). Used only to choose when the cache is written again.
 */
function startKind(args: readonly string[]): string {
  const command = args.find((a) => !a.startsWith('-')) ?? 'menu';
  const at = args.indexOf('--ruleset');
  const ruleset = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--ruleset='))?.slice('--ruleset='.length);
  return `${command} ${ruleset ?? ''}`.trim();
}

/** The starts a cache file covers, from the list beside it ([] when there is none or it is not ours). */
function readStarts(file: string): string[] {
  try {
    const v = JSON.parse(readFileSync(file.replace(/\.bin$/, '.json'), 'utf8')) as { starts?: unknown };
    return Array.isArray(v.starts) ? v.starts.filter((x): x is string => typeof x === 'string').slice(0, MAX_STARTS) : [];
  } catch {
    return [];
  }
}

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

/** Writes the code compiled so far and the starts it covers, each whole or not at all, and removes older builds' files. */
function writeCache(script: vm.Script, file: string, build: string, starts: readonly string[]): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const put = (to: string, data: Buffer | string): void => {
      const tmp = `${to}.${process.pid}.tmp`;
      writeFileSync(tmp, data);
      renameSync(tmp, to);
    };
    put(file, script.createCachedData());
    put(file.replace(/\.bin$/, '.json'), `${JSON.stringify({ starts })}\n`);
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(`${build}-`) && /\.(bin|json)$/.test(name)) rmSync(join(dir, name), { force: true });
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
const kind = startKind(process.argv.slice(2));
if (!cachedData || script.cachedDataRejected === true) process.on('exit', () => writeCache(script, file, build, [kind]));
else {
  const starts = readStarts(file);
  if (!starts.includes(kind) && starts.length < MAX_STARTS) process.on('exit', () => writeCache(script, file, build, [...starts, kind]));
}
const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dir: string) => void;
const module = { exports: {} };
run.call(module.exports, module.exports, createRequire(CORE), module, CORE, dirname(CORE));
