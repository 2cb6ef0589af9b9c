import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup, type TurnRecord } from '../../src/game/duel.js';
import { readReplayFile, ReplayError, type ReplayHeader } from '../../src/replay/format.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import { deleteSave, insideFolder, listSaves, type SaveSummary } from '../../src/replay/saves.js';
import { duelSetup, findDuel, PROGRAM, playScriptedTurn, removeTempDirs, tempDir } from './duels.js';

/** The saves browser's list (read cheaply from each file) and deleting from the saves folder. */

afterAll(removeTempDirs);

const content = loadContent();

interface Made {
  readonly path: string;
  readonly header: ReplayHeader;
  readonly records: TurnRecord[];
  readonly duel: Duel;
}

/**
 * Records a duel into `dir` with the given creation date: to its end, or only `stopAfter` turns
 * (no end line). With `from`, it is a take-over of that replay after `from.turn` turns.
 */
function record(setup: DuelSetup, dir: string, created: string, options: { stopAfter?: number; from?: { made: Made; turn: number } } = {}): Made {
  const duel = new Duel(setup, content, { tracing: false });
  let prefix: TurnRecord[] = [];
  let branch: ReplayHeader['branch'];
  if (options.from) {
    const { made, turn } = options.from;
    prefix = made.records.slice(0, turn);
    // Play the shared turns again (the AI decides as it did), then hand the hero over.
    for (const r of prefix) {
      const s = duel.step();
      if (s.kind !== 'turn' || s.record.hash !== r.hash) throw new Error('the shared turns did not replay');
    }
    branch = { from: basename(made.path), turn, hash: (prefix[turn - 1] as TurnRecord).hash };
    duel.setController(duel.heroId, 'player');
  }
  const header = makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], created, branch);
  const recorder = ReplayRecorder.create(dir, header, prefix);
  const records = [...prefix];
  const stop = options.stopAfter ?? Infinity;
  try {
    while (records.length < stop) {
      const { record: r } = playScriptedTurn(duel);
      if (!r) {
        if (!duel.outcome) throw new Error('the duel stopped without an outcome');
        recorder.end(duel.outcome, duel.stateHash());
        break;
      }
      records.push(r);
      recorder.turn(r);
    }
  } finally {
    recorder.close();
  }
  return { path: recorder.path, header, records, duel };
}

/** What listSaves should say about a replay recorded by `record`. */
function summaryOf(m: Made, over: Partial<SaveSummary> = {}): SaveSummary {
  const o = m.duel.outcome;
  return {
    file: basename(m.path),
    path: m.path,
    created: m.header.created,
    ruleset: m.header.ruleset,
    edition: m.header.edition,
    fighters: m.header.fighters,
    seed: m.header.seed,
    turns: m.records.length,
    outcome: o === null ? 'unfinished' : o.winner === 0 ? 'win' : o.winner === 1 ? 'loss' : 'draw',
    reason: o?.reason ?? '',
    branched: m.header.branch !== undefined,
    ...over,
  };
}

describe('listSaves', () => {
  let dir: string;
  let win: Made;
  let loss: Made;
  let draw: Made;
  let unfinished: Made;
  let branched: Made;
  let truncated: Made;
  let headerOnly: Made;
  let renamed: Made;
  const garbage = ['garbage.jsonl', 'other-format.jsonl', 'empty.jsonl', 'folder.jsonl', 'half-header.jsonl'];

  beforeAll(() => {
    dir = tempDir('arena-saves-');
    const base = { arena: 'hall', maxTurns: 300 } as const;
    const won = findDuel(content, { ...base, seed: 'saves-win', hero: { template: 'warrior', options: {} } }, (r) => r.outcome?.winner === 0, 'won by the hero');
    const lost = findDuel(content, { ...base, seed: 'saves-loss', hero: { template: 'mage', options: {} }, foe: { template: 'gnoll-brute', options: {} } }, (r) => r.outcome?.winner === 1, 'won by the foe');
    const drawn = findDuel(content, { ...base, seed: 'saves-draw', maxTurns: 15 }, (r) => r.outcome !== null && r.outcome.winner === null, 'drawn');
    // Created dates in an order that is neither the recording order nor the names' order.
    win = record(won.header.setup, dir, '2024-03-05T10:00:00.000Z');
    loss = record(lost.header.setup, dir, '2024-03-01T09:30:00.000Z');
    draw = record(drawn.header.setup, dir, '2024-03-07T12:00:00.000Z');
    unfinished = record(duelSetup({ seed: 'saves-unfinished', hero: { template: 'rogue', options: {} }, edition: 'source' }), dir, '2024-03-03T08:00:00.000Z', { stopAfter: 12 });
    branched = record(unfinished.header.setup, dir, '2024-03-06T11:00:00.000Z', { stopAfter: 14, from: { made: unfinished, turn: 6 } });
    truncated = record(duelSetup({ seed: 'saves-truncated', foe: { template: 'rat', options: {} } }), dir, '2024-03-02T07:00:00.000Z', { stopAfter: 10 });
    appendFileSync(truncated.path, '{"t":11,"a":1,"c":{"type":"mo');
    headerOnly = record(duelSetup({ seed: 'saves-empty' }), dir, '2024-03-04T06:00:00.000Z', { stopAfter: 0 });
    // The newest by its header, under a name that sorts first and an old modification time.
    const r = record(duelSetup({ seed: 'saves-renamed', hero: { template: 'huntress', options: {} } }), dir, '2024-03-09T00:00:00.000Z', { stopAfter: 7 });
    renameSync(r.path, join(dir, 'aaa-renamed.jsonl'));
    renamed = { ...r, path: join(dir, 'aaa-renamed.jsonl') };
    utimesSync(renamed.path, new Date('2020-01-01'), new Date('2020-01-01'));

    writeFileSync(join(dir, 'garbage.jsonl'), 'this is not a replay\nat all\n');
    writeFileSync(join(dir, 'other-format.jsonl'), '{"format":"something-else","version":1}\n');
    writeFileSync(join(dir, 'empty.jsonl'), '');
    mkdirSync(join(dir, 'folder.jsonl'));
    writeFileSync(join(dir, 'half-header.jsonl'), '{"format":"spoiler-arena-replay","vers');
    // Not replays by name: ignored.
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    writeFileSync(join(dir, `${basename(win.path)}.bak`), readFileSync(win.path));
    writeFileSync(join(dir, `${basename(unfinished.path)}.lock`), '12345');
  });

  it('the duels of the fixture are what their names say', () => {
    expect(win.duel.outcome?.winner).toBe(0);
    expect(loss.duel.outcome?.winner).toBe(1);
    expect(draw.duel.outcome?.winner).toBeNull();
    expect(readReplayFile(branched.path).header.branch?.turn).toBe(6);
    expect(branched.records).toHaveLength(14);
    expect(readReplayFile(truncated.path).truncated).toBe(true);
    expect(readReplayFile(truncated.path).turns).toHaveLength(10);
  });

  it('lists every replay newest first by its header date, with turns, outcome, fighters and branch', () => {
    const list = listSaves(dir);
    const readable = list.filter((s) => s.problem === undefined);
    // The truncated file's turn count has its own test below; here only its place and the rest.
    const truncatedTurns = list.find((s) => s.path === truncated.path)?.turns;
    expect(readable).toEqual([
      summaryOf(renamed),
      summaryOf(draw),
      summaryOf(branched),
      summaryOf(win),
      summaryOf(headerOnly),
      summaryOf(unfinished),
      summaryOf(truncated, { turns: truncatedTurns }),
      summaryOf(loss),
    ]);
    // Spelled out for a few, so the expectations above are not only computed.
    expect(list.find((s) => s.path === win.path)).toMatchObject({ outcome: 'win', fighters: ['Warrior', 'gnoll scout'], ruleset: 'pixel-dungeon', edition: 'spoiler', branched: false });
    expect(list.find((s) => s.path === draw.path)).toMatchObject({ outcome: 'draw', reason: 'no winner after 15 turns' });
    expect(list.find((s) => s.path === branched.path)).toMatchObject({ outcome: 'unfinished', turns: 14, branched: true, edition: 'source' });
    expect(list.find((s) => s.path === headerOnly.path)).toMatchObject({ outcome: 'unfinished', turns: 0 });
  });

  it('counts only the whole turns of a replay whose last line was cut short', () => {
    const s = listSaves(dir).find((x) => x.path === truncated.path);
    expect(s?.problem).toBeUndefined();
    expect(s?.outcome).toBe('unfinished');
    expect(s?.turns).toBe(readReplayFile(truncated.path).turns.length);
  });

  it('a finished duel whose end line was cut short is an unfinished duel with its whole turns', () => {
    const d = tempDir('arena-saves-');
    const m = record(win.header.setup, d, '2024-04-01T00:00:00.000Z');
    const text = readFileSync(m.path, 'utf8');
    const endLine = text.slice(text.lastIndexOf('{"end"'));
    writeFileSync(m.path, text.slice(0, text.length - endLine.length) + endLine.slice(0, 20));
    const replay = readReplayFile(m.path);
    expect(replay.end).toBeNull();
    expect(replay.truncated).toBe(true);
    const [s] = listSaves(d);
    expect(s?.problem).toBeUndefined();
    expect(s?.outcome).toBe('unfinished');
    expect(s?.turns).toBe(m.records.length);
  });

  it('lists unreadable files with a problem instead of failing, after the replays', () => {
    const list = listSaves(dir);
    const bad = list.filter((s) => s.problem !== undefined);
    expect(bad.map((s) => s.file).sort()).toEqual([...garbage].sort());
    for (const s of bad) {
      expect(s.problem).toMatch(/\S/);
      expect(s.outcome).toBe('unreadable');
      expect(s.path).toBe(join(dir, s.file));
    }
    expect(list.find((s) => s.file === 'folder.jsonl')?.problem).toBe('a folder, not a regular file');
    expect(list.find((s) => s.file === 'other-format.jsonl')?.problem).toBe('not a spoiler-arena replay');
    // Unreadable files have no date: they come last.
    const firstBad = list.findIndex((s) => s.problem !== undefined);
    expect(list.slice(firstBad).every((s) => s.problem !== undefined)).toBe(true);
  });

  it('ignores files that are not .jsonl', () => {
    const files = listSaves(dir).map((s) => s.file);
    expect(files).toHaveLength(8 + garbage.length);
    expect(files.some((f) => !f.endsWith('.jsonl'))).toBe(false);
    expect(readdirSync(dir)).toContain('notes.txt');
  });

  it('a header with huge texts is listed with each text cut to a readable length', () => {
    const own = tempDir('arena-saves-huge-');
    const huge = 'h'.repeat(60_000);
    writeFileSync(join(own, 'huge.jsonl'), `${JSON.stringify({ format: 'spoiler-arena-replay', version: 1, created: huge, ruleset: huge, edition: huge, seed: huge, fighters: [huge, huge] })}\n`);
    const [s] = listSaves(own);
    for (const text of [s?.created, s?.ruleset, s?.edition, s?.seed, s?.fighters[0], s?.fighters[1]]) {
      expect(text).toBe(`${'h'.repeat(120)}… (60000 characters)`);
    }
  });

  it('a missing folder, or a file in its place, is said to be so; an empty folder lists nothing', () => {
    expect(() => listSaves(join(dir, 'no-such-folder'))).toThrow(/the saves folder .*no-such-folder does not exist/);
    expect(() => listSaves(join(dir, 'notes.txt'))).toThrow(/notes\.txt is a regular file, not a folder/);
    const empty = tempDir('arena-saves-');
    expect(listSaves(empty)).toEqual([]);
  });
});

describe('deleteSave', () => {
  const setup = duelSetup({ seed: 'saves-delete' });

  function refused(dir: string, path: string): string {
    try {
      deleteSave(dir, path);
    } catch (e) {
      expect(e).toBeInstanceOf(ReplayError);
      return (e as Error).message;
    }
    throw new Error('expected deleteSave to refuse');
  }

  it('deletes a replay in the saves folder and nothing else', () => {
    const dir = tempDir('arena-saves-');
    const a = record(setup, dir, '2024-05-01T00:00:00.000Z', { stopAfter: 5 });
    const b = record(setup, dir, '2024-05-02T00:00:00.000Z', { stopAfter: 6 });
    const bBytes = readFileSync(b.path);
    deleteSave(dir, a.path);
    expect(existsSync(a.path)).toBe(false);
    expect(readFileSync(b.path)).toEqual(bBytes);
    expect(listSaves(dir).map((s) => s.path)).toEqual([b.path]);
  });

  it('refuses a file outside the saves folder, however it is named, and leaves it alone', () => {
    const dir = tempDir('arena-saves-');
    const elsewhere = tempDir('arena-elsewhere-');
    const out = record(setup, elsewhere, '2024-05-03T00:00:00.000Z', { stopAfter: 5 });
    const bytes = readFileSync(out.path);
    for (const p of [out.path, join(dir, '..', basename(elsewhere), basename(out.path))]) {
      const m = refused(dir, p);
      expect(m).toContain('nothing was deleted');
      expect(m).toContain(dir);
    }
    expect(readFileSync(out.path)).toEqual(bytes);
    expect(insideFolder(dir, out.path)).toBe(false);
  });

  it('refuses a link in the saves folder to a file outside it (links are followed)', () => {
    const dir = tempDir('arena-saves-');
    const elsewhere = tempDir('arena-elsewhere-');
    const out = record(setup, elsewhere, '2024-05-04T00:00:00.000Z', { stopAfter: 5 });
    const bytes = readFileSync(out.path);
    const link = join(dir, 'link.jsonl');
    symlinkSync(out.path, link);
    expect(insideFolder(dir, link)).toBe(false);
    refused(dir, link);
    expect(readFileSync(out.path)).toEqual(bytes);
    expect(readdirSync(dir)).toEqual(['link.jsonl']);
  });

  it('refuses the saves folder itself and a folder link pointing out of it', () => {
    const dir = tempDir('arena-saves-');
    const elsewhere = tempDir('arena-elsewhere-');
    const out = record(setup, elsewhere, '2024-05-05T00:00:00.000Z', { stopAfter: 5 });
    refused(dir, dir);
    expect(existsSync(dir)).toBe(true);
    symlinkSync(elsewhere, join(dir, 'sub'));
    refused(dir, join(dir, 'sub', basename(out.path)));
    expect(existsSync(out.path)).toBe(true);
  });
});
