import { wholeAxis } from '../choices.js';
import { type RulesetModule, withRecord } from '../registry.js';
import { SKILL_MAX, SKILL_MIN } from '../crawl-family/options.js';
import { createStoneSoup } from './index.js';
import { STONE_SOUP_COLOURS } from './colours.js';
import { SECTION_MONSTER_TIME } from './monster-melee.js';

/** Stone Soup 0.5.2, as the registry knows it. */
export const STONE_SOUP_052_MODULE: RulesetModule = {
  id: 'stone-soup-0.5.2',
  seedDocument: 'Stone Soup 0.5.2 spoilers',
  create: (t, edition) => createStoneSoup(t.stoneSoup, edition),
  colours: () => STONE_SOUP_COLOURS,
  listJson: ({ stoneSoup: t }, entry) => withRecord(entry, entry.kind === 'hero' ? t.heroes : t.monsters),
  calculator: async () => (await import('./calc-input.js')).STONE_SOUP_CALCULATOR,
  heroOptions: ({ stoneSoup: t }) => ({
    weapons: t.weapons,
    armours: t.armour.filter((a) => a.slot === 'body'),
    shields: t.armour.filter((a) => a.slot === 'shield'),
    levels: { min: 1, max: 27 },
    forms: t.forms,
    statSystems: [],
    skills: t.skills,
    skillLevels: { min: SKILL_MIN, max: SKILL_MAX },
    strength: wholeAxis(1, 72),
  }),
  // Program 0.1.0 rolled a monster's attack time (its weapon energy, rounded at random) in the
  // source edition before naming the rule, so it recorded those rolls under "".
  unnamedRule: { edition: 'source', rule: SECTION_MONSTER_TIME, what: "the monster's attack time" },
};
