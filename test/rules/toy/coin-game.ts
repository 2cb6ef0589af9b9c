import { Distribution } from '../../../src/core/distribution.js';
import type { Edition } from '../../../src/rules/edition.js';
import { Fraction } from '../../../src/core/fraction.js';
import { uniformDie, runSteps, step, stepsLaw, NO_DIE, type Step } from '../../../src/core/rule.js';
import type { Tracer } from '../../../src/core/trace.js';
import type { RulesetModule } from '../../../src/rules/registry.js';
import type { FighterInit, FighterSpec, FighterView, Ruleset } from '../../../src/rules/ruleset.js';

/**
 * A fifth ruleset, written entirely here: a one-rule toy game. Each blow is a coin flip; heads
 * deals the attacker's might in damage. It is registered from the test, and nothing outside the
 * registry knows of it.
 */

export type CoinState = { readonly might: number };

const FIGHTERS: Readonly<Record<string, { name: string; kind: 'hero' | 'monster'; hp: number; might: number; glyph: string }>> = {
  squire: { name: 'Squire', kind: 'hero', hp: 4, might: 1, glyph: '@' },
  'coin-golem': { name: 'coin golem', kind: 'monster', hp: 4, might: 1, glyph: 'g' },
};

const CITE = 'coin-game#blow';

/** The game's one rule, written once: flip a coin, then heads deals the attacker's might. */
export const blowSteps = (might: number): readonly Step[] => [
  step('coin', uniformDie(0, 1, 'a coin'), (_x, r) => r, 'heads is 1'),
  step('damage', NO_DIE, (x) => x * might, `x might ${might}`),
];

export function createCoinGame(edition: Edition): Ruleset<CoinState> {
  const build = (spec: FighterSpec): FighterInit<CoinState> => {
    const f = Object.hasOwn(FIGHTERS, spec.template) ? FIGHTERS[spec.template] : undefined;
    if (!f) throw new Error(`unknown fighter "${spec.template}"`);
    return {
      fighter: { name: f.name, kind: f.kind, templateId: spec.template, flying: false, opensDoors: true },
      glyph: { ch: f.glyph, colour: 'white' },
      body: { hp: f.hp, maxHp: f.hp },
      inventory: { weapon: null, armour: null, pack: [] },
      statuses: [],
      rules: { might: f.might },
      aiMode: 'hunting',
    };
  };
  const blow = (t: Tracer, a: FighterView<CoinState>) => {
    t.rule(CITE, 'a blow');
    return runSteps(t, blowSteps(a.rules.might), 0);
  };
  return {
    id: 'coin-game',
    name: 'Coin game',
    description: 'A one-rule toy: every blow is a coin flip.',
    divergences: [],
    edition,
    ticksPerTurn: 10,
    energyThreshold: 10,
    defaultHero: 'squire',
    defaultFoe: 'coin-golem',
    catalog: () => Object.entries(FIGHTERS).map(([id, f]) => ({ id, name: f.name, kind: f.kind, description: `${f.hp} HP, might ${f.might}` })),
    buildFighter: (spec) => build(spec),
    energyGain: () => 10,
    viewRadius: () => 8,
    actionCost: () => 10,
    turnStart: () => ({ skip: false, cost: 10, effects: [] }),
    nextStatusTime: () => undefined,
    statusTick: () => [],
    attackOptions: () => [{ id: 'melee', label: 'strike', kind: 'melee' }],
    canUse: (o, distance) => o.kind === 'melee' && distance <= 1,
    resolveAttack(t, attacker, defender) {
      const damage = blow(t, attacker);
      const odds = Fraction.of(1, 2);
      return {
        hit: damage > 0,
        damage,
        blows: [{ label: 'strike', hit: damage > 0, damage, tags: [] }],
        effects: damage > 0 ? [{ kind: 'damage', target: defender.id, amount: damage, cause: attacker.fighter.name, source: attacker.id }] : [],
        cost: 10,
        summary: damage > 0 ? `${attacker.fighter.name} hits ${defender.fighter.name} for ${damage}` : `${attacker.fighter.name} misses`,
        odds,
      };
    },
    previewAttack(attacker) {
      const law = stepsLaw(blowSteps(attacker.rules.might), 0);
      return { label: 'strike', hit: law.probAtLeast(1), damage: Distribution.constant(attacker.rules.might), expected: law.mean(), perTurn: Fraction.ONE, notes: [] };
    },
    attackCost: () => 10,
    missileLanded: () => [],
    notice: () => ({ noticed: true, effects: [] }),
    noticeChance: () => ({ chance: Fraction.ONE, describe: 'always' }),
    onDamaged: () => [],
    onDeath: () => [],
    usableItems: () => [],
    useItem: () => ({ error: 'nothing to use' }),
    itemName: (item) => item,
    itemGlyph: () => ({ ch: '?', colour: 'white' }),
    equipsOnPickup: () => false,
    ai: { profile: () => ({ keepsDistance: false }) },
    panel: {
      describeFighter: (f) => [`might ${f.rules.might}`],
      recall: (subject) => [{ title: subject.fighter.name, lines: [`might ${subject.rules.might}`] }],
    },
  };
}

export const COIN_GAME_MODULE: RulesetModule = {
  id: 'coin-game',
  seedDocument: 'the coin game',
  create: (_tables, edition) => createCoinGame(edition),
};
