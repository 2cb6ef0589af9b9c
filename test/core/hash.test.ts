import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Hasher, hashOf } from '../../src/core/hash.js';

/** JSON text with object keys sorted: equal exactly when two JSON values are equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Replaces one leaf (by its index in a depth-first walk) with a different value. */
function mutateLeaf(v: unknown, target: number, counter = { i: 0 }): unknown {
  if (Array.isArray(v)) return v.map((x) => mutateLeaf(x, target, counter));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = mutateLeaf(x, target, counter);
    return out;
  }
  if (counter.i++ !== target) return v;
  if (typeof v === 'number') return v === 0 ? 1 : -v;
  if (typeof v === 'string') return `${v}x`;
  if (typeof v === 'boolean') return !v;
  return 0; // null
}

function countLeaves(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((a: number, x) => a + countLeaves(x), 0);
  if (v !== null && typeof v === 'object') return Object.values(v as object).reduce((a: number, x) => a + countLeaves(x), 0);
  return 1;
}

/**
 * JSON values whose numbers are safe integers or non-integers. Integers beyond 2^53 are left to
 * the explicit test below (they collide today), so this property stays about structure.
 */
const arbNumber = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x) || Number.isSafeInteger(x)),
).filter((x) => !Object.is(x, -0));
const arbJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(arbNumber, fc.string(), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('hashOf', () => {
  it('is 16 hex digits and deterministic', () => {
    const h = hashOf({ a: 1, b: [true, null, 'x'] });
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(hashOf({ a: 1, b: [true, null, 'x'] })).toBe(h);
  });

  it('walks keys in their own order, which copies, JSON round trips and structuredClone keep', () => {
    // The game builds each object the same way on every run, so keys are not sorted (it is the
    // checkpoint's hot path); the order is part of the value hashed.
    expect(hashOf({ a: 1, b: 2 })).not.toBe(hashOf({ b: 2, a: 1 }));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (o) => {
        expect(hashOf(JSON.parse(JSON.stringify(o)))).toBe(hashOf(o));
        expect(hashOf(structuredClone(o))).toBe(hashOf(o));
        expect(hashOf({ ...o })).toBe(hashOf(o));
      }),
    );
  });

  it('changing any one field changes the digest', () => {
    fc.assert(
      fc.property(
        arbJson.filter((v) => countLeaves(v) > 0),
        fc.nat(),
        (v, k) => {
          const mutated = mutateLeaf(v, k % countLeaves(v));
          expect(canonical(mutated)).not.toBe(canonical(v));
          expect(hashOf(mutated)).not.toBe(hashOf(v));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('equal digests exactly for equal values (random pairs)', () => {
    fc.assert(
      fc.property(arbJson, arbJson, (a, b) => {
        expect(hashOf(a) === hashOf(b)).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 300 },
    );
  });

  it.each<[string, unknown, unknown]>([
    ['1 vs "1"', 1, '1'],
    ['1 vs [1]', 1, [1]],
    ['[1] vs {"0": 1}', [1], { 0: 1 }],
    ['null vs undefined', null, undefined],
    ['true vs 1', true, 1],
    ['false vs 0', false, 0],
    ['"" vs null', '', null],
    ['["ab"] vs ["a","b"]', ['ab'], ['a', 'b']],
    ['[[1],2] vs [1,[2]]', [[1], 2], [1, [2]]],
    ['{a:1,b:2} vs {a:2,b:1}', { a: 1, b: 2 }, { a: 2, b: 1 }],
    ['{a:{}} vs {a:[]}', { a: {} }, { a: [] }],
    ['1.5 vs "1.5"', 1.5, '1.5'],
    ['0.1 vs 0.2', 0.1, 0.2],
    ['-1 vs 1', -1, 1],
  ])('tells apart %s', (_label, a, b) => {
    expect(hashOf(a)).not.toBe(hashOf(b));
  });

  it.each<[number, number]>([
    [2 ** 32, 0],
    [2 ** 32 + 5, 5],
    [2 ** 33, 2 ** 32],
    [2 ** 40 + 1, 1],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 2 ** 32],
    [-(2 ** 32), 0],
    [-1, 2 ** 32 - 1],
    [-1, -(2 ** 32) - 1],
  ])('integers above 2^32 hash fully: %d vs %d', (a, b) => {
    expect(hashOf(a)).not.toBe(hashOf(b));
  });

  it('every pair of distinct safe integers hashes differently (random pairs)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.maxSafeInteger(), (a, b) => {
        fc.pre(a !== b);
        expect(hashOf(a)).not.toBe(hashOf(b));
      }),
      { numRuns: 500 },
    );
  });

  it('integers of 2^64 and beyond do not collide with other values', () => {
    const pairs: [number, number][] = [
      [2 ** 64, 0],
      [2 ** 70, 0],
      [2 ** 64 + 2 ** 33, 2 ** 33],
      [-(2 ** 120), 2 ** 120],
      [1e300, 0],
    ];
    expect(pairs.filter(([a, b]) => hashOf(a) === hashOf(b))).toEqual([]);
  });

  it('refuses values that are not plain data', () => {
    expect(() => hashOf(() => 1)).toThrow(TypeError);
    expect(() => hashOf(1n)).toThrow(TypeError);
    expect(() => hashOf(Symbol('s'))).toThrow(TypeError);
  });
});

describe('Hasher', () => {
  it('reading the digest does not change the hasher', () => {
    const a = new Hasher().int(5).str('x');
    const d1 = a.digest();
    expect(a.digest()).toBe(d1);
    a.bool(true);
    expect(a.digest()).toBe(new Hasher().int(5).str('x').bool(true).digest());
  });

  it('is sensitive to order of fields fed in', () => {
    expect(new Hasher().int(1).int(2).digest()).not.toBe(new Hasher().int(2).int(1).digest());
    expect(new Hasher().str('ab').str('c').digest()).not.toBe(new Hasher().str('a').str('bc').digest());
  });

  it('bytes: equal arrays hash equal; length and every byte count', () => {
    const h = (b: number[]): string => new Hasher().bytes(Uint8Array.from(b)).digest();
    expect(h([1, 2, 3, 4, 5])).toBe(h([1, 2, 3, 4, 5]));
    expect(h([1, 2, 3])).not.toBe(h([1, 2, 3, 0]));
    expect(h([])).not.toBe(h([0]));
    expect(h([0, 0, 0, 0])).not.toBe(h([0, 0, 0, 0, 0]));
    expect(h([1, 0, 0, 0])).not.toBe(h([0, 0, 0, 1]));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (arr, i, delta) => {
        const other = Uint8Array.from(arr);
        const k = i % arr.length;
        other[k] = (other[k]! + delta) & 0xff;
        expect(new Hasher().bytes(other).digest()).not.toBe(new Hasher().bytes(arr).digest());
      }),
    );
  });

  it('strings: a repeated string hashes the same (cached or not) and any change shows', () => {
    const texts = ['', 'a', 'combat', 'ünïcødé', 'a'.repeat(1000)];
    for (const t of texts) expect(new Hasher().str(t).digest()).toBe(new Hasher().str(t).digest());
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (t, i) => {
        const k = i % t.length;
        const changed = t.slice(0, k) + String.fromCharCode(t.charCodeAt(k) ^ 1) + t.slice(k + 1);
        expect(new Hasher().str(changed).digest()).not.toBe(new Hasher().str(t).digest());
      }),
    );
  });

  it('the empty hasher has a fixed digest different from any fed one', () => {
    expect(new Hasher().digest()).toBe(new Hasher().digest());
    expect(new Hasher().int(0).digest()).not.toBe(new Hasher().digest());
  });
});
