import { appendFileSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup, type TurnRecord } from '../../src/game/duel.js';
import { readReplayFile, ReplayError, turnLine } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import { openForResume } from '../../src/replay/saves.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { CREATED, duelSetup, editLine, lockOf, lockPid, PROGRAM, recordDuel, type Recorded, removeTempDirs, tempDir, playScriptedTurn, writeLock } from './duels.js';
import { LockedError } from '../../src/replay/lock.js';

/**
 * Resuming an unfinished duel: the replay is played back to its last turn, and new turns are
 * appended to the same file, which must then verify as a whole. Everything that cannot be resumed
 * safely is refused and left exactly as it was.
 */

afterAll(removeTempDirs);

const content = loadContent();

/** Plays one turn as the recorder does; the player (if any) follows `scriptedPlayer`. */
const playTurn = (duel: Duel): TurnRecord | null => playScriptedTurn(duel).record;

/** Records `turns` turns and stops without an end line, as a duel abandoned with Q. */
function recordUnfinished(setup: DuelSetup, dir: string, turns: number): { path: string; records: TurnRecord[] } {
  const duel = new Duel(setup, content, { tracing: false });
  const recorder = ReplayRecorder.create(dir, makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], CREATED));
  const records: TurnRecord[] = [];
  try {
    while (records.length < turns) {
      const rec = playTurn(duel);
      if (!rec) throw new Error(`the duel ended after ${records.length} turns`);
      records.push(rec);
      recorder.turn(rec);
    }
  } finally {
    recorder.close();
  }
  return { path: recorder.path, records };
}

/** Plays the resumed duel on: up to `turns` more turns, or to its end (then the end line). */
function playOn(duel: Duel, recorder: ReplayRecorder, turns = Infinity): TurnRecord[] {
  const out: TurnRecord[] = [];
  try {
    while (out.length < turns) {
      const rec = playTurn(duel);
      if (!rec) {
        recorder.end(duel.outcome!, duel.stateHash());
        break;
      }
      out.push(rec);
      recorder.turn(rec);
    }
  } finally {
    recorder.close();
  }
  return out;
}

const withoutRules = (rs: readonly TurnRecord[]) => rs.map(({ rules: _rules, ...r }) => r);

/** A process id that is not running (a lock left by a process that is gone). */
function deadPid(): number {
  for (let pid = 999_999; pid > 900_000; pid--) {
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('no free pid found');
}

/** The message of the error `fn` throws (a ReplayError unless `kind` says otherwise). */
function refusal(fn: () => unknown, kind: new (...args: never[]) => Error = ReplayError): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(kind);
    return (e as Error).message;
  }
  throw new Error('expected openForResume to refuse');
}

const STOP = 24;

describe.each([
  { name: 'an AI hero', setup: duelSetup({ seed: 'resume-ai', hero: { template: 'rogue', options: {} }, foe: { template: 'gnoll-scout', options: {} }, arena: 'hall', maxTurns: 300 }) },
  {
    name: 'a player hero',
    setup: duelSetup({ seed: 'resume-player', heroControl: 'player', hero: { template: 'warrior', options: {} }, foe: { template: 'skeleton', options: {} }, arena: 'rooms', maxTurns: 300 }),
  },
])('resuming a duel of $name', ({ setup }) => {
  /** The same duel recorded without interruption. */
  let whole: Recorded;

  beforeAll(() => {
    whole = recordDuel(setup, content, tempDir('arena-whole-'));
    expect(whole.end).not.toBeNull();
    expect(whole.records.length).toBeGreaterThan(STOP + 10);
  });

  /** The resumed file is the uninterrupted recording, turn for turn, and verifies. */
  function expectWhole(path: string): void {
    const replay = readReplayFile(path);
    expect(replay.truncated).toBe(false);
    expect(withoutRules(replay.turns)).toEqual(withoutRules(whole.records));
    expect(replay.end).toEqual(whole.end);
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(whole.records.length);
  }

  it('opens at the last recorded turn and appends the rest of the duel to the same file', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, STOP);
    expect(withoutRules(u.records)).toEqual(withoutRules(whole.records.slice(0, STOP)));
    const before = readFileSync(u.path);

    const { player, recorder } = openForResume(u.path, dir, content);
    expect(recorder.path).toBe(u.path);
    expect(player.ok).toBe(true);
    expect(player.length).toBe(STOP);
    expect(player.position).toBe(STOP);
    expect(player.duel.turn).toBe(STOP);
    expect(player.duel.stateHash()).toBe(u.records[STOP - 1]?.hash);
    expect(player.duel.outcome).toBeNull();
    expect(player.duel.hero.fighter?.controller).toBe(setup.heroControl);
    expect(lockPid(u.path)).toBe(process.pid);

    const more = playOn(player.duel, recorder);
    expect(more.length).toBe(whole.records.length - STOP);
    expect(lockPid(u.path)).toBeNull();
    // Appended: the old bytes are untouched, and no other file was made.
    expect(readFileSync(u.path).subarray(0, before.length)).toEqual(before);
    expect(readdirSync(dir)).toEqual([basename(u.path)]);
    expectWhole(u.path);
  });

  it('can be stopped and resumed again, several times', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 5);
    for (const [at, n] of [
      [5, 7],
      [12, 1],
      [13, 9],
    ] as const) {
      const { player, recorder } = openForResume(u.path, dir, content);
      expect(player.position).toBe(at);
      expect(player.duel.stateHash()).toBe(whole.records[at - 1]?.hash);
      expect(playOn(player.duel, recorder, n)).toHaveLength(n);
      expect(lockPid(u.path)).toBeNull();
    }
    const { player, recorder } = openForResume(u.path, dir, content);
    expect(player.position).toBe(22);
    playOn(player.duel, recorder);
    expectWhole(u.path);
  });

  it('removes a half-written last line and nothing else', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, STOP);
    const before = readFileSync(u.path);
    const next = turnLine(whole.records[STOP] as TurnRecord);
    appendFileSync(u.path, next.slice(0, Math.floor(next.length / 2)));

    const { player, recorder } = openForResume(u.path, dir, content);
    expect(player.position).toBe(STOP);
    expect(player.warnings.some((w) => /cut short/.test(w))).toBe(true);
    expect(readFileSync(u.path)).toEqual(before);
    playOn(player.duel, recorder);
    expect(readFileSync(u.path).subarray(0, before.length)).toEqual(before);
    expectWhole(u.path);
  });

  it('a whole last turn whose newline was not written: the position and the file agree, and the result verifies', () => {
    // One write per line means a killed writer can leave the line without its newline.
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, STOP);
    appendFileSync(u.path, turnLine(whole.records[STOP] as TurnRecord));

    const { player, recorder } = openForResume(u.path, dir, content);
    recorder.close();
    // Whatever the program decides about that line, the turns the player is positioned after
    // must be the turns the file holds, or the next turn written leaves a gap.
    expect(readReplayFile(u.path).turns.length).toBe(player.position);
    const again = openForResume(u.path, dir, content);
    playOn(again.player.duel, again.recorder);
    expectWhole(u.path);
  });
});

describe('resuming a take-over', () => {
  it('a branch left unfinished is resumed with the hero still the player\'s, and verifies', () => {
    const dir = tempDir('arena-saves-');
    const setup = duelSetup({ seed: 'resume-branch', hero: { template: 'rogue', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'hall', maxTurns: 300 });
    const u = recordUnfinished(setup, dir, 20);
    // Take over after turn 10, as the TUI does, play a few turns and quit.
    const p = ReplayPlayer.load(readReplayFile(u.path), content);
    const d = p.seek(10);
    const branch = { from: basename(u.path), turn: 10, hash: (u.records[9] as TurnRecord).hash };
    d.setController(d.heroId, 'player');
    const rec = ReplayRecorder.create(dir, makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [d.hero.fighter?.name ?? '', d.foe.fighter?.name ?? ''], '2024-02-03T04:05:06.000Z', branch), u.records.slice(0, 10));
    const first = playOn(d, rec, 8);
    expect(first).toHaveLength(8);
    expect(rec.path).not.toBe(u.path);

    const { player, recorder } = openForResume(rec.path, dir, content);
    expect(player.position).toBe(18);
    expect(player.duel.stateHash()).toBe(first[7]?.hash);
    expect(player.duel.hero.fighter?.controller).toBe('player');
    playOn(player.duel, recorder);
    const replay = readReplayFile(rec.path);
    expect(replay.header.branch).toEqual(branch);
    expect(replay.end).not.toBeNull();
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(replay.turns.length);
    expect(replay.turns.length).toBeGreaterThan(18);
  });
});

describe('what cannot be resumed is refused and left alone', () => {
  const setup = duelSetup({ seed: 'resume-refuse', hero: { template: 'huntress', options: {} }, arena: 'hall', maxTurns: 300 });

  it('a finished duel (pointing to arena replay)', () => {
    const dir = tempDir('arena-saves-');
    const done = recordDuel(setup, content, dir);
    expect(done.end).not.toBeNull();
    const before = readFileSync(done.path);
    const m = refusal(() => openForResume(done.path, dir, content));
    expect(m).toContain(done.path);
    expect(m).toMatch(/over/);
    expect(m).toContain(`arena replay ${done.path}`);
    expect(readFileSync(done.path)).toEqual(before);
    expect(lockPid(done.path)).toBeNull();
  });

  it('a file outside the saves folder', () => {
    const saves = tempDir('arena-saves-');
    const elsewhere = tempDir('arena-elsewhere-');
    const u = recordUnfinished(setup, elsewhere, 10);
    const before = readFileSync(u.path);
    const m = refusal(() => openForResume(u.path, saves, content));
    expect(m).toMatch(/saves folder/);
    expect(readFileSync(u.path)).toEqual(before);
    expect(readdirSync(elsewhere)).toEqual([basename(u.path)]);
    expect(readdirSync(saves)).toEqual([]);
    // A path that walks out of the folder is outside it too.
    const m2 = refusal(() => openForResume(join(saves, '..', basename(elsewhere), basename(u.path)), saves, content));
    expect(m2).toMatch(/saves folder/);
    expect(readFileSync(u.path)).toEqual(before);
  });

  it('a link in the saves folder to a file outside it', () => {
    const saves = tempDir('arena-saves-');
    const elsewhere = tempDir('arena-elsewhere-');
    const u = recordUnfinished(setup, elsewhere, 10);
    const before = readFileSync(u.path);
    const link = join(saves, 'linked.jsonl');
    symlinkSync(u.path, link);
    const m = refusal(() => openForResume(link, saves, content));
    expect(m).toMatch(/saves folder/);
    expect(readFileSync(u.path)).toEqual(before);
    expect(readdirSync(saves)).toEqual(['linked.jsonl']);
    expect(readdirSync(elsewhere)).toEqual([basename(u.path)]);
  });

  it('a replay that does not play back as recorded', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 20);
    const wrong = u.records[8]?.hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    writeFileSync(u.path, editLine(readFileSync(u.path, 'utf8'), 9, (v) => (v['h'] = wrong)));
    const before = readFileSync(u.path);
    const m = refusal(() => openForResume(u.path, dir, content));
    expect(m).toMatch(/turn 9 does not play back as recorded/);
    expect(readFileSync(u.path)).toEqual(before);
    expect(readdirSync(dir)).toEqual([basename(u.path)]);
  });

  it('a replay recorded with other data files, unless forced', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 12);
    writeFileSync(u.path, editLine(readFileSync(u.path, 'utf8'), 0, (h) => (h['data'] = h['data'] === '0000000000000000' ? '1111111111111111' : '0000000000000000')));
    const before = readFileSync(u.path);
    expect(refusal(() => openForResume(u.path, dir, content))).toMatch(/different data files/);
    expect(readFileSync(u.path)).toEqual(before);
    expect(lockPid(u.path)).toBeNull();
    const { player, recorder } = openForResume(u.path, dir, content, { force: true });
    expect(player.position).toBe(12);
    recorder.close();
    expect(readFileSync(u.path)).toEqual(before);
  });
});

describe('the lock', () => {
  const setup = duelSetup({ seed: 'resume-lock', hero: { template: 'mage', options: {} }, arena: 'pit', maxTurns: 300 });

  it('refuses a second resume while the first is recording, and frees the file when it closes', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 15);
    const first = openForResume(u.path, dir, content);
    expect(lockPid(u.path)).toBe(process.pid);
    const before = readFileSync(u.path);
    const m = refusal(() => openForResume(u.path, dir, content), Error);
    expect(m).toContain(u.path);
    expect(m).toContain('being recorded by another arena');
    expect(m).toContain(`process ${process.pid}`);
    expect(readFileSync(u.path)).toEqual(before);
    expect(lockPid(u.path)).toBe(process.pid);

    // The first carries on undisturbed.
    playOn(first.player.duel, first.recorder, 4);
    expect(lockPid(u.path)).toBeNull();
    const second = openForResume(u.path, dir, content);
    expect(second.player.position).toBe(19);
    second.recorder.close();
    expect(lockPid(u.path)).toBeNull();
    expect(verifyReplay(readReplayFile(u.path), content).ok).toBe(true);
  });

  it('a refused resume (locked) leaves a half-written last line where it is', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 15);
    appendFileSync(u.path, '{"t":16,"a":2,"c":{"ty');
    writeLock(u.path, process.ppid);
    const lockBefore = readFileSync(lockOf(u.path));
    const before = readFileSync(u.path);
    expect(refusal(() => openForResume(u.path, dir, content), LockedError)).toContain(`process ${process.ppid}`);
    expect(readFileSync(u.path)).toEqual(before);
    expect(readFileSync(lockOf(u.path))).toEqual(lockBefore);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir('arena-saves-');
    const u = recordUnfinished(setup, dir, 15);
    const pid = deadPid();
    writeLock(u.path, pid, '12345');
    const { player, recorder } = openForResume(u.path, dir, content);
    expect(player.position).toBe(15);
    expect(lockPid(u.path)).toBe(process.pid);
    playOn(player.duel, recorder, 3);
    expect(lockPid(u.path)).toBeNull();
    const r = readReplayFile(u.path);
    expect(r.turns).toHaveLength(18);
    expect(verifyReplay(r, content).ok).toBe(true);
  });
});
