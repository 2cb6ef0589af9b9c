/**
 * Shared helpers for the Angband rule tests: build characters and targets from the real data.
 * Nothing here computes an expected number.
 */
import { loadContent } from '../../../src/content/index.js';
import { type Target, monsterTarget } from '../../../src/rules/angband305/attacks.js';
import { AngCatalogue, type GearData } from '../../../src/rules/angband305/catalogue.js';
import { type AngCharacter, type AngEffects, NO_EFFECTS } from '../../../src/rules/angband305/sheet.js';
import { parseStat } from '../../../src/rules/angband305/stats.js';
import type { AngClassId, AngItemSpec, AngMonster, AngMonsterFlag } from '../../../src/rules/angband305/types.js';

export { F, exactLaw, expectFrac, editionIds, recorder, silent, NO_DRAWS } from '../../support/odds.js';

export const tables = loadContent().angband;
export const cat = new AngCatalogue(tables);

export interface CharSpec {
  cls: AngClassId;
  race?: string;
  level: number;
  str?: string;
  dex?: string;
  con?: string;
  wis?: string;
  weapon?: AngItemSpec;
  bow?: AngItemSpec;
  body?: AngItemSpec;
  shield?: AngItemSpec;
  worn?: AngItemSpec[];
  effects?: Partial<AngEffects>;
}

/** A character from a short spec (stats default to 10; no equipment unless given). */
export function char(s: CharSpec): AngCharacter {
  const stat = (v: string | undefined) => parseStat(v ?? '10');
  const gear: GearData = {
    weapon: s.weapon ? cat.stackOf(s.weapon) : null,
    bow: s.bow ? cat.stackOf(s.bow) : null,
    body: s.body ? cat.stackOf(s.body) : null,
    shield: s.shield ? cat.stackOf(s.shield) : null,
    worn: (s.worn ?? []).map((w) => cat.stackOf(w)),
  };
  return cat.character(cat.cls(s.cls), cat.race(s.race ?? 'human'), s.level, { str: stat(s.str), dex: stat(s.dex), con: stat(s.con), wis: stat(s.wis) }, gear, {
    ...NO_EFFECTS,
    ...s.effects,
  });
}

export const monster = (id: string): AngMonster => cat.monster(id);

/** A target of this AC and these flags, seen or not. */
export function target(ac: number, flags: readonly AngMonsterFlag[] = [], visible = true): Target {
  return monsterTarget({ ac, flags }, visible);
}
