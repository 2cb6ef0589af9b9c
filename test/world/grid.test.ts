import { describe, expect, it } from 'vitest';
import { DIRECTIONS, Grid, directionOf, distance, samePoint } from '../../src/world/grid.js';
import { TERRAIN_INFO, Terrain, terrainFromChar, terrainInfo } from '../../src/world/terrain.js';
import { fixture } from './ascii.js';

describe('terrain flags (Pixel Dungeon Terrain.java, research note "stop before vs at")', () => {
  // name, file char, passable, blocks sight, avoid (flown over)
  it.each<[Terrain, string, string, boolean, boolean, boolean]>([
    [Terrain.Floor, 'floor', '.', true, false, false],
    [Terrain.Wall, 'wall', '#', false, true, false],
    [Terrain.DoorClosed, 'closed door', '+', true, true, false],
    [Terrain.DoorOpen, 'open door', "'", true, false, false],
    [Terrain.HighGrass, 'high grass', '"', true, true, false],
    [Terrain.Grass, 'grass', ',', true, false, false],
    [Terrain.Chasm, 'chasm', ':', false, false, true],
    [Terrain.Water, 'water', '~', true, false, false],
    [Terrain.Statue, 'statue', 'T', false, false, false],
  ])('%i %s (%s): passable %s, blocks sight %s, avoid %s', (t, name, ch, passable, blocksSight, avoid) => {
    const info = terrainInfo(t);
    expect(info).toMatchObject({ name, fileChar: ch, passable, blocksSight, avoid });
    expect(terrainFromChar(ch)).toBe(t);
  });

  it('file characters are unique and unknown characters map to nothing', () => {
    const chars = Object.values(TERRAIN_INFO).map((i) => i.fileChar);
    expect(new Set(chars).size).toBe(chars.length);
    for (const ch of ['1', '2', '@', ' ', 'x', '']) expect(terrainFromChar(ch)).toBeUndefined();
  });
});

describe('Grid', () => {
  it('stores terrain by x, y and treats outside as wall', () => {
    const g = new Grid(5, 4);
    g.set(2, 1, Terrain.Water);
    expect(g.get(2, 1)).toBe(Terrain.Water);
    expect(g.cells[1 * 5 + 2]).toBe(Terrain.Water);
    expect(g.get(-1, 0)).toBe(Terrain.Wall);
    expect(g.get(5, 0)).toBe(Terrain.Wall);
    expect(g.get(0, 4)).toBe(Terrain.Wall);
    expect(() => g.set(5, 0, Terrain.Floor)).toThrow(RangeError);
    expect(() => g.set(0, -1, Terrain.Floor)).toThrow(RangeError);
  });

  it('the border ring counts as solid even when its terrain is floor', () => {
    const g = new Grid(5, 5); // all floor
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 5; x++) {
        const border = x === 0 || y === 0 || x === 4 || y === 4;
        expect(g.onBorder(x, y)).toBe(border);
        expect(g.passable(x, y)).toBe(!border);
        expect(g.passableFor(x, y, true)).toBe(!border);
      }
    }
    g.set(0, 2, Terrain.Chasm);
    expect(g.avoid(0, 2)).toBe(false);
    expect(g.passableFor(0, 2, true)).toBe(false);
  });

  it('passable, passableFor and avoid follow the terrain inside the ring', () => {
    const f = fixture(`
      #######
      #.:T+"#
      #######
    `);
    const g = f.grid;
    expect([1, 2, 3, 4, 5].map((x) => g.passable(x, 1))).toEqual([true, false, false, true, true]);
    expect([1, 2, 3, 4, 5].map((x) => g.passableFor(x, 1, false))).toEqual([true, false, false, true, true]);
    expect([1, 2, 3, 4, 5].map((x) => g.passableFor(x, 1, true))).toEqual([true, true, false, true, true]);
    expect([1, 2, 3, 4, 5].map((x) => g.avoid(x, 1))).toEqual([false, true, false, false, false]);
    expect([1, 2, 3, 4, 5].map((x) => g.blocksSight(x, 1))).toEqual([false, false, false, true, true]);
    expect(g.blocksSight(-1, 1)).toBe(true);
  });

  it('toText writes the file characters back and clone is independent', () => {
    const rows = ['#####', '#.+~#', "#':,#", '#T"##', '#####'];
    const g = fixture(rows.join('\n')).grid;
    expect(g.toText()).toEqual(rows);
    const c = g.clone();
    c.set(1, 1, Terrain.Wall);
    expect(g.get(1, 1)).toBe(Terrain.Floor);
    expect(c.toText()[1]).toBe('##+~#');
  });
});

describe('directions and distance', () => {
  it('eight distinct unit steps in the order N, NE, E, SE, S, SW, W, NW', () => {
    expect(DIRECTIONS.map((d) => d.name)).toEqual(['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw']);
    expect(DIRECTIONS.map((d) => [d.dx, d.dy])).toEqual([
      [0, -1],
      [1, -1],
      [1, 0],
      [1, 1],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [-1, -1],
    ]);
    expect(directionOf('sw')).toMatchObject({ dx: -1, dy: 1 });
  });

  it.each([
    [0, 0, 0, 0, 0],
    [0, 0, 3, 1, 3],
    [5, 5, 2, 9, 4],
    [1, 1, 16, 10, 15],
  ])('Chebyshev distance (%i,%i)-(%i,%i) = %i', (x1, y1, x2, y2, d) => {
    expect(distance({ x: x1, y: y1 }, { x: x2, y: y2 })).toBe(d);
    expect(distance({ x: x2, y: y2 }, { x: x1, y: y1 })).toBe(d);
  });

  it('samePoint', () => {
    expect(samePoint({ x: 1, y: 2 }, { x: 1, y: 2 })).toBe(true);
    expect(samePoint({ x: 1, y: 2 }, { x: 2, y: 1 })).toBe(false);
  });
});
