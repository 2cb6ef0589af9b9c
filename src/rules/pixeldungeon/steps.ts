import { Distribution } from '../../core/distribution.js';
import { type Die, NO_DIE, type Step, type StepEdition, stepsLaw } from '../../core/rule.js';
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
 * - an `early` step (at most one per rule) is drawn before all the others, as the game draws the
 *   armour's absorption before the damage roll, and applied in its place in the list.
 *
 * A rule's steps are made from step kinds declared once (`pdStepKind`), and `pdRule` readies a
 * list to roll. Rolling without a trace takes a path of its own that only draws and applies.
 */
export interface PdStep extends Step {
  /** The die, when it does not depend on the number (so the law can combine rather than branch). */
  readonly fixed: Die | undefined;
  /** Drawn first (its die must not depend on the number), applied where it stands. */
  readonly early: boolean;
  /** Records in the trace how the step changed the number (from before to after, having drawn `r`), if the step shows it. */
  show(t: Tracer, before: number, after: number, r: number): void;
}

/** How a kind of step shows its change in the trace, given the die the step drew. */
export type PdShow<D extends Die> = (t: Tracer, before: number, after: number, r: number, die: D) => void;

/** Makes a step of one kind from its die (or the die the number so far calls for). */
export type PdStepKind<D extends Die> = (die: D | ((x: number) => D)) => PdStep;

/**
 * A step of some kind: the die (fixed, or chosen from the number) is the step's own; the rest
 * (label, change, trace, edition, early) is the kind's and lives on the kind's prototype.
 */
abstract class KindStep<D extends Die> implements PdStep {
  declare readonly label: string;
  declare readonly apply: (x: number, r: number) => number;
  declare readonly reason: string;
  declare readonly edition: StepEdition | undefined;
  declare readonly early: boolean;
  declare readonly shows: PdShow<D> | undefined;
  constructor(
    readonly fixed: D | undefined,
    private readonly vary: ((x: number) => D) | undefined,
  ) {}
  die(x: number): D {
    if (this.fixed !== undefined) return this.fixed;
    if (this.vary === undefined) throw new Error(`${this.label}: a step with no die`);
    return this.vary(x);
  }
  show(t: Tracer, before: number, after: number, r: number): void {
    if (this.shows !== undefined) this.shows(t, before, after, r, this.die(before));
  }
}

/**
 * A kind of step of a Pixel Dungeon rule, declared once: its label, how it changes the number,
 * how the change shows in the trace, the edition it follows, whether it is drawn early. Each
 * kind is a class of its own whose prototype holds these, so a step is only its die and rolling
 * finds the change by the step's shape: a call the compiler can inline, where a function read
 * from each step would be a call to an unknown function.
 */
export function pdStepKind<D extends Die = Die>(
  label: string,
  apply: (x: number, r: number) => number,
  show?: PdShow<D>,
  more: { readonly early?: boolean; readonly edition?: StepEdition } = {},
): PdStepKind<D> {
  class Kind extends KindStep<D> {}
  const shared: Record<'label' | 'apply' | 'reason' | 'edition' | 'early' | 'shows', unknown> = {
    label,
    apply,
    reason: '',
    edition: more.edition,
    early: more.early ?? false,
    shows: show,
  };
  for (const [key, value] of Object.entries(shared)) Object.defineProperty(Kind.prototype, key, { value });
  return (die) => {
    if (typeof die !== 'function') return new Kind(die, undefined);
    if (more.early) throw new Error(`${label}: a step drawn early cannot depend on the number`);
    return new Kind(undefined, die);
  };
}

/** A `show` that records the change as a modifier with a fixed label and reason. */
export const showMod =
  (label: string, reason: string) =>
  (t: Tracer, before: number, after: number): void => {
    t.mod(label, before, after, reason);
  };

/** A rule's step list ready to roll: the steps, and which of them (at most one) is drawn early. */
export interface PdRule {
  readonly steps: readonly PdStep[];
  /** The index of the step drawn early, or -1. */
  readonly early: number;
}

/** The steps as a rule ready to roll. */
export function pdRule(steps: readonly PdStep[]): PdRule {
  let early = -1;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as PdStep;
    if (!s.early) continue;
    if (early >= 0) throw new Error(`${s.label}: only one step of a rule is drawn early`);
    early = i;
  }
  return { steps, early };
}

/** Rolls the steps on `start` through the tracer (recording what each step shows when it records). */
export function runPdSteps(t: Tracer, steps: readonly PdStep[], start: number): number {
  return rollPdRule(t, pdRule(steps), start);
}

/**
 * Rolls the rule on `start` through the tracer: the early step's die first, then each step's
 * die and change in order (the early one applying the draw it made first). A tracer that records
 * nothing takes `rollPdRuleQuietly`, the same draws and changes without asking what to record.
 */
export function rollPdRule(t: Tracer, rule: PdRule, start: number): number {
  return t.recording ? rollTraced(t, rule, start) : rollPdRuleQuietly(t, rule, start);
}

/** The traced roll: each draw recorded by its die, each change by its step's `show`. */
function rollTraced(t: Tracer, rule: PdRule, start: number): number {
  const { steps, early } = rule;
  const first = early >= 0 ? drawTraced(t, steps[early] as PdStep, start) : 0;
  let x = start;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as PdStep;
    const r = i === early ? first : drawTraced(t, s, x);
    const after = s.apply(x, r);
    s.show(t, x, after, r);
    x = after;
  }
  return x;
}

/**
 * The roll for a tracer that records nothing (the caller has checked): `rollPdRule` without the
 * trace, only draws and changes. The steps before the early one, the early one and the steps
 * after it are rolled at call sites of their own (the loop's body written out twice), so that
 * each site meets few kinds of step and die (the early one is the armour) and the compiler can
 * inline the draws and the changes.
 */
export function rollPdRuleQuietly(t: Tracer, rule: PdRule, start: number): number {
  const steps = rule.steps;
  const early = rule.early;
  const n = steps.length;
  let first = 0;
  if (early >= 0) {
    const s = steps[early] as PdStep;
    const d = s.fixed ?? s.die(start);
    if (d !== NO_DIE) first = d.roll(t, s.label);
  }
  let x = start;
  const end = early >= 0 ? early : n;
  for (let i = 0; i < end; i++) {
    const s = steps[i] as PdStep;
    const d = s.fixed ?? s.die(x);
    x = s.apply(x, d === NO_DIE ? 0 : d.roll(t, s.label));
  }
  if (early < 0) return x;
  x = (steps[early] as PdStep).apply(x, first);
  for (let i = early + 1; i < n; i++) {
    const s = steps[i] as PdStep;
    const d = s.fixed ?? s.die(x);
    x = s.apply(x, d === NO_DIE ? 0 : d.roll(t, s.label));
  }
  return x;
}

/** A step's draw, the edition it follows recorded first. */
function drawTraced(t: Tracer, s: PdStep, x: number): number {
  if (s.edition !== undefined) t.edition(s.edition.id, s.edition.text);
  const d = s.die(x);
  return d === NO_DIE ? 0 : d.roll(t, s.label);
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
