import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { referenceMap, TWO32 } from '../support/rng-reference.js';

/**
 * Stream.int(n) fed a scripted word source: seedrandom's tychei is replaced by a generator that
 * returns the words queued here, so the rejection branches can be hit on purpose (with the real
 * generator, a word rejected for a small n turns up about once in 2^32 / (2^32 mod n) draws).
 */
const words = vi.hoisted(() => [] as number[]);

vi.mock('seedrandom', () => {
  const tychei = () =>
    Object.assign(() => 0, {
      int32: (): number => {
        const w = words.shift();
        if (w === undefined) throw new Error('scripted word source ran out');
        return w | 0; // seedrandom returns signed 32-bit words
      },
      state: () => ({ a: 0, b: 0, c: 0, d: 0 }),
    });
  return { default: { tychei } };
});

const { Stream } = await import('../../src/core/rng.js');

/** Runs int(n) on the given words; returns the value and how many words it used. */
function intFrom(n: number, script: number[]): { value: number; used: number; left: number } {
  words.length = 0;
  words.push(...script);
  const s = new Stream('x', 'scripted');
  const value = s.int(n);
  return { value, used: s.draws, left: words.length };
}

describe('Stream.int(n) on scripted words', () => {
  // [n, words, value, words used]. Worked by hand:
  // n = 3: 2^32 mod 3 = 1, so only a word with 3w mod 2^32 = 0 is rejected: w = 0.
  // n = 6: 2^32 mod 6 = 4; 6w mod 2^32 < 4 for w = 0 (0) and w = 715827883 (6w = 2^32 + 2).
  // n = 2^31 + 1 (modulo branch): 2^32 mod n = 2^31 - 1, limit = 2^31 + 1; words >= limit are rejected.
  it.each<[number, number[], number, number]>([
    [3, [0, 5], 0, 2],
    [3, [0, 0, 0xffffffff], 2, 3],
    [3, [1], 0, 1],
    [3, [0x55555555], 0, 1], // 3w = 2^32 - 1: high word 0
    [3, [0x55555556], 1, 1], // 3w = 2^32 + 2: high word 1
    [3, [0xffffffff], 2, 1],
    [6, [715827883, 7], 0, 2],
    [6, [715827882], 0, 1], // 6w = 2^32 - 4: accepted, value 0
    [6, [715827884], 1, 1], // 6w = 2^32 + 8: accepted, value 1
    [1, [0], 0, 1], // 2^32 mod 1 = 0: nothing is rejected
    [1, [0xffffffff], 0, 1],
    [2 ** 31 + 1, [2 ** 31 + 1, 2 ** 31], 2 ** 31, 2],
    [2 ** 31 + 1, [0xffffffff, 2 ** 31 + 5, 7], 7, 3],
    [2 ** 31 + 1, [2 ** 31], 2 ** 31, 1],
    [TWO32, [0xffffffff], 0xffffffff, 1],
    [TWO32, [0], 0, 1],
    // n = 2^32 + 1 (two words, 53 bits): 2^53 mod n = n - 2^21, so r is rejected from
    // 2^53 - n + 2^21 on: first word 0xffffffff (top 21 bits all ones) and second >= 2^21 - 1.
    [TWO32 + 1, [0xffffffff, 0xffffffff, 0, 5], 5, 4],
    [TWO32 + 1, [0xffffffff, 2 ** 21 - 1, 0, 7], 7, 4],
    [TWO32 + 1, [0xffffffff, 2 ** 21 - 2], TWO32, 2], // r = 2^53 - 2^32 + 2^21 - 2 = -1 mod n
    [TWO32 + 1, [0x7ff, 9], 9, 2], // the low 11 bits of the first word are dropped
    [TWO32 + 1, [0x800, 0], TWO32, 2], // r = 2^32 = n - 1
    [2 ** 53, [0xffffffff, 0xffffffff], 2 ** 53 - 1, 2],
  ])('int(%d) on words %j = %d after %d words', (n, script, value, used) => {
    const r = intFrom(n, script);
    expect(r.value).toBe(value);
    expect(r.used).toBe(used);
    expect(r.left).toBe(script.length - used);
  });

  it('random words and ranges: the value and the words used follow the pinned map', () => {
    const arbN = fc.oneof(
      fc.integer({ min: 1, max: 64 }),
      fc.integer({ min: 1, max: 2 ** 21 }),
      fc.integer({ min: 2 ** 21 + 1, max: TWO32 }),
      fc.integer({ min: TWO32 + 1, max: 2 ** 53 }),
    );
    // Bias words towards the ends of the range, where the rejections live.
    const arbWord = fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 0xffffffff - 4096, max: 0xffffffff }));
    fc.assert(
      fc.property(arbN, fc.array(arbWord, { minLength: 2, maxLength: 8 }), (n, script) => {
        const step = n > TWO32 ? 2 : 1;
        let used = 0;
        let expected: number | undefined;
        for (; used + step <= script.length; ) {
          expected = referenceMap(n, script[used]!, step === 2 ? script[used + 1]! : 0);
          used += step;
          if (expected !== undefined) break;
        }
        fc.pre(expected !== undefined);
        const r = intFrom(n, script);
        expect(r.value).toBe(expected);
        expect(r.used).toBe(used);
      }),
      { numRuns: 500 },
    );
  });

  it('word 0 is rejected for every small n that does not divide 2^32, and accepted for powers of two', () => {
    // For word 0, m = 0 and its low word 0 is below 2^32 mod n unless that is 0.
    for (let n = 2; n <= 40; n++) {
      const r = intFrom(n, [0, 1]);
      const powerOfTwo = (n & (n - 1)) === 0;
      expect(r.used).toBe(powerOfTwo ? 1 : 2);
      expect(r.value).toBe(0);
    }
  });
});
