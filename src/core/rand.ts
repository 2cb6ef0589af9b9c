import { Distribution, mixture } from './distribution.js';
import { Fraction } from './fraction.js';
import type { Tracer } from './trace.js';

/**
 * A random rule written once, as an expression: the draws it makes and how their values combine.
 * The one definition gives all three readings the program needs:
 *
 * - `roll(t)` draws through the tracer: at full speed with a tracer that records nothing, and with
 *   a recording one every draw, comparison and note the rule makes, for the rules pane;
 * - `law()` is its exact distribution, drawing nothing.
 *
 * The draws are made in the order the expression is written, with the labels it gives, so a rule
 * written here rolls as the game's code does. (No export is named `then`: a module that exports
 * one is a thenable, and `await import()` of it never settles.) Step lists (`rule.ts`) suit a number changed step by
 * step; these combinators suit rules that branch and compare. Yes and no are the values 1 and 0.
 * Each game supplies its own dice as `Rand`s (Crawl's random2 and random2avg, for one).
 */
export interface Rand {
  roll(t: Tracer): number;
  law(): Distribution;
}

/** A rule whose law is worked out once, the first time it is asked for. */
export function rand(roll: (t: Tracer) => number, law: () => Distribution): Rand {
  let known: Distribution | undefined;
  return { roll, law: () => (known ??= law()) };
}

/** A number without a draw. */
export const pure = (v: number): Rand => rand(() => v, () => Distribution.constant(v));

/** A uniform draw lo..hi. */
export const uniform = (lo: number, hi: number, label: string): Rand => rand((t) => t.roll(lo, hi, label), () => Distribution.uniform(lo, hi));

/** f of the value. */
export const map = (a: Rand, f: (x: number) => number): Rand => rand((t) => f(a.roll(t)), () => a.law().map(f));

/** Draws `a`, then the rule its value calls for. */
export const andThen = (a: Rand, next: (x: number) => Rand): Rand => rand((t) => next(a.roll(t)).roll(t), () => a.law().then((x) => next(x).law()));

/** Draws `a`, then `b` whatever `a` gave, and combines them. */
export const both = (a: Rand, b: Rand, f: (x: number, y: number) => number): Rand =>
  rand(
    (t) => {
      const x = a.roll(t);
      return f(x, b.roll(t));
    },
    () => a.law().combine(b.law(), f),
  );

/** The sum of the rules, drawn in order. */
export function sum(parts: readonly Rand[]): Rand {
  return rand(
    (t) => {
      let s = 0;
      for (const p of parts) s += p.roll(t);
      return s;
    },
    () => parts.reduce((law, p) => law.plus(p.law()), Distribution.constant(0)),
  );
}

/** If `cond` (a yes or no) then `yes` else `no`. */
export const when = (cond: Rand, yes: Rand, no: Rand): Rand =>
  rand(
    (t) => (cond.roll(t) ? yes : no).roll(t),
    () => {
      const p = cond.law().prob(1);
      return mixture([
        { weight: p, dist: yes.law() },
        { weight: p.complement(), dist: no.law() },
      ]);
    },
  );

type Op = '<' | '<=' | '>' | '>=';

const holds = (x: number, op: Op, y: number): boolean => (op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y);

/** Whether the value compares with `k` so, recorded as a check of the trace. */
export function check(a: Rand, label: string, op: Op, k: number, scale?: number): Rand {
  return rand(
    (t) => {
      const x = a.roll(t);
      return (t.recording ? t.check(label, x, op, k, scale) : holds(x, op, k)) ? 1 : 0;
    },
    () => a.law().map((x) => (holds(x, op, k) ? 1 : 0)),
  );
}

/** Whether `a`'s value compares with `b`'s so (`a` drawn first), recorded as a check of the trace. */
export function compare(a: Rand, b: Rand, label: string, op: Op): Rand {
  return rand(
    (t) => {
      const x = a.roll(t);
      const y = b.roll(t);
      return (t.recording ? t.check(label, x, op, y) : holds(x, op, y)) ? 1 : 0;
    },
    () => a.law().combine(b.law(), (x, y) => (holds(x, op, y) ? 1 : 0)),
  );
}

/** What the rule records before its draws when the tracer records (an edition, a note); nothing in its law. */
export const noting = (record: (t: Tracer) => void, a: Rand): Rand =>
  rand(
    (t) => {
      if (t.recording) record(t);
      return a.roll(t);
    },
    () => a.law(),
  );

/** What the rule records after it is drawn, given the value, when the tracer records; nothing in its law. */
export const noted = (a: Rand, record: (t: Tracer, x: number) => void): Rand =>
  rand(
    (t) => {
      const x = a.roll(t);
      if (t.recording) record(t, x);
      return x;
    },
    () => a.law(),
  );

/** P(yes) of a yes-or-no rule. */
export const chanceOf = (a: Rand): Fraction => a.law().prob(1);

// --- Rules whose result is more than one number ---------------------------------------------

/** One result of a rule and its probability. */
export interface Outcome<T> {
  readonly value: T;
  readonly p: Fraction;
}

/**
 * A random rule whose result is a record (a brand's extra damage, what it drains, whether it
 * poisons), written once like a `Rand`: `roll(t)` draws it, `outcomes()` lists every result with
 * its probability, drawing nothing. The numbers inside are drawn by `Rand`s, so their laws stay
 * compact; a record is built only for each combination of their values.
 */
export interface RandOf<T> {
  roll(t: Tracer): T;
  outcomes(): readonly Outcome<T>[];
}

function randOf<T>(roll: (t: Tracer) => T, outcomes: () => readonly Outcome<T>[]): RandOf<T> {
  let known: readonly Outcome<T>[] | undefined;
  return { roll, outcomes: () => (known ??= outcomes()) };
}

/** A result without a draw. */
export const fixed = <T>(v: T): RandOf<T> => randOf(() => v, () => [{ value: v, p: Fraction.ONE }]);

/** Draws the numbers in order and builds the result from their values. */
export function record<T>(parts: readonly Rand[], f: (xs: readonly number[]) => T): RandOf<T> {
  return randOf(
    (t) => f(parts.map((p) => p.roll(t))),
    () => {
      let rows: { xs: number[]; p: Fraction }[] = [{ xs: [], p: Fraction.ONE }];
      for (const part of parts) {
        const law = part.law().entries();
        rows = rows.flatMap((r) => law.map(([x, p]) => ({ xs: [...r.xs, x], p: r.p.mul(p) })));
      }
      return rows.map((r) => ({ value: f(r.xs), p: r.p }));
    },
  );
}

/** If `cond` (a yes or no) then `yes` else `no`. */
export function choose<T>(cond: Rand, yes: RandOf<T>, no: RandOf<T>): RandOf<T> {
  return randOf(
    (t) => (cond.roll(t) ? yes : no).roll(t),
    () => {
      const p = cond.law().prob(1);
      const scaled = (o: readonly Outcome<T>[], w: Fraction): Outcome<T>[] => (w.num === 0n ? [] : o.map((x) => ({ value: x.value, p: x.p.mul(w) })));
      return [...scaled(yes.outcomes(), p), ...scaled(no.outcomes(), p.complement())];
    },
  );
}

/** The probability of the results that `same` counts as `v`. */
export function probOf<T>(a: RandOf<T>, same: (x: T) => boolean): Fraction {
  let p = Fraction.ZERO;
  for (const o of a.outcomes()) if (same(o.value)) p = p.add(o.p);
  return p;
}

/** The law of a number read from the results. */
export function lawOf<T>(a: RandOf<T>, f: (v: T) => number): Distribution {
  return mixture(a.outcomes().map((o) => ({ weight: o.p, dist: Distribution.constant(f(o.value)) })));
}
