import { Distribution } from '../../core/distribution.js';
import type { Tracer } from '../../core/trace.js';
import { r2, r2avg, r2avgLaw, r2Law, r2limit, r2limitLaw } from './random.js';

/**
 * A rule written once as a chain of steps, each "draw a die, then change the number", so the
 * same definition both rolls (through the tracer, with every step recorded) and gives its exact
 * law (a Distribution). The to-hit and damage pipelines of the main and second attacks are
 * built from these; tests check the laws against enumeration of every roll.
 */

export type Die =
  | { readonly kind: 'none' }
  /** random2(n). */
  | { readonly kind: 'r2'; readonly n: number }
  /** The sum of `count` draws of random2(n). */
  | { readonly kind: 'sum'; readonly n: number; readonly count: number }
  /** random2avg(n, k). */
  | { readonly kind: 'avg'; readonly n: number; readonly k: number }
  /** random2limit(m, lim). */
  | { readonly kind: 'limit'; readonly m: number; readonly lim: number }
  /** 0 or 1, even. */
  | { readonly kind: 'coin' }
  /** Several draws that make one number: its law and how to roll it. */
  | { readonly kind: 'custom'; readonly law: Distribution; readonly roll: (t: Tracer) => number; readonly text: string };

export const NO_DIE: Die = { kind: 'none' };
export const die = (n: number): Die => ({ kind: 'r2', n });

export interface Step {
  readonly label: string;
  /** Whether the step applies at all (a step that does not apply draws nothing). */
  readonly die: (x: number) => Die;
  readonly apply: (x: number, r: number) => number;
  /** Why the number changed, for the trace. */
  readonly reason: string;
  /** The divergence this step follows, when the editions differ here. */
  readonly edition?: { readonly id: string; readonly text: string };
}

export function dieLaw(d: Die): Distribution {
  switch (d.kind) {
    case 'none':
      return Distribution.constant(0);
    case 'r2':
      return r2Law(d.n);
    case 'sum': {
      let s = Distribution.constant(0);
      for (let i = 0; i < d.count; i++) s = s.plus(r2Law(d.n));
      return s;
    }
    case 'avg':
      return r2avgLaw(d.n, d.k);
    case 'limit':
      return r2limitLaw(d.m, d.lim);
    case 'coin':
      return Distribution.uniform(0, 1);
    case 'custom':
      return d.law;
  }
}

export function rollDie(t: Tracer, d: Die, label: string): number {
  switch (d.kind) {
    case 'none':
      return 0;
    case 'r2':
      return r2(t, d.n, label);
    case 'sum': {
      let s = 0;
      for (let i = 0; i < d.count; i++) s += r2(t, d.n, label);
      return s;
    }
    case 'avg':
      return r2avg(t, d.n, d.k, label);
    case 'limit':
      return r2limit(t, d.m, d.lim, label);
    case 'coin':
      return t.roll(0, 1, label);
    case 'custom':
      return d.roll(t);
  }
}

/** Shows a die the way the trace names it. */
export function dieText(d: Die): string {
  switch (d.kind) {
    case 'none':
      return '';
    case 'r2':
      return `random2(${d.n})`;
    case 'sum':
      return `${d.count} x random2(${d.n})`;
    case 'avg':
      return `random2avg(${d.n}, ${d.k})`;
    case 'limit':
      return `random2limit(${d.m}, ${d.lim})`;
    case 'coin':
      return 'coinflip';
    case 'custom':
      return d.text;
  }
}

/** Runs the steps on `start`, rolling and recording each. */
export function runSteps(t: Tracer, steps: readonly Step[], start: number): number {
  let x = start;
  const named = new Set<string>();
  for (const s of steps) {
    const d = s.die(x);
    const r = rollDie(t, d, `${s.label}: ${dieText(d)}`);
    const after = s.apply(x, r);
    if (t.recording) {
      if (s.edition && !named.has(s.edition.id)) {
        named.add(s.edition.id);
        t.edition(s.edition.id, s.edition.text);
      }
      t.mod(s.label, x, after, s.reason);
    }
    x = after;
  }
  return x;
}

/** The exact law of the steps applied to `start` (itself a number or a law). */
export function stepsLaw(steps: readonly Step[], start: number | Distribution): Distribution {
  let law = typeof start === 'number' ? Distribution.constant(start) : start;
  for (const s of steps) {
    law = law.then((x) => {
      const d = s.die(x);
      if (d.kind === 'none') return Distribution.constant(s.apply(x, 0));
      return dieLaw(d).map((r) => s.apply(x, r));
    });
  }
  return law;
}

/** A step that always applies: draw `d`, then `apply`. */
export function step(label: string, d: Die | ((x: number) => Die), apply: (x: number, r: number) => number, reason: string, edition?: Step['edition']): Step {
  return { label, die: typeof d === 'function' ? d : () => d, apply, reason, ...(edition ? { edition } : {}) };
}
