import type { BaseEntity } from '../core/ecs.js';
import type { Point } from './grid.js';

/**
 * The components an arena entity can carry. Every value is plain JSON data, so the whole world
 * can be hashed, saved and restored; ruleset-specific numbers live in `rules`.
 */
export interface Position {
  x: number;
  y: number;
}

export interface Body {
  hp: number;
  maxHp: number;
}

export type Side = 0 | 1;

export interface FighterInfo {
  name: string;
  /** 0: the hero's side, 1: the foe's side. */
  side: Side;
  kind: 'hero' | 'monster';
  /** The data record the fighter was built from (hero preset or monster id). */
  templateId: string;
  controller: 'player' | 'ai';
  flying: boolean;
  /** Walkers may open doors; every Pixel Dungeon mob can. */
  opensDoors: boolean;
}

export interface Glyph {
  ch: string;
  colour: string;
}

export interface Energy {
  energy: number;
}

export type AiMode = 'sleeping' | 'wandering' | 'hunting' | 'fleeing';

export interface AiState {
  mode: AiMode;
  /** Where it is heading: the enemy's last known cell, or a wander destination. */
  target: Point | null;
  /** Hurt since its last turn: a wanderer notices at once. */
  alerted: boolean;
}

/** Whether the fighter saw its enemy at its own last turn (refreshed only on its own turns). */
export interface Awareness {
  enemySeen: boolean;
  /** The enemy's cell when last seen. */
  lastSeen: Point | null;
}

export interface ItemStack {
  item: string;
  quantity: number;
  /** Upgrade level (+1, +2 ...). */
  level: number;
  /** Charges left (wands). */
  charges?: number;
}

export interface Inventory {
  weapon: ItemStack | null;
  armour: ItemStack | null;
  pack: ItemStack[];
}

/**
 * A timed condition. `until`: it ends at that tick. `next`: it acts (deals damage, heals) at that
 * tick. `level`: its strength (bleeding level, poison left).
 */
export interface Status {
  kind: string;
  until?: number;
  next?: number;
  level?: number;
}

export interface ArenaEntity extends BaseEntity {
  pos?: Position;
  body?: Body;
  fighter?: FighterInfo;
  glyph?: Glyph;
  energy?: Energy;
  ai?: AiState;
  awareness?: Awareness;
  inventory?: Inventory;
  statuses?: Status[];
  /** Ruleset-specific plain data (a Pixel Dungeon hero's class and level, a mob's flags...). */
  rules?: Record<string, unknown>;
  /** Items lying on the floor at `pos`. */
  heap?: ItemStack[];
}
