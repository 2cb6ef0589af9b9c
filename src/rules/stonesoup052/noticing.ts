import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import type { NoticeCheck, NoticeResult } from '../ruleset.js';
import { type FamilyCtx, type FamilyState, type View, characterOf, level, monsterOf, watching } from '../crawl-family/state.js';
import { NO_SS_EFFECTS } from '../crawl-family/states.js';
import { SECTION_AWARENESS, type Sum, awarenessOf, describeStealth, noticeChance, rollNotice, stealthOf } from './stealth.js';

/**
 * A sleeping or wandering monster noticing a Stone Soup hero (seed 003; view.cc check_awaken):
 * its awareness against the hero's stealth, each turn it has the hero in view.
 */

/** Stone Soup's noticing numbers: the monster's awareness and the hero's stealth, or null when it is not checked. */
export function ssNoticeNumbers(ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean, edition: Edition): { a: Sum; s: Sum; berserk: boolean } | null {
  const w = watching(observer, enemy, distance, inView);
  if (!w) return null;
  const { r, mode } = w;
  const m = monsterOf(ctx, observer);
  const c = characterOf(ctx, enemy);
  const e = c.effects.ss ?? NO_SS_EFFECTS;
  const a = awarenessOf(
    { name: m.name, intelligence: m.intelligence, hd: r.hd, holiness: m.holiness, sensesInvisible: m.flags.includes('senses-invisible'), seesInvisible: m.flags.includes('sees-invisible'), state: mode, hibernating: false, foeIsHero: false },
    { invisible: level(enemy, 'invisible') > 0, backlit: e.backlit, inWater: c.effects.inWater },
    edition,
  );
  return { a, s: stealthOf(c, edition), berserk: e.berserk };
}

export function ssNotice(t: Tracer, ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean, edition: Edition): NoticeResult<FamilyState> {
  const n = ssNoticeNumbers(ctx, observer, enemy, distance, inView, edition);
  if (!n) return { noticed: false, effects: [] };
  if (t.recording) {
    t.rule(SECTION_AWARENESS, `${monsterOf(ctx, observer).name} ${observer.ai?.mode === 'sleeping' ? 'sleeps' : 'wanders'}`);
    t.value('awareness', n.a.value, n.a.terms.join(' '));
    t.value('your stealth', n.s.value, `${n.s.terms.join(' ')} (${describeStealth(n.s.value)})`);
  }
  return { noticed: rollNotice(t, n.a.value, n.s.value, edition, n.berserk), effects: [] };
}

export function ssNoticeCheck(ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean, edition: Edition): NoticeCheck {
  const n = ssNoticeNumbers(ctx, observer, enemy, distance, inView, edition);
  if (!n) return { chance: Fraction.ZERO, describe: 'out of its sight' };
  const chance = noticeChance(n.a.value, n.s.value, edition, n.berserk);
  return { chance, describe: `awareness ${n.a.value} against your stealth ${n.s.value}: ${chance.percent(1)} a turn` };
}
