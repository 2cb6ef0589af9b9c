import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import type { TurnRecord } from '../../src/game/duel.js';
import { duelSetup, editLine, findDuel, join_, lines, type Recorded, recordDuel, removeTempDirs as removeReplayDirs, tempDir as replayDir } from '../replay/duels.js';
import { arena, removeTempDirs, STACK_FRAME, tempDir } from './run.js';

/**
 * The replay commands of the built CLI: the saves list, the commands that need a terminal when
 * run without one, and `arena verify` naming the first rule whose draws differ.
 */

afterAll(() => {
  removeTempDirs();
  removeReplayDirs();
});

const content = loadContent();

describe('arena saves --list', () => {
  let dir: string;
  let win: Recorded;
  let loss: Recorded;
  /** The win's file cut after 9 turns (no end line). */
  let cut: string;

  beforeAll(() => {
    dir = tempDir('arena-cli-saves-');
    const base = { arena: 'hall', maxTurns: 300 } as const;
    win = findDuel(content, { ...base, seed: 'cli-win', hero: { template: 'warrior', options: {} } }, (r) => r.outcome?.winner === 0, 'won by the hero');
    loss = findDuel(content, { ...base, seed: 'cli-loss', hero: { template: 'mage', options: {} }, foe: { template: 'gnoll-brute', options: {} } }, (r) => r.outcome?.winner === 1, 'won by the foe');
    const created = (text: string, when: string) => editLine(text, 0, (h) => (h['created'] = when));
    writeFileSync(join(dir, 'b-win.jsonl'), created(win.text(), '2024-06-02T10:20:30.000Z'));
    writeFileSync(join(dir, 'a-loss.jsonl'), created(loss.text(), '2024-06-01T08:00:00.000Z'));
    cut = join(dir, 'c-unfinished.jsonl');
    writeFileSync(cut, created(join_(lines(win.text()).slice(0, 10)), '2024-06-03T00:00:00.000Z'));
    writeFileSync(join(dir, 'junk.jsonl'), 'not a replay\n');
    writeFileSync(join(dir, 'readme.txt'), 'not listed\n');
  });

  it('prints one line per replay, newest first, with its outcome and turns', async () => {
    const r = await arena(['saves', '--list', '--saves', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(4);
    expect(out[0]).toBe('2024-06-03 00:00:00  pixel-dungeon spoiler  Warrior vs gnoll scout  unfinished  9 turns  c-unfinished.jsonl');
    expect(out[1]).toBe(`2024-06-02 10:20:30  pixel-dungeon spoiler  Warrior vs gnoll scout  win  ${win.records.length} turns  b-win.jsonl`);
    expect(out[2]).toBe(`2024-06-01 08:00:00  pixel-dungeon spoiler  ${loss.header.fighters[0]} vs ${loss.header.fighters[1]}  loss  ${loss.records.length} turns  a-loss.jsonl`);
    expect(out[3]).toMatch(/^junk\.jsonl {2}unreadable: \S/);
    expect(r.stdout).not.toContain('readme.txt');
  });

  it('says there are no replays in an empty folder; a missing folder or a file in its place is said to be so, exit 2', async () => {
    const empty = tempDir('arena-cli-empty-');
    const missing = join(empty, 'nothing-here');
    const plain = join(empty, 'plain.txt');
    writeFileSync(plain, 'not a folder\n');
    const [a, b, c] = await Promise.all([arena(['saves', '--list', '--saves', empty]), arena(['saves', '--list', '--saves', missing]), arena(['saves', '--list', '--saves', plain])]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(`no replays in ${empty}\n`);
    expect(b.code).toBe(2);
    expect(b.stdout).toBe('');
    expect(b.stderr).toBe(`arena: --saves: the saves folder ${missing} does not exist (no duel has been recorded there)\n`);
    expect(existsSync(missing)).toBe(false);
    expect(c.code).toBe(2);
    expect(c.stdout).toBe('');
    expect(c.stderr).toBe(`arena: --saves: ${plain} is a regular file, not a folder\n`);
  });

  it('replay, resume and the saves browser need a terminal: exit 2 pointing to the headless commands', async () => {
    const before = readFileSync(cut);
    const runs = await Promise.all([
      arena(['replay', join(dir, 'b-win.jsonl')]),
      arena(['resume', cut, '--saves', dir]),
      arena(['saves', '--saves', dir]),
    ]);
    for (const [r, name] of [
      [runs[0], 'replay'],
      [runs[1], 'resume'],
      [runs[2], 'saves'],
    ] as const) {
      expect(r?.code).toBe(2);
      expect(r?.stdout).toBe('');
      expect(r?.stderr).toMatch(new RegExp(`^arena: "${name}" needs a terminal`));
      expect(r?.stderr).toContain('arena verify');
      expect(r?.stderr).toContain('arena saves --list');
      expect(r?.stderr).toContain('arena duel');
      expect(r?.stderr).not.toMatch(STACK_FRAME);
    }
    // Nothing was touched: no lock, no new file, the unfinished replay as it was.
    expect(readFileSync(cut)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['a-loss.jsonl', 'b-win.jsonl', 'c-unfinished.jsonl', 'junk.jsonl', 'readme.txt']);
  });
});

describe('arena verify on a tampered traced replay', () => {
  let dir: string;
  let rec: Recorded;
  /** A turn in the middle whose rules rolled dice. */
  let k: number;
  let turn: TurnRecord;

  beforeAll(() => {
    dir = replayDir('arena-cli-verify-');
    rec = recordDuel(duelSetup({ seed: 'cli-traced', hero: { template: 'rogue', options: {} }, arena: 'hall', maxTurns: 300 }), content, dir, { tracing: true });
    const mid = Math.floor(rec.records.length / 3);
    const found = rec.records.find((r) => r.turn >= mid && (r.rules?.length ?? 0) > 0 && r.draws.combat > 0);
    expect(found).toBeDefined();
    turn = found as TurnRecord;
    k = turn.turn;
  });

  function write(name: string, text: string): string {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  }

  it('names the turn, the stream and the first rule whose draws differ, with its citation', async () => {
    const [cite, n] = turn.rules?.[0] as readonly [string, number];
    expect(cite).toMatch(/^pixel-dungeon#[a-z0-9-]+$/);
    const c = turn.draws.combat;
    // As if, in the recording, that rule had rolled once more.
    const more = write(
      'one-more.jsonl',
      editLine(rec.text(), k, (v) => {
        (v['d'] as Record<string, number>)['combat'] = c + 1;
        (v['r'] as [string, number][])[0]![1] = n + 1;
      }),
    );
    // As if another rule had rolled after the recorded ones.
    const extra = write(
      'extra-rule.jsonl',
      editLine(rec.text(), k, (v) => {
        (v['d'] as Record<string, number>)['combat'] = c + 2;
        (v['r'] as [string, number][]).push(['pixel-dungeon#hit-test', 2]);
      }),
    );
    const good = write('good.jsonl', rec.text());
    const [a, b, g] = await Promise.all([arena(['verify', more]), arena(['verify', extra]), arena(['verify', good])]);

    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(new RegExp(`^ok {3}${good.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${rec.records.length} turns match; `));

    const drew = (recorded: number) => `draw counts differ although the checkpoint matches: the combat stream drew ${c} words (recorded ${recorded})`;
    expect(a.code).toBe(1);
    expect(a.stderr).toBe('');
    expect(a.stdout).toBe(`FAIL ${more}: turn ${k}: expected ${turn.hash}, got ${turn.hash}: ${drew(c + 1)}; first rule whose draws differ: ${cite} rolled ${n} times (recorded ${n + 1})\n`);

    expect(b.code).toBe(1);
    expect(b.stdout).toBe(`FAIL ${extra}: turn ${k}: expected ${turn.hash}, got ${turn.hash}: ${drew(c + 2)}; first rule whose draws differ: pixel-dungeon#hit-test (recorded 2 rolls) did not roll at all\n`);
  });

  it('a changed checkpoint on a traced turn: the checkpoint differs, every rule rolled as recorded', async () => {
    const wrong = turn.hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const p = write('hash.jsonl', editLine(rec.text(), k, (v) => (v['h'] = wrong)));
    const r = await arena(['verify', p]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `FAIL ${p}: turn ${k}: expected ${wrong}, got ${turn.hash}: checkpoint differs with the same number of draws: a rule computed a different result from the same rolls; every rule rolled as recorded\n`,
    );
  });
});
