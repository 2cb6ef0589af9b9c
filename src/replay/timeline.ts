import type { DuelTally } from '../systems/state.js';

/**
 * A replay's timeline: what each recorded turn held worth jumping to (hits, criticals, blocks,
 * stabs, a death), and the game time after it, so the player can step from event to event and
 * seek by the game turn every other screen shows.
 */

export type MarkKind = 'hit' | 'critical' | 'blocked' | 'stab' | 'death';

/** The marks of one recorded turn (its index from 1, as the replay counts them). */
export interface TurnMarks {
  readonly turn: number;
  readonly kinds: readonly MarkKind[];
}

/** Running counts of what the duel's tally has seen, both sides together. */
export interface MarkCounts {
  readonly hit: number;
  readonly critical: number;
  readonly blocked: number;
  readonly stab: number;
}

export const NO_COUNTS: MarkCounts = { hit: 0, critical: 0, blocked: 0, stab: 0 };

/** The counts a duel's tally holds now: hits and tagged blows of every attack of both sides. */
export function countsOf(t: DuelTally): MarkCounts {
  const c = { hit: 0, critical: 0, blocked: 0, stab: 0 };
  for (const side of t.attacks) {
    for (const a of Object.values(side)) {
      c.hit += a.hits;
      c.critical += a.tags.critical ?? 0;
      c.blocked += a.tags.blocked ?? 0;
      c.stab += a.tags.stab ?? 0;
    }
  }
  return c;
}

/** What a turn added between two counts, and a death if the turn ended a fighter. */
export function marksBetween(before: MarkCounts, after: MarkCounts, death: boolean): MarkKind[] {
  const out: MarkKind[] = [];
  for (const k of ['hit', 'critical', 'blocked', 'stab'] as const) if (after[k] > before[k]) out.push(k);
  if (death) out.push('death');
  return out;
}

/** The first marked turn after `position` (direction 1) or before it (-1), if any. */
export function nextMarked(marks: readonly TurnMarks[], position: number, direction: 1 | -1): number | undefined {
  if (direction === 1) return marks.find((m) => m.turn > position)?.turn;
  for (let i = marks.length - 1; i >= 0; i--) if ((marks[i] as TurnMarks).turn < position) return (marks[i] as TurnMarks).turn;
  return undefined;
}

/**
 * The position (recorded turns played) at which the game time first reaches `gameTurn`:
 * `times[i]` is the game time after i turns (times[0] the start).
 */
export function positionAtGameTurn(times: readonly number[], gameTurn: number): number {
  const i = times.findIndex((t) => t >= gameTurn - 1e-9);
  return i < 0 ? times.length - 1 : i;
}

/** The most telling mark of a stretch, for one cell of the timeline bar: a death first, a hit last. */
export const MARK_ORDER: readonly MarkKind[] = ['death', 'critical', 'stab', 'blocked', 'hit'];
