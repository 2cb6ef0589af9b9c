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
export function startDuel(replay: Replay, content: Content, tracing: boolean, luck = false, tally = false): Duel {
  const duel = new Duel(replay.header.setup, content, { tracing, luck, tally });
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
  // Played with tracing, the turn's own rule ledger says at once which rule parted.
  const ledger = rec.rules && got.rules ? ledgerDifference(rec.rules, got.rules) : undefined;
  if (got.hash !== rec.hash || streams.length > 0) {
    const drew = `the ${streams.join(' and ')} stream drew ${streams.map((n) => `${got.draws[n]} words (recorded ${rec.draws[n]})`).join(', ')}`;
    const detail =
      got.hash === rec.hash
        ? `draw counts differ although the checkpoint matches: ${drew}`
        : streams.length
          ? `checkpoint differs; ${drew}`
          : 'checkpoint differs with the same number of draws: a rule computed a different result from the same rolls';
    const rule = ledger === undefined ? '' : ledger === 'same' ? '; every rule rolled as recorded' : `; first rule whose draws differ: ${ledger}`;
    return fail(rec.hash, got.hash, `${detail}${rule}`);
  }
  if (got.time !== rec.time) return fail(`game time ${rec.time}`, `game time ${got.time}`, 'the turn was taken at another game time than recorded');
  if (ledger !== undefined && ledger !== 'same') {
    return fail(ledgerText(rec.rules ?? []), ledgerText(got.rules ?? []), `the rule ledger differs although the draws and checkpoint match: ${ledger}`);
  }
  takeOverAfter(duel, replay, rec.turn);
  return undefined;
}

function ledgerText(l: readonly (readonly [string, number])[]): string {
  return l.map(([r, n]) => `${r} x${n}`).join(', ') || 'no rolls';
}

/**
 * The first difference between a recorded rule ledger and one played again, in words, or 'same'.
 */
export function ledgerDifference(then: readonly (readonly [string, number])[], now: readonly (readonly [string, number])[]): string {
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

/**
 * What the header says that the duel set up from it contradicts: the fighters' names. Returns
 * the divergence at turn 0, or undefined.
 */
export function headerDivergence(duel: Duel, replay: Replay): Divergence | undefined {
  const names = [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''];
  const said = replay.header.fighters;
  if (names[0] === said[0] && names[1] === said[1]) return undefined;
  const q = (a: readonly string[]) => a.map((n) => JSON.stringify(n)).join(' vs ');
  return { turn: 0, expected: q(said), actual: q(names), detail: "the header's fighters are not the fighters its setup builds" };
}

/**
 * Plays on after the last recorded turn as live play did before the duel ended: time passes to
 * the next fighter (conditions falling due on the way act), and when that fighter is the
 * player's, its turn starts (its conditions act at the start of a turn) before a command is
 * asked for; a hero killed there ends the duel without another turn being recorded.
 */
export function settle(duel: Duel): void {
  const who = duel.pending();
  if (who?.fighter?.controller !== 'player') return;
  const step = duel.step();
  if (step.kind === 'turn') throw new Error('settling a duel played a turn');
  duel.pending();
}

/**
 * Checks the recorded ending once every turn matched: conditions may end a duel after the last
 * turn, so the duel runs on to its end first.
 */
export function checkEnd(duel: Duel, replay: Replay): Divergence | undefined {
  const end = replay.end;
  if (!end) return undefined;
  settle(duel);
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
