import type { Content } from '../content/index.js';
import { Duel, type TurnRecord } from '../game/duel.js';
import { describeCommand } from '../systems/commands.js';
import { STREAM_NAMES } from '../core/rng.js';
import { REPLAY_VERSION, type Replay } from './format.js';

export interface Divergence {
  readonly turn: number;
  readonly expected: string;
  readonly actual: string;
  readonly detail: string;
}

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
  if (replay.header.data !== content.fingerprint) {
    out.push(`it was recorded with different data files (fingerprint ${replay.header.data}, this program has ${content.fingerprint})`);
  }
  return out;
}

function drawText(d: TurnRecord['draws']): string {
  return (
    STREAM_NAMES.filter((n) => d[n] > 0)
      .map((n) => `${n} ${d[n]}`)
      .join(', ') || 'none'
  );
}

/**
 * Re-simulates a replay from its setup, feeding the player's recorded commands and letting the
 * AI decide its own, and compares every checkpoint, draw count and the ending. Stops at the
 * first divergence and says which turn, what was expected and found, and why.
 */
export function verifyReplay(replay: Replay, content: Content, options: { force?: boolean } = {}): VerifyResult {
  const warnings: string[] = [];
  const base = { file: replay.file, warnings };
  const problems = compatibilityProblems(replay, content);
  if (problems.length > 0 && !options.force) {
    return {
      ...base,
      ok: false,
      turns: 0,
      divergence: { turn: 0, expected: replay.header.data, actual: content.fingerprint, detail: `refused: ${problems.join('; ')} (use --force to try anyway)` },
    };
  }
  if (problems.length > 0) warnings.push(`forced: ${problems.join('; ')}; it may diverge`);
  if (replay.truncated) warnings.push('the last line was cut short (the recording process stopped mid-write); checked up to the last whole turn');

  let duel: Duel;
  try {
    duel = new Duel(replay.header.setup, content, { tracing: false });
  } catch (e) {
    const detail = `refused: the setup in ${replay.file} cannot be played here: ${(e as Error).message}`;
    return { ...base, ok: false, turns: 0, divergence: { turn: 0, expected: 'a duel this program can set up', actual: 'an error', detail } };
  }
  const result = { ...base, duel };

  for (const rec of replay.turns) {
    const fail = (expected: string, actual: string, detail: string): VerifyResult => ({
      ...result,
      ok: false,
      turns: rec.turn - 1,
      divergence: { turn: rec.turn, expected, actual, detail },
    });
    const who = duel.pending();
    if (!who) return fail(`actor ${rec.actor}`, 'the duel already over', `the duel ended after turn ${duel.turn}, but the replay goes on`);
    if (who.id !== rec.actor) return fail(`actor ${rec.actor}`, `actor ${who.id}`, 'a different fighter acts at this turn');
    const playerTurn = who.fighter?.controller === 'player';
    const step = playerTurn ? duel.step(rec.command) : duel.step();
    if (step.kind === 'rejected') return fail(describeCommand(rec.command), 'rejected', `the recorded command is impossible here: ${step.reason}`);
    if (step.kind === 'input') return fail('an AI turn', 'the player to move', "the recorded turn was played by the AI but this fighter is the player's");
    if (step.kind === 'over') return fail(rec.hash, 'the duel already over', 'the duel ended early');
    const got = step.record;
    if (JSON.stringify(got.command) !== JSON.stringify(rec.command)) {
      return fail(describeCommand(rec.command), describeCommand(got.command), `the AI chose differently (draws this turn: ${drawText(got.draws)} vs recorded ${drawText(rec.draws)})`);
    }
    const streams = STREAM_NAMES.filter((n) => got.draws[n] !== rec.draws[n]);
    if (got.hash !== rec.hash || streams.length > 0) {
      const drew = `the ${streams.join(' and ')} stream drew ${streams.map((n) => `${got.draws[n]} words (recorded ${rec.draws[n]})`).join(', ')}`;
      const detail =
        got.hash === rec.hash
          ? `draw counts differ although the checkpoint matches: ${drew}`
          : streams.length
            ? `checkpoint differs; ${drew}`
            : 'checkpoint differs with the same number of draws: a rule computed a different result from the same rolls';
      return fail(rec.hash, got.hash, detail);
    }
  }
  const end = replay.end;
  if (!end) return { ...result, ok: true, turns: replay.turns.length };
  // Conditions (poison, the turn limit) may end a duel after the last recorded turn.
  duel.pending();
  const o = duel.outcome;
  const endFail = (expected: string, actual: string, detail: string): VerifyResult => ({
    ...result,
    ok: false,
    turns: replay.turns.length,
    divergence: { turn: replay.turns.length, expected, actual, detail },
  });
  if (!o) return endFail(end.reason, 'the duel not over', 'the outcome differs: the replay says the duel ended, but it goes on');
  const describe = (x: { winner: 0 | 1 | null; reason: string; turn: number; time: number }) =>
    `${x.reason} (winner ${x.winner ?? 'none'}, turn ${x.turn}, ${x.time} game turns)`;
  if (o.winner !== end.winner || o.reason !== end.reason || o.turn !== end.turn || o.time !== end.time) {
    return endFail(describe(end), describe(o), 'the outcome differs');
  }
  const finalHash = duel.stateHash();
  if (finalHash !== end.h) return endFail(end.h, finalHash, 'the final checkpoint differs');
  return { ...result, ok: true, turns: replay.turns.length };
}
