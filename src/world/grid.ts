import { Terrain, TERRAIN_INFO, type TerrainInfo } from './terrain.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The eight directions, in the fixed order used everywhere (N, NE, E, SE, S, SW, W, NW). */
export const DIRECTIONS = [
  { name: 'n', dx: 0, dy: -1 },
  { name: 'ne', dx: 1, dy: -1 },
  { name: 'e', dx: 1, dy: 0 },
  { name: 'se', dx: 1, dy: 1 },
  { name: 's', dx: 0, dy: 1 },
  { name: 'sw', dx: -1, dy: 1 },
  { name: 'w', dx: -1, dy: 0 },
  { name: 'nw', dx: -1, dy: -1 },
] as const;
export type DirectionName = (typeof DIRECTIONS)[number]['name'];

export function directionOf(name: DirectionName): { dx: number; dy: number } {
  const d = DIRECTIONS.find((x) => x.name === name);
  if (!d) throw new Error(`unknown direction ${name}`);
  return d;
}

/** Chebyshev distance: the number of king moves between two cells. */
export function distance(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

export function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/**
 * The terrain of an arena. The outermost ring is always treated as solid wall, as Pixel Dungeon
 * forces its level border, so walks and projectiles never leave the map.
 */
export class Grid {
  readonly cells: Uint8Array;
  /** Bumped on every change to the cells, so what was computed from them can be reused until then. */
  version = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    cells?: ArrayLike<number>,
  ) {
    this.cells = new Uint8Array(width * height);
    if (cells) this.cells.set(cells);
  }

  clone(): Grid {
    return new Grid(this.width, this.height, this.cells);
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  onBorder(x: number, y: number): boolean {
    return x <= 0 || y <= 0 || x >= this.width - 1 || y >= this.height - 1;
  }

  get(x: number, y: number): Terrain {
    if (!this.inside(x, y)) return Terrain.Wall;
    return this.cells[y * this.width + x] as Terrain;
  }

  set(x: number, y: number, t: Terrain): void {
    if (!this.inside(x, y)) throw new RangeError(`cell ${x},${y} is outside the ${this.width}x${this.height} arena`);
    this.cells[y * this.width + x] = t;
    this.version++;
  }

  /** Replaces every cell (restoring a snapshot). */
  load(cells: ArrayLike<number>): void {
    if (cells.length !== this.cells.length) throw new RangeError(`${cells.length} cells for a ${this.width}x${this.height} arena`);
    this.cells.set(cells);
    this.version++;
  }

  info(x: number, y: number): TerrainInfo {
    return TERRAIN_INFO[this.get(x, y)];
  }

  passable(x: number, y: number): boolean {
    return !this.onBorder(x, y) && this.info(x, y).passable;
  }

  /** Walkable for a flyer: passable or flown over. */
  passableFor(x: number, y: number, flying: boolean): boolean {
    if (this.onBorder(x, y)) return false;
    const i = this.info(x, y);
    return i.passable || (flying && i.avoid);
  }

  blocksSight(x: number, y: number): boolean {
    return !this.inside(x, y) || this.info(x, y).blocksSight;
  }

  avoid(x: number, y: number): boolean {
    return !this.onBorder(x, y) && this.info(x, y).avoid;
  }

  /** Rows of file characters, for saving and for test fixtures. */
  toText(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let s = '';
      for (let x = 0; x < this.width; x++) s += TERRAIN_INFO[this.get(x, y)].fileChar;
      rows.push(s);
    }
    return rows;
  }
}
