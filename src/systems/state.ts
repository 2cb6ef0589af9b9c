import type { World } from '../core/ecs.js';
import type { RngStreams } from '../core/rng.js';
import type { Tracer } from '../core/trace.js';
import type { LuckSample } from '../core/luck.js';
import type { Edition } from '../rules/edition.js';
import type { FighterView, Ruleset } from '../rules/ruleset.js';
import type { ArenaEntity } from '../world/components.js';
import type { Grid, Point } from '../world/grid.js';

export type Tone = 'info' | 'good' | 'bad' | 'warn';

export interface Message {
  readonly turn: number;
  readonly text: string;
  readonly tone: Tone;
}

/** Something the screen may want to show for a moment: a projectile's flight. */
export type DuelEvent = { readonly kind: 'projectile'; readonly from: Point; readonly cells: readonly Point[]; readonly glyph: string };

/** Optional timing of the work inside a turn (the benchmark's per-turn breakdown). */
export interface Profiler {
  time<T>(bucket: 'fov' | 'path' | 'rules', fn: () => T): T;
}

/** Runs `fn`, timed under `bucket` when a profiler is attached. */
export function timed<T>(s: DuelState, bucket: 'fov' | 'path' | 'rules', fn: () => T): T {
  return s.profiler ? s.profiler.time(bucket, fn) : fn();
}

/** Attacks of one kind by one side: how many, how many hit, the damage they reported. */
export interface AttackTally {
  attacks: number;
  hits: number;
  damage: number;
}

/**
 * Counts a simulation keeps of a duel (no traces): attacks by side (0 hero, 1 foe) and kind,
 * hit points lost by each side from every cause, and the monsters' noticing rolls.
 */
export interface DuelTally {
  readonly attacks: [Record<string, AttackTally>, Record<string, AttackTally>];
  readonly damageTaken: [number, number];
  readonly notices: { rolls: number; noticed: number };
}

export function emptyTally(): DuelTally {
  return { attacks: [{}, {}], damageTaken: [0, 0], notices: { rolls: 0, noticed: 0 } };
}

/** What the systems may read and change; the Duel class implements it. */
export interface DuelState {
  readonly profiler: Profiler | undefined;
  readonly ruleset: Ruleset;
  readonly edition: Edition;
  readonly grid: Grid;
  readonly world: World<ArenaEntity>;
  readonly rng: RngStreams;
  readonly now: number;
  /** The luck meter's samples, when the duel keeps them (on screen), else null. */
  readonly luck: LuckSample[] | null;
  /** A simulation's counts, when the duel keeps them, else null. */
  readonly tally: DuelTally | null;
  /** The number of turns played. */
  readonly turn: number;
  /** The tracer for the current rule event (recording or not). */
  tracer(): Tracer;
  /** Closes the current rule event under a title (the rules pane shows it). */
  endEvent(title: string, actor: number): void;
  message(text: string, tone?: Tone): void;
  event(e: DuelEvent): void;
  /** A fighter's field of view, computed on demand for its current cell. */
  fov(id: number): Uint8Array;
  view(e: ArenaEntity): FighterView;
}
