import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';

/**
 * Crawl's random primitives (b20 stuff.cc), each as a roll through the tracer and as its exact
 * law. C's integer division truncates toward zero; `div` does the same.
 */

export const div = (a: number, b: number): number => Math.trunc(a / b);

/** random2(n): 0..n-1; 0 without a draw when n < 1. */
export function r2(t: Tracer, n: number, label: string): number {
  return n < 1 ? 0 : t.roll(0, n - 1, label);
}

export function r2Law(n: number): Distribution {
  return n < 1 ? Distribution.constant(0) : Distribution.uniform(0, n - 1);
}

/** one_chance_in(n): random2(n) == 0 (certain, without a draw, when n < 1). */
export function oneIn(t: Tracer, n: number, label: string): boolean {
  return n < 1 ? true : t.roll(0, n - 1, label) === 0;
}

export function oneInChance(n: number): Fraction {
  return n < 1 ? Fraction.ONE : Fraction.of(1, n);
}

export function coin(t: Tracer, label: string): boolean {
  return t.roll(0, 1, label) === 1;
}

/** random2avg(n, k): (random2(n) + (k - 1) draws of random2(n + 1)) / k. */
export function r2avg(t: Tracer, n: number, k: number, label: string): number {
  let sum = r2(t, n, label);
  for (let i = 1; i < k; i++) sum += r2(t, n + 1, label);
  return div(sum, k);
}

export function r2avgLaw(n: number, k: number): Distribution {
  let sum = r2Law(n);
  for (let i = 1; i < k; i++) sum = sum.plus(r2Law(n + 1));
  return sum.map((s) => div(s, k));
}

/** random2limit(m, lim): how many i in 0..m-1 have random2(lim) >= i (m draws). */
export function r2limit(t: Tracer, m: number, lim: number, label: string): number {
  let n = 0;
  for (let i = 0; i < m; i++) if (r2(t, lim, label) >= i) n++;
  return n;
}

export function r2limitLaw(m: number, lim: number): Distribution {
  let d = Distribution.constant(0);
  for (let i = 0; i < m; i++) {
    const p = lim < 1 ? (i === 0 ? 1 : 0) : Math.max(0, lim - i);
    const q = lim < 1 ? 1 : lim;
    if (p === 0) continue;
    d = d.plus(p === q ? Distribution.constant(1) : Distribution.fromWeights(0, [BigInt(q - p), BigInt(p)]));
  }
  return d;
}

/** The law of a yes/no event as a distribution on 0 (no) and 1 (yes). */
export function bernoulli(p: Fraction): Distribution {
  if (p.num === 0n) return Distribution.constant(0);
  if (p.equals(Fraction.ONE)) return Distribution.constant(1);
  return Distribution.fromWeights(0, [p.den - p.num, p.num]);
}

/** The probability that a value of `d` satisfies `pred`. */
export function chance(d: Distribution, pred: (v: number) => boolean): Fraction {
  let p = Fraction.ZERO;
  for (const [v, q] of d.entries()) if (pred(v)) p = p.add(q);
  return p;
}
