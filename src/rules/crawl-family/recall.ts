import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type RecallWhere, headLines, section, spreadText, stateLines, statusLine, two } from '../recall.js';
import type { FighterView, RecallSection, Ruleset } from '../ruleset.js';
import { type CrCatalogue, weaponName } from './catalogue.js';
import { type CrCharacter, armed } from './character.js';
import type { MonsterAttackPlan } from './monster-melee.js';
import type { CrMonster, CrMonsterSpecial } from './types.js';

/**
 * The Crawl and Stone Soup recall page (DCSS's `xv`, with the odds): a monster's hit dice, speed,
 * AC and EV with what it wears, the gear it rolled, what its brands and resistances read, its
 * state and noticing, and each attack against the hero; a hero's stats, skills and gear.
 */

/** A monster's attacks against the hero, worked out once for the previews and the recall page. */
export interface CrMonsterOdds {
  readonly plan: MonsterAttackPlan;
  /** P(an attack lands): the same for each attack of a round. */
  readonly hit: Fraction;
  /** The damage law of an attack of this listed damage that lands. */
  readonly damage: (mdam: number) => Distribution;
  readonly expected: Fraction;
  readonly perTurn: Fraction;
  readonly notes: readonly string[];
  readonly toHit: string;
}

/** What a monster rolled when it appeared, and its AC and EV with it. */
export interface CrMonsterGear {
  readonly weapon: { readonly item: string; readonly plus: number; readonly plus2: number } | null;
  readonly armour: { readonly item: string; readonly plus: number } | null;
  readonly shield: { readonly item: string; readonly plus: number } | null;
  readonly defence: { readonly ac: number; readonly ev: number; readonly text: string };
}

const INTELLIGENCE = ['plant', 'insect', 'animal', 'normal', 'high'] as const;
const FLAG_TEXT: Readonly<Record<CrMonster['flags'][number], string>> = {
  'sees-invisible': 'sees invisible',
  flies: 'flies',
  orc: 'an orc (orc slaying)',
  regenerates: 'regenerates every turn',
  water: 'lives in water',
  'no-exp': 'gives no experience',
  invisible: 'invisible',
  'senses-invisible': 'senses the invisible (+5 awareness)',
  fighter: 'a fighter (to-hit 2.5 x HD)',
  batty: 'flits erratically',
};
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n}`;

function special(s: CrMonsterSpecial, hd: number): string {
  switch (s.kind) {
    case 'poison':
      return `a damaging hit poisons 1 in ${s.oneIn}, or 1 in ${s.chanceIn} over ${s.over} damage (poison resistance stops it)`;
    case 'paralyse':
      return 'a damaging hit paralyses for 1-3 turns: 1 in 20, or 2 in 3 over 2 damage';
    case 'rot':
      return 'a damaging hit rots you 1 in 20, or 1 in 3 over 2 damage, and diseases 1 in 4 (not the undead)';
    case 'cold':
      return `a damaging hit freezes for ${hd}-${3 * hd - 1} more (cold resistance divides it)`;
    case 'fire':
      return 'a damaging hit burns for 15-29 more (fire resistance divides it)';
  }
}

export function crMonsterSection(rs: Ruleset, cat: CrCatalogue, m: CrMonster, hd: number, gear: CrMonsterGear, f: FighterView, observer: FighterView, now: number, where: RecallWhere): RecallSection {
  const dice = hd === 1 ? 'die' : 'dice';
  const lo = hd * m.hp.min + m.hp.add;
  const hi = hd * (m.hp.min + m.hp.rand) + m.hp.add;
  const w = gear.weapon ? cat.weapons.get(gear.weapon.item) : undefined;
  const held = gear.weapon && w ? `${gear.weapon.plus || gear.weapon.plus2 ? `${signed(gear.weapon.plus)},${signed(gear.weapon.plus2)} ` : ''}${w.name} (damage ${w.damage}, accuracy ${signed(w.accuracy)}, speed ${w.speed})` : '';
  const worn = [gear.armour, gear.shield].flatMap((g) => (g ? [`${g.plus ? `${signed(g.plus)} ` : ''}${cat.nameOf(g.item)}`] : []));
  const flags = m.flags.map((k) => FLAG_TEXT[k]);
  return section(m.name, [
    ...headLines(f, `a monster of ${hd} hit ${dice}, ${m.holiness}, ${INTELLIGENCE[m.intelligence]} intelligence${m.size ? `, ${m.size}` : ''}`, `${hd} ${dice} of ${m.hp.min} + random2(${m.hp.rand + 1})${m.hp.add ? ` + ${m.hp.add}` : ''} (${lo}-${hi})`, m.description),
    `Speed ${m.speed}: ${two(Fraction.of(m.speed, 10))} actions to each of your 10-unit actions.`,
    `AC ${gear.defence.ac}, EV ${gear.defence.ev}${gear.defence.text ? ` (with ${gear.defence.text})` : ''}.`,
    held ? `Wields a ${held}.` : m.weapons.length ? 'Carries no weapon.' : 'Fights with its own attacks.',
    ...(worn.length ? [`Wears ${worn.join(' and ')}.`] : []),
    `Resists: ${m.resists.length ? m.resists.join(', ') : 'nothing'}. Vulnerable to: ${m.vulnerable.length ? m.vulnerable.join(', ') : 'nothing'}.`,
    ...(flags.length ? [`${flags.join('; ')}.`] : []),
    ...(m.special ? [`${special(m.special, hd)}.`] : []),
    ...stateLines(rs, f, observer, where),
    statusLine(rs, f, now),
  ]);
}

/** Each attack against the hero: the to-hit, the chance it lands and its damage. */
export function crAttackLines(o: CrMonsterOdds, m: CrMonster): string[] {
  const w = o.plan.weapon ? ` with a ${o.plan.weapon.def.name}` : '';
  return [
    `To-hit ${o.toHit}.`,
    ...o.plan.attacks.map((a, i) => `Attack ${i + 1} (${a}${i === 0 ? w : ''}): ${o.hit.percent(1)} to hit, damage ${spreadText(o.damage(a))}.`),
    ...(m.special ? ['Its special effect is not in the expected damage.'] : []),
  ];
}

/** A Crawl hero's sheet beyond the status panel: level, gear, Int, skills, mutations and form. */
export function crHeroParts(c: CrCharacter, hunger: number): { level: number; gear: string[]; more: string[] } {
  const w = armed(c);
  const plus = (n: number) => (n ? `${signed(n)} ` : '');
  const skills = Object.entries(c.skills).filter(([, v]) => v > 0);
  const mutations = Object.entries(c.mutations).filter(([, v]) => v > 0);
  return {
    level: c.level,
    gear: [
      w ? weaponName(w) : 'bare hands',
      ...c.gear.armour.map((a) => `${plus(a.plus)}${a.def.name}`),
      ...c.gear.jewellery.map((j) => `${plus(j.plus)}${j.def.name}`),
    ],
    more: [
      `${c.species.name}, ${c.statSystem} stat system: Str ${c.str} Int ${c.int} Dex ${c.dex}; hunger ${hunger}.`,
      `Skills: ${skills.length ? skills.map(([k, v]) => `${k} ${v}`).join(', ') : 'none'}.`,
      `Mutations: ${mutations.length ? mutations.map(([k, v]) => `${k} ${v}`).join(', ') : 'none'}. Form: ${c.form?.name ?? 'none'}.`,
    ],
  };
}
