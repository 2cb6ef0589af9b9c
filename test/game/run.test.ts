import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { enemyBeside, foeGoal, runInterruption, runStopsAt, runWatch, sideCells, travelStep } from '../../src/game/run.js';
import { fixture } from '../world/ascii.js';

const nobody = (): boolean => false;
const everything = (): boolean => true;

describe('where a run stops', () => {
  it('goes on across an open room and stops with a wall ahead', () => {
    const f = fixture(`
      #########
      #.......#
      #.ab....#
      #.......#
      #########`);
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', false, nobody)).toBeNull();
    const last = { x: 7, y: 2 };
    expect(runStopsAt(f.grid, { x: 6, y: 2 }, last, 'e', false, nobody)).toBe('the way is blocked');
  });

  it('stops where a side of a corridor opens, and not where a room narrows into a corridor', () => {
    const f = fixture(`
      ###########
      #...####..#
      #..abcd...#
      #...####..#
      ###########`);
    // From the room into the corridor: the sides close, which is no reason to stop.
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', false, nobody)).toBeNull();
    expect(runStopsAt(f.grid, f.at('b'), f.at('c'), 'e', false, nobody)).toBeNull();
    // Out of the corridor's end: both sides open.
    expect(runStopsAt(f.grid, f.at('d'), { x: 7, y: 2 }, 'e', false, nobody)).toBeNull();
    expect(runStopsAt(f.grid, { x: 7, y: 2 }, { x: 8, y: 2 }, 'e', false, nobody)).toBe('an opening beside you');
  });

  it('stops before a door ahead, beside a new door, and before someone in the way', () => {
    const f = fixture(`
      #########
      #ab.c+..#
      ###+#####
      #########`);
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', false, nobody)).toBe('a door beside you');
    expect(runStopsAt(f.grid, { x: 3, y: 1 }, f.at('c'), 'e', false, nobody)).toBe('a door ahead');
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', false, (x, y) => x === 3 && y === 1)).toBe('someone is in the way');
  });

  it('lets a flyer run over a chasm that stops a walker', () => {
    const f = fixture(`
      #######
      #ab:..#
      #######`);
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', false, nobody)).toBe('the way is blocked');
    expect(runStopsAt(f.grid, f.at('a'), f.at('b'), 'e', true, nobody)).toBeNull();
  });

  it('looks a quarter turn each way for the sides', () => {
    expect(sideCells({ x: 5, y: 5 }, 'e')).toEqual([{ x: 5, y: 4 }, { x: 5, y: 6 }]);
    expect(sideCells({ x: 5, y: 5 }, 'ne')).toEqual([{ x: 4, y: 4 }, { x: 6, y: 6 }]);
  });
});

describe('the way a travel takes', () => {
  const f = fixture(`
    #######
    #a#...#
    #.#.#.#
    #...#b#
    #######`);

  it('takes the first step of the shortest path around walls', () => {
    expect(travelStep(f.grid, f.at('a'), f.at('b'), false, everything, nobody)).toEqual({ dir: 's' });
    expect(travelStep(f.grid, { x: 3, y: 3 }, f.at('b'), false, everything, nobody)).toEqual({ dir: 'n' });
  });

  it('walks only over cells the hero knows', () => {
    const known = (x: number, y: number) => !(x === 2 && y === 3) && !(x === 3 && y === 2);
    expect(travelStep(f.grid, f.at('a'), f.at('b'), false, known, nobody)).toEqual({ stop: 'no known way leads there' });
  });

  it('ends beside an occupied goal instead of attacking it', () => {
    const occupied = (x: number, y: number) => x === 5 && y === 3;
    expect(travelStep(f.grid, { x: 5, y: 2 }, f.at('b'), false, everything, occupied)).toEqual({ stop: 'you are there' });
    expect(travelStep(f.grid, { x: 5, y: 1 }, f.at('b'), false, everything, occupied)).toEqual({ dir: 's' });
  });
});

describe('what interrupts a run in a duel', () => {
  const content = loadContent();
  const setup: DuelSetup = {
    ruleset: 'pixel-dungeon',
    edition: 'spoiler',
    seed: '7',
    hero: { template: 'warrior', options: {} },
    foe: { template: 'gnoll-scout', options: {} },
    arena: 'rooms',
    heroControl: 'player',
    maxTurns: 1000,
    foeState: 'sleeping',
  };

  it('the foe coming into view, hit points changing, a new message; nothing when all is quiet', () => {
    const d = new Duel(setup, content);
    const quiet = runWatch(d);
    expect(quiet.seen).toEqual([]);
    d.hero.pos = { x: 4, y: 3 };
    expect(runInterruption(d, quiet)).toBeNull();
    d.foe.pos = { x: 7, y: 3 };
    expect(runInterruption(d, quiet)).toBe('the gnoll scout comes into view');
    expect(foeGoal(d)).toEqual({ x: 7, y: 3 });
    const seen = runWatch(d);
    d.hero.body!.hp -= 1;
    expect(runInterruption(d, seen)).toBe('you are hurt');
    const hurt = runWatch(d);
    d.message('The gnoll scout wakes up.');
    expect(runInterruption(d, hurt)).toBe('the gnoll scout wakes up.');
    expect(enemyBeside(d)).toBeNull();
    d.foe.pos = { x: 5, y: 4 };
    expect(enemyBeside(d)).toBe('the gnoll scout is beside you');
  });
});
