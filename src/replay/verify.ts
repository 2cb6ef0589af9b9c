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
  /** The duel as re-simulated, up to where it stopped. */
  readonly duel: Duel;
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

function sameCommand(a: TurnRecord['command'], b: TurnRecord['command']): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Re-simulates a replay from its setup, feeding the player's recorded commands and letting the
 * AI decide its own, and compares every checkpoint. Stops at the first divergence and says
 * which turn, which hashes, and which streams drew differently.
 */
export function verifyReplay(replay: Replay, content: Content, options: { force?: boolean } = {}): VerifyResult {
  const warnings: string[] = [];
  const problems = compatibilityProblems(replay, content);
  const duel = new Duel(replay.header.setup, content, { tracing: false });
  if (problems.length > 0 && !options.force) {
    return {
      file: replay.file,
      ok: false,
      turns: 0,
      divergence: { turn: 0, expected: replay.header.data, actual: content.fingerprint, detail: `refused: ${problems.join('; ')} (use --force to try anyway)` },
      warnings,
      duel,
    };
  }
  if (problems.length > 0) warnings.push(`forced: ${problems.join('; ')}; it may diverge`);
  if (replay.truncated) warnings.push('the last line was cut short (the recording process stopped mid-write); checked up to the last whole turn');

  for (const rec of replay.turns) {
    const fail = (expected: string, actual: string, detail: string): VerifyResult => ({
      file: replay.file,
      ok: false,
      turns: rec.turn - 1,
      divergence: { turn: rec.turn, expected, actual, detail },
      warnings,
      duel,
    });
    const who = duel.pending();
    if (!who) return fail(`actor ${rec.actor}`, 'the duel already over', `the duel ended after turn ${duel.turn}, but the replay goes on`);
    if (who.id !== rec.actor) return fail(`actor ${rec.actor}`, `actor ${who.id}`, 'a different fighter acts at this turn');
    const playerTurn = who.fighter?.controller === 'player';
    const result = playerTurn && rec.command ? duel.step(rec.command) : duel.step();
    if (result.kind === 'rejected') return fail(describeCommand(rec.command ?? { type: 'wait' }), 'rejected', `the recorded command is impossible here: ${result.reason}`);
    if (result.kind === 'input') return fail('an AI turn', 'the player to move', 'the recorded turn was played by the AI but this fighter is the player\'s');
    if (result.kind === 'over') return fail(rec.hash, 'the duel already over', 'the duel ended early');
    const got = result.record;
    if (!sameCommand(got.command, rec.command)) {
      return fail(
        rec.command ? describeCommand(rec.command) : 'no action',
        got.command ? describeCommand(got.command) : 'no action',
        `the AI chose differently (draws this turn: ${drawText(got)} vs recorded ${drawText(rec)})`,
      );
    }
    if (got.hash !== rec.hash) {
      const streams = STREAM_NAMES.filter((n) => got.draws[n] !== rec.draws[n]);
      const detail = streams.length
        ? `checkpoint differs; the ${streams.join(' and ')} stream drew ${streams.map((n) => `${got.draws[n]} words (recorded ${rec.draws[n]})`).join(', ')}`
        : 'checkpoint differs with the same number of draws: a rule computed a different result from the same rolls';
      return fail(rec.hash, got.hash, detail);
    }
  }
  if (replay.end) {
    const o = duel.outcome;
    if (!o || o.winner !== replay.end.winner || o.turn !== replay.end.turn) {
      return {
        file: replay.file,
        ok: false,
        turns: replay.turns.length,
        divergence: {
          turn: replay.turns.length,
          expected: `${replay.end.reason} (winner ${replay.end.winner ?? 'none'})`,
          actual: o ? `${o.reason} (winner ${o.winner ?? 'none'})` : 'the duel not over',
          detail: 'the outcome differs',
        },
        warnings,
        duel,
      };
    }
  }
  return { file: replay.file, ok: true, turns: replay.turns.length, warnings, duel };
}

function drawText(r: TurnRecord): string {
  return STREAM_NAMES.filter((n) => r.draws[n] > 0)
    .map((n) => `${n} ${r.draws[n]}`)
    .join(', ') || 'none';
}
