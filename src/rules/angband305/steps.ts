import { type Dice, diceDistribution } from '../../core/dice.js';
import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Die, NO_DIE, type Step, customDie, stepsLaw } from '../../core/rule.js';
import { type CompareOp, type Tracer, compare } from '../../core/trace.js';

/**
 * Angband's dice, and its rules as step lists (src/core/rule.ts). A step list gives the roll,
 * the trace and the exact law from one definition. Angband's rules pane was written before the
 * step lists, and its traces carry rule headings, notes and checks between the draws; replays
 * keep ledgers of them, so each step may say how it is traced (`before` and `trace`) instead of
 * the plain "number changed" line. The fast roll and the traced roll are the same call through
 * the tracer; the law reads the same dice and the same changes of the number.
 */

/** A step of an Angband rule: a core step, with how it shows in the rules pane. */
export interface AngStep extends Step {
  /** Traced before the draw (a rule heading, the numbers the draw is against), given the number so far. */
  readonly before?: (t: Tracer, x: number) => void;
  /** Traced after the draw instead of the plain change of the number: `x` before, `r` drawn, `y` after. */
  readonly trace?: (t: Tracer, x: number, r: number, y: number) => void;
}

/** A step that changes the number without drawing: traced as a change with its reason. */
export function change(label: string, apply: (x: number) => number, reason: string, edition?: Step['edition']): AngStep {
  return { label, die: () => NO_DIE, apply: (x) => apply(x), reason, ...(edition ? { edition } : {}) };
}

/**
 * Runs the steps on `start` through the tracer: the fast roll with a tracer that records
 * nothing, the rules pane's trace with one that records. Each draw is named by its step's
 * label. When `draws` is given, each step's draw is pushed to it (0 for a step that draws nothing).
 */
export function rollSteps(t: Tracer, steps: readonly AngStep[], start: number, draws?: number[]): number {
  let x = start;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as AngStep;
    if (t.recording && s.before) s.before(t, x);
    const d = s.die(x);
    const r = d === NO_DIE ? 0 : d.roll(t, s.label);
    const y = s.apply(x, r);
    if (draws) draws.push(r);
    if (t.recording) {
      if (s.trace) s.trace(t, x, r, y);
      else {
        if (s.edition) t.edition(s.edition.id, s.edition.text);
        t.mod(s.label, x, y, s.reason);
      }
    }
    x = y;
  }
  return x;
}

/**
 * Rules built once per set of numbers: a rule's steps are kept under a key that names every
 * number they depend on, since the same plans come back every turn. Cleared when it grows past
 * `limit` entries.
 */
export function ruleCache<T>(limit: number): (key: string, build: () => T) => T {
  const kept = new Map<string, T>();
  return (key, build) => {
    let v = kept.get(key);
    if (v === undefined) {
      if (kept.size >= limit) kept.clear();
      v = build();
      kept.set(key, v);
    }
    return v;
  };
}

/** The exact law of the steps run on `start`. */
export function lawOfSteps(steps: readonly AngStep[], start: number | Distribution): Distribution {
  return stepsLaw(steps, start);
}

/**
 * The law of the steps run on `start`, split by what step `k` draws: each draw with its chance
 * and the law of the end number given it. Step `k`'s die must not depend on the number so far.
 */
export function lawByDraw(steps: readonly AngStep[], start: number, k: number): { draw: number; p: Fraction; law: Distribution }[] {
  const s = steps[k];
  if (!s) throw new RangeError(`there is no step ${k} to split by`);
  const before = lawOfSteps(steps.slice(0, k), start);
  const die = s.die(before.min);
  if (before.entries().some(([x]) => s.die(x) !== die)) throw new Error(`${s.label}: its die depends on the number so far, so its draws cannot split the law`);
  const rest = steps.slice(k + 1);
  const draws = die === NO_DIE ? Distribution.constant(0) : die.law();
  return draws.entries().map(([r, p]) => ({ draw: r, p, law: lawOfSteps(rest, before.map((x) => s.apply(x, r))) }));
}

/** A die whose law is worked out once, on first asking (a rule's law reads it once per value so far). */
export function memoDie(text: string, roll: (t: Tracer, label: string) => number, law: () => Distribution): Die {
  let known: Distribution | undefined;
  return customDie(text, roll, () => (known ??= law()));
}

/** randint0(n): 0..n-1. */
export function randint0(n: number, scale = 1): Die {
  return memoDie(`randint0(${n})`, (t, label) => t.roll(0, n - 1, label, scale), () => Distribution.uniform(0, n - 1));
}

/** randint1(n): 1..n. */
export function randint1(n: number, scale = 1): Die {
  return memoDie(`randint1(${n})`, (t, label) => t.roll(1, n, label, scale), () => Distribution.uniform(1, n));
}

/** damroll(count, sides) without the dice's bonus: each die drawn on its own under the step's label. */
export function damroll(dice: Dice): Die {
  const { count, sides } = dice;
  return memoDie(
    `damroll(${count}, ${sides})`,
    (t, label) => {
      let n = 0;
      for (let i = 0; i < count; i++) n += t.roll(1, sides, label);
      return n;
    },
    () => diceDistribution({ count, sides, bonus: 0, text: `${count}d${sides}` }),
  );
}

/**
 * A roll on lo..hi compared with a threshold: 1 when `roll op threshold` holds, else 0. The
 * comparison is traced as a check under `checkLabel`; both sides are shown divided by `scale`.
 */
export function passDie(lo: number, hi: number, op: CompareOp, threshold: number, checkLabel: string, scale = 1): Die {
  return memoDie(
    `${lo}..${hi} ${op} ${threshold}`,
    (t, label) => {
      const r = t.roll(lo, hi, label, scale);
      return (t.recording ? t.check(checkLabel, r, op, threshold, scale) : compare(r, op, threshold)) ? 1 : 0;
    },
    () => {
      let pass = 0;
      const n = hi - lo + 1;
      // The values that pass form one run at an end of the range, so count them without walking it.
      if (op === '>=' || op === '>') pass = hi - Math.max(lo, op === '>=' ? threshold : threshold + 1) + 1;
      else if (op === '<=' || op === '<') pass = Math.min(hi, op === '<=' ? threshold : threshold - 1) - lo + 1;
      else pass = threshold >= lo && threshold <= hi ? 1 : 0;
      pass = Math.max(0, Math.min(n, pass));
      return bernoulli(Fraction.of(pass, n));
    },
  );
}

/** 1 with chance p, else 0. */
export function bernoulli(p: Fraction): Distribution {
  if (p.num === 0n) return Distribution.constant(0);
  if (p.num === p.den) return Distribution.constant(1);
  return Distribution.fromWeights(0, [p.den - p.num, p.num]);
}
