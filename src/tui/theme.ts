import type { Tone } from '../systems/state.js';
import { Terrain } from '../world/terrain.js';

/**
 * Colours that follow each original game's own conventions: terrain, the hero's glyph, how HP is
 * coloured, and message colours. Colour names are the palette's (palette.ts). Where each value
 * comes from is recorded in docs/FIDELITY.md, section "Colours".
 */

export type Side = 'hero' | 'foe';

/** How one fighter's HP is drawn: the number's colour and the bar's filled and empty parts. */
export interface HpLook {
  readonly number: string;
  readonly bar: string;
  readonly empty: string;
}

export interface Theme {
  readonly ruleset: string;
  readonly terrain: Readonly<Record<Terrain, string>>;
  /** Terrain remembered but out of sight. */
  readonly remembered: string;
  /** The hero's glyph. */
  readonly hero: string;
  /** Message colours by tone: `good` is the hero's hits, `bad` being hit, `info` misses and the rest. */
  readonly tone: Readonly<Record<Tone, string>>;
  /** The glyphs of the HP bar's filled and empty cells. */
  readonly barGlyphs: readonly [string, string];
  hp(side: Side, hp: number, maxHp: number): HpLook;
}

export interface ThemeOptions {
  /** Angband's `hitpoint_warn` option, 0 to 9 (tenths of max HP); 3.0.5 starts it at 0. */
  readonly hitpointWarn?: number;
}

/** C's integer division (truncates toward zero), as the games compute their thresholds. */
const idiv = (a: number, b: number): number => Math.trunc(a / b);

const terrain = (t: Partial<Record<Terrain, string>>, base: Record<Terrain, string>): Record<Terrain, string> => ({ ...base, ...t });

/** Pixel Dungeon's sewer tiles (tiles0.png, water0.png), in the nearest palette colours. */
const PD_TERRAIN: Record<Terrain, string> = {
  [Terrain.Floor]: 'slate',
  [Terrain.Wall]: 'grey',
  [Terrain.DoorClosed]: 'umber',
  [Terrain.DoorOpen]: 'umber',
  [Terrain.HighGrass]: 'green',
  [Terrain.Grass]: 'green',
  [Terrain.Chasm]: 'dark-grey',
  [Terrain.Water]: 'cyan',
  [Terrain.Statue]: 'grey',
};

function pixelDungeon(): Theme {
  return {
    ruleset: 'pixel-dungeon',
    terrain: PD_TERRAIN,
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
}

function angband(o: ThemeOptions): Theme {
  const warn = o.hitpointWarn ?? 0;
  return {
    ruleset: 'angband-3.0.5',
    // terrain.txt: open floor and granite w, doors U. No grass, water, chasm or statue in 3.0.5:
    // Pixel Dungeon's colours, except the statue in slate, the colour of the game's stone veins.
    terrain: terrain({ [Terrain.Floor]: 'white', [Terrain.Wall]: 'white', [Terrain.DoorClosed]: 'light-umber', [Terrain.DoorOpen]: 'light-umber', [Terrain.Statue]: 'slate' }, PD_TERRAIN),
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

/** Crawl's Dungeon: floor LIGHTGREY, rock BROWN, doors LIGHTGREY, shallow water CYAN. */
const crawlTerrain = (statue: string): Record<Terrain, string> =>
  terrain({ [Terrain.Floor]: 'grey', [Terrain.Wall]: 'brown', [Terrain.DoorClosed]: 'grey', [Terrain.DoorOpen]: 'grey', [Terrain.Water]: 'cyan', [Terrain.Statue]: statue }, PD_TERRAIN);

const CRAWL_TONE = { info: 'grey', good: 'grey', bad: 'grey', warn: 'bright-red' } as const;

/** What both Crawls share: the hero in light grey, messages on the plain channel, an `=` bar. */
const crawlCommon = (ruleset: string, statue: string) =>
  ({ ruleset, terrain: crawlTerrain(statue), remembered: 'dark-grey', hero: 'grey', tone: CRAWL_TONE, barGlyphs: ['=', '-'] }) as const;

function crawlB20(): Theme {
  return {
    ...crawlCommon('crawl-4.0b20', 'grey'),
    hp(side, hp, maxHp) {
      if (side === 'hero') {
        // output.cc: red at or below hp_warning (10%), yellow at or below hp_attention (25%).
        const number = hp <= idiv(maxHp * 10, 100) ? 'red' : hp <= idiv(maxHp * 25, 100) ? 'yellow' : 'grey';
        return { number, bar: number, empty: 'dark-grey' };
      }
      // print_wounds and the monster-damage channel's colours.
      const c = hp <= 0 ? 'red' : hp <= idiv(maxHp, 6) ? 'bright-red' : hp <= 3 * idiv(maxHp, 4) ? 'yellow' : 'grey';
      return { number: c, bar: c, empty: 'dark-grey' };
    },
  };
}

function stoneSoup(): Theme {
  return {
    ...crawlCommon('stone-soup-0.5.2', 'dark-grey'),
    hp(side, hp, maxHp) {
      if (side === 'hero') {
        // hp_colour = 50:yellow, 25:red on the whole percent; the bar is always light green.
        const pct = idiv(hp * 100, maxHp);
        const number = pct <= 25 ? 'red' : pct <= 50 ? 'yellow' : 'grey';
        return { number, bar: 'bright-green', empty: 'dark-grey' };
      }
      // mons_get_damage_level and the monster-damage channel's colours.
      const c = hp <= 0 ? 'red' : hp <= idiv(maxHp, 4) ? 'bright-red' : hp <= idiv(maxHp * 3, 4) ? 'yellow' : 'grey';
      return { number: c, bar: c, empty: 'dark-grey' };
    },
  };
}

/** The theme of a ruleset; an unknown ruleset gets Pixel Dungeon's. */
export function themeFor(rulesetId: string, o: ThemeOptions = {}): Theme {
  switch (rulesetId) {
    case 'angband-3.0.5':
      return angband(o);
    case 'crawl-4.0b20':
      return crawlB20();
    case 'stone-soup-0.5.2':
      return stoneSoup();
    default:
      return pixelDungeon();
  }
}

/** The colour of a fighter's HP number (the hero's unless `side` says otherwise). */
export function hpColour(theme: Theme, hp: number, maxHp: number, side: Side = 'hero'): string {
  return theme.hp(side, hp, maxHp).number;
}
