import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advanceEnergy, nextActor, peekNextActor, type EnergyActor, type EnergyRules } from '../../src/core/energy.js';

interface A extends EnergyActor {
  readonly id: number;
  energy: number;
  speed: number;
}

const rules = (threshold: number): EnergyRules<A> => ({ threshold, gain: (a) => a.speed });

/** Runs the scheduler for `actions` turns; each actor spends `cost` when it acts. */
function schedule(actors: A[], r: EnergyRules<A>, actions: number, cost: number): { id: number; time: number }[] {
  const out: { id: number; time: number }[] = [];
  let time = 0;
  for (let i = 0; i < actions; i++) {
    const n = nextActor(actors, r);
    if (!n) break;
    time += n.ticks;
    n.actor.energy -= cost;
    out.push({ id: n.actor.id, time });
  }
  return out;
}

/**
 * Brute-force reference: time advances one tick at a time; at each instant, while someone has
 * reached the threshold, the lowest id among them acts (and may act again if still ready).
 */
function bruteForce(actors: A[], threshold: number, actions: number, cost: number): { id: number; time: number }[] {
  const out: { id: number; time: number }[] = [];
  let time = 0;
  while (out.length < actions) {
    const ready = actors.filter((a) => a.energy >= threshold);
    if (ready.length > 0) {
      const a = ready[0]!; // actors are sorted by id
      a.energy -= cost;
      out.push({ id: a.id, time });
      continue;
    }
    time++;
    for (const a of actors) a.energy += a.speed;
  }
  return out;
}

describe('energy scheduler', () => {
  it('speeds 2:1 give two actions to one over a long run', () => {
    const actors: A[] = [
      { id: 1, energy: 0, speed: 1 },
      { id: 2, energy: 0, speed: 2 },
    ];
    const log = schedule(actors, rules(100), 3000, 100);
    const slow = log.filter((e) => e.id === 1).length;
    const fast = log.filter((e) => e.id === 2).length;
    expect(slow + fast).toBe(3000);
    expect(fast).toBe(2000);
    expect(slow).toBe(1000);
    // and at every prefix the ratio never drifts by more than one action
    let s = 0;
    let f = 0;
    for (const e of log) {
      if (e.id === 1) s++;
      else f++;
      expect(Math.abs(f - 2 * s)).toBeLessThanOrEqual(2);
    }
  });

  it('ties go to the lowest id (equal speeds alternate by id)', () => {
    const actors: A[] = [
      { id: 3, energy: 0, speed: 10 },
      { id: 7, energy: 0, speed: 10 },
      { id: 9, energy: 0, speed: 10 },
    ];
    const log = schedule(actors, rules(100), 9, 100);
    expect(log.map((e) => e.id)).toEqual([3, 7, 9, 3, 7, 9, 3, 7, 9]);
    expect(log.map((e) => e.time)).toEqual([10, 10, 10, 20, 20, 20, 30, 30, 30]);
  });

  it('a tie in ticks needed goes to the lower id even if the higher id has more energy', () => {
    const actors: A[] = [
      { id: 1, energy: 0, speed: 5 }, // needs 20 ticks
      { id: 2, energy: 81, speed: 1 }, // needs 19 ticks
      { id: 4, energy: 50, speed: 3 }, // needs ceil(50/3) = 17 ticks
    ];
    expect(peekNextActor(actors, rules(100))).toEqual({ actor: actors[2], ticks: 17 });
    actors[2]!.energy = 43; // now needs ceil(57/3) = 19 ticks, tied with id 2
    expect(peekNextActor(actors, rules(100))?.actor.id).toBe(2);
    actors[1]!.energy = 80; // id 2 now needs 20, tied with id 1
    actors[2]!.energy = 0;
    expect(peekNextActor(actors, rules(100))).toEqual({ actor: actors[0], ticks: 20 });
  });

  it('an actor with more energy than needed acts at once, and nobody gains energy', () => {
    const actors: A[] = [
      { id: 1, energy: 0, speed: 1 },
      { id: 2, energy: 150, speed: 1 },
    ];
    const n = nextActor(actors, rules(100));
    expect(n?.actor.id).toBe(2);
    expect(n?.ticks).toBe(0);
    expect(actors.map((a) => a.energy)).toEqual([0, 150]);
    // after spending 100 it still has 50 and must wait again
    actors[1]!.energy -= 100;
    expect(peekNextActor(actors, rules(100))).toEqual({ actor: actors[1], ticks: 50 });
  });

  it('an actor with enough energy for two actions acts twice in a row', () => {
    const actors: A[] = [
      { id: 1, energy: 99, speed: 1 },
      { id: 2, energy: 200, speed: 1 },
    ];
    const log = schedule(actors, rules(100), 3, 100);
    expect(log).toEqual([
      { id: 2, time: 0 },
      { id: 2, time: 0 },
      { id: 1, time: 1 },
    ]);
  });

  it('peekNextActor changes nothing; advanceEnergy adds gain x ticks', () => {
    const actors: A[] = [
      { id: 1, energy: 3, speed: 2 },
      { id: 2, energy: 7, speed: 5 },
    ];
    peekNextActor(actors, rules(100));
    expect(actors.map((a) => a.energy)).toEqual([3, 7]);
    advanceEnergy(actors, rules(100), 4);
    expect(actors.map((a) => a.energy)).toEqual([11, 27]);
    advanceEnergy(actors, rules(100), 0);
    advanceEnergy(actors, rules(100), -3);
    expect(actors.map((a) => a.energy)).toEqual([11, 27]);
  });

  it('no actors: no one acts', () => {
    expect(peekNextActor([], rules(100))).toBeUndefined();
    expect(nextActor([], rules(100))).toBeUndefined();
  });

  it.each([0, -1, 1.5, NaN])('a gain of %d per tick is refused', (g) => {
    const actors: A[] = [{ id: 1, energy: 0, speed: g }];
    expect(() => peekNextActor(actors, rules(100))).toThrow(/actor 1/);
  });

  it('agrees with a tick-by-tick brute force on random actors', () => {
    const arbActors = fc
      .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 })
      .chain((ids) =>
        fc.tuple(
          ...ids
            .sort((a, b) => a - b)
            .map((id) => fc.record({ id: fc.constant(id), energy: fc.integer({ min: -50, max: 250 }), speed: fc.integer({ min: 1, max: 12 }) })),
        ),
      );
    fc.assert(
      fc.property(arbActors, fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 150 }), (actors, threshold, cost) => {
        const a1 = actors.map((a) => ({ ...a }));
        const a2 = actors.map((a) => ({ ...a }));
        expect(schedule(a1, rules(threshold), 60, cost)).toEqual(bruteForce(a2, threshold, 60, cost));
        expect(a1).toEqual(a2);
      }),
      { numRuns: 200 },
    );
  });
});
