import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import type { ArenaEntity } from '../../src/world/components.js';
import { Terrain } from '../../src/world/terrain.js';

/**
 * The monster AI with Angband's monsters (melee2.c process_monster): a monster woken by noise acts
 * in the same turn, and a staggering monster tries up to five random directions.
 */

const content = loadContent();

const setup = (seed: string, foe: string): DuelSetup => ({
  ruleset: 'angband-3.0.5',
  edition: 'source',
  seed,
  hero: { template: 'warrior', options: {} },
  foe: { template: foe, options: {} },
  arena: 'pit',
  heroControl: 'player',
  maxTurns: 100,
});

/** Puts the foe next to the hero (east of it) with all the energy, so it moves first. */
function adjacent(d: Duel): { hero: ArenaEntity; foe: ArenaEntity } {
  const hero = d.hero;
  const foe = d.foe;
  if (!hero.pos || !foe.pos || !foe.energy || !hero.energy) throw new Error('fighters need a position and energy');
  foe.pos = { x: hero.pos.x + 1, y: hero.pos.y };
  foe.energy.energy = 6000;
  hero.energy.energy = 0;
  return { hero, foe };
}

describe('Angband monsters in the arena', () => {
  it('a monster that never moves (NEVER_MOVE) strikes a foe beside it, and otherwise stays where it is', () => {
    const d = new Duel(setup('never-move', 'floating-eye'), content);
    const { foe } = adjacent(d);
    if (foe.ai) foe.ai.mode = 'hunting';
    const r = d.step();
    if (r.kind !== 'turn' || r.record.actor !== foe.id) throw new Error('the foe should act first');
    expect(r.record.command).toEqual({ type: 'move', dir: 'w' });
    // Three squares off, in plain view: it would close in; it waits where it is instead.
    const far = new Duel(setup('never-move', 'floating-eye'), content);
    const f = adjacent(far);
    if (f.foe.ai) f.foe.ai.mode = 'hunting';
    const at = { x: (f.hero.pos as { x: number }).x + 3, y: (f.hero.pos as { y: number }).y };
    f.foe.pos = at;
    const r2 = far.step();
    if (r2.kind !== 'turn' || r2.record.actor !== f.foe.id) throw new Error('the foe should act first');
    expect(r2.record.command).toEqual({ type: 'wait' });
    expect(f.foe.pos).toEqual(at);
  });
  it('a monster woken by noise attacks in the same turn', () => {
    let checked = 0;
    for (let i = 0; i < 40 && checked < 5; i++) {
      const d = new Duel(setup(`wake-${i}`, 'snaga'), content);
      const { foe } = adjacent(d);
      (foe.rules as { csleep: number }).csleep = 1;
      if (foe.ai) foe.ai.mode = 'sleeping';
      const r = d.step();
      if (r.kind !== 'turn' || r.record.actor !== foe.id) throw new Error('the foe should act first');
      if (!d.messages.some((m) => m.text === 'The Snaga wakes up!')) continue;
      checked++;
      expect(r.record.command).toEqual({ type: 'move', dir: 'w' });
    }
    expect(checked).toBe(5);
  });

  it('a staggering monster tries up to five random directions, taking the first that is open', () => {
    const d = new Duel(setup('stagger', 'large-white-snake'), content);
    const { foe } = adjacent(d);
    if (foe.ai) foe.ai.mode = 'hunting';
    // Wall in every direction but south-west: the snake stands in a pocket.
    const at = foe.pos as { x: number; y: number };
    for (const [dx, dy] of [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1]]) d.grid.set(at.x + (dx as number), at.y + (dy as number), Terrain.Wall);
    // The ai stream, scripted: stagger (roll 10 < 50), then n (wall), e (wall), then sw (open).
    const script = [10, 0, 2, 5];
    d.rng.ai.int = (n: number) => {
      const v = script.shift();
      if (v === undefined || v >= n) throw new Error(`unexpected ai draw (range ${n})`);
      return v;
    };
    const r = d.step();
    expect(r.kind === 'turn' && r.record.command).toEqual({ type: 'move', dir: 'sw' });
    expect(script).toEqual([]);
  });
});
