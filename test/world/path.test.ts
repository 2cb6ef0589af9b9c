import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Grid, type Point } from '../../src/world/grid.js';
import { findPath } from '../../src/world/path.js';
import { Terrain } from '../../src/world/terrain.js';
import { fixture } from './ascii.js';

/** Breadth-first search over king moves: the number of steps from `from` to `to`, or undefined. */
function bfsSteps(w: number, h: number, from: Point, to: Point, passable: (x: number, y: number) => boolean): number | undefined {
  const dist = new Map<string, number>([[`${from.x},${from.y}`, 0]]);
  const queue: Point[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    const d = dist.get(`${p.x},${p.y}`)!;
    if (p.x === to.x && p.y === to.y) return d;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const q = { x: p.x + dx, y: p.y + dy };
        const k = `${q.x},${q.y}`;
        if (dist.has(k) || q.x < 0 || q.y < 0 || q.x >= w || q.y >= h) continue;
        if (!(q.x === to.x && q.y === to.y) && !passable(q.x, q.y)) continue;
        dist.set(k, d + 1);
        queue.push(q);
      }
    }
  }
  return undefined;
}

function expectValidPath(path: readonly Point[], from: Point, to: Point, passable: (x: number, y: number) => boolean): void {
  if (from.x === to.x && from.y === to.y) {
    expect(path).toEqual([]);
    return;
  }
  const chain = [from, ...path];
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1]!;
    const b = chain[i]!;
    expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBe(1);
  }
  expect(path.at(-1)).toEqual(to);
  for (const c of path.slice(0, -1)) expect(passable(c.x, c.y)).toBe(true);
}

describe('findPath (rot-js A*, 8-connected)', () => {
  it('goes round a wall with the fewest king moves', () => {
    const f = fixture(`
      #########
      #.......#
      #...#...#
      #...#...#
      #...#...#
      #.@.#.b.#
      #########
    `);
    const pass = (x: number, y: number): boolean => f.grid.passable(x, y);
    const path = findPath(f.at('@'), f.at('b'), pass);
    // By hand: the only way is through (4,1): 4 king moves up to it and 4 down again.
    expect(path).toHaveLength(8);
    expect(path).toContainEqual({ x: 4, y: 1 });
    expectValidPath(path!, f.at('@'), f.at('b'), pass);
  });

  it('from == to is an empty path', () => {
    expect(findPath({ x: 3, y: 3 }, { x: 3, y: 3 }, () => false)).toEqual([]);
  });

  it('a walled-off target has no path', () => {
    const f = fixture(`
      #########
      #.@.#.b.#
      #...#...#
      #########
    `);
    expect(findPath(f.at('@'), f.at('b'), (x, y) => f.grid.passable(x, y))).toBeUndefined();
  });

  it('the target itself need not be passable (an occupied cell); the start is never asked about', () => {
    const f = fixture(`
      #######
      #@...b#
      #######
    `);
    const blocked = new Set(['1,1', '5,1']);
    const pass = (x: number, y: number): boolean => f.grid.passable(x, y) && !blocked.has(`${x},${y}`);
    expect(findPath(f.at('@'), f.at('b'), pass)).toEqual([
      { x: 2, y: 1 },
      { x: 3, y: 1 },
      { x: 4, y: 1 },
      { x: 5, y: 1 },
    ]);
  });

  it('an occupied cell in a corridor blocks the way', () => {
    const f = fixture(`
      #######
      #@...b#
      #######
    `);
    expect(findPath(f.at('@'), f.at('b'), (x, y) => f.grid.passable(x, y) && !(x === 3 && y === 1))).toBeUndefined();
  });

  it('cuts corners diagonally between two walls, as king moves do', () => {
    const f = fixture(`
      #####
      #@#.#
      ##b.#
      #####
    `);
    expect(findPath(f.at('@'), f.at('b'), (x, y) => f.grid.passable(x, y))).toEqual([{ x: 2, y: 2 }]);
  });

  it('random maps: a path exactly when BFS finds one, of the BFS length, valid step by step', () => {
    const arb = fc
      .record({ w: fc.integer({ min: 5, max: 24 }), h: fc.integer({ min: 5, max: 16 }) })
      .chain(({ w, h }) =>
        fc.record({
          w: fc.constant(w),
          h: fc.constant(h),
          walls: fc.array(fc.boolean(), { minLength: w * h, maxLength: w * h }).map((a) => a.map((b, i) => (b && i % 3 !== 0 ? Terrain.Wall : Terrain.Floor))),
          from: fc.record({ x: fc.integer({ min: 1, max: w - 2 }), y: fc.integer({ min: 1, max: h - 2 }) }),
          to: fc.record({ x: fc.integer({ min: 1, max: w - 2 }), y: fc.integer({ min: 1, max: h - 2 }) }),
        }),
      );
    fc.assert(
      fc.property(arb, ({ w, h, walls, from, to }) => {
        const g = new Grid(w, h, walls);
        const pass = (x: number, y: number): boolean => g.passable(x, y);
        const path = findPath(from, to, pass);
        const steps = bfsSteps(w, h, from, to, pass);
        if (steps === undefined) expect(path).toBeUndefined();
        else {
          expect(path).toBeDefined();
          expect(path).toHaveLength(steps);
          expectValidPath(path!, from, to, pass);
        }
      }),
      { numRuns: 300 },
    );
  });
});
