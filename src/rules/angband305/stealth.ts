import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { angbandDistance } from '../../world/angband-path.js';
import type { NoticeCheck } from '../ruleset.js';
import { type AngContext, type AngEffect, type AngView, SECTION_SLEEP, characterOf, heroRules, monsterOf, monsterRules, statusLevel } from './context.js';
import { seesInvisible } from './defence.js';
import { type AngCharacter, pvalTotal } from './sheet.js';
import { type AngStep, lawOfSteps, randint0, rollSteps } from './steps.js';

/**
 * Noticing: the player's stealth, a sleeping monster hearing the player and waking by degrees
 * (melee2.c process_monsters), and what the hero sees of an invisible monster.
 */

/** Stealth, 0..30 (calc_bonuses skill_stl): race + class + the pval of stealth items + 1. */
export function stealth(c: AngCharacter): number {
  return Math.max(0, Math.min(30, c.race.stealth + c.cls.stealth + pvalTotal(c, 'stealth') + 1));
}

const NOISE_ROLL = randint0(1024);

const noiseRules = new Map<number, { readonly steps: readonly AngStep[]; readonly law: () => Distribution }>();

/**
 * The noise roll as a step: a roll of 0..1023 whose cube is at most 2^(30 - stealth) is heard
 * (1), else not (0). The law is worked out once per stealth.
 */
export function noiseSteps(stl: number): { readonly steps: readonly AngStep[]; readonly law: () => Distribution } {
  let rule = noiseRules.get(stl);
  if (rule) return rule;
  const noise = 2 ** (30 - stl);
  const steps: readonly AngStep[] = [
    {
      label: 'noise roll',
      die: () => NOISE_ROLL,
      apply: (_x, r) => (r ** 3 <= noise ? 1 : 0),
      reason: 'heard when the roll cubed is at most the noise',
      trace: (t, _x, r, heard) => {
        t.check('noise roll cubed <= noise', r ** 3, '<=', noise);
        const p = noiseSteps(stl).law().prob(1);
        const q = heard ? p : p.complement();
        t.odds(heard ? 'P(it hears you)' : 'P(it does not hear you)', q.num, q.den);
      },
    },
  ];
  let law: Distribution | undefined;
  rule = { steps, law: () => (law ??= lawOfSteps(steps, 0)) };
  noiseRules.set(stl, rule);
  return rule;
}

/** How many rolls of 0..1023 pass n^3 <= 2^(30 - stealth) (the chance to hear the player, in 1024ths). */
export function noiseCount(stl: number): number {
  const p = noiseSteps(stl).law().prob(1);
  return Number((p.num * 1024n) / p.den);
}

/** The player's stealth as a monster hears it (a monster makes no noise it could hear). */
function stealthOf(ctx: AngContext, enemy: AngView): number {
  return heroRules(enemy) ? stealth(characterOf(ctx, enemy)) : 0;
}

/** How far the monster is from the enemy, as the game counts it. */
function distanceOf(observer: AngView, enemy: AngView, distance: number): number {
  return observer.pos && enemy.pos ? angbandDistance(observer.pos, enemy.pos) : distance;
}

/** Does a sleeping monster hear the player this turn, and how much lighter does its sleep grow? */
export function notice(ctx: AngContext, t: Tracer, observer: AngView, enemy: AngView, distance: number, inView: boolean): { noticed: boolean; effects: AngEffect[] } {
  const r = monsterRules(observer);
  if (!r) return { noticed: true, effects: [] };
  if (observer.ai?.mode !== 'sleeping' || r.csleep <= 0) return { noticed: true, effects: [] };
  const m = monsterOf(ctx, observer);
  const cdis = distanceOf(observer, enemy, distance);
  // A monster is processed only when the player is in its line of sight, within its
  // detection range, or it is hurt (melee2.c process_monsters).
  if (!inView && cdis > m.vision && observer.body.hp >= observer.body.maxHp) return { noticed: false, effects: [] };
  const stl = stealthOf(ctx, enemy);
  if (t.recording) {
    t.rule(SECTION_SLEEP, `${m.name} sleeps (depth ${r.csleep})`);
    t.value('player noise', 2 ** (30 - stl), `2^(30 - stealth ${stl})`);
  }
  const heard = rollSteps(t, noiseSteps(stl).steps, 0) === 1;
  if (!heard) return { noticed: false, effects: [] };
  const d = cdis < 50 ? Math.trunc(100 / Math.max(1, cdis)) : 1;
  const left = r.csleep > d ? r.csleep - d : 0;
  if (t.recording) t.mod('sleep depth', r.csleep, left, `the noise wakes it by 100 / distance ${cdis} = ${d}`);
  return { noticed: left === 0, effects: [{ kind: 'rules', target: observer.id, patch: { csleep: left } }] };
}

/** The exact chance `notice` wakes the monster this turn. */
export function noticeChance(ctx: AngContext, observer: AngView, enemy: AngView, distance: number, inView: boolean): NoticeCheck {
  const r = monsterRules(observer);
  if (!r || observer.ai?.mode !== 'sleeping' || r.csleep <= 0) return { chance: Fraction.ONE, describe: 'awake' };
  const stl = stealthOf(ctx, enemy);
  const cdis = distanceOf(observer, enemy, distance);
  if (!inView && cdis > monsterOf(ctx, observer).vision && observer.body.hp >= observer.body.maxHp) {
    return { chance: Fraction.ZERO, describe: 'asleep, and you are out of its sight and hearing' };
  }
  const d = cdis < 50 ? Math.trunc(100 / Math.max(1, cdis)) : 1;
  const heard = noiseSteps(stl).law().prob(1);
  const chance = r.csleep <= d ? heard : Fraction.ZERO;
  return { chance, describe: `asleep (depth ${r.csleep}); each turn ${heard.percent(1)} to hear you, which lightens it by ${d}` };
}

/** Whether the hero sees the monster: never while blind; a visible one always; an invisible one with see invisible, or by infravision if warm-blooded. */
export function canSee(ctx: AngContext, viewer: AngView, target: AngView): boolean {
  if (!heroRules(viewer)) return true;
  if (statusLevel(viewer, 'blind') > 0) return false;
  const m = monsterRules(target);
  if (!m) return true;
  const mon = ctx.cat.monster(m.monster);
  if (!mon.flags.includes('invisible')) return true;
  const c = characterOf(ctx, viewer);
  if (seesInvisible(c)) return true;
  // Infravision shows a warm-blooded monster, invisible or not, within its range.
  return !mon.flags.includes('cold-blood') && c.race.infravision > 0 && angbandDistance(viewer.pos, target.pos) <= c.race.infravision;
}
