import { Map as RotMap, RNG } from 'rot-js';
import type { Rng } from '../core/rng.js';
import { isPrintable, printable } from '../core/text.js';
import { Grid, type Point, distance } from './grid.js';
import { Terrain, terrainFromChar } from './terrain.js';

/** The largest arena that fits an 80x24 terminal beside the side panels: the size of the generated ones. */
export const MAX_ARENA_WIDTH = 46;
export const MAX_ARENA_HEIGHT = 18;
/** The largest arena a file may draw: one larger than the map's window scrolls with the hero. */
export const MAX_FILE_ARENA_WIDTH = 160;
export const MAX_FILE_ARENA_HEIGHT = 80;
/** The longest name and description an arena file may give (as for names and descriptions in data tables). */
const MAX_NAME = 40;
const MAX_DESCRIPTION = 300;

export interface Arena {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly grid: Grid;
  /** Where the two fighters start: [hero side, foe side]. */
  readonly spawns: readonly [Point, Point];
}

/** An error in an arena file, naming the file and, where there is one, the line and column. */
export class ArenaError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}${column !== undefined ? `:${column}` : ''}: ${problem}`);
  }
}

/**
 * Parses a hand-drawn arena. Lines starting with `;` are headers (`; name: ...`,
 * `; description: ...`); the rest is the map, one character per cell: `#` wall, `.` floor,
 * `+` closed door, `'` open door, `"` high grass, `,` grass, `:` chasm, `~` water, `T` statue,
 * and `1`/`2` the two start cells (on floor).
 */
export function parseArena(id: string, text: string, file: string): Arena {
  const headers = new Map<string, { value: string; line: number }>();
  const rows: { line: number; text: string }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.startsWith(';')) {
      const m = /^;\s*([a-z]+)\s*:\s*(.*)$/.exec(raw);
      if (!m) throw new ArenaError(file, `a header line must read "; key: value"`, i + 1);
      // Headers are shown to the player: nothing a terminal would obey instead of showing.
      const bad = [...raw].findIndex((c) => !isPrintable(c));
      if (bad >= 0) throw new ArenaError(file, `control characters and escape sequences are not allowed (${printable([...raw][bad] as string)})`, i + 1, bad + 1);
      headers.set(m[1] as string, { value: (m[2] as string).trim(), line: i + 1 });
    } else if (raw.trim() !== '') {
      rows.push({ line: i + 1, text: raw.replace(/\s+$/, '') });
    }
  });
  if (rows.length === 0) throw new ArenaError(file, `the arena has no map rows`);
  const width = Math.max(...rows.map((r) => r.text.length));
  const height = rows.length;
  const wide = rows.find((r) => r.text.length > MAX_FILE_ARENA_WIDTH);
  if (wide) throw new ArenaError(file, `the row is ${wide.text.length} wide; an arena is at most ${MAX_FILE_ARENA_WIDTH} wide`, wide.line);
  const tall = rows[MAX_FILE_ARENA_HEIGHT];
  if (tall) throw new ArenaError(file, `the arena has ${height} rows; an arena has at most ${MAX_FILE_ARENA_HEIGHT}`, tall.line);
  if (width < 5 || height < 5) throw new ArenaError(file, `the arena is ${width}x${height}; at least 5x5 is needed`);
  const grid = new Grid(width, height);
  const spawns: (Point | undefined)[] = [undefined, undefined];
  rows.forEach((r, y) => {
    if (r.text.length !== width) throw new ArenaError(file, `row is ${r.text.length} wide, the arena is ${width} wide`, r.line);
    for (let x = 0; x < width; x++) {
      const ch = r.text[x] as string;
      if (ch === '1' || ch === '2') {
        const k = ch === '1' ? 0 : 1;
        if (spawns[k]) throw new ArenaError(file, `a second start cell '${ch}'`, r.line, x + 1);
        spawns[k] = { x, y };
        grid.set(x, y, Terrain.Floor);
        continue;
      }
      const t = terrainFromChar(ch);
      if (t === undefined) throw new ArenaError(file, `unknown map character '${printable(ch)}'`, r.line, x + 1);
      grid.set(x, y, t);
    }
  });
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) checkBorder(grid, x, y, file, rows);
  }
  for (let y = 0; y < height; y++) {
    for (const x of [0, width - 1]) checkBorder(grid, x, y, file, rows);
  }
  const [a, b] = spawns;
  if (!a || !b) throw new ArenaError(file, `the arena needs both start cells '1' and '2'`);
  const reach = reachable(grid, a, false);
  if (!reach[b.y * width + b.x]) throw new ArenaError(file, `start cell '2' cannot be reached from '1' on foot`, rows[b.y]?.line ?? b.y + 1, b.x + 1);
  const name = headers.get('name');
  if (!name?.value) throw new ArenaError(file, `missing header "; name: ..."`);
  const description = headers.get('description');
  if (name.value.length > MAX_NAME) throw new ArenaError(file, `the name is ${name.value.length} characters long; at most ${MAX_NAME}`, name.line);
  if (description && description.value.length > MAX_DESCRIPTION) throw new ArenaError(file, `the description is ${description.value.length} characters long; at most ${MAX_DESCRIPTION}`, description.line);
  return Object.freeze({ id, name: name.value, description: description?.value ?? '', grid, spawns: freezeSpawns(a, b) });
}

function freezeSpawns(a: Point, b: Point): readonly [Point, Point] {
  return Object.freeze([Object.freeze({ x: a.x, y: a.y }), Object.freeze({ x: b.x, y: b.y })] as const);
}

function checkBorder(grid: Grid, x: number, y: number, file: string, rows: readonly { line: number }[]): void {
  if (grid.get(x, y) !== Terrain.Wall) {
    throw new ArenaError(file, `the outer ring of the arena must be wall '#'`, rows[y]?.line ?? y + 1, x + 1);
  }
}

/** Cells reachable on foot (or on wing) from `from`, as a mask. */
export function reachable(grid: Grid, from: Point, flying: boolean): Uint8Array {
  const seen = new Uint8Array(grid.width * grid.height);
  const queue: Point[] = [from];
  seen[from.y * grid.width + from.x] = 1;
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i] as Point;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = p.x + dx;
        const y = p.y + dy;
        if (!grid.passableFor(x, y, flying) || seen[y * grid.width + x]) continue;
        seen[y * grid.width + x] = 1;
        queue.push({ x, y });
      }
    }
  }
  return seen;
}

/** The kinds of generated arena, each built by a rot-js generator seeded from `mapgen`. */
export const GENERATED_ARENAS = {
  'random-rooms': 'Rooms and corridors dug by rot-js Digger, with doors',
  'random-cave': 'A cave grown by rot-js Cellular, with high grass and pools',
  'random-hall': 'An open hall with random pillars, statues and grass',
} as const;
export type GeneratedArenaKind = keyof typeof GENERATED_ARENAS;

export function isGeneratedArena(id: string): id is GeneratedArenaKind {
  return Object.hasOwn(GENERATED_ARENAS, id);
}

/**
 * Builds a generated arena. rot-js generators draw from rot's global RNG, so it is seeded from
 * the `mapgen` stream right before the call, with `timeLimit: Infinity` (rot's default time
 * limit would make the map depend on the clock). Everything else is drawn from `mapgen`.
 */
export function generateArena(kind: GeneratedArenaKind, mapgen: Rng): Arena {
  const w = MAX_ARENA_WIDTH;
  const h = MAX_ARENA_HEIGHT;
  const grid = new Grid(w, h);
  grid.cells.fill(Terrain.Wall);
  RNG.setSeed(mapgen.int(0xffff_fffe) + 1);
  if (kind === 'random-rooms') {
    const digger = new RotMap.Digger(w, h, {
      roomWidth: [4, 9],
      roomHeight: [3, 5],
      corridorLength: [2, 6],
      dugPercentage: 0.45,
      timeLimit: Infinity,
    });
    digger.create((x, y, v) => grid.set(x, y, v ? Terrain.Wall : Terrain.Floor));
    for (const room of digger.getRooms()) room.getDoors((x, y) => grid.set(x, y, Terrain.DoorClosed));
  } else if (kind === 'random-cave') {
    const cave = new RotMap.Cellular(w, h, { born: [5, 6, 7, 8], survive: [4, 5, 6, 7, 8] });
    cave.randomize(0.52);
    for (let i = 0; i < 3; i++) cave.create();
    cave.connect((x, y, v) => grid.set(x, y, v ? Terrain.Floor : Terrain.Wall), 1);
    sprinkle(grid, mapgen, Terrain.HighGrass, 5, 4);
    sprinkle(grid, mapgen, Terrain.Water, 2, 3);
  } else {
    for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) grid.set(x, y, Terrain.Floor);
    const pillars = 10 + mapgen.int(8);
    for (let i = 0; i < pillars; i++) {
      const x = 3 + mapgen.int(w - 6);
      const y = 3 + mapgen.int(h - 6);
      grid.set(x, y, mapgen.int(3) === 0 ? Terrain.Statue : Terrain.Wall);
    }
    sprinkle(grid, mapgen, Terrain.Grass, 4, 5);
    sprinkle(grid, mapgen, Terrain.HighGrass, 3, 3);
  }
  for (let x = 0; x < w; x++) {
    grid.set(x, 0, Terrain.Wall);
    grid.set(x, h - 1, Terrain.Wall);
  }
  for (let y = 0; y < h; y++) {
    grid.set(0, y, Terrain.Wall);
    grid.set(w - 1, y, Terrain.Wall);
  }
  const [a, b] = chooseSpawns(grid, mapgen);
  const spawns = freezeSpawns(a, b);
  return Object.freeze({
    id: kind,
    name: kind.replace('random-', 'random ').replace(/^./, (c) => c.toUpperCase()),
    description: GENERATED_ARENAS[kind],
    grid,
    spawns,
  });
}

/** Arenas built in code that draw nothing: the same every time. */
export const FIXED_ARENAS = {
  ring: 'Two cells walled in: the fighters toe to toe from the first move, nowhere to go (a pure melee exchange)',
} as const;
export type FixedArenaId = keyof typeof FIXED_ARENAS;

export function isFixedArena(id: string): id is FixedArenaId {
  return Object.hasOwn(FIXED_ARENAS, id);
}

/** A fixed arena. The ring: two floor cells side by side inside walls. */
export function fixedArena(id: FixedArenaId): Arena {
  const grid = new Grid(5, 5);
  grid.cells.fill(Terrain.Wall);
  grid.set(1, 2, Terrain.Floor);
  grid.set(2, 2, Terrain.Floor);
  return Object.freeze({ id, name: 'The Ring', description: FIXED_ARENAS[id], grid, spawns: freezeSpawns({ x: 1, y: 2 }, { x: 2, y: 2 }) });
}

/** The description of an arena built in code (generated or fixed). */
export function builtInDescription(id: string): string {
  return isGeneratedArena(id) ? GENERATED_ARENAS[id] : isFixedArena(id) ? FIXED_ARENAS[id] : '';
}

/** Scatters `count` blobs of terrain over floor cells. */
function sprinkle(grid: Grid, rng: Rng, t: Terrain, count: number, size: number): void {
  for (let i = 0; i < count; i++) {
    let x = 1 + rng.int(grid.width - 2);
    let y = 1 + rng.int(grid.height - 2);
    for (let k = 0; k < size * 2; k++) {
      if (grid.get(x, y) === Terrain.Floor) grid.set(x, y, t);
      x = Math.min(grid.width - 2, Math.max(1, x + rng.int(3) - 1));
      y = Math.min(grid.height - 2, Math.max(1, y + rng.int(3) - 1));
    }
  }
}

/** Picks two connected floor cells far apart: the hero's at random, the foe's among the farthest. */
function chooseSpawns(grid: Grid, rng: Rng): readonly [Point, Point] {
  const floors: Point[] = [];
  for (let y = 1; y < grid.height - 1; y++) {
    for (let x = 1; x < grid.width - 1; x++) if (grid.get(x, y) === Terrain.Floor) floors.push({ x, y });
  }
  if (floors.length < 2) throw new Error('generated arena has fewer than two floor cells');
  const a = floors[rng.int(floors.length)] as Point;
  const reach = reachable(grid, a, false);
  const candidates = floors.filter((p) => reach[p.y * grid.width + p.x] && (p.x !== a.x || p.y !== a.y));
  if (candidates.length === 0) return chooseSpawns(grid, rng);
  const far = Math.max(...candidates.map((p) => distance(p, a)));
  const best = candidates.filter((p) => distance(p, a) >= Math.max(2, Math.floor((far * 2) / 3)));
  const b = best[rng.int(best.length)] as Point;
  return [a, b];
}
