import { Fraction } from './fraction.js';
import type { Rng } from './rng.js';

/**
 * Runs `fn` once for every possible sequence of draws and returns each outcome with its exact
 * probability. Draw sequences are explored depth first: each run replays a prefix of choices and
 * extends it, so `fn` must be deterministic given its draws (every rule is). This is how tests
 * check a rule's closed-form odds against the rolling code, roll by roll.
 */
export function enumerateRolls<T>(fn: (rng: Rng) => T, maxLeaves = 5_000_000): { prob: Fraction; value: T }[] {
  const out: { prob: Fraction; value: T }[] = [];
  // Each frame: the choice made at that depth and the size of the range drawn from.
  const choices: number[] = [];
  const ranges: number[] = [];
  // Leaves share few denominators: one Fraction each, not a BigInt product and a gcd per leaf.
  const cache = new Map<number | bigint, Fraction>();
  for (;;) {
    let depth = 0;
    const rng: Rng = {
      int(n: number): number {
        if (depth < choices.length) {
          if (ranges[depth] !== n) throw new Error(`draw ${depth} asked for range ${n}, earlier run asked for ${ranges[depth]}`);
          return choices[depth++] as number;
        }
        choices.push(0);
        ranges.push(n);
        depth++;
        return 0;
      },
    };
    const value = fn(rng);
    // Drop choices past what this run used (a shorter branch).
    choices.length = depth;
    ranges.length = depth;
    out.push({ prob: oneIn(ranges, cache), value });
    if (out.length > maxLeaves) throw new Error(`more than ${maxLeaves} roll sequences`);
    // Advance to the next sequence: bump the deepest choice that has room.
    let k = choices.length - 1;
    while (k >= 0 && (choices[k] as number) + 1 >= (ranges[k] as number)) k--;
    if (k < 0) return out;
    choices[k] = (choices[k] as number) + 1;
    choices.length = k + 1;
    ranges.length = k + 1;
  }
}

/** 1 / (the product of the ranges), made once per product. */
function oneIn(ranges: readonly number[], cache: Map<number | bigint, Fraction>): Fraction {
  let den: number | bigint = 1;
  for (const r of ranges) {
    if (typeof den === 'number') {
      const next: number = den * r;
      den = Number.isSafeInteger(next) ? next : BigInt(den) * BigInt(r);
    } else den *= BigInt(r);
  }
  // A product past 2^53 is a BigInt, one within it a number: the two never name the same value.
  let f = cache.get(den);
  if (f === undefined) {
    f = Fraction.of(1n, den);
    cache.set(den, f);
  }
  return f;
}

/** Sums the probability of outcomes that satisfy `pred`. */
export function probabilityOf<T>(outcomes: readonly { prob: Fraction; value: T }[], pred: (v: T) => boolean): Fraction {
  let num = 0n;
  let den = 1n;
  for (const o of outcomes) {
    if (!pred(o.value)) continue;
    // Accumulate with a running common denominator to avoid a gcd per term.
    if (o.prob.den === den) num += o.prob.num;
    else {
      const d = den > o.prob.den ? den : o.prob.den;
      if (d % den === 0n && d % o.prob.den === 0n) {
        num = num * (d / den) + o.prob.num * (d / o.prob.den);
        den = d;
      } else {
        num = num * o.prob.den + o.prob.num * den;
        den = den * o.prob.den;
      }
    }
  }
  return Fraction.of(num, den);
}
