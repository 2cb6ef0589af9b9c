import { Distribution } from '../../core/distribution.js';
import { type Dice, diceDistribution, parseDice } from '../../core/dice.js';
import { Fraction } from '../../core/fraction.js';
import { ratio } from '../../core/ratio.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { type AngStep, lawOfSteps, randint0, rollSteps, ruleCache } from './steps.js';
import { hitChance, hitTest } from './to-hit.js';
import type { AngBlow, AngBlowEffect, AngBlowMethod, AngMonster } from './types.js';

/**
 * Monster melee against the player. The seed covers only the player's attacks, so this follows
 * the Angband 3.0.5 code in both editions (melee1.c make_attack_normal, monster_critical;
 * docs/FIDELITY.md).
 */

export const SECTION_MONSTER_MELEE = 'angband-3.0.5#monster-melee';

/** How much each effect adds to the blow's accuracy (melee1.c: power). */
export const BLOW_POWER: Readonly<Record<AngBlowEffect, number>> = { hurt: 60, poison: 5, acid: 0, elec: 10, fire: 10, cold: 10, terrify: 10 };

/** Methods that may cut and that may stun (a plain hit may do either, one at random). */
export const METHOD_CUTS: ReadonlySet<AngBlowMethod> = new Set(['hit', 'claw', 'bite']);
export const METHOD_STUNS: ReadonlySet<AngBlowMethod> = new Set(['hit', 'punch', 'kick', 'butt', 'crush']);

/** The blow's accuracy: effect power + 3 x monster level (level at least 1). */
export function blowChance(effect: AngBlowEffect, level: number): number {
  return BLOW_POWER[effect] + 3 * Math.max(1, level);
}

/** Whether a blow lands: the player's own hit test, never halved (test_hit with vis = TRUE). */
export function blowHits(t: Tracer, chance: number, ac: number): boolean {
  return hitTest(t, ratio(chance), ac, true, 'source');
}

export function blowHitChance(chance: number, ac: number): Fraction {
  return hitChance(ratio(chance), ac, true, 'source');
}

/** A hurting blow loses damage x min(AC, 150) / 250 to armour (truncated), so at most 60%. */
export function armourReduced(damage: number, ac: number): number {
  return damage - Math.trunc((damage * Math.min(ac, 150)) / 250);
}

/** Elemental damage against a resistance: (damage + 2) / 3. */
export function resisted(damage: number): number {
  return Math.trunc((damage + 2) / 3);
}

// The number the monster critical's steps carry: the level reached, plus STOPPED once no
// further level can come.
const STOPPED = 8;
const D100 = randint0(100);
const NOT_CRITICAL: MonsterCriticalRule = { start: STOPPED, steps: [] };

/** The monster critical's steps, and the level they start from. */
interface MonsterCriticalRule {
  readonly start: number;
  readonly steps: readonly AngStep[];
}

const criticalRules = ruleCache<MonsterCriticalRule>(1024);

/**
 * How critical a blow was, 0 (not) to 7 (melee1.c monster_critical), as steps. A blow is
 * critical only if it rolled at least 95% of its maximum; under 20 damage it then passes with
 * chance damage/100. The level comes from the damage (above 45, 33, 25, 18, 11), +1 for the
 * maximum roll, +1 per 2% chance in a row at 20 damage or more. The game's loop is unbounded;
 * every level from 7 on does the same, so the loop stops there (at most six more rolls).
 */
export function monsterCriticalSteps(dice: Dice, damage: number): MonsterCriticalRule {
  const total = dice.count * dice.sides;
  if (damage < Math.trunc((total * 19) / 20)) return NOT_CRITICAL;
  return criticalRules(`${total}|${damage}`, () => {
    const base = damage > 45 ? 6 : damage > 33 ? 5 : damage > 25 ? 4 : damage > 18 ? 3 : damage > 11 ? 2 : 1;
    const start = base + (damage === total ? 1 : 0);
    if (damage < 20) {
      const pass: AngStep = {
        label: 'critical: d100 under the damage',
        die: () => D100,
        apply: (x, r) => (r >= damage ? STOPPED : x + STOPPED),
        reason: 'a weak blow is critical with chance damage / 100',
        trace: () => {},
      };
      return { start, steps: [pass] };
    }
    const more: AngStep = {
      label: 'critical: one more level on d100 below 2',
      die: (x) => (x < 7 ? D100 : NO_DIE),
      apply: (x, r) => (x >= 7 ? x : r < 2 ? x + 1 : x + STOPPED),
      reason: 'one more level with chance 2 in 100',
      trace: () => {},
    };
    return { start, steps: [more, more, more, more, more, more] };
  });
}

/** The level a monster critical's number stands for. */
const levelOf = (x: number): number => Math.min(7, x >= STOPPED ? x - STOPPED : x);

export function monsterCritical(t: Tracer, dice: Dice, damage: number): number {
  const rule = monsterCriticalSteps(dice, damage);
  return levelOf(rollSteps(t, rule.steps, rule.start));
}

/** The exact law of `monsterCritical`, from the same steps. */
export function monsterCriticalOdds(dice: Dice, damage: number): Map<number, Fraction> {
  const rule = monsterCriticalSteps(dice, damage);
  return new Map(lawOfSteps(rule.steps, rule.start).map(levelOf).entries());
}

/** The cut a critical blow adds, by level: [sides, plus] of randint(sides) + plus, or a fixed amount. */
export const CUT_BY_LEVEL: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 0],
  [5, 5],
  [20, 20],
  [50, 50],
  [100, 100],
  [0, 300],
  [0, 500],
];

/** The stun a critical blow adds, by level. */
export const STUN_BY_LEVEL: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 0],
  [10, 10],
  [20, 20],
  [30, 30],
  [40, 40],
  [0, 100],
  [0, 200],
];

/** Rolls the amount for a cut or stun of a critical level. */
export function rollWound(t: Tracer, table: readonly (readonly [number, number])[], level: number, label: string): number {
  const [sides, plus] = table[Math.min(level, 7)] as readonly [number, number];
  return sides > 0 ? t.roll(1, sides, label) + plus : plus;
}

/** The exact distribution of a hurting blow's damage after armour. */
export function hurtDamage(dice: Dice, ac: number): Distribution {
  return diceDistribution(dice).map((d) => armourReduced(d, ac));
}

/** What one blow does to the hero: the chance it lands and, when it deals damage, the damage's law. */
export interface BlowOdds {
  readonly blow: AngBlow;
  readonly hit: Fraction;
  readonly damage: Distribution | null;
}

/**
 * Each of a monster's blows against a hero of this AC (the previews and the recall page): a
 * hurting blow loses its share to armour, an elemental one a resisted third (`resists`), as
 * `make_attack_normal` rolls them; acid's armour damage (a random slot) is left out.
 */
export function blowsAgainst(m: AngMonster, ac: number, resists: (effect: AngBlowEffect) => boolean): BlowOdds[] {
  return m.blows.map((b) => {
    const dice = parseDice(b.dice);
    const hit = blowHitChance(blowChance(b.effect, m.level), ac);
    if (b.effect === 'hurt') return { blow: b, hit, damage: hurtDamage(dice, ac) };
    if (dice.count <= 0) return { blow: b, hit, damage: null };
    const raw = hurtDamage(dice, 0);
    return { blow: b, hit, damage: b.effect !== 'poison' && b.effect !== 'terrify' && resists(b.effect) ? raw.map(resisted) : raw };
  });
}
