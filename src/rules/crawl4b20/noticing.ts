import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { NoticeCheck, NoticeResult } from '../ruleset.js';
import { stealth } from '../crawl-family/character.js';
import { type Rand, chanceOf, check, pure } from '../../core/rand.js';
import { random2 } from '../crawl-family/rand.js';
import { type FamilyCtx, type FamilyState, type View, characterOf, level, monsterOf, watching } from '../crawl-family/state.js';

/**
 * Noticing in Crawl 4.00 beta 20 (view.cc check_awaken): a sleeping or wandering monster with the
 * hero in view notices it when random2(stealth) <= its awareness, 10 + 4 x intelligence + HD.
 */

/** The numbers of check_awaken, or null when the monster is not checked (awake, or out of sight). */
export function noticeNumbers(ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean): { a: number; s: number; aText: string } | null {
  const w = watching(observer, enemy, distance, inView);
  if (!w) return null;
  const { r } = w;
  const m = monsterOf(ctx, observer);
  const c = characterOf(ctx, enemy);
  const see = m.flags.includes('sees-invisible');
  let a = 10 + 4 * m.intelligence + r.hd + (see ? 5 : 0);
  const parts = [`10 + 4 x intelligence ${m.intelligence} + HD ${r.hd}${see ? ' + 5 sees invisible' : ''}`];
  if (level(enemy, 'invisible') > 0 && !see) {
    a -= 75;
    parts.push('- 75 you are invisible');
  }
  return { a: Math.max(0, a), s: stealth(c), aText: parts.join(' ') };
}

/** b20's noticing roll, written once: random2(stealth) <= awareness, certain without stealth. Yes is 1. */
export function b20NoticeRule(n: { readonly a: number; readonly s: number }): Rand {
  return n.s <= 0 ? pure(1) : check(random2(n.s, `notice: random2(stealth ${n.s})`), 'random2(stealth) <= awareness', '<=', n.a);
}

/** The chance of b20's noticing roll: (awareness + 1) in stealth. */
export const b20NoticeChance = (n: { readonly a: number; readonly s: number }): Fraction => chanceOf(b20NoticeRule(n));

export function b20Notice(t: Tracer, ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean): NoticeResult<FamilyState> {
  const check = noticeNumbers(ctx, observer, enemy, distance, inView);
  if (!check) return { noticed: false, effects: [] };
  if (t.recording) {
    t.rule(ctx.sections.notice, `${monsterOf(ctx, observer).name} ${observer.ai?.mode === 'sleeping' ? 'sleeps' : 'wanders'}`);
    t.value('awareness', check.a, check.aText);
    t.value('your stealth', check.s, 'check_stealth: 3 x Dex + stealth skill x species factor, less burden and heavy armour');
  }
  if (check.s <= 0) return { noticed: true, effects: [] };
  const rule = b20NoticeRule(check);
  const noticed = rule.roll(t) === 1;
  if (t.recording) {
    const p = chanceOf(rule);
    const q = noticed ? p : p.complement();
    t.odds(noticed ? 'P(it notices you)' : 'P(it does not notice you)', q.num, q.den);
  }
  return { noticed, effects: [] };
}

export function b20NoticeCheck(ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean): NoticeCheck {
  const check = noticeNumbers(ctx, observer, enemy, distance, inView);
  if (!check) return { chance: Fraction.ZERO, describe: 'out of its sight' };
  const chance = b20NoticeChance(check);
  return { chance, describe: `awareness ${check.a} against your stealth ${check.s}: ${chance.percent(1)} a turn` };
}
