import { type Die, customDie } from '../../core/rule.js';
import { r2, r2avg, r2avgLaw, r2Law, r2limit, r2limitLaw } from './random.js';
import { Distribution } from '../../core/distribution.js';

/**
 * Crawl's dice for the step lists of `core/rule.ts`: random2, sums of it, random2avg,
 * random2limit and the coinflip, each rolled through the tracer and with its exact law.
 */

/** random2(n). */
export const die = (n: number): Die => customDie(`random2(${n})`, (t, label) => r2(t, n, label), () => r2Law(n));

/** The sum of `count` draws of random2(n). */
export function sumDie(n: number, count: number): Die {
  return customDie(
    `${count} x random2(${n})`,
    (t, label) => {
      let s = 0;
      for (let i = 0; i < count; i++) s += r2(t, n, label);
      return s;
    },
    () => {
      let s = Distribution.constant(0);
      for (let i = 0; i < count; i++) s = s.plus(r2Law(n));
      return s;
    },
  );
}

/** random2avg(n, k). */
export const avgDie = (n: number, k: number): Die => customDie(`random2avg(${n}, ${k})`, (t, label) => r2avg(t, n, k, label), () => r2avgLaw(n, k));

/** random2limit(m, lim). */
export const limitDie = (m: number, lim: number): Die => customDie(`random2limit(${m}, ${lim})`, (t, label) => r2limit(t, m, lim, label), () => r2limitLaw(m, lim));

/** 0 or 1, even. */
export const COIN: Die = customDie('coinflip', (t, label) => t.roll(0, 1, label), () => Distribution.uniform(0, 1));
