import { Distribution } from '../../core/distribution.js';
import type { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { type AttackBranch, attacksLaw, missOrHit } from '../common.js';
import { type AngStep, lawByDraw, rollSteps, ruleCache } from './steps.js';

/**
 * Angband's rules that branch, written once over step lists (`steps.ts`): an attempt (a hit
 * test, then on a hit the damage) and a round (attempts one after another while the target
 * stands, as the hero's blows and a monster's are made). Each gives the roll, fast or traced for
 * the rules pane, and the exact law, from the one definition. A round's caller hears of each
 * attempt as it is rolled, before the next, so what it adds that does not change the damage (a
 * critical's wound, acid on the armour, things burnt in the pack) is drawn in the game's order.
 */

/** A yes-or-no rule as steps: run from `start`, it passes when they end on `pass`. */
export interface Check {
  readonly steps: readonly AngStep[];
  readonly start: number;
  readonly pass: number;
  /** The chance it passes, from the same steps. */
  chance(): Fraction;
}

/** A number as steps run from `start`. */
export interface Chain {
  readonly steps: readonly AngStep[];
  readonly start: number;
  /** Its law, from the same steps. */
  law(): Distribution;
}

/** One way an attempt can go: its chance, the law of the damage it then deals and, for a hit split by a draw, that draw. */
export interface Way {
  readonly p: Fraction;
  readonly damage: Distribution;
  readonly draw?: number;
}

const NOTHING = Distribution.constant(0);

/**
 * An attempt: the hit test `hit`, then on a hit the steps of `damage`. `heading` is traced before
 * anything is drawn (the blow's heading in the rules pane). `split` names the damage step whose
 * draw a round's state follows (acid's armour slot), or is -1.
 */
export class Attempt {
  private known?: Distribution;
  private branches?: readonly Way[];

  constructor(
    readonly hit: Check,
    readonly damage: Chain,
    private readonly heading?: (t: Tracer) => void,
    readonly split = -1,
  ) {}

  /** Rolls it: the damage on a hit, null on a miss. On a hit each damage step's draw is pushed to `draws`, when given. */
  roll(t: Tracer, draws?: number[]): number | null {
    if (this.heading && t.recording) this.heading(t);
    if (rollSteps(t, this.hit.steps, this.hit.start) !== this.hit.pass) return null;
    return rollSteps(t, this.damage.steps, this.damage.start, draws);
  }

  /** The chance it lands. */
  hitChance(): Fraction {
    return this.hit.chance();
  }

  /** The law of its damage given that it lands. */
  damageLaw(): Distribution {
    return this.damage.law();
  }

  /** The chance of exactly this outcome: a miss (null), or a hit for `damage`. */
  chanceOf(damage: number | null): Fraction {
    const hit = this.hit.chance();
    return damage === null ? hit.complement() : hit.mul(this.damage.law().prob(damage));
  }

  /** The law of the hit points it takes, a miss counting 0. */
  law(): Distribution {
    return (this.known ??= missOrHit(this.hit.chance(), this.damage.law()));
  }

  /** The ways it can go: a miss, then a hit, split by what step `split` draws when it has one. */
  ways(): readonly Way[] {
    if (this.branches) return this.branches;
    const hit = this.hit.chance();
    const miss: Way = { p: hit.complement(), damage: NOTHING };
    this.branches =
      this.split < 0
        ? [miss, { p: hit, damage: this.damage.law() }]
        : [miss, ...lawByDraw(this.damage.steps, this.damage.start, this.split).map((w) => ({ p: hit.mul(w.p), damage: w.law, draw: w.draw }))];
    return this.branches;
  }
}

/**
 * Attempts made one after another while the target stands: attempt i is made only while `hp`
 * less the damage so far is at least 0 (Infinity: every one is made). Each attempt may depend on
 * a state the earlier ones left (0 at first), which `next` moves on after a hit from what its
 * split step drew; without `next` the state stays 0.
 */
export interface Round<A extends Attempt = Attempt> {
  readonly count: number;
  readonly hp: number;
  attempt(i: number, state: number): A;
  readonly next?: (i: number, state: number, draw: number) => number;
  /** Names every number the law of a round that cannot stop early depends on: that law is then kept. */
  key?(): string;
}

/**
 * Rolls a round attempt by attempt: `next` rolls the next attempt while the target stands and
 * returns it (null once the round is over), leaving its damage (null for a miss) and its damage
 * steps' draws to be read before the next, so what the caller adds is drawn in the game's order.
 */
export class RoundRoll<A extends Attempt> {
  /** The damage of the attempt just rolled: null for a miss. */
  damage: number | null = null;
  /** Its damage steps' draws (empty for a miss), reused by the next attempt. */
  readonly draws: number[] = [];
  private i = 0;
  private total = 0;
  private state = 0;

  constructor(private readonly round: Round<A>) {}

  next(t: Tracer): A | null {
    const r = this.round;
    if (this.i >= r.count || r.hp - this.total < 0) return null;
    const a = r.attempt(this.i, this.state);
    this.draws.length = 0;
    const damage = a.roll(t, this.draws);
    if (damage !== null) {
      this.total += damage;
      if (r.next && a.split >= 0) this.state = r.next(this.i, this.state, this.draws[a.split] as number);
    }
    this.damage = damage;
    this.i++;
    return a;
  }
}

const kept = ruleCache<Distribution>(512);

/**
 * The exact law of a round's total damage. When the state never changes and the target cannot
 * fall before the last attempt, every attempt is made and the law is their sum; otherwise the
 * attempts are followed one by one (`attacksLaw`), each by the ways it can go.
 */
export function lawOfRound(r: Round): Distribution {
  if (!r.next) {
    let reach = 0;
    for (let i = 0; i < r.count - 1; i++) reach += r.attempt(i, 0).law().max;
    if (reach <= r.hp) return r.key ? kept(r.key(), () => sumOf(r)) : sumOf(r);
  }
  const next = r.next;
  return attacksLaw(
    r.count,
    (i, state) =>
      r.attempt(i, state).ways().map((w): AttackBranch => (next && w.draw !== undefined ? { p: w.p, damage: w.damage, state: next(i, state, w.draw) } : w)),
    (total) => r.hp - total >= 0,
  );
}

/** Every attempt made: the sum of their laws. */
function sumOf(r: Round): Distribution {
  let total = NOTHING;
  for (let i = 0; i < r.count; i++) total = total.plus(r.attempt(i, 0).law());
  return total;
}
