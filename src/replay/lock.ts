import { closeSync, linkSync, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { FILE_LIMITS, readRegularFile } from '../content/files.js';
import { ReplayError } from './format.js';
import { storageReason } from './storage.js';

/**
 * Locks on replay files, so that two programs never append to one replay. A lock names the file
 * by what it is, not by what it is called: its device and inode number. Any path to the file (a
 * symbolic link, another spelling of the folder, a hard link) finds the same lock, which lives in
 * the file's own folder as `.arena-<device>-<inode>.lock`. The lock records who holds it: the
 * process id, when that process started (Linux: /proc/<pid>/stat), the machine's boot id, and
 * the file. It is taken before the file is read and released when the recording closes.
 */

const PROGRAM = 'spoiler-arena';

/** What a lock file holds. */
export interface LockInfo {
  readonly program: typeof PROGRAM;
  readonly pid: number;
  /** The process's start time in clock ticks since boot, or null where it cannot be read. */
  readonly start: string | null;
  readonly boot: string | null;
  readonly file: string;
  readonly dev: number;
  readonly ino: number;
}

/**
 * Who holds a lock:
 * - `held`: the arena process that took it is running and has the file open: it is recording.
 * - `gone`: that process has ended (a crash, a kill): the lock is taken over at once.
 * - `other`: the process id is running, but it is not the arena process holding the file (it
 *   started at another time, so the id was reused; the machine restarted since; or it no longer
 *   has the file open). Taken over only when asked (`--take-over`, or yes in the saves browser).
 * - `unknown`: the process id is running and this system cannot tell whether it is the holder
 *   (no /proc, or another user's process), or the lock file is not one this program writes.
 *   Taken over only when asked.
 */
export type LockState =
  | { readonly kind: 'held'; readonly info: LockInfo }
  | { readonly kind: 'gone'; readonly info: LockInfo }
  | { readonly kind: 'other' | 'unknown'; readonly info: LockInfo | null; readonly why: string };

/** A replay is locked by another program. `offer` says whether taking the lock over is offered. */
export class LockedError extends ReplayError {
  constructor(
    message: string,
    readonly offer: boolean,
  ) {
    super(message);
  }
}

/** The lock could not be written (a full disk): `reason` says why in words. */
export class LockWriteError extends LockedError {
  constructor(
    shown: string,
    readonly reason: string,
  ) {
    super(`${shown}: cannot lock it: ${reason}`, false);
  }
}

/** A lock this process holds. */
export interface Lock {
  readonly path: string;
  readonly info: LockInfo;
}

export function lockPathFor(file: string, st: Pick<Stats, 'dev' | 'ino'>): string {
  return join(dirname(file), `.arena-${st.dev}-${st.ino}.lock`);
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** When process `pid` started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
export function processStart(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether process `pid` has the file open (Linux: /proc/<pid>/fd), or null when that cannot be seen. */
function holdsOpen(pid: number, dev: number, ino: number): boolean | null {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return null;
  }
  for (const fd of fds) {
    try {
      const st = statSync(`/proc/${pid}/fd/${fd}`);
      if (st.dev === dev && st.ino === ino) return true;
    } catch {
      // closed meanwhile, or not a file
    }
  }
  return false;
}

function parseInfo(text: string): LockInfo | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const str = (x: unknown): x is string | null => x === null || (typeof x === 'string' && x.length <= 200);
  if (o['program'] !== PROGRAM || !Number.isSafeInteger(o['pid']) || (o['pid'] as number) <= 0) return null;
  if (!str(o['start']) || !str(o['boot']) || typeof o['file'] !== 'string' || !Number.isSafeInteger(o['dev']) || !Number.isSafeInteger(o['ino'])) return null;
  return { program: PROGRAM, pid: o['pid'] as number, start: o['start'], boot: o['boot'], file: o['file'], dev: o['dev'] as number, ino: o['ino'] as number };
}

/** Who holds the lock at `lockPath` (which exists), and how that was found out. */
export function lockState(lockPath: string): LockState {
  let text: string;
  try {
    text = readRegularFile(lockPath, FILE_LIMITS.setup);
  } catch (e) {
    return { kind: 'unknown', info: null, why: `its lock ${lockPath} cannot be read (${(e as Error).message})` };
  }
  const info = parseInfo(text);
  if (!info) return { kind: 'unknown', info: null, why: `its lock ${lockPath} is not one this program writes` };
  if (!alive(info.pid)) return { kind: 'gone', info };
  const boot = bootId();
  if (boot !== null && info.boot !== null && boot !== info.boot) {
    return { kind: 'other', info, why: `the lock was taken before this machine last started, so process ${info.pid} is another program now` };
  }
  const start = processStart(info.pid);
  if (start === null || info.start === null) {
    return { kind: 'unknown', info, why: `process ${info.pid} is running, and this system cannot tell whether it is the arena that locked the file` };
  }
  if (start !== info.start) {
    return { kind: 'other', info, why: `process ${info.pid} is running, but it started after the arena that locked the file (the process id was reused)` };
  }
  const holds = holdsOpen(info.pid, info.dev, info.ino);
  if (holds === null) return { kind: 'unknown', info, why: `process ${info.pid} is running, but its open files cannot be inspected` };
  if (!holds) return { kind: 'other', info, why: `process ${info.pid} locked the file but no longer has it open` };
  return { kind: 'held', info };
}

/**
 * Writes a lock file under a private name and links it into place: never seen half-written.
 * False when a lock is there already; a LockedError when the lock cannot be written (a full disk).
 */
function placeLock(lockPath: string, info: LockInfo, shown: string): boolean {
  const tmp = `${lockPath}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      const text = Buffer.from(`${JSON.stringify(info)}\n`);
      if (writeSync(fd, text) !== text.length) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
    } finally {
      closeSync(fd);
    }
    linkSync(tmp, lockPath);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new LockWriteError(shown, storageReason(e));
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // never made
    }
  }
}

function removeLock(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Locks the open file `st` (at `file`) for this process. A lock left by a process that has ended
 * is taken over; a lock held by a running arena that has the file open is refused; any other lock
 * is refused with an offer to take it over, and taken over when `takeOver` is set. `fresh` says
 * the file was just created by this process: any lock on its inode is a leftover.
 */
export function takeLock(file: string, st: Pick<Stats, 'dev' | 'ino'>, options: { takeOver?: boolean; fresh?: boolean; shown?: string } = {}): Lock {
  const path = lockPathFor(file, st);
  const info: LockInfo = { program: PROGRAM, pid: process.pid, start: processStart(process.pid), boot: bootId(), file, dev: st.dev, ino: st.ino };
  const shown = options.shown ?? file;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (placeLock(path, info, shown)) return { path, info };
    if (options.fresh) {
      removeLock(path);
      continue;
    }
    const state = lockState(path);
    if (state.kind === 'held') {
      throw new LockedError(`${shown} is being recorded by another arena (process ${state.info.pid}); it can be resumed once that one stops`, false);
    }
    if (state.kind === 'gone' || options.takeOver) {
      removeLock(path);
      continue;
    }
    throw new LockedError(
      `${shown} is locked, and the lock looks stale: ${state.why}. If no arena is recording this duel, take the lock over: arena resume --take-over (in the saves browser, answer y)`,
      true,
    );
  }
  throw new LockedError(`${shown}: cannot lock it (another program keeps locking it)`, false);
}

/** Releases a lock this process holds (and only if it still holds it). */
export function releaseLock(lock: Lock): void {
  try {
    const now = parseInfo(readFileSync(lock.path, 'utf8'));
    if (now && now.pid === lock.info.pid && now.start === lock.info.start) unlinkSync(lock.path);
  } catch {
    // already gone
  }
}

/** The state of the lock on a file, or null when it has none. */
export function lockOn(file: string, st: Pick<Stats, 'dev' | 'ino'>): LockState | null {
  const path = lockPathFor(file, st);
  try {
    statSync(path);
  } catch {
    return null;
  }
  return lockState(path);
}
