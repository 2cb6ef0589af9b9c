/**
 * Colours: names used by data files and the screen, mapped to xterm-256 palette indices, and
 * blessed's packed cell attribute (flags << 18 | fg << 9 | bg, 0x1ff meaning "default").
 * NO_COLOR (https://no-color.org) turns every colour off; bold and inverse remain.
 */
const INDEX: Record<string, number> = {
  white: 15,
  grey: 250,
  'dark-grey': 240,
  red: 1,
  'bright-red': 9,
  green: 2,
  'bright-green': 10,
  yellow: 11,
  brown: 136,
  // Angband's TERM_SLATE (#808080), TERM_UMBER (#804000) and TERM_L_UMBER (#C08040), nearest xterm-256.
  slate: 244,
  umber: 94,
  'light-umber': 137,
  blue: 4,
  'bright-blue': 12,
  magenta: 5,
  'bright-magenta': 13,
  cyan: 6,
  'bright-cyan': 14,
  orange: 208,
  black: 0,
  default: 0x1ff,
};

/** Every colour name the palette knows. */
export const COLOUR_NAMES: readonly string[] = Object.freeze(Object.keys(INDEX));

export const FLAG_BOLD = 1;
export const FLAG_INVERSE = 8;

export interface Palette {
  attr(fg?: string, bg?: string, flags?: number): number;
  readonly colour: boolean;
}

export function makePalette(colour: boolean): Palette {
  return {
    colour,
    attr(fg = 'default', bg = 'default', flags = 0): number {
      const f = colour ? (INDEX[fg] ?? 0x1ff) : 0x1ff;
      const b = colour ? (INDEX[bg] ?? 0x1ff) : 0x1ff;
      return (flags << 18) | (f << 9) | b;
    },
  };
}
