import { ratio } from '../../core/ratio.js';
import { type AngCharacter, type Derived, type Part, allGear, currentStats, sumParts } from './sheet.js';
import { DEX_TO_AC, formatStat, statIndex } from './stats.js';
import type { AngElement } from './types.js';

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

export function resistsFear(c: AngCharacter): boolean {
  return c.effects.hero || c.effects.berserk || (c.cls.resistFearAtLevel !== undefined && c.level >= c.cls.resistFearAtLevel) || allGear(c).some((g) => g.ego?.resistFear);
}

export function seesInvisible(c: AngCharacter): boolean {
  return c.race.seeInvisible || allGear(c).some((g) => g.ego?.seeInvisible || ('seeInvisible' in g.def && g.def.seeInvisible));
}

export function regenerates(c: AngCharacter): boolean {
  return c.race.regenerate || allGear(c).some((g) => g.ego?.regenerate);
}

export function resists(c: AngCharacter, e: AngElement): boolean {
  return c.race.resists.includes(e) || allGear(c).some((g) => g.ego?.resists.includes(e) || ('resists' in g.def && g.def.resists.includes(e)));
}

