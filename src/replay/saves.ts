import { closeSync, constants, fstatSync, openSync, readdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { Content } from '../content/index.js';
import { parseStrictJson } from '../core/strict-json.js';
import { FileRefused, kindOf, readOpenBytes, readRegularFile, systemText } from '../content/files.js';
import { REPLAY_FORMAT, REPLAY_LIMITS, ReplayError, parseReplay } from './format.js';
import { type Lock, lockOn, lockPathFor, releaseLock, takeLock } from './lock.js';
import { clipped, printable } from '../core/text.js';
import { ReplayPlayer } from './player.js';
import { ReplayRecorder } from './recorder.js';

/** One line of the saves browser: what a replay file is, read cheaply. */
export interface SaveSummary {
  readonly file: string;
  readonly path: string;
  readonly created: string;
  readonly ruleset: string;
  readonly edition: string;
  readonly fighters: readonly [string, string];
  readonly seed: string;
  readonly turns: number;
  /** "win", "loss", "draw", or "unfinished". */
  readonly outcome: string;
  readonly reason: string;
  readonly branched: boolean;
  /** Set when the file cannot be read as a replay. */
  readonly problem?: string;
}

/**
 * Lists the replays in a saves folder, newest first. Only the header line and the last line are
 * parsed (and lines counted), so a folder of long replays lists quickly; a file that is not a
 * readable replay is listed with its problem.
 */
export function listSaves(dir: string): SaveSummary[] {
  let names: string[];
  try {
    const st = statSync(dir);
    if (!st.isDirectory()) throw new ReplayError(`the saves folder ${dir} is ${kindOf(st)}, not a folder`);
    names = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch (e) {
    if (e instanceof ReplayError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReplayError(code === 'ENOENT' ? `the saves folder ${dir} does not exist (no duel has been recorded there)` : `cannot list the saves folder ${dir} (${systemText(e) ?? String(e)})`);
  }
  return names.map((f) => summarise(dir, f)).sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : a.file < b.file ? -1 : 1));
}

function summarise(dir: string, file: string): SaveSummary {
  const path = join(dir, file);
  const blank: SaveSummary = { file: printable(file), path, created: '', ruleset: '?', edition: '?', fighters: ['?', '?'], seed: '?', turns: 0, outcome: 'unreadable', reason: '', branched: false };
  try {
    let text: string;
    try {
      text = readRegularFile(path, REPLAY_LIMITS.bytes);
    } catch (e) {
      if (e instanceof FileRefused) return { ...blank, problem: e.message };
      throw e;
    }
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    // A last line cut short (a killed writer) is not a turn, as the reader has it.
    if (!text.endsWith('\n') && lines.length > 1 && !parses(lines[lines.length - 1] as string)) lines.pop();
    const header = parseStrictJson(lines[0] ?? '') as Record<string, unknown>;
    if (!header || header['format'] !== REPLAY_FORMAT) return { ...blank, problem: 'not a spoiler-arena replay' };
    const fighters = Array.isArray(header['fighters']) ? (header['fighters'] as unknown[]).map(String) : ['?', '?'];
    let outcome = 'unfinished';
    let reason = '';
    let turns = lines.length - 1;
    const last = lines[lines.length - 1] ?? '';
    if (lines.length > 1 && last.startsWith('{"end"')) {
      turns--;
      const end = (parseStrictJson(last) as { end?: { winner?: unknown; reason?: unknown } }).end;
      outcome = end?.winner === 0 ? 'win' : end?.winner === 1 ? 'loss' : 'draw';
      reason = typeof end?.reason === 'string' ? end.reason : '';
    }
    // The header is not validated for a listing, so every text in it is made printable, and cut.
    const show = (v: unknown): string => clipped(printable(String(v)), 120);
    return {
      file: printable(file),
      path,
      created: show(header['created'] ?? ''),
      ruleset: show(header['ruleset'] ?? '?'),
      edition: show(header['edition'] ?? '?'),
      fighters: [show(fighters[0] ?? '?'), show(fighters[1] ?? '?')],
      seed: show(header['seed'] ?? '?'),
      turns,
      outcome,
      reason: show(reason),
      branched: header['branch'] !== undefined,
    };
  } catch (e) {
    return { ...blank, problem: clipped(printable(e instanceof Error ? e.message : 'unreadable'), 200) };
  }
}

function parses(line: string): boolean {
  try {
    parseStrictJson(line);
    return true;
  } catch {
    return false;
  }
}

/** Whether `path` lies inside `dir` (after following links), so nothing is written elsewhere. */
export function insideFolder(dir: string, path: string): boolean {
  let real: string;
  let root: string;
  try {
    real = realpathSync(path);
    root = realpathSync(dir);
  } catch {
    return false;
  }
  return within(root, real);
}

function within(root: string, real: string): boolean {
  const rel = relative(root, real);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * A save that may be written to: its real path (links followed) lies inside the saves folder, it
 * is a regular file (not a pipe or a device), and it has exactly one name (a hard link from
 * outside the folder would let a write reach a file elsewhere). Checked without opening it.
 */
function writableSave(path: string, dir: string, action: string): { real: string; root: string } {
  let real: string;
  let root: string;
  try {
    root = realpathSync(dir);
  } catch (e) {
    throw new ReplayError(`${path}: the saves folder ${dir} cannot be used (${systemText(e) ?? String(e)}); nothing was ${action}`);
  }
  try {
    real = realpathSync(path);
  } catch (e) {
    throw new ReplayError(`${path}: ${systemText(e) ?? String(e)}`);
  }
  if (!within(root, real)) {
    throw new ReplayError(`${path}: only duels in the saves folder (${dir}) can be ${action}, because that writes to the file; this one is at ${real}. Copy it into the folder first`);
  }
  const st = statSync(real);
  if (!st.isFile()) throw new ReplayError(`${path}: ${kindOf(st)}, not a replay file; nothing was ${action}`);
  if (st.nlink !== 1) {
    throw new ReplayError(`${path}: the file has ${st.nlink} names (hard links), so writing to it would change a file elsewhere too; only a file with one name can be ${action}. Copy it to a new name first`);
  }
  return { real, root };
}

/** Deletes a replay from the saves folder (and only from there), unless an arena is recording it. */
export function deleteSave(dir: string, path: string): void {
  if (!insideFolder(dir, path)) throw new ReplayError(`${path} is not in the saves folder ${dir}; nothing was deleted`);
  const real = realpathSync(path);
  const st = statSync(real);
  const lock = lockOn(real, st);
  if (lock?.kind === 'held') throw new ReplayError(`${path} is being recorded by another arena (process ${lock.info.pid}); nothing was deleted`);
  unlinkSync(path);
  if (lock) {
    try {
      unlinkSync(lockPathFor(real, st));
    } catch {
      // gone already
    }
  }
}

/** What `openForResume` opens: the duel played to the end of its file, and its recorder. */
export interface OpenedForResume {
  readonly player: ReplayPlayer;
  readonly recorder: ReplayRecorder;
}

/**
 * Prepares an unfinished duel to be carried on. In this order: the file is checked (inside the
 * saves folder, a regular file with one name), opened, checked again on the open file (the same
 * file, unchanged in kind), locked by its identity (so no other path to it can be resumed at the
 * same time), and only then read and replayed to its end, checking every checkpoint; the same
 * open file is then appended to. Refuses finished duels and replays that do not play back
 * exactly; on any refusal the file is left as it was and the lock released.
 */
export function openForResume(path: string, dir: string, content: Content, options: { force?: boolean; luck?: boolean; takeOver?: boolean } = {}): OpenedForResume {
  const { real } = writableSave(path, dir, 'resumed');
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDWR | constants.O_APPEND | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (e) {
    throw new ReplayError(`${path}: cannot open it to write (${systemText(e) ?? String(e)})`);
  }
  let lock: Lock | null = null;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.nlink !== 1) throw new ReplayError(`${path}: the file changed while it was opened; nothing was resumed`);
    if (st.size > REPLAY_LIMITS.bytes) throw new ReplayError(`${path}: ${st.size} bytes is larger than a replay can be (${REPLAY_LIMITS.bytes})`);
    lock = takeLock(real, st, { ...(options.takeOver ? { takeOver: true } : {}), shown: path });
    let bytes: Buffer;
    try {
      bytes = readOpenBytes(fd, path, REPLAY_LIMITS.bytes, 0);
    } catch (e) {
      throw new ReplayError(`${path}: ${(e as Error).message}`);
    }
    const replay = parseReplay(path, bytes.toString('utf8'));
    if (replay.end) throw new ReplayError(`${path}: this duel is over (${replay.end.reason}); watch it with: arena replay ${path}`);
    let player: ReplayPlayer;
    try {
      player = ReplayPlayer.load(replay, content, { force: options.force ?? false, ...(options.luck !== undefined ? { luck: options.luck } : {}) });
    } catch (e) {
      throw new ReplayError((e as Error).message);
    }
    if (player.divergence) {
      const d = player.divergence;
      throw new ReplayError(`${path}: cannot resume: turn ${d.turn} does not play back as recorded (${d.detail})`);
    }
    // Offsets in bytes, as on the disk (a hostile file's bytes need not be UTF-8).
    const recorder = ReplayRecorder.continueIn(path, fd, lock, { size: bytes.length, wholeLines: bytes.lastIndexOf(0x0a) + 1, truncated: replay.truncated, turns: replay.turns.length });
    return { player, recorder };
  } catch (e) {
    if (lock) releaseLock(lock);
    closeSync(fd);
    throw e;
  }
}
