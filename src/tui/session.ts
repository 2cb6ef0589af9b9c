import type { Content } from '../content/index.js';
import { type LuckReport, LuckMeter } from '../core/luck.js';
import { Duel, type DuelSetup, type StepResult, type TraceRecord, type TurnRecord } from '../game/duel.js';
import type { DuelFacts } from '../game/epitaph.js';
import type { DetailLevel } from '../game/explain.js';
import { type OddsBothWays, oddsBothWays } from '../game/odds.js';
import type { ReplayPlayer } from '../replay/player.js';
import type { ReplayRecorder } from '../replay/recorder.js';
import type { AttackOption, AttackPreview, RecallSection } from '../rules/ruleset.js';
import { aimAt, attackContext } from '../systems/combat.js';
import { canPerceive } from '../systems/perception.js';
import type { DuelEvent } from '../systems/state.js';
import { type ArenaEntity, type ItemStack, isAlive } from '../world/components.js';
import { type Point, distance } from '../world/grid.js';
import type { ProjectilePath } from '../world/projectile.js';
import { cursorKey } from './modes/cursor.js';
import { historyExplanations, historyKey, historyTraces, openHistory, tracesOfTurn } from './modes/history.js';
import type { Key } from './modes/keys.js';
import { type Match, matchDecided, roundSetup } from './modes/match.js';
import { facts, over, overKey, nextRound } from './modes/over.js';
import { act, playKey } from './modes/play.js';
import { promptKey } from './modes/prompts.js';
import { recallKey, recallPage } from './modes/recall.js';
import { replayNote, startRecording, writeReplay } from './modes/recording.js';
import { replayKey, replayStep, startReplay } from './modes/replay.js';
import { RunController } from './modes/run.js';
import { stepWatch, watchKey } from './modes/watch.js';

export { type HelpScreen, type Key, KEY_HELP, directionForKey, keyText, runDirectionForKey } from './modes/keys.js';
export { type Match, matchDecided, matchTally, roundSeed, roundSetup } from './modes/match.js';

/**
 * The controller behind the screen: which mode the player is in, what a key does, and the duel
 * with its replay recorder. It holds no drawing code and no game rules: commands go to the Duel.
 */

export type UiMode =
  | { readonly kind: 'main' }
  | { readonly kind: 'direction'; readonly purpose: 'open' | 'close' | 'run' }
  | { readonly kind: 'choose-ranged'; readonly options: readonly AttackOption[] }
  | { readonly kind: 'choose-item'; readonly items: readonly ItemStack[] }
  | { readonly kind: 'target'; readonly option: AttackOption; readonly cursor: Point }
  /** Looking around; `travel`: choosing where to travel (Enter goes there). */
  | { readonly kind: 'look'; readonly cursor: Point; readonly travel?: boolean }
  | { readonly kind: 'help'; readonly back: UiMode }
  /** The message log with scrollback and the history of explanations; `open` shows one in full. */
  | { readonly kind: 'history'; readonly list: 'messages' | 'explanations'; readonly cursor: number; readonly open: boolean; readonly scroll: number }
  /** A fighter's recall page (its numbers and the exact odds both ways). */
  | { readonly kind: 'recall'; readonly subject: number; readonly scroll: number; readonly back: UiMode }
  | { readonly kind: 'confirm-quit' }
  | { readonly kind: 'confirm-takeover' }
  | { readonly kind: 'jump'; readonly digits: string }
  | { readonly kind: 'over' };

/** How a session begins: a new duel, a duel carried on (resumed), or a replay to play back. */
export type SessionStart =
  | {
      readonly kind: 'new';
      readonly mode: 'play' | 'watch';
      readonly setup: DuelSetup;
      /** Watch mode: a best-of-N match of this many rounds (1 or absent: a single duel). */
      readonly rounds?: number;
    }
  | { readonly kind: 'continue'; readonly duel: Duel; readonly recorder: ReplayRecorder | null }
  | { readonly kind: 'replay'; readonly player: ReplayPlayer };

/** What a session needs from around it. */
export interface SessionEnv {
  readonly content: Content;
  readonly savesDir: string | null;
  readonly program: string;
  readonly now: () => Date;
  readonly freshSeed: () => string;
  /** Milliseconds on a steady clock, for the screen's own timing (the end screen's pause); never read by a duel. */
  readonly clock?: () => number;
}

export type ViewOf = 'hero' | 'foe' | 'all';

/** The odds both ways between the hero and a fighter it looks at (computed in src/game/odds.ts). */
export type { OddsBothWays };

export const WATCH_SPEEDS = [1000, 500, 250, 120, 60, 25, 0] as const;

/** How long the end screen ignores the keys that leave it. */
export const END_LOCK_MS = 800;

/** How long a projectile's flight stays drawn once the shot has resolved. */
export const FLASH_MS = 300;

/**
 * The state of one duel screen and its façade for the view: each mode's keys and logic live in
 * src/tui/modes/ as functions over this state.
 */
export class Session {
  mode: 'play' | 'watch' | 'replay';
  duel!: Duel;
  recorder: ReplayRecorder | null = null;
  /** The replay being played back (replay mode only). */
  player: ReplayPlayer | undefined;
  ui: UiMode = { kind: 'main' };
  /** One line of feedback that is not part of the duel's log ("a wall blocks the way"). */
  status = '';
  /** Remembered terrain for the viewer: 0 unknown, otherwise terrain + 1. */
  memory!: Uint8Array;
  visible!: Uint8Array;
  /** Whose eyes the map is drawn through. */
  viewOf: ViewOf = 'hero';
  /** Lines scrolled in the rules pane. */
  rulesScroll = 0;
  /** Which trace the rules pane shows: an index into duel.traces, or -1 for the latest round. */
  traceIndex = -1;
  /** The first trace of the latest round (since the player's last command, or the last watched turn). */
  roundStart = 0;
  /** Watch and replay modes: whether turns play by themselves, and how fast. */
  running = true;
  speedIndex = 3;
  finished = false;
  /** The last projectile flown, drawn until the next command. */
  flash: DuelEvent[] = [];
  /** A line of flavour for the end screen, from the cosmetic stream (never saved, never played). */
  epitaph = '';
  /** How much the rules pane explains. */
  detail: DetailLevel = 2;
  /** The best-of-N match being watched, if any. */
  match: Match | undefined;
  readonly luckMeter = new LuckMeter();
  /** Every replay this session wrote (a rematch starts another), each knowing whether it stopped early. */
  readonly recorders: ReplayRecorder[] = [];
  /** Why the last duel is not being recorded although replays are saved (the saves folder refused). */
  notRecording = '';
  setup!: DuelSetup;

  constructor(
    start: SessionStart,
    readonly env: SessionEnv,
  ) {
    this.clock = env.clock ?? (() => performance.now());
    this.mode = start.kind === 'new' ? start.mode : start.kind === 'replay' ? 'replay' : 'play';
    if (start.kind === 'new' && start.mode === 'watch' && (start.rounds ?? 1) > 1) {
      this.match = { rounds: start.rounds ?? 1, setup: start.setup, round: 1, results: [] };
      this.startNew(roundSetup(start.setup, 1));
    } else if (start.kind === 'new') this.startNew(start.setup);
    else if (start.kind === 'continue') this.carryOn(start.duel, start.recorder);
    else startReplay(this, start.player);
  }

  /** Whether the map shows the whole arena. */
  get omniscient(): boolean {
    return this.viewOf === 'all';
  }

  reset(duel: Duel): void {
    this.duel = duel;
    this.setup = duel.setup;
    this.ui = { kind: 'main' };
    this.status = '';
    this.rulesScroll = 0;
    this.traceIndex = -1;
    this.roundStart = 0;
    this.flash = [];
    this.finished = false;
    const g = duel.grid;
    this.memory = new Uint8Array(g.width * g.height);
    this.visible = new Uint8Array(g.width * g.height);
  }

  startNew(setup: DuelSetup): void {
    this.recorder?.close();
    const duel = new Duel(setup, this.env.content, { tracing: true, luck: true });
    this.reset(duel);
    // The replay file is made once the first frame is out (DuelScreen.afterFrame), or with the
    // first turn if that comes first: starting it reads its header back through the replay
    // schema, which loads zod, and the screen need not wait for that (docs/PERFORMANCE.md).
    this.recorder = null;
    this.recordingPending = this.env.savesDir !== null;
    const round = this.match ? `Round ${this.match.round} of ${this.match.rounds}, ${setup.firstMover === 'foe' ? 'the foe' : 'the hero'} moves first. ` : '';
    duel.message(`${round}${duel.arena.name}. ${this.mode === 'play' ? 'Press ? for the keys.' : 'Watching: space pauses, ? lists the keys.'}`, 'info');
    this.refreshView();
    if (this.mode === 'play') this.advance();
  }

  /** Carries on a duel already under way (resumed, or taken over), recording with `recorder`. */
  carryOn(duel: Duel, recorder: ReplayRecorder | null): void {
    this.reset(duel);
    this.roundStart = duel.traces.length;
    this.recorder = recorder;
    this.recordingPending = false;
    if (recorder && !this.recorders.includes(recorder)) this.recorders.push(recorder);
    this.mode = duel.hero.fighter?.controller === 'player' ? 'play' : 'watch';
    duel.message(`Carrying on at turn ${duel.gameTurns.toFixed(1)} (${duel.turn} recorded actions). ${this.mode === 'play' ? 'Press ? for the keys.' : 'Space pauses.'}`, 'info');
    this.refreshView();
    if (this.mode === 'play') this.advance();
    if (duel.outcome) over(this);
  }

  get replayPath(): string | null {
    return this.recorder?.path ?? null;
  }

  /** What became of this duel's replay, in a few words: its file, why it stopped, or not recorded. */
  get replayNote(): string {
    return replayNote(this);
  }

  /** A new duel's replay is made just after its first frame, or with its first turn (see startNew). */
  recordingPending = false;

  /** Makes the pending replay, if any; true when it did (or found it could not). */
  startRecording(): boolean {
    return startRecording(this);
  }

  /**
   * Whether the fighter whose view is shown can see `e` when it stands in view (an invisible
   * monster can be in view and unseen). Everything shows in the whole-arena view.
   */
  perceives(e: ArenaEntity): boolean {
    if (this.viewOf === 'all' || !e.fighter) return true;
    const viewer = this.duel.world.get(this.viewOf === 'foe' ? this.duel.foeId : this.duel.heroId);
    return !viewer || viewer.id === e.id || canPerceive(this.duel, viewer, e);
  }

  /** Recomputes what the viewer sees and remembers. */
  refreshView(): void {
    const d = this.duel;
    const id = this.viewOf === 'foe' ? d.foeId : d.heroId;
    const v = d.world.get(id);
    if (this.viewOf !== 'all' && v?.pos && isAlive(v.body)) this.visible = d.fov(id);
    const cells = d.grid.cells;
    for (let i = 0; i < cells.length; i++) if (this.visible[i]) this.memory[i] = (cells[i] as number) + 1;
  }

  record(r: TurnRecord): void {
    this.startRecording();
    writeReplay(this, (rec) => rec.turn(r));
    if (this.duel.events.length) this.flash = [...this.duel.events];
  }

  /** When the duel ended, on the screen's clock (wall time, never the duel's). */
  overAt = -Infinity;
  readonly clock: () => number;

  /**
   * Whether the end screen still ignores the keys that leave it: a player pressing movement or
   * the recall key (r) as the duel ends must not start a rematch or quit by it.
   */
  endLocked(): boolean {
    return this.ui.kind === 'over' && this.clock() - this.overAt < END_LOCK_MS;
  }

  /** Milliseconds until the end screen takes its keys (0 once it does). */
  get endLockLeft(): number {
    return this.ui.kind === 'over' ? Math.max(0, END_LOCK_MS - (this.clock() - this.overAt)) : 0;
  }

  /** Whether another round of the match follows this one. */
  get matchContinues(): boolean {
    return this.match !== undefined && this.finished && !matchDecided(this.match);
  }

  /** Plays turns until the player must act (play mode) or for one turn (watch mode). */
  advance(limit = 100_000): void {
    for (let i = 0; i < limit; i++) {
      const r: StepResult = this.duel.step();
      if (r.kind === 'turn') {
        this.record(r.record);
        if (this.mode === 'watch') break;
        continue;
      }
      if (r.kind === 'over') over(this);
      break;
    }
    this.refreshView();
  }

  /** Runs and travels: each step is one command through `act`, as a key would play it. */
  readonly runs = new RunController({
    duel: () => this.duel,
    step: (c) => act(this, c),
    known: (x, y) => this.memory[y * this.duel.grid.width + x] !== 0,
  });

  /** Watch and replay modes: one turn, when running (the app calls this on a timer). */
  tick(): void {
    if (!this.running) return;
    if (this.finished) {
      if (this.ui.kind === 'over') nextRound(this);
      return;
    }
    if (this.ui.kind !== 'main') return;
    if (this.mode === 'watch') stepWatch(this);
    else if (this.mode === 'replay') replayStep(this, 1);
  }

  get watchDelay(): number {
    return WATCH_SPEEDS[this.speedIndex] ?? 120;
  }

  /** Milliseconds until the next tick: a finished round of a match stays on screen a little longer. */
  get nextDelay(): number {
    return this.finished ? Math.max(800, 4 * this.watchDelay) : this.watchDelay;
  }

  /** Whether the app should call `tick` on a timer now. */
  get ticking(): boolean {
    // Nothing plays under an overlay (help, log, recall, looking): no timer either.
    if (!this.running || (this.ui.kind !== 'main' && this.ui.kind !== 'over')) return false;
    if (this.finished) return this.mode === 'watch' && this.matchContinues;
    return this.mode === 'watch' || (this.mode === 'replay' && (this.player?.position ?? 0) < (this.player?.length ?? 0));
  }

  // --- Replay playback --------------------------------------------------------------------

  // --- Keys ----------------------------------------------------------------------------

  /** Handles one key. Returns 'quit' when the session should end. */
  handleKey(k: Key): 'quit' | undefined {
    if (k.ctrl && k.name === 'c') return 'quit';
    if (k.ctrl && k.name === 'p' && (this.ui.kind === 'main' || this.ui.kind === 'over')) {
      openHistory(this);
      return undefined;
    }
    switch (this.ui.kind) {
      case 'help':
        this.ui = this.ui.back;
        return undefined;
      case 'history':
        historyKey(this, k);
        return undefined;
      case 'recall':
        recallKey(this, k);
        return undefined;
      case 'over':
        return overKey(this, k);
      case 'target':
      case 'look':
        return cursorKey(this, k);
      case 'main':
        return this.mode === 'watch' ? watchKey(this, k) : this.mode === 'replay' ? replayKey(this, k) : playKey(this, k);
      default:
        return promptKey(this, k);
    }
  }

  // --- History and recall ------------------------------------------------------------------

  /** Ends the session: the replay keeps every whole turn played. */
  close(): void {
    this.startRecording();
    this.recorder?.close();
  }

  // --- What the screen asks about -------------------------------------------------------

  /** For targeting: the path from the hero to the cursor, who it would strike, and the odds. */
  aim(option: AttackOption, cursor: Point): { path: ProjectilePath; victim: ArenaEntity | undefined; preview: AttackPreview | undefined } {
    const hero = this.duel.hero;
    const { path, victim } = aimAt(this.duel, hero, option, cursor);
    const preview = victim && victim.id !== hero.id ? this.duel.ruleset.previewAttack(this.duel.view(hero), this.duel.view(victim), option, attackContext(this.duel, hero, victim)) : undefined;
    return { path, victim, preview };
  }

  /**
   * For looking: the exact odds both ways between the hero and `target`, for every attack each
   * can make from where they stand (melee as if adjacent when neither can reach), and the
   * per-turn chance that an unaware monster notices the hero.
   */
  lookOdds(target: ArenaEntity): OddsBothWays {
    return oddsBothWays(this.duel, target);
  }

  /** The luck meter over every attack of the duel so far (none when the duel keeps no samples). */
  luck(): LuckReport | undefined {
    const samples = this.duel.luck;
    return samples && samples.length > 0 ? this.luckMeter.report(samples) : undefined;
  }

  distanceToCursor(cursor: Point): number {
    const p = this.duel.hero.pos;
    return p ? distance(p, cursor) : 0;
  }

  /** The explanations the history lists: every trace at full detail, otherwise all but routine upkeep. */
  historyTraces(): TraceRecord[] {
    return historyTraces(this);
  }

  /** The explanations behind a message: the traces of the same turn. */
  tracesOfTurn(turn: number): TraceRecord[] {
    return tracesOfTurn(this, turn);
  }

  /** What the open history entry explains: the traces behind the chosen message or the chosen trace. */
  historyExplanations(): TraceRecord[] {
    return historyExplanations(this);
  }

  /** The recall page of a fighter, seen by the other one. */
  recallPage(subject: number): RecallSection[] {
    return recallPage(this, subject);
  }

  /** What the end screen's line is chosen from: the result, the luck meter, hit points, doors. */
  facts(): DuelFacts {
    return facts(this);
  }
}
