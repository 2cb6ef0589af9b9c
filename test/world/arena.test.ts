import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RNG } from 'rot-js';
import { Stream } from '../../src/core/rng.js';
import {
  ArenaError,
  GENERATED_ARENAS,
  MAX_ARENA_HEIGHT,
  MAX_ARENA_WIDTH,
  MAX_FILE_ARENA_HEIGHT,
  MAX_FILE_ARENA_WIDTH,
  generateArena,
  isGeneratedArena,
  parseArena,
  reachable,
  type Arena,
  type GeneratedArenaKind,
} from '../../src/world/arena.js';
import { type Point, distance } from '../../src/world/grid.js';
import { Terrain } from '../../src/world/terrain.js';

const FILE = 'arenas/test.txt';

/** Builds a file from lines (joined with \n); line numbers in tests are 1-based indices into it. */
const file = (...lines: string[]): string => lines.join('\n');

const HEADER = ['; name: Test Pit', '; description: A small arena for tests.'];
// Map rows are lines 3..7.
const GOOD = ['#######', '#1....#', '#.....#', '#....2#', '#######'];

function parseError(text: string): ArenaError {
  try {
    parseArena('test', text, FILE);
  } catch (e) {
    expect(e).toBeInstanceOf(ArenaError);
    return e as ArenaError;
  }
  throw new Error('parseArena accepted a bad arena');
}

function withRow(rows: readonly string[], i: number, row: string): string[] {
  const out = [...rows];
  out[i] = row;
  return out;
}

describe('parseArena: a good file', () => {
  it('reads the headers, the grid and both start cells (which become floor)', () => {
    const a = parseArena('test', file(...HEADER, ...GOOD), FILE);
    expect(a.id).toBe('test');
    expect(a.name).toBe('Test Pit');
    expect(a.description).toBe('A small arena for tests.');
    expect([a.grid.width, a.grid.height]).toEqual([7, 5]);
    expect(a.spawns).toEqual([
      { x: 1, y: 1 },
      { x: 5, y: 3 },
    ]);
    expect(a.grid.toText()).toEqual(['#######', '#.....#', '#.....#', '#.....#', '#######']);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('reads every terrain character', () => {
    const a = parseArena('t', file('; name: All', '##########', `#1+'",:~T#`, '#........#', '#.......2#', '##########'), FILE);
    expect(a.grid.toText()[1]).toBe(`#.+'",:~T#`);
    expect(a.grid.get(8, 1)).toBe(Terrain.Statue);
    expect(a.grid.get(2, 1)).toBe(Terrain.DoorClosed);
    expect(a.grid.get(7, 1)).toBe(Terrain.Water);
  });

  it('accepts CRLF line ends, trailing spaces, blank lines, and a missing description', () => {
    const a = parseArena('t', ['; name: X', '', '#######  ', '#1....#', '#.....#\t', '#....2#', '#######', ''].join('\r\n'), FILE);
    expect(a.name).toBe('X');
    expect(a.description).toBe('');
    expect(a.grid.height).toBe(5);
  });

  it('start cells joined only through a closed door are reachable (doors open when walked into)', () => {
    expect(() => parseArena('t', file('; name: D', '#######', '#1.#..#', '#..+.2#', '#######', '#######'), FILE)).not.toThrow();
  });
});

describe('parseArena: every error names the file and where', () => {
  it('an unknown character: file:line:column and the character', () => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, 2, '#..X..#')));
    expect(e.message).toContain(`${FILE}:5:4:`);
    expect(e.message).toContain("'X'");
  });

  it('a space inside a row is an unknown character', () => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, 1, '#1. ..#')));
    expect(e.message).toContain(`${FILE}:4:4:`);
  });

  it('a ragged row: file:line and both widths', () => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, 2, '#....#')));
    expect(e.message).toContain(`${FILE}:5:`);
    expect(e.message).toMatch(/6 wide.*7 wide/);
  });

  it('a missing start cell names the file and the missing cell', () => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, 3, '#.....#')));
    expect(e.message.startsWith(`${FILE}`)).toBe(true);
    expect(e.message).toContain("'2'");
  });

  it('a second start cell: file:line:column of the duplicate', () => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, 2, '#.1...#')));
    expect(e.message).toContain(`${FILE}:5:3:`);
    expect(e.message).toContain("'1'");
  });

  it.each([
    ['left edge', 2, '......#', 5, 1],
    ['right edge', 2, '#......', 5, 7],
    ['top row', 0, '###.###', 3, 4],
    ['bottom row', 4, '######.', 7, 7],
    ['start cell on the edge', 1, '1.....#', 4, 1],
    ['door on the edge', 2, '+.....#', 5, 1],
  ])('the border not wall (%s): file:line:column', (_what, i, row, line, col) => {
    const e = parseError(file(...HEADER, ...withRow(GOOD, i, row)));
    expect(e.message).toContain(`${FILE}:${line}:${col}:`);
  });

  it('an arena too wide names the file, the size and the line of the first row that is too wide', () => {
    const wide = (n: number): string[] => ['#'.repeat(n), '#1' + '.'.repeat(n - 3) + '#', '#' + '.'.repeat(n - 3) + '2#', '#'.repeat(n), '#'.repeat(n)];
    // Wider than the screen's map window is allowed (it scrolls); past the file limit is not.
    expect(() => parseArena('t', file('; name: W', ...wide(MAX_FILE_ARENA_WIDTH)), FILE)).not.toThrow();
    const e = parseError(file('; name: W', ...wide(MAX_FILE_ARENA_WIDTH + 1)));
    expect(e.message).toContain(String(MAX_FILE_ARENA_WIDTH + 1));
    expect(e.message).toContain(`${FILE}:2`);
  });

  it('an arena too tall names the file, the size and the line of the first row past the limit', () => {
    const tall = (n: number): string[] => ['#####', '#1..#', ...Array.from({ length: n - 4 }, () => '#...#'), '#..2#', '#####'];
    expect(() => parseArena('t', file('; name: T', ...tall(MAX_FILE_ARENA_HEIGHT)), FILE)).not.toThrow();
    const e = parseError(file('; name: T', ...tall(MAX_FILE_ARENA_HEIGHT + 1)));
    expect(e.message).toContain(String(MAX_FILE_ARENA_HEIGHT + 1));
    // the first map row past the limit is one line after it in the file (the name line comes first)
    expect(e.message).toContain(`${FILE}:${MAX_FILE_ARENA_HEIGHT + 2}`);
  });

  it('an unreachable start cell names the file and the line and column of that cell', () => {
    const e = parseError(file(...HEADER, '#######', '#1.#..#', '#..#..#', '#..#.2#', '#######'));
    expect(e.message).toContain("'2'");
    expect(e.message).toContain(`${FILE}:6:6`);
  });

  it('a chasm cuts the way on foot (the check is for walkers, not flyers)', () => {
    const e = parseError(file(...HEADER, '#######', '#1.:..#', '#..:..#', '#..:.2#', '#######'));
    expect(e.message).toContain("'2'");
  });

  it('a missing name header names the file', () => {
    const e = parseError(file('; description: no name', ...GOOD));
    expect(e.message.startsWith(FILE)).toBe(true);
    expect(e.message).toContain('name');
  });

  it('a malformed header line: file:line', () => {
    const e = parseError(file('; name: X', ';bad header', ...GOOD));
    expect(e.message).toContain(`${FILE}:2:`);
    const upper = parseError(file('; Name: X', ...GOOD));
    expect(upper.message).toContain(`${FILE}:1:`);
  });

  it('a file without map rows, or too small, names the file', () => {
    expect(parseError(file('; name: Empty')).message.startsWith(FILE)).toBe(true);
    const small = parseError(file('; name: S', '####', '#12#', '####', '####', '####'));
    expect(small.message.startsWith(FILE)).toBe(true);
    expect(small.message).toContain('4x5');
  });
});

describe('reachable', () => {
  const a = parseArena('t', file('; name: R', '#######', '#1.:.2#', '#.....#', '#######', '#######'), FILE);

  it('walks around and flies over', () => {
    const walk = reachable(a.grid, a.spawns[0], false);
    const fly = reachable(a.grid, a.spawns[0], true);
    const idx = (p: Point): number => p.y * a.grid.width + p.x;
    expect(walk[idx(a.spawns[1])]).toBe(1);
    expect(walk[idx({ x: 3, y: 1 })]).toBe(0); // the chasm is not walkable
    expect(fly[idx({ x: 3, y: 1 })]).toBe(1);
    expect(walk[0]).toBe(0); // border
  });
});

describe('the shipped arenas (data/arenas/*.txt)', () => {
  const dir = join(import.meta.dirname, '../../data/arenas');
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt'));

  it('there are some', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s parses and keeps the arena invariants', (f) => {
    const a = parseArena(f.replace(/\.txt$/, ''), readFileSync(join(dir, f), 'utf8'), f);
    checkInvariants(a);
  });
});

/** Invariants every arena keeps, hand-drawn or generated. */
function checkInvariants(a: Arena): void {
  const g = a.grid;
  expect(g.width).toBeLessThanOrEqual(MAX_ARENA_WIDTH);
  expect(g.height).toBeLessThanOrEqual(MAX_ARENA_HEIGHT);
  for (let x = 0; x < g.width; x++) {
    expect(g.get(x, 0)).toBe(Terrain.Wall);
    expect(g.get(x, g.height - 1)).toBe(Terrain.Wall);
  }
  for (let y = 0; y < g.height; y++) {
    expect(g.get(0, y)).toBe(Terrain.Wall);
    expect(g.get(g.width - 1, y)).toBe(Terrain.Wall);
  }
  const [s1, s2] = a.spawns;
  expect(s1).not.toEqual(s2);
  for (const s of a.spawns) expect(g.get(s.x, s.y)).toBe(Terrain.Floor);
  expect(reachable(g, s1, false)[s2.y * g.width + s2.x]).toBe(1);
  expect(reachable(g, s2, false)[s1.y * g.width + s1.x]).toBe(1);
}

const KINDS = Object.keys(GENERATED_ARENAS) as GeneratedArenaKind[];
const SEEDS = Array.from({ length: 50 }, (_, i) => `seed-${i}`);

function generate(kind: GeneratedArenaKind, seed: string): { arena: Arena; stream: Stream } {
  const stream = new Stream('mapgen', seed);
  return { arena: generateArena(kind, stream), stream };
}

describe('generated arenas', () => {
  it('the three kinds', () => {
    expect(KINDS).toEqual(['random-rooms', 'random-cave', 'random-hall']);
    for (const k of KINDS) expect(isGeneratedArena(k)).toBe(true);
    for (const k of ['pit', 'random', 'toString', 'constructor', '__proto__']) expect(isGeneratedArena(k)).toBe(false);
  });

  describe.each(KINDS)('%s', (kind) => {
    const arenas = SEEDS.map((seed) => generate(kind, seed).arena);

    it('fills exactly 46 x 18, walls on the border, spawns on floor, mutually reachable (50 seeds)', () => {
      for (const a of arenas) {
        expect([a.grid.width, a.grid.height]).toEqual([46, 18]);
        checkInvariants(a);
      }
    });

    it('places the foe far from the hero: at least 2 and at least 2/3 of the farthest reachable floor', () => {
      for (const a of arenas) {
        const [hero, foe] = a.spawns;
        const reach = reachable(a.grid, hero, false);
        let far = 0;
        for (let y = 0; y < a.grid.height; y++)
          for (let x = 0; x < a.grid.width; x++)
            if (reach[y * a.grid.width + x] && a.grid.get(x, y) === Terrain.Floor) far = Math.max(far, distance(hero, { x, y }));
        expect(distance(hero, foe)).toBeGreaterThanOrEqual(Math.max(2, Math.floor((far * 2) / 3)));
      }
    });

    it('is deterministic for a seed, whatever rot-js\'s global RNG held before', () => {
      for (const seed of SEEDS.slice(0, 10)) {
        const first = generate(kind, seed);
        RNG.setSeed(12345);
        RNG.getUniform();
        const again = generate(kind, seed);
        expect(again.arena.grid.toText()).toEqual(first.arena.grid.toText());
        expect(again.arena.spawns).toEqual(first.arena.spawns);
        expect(again.stream.state()).toEqual(first.stream.state());
        expect(again.stream.draws).toBe(first.stream.draws);
      }
    });

    it('differs between seeds (50 seeds, 50 different maps)', () => {
      expect(new Set(arenas.map((a) => a.grid.toText().join('\n'))).size).toBe(SEEDS.length);
    });

    it('has its id, a display name and its description', () => {
      const a = arenas[0]!;
      expect(a.id).toBe(kind);
      expect(a.name).toBe(kind.replace('random-', 'Random '));
      expect(a.description).toBe(GENERATED_ARENAS[kind]);
    });
  });

  it('random-hall: an open hall whose only inner obstacles are 1..17 pillars (walls or statues) away from the walls', () => {
    for (const seed of SEEDS) {
      const g = generate('random-hall', seed).arena.grid;
      let pillars = 0;
      for (let y = 1; y < g.height - 1; y++) {
        for (let x = 1; x < g.width - 1; x++) {
          const t = g.get(x, y);
          if (t !== Terrain.Wall && t !== Terrain.Statue) continue;
          pillars++;
          expect(x >= 3 && x <= g.width - 4 && y >= 3 && y <= g.height - 4).toBe(true);
        }
      }
      expect(pillars).toBeGreaterThanOrEqual(1);
      expect(pillars).toBeLessThanOrEqual(17);
    }
  });

  it('random-rooms puts closed doors on its rooms (in at least one of the 50 maps)', () => {
    const withDoors = SEEDS.filter((s) => generate('random-rooms', s).arena.grid.cells.includes(Terrain.DoorClosed)).length;
    expect(withDoors).toBeGreaterThan(0);
  });
});
