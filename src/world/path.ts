import { Path } from 'rot-js';
import type { Point } from './grid.js';

/**
 * Shortest 8-connected paths with rot-js's A*. `passable` is asked about every cell but the
 * target, so the caller decides whether occupied cells block. Returns the cells after `from`
 * up to and including `to`, or undefined when there is no way.
 */
export function findPath(from: Point, to: Point, passable: (x: number, y: number) => boolean): Point[] | undefined {
  if (from.x === to.x && from.y === to.y) return [];
  const astar = new Path.AStar(to.x, to.y, (x, y) => (x === from.x && y === from.y) || passable(x, y), {
    topology: 8,
  });
  const cells: Point[] = [];
  astar.compute(from.x, from.y, (x, y) => {
    cells.push({ x, y });
  });
  if (cells.length === 0) return undefined;
  cells.shift(); // the start cell itself
  return cells;
}
