import type { CatalogEntry } from '../ruleset.js';
import { monsterBlurb } from './bestiary.js';
import type { AngMonster, AngTables } from './types.js';

/**
 * `arena list --json` for Angband: a monster as monster.txt writes it, under the game's own
 * upper-case names (the data's lower-case kebab names with '-' read as '_'), so that each entry
 * can be set beside the game's line.
 */

/** The game's name for a data name: 'br-fire' -> 'BR_FIRE', 'force-maxhp' -> 'FORCE_MAXHP'. */
export function gameName(dataName: string): string {
  return dataName.toUpperCase().replace(/-/g, '_');
}

/** The spell frequency as monster.txt writes it ("1_IN_5"), or null for a monster that casts nothing. */
export function spellFrequency(freq: number): string | null {
  return freq > 0 ? `1_IN_${freq}` : null;
}

export function monsterJson(m: AngMonster): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    kind: 'monster',
    level: m.level,
    speed: m.speed,
    hp: { dice: m.hp, forcedMax: m.flags.includes('force-maxhp') },
    ac: m.ac,
    sleep: m.sleep,
    // A blow the game writes without an effect or dice ("B:BEG", "B:TOUCH:EAT_GOLD") is listed without them.
    blows: m.blows.map((b) => ({ method: gameName(b.method), ...(b.effect !== 'none' ? { effect: gameName(b.effect) } : {}), ...(b.dice !== '0d0' ? { dice: b.dice } : {}) })),
    flags: m.flags.map(gameName),
    spellFrequency: spellFrequency(m.spellFreq),
    spells: m.spells.map(gameName),
    description: monsterBlurb(m),
  };
}

export function angListJson(tables: AngTables, entry: CatalogEntry): Record<string, unknown> {
  if (entry.kind === 'monster') {
    const m = tables.monsters.find((x) => x.id === entry.id);
    if (m) return monsterJson(m);
  }
  const h = tables.heroes.find((x) => x.id === entry.id);
  const base = { id: entry.id, name: entry.name, kind: entry.kind, description: entry.description };
  return h ? { ...base, race: h.race, class: h.class, level: h.level, stats: h.stats } : base;
}
