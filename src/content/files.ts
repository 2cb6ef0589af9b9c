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

export function systemReason(e: unknown): FileRefused | undefined {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new FileRefused('', 'no such file', code);
  if (code === 'EACCES' || code === 'EPERM') return new FileRefused('', 'permission denied', code);
  if (code === 'ENOTDIR') return new FileRefused('', 'a part of the path is not a folder', code);
  if (code === 'ELOOP') return new FileRefused('', 'too many symbolic links', code);
  if (code === 'ENAMETOOLONG') return new FileRefused('', 'the name is too long', code);
  if (code === 'EISDIR') return new FileRefused('', 'it is a folder, not a file', code);
  if (typeof code === 'string') return new FileRefused('', `cannot read it (${code})`, code);
  return undefined;
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
