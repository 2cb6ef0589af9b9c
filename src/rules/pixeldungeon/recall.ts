import { PREVIEW_TRACER } from '../common.js';
import type { Edition } from '../edition.js';
import { type RecallWhere, headLines, section, stateLines, statusLine } from '../recall.js';
import type { FighterView, RecallSection, Ruleset } from '../ruleset.js';
import { MILLITURNS, monsterDr, monsterMoveDelay, toMilliturns } from './stats.js';
import type { PdAbility, PdMonster } from './types.js';

/** A Pixel Dungeon monster's section of its recall page: its numbers, time, abilities and state. */

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

export function pdMonsterSection(rs: Ruleset, m: PdMonster, f: FighterView, observer: FighterView, edition: Edition, now: number, where: RecallWhere): RecallSection {
  const enraged = f.rules['enraged'] === true;
  const crippled = f.statuses.some((s) => s.kind === 'crippled' && (s.until === undefined || s.until > now));
  const abilities = m.abilities.map(ability);
  return section(m.name, [
    ...headLines(f, 'a Pixel Dungeon monster', `fixed, every ${m.name} has ${m.hp}`, m.description),
    `Accuracy ${m.attackSkill}, defence (dodge) ${m.defenseSkill}, armour absorbs 0-${monsterDr(PREVIEW_TRACER, m, edition)} (${edition}).`,
    `Melee damage ${range(enraged ? (m.abilities.find((a) => a.kind === 'enrage')?.damage ?? m.damage) : m.damage)}, centre-biased${enraged ? ' (enraged)' : ''}.`,
    `Speed ${m.speed}: a step takes ${turns(monsterMoveDelay(m.speed, crippled))}${crippled ? ' (crippled)' : ''}, an attack ${turns(toMilliturns(m.attackDelay))}.`,
    `${m.flying ? 'Flies. ' : ''}Sees ${m.viewDistance} squares.${abilities.length ? ` Abilities: ${abilities.join('; ')}.` : ''}`,
    ...stateLines(rs, f, observer, edition, where),
    statusLine(rs, f, now),
  ]);
}
