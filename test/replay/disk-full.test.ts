import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type TurnRecord } from '../../src/game/duel.js';
import { readReplayFile } from '../../src/replay/format.js';
import { FS_IO, makeHeader, type RecorderIo, ReplayRecorder, ReplayWriteError, savedText } from '../../src/replay/recorder.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { CLI, STACK_FRAME } from '../cli/run.js';
import { inTerminal } from '../support/pty.js';
import { duelSetup, lines, removeTempDirs, tempDir } from './duels.js';

/**
 * A full disk (issue 17, fault 2): every write's result is checked; a write the system refuses,
 * or carries out only in part, never leaves half a line followed by more turns. The recorder cuts
 * the file back to its last whole turn, stops, and says so; nothing calls such a replay saved.
 */

afterAll(removeTempDirs);

const content = loadContent();
const setup = duelSetup({ seed: 'disk-full', arena: 'pit', foeState: 'hunting' });
const header = makeHeader(setup, 'test', content.dataFingerprint(setup.ruleset), ['Warrior', 'gnoll scout'], '2026-01-01T00:00:00.000Z');

/** The turns of the duel, as the recorder is given them. */
function turns(n: number): TurnRecord[] {
  const duel = new Duel(setup, content, { tracing: true });
  const out: TurnRecord[] = [];
  while (out.length < n) {
    const r = duel.step();
    if (r.kind !== 'turn') throw new Error('the duel ended early');
    out.push(r.record);
  }
  return out;
}

const enospc = (): never => {
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
};

/**
 * The real file operations, but the disk fills after `room` more bytes: the write that crosses
 * it writes what fits and returns that count (a short write), and the next one fails ENOSPC.
 */
function fillsAfter(room: number, options: { truncateFails?: boolean } = {}): RecorderIo & { truncations: number } {
  let left = room;
  const io = {
    truncations: 0,
    write(fd: number, buffer: Buffer, offset: number, length: number): number {
      if (left <= 0) return enospc();
      const n = Math.min(length, left);
      left -= n;
      return FS_IO.write(fd, buffer, offset, n);
    },
    fsync: FS_IO.fsync,
    ftruncate(fd: number, length: number): void {
      io.truncations++;
      if (options.truncateFails) throw Object.assign(new Error('EIO'), { code: 'EIO' });
      FS_IO.ftruncate(fd, length);
    },
  };
  return io;
}

describe('the recorder on a disk that fills up', () => {
  const records = turns(12);
  const headerBytes = Buffer.byteLength(`${JSON.stringify(header)}\n`);
  const lineBytes = records.map((r) => Buffer.byteLength(`${JSON.stringify({ t: r.turn, a: r.actor, c: r.command, time: r.time, h: r.hash, d: r.draws, r: r.rules })}\n`));
  const upTo = (k: number) => headerBytes + lineBytes.slice(0, k).reduce((a, b) => a + b, 0);

  it.each([
    ['fails outright at the start of turn 6', upTo(5)],
    ['takes part of turn 6 and then fails', upTo(5) + 17],
    ['takes all of turn 6 but its line break', upTo(6) - 1],
  ])('a disk that %s: recording stops at turn 5, the file ends after it, and it verifies', (_what, room) => {
    const dir = tempDir('arena-full-');
    const io = fillsAfter(room);
    const r = ReplayRecorder.create(dir, header, [], io);
    const written = records.map((rec) => r.turn(rec));
    expect(written).toEqual([true, true, true, true, true, false, false, false, false, false, false, false]);
    expect(r.stopped).toEqual({ turn: 5, reason: 'disk full' });
    expect(r.end({ winner: 0, reason: 'x', turn: 12, time: 1 }, '0123456789abcdef')).toBe(false);
    expect(r.close()).toEqual({ turn: 5, reason: 'disk full' });
    expect(readFileSync(r.path).length).toBe(upTo(5));
    const back = readReplayFile(r.path);
    expect(back.turns).toEqual(records.slice(0, 5));
    expect(back.truncated).toBe(false);
    expect(back.end).toBeNull();
    const v = verifyReplay(back, content);
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(5);
    expect(v.warnings).toEqual([]);
    expect(readdirSync(dir)).toEqual([r.path.split('/').pop()]);
  });

  it('when even cutting the half line back fails, what is left is a last line cut short, which readers drop', () => {
    const dir = tempDir('arena-full-');
    const r = ReplayRecorder.create(dir, header, [], fillsAfter(upTo(3) + 40, { truncateFails: true }));
    for (const rec of records) r.turn(rec);
    expect(r.close()).toEqual({ turn: 3, reason: 'disk full' });
    expect(readFileSync(r.path).length).toBe(upTo(3) + 40);
    const back = readReplayFile(r.path);
    expect(back.turns).toEqual(records.slice(0, 3));
    expect(back.truncated).toBe(true);
    expect(verifyReplay(back, content).ok).toBe(true);
  });

  it('a disk full before the header is written leaves nothing behind and says where and why', () => {
    const dir = tempDir('arena-full-');
    let error: unknown;
    try {
      ReplayRecorder.create(dir, header, [], fillsAfter(100));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReplayWriteError);
    expect((error as Error).message).toBe(`cannot write a replay in ${dir}: disk full`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('what the program says as it exits: saved, or where recording stopped; never "saved" for a stopped one', () => {
    const dir = tempDir('arena-full-');
    const whole = ReplayRecorder.create(dir, header);
    whole.close();
    const cut = ReplayRecorder.create(dir, header, [], fillsAfter(upTo(2)));
    for (const rec of records) cut.turn(rec);
    cut.close();
    expect(savedText([whole, cut])).toBe(`replay saved: ${whole.path}\nreplay stopped at turn 2: disk full; ${cut.path} keeps turns 1 to 2\n`);
  });
});

/** Whether this machine lets a test mount a small tmpfs of its own (a private mount namespace). */
const tmpfsWorks = ((): boolean => {
  const probe = tempDir('arena-tmpfs-probe-');
  return spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=4k tmpfs ${probe}`], { stdio: 'ignore' }).status === 0;
})();

/**
 * Runs `script` (sh) in a private mount namespace where `dir` is a tmpfs of `kb` KiB, so that
 * the disk really fills. The mount, and what is in it, goes when the script ends.
 */
function onSmallDisk(dir: string, kb: number, script: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t tmpfs -o size=${kb}k tmpfs '${dir}' && ${script}`], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('arena duel when the saves folder fills up', () => {
  it.runIf(tmpfsWorks)('on a full disk: the duel is printed whole, the file named with the turn it stops at, exit 1, and the file verifies to there', () => {
    const dir = tempDir('arena-full-disk-');
    const node = process.execPath;
    // Two pages: one for the lock, one for the replay, which fills up.
    const r = onSmallDisk(
      dir,
      8,
      `'${node}' '${CLI}' duel --seed 7 --arena pit --saves '${dir}' > '${dir}/../out-7.txt' 2> '${dir}/../err-7.txt'; echo "exit $?"; cat '${dir}/../err-7.txt'; '${node}' '${CLI}' verify '${dir}'/*.jsonl`,
    );
    const [exit, message, verified] = lines(r.stdout);
    expect(exit).toBe('exit 1');
    const m = /^arena: replay stopped at turn (\d+): disk full; (\S+\.jsonl) keeps turns 1 to (\d+) \(it verifies to there\)$/.exec(message ?? '');
    expect(m, message).not.toBeNull();
    expect(m?.[1]).toBe(m?.[3]);
    expect(verified).toMatch(new RegExp(`^ok   ${m?.[2]}: ${m?.[1]} turns match \\(unfinished duel\\)$`));
    expect(r.stdout).not.toMatch(STACK_FRAME);
    expect(r.stdout).not.toContain('replay saved');
    // The duel itself was played and printed in full, as with room to spare.
    const full = execFileSync(node, [CLI, 'duel', '--seed', '7', '--arena', 'pit', '--no-save'], { encoding: 'utf8' });
    expect(readFileSync(join(dir, '..', 'out-7.txt'), 'utf8')).toBe(full);
  });

  it('at the file size limit (ulimit -f): a short write then a refused one, the same account, and the file verifies to its last whole turn', () => {
    const dir = tempDir('arena-fsize-');
    const r = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 4; exec '${process.execPath}' '${CLI}' duel --seed 7 --arena pit --saves '${dir}'`], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    const m = /^arena: replay stopped at turn (\d+): the file is as large as this system lets it grow; (\S+\.jsonl) keeps turns 1 to \d+ \(it verifies to there\)\n$/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    const replay = readReplayFile(m?.[2] as string);
    expect(replay.truncated).toBe(false);
    expect(replay.turns).toHaveLength(Number(m?.[1]));
    expect(readFileSync(m?.[2] as string, 'utf8').endsWith('\n')).toBe(true);
    expect(verifyReplay(replay, content).ok).toBe(true);
  });

  it('a saves folder that cannot be written: exit 1 with the folder and the cause, nothing played', () => {
    const dir = tempDir('arena-full-ro-');
    const r = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 0; exec '${process.execPath}' '${CLI}' duel --seed 7 --saves '${dir}'`], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`arena: cannot write a replay in ${dir}: the file is as large as this system lets it grow\n`);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the play screen when the saves folder fills up', () => {
  it.runIf(tmpfsWorks)('says "replay stopped at turn N: disk full" on the screen and on leaving, and never that the replay was saved', async () => {
    const dir = tempDir('arena-full-tui-');
    const saves = join(dir, 'saves');
    mkdirSync(saves);
    // Two pages: one for the lock, one for the replay, which fills up.
    const script = `mount -t tmpfs -o size=8k tmpfs '${saves}' && '${process.execPath}' '${CLI}' play --seed 5 --arena pit --foe-state sleeping --saves '${saves}'; '${process.execPath}' '${CLI}' verify '${saves}'/*.jsonl; sleep 0.2`;
    const t = inTerminal('unshare', ['-rm', 'sh', '-c', script], { cwd: dir, cols: 100, rows: 30 });
    try {
      await t.waitFor('the first frame', () => t.screen().includes('seed 5'));
      // Wait turn after turn (the foe sleeps) until the disk is full.
      for (let i = 0; i < 60 && !/replay stopped at turn \d+: disk full/.test(t.screen()); i++) {
        t.type('.');
        await new Promise((r) => setTimeout(r, 40));
      }
      await t.waitFor('the notice', () => /replay stopped at turn \d+: disk full/.test(t.screen()));
      const n = /replay stopped at turn (\d+): disk full/.exec(t.screen())?.[1];
      t.type('Q');
      await t.waitFor('the quit question', () => t.screen().includes('Quit?'));
      t.type('y');
      expect(await t.exit).toBe(0);
      expect(t.plain()).toMatch(new RegExp(`replay stopped at turn ${n}: disk full; \\S+\\.jsonl keeps turns 1 to ${n}`));
      expect(t.plain()).not.toContain('replay saved');
      expect(t.plain()).toMatch(new RegExp(`ok   \\S+\\.jsonl: ${n} turns match \\(unfinished duel\\)`));
    } finally {
      t.close();
    }
  });

  it('a saves folder that refuses the first write: the duel is played, unrecorded, and the screen says why', async () => {
    const dir = tempDir('arena-full-tui-');
    const script = `trap '' XFSZ; ulimit -f 0; exec '${process.execPath}' '${CLI}' play --seed 5 --arena pit --saves '${dir}'`;
    const t = inTerminal('bash', ['-c', script], { cwd: dir, cols: 100, rows: 30 });
    try {
      await t.waitFor('the first frame', () => t.screen().includes('seed 5'));
      // The replay is made just after the first frame: the folder refuses it then.
      await t.waitFor('the notice', () => t.screen().includes('Not recorded: cannot write a replay in'));
      t.type('.');
      await t.waitFor('a turn', () => /turn 1\.0/.test(t.screen()));
      t.type('.');
      await t.waitFor('another turn', () => /turn 2\.0/.test(t.screen()));
      t.type('Q');
      await t.waitFor('the quit question', () => t.screen().includes('Quit?'));
      t.type('y');
      expect(await t.exit).toBe(0);
      expect(t.plain()).not.toContain('replay saved');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      t.close();
    }
  });
});
