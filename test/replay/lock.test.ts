import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { readReplayFile } from '../../src/replay/format.js';
import { LockedError, lockState, processStart } from '../../src/replay/lock.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import { deleteSave, openForResume } from '../../src/replay/saves.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { runInTerminal } from '../support/terminal-run.js';
import { startHarness } from '../support/tui-harness.js';
import { CREATED, duelSetup, lockOf, lockPid, playScriptedTurn, PROGRAM, removeTempDirs, tempDir, writeLock } from './duels.js';

/**
 * Resume is locked by the file, not by its name (issue 17, faults 3 and 4): any path to a replay
 * being recorded finds its lock; the lock is taken before the file is read; a lock whose process
 * is running but is not the arena recording the file is detected and offered for take-over; and
 * nothing outside the saves folder, nothing with a second name, and no special file is written.
 */

afterAll(removeTempDirs);
const content = loadContent();
const setup: DuelSetup = duelSetup({ seed: 'lock-tests', hero: { template: 'mage', options: {} }, arena: 'pit', maxTurns: 300 });

/** Records `turns` turns of the duel in `dir` and stops, as a duel left with Q. */
function unfinished(dir: string, turns = 10): string {
  const duel = new Duel(setup, content, { tracing: true });
  const r = ReplayRecorder.create(dir, makeHeader(setup, PROGRAM, content.dataFingerprint(setup.ruleset), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], CREATED));
  for (let i = 0; i < turns; i++) {
    const rec = playScriptedTurn(duel).record;
    if (!rec) throw new Error('the duel ended early');
    r.turn(rec);
  }
  r.close();
  return r.path;
}

/** The error `fn` throws (it must throw). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a refusal');
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A running process that is not an arena: `sleep`. */
function stranger(): number {
  const c = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(c);
  return c.pid as number;
}

describe('any path to a replay being recorded finds its lock', () => {
  it('a symbolic link, another spelling of the path and a linked saves folder are all refused while it is resumed', () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const first = openForResume(path, dir, content);
    const link = join(dir, 'alias.jsonl');
    symlinkSync(path, link);
    const other = tempDir('arena-lock-other-');
    const folderLink = join(other, 'saves');
    symlinkSync(dir, folderLink);
    const before = readFileSync(path);
    for (const [p, d] of [
      [link, dir],
      [join(dir, '.', path.split('/').pop() as string), dir],
      [join(folderLink, path.split('/').pop() as string), folderLink],
    ] as const) {
      const e = thrown(() => openForResume(p, d, content));
      expect(e).toBeInstanceOf(LockedError);
      expect((e as LockedError).offer).toBe(false);
      expect(e.message).toBe(`${p} is being recorded by another arena (process ${process.pid}); it can be resumed once that one stops`);
    }
    expect(readFileSync(path)).toEqual(before);
    first.recorder.close();
    expect(lockPid(path)).toBeNull();
    openForResume(link, dir, content).recorder.close();
  });

  it('a new recording is locked from its first line: it cannot be resumed while it is played', () => {
    const dir = tempDir('arena-lock-');
    const duel = new Duel(setup, content, { tracing: true });
    const r = ReplayRecorder.create(dir, makeHeader(setup, PROGRAM, content.dataFingerprint(setup.ruleset), ['Mage', 'gnoll scout'], CREATED));
    r.turn(playScriptedTurn(duel).record!);
    expect(lockPid(r.path)).toBe(process.pid);
    expect(thrown(() => openForResume(r.path, dir, content)).message).toMatch(/is being recorded by another arena/);
    r.close();
    expect(lockPid(r.path)).toBeNull();
    const again = openForResume(r.path, dir, content);
    expect(again.player.position).toBe(1);
    again.recorder.close();
  });

  it('the lock is taken before the file is read: a locked file is refused as locked, however it reads', () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const first = openForResume(path, dir, content);
    // Spoil the file under the first resume: a second one must not even read it.
    writeFileSync(path, 'not a replay at all\n', { flag: 'a' });
    expect(thrown(() => openForResume(path, dir, content)).message).toMatch(/is being recorded by another arena/);
    first.recorder.close();
    expect(thrown(() => openForResume(path, dir, content)).message).toMatch(/:12:1: unexpected character/);
  });

  it('two programs resuming the same file at the same moment: exactly one of them gets it', async () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const script = fileURLToPath(new URL('../support/resume-racer.mjs', import.meta.url));
    const race = () =>
      new Promise<string>((resolve) => {
        const c = spawn(process.execPath, [script, path, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        c.stdout.on('data', (b: Buffer) => (out += b.toString()));
        c.stderr.on('data', (b: Buffer) => (out += b.toString()));
        c.on('close', () => resolve(out.trim()));
      });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([race(), race(), race()]);
      expect(results.filter((r) => r.startsWith('resumed')), results.join('\n')).toHaveLength(1);
      expect(results.filter((r) => /being recorded by another arena/.test(r))).toHaveLength(2);
    }
    const replay = readReplayFile(path);
    expect(replay.turns).toHaveLength(10 + 3 * 2);
    expect(verifyReplay(replay, content).ok).toBe(true);
  }, 60_000);
});

describe('a lock whose process is not the arena recording the file', () => {
  it('a process that has ended: the lock is taken over at once', () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const c = spawnSync('sh', ['-c', 'echo $$']);
    writeLock(path, Number(c.stdout.toString()), '42');
    expect(lockState(lockOf(path)).kind).toBe('gone');
    const { recorder } = openForResume(path, dir, content);
    expect(lockPid(path)).toBe(process.pid);
    recorder.close();
  });

  it.each([
    ['the process id was reused (another start time)', (pid: number) => ['1', `process ${pid} is running, but it started after the arena that locked the file (the process id was reused)`] as const],
    ['the process is the one that locked it, but no longer has the file open', (pid: number) => [processStart(pid), `process ${pid} locked the file but no longer has it open`] as const],
  ])('%s: refused with an offer to take it over, and taken over when asked', (_what, make) => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const pid = stranger();
    const [start, why] = make(pid);
    writeLock(path, pid, start);
    const state = lockState(lockOf(path));
    expect(state.kind).toBe('other');
    expect(state.kind === 'other' ? state.why : '').toBe(why);
    const before = readFileSync(path);
    const e = thrown(() => openForResume(path, dir, content));
    expect(e).toBeInstanceOf(LockedError);
    expect((e as LockedError).offer).toBe(true);
    expect(e.message).toBe(`${path} is locked, and the lock looks stale: ${why}. If no arena is recording this duel, take the lock over: arena resume --take-over (in the saves browser, answer y)`);
    expect(readFileSync(path)).toEqual(before);
    expect(lockPid(path)).toBe(pid);
    const { player, recorder } = openForResume(path, dir, content, { takeOver: true });
    expect(player.position).toBe(10);
    expect(lockPid(path)).toBe(process.pid);
    recorder.close();
    expect(lockPid(path)).toBeNull();
  });

  it('a lock taken before the machine last started, and a lock file this program did not write, are offered too', () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const pid = stranger();
    writeLock(path, pid);
    const lock = lockOf(path);
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/"boot":"[^"]*"/, '"boot":"another-boot"'));
    expect(lockState(lock)).toMatchObject({ kind: 'other', why: `the lock was taken before this machine last started, so process ${pid} is another program now` });
    writeFileSync(lock, `${pid}\n`);
    expect(lockState(lock)).toMatchObject({ kind: 'unknown', why: `its lock ${lock} is not one this program writes` });
    expect((thrown(() => openForResume(path, dir, content)) as LockedError).offer).toBe(true);
  });

  it('the saves browser asks before taking a stale lock over, and resumes on yes', async () => {
    const dir = tempDir('arena-lock-browser-');
    const path = unfinished(dir);
    writeLock(path, stranger(), '1');
    const h = await startHarness({ start: { kind: 'browser' }, save: true, savesDir: dir });
    try {
      await h.press('r');
      expect(h.lines().join('\n')).toMatch(/Take the lock over and resume\? \(y\/n\)/);
      await h.press('n');
      expect(h.lines().join('\n')).toContain('The lock was left alone; nothing was resumed.');
      await h.press('r', 'y');
      expect(h.app.session.duel.turn).toBe(10);
      expect(lockPid(path)).toBe(process.pid);
    } finally {
      h.destroy();
    }
  });

  it('arena resume names the lock and offers --take-over; with it, the duel opens', async () => {
    const dir = tempDir('arena-lock-cli-');
    const path = unfinished(dir);
    writeLock(path, stranger(), '1');
    const refused = await runInTerminal(['resume', path, '--saves', dir], () => false);
    expect(refused.code).toBe(2);
    expect(refused.text).toMatch(/is locked, and the lock looks stale: process \d+ is running, but it started after the arena/);
    expect(refused.text).toContain('arena resume --take-over');
    const taken = await runInTerminal(['resume', path, '--saves', dir, '--take-over'], (screen) => /Carrying on at turn [\d.]+ \(10 recorded actions\)/.test(screen), 'Q', 'y');
    expect(taken.code).toBe(0);
    expect(lockPid(path)).toBeNull();
  }, 30_000);
});

/** Whether this user may make device files (root may): mknod in a scratch folder. */
const canMakeDevices = spawnSync('mknod', [join(tempDir('arena-mknod-'), 'probe'), 'c', '1', '3']).status === 0;

describe('nothing is written outside the saves folder (fault 4)', () => {
  it('a file outside, a link to one, a second name (hard link), a named pipe and a device are refused, untouched', () => {
    const dir = tempDir('arena-lock-');
    const outside = tempDir('arena-lock-outside-');
    const path = unfinished(dir);
    const out = join(outside, 'elsewhere.jsonl');
    writeFileSync(out, readFileSync(path));
    const symlink = join(dir, 'to-outside.jsonl');
    symlinkSync(out, symlink);
    const hard = join(dir, 'second-name.jsonl');
    linkSync(out, hard);
    const fifo = join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const device = join(dir, 'null.jsonl');
    symlinkSync('/dev/null', device);
    const cases: [string, RegExp][] = [
      [out, /only duels in the saves folder .* can be resumed, because that writes to the file; this one is at /],
      [symlink, /only duels in the saves folder/],
      [hard, /the file has 2 names \(hard links\), so writing to it would change a file elsewhere too/],
      [fifo, /a named pipe \(FIFO\), not a replay file; nothing was resumed/],
      [device, /only duels in the saves folder .* this one is at \/dev\/null/],
    ];
    const before = readFileSync(out);
    for (const [p, message] of cases) {
      const e = thrown(() => openForResume(p, dir, content));
      expect(e.message, p).toMatch(message);
      expect(e.message.startsWith(`${p}: `)).toBe(true);
    }
    expect(readFileSync(out)).toEqual(before);
    expect(existsSync(lockOf(out))).toBe(false);
  });

  it.runIf(canMakeDevices)('a character device inside the saves folder is refused without being opened', () => {
    const dir = tempDir('arena-lock-');
    const dev = join(dir, 'zero.jsonl');
    execFileSync('mknod', [dev, 'c', '1', '5']);
    expect(thrown(() => openForResume(dev, dir, content)).message).toBe(`${dev}: a character device, not a replay file; nothing was resumed`);
  });

  it('deleting a save being recorded is refused; a stale lock goes with the file it locked', () => {
    const dir = tempDir('arena-lock-');
    const path = unfinished(dir);
    const held = openForResume(path, dir, content);
    expect(thrown(() => deleteSave(dir, path)).message).toMatch(/is being recorded by another arena .*nothing was deleted/);
    held.recorder.close();
    const lock = lockOf(path);
    writeLock(path, 999_999, '1');
    deleteSave(dir, path);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(lock)).toBe(false);
  });
});
