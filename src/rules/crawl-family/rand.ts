import { Distribution } from '../../core/distribution.js';
import { type Rand, map, pure, rand } from '../../core/rand.js';
import { div, r2 as rollR2, r2avg as rollR2avg, r2avgLaw, r2Law } from './random.js';

/**
 * The Crawl family's dice as rules written once (`core/rand.ts`): each rolls through the tracer
 * as the games' code does (`random.ts`) and knows its exact law.
 */

/** random2(n): 0..n-1, nothing drawn (0) when n < 1. */
export const random2 = (n: number, label: string): Rand => rand((t) => rollR2(t, n, label), () => r2Law(n));

/** random2avg(n, k). */
export const random2avg = (n: number, k: number, label: string): Rand => rand((t) => rollR2avg(t, n, k, label), () => r2avgLaw(n, k));

/** coinflip(): 1 or 0. */
export const coinflip = (label: string): Rand => rand((t) => (t.roll(0, 1, label) === 1 ? 1 : 0), () => Distribution.uniform(0, 1));

/** one_chance_in(n): 1 when random2(n) is 0 (certain, without a draw, when n < 1). */
export const oneChanceIn = (n: number, label: string): Rand => (n < 1 ? pure(1) : map(random2(n, label), (r) => (r === 0 ? 1 : 0)));

/** div_rand_round (Stone Soup stuff.cc): x / d, one more when random2(d) < x mod d. */
export function divRandRound(x: number, d: number, label: string): Rand {
  const r = x % d;
  return r > 0 ? map(random2(d, label), (k) => div(x, d) + (k < r ? 1 : 0)) : pure(div(x, d));
}
