import { Grid, type Point } from '../../src/world/grid.js';
import { Terrain, terrainFromChar } from '../../src/world/terrain.js';

/**
 * ASCII fixtures for world tests. Terrain uses the arena file characters (`#` wall, `.` floor,
 * `+` closed door, `'` open door, `"` high grass, `,` grass, `:` chasm, `~` water, `T` statue).
 * Any other character marks a labelled floor cell (`@` a viewer or thrower, digits and letters
 * for cells the test talks about). Rows are trimmed of leading spaces so fixtures can be indented.
 */
export interface Fixture {
  readonly grid: Grid;
  /** Labelled cells by their character (each label must appear once). */
  readonly at: (label: string) => Point;
  /** Every labelled cell. */
  readonly labels: ReadonlyMap<string, Point>;
}

export function fixture(text: string): Fixture {
  const rows = text
    .split('\n')
    .map((r) => r.trim())
    .filter((r) => r.length > 0);
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const grid = new Grid(width, height);
  const labels = new Map<string, Point>();
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error(`fixture row ${y} is ${row.length} wide, expected ${width}`);
    [...row].forEach((ch, x) => {
      const t = terrainFromChar(ch);
      if (t !== undefined) {
        grid.set(x, y, t);
        return;
      }
      if (labels.has(ch)) throw new Error(`fixture label ${ch} appears twice`);
      labels.set(ch, { x, y });
      grid.set(x, y, Terrain.Floor);
    });
  });
  return {
    grid,
    labels,
    at(label: string): Point {
      const p = labels.get(label);
      if (!p) throw new Error(`no label ${label} in fixture`);
      return p;
    },
  };
}

/** An all-floor grid (its border ring still counts as solid for walking and projectiles). */
export function openGrid(width: number, height: number): Grid {
  return new Grid(width, height);
}

export const key = (p: Point): string => `${p.x},${p.y}`;
