import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Ratio, lcmInt, ratio, ratioMul } from '../../core/ratio.js';
import type { Die } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { PD_DIVERGENCES } from './divergences.js';
import { type PdDefender, SECTION_HIT, SECTION_SURPRISE, heroDodge } from './sheet.js';

/**
 * The hit test and surprise attacks: accuracy against dodge.
 * @spoiler pixel-dungeon#hit-test
 */

/** Why a defender's dodge counts as 0. @spoiler pixel-dungeon#surprise-attack */
export type SurpriseReason = 'asleep' | 'wandering' | 'unseen' | 'paralysed';

export const SURPRISE_TEXT: Record<SurpriseReason, string> = {
  asleep: 'it is asleep',
  wandering: 'it is wandering and has not noticed its enemy',
  unseen: 'the attacker has just appeared in its field of view',
  paralysed: 'it is paralysed',
};

/** What the hit test of an attack needs. */
export interface PdHitSpec {
  readonly label: string;
  /** The attacker's accuracy, or null when the attack never rolls to hit. */
  readonly accuracy: Ratio | null;
  /** Magic doubles the accuracy roll (mob spells; wands in the spoiler edition). */
  readonly magic: boolean;
  /** The defender's dodge (0 when surprised). */
  readonly dodge: Ratio;
  readonly surprise: SurpriseReason | null;
}

/** The finest step of a real-valued roll: rolls are drawn in hundredths of a point. */
export const ROLL_STEPS = 100;

/**
 * The integer form of a hit test, worked out once per attack: the two rolls are uniform on
 * 0..a-1 and 0..d-1, shown divided by `unit`.
 */
export interface HitRanges {
  readonly a: number;
  readonly d: number;
  readonly unit: number;
}

export type HitPlan = HitRanges | 'always' | 'never';

/** The largest range a stream draws exactly (see Stream.int). */
const MAX_RANGE = 2 ** 53;

/** Scales accuracy (doubled for magic) and dodge to integer ranges over a common unit. */
export function hitPlan(accuracy: Ratio, dodge: Ratio, magic: boolean, steps = ROLL_STEPS): HitPlan {
  const acc = magic ? ratioMul(accuracy, ratio(2)) : accuracy;
  if (dodge.num === 0) return 'always';
  if (acc.num === 0) return 'never';
  // Ranges up to 2^53 can be drawn exactly; drop the hundredths when they would not fit.
  const base = lcmInt(acc.den, dodge.den);
  const fits = (u: number) => (acc.num * u) / acc.den <= MAX_RANGE && (dodge.num * u) / dodge.den <= MAX_RANGE;
  const unit = fits(base * steps) ? base * steps : base;
  if (!fits(unit)) throw new RangeError(`accuracy ${acc.num}/${acc.den} against dodge ${dodge.num}/${dodge.den} is too fine to roll exactly`);
  return { a: (acc.num * unit) / acc.den, d: (dodge.num * unit) / dodge.den, unit };
}

/**
 * The exact law of the hit test on ranges `a` and `d` in any unit (1 a hit, 0 a miss): of the
 * a x d pairs of rolls, those where the attacker's is larger hit, and a tie hits half the time.
 * Counted twice over to stay whole: 2 #(x > y) + #(x = y) is d(2a - d) when a >= d, and a^2
 * otherwise, out of 2ad.
 */
export function hitLaw(a: bigint, d: bigint): Distribution {
  if (d === 0n) return Distribution.constant(1);
  if (a === 0n) return Distribution.constant(0);
  const hits = a >= d ? d * (2n * a - d) : a * a;
  return Distribution.fromWeights(0, [2n * a * d - hits, hits]);
}

/** The hit test of a plan as a die: 1 for a hit, 0 for a miss. */
class HitDie implements Die {
  readonly text = 'accuracy roll >= dodge roll';
  private readonly accuracyLabel: string;
  constructor(
    readonly ranges: HitRanges,
    readonly magic: boolean,
  ) {
    this.accuracyLabel = magic ? 'accuracy roll (magic: accuracy doubled)' : 'accuracy roll';
  }
  // Kept small (the comparison is recorded only by a recording tracer, the tie's coin is drawn in
  // a helper), so that the compiler inlines the draws into the attack roll.
  roll(t: Tracer): number {
    const { a, d, unit } = this.ranges;
    const x = t.roll(0, a - 1, this.accuracyLabel, unit);
    const y = t.roll(0, d - 1, 'dodge roll', unit);
    if (x === y) return tieCoin(t);
    return (t.recording ? t.check('accuracy roll >= dodge roll', x, '>=', y, unit) : x >= y) ? 1 : 0;
  }
  law(): Distribution {
    return hitLaw(BigInt(this.ranges.a), BigInt(this.ranges.d));
  }
}

/** Two rolls in the same step: a fair coin decides which real number is larger (1 = hit). */
function tieCoin(t: Tracer): number {
  if (t.recording) t.note('both rolls fell in the same step: a fair coin decides which real number is larger');
  return t.roll(0, 1, 'tie: fair coin (1 = hit)');
}

/** A hit test settled without a roll, saying why. */
function settledDie(hit: 0 | 1, why: string): Die {
  return {
    text: why,
    roll: (t) => {
      if (t.recording) t.note(why);
      return hit;
    },
    law: () => Distribution.constant(hit),
  };
}

const ALWAYS = settledDie(1, "dodge 0: the defender's roll is 0, any accuracy roll hits");
const NEVER = settledDie(0, 'accuracy 0 against a positive dodge: always a miss');

/**
 * The hit test as one die. @spoiler pixel-dungeon#hit-test
 * The attacker draws a real number in [0, accuracy) (doubled for magic), the defender one in
 * [0, dodge); the attack hits when the attacker's is at least the defender's. Both are drawn in
 * steps of 1/(100 x common denominator); two draws landing in the same step are a tie of the
 * real numbers, which a fair coin settles, so the odds are exactly the continuous ones:
 * 1 - d/(2a) when a >= d, a/(2d) otherwise.
 */
export function hitDie(plan: HitPlan, magic: boolean): Die {
  return plan === 'always' ? ALWAYS : plan === 'never' ? NEVER : new HitDie(plan, magic);
}

/** Rolls the hit test of accuracy against dodge. */
export function hitTest(t: Tracer, accuracy: Ratio, dodge: Ratio, magic: boolean, steps = ROLL_STEPS): boolean {
  return rollHit(t, hitPlan(accuracy, dodge, magic, steps), magic);
}

/** Rolls a planned hit test. */
export function rollHit(t: Tracer, plan: HitPlan, magic: boolean): boolean {
  return hitDie(plan, magic).roll(t, 'hit test') === 1;
}

/** The exact chance that `hitTest` succeeds: the same law, on the ranges before any scaling. */
export function hitChance(accuracy: Ratio, dodge: Ratio, magic: boolean): Fraction {
  const acc = magic ? ratioMul(accuracy, ratio(2)) : accuracy;
  return hitLaw(BigInt(acc.num) * BigInt(dodge.den), BigInt(dodge.num) * BigInt(acc.den)).prob(1);
}

/** The hit test's heading in the rules pane, and why there is no roll or no dodge. */
export function traceHitHeader(t: Tracer, a: PdHitSpec): void {
  t.rule(SECTION_HIT, `Hit test: ${a.label}`);
  if (a.accuracy === null) t.note('no roll to hit: it strikes whatever it reaches');
  else if (a.surprise) t.note(`surprise attack: dodge is 0 because ${SURPRISE_TEXT[a.surprise]}`);
}

/** The chance an attack hits: certain without a roll to hit. */
export function attackHitChance(a: PdHitSpec): Fraction {
  return a.accuracy === null ? Fraction.ONE : hitChance(a.accuracy, a.dodge, a.magic);
}

/**
 * The defender's dodge and whether it is surprised. @spoiler pixel-dungeon#surprise-attack
 * A mob that did not see its enemy at its last turn (asleep, wandering unaware, or the enemy
 * came into view since) or is paralysed has dodge 0. The hero is surprised the same way in the
 * `spoiler` edition only.
 */
export function defenderDodge(t: Tracer, d: PdDefender, edition: Edition): { dodge: Ratio; surprise: SurpriseReason | null } {
  if (d.kind === 'monster') {
    if (d.paralysed || !d.enemySeen) {
      const reason: SurpriseReason = d.paralysed
        ? 'paralysed'
        : d.state === 'sleeping'
          ? 'asleep'
          : d.state === 'wandering'
            ? 'wandering'
            : 'unseen';
      if (t.recording) t.rule(SECTION_SURPRISE, 'Surprise attack');
      return { dodge: ratio(0), surprise: reason };
    }
    if (t.recording) t.value(`${d.monster.name} dodge`, d.monster.defenseSkill, 'from its table');
    return { dodge: ratio(d.monster.defenseSkill), surprise: null };
  }
  if (edition === 'spoiler' && (d.paralysed || !d.sawAttacker)) {
    if (t.recording) {
      t.rule(SECTION_SURPRISE, 'Surprise attack on the hero');
      t.edition('hero-surprised', PD_DIVERGENCES['hero-surprised'].spoiler);
    }
    return { dodge: ratio(0), surprise: d.paralysed ? 'paralysed' : 'unseen' };
  }
  if (t.recording && edition === 'source' && !d.sawAttacker && !d.paralysed) {
    t.edition('hero-surprised', `${PD_DIVERGENCES['hero-surprised'].source} (the attacker has just come into view)`);
  }
  return { dodge: heroDodge(t, d.sheet, d.paralysed, edition), surprise: null };
}
