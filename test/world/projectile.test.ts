import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Grid, type Point } from '../../src/world/grid.js';
import { castProjectile, projectileCell, type ProjectilePath } from '../../src/world/projectile.js';
import { TERRAIN_INFO, Terrain } from '../../src/world/terrain.js';
import { fixture, key, openGrid } from './ascii.js';

const P = (x: number, y: number): Point => ({ x, y });
const THROWN = { magic: false, hitChars: true } as const; // thrown items, mob "can I shoot you"
const BOLT = { magic: true, hitChars: true } as const; // most wands
const PIERCING = { magic: true, hitChars: false } as const; // disintegration, the evil eye
const PLAIN = { magic: false, hitChars: false } as const;

/** Pixel Dungeon levels are 32x32; an all-floor one, whose border ring is solid. */
const pdLevel = (): Grid => openGrid(32, 32);

const occupiedBy =
  (...cells: Point[]) =>
  (x: number, y: number): boolean =>
    cells.some((c) => c.x === x && c.y === y);

/**
 * A line-by-line port of Ballistica.cast (Pixel Dungeon 1.9.1, mechanics/Ballistica.java) on
 * linear cell indices, with the level flags built the way Level.java builds them: passable,
 * avoid and losBlocking from Terrain.flags, and the border ring forced to not passable and not
 * avoid. Used as the oracle for the property tests.
 */
function ballistica(
  grid: Grid,
  from: Point,
  to: Point,
  magic: boolean,
  hitChars: boolean,
  occupied: (x: number, y: number) => boolean,
): { stop: Point; trace: Point[]; reason: ProjectilePath['reason'] } {
  const w = grid.width;
  const h = grid.height;
  const border = (c: number): boolean => c % w === 0 || c % w === w - 1 || Math.floor(c / w) === 0 || Math.floor(c / w) === h - 1;
  const info = (c: number) => TERRAIN_INFO[grid.cells[c] as Terrain];
  const passable = (c: number): boolean => !border(c) && info(c).passable;
  const avoid = (c: number): boolean => !border(c) && info(c).avoid;
  const losBlocking = (c: number): boolean => info(c).blocksSight;
  const pt = (c: number): Point => ({ x: c % w, y: Math.floor(c / w) });

  const fromC = from.x + from.y * w;
  const toC = to.x + to.y * w;
  const x0 = fromC % w;
  const x1 = toC % w;
  const y0 = Math.floor(fromC / w);
  const y1 = Math.floor(toC / w);
  let dx = x1 - x0;
  let dy = y1 - y0;
  const stepX = dx > 0 ? +1 : -1;
  const stepY = dy > 0 ? +1 : -1;
  dx = Math.abs(dx);
  dy = Math.abs(dy);
  let stepA: number;
  let stepB: number;
  let dA: number;
  let dB: number;
  if (dx > dy) {
    stepA = stepX;
    stepB = stepY * w;
    dA = dx;
    dB = dy;
  } else {
    stepA = stepY * w;
    stepB = stepX;
    dA = dy;
    dB = dx;
  }
  const trace: number[] = [];
  let distance = 1;
  trace[0] = fromC;
  let cell = fromC;
  let err = Math.trunc(dA / 2);
  while (cell !== toC || magic) {
    cell += stepA;
    err += dB;
    if (err >= dA) {
      err = err - dA;
      cell = cell + stepB;
    }
    trace[distance++] = cell;
    if (!passable(cell) && !avoid(cell)) {
      --distance;
      return { stop: pt(trace[distance - 1]!), trace: trace.slice(0, distance).map(pt), reason: distance === 1 ? 'start' : 'obstacle' };
    }
    if (losBlocking(cell)) return { stop: pt(cell), trace: trace.slice(0, distance).map(pt), reason: 'sight-blocker' };
    if (hitChars && occupied(pt(cell).x, pt(cell).y)) return { stop: pt(cell), trace: trace.slice(0, distance).map(pt), reason: 'character' };
  }
  trace[distance++] = cell;
  return { stop: pt(toC), trace: trace.slice(0, distance).map(pt), reason: 'target' };
}

/** The wiki's Cell(i) for the A x B rectangle, computed as the seed writes it (integer division). */
function seedCell(A: number, B: number, i: number): number {
  return i + A * Math.floor((Math.floor((A - 1) / 2) + i * (B - 1)) / (A - 1));
}

describe('the seed\'s worked example: a 16 x 9 rectangle, from cell 0 = (0,0) to cell 143 = (15,8)', () => {
  // Cell(i) written as x + 16*y, i = 0..15: the seed lists 0, 17, ..., 126, 143; the rows between
  // follow from its formula Cell(i) = i + 16 * ((15/2 + 8i) / 15) with integer division.
  const CELLS: readonly [number, number][] = [
    [0, 0],
    [1, 17],
    [2, 18],
    [3, 35],
    [4, 36],
    [5, 53],
    [6, 54],
    [7, 71],
    [8, 72],
    [9, 89],
    [10, 90],
    [11, 107],
    [12, 108],
    [13, 125],
    [14, 126],
    [15, 143],
  ];
  const from = P(0, 0);
  const to = P(15, 8);
  const asIndex = (p: Point): number => p.x + 16 * p.y;

  it.each(CELLS)('Cell(%i) = %i: the seed formula', (i, cell) => {
    expect(seedCell(16, 9, i)).toBe(cell);
  });

  it.each(CELLS)('Cell(%i) = %i: projectileCell', (i, cell) => {
    expect(asIndex(projectileCell(from, to, i))).toBe(cell);
  });

  it.each(CELLS.filter(([i]) => i > 0))('Cell(%i) = %i: castProjectile visits it as step i', (i, cell) => {
    const path = castProjectile(pdLevel(), from, to, PLAIN);
    expect(asIndex(path.cells[i - 1]!)).toBe(cell);
  });

  it('the thrown path is exactly Cell(1..15), reaches the target and duplicates it in the trace', () => {
    // The start (0,0) is on the level border, and is never tested.
    const path = castProjectile(pdLevel(), from, to, THROWN);
    expect(path.cells.map(asIndex)).toEqual(CELLS.slice(1).map(([, c]) => c));
    expect(path.stop).toEqual(to);
    expect(path.reason).toBe('target');
    expect(path.trace.map(asIndex)).toEqual([0, ...CELLS.slice(1).map(([, c]) => c), 143]);
  });

  // The seed's "running sum" walk: start at (A-1)/2 = 7, add B-1 = 8 each step, and when the sum
  // reaches 15 subtract 15 and go down a row (research note item 15: the threshold is A-1 = 15,
  // which the seed calls "B-1 (15)"). One row per step of the seed's walk, continuing into row 10.
  // [step i, sum after adding 8, value kept, row (1-based)]
  const WALK: readonly [number, number, number, number][] = [
    [0, 7, 7, 1],
    [1, 15, 0, 2],
    [2, 8, 8, 2],
    [3, 16, 1, 3],
    [4, 9, 9, 3],
    [5, 17, 2, 4],
    [6, 10, 10, 4],
    [7, 18, 3, 5],
    [8, 11, 11, 5],
    [9, 19, 4, 6],
    [10, 12, 12, 6],
    [11, 20, 5, 7],
    [12, 13, 13, 7],
    [13, 21, 6, 8],
    [14, 14, 14, 8],
    [15, 22, 7, 9],
    [16, 15, 0, 10],
  ];

  it('the running-sum table is consistent with itself (threshold 15, step 8)', () => {
    let err = 7;
    let row = 1;
    for (const [i, sum, kept, r] of WALK) {
      if (i > 0) {
        expect(err + 8).toBe(sum);
        err = sum >= 15 ? sum - 15 : sum;
        if (sum >= 15) row++;
      }
      expect([err, row]).toEqual([kept, r]);
    }
  });

  it.each(WALK)('running sum, step %i (sum %i, keep %i): the projectile is on row %i', (i, _sum, _kept, row) => {
    expect(projectileCell(from, to, i)).toEqual(P(i, row - 1));
    if (i > 0) {
      const bolt = castProjectile(pdLevel(), from, to, BOLT);
      expect(bolt.cells[i - 1]).toEqual(P(i, row - 1));
    }
  });

  it('a bolt continues past the target along the same formula (rows 10 and beyond) until the border', () => {
    const bolt = castProjectile(pdLevel(), from, to, BOLT);
    // x = 31 is the border, so the last cell is step 30.
    const expected = Array.from({ length: 30 }, (_, k) => {
      const i = k + 1;
      return P(i, Math.floor((7 + 8 * i) / 15));
    });
    expect(bolt.cells).toEqual(expected);
    expect(bolt.stop).toEqual(P(30, 16));
    expect(bolt.reason).toBe('obstacle');
    expect(bolt.trace).toEqual([from, ...expected]);
    for (let i = 16; i <= 30; i++) expect(projectileCell(from, to, i)).toEqual(P(i, Math.floor((7 + 8 * i) / 15)));
  });
});

describe('the seed\'s obstacle example: walls at (7,4) and (5,4), thrower at (1,1)', () => {
  const level = (): Grid => {
    const g = pdLevel();
    g.set(7, 4, Terrain.Wall);
    g.set(5, 4, Terrain.Wall);
    return g;
  };
  const from = P(1, 1);
  const has = (path: ProjectilePath, p: Point): boolean => path.cells.some((c) => c.x === p.x && c.y === p.y);

  it('tapping A = (16,10) passes (6,4) and (8,5) and reaches the target', () => {
    const path = castProjectile(level(), from, P(16, 10), THROWN);
    // By hand: x-major, dA = 15, dB = 9, err from 7: y offset = floor((7 + 9i) / 15).
    expect(path.cells).toEqual(Array.from({ length: 15 }, (_, k) => P(2 + k, 1 + Math.floor((7 + 9 * (k + 1)) / 15))));
    expect(has(path, P(6, 4))).toBe(true);
    expect(has(path, P(8, 5))).toBe(true);
    expect(path.stop).toEqual(P(16, 10));
    expect(path.reason).toBe('target');
  });

  it('an enemy at (8,5) is hit by tapping A', () => {
    const path = castProjectile(level(), from, P(16, 10), THROWN, occupiedBy(P(8, 5)));
    expect(path.stop).toEqual(P(8, 5));
    expect(path.reason).toBe('character');
    expect(path.cells.at(-1)).toEqual(P(8, 5));
  });

  it('tapping (16,9) instead crosses (7,4) and stops at (6,4)', () => {
    const path = castProjectile(level(), from, P(16, 9), THROWN, occupiedBy(P(8, 5)));
    expect(path.cells).toEqual([P(2, 2), P(3, 2), P(4, 3), P(5, 3), P(6, 4)]);
    expect(path.stop).toEqual(P(6, 4));
    expect(path.reason).toBe('obstacle');
    expect(has(path, P(7, 4))).toBe(false);
  });

  it('tapping the enemy\'s own cell (8,5) also runs into (7,4): it stops at (6,4)', () => {
    // By hand: dA = 7, dB = 4, err from 3: (2,2) (3,2) (4,3) (5,3) (6,4) then (7,4) is the wall.
    const path = castProjectile(level(), from, P(8, 5), THROWN, occupiedBy(P(8, 5)));
    expect(path.cells).toEqual([P(2, 2), P(3, 2), P(4, 3), P(5, 3), P(6, 4)]);
    expect(path.stop).toEqual(P(6, 4));
  });
});

describe('where a projectile stops', () => {
  it('the start cell is never tested: a wall, a door or a character under the thrower changes nothing', () => {
    for (const t of [Terrain.Wall, Terrain.DoorClosed, Terrain.HighGrass, Terrain.Statue]) {
      const g = openGrid(12, 7);
      g.set(2, 3, t);
      const path = castProjectile(g, P(2, 3), P(8, 3), THROWN, occupiedBy(P(2, 3)));
      expect(path.stop).toEqual(P(8, 3));
      expect(path.reason).toBe('target');
    }
  });

  it('a wall stops it in the cell before; the wall is not in the trace', () => {
    const f = fixture(`
      ##########
      #@...#..b#
      ##########
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('b'), THROWN);
    expect(path.stop).toEqual(P(4, 1));
    expect(path.reason).toBe('obstacle');
    expect(path.cells).toEqual([P(2, 1), P(3, 1), P(4, 1)]);
    expect(path.trace).toEqual([P(1, 1), P(2, 1), P(3, 1), P(4, 1)]);
  });

  it('a wall right next to the thrower: it stays on the start cell', () => {
    const f = fixture(`
      #######
      #@#..b#
      #######
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('b'), BOLT);
    expect(path.stop).toEqual(f.at('@'));
    expect(path.reason).toBe('start');
    expect(path.cells).toEqual([]);
    expect(path.trace).toEqual([f.at('@')]);
  });

  it('a statue stops it in the cell before (not passable, not flown over)', () => {
    const f = fixture(`
      #########
      #@..T..b#
      #########
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('b'), PIERCING);
    expect(path.stop).toEqual(P(3, 1));
    expect(path.reason).toBe('obstacle');
  });

  it('a wall as the target: it stops in the cell before', () => {
    const f = fixture(`
      ########
      #@....##
      ########
    `);
    const path = castProjectile(f.grid, f.at('@'), P(6, 1), THROWN);
    expect(path.stop).toEqual(P(5, 1));
    expect(path.reason).toBe('obstacle');
  });

  it.each([
    ['closed door', '+'],
    ['high grass', '"'],
  ])('a %s stops it ON the cell', (_name, ch) => {
    const f = fixture(`
      #########
      #@..${ch}..b#
      #########
    `);
    for (const opts of [THROWN, BOLT, PIERCING, PLAIN]) {
      const path = castProjectile(f.grid, f.at('@'), f.at('b'), opts);
      expect(path.stop).toEqual(P(4, 1));
      expect(path.reason).toBe('sight-blocker');
      expect(path.cells).toEqual([P(2, 1), P(3, 1), P(4, 1)]);
      expect(path.trace).toEqual([P(1, 1), P(2, 1), P(3, 1), P(4, 1)]);
    }
  });

  it('a closed door as the target: it stops on the door and the target is not duplicated', () => {
    const f = fixture(`
      #######
      #@...+#
      #######
    `);
    const path = castProjectile(f.grid, f.at('@'), P(5, 1), THROWN);
    expect(path.stop).toEqual(P(5, 1));
    expect(path.reason).toBe('sight-blocker');
    expect(path.trace).toEqual([P(1, 1), P(2, 1), P(3, 1), P(4, 1), P(5, 1)]);
  });

  it('a chasm is flown over', () => {
    const f = fixture(`
      ##########
      #@.:::..b#
      ##########
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('b'), THROWN);
    expect(path.stop).toEqual(f.at('b'));
    expect(path.reason).toBe('target');
    expect(path.cells).toHaveLength(7);
  });

  it('a chasm as the target is reached', () => {
    const f = fixture(`
      #######
      #@..:.#
      #######
    `);
    const path = castProjectile(f.grid, f.at('@'), P(4, 1), THROWN);
    expect(path.stop).toEqual(P(4, 1));
    expect(path.reason).toBe('target');
  });

  it("open doors, grass and water are passed", () => {
    const f = fixture(`
      #########
      #@',~',b#
      #########
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('b'), THROWN);
    expect(path.stop).toEqual(f.at('b'));
    expect(path.reason).toBe('target');
  });

  it('a diagonal step slips between two diagonally adjacent walls', () => {
    const f = fixture(`
      #######
      #@#...#
      ##....#
      #...b.#
      #######
    `);
    // (1,1) -> (2,2) lands between the walls at (2,1) and (1,2); only the landing cell is tested.
    const path = castProjectile(f.grid, f.at('@'), P(3, 3), THROWN);
    expect(path.cells).toEqual([P(2, 2), P(3, 3)]);
    expect(path.reason).toBe('target');
  });
});

describe('characters', () => {
  const row = (): Grid =>
    fixture(`
      ############
      #..........#
      ############
    `).grid;
  const from = P(1, 1);
  const to = P(6, 1);

  it('with hitChars, a character before the target stops it on its cell', () => {
    const path = castProjectile(row(), from, to, THROWN, occupiedBy(P(4, 1)));
    expect(path.stop).toEqual(P(4, 1));
    expect(path.reason).toBe('character');
    expect(path.trace).toEqual([P(1, 1), P(2, 1), P(3, 1), P(4, 1)]);
  });

  it('with hitChars, a character on the target stops it there, without duplicating the target', () => {
    const path = castProjectile(row(), from, to, THROWN, occupiedBy(to));
    expect(path.stop).toEqual(to);
    expect(path.reason).toBe('character');
    expect(path.trace).toEqual([P(1, 1), P(2, 1), P(3, 1), P(4, 1), P(5, 1), P(6, 1)]);
  });

  it('a bolt with hitChars hits a character beyond an empty target', () => {
    const path = castProjectile(row(), from, to, BOLT, occupiedBy(P(9, 1)));
    expect(path.stop).toEqual(P(9, 1));
    expect(path.reason).toBe('character');
  });

  it('without hitChars characters are passed through', () => {
    const thrown = castProjectile(row(), from, to, PLAIN, occupiedBy(P(3, 1), to));
    expect(thrown.stop).toEqual(to);
    expect(thrown.reason).toBe('target');
    const piercing = castProjectile(row(), from, to, PIERCING, occupiedBy(P(3, 1), to, P(8, 1)));
    expect(piercing.stop).toEqual(P(10, 1));
    expect(piercing.reason).toBe('obstacle');
  });

  it('the thrower\'s own cell is never hit', () => {
    const path = castProjectile(row(), from, to, BOLT, occupiedBy(from));
    expect(path.stop).toEqual(P(10, 1));
  });
});

describe('magic, self-targeting and the duplicated target', () => {
  it('magic never stops because it reached the target: it goes on to the wall', () => {
    const f = fixture(`
      ###########
      #@..t.....#
      ###########
    `);
    const path = castProjectile(f.grid, f.at('@'), f.at('t'), BOLT);
    expect(path.stop).toEqual(P(9, 1));
    expect(path.reason).toBe('obstacle');
    expect(path.trace).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => P(x, 1)));
  });

  it('QUIRK: a target reached without magic is written twice in the trace', () => {
    const path = castProjectile(openGrid(10, 10), P(2, 2), P(5, 4), PLAIN);
    // dA = 3, dB = 2, err from 1: (3,3) (4,3) (5,4)
    expect(path.cells).toEqual([P(3, 3), P(4, 3), P(5, 4)]);
    expect(path.trace).toEqual([P(2, 2), P(3, 3), P(4, 3), P(5, 4), P(5, 4)]);
  });

  it('from == to without magic: the result is the start, the trace [from, from]', () => {
    const path = castProjectile(openGrid(10, 10), P(4, 4), P(4, 4), THROWN, occupiedBy(P(3, 3)));
    expect(path.stop).toEqual(P(4, 4));
    expect(path.cells).toEqual([]);
    expect(path.trace).toEqual([P(4, 4), P(4, 4)]);
    expect(path.reason).toBe('target');
  });

  it('from == to with magic: it walks diagonally up-left until something stops it', () => {
    const path = castProjectile(openGrid(10, 10), P(5, 6), P(5, 6), PIERCING);
    expect(path.cells).toEqual([P(4, 5), P(3, 4), P(2, 3), P(1, 2)]);
    expect(path.stop).toEqual(P(1, 2)); // (0,1) is the border
    expect(path.reason).toBe('obstacle');
    const hit = castProjectile(openGrid(10, 10), P(5, 6), P(5, 6), BOLT, occupiedBy(P(3, 4)));
    expect(hit.stop).toEqual(P(3, 4));
    expect(hit.reason).toBe('character');
    for (let i = 0; i <= 4; i++) expect(projectileCell(P(5, 6), P(5, 6), i)).toEqual(P(5 - i, 6 - i));
  });

  it('path(B -> A) is not always the reverse of path(A -> B)', () => {
    // By hand: (2,2) -> (6,3): dA = 4, dB = 1, err from 2: (3,2) (4,3) (5,3) (6,3).
    // (6,3) -> (2,2): err from 2: (5,3) (4,2) (3,2) (2,2).
    const g = openGrid(10, 10);
    const ab = castProjectile(g, P(2, 2), P(6, 3), PLAIN);
    const ba = castProjectile(g, P(6, 3), P(2, 2), PLAIN);
    expect(ab.cells).toEqual([P(3, 2), P(4, 3), P(5, 3), P(6, 3)]);
    expect(ba.cells).toEqual([P(5, 3), P(4, 2), P(3, 2), P(2, 2)]);
  });
});

// ---------------------------------------------------------------- properties

const TERRAINS = Object.values(Terrain) as Terrain[];

interface Scene {
  readonly grid: Grid;
  readonly from: Point;
  readonly to: Point;
  readonly occupied: ReadonlySet<string>;
  readonly magic: boolean;
  readonly hitChars: boolean;
}

const arbTerrain = fc.oneof(
  { arbitrary: fc.constant<Terrain>(Terrain.Floor), weight: 12 },
  { arbitrary: fc.constantFrom(...TERRAINS), weight: 3 },
);

function arbScene(minSize = 6, maxW = 24, maxH = 18): fc.Arbitrary<Scene> {
  return fc
    .record({ w: fc.integer({ min: minSize, max: maxW }), h: fc.integer({ min: minSize, max: maxH }) })
    .chain(({ w, h }) =>
      fc.record({
        cells: fc.array(arbTerrain, { minLength: w * h, maxLength: w * h }),
        from: fc.record({ x: fc.integer({ min: 1, max: w - 2 }), y: fc.integer({ min: 1, max: h - 2 }) }),
        to: fc.record({ x: fc.integer({ min: 0, max: w - 1 }), y: fc.integer({ min: 0, max: h - 1 }) }),
        chars: fc.array(fc.record({ x: fc.integer({ min: 0, max: w - 1 }), y: fc.integer({ min: 0, max: h - 1 }) }), { maxLength: 4 }),
        magic: fc.boolean(),
        hitChars: fc.boolean(),
        w: fc.constant(w),
        h: fc.constant(h),
      }),
    )
    .map(({ cells, from, to, chars, magic, hitChars, w, h }) => ({
      grid: new Grid(w, h, cells),
      from,
      to,
      occupied: new Set(chars.map(key)),
      magic,
      hitChars,
    }));
}

const castScene = (s: Scene): ProjectilePath =>
  castProjectile(s.grid, s.from, s.to, { magic: s.magic, hitChars: s.hitChars }, (x, y) => s.occupied.has(`${x},${y}`));

describe('projectile properties', () => {
  it('agrees with a port of Ballistica.cast: same stop, same trace, consistent reason', () => {
    fc.assert(
      fc.property(arbScene(), (s) => {
        const got = castScene(s);
        const want = ballistica(s.grid, s.from, s.to, s.magic, s.hitChars, (x, y) => s.occupied.has(`${x},${y}`));
        expect(got.stop).toEqual(want.stop);
        expect(got.trace).toEqual(want.trace);
        expect(got.reason).toBe(want.reason);
      }),
      { numRuns: 400 },
    );
  });

  it('cells are the trace without the start (and without the duplicated target)', () => {
    fc.assert(
      fc.property(arbScene(), (s) => {
        const p = castScene(s);
        expect(p.trace).toEqual([s.from, ...p.cells, ...(p.reason === 'target' ? [s.to] : [])]);
        expect(p.stop).toEqual(p.cells.at(-1) ?? s.from);
      }),
      { numRuns: 300 },
    );
  });

  it('paths are 8-connected and start next to the origin', () => {
    fc.assert(
      fc.property(arbScene(), (s) => {
        const chain = [s.from, ...castScene(s).cells];
        for (let i = 1; i < chain.length; i++) {
          const a = chain[i - 1]!;
          const b = chain[i]!;
          expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never includes a cell that is neither passable nor flown over (walls, statues, the border)', () => {
    fc.assert(
      fc.property(arbScene(), (s) => {
        for (const c of castScene(s).cells) {
          const onBorder = c.x === 0 || c.y === 0 || c.x === s.grid.width - 1 || c.y === s.grid.height - 1;
          expect(onBorder).toBe(false);
          const t = TERRAIN_INFO[s.grid.get(c.x, c.y)];
          expect(t.passable || t.avoid).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stops exactly where the rules say, walking the closed form', () => {
    fc.assert(
      fc.property(arbScene(), (s) => {
        const p = castScene(s);
        const info = (q: Point) => TERRAIN_INFO[s.grid.get(q.x, q.y)];
        const solid = (q: Point): boolean =>
          q.x <= 0 || q.y <= 0 || q.x >= s.grid.width - 1 || q.y >= s.grid.height - 1 || (!info(q).passable && !info(q).avoid);
        // Every cell flown through before the stop is the closed form's cell, and none of them stops it.
        const stoppedBefore = p.reason === 'obstacle' || p.reason === 'start';
        p.cells.forEach((c, k) => {
          expect(c).toEqual(projectileCell(s.from, s.to, k + 1));
          const passedThrough = stoppedBefore || k < p.cells.length - 1;
          if (passedThrough) {
            expect(info(c).blocksSight).toBe(false);
            if (s.hitChars) expect(s.occupied.has(key(c))).toBe(false);
            if (!s.magic) expect(c).not.toEqual(s.to);
          }
        });
        const next = projectileCell(s.from, s.to, p.cells.length + 1);
        switch (p.reason) {
          case 'start':
          case 'obstacle':
            expect(p.cells.length === 0).toBe(p.reason === 'start');
            expect(solid(next)).toBe(true);
            break;
          case 'sight-blocker':
            expect(info(p.stop).blocksSight).toBe(true);
            break;
          case 'character':
            expect(s.hitChars).toBe(true);
            expect(s.occupied.has(key(p.stop))).toBe(true);
            break;
          case 'target':
            expect(s.magic).toBe(false);
            expect(p.stop).toEqual(s.to);
            break;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on an open map it agrees with projectileCell for every i, in both modes', () => {
    const g = openGrid(40, 40);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 38 }),
        fc.integer({ min: 1, max: 38 }),
        fc.integer({ min: 1, max: 38 }),
        fc.integer({ min: 1, max: 38 }),
        fc.boolean(),
        (fx, fy, tx, ty, magic) => {
          const from = P(fx, fy);
          const to = P(tx, ty);
          const p = castProjectile(g, from, to, { magic, hitChars: true });
          p.cells.forEach((c, k) => expect(c).toEqual(projectileCell(from, to, k + 1)));
          const dA = Math.max(Math.abs(tx - fx), Math.abs(ty - fy));
          if (!magic) {
            expect(p.cells).toHaveLength(dA);
            expect(p.stop).toEqual(to);
          } else {
            // a bolt only stops at the border: its next closed-form cell is on the ring
            const n = projectileCell(from, to, p.cells.length + 1);
            expect(n.x === 0 || n.y === 0 || n.x === 39 || n.y === 39).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('projectileCell: step 0 is the start and step max(|dx|,|dy|) is the target', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), (dx, dy) => {
        const from = P(40, 40);
        const to = P(40 + dx, 40 + dy);
        expect(projectileCell(from, to, 0)).toEqual(from);
        if (dx !== 0 || dy !== 0) expect(projectileCell(from, to, Math.max(Math.abs(dx), Math.abs(dy)))).toEqual(to);
      }),
    );
  });

  // The 8 symmetries of the square, about the centre cell of an odd square grid.
  const SYMMETRIES: readonly ((x: number, y: number) => [number, number])[] = [
    (x, y) => [x, y],
    (x, y) => [-x, y],
    (x, y) => [x, -y],
    (x, y) => [-x, -y],
    (x, y) => [y, x],
    (x, y) => [-y, x],
    (x, y) => [y, -x],
    (x, y) => [-y, -x],
  ];

  it('the 8 reflections and rotations map paths onto paths (terrain and characters transformed too)', () => {
    const N = 21;
    const c = 10;
    fc.assert(
      fc.property(
        fc.array(arbTerrain, { minLength: N * N, maxLength: N * N }),
        fc.integer({ min: 1, max: N - 2 }),
        fc.integer({ min: 1, max: N - 2 }),
        fc.integer({ min: 1, max: N - 2 }),
        fc.integer({ min: 1, max: N - 2 }),
        fc.array(fc.record({ x: fc.integer({ min: 1, max: N - 2 }), y: fc.integer({ min: 1, max: N - 2 }) }), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (cells, fx, fy, tx, ty, chars, magic, hitChars) => {
          fc.pre(fx !== tx || fy !== ty);
          const g = new Grid(N, N, cells);
          const occ = new Set(chars.map(key));
          const base = castProjectile(g, P(fx, fy), P(tx, ty), { magic, hitChars }, (x, y) => occ.has(`${x},${y}`));
          for (const sym of SYMMETRIES) {
            const T = (p: Point): Point => {
              const [x, y] = sym(p.x - c, p.y - c);
              return P(x + c, y + c);
            };
            const tg = new Grid(N, N);
            for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
              const q = T(P(x, y));
              tg.set(q.x, q.y, g.get(x, y));
            }
            const tocc = new Set(chars.map((p) => key(T(p))));
            const moved = castProjectile(tg, T(P(fx, fy)), T(P(tx, ty)), { magic, hitChars }, (x, y) => tocc.has(`${x},${y}`));
            expect(moved.cells).toEqual(base.cells.map(T));
            expect(moved.stop).toEqual(T(base.stop));
            expect(moved.reason).toBe(base.reason);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
