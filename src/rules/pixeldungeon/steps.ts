import { Distribution } from '../../core/distribution.js';
import { type Die, NO_DIE, type Step, stepsLaw } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';

/**
 * Pixel Dungeon's random rules as step lists (src/core/rule.ts). The steps are the core's (a
 * die, then a change of the number), so the core's `stepsLaw` gives each rule's exact law; this
 * file only rolls them the way the rules pane has always shown Pixel Dungeon's rules:
 *
 * - a draw is labelled with the step's own label (not "label: die"), and each die records what
 *   it records (NormalIntRange its parts, IntRange(0, 0) nothing);
 * - a step records its change only through its own `show` (a plain damage roll shows nothing,
 *   armour shows what it absorbed);
 * - the edition a step follows is recorded before its draw;
 * - an `early` step is drawn before all the others, as the game draws the armour's absorption
 *   before the damage roll, and applied in its place in the list.
 */
export interface PdStep extends Step {
  /** The die, when it does not depend on the number (so the law can combine rather than branch). */
  readonly fixed: Die | undefined;
  /** Drawn first (its die must not depend on the number), applied where it stands. */
  readonly early: boolean;
  /** How the change shows in the trace, from the number before, after, and the draw; nothing when absent. */
  readonly show: ((t: Tracer, before: number, after: number, r: number) => void) | undefined;
}

/**
 * A step of a Pixel Dungeon rule. Every step has the same fields in the same order (absent ones
 * undefined), so that rolling reads them from objects of one shape.
 */
export function pdStep(
  label: string,
  die: Die | ((x: number) => Die),
  apply: (x: number, r: number) => number,
  show?: PdStep['show'],
  more: { readonly early?: boolean; readonly edition?: Step['edition'] } = {},
): PdStep {
  const fixed = typeof die === 'function' ? undefined : die;
  return {
    label,
    die: typeof die === 'function' ? die : () => die,
    apply,
    reason: '',
    edition: more.edition,
    fixed,
    early: more.early ?? false,
    show,
  };
}

/** A `show` that records the change as a modifier with a fixed label and reason. */
export const showMod =
  (label: string, reason: string) =>
  (t: Tracer, before: number, after: number): void => {
    t.mod(label, before, after, reason);
  };

function draw(t: Tracer, s: PdStep, x: number): number {
  if (s.edition !== undefined && t.recording) t.edition(s.edition.id, s.edition.text);
  const d = s.fixed ?? s.die(x);
  return d === NO_DIE ? 0 : d.roll(t, s.label);
}

/**
 * The early draws of the rule being rolled, by step index. Rolling never starts another rule
 * before it ends (a die draws numbers, not rules), so one array serves every call.
 */
const earlyDraws: number[] = [];

/** Rolls the steps on `start` through the tracer (recording what each step shows when it records). */
export function runPdSteps(t: Tracer, steps: readonly PdStep[], start: number): number {
  const n = steps.length;
  for (let i = 0; i < n; i++) {
    const s = steps[i] as PdStep;
    if (s.early) earlyDraws[i] = draw(t, s, start);
  }
  let x = start;
  for (let i = 0; i < n; i++) {
    const s = steps[i] as PdStep;
    const r = s.early ? (earlyDraws[i] as number) : draw(t, s, x);
    const after = s.apply(x, r);
    if (s.show !== undefined && t.recording) s.show(t, x, after, r);
    x = after;
  }
  return x;
}

/**
 * The exact law of the steps on `start`. It is the core's `stepsLaw` of the same list, worked
 * out faster where a step allows: a step that draws nothing maps the law, and a step whose die
 * does not depend on the number combines the two laws, instead of branching on every value.
 */
export function pdStepsLaw(steps: readonly PdStep[], start: number | Distribution): Distribution {
  let law = typeof start === 'number' ? Distribution.constant(start) : start;
  for (const s of steps) {
    const d = s.fixed;
    if (d === undefined) law = stepsLaw([s], law);
    else if (d === NO_DIE) law = law.map((x) => s.apply(x, 0));
    else law = law.combine(d.law(), s.apply);
  }
  return law;
}
