import { Terrain } from '../../world/terrain.js';
import { BASE_TERRAIN, type RulesetColours, terrainColours } from '../colours.js';

/**
 * What both Crawls' colours share: the Dungeon's floor LIGHTGREY, rock BROWN, doors LIGHTGREY,
 * shallow water CYAN; the hero in light grey, messages on the plain channel, an `=` bar. Each
 * game gives its statue colour and its way of colouring hit points.
 */
export function crawlColours(statue: string, hp: RulesetColours['hp']): RulesetColours {
  return {
    terrain: terrainColours({ [Terrain.Floor]: 'grey', [Terrain.Wall]: 'brown', [Terrain.DoorClosed]: 'grey', [Terrain.DoorOpen]: 'grey', [Terrain.Water]: 'cyan', [Terrain.Statue]: statue }, BASE_TERRAIN),
    remembered: 'dark-grey',
    hero: 'grey',
    tone: { info: 'grey', good: 'grey', bad: 'grey', warn: 'bright-red' },
    barGlyphs: ['=', '-'],
    hp,
  };
}
