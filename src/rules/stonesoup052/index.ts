import type { Edition } from '../edition.js';
import { bindCrawlFamily } from '../crawl-family/binding.js';
import { CrCatalogue } from '../crawl-family/catalogue.js';
import { type HeroState, type MonsterState, familyCtx } from '../crawl-family/state.js';
import type { CrTables } from '../crawl-family/types.js';
import type { Ruleset } from '../ruleset.js';
import { STONE_SOUP_052 } from './variant.js';

export const SS_ID = 'stone-soup-0.5.2' as const;

/** A Stone Soup hero's state: the family's, with a vampire's blood. */
export type SsHeroState = HeroState;
/** A Stone Soup monster's state: the family's, with the body armour and shield it rolled and its blocks since its last action. */
export type SsMonsterState = MonsterState;
export type SsState = SsHeroState | SsMonsterState;

/** The Stone Soup 0.5.2 ruleset: the Crawl family's phases with this game's variant. */
export function createStoneSoup(tables: CrTables, edition: Edition): Ruleset<SsState> {
  return bindCrawlFamily(familyCtx(tables, new CrCatalogue(tables), STONE_SOUP_052, edition));
}
