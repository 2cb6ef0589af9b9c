import { Distribution } from './distribution.js';
import type { Tracer } from './trace.js';

/**
 * One definition per random rule. A rule is written once, as a list of steps ("draw a die, then
 * change the number"), and that one list gives all three readings the program needs:
 *
 * - the roll: `runSteps(t, steps, start)` with a tracer that records nothing, at full speed;
 * - the trace the rules pane shows: the same call with a recording tracer, every draw and every
 *   change of the number recorded with its reason (and the edition difference it follows);
 * - the exact law: `stepsLaw(steps, start)`, a Distribution, drawing nothing.
 *
 * Each game supplies its own dice (`Die`): Angband's randint and damroll, Crawl's random2 and
 * random2avg, Pixel Dungeon's Random.IntRange. A branch (a hit that may miss, a block, a stab) is
 * a step whose die and change depend on the number so far; `stepsLaw` explores each value once,
 * so a branch costs one pass over the values, not one per sequence of draws.
 */

/** A random number a game draws: how to roll it through the tracer, its exact law, and its name. */
export interface Die {
  /** How the trace names it ("random2(12)", "1d100"). */
  readonly text: string;
  /** Draws it; `label` names each draw in the trace. */
  roll(t: Tracer, label: string): number;
  /** Its exact law. */
  law(): Distribution;
}

/** No draw at all: the step changes the number without rolling (0 is passed as the roll). */
export const NO_DIE: Die = Object.freeze({
  text: '',
  roll: (): number => 0,
  law: (): Distribution => Distribution.constant(0),
});

/** A uniform integer lo..hi, drawn in one roll. */
export function uniformDie(lo: number, hi: number, text: string): Die {
  return {
    text,
    roll: (t, label) => t.roll(lo, hi, label),
    law: () => Distribution.uniform(lo, hi),
  };
}

/** A die made of several draws: its law, how to roll it, and its name. */
export function customDie(text: string, roll: (t: Tracer, label: string) => number, law: () => Distribution): Die {
  return { text, roll, law };
}

/** The divergence a step follows, when the editions differ there. */
export interface StepEdition {
  readonly id: string;
  readonly text: string;
}

export interface Step {
  readonly label: string;
  /** The die drawn given the number so far (`NO_DIE` when the step draws nothing). */
  readonly die: (x: number) => Die;
  /** The new number from the number so far and the draw. */
  readonly apply: (x: number, r: number) => number;
  /** Why the number changed, for the trace. */
  readonly reason: string;
  readonly edition?: StepEdition;
}

/** A step: draw `d` (or the die that the number so far calls for), then `apply`. */
export function step(label: string, d: Die | ((x: number) => Die), apply: (x: number, r: number) => number, reason: string, edition?: StepEdition): Step {
  return { label, die: typeof d === 'function' ? d : () => d, apply, reason, ...(edition ? { edition } : {}) };
}

/** The label of one draw in the trace: the step's label and the die's name. */
function drawLabel(s: Step, d: Die): string {
  return `${s.label}: ${d.text}`;
}

/** Runs the steps on `start`: rolls each die through the tracer and, when it records, each change of the number. */
export function runSteps(t: Tracer, steps: readonly Step[], start: number): number {
  let x = start;
  let named: Set<string> | undefined;
  for (const s of steps) {
    const d = s.die(x);
    const r = d === NO_DIE ? 0 : d.roll(t, t.recording ? drawLabel(s, d) : s.label);
    const after = s.apply(x, r);
    if (t.recording) {
      if (s.edition && !(named ??= new Set()).has(s.edition.id)) {
        named.add(s.edition.id);
        t.edition(s.edition.id, s.edition.text);
      }
      t.mod(s.label, x, after, s.reason);
    }
    x = after;
  }
  return x;
}

/** The exact law of the steps applied to `start` (a number or itself a law). */
export function stepsLaw(steps: readonly Step[], start: number | Distribution): Distribution {
  let law = typeof start === 'number' ? Distribution.constant(start) : start;
  for (const s of steps) {
    law = law.then((x) => {
      const d = s.die(x);
      if (d === NO_DIE) return Distribution.constant(s.apply(x, 0));
      return d.law().map((r) => s.apply(x, r));
    });
  }
  return law;
}

/** A rule's steps bound together: roll (traced or not) and law from the one list. */
export interface Pipeline {
  readonly steps: readonly Step[];
  roll(t: Tracer, start: number): number;
  law(start: number | Distribution): Distribution;
}

export function pipeline(steps: readonly Step[]): Pipeline {
  return {
    steps,
    roll: (t, start) => runSteps(t, steps, start),
    law: (start) => stepsLaw(steps, start),
  };
}
