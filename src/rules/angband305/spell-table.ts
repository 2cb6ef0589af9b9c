import { parseDice } from '../../core/dice.js';
import { NO_DIE } from '../../core/rule.js';
import { type AngStep, damroll, randint1 } from './steps.js';
import type { AngMonster, AngProjection, AngSpellName } from './types.js';

/**
 * Every spell, breath and innate attack of Angband 3.0.5's monsters (melee2.c make_attack_spell),
 * as data: what it does, what it carries (its projection type) and how its damage is rolled. The
 * seed is silent on monsters, so both editions follow the code.
 */

/**
 * How a spell reaches its target. bolt: stops at the first fighter in its path (arrows, boulders
 * and bolts); ball and breath: burst at the target; direct: needs only a clear line (the mind
 * spells, curses and status spells); self: on the caster; foe: moves the target (teleport-to,
 * teleport-away); inert: cast, but nothing in a duel reads what it does.
 */
export type SpellReach = 'bolt' | 'ball' | 'breath' | 'direct' | 'self' | 'foe';

export interface SpellDef {
  readonly name: AngSpellName;
  /** What the recall page and the log call it ("breathes fire"). */
  readonly label: string;
  /** What it is, as a cause of harm ("fire breath"). */
  readonly noun: string;
  /** RF4 (innate: breaths, arrows, shrieks), RF5 (spells) or RF6 (the "bizarre" set). */
  readonly set: 4 | 5 | 6;
  readonly reach: SpellReach;
  /** The projection it carries (bolts, balls, breaths). */
  readonly gf?: AngProjection;
  /** Why it can never happen in a one-on-one duel (summons, traps, another level), when it cannot. */
  readonly notInArena?: string;
  /** Why nothing in a duel reads what it does, when nothing does (it is still cast, and takes the turn). */
  readonly inert?: string;
  /** In RF4/5/6_INT_MASK: what a SMART monster below a tenth of its hit points keeps to, half the time. */
  readonly intelligent: boolean;
}

const SUMMON = 'it summons other monsters, and a duel has room for no one else';

function def(name: AngSpellName, label: string, set: 4 | 5 | 6, reach: SpellReach, more: Partial<SpellDef> = {}): SpellDef {
  return { name, label, noun: label, set, reach, intelligent: false, ...more };
}

const breath = (name: AngSpellName, what: string, gf: AngProjection) => def(name, `breathes ${what}`, 4, 'breath', { gf, noun: `${what} breath` });
const ball = (name: AngSpellName, what: string, gf: AngProjection) => def(name, `casts a ${what} ball`, 5, 'ball', { gf, noun: `${what} ball` });
const bolt = (name: AngSpellName, what: string, gf: AngProjection) => def(name, `casts a ${what} bolt`, 5, 'bolt', { gf, noun: `${what} bolt` });
const summon = (name: AngSpellName, what: string) => def(name, `summons ${what}`, 6, 'self', { notInArena: SUMMON, intelligent: true });

/** The spells in the game's bit order (RF4, then RF5, then RF6): the order make_attack_spell lists them in. */
export const SPELLS: readonly SpellDef[] = [
  def('shriek', 'shrieks for help', 4, 'direct', { noun: 'shriek', inert: 'it wakes and hastens the other monsters that hear it, and a duel has none' }),
  def('arrow-1', 'fires an arrow', 4, 'bolt', { gf: 'ARROW', noun: 'arrow' }),
  def('arrow-2', 'fires an arrow', 4, 'bolt', { gf: 'ARROW', noun: 'arrow' }),
  def('arrow-3', 'fires a missile', 4, 'bolt', { gf: 'ARROW', noun: 'missile' }),
  def('arrow-4', 'fires a missile', 4, 'bolt', { gf: 'ARROW', noun: 'missile' }),
  breath('br-acid', 'acid', 'ACID'),
  breath('br-elec', 'lightning', 'ELEC'),
  breath('br-fire', 'fire', 'FIRE'),
  breath('br-cold', 'frost', 'COLD'),
  breath('br-pois', 'poison', 'POIS'),
  breath('br-neth', 'nether', 'NETHER'),
  breath('br-lite', 'light', 'LITE'),
  breath('br-dark', 'darkness', 'DARK'),
  breath('br-conf', 'confusion', 'CONFUSION'),
  breath('br-soun', 'sound', 'SOUND'),
  breath('br-chao', 'chaos', 'CHAOS'),
  breath('br-dise', 'disenchantment', 'DISENCHANT'),
  breath('br-nexu', 'nexus', 'NEXUS'),
  breath('br-time', 'time', 'TIME'),
  breath('br-iner', 'inertia', 'INERTIA'),
  breath('br-grav', 'gravity', 'GRAVITY'),
  breath('br-shar', 'shards', 'SHARD'),
  breath('br-plas', 'plasma', 'PLASMA'),
  breath('br-wall', 'force', 'FORCE'),
  def('br-mana', 'breathes mana', 4, 'breath', { inert: 'the game has no code for it (melee2.c: "XXX"): the breath does nothing' }),
  def('boulder', 'throws a boulder', 4, 'bolt', { gf: 'ARROW', noun: 'boulder' }),
  ball('ba-acid', 'acid', 'ACID'),
  ball('ba-elec', 'lightning', 'ELEC'),
  ball('ba-fire', 'fire', 'FIRE'),
  ball('ba-cold', 'frost', 'COLD'),
  ball('ba-pois', 'stinking cloud', 'POIS'),
  ball('ba-neth', 'nether', 'NETHER'),
  def('ba-wate', 'conjures a whirlpool', 5, 'ball', { gf: 'WATER', noun: 'whirlpool' }),
  def('ba-mana', 'invokes a mana storm', 5, 'ball', { gf: 'MANA', noun: 'mana storm' }),
  def('ba-dark', 'invokes a darkness storm', 5, 'ball', { gf: 'DARK', noun: 'darkness storm' }),
  def('drain-mana', 'drains mana', 5, 'direct', { noun: 'mana drain', inert: 'it drains spell points, and no fighter here has any' }),
  def('mind-blast', 'casts a mind blast', 5, 'direct', { noun: 'mind blast' }),
  def('brain-smash', 'casts a brain smash', 5, 'direct', { noun: 'brain smash' }),
  def('cause-1', 'curses (light wounds)', 5, 'direct', { noun: 'curse of light wounds' }),
  def('cause-2', 'curses (serious wounds)', 5, 'direct', { noun: 'curse of serious wounds' }),
  def('cause-3', 'curses (critical wounds)', 5, 'direct', { noun: 'curse of critical wounds' }),
  def('cause-4', 'curses (mortal wounds)', 5, 'direct', { noun: 'curse of mortal wounds' }),
  bolt('bo-acid', 'acid', 'ACID'),
  bolt('bo-elec', 'lightning', 'ELEC'),
  bolt('bo-fire', 'fire', 'FIRE'),
  bolt('bo-cold', 'frost', 'COLD'),
  def('bo-pois', 'casts a poison bolt', 5, 'bolt', { noun: 'poison bolt',  inert: 'the game has no code for it (melee2.c: "XXX"): the bolt does nothing' }),
  bolt('bo-neth', 'nether', 'NETHER'),
  bolt('bo-wate', 'water', 'WATER'),
  bolt('bo-mana', 'mana', 'MANA'),
  bolt('bo-plas', 'plasma', 'PLASMA'),
  bolt('bo-icee', 'ice', 'ICE'),
  def('missile', 'casts a magic missile', 5, 'bolt', { gf: 'MISSILE', noun: 'magic missile' }),
  def('scare', 'casts a fearful illusion', 5, 'direct', { noun: 'fear spell', intelligent: true }),
  def('blind', 'casts a spell, burning your eyes', 5, 'direct', { noun: 'blindness spell', intelligent: true }),
  def('conf', 'creates a mesmerising illusion', 5, 'direct', { noun: 'confusion spell', intelligent: true }),
  def('slow', 'drains power from your muscles', 5, 'direct', { noun: 'slowness spell', intelligent: true }),
  def('hold', 'stares deep into your eyes (paralysis)', 5, 'direct', { noun: 'paralysis spell', intelligent: true }),
  def('haste', 'hastes itself', 6, 'self', { noun: 'haste self', intelligent: true }),
  def('heal', 'heals itself', 6, 'self', { noun: 'heal self', intelligent: true }),
  def('blink', 'blinks away', 6, 'self', { noun: 'blink', intelligent: true }),
  def('tport', 'teleports away', 6, 'self', { noun: 'teleport self', intelligent: true }),
  def('tele-to', 'commands you to return', 6, 'foe', { noun: 'teleport-to' }),
  def('tele-away', 'teleports you away', 6, 'foe', { noun: 'teleport foe away', intelligent: true }),
  def('tele-level', 'teleports you up or down', 6, 'direct', { notInArena: 'it sends its foe to another dungeon level', intelligent: true }),
  def('darkness', 'gestures in shadow (darkness)', 6, 'direct', { noun: 'darkness', inert: 'it unlights the room, and the arena has no light levels' }),
  def('traps', 'casts a spell and cackles evilly (traps)', 6, 'direct', { notInArena: 'it creates traps, and the arena has none', intelligent: true }),
  def('forget', 'tries to blank your mind', 6, 'direct', { noun: 'amnesia', inert: 'it erases the memory of the map and of objects, which no rule of a duel reads' }),
  summon('s-kin', 'its kin'),
  summon('s-hi-demon', 'greater demons'),
  summon('s-monster', 'a monster'),
  summon('s-monsters', 'monsters'),
  summon('s-animal', 'animals'),
  summon('s-spider', 'spiders'),
  summon('s-hound', 'hounds'),
  summon('s-hydra', 'hydras'),
  summon('s-angel', 'an angel'),
  summon('s-demon', 'a demon'),
  summon('s-undead', 'an undead'),
  summon('s-dragon', 'a dragon'),
  summon('s-hi-undead', 'greater undead'),
  summon('s-hi-dragon', 'ancient dragons'),
  summon('s-wraith', 'wraiths'),
  summon('s-unique', 'uniques'),
];

const BY_NAME = new Map(SPELLS.map((s) => [s.name, s]));

export function spellDef(name: AngSpellName): SpellDef {
  const d = BY_NAME.get(name);
  if (!d) throw new RangeError(`no monster spell "${name}"`);
  return d;
}

/** The game's own name of a spell: br-fire -> BR_FIRE. */
export const gameSpellName = (name: AngSpellName): string => name.toUpperCase().replace(/-/g, '_');

/** The bit order of a spell (its place in SPELLS), for sorting a monster's list as the game lists it. */
export const spellOrder = (name: AngSpellName): number => SPELLS.indexOf(spellDef(name));

/**
 * A spell's raw damage (before the target's resistances), as steps from 0, and the formula as
 * the code writes it. `hp` is the caster's hit points now (breaths), `level` its level (rlev is
 * at least 1; a boulder reads the level itself).
 */
export interface RawDamage {
  readonly formula: string;
  readonly steps: readonly AngStep[];
}

const plus = (k: number, why: string): AngStep => ({ label: why, die: () => NO_DIE, apply: (x) => x + k, reason: `+ ${k}` });
const dice = (n: number, s: number): AngStep => {
  const d = damroll(parseDice(`${n}d${s}`));
  return { label: `damage: ${n}d${s}`, die: () => d, apply: (x, r) => x + r, reason: `${n}d${s}` };
};
const randint = (n: number): AngStep => {
  const d = randint1(n);
  return { label: `damage: randint(${n})`, die: () => d, apply: (x, r) => x + r, reason: `1d${n}` };
};
const constant = (k: number, formula: string): RawDamage => ({ formula, steps: k === 0 ? [] : [plus(k, formula)] });

/** A breath's divisor and cap by projection: hp / divisor, at most cap (make_attack_spell). */
export const BREATH: Readonly<Partial<Record<AngSpellName, readonly [number, number]>>> = {
  'br-acid': [3, 1600],
  'br-elec': [3, 1600],
  'br-fire': [3, 1600],
  'br-cold': [3, 1600],
  'br-pois': [3, 800],
  'br-neth': [6, 550],
  'br-lite': [6, 400],
  'br-dark': [6, 400],
  'br-conf': [6, 400],
  'br-soun': [6, 500],
  'br-chao': [6, 500],
  'br-dise': [6, 500],
  'br-nexu': [6, 400],
  'br-time': [3, 150],
  'br-iner': [6, 200],
  'br-grav': [3, 200],
  'br-shar': [6, 500],
  'br-plas': [6, 150],
  'br-wall': [6, 200],
};

/** The damage a breath does at this many hit points: hp / divisor, capped. */
export function breathDamage(name: AngSpellName, hp: number): number {
  const b = BREATH[name];
  if (!b) throw new RangeError(`${name} is not a breath`);
  return Math.min(Math.trunc(Math.max(0, hp) / b[0]), b[1]);
}

/** The raw damage of a damaging spell, or null for a spell that deals none. */
export function rawDamage(name: AngSpellName, m: AngMonster, hp: number): RawDamage | null {
  const rlev = Math.max(1, m.level);
  const third = Math.trunc(rlev / 3);
  const b = BREATH[name];
  if (b) return constant(breathDamage(name, hp), `hit points ${Math.max(0, hp)} / ${b[0]}, at most ${b[1]}`);
  const with_ = (formula: string, ...steps: AngStep[]): RawDamage => ({ formula, steps });
  switch (name) {
    case 'arrow-1':
      return with_('1d6', dice(1, 6));
    case 'arrow-2':
      return with_('3d6', dice(3, 6));
    case 'arrow-3':
      return with_('5d6', dice(5, 6));
    case 'arrow-4':
      return with_('7d6', dice(7, 6));
    case 'boulder': {
      const n = 1 + Math.trunc(m.level / 7);
      return with_(`(1 + level ${m.level} / 7)d12 = ${n}d12`, dice(n, 12));
    }
    case 'ba-acid':
      return with_(`randint(level ${rlev} x 3) + 15`, randint(rlev * 3), plus(15, '+ 15'));
    case 'ba-elec':
      return with_(`randint(level ${rlev} x 3 / 2) + 8`, randint(Math.trunc((rlev * 3) / 2)), plus(8, '+ 8'));
    case 'ba-fire':
      return with_(`randint(level ${rlev} x 7 / 2) + 10`, randint(Math.trunc((rlev * 7) / 2)), plus(10, '+ 10'));
    case 'ba-cold':
      return with_(`randint(level ${rlev} x 3 / 2) + 10`, randint(Math.trunc((rlev * 3) / 2)), plus(10, '+ 10'));
    case 'ba-pois':
      return with_('12d2', dice(12, 2));
    case 'ba-neth':
      return with_(`50 + 10d10 + level ${rlev}`, dice(10, 10), plus(50 + rlev, `+ 50 + level ${rlev}`));
    case 'ba-wate':
      return with_(`randint(level ${rlev} x 5 / 2) + 50`, randint(Math.trunc((rlev * 5) / 2)), plus(50, '+ 50'));
    case 'ba-mana':
    case 'ba-dark':
      return with_(`level ${rlev} x 5 + 10d10`, dice(10, 10), plus(rlev * 5, `+ level ${rlev} x 5`));
    case 'bo-acid':
      return with_(`7d8 + level ${rlev} / 3`, dice(7, 8), plus(third, `+ level / 3`));
    case 'bo-elec':
      return with_(`4d8 + level ${rlev} / 3`, dice(4, 8), plus(third, `+ level / 3`));
    case 'bo-fire':
      return with_(`9d8 + level ${rlev} / 3`, dice(9, 8), plus(third, `+ level / 3`));
    case 'bo-cold':
      return with_(`6d8 + level ${rlev} / 3`, dice(6, 8), plus(third, `+ level / 3`));
    case 'bo-neth': {
      const k = 30 + Math.trunc((rlev * 3) / 2);
      return with_(`30 + 5d5 + level ${rlev} x 3 / 2`, dice(5, 5), plus(k, `+ 30 + level x 3 / 2`));
    }
    case 'bo-wate':
      return with_(`10d10 + level ${rlev}`, dice(10, 10), plus(rlev, '+ level'));
    case 'bo-mana':
      return with_(`randint(level ${rlev} x 7 / 2) + 50`, randint(Math.trunc((rlev * 7) / 2)), plus(50, '+ 50'));
    case 'bo-plas':
      return with_(`10 + 8d7 + level ${rlev}`, dice(8, 7), plus(10 + rlev, '+ 10 + level'));
    case 'bo-icee':
      return with_(`6d6 + level ${rlev}`, dice(6, 6), plus(rlev, '+ level'));
    case 'missile':
      return with_(`2d6 + level ${rlev} / 3`, dice(2, 6), plus(third, '+ level / 3'));
    case 'cause-1':
      return with_('3d8', dice(3, 8));
    case 'cause-2':
      return with_('8d8', dice(8, 8));
    case 'cause-3':
      return with_('10d15', dice(10, 15));
    case 'cause-4':
      return with_('15d15', dice(15, 15));
    case 'mind-blast':
      return with_('8d8', dice(8, 8));
    case 'brain-smash':
      return with_('12d15', dice(12, 15));
    default:
      return null;
  }
}

/** A monster's spells that can happen in a duel, in the game's order. */
export function arenaSpells(m: AngMonster): AngSpellName[] {
  return m.spells.filter((s) => !spellDef(s).notInArena).sort((a, b) => spellOrder(a) - spellOrder(b));
}

/** The chance a monster of this 1_IN_x frequency tries a spell in a turn, in percent: (freq_innate + freq_spell) / 2, both 100 / x. */
export function castPercent(m: AngMonster): number {
  if (m.spellFreq <= 0) return 0;
  const f = Math.trunc(100 / m.spellFreq);
  return Math.trunc((f + f) / 2);
}
