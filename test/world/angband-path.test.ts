import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { angbandDistance, castAngbandMissile, projectPath } from '../../src/world/angband-path.js';
import type { Point } from '../../src/world/grid.js';
import { fixture, openGrid } from './ascii.js';

/** Angband 3.0.5's distance and project_path (cave.c), and a missile's flight along it (cmd2.c). */

/** A point; `+ 0` turns a mirrored -0 into 0. */
const P = (x: number, y: number): Point => ({ x: x + 0, y: y + 0 });
const NO_WALLS = () => false;

describe("Angband's distance: the longer axis plus half the shorter", () => {
  it.each([
    [P(0, 0), P(5, 5), 7],
    [P(0, 0), P(5, 0), 5],
    [P(0, 0), P(0, 5), 5],
    [P(0, 0), P(5, 1), 5],
    [P(0, 0), P(5, 2), 6],
    [P(3, 4), P(0, 0), 5],
    [P(0, 0), P(1, 1), 1],
    [P(0, 0), P(2, 2), 3],
  ])('%o to %o is %i', (a, b, d) => {
    expect(angbandDistance(a, b)).toBe(d);
    expect(angbandDistance(b, a)).toBe(d);
  });
});

describe('project_path', () => {
  it('works a slope out by hand: (0,0) to (4,2) passes (1,0), (2,1), (3,1), (4,2)', () => {
    expect(projectPath(P(0, 0), P(4, 2), 20, NO_WALLS)).toEqual([P(1, 0), P(2, 1), P(3, 1), P(4, 2)]);
  });
  it('never lists the start, and is empty when the start is the target', () => {
    expect(projectPath(P(3, 3), P(3, 3), 20, NO_WALLS)).toEqual([]);
    expect(projectPath(P(3, 3), P(3, 4), 20, NO_WALLS)).toEqual([P(3, 4)]);
  });
  it('a range of 20 reaches 20 grids along an axis but only 14 on a diagonal (engine facts §9)', () => {
    expect(projectPath(P(0, 0), P(99, 0), 20, NO_WALLS)).toHaveLength(20);
    expect(projectPath(P(0, 0), P(0, -99), 20, NO_WALLS)).toHaveLength(20);
    const diag = projectPath(P(0, 0), P(99, 99), 20, NO_WALLS);
    expect(diag).toHaveLength(14);
    expect(diag[13]).toEqual(P(14, 14));
  });
  it('stops on the first wall grid, which it lists', () => {
    expect(projectPath(P(0, 0), P(9, 0), 20, (x) => x === 4)).toEqual([P(1, 0), P(2, 0), P(3, 0), P(4, 0)]);
  });
  it('every step is to a neighbouring grid, and it ends on the target when in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), (dx, dy) => {
        fc.pre(dx !== 0 || dy !== 0);
        const path = projectPath(P(0, 0), P(dx, dy), 40, NO_WALLS);
        let prev = P(0, 0);
        for (const p of path) {
          expect(Math.max(Math.abs(p.x - prev.x), Math.abs(p.y - prev.y))).toBe(1);
          prev = p;
        }
        expect(path[path.length - 1]).toEqual(P(dx, dy));
        expect(path).toHaveLength(Math.max(Math.abs(dx), Math.abs(dy)));
      }),
    );
  });
  it('is the same line mirrored and transposed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), (dx, dy) => {
        fc.pre(dx !== 0 || dy !== 0);
        const path = projectPath(P(0, 0), P(dx, dy), 40, NO_WALLS);
        expect(projectPath(P(0, 0), P(-dx, dy), 40, NO_WALLS)).toEqual(path.map((p) => P(-p.x, p.y)));
        expect(projectPath(P(0, 0), P(dx, -dy), 40, NO_WALLS)).toEqual(path.map((p) => P(p.x, -p.y)));
        expect(projectPath(P(0, 0), P(dy, dx), 40, NO_WALLS)).toEqual(path.map((p) => P(p.y, p.x)));
      }),
    );
  });
});

describe("a missile's flight (do_cmd_fire)", () => {
  const f = fixture(`
    ##########
    #@...a.+b#
    #........#
    #...#....#
    #c.......#
    ##########
  `);
  const nobody = () => false;
  it('stops on the first grid holding a character, hit or miss', () => {
    const at = f.at('a');
    const r = castAngbandMissile(f.grid, f.at('@'), f.at('b'), 20, (x, y) => x === at.x && y === at.y);
    expect(r.reason).toBe('character');
    expect(r.stop).toEqual(at);
  });
  it('stops before a closed door or a wall', () => {
    const r = castAngbandMissile(f.grid, f.at('@'), f.at('b'), 20, nobody);
    expect(r.reason).toBe('obstacle');
    expect(r.stop).toEqual(P(6, 1));
  });
  it('lands on an empty target grid, or where its range runs out', () => {
    expect(castAngbandMissile(f.grid, f.at('@'), f.at('c'), 20, nobody)).toMatchObject({ reason: 'target', stop: f.at('c') });
    expect(castAngbandMissile(f.grid, f.at('@'), f.at('a'), 3, nobody)).toMatchObject({ reason: 'range', stop: P(4, 1) });
  });
  it('in an open room every path step is flown', () => {
    const g = openGrid(30, 30);
    const r = castAngbandMissile(g, P(2, 2), P(20, 11), 40, nobody);
    expect(r.cells).toEqual(projectPath(P(2, 2), P(20, 11), 40, () => false));
  });
});
