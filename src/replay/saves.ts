import { readFileSync, readdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { Content } from '../content/index.js';
import { parseStrictJson } from '../content/strict-json.js';
import { REPLAY_FORMAT, REPLAY_LIMITS, ReplayError, readReplayFile } from './format.js';
import { printable } from '../core/text.js';
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
    names = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return names.map((f) => summarise(dir, f)).sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : a.file < b.file ? -1 : 1));
}

function summarise(dir: string, file: string): SaveSummary {
  const path = join(dir, file);
  const blank: SaveSummary = { file: printable(file), path, created: '', ruleset: '?', edition: '?', fighters: ['?', '?'], seed: '?', turns: 0, outcome: 'unreadable', reason: '', branched: false };
  try {
    const st = statSync(path);
    if (!st.isFile()) return { ...blank, problem: 'not a regular file' };
    if (st.size > REPLAY_LIMITS.bytes) return { ...blank, problem: 'too large to be a replay' };
    const text = readFileSync(path, 'utf8');
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
    // The header is not validated for a listing, so every text in it is made printable.
    return {
      file: printable(file),
      path,
      created: printable(String(header['created'] ?? '')),
      ruleset: printable(String(header['ruleset'] ?? '?')),
      edition: printable(String(header['edition'] ?? '?')),
      fighters: [printable(fighters[0] ?? '?'), printable(fighters[1] ?? '?')],
      seed: printable(String(header['seed'] ?? '?')),
      turns,
      outcome,
      reason: printable(reason),
      branched: header['branch'] !== undefined,
    };
  } catch (e) {
    return { ...blank, problem: printable(e instanceof Error ? e.message : 'unreadable') };
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
  const rel = relative(root, real);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Deletes a replay from the saves folder (and only from there). */
export function deleteSave(dir: string, path: string): void {
  if (!insideFolder(dir, path)) throw new ReplayError(`${path} is not in the saves folder ${dir}; nothing was deleted`);
  unlinkSync(path);
}

/**
 * Prepares an unfinished duel to be carried on: reads and replays it to its end (checking every
 * checkpoint), then opens the same file to append to. Refuses files outside the saves folder,
 * finished duels, and replays that do not play back exactly.
 */
export function openForResume(path: string, dir: string, content: Content, options: { force?: boolean; luck?: boolean } = {}): { player: ReplayPlayer; recorder: ReplayRecorder } {
  if (!insideFolder(dir, path)) {
    throw new ReplayError(`${path}: only duels in the saves folder (${dir}) can be resumed, because resuming writes to the file; copy it there first`);
  }
  const replay = readReplayFile(path);
  if (replay.end) throw new ReplayError(`${path}: this duel is over (${replay.end.reason}); watch it with: arena replay ${path}`);
  let player: ReplayPlayer;
  try {
    player = ReplayPlayer.load(replay, content, options);
  } catch (e) {
    throw new ReplayError((e as Error).message);
  }
  if (player.divergence) {
    const d = player.divergence;
    throw new ReplayError(`${path}: cannot resume: turn ${d.turn} does not play back as recorded (${d.detail})`);
  }
  return { player, recorder: ReplayRecorder.resume(path, replay) };
}
