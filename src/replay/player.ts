import type { Content } from '../content/index.js';
import type { Duel, DuelSnapshot } from '../game/duel.js';
import type { Replay } from './format.js';
import { type Divergence, checkEnd, headerDivergence, playRecordedTurn, settle, startDuel } from './runner.js';
import { NO_COUNTS, type TurnMarks, countsOf, marksBetween } from './timeline.js';
import { compatibilityProblems, replayWarnings } from './verify.js';
import { isAlive } from '../world/components.js';

export interface PlayerOptions {
  /** A snapshot every this many turns: seeking re-simulates fewer than this many plus `window`. */
  readonly snapshotEvery?: number;
  /** Turns re-simulated with tracing before the position, for the rules pane and the log. */
  readonly window?: number;
  /** Play replays made with other data files or another format version. */
  readonly force?: boolean;
  /**
   * Keep the luck meter's samples: on by default, since a replay is played back on a screen that
   * shows the meter (the benchmark turns it off to time bare playback).
   */
  readonly luck?: boolean;
}

export const DEFAULT_SNAPSHOT_EVERY = 100;
export const DEFAULT_WINDOW = 8;

/**
 * Plays a replay back with random access. Loading re-simulates the whole replay once, checking
 * every checkpoint (a replay is verified as it loads) and keeping a snapshot of the duel every
 * `snapshotEvery` turns. Seeking to any turn then restores the nearest snapshot at or before
 * `turn - window` and re-simulates from there: never more than `snapshotEvery + window` turns,
 * however long the replay, so stepping backward is as quick as stepping forward.
 */
export class ReplayPlayer {
  /** Turns played in the working duel. */
  position: number;

  private constructor(
    readonly replay: Replay,
    /** The working duel, positioned after `position` turns. */
    readonly duel: Duel,
    /** Turns that can be played back (all of them unless the replay diverged). */
    readonly length: number,
    readonly divergence: Divergence | undefined,
    readonly warnings: readonly string[],
    private readonly snapshots: readonly DuelSnapshot[],
    private readonly every: number,
    private readonly window: number,
    /** The turns worth jumping to, in order. */
    readonly marks: readonly TurnMarks[],
    /** The game time after each number of turns played (times[0]: the start). */
    readonly times: readonly number[],
  ) {
    this.position = length;
  }

  /**
   * Loads a replay for playback, leaving the duel at its last playable turn. Throws an Error
   * with a message for the player when this program cannot play it at all.
   */
  static load(replay: Replay, content: Content, options: PlayerOptions = {}): ReplayPlayer {
    const problems = compatibilityProblems(replay, content);
    if (problems.length > 0 && !options.force) {
      throw new Error(`${replay.file}: ${problems.join('; ')} (use --force to play it anyway; it may diverge)`);
    }
    const every = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    let duel: Duel;
    try {
      duel = startDuel(replay, content, false, options.luck ?? true, true);
    } catch (e) {
      throw new Error(`${replay.file}: the duel it records cannot be set up here: ${(e as Error).message}`);
    }
    // Snapshot k holds the duel after turn k x every.
    const snapshots: DuelSnapshot[] = [duel.snapshot()];
    let divergence = headerDivergence(duel, replay);
    let length = divergence ? 0 : replay.turns.length;
    // The timeline: each turn's hits, criticals, blocks, stabs and deaths (from the tally the
    // duel keeps while it loads), and the game time after each turn.
    const marks: TurnMarks[] = [];
    const times: number[] = [duel.gameTurns];
    let counts = NO_COUNTS;
    for (const rec of divergence ? [] : replay.turns) {
      divergence = playRecordedTurn(duel, replay, rec);
      if (divergence) {
        length = rec.turn - 1;
        break;
      }
      times.push(duel.gameTurns);
      const now = duel.tally ? countsOf(duel.tally) : NO_COUNTS;
      const died = !isAlive(duel.hero.body) || !isAlive(duel.foe.body);
      const kinds = marksBetween(counts, now, died && !marks.some((m) => m.kinds.includes('death')));
      if (kinds.length > 0) marks.push({ turn: rec.turn, kinds });
      counts = now;
      if (rec.turn % every === 0) snapshots.push(duel.snapshot());
    }
    if (!divergence && replay.end) divergence = checkEnd(duel, replay);
    const player = new ReplayPlayer(replay, duel, length, divergence, replayWarnings(replay, problems), snapshots, every, options.window ?? DEFAULT_WINDOW, marks, times);
    player.seek(length);
    return player;
  }

  /** Whether the whole recording played back as recorded. */
  get ok(): boolean {
    return this.divergence === undefined;
  }

  private snapshotIndexFor(turn: number): number {
    return Math.min(Math.floor(Math.max(0, turn - this.window) / this.every), this.snapshots.length - 1);
  }

  /** How many turns a seek to `turn` re-simulates: at most `snapshotEvery + window`. */
  costOfSeek(turn: number): number {
    const target = Math.max(0, Math.min(this.length, Math.trunc(turn)));
    return target - this.snapshotIndexFor(target) * this.every;
  }

  /**
   * Puts the working duel after `turn` (clamped to the playable range): the board, the fighters,
   * the random streams, and the messages and rule traces of the last few turns.
   */
  seek(turn: number): Duel {
    const target = Math.max(0, Math.min(this.length, Math.trunc(turn)));
    const k = this.snapshotIndexFor(target);
    // A snapshot carries everything, a take-over's change of controller included.
    this.duel.restore(this.snapshots[k] as DuelSnapshot);
    for (let t = k * this.every + 1; t <= target; t++) {
      this.duel.tracing = t > target - this.window;
      playRecordedTurn(this.duel, this.replay, this.replay.turns[t - 1] as Replay['turns'][number]);
    }
    this.duel.tracing = true;
    this.position = target;
    this.finishIfAtEnd();
    return this.duel;
  }

  /** One turn forward from where the duel stands (cheaper than a seek). */
  stepForward(): Duel {
    if (this.position >= this.length) return this.duel;
    this.duel.tracing = true;
    playRecordedTurn(this.duel, this.replay, this.replay.turns[this.position] as Replay['turns'][number]);
    this.position++;
    this.finishIfAtEnd();
    return this.duel;
  }

  stepBackward(): Duel {
    return this.seek(this.position - 1);
  }

  /** At the very end, conditions after the last turn finish the duel as recorded. */
  private finishIfAtEnd(): void {
    if (this.position === this.replay.turns.length && this.replay.end) settle(this.duel);
  }
}
