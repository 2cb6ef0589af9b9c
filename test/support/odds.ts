/**
 * Helpers for exact-odds tests of any ruleset. Nothing here computes an expected number: they
 * only enumerate, aggregate and compare, so the expectations stay in the tests.
 */
import { expect } from 'vitest';
import { enumerateRolls } from '../../src/core/enumerate.js';
import { Fraction } from '../../src/core/fraction.js';
import type { Rng } from '../../src/core/rng.js';
import { NullTracer, RecordingTracer, type Tracer, type TraceStep } from '../../src/core/trace.js';

/** An Rng that fails the test if anything draws from it. */
export const NO_DRAWS: Rng = {
  int(n: number): number {
    throw new Error(`unexpected draw from a range of ${n}`);
  },
};

/** A tracer that records, over an Rng that must not be drawn from. */
export const recorder = (rng: Rng = NO_DRAWS): RecordingTracer => new RecordingTracer(rng);
export const silent = (rng: Rng = NO_DRAWS): Tracer => new NullTracer(rng);

/** The ids of every 'edition' step in a trace. */
export function editionIds(steps: readonly TraceStep[]): string[] {
  return steps.flatMap((s) => (s.kind === 'edition' ? [s.divergence] : []));
}

/**
 * Runs `fn` over every draw sequence and sums the exact probability of each distinct key. Each
 * sequence is run twice: through a NullTracer (the fast roll) and, on the same draws, through a
 * RecordingTracer (the traced roll the rules pane shows). Fails unless both readings ask for the
 * same draws and give the same key, and unless the probabilities add up to exactly one.
 */
export function exactLaw<T>(fn: (t: Tracer) => T, key: (v: T) => string | number, maxLeaves?: number): Map<string | number, Fraction> {
  const leaves = enumerateRolls((rng) => {
    const draws: { n: number; r: number }[] = [];
    const value = fn(
      new NullTracer({
        int(n: number): number {
          const r = rng.int(n);
          draws.push({ n, r });
          return r;
        },
      }),
    );
    let i = 0;
    const traced = fn(
      new RecordingTracer({
        int(n: number): number {
          const d = draws[i++];
          if (!d || d.n !== n) throw new Error(`the traced roll asked for draw ${i - 1} from a range of ${n}; the fast roll ${d ? `asked for ${d.n}` : 'drew no more'}`);
          return d.r;
        },
      }),
    );
    if (i !== draws.length) throw new Error(`the traced roll drew ${i} times, the fast roll ${draws.length}`);
    const k = key(value);
    if (key(traced) !== k) throw new Error(`the traced roll gave ${String(key(traced))} where the fast roll gave ${String(k)}`);
    return value;
  }, maxLeaves);
  return lawOf(leaves, key);
}

function lawOf<T>(leaves: readonly { prob: Fraction; value: T }[], key: (v: T) => string | number): Map<string | number, Fraction> {
  // Leaves share a few probabilities (the enumerator makes one Fraction for each): count the
  // leaves of each key and probability, and do the BigInt sums once per pair at the end.
  const counts = new Map<string | number, Map<Fraction, number>>();
  for (const { prob, value } of leaves) {
    const k = key(value);
    let byProb = counts.get(k);
    if (byProb === undefined) counts.set(k, (byProb = new Map()));
    byProb.set(prob, (byProb.get(prob) ?? 0) + 1);
  }
  let total = { num: 0n, den: 1n };
  const out = new Map<string | number, Fraction>();
  for (const [k, byProb] of counts) {
    let sum = { num: 0n, den: 1n };
    for (const [p, n] of byProb) sum = addRaw(sum, Fraction.of(p.num * BigInt(n), p.den));
    total = addRaw(total, Fraction.of(sum.num, sum.den));
    out.set(k, Fraction.of(sum.num, sum.den));
  }
  if (!Fraction.of(total.num, total.den).equals(Fraction.ONE)) throw new Error('enumerated probabilities do not sum to 1');
  return out;
}

/** Adds without reducing when one denominator divides the other (the usual case here). */
function addRaw(a: { num: bigint; den: bigint }, p: Fraction): { num: bigint; den: bigint } {
  if (a.den === p.den) return { num: a.num + p.num, den: a.den };
  if (a.den % p.den === 0n) return { num: a.num + p.num * (a.den / p.den), den: a.den };
  if (p.den % a.den === 0n) return { num: a.num * (p.den / a.den) + p.num, den: p.den };
  return { num: a.num * p.den + p.num * a.den, den: a.den * p.den };
}

/** Fraction shorthand. */
export const F = (num: number | bigint, den: number | bigint = 1): Fraction => Fraction.of(num, den);

/** Asserts two fractions are equal (fractions are kept reduced, so the text is canonical). */
export function expectFrac(actual: Fraction, expected: Fraction): void {
  expect(actual.toString()).toBe(expected.toString());
}
