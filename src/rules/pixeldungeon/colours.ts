import { BASE_TERRAIN, type RulesetColours } from '../colours.js';

/** Pixel Dungeon's colours: the sewer tiles (tiles0.png, water0.png) and its health bars. */
export const PD_COLOURS: RulesetColours = {
  terrain: BASE_TERRAIN,
  remembered: 'dark-grey',
  hero: 'white',
  tone: { info: 'white', good: 'white', bad: 'white', warn: 'orange' },
  barGlyphs: ['█', '·'],
  hp(side, hp, maxHp) {
    // The monster's HealthBar: green over red. The hero's bar is red (hp_bar.png); the avatar
    // turns red below a quarter of HT and dark at 0.
    if (side === 'foe') return { number: 'white', bar: 'bright-green', empty: 'red' };
    const number = hp <= 0 ? 'dark-grey' : hp / maxHp < 0.25 ? 'red' : 'white';
    return { number, bar: 'red', empty: 'dark-grey' };
  },
};
