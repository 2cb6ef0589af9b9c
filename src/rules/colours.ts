import { Terrain } from '../world/terrain.js';

/**
 * A ruleset's colours, following its game's own conventions: terrain, the hero's glyph, how hit
 * points are coloured, and message colours. Colour names are the palette's (`tui/palette.ts`).
 * Each ruleset folder's `colours.ts` gives its game's; where each value comes from is recorded in
 * docs/FIDELITY.md, section "Colours".
 */

export type ThemeSide = 'hero' | 'foe';

/** How one fighter's HP is drawn: the number's colour and the bar's filled and empty parts. */
export interface HpLook {
  readonly number: string;
  readonly bar: string;
  readonly empty: string;
}

export interface RulesetColours {
  readonly terrain: Readonly<Record<Terrain, string>>;
  /** Terrain remembered but out of sight. */
  readonly remembered: string;
  /** The hero's glyph. */
  readonly hero: string;
  /** Message colours by tone: `good` is the hero's hits, `bad` being hit, `info` misses and the rest. */
  readonly tone: Readonly<Record<'info' | 'good' | 'bad' | 'warn', string>>;
  /** The glyphs of the HP bar's filled and empty cells. */
  readonly barGlyphs: readonly [string, string];
  hp(side: ThemeSide, hp: number, maxHp: number): HpLook;
}

export interface ColourOptions {
  /** Angband's `hitpoint_warn` option, 0 to 9 (tenths of max HP); 3.0.5 starts it at 0. */
  readonly hitpointWarn?: number;
}

/** C's integer division (truncates toward zero), as the games compute their thresholds. */
export const idiv = (a: number, b: number): number => Math.trunc(a / b);

/** Terrain colours: `base`, with the entries of `t` in place of its own. */
export const terrainColours = (t: Partial<Record<Terrain, string>>, base: Readonly<Record<Terrain, string>>): Record<Terrain, string> => ({ ...base, ...t });

/**
 * The terrain colours every ruleset starts from (Pixel Dungeon's sewer tiles, in the nearest
 * palette colours), and the colours of a ruleset that gives none of its own.
 */
export const BASE_TERRAIN: Readonly<Record<Terrain, string>> = {
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

/** The colours of a ruleset that gives none: light text on the base terrain, a plain bar. */
export const PLAIN_COLOURS: RulesetColours = {
  terrain: BASE_TERRAIN,
  remembered: 'dark-grey',
  hero: 'white',
  tone: { info: 'white', good: 'white', bad: 'white', warn: 'orange' },
  barGlyphs: ['█', '·'],
  hp: (_side, hp, maxHp) => ({ number: hp <= 0 ? 'dark-grey' : hp / maxHp < 0.25 ? 'red' : 'white', bar: 'red', empty: 'dark-grey' }),
};
