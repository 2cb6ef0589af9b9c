import type { Edition } from '../edition.js';
import { bindCrawlFamily } from '../crawl-family/binding.js';
import { CrCatalogue } from '../crawl-family/catalogue.js';
import { type HeroState, type MonsterState, familyCtx } from '../crawl-family/state.js';
import type { CrTables } from '../crawl-family/types.js';
import type { Ruleset } from '../ruleset.js';
import { CRAWL_4B20 } from './variant.js';

export const CR_ID = 'crawl-4.0b20' as const;

/** A Crawl 4.00 beta 20 hero's state: the family's, without Stone Soup's blood. */
export type CrHeroState = Omit<HeroState, 'blood'>;
/** A Crawl 4.00 beta 20 monster's state: the family's, without Stone Soup's armour, shield and blocks. */
export type CrMonsterState = Omit<MonsterState, 'armour' | 'shield' | 'blocks'>;
export type CrState = CrHeroState | CrMonsterState;

/** The Crawl 4.00 beta 20 ruleset: the Crawl family's phases with this game's variant. */
export function createCrawl(tables: CrTables, edition: Edition): Ruleset<CrState> {
  return bindCrawlFamily(familyCtx(tables, new CrCatalogue(tables), CRAWL_4B20, edition));
}
