import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { World } from '../../src/core/ecs.js';

interface E {
  readonly id: number;
  name?: string;
  hp?: number;
  pos?: { x: number; y: number };
}

describe('World', () => {
  it('assigns ids from 1 upwards, in creation order', () => {
    const w = new World<E>();
    expect(w.nextId).toBe(1);
    const a = w.create({ name: 'a' });
    const b = w.create({ name: 'b' });
    const c = w.create({});
    expect([a.id, b.id, c.id]).toEqual([1, 2, 3]);
    expect(w.nextId).toBe(4);
    expect(w.all().map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('starts at firstId when given', () => {
    const w = new World<E>(100);
    expect(w.create({}).id).toBe(100);
    expect(w.create({}).id).toBe(101);
  });

  it('get and require find entities; removal makes them disappear', () => {
    const w = new World<E>();
    const ids = [0, 1, 2, 3, 4].map((i) => w.create({ hp: i * 10 }).id);
    w.remove(ids[2]!);
    expect(w.get(ids[2]!)).toBeUndefined();
    expect(() => w.require(ids[2]!)).toThrow(/no entity 3/);
    expect(w.get(ids[3]!)?.hp).toBe(30);
    expect(w.require(ids[4]!).hp).toBe(40);
    expect(w.all().map((e) => e.id)).toEqual([1, 2, 4, 5]);
    expect(w.get(99)).toBeUndefined();
    w.remove(99); // removing an unknown id is harmless
    expect(w.all()).toHaveLength(4);
  });

  it('never reuses an id, even after removing the newest entity', () => {
    const w = new World<E>();
    w.create({});
    const b = w.create({});
    w.remove(b.id);
    const c = w.create({});
    expect(c.id).toBe(3);
    w.remove(1);
    w.remove(3);
    expect(w.all()).toHaveLength(0);
    expect(w.create({}).id).toBe(4);
  });

  it('with(...) keeps entities having every listed component, ascending id, treating undefined as absent', () => {
    const w = new World<E>();
    w.create({ name: 'a', hp: 5 });
    w.create({ name: 'b' });
    w.create({ hp: 0, pos: { x: 1, y: 1 } });
    w.create({ name: 'd', hp: undefined });
    w.create({ name: 'e', hp: 3, pos: { x: 2, y: 2 } });
    expect(w.with('hp').map((e) => e.id)).toEqual([1, 3, 5]);
    expect(w.with('name', 'hp').map((e) => e.id)).toEqual([1, 5]);
    expect(w.with('pos', 'hp', 'name').map((e) => e.id)).toEqual([5]);
    expect(w.with().map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    // hp 0 is a present component (falsy but defined)
    expect(w.with('hp').find((e) => e.id === 3)?.hp).toBe(0);
  });

  it('restore sorts by id and keeps the counter past every id', () => {
    const w = new World<E>();
    w.create({});
    w.restore([{ id: 7, name: 'x' }, { id: 2 }, { id: 5 }], 3);
    expect(w.all().map((e) => e.id)).toEqual([2, 5, 7]);
    expect(w.nextId).toBe(8);
    expect(w.get(7)?.name).toBe('x');
    expect(w.create({}).id).toBe(8);
    w.restore([{ id: 1 }], 20);
    expect(w.nextId).toBe(20);
    w.restore([], 4);
    expect(w.all()).toHaveLength(0);
    expect(w.nextId).toBe(4);
  });

  it('random create/remove sequences: ids strictly increase, never repeat, iteration ascending, get finds exactly the live ones', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant<'create'>('create'), fc.nat({ max: 40 })), { maxLength: 80 }), (ops) => {
        const w = new World<E>();
        const everIssued: number[] = [];
        const live = new Set<number>();
        for (const op of ops) {
          if (op === 'create') {
            const id = w.create({ hp: 1 }).id;
            expect(everIssued.includes(id)).toBe(false);
            if (everIssued.length) expect(id).toBeGreaterThan(everIssued[everIssued.length - 1]!);
            everIssued.push(id);
            live.add(id);
          } else {
            w.remove(op);
            live.delete(op);
          }
        }
        const ids = w.all().map((e) => e.id);
        expect(ids).toEqual([...live].sort((a, b) => a - b));
        for (let id = 0; id <= 45; id++) expect(w.get(id)?.id).toBe(live.has(id) ? id : undefined);
      }),
      { numRuns: 200 },
    );
  });
});
