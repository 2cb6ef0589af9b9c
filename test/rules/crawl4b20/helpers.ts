/**
 * Shared helpers for the Crawl 4.00 beta 20 rule tests: characters and targets built from the
 * real data. Nothing here computes an expected number.
 */
import { loadContent } from '../../../src/content/index.js';
import { CrCatalogue, type HeroSheet } from '../../../src/rules/crawl-family/catalogue.js';
import type { CrCharacter, CrEffects, StatSystem } from '../../../src/rules/crawl-family/character.js';
import type { CrTarget } from '../../../src/rules/crawl-family/melee.js';
import type { CrFormId, CrItemSpec, CrMutation, CrSkill } from '../../../src/rules/crawl-family/types.js';

export { F, exactLaw, expectFrac, editionIds, recorder, silent, NO_DRAWS } from '../../support/odds.js';

export const tables = loadContent().crawl;
export const cat = new CrCatalogue(tables);

export interface CharSpec {
  species?: string;
  level?: number;
  system?: StatSystem;
  str?: number;
  dex?: number;
  skills?: Partial<Record<CrSkill, number>>;
  mutations?: Partial<Record<CrMutation, number>>;
  weapon?: CrItemSpec;
  armour?: CrItemSpec[];
  jewellery?: CrItemSpec[];
  form?: CrFormId;
  effects?: Partial<CrEffects>;
}

/** A character from a short spec: a human, stats 10, no skills, nothing worn unless given. */
export function char(s: CharSpec = {}): CrCharacter {
  const sheet: HeroSheet = {
    species: s.species ?? 'human',
    level: s.level ?? 1,
    statSystem: s.system ?? 'new',
    str: s.str ?? 10,
    int: 10,
    dex: s.dex ?? 10,
    skills: s.skills ?? {},
    mutations: s.mutations ?? {},
    weapon: s.weapon ?? null,
    armour: s.armour ?? [],
    jewellery: s.jewellery ?? [],
  };
  const effects: CrEffects = { might: 0, invisible: 0, confusingTouch: 0, sureBlade: 0, hunger: 6000, inWater: false, ...s.effects };
  return cat.character(sheet, s.form ?? null, effects, 0);
}

/** A monster target: EV and AC given, an ordinary living alert monster otherwise. */
export function target(ev: number, ac: number, o: Partial<CrTarget> = {}): CrTarget {
  return {
    name: 'target',
    ev,
    ac,
    hd: 3,
    holiness: 'natural',
    resists: [],
    vulnerable: [],
    flies: false,
    waterCreature: false,
    inWater: false,
    orc: false,
    visible: true,
    state: 'alert',
    lowEnergy: false,
    noExp: false,
    ...o,
  };
}
