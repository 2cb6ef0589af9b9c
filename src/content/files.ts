import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/**
 * Reading a file the program did not write: data tables, arena maps, replays, the menu's
 * last-setup.json. Each is opened only if it is a regular file (a named pipe would block the
 * program forever, `/dev/zero` or `/dev/urandom` would never end), and read up to a cap, so a
 * file that grows while it is read cannot exhaust memory either.
 */

/** Why a file was not read, in words, with the system's code when there was one. */
export class FileRefused extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
  }
}

/** What kind of thing a path names, for messages: "a folder", "a named pipe (FIFO)", ... */
export function kindOf(st: Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** What the system's error codes mean, in words, for reading and writing alike. */
const SYSTEM_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'it is a folder, not a file',
  EEXIST: 'a file of that name is in the way',
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file is as large as this system lets it grow',
  EROFS: 'the disk is read-only',
  EIO: 'the disk reported an input/output error',
};

/**
 * A failed file operation in words ("disk full" for ENOSPC, "no such file" for ENOENT), or
 * undefined when `e` is not an error of the system's.
 */
export function systemText(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  return Object.hasOwn(SYSTEM_TEXT, code) ? (SYSTEM_TEXT[code] as string) : `the system refused (${code})`;
}

function systemReason(e: unknown): FileRefused | undefined {
  const text = systemText(e);
  return text === undefined ? undefined : new FileRefused('', text, (e as NodeJS.ErrnoException).code);
}

/**
 * Checks that `path` (after symbolic links) is a regular file of at most `maxBytes` bytes,
 * without opening it. Throws {@link FileRefused} saying why not.
 */
export function statRegularFile(path: string, maxBytes: number): Stats {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    const r = systemReason(e);
    if (r) throw new FileRefused(path, r.reason, r.code);
    throw e;
  }
  if (!st.isFile()) throw new FileRefused(path, `${kindOf(st)}, not a regular file`);
  if (st.size > maxBytes) throw new FileRefused(path, `${st.size} bytes, more than the ${maxBytes} such a file may have`);
  return st;
}

/**
 * Reads a regular file of at most `maxBytes` bytes as UTF-8. It is checked before it is opened
 * (so a pipe or a device is never opened), opened without blocking and checked again on the open
 * file (so it cannot be swapped in between), and read only up to the cap.
 */
export function readRegularFile(path: string, maxBytes: number): string {
  const before = statRegularFile(path, maxBytes);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (e) {
    const r = systemReason(e);
    if (r) throw new FileRefused(path, r.reason, r.code);
    throw e;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.ino !== before.ino || st.dev !== before.dev) throw new FileRefused(path, 'the file changed while it was opened');
    return readOpenFile(fd, path, maxBytes, null);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads an open regular file as UTF-8, up to `maxBytes` bytes: from its start when `from` is 0,
 * or from the current position when it is null.
 */
export function readOpenFile(fd: number, path: string, maxBytes: number, from: number | null = 0): string {
  return readOpenBytes(fd, path, maxBytes, from).toString('utf8');
}

/** As {@link readOpenFile}, the bytes as they are. */
export function readOpenBytes(fd: number, path: string, maxBytes: number, from: number | null = 0): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(Math.min(maxBytes + 1, 1 << 20));
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, Math.min(chunk.length, maxBytes + 1 - total), from === null ? null : from + total);
    } catch (e) {
      const r = systemReason(e);
      if (r) throw new FileRefused(path, r.reason, r.code);
      throw e;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(chunk.subarray(0, n)));
    total += n;
    if (total > maxBytes) throw new FileRefused(path, `more than the ${maxBytes} bytes such a file may have`);
  }
  return Buffer.concat(chunks, total);
}

/** Caps on what the program reads. */
export const FILE_LIMITS = {
  /** One data table or arena map. */
  data: 16 * 1024 * 1024,
  /** The menu's remembered choices. */
  setup: 64 * 1024,
} as const;
