import { armourClass, evasion, shieldClass, starving, stealth, swimming } from '../crawl-family/character.js';
import { CR_DIVERGENCE_LIST } from '../crawl-family/divergences.js';
import { level, monsterOf } from '../crawl-family/state.js';
import { classicMonsterAttackTime } from '../crawl-family/time.js';
import type { CrawlVariant } from '../crawl-family/variant.js';
import { B20_MELEE } from './melee.js';
import { b20MonsterAttack } from './monster-melee.js';
import { b20Notice, b20NoticeCheck } from './noticing.js';

/**
 * Crawl 4.00 beta 20 as a game of the Crawl family: its hit test, stab and monster attacks, its
 * noticing, no spells or states of Stone Soup's, and its status panel.
 */
export const CRAWL_4B20: CrawlVariant = {
  id: 'crawl-4.0b20',
  name: 'Crawl 4.00 beta 20',
  description: 'Dungeon Crawl 4.00 beta 20 / AX-Crawl: classic and new stat systems, heavy armour, second attacks, stabbing, EV and shield blocks.',
  divergences: CR_DIVERGENCE_LIST,
  defaultHero: 'minotaur-fighter',
  defaultFoe: 'orc-warrior',
  melee: B20_MELEE,
  spells: [],
  durations: ['might', 'invisible', 'confusing-touch', 'sure-blade', 'form'],
  durationEnds: (_ctx, _f, _kind, _c, _r, hp) => ({ effects: [], hp }),
  heroStates: () => null,
  targetStates: () => ({}),
  creationWords: 'weapon',
  monsterGear: () => ({}),
  monsterAttack: b20MonsterAttack,
  monsterAttackTime: (plan, w) => classicMonsterAttackTime(plan, w),
  notice: (t, ctx, observer, enemy, distance, inView) => b20Notice(t, ctx, observer, enemy, distance, inView),
  noticeChance: (ctx, observer, enemy, distance, inView) => b20NoticeCheck(ctx, observer, enemy, distance, inView),
  describeHero(_ctx, f, c, r, edition, arms) {
    const flags = [starving(c) ? 'starving' : '', level(f, 'might') > 1 ? 'mighty' : '', level(f, 'invisible') > 0 ? 'invisible' : '', swimming(c) ? 'swimming' : ''].filter(Boolean);
    return [
      `EV ${evasion(c, level(f, 'paralysis') > 0)}  AC ${armourClass(c)}  SH ${shieldClass(c)}  Str ${c.str}  Dex ${c.dex}  (${c.statSystem}, ${edition})`,
      `${arms}${flags.length ? `; ${flags.join(', ')}` : ''}`,
      `stealth ${stealth(c)}  hunger ${r.hunger}`,
    ];
  },
  describeMonster(ctx, f, r) {
    const m = monsterOf(ctx, f);
    return [`HD ${r.hd}  AC ${m.ac}  EV ${m.ev}  speed ${m.speed}`, `attacks ${m.attacks.join('/')}${r.weapon ? ` with a ${ctx.cat.nameOf(r.weapon.item)}` : ''}`, m.description];
  },
};
