import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, makePalette } from '../../src/tui/palette.js';
import { type Side, type Theme, hpColour, themeFor } from '../../src/tui/theme.js';
import { Terrain } from '../../src/world/terrain.js';

/** The colour conventions recorded in docs/FIDELITY.md ("Colours"), ruleset by ruleset. */

const RULESETS = ['pixel-dungeon', 'angband-3.0.5', 'crawl-4.0b20', 'stone-soup-0.5.2'] as const;

const T = Terrain;
const TERRAIN: Record<(typeof RULESETS)[number], [Terrain, string][]> = {
  'pixel-dungeon': [[T.Floor, 'slate'], [T.Wall, 'grey'], [T.DoorClosed, 'umber'], [T.DoorOpen, 'umber'], [T.Grass, 'green'], [T.HighGrass, 'green'], [T.Chasm, 'dark-grey'], [T.Water, 'cyan'], [T.Statue, 'grey']],
  'angband-3.0.5': [[T.Floor, 'white'], [T.Wall, 'white'], [T.DoorClosed, 'light-umber'], [T.DoorOpen, 'light-umber'], [T.Grass, 'green'], [T.HighGrass, 'green'], [T.Chasm, 'dark-grey'], [T.Water, 'cyan'], [T.Statue, 'slate']],
  'crawl-4.0b20': [[T.Floor, 'grey'], [T.Wall, 'brown'], [T.DoorClosed, 'grey'], [T.DoorOpen, 'grey'], [T.Grass, 'green'], [T.HighGrass, 'green'], [T.Chasm, 'dark-grey'], [T.Water, 'cyan'], [T.Statue, 'grey']],
  'stone-soup-0.5.2': [[T.Floor, 'grey'], [T.Wall, 'brown'], [T.DoorClosed, 'grey'], [T.DoorOpen, 'grey'], [T.Grass, 'green'], [T.HighGrass, 'green'], [T.Chasm, 'dark-grey'], [T.Water, 'cyan'], [T.Statue, 'dark-grey']],
};

/** [side, hp, maxHp, number colour, bar colour] */
type Row = [Side, number, number, string, string];
const HP: Record<(typeof RULESETS)[number], Row[]> = {
  // StatusPane (avatar red below 25%, dark at 0; red bar) and HealthBar (green over red).
  'pixel-dungeon': [
    ['hero', 20, 20, 'white', 'red'],
    ['hero', 5, 20, 'white', 'red'],
    ['hero', 4, 20, 'red', 'red'],
    ['hero', 0, 20, 'dark-grey', 'red'],
    ['foe', 1, 20, 'white', 'bright-green'],
  ],
  // prt_hp with the default hitpoint_warn of 0; health_redraw for the foe.
  'angband-3.0.5': [
    ['hero', 30, 30, 'bright-green', 'bright-green'],
    ['hero', 29, 30, 'yellow', 'yellow'],
    ['hero', 1, 30, 'yellow', 'yellow'],
    ['hero', 0, 30, 'red', 'red'],
    ['foe', 100, 100, 'bright-green', 'bright-green'],
    ['foe', 99, 100, 'yellow', 'yellow'],
    ['foe', 60, 100, 'yellow', 'yellow'],
    ['foe', 59, 100, 'orange', 'orange'],
    ['foe', 25, 100, 'orange', 'orange'],
    ['foe', 24, 100, 'bright-red', 'bright-red'],
    ['foe', 10, 100, 'bright-red', 'bright-red'],
    ['foe', 9, 100, 'red', 'red'],
    ['foe', 6, 9, 'yellow', 'yellow'], // 66%
  ],
  // output.cc: hp_warning 10, hp_attention 25, on hp <= max * n / 100; print_wounds for the foe.
  'crawl-4.0b20': [
    ['hero', 40, 40, 'grey', 'grey'],
    ['hero', 11, 40, 'grey', 'grey'],
    ['hero', 10, 40, 'yellow', 'yellow'],
    ['hero', 5, 40, 'yellow', 'yellow'],
    ['hero', 4, 40, 'red', 'red'],
    ['hero', 3, 39, 'red', 'red'], // 39 * 10 / 100 = 3
    ['foe', 10, 10, 'grey', 'grey'],
    ['foe', 7, 10, 'grey', 'grey'], // 3 * (10 / 4) = 6: b20's own rounding
    ['foe', 6, 10, 'yellow', 'yellow'],
    ['foe', 2, 10, 'yellow', 'yellow'],
    ['foe', 1, 10, 'bright-red', 'bright-red'],
    ['foe', 0, 10, 'red', 'red'],
  ],
  // hp_colour 50:yellow 25:red on the whole percent; HP_Bar light green; mons_get_damage_level.
  'stone-soup-0.5.2': [
    ['hero', 40, 40, 'grey', 'bright-green'],
    ['hero', 21, 40, 'grey', 'bright-green'],
    ['hero', 20, 40, 'yellow', 'bright-green'],
    ['hero', 11, 40, 'yellow', 'bright-green'],
    ['hero', 10, 40, 'red', 'bright-green'],
    ['hero', 21, 41, 'grey', 'bright-green'], // 51%
    ['hero', 20, 41, 'yellow', 'bright-green'], // 48%
    ['foe', 10, 10, 'grey', 'grey'],
    ['foe', 8, 10, 'grey', 'grey'],
    ['foe', 7, 10, 'yellow', 'yellow'], // 10 * 3 / 4 = 7
    ['foe', 3, 10, 'yellow', 'yellow'],
    ['foe', 2, 10, 'bright-red', 'bright-red'],
    ['foe', 0, 10, 'red', 'red'],
  ],
};

const colours = (t: Theme): string[] => {
  const out = [...Object.values(t.terrain), t.remembered, t.hero, ...Object.values(t.tone)];
  for (const side of ['hero', 'foe'] as const) {
    for (let hp = -1; hp <= 100; hp++) {
      const l = t.hp(side, hp, 100);
      out.push(l.number, l.bar, l.empty);
    }
  }
  return out;
};

describe('themes', () => {
  describe.each(RULESETS)('%s', (id) => {
    const theme = themeFor(id);

    it('names the ruleset', () => expect(theme.ruleset).toBe(id));

    it.each(TERRAIN[id].map(([t, c]) => [t, c] as const))('terrain %i is %s', (t, c) => {
      expect(theme.terrain[t]).toBe(c);
    });

    it('colours every terrain kind', () => {
      for (const t of Object.values(Terrain)) expect(theme.terrain[t]).toBeTypeOf('string');
    });

    it.each(HP[id])('%s at %i/%i: number %s, bar %s', (side, hp, max, number, bar) => {
      const l = theme.hp(side, hp, max);
      expect(l.number).toBe(number);
      expect(l.bar).toBe(bar);
      expect(hpColour(theme, hp, max, side)).toBe(number);
    });

    it('uses only colours the palette knows', () => {
      for (const c of colours(theme)) expect(COLOUR_NAMES).toContain(c);
    });

    it('has default fg and bg for every colour when colour is off (NO_COLOR)', () => {
      const off = makePalette(false);
      for (const c of colours(theme)) {
        const a = off.attr(c, c);
        expect((a >> 9) & 0x1ff).toBe(0x1ff);
        expect(a & 0x1ff).toBe(0x1ff);
      }
    });
  });

  it('follows Angband\'s hitpoint_warn on each side of the threshold', () => {
    const t = themeFor('angband-3.0.5', { hitpointWarn: 3 });
    // 35 * 3 / 10 = 10: red at 10 and below, yellow above.
    expect(hpColour(t, 11, 35)).toBe('yellow');
    expect(hpColour(t, 10, 35)).toBe('red');
    expect(hpColour(t, 35, 35)).toBe('bright-green');
    expect(hpColour(themeFor('angband-3.0.5', { hitpointWarn: 5 }), 10, 20)).toBe('red');
    expect(hpColour(themeFor('angband-3.0.5', { hitpointWarn: 5 }), 11, 20)).toBe('yellow');
  });

  it('colours messages as the games do', () => {
    expect(themeFor('pixel-dungeon').tone).toEqual({ info: 'white', good: 'white', bad: 'white', warn: 'orange' });
    expect(themeFor('angband-3.0.5').tone).toEqual({ info: 'white', good: 'white', bad: 'white', warn: 'white' });
    expect(themeFor('stone-soup-0.5.2').tone).toEqual({ info: 'grey', good: 'grey', bad: 'grey', warn: 'bright-red' });
    expect(themeFor('crawl-4.0b20').hero).toBe('grey');
  });

  it('gives an unknown ruleset Pixel Dungeon\'s theme', () => {
    expect(themeFor('nethack').terrain).toEqual(themeFor('pixel-dungeon').terrain);
  });
});
