import type { Grid, Point } from './grid.js';
import type { Occupied, ProjectilePath } from './projectile.js';
import { Terrain } from './terrain.js';

/**
 * Angband 3.0.5's distance: the longer axis plus half the shorter, rounded down (cave.c
 * `distance`). Five across and five down is 7, not 5.
 */
export function angbandDistance(a: Point, b: Point): number {
  const ay = Math.abs(a.y - b.y);
  const ax = Math.abs(a.x - b.x);
  return ay > ax ? ay + (ax >> 1) : ax + (ay >> 1);
}

/**
 * The grids a projection passes through, as Angband 3.0.5 walks them (cave.c `project_path`):
 * one grid per step along the longer axis, the shorter axis advancing when a fraction kept in
 * units of (dx * dy) reaches a half grid. The start grid is never listed. The walk stops at the
 * destination, at the first wall grid (which is listed), or when `n + k / 2` reaches `range`,
 * where `n` counts grids and `k` sideways steps (so a diagonal reaches only about 2/3 as far).
 * `isWall(x, y)` says which grids stop it.
 */
export function projectPath(from: Point, to: Point, range: number, isWall: (x: number, y: number) => boolean): Point[] {
  const out: Point[] = [];
  if (from.x === to.x && from.y === to.y) return out;
  const ay = Math.abs(to.y - from.y);
  const ax = Math.abs(to.x - from.x);
  const sy = to.y < from.y ? -1 : 1;
  const sx = to.x < from.x ? -1 : 1;
  const half = ay * ax;
  const full = half << 1;
  let y: number;
  let x: number;
  let k = 0;
  if (ay !== ax) {
    const vertical = ay > ax;
    let frac = vertical ? ax * ax : ay * ay;
    const m = frac << 1;
    y = vertical ? from.y + sy : from.y;
    x = vertical ? from.x : from.x + sx;
    for (;;) {
      out.push({ x, y });
      if (out.length + (k >> 1) >= range) break;
      if (x === to.x && y === to.y) break;
      if (isWall(x, y)) break;
      if (m) {
        frac += m;
        if (frac >= half) {
          if (vertical) x += sx;
          else y += sy;
          frac -= full;
          k++;
        }
      }
      if (vertical) y += sy;
      else x += sx;
    }
    return out;
  }
  y = from.y + sy;
  x = from.x + sx;
  for (;;) {
    out.push({ x, y });
    const n = out.length;
    if (n + (n >> 1) >= range) break;
    if (x === to.x && y === to.y) break;
    if (isWall(x, y)) break;
    y += sy;
    x += sx;
  }
  return out;
}

/**
 * Whether a grid stops Angband missiles: walls, statues and closed doors (the game's CAVE_WALL
 * grids). Everything else, chasms and high grass included, is flown over.
 */
export function stopsAngbandMissile(grid: Grid, x: number, y: number): boolean {
  if (grid.onBorder(x, y)) return true;
  const t = grid.get(x, y);
  return t === Terrain.Wall || t === Terrain.Statue || t === Terrain.DoorClosed;
}

/**
 * A thrown or fired object's flight (cmd2.c `do_cmd_fire`, `do_cmd_throw`): along
 * `projectPath`, stopping before the first wall grid, on the first grid holding a character
 * (whether it then hits or misses), at the target, or at the end of its range.
 */
export function castAngbandMissile(grid: Grid, from: Point, to: Point, range: number, occupied: Occupied): ProjectilePath {
  const path = projectPath(from, to, range, (x, y) => stopsAngbandMissile(grid, x, y));
  const cells: Point[] = [];
  for (const p of path) {
    if (stopsAngbandMissile(grid, p.x, p.y)) {
      // It falls before the wall: on the thrower's own grid when the wall is next to it.
      const stop = cells[cells.length - 1] ?? from;
      return { cells, stop, reason: 'obstacle', obstacle: p, trace: [from, ...cells] };
    }
    cells.push(p);
    if (occupied(p.x, p.y)) return { cells, stop: p, reason: 'character', trace: [from, ...cells] };
  }
  const last = cells[cells.length - 1];
  if (!last) return { cells, stop: from, reason: 'start', trace: [from] };
  const reason = last.x === to.x && last.y === to.y ? 'target' : 'range';
  return { cells, stop: last, reason, trace: [from, ...cells] };
}
