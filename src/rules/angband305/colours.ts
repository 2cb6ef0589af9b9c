import { Terrain } from '../../world/terrain.js';
import { BASE_TERRAIN, type ColourOptions, type RulesetColours, idiv, terrainColours } from '../colours.js';

/** Angband 3.0.5's colours; `hitpointWarn` is the game's option of that name. */
export function angbandColours(o: ColourOptions): RulesetColours {
  const warn = o.hitpointWarn ?? 0;
  return {
    // terrain.txt: open floor and granite w, doors U. No grass, water, chasm or statue in 3.0.5:
    // the base colours, except the statue in slate, the colour of the game's stone veins.
    terrain: terrainColours({ [Terrain.Floor]: 'white', [Terrain.Wall]: 'white', [Terrain.DoorClosed]: 'light-umber', [Terrain.DoorOpen]: 'light-umber', [Terrain.Statue]: 'slate' }, BASE_TERRAIN),
    remembered: 'dark-grey',
    hero: 'white',
    tone: { info: 'white', good: 'white', bad: 'white', warn: 'white' },
    barGlyphs: ['*', '-'],
    hp(side, hp, maxHp) {
      if (side === 'hero') {
        // prt_hp: full is light green, above the warning yellow, at or below it red.
        const number = hp >= maxHp ? 'bright-green' : hp > idiv(maxHp * warn, 10) ? 'yellow' : 'red';
        return { number, bar: number, empty: 'white' };
      }
      // health_redraw: the tracked monster's bar by whole percent.
      const pct = idiv(100 * hp, maxHp);
      const c = pct >= 100 ? 'bright-green' : pct >= 60 ? 'yellow' : pct >= 25 ? 'orange' : pct >= 10 ? 'bright-red' : 'red';
      return { number: c, bar: c, empty: 'white' };
    },
  };
}
