import { basename } from 'node:path';
import type { Content } from '../content/index.js';
import { type LuckReport, LuckMeter } from '../core/luck.js';
import { cosmeticStream } from '../core/rng.js';
import { Duel, type DuelSetup, type StepResult, type TraceRecord, type TurnRecord } from '../game/duel.js';
import { type DuelFacts, epitaphs } from '../game/epitaph.js';
import { type DetailLevel, shownAt } from '../game/explain.js';
import { type OddsBothWays, oddsBothWays } from '../game/odds.js';
import { printable } from '../core/text.js';
import type { ReplayPlayer } from '../replay/player.js';
import { nextMarked, positionAtGameTurn } from '../replay/timeline.js';
import { makeHeader, ReplayRecorder, ReplayWriteError, stoppedText } from '../replay/recorder.js';
import type { AttackOption, AttackPreview, RecallSection } from '../rules/ruleset.js';
import { aimAt, attackContext } from '../systems/combat.js';
import { canPerceive } from '../systems/perception.js';
import type { Command } from '../systems/commands.js';
import type { DuelEvent } from '../systems/state.js';
import { type ArenaEntity, type ItemStack, isAlive } from '../world/components.js';
import { type DirectionName, type Point, directionOf, distance } from '../world/grid.js';
import type { ProjectilePath } from '../world/projectile.js';
import { Terrain } from '../world/terrain.js';
import { RunController } from './modes/run.js';

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

/** A key as blessed reports it: the character typed (if printable) and the key's name. */
export interface Key {
  readonly ch: string | undefined;
  readonly name: string | undefined;
  readonly ctrl?: boolean;
  /** Shift held with a named key (blessed reports Shift+arrows this way). */
  readonly shift?: boolean;
}

const DIRECTION_KEYS: Readonly<Record<string, DirectionName>> = {
  h: 'w', j: 's', k: 'n', l: 'e', y: 'nw', u: 'ne', b: 'sw', n: 'se',
  left: 'w', down: 's', up: 'n', right: 'e', home: 'nw', pageup: 'ne', end: 'sw', pagedown: 'se',
  '1': 'sw', '2': 's', '3': 'se', '4': 'w', '6': 'e', '7': 'nw', '8': 'n', '9': 'ne',
};

const RUN_LETTERS: Readonly<Record<string, DirectionName>> = { H: 'w', J: 's', K: 'n', L: 'e', Y: 'nw', U: 'ne', B: 'sw', N: 'se' };

/** A run key: Shift with a direction (H J K L Y U B N, Shift+arrows, Shift+Home End PgUp PgDn). */
export function runDirectionForKey(k: Key): DirectionName | undefined {
  if (k.ch && k.ch.length === 1 && Object.hasOwn(RUN_LETTERS, k.ch)) return RUN_LETTERS[k.ch];
  if (k.shift && k.name && k.name.length > 1 && Object.hasOwn(DIRECTION_KEYS, k.name)) return DIRECTION_KEYS[k.name];
  return undefined;
}

export function directionForKey(k: Key): DirectionName | undefined {
  if (k.name && Object.hasOwn(DIRECTION_KEYS, k.name) && k.name.length > 1) return DIRECTION_KEYS[k.name];
  if (k.ch && Object.hasOwn(DIRECTION_KEYS, k.ch)) return DIRECTION_KEYS[k.ch];
  return undefined;
}

/** The keys that explain: shared by every duel screen. */
const EXPLAIN_KEYS: readonly [string, string][] = [
  ['d', 'rules pane detail: summary, steps, full formulas'],
  ['[ ]  { }', 'scroll the rules pane / older and newer explanations'],
  ['m  Ctrl-P', 'message log and history of explanations'],
  ['r', "the foe's recall page: its numbers, the odds both ways"],
  ['x', 'look around: the cell, and the exact odds both ways'],
];

export type HelpScreen = 'play' | 'watch' | 'replay' | 'target' | 'look' | 'history' | 'recall' | 'over' | 'match';

/** Every key of every screen, for the help screen and the README. */
export const KEY_HELP: Readonly<Record<HelpScreen, readonly [string, string][]>> = {
  play: [
    ['h j k l y u b n', 'move or attack; also arrows, Home End PgUp PgDn, numpad'],
    ['H J K L Y U B N', 'run until something happens; also Shift+arrows, / dir'],
    ['G', 'travel toward the foe, or where you last saw it'],
    ['_', 'travel: choose a cell with the cursor, Enter goes there'],
    ['. 5 s', 'wait a turn'],
    ['f t', 'fire, throw or zap: aim, see the path and the odds, fire'],
    ['o c', 'open / close a door (then a direction)'],
    ['q', 'quaff / use an item'],
    ['g ,', 'pick up what lies here'],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['Q', 'quit (the replay is kept)'],
    ['Ctrl-C', 'quit at once'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  watch: [
    ['space', 'pause / resume'],
    ['. s', 'one turn (while paused)'],
    ['+ -', 'faster / slower'],
    ['v', "the hero's view, the foe's view, or the whole arena"],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['Q  Ctrl-C', 'quit'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  replay: [
    ['space', 'play / pause'],
    ['. l right', 'one turn forward'],
    [', h left', 'one turn back'],
    ['+ -', 'faster / slower'],
    ['< >  Home End', 'jump to the start / the end'],
    [') (', 'next / previous event on the timeline: hit +, critical !, block ], stab /, death X'],
    ['g', 'jump to a game turn (type it, then Enter)'],
    ['v', "the hero's view, the foe's view, or the whole arena"],
    ['t', 'take over: play on from this turn (a new replay)'],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['q Q  Ctrl-C', 'leave the replay'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  target: [
    ['directions', 'move the target cursor'],
    ['Tab + -', 'next visible enemy'],
    ['Enter f t .', 'fire at the cursor'],
    ['r', 'recall page of the fighter under the cursor'],
    ['?', 'this help'],
    ['Esc', 'cancel'],
  ],
  look: [
    ['directions', 'move the cursor'],
    ['Tab + -', 'next visible enemy'],
    ['r Enter', 'recall page of the fighter under the cursor'],
    ['_', 'travel to the cursor (when travelling, Enter or . too)'],
    ['?', 'this help'],
    ['Esc x q', 'stop looking'],
  ],
  history: [
    ['up down j k', 'choose a line (PgUp PgDn Home End too)'],
    ['Tab', 'switch between the messages and the explanations'],
    ['Enter l right', 'open the explanation of the chosen line'],
    ['Esc h left', 'close the explanation / the history'],
    ['d', 'detail: summary, steps, full formulas'],
    ['?', 'this help'],
    ['q', 'back to the duel'],
  ],
  recall: [
    ['up down j k', 'scroll (PgUp PgDn Home End too)'],
    ['?', 'this help'],
    ['Esc q r', 'close'],
  ],
  over: [
    ['r', 'rematch: the same seed, the same duel'],
    ['n', 'a new duel with a fresh seed'],
    ['m  Ctrl-P', 'message log and history of explanations'],
    ['q Q Esc', 'quit'],
  ],
  match: [
    ['space Enter', 'next round now (it also starts by itself while playing)'],
    ['r', 'the whole match again: the same seeds'],
    ['n', 'a new match with a fresh seed'],
    ['m  Ctrl-P', 'message log and history of explanations'],
    ['q Q Esc', 'quit'],
  ],
};

export const WATCH_SPEEDS = [1000, 500, 250, 120, 60, 25, 0] as const;


/** How long the end screen ignores the keys that leave it. */
export const END_LOCK_MS = 800;
const LEAVING_KEYS = new Set(['r', 'n', 'q', 'Q', ' ']);

/** How long a projectile's flight stays drawn once the shot has resolved. */
export const FLASH_MS = 300;

/** A best-of-N match in watch mode: rounds alternate who wins ties for the move. */
export interface Match {
  readonly rounds: number;
  /** The first round's setup: later rounds change only the seed and the first mover. */
  readonly setup: DuelSetup;
  /** The round on screen, from 1. */
  round: number;
  /** Each finished round's winner. */
  readonly results: ('hero' | 'foe' | 'draw')[];
}

/** The seed of round `k` of a match on `seed`: round 1 is the seed itself. */
export function roundSeed(seed: string, k: number): string {
  return k === 1 ? seed : `${seed}/round-${k}`;
}

/** The setup of round `k`: odd rounds give the hero the first move, even rounds the foe. */
export function roundSetup(setup: DuelSetup, k: number): DuelSetup {
  const { firstMover: _, ...rest } = setup;
  return { ...rest, seed: roundSeed(setup.seed, k), ...(k % 2 === 0 ? { firstMover: 'foe' as const } : {}) };
}

export function matchTally(m: Match): { hero: number; foe: number; draw: number } {
  const t = { hero: 0, foe: 0, draw: 0 };
  for (const r of m.results) t[r]++;
  return t;
}

/** Whether a match is settled: one side has more than half the rounds, or every round is played. */
export function matchDecided(m: Match): boolean {
  const t = matchTally(m);
  return t.hero * 2 > m.rounds || t.foe * 2 > m.rounds || m.results.length >= m.rounds;
}

/**
 * A key as the status line shows it: a printable key in quotes, a control key by its name. The
 * raw control character would go to the terminal as it is (Backspace's DEL lands inside the
 * colour sequence around it).
 */
export function keyText(ch: string): string {
  if (ch === '\x7f' || ch === '\b') return 'Backspace';
  if (ch === '\x1b') return 'Escape';
  const code = ch.length === 1 ? ch.charCodeAt(0) : -1;
  if (code >= 1 && code <= 26) return `Ctrl-${String.fromCharCode(code + 64)}`;
  return `"${printable(ch)}"`;
}

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
  private readonly luckMeter = new LuckMeter();
  /** Every replay this session wrote (a rematch starts another), each knowing whether it stopped early. */
  readonly recorders: ReplayRecorder[] = [];
  /** Why the last duel is not being recorded although replays are saved (the saves folder refused). */
  private notRecording = '';
  private setup!: DuelSetup;

  constructor(
    start: SessionStart,
    private readonly env: SessionEnv,
  ) {
    this.clock = env.clock ?? (() => performance.now());
    this.mode = start.kind === 'new' ? start.mode : start.kind === 'replay' ? 'replay' : 'play';
    if (start.kind === 'new' && start.mode === 'watch' && (start.rounds ?? 1) > 1) {
      this.match = { rounds: start.rounds ?? 1, setup: start.setup, round: 1, results: [] };
      this.startNew(roundSetup(start.setup, 1));
    } else if (start.kind === 'new') this.startNew(start.setup);
    else if (start.kind === 'continue') this.carryOn(start.duel, start.recorder);
    else this.startReplay(start.player);
  }

  /** Whether the map shows the whole arena. */
  get omniscient(): boolean {
    return this.viewOf === 'all';
  }

  private reset(duel: Duel): void {
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

  private startNew(setup: DuelSetup): void {
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
  private carryOn(duel: Duel, recorder: ReplayRecorder | null): void {
    this.reset(duel);
    this.roundStart = duel.traces.length;
    this.recorder = recorder;
    this.recordingPending = false;
    if (recorder && !this.recorders.includes(recorder)) this.recorders.push(recorder);
    this.mode = duel.hero.fighter?.controller === 'player' ? 'play' : 'watch';
    duel.message(`Carrying on at turn ${duel.gameTurns.toFixed(1)} (${duel.turn} recorded actions). ${this.mode === 'play' ? 'Press ? for the keys.' : 'Space pauses.'}`, 'info');
    this.refreshView();
    if (this.mode === 'play') this.advance();
    if (duel.outcome) this.over();
  }

  private startReplay(player: ReplayPlayer): void {
    // A replay opens at its start: opening at the end would give the result away.
    player.seek(0);
    this.player = player;
    this.reset(player.duel);
    this.running = false;
    this.viewOf = 'all';
    this.memory.set(this.duel.grid.cells.map((c) => c + 1));
    this.replayMoved();
    const problem = player.divergence ? ` It diverges at action ${player.divergence.turn}: ${player.divergence.detail}.` : '';
    const end = (player.times[player.length] ?? 0).toFixed(1);
    this.status = `Replay of ${end} turns (${player.length} actions).${problem} Space plays, ( ) jump between events, ? lists the keys.`;
  }

  private header(duel: Duel, branch?: { from: string; turn: number; hash: string }) {
    return makeHeader(
      duel.setup,
      this.env.program,
      this.env.content.dataFingerprint(duel.setup.ruleset),
      [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''],
      this.env.now().toISOString(),
      branch,
    );
  }

  get replayPath(): string | null {
    return this.recorder?.path ?? null;
  }

  /** What became of this duel's replay, in a few words: its file, why it stopped, or not recorded. */
  get replayNote(): string {
    const r = this.recorder;
    if (this.recordingPending) return 'replay: starts with the first turn';
    if (r?.stopped) return stoppedText(r.stopped);
    if (r) return `replay: ${basename(r.path)}`;
    return this.notRecording ? `not recorded: ${this.notRecording}` : 'not recorded';
  }

  /**
   * Starts recording a duel when replays are saved. When the saves folder refuses (full, not
   * writable), the duel is played unrecorded and the player told why.
   */
  private createRecorder(header: () => ReturnType<Session['header']>, prefix: readonly TurnRecord[] = []): ReplayRecorder | null {
    this.notRecording = '';
    if (!this.env.savesDir) return null;
    try {
      const r = ReplayRecorder.create(this.env.savesDir, header(), prefix);
      this.recorders.push(r);
      return r;
    } catch (e) {
      if (!(e instanceof ReplayWriteError)) throw e;
      this.notRecording = e.message;
      this.duel.message(`This duel is not recorded: ${e.message}`, 'warn');
      this.status = `Not recorded: ${e.message}`;
      return null;
    }
  }

  /** A new duel's replay is made just after its first frame, or with its first turn (see startNew). */
  private recordingPending = false;

  /** Makes the pending replay, if any; true when it did (or found it could not). */
  startRecording(): boolean {
    if (!this.recordingPending) return false;
    this.recordingPending = false;
    const duel = this.duel;
    this.recorder = this.createRecorder(() => this.header(duel));
    return true;
  }

  /**
   * Writes to the replay; when that is what stopped the recording (a full disk), tells the player
   * that the file keeps every turn before.
   */
  private writeReplay(w: (r: ReplayRecorder) => unknown): void {
    const r = this.recorder;
    if (!r) return;
    const before = r.stopped;
    w(r);
    const s = r.stopped;
    if (before || !s) return;
    this.duel.message(`${stoppedText(s)}. The replay keeps turns 1 to ${s.turn}; the duel goes on unrecorded.`, 'warn');
    this.status = `${stoppedText(s)}.`;
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

  private record(r: TurnRecord): void {
    this.startRecording();
    this.writeReplay((rec) => rec.turn(r));
    if (this.duel.events.length) this.flash = [...this.duel.events];
  }

  private over(): void {
    if (this.finished) return;
    this.finished = true;
    const o = this.duel.outcome;
    const lines = epitaphs(this.facts());
    this.epitaph = lines[cosmeticStream(`${this.setup.seed}/${this.duel.turn}`).int(lines.length)] ?? '';
    this.startRecording();
    const outcome = this.duel.outcome;
    this.writeReplay((r) => {
      if (outcome) r.end(outcome, this.duel.stateHash());
      r.close();
    });
    if (this.match && o) this.match.results.push(o.winner === 0 ? 'hero' : o.winner === 1 ? 'foe' : 'draw');
    this.ui = { kind: 'over' };
    this.overAt = this.clock();
  }

  /** What the end screen's line is chosen from: the result, the luck meter, hit points, doors. */
  facts(): DuelFacts {
    const d = this.duel;
    const luck = this.luck();
    const side = (i: 0 | 1) => (luck && luck.sides[i].attacks > 0 ? luck.sides[i].percentile : null);
    const hp = (e: ArenaEntity) => ({ hp: e.body?.hp ?? 0, maxHp: e.body?.maxHp ?? 1 });
    const w = d.outcome?.winner;
    return {
      winner: w === 0 || w === 1 ? w : null,
      luck: [side(0), side(1)],
      hero: hp(d.hero),
      foe: { ...hp(d.foe), name: d.foe.fighter?.name ?? 'foe' },
      doors: d.grid.cells.some((c) => c === Terrain.DoorClosed || c === Terrain.DoorOpen),
      played: this.mode === 'play',
    };
  }

  /** When the duel ended, on the screen's clock (wall time, never the duel's). */
  private overAt = -Infinity;
  private readonly clock: () => number;

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

  /** Starts the match's next round. */
  private nextRound(): void {
    const m = this.match;
    if (!m || !this.matchContinues) return;
    m.round++;
    this.startNew(roundSetup(m.setup, m.round));
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
      if (r.kind === 'over') this.over();
      break;
    }
    this.refreshView();
  }

  /** Plays one of the player's commands; false when it was refused or the duel is over after it. */
  private act(c: Command): boolean {
    this.flash = [];
    const mark = this.duel.traces.length;
    const r = this.duel.step(c);
    if (r.kind === 'rejected') {
      this.status = capitalise(r.reason);
      return false;
    }
    this.status = '';
    this.traceIndex = -1;
    this.roundStart = mark;
    this.rulesScroll = 0;
    if (r.kind === 'turn') this.record(r.record);
    if (r.kind === 'over') this.over();
    else this.advance();
    if (this.duel.outcome) this.over();
    return !this.finished;
  }

  private runIn(dir: DirectionName): void {
    const said = this.runs.run(dir);
    if (said && !this.finished) this.status = said;
  }

  private travelTo(goal: Point | undefined): void {
    const said = this.runs.travel(goal);
    if (said && !this.finished) this.status = said;
  }

  /** Runs and travels: each step is one command through `act`, as a key would play it. */
  private readonly runs = new RunController({
    duel: () => this.duel,
    step: (c) => this.act(c),
    known: (x, y) => this.memory[y * this.duel.grid.width + x] !== 0,
  });

  /** Watch and replay modes: one turn, when running (the app calls this on a timer). */
  tick(): void {
    if (!this.running) return;
    if (this.finished) {
      if (this.ui.kind === 'over') this.nextRound();
      return;
    }
    if (this.ui.kind !== 'main') return;
    if (this.mode === 'watch') this.stepWatch();
    else if (this.mode === 'replay') this.replayStep(1);
  }

  private stepWatch(): void {
    this.flash = [];
    this.traceIndex = -1;
    this.rulesScroll = 0;
    const mark = this.duel.traces.length;
    this.advance(1);
    if (this.duel.traces.length > mark) this.roundStart = mark;
    if (this.duel.outcome) this.over();
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

  /** After the player moved through the replay: what changed on screen. */
  private replayMoved(): void {
    const d = this.duel;
    this.traceIndex = -1;
    this.rulesScroll = 0;
    // The rules pane shows the last turn's traces; the flash its projectile.
    const last = d.traces.at(-1)?.turn;
    this.roundStart = last === undefined ? d.traces.length : d.traces.findIndex((t) => t.turn === last);
    this.flash = [...d.events];
    this.refreshView();
    const p = this.player;
    if (p && p.position >= p.length) {
      this.running = false;
      if (d.outcome) this.status = `End of the replay: ${d.outcome.reason}.`;
      else if (p.divergence) this.status = `The replay diverges at turn ${p.divergence.turn}: ${p.divergence.detail}.`;
      else this.status = 'End of the replay: the duel was left unfinished (t takes over from here).';
    }
  }

  private replayStep(delta: number): void {
    const p = this.player;
    if (!p) return;
    this.status = '';
    if (delta === 1) p.stepForward();
    else p.seek(p.position + delta);
    this.replayMoved();
  }

  private replaySeek(turn: number): void {
    const p = this.player;
    if (!p) return;
    this.status = '';
    p.seek(turn);
    this.replayMoved();
  }

  /** Take over: play on from this turn in a new replay that records where it branched from. */
  private takeOver(): void {
    const p = this.player;
    if (!p) return;
    const d = this.duel;
    if (d.outcome) {
      this.status = 'The duel is over at this turn: step back to take over earlier.';
      return;
    }
    const turn = p.position;
    const shared = p.replay.turns.slice(0, turn);
    const branch = { from: basename(p.replay.file), turn, hash: turn > 0 ? (shared[turn - 1] as TurnRecord).hash : d.stateHash() };
    d.setController(d.heroId, 'player');
    const recorder = this.createRecorder(() => this.header(d, branch), shared);
    this.player = undefined;
    this.running = false;
    this.viewOf = 'hero';
    // The map stays as the replay showed it: what was watched stays explored.
    const explored = this.memory;
    this.carryOn(d, recorder);
    this.memory = explored;
    this.refreshView();
    this.status = `You take over at turn ${d.gameTurns.toFixed(1)} (after replay action ${turn}).${recorder ? ` Recording to ${basename(recorder.path)}.` : this.notRecording ? ` Not recorded: ${this.notRecording}` : ''}`;
  }

  // --- Keys ----------------------------------------------------------------------------

  /** Handles one key. Returns 'quit' when the session should end. */
  handleKey(k: Key): 'quit' | undefined {
    if (k.ctrl && k.name === 'c') return 'quit';
    const ch = k.ch ?? '';
    const esc = k.name === 'escape';
    if (k.ctrl && k.name === 'p' && (this.ui.kind === 'main' || this.ui.kind === 'over')) {
      this.openHistory();
      return undefined;
    }
    switch (this.ui.kind) {
      case 'help':
        this.ui = this.ui.back;
        return undefined;
      case 'history':
        this.historyKey(k);
        return undefined;
      case 'recall':
        this.recallKey(k);
        return undefined;
      case 'confirm-quit':
        if (ch === 'y' || ch === 'Y') return 'quit';
        this.ui = { kind: 'main' };
        this.status = '';
        return undefined;
      case 'confirm-takeover':
        this.ui = { kind: 'main' };
        if (ch === 'y' || ch === 'Y') this.takeOver();
        else this.status = 'Cancelled.';
        return undefined;
      case 'jump': {
        if (k.name === 'escape') this.ui = { kind: 'main' };
        else if (k.name === 'enter' || k.name === 'return') {
          const digits = this.ui.digits;
          this.ui = { kind: 'main' };
          // The number typed is a game turn, as the bar and the log show them.
          if (digits !== '' && this.player) this.replaySeek(positionAtGameTurn(this.player.times.slice(0, this.player.length + 1), Number(digits)));
        } else if (k.name === 'backspace') this.ui = { kind: 'jump', digits: this.ui.digits.slice(0, -1) };
        else if ((/^[0-9]$/.test(ch) || (ch === '.' && !this.ui.digits.includes('.'))) && this.ui.digits.length < 9) this.ui = { kind: 'jump', digits: this.ui.digits + ch };
        return undefined;
      }
      case 'over':
        if (this.endLocked() && (LEAVING_KEYS.has(ch) || esc || k.name === 'enter' || k.name === 'return')) {
          this.status = 'The duel is over: the result stays a moment before r, n and q work.';
          return undefined;
        }
        if (this.match && (ch === ' ' || k.name === 'enter' || k.name === 'return')) this.nextRound();
        else if (ch === 'r') this.restart(this.match?.setup.seed ?? this.setup.seed);
        else if (ch === 'n') this.restart(this.env.freshSeed());
        else if (ch === 'q' || ch === 'Q' || esc) return 'quit';
        else if (ch === '?') this.ui = { kind: 'help', back: this.ui };
        else if (ch === 'm') this.openHistory();
        else this.rulesKeys(ch);
        return undefined;
      case 'direction': {
        const dir = directionForKey(k);
        const purpose = this.ui.purpose;
        this.ui = { kind: 'main' };
        if (!dir) this.status = 'Cancelled.';
        else if (purpose === 'run') this.runIn(dir);
        else this.act({ type: purpose, dir });
        return undefined;
      }
      case 'choose-ranged':
      case 'choose-item': {
        const i = ch.length === 1 ? ch.charCodeAt(0) - 97 : -1;
        if (this.ui.kind === 'choose-ranged') {
          const o = this.ui.options[i];
          this.ui = { kind: 'main' };
          if (o) this.beginTargeting(o);
          else this.status = 'Cancelled.';
        } else {
          const it = this.ui.items[i];
          this.ui = { kind: 'main' };
          if (it) this.act({ type: 'use', item: it.item });
          else this.status = 'Cancelled.';
        }
        return undefined;
      }
      case 'target':
      case 'look':
        return this.cursorKey(k);
      case 'main':
        return this.mode === 'watch' ? this.watchKey(k) : this.mode === 'replay' ? this.replayKey(k) : this.playKey(k);
    }
  }

  /** Keys every duel screen shares: the rules pane, its detail, the history, recall and looking. */
  private rulesKeys(ch: string): boolean {
    if (ch === '[') this.rulesScroll = Math.max(0, this.rulesScroll - 3);
    else if (ch === ']') this.rulesScroll += 3;
    else if (ch === '{' || ch === '}') {
      const n = this.duel.traces.length;
      if (n === 0) return true;
      let i = this.traceIndex < 0 ? n - 1 : this.traceIndex;
      i = ch === '{' ? Math.max(0, i - 1) : i + 1;
      this.traceIndex = i >= n - 1 ? -1 : i;
      this.rulesScroll = 0;
    } else if (ch === 'd') {
      this.detail = this.detail === 3 ? 1 : ((this.detail + 1) as DetailLevel);
      this.rulesScroll = 0;
    } else if (ch === 'm') this.openHistory();
    else if (ch === 'r' && this.ui.kind === 'main') this.openRecall(this.duel.foeId);
    else if (ch === 'x' && this.ui.kind === 'main') this.beginLook();
    else if (ch === '?') this.ui = { kind: 'help', back: this.ui };
    else return false;
    return true;
  }

  // --- History and recall ------------------------------------------------------------------

  /** The explanations the history lists: every trace at full detail, otherwise all but routine upkeep. */
  historyTraces(): TraceRecord[] {
    return this.duel.traces.filter((t) => shownAt(t, this.detail));
  }

  /** The explanations behind a message: the traces of the same turn. */
  tracesOfTurn(turn: number): TraceRecord[] {
    return this.duel.traces.filter((t) => t.turn === turn && shownAt(t, this.detail));
  }

  private openHistory(): void {
    this.ui = { kind: 'history', list: 'messages', cursor: Math.max(0, this.duel.messages.length - 1), open: false, scroll: 0 };
  }

  private historyKey(k: Key): void {
    if (this.ui.kind !== 'history') return;
    const h = this.ui;
    const ch = k.ch ?? '';
    const n = h.list === 'messages' ? this.duel.messages.length : this.historyTraces().length;
    if (ch === '?') {
      this.ui = { kind: 'help', back: h };
      return;
    }
    if (ch === 'd') {
      this.detail = this.detail === 3 ? 1 : ((this.detail + 1) as DetailLevel);
      const m = h.list === 'messages' ? n : this.historyTraces().length;
      this.ui = { ...h, cursor: Math.min(h.cursor, Math.max(0, m - 1)), scroll: 0 };
      return;
    }
    if (h.open) {
      const step = k.name === 'pagedown' || k.name === 'pageup' ? 10 : 1;
      if (k.name === 'escape' || ch === 'h' || k.name === 'left' || ch === 'q') this.ui = { ...h, open: false, scroll: 0 };
      else if (ch === 'j' || k.name === 'down' || k.name === 'pagedown') this.ui = { ...h, scroll: h.scroll + step };
      else if (ch === 'k' || k.name === 'up' || k.name === 'pageup') this.ui = { ...h, scroll: Math.max(0, h.scroll - step) };
      else if (k.name === 'home') this.ui = { ...h, scroll: 0 };
      return;
    }
    const move = (d: number) => Math.max(0, Math.min(n - 1, h.cursor + d));
    if (k.name === 'escape' || ch === 'q' || ch === 'm' || ch === 'h' || k.name === 'left') this.ui = { kind: this.finished ? 'over' : 'main' };
    else if (k.name === 'tab') {
      const list = h.list === 'messages' ? 'explanations' : 'messages';
      const m = list === 'messages' ? this.duel.messages.length : this.historyTraces().length;
      this.ui = { kind: 'history', list, cursor: Math.max(0, m - 1), open: false, scroll: 0 };
    } else if (ch === 'j' || k.name === 'down') this.ui = { ...h, cursor: move(1) };
    else if (ch === 'k' || k.name === 'up') this.ui = { ...h, cursor: move(-1) };
    else if (k.name === 'pagedown') this.ui = { ...h, cursor: move(15) };
    else if (k.name === 'pageup') this.ui = { ...h, cursor: move(-15) };
    else if (k.name === 'home') this.ui = { ...h, cursor: 0 };
    else if (k.name === 'end') this.ui = { ...h, cursor: Math.max(0, n - 1) };
    else if ((k.name === 'enter' || k.name === 'return' || ch === 'l' || k.name === 'right') && n > 0) this.ui = { ...h, open: true, scroll: 0 };
  }

  /** What the open history entry explains: the traces behind the chosen message or the chosen trace. */
  historyExplanations(): TraceRecord[] {
    if (this.ui.kind !== 'history') return [];
    if (this.ui.list === 'explanations') {
      const t = this.historyTraces()[this.ui.cursor];
      return t ? [t] : [];
    }
    const m = this.duel.messages[this.ui.cursor];
    return m ? this.tracesOfTurn(m.turn) : [];
  }

  private openRecall(subject: number): void {
    const e = this.duel.world.get(subject);
    if (!e?.fighter) return;
    if (e.id !== this.duel.heroId && !this.perceives(e) && this.mode === 'play') {
      this.status = 'You cannot see it.';
      return;
    }
    this.ui = { kind: 'recall', subject, scroll: 0, back: this.ui };
  }

  private recallKey(k: Key): void {
    if (this.ui.kind !== 'recall') return;
    const r = this.ui;
    const ch = k.ch ?? '';
    if (ch === '?') this.ui = { kind: 'help', back: r };
    else if (k.name === 'escape' || ch === 'q' || ch === 'r' || ch === 'x') this.ui = r.back;
    else if (ch === 'j' || k.name === 'down') this.ui = { ...r, scroll: r.scroll + 1 };
    else if (ch === 'k' || k.name === 'up') this.ui = { ...r, scroll: Math.max(0, r.scroll - 1) };
    else if (k.name === 'pagedown' || ch === ' ') this.ui = { ...r, scroll: r.scroll + 10 };
    else if (k.name === 'pageup') this.ui = { ...r, scroll: Math.max(0, r.scroll - 10) };
    else if (k.name === 'home') this.ui = { ...r, scroll: 0 };
  }

  /**
   * The recall page of a fighter, seen by the other one: the ruleset's own page, with the
   * fighter's panel lines when the ruleset has none.
   */
  recallPage(subject: number): RecallSection[] {
    const d = this.duel;
    const e = d.world.get(subject);
    if (!e?.fighter) return [];
    const observer = d.world.get(subject === d.heroId ? d.foeId : d.heroId) ?? e;
    const where = { distance: Math.max(1, d.distanceBetween(observer, e)), visible: canPerceive(d, observer, e) };
    const r = d.ruleset;
    return [...r.panel.recall(d.view(e), d.view(observer), d.now, where)];
  }

  private watchKey(k: Key): 'quit' | undefined {
    const ch = k.ch ?? '';
    if (ch === 'Q') this.ui = { kind: 'confirm-quit' };
    else if (ch === ' ') this.running = !this.running;
    else if ((ch === '.' || ch === 's') && !this.running) this.stepWatch();
    else if (ch === '+' || ch === '=') this.speedIndex = Math.min(WATCH_SPEEDS.length - 1, this.speedIndex + 1);
    else if (ch === '-' || ch === '_') this.speedIndex = Math.max(0, this.speedIndex - 1);
    else if (ch === 'v') this.cycleView();
    else this.rulesKeys(ch);
    return undefined;
  }

  private cycleView(): void {
    this.viewOf = this.viewOf === 'hero' ? 'foe' : this.viewOf === 'foe' ? 'all' : 'hero';
    if (this.mode !== 'replay') this.memory.fill(0);
    this.refreshView();
  }

  private beginLook(): void {
    const p = this.duel.hero.pos ?? this.duel.foe.pos;
    this.ui = { kind: 'look', cursor: p ? { ...p } : { x: 1, y: 1 } };
  }

  private replayKey(k: Key): 'quit' | undefined {
    const ch = k.ch ?? '';
    const p = this.player;
    if (!p) return undefined;
    if (ch === 'q' || ch === 'Q') return 'quit';
    if (ch === ' ') {
      if (p.position >= p.length) this.replaySeek(0);
      this.running = !this.running;
    } else if (ch === '.' || ch === 'l' || k.name === 'right') {
      this.running = false;
      this.replayStep(1);
    } else if (ch === ',' || ch === 'h' || k.name === 'left') {
      this.running = false;
      this.replayStep(-1);
    } else if (ch === '<' || k.name === 'home') this.replaySeek(0);
    else if (ch === '>' || k.name === 'end') this.replaySeek(p.length);
    else if (ch === 'g') this.ui = { kind: 'jump', digits: '' };
    else if (ch === ')' || ch === '(') {
      this.running = false;
      const to = nextMarked(p.marks, p.position, ch === ')' ? 1 : -1);
      if (to === undefined) this.status = ch === ')' ? 'No hit, critical, block, stab or death after this turn.' : 'No event before this turn.';
      else this.replaySeek(to);
    }
    else if (ch === '+' || ch === '=') this.speedIndex = Math.min(WATCH_SPEEDS.length - 1, this.speedIndex + 1);
    else if (ch === '-' || ch === '_') this.speedIndex = Math.max(0, this.speedIndex - 1);
    else if (ch === 'v') this.cycleView();
    else if (ch === 't') {
      if (this.env.savesDir === null) this.status = 'Taking over needs somewhere to record: start without --no-save.';
      else this.ui = { kind: 'confirm-takeover' };
    } else this.rulesKeys(ch);
    return undefined;
  }

  private playKey(k: Key): 'quit' | undefined {
    const ch = k.ch ?? '';
    if (this.finished) return undefined;
    // Escape closes what is open; on the map with nothing open it only clears the status line.
    if (k.name === 'escape') {
      this.status = '';
      return undefined;
    }
    const run = runDirectionForKey(k);
    if (run) {
      this.runIn(run);
      return undefined;
    }
    const dir = directionForKey(k);
    if (dir) {
      this.act({ type: 'move', dir });
      return undefined;
    }
    const hero = this.duel.hero;
    switch (ch) {
      case '.':
      case '5':
      case 's':
        this.act({ type: 'wait' });
        break;
      case 'f':
      case 't': {
        const options = this.duel.ruleset.attackOptions(this.duel.view(hero)).filter((o) => o.kind === 'projectile');
        if (options.length === 0) this.status = 'You have nothing to throw or zap.';
        else if (options.length === 1) this.beginTargeting(options[0] as AttackOption);
        else this.ui = { kind: 'choose-ranged', options };
        break;
      }
      case 'o':
      case 'c':
        this.ui = { kind: 'direction', purpose: ch === 'o' ? 'open' : 'close' };
        this.status = `${ch === 'o' ? 'Open' : 'Close'} a door in which direction?`;
        break;
      case '/':
        this.ui = { kind: 'direction', purpose: 'run' };
        this.status = 'Run in which direction?';
        break;
      case 'G':
        this.travelTo(undefined);
        break;
      case '_': {
        const p = hero.pos;
        this.ui = { kind: 'look', cursor: p ? { ...p } : { x: 1, y: 1 }, travel: true };
        this.status = 'Travel where? Move the cursor; Enter goes there, Esc cancels.';
        break;
      }
      case 'q': {
        const items = this.duel.ruleset.usableItems(this.duel.view(hero));
        if (items.length === 0) this.status = 'You have nothing to use.';
        else this.ui = { kind: 'choose-item', items };
        break;
      }
      case 'g':
      case ',':
        this.act({ type: 'pickup' });
        break;
      case 'Q':
        this.ui = { kind: 'confirm-quit' };
        break;
      default:
        if (!this.rulesKeys(ch) && ch.trim() !== '') this.status = `Unknown key ${keyText(ch)}. Press ? for the keys.`;
    }
    return undefined;
  }

  private visibleEnemies(): ArenaEntity[] {
    const hero = this.duel.hero;
    const w = this.duel.grid.width;
    return this.duel.world
      .all()
      .filter((e) => e.fighter && isAlive(e.body) && e.pos && e.fighter.side !== hero.fighter?.side && this.visible[e.pos.y * w + e.pos.x] && this.perceives(e))
      .sort((a, b) => this.duel.distanceBetween(hero, a) - this.duel.distanceBetween(hero, b) || a.id - b.id);
  }

  private beginTargeting(option: AttackOption): void {
    const hero = this.duel.hero;
    const enemy = this.visibleEnemies()[0];
    const cursor = enemy?.pos ? { ...enemy.pos } : hero.pos ? { ...hero.pos } : { x: 1, y: 1 };
    this.ui = { kind: 'target', option, cursor };
    this.status = '';
  }

  private cursorKey(k: Key): 'quit' | undefined {
    if (this.ui.kind !== 'target' && this.ui.kind !== 'look') return undefined;
    const ch = k.ch ?? '';
    const g = this.duel.grid;
    const dir = directionForKey(k);
    if (dir) {
      const d = directionOf(dir);
      const c = this.ui.cursor;
      const cursor = { x: Math.min(g.width - 1, Math.max(0, c.x + d.dx)), y: Math.min(g.height - 1, Math.max(0, c.y + d.dy)) };
      this.ui = { ...this.ui, cursor };
      return undefined;
    }
    if (k.name === 'escape' || (this.ui.kind === 'look' && (ch === 'x' || ch === 'q'))) {
      this.ui = { kind: 'main' };
      this.status = '';
      return undefined;
    }
    const cur = this.ui.cursor;
    if (k.name === 'tab' || ch === '+' || ch === '-') {
      const enemies = this.visibleEnemies();
      if (enemies.length > 0) {
        const at = enemies.findIndex((e) => e.pos && e.pos.x === cur.x && e.pos.y === cur.y);
        const next = enemies[(at + 1) % enemies.length];
        if (next?.pos) this.ui = { ...this.ui, cursor: { ...next.pos } };
      }
      return undefined;
    }
    if (ch === '?') {
      this.ui = { kind: 'help', back: this.ui };
      return undefined;
    }
    if (this.ui.kind === 'look' && this.mode === 'play' && !this.finished && (ch === '_' || (this.ui.travel === true && (k.name === 'enter' || k.name === 'return' || ch === '.')))) {
      this.ui = { kind: 'main' };
      this.status = '';
      this.travelTo(cur);
      return undefined;
    }
    if (ch === 'r' || (this.ui.kind === 'look' && (k.name === 'enter' || k.name === 'return'))) {
      const f = this.duel.fighterAt(cur.x, cur.y);
      const g = this.duel.grid;
      const seen = this.omniscient || this.visible[cur.y * g.width + cur.x] === 1;
      if (f && seen && this.perceives(f)) this.openRecall(f.id);
      else this.status = 'No one you can see stands there.';
      return undefined;
    }
    if (this.ui.kind === 'target' && (k.name === 'enter' || k.name === 'return' || ch === 'f' || ch === 't' || ch === '.')) {
      const { option, cursor } = this.ui;
      this.ui = { kind: 'main' };
      this.act({ type: 'fire', option: option.id, target: cursor });
    }
    return undefined;
  }

  private restart(seed: string): void {
    this.finished = false;
    if (this.mode === 'replay') this.mode = 'play';
    if (this.match) {
      this.match = { rounds: this.match.rounds, setup: { ...this.match.setup, seed }, round: 1, results: [] };
      this.startNew(roundSetup(this.match.setup, 1));
      return;
    }
    this.startNew({ ...this.setup, seed, heroControl: this.mode === 'play' ? 'player' : 'ai' });
  }

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
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
