import type { Distribution } from '../../core/distribution.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { type AngStep, lawOfSteps, randint1, rollSteps, ruleCache } from './steps.js';
import type { AngClass, AngRace } from './types.js';

/**
 * Stat and experience drain (spells1.c dec_stat, xtra2.c lose_exp and check_experience), and
 * the experience table they read (tables.c player_exp).
 */

export const SECTION_DRAIN = 'angband-3.0.5#drain';

/** The experience a level needs, before the experience factor: entry k is for level k + 2 (tables.c player_exp). */
export const PLAYER_EXP: readonly number[] = [
  10, 25, 45, 70, 100, 140, 200, 280, 380, 500, 650, 850, 1100, 1400, 1800, 2300, 2900, 3600, 4400, 5400, 6800, 8400, 10200, 12500, 17500, 25000,
  35000, 50000, 75000, 100000, 150000, 200000, 275000, 350000, 450000, 550000, 700000, 850000, 1000000, 1250000, 1500000, 1800000, 2100000,
  2400000, 2700000, 3000000, 3500000, 4000000, 4500000, 5000000,
];

/** The experience factor in percent: race + class (birth.c). */
export function expFactor(race: Pick<AngRace, 'expFactor'>, cls: Pick<AngClass, 'expFactor'>): number {
  return race.expFactor + cls.expFactor;
}

/** The least experience of a level: player_exp[level - 2] x factor / 100 (0 at level 1). */
export function levelExp(level: number, factor: number): number {
  if (level <= 1) return 0;
  const base = PLAYER_EXP[level - 2];
  if (base === undefined) throw new RangeError(`no experience for level ${level} (1 to 50)`);
  return Math.trunc((base * factor) / 100);
}

/** The level an amount of experience leaves a hero of level `level`, dropping as check_experience does (never rising). */
export function levelAfterLoss(level: number, exp: number, factor: number): number {
  let lev = level;
  while (lev > 1 && exp < levelExp(lev, factor)) lev--;
  return lev;
}

/** What lose_exp leaves: experience never below 0, and the level it falls to. */
export function loseExp(exp: number, amount: number, level: number, factor: number): { exp: number; level: number } {
  const lost = Math.min(amount, exp);
  const left = exp - lost;
  return { exp: left, level: levelAfterLoss(level, left, factor) };
}

/** The drain of an experience blow: dice of 6 by the blow (10, 20, 40 or 80), plus 2% of the experience in hundreds. */
export function expDrainBase(exp: number): number {
  return Math.trunc(exp / 100) * 2;
}

const statRules = ruleCache<readonly AngStep[]>(512);

/**
 * dec_stat(stat, amount, FALSE) on the current value as steps, from the value itself: at 18 or
 * below it loses 1 (and 1 more past amounts 20, 50 and 90); above 18 it loses
 * (randint(q) + q) x amount / 100 with q = ((v - 18) / 2 + 1) / 2 + 1, at least amount / 2, and
 * a value that falls under 18 becomes 18 (amount up to 20) or 17; never under 3.
 */
export function decStatSteps(value: number, amount: number): readonly AngStep[] {
  return statRules(`${value}|${amount}`, () => {
    if (value <= 3) return [];
    if (value <= 18) {
      const loss = 1 + (amount > 90 ? 1 : 0) + (amount > 50 ? 1 : 0) + (amount > 20 ? 1 : 0);
      return [{ label: 'stat drain', die: () => NO_DIE, apply: (x) => Math.max(3, x - loss), reason: `loses ${loss} at 18 or below` }];
    }
    const q = Math.max(1, Math.trunc((Math.trunc((value - 18) / 2) + 1) / 2) + 1);
    const die = randint1(q);
    return [
      {
        label: `stat drain: 1d${q}`,
        die: () => die,
        apply: (x, r) => {
          const loss = Math.max(Math.trunc(((r + q) * amount) / 100), Math.trunc(amount / 2));
          const y = x - loss;
          return Math.max(3, y < 18 ? (amount <= 20 ? 18 : 17) : y);
        },
        reason: `(1d${q} + ${q}) x ${amount} / 100 lost, at least ${Math.trunc(amount / 2)}`,
      },
    ];
  });
}

/** Rolls dec_stat's loss of the current value (`amount` 10 for a blow). */
export function decStat(t: Tracer, value: number, amount: number): number {
  return rollSteps(t, decStatSteps(value, amount), value);
}

/** The exact law of the value dec_stat leaves. */
export function decStatLaw(value: number, amount: number): Distribution {
  return lawOfSteps(decStatSteps(value, amount), value);
}
