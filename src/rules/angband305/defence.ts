import { ratio } from '../../core/ratio.js';
import { type AngCharacter, type Derived, type Part, allGear, currentStats, sumParts } from './sheet.js';
import { DEX_TO_AC, formatStat, statIndex } from './stats.js';
import type { AngAnyStat, AngDefences, AngElement, AngFlag, AngImmunity, AngOpposition, AngResist } from './types.js';

/**
 * The hero's defences and senses (game code; the seed covers only the player's attacks):
 * armour class, saving throw, resistances, fear, seeing the invisible, regeneration.
 */

const whole = (label: string, n: number): Part => ({ label, value: ratio(n) });

/** Armour class: every item's base AC and magic, dexterity, blessing +5, berserk -10 (xtra1.c calc_bonuses). */
export function armourClass(c: AngCharacter): Derived {
  const stats = currentStats(c);
  const parts: Part[] = [];
  for (const g of allGear(c)) {
    const base = 'ac' in g.def ? g.def.ac : 0;
    const own = 'toAc' in g.def ? g.def.toAc : 0;
    if (base + own + g.toAc !== 0) parts.push(whole(g.def.name, base + own + g.toAc));
  }
  parts.push(whole(`DEX ${formatStat(stats.dex)}`, DEX_TO_AC[statIndex(stats.dex)] as number));
  if (c.effects.blessed) parts.push(whole('blessing', 5));
  if (c.effects.berserk) parts.push(whole('berserk strength', -10));
  return sumParts(parts);
}

/** Wisdom: bonus to the saving throw (tables.c adj_wis_sav). */
const WIS_TO_SAVE = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] as const;

/** The saving throw, in percent (calc_bonuses skill_sav): race + class + wisdom + per-level. */
export function savingThrow(c: AngCharacter): number {
  const wis = WIS_TO_SAVE[statIndex(currentStats(c).wis)] as number;
  return c.race.save + c.cls.save.base + wis + Math.trunc((c.cls.save.perTenLevels * c.level) / 10);
}

// --- Flags ------------------------------------------------------------------------------------

/** A timed condition as the rules pass it: its kind and counter. */
export interface AngStatusLike {
  readonly kind: string;
  readonly level?: number;
}

/**
 * Every flag the hero has (xtra1.c calc_bonuses): the race's and the class's (player_flags: the
 * Warrior's BRAVERY_30 gives RES_FEAR from level 30), then each worn item's, base item and ego.
 */
export function flagsOf(c: AngCharacter): ReadonlySet<AngFlag> {
  const out = new Set<AngFlag>(c.race.flags);
  if (c.cls.resistFearAtLevel !== undefined && c.level >= c.cls.resistFearAtLevel) out.add('RES_FEAR');
  for (const g of allGear(c)) {
    if ('flags' in g.def) for (const f of g.def.flags) out.add(f);
    for (const f of g.ego?.flags ?? []) out.add(f);
  }
  return out;
}

const RESIST_FLAG: Readonly<Record<AngResist, AngFlag>> = {
  acid: 'RES_ACID', elec: 'RES_ELEC', fire: 'RES_FIRE', cold: 'RES_COLD', poison: 'RES_POIS', fear: 'RES_FEAR', lite: 'RES_LITE', dark: 'RES_DARK',
  blind: 'RES_BLIND', confu: 'RES_CONFU', sound: 'RES_SOUND', shard: 'RES_SHARD', nexus: 'RES_NEXUS', nethr: 'RES_NETHR', chaos: 'RES_CHAOS', disen: 'RES_DISEN',
};
const IMMUNE_FLAG: Readonly<Record<AngImmunity, AngFlag>> = { acid: 'IM_ACID', elec: 'IM_ELEC', fire: 'IM_FIRE', cold: 'IM_COLD' };
const SUSTAIN_FLAG: Readonly<Record<AngAnyStat, AngFlag>> = { str: 'SUST_STR', int: 'SUST_INT', wis: 'SUST_WIS', dex: 'SUST_DEX', con: 'SUST_CON', chr: 'SUST_CHR' };
/** The temporary resistances, in the game's order (oppose_acid .. oppose_pois). */
export const OPPOSITIONS: readonly AngOpposition[] = ['acid', 'elec', 'fire', 'cold', 'poison'];

/** The status kind of a temporary resistance: "oppose-fire". */
export const opposeStatus = (e: AngOpposition): string => `oppose-${e}`;

const level = (statuses: readonly AngStatusLike[], kind: string): number => statuses.find((s) => s.kind === kind)?.level ?? 0;

/**
 * What protects the hero now: the flags of race, class and equipment, as calc_bonuses sets
 * immune_*, resist_*, sustain_*, free_act, hold_life and see_inv; heroism and berserk strength
 * resist fear; the temporary resistances (oppose_*) come from the statuses `oppose-<element>`,
 * kept apart from the lasting ones as the game keeps them. Immunity does not set the resistance
 * here (the game's flags are separate); displays join them.
 */
export function defencesOf(c: AngCharacter, statuses: readonly AngStatusLike[]): AngDefences {
  const flags = flagsOf(c);
  const resist = new Set<AngResist>();
  for (const [r, f] of Object.entries(RESIST_FLAG) as [AngResist, AngFlag][]) if (flags.has(f)) resist.add(r);
  if (c.effects.hero || c.effects.berserk || level(statuses, 'hero') > 0 || level(statuses, 'berserk') > 0) resist.add('fear');
  const immune = new Set<AngImmunity>();
  for (const [e, f] of Object.entries(IMMUNE_FLAG) as [AngImmunity, AngFlag][]) if (flags.has(f)) immune.add(e);
  const sustain = new Set<AngAnyStat>();
  for (const [st, f] of Object.entries(SUSTAIN_FLAG) as [AngAnyStat, AngFlag][]) if (flags.has(f)) sustain.add(st);
  const oppose = new Set<AngOpposition>(OPPOSITIONS.filter((e) => level(statuses, opposeStatus(e)) > 0));
  return {
    immune,
    resist,
    oppose,
    sustain,
    freeAction: flags.has('FREE_ACT'),
    holdLife: flags.has('HOLD_LIFE'),
    seeInvisible: flags.has('SEE_INVIS'),
    savingThrow: savingThrow(c),
  };
}

/** Resists fear: RES_FEAR from the class or an item, or heroism or berserk strength running. */
export function resistsFear(c: AngCharacter): boolean {
  return c.effects.hero || c.effects.berserk || flagsOf(c).has('RES_FEAR');
}

export function seesInvisible(c: AngCharacter): boolean {
  return flagsOf(c).has('SEE_INVIS');
}

export function regenerates(c: AngCharacter): boolean {
  return flagsOf(c).has('REGEN');
}

/** The lasting resistance to an element (RES_ flag; temporary ones are in `defencesOf`). */
export function resists(c: AngCharacter, e: AngElement): boolean {
  return flagsOf(c).has(RESIST_FLAG[e]);
}

// --- The sheet --------------------------------------------------------------------------------

const RESIST_NAME: Readonly<Record<AngResist, string>> = {
  acid: 'acid', elec: 'lightning', fire: 'fire', cold: 'cold', poison: 'poison', fear: 'fear', lite: 'light', dark: 'dark',
  blind: 'blindness', confu: 'confusion', sound: 'sound', shard: 'shards', nexus: 'nexus', nethr: 'nether', chaos: 'chaos', disen: 'disenchantment',
};

/** The resistances to show: immunities first (as "immune"), then every resistance the hero has, in the game's order. */
function shownResists(d: AngDefences): { immune: string[]; resist: string[] } {
  const immune = (Object.keys(IMMUNE_FLAG) as AngImmunity[]).filter((e) => d.immune.has(e));
  const resist = ([...Object.keys(RESIST_FLAG)] as AngResist[]).filter((r) => d.resist.has(r) && !(immune as string[]).includes(r));
  return { immune: immune.map((e) => RESIST_NAME[e]), resist: resist.map((r) => RESIST_NAME[r]) };
}

/**
 * The hero's defences as one line of the sheet: "Defences: resist fire, cold (temporary: poison
 * 12 turns); sustain STR; free action; see invisible; saving throw 45%."
 */
export function heroDefenceLines(c: AngCharacter, statuses: readonly AngStatusLike[]): string[] {
  const d = defencesOf(c, statuses);
  const { immune, resist } = shownResists(d);
  const temporary = OPPOSITIONS.filter((e) => d.oppose.has(e)).map((e) => `${RESIST_NAME[e]} ${level(statuses, opposeStatus(e))} turns`);
  const parts: string[] = [];
  if (immune.length) parts.push(`immune to ${immune.join(', ')}`);
  const running = temporary.length ? ` (temporary: ${temporary.join(', ')})` : '';
  if (resist.length) parts.push(`resist ${resist.join(', ')}${running}`);
  else if (temporary.length) parts.push(`temporary resistance: ${temporary.join(', ')}`);
  const sustain = (Object.keys(SUSTAIN_FLAG) as AngAnyStat[]).filter((s) => d.sustain.has(s));
  if (sustain.length) parts.push(`sustain ${sustain.map((s) => s.toUpperCase()).join(', ')}`);
  if (d.freeAction) parts.push('free action');
  if (d.holdLife) parts.push('hold life');
  if (d.seeInvisible) parts.push('see invisible');
  parts.push(`saving throw ${d.savingThrow}%`);
  const line = parts.join('; ');
  return [`Defences: ${line}.`];
}
