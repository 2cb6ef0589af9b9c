import { type RulesetColours, idiv } from '../colours.js';
import { crawlColours } from '../crawl-family/colours.js';

/** Stone Soup 0.5.2's colours: the statue in dark grey, hit points by whole percent. */
export const STONE_SOUP_COLOURS: RulesetColours = crawlColours('dark-grey', (side, hp, maxHp) => {
  if (side === 'hero') {
    // hp_colour = 50:yellow, 25:red on the whole percent; the bar is always light green.
    const pct = idiv(hp * 100, maxHp);
    const number = pct <= 25 ? 'red' : pct <= 50 ? 'yellow' : 'grey';
    return { number, bar: 'bright-green', empty: 'dark-grey' };
  }
  // mons_get_damage_level and the monster-damage channel's colours.
  const c = hp <= 0 ? 'red' : hp <= idiv(maxHp, 4) ? 'bright-red' : hp <= idiv(maxHp * 3, 4) ? 'yellow' : 'grey';
  return { number: c, bar: c, empty: 'dark-grey' };
});
