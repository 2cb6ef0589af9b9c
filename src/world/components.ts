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
  /** Still standing at 0 hit points (Angband: death comes below 0). */
  aliveAtZero?: boolean;
}

/** Whether a body is still alive. */
export function isAlive(body: Body | undefined): boolean {
  return body !== undefined && (body.hp > 0 || (body.hp === 0 && body.aliveAtZero === true));
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
  /** A unique's name is used without "the" (Angband's "Grip, Farmer Maggot's Dog bites you"). */
  properName?: boolean;
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
  /** Hit in melee by an enemy it could not see, since its last turn. */
  struckUnseen?: boolean;
}

/** An item's own magic (Angband): to-hit, to-dam and to-AC bonuses, an ego power and its pval. */
export interface ItemMagic {
  toHit: number;
  toDam: number;
  toAc: number;
  ego?: string;
  pval?: number;
}

export interface ItemStack {
  item: string;
  quantity: number;
  /** Upgrade level (+1, +2 ...). */
  level: number;
  /** Charges left (wands). */
  charges?: number;
  magic?: ItemMagic;
}

/**
 * Names a kind of stack: the item id, with its magic when it has any (`arrow{slay-evil,+3,+4}`).
 * Commands, attack options and effects name pack items by this key; stacks with the same key
 * (and level) merge.
 */
export function stackKey(st: { readonly item: string; readonly magic?: Readonly<ItemMagic> | undefined }): string {
  const m = st.magic;
  if (!m) return st.item;
  const sign = (n: number) => (n < 0 ? String(n) : `+${n}`);
  const parts = [...(m.ego ? [m.pval !== undefined ? `${m.ego}${sign(m.pval)}` : m.ego] : []), sign(m.toHit), sign(m.toDam)];
  if (m.toAc !== 0) parts.push(`[${sign(m.toAc)}]`);
  return `${st.item}{${parts.join(',')}}`;
}

/** The item and magic a stack key names (the inverse of `stackKey`); undefined for a malformed key. */
export function stackFromKey(key: string): { item: string; magic?: ItemMagic } | undefined {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\{([^{}]*)\})?$/.exec(key);
  if (!m) return undefined;
  const item = m[1] as string;
  if (m[2] === undefined) return { item };
  const parts = m[2].split(',');
  let ego: string | undefined;
  let pval: number | undefined;
  if (parts[0] !== undefined && !/^[+-]/.test(parts[0])) {
    const e = /^([a-z0-9]+(?:-[a-z0-9]+)*?)([+-]\d+)?$/.exec(parts.shift() as string);
    if (!e) return undefined;
    ego = e[1] as string;
    if (e[2] !== undefined) pval = Number(e[2]);
  }
  const num = (t: string | undefined) => (t !== undefined && /^[+-]\d+$/.test(t) ? Number(t) : NaN);
  const toHit = num(parts[0]);
  const toDam = num(parts[1]);
  const ac = parts[2] === undefined ? 0 : num(/^\[([+-]\d+)\]$/.exec(parts[2])?.[1]);
  if (Number.isNaN(toHit) || Number.isNaN(toDam) || Number.isNaN(ac) || parts.length > 3) return undefined;
  return { item, magic: { toHit, toDam, toAc: ac, ...(ego !== undefined ? { ego } : {}), ...(pval !== undefined ? { pval } : {}) } };
}

/** Whether two stacks merge into one. */
export function sameStack(a: ItemStack, b: ItemStack): boolean {
  return stackKey(a) === stackKey(b) && a.level === b.level && a.charges === undefined && b.charges === undefined;
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
