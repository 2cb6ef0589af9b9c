import type { Content } from '../content/index.js';
import { Duel } from '../game/duel.js';
import { REPLAY_VERSION, type Replay } from './format.js';
import { type Divergence, checkEnd, headerDivergence, playRecordedTurn, startDuel } from './runner.js';

export type { Divergence };

export interface VerifyResult {
  readonly file: string;
  readonly ok: boolean;
  readonly turns: number;
  readonly divergence?: Divergence;
  readonly warnings: readonly string[];
  /** The duel as re-simulated, up to where it stopped (absent when it could not be set up). */
  readonly duel?: Duel;
}

/** Why this replay cannot be trusted to play back on this program, or [] if it can. */
export function compatibilityProblems(replay: Replay, content: Content): string[] {
  const out: string[] = [];
  if (replay.header.version !== REPLAY_VERSION) {
    out.push(`it was written in replay format version ${replay.header.version}; this program reads version ${REPLAY_VERSION}`);
  }
  const ours = content.dataFingerprint(replay.header.ruleset);
  if (replay.header.data !== ours) {
    out.push(`it was recorded with different data files (fingerprint ${replay.header.data}, this program has ${ours})`);
  }
  return out;
}

/** Warnings about a replay that will still be played (forced, or cut short). */
export function replayWarnings(replay: Replay, problems: readonly string[]): string[] {
  const warnings: string[] = [];
  if (problems.length > 0) warnings.push(`forced: ${problems.join('; ')}; it may diverge`);
  if (replay.truncated) warnings.push('the last line was cut short (the recording process stopped mid-write); checked up to the last whole turn');
  for (const r of replay.recovered) warnings.push(`recovered: ${r}`);
  return warnings;
}

/**
 * Re-simulates a replay from its setup, feeding the player's recorded commands and letting the
 * AI decide its own, and compares everything the file records: the header's fighters, each
 * turn's actor, command, draw counts, checkpoint, game time and (played with tracing) rule
 * ledger, and the ending. Stops at the first divergence and says which turn, what was expected
 * and found, why, and the first rule whose rolls differ.
 */
export function verifyReplay(replay: Replay, content: Content, options: { force?: boolean } = {}): VerifyResult {
  const problems = compatibilityProblems(replay, content);
  const base = { file: replay.file, warnings: replayWarnings(replay, problems) };
  if (problems.length > 0 && !options.force) {
    return {
      ...base,
      warnings: [],
      ok: false,
      turns: 0,
      divergence: { turn: 0, expected: replay.header.data, actual: content.dataFingerprint(replay.header.ruleset), detail: `refused: ${problems.join('; ')} (use --force to try anyway)` },
    };
  }
  let duel: Duel;
  try {
    // Played with tracing when the replay has rule ledgers to check (a traced recording).
    duel = startDuel(replay, content, replay.turns.some((t) => t.rules !== undefined));
  } catch (e) {
    const detail = `refused: the setup in ${replay.file} cannot be played here: ${(e as Error).message}`;
    return { ...base, ok: false, turns: 0, divergence: { turn: 0, expected: 'a duel this program can set up', actual: 'an error', detail } };
  }
  const b = replay.header.branch;
  if (b && b.turn === 0) {
    // Taken over before the first turn: the branch point is the duel as set up.
    const fresh = new Duel(replay.header.setup, content, { tracing: false }).stateHash();
    if (fresh !== b.hash) {
      return { ...base, duel, ok: false, turns: 0, divergence: { turn: 0, expected: b.hash, actual: fresh, detail: 'the branch point does not match the checkpoint of the duel as set up' } };
    }
  } else if (b) {
    // The branch point is the checkpoint of the last shared turn.
    const shared = replay.turns[b.turn - 1];
    if (!shared) {
      return { ...base, duel, ok: false, turns: 0, divergence: { turn: b.turn, expected: `at least ${b.turn} turns`, actual: `${replay.turns.length}`, detail: 'the branch point lies beyond the recorded turns' } };
    }
    if (shared.hash !== b.hash) {
      return { ...base, duel, ok: false, turns: 0, divergence: { turn: b.turn, expected: b.hash, actual: shared.hash, detail: 'the branch point does not match the checkpoint of its turn' } };
    }
  }
  const named = headerDivergence(duel, replay);
  if (named) return { ...base, duel, ok: false, turns: 0, divergence: named };
  for (const rec of replay.turns) {
    const d = playRecordedTurn(duel, replay, rec);
    if (d) return { ...base, duel, ok: false, turns: rec.turn - 1, divergence: d };
    // The ledger is checked turn by turn: the traces need not be kept (a long replay's would fill memory).
    duel.forgetTraces();
  }
  const end = checkEnd(duel, replay);
  if (end) return { ...base, duel, ok: false, turns: replay.turns.length, divergence: end };
  return { ...base, duel, ok: true, turns: replay.turns.length };
}
