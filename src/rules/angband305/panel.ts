import { monsterBlurb } from './bestiary.js';
import { heroSheet, recallPage } from '../recall.js';
import type { RecallSection, Ruleset } from '../ruleset.js';
import { STAT_NAMES } from './catalogue.js';
import { type AngContext, type AngState, type AngView, characterOf, heroRules, monsterBlows, monsterOf, monsterRules } from './context.js';
import { armourClass, heroDefenceLines } from './defence.js';
import { angBlowLines, angGear, angHeroLines, angMonsterSection } from './recall.js';
import { blowsPerRound, currentStats, gearName, shooting } from './sheet.js';
import { formatStat } from './stats.js';
import { angSpellSection } from './spell-recall.js';
import { spellWorld } from './spell-world.js';

/** What the status panel and the recall page show of an Angband fighter. */

export function describeFighter(ctx: AngContext, f: AngView): string[] {
  const edition = ctx.edition;
  if (heroRules(f)) {
    const c = characterOf(ctx, f);
    const b = blowsPerRound(c, edition);
    const ac = armourClass(c).total.num;
    const s = shooting(c, edition);
    const cur = currentStats(c);
    const stats = STAT_NAMES.map((k) => `${k.toUpperCase()} ${formatStat(cur[k])}`).join(' ');
    return [
      `${b.blows} blow${b.blows === 1 ? '' : 's'}  AC ${ac}${s ? `  ${s.shots} shot${s.shots === 1 ? '' : 's'} x${s.multiplier}` : ''}`,
      `${c.weapon ? gearName(c.weapon) : 'bare hands'}${c.bow ? `; ${gearName(c.bow)}` : ''}`,
      stats,
    ];
  }
  const m = monsterOf(ctx, f);
  const speed = (monsterRules(f)?.speed ?? m.speed) - 110;
  return [
    `AC ${m.ac}  speed ${speed >= 0 ? '+' : ''}${speed}  level ${m.level}`,
    m.blows.map((b) => `${b.method} ${b.effect} ${b.dice}`).join(', ') || 'no blows',
    monsterBlurb(m),
  ];
}

export function recall(
  ctx: AngContext,
  ruleset: Ruleset<AngState>,
  subject: AngView,
  observer: AngView,
  now: number,
  where: { readonly distance: number; readonly visible: boolean },
): RecallSection[] {
  const h = heroRules(subject);
  const r = monsterRules(subject);
  const c = h ? characterOf(ctx, subject) : null;
  const about = c && h
    ? heroSheet(ruleset, subject, now, { level: h.level, gear: angGear(c), more: [...angHeroLines(c, ctx.edition), ...heroDefenceLines(c, subject.statuses)] })
    : angMonsterSection(ruleset, monsterOf(ctx, subject), subject, observer, now, where, r?.speed ?? 110, r?.csleep ?? 0);
  const spells = r ? angSpellSection(ctx, spellWorld(ctx), subject, observer) : null;
  const blows = r && heroRules(observer) ? angBlowLines(monsterBlows(ctx, subject, observer), monsterOf(ctx, subject), characterOf(ctx, observer)) : [];
  return recallPage(ruleset, subject, observer, now, where, { about: spells ? [about, spells] : [about], blows });
}
