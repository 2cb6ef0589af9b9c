import type { World } from '../core/ecs.js';
import type { RngStreams } from '../core/rng.js';
import type { Tracer } from '../core/trace.js';
import type { LuckSample } from '../core/luck.js';
import type { Edition } from '../rules/edition.js';
import type { BlowTag, FighterView, Ruleset } from '../rules/ruleset.js';
import type { ArenaEntity } from '../world/components.js';
import type { Grid, Point } from '../world/grid.js';

export type Tone = 'info' | 'good' | 'bad' | 'warn';

export interface Message {
  /** The action (recorded turn) it belongs to, from 1. */
  readonly turn: number;
  /** The game time when it was said, in game turns (what the screen shows as "turn"). */
  readonly time: number;
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

/**
 * Exact counterparts of a side's attacks of one kind, summed over the blows and attacks that
 * gave their laws: what the observed counts should come to, given the states they were made in.
 */
export interface ExactTally {
  /** Blows with an exact hit chance and damage law, how many of them hit, and their damage. */
  blows: number;
  hits: number;
  damage: number;
  damageSq: number;
  /** Sums of the blows' hit chances and of their expected damage. */
  hitSum: number;
  meanSum: number;
  /** Sum of the blows' damage laws (value -> probability), and the damage seen (value -> count). */
  law: number[];
  seen: number[];
  /** The same for whole attacks (a round of blows), whose law the attack gives. */
  rounds: number;
  roundDamage: number;
  roundDamageSq: number;
  roundMeanSum: number;
  roundLaw: number[];
  roundSeen: number[];
}

/** Attacks of one kind by one side: how many, how many hit, their blows, the damage they reported. */
export interface AttackTally {
  attacks: number;
  hits: number;
  damage: number;
  blows: number;
  blowHits: number;
  /** Blows by tag (criticals, blocks, stabs...). */
  tags: Partial<Record<BlowTag, number>>;
  exact: ExactTally | null;
}

/** One attack of a duel, for checking the duel against the exact model of a melee exchange. */
export interface ActionRecord {
  readonly side: 0 | 1;
  /** When it was made, in ticks. */
  readonly time: number;
  readonly kind: 'melee' | 'projectile';
  /** The law of the hit points it could take (index: damage), when the duel asks for laws. */
  readonly law: readonly number[] | null;
  /** The defender's hit points before it, and whether it lives on at 0. */
  readonly defenderHp: number;
  readonly aliveAtZero: boolean;
  readonly cost: number;
}

/**
 * Counts a simulation keeps of a duel (no traces): attacks by side (0 hero, 1 foe) and kind,
 * hit points lost by each side from every cause, and the monsters' noticing rolls. With `exact`,
 * attacks work out their laws and the duel records every attack, and the first thing that made it
 * more than an exchange of attacks (a move, a heal, harm outside an attack).
 */
export interface DuelTally {
  readonly attacks: [Record<string, AttackTally>, Record<string, AttackTally>];
  readonly damageTaken: [number, number];
  readonly notices: { rolls: number; noticed: number };
  readonly exact: boolean;
  readonly actions: ActionRecord[];
  other: string | null;
  /** Set while an attack's effects are applied. */
  inAttack: boolean;
}

export function emptyTally(exact = false): DuelTally {
  return { attacks: [{}, {}], damageTaken: [0, 0], notices: { rolls: 0, noticed: 0 }, exact, actions: [], other: null, inAttack: false };
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
