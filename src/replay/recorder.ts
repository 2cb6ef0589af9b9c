import { closeSync, fstatSync, fsyncSync, ftruncateSync, linkSync, mkdirSync, openSync, readFileSync, readSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DuelSetup, Outcome, TurnRecord } from '../game/duel.js';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayHeader, turnLine } from './format.js';

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

/**
 * Appends a duel to a replay file as it is played. The file is created exclusively (an existing
 * file is never overwritten: a numbered name is chosen instead), and every turn is written
 * through to the operating system at once, so a killed process leaves every whole turn.
 */
export class ReplayRecorder {
  private fd: number | null;
  private lock: string | null = null;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /**
   * Continues recording a duel in its own file, as read (`read.truncated` says whether its last
   * line was cut short). Only a half-written last line, which no reader uses, is removed, so the
   * new turns start on a line of their own; nothing else is touched. A lock file keeps a second
   * program from writing to the same replay at the same time.
   */
  static resume(path: string, read: { readonly truncated: boolean }): ReplayRecorder {
    const lock = takeLock(path);
    let fd: number;
    try {
      fd = openSync(path, 'r+');
      const size = fstatSync(fd).size;
      const keep = endOfLastWholeLine(fd, size);
      closeSync(fd);
      fd = openSync(path, 'a');
      if (keep < size) {
        // What follows the last newline is either a half-written line (dropped, as readers do) or
        // a whole last line whose newline was not written yet (kept, and ended).
        if (read.truncated) ftruncateSync(fd, keep);
        else writeSync(fd, '\n');
      }
    } catch (e) {
      releaseLock(lock);
      throw e;
    }
    const r = new ReplayRecorder(path, fd);
    r.lock = lock;
    return r;
  }

  /**
   * Starts a new replay; `prefix` are turn lines to copy first (a branch repeats the turns it
   * shares with the replay it branched from, so it plays back on its own).
   */
  static create(dir: string, header: ReplayHeader, prefix: readonly TurnRecord[] = []): ReplayRecorder {
    mkdirSync(dir, { recursive: true });
    const base = replayBaseName(header);
    // The header (and any shared turns) is written to a private file first and then linked
    // into place, so a replay is never seen without its whole header, even if the process is
    // killed while writing it; linking fails on an existing name, so nothing is overwritten.
    const partial = join(dir, `.${base}.${process.pid}.partial`);
    writeFileSync(partial, `${JSON.stringify(header)}\n${prefix.map((t) => `${turnLine(t)}\n`).join('')}`, { flag: 'w' });
    try {
      const fd = openSync(partial, 'r');
      fsyncSync(fd);
      closeSync(fd);
      for (let n = 1; n < 10_000; n++) {
        const path = join(dir, n === 1 ? `${base}.jsonl` : `${base}_${n}.jsonl`);
        try {
          linkSync(partial, path);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw e;
        }
        return new ReplayRecorder(path, openSync(path, 'a'));
      }
      throw new Error(`cannot find a free replay name for ${base} in ${dir}`);
    } finally {
      unlinkSync(partial);
    }
  }

  private write(line: string): void {
    if (this.fd === null) throw new Error(`replay ${this.path} is closed`);
    writeSync(this.fd, line);
  }

  turn(record: TurnRecord): void {
    this.write(`${turnLine(record)}\n`);
  }

  /** The end line: the outcome and the checkpoint of the final state. */
  end(outcome: Outcome, finalHash: string): void {
    this.write(`${JSON.stringify({ end: { ...outcome, h: finalHash } })}\n`);
  }

  close(): void {
    if (this.fd !== null) {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = null;
    }
    if (this.lock) releaseLock(this.lock);
    this.lock = null;
  }
}

/** The byte length up to and including the last newline (the whole lines of the file). */
function endOfLastWholeLine(fd: number, size: number): number {
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const i = chunk.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) return start + i + 1;
    end = start;
  }
  return 0;
}

/** Creates `path.lock` holding this process id; a lock left by a process that is gone is taken over. */
function takeLock(path: string): string {
  const lock = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return lock;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lock, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
        throw new Error(`${path} is being recorded by another arena process (pid ${pid})`);
      }
      unlinkSync(lock);
    }
  }
  throw new Error(`cannot lock ${path}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseLock(lock: string): void {
  try {
    unlinkSync(lock);
  } catch {
    // already gone
  }
}
