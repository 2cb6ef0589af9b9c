import { Fraction } from '../../core/fraction.js';
import { NullTracer, type Tracer } from '../../core/trace.js';
import { type Odds, type Spread, odds, rounded, spread } from '../calc-report.js';
import type { Edition } from '../edition.js';
import { type PdAttack, attackOdds, heroAttack, monsterAttack } from './combat.js';
import { ability } from './context.js';
import {
  MILLITURNS,
  type HeroAttackKind,
  type PdDefender,
  type PdHeroSheet,
  armourDr,
  heroAccuracy,
  heroDodge,
  heroMaxHp,
  heroMeleeDelay,
  heroStrength,
  heroThrowDelay,
  meleeStrength,
  monsterDr,
  toMilliturns,
} from './sheet.js';
import type { PdMissileWeapon, PdMonster } from './types.js';

/**
 * The Pixel Dungeon calculator: a hero's numbers and the exact odds of each of its attacks on a
 * monster (melee, every thrown weapon and wand it carries, at each distance), and the monster's
 * on the hero, each against a defender that is aware and one that is surprised. Every figure
 * comes from the attack records the duel rolls (`heroAttack`, `monsterAttack`) and their exact
 * odds (`attackOdds`, the same steps `rollAttack` draws), so nothing here re-implements a rule.
 */

/** The laws are worked out without rolling: anything that draws is a fault. */
const NO_DRAWS = new NullTracer({
  int(n: number): number {
    throw new Error(`the calculator drew from a range of ${n}`);
  },
});

/** One attack's figures against one state of the defender. */
export interface PdCalcFigures {
  /** Why the defender is surprised (dodge 0), or null when it is not. */
  readonly surprise: string | null;
  readonly hit: Odds;
  /** Damage on a hit: its range and mean, and the whole law. */
  readonly damage: Spread;
  readonly law: readonly { readonly damage: number; readonly chance: string }[];
  /** Expected damage an attack, misses as 0, and a game turn at this attack's pace. */
  readonly perAttack: number;
  readonly perTurn: number;
}

export interface PdCalcAttack {
  readonly attack: string;
  readonly kind: 'melee' | 'thrown' | 'wand' | 'sting' | 'spell';
  /** Squares between the fighters. */
  readonly distance: number;
  /** Game turns an attack takes. */
  readonly turns: number;
  readonly aware: PdCalcFigures;
  readonly surprised: PdCalcFigures;
}

export interface PdCalcReport {
  readonly ruleset: 'pixel-dungeon';
  readonly edition: Edition;
  readonly attacker: {
    readonly name: string;
    readonly class: string;
    readonly subclass: string;
    readonly level: number;
    readonly hp: number;
    readonly strength: number;
    readonly weapon: string;
    /** The weapon's strength requirement (null bare-handed). */
    readonly weaponStrength: number | null;
    readonly armour: string;
    /** Absorption on a hit is 0 to this. */
    readonly armourValue: number;
    readonly accuracy: number;
    readonly dodge: number;
  };
  readonly defender: { readonly name: string; readonly hp: number; readonly accuracy: number; readonly dodge: number; readonly armour: number; readonly enraged: boolean };
  readonly hero: readonly PdCalcAttack[];
  readonly monster: readonly PdCalcAttack[];
}

/** What the calculator is given: the hero's sheet and carried missiles and wands, the monster. */
export interface PdCalcInput {
  readonly name: string;
  readonly sheet: PdHeroSheet;
  readonly fury: boolean;
  readonly missiles: readonly PdMissileWeapon[];
  readonly wands: readonly { readonly name: string; readonly level: number }[];
  readonly monster: PdMonster;
  readonly enraged: boolean;
  /** The farthest distance reported for attacks from afar (at least 2). */
  readonly distance: number;
}

const num = (f: Fraction): number => rounded(f);

function figures(a: PdAttack, turns: number): PdCalcFigures {
  const o = attackOdds(a);
  const perAttack = o.expected;
  return {
    surprise: a.surprise,
    hit: odds(o.hit),
    damage: spread(o.damage),
    law: o.damage.entries().map(([damage, p]) => ({ damage, chance: p.toString() })),
    perAttack: num(perAttack),
    perTurn: num(perAttack.div(Fraction.of(Math.round(turns * MILLITURNS), MILLITURNS))),
  };
}

/** The monster as the hero's target: hunting and aware of the hero, or asleep and not. */
function monsterDefender(m: PdMonster, aware: boolean): PdDefender {
  return { kind: 'monster', monster: m, paralysed: false, enemySeen: aware, state: aware ? 'hunting' : 'sleeping', onWater: false, flying: m.flying };
}

/** The hero as the monster's target: it saw the monster at its last turn, or did not. */
function heroDefender(sheet: PdHeroSheet, saw: boolean): PdDefender {
  return { kind: 'hero', sheet, paralysed: false, sawAttacker: saw, onWater: false, flying: false };
}

export function calculatePixelDungeon(x: PdCalcInput, edition: Edition): PdCalcReport {
  const t: Tracer = NO_DRAWS;
  const { sheet, monster: m } = x;
  const far = Math.max(2, x.distance);
  const hero: PdCalcAttack[] = [];
  const heroRow = (attack: string, kind: PdCalcAttack['kind'], k: HeroAttackKind, distance: number, delay: number, wandLevel = 0) => {
    const turns = delay / MILLITURNS;
    const build = (aware: boolean) => heroAttack(t, { sheet, fury: x.fury }, k, monsterDefender(m, aware), { edition, distance }, wandLevel);
    hero.push({ attack, kind, distance, turns, aware: figures(build(true), turns), surprised: figures(build(false), turns) });
  };
  heroRow(sheet.weapon ? sheet.weapon.def.name : 'bare hands', 'melee', { kind: 'melee' }, 1, heroMeleeDelay(sheet));
  for (const missile of x.missiles) for (let d = 1; d <= far; d++) heroRow(missile.name, 'thrown', { kind: 'thrown', missile }, d, heroThrowDelay(sheet, missile));
  // Wand.TIME_TO_ZAP: one turn.
  for (const w of x.wands) for (let d = 1; d <= far; d++) heroRow(w.level === 0 ? w.name : `${w.name} +${w.level}`, 'wand', { kind: 'wand' }, d, MILLITURNS, w.level);

  const monster: PdCalcAttack[] = [];
  const monsterRow = (attack: string, kind: PdCalcAttack['kind'], k: Parameters<typeof monsterAttack>[3], distance: number, delay: number) => {
    const turns = delay / MILLITURNS;
    const build = (saw: boolean) => monsterAttack(t, m, x.enraged, k, heroDefender(sheet, saw), { edition, distance });
    monster.push({ attack, kind, distance, turns, aware: figures(build(true), turns), surprised: figures(build(false), turns) });
  };
  const attackDelay = toMilliturns(m.attackDelay);
  // Melee only adjacent; the sting and the spells only from afar (the duel's canUse).
  if (ability(m, 'ranged-only')) for (let d = 2; d <= far; d++) monsterRow('sting', 'sting', { kind: 'ranged' }, d, attackDelay);
  else monsterRow('melee', 'melee', { kind: 'melee' }, 1, attackDelay);
  const lightning = ability(m, 'lightning');
  if (lightning) for (let d = 2; d <= far; d++) monsterRow('lightning', 'spell', { kind: 'lightning', damage: lightning.damage }, d, toMilliturns(lightning.delay));
  const bolt = ability(m, 'shadow-bolt');
  if (bolt) for (let d = 2; d <= far; d++) monsterRow('shadow bolt', 'spell', { kind: 'shadow-bolt', damage: bolt.damage }, d, toMilliturns(bolt.delay));

  const acc = heroAccuracy(t, sheet, { kind: 'melee' }, 1, edition);
  const dodge = heroDodge(t, sheet, false, edition);
  return {
    ruleset: 'pixel-dungeon',
    edition,
    attacker: {
      name: x.name,
      class: sheet.cls.name,
      subclass: sheet.subclass,
      level: sheet.level,
      hp: heroMaxHp(sheet.cls, sheet.level),
      strength: heroStrength(sheet),
      weapon: sheet.weapon ? (sheet.weapon.level === 0 ? sheet.weapon.def.name : `${sheet.weapon.def.name} +${sheet.weapon.level}`) : 'bare hands',
      weaponStrength: sheet.weapon ? meleeStrength(sheet.weapon.def, sheet.weapon.level) : null,
      armour: sheet.armour ? (sheet.armour.level === 0 ? sheet.armour.def.name : `${sheet.armour.def.name} +${sheet.armour.level}`) : 'none',
      armourValue: sheet.armour ? armourDr(sheet.armour.def, sheet.armour.level) : 0,
      accuracy: rounded(Fraction.of(acc.num, acc.den)),
      dodge: rounded(Fraction.of(dodge.num, dodge.den)),
    },
    defender: { name: m.name, hp: m.hp, accuracy: m.attackSkill, dodge: m.defenseSkill, armour: monsterDr(t, m, edition), enraged: x.enraged },
    hero,
    monster,
  };
}

const pct = (o: Odds): string => `${o.percent.toFixed(1)}%`;

function rows(list: readonly PdCalcAttack[], surprisedWord: string): string[] {
  const out: string[] = [];
  const width = Math.max(6, ...list.map((a) => a.attack.length));
  out.push(`  ${'attack'.padEnd(width)}  dist  turns  aware: hit   damage on a hit      per attack  per turn   ${surprisedWord}: hit   per attack  per turn`);
  for (const a of list) {
    const f = a.aware;
    const s = a.surprised;
    const dmg = `${f.damage.min}-${f.damage.max} (mean ${f.damage.mean.toFixed(2)})`;
    out.push(
      `  ${a.attack.padEnd(width)}  ${String(a.distance).padStart(4)}  ${a.turns.toFixed(2).padStart(5)}  ${pct(f.hit).padStart(10)}   ${dmg.padEnd(19)}  ${f.perAttack.toFixed(2).padStart(10)}  ${f.perTurn.toFixed(2).padStart(8)}   ${`${pct(s.hit)}`.padStart(surprisedWord.length + 5)}   ${s.perAttack.toFixed(2).padStart(10)}  ${s.perTurn.toFixed(2).padStart(8)}`,
    );
  }
  return out;
}

/** The report as a table: the two fighters, then each side's attacks on an aware and a surprised target. */
export function formatPixelDungeonReport(r: PdCalcReport): string {
  const a = r.attacker;
  const d = r.defender;
  const out = [
    `Pixel Dungeon 1.9.1 calculator, ${r.edition} edition`,
    '',
    `Attacker: ${a.name} (${a.class} ${a.level}${a.subclass === 'none' ? '' : `, ${a.subclass}`}), HP ${a.hp}, strength ${a.strength}`,
    `  weapon ${a.weapon}${a.weaponStrength === null ? '' : ` (needs strength ${a.weaponStrength})`}; armour ${a.armour} (absorbs 0-${a.armourValue})`,
    `  accuracy ${a.accuracy} in melee, dodge ${a.dodge}`,
    `Defender: ${d.name}, HP ${d.hp}, accuracy ${d.accuracy}, dodge ${d.dodge}, armour absorbs 0-${d.armour}${d.enraged ? ', enraged' : ''}`,
    '',
    `${a.name}'s attacks on the ${d.name} (surprised: asleep, dodge 0)`,
    ...rows(r.hero, 'surprised'),
    '',
    `The ${d.name}'s attacks on ${a.name} (unseen: the hero did not see it at its last turn${r.edition === 'source' ? '; the game does not surprise the hero' : ''})`,
    ...rows(r.monster, 'unseen'),
    '',
    'Hit chances and damage laws are exact, from the rules the duel rolls; damage on a hit is after armour (0 when absorbed).',
  ];
  return `${out.join('\n')}\n`;
}
