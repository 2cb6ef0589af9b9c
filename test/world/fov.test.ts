import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FovComputer } from '../../src/world/fov.js';
import { DIRECTIONS, Grid, type Point } from '../../src/world/grid.js';
import { Terrain } from '../../src/world/terrain.js';
import { fixture, openGrid } from './ascii.js';

/** Visible cells as "x,y" strings. */
function visibleSet(grid: Grid, viewer: Point, radius: number): Set<string> {
  const mask = new FovComputer(grid).visibleFrom(viewer.x, viewer.y, radius);
  const out = new Set<string>();
  for (let y = 0; y < grid.height; y++) for (let x = 0; x < grid.width; x++) if (mask[y * grid.width + x]) out.add(`${x},${y}`);
  return out;
}

const isVisible = (grid: Grid, viewer: Point, radius: number, p: Point): boolean =>
  new FovComputer(grid).visibleFrom(viewer.x, viewer.y, radius)[p.y * grid.width + p.x] === 1;

describe('field of view (rot-js RecursiveShadowcasting)', () => {
  it('the viewer always sees its own cell, even boxed in', () => {
    const f = fixture(`
      #####
      #####
      ##@##
      #####
      #####
    `);
    const seen = visibleSet(f.grid, f.at('@'), 8);
    expect(seen.has('2,2')).toBe(true);
    // Walls are lit themselves: the eight around the viewer, and nothing behind them.
    expect([...seen].sort()).toEqual(['1,1', '1,2', '1,3', '2,1', '2,2', '2,3', '3,1', '3,2', '3,3']);
  });

  // rot-js widens the radius by one ("Radius incremented by 1 to provide same coverage area as
  // other shadowcasting radiuses") and keeps cells with dx^2 + dy^2 < (R + 1)^2.
  it.each([0, 1, 2, 3, 5, 8, 12])('radius %i on an open map: exactly the cells with dx² + dy² < (R + 1)²', (r) => {
    const g = openGrid(41, 41);
    const seen = visibleSet(g, { x: 20, y: 20 }, r);
    const expected = new Set<string>();
    for (let y = 0; y < 41; y++) for (let x = 0; x < 41; x++) if ((x - 20) ** 2 + (y - 20) ** 2 < (r + 1) ** 2) expected.add(`${x},${y}`);
    expect([...seen].sort()).toEqual([...expected].sort());
  });

  it('radius 0 sees only the viewer; radius 1 sees all eight neighbours', () => {
    const g = openGrid(7, 7);
    expect([...visibleSet(g, { x: 3, y: 3 }, 0)]).toEqual(['3,3']);
    expect(visibleSet(g, { x: 3, y: 3 }, 1).size).toBe(9);
  });

  it('walls cast shadows: the cells straight behind a pillar are hidden', () => {
    const f = fixture(`
      ############
      #..........#
      #..........#
      #.@.#abcde.#
      #..........#
      #..........#
      ############
    `);
    const seen = visibleSet(f.grid, f.at('@'), 10);
    expect(seen.has('4,3')).toBe(true); // the pillar itself is seen
    for (const l of 'abcde') expect(seen.has(`${f.at(l).x},${f.at(l).y}`)).toBe(false);
    // the cells around the viewer and beside the pillar are seen
    for (const [x, y] of [
      [1, 3],
      [3, 3],
      [4, 2],
      [4, 4],
      [5, 1],
      [5, 5],
      [1, 1],
      [1, 5],
    ] as const)
      expect(seen.has(`${x},${y}`)).toBe(true);
  });

  it('a closed door is seen but hides what is behind it', () => {
    const f = fixture(`
      #########
      #.......#
      #...@...#
      #.......#
      ####+####
      #...1...#
      #.......#
      #########
    `);
    const seen = visibleSet(f.grid, f.at('@'), 10);
    expect(seen.has('4,4')).toBe(true);
    expect(seen.has(`${f.at('1').x},${f.at('1').y}`)).toBe(false);
    for (let y = 5; y < 8; y++) for (let x = 0; x < 9; x++) expect(seen.has(`${x},${y}`)).toBe(false);
    for (let y = 1; y <= 3; y++) for (let x = 1; x <= 7; x++) expect(seen.has(`${x},${y}`)).toBe(true);
  });

  it('an open door lets the view through', () => {
    const f = fixture(`
      #########
      #.......#
      #...@...#
      #.......#
      ####'####
      #...1...#
      #.......#
      #########
    `);
    expect(isVisible(f.grid, f.at('@'), 10, f.at('1'))).toBe(true);
  });

  it('a curtain of high grass is seen but hides everything behind it', () => {
    const f = fixture(`
      ###########
      #.........#
      #....@....#
      #.........#
      #"""""""""#
      #....1....#
      #.........#
      ###########
    `);
    const seen = visibleSet(f.grid, f.at('@'), 10);
    for (let x = 1; x <= 9; x++) expect(seen.has(`${x},4`)).toBe(true);
    for (let y = 5; y < 8; y++) for (let x = 0; x < 11; x++) expect(seen.has(`${x},${y}`)).toBe(false);
  });

  it('grass, water, chasm and statues do not block sight', () => {
    const f = fixture(`
      ##########
      #@,~:T..1#
      ##########
    `);
    expect(isVisible(f.grid, f.at('@'), 10, f.at('1'))).toBe(true);
  });

  it('compute reuses a buffer: it clears what an earlier call left', () => {
    const g = openGrid(15, 15);
    const fov = new FovComputer(g);
    const buf = new Uint8Array(15 * 15).fill(1);
    const out = fov.compute(7, 7, 2, buf);
    expect(out).toBe(buf);
    expect(buf[0]).toBe(0);
    expect(buf.reduce((a, b) => a + b, 0)).toBe(visibleSet(g, { x: 7, y: 7 }, 2).size);
  });

  it('a viewer by the edge of the map with a long radius writes only inside the map', () => {
    const g = openGrid(6, 4);
    const mask = new FovComputer(g).visibleFrom(0, 0, 20);
    expect(mask).toHaveLength(24);
    expect(mask.every((v) => v === 1)).toBe(true);
  });
});

describe('field of view properties (random maps)', () => {
  const arbMap = fc
    .record({ w: fc.integer({ min: 5, max: 30 }), h: fc.integer({ min: 5, max: 20 }) })
    .chain(({ w, h }) =>
      fc.record({
        w: fc.constant(w),
        h: fc.constant(h),
        cells: fc.array(
          fc.oneof({ arbitrary: fc.constant<Terrain>(Terrain.Floor), weight: 6 }, { arbitrary: fc.constantFrom<Terrain>(Terrain.Wall, Terrain.DoorClosed, Terrain.HighGrass, Terrain.Grass, Terrain.Statue), weight: 2 }),
          { minLength: w * h, maxLength: w * h },
        ),
        x: fc.integer({ min: 0, max: w - 1 }),
        y: fc.integer({ min: 0, max: h - 1 }),
        r: fc.integer({ min: 0, max: 15 }),
      }),
    );

  it('the origin is visible and nothing at Euclidean distance R + 1 or more is', () => {
    fc.assert(
      fc.property(arbMap, ({ w, h, cells, x, y, r }) => {
        const g = new Grid(w, h, cells);
        const mask = new FovComputer(g).visibleFrom(x, y, r);
        expect(mask[y * w + x]).toBe(1);
        for (let cy = 0; cy < h; cy++)
          for (let cx = 0; cx < w; cx++) if (mask[cy * w + cx]) expect((cx - x) ** 2 + (cy - y) ** 2).toBeLessThan((r + 1) ** 2);
      }),
      { numRuns: 200 },
    );
  });

  it('a sight-blocker next to the viewer hides the rest of that ray (all 8 directions)', () => {
    fc.assert(
      fc.property(arbMap, ({ w, h, cells, x, y, r }) => {
        const g = new Grid(w, h, cells);
        const mask = new FovComputer(g).visibleFrom(x, y, r);
        for (const d of DIRECTIONS) {
          if (!g.blocksSight(x + d.dx, y + d.dy)) continue;
          for (let k = 2; g.inside(x + k * d.dx, y + k * d.dy); k++) expect(mask[(y + k * d.dy) * w + x + k * d.dx]).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('on a map without blockers, visibility is exactly the radius disc (so any hidden cell is a shadow)', () => {
    fc.assert(
      fc.property(arbMap, ({ w, h, x, y, r }) => {
        const g = new Grid(w, h); // all floor
        const mask = new FovComputer(g).visibleFrom(x, y, r);
        for (let cy = 0; cy < h; cy++)
          for (let cx = 0; cx < w; cx++) expect(mask[cy * w + cx]).toBe((cx - x) ** 2 + (cy - y) ** 2 < (r + 1) ** 2 ? 1 : 0);
      }),
      { numRuns: 100 },
    );
  });
});
