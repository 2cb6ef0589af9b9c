import type { AngMonster } from './types.js';

/**
 * How the arena names a monster of the roster in lists and panels: our own short line where one
 * was written, else one built from its numbers.
 */

const KINDS = ['unique', 'dragon', 'demon', 'undead', 'giant', 'troll', 'orc', 'animal', 'evil'] as const;

/** One line about a monster: our note, or its level, kinds, blows and whether it casts. */
export function monsterBlurb(m: AngMonster): string {
  if (m.description) return m.description;
  const kinds = KINDS.filter((k) => m.flags.includes(k));
  const blows = m.blows.length === 0 ? 'no blows' : `${m.blows.length} blow${m.blows.length === 1 ? '' : 's'}`;
  const casts = m.spellFreq > 0 ? `; casts 1 turn in ${m.spellFreq} (${m.spells.length} spell${m.spells.length === 1 ? '' : 's'})` : '';
  return `Level ${m.level}${kinds.length ? ` ${kinds.join(', ')}` : ''}: ${m.hp} HP, AC ${m.ac}, ${blows}${casts}.`;
}
