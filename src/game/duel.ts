import { World } from '../core/ecs.js';
import type { LuckSample } from '../core/luck.js';
import { advanceEnergy, peekNextActor, type EnergyRules } from '../core/energy.js';
import { Hasher } from '../core/hash.js';
import { RngStreams, STREAM_NAMES, type StreamName, type StreamStates } from '../core/rng.js';
import { NullTracer, RecordingTracer, type Tracer, type TraceStep } from '../core/trace.js';
import type { Content } from '../content/index.js';
import type { Edition } from '../rules/edition.js';
import { getRuleset, monsterDuelProblem } from '../rules/registry.js';
import type { FighterSpec, FighterView, Ruleset, RulesetId } from '../rules/ruleset.js';
import { decideHero, decideMonster } from '../systems/ai.js';
import { fireAttack, findOption, meleeAttack } from '../systems/combat.js';
import type { Command } from '../systems/commands.js';
import { applyEffects, fighterAt, heapAt, livingFighters, notExchange } from '../systems/effects.js';
import { nameOf } from '../rules/names.js';
import { checkDoor, checkMove, operateDoor, pickUp, step } from '../systems/movement.js';
import { computeFov, refreshHeroAwareness } from '../systems/perception.js';
import { type DuelEvent, type DuelState, type DuelTally, type Message, type Profiler, type Tone, emptyTally, timed } from '../systems/state.js';
export type { Profiler };
import { type AiMode, type ArenaEntity, type Side, isAlive } from '../world/components.js';
import { type Arena, FIXED_ARENAS, fixedArena, generateArena, isFixedArena, isGeneratedArena, GENERATED_ARENAS } from '../world/arena.js';
import { type DirectionName, type Grid, directionOf, distance } from '../world/grid.js';

/** The components a ruleset sees, besides the id. */
const VIEW_FIELDS = ['pos', 'body', 'fighter', 'glyph', 'energy', 'ai', 'awareness', 'inventory', 'statuses', 'rules', 'heap'] as const satisfies readonly (keyof ArenaEntity)[];

function fighterView(e: ArenaEntity): FighterView {
  const v: Record<string, unknown> = { id: e.id };
  for (const k of VIEW_FIELDS) Object.defineProperty(v, k, { get: () => e[k], enumerable: true });
  return Object.freeze(v) as FighterView;
}

/** How a foe may start (a replay may record one that fled). */
const FOE_STATES: readonly string[] = ['sleeping', 'wandering', 'hunting', 'fleeing'] satisfies readonly AiMode[];

/** Everything needed to start a duel; with the seed it determines the whole duel. */
export interface DuelSetup {
  readonly ruleset: RulesetId;
  readonly edition: Edition;
  readonly seed: string;
  readonly hero: FighterSpec;
  readonly foe: FighterSpec;
  readonly arena: string;
  /** Who steers the hero: the player, or the AI (watch mode and headless duels). */
  readonly heroControl: 'player' | 'ai';
  /** Game turns before the duel is called a draw. */
  readonly maxTurns: number;
  /** Overrides the foe's starting state (asleep, wandering, hunting). */
  readonly foeState?: AiMode;
  /**
   * Who wins a tie for the first move: the hero (the default) or the foe. A best-of-N match
   * alternates it between rounds, as DCSS's arena swaps its factions.
   */
  readonly firstMover?: 'hero' | 'foe';
}

export interface Outcome {
  /** The winning side (0: hero, 1: foe), or null for a draw. */
  readonly winner: Side | null;
  readonly reason: string;
  readonly turn: number;
  /** Game time in turns. */
  readonly time: number;
}

export interface TraceRecord {
  readonly turn: number;
  /** Game time in ticks. */
  readonly time: number;
  readonly actor: number;
  readonly title: string;
  readonly steps: readonly TraceStep[];
  /** Upkeep at the start of a turn or as time passes (statuses, regeneration), not an action. */
  readonly routine?: boolean;
}

export interface TurnRecord {
  readonly turn: number;
  readonly actor: number;
  readonly command: Command;
  /** Game time (ticks) when the action was taken. */
  readonly time: number;
  /** The checkpoint after the turn (see `stateHash`); empty in a duel made with `checkpoints: false`. */
  readonly hash: string;
  /** Words drawn from each stream during the turn. */
  readonly draws: Readonly<Record<StreamName, number>>;
  /** Rolls per rule during the turn, in order (when the duel is traced). */
  readonly rules?: readonly (readonly [string, number])[];
}

/** Everything a duel is between two turns (see `Duel.snapshot`). */
export interface DuelSnapshot {
  readonly turn: number;
  readonly now: number;
  readonly outcome: Outcome | null;
  readonly cells: Uint8Array;
  readonly entities: readonly ArenaEntity[];
  readonly nextId: number;
  readonly rng: StreamStates;
  readonly draws: Readonly<Record<StreamName, number>>;
}

export type StepResult =
  | { readonly kind: 'input'; readonly actor: ArenaEntity }
  | { readonly kind: 'turn'; readonly record: TurnRecord }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'over'; readonly outcome: Outcome };

/** What a turn that made no attack did, for a simulation's note of what made a duel more than an exchange. */
const EXCHANGE_WORDS: Record<Command['type'], string> = {
  move: 'moved',
  wait: 'waited',
  open: 'opened a door',
  close: 'closed a door',
  fire: 'shot and struck nobody',
  use: 'used an item',
  pickup: 'picked something up',
  skip: 'lost a turn',
};

export const DEFAULT_MAX_TURNS = 1000;

/** The arena a duel is fought in when none is chosen. */
export const DEFAULT_ARENA = 'rooms';

export function arenaIds(content: Content): string[] {
  return [...content.arenas.keys(), ...Object.keys(GENERATED_ARENAS), ...Object.keys(FIXED_ARENAS)];
}

/**
 * One duel: the world, its randomness and its clock. `step` plays one turn at a time; the same
 * setup and the same player commands always give the same duel.
 */
export class Duel implements DuelState {
  readonly ruleset: Ruleset;
  readonly edition: Edition;
  readonly arena: Arena;
  readonly grid: Grid;
  readonly world = new World<ArenaEntity>();
  readonly rng: RngStreams;
  readonly heroId: number;
  readonly foeId: number;
  readonly messages: Message[] = [];
  readonly traces: TraceRecord[] = [];
  /** What happened in the last turn, for the screen to animate. */
  events: DuelEvent[] = [];
  now = 0;
  turn = 0;
  outcome: Outcome | null = null;
  /** Record traces (the rules pane and headless transcripts); off for simulations. */
  tracing: boolean;
  /** The luck meter's samples (kept on screen, whether or not tracing), or null. */
  readonly luck: LuckSample[] | null;
  /** A simulation's counts, or null. */
  readonly tally: DuelTally | null;
  profiler: Profiler | undefined;

  /** Whether each turn's record carries its checkpoint: replays need them, simulations keep no record. */
  private readonly checkpoints: boolean;
  private current: RecordingTracer | undefined;
  private readonly nullTracer: NullTracer;
  private started: { turn: number; actor: number; skip: boolean } | undefined;
  private readonly energyRules: EnergyRules<{ id: number; energy: number }>;
  private readonly fovCache = new Map<number, { x: number; y: number; radius: number; version: number; mask: Uint8Array }>();
  /** Each entity's read-only view for the ruleset (`view`). */
  private readonly views = new WeakMap<ArenaEntity, FighterView>();
  /** Draw counts and trace count at the end of the last turn: a turn owns everything since. */
  private drawMark: Record<StreamName, number>;
  private traceMark = 0;
  /** Attacks the tally held at the end of the last turn: a turn that added none was not an attack. */
  private actionMark = 0;

  constructor(
    readonly setup: DuelSetup,
    content: Content,
    options: { tracing?: boolean; luck?: boolean; tally?: boolean | 'exact'; checkpoints?: boolean } = {},
  ) {
    this.tracing = options.tracing ?? true;
    this.checkpoints = options.checkpoints ?? true;
    this.luck = options.luck ? [] : null;
    this.tally = options.tally ? emptyTally(options.tally === 'exact') : null;
    this.ruleset = getRuleset(setup.ruleset, content, setup.edition);
    if (setup.foeState !== undefined && !FOE_STATES.includes(setup.foeState)) throw new Error(`unknown foe state "${setup.foeState}"; choose one of: ${FOE_STATES.join(', ')}`);
    this.edition = this.ruleset.edition;
    this.rng = new RngStreams(setup.seed);
    this.nullTracer = new NullTracer(this.rng.combat);
    const handDrawn = content.arenas.get(setup.arena);
    if (handDrawn) this.arena = handDrawn;
    else if (isGeneratedArena(setup.arena)) this.arena = generateArena(setup.arena, this.rng.mapgen);
    else if (isFixedArena(setup.arena)) this.arena = fixedArena(setup.arena);
    else throw new Error(`unknown arena "${setup.arena}"; choose one of: ${arenaIds(content).join(', ')}`);
    this.grid = this.arena.grid.clone();
    if (!Number.isInteger(setup.maxTurns) || setup.maxTurns < 1) throw new Error(`the turn limit must be a positive whole number (got ${setup.maxTurns})`);

    if (this.ruleset.catalog().some((e) => e.id === setup.hero.template && e.kind === 'monster')) {
      const problem = monsterDuelProblem(setup.ruleset);
      if (problem) throw new Error(`${setup.hero.template} on the hero's side: ${problem}`);
    }
    this.heroId = this.spawn(setup.hero, 0, setup.heroControl, undefined);
    this.foeId = this.spawn(setup.foe, 1, 'ai', setup.foeState);
    // A foe that starts out hunting knows where its enemy stands.
    const foe = this.world.require(this.foeId);
    if (foe.ai?.mode === 'hunting') foe.ai.target = { ...this.arena.spawns[0] };
    const ruleset = this.ruleset;
    const world = this.world;
    this.energyRules = {
      threshold: ruleset.energyThreshold,
      gain: (a) => ruleset.energyGain(this.view(world.require(a.id))),
      order: ruleset.readyOrder ?? 'lowest-id',
    };
    this.drawMark = this.rng.drawCounts();
    this.traceMark = this.traces.length;
  }

  private spawn(spec: FighterSpec, side: Side, control: 'player' | 'ai', mode: AiMode | undefined): number {
    // What the game rolls when a fighter appears comes from the setup stream.
    const t = this.tracing ? new RecordingTracer(this.rng.setup) : new NullTracer(this.rng.setup);
    // Side 0 came to fight: a monster there starts awake and hunting, as a hero does.
    const init = this.ruleset.buildFighter(side === 0 ? { ...spec, awake: true } : spec, t);
    const at = this.arena.spawns[side];
    const e = this.world.create({
      pos: { x: at.x, y: at.y },
      body: { ...init.body },
      fighter: { ...init.fighter, side, controller: control },
      glyph: { ...init.glyph },
      energy: { energy: init.energy ?? 0 },
      ai: { mode: mode ?? (side === 0 ? 'hunting' : init.aiMode), target: null, alerted: false },
      awareness: { enemySeen: false, lastSeen: null },
      inventory: structuredClone(init.inventory),
      statuses: structuredClone(init.statuses),
      rules: structuredClone(init.rules),
    });
    if (t instanceof RecordingTracer && t.steps.length > 0) this.traces.push({ turn: 0, time: 0, actor: e.id, title: `${init.fighter.name} appears`, steps: t.steps });
    return e.id;
  }

  // --- DuelState -------------------------------------------------------------------------

  tracer(): Tracer {
    if (!this.tracing) return this.nullTracer;
    if (!this.current) this.current = new RecordingTracer(this.rng.combat);
    return this.current;
  }

  endEvent(title: string, actor: number, routine = false): void {
    const t = this.current;
    this.current = undefined;
    if (t && t.steps.length > 0) this.traces.push({ turn: this.turn + 1, time: this.now, actor, title, steps: t.steps, ...(routine ? { routine } : {}) });
  }

  message(text: string, tone: Tone = 'info'): void {
    this.messages.push({ turn: this.turn + 1, time: this.gameTurns, text, tone });
  }

  event(e: DuelEvent): void {
    this.events.push(e);
  }

  /**
   * What a fighter sees, reused while it stands on the same cell with the same sight radius and
   * the arena's cells are unchanged. The mask is shared: callers must not change it.
   */
  fov(id: number): Uint8Array {
    const e = this.world.require(id);
    const pos = e.pos;
    if (!pos) throw new Error(`entity ${id} has no position`);
    const radius = this.ruleset.viewRadius(this.view(e));
    const c = this.fovCache.get(id);
    if (c && c.x === pos.x && c.y === pos.y && c.radius === radius && c.version === this.grid.version) return c.mask;
    const mask = timed(this, 'fov', () => computeFov(this, e));
    this.fovCache.set(id, { x: pos.x, y: pos.y, radius, version: this.grid.version, mask });
    return mask;
  }

  /**
   * The fighter as the ruleset sees it: a frozen object of getters onto the entity's components,
   * built once per entity, so a rule reads the live numbers but cannot replace a component.
   */
  view(e: ArenaEntity): FighterView {
    let v = this.views.get(e);
    if (!v) {
      v = fighterView(e);
      this.views.set(e, v);
    }
    return v;
  }

  // --- Queries -----------------------------------------------------------------------------

  get hero(): ArenaEntity {
    return this.world.require(this.heroId);
  }
  get foe(): ArenaEntity {
    return this.world.require(this.foeId);
  }

  /** Game time in turns (e.g. 12.5). */
  get gameTurns(): number {
    return this.now / this.ruleset.ticksPerTurn;
  }

  /** A hash of the RNG states and the whole world, computed without drawing. */
  stateHash(): string {
    const h = new Hasher();
    h.int(this.now).int(this.turn);
    const states = this.rng.states();
    for (const name of STREAM_NAMES) {
      const s = states[name];
      h.int(s.a).int(s.b).int(s.c).int(s.d);
    }
    h.bytes(this.grid.cells);
    for (const e of this.world.all()) h.value(e);
    h.int(this.world.nextId);
    return h.digest();
  }

  // --- The turn loop -------------------------------------------------------------------------

  /**
   * Lets time pass until some fighter may act, running every status that falls due on the way.
   * Returns that fighter, or undefined when the duel is over.
   */
  private advance(): ArenaEntity | undefined {
    const cap = this.setup.maxTurns * this.ruleset.ticksPerTurn;
    for (;;) {
      if (this.checkOutcome()) return undefined;
      const actors = this.world.with('energy', 'fighter', 'body').filter((e) => isAlive(e.body));
      // Ties for the move go to the first in this list: ascending id, or the foe first.
      const order = this.setup.firstMover === 'foe' ? [...actors].reverse() : actors;
      const next = peekNextActor(order.map((e) => ({ id: e.id, energy: e.energy.energy })), this.energyRules);
      if (!next) return undefined;
      const actorTime = this.now + next.ticks;
      let statusTime: number | undefined;
      for (const e of livingFighters(this)) {
        const t = this.ruleset.nextStatusTime(this.view(e));
        if (t !== undefined && (statusTime === undefined || t < statusTime)) statusTime = t;
      }
      const until = statusTime !== undefined && statusTime <= actorTime ? Math.max(statusTime, this.now) : actorTime;
      if (until > cap) {
        this.pass(actors, cap - this.now);
        this.outcome = { winner: null, reason: `no winner after ${this.setup.maxTurns} turns`, turn: this.turn, time: this.gameTurns };
        return undefined;
      }
      this.pass(actors, until - this.now);
      if (statusTime !== undefined && statusTime <= actorTime) {
        for (const e of livingFighters(this)) {
          const due = this.ruleset.nextStatusTime(this.view(e));
          if (due === undefined || due > this.now) continue;
          applyEffects(this, timed(this, 'rules', () => this.ruleset.statusTick(this.tracer(), this.view(e), this.now)));
          this.endEvent(`${e.fighter?.name ?? 'someone'}: conditions`, e.id, true);
        }
        continue;
      }
      return this.world.require(next.actor.id);
    }
  }

  private pass(actors: readonly (ArenaEntity & { energy: { energy: number } })[], ticks: number): void {
    if (ticks <= 0) return;
    const records = actors.map((e) => ({ id: e.id, energy: e.energy.energy }));
    advanceEnergy(records, this.energyRules, ticks);
    records.forEach((r, i) => {
      (actors[i] as ArenaEntity & { energy: { energy: number } }).energy.energy = r.energy;
    });
    this.now += ticks;
  }

  private checkOutcome(): boolean {
    if (this.outcome) return true;
    const alive = livingFighters(this);
    const heroes = alive.some((e) => e.fighter?.side === 0);
    const foes = alive.some((e) => e.fighter?.side === 1);
    if (heroes && foes) return false;
    const hero = this.world.require(this.heroId);
    const foe = this.world.require(this.foeId);
    // A monster is "the Jackal" on either side, a unique or a hero by its name alone.
    const called = (e: ArenaEntity, fallback: string): string => (!e.fighter ? fallback : e.fighter.kind === 'hero' || e.fighter.properName ? e.fighter.name : `the ${e.fighter.name}`);
    const reason = !heroes && !foes ? 'both fighters fell' : heroes ? `${called(foe, 'the foe')} was slain` : `${called(hero, 'the hero')} was slain`;
    this.outcome = { winner: !heroes && !foes ? null : heroes ? 0 : 1, reason, turn: this.turn, time: this.gameTurns };
    return true;
  }

  /** Whose turn it is now (running statuses first), or undefined when the duel is over. */
  pending(): ArenaEntity | undefined {
    if (this.outcome) return undefined;
    return this.advance();
  }

  /**
   * Plays one turn. When it is the player's turn and no command is given, returns `input` and
   * changes nothing that matters; an impossible command is `rejected` and costs nothing.
   */
  step(input?: Command): StepResult {
    const actor = this.advance();
    if (!actor) return { kind: 'over', outcome: this.outcome as Outcome };
    if (!this.started || this.started.turn !== this.turn || this.started.actor !== actor.id) {
      this.events = [];
      const start = this.ruleset.turnStart(this.tracer(), this.view(actor), this.now);
      applyEffects(this, start.effects);
      this.endEvent(`${actor.fighter?.name ?? 'someone'}: turn start`, actor.id, true);
      // A hero, or a monster the player steers (the AI refreshes an AI monster's own).
      if (actor.fighter?.kind === 'hero' || actor.fighter?.controller === 'player') refreshHeroAwareness(this, actor);
      this.started = { turn: this.turn, actor: actor.id, skip: start.skip };
      if (start.skip) return this.finish(actor, { type: 'skip' }, start.cost);
    }
    let command: Command;
    if (actor.fighter?.controller === 'player') {
      if (!input) return { kind: 'input', actor };
      const problem = this.validate(actor, input);
      if (problem) return { kind: 'rejected', reason: problem };
      command = input;
    } else {
      command = actor.fighter?.kind === 'hero' ? decideHero(this, actor) : decideMonster(this, actor);
    }
    const cost = this.execute(actor, command);
    return this.finish(actor, command, cost);
  }

  private finish(actor: ArenaEntity, command: Command, cost: number): StepResult {
    if (this.tally?.exact) {
      if (this.tally.actions.length === this.actionMark) notExchange(this, () => `${nameOf(actor)} ${EXCHANGE_WORDS[command.type]}`);
      this.actionMark = this.tally.actions.length;
    }
    if (actor.energy) actor.energy.energy -= cost;
    this.turn++;
    this.started = undefined;
    this.checkOutcome();
    const counts = this.rng.drawCounts();
    const draws = {} as Record<StreamName, number>;
    for (const n of STREAM_NAMES) draws[n] = counts[n] - this.drawMark[n];
    this.drawMark = counts;
    const rules = this.tracing ? this.ruleLedger(this.traceMark) : undefined;
    this.traceMark = this.traces.length;
    const record: TurnRecord = { turn: this.turn, actor: actor.id, command, time: this.now, hash: this.checkpoints ? this.stateHash() : '', draws, ...(rules ? { rules } : {}) };
    return { kind: 'turn', record };
  }

  /**
   * Drops the rule traces kept so far (between turns): for a long run played with tracing only
   * for each turn's rule ledger, such as verifying a replay.
   */
  forgetTraces(): void {
    if (this.started) throw new Error('traces can only be dropped between turns');
    this.traces.length = 0;
    this.traceMark = 0;
  }

  /**
   * Which rules rolled dice since trace `from`, in order: [citation, rolls] runs. Replays keep it
   * per turn so a divergence can name the first rule whose draws differ.
   */
  ruleLedger(from: number): [string, number][] {
    const out: [string, number][] = [];
    for (let i = from; i < this.traces.length; i++) {
      for (const step of (this.traces[i] as TraceRecord).steps) {
        if (step.kind !== 'roll') continue;
        const last = out[out.length - 1];
        if (last && last[0] === step.cite) last[1]++;
        else out.push([step.cite, 1]);
      }
    }
    return out;
  }

  // --- Snapshots -----------------------------------------------------------------------------

  /** The whole state between two turns, to restore later (seeking in replays). */
  snapshot(): DuelSnapshot {
    if (this.started) throw new Error('a duel can only be saved between turns');
    return {
      turn: this.turn,
      now: this.now,
      outcome: this.outcome,
      cells: this.grid.cells.slice(),
      entities: structuredClone(this.world.all() as ArenaEntity[]),
      nextId: this.world.nextId,
      rng: this.rng.states(),
      draws: this.rng.drawCounts(),
    };
  }

  /** Puts the duel back to a snapshot. Messages and traces start afresh from there. */
  restore(s: DuelSnapshot): void {
    this.turn = s.turn;
    this.now = s.now;
    this.outcome = s.outcome;
    this.grid.load(s.cells);
    this.world.restore(structuredClone(s.entities), s.nextId);
    this.rng.restore(s.rng, s.draws);
    this.messages.length = 0;
    this.traces.length = 0;
    if (this.luck) this.luck.length = this.luck.filter((l) => l.turn <= s.turn).length;
    this.events = [];
    this.started = undefined;
    this.current = undefined;
    this.drawMark = this.rng.drawCounts();
    this.traceMark = 0;
  }

  /** Hands a fighter to the player or to the AI (taking over a replay). */
  setController(id: number, controller: 'player' | 'ai'): void {
    const f = this.world.require(id).fighter;
    if (!f) throw new Error(`entity ${id} is not a fighter`);
    f.controller = controller;
  }

  /** The last cell inside the arena going from the fighter in a direction (a confused shot's aim), at most 20 steps. */
  private farthestToward(actor: ArenaEntity, way: DirectionName): { x: number; y: number } {
    const from = actor.pos ?? { x: 0, y: 0 };
    const d = directionOf(way);
    let at = { x: from.x, y: from.y };
    for (let i = 1; i <= 20 && this.grid.inside(from.x + d.dx * i, from.y + d.dy * i); i++) at = { x: from.x + d.dx * i, y: from.y + d.dy * i };
    return at;
  }

  /** Why a command cannot be carried out now (no draws), or null if it can. */
  validate(actor: ArenaEntity, c: Command): string | null {
    switch (c.type) {
      case 'move': {
        const m = checkMove(this, actor, c.dir);
        return m.ok ? null : m.reason;
      }
      case 'wait':
        return null;
      case 'open':
      case 'close': {
        const d = checkDoor(this, actor, c.dir, c.type);
        return d.ok ? null : d.reason;
      }
      case 'fire': {
        const o = findOption(this, actor, c.option);
        if (!o || o.kind === 'melee') return `no ranged attack "${c.option}" available`;
        const self = actor.pos !== undefined && actor.pos.x === c.target.x && actor.pos.y === c.target.y;
        if (o.kind === 'self') return self ? null : `${o.label} is cast on oneself: its target must be your own cell`;
        if (!this.grid.inside(c.target.x, c.target.y)) return 'that target is outside the arena';
        if (self) return 'you cannot target yourself';
        return null;
      }
      case 'use':
        return this.ruleset.usableItems(this.view(actor)).some((s) => s.item === c.item) ? null : `you have no ${this.ruleset.itemName(c.item)} to use`;
      case 'pickup':
        return actor.pos && heapAt(this, actor.pos.x, actor.pos.y) ? null : 'there is nothing here to pick up';
      case 'skip':
        return 'a turn can only be skipped by paralysis';
    }
  }

  private execute(actor: ArenaEntity, c: Command): number {
    const rules = <T>(fn: () => T): T => timed(this, 'rules', fn);
    switch (c.type) {
      case 'move': {
        const confused = this.ruleset.confusedDirection;
        const dir = confused ? rules(() => confused.call(this.ruleset, this.tracer(), this.view(actor), c.dir)) : c.dir;
        const m = checkMove(this, actor, dir);
        if (!m.ok) return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
        if (m.kind === 'attack' && m.target) {
          const target = m.target;
          return rules(() => meleeAttack(this, actor, target));
        }
        return step(this, actor, m.to);
      }
      case 'wait':
        return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
      case 'open':
      case 'close': {
        const d = checkDoor(this, actor, c.dir, c.type);
        if (!d.ok) return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
        return operateDoor(this, actor, d.at, c.type);
      }
      case 'fire': {
        const o = findOption(this, actor, c.option);
        if (!o) return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
        const aim = this.ruleset.confusedAim;
        const way = aim && o.kind === 'projectile' ? rules(() => aim.call(this.ruleset, this.tracer(), this.view(actor))) : null;
        const target = way ? this.farthestToward(actor, way) : c.target;
        // Aimed by confusion straight into the wall beside it, the attack goes nowhere.
        if (o.kind === 'projectile' && actor.pos && target.x === actor.pos.x && target.y === actor.pos.y) return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
        return rules(() => fireAttack(this, actor, o, target));
      }
      case 'use': {
        const r = this.ruleset.useItem(this.tracer(), this.view(actor), c.item);
        if ('error' in r) {
          this.message(r.error, 'warn');
          return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
        }
        applyEffects(this, r.effects);
        this.endEvent(`${actor.fighter?.name ?? 'someone'} uses ${this.ruleset.itemName(c.item)}`, actor.id);
        return r.cost;
      }
      case 'pickup':
        return pickUp(this, actor);
      case 'skip':
        return this.ruleset.actionCost(this.view(actor), 'wait', this.now);
    }
  }

  /** Plays AI turns until the player must act or the duel ends (headless and watch mode). */
  runUntilInput(limit = Infinity): StepResult {
    let last: StepResult = { kind: 'over', outcome: this.outcome as Outcome };
    for (let i = 0; i < limit; i++) {
      last = this.step();
      if (last.kind !== 'turn') return last;
    }
    return last;
  }

  /** The other fighter, if alive. */
  enemyOf(e: ArenaEntity): ArenaEntity | undefined {
    return livingFighters(this).find((o) => o.fighter?.side !== e.fighter?.side);
  }

  fighterAt(x: number, y: number): ArenaEntity | undefined {
    return fighterAt(this, x, y);
  }

  distanceBetween(a: ArenaEntity, b: ArenaEntity): number {
    return a.pos && b.pos ? distance(a.pos, b.pos) : Infinity;
  }
}
