import type { Distribution } from '../core/distribution.js';
import type { Fraction } from '../core/fraction.js';

/** Pieces every ruleset's calculator report is made of. */

/** An exact probability, as a fraction and a percentage. */
export interface Odds {
  readonly fraction: string;
  readonly percent: number;
}

export interface Spread {
  readonly min: number;
  readonly mean: number;
  readonly max: number;
}

export const odds = (f: Fraction): Odds => ({ fraction: f.toString(), percent: Number((f.toNumber() * 100).toFixed(4)) });
export const spread = (d: Distribution): Spread => ({ min: d.min, mean: Number(d.mean().toNumber().toFixed(4)), max: d.max });
/** A number shown in a report, to four decimals. */
export const rounded = (f: Fraction): number => Number(f.toNumber().toFixed(4));
