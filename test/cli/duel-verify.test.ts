import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { DEFAULT_SAVES } from '../../src/cli/version.js';
import { arena, removeTempDirs, STACK_FRAME, tempDir } from './run.js';

afterAll(removeTempDirs);

const content = loadContent();

/** The setup `arena duel` builds from these options (through the CLI's own option parser). */
function cliSetup(o: Partial<DuelOptions>): DuelSetup {
  return setupFromOptions({ ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '1000', ...o }, content, 'ai');
}

/** Plays the duel in-process (as the CLI would); `lastHash` is the last turn's checkpoint. */
function playInProcess(setup: DuelSetup): { duel: Duel; lastHash: string | undefined } {
  const duel = new Duel(setup, content, { tracing: false });
  let lastHash: string | undefined;
  for (;;) {
    const r = duel.step();
    if (r.kind === 'over') break;
    expect(r.kind).toBe('turn');
    if (r.kind === 'turn') lastHash = r.record.hash;
  }
  return { duel, lastHash };
}

function lines(text: string): string[] {
  const out = text.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

describe('arena duel: the same arguments print the same bytes', () => {
  const ARGS = ['duel', '--seed', 'cli-same', '--hero', 'rogue', '--foe', 'gnoll-brute', '--arena', 'pit', '--max-turns', '150'];
  let saves: string;
  let runs: Awaited<ReturnType<typeof arena>>[];

  beforeAll(async () => {
    saves = join(tempDir(), 'saves');
    const common = [...ARGS, '--no-save', '--saves', saves];
    runs = await Promise.all([arena(common), arena(common), arena([...common, '--json']), arena([...common, '--json'])]);
  });

  it('every run succeeds with nothing on stderr', () => {
    for (const r of runs) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
  });

  it('text output is byte-identical across two processes', () => {
    const [a, b] = runs;
    expect(a?.stdout.length).toBeGreaterThan(300);
    expect(b?.stdout).toBe(a?.stdout);
    expect(a?.stdout).toMatch(/^spoiler-arena \S+: headless duel\n/);
    expect(a?.stdout).toMatch(/\noutcome: .+\n$/);
  });

  it('--json output is byte-identical across two processes and is valid JSON', () => {
    const [, , a, b] = runs;
    expect(b?.stdout).toBe(a?.stdout);
    const report = JSON.parse(a?.stdout ?? '') as { setup: DuelSetup; data: string; turns: unknown[] };
    expect(report.setup.seed).toBe('cli-same');
    expect(report.data).toBe(content.dataFingerprint('pixel-dungeon'));
    expect(report.turns.length).toBeGreaterThan(0);
  });

  it('the CLI plays the same duel as the library (every checkpoint hash agrees, in text and JSON)', () => {
    const duel = new Duel(cliSetup({ seed: 'cli-same', hero: 'rogue', foe: 'gnoll-brute', arena: 'pit', maxTurns: '150' }), content, { tracing: false });
    const hashes: string[] = [];
    for (;;) {
      const r = duel.step();
      if (r.kind !== 'turn') break;
      hashes.push(r.record.hash);
    }
    const json = JSON.parse(runs[2]?.stdout ?? '') as { turns: { hash: string }[]; outcome: { turn: number } };
    expect(json.turns.map((t) => t.hash)).toEqual(hashes);
    expect(json.outcome.turn).toBe(duel.outcome?.turn);
    const textHashes = (runs[0]?.stdout ?? '').split('\n').flatMap((l) => /^turn \d+ .*\[([0-9a-f]{16})\]$/.exec(l)?.slice(1) ?? []);
    expect(textHashes).toEqual(hashes);
  });

  it('--no-save writes no replay: not in --saves, not in the default saves folder', () => {
    expect(existsSync(saves)).toBe(false);
    const mine = existsSync(DEFAULT_SAVES) ? readdirSync(DEFAULT_SAVES).filter((f) => f.includes('seed-cli-same')) : [];
    expect(mine).toEqual([]);
  });
});

describe('arena duel --saves DIR, then arena verify', () => {
  let dir: string;
  let file: string;
  let expected: Duel;
  let seed: string;

  beforeAll(async () => {
    // A duel that ends in a death, found in-process (the same code the binary runs).
    const base = { hero: 'veteran', foe: 'gnoll-scout', arena: 'hall', maxTurns: '400' };
    for (let i = 0; i < 40 && !expected; i++) {
      // Won by a blow in a recorded turn (a duel ending between turns has its own tests).
      const { duel: d, lastHash } = playInProcess(cliSetup({ ...base, seed: `cli-save-${i}` }));
      if (d.outcome !== null && d.outcome.winner !== null && d.stateHash() === lastHash && d.turn >= 6) {
        expected = d;
        seed = `cli-save-${i}`;
      }
    }
    expect(expected, 'a duel won in a recorded turn').toBeDefined();
    dir = join(tempDir(), 'my saves');
    const r = await arena(['duel', '--seed', seed, '--hero', base.hero, '--foe', base.foe, '--arena', base.arena, '--max-turns', base.maxTurns, '--saves', dir]);
    expect(r.code).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    file = join(dir, files[0] as string);
    expect(r.stderr).toBe(`replay saved to ${file}\n`);
  });

  it('writes exactly one replay, with every turn of the duel and its end', () => {
    expect(file.endsWith('.jsonl')).toBe(true);
    const ls = lines(readFileSync(file, 'utf8'));
    expect(ls).toHaveLength(expected.turn + 2);
    expect(JSON.parse(ls[0] as string)).toMatchObject({ format: 'spoiler-arena-replay', seed, data: content.dataFingerprint('pixel-dungeon') });
    expect(JSON.parse(ls[ls.length - 1] as string)).toEqual({ end: { ...expected.outcome, h: expected.stateHash() } });
  });

  it('verify accepts it and a copy cut short (with a warning); a tampered copy fails naming the turn', async () => {
    const work = tempDir();
    const text = readFileSync(file, 'utf8');
    const ls = lines(text);
    // Turn 3 with one changed checkpoint.
    const t3 = JSON.parse(ls[3] as string) as { h: string };
    const real = t3.h;
    const fake = real.replace(/^./, (c) => (c === 'f' ? '0' : 'f'));
    const tampered = join(work, 'tampered.jsonl');
    writeFileSync(tampered, `${[...ls.slice(0, 3), JSON.stringify({ ...t3, h: fake }), ...ls.slice(4)].join('\n')}\n`);
    // A writer killed in the middle of the last turn.
    const cut = join(work, 'cut.jsonl');
    const body = ls.slice(0, -2);
    const lastTurn = ls[ls.length - 2] as string;
    writeFileSync(cut, `${body.join('\n')}\n${lastTurn.slice(0, 30)}`);

    const [good, bad] = await Promise.all([arena(['verify', file, cut]), arena(['verify', file, tampered])]);

    expect(good.stderr).toBe('');
    expect(good.code).toBe(0);
    expect(lines(good.stdout)).toEqual([
      expect.stringMatching(new RegExp(`^ok   ${escape(file)}: ${expected.turn} turns match; `)),
      `warning: ${cut}: the last line was cut short (the recording process stopped mid-write); checked up to the last whole turn`,
      `ok   ${cut}: ${expected.turn - 1} turns match (unfinished duel)`,
    ]);

    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('');
    expect(bad.stdout).toMatch(new RegExp(`^ok   ${escape(file)}: `, 'm'));
    expect(bad.stdout).toMatch(new RegExp(`^FAIL ${escape(tampered)}: turn 3: expected ${fake}, got ${real}: `, 'm'));
  });

  it('verify refuses a replay of other data files, and plays it with --force (warning)', async () => {
    const other = join(tempDir(), 'other-data.jsonl');
    const ls = lines(readFileSync(file, 'utf8'));
    ls[0] = JSON.stringify({ ...(JSON.parse(ls[0] as string) as object), data: 'ffffffffffffffff' });
    writeFileSync(other, `${ls.join('\n')}\n`);
    const [refused, forced] = await Promise.all([arena(['verify', other]), arena(['verify', '--force', other])]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(new RegExp(`^FAIL ${escape(other)}: turn 0: .*refused: it was recorded with different data files .*--force`));
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(new RegExp(`^warning: ${escape(other)}: forced: `, 'm'));
    expect(forced.stdout).toMatch(new RegExp(`^ok   ${escape(other)}: ${expected.turn} turns match`, 'm'));
  });

  it('verify reports unreadable and malformed files one by one, naming file and line', async () => {
    const work = tempDir();
    const missing = join(work, 'missing.jsonl');
    const notJson = join(work, 'not-json.jsonl');
    const empty = join(work, 'empty.jsonl');
    writeFileSync(notJson, 'this is not a replay\n');
    writeFileSync(empty, '');
    const copy = join(work, 'copy.jsonl');
    copyFileSync(file, copy);
    const r = await arena(['verify', missing, notJson, empty, copy]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const out = lines(r.stdout);
    expect(out[0]).toBe(`FAIL ${missing}: no such file`);
    expect(out[1]).toMatch(new RegExp(`^FAIL ${escape(notJson)}:1:1: not a replay file \\(.*; its first line is not JSON \\(unexpected character 't'\\)$`));
    expect(out[2]).toBe(`FAIL ${empty}: the file is empty, not a replay`);
    expect(out[3]).toMatch(new RegExp(`^ok   ${escape(copy)}: `));
  });

  it('verify reports a replay whose setup names an unknown fighter as a failure of that file, and goes on', async () => {
    const work = tempDir();
    const strange = join(work, 'strange.jsonl');
    const ls = lines(readFileSync(file, 'utf8'));
    const h = JSON.parse(ls[0] as string) as { setup: { hero: { template: string } } };
    h.setup.hero.template = 'paladin';
    ls[0] = JSON.stringify(h);
    writeFileSync(strange, `${ls.join('\n')}\n`);
    const r = await arena(['verify', strange, file]);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stdout, `exit ${r.code}, stderr: ${r.stderr}`).toMatch(new RegExp(`^FAIL ${escape(strange)}: .*paladin.*\nok   ${escape(file)}: `));
    expect(r.code).toBe(1);
  });
});

describe('arena duel never overwrites a saved replay', () => {
  it('when the replay name is taken, a numbered name is used and the old file is untouched', async () => {
    const dir = tempDir();
    // The name carries the date to the second: take every name of the next half minute.
    const now = Date.now();
    const taken = new Map<string, string>();
    for (let s = -2; s <= 30; s++) {
      const date = new Date(now + s * 1000).toISOString().replace(/\.\d+Z$/, '').replace('T', '_').replace(/:/g, '-');
      const name = `${date}_pixel-dungeon_warrior-vs-rat_seed-keep-me.jsonl`;
      const body = `precious ${s}\n`;
      writeFileSync(join(dir, name), body);
      taken.set(name, body);
    }
    const r = await arena(['duel', '--seed', 'keep-me', '--foe', 'rat', '--max-turns', '5', '--saves', dir]);
    expect(r.code).toBe(0);
    const fresh = readdirSync(dir).filter((f) => !taken.has(f));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/_seed-keep-me_2\.jsonl$/);
    expect(taken.has((fresh[0] as string).replace(/_2\.jsonl$/, '.jsonl'))).toBe(true);
    for (const [name, body] of taken) expect(readFileSync(join(dir, name), 'utf8')).toBe(body);
    expect(r.stderr).toBe(`replay saved to ${join(dir, fresh[0] as string)}\n`);
  });
});

describe('a duel drawn at the turn limit', () => {
  it('is saved and verifies like any other', async () => {
    const dir = tempDir();
    const setup = cliSetup({ seed: 'cli-draw', foe: 'rat', arena: 'cave', maxTurns: '3' });
    const { duel: d } = playInProcess(setup);
    expect(d.outcome?.winner).toBeNull();
    const r = await arena(['duel', '--seed', 'cli-draw', '--foe', 'rat', '--arena', 'cave', '--max-turns', '3', '--saves', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\noutcome: draw: no winner after 3 turns/);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const v = await arena(['verify', join(dir, files[0] as string)]);
    expect(v.stdout).toMatch(/^ok {3}/);
    expect(v.code).toBe(0);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
