import type { Fraction } from '../../core/fraction.js';
import { type Ratio, lcmInt, ratio } from '../../core/ratio.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { ANG_DIVERGENCES } from './divergences.js';
import type { Check } from './attempts.js';
import { type AngStep, lawOfSteps, passDie, randint0, rollSteps, ruleCache } from './steps.js';

/**
 * The hit test of Angband 3.0.5 (cmd1.c test_hit), used by the player's blows and missiles and
 * by the monsters' blows. @spoiler angband-3.0.5 (000_93a8d6a8d966ff10.txt)
 */

export const SECTION_HIT = 'angband-3.0.5#hit-chance';
export const SECTION_MISSILE_HIT = 'angband-3.0.5#missile-hit';

/** The AC term the roll must reach: exactly 3/4 AC in the seed, ac * 3 / 4 truncated in the game. */
export function acThreshold(ac: number, edition: Edition): Ratio {
  return edition === 'source' ? ratio(Math.trunc((ac * 3) / 4)) : ratio(3 * ac, 4);
}

/**
 * The skill against a target the attacker cannot see: halved, rounding up in the seed and down
 * in the game (divergence unseen-rounding).
 */
export function unseenSkill(k: Ratio, edition: Edition): Ratio {
  const half = k.num / (2 * k.den);
  return ratio(edition === 'source' ? Math.trunc(half) : Math.ceil(half));
}

// The number the hit test's steps carry: missed, hit, or not decided by the first roll.
const MISS = 0;
const HIT = 1;
const OPEN = 2;

const D100 = randint0(100);

/** The first roll: 0-4 always hit, 5-9 always miss, the rest go on to the skill roll. */
const SURE_STEP: AngStep = {
  label: 'd100 (0-4 always hit, 5-9 always miss)',
  die: () => D100,
  apply: (_x, r) => (r < 5 ? HIT : r < 10 ? MISS : OPEN),
  reason: 'one time in twenty a sure hit, one in twenty a sure miss',
  trace: (t, _x, r) => {
    if (r < 10) t.note(r < 5 ? 'a sure hit (one time in twenty)' : 'a sure miss (one time in twenty)');
  },
};

/**
 * The hit test as steps. @spoiler angband-3.0.5#hit-chance
 * One time in twenty the blow always hits, one in twenty it always misses. Otherwise the skill
 * is halved when the target is unseen; a non-positive skill misses; else a roll uniform on
 * [0, K) hits when it is at least 3/4 of the AC, so the chance is (K - 3/4 AC) / K. The roll
 * and 3/4 AC are both counted in a unit fine enough to be exact.
 */
export function hitSteps(k: Ratio, ac: number, visible: boolean, edition: Edition): readonly AngStep[] {
  return hitRule(k, ac, visible, edition).steps;
}

/**
 * A hit test's steps and its chance, kept per skill, AC, sight and edition (every blow asks for
 * them): the steps run from `start` and end on `pass` when the blow lands (a `Check`).
 */
export interface HitRule extends Check {
  readonly start: typeof OPEN;
  readonly pass: typeof HIT;
}

const hitRules = ruleCache<HitRule>(4096);

// The last hit test asked for: a round's blows, and the next round's, ask for the same one again
// and again (the skill a new plan works out is a new ratio of the same value).
const last: { k?: Ratio; ac: number; visible: boolean; edition?: Edition; rule?: HitRule } = { ac: 0, visible: true };

/** The hit test as a yes-or-no rule (the same steps `hitTest` rolls and `hitChance` reads). */
export function hitRule(k: Ratio, ac: number, visible: boolean, edition: Edition): HitRule {
  if (last.rule && last.k && k.num === last.k.num && k.den === last.k.den && ac === last.ac && visible === last.visible && edition === last.edition) return last.rule;
  const rule = keptHitRule(k, ac, visible, edition);
  Object.assign(last, { k, ac, visible, edition, rule });
  return rule;
}

function keptHitRule(k: Ratio, ac: number, visible: boolean, edition: Edition): HitRule {
  return hitRules(`${k.num}/${k.den}|${ac}|${visible ? 1 : 0}|${edition}`, () => {
    const steps = buildHitSteps(k, ac, visible, edition);
    let chance: Fraction | undefined;
    return { steps, start: OPEN, pass: HIT, chance: () => (chance ??= lawOfSteps(steps, OPEN).prob(HIT)) };
  });
}

function buildHitSteps(k: Ratio, ac: number, visible: boolean, edition: Edition): readonly AngStep[] {
  const skill = visible ? k : unseenSkill(k, edition);
  let die = NO_DIE;
  if (skill.num > 0) {
    const thr = acThreshold(ac, edition);
    const unit = lcmInt(skill.den, thr.den);
    die = passDie(0, (skill.num * unit) / skill.den - 1, '>=', (thr.num * unit) / thr.den, 'roll >= 3/4 AC', unit);
  }
  const skillStep: AngStep = {
    label: 'skill roll',
    die: (x) => (x === OPEN ? die : NO_DIE),
    // A skill of 0 or less draws nothing and misses.
    apply: (x, r) => (x === OPEN ? r : x),
    reason: 'the skill roll against 3/4 AC',
    before: (t, x) => {
      if (x !== OPEN) return;
      if (!visible) {
        t.mod('unseen target: skill halved', k.num / k.den, skill.num, edition === 'source' ? 'rounded down' : 'rounded up');
        t.edition('unseen-rounding', ANG_DIVERGENCES['unseen-rounding'][edition]);
      }
      if (skill.num <= 0) t.note('the skill is not positive: only a sure hit can land');
      else if (ac % 4 !== 0) t.edition('ac-threshold-truncated', ANG_DIVERGENCES['ac-threshold-truncated'][edition]);
    },
    trace: () => {},
  };
  return [SURE_STEP, skillStep];
}

/** Rolls the hit test of a target of armour class `ac` with skill `k`. */
export function hitTest(t: Tracer, k: Ratio, ac: number, visible: boolean, edition: Edition): boolean {
  return rollSteps(t, hitSteps(k, ac, visible, edition), OPEN) === HIT;
}

/**
 * The exact chance that `hitTest` hits, from the same steps: 1/20 + 9/10 x clamp((K - 3/4 AC) / K,
 * 0, 1), or 1/20 when K <= 0.
 */
export function hitChance(k: Ratio, ac: number, visible: boolean, edition: Edition): Fraction {
  return hitRule(k, ac, visible, edition).chance();
}
