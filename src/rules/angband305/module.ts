import type { OptionAxis } from '../choices.js';
import type { RulesetModule } from '../registry.js';
import { angbandColours } from './colours.js';
import { createAngband } from './index.js';
import { angListJson } from './list-json.js';
import { STAT_MAX, formatStat, parseStat } from './stats.js';

/** Strength as Angband writes it: 3 to 18, then 18/01 to 18/319; steps count stat points (18/10 to 18/20 is 10). */
const STRENGTH: OptionAxis = {
  min: 3,
  max: STAT_MAX,
  range: `3 to 18, or 18/01 to ${formatStat(STAT_MAX)}`,
  read: (t) => {
    try {
      return parseStat(t.trim());
    } catch {
      return undefined;
    }
  },
  label: formatStat,
  option: formatStat,
};

/** Angband 3.0.5, as the registry knows it. */
export const ANGBAND_305_MODULE: RulesetModule = {
  id: 'angband-3.0.5',
  seedDocument: 'ATTACK.SPO 1.13',
  create: (t, edition) => createAngband(t.angband, edition),
  colours: angbandColours,
  listJson: (t, entry) => angListJson(t.angband, entry),
  monsterVsMonster: true,
  calculator: async () => (await import('./calc-input.js')).ANGBAND_CALCULATOR,
  heroOptions: ({ angband: t }) => ({
    weapons: t.meleeWeapons,
    armours: t.armour.filter((a) => a.slot === 'body'),
    levels: { min: 1, max: 50 },
    forms: [],
    statSystems: [],
    skills: [],
    skillLevels: { min: 0, max: 0 },
    strength: STRENGTH,
  }),
};
