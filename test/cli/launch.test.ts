import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Run, removeTempDirs, tempDir } from './run.js';

/**
 * The launcher (src/cli/launch.ts) and its code cache, on a copy of the built program in a temp
 * folder laid out as an install is (dist/app beside data/ and node_modules/), so that its cache
 * folder is the test's own.
 */

afterAll(removeTempDirs);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh install: the built launcher and bundle copied, the data and packages linked. */
function install(): { root: string; cacheDir: string; cacheFile: string } {
  const root = tempDir('arena-launch-');
  mkdirSync(join(root, 'dist/app'), { recursive: true });
  for (const f of ['arena.js', 'arena-core.cjs']) copyFileSync(join(ROOT, 'dist/app', f), join(root, 'dist/app', f));
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(ROOT, 'data'), join(root, 'data'));
  // Packages linked one by one: node_modules itself is the install's own (its .cache above all).
  mkdirSync(join(root, 'node_modules'));
  for (const p of readdirSync(join(ROOT, 'node_modules'))) if (!p.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', p), join(root, 'node_modules', p));
  const core = statSync(join(root, 'dist/app/arena-core.cjs'));
  const cacheDir = join(root, 'node_modules/.cache/spoiler-arena/code');
  return { root, cacheDir, cacheFile: join(cacheDir, `${core.size}-${Math.trunc(core.mtimeMs)}-piped.bin`) };
}

/** Runs the install's `arena` with piped output. */
function run(root: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'dist/app/arena.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 25_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, signal: error?.signal ?? null, stdout, stderr });
    });
  });
}

const DUEL = ['duel', '--seed', '3', '--no-save'];

/** The cached code's file and the list of starts beside it, by name. */
const cacheNames = (cacheFile: string): string[] => {
  const name = cacheFile.split('/').pop() as string;
  return [name, name.replace(/\.bin$/, '.json')];
};

describe('the launcher\'s code cache', () => {
  it('the first start writes it as it exits; the next takes it and leaves it as it is', async () => {
    const { root, cacheFile } = install();
    const first = await run(root, DUEL);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^outcome: /m);
    const written = statSync(cacheFile);
    expect(written.size).toBeGreaterThan(100_000);
    const second = await run(root, DUEL);
    expect(second).toEqual(first);
    // A refused file would have been replaced (a new file, renamed into place).
    const after = statSync(cacheFile);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
    expect(readdirSync(join(root, 'node_modules/.cache/spoiler-arena/code')).sort()).toEqual(cacheNames(cacheFile));
    expect(JSON.parse(readFileSync(cacheFile.replace(/\.bin$/, '.json'), 'utf8'))).toEqual({ starts: ['duel'] });
  }, 60_000);

  it('a start of another command or ruleset adds the code it compiled, once', async () => {
    const { root, cacheFile } = install();
    const angband = ['duel', '--seed', '3', '--no-save', '--ruleset', 'angband-3.0.5', '--foe', 'drolem'];
    expect((await run(root, DUEL)).code).toBe(0);
    const pd = statSync(cacheFile);
    const first = await run(root, angband);
    expect(first.code, first.stderr).toBe(0);
    const both = statSync(cacheFile);
    // Written again, with the Pixel Dungeon code it took from the file and the Angband code it compiled.
    expect(both.ino).not.toBe(pd.ino);
    expect(both.size).toBeGreaterThan(pd.size);
    expect(JSON.parse(readFileSync(cacheFile.replace(/\.bin$/, '.json'), 'utf8'))).toEqual({ starts: ['duel', 'duel angband-3.0.5'] });
    expect(await run(root, angband)).toEqual(first);
    expect(await run(root, ['duel', '--ruleset=angband-3.0.5', '--seed', '3', '--no-save', '--foe', 'drolem'])).toEqual(first);
    expect((await run(root, DUEL)).code).toBe(0);
    const after = statSync(cacheFile);
    expect([after.ino, after.mtimeMs]).toEqual([both.ino, both.mtimeMs]);
  }, 60_000);

  it('a file V8 refuses (not its cached code) changes nothing but the time, and is replaced', async () => {
    const { root, cacheDir, cacheFile } = install();
    const plain = await run(root, DUEL);
    const garbage = Buffer.from('not cached code, '.repeat(1000));
    writeFileSync(cacheFile, garbage);
    const refused = await run(root, DUEL);
    expect(refused).toEqual(plain);
    expect(readFileSync(cacheFile).equals(garbage)).toBe(false);
    expect(statSync(cacheFile).size).toBeGreaterThan(100_000);
    expect(readdirSync(cacheDir).sort()).toEqual(cacheNames(cacheFile));
  }, 60_000);

  it('an earlier build\'s files, of either kind of start, are removed when this build\'s is written', async () => {
    const { root, cacheDir, cacheFile } = install();
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, '123-456-piped.bin'), 'old');
    writeFileSync(join(cacheDir, '123-456-piped.json'), '{"starts":[]}');
    writeFileSync(join(cacheDir, '123-456-terminal.bin'), 'old');
    expect((await run(root, DUEL)).code).toBe(0);
    expect(readdirSync(cacheDir).sort()).toEqual(cacheNames(cacheFile));
  }, 60_000);

  it('a cache that cannot be written: the program runs as before, and nothing is left behind', async () => {
    const { root } = install();
    const expected = await run(install().root, DUEL);
    // A file where the cache folder would be: no folder can be made under it.
    writeFileSync(join(root, 'node_modules/.cache'), 'in the way');
    const got = await run(root, DUEL);
    expect(got).toEqual(expected);
    expect(existsSync(join(root, 'node_modules/.cache'))).toBe(true);
    expect(readFileSync(join(root, 'node_modules/.cache'), 'utf8')).toBe('in the way');
    expect(readdirSync(join(root, 'node_modules')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
