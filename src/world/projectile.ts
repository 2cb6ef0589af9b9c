import { castAngbandMissile } from './angband-path.js';
import type { Grid, Point } from './grid.js';

/**
 * The projectile path of the whole arena: Pixel Dungeon's Bresenham variant (`Ballistica.cast`),
 * as described in research/pixel-dungeon.md and the "Targeting" section of seed 002.
 * @spoiler pixel-dungeon#targeting
 *
 * Walk along the longer axis one cell at a time; an error term that starts at half the long
 * distance gains the short distance each step, and each time it reaches the long distance the
 * path also moves one cell along the short axis. The start cell is never tested. A cell that is
 * neither passable nor flown over (wall, statue, the map border) stops the projectile in the
 * cell before it; a cell that blocks sight (closed door, high grass), or holds a character when
 * `hitChars` is set, stops it on that cell. Without `magic` the walk ends at the target; with
 * `magic` (bolts) it carries on past the target until something stops it.
 */
export interface ProjectileOptions {
  /** Continue past the target (bolts). */
  readonly magic: boolean;
  /** Stop on the first cell holding a character. */
  readonly hitChars: boolean;
  /** Which game's flight: Pixel Dungeon's Ballistica (the default) or Angband's project_path. */
  readonly path?: 'ballistica' | 'angband';
  /** How far an Angband missile flies (its project_path range). */
  readonly range?: number;
}

export interface ProjectilePath {
  /** Cells flown through after the start, ending with the stop cell (empty if stopped at once). */
  readonly cells: readonly Point[];
  /** Where the projectile ends up. */
  readonly stop: Point;
  /** Why it stopped there. */
  readonly reason: 'target' | 'obstacle' | 'sight-blocker' | 'character' | 'start' | 'range';
  /** The cell that stopped it, for an obstacle (Angband flights). */
  readonly obstacle?: Point;
  /**
   * QUIRK(Ballistica.java): the game's own trace array: the start cell, every cell walked, and,
   * when the target is reached without `magic`, the target written a second time.
   */
  readonly trace: readonly Point[];
}

export type Occupied = (x: number, y: number) => boolean;

const NOBODY: Occupied = () => false;

/** The walk's axes: signs, which axis is long, and the long and short distances. */
function axes(from: Point, to: Point): { sx: number; sy: number; xMajor: boolean; dA: number; dB: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  // A zero delta steps negatively, as in the game (matters only for magic self-targeting).
  // Exact diagonals count as y-major; the cells are the same.
  const xMajor = ax > ay;
  return { sx: dx > 0 ? 1 : -1, sy: dy > 0 ? 1 : -1, xMajor, dA: xMajor ? ax : ay, dB: xMajor ? ay : ax };
}

export function castProjectile(
  grid: Grid,
  from: Point,
  to: Point,
  options: ProjectileOptions,
  occupied: Occupied = NOBODY,
): ProjectilePath {
  if (options.path === 'angband') return castAngbandMissile(grid, from, to, options.range ?? 20, occupied);
  const { sx, sy, xMajor, dA, dB } = axes(from, to);
  const [lx, ly] = xMajor ? [sx, 0] : [0, sy];
  const [shx, shy] = xMajor ? [0, sy] : [sx, 0];

  const trace: Point[] = [from];
  const cells: Point[] = [];
  let x = from.x;
  let y = from.y;
  let err = Math.floor(dA / 2);
  // The border ring is solid, so even a magic walk ends within width + height steps.
  const limit = grid.width + grid.height + 2;
  for (let step = 0; (x !== to.x || y !== to.y || options.magic) && step < limit; step++) {
    x += lx;
    y += ly;
    err += dB;
    if (err >= dA) {
      err -= dA;
      x += shx;
      y += shy;
    }
    const p = { x, y };
    if (!grid.passable(x, y) && !grid.avoid(x, y)) {
      const stop = cells.length > 0 ? (cells[cells.length - 1] as Point) : from;
      return { cells, stop, reason: cells.length > 0 ? 'obstacle' : 'start', trace };
    }
    trace.push(p);
    cells.push(p);
    if (grid.blocksSight(x, y)) return { cells, stop: p, reason: 'sight-blocker', trace };
    if (options.hitChars && occupied(x, y)) return { cells, stop: p, reason: 'character', trace };
  }
  trace.push(to);
  return { cells, stop: to, reason: 'target', trace };
}

/**
 * The seed's closed form: the i-th cell of the walk (i = 0 is the start) on an open map,
 * `long = i` and `short = floor((floor(dA/2) + i*dB) / dA)` along each axis's sign. It holds for
 * i past the target too (bolts).
 */
export function projectileCell(from: Point, to: Point, i: number): Point {
  const { sx, sy, xMajor, dA, dB } = axes(from, to);
  const short = dA === 0 ? i : Math.floor((Math.floor(dA / 2) + i * dB) / dA);
  return xMajor ? { x: from.x + i * sx, y: from.y + short * sy } : { x: from.x + short * sx, y: from.y + i * sy };
}
