import type { Rng } from './rng.js';

/**
 * A trace is the step-by-step record of one rule being applied: what was rolled (and from what
 * range), which modifiers changed a number and why, and which comparisons decided the outcome.
 * The rules pane renders traces; simulations use {@link NULL_TRACER}-style tracers that record
 * nothing. Labels are constant strings so a null tracer allocates nothing.
 */

/** Where a step's rule comes from: `<ruleset>#<section>`, e.g. `pixel-dungeon#hit-test`. */
export type Citation = string;

export type CompareOp = '>=' | '>' | '<' | '<=' | '==';

export type TraceStep =
  | { readonly kind: 'rule'; readonly cite: Citation; readonly title: string }
  | {
      readonly kind: 'roll';
      readonly cite: Citation;
      readonly label: string;
      /** The roll is uniform over lo..hi (inclusive), shown divided by `scale`. */
      readonly lo: number;
      readonly hi: number;
      readonly value: number;
      readonly scale: number;
    }
  | {
      readonly kind: 'mod';
      readonly cite: Citation;
      readonly label: string;
      readonly before: number;
      readonly after: number;
      readonly reason: string;
    }
  | {
      readonly kind: 'check';
      readonly cite: Citation;
      readonly label: string;
      readonly lhs: number;
      readonly op: CompareOp;
      readonly rhs: number;
      readonly pass: boolean;
      /** Both sides are shown divided by this (rolls of real numbers in fixed steps). */
      readonly scale: number;
    }
  | { readonly kind: 'value'; readonly cite: Citation; readonly label: string; readonly value: number; readonly detail: string }
  | { readonly kind: 'note'; readonly cite: Citation; readonly text: string }
  | {
      readonly kind: 'edition';
      readonly cite: Citation;
      /** The divergence registry id that applied. */
      readonly divergence: string;
      readonly text: string;
    }
  | { readonly kind: 'odds'; readonly cite: Citation; readonly label: string; readonly num: string; readonly den: string };

export function compare(lhs: number, op: CompareOp, rhs: number): boolean {
  switch (op) {
    case '>=':
      return lhs >= rhs;
    case '>':
      return lhs > rhs;
    case '<':
      return lhs < rhs;
    case '<=':
      return lhs <= rhs;
    case '==':
      return lhs === rhs;
  }
}

/**
 * The only door through which rules draw randomness. A rule calls `t.roll(...)`, never the
 * stream; the tracer decides whether to record.
 */
export interface Tracer {
  /** True when steps are recorded; rules may skip building detail strings when false. */
  readonly recording: boolean;
  /** Starts a rule: later steps cite it. */
  rule(cite: Citation, title: string): void;
  /** A uniform integer in lo..hi inclusive, displayed divided by `scale` (default 1). */
  roll(lo: number, hi: number, label: string, scale?: number): number;
  /** Records that a modifier changed a number; returns `after`. */
  mod(label: string, before: number, after: number, reason: string): number;
  /** Records a comparison (both sides shown divided by `scale`); returns its result. */
  check(label: string, lhs: number, op: CompareOp, rhs: number, scale?: number): boolean;
  /** Records a derived value with a human explanation of how it was computed. */
  value(label: string, value: number, detail: string): number;
  note(text: string): void;
  /** Records that an edition's divergence from the seed applied here. */
  edition(divergence: string, text: string): void;
  /** Records the exact probability of what happened. */
  odds(label: string, num: bigint, den: bigint): void;
  /** A tracer on the same stream that records nothing (for long runs of rolls summed up in one step). */
  silent(): Tracer;
}

/** A tracer that records nothing: the same rule code at full speed. */
export class NullTracer implements Tracer {
  readonly recording = false;
  constructor(private readonly rng: Rng) {}
  rule(): void {}
  roll(lo: number, hi: number): number {
    return lo + this.rng.int(hi - lo + 1);
  }
  mod(_label: string, _before: number, after: number): number {
    return after;
  }
  check(_label: string, lhs: number, op: CompareOp, rhs: number): boolean {
    return compare(lhs, op, rhs);
  }
  value(_label: string, value: number): number {
    return value;
  }
  note(): void {}
  edition(): void {}
  odds(): void {}
  silent(): Tracer {
    return this;
  }
}

/** A tracer that records every step. */
export class RecordingTracer implements Tracer {
  readonly recording = true;
  readonly steps: TraceStep[] = [];
  private cite: Citation = '';
  constructor(private readonly rng: Rng) {}

  rule(cite: Citation, title: string): void {
    this.cite = cite;
    this.steps.push({ kind: 'rule', cite, title });
  }
  roll(lo: number, hi: number, label: string, scale = 1): number {
    const value = lo + this.rng.int(hi - lo + 1);
    this.steps.push({ kind: 'roll', cite: this.cite, label, lo, hi, value, scale });
    return value;
  }
  mod(label: string, before: number, after: number, reason: string): number {
    this.steps.push({ kind: 'mod', cite: this.cite, label, before, after, reason });
    return after;
  }
  check(label: string, lhs: number, op: CompareOp, rhs: number, scale = 1): boolean {
    const pass = compare(lhs, op, rhs);
    this.steps.push({ kind: 'check', cite: this.cite, label, lhs, op, rhs, pass, scale });
    return pass;
  }
  value(label: string, value: number, detail: string): number {
    this.steps.push({ kind: 'value', cite: this.cite, label, value, detail });
    return value;
  }
  note(text: string): void {
    this.steps.push({ kind: 'note', cite: this.cite, text });
  }
  edition(divergence: string, text: string): void {
    this.steps.push({ kind: 'edition', cite: this.cite, divergence, text });
  }
  odds(label: string, num: bigint, den: bigint): void {
    this.steps.push({ kind: 'odds', cite: this.cite, label, num: num.toString(), den: den.toString() });
  }
  silent(): Tracer {
    return new NullTracer(this.rng);
  }
}

/**
 * A scripted source of rolls for tests: returns the given offsets from the bottom of each
 * requested range, in order, and fails loudly when a value is out of range or the script runs
 * out.
 */
export class ScriptedRng implements Rng {
  private i = 0;
  readonly ranges: number[] = [];
  constructor(private readonly values: readonly number[]) {}
  int(n: number): number {
    const v = this.values[this.i++];
    if (v === undefined) throw new Error(`scripted rng ran out after ${this.i - 1} draws (asked for a range of ${n})`);
    if (v < 0 || v >= n) throw new Error(`scripted value ${v} is outside the range [0, ${n})`);
    this.ranges.push(n);
    return v;
  }
  get used(): number {
    return this.i;
  }
}
