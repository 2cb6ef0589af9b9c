import { wholeAxis } from '../choices.js';
import { type RulesetModule, withRecord } from '../registry.js';
import { SKILL_MAX, SKILL_MIN } from '../crawl-family/options.js';
import { CRAWL_COLOURS } from './colours.js';
import { createCrawl } from './index.js';

/** Crawl 4.00b20 (with AX-Crawl's classic stat system as an option), as the registry knows it. */
export const CRAWL_4B20_MODULE: RulesetModule = {
  id: 'crawl-4.0b20',
  seedDocument: 'Crawl 4.00b20 combat document',
  create: (t, edition) => createCrawl(t.crawl, edition),
  colours: () => CRAWL_COLOURS,
  listJson: ({ crawl: t }, entry) => withRecord(entry, entry.kind === 'hero' ? t.heroes : t.monsters),
  calculator: async () => (await import('./calc-input.js')).CRAWL_CALCULATOR,
  heroOptions: ({ crawl: t }) => ({
    weapons: t.weapons,
    armours: t.armour.filter((a) => a.slot === 'body'),
    shields: t.armour.filter((a) => a.slot === 'shield'),
    levels: { min: 1, max: 27 },
    forms: t.forms,
    statSystems: [
      { id: 'new', name: 'new', description: 'the new stat system, as vanilla Crawl (the default)' },
      { id: 'classic', name: 'classic', description: "AX-Crawl's classic stat system" },
    ],
    skills: t.skills,
    skillLevels: { min: SKILL_MIN, max: SKILL_MAX },
    strength: wholeAxis(1, 72),
  }),
};
