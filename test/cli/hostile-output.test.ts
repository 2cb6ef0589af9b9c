import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { loadContent } from '../../src/content/index.js';
import { normaliseSeed } from '../../src/core/rng.js';
import { arena, removeTempDirs, STACK_FRAME, tempDir } from './run.js';
import { PAYLOAD, RAW_CONTROL_BUT_NEWLINE } from '../support/hostile.js';

/**
 * The command line never writes a control character it did not mean (issue 17, fault 5): text
 * from arguments, file names and files reaches stdout and stderr escaped; and the smaller faults
 * of fault 10: --saves must name a usable folder, and a seed is the same in either Unicode form.
 */

afterAll(removeTempDirs);

describe('no control character reaches the terminal from the command line', () => {
  const dir = tempDir('arena-hostile-out-');
  const saves = join(dir, 'saves');
  mkdirSync(saves);
  // A replay whose file name and header hold escape codes, and a file of garbage.
  const named = join(saves, `evil${PAYLOAD}.jsonl`);
  writeFileSync(named, `{"format":"spoiler-arena-replay","version":1,"program":"${'\\u001b[2J'}","ruleset":"x${'\\u009b'}","seed":"${'\\u001b]0;t\\u0007'}"}\n`);

  it.each([
    ['an unknown option', ['duel', `--${PAYLOAD}`]],
    ['a choice that is not one (the option library\'s own message)', ['duel', '--edition', PAYLOAD]],
    ['an unknown ruleset', ['duel', '--ruleset', PAYLOAD, '--no-save']],
    ['an unknown hero', ['duel', '--hero', PAYLOAD, '--no-save']],
    ['a seed with escape codes', ['duel', '--seed', PAYLOAD, '--no-save']],
    ['a seed with bidi controls only, played', ['duel', '--seed', 'a\u202eb\u2066c', '--no-save', '--max-turns', '3']],
    ['an unknown list', ['list', PAYLOAD]],
    ['calc with a hostile spec', ['calc', 'angband-3.0.5', '--attacker', PAYLOAD, '--defender', 'drolem']],
    ['verify of a file whose name and header hold escape codes', ['verify', named]],
    ['verify of a missing file with escape codes in its name', ['verify', join(dir, `${PAYLOAD}.jsonl`)]],
    ['saves --list of a folder holding such a file', ['saves', '--list', '--saves', saves]],
    ['--saves with escape codes', ['duel', '--saves', PAYLOAD]],
    ['sim with a hostile seed', ['sim', '--seed', PAYLOAD, '-n', '2', '--workers', '0']],
  ])('%s: escaped on stdout and stderr, no stack trace', async (_what, args) => {
    const r = await arena(args, { cwd: dir });
    expect(r.signal).toBeNull();
    for (const [name, text] of [
      ['stdout', r.stdout],
      ['stderr', r.stderr],
    ] as const) {
      const at = text.search(RAW_CONTROL_BUT_NEWLINE);
      expect(at, `${name} holds a raw control character at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 30), at + 30))}`).toBe(-1);
    }
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(`${r.stdout}${r.stderr}`).not.toContain('pwned\u0007');
  });

  it('--json output stays JSON: a bidi control in the seed is written as a \\u escape and reads back as itself', async () => {
    const seed = 'a\u202eb';
    const r = await arena(['duel', '--seed', seed, '--no-save', '--json', '--max-turns', '3'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('a\\u202eb');
    expect(RAW_CONTROL_BUT_NEWLINE.test(r.stdout)).toBe(false);
    expect((JSON.parse(r.stdout) as { setup: { seed: string } }).setup.seed).toBe(seed);
  });

  it('escaped text names what it quotes: the verify line shows the file name with \\u escapes', async () => {
    const r = await arena(['verify', named], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('evil\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202e.jsonl');
  });
});

describe('--saves must name a usable folder', () => {
  const dir = tempDir('arena-saves-arg-');
  const file = join(dir, 'a-file');
  writeFileSync(file, 'not a folder\n');

  it.each([
    [['duel', '--seed', '1', '--saves', ''], "error: option '--saves <dir>' argument '' is invalid. it must name a folder; an empty name would put replays in the current folder without saying so (use --no-save not to record)"],
    [['duel', '--seed', '1', '--saves', '   '], "error: option '--saves <dir>' argument '   ' is invalid. it must name a folder"],
    [['saves', '--list', '--saves', ''], "error: option '--saves <dir>' argument '' is invalid"],
    [['duel', '--seed', '1', '--saves', file], `arena: --saves: ${file} is a regular file, not a folder`],
    [['duel', '--seed', '1', '--saves', join(file, 'sub')], `arena: --saves: ${join(file, 'sub')} cannot be used (a part of the path is a file, not a folder)`],
    [['play', '--seed', '1', '--saves', file], 'needs a terminal'],
    [['resume', join(dir, 'x.jsonl'), '--saves', ''], "error: option '--saves <dir>' argument '' is invalid"],
  ])('arena %j: exit 2 and a clear message, nothing written', async (args, message) => {
    const before = readdirSync(dir).sort();
    const r = await arena(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('a saves folder that does not exist yet is made (under a folder that does)', async () => {
    const fresh = join(dir, 'new', 'saves');
    const r = await arena(['duel', '--seed', '1', '--saves', fresh, '--max-turns', '5'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readdirSync(fresh).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
  });
});

describe('seeds are normalised to one Unicode form (NFC)', () => {
  const composed = 'caf\u00e9';
  const decomposed = 'cafe\u0301';

  it('"café" typed either way is the same seed', () => {
    expect(composed).not.toBe(decomposed);
    expect(normaliseSeed(decomposed)).toBe(composed);
    expect(normaliseSeed(composed)).toBe(composed);
    const content = loadContent();
    const o = (seed: string): DuelOptions => ({ seed, ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '1000' });
    expect(setupFromOptions(o(decomposed), content, 'ai')).toEqual(setupFromOptions(o(composed), content, 'ai'));
  });

  it('arena duel gives the same duel and records the same seed for either form', async () => {
    const dir = tempDir('arena-nfc-');
    const [a, b] = await Promise.all([
      arena(['duel', '--seed', composed, '--saves', join(dir, 'a')], { cwd: dir }),
      arena(['duel', '--seed', decomposed, '--saves', join(dir, 'b')], { cwd: dir }),
    ]);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    for (const sub of ['a', 'b']) {
      const [file] = readdirSync(join(dir, sub)).filter((f) => f.endsWith('.jsonl'));
      const header = JSON.parse(readFileSync(join(dir, sub, file as string), 'utf8').split('\n')[0] as string) as { seed: string };
      expect(header.seed).toBe(composed);
    }
  });

  it('a seed with a control character is refused, saying so', async () => {
    const r = await arena(['duel', '--seed', 'a\tb', '--no-save']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('arena: --seed: a seed must not hold control characters (escape codes, line breaks, tabs)\n');
    expect(existsSync(join(tempDir(), 'saves'))).toBe(false);
  });
});
