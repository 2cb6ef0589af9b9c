import { Distribution, checkLawWork, mixture } from '../core/distribution.js';
import { Fraction, gcd } from '../core/fraction.js';
import { NullTracer } from '../core/trace.js';
import type { BlowOutcome, BlowTag, FighterSpec } from './ruleset.js';

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

/**
 * Refuses options a fighter does not take, naming them and what it does take: a spec from a
 * replay, the menu or a test is checked as strictly as the command line's flags. `skills`: the
 * fighter also takes `skill:NAME` options (checked where they are read).
 */
export function refuseUnknownOptions(options: FighterSpec['options'], who: string, known: readonly string[], skills = false): void {
  const unknown = Object.keys(options).filter((k) => !known.includes(k) && !(skills && k.startsWith('skill:')));
  if (unknown.length === 0) return;
  const takes = [...known, ...(skills ? ['skill:NAME'] : [])];
  throw new Error(takes.length === 0 ? `${who} takes no options (got ${unknown.join(', ')})` : `${who} takes no option ${unknown.map((k) => `"${k}"`).join(', ')}; its options: ${takes.join(', ')}`);
}

/** A text fighter option (--weapon), or `fallback` when absent. */
export function stringOption(options: FighterSpec['options'], key: string, fallback: string | undefined): string | undefined {
  const v = options[key];
  return v === undefined ? fallback : String(v);
}

/**
 * The luck meter's law of one attack that hits with chance `hit` and then deals `damage`: a miss
 * counts as 0 damage.
 */
export function missOrHit(hit: Fraction, damage: Distribution): Distribution {
  return mixture([
    { weight: hit.complement(), dist: Distribution.constant(0) },
    { weight: hit, dist: damage },
  ]);
}

/** One way an attack of a sequence can go: its probability, the law of the damage it then deals, and the state it leaves. */
export interface AttackBranch {
  readonly p: Fraction;
  readonly damage: Distribution;
  /** The state after it (blocks made so far, armour worn away); unchanged when absent. */
  readonly state?: number;
}

/**
 * The exact law of the total damage of `count` attacks made one after another (a monster's blows,
 * a round of melee): attack i goes one of the ways `branches(i, state)` lists, given the state
 * the earlier ones left (0 at the start), and is made only while `stands(total so far)` (the
 * blows stop once the target is dead). Kept as whole-number weights over one denominator.
 */
export function attacksLaw(count: number, branches: (i: number, state: number) => readonly AttackBranch[], stands: (total: number) => boolean): Distribution {
  // State -> (total -> weight), all over `den`; `done` holds the totals whose target fell.
  let live = new Map<number, Map<number, bigint>>([[0, new Map([[0, 1n]])]]);
  const done = new Map<number, bigint>();
  const add = (m: Map<number, bigint>, k: number, w: bigint): void => {
    m.set(k, (m.get(k) ?? 0n) + w);
  };
  for (let i = 0; i < count && live.size > 0; i++) {
    const ways = new Map<number, readonly AttackBranch[]>();
    let lcm = 1n;
    for (const [state, totals] of live) {
      for (const [v, w] of totals) if (!stands(v)) {
        add(done, v, w);
        totals.delete(v);
      }
      if (totals.size === 0) continue;
      const list = branches(i, state).filter((b) => b.p.num !== 0n);
      let sum = Fraction.ZERO;
      for (const b of list) {
        sum = sum.add(b.p);
        const d = b.p.den * b.damage.total;
        lcm = (lcm * d) / gcd(lcm, d);
      }
      if (!sum.equals(Fraction.ONE)) throw new RangeError(`attack ${i + 1}'s branches sum to ${sum.toString()}, not 1`);
      ways.set(state, list);
    }
    const next = new Map<number, Map<number, bigint>>();
    let work = 0;
    for (const [state, list] of ways) for (const b of list) work += (live.get(state) as Map<number, bigint>).size * b.damage.weights.length;
    checkLawWork(`the law of ${count} attacks in a row`, work);
    for (const [state, list] of ways) {
      const totals = live.get(state) as Map<number, bigint>;
      for (const b of list) {
        const scale = (lcm / (b.p.den * b.damage.total)) * b.p.num;
        const to = b.state ?? state;
        let out = next.get(to);
        if (!out) next.set(to, (out = new Map()));
        for (const [v, w] of totals) {
          const ws = w * scale;
          b.damage.weights.forEach((x, j) => {
            if (x !== 0n) add(out, v + b.damage.offset + j, ws * x);
          });
        }
      }
    }
    for (const [v, w] of done) done.set(v, w * lcm);
    live = next;
  }
  for (const totals of live.values()) for (const [v, w] of totals) add(done, v, w);
  return Distribution.fromMap(done);
}

/** The tags of a blow that nothing marked (shared, so an untagged blow allocates nothing more). */
export const NO_TAGS: readonly BlowTag[] = Object.freeze([]) as readonly BlowTag[];

/**
 * One blow of an outcome; `odds` (only when the context asks for laws) adds its hit chance and
 * the law of the hit points it takes, both given what was rolled before it.
 */
export function blowOf(label: string, hit: boolean, damage: number, tags: readonly BlowTag[], odds?: { readonly hitChance: Fraction; readonly law: Distribution }): BlowOutcome {
  return odds ? { label, hit, damage, tags, hitChance: odds.hitChance, law: odds.law } : { label, hit, damage, tags };
}
