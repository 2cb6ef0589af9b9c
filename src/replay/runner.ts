import type { Content } from '../content/index.js';
import { STREAM_NAMES } from '../core/rng.js';
import { Duel, type TurnRecord } from '../game/duel.js';
import { describeCommand } from '../systems/commands.js';
import type { Replay } from './format.js';

/** Where and how a re-simulated duel parted from its recording. */
export interface Divergence {
  readonly turn: number;
  readonly expected: string;
  readonly actual: string;
  readonly detail: string;
}

/** Sets up the recorded duel from its header (throws if this program cannot). */
export function startDuel(replay: Replay, content: Content, tracing: boolean, luck = false): Duel {
  const duel = new Duel(replay.header.setup, content, { tracing, luck });
  takeOverAfter(duel, replay, 0);
  return duel;
}

/** In a branched replay, the player takes the hero over once the branch turn has been played. */
function takeOverAfter(duel: Duel, replay: Replay, turn: number): void {
  if (replay.header.branch?.turn === turn) duel.setController(duel.heroId, 'player');
}

function drawText(d: TurnRecord['draws']): string {
  return (
    STREAM_NAMES.filter((n) => d[n] > 0)
      .map((n) => `${n} ${d[n]}`)
      .join(', ') || 'none'
  );
}

/**
 * Plays one recorded turn: the player's command as recorded, the AI's decided afresh. Returns
 * what differs, or undefined when the turn matches (actor, command, draws and checkpoint).
 */
export function playRecordedTurn(duel: Duel, replay: Replay, rec: TurnRecord): Divergence | undefined {
  const fail = (expected: string, actual: string, detail: string): Divergence => ({ turn: rec.turn, expected, actual, detail });
  const who = duel.pending();
  if (!who) return fail(`actor ${rec.actor}`, 'the duel already over', `the duel ended after turn ${duel.turn}, but the replay goes on`);
  if (who.id !== rec.actor) return fail(`actor ${rec.actor}`, `actor ${who.id}`, 'a different fighter acts at this turn');
  const step = who.fighter?.controller === 'player' ? duel.step(rec.command) : duel.step();
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
  takeOverAfter(duel, replay, rec.turn);
  return undefined;
}

/**
 * Checks the recorded ending once every turn matched: conditions may end a duel after the last
 * turn, so the duel runs on to its end first.
 */
export function checkEnd(duel: Duel, replay: Replay): Divergence | undefined {
  const end = replay.end;
  if (!end) return undefined;
  duel.pending();
  const o = duel.outcome;
  const turn = replay.turns.length;
  if (!o) return { turn, expected: end.reason, actual: 'the duel not over', detail: 'the outcome differs: the replay says the duel ended, but it goes on' };
  const describe = (x: { winner: 0 | 1 | null; reason: string; turn: number; time: number }) =>
    `${x.reason} (winner ${x.winner ?? 'none'}, turn ${x.turn}, ${x.time} game turns)`;
  if (o.winner !== end.winner || o.reason !== end.reason || o.turn !== end.turn || o.time !== end.time) {
    return { turn, expected: describe(end), actual: describe(o), detail: 'the outcome differs' };
  }
  const finalHash = duel.stateHash();
  if (finalHash !== end.h) return { turn, expected: end.h, actual: finalHash, detail: 'the final checkpoint differs' };
  return undefined;
}

/**
 * Names the first rule whose rolls differ at a diverging turn: plays the duel again to the turn
 * before, then that turn with tracing, and compares its rule ledger with the recorded one.
 * Returns 'same' when every rule rolled as recorded, undefined when it cannot tell.
 */
export function firstRuleDiffering(replay: Replay, content: Content, turn: number): string | undefined {
  const rec = replay.turns[turn - 1];
  if (!rec?.rules) return undefined;
  const duel = startDuel(replay, content, false);
  for (const r of replay.turns.slice(0, turn - 1)) if (playRecordedTurn(duel, replay, r)) return undefined;
  duel.tracing = true;
  const mark = duel.traces.length;
  const who = duel.pending();
  if (!who) return undefined;
  const step = who.fighter?.controller === 'player' ? duel.step(rec.command) : duel.step();
  if (step.kind !== 'turn') return undefined;
  const now = duel.ruleLedger(mark);
  const then = rec.rules;
  for (let i = 0; i < Math.max(now.length, then.length); i++) {
    const a = then[i];
    const b = now[i];
    if (a && b && a[0] === b[0] && a[1] === b[1]) continue;
    if (a && b && a[0] === b[0]) return `${a[0]} rolled ${b[1]} times (recorded ${a[1]})`;
    if (a && b) return `${b[0]} rolled where the recording has ${a[0]}`;
    if (a) return `${a[0]} (recorded ${a[1]} rolls) did not roll at all`;
    if (b) return `${b[0]} rolled ${b[1]} times where the recording has no more rolls`;
  }
  return 'same';
}
