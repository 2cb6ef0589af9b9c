import { sees } from '../systems/perception.js';
import type { ArenaEntity } from '../world/components.js';
import { isAlive } from '../world/components.js';
import { DIRECTIONS, type DirectionName, type Grid, type Point, directionOf } from '../world/grid.js';
import { findPath } from '../world/path.js';
import { Terrain } from '../world/terrain.js';
import type { Duel } from './duel.js';

/**
 * Running and travelling: when a run of moves should stop, and which way the shortest path goes.
 * Each step of a run is still one ordinary move command; these functions only decide, and draw
 * nothing from the duel's random streams.
 */

/** The most steps one run or travel takes. */
export const RUN_LIMIT = 100;

/** What the hero knows before a step, to compare with after it. */
export interface RunWatch {
  readonly hp: number;
  /** The fighters the hero sees (ids). */
  readonly seen: readonly number[];
  readonly messages: number;
  readonly pos: Point | null;
}

function isDoor(grid: Grid, x: number, y: number): boolean {
  const t = grid.get(x, y);
  return t === Terrain.DoorClosed || t === Terrain.DoorOpen;
}

/** The other living fighters the hero sees now. */
export function seenFighters(duel: Duel): ArenaEntity[] {
  const hero = duel.hero;
  if (!hero.pos) return [];
  return duel.world.all().filter((e) => e.id !== hero.id && e.fighter && e.pos && isAlive(e.body) && sees(duel, hero, e));
}

export function runWatch(duel: Duel): RunWatch {
  const hero = duel.hero;
  return {
    hp: hero.body?.hp ?? 0,
    seen: seenFighters(duel).map((e) => e.id),
    messages: duel.messages.length,
    pos: hero.pos ? { x: hero.pos.x, y: hero.pos.y } : null,
  };
}

/** Why a run stops after a step (something happened), or null to go on. */
export function runInterruption(duel: Duel, before: RunWatch): string | null {
  if (duel.outcome) return 'the duel is over';
  const hero = duel.hero;
  if (!isAlive(hero.body)) return 'you fell';
  const now = runWatch(duel);
  const fresh = seenFighters(duel).find((e) => !before.seen.includes(e.id));
  if (fresh) return `the ${fresh.fighter?.name ?? 'foe'} comes into view`;
  if (now.hp < before.hp) return 'you are hurt';
  if (now.hp !== before.hp) return 'your hit points change';
  if (now.messages > before.messages) {
    const text = duel.messages.at(-1)?.text ?? 'something happens';
    return text.charAt(0).toLowerCase() + text.slice(1);
  }
  if (before.pos && now.pos && before.pos.x === now.pos.x && before.pos.y === now.pos.y) return 'you did not move';
  return null;
}

/** Why the hero should not take another step now: an enemy it sees stands beside it. */
export function enemyBeside(duel: Duel): string | null {
  const hero = duel.hero;
  const p = hero.pos;
  if (!p) return 'you cannot move';
  const near = seenFighters(duel).find((e) => e.fighter?.side !== hero.fighter?.side && e.pos && Math.max(Math.abs(e.pos.x - p.x), Math.abs(e.pos.y - p.y)) <= 1);
  return near ? `the ${near.fighter?.name ?? 'foe'} is beside you` : null;
}

/** The two cells beside a step in `dir` (a quarter turn each way). */
export function sideCells(at: Point, dir: DirectionName): [Point, Point] {
  const d = directionOf(dir);
  return [
    { x: at.x + d.dy, y: at.y - d.dx },
    { x: at.x - d.dy, y: at.y + d.dx },
  ];
}

/** Whether each neighbour of `at` is a door (as a bit mask over the eight directions). */
function doorMask(grid: Grid, at: Point): number {
  let m = 0;
  DIRECTIONS.forEach((d, i) => {
    if (isDoor(grid, at.x + d.dx, at.y + d.dy)) m |= 1 << i;
  });
  return m;
}

/**
 * Why a run in `dir` that has just gone from `prev` to `at` stops here before its next step, or
 * null to go on: the way ahead is a wall, a door or someone; a door comes beside the path; or a
 * side that was wall opens (a junction, a room's corner, a side passage). Flyers cross chasms.
 */
export function runStopsAt(grid: Grid, prev: Point, at: Point, dir: DirectionName, flying: boolean, occupied: (x: number, y: number) => boolean): string | null {
  const d = directionOf(dir);
  const ahead = { x: at.x + d.dx, y: at.y + d.dy };
  if (occupied(ahead.x, ahead.y)) return 'someone is in the way';
  if (isDoor(grid, ahead.x, ahead.y)) return 'a door ahead';
  if (!grid.passableFor(ahead.x, ahead.y, flying)) return 'the way is blocked';
  const newDoors = doorMask(grid, at) & ~doorMaskShifted(grid, prev, at);
  if (newDoors !== 0) return 'a door beside you';
  const before = sideCells(prev, dir);
  const after = sideCells(at, dir);
  for (let i = 0; i < 2; i++) {
    const b = before[i] as Point;
    const a = after[i] as Point;
    if (!grid.passableFor(b.x, b.y, flying) && grid.passableFor(a.x, a.y, flying)) return 'an opening beside you';
  }
  return null;
}

/** The doors next to `prev`, as directions seen from `at` (so a door already passed is not new). */
function doorMaskShifted(grid: Grid, prev: Point, at: Point): number {
  let m = 0;
  DIRECTIONS.forEach((d, i) => {
    const x = at.x + d.dx;
    const y = at.y + d.dy;
    if (Math.max(Math.abs(x - prev.x), Math.abs(y - prev.y)) <= 1 && isDoor(grid, x, y)) m |= 1 << i;
  });
  return m;
}

/** The direction of the step from `a` to the neighbouring cell `b`. */
export function directionTo(a: Point, b: Point): DirectionName | undefined {
  return DIRECTIONS.find((d) => a.x + d.dx === b.x && a.y + d.dy === b.y)?.name;
}

/**
 * The first step of the shortest path from `from` to `to` over cells `known` and walkable, or a
 * reason there is none. Occupied cells block; when `to` itself is occupied the walk ends beside it
 * (travelling never attacks).
 */
export function travelStep(
  grid: Grid,
  from: Point,
  to: Point,
  flying: boolean,
  known: (x: number, y: number) => boolean,
  occupied: (x: number, y: number) => boolean,
): { dir: DirectionName } | { stop: string } {
  if (from.x === to.x && from.y === to.y) return { stop: 'you are there' };
  const target = occupied(to.x, to.y);
  if (target && Math.max(Math.abs(from.x - to.x), Math.abs(from.y - to.y)) <= 1) return { stop: 'you are there' };
  const path = findPath(from, to, (x, y) => grid.inside(x, y) && known(x, y) && grid.passableFor(x, y, flying) && !occupied(x, y));
  const first = path?.[0];
  if (!path || !first) return { stop: 'no known way leads there' };
  if (!target && !(known(to.x, to.y) && grid.passableFor(to.x, to.y, flying))) return { stop: 'no known way leads there' };
  const dir = directionTo(from, first);
  return dir ? { dir } : { stop: 'no known way leads there' };
}

/** Where travelling toward the foe goes: the foe if the hero sees it, else where it saw it last. */
export function foeGoal(duel: Duel): Point | undefined {
  const hero = duel.hero;
  const foe = seenFighters(duel).find((e) => e.fighter?.side !== hero.fighter?.side);
  if (foe?.pos) return { x: foe.pos.x, y: foe.pos.y };
  return hero.awareness?.lastSeen ?? undefined;
}
