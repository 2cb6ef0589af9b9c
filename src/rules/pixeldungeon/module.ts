import { wholeAxis } from '../choices.js';
import { type RulesetModule, withRecord } from '../registry.js';
import { PD_COLOURS } from './colours.js';
import { createPixelDungeon } from './index.js';

/** Pixel Dungeon, as the registry knows it. */
export const PIXEL_DUNGEON_MODULE: RulesetModule = {
  id: 'pixel-dungeon',
  seedDocument: 'Pixel Dungeon combat wiki',
  create: (t, edition) => createPixelDungeon(t.pixelDungeon, edition),
  colours: () => PD_COLOURS,
  monsterVsMonster: true,
  listJson: ({ pixelDungeon: t }, entry) => withRecord(entry, entry.kind === 'hero' ? t.heroes : t.monsters),
  calculator: async () => (await import('./calc-input.js')).PIXEL_DUNGEON_CALCULATOR,
  heroOptions: ({ pixelDungeon: t }) => ({
    weapons: t.meleeWeapons,
    armours: t.armours,
    levels: { min: 1, max: 30 },
    forms: [],
    statSystems: [],
    skills: [],
    skillLevels: { min: 0, max: 0 },
    strength: wholeAxis(1, 30),
  }),
};
