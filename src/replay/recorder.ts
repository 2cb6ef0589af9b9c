import { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, linkSync, mkdirSync, openSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DuelSetup, Outcome, TurnRecord } from '../game/duel.js';
import { REPLAY_FORMAT, REPLAY_VERSION, ReplayError, type ReplayHeader, endLine, headerLine, turnLine } from './format.js';
import { type Lock, LockWriteError, releaseLock, takeLock } from './lock.js';
import { storageReason } from './storage.js';

export { storageReason };
import { printable } from '../core/text.js';

/**
 * Makes the header of a new replay. `created` is an ISO date from the caller's clock; `branch`
 * names the replay this one was taken over from.
 */
export function makeHeader(
  setup: DuelSetup,
  program: string,
  dataFingerprint: string,
  fighters: readonly [string, string],
  created: string,
  branch?: ReplayHeader['branch'],
): ReplayHeader {
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    program,
    ruleset: setup.ruleset,
    edition: setup.edition,
    data: dataFingerprint,
    seed: setup.seed,
    fighters: [fighters[0], fighters[1]],
    arena: setup.arena,
    created,
    setup,
    ...(branch ? { branch } : {}),
  };
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'x';
}

/** "2026-11-22_14-03-09_pixel-dungeon_warrior-vs-gnoll-scout_seed-42" */
export function replayBaseName(header: ReplayHeader): string {
  const date = header.created.replace(/\.\d+Z$/, '').replace('T', '_').replace(/:/g, '-').replace(/Z$/, '');
  return `${date}_${header.ruleset}_${slug(header.setup.hero.template)}-vs-${slug(header.setup.foe.template)}_seed-${slug(header.seed)}`;
}

/** The file operations the recorder uses, so that tests can make the disk fill up. */
export interface RecorderIo {
  write(fd: number, buffer: Buffer, offset: number, length: number): number;
  fsync(fd: number): void;
  ftruncate(fd: number, length: number): void;
}

export const FS_IO: RecorderIo = {
  write: (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length),
  fsync: (fd) => fsyncSync(fd),
  ftruncate: (fd, length) => ftruncateSync(fd, length),
};

/** Why recording stopped before the duel did: the last turn on disk, and the cause in words. */
export interface RecordingStopped {
  /** Turns 1 to `turn` are in the file, each whole; nothing after them. */
  readonly turn: number;
  readonly reason: string;
}

/** The line the player reads: "replay stopped at turn 41: disk full". */
export function stoppedText(s: RecordingStopped): string {
  return `replay stopped at turn ${s.turn}: ${s.reason}`;
}

/**
 * What the program says of the replays it wrote, as it exits: each one saved, or where it
 * stopped and why. A replay that stopped early is never called saved.
 */
export function savedText(recorders: readonly ReplayRecorder[]): string {
  return recorders
    .map((r) => (r.stopped ? `${stoppedText(r.stopped)}; ${printable(r.path)} keeps turns 1 to ${r.stopped.turn}\n` : `replay saved: ${printable(r.path)}\n`))
    .join('');
}

/** A replay could not be started (the saves folder cannot be made or written): says where and why. */
export class ReplayWriteError extends ReplayError {}

/** Writes all of `buf` (a write may write only part of it); throws when the system refuses. */
function writeAll(io: RecorderIo, fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) {
    const n = io.write(fd, buf, off, buf.length - off);
    if (!(n > 0)) throw Object.assign(new Error('nothing was written'), { code: 'EIO' });
    off += n;
  }
}

/**
 * Appends a duel to a replay file as it is played. The file is created exclusively (an existing
 * file is never overwritten: a numbered name is chosen instead), and every turn is written
 * through to the operating system at once, so a killed process leaves every whole turn. Every
 * write's result is checked: when the system refuses one (a full disk), what was written of that
 * line is cut off again and recording stops, so the file stays a valid replay to its last whole
 * turn; `stopped` then says where and why, and nothing more is written.
 */
export class ReplayRecorder {
  private fd: number | null;
  /** Bytes of whole lines in the file. */
  private size: number;
  /** The last turn whose line is in the file. */
  private lastTurn: number;
  stopped: RecordingStopped | null = null;

  private constructor(
    readonly path: string,
    fd: number,
    size: number,
    lastTurn: number,
    private lock: Lock | null,
    private readonly io: RecorderIo,
  ) {
    this.fd = fd;
    this.size = size;
    this.lastTurn = lastTurn;
  }

  /**
   * Starts a new replay; `prefix` are turns to copy first (a branch repeats the turns it shares
   * with the replay it branched from, so it plays back on its own). Throws a ReplayWriteError
   * naming the folder and the cause when the replay cannot be started; nothing is left behind.
   */
  static create(dir: string, header: ReplayHeader, prefix: readonly TurnRecord[] = [], io: RecorderIo = FS_IO): ReplayRecorder {
    let text: Buffer;
    try {
      text = Buffer.from(`${headerLine(header)}${prefix.map(turnLine).join('')}`);
    } catch (e) {
      throw new ReplayWriteError(`cannot record the duel: ${storageReason(e)}`);
    }
    let root: string;
    try {
      mkdirSync(dir, { recursive: true });
      root = realpathSync(dir);
    } catch (e) {
      throw new ReplayWriteError(`cannot use ${dir} as the saves folder: ${storageReason(e)}`);
    }
    const base = replayBaseName(header);
    // The header (and any shared turns) is written to a private file first and then linked
    // into place, so a replay is never seen without its whole header, even if the process is
    // killed while writing it; linking fails on an existing name, so nothing is overwritten.
    const partial = join(root, `.${base}.${process.pid}.partial`);
    let fd: number;
    try {
      fd = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND, 0o644);
    } catch (e) {
      throw new ReplayWriteError(`cannot write a replay in ${dir}: ${storageReason(e)}`);
    }
    let linked: string | null = null;
    let lock: Lock | null = null;
    try {
      try {
        writeAll(io, fd, text);
        io.fsync(fd);
      } catch (e) {
        throw new ReplayWriteError(`cannot write a replay in ${dir}: ${storageReason(e)}`);
      }
      const st = fstatSync(fd);
      for (let n = 1; n < 10_000 && linked === null; n++) {
        const name = join(root, n === 1 ? `${base}.jsonl` : `${base}_${n}.jsonl`);
        try {
          linkSync(partial, name);
          linked = name;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw new ReplayWriteError(`cannot write a replay in ${dir}: ${storageReason(e)}`);
        }
      }
      if (linked === null) throw new ReplayWriteError(`cannot find a free replay name for ${base} in ${dir}`);
      // Locked before the private name goes: until then the file has two names, and resuming
      // refuses a file with more than one.
      try {
        lock = takeLock(linked, st, { fresh: true });
      } catch (e) {
        if (e instanceof LockWriteError) throw new ReplayWriteError(`cannot write a replay in ${dir}: ${e.reason}`);
        throw e;
      }
      unlinkSync(partial);
      const path = join(dir, linked.slice(root.length + 1));
      return new ReplayRecorder(path, fd, text.length, prefix.length, lock, io);
    } catch (e) {
      if (lock) releaseLock(lock);
      if (linked) unlinkSync(linked);
      try {
        unlinkSync(partial);
      } catch {
        // already gone
      }
      closeSync(fd);
      throw e;
    }
  }

  /**
   * Carries on recording a duel in its own file, open as `fd` and locked by `lock` (see
   * openForResume). `size` is the length of the file as read, `wholeLines` the length of its
   * whole lines, and `turns` the turns it holds. Only a half-written last line (which no reader
   * uses) is removed, so the new turns start on a line of their own; nothing else is touched.
   */
  static continueIn(path: string, fd: number, lock: Lock, read: { readonly size: number; readonly wholeLines: number; readonly truncated: boolean; readonly turns: number }, io: RecorderIo = FS_IO): ReplayRecorder {
    const r = new ReplayRecorder(path, fd, read.size, read.turns, lock, io);
    if (read.wholeLines < read.size) {
      // What follows the last newline is either a half-written line (dropped, as readers do) or
      // a whole last line whose newline was not written yet (kept, and ended).
      if (read.truncated) {
        io.ftruncate(fd, read.wholeLines);
        r.size = read.wholeLines;
      } else r.append(Buffer.from('\n'));
    }
    return r;
  }

  /** Appends whole lines, or stops recording (the file cut back to its last whole line). */
  private append(buf: Buffer): boolean {
    if (this.fd === null || this.stopped) return false;
    try {
      writeAll(this.io, this.fd, buf);
      this.size += buf.length;
      return true;
    } catch (e) {
      this.stop(e);
      return false;
    }
  }

  private stop(cause: unknown): void {
    this.stopped = { turn: this.lastTurn, reason: storageReason(cause) };
    if (this.fd === null) return;
    try {
      this.io.ftruncate(this.fd, this.size);
    } catch {
      // A cut-short last line is what a killed writer leaves too: readers drop it.
    }
  }

  private open(): boolean {
    if (this.fd === null) throw new Error(`replay ${this.path} is closed`);
    return this.stopped === null;
  }

  /** Records a turn; false when recording has stopped (see `stopped`). */
  turn(record: TurnRecord): boolean {
    if (!this.open()) return false;
    let line: string;
    try {
      line = turnLine(record);
    } catch (e) {
      this.stop(e);
      return false;
    }
    const ok = this.append(Buffer.from(line));
    if (ok) this.lastTurn = record.turn;
    return ok;
  }

  /** The end line: the outcome and the checkpoint of the final state. False when not recorded. */
  end(outcome: Outcome, finalHash: string): boolean {
    if (!this.open()) return false;
    let line: string;
    try {
      line = endLine(outcome, finalHash);
    } catch (e) {
      this.stop(e);
      return false;
    }
    return this.append(Buffer.from(line));
  }

  /**
   * Flushes the file to the disk, closes it and releases its lock. Returns why recording stopped
   * early, or null when every line was written.
   */
  close(): RecordingStopped | null {
    if (this.fd !== null) {
      try {
        this.io.fsync(this.fd);
      } catch (e) {
        if (!this.stopped) this.stopped = { turn: this.lastTurn, reason: `the last turns may not have reached the disk: ${storageReason(e)}` };
      }
      closeSync(this.fd);
      this.fd = null;
    }
    if (this.lock) releaseLock(this.lock);
    this.lock = null;
    return this.stopped;
  }
}
