import { monsterBlurb } from './bestiary.js';
import { Fraction } from '../../core/fraction.js';
import { diceMax, diceMin, parseDice } from '../../core/dice.js';
import { formatRatio } from '../../core/ratio.js';
import type { Edition } from '../edition.js';
import { type RecallWhere, headLines, section, spreadText, stateLines, statusLine, two } from '../recall.js';
import type { FighterView, RecallSection, Ruleset } from '../ruleset.js';
import { type AngCharacter, allGear, baseMeleeSkill, gearName, meleeBonus, overallSkill, sharedToDam, weaponToDam } from './sheet.js';
import { resists, resistsFear, savingThrow } from './defence.js';
import { stealth } from './stealth.js';
import { type BlowOdds, METHOD_CUTS, METHOD_STUNS } from './monster-melee.js';
import { energyPerGameTurn } from './stats.js';
import type { AngElement, AngMonster, AngMonsterFlag } from './types.js';

/**
 * Angband 3.0.5's recall page (the game's own monster recall, with the odds worked out): a
 * monster's hit dice, speed in energy, armour, the flags slays and brands read, sleep and
 * detection, and each blow against the hero; a hero's skills, senses and gear.
 */

const NORMAL_SPEED = 110;
const KINDS = ['evil', 'animal', 'undead', 'demon', 'orc', 'troll', 'giant', 'dragon'] as const;
const IMMUNITY: Readonly<Record<AngElement, AngMonsterFlag>> = { acid: 'im-acid', elec: 'im-elec', fire: 'im-fire', cold: 'im-cold', poison: 'im-pois' };
const ELEMENTS = Object.keys(IMMUNITY) as AngElement[];

/** Actions a normal-speed turn at this speed: energy a game turn against the normal 10. */
export const actionsPerTurn = (speed: number): Fraction => Fraction.of(energyPerGameTurn(speed), energyPerGameTurn(NORMAL_SPEED));

export function angMonsterSection(rs: Ruleset, m: AngMonster, f: FighterView, observer: FighterView, now: number, where: RecallWhere, speed: number, csleep: number): RecallSection {
  const dice = parseDice(m.hp);
  const maxed = m.flags.includes('force-maxhp');
  // Hit dice reach 200d100 (bytes in monster_race): their range and mean need no law.
  const hd = { min: diceMin(dice), max: diceMax(dice), mean: () => Fraction.of(dice.count * (dice.sides + 1) + 2 * dice.bonus, 2) };
  const kinds = KINDS.filter((k) => m.flags.includes(k));
  const immune = ELEMENTS.filter((e) => m.flags.includes(IMMUNITY[e]));
  const erratic = (m.flags.includes('rand-25') ? 25 : 0) + (m.flags.includes('rand-50') ? 50 : 0);
  const traits = [
    m.flags.includes('unique') ? 'unique' : '',
    m.flags.includes('invisible') ? `invisible (${where.visible ? 'you see it' : 'you cannot see it: your skill against it is halved'})` : '',
    m.flags.includes('cold-blood') ? 'cold-blooded (infravision does not show it)' : '',
    erratic ? `moves at random ${erratic}% of the time` : '',
    m.flags.includes('regenerate') ? 'regenerates twice as fast' : '',
    m.flags.includes('no-fear') ? 'never afraid' : '',
  ].filter(Boolean);
  const sp = speed - NORMAL_SPEED;
  return section(m.name, [
    ...headLines(f, `a level ${m.level} monster (native to ${m.level * 50} ft)`, maxed ? `${m.hp}, always the maximum` : `rolled on ${m.hp} when it appeared (${hd.min}-${hd.max}, avg ${two(hd.mean())})`, monsterBlurb(m)),
    `Speed ${sp >= 0 ? '+' : ''}${sp} (${speed}${speed !== m.speed ? `, its kind ${m.speed}` : ''}): ${energyPerGameTurn(speed)} energy a game turn, ${two(actionsPerTurn(speed))} actions to your 1.`,
    `Armour class ${m.ac}.`,
    `Kind: ${kinds.length ? kinds.join(', ') : 'none a slay reads'}. Immune to: ${immune.length ? immune.join(', ') : 'nothing'}.`,
    ...(traits.length ? [`${traits.join('; ')}.`] : []),
    `Alertness ${m.sleep}${csleep > 0 ? `, sleep depth now ${csleep}` : ''}; it hunts you within ${m.vision} squares.`,

    ...stateLines(rs, f, observer, where),
    statusLine(rs, f, now),
  ]);
}

/** Each blow against the hero: its chance to land, its damage after armour, and what else it does. */
export function angBlowLines(blows: readonly BlowOdds[], m: AngMonster, c: AngCharacter): string[] {
  return blows.map(({ blow: b, hit, damage }, i) => {
    const notes: string[] = [];
    if (b.effect === 'hurt') notes.push('armour absorbs AC/250, at most 60%');
    if (b.effect === 'poison') notes.push(resists(c, 'poison') ? 'you resist the poison' : `poisons for 1d${Math.max(1, m.level)}+5 turns`);
    if (b.effect === 'acid') notes.push('damages a piece of armour, which then halves it');
    if (b.effect === 'acid' || b.effect === 'elec' || b.effect === 'fire' || b.effect === 'cold') {
      notes.push(resists(c, b.effect) ? `you resist ${b.effect}: a third` : `${b.effect} destroys things you carry`);
    }
    if (b.effect === 'terrify') notes.push(resistsFear(c) ? 'you resist fear' : `frightens unless you save (${Math.min(100, Math.max(0, savingThrow(c)))}%)`);
    const cuts = METHOD_CUTS.has(b.method);
    const stuns = METHOD_STUNS.has(b.method);
    if (cuts || stuns) notes.push(`a critical blow ${cuts && stuns ? 'cuts or stuns' : cuts ? 'cuts' : 'stuns'}`);
    const dmg = damage ? `damage ${spreadText(damage)}` : 'no damage';
    return `Blow ${i + 1}: ${b.method} to ${b.effect} (${b.dice}): ${hit.percent(1)} to hit, ${dmg}; ${notes.join('; ')}.`;
  });
}

/** The hero's lines beyond the status panel: fighting skill, stealth and infravision (its defences: `heroDefenceLines`). */
export function angHeroLines(c: AngCharacter, edition: Edition): string[] {
  const base = baseMeleeSkill(c, edition);
  const bonus = meleeBonus(c, edition);
  const shared = sharedToDam(c).total;
  const toDam = weaponToDam(c.weapon) + shared.num / shared.den;
  return [
    `Melee skill ${formatRatio(overallSkill(base, bonus))}, ${toDam >= 0 ? '+' : ''}${Number(toDam.toFixed(2))} to-dam a blow.`,
    `Stealth ${stealth(c)}, infravision ${c.race.infravision}.`,
  ];
}

export const angGear = (c: AngCharacter): string[] => allGear(c).map((g) => gearName(g));
