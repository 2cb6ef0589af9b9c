import { formatRatio } from '../../core/ratio.js';
import { PREVIEW_TRACER } from '../common.js';
import type { Edition } from '../edition.js';
import { type RecallWhere, headLines, heroSheet, recallPage, section, stateLines, statusLine } from '../recall.js';
import type { RecallSection, Ruleset } from '../ruleset.js';
import { type PdContext, type PdView, ability as abilityOf, heroRules, itemName, monsterOf, monsterRules, sheetOf } from './context.js';
import {
  MILLITURNS,
  armourDr,
  armourStrength,
  heroAccuracy,
  heroDodge,
  heroStrength,
  meleeDamageRange,
  meleeStrength,
  monsterDr,
  monsterMoveDelay,
  toMilliturns,
} from './sheet.js';
import type { PdAbility, PdMonster, PdState } from './types.js';

/** The status panel's lines and the recall page: what a fighter's numbers are, in words. */

const turns = (milli: number): string => `${Number((milli / MILLITURNS).toFixed(3))} turn${milli === MILLITURNS ? '' : 's'}`;
const range = (r: readonly [number, number]): string => `${r[0]}-${r[1]}`;

function ability(a: PdAbility): string {
  switch (a.kind) {
    case 'drain':
      return 'drains: heals by the damage it deals';
    case 'bleeding-on-hit':
      return `a hit makes you bleed 1 in ${a.oneIn}`;
    case 'cripple-on-hit':
      return `a hit cripples you 1 in ${a.oneIn} for ${a.turns} turns`;
    case 'poison-and-flee':
      return `a hit poisons you 1 in ${a.oneIn} (${range(a.poison)} turns), then it flees`;
    case 'steal-and-flee':
      return 'a hit steals from your pack, then it flees';
    case 'disarm':
      return `a hit disarms you 1 in ${a.oneIn}`;
    case 'enrage':
      return `enrages below 1/4 of its hit points: damage ${range(a.damage)}`;
    case 'bone-explosion':
      return `explodes on death for ${range(a.damage)} less armour to those next to it`;
    case 'lightning':
      return `casts lightning ${range(a.damage)} (x${a.waterMultiplier} in water), ${a.delay} turns`;
    case 'shadow-bolt':
      return `casts a shadow bolt ${range(a.damage)}, weakens you 1 in ${a.weaknessOneIn} for ${a.weaknessTurns} turns`;
    case 'ranged-only':
      return 'attacks only from a distance, and backs away';
  }
}

/** A Pixel Dungeon monster's section of its recall page: its numbers, time, abilities and state. */
export function pdMonsterSection(rs: Ruleset<PdState>, m: PdMonster, f: PdView, observer: PdView, edition: Edition, now: number, where: RecallWhere): RecallSection {
  const enraged = monsterRules(f)?.enraged === true;
  const crippled = f.statuses.some((s) => s.kind === 'crippled' && (s.until === undefined || s.until > now));
  const abilities = m.abilities.map(ability);
  return section(m.name, [
    ...headLines(f, 'a Pixel Dungeon monster', `fixed, every ${m.name} has ${m.hp}`, m.description),
    `Accuracy ${m.attackSkill}, defence (dodge) ${m.defenseSkill}, armour absorbs 0-${monsterDr(PREVIEW_TRACER, m, edition)} (${edition}).`,
    `Melee damage ${range(enraged ? (m.abilities.find((a) => a.kind === 'enrage')?.damage ?? m.damage) : m.damage)}, centre-biased${enraged ? ' (enraged)' : ''}.`,
    `Speed ${m.speed}: a step takes ${turns(monsterMoveDelay(m.speed, crippled))}${crippled ? ' (crippled)' : ''}, an attack ${turns(toMilliturns(m.attackDelay))}.`,
    `${m.flying ? 'Flies. ' : ''}Sees ${m.viewDistance} squares.${abilities.length ? ` Abilities: ${abilities.join('; ')}.` : ''}`,
    ...stateLines(rs, f, observer, where),
    statusLine(rs, f, now),
  ]);
}

/** Lines for the status panel: a hero's strength, accuracy, dodge and gear; a monster's table numbers. */
export function describeFighter(c: PdContext, f: PdView, now: number): string[] {
  const edition = c.edition;
  const t = PREVIEW_TRACER;
  const h = heroRules(f);
  if (h) {
    const s = sheetOf(c, f, now);
    const acc = heroAccuracy(t, s, { kind: 'melee' }, 1, edition);
    const dodge = heroDodge(t, s, false, edition);
    const w = s.weapon;
    const range = w ? meleeDamageRange(w.def, w.level, edition) : { min: 1, max: Math.max(1, heroStrength(s) - 9) };
    const dr = s.armour ? armourDr(s.armour.def, s.armour.level) : 0;
    const wname = w ? `${w.def.name} (needs ${meleeStrength(w.def, w.level)})` : 'bare hands';
    const aname = s.armour ? `${s.armour.def.name} (needs ${armourStrength(s.armour.def, s.armour.level)})` : 'no armour';
    return [
      `STR ${heroStrength(s)}  Acc ${formatRatio(acc)}  Dodge ${formatRatio(dodge)}  Stealth ${h.stealth}`,
      `${wname}: ${range.min}-${range.max}`,
      `${aname}: absorbs 0-${dr}`,
    ];
  }
  const m = monsterOf(c, f);
  const dr = monsterDr(t, m, edition);
  const r = monsterRules(f);
  const dmg = r?.enraged ? (abilityOf(m, 'enrage')?.damage ?? m.damage) : m.damage;
  return [`Acc ${m.attackSkill}  Dodge ${m.defenseSkill}  Armour 0-${dr}`, `damage ${dmg[0]}-${dmg[1]}${r?.enraged ? ' (enraged)' : ''}`, m.description];
}

/** The recall page of `subject` as `observer` sees it: a hero's sheet, or the monster's section. */
export function pdRecall(c: PdContext, rs: Ruleset<PdState>, subject: PdView, observer: PdView, now: number, where: RecallWhere): readonly RecallSection[] {
  const h = heroRules(subject);
  const gear = [subject.inventory.weapon, subject.inventory.armour].flatMap((g) => (g ? [`${itemName(c, g.item)}${g.level ? ` +${g.level}` : ''}`] : []));
  const about = h ? heroSheet(rs, subject, now, { level: h.level, gear }) : pdMonsterSection(rs, monsterOf(c, subject), subject, observer, c.edition, now, where);
  return recallPage(rs, subject, observer, now, where, { about: [about] });
}
