import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { stepsLaw } from '../../../src/core/rule.js';
import { Duel } from '../../../src/game/duel.js';
import { citationText } from '../../../src/game/explain.js';
import { availableRulesets, getRuleset, registerRuleset, unregisterRuleset } from '../../../src/rules/registry.js';
import { heroChoices } from '../../../src/rules/choices.js';
import { themeFor } from '../../../src/tui/theme.js';
import { PLAIN_COLOURS } from '../../../src/rules/colours.js';
import { exactLaw, F, expectFrac } from '../../support/odds.js';
import { COIN_GAME_MODULE, blowSteps } from './coin-game.js';
import { runSteps } from '../../../src/core/rule.js';

/**
 * A fifth ruleset registered from the test folder: a duel is played with it through the same
 * engine, AI and recorder-free loop the four games use, and the screen's colours, citations and
 * hero options fall back to plain ones. Nothing outside the registry had to learn of it.
 */
describe('a toy fifth ruleset, registered from a test', () => {
  const content = loadContent();
  beforeAll(() => registerRuleset(COIN_GAME_MODULE));
  afterAll(() => unregisterRuleset('coin-game'));

  it('is offered beside the four games', () => {
    expect(availableRulesets()).toEqual(['pixel-dungeon', 'angband-3.0.5', 'crawl-4.0b20', 'stone-soup-0.5.2', 'coin-game']);
    expect(getRuleset('coin-game', content, 'spoiler').name).toBe('Coin game');
  });

  it('refuses a second ruleset with the same id', () => {
    expect(() => registerRuleset(COIN_GAME_MODULE)).toThrow('a ruleset "coin-game" is already registered');
    expect(() => unregisterRuleset('angband-3.0.5')).toThrow('"angband-3.0.5" is built in');
  });

  it('plays whole duels to a result, the same duel for the same seed', () => {
    const play = (seed: string) => {
      const d = new Duel({ ruleset: 'coin-game', edition: 'spoiler', seed, hero: { template: 'squire', options: {} }, foe: { template: 'coin-golem', options: {} }, arena: 'pit', heroControl: 'ai', maxTurns: 500, foeState: 'hunting' }, content, { tracing: true });
      let steps = 0;
      while (d.step().kind !== 'over') if (++steps > 10_000) throw new Error('the duel did not end');
      return { winner: d.outcome?.winner, turns: d.gameTurns, hash: d.stateHash(), ledger: d.ruleLedger(0) };
    };
    const outcomes = 'abcdefghijkl'.split('').map(play);
    for (const o of outcomes) expect([0, 1]).toContain(o.winner);
    expect(new Set(outcomes.map((o) => o.winner)).size).toBe(2);
    expect(play('a')).toEqual(outcomes[0]);
    // Every roll of the duel went through the toy's one rule.
    expect(outcomes[0]?.ledger.map(([rule]) => rule)).toEqual(['coin-game#blow']);
  });

  it('its one rule gives the roll, the trace and the law from one definition', () => {
    const law = exactLaw((t) => runSteps(t, blowSteps(2), 0), (v) => v);
    expectFrac(law.get(0) ?? F(0), F(1, 2));
    expectFrac(law.get(2) ?? F(0), F(1, 2));
    expect(stepsLaw(blowSteps(2), 0).entries().map(([v, p]) => [v, p.toString()])).toEqual([
      [0, '1/2'],
      [2, '1/2'],
    ]);
  });

  it('gets plain colours, its own citation text and no hero options', () => {
    expect(themeFor('coin-game').terrain).toEqual(PLAIN_COLOURS.terrain);
    expect(citationText('coin-game#blow')).toBe('the coin game, section "blow"');
    expect(heroChoices(content, 'coin-game')).toMatchObject({ forms: [], statSystems: [], levels: { min: 1, max: 1 } });
  });
});
