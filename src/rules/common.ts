import { NullTracer } from '../core/trace.js';
import type { FighterSpec } from './ruleset.js';

/** Helpers every ruleset uses. */

/** A tracer for building previews and descriptions: they never draw, so any draw is a bug. */
export const PREVIEW_TRACER = new NullTracer({
  int(): number {
    throw new Error('a preview must not draw random numbers');
  },
});

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A whole-number fighter option (--level), checked against its range; `fallback` when absent. */
export function numberOption(options: FighterSpec['options'], key: string, fallback: number, lo: number, hi: number): number {
  const v = options[key];
  if (v === undefined) return fallback;
  const n = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < lo || n > hi) throw new Error(`--${key} must be a whole number from ${lo} to ${hi} (got "${v}")`);
  return n;
}

/** A text fighter option (--weapon), or `fallback` when absent. */
export function stringOption(options: FighterSpec['options'], key: string, fallback: string | undefined): string | undefined {
  const v = options[key];
  return v === undefined ? fallback : String(v);
}
