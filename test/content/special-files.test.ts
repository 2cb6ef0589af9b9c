import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_LIMITS, FileRefused, readRegularFile } from '../../src/content/files.js';
import { DataError, loadAllContent } from '../../src/content/index.js';
import { readPrefs } from '../../src/tui/prefs.js';
import { tempDir, removeTempDirs } from '../replay/duels.js';
import { TempData, removeTempData } from './temp-data.js';
import { attempt } from '../support/attempt.js';

/**
 * Special and endless files (issue 17, fault 7): every file the program reads is opened only if
 * it is a regular file, and read with a size cap. A named pipe would block the program forever
 * and /dev/zero would never end; each gives a clear error at once instead.
 */

afterAll(() => {
  removeTempData();
  removeTempDirs();
});

/** Runs `fn`, which must throw quickly; returns the error. */
function refusedQuickly(fn: () => unknown): Error {
  const { error, ms } = attempt(fn);
  expect(error, 'expected a refusal').toBeInstanceOf(Error);
  expect(ms, 'it gave up at once rather than waiting on the file').toBeLessThan(5_000);
  return error as Error;
}

describe('readRegularFile', () => {
  const dir = tempDir('arena-special-');
  const fifo = join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const zero = join(dir, 'zero');
  symlinkSync('/dev/zero', zero);
  const sparse = join(dir, 'huge');
  writeFileSync(sparse, '');
  truncateSync(sparse, 1024 * 1024 * 1024);

  it.each([
    ['a named pipe', fifo, 'a named pipe (FIFO), not a regular file'],
    ['a link to /dev/zero', zero, 'a character device, not a regular file'],
    ['a folder', dir, 'a folder, not a regular file'],
    ['a missing file', join(dir, 'nothing'), 'no such file'],
    ['a file over the cap', sparse, `1073741824 bytes, more than the ${FILE_LIMITS.data} such a file may have`],
  ])('%s is refused at once, saying what it is', (_what, path, reason) => {
    const e = refusedQuickly(() => readRegularFile(path, FILE_LIMITS.data));
    expect(e).toBeInstanceOf(FileRefused);
    expect(e.message).toBe(reason);
  });

  it('a regular file is read whole, up to the cap and not a byte past it', () => {
    const ok = join(dir, 'ok.txt');
    writeFileSync(ok, 'x'.repeat(1000));
    expect(readRegularFile(ok, 1000)).toBe('x'.repeat(1000));
    expect(refusedQuickly(() => readRegularFile(ok, 999)).message).toBe('1000 bytes, more than the 999 such a file may have');
  });
});

describe('data files and arenas that are not regular files', () => {
  it.each([
    ['a data table replaced by a named pipe', 'pixel-dungeon/monsters.json', (p: string) => execFileSync('mkfifo', [p]), 'a named pipe (FIFO), not a regular file'],
    ['a data table linked to /dev/zero', 'angband-3.0.5/monsters.json', (p: string) => symlinkSync('/dev/zero', p), 'a character device, not a regular file'],
    ['an arena map replaced by a named pipe', 'arenas/pit.txt', (p: string) => execFileSync('mkfifo', [p]), 'a named pipe (FIFO), not a regular file'],
    ['an arena map linked to /dev/urandom', 'arenas/hall.txt', (p: string) => symlinkSync('/dev/urandom', p), 'a character device, not a regular file'],
    ['a data table as large as a sparse gigabyte', 'crawl-4.0b20/weapons.json', (p: string) => {
      writeFileSync(p, '');
      truncateSync(p, 1024 * 1024 * 1024);
    }, `1073741824 bytes, more than the ${FILE_LIMITS.data} such a file may have`],
  ])('%s: a DataError naming the file, at once', (_what, rel, make, reason) => {
    const data = new TempData();
    data.remove(rel);
    make(data.path(rel));
    const e = refusedQuickly(() => loadAllContent(data.root));
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toBe(`data/${rel}: $: cannot read the file: ${reason}`);
  });
});

describe("the menu's remembered choices (last-setup.json)", () => {
  it.each([
    ['a named pipe', (p: string) => execFileSync('mkfifo', [p]), 'a named pipe (FIFO), not a regular file'],
    ['a link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p), 'a character device, not a regular file'],
    ['a folder', (p: string) => mkdirSync(p), 'a folder, not a regular file'],
    ['a file too large', (p: string) => {
      writeFileSync(p, '');
      truncateSync(p, FILE_LIMITS.setup + 1);
    }, `${FILE_LIMITS.setup + 1} bytes, more than the ${FILE_LIMITS.setup} such a file may have`],
  ])('%s: defaults, a notice saying why, and the file left where it is', (_what, make, reason) => {
    const dir = tempDir('arena-prefs-');
    const path = join(dir, 'last-setup.json');
    make(path);
    let loaded: ReturnType<typeof readPrefs> | undefined;
    const { error, ms } = attempt(() => (loaded = readPrefs(dir)));
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(5_000);
    expect(loaded).toEqual({ choices: {}, writable: false, notice: `last-setup.json cannot be read (${reason}): defaults used, the file left alone` });
    expect(readdirSync(dir)).toEqual(['last-setup.json']);
    rmSync(path, { recursive: true, force: true });
  });
});
