import { type RulesetColours, idiv } from '../colours.js';
import { crawlColours } from '../crawl-family/colours.js';

/** Crawl 4.00b20's colours. */
export const CRAWL_COLOURS: RulesetColours = crawlColours('grey', (side, hp, maxHp) => {
  if (side === 'hero') {
    // output.cc: red at or below hp_warning (10%), yellow at or below hp_attention (25%).
    const number = hp <= idiv(maxHp * 10, 100) ? 'red' : hp <= idiv(maxHp * 25, 100) ? 'yellow' : 'grey';
    return { number, bar: number, empty: 'dark-grey' };
  }
  // print_wounds and the monster-damage channel's colours.
  const c = hp <= 0 ? 'red' : hp <= idiv(maxHp, 6) ? 'bright-red' : hp <= 3 * idiv(maxHp, 4) ? 'yellow' : 'grey';
  return { number: c, bar: c, empty: 'dark-grey' };
});
