import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { enumerateRolls, probabilityOf } from '../../src/core/enumerate.js';
import { Fraction } from '../../src/core/fraction.js';
import type { Rng } from '../../src/core/rng.js';

const F = (n: number | bigint, d: number | bigint = 1): Fraction => Fraction.of(n, d);

function total(outcomes: readonly { prob: Fraction }[]): Fraction {
  return outcomes.reduce((a, o) => a.add(o.prob), Fraction.ZERO);
}

/**
 * A random decision tree of draws: each node draws from a range and goes on to the child of the
 * value drawn (or stops). Its exact leaf probabilities are easy to compute by recursion, which
 * gives an independent check of the enumeration.
 */
interface Node {
  readonly range: number;
  /** children[v] is followed after drawing v; undefined ends the run with a leaf. */
  readonly children: readonly (Node | undefined)[];
}

const arbTree: fc.Arbitrary<Node | undefined> = fc.letrec<{ node: Node | undefined }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(undefined),
    fc.integer({ min: 1, max: 4 }).chain((range) =>
      fc.array(tie('node'), { minLength: range, maxLength: range }).map((children) => ({ range, children })),
    ),
  ),
})).node;

/** Runs the tree against an Rng, returning the path of values drawn as the outcome. */
function runTree(root: Node | undefined, rng: Rng): string {
  const path: number[] = [];
  let n = root;
  while (n) {
    const v = rng.int(n.range);
    path.push(v);
    n = n.children[v];
  }
  return path.join('.');
}

/** Exact probability of every leaf, by recursion. */
function leaves(n: Node | undefined, prefix: number[] = [], p: Fraction = Fraction.ONE, out = new Map<string, Fraction>()): Map<string, Fraction> {
  if (!n) {
    out.set(prefix.join('.'), p);
    return out;
  }
  for (let v = 0; v < n.range; v++) leaves(n.children[v], [...prefix, v], p.mul(F(1, n.range)), out);
  return out;
}

describe('enumerateRolls', () => {
  it('a function that draws nothing has one outcome of probability 1', () => {
    const out = enumerateRolls(() => 'x');
    expect(out).toHaveLength(1);
    expect(out[0]?.value).toBe('x');
    expect(out[0]?.prob.equals(Fraction.ONE)).toBe(true);
  });

  it('two dice: 36 outcomes, each 1/36, in lexicographic order of draws', () => {
    const out = enumerateRolls((rng) => [rng.int(6), rng.int(6)]);
    expect(out).toHaveLength(36);
    out.forEach((o, i) => {
      expect(o.value).toEqual([Math.floor(i / 6), i % 6]);
      expect(o.prob.equals(F(1, 36))).toBe(true);
    });
  });

  it('variable-length draw sequences: a coin, and on heads a d3', () => {
    const out = enumerateRolls((rng) => (rng.int(2) === 0 ? `heads ${rng.int(3)}` : 'tails'));
    expect(out.map((o) => [o.value, o.prob.toString()])).toEqual([
      ['heads 0', '1/6'],
      ['heads 1', '1/6'],
      ['heads 2', '1/6'],
      ['tails', '1/2'],
    ]);
    expect(total(out).equals(Fraction.ONE)).toBe(true);
  });

  it('variable-length: reroll a d6 while it shows 6, at most three times (exploding die)', () => {
    const out = enumerateRolls((rng) => {
      let sum = 0;
      for (let i = 0; i < 3; i++) {
        const r = rng.int(6) + 1;
        sum += r;
        if (r !== 6) break;
      }
      return sum;
    });
    // 5 + 5 + 6 leaves: values 1..5 (1/6), 7..11 (1/36), 13..18 (1/216).
    expect(out).toHaveLength(16);
    expect(total(out).equals(Fraction.ONE)).toBe(true);
    expect(probabilityOf(out, (v) => v === 3).equals(F(1, 6))).toBe(true);
    expect(probabilityOf(out, (v) => v === 9).equals(F(1, 36))).toBe(true);
    expect(probabilityOf(out, (v) => v === 18).equals(F(1, 216))).toBe(true);
    expect(probabilityOf(out, (v) => v >= 13).equals(F(1, 36))).toBe(true);
  });

  it('random decision trees: every leaf once, with its exact probability, summing to 1', () => {
    fc.assert(
      fc.property(arbTree, (tree) => {
        const out = enumerateRolls((rng) => runTree(tree, rng));
        const expected = leaves(tree);
        expect(out).toHaveLength(expected.size);
        for (const o of out) expect(o.prob.equals(expected.get(o.value) ?? F(-1))).toBe(true);
        expect(new Set(out.map((o) => o.value)).size).toBe(out.length);
        expect(total(out).equals(Fraction.ONE)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a function whose draws are not determined by earlier draws', () => {
    let calls = 0;
    expect(() => enumerateRolls((rng) => rng.int(++calls === 1 ? 2 : 3))).toThrow(/range/);
  });

  it('stops at maxLeaves', () => {
    expect(() => enumerateRolls((rng) => rng.int(10) + rng.int(10), 50)).toThrow(/50/);
    expect(enumerateRolls((rng) => rng.int(10) + rng.int(10), 100)).toHaveLength(100);
  });
});

describe('probabilityOf', () => {
  it('sums mixed denominators exactly', () => {
    const out = enumerateRolls((rng) => (rng.int(2) === 0 ? rng.int(3) : rng.int(2) === 0 ? 10 + rng.int(5) : 20));
    // 0..2 at 1/6 each, 10..14 at 1/20 each, 20 at 1/4.
    expect(probabilityOf(out, (v) => v < 3).equals(F(1, 2))).toBe(true);
    expect(probabilityOf(out, (v) => v === 1 || v === 12).equals(F(1, 6).add(F(1, 20)))).toBe(true);
    expect(probabilityOf(out, (v) => v >= 10).equals(F(1, 2))).toBe(true);
    expect(probabilityOf(out, () => true).equals(Fraction.ONE)).toBe(true);
    expect(probabilityOf(out, () => false).equals(Fraction.ZERO)).toBe(true);
  });

  it('agrees with summing Fractions one by one', () => {
    fc.assert(
      fc.property(arbTree, fc.integer({ min: 0, max: 3 }), (tree, digit) => {
        const out = enumerateRolls((rng) => runTree(tree, rng));
        const pred = (v: string): boolean => v.includes(String(digit));
        expect(probabilityOf(out, pred).equals(total(out.filter((o) => pred(o.value))))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
