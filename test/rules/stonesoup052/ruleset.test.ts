import { describe, expect, it } from 'vitest';
import { stoneSoupCalcReport } from '../../../src/rules/stonesoup052/calc-input.js';
import { loadContent } from '../../../src/content/index.js';
import { Fraction } from '../../../src/core/fraction.js';
import { CrCatalogue } from '../../../src/rules/crawl-family/catalogue.js';
import { blockPlan, heroBlockChance } from '../../../src/rules/stonesoup052/defence.js';
import { NO_SS_EFFECTS } from '../../../src/rules/crawl-family/states.js';

const content = loadContent();
const cat = new CrCatalogue(content.stoneSoup);

/** A 15-Dex, 15-Str human with a shield of the kind and shields skill. */
function shielded(kind: string, skill: number) {
  const h = cat.heroes.get('minotaur-fighter');
  if (!h) throw new Error('no preset');
  const sheet = { ...cat.sheetOf(h, 'new'), species: 'human', str: 15, dex: 15, skills: { shields: skill }, armour: [{ item: kind }], weapon: null };
  return cat.character(sheet, null, { might: 0, invisible: 0, confusingTouch: 0, sureBlade: 0, hunger: 6000, inWater: false, ss: NO_SS_EFFECTS }, 0);
}

describe('Stone Soup shield blocking', () => {
  it.each([
    ['buckler', 0], ['buckler', 8], ['shield', 15], ['large-shield', 27],
  ])('the code\'s block chance for a %s at shields %i equals counting every roll', (kind, skill) => {
    const c = shielded(kind as string, skill as number);
    const plan = blockPlan(c, 'source', false);
    const pierce = 15 + Math.trunc((4 * 2) / 3); // an HD 4 monster, no past blocks
    const bump = (skill as number) < 3 ? 2 * (skill as number) : (skill as number) + 3;
    let hits = 0n;
    let all = 0n;
    const range = (n: number) => (n < 1 ? [0] : Array.from({ length: n }, (_, i) => i));
    for (const a of range(plan.sh)) for (const b of range(plan.stat)) for (const d of range(bump)) for (const con of range(pierce)) {
      all++;
      if (a + Math.trunc(b / 4) + Math.trunc(d / 4) - 1 >= con) hits++;
    }
    expect(heroBlockChance(plan, pierce).equals(Fraction.of(hits, all))).toBe(true);
  });

  it('gives the code\'s SH: base x (20 + shields) / 20 (research section 8 table)', () => {
    expect([0, 8, 15, 27].map((s) => blockPlan(shielded('buckler', s), 'source', false).sh)).toEqual([3, 4, 5, 7]);
    expect([0, 8, 15, 27].map((s) => blockPlan(shielded('large-shield', s), 'source', false).sh)).toEqual([7, 9, 12, 16]);
  });

  it('gives the code\'s mean block values for Dex 15, Str 15 (research section 8)', () => {
    const mean = (k: string, s: number) => Number(blockPlan(shielded(k, s), 'source', false).law.mean().toNumber().toFixed(2));
    expect([0, 8, 15, 27].map((s) => mean('buckler', s))).toEqual([1.4, 2.81, 4.18, 6.67]);
    expect([0, 8, 15, 27].map((s) => mean('large-shield', s))).toEqual([3.4, 5.31, 7.68, 11.17]);
  });

  it('reads the seed\'s buckler examples (0/2/3/5) as the floor of its exact mean', () => {
    const mean = (s: number) => blockPlan(shielded('buckler', s), 'spoiler', false).law.mean().toNumber() / 4;
    expect([0, 8, 15, 27].map((s) => Math.floor(mean(s)))).toEqual([0, 2, 3, 5]);
  });
});

describe('arena calc stone-soup-0.5.2', () => {
  it('reports the assassin\'s stealth and the orc warrior\'s notice chance exactly', () => {
    const r = stoneSoupCalcReport(content, { attacker: 'halfling-assassin', defender: 'orc-warrior', edition: 'source' });
    // 3 x Dex 17 + stealth 10 x 18 + 20 elven cloak + 20 elven boots.
    expect(r.stealth.value).toBe(271);
    expect(r.stealth.description).toBe('Extremely stealthy');
    // Awareness 10 + 4 x 3 + HD 4 = 26; (26 + 1) / 271.
    expect(r.noticing[0]?.awareness).toBe(26);
    expect(r.noticing[0]?.perTurn).toBe(Fraction.of(27, 271).percent(2));
    const spoiler = stoneSoupCalcReport(content, { attacker: 'halfling-assassin', defender: 'orc-warrior', edition: 'spoiler' });
    expect(spoiler.noticing[1]?.awareness).toBe(41);
    expect(spoiler.stabs.find((s) => s.state === 'asleep')?.stabChance).toBe('100.00%');
  });

  it('refuses an unknown hero or monster by name', () => {
    expect(() => stoneSoupCalcReport(content, { attacker: 'nobody', defender: 'orc-warrior', edition: 'source' })).toThrow(/--attacker: unknown hero "nobody"/);
    expect(() => stoneSoupCalcReport(content, { attacker: 'halfling-assassin', defender: 'balrog', edition: 'source' })).toThrow(/--defender: unknown monster "balrog"/);
  });
});
