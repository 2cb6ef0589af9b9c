import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { NoticeCheck, NoticeResult } from '../ruleset.js';
import { type PdView, stealthOf } from './context.js';
import { OneInDie } from './random.js';
import type { PdState } from './types.js';

/** Noticing: whether a sleeping or wandering mob notices its enemy. */

export const SECTION_NOTICE = 'pixel-dungeon#noticing';

/** The noticing roll: Int(n) == 0. */
const noticeDie = (n: number): OneInDie => new OneInDie(n, 'Int(n) == 0');

/**
 * A sleeping mob wakes when its enemy is in view and Int(distance + stealth + 2 if the enemy
 * flies) comes up 0; a wandering mob notices on Int(distance / 2 + stealth) == 0, or at once
 * after being hurt. (The seed has no formula for noticing; these are the game's, Mob.java.)
 * @spoiler pixel-dungeon#surprise-attack
 */
export function noticeOdds(state: 'sleeping' | 'wandering', distance: number, stealth: number, enemyFlies: boolean, alerted: boolean): { n: number; chance: Fraction } {
  if (state === 'wandering' && alerted) return { n: 1, chance: Fraction.ONE };
  const n = state === 'sleeping' ? distance + stealth + (enemyFlies ? 2 : 0) : Math.floor(distance / 2) + stealth;
  return { n, chance: noticeDie(n).law().prob(1) };
}

export function noticeRoll(t: Tracer, state: 'sleeping' | 'wandering', distance: number, stealth: number, enemyFlies: boolean, alerted: boolean): boolean {
  if (t.recording) t.rule(SECTION_NOTICE, state === 'sleeping' ? 'Does the sleeper wake?' : 'Does the wanderer notice?');
  if (state === 'wandering' && alerted) {
    if (t.recording) t.note('it was hurt since its last turn: it notices at once');
    return true;
  }
  const { n, chance } = noticeOdds(state, distance, stealth, enemyFlies, alerted);
  if (t.recording) {
    const parts =
      state === 'sleeping'
        ? `distance ${distance} + stealth ${stealth}${enemyFlies ? ' + 2 (flying)' : ''}`
        : `distance ${distance} / 2 + stealth ${stealth}`;
    t.value('notice range n', n, parts);
    t.odds('chance to notice this turn', chance.num, chance.den);
  }
  return noticeDie(n).roll(t, 'notice roll Int(n)') === 1;
}

/** Does the observer notice its enemy this turn? A mob notices only what it sees (Mob.act). */
export function notice(t: Tracer, observer: PdView, enemy: PdView, distance: number, inView: boolean): NoticeResult<PdState> {
  const mode = observer.ai?.mode;
  if (!inView) return { noticed: false, effects: [] };
  if (mode !== 'sleeping' && mode !== 'wandering') return { noticed: true, effects: [] };
  return { noticed: noticeRoll(t, mode, distance, stealthOf(enemy), enemy.fighter.flying, observer.ai?.alerted ?? false), effects: [] };
}

/** The exact chance that `notice` succeeds. */
export function noticeChance(observer: PdView, enemy: PdView, distance: number, inView: boolean): NoticeCheck {
  if (!inView) return { chance: Fraction.ZERO, describe: 'it cannot see its enemy' };
  const mode = observer.ai?.mode;
  if (mode !== 'sleeping' && mode !== 'wandering') return { chance: Fraction.ONE, describe: 'already hunting' };
  const o = noticeOdds(mode, distance, stealthOf(enemy), enemy.fighter.flying, observer.ai?.alerted ?? false);
  return { chance: o.chance, describe: `${mode}: 1 in ${Math.max(1, o.n)} per turn` };
}
