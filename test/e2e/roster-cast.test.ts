import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fraction } from '../../src/core/fraction.js';
import { Distribution } from '../../src/core/distribution.js';
import { registerRuleset, unregisterRuleset, type RulesetModule } from '../../src/rules/registry.js';
import type { AttackOption, Ruleset } from '../../src/rules/ruleset.js';
import { type CoinState, createCoinGame } from '../rules/toy/coin-game.js';
import { defaultSetup, type Harness, startHarness } from '../support/tui-harness.js';

/**
 * Steering a monster whose attack options include spells: the fire key offers the spells at a
 * target and those on oneself; one on oneself is cast at once, at the caster's own cell, with no
 * target cursor. A toy ruleset (the coin game with a mend and a bolt for its monsters) stands in
 * for a game's spells, so that only the screen's handling is under test.
 */

const MEND: AttackOption = { id: 'spell:mend', label: 'mend (heal 2)', kind: 'self', byRuleOnly: true };
const BOLT: AttackOption = { id: 'spell:bolt', label: 'bolt', kind: 'projectile', byRuleOnly: true };

const CASTING: RulesetModule = {
  id: 'coin-casting',
  seedDocument: 'the coin game',
  monsterVsMonster: true,
  create: (_tables, edition) => {
    const base = createCoinGame(edition);
    const casting: Ruleset<CoinState> = {
      ...base,
      id: 'coin-casting',
      attackOptions: (f) => [...base.attackOptions(f), ...(f.fighter.kind === 'monster' ? [BOLT, MEND] : [])],
      canUse: (o, distance) => o.kind !== 'melee' || distance <= 1,
      resolveAttack(t, attacker, defender, option, ctx) {
        if (option.kind !== 'self') return base.resolveAttack(t, attacker, defender, option, ctx);
        return {
          hit: true,
          damage: 0,
          blows: [],
          effects: [{ kind: 'heal', target: attacker.id, amount: 2, cause: 'mend' }],
          cost: 10,
          summary: `${attacker.fighter.name} mends`,
          odds: Fraction.ONE,
        };
      },
      previewAttack: (a, d, o, ctx) => (o.kind === 'self' ? { label: o.label, hit: Fraction.ONE, damage: Distribution.constant(0), expected: Fraction.ZERO, perTurn: Fraction.ONE, notes: [] } : base.previewAttack(a, d, o, ctx)),
    };
    return casting;
  },
};

let h: Harness | undefined;
beforeAll(() => registerRuleset(CASTING));
afterAll(() => unregisterRuleset('coin-casting'));
afterEach(() => {
  h?.destroy();
  h = undefined;
});

describe('a steered monster casting', () => {
  it('the fire key lists its spells, at a target and on itself; the one on itself is cast at once', async () => {
    h = await startHarness({ save: false, setup: defaultSetup({ ruleset: 'coin-casting', hero: { template: 'coin-golem', options: {} }, foe: { template: 'coin-golem', options: {} }, arena: 'pit' }) });
    const s = h.app.session;
    const d = s.duel;
    d.hero.body!.hp = 1;
    const at = { ...d.hero.pos! };
    const turn = d.turn;
    await h.press('f');
    expect(s.ui.kind).toBe('choose-ranged');
    const text = h.lines().join('\n');
    expect(text).toContain('bolt');
    expect(text).toContain('mend (heal 2)');
    // The second letter: the mend, on itself.
    await h.press('b');
    expect(s.ui.kind).not.toBe('target');
    expect(d.turn).toBeGreaterThan(turn);
    expect(d.hero.body!.hp).toBe(3);
    expect(d.hero.pos).toEqual(at);
    expect(s.status).toBe('');
    expect(h.lines().join('\n')).toContain('coin golem mends');
  });

  it('a target spell still opens the target cursor', async () => {
    h = await startHarness({ save: false, setup: defaultSetup({ ruleset: 'coin-casting', hero: { template: 'coin-golem', options: {} }, foe: { template: 'coin-golem', options: {} }, arena: 'pit' }) });
    await h.press('f', 'a');
    expect(h.app.session.ui.kind).toBe('target');
  });
});

describe('a steered Angband monster casting its own spells', () => {
  const angband = (hero: string) => defaultSetup({ ruleset: 'angband-3.0.5', hero: { template: hero, options: {} }, foe: { template: 'jackal', options: {} } });

  it('the Poltergeist, whose one spell is BLINK: the fire key blinks it at once', async () => {
    h = await startHarness({ save: false, setup: angband('poltergeist') });
    const d = h.app.session.duel;
    const at = { ...d.hero.pos! };
    const turn = d.turn;
    await h.press('f');
    expect(h.app.session.ui.kind).toBe('main');
    expect(d.turn).toBeGreaterThan(turn);
    expect(d.hero.pos).not.toEqual(at);
    expect(d.traces.some((t) => t.actor === d.heroId && /blink/.test(t.title))).toBe(true);
  });

  it('a Novice priest: the list holds its curse, its scare and its heal; the heal is cast at once', async () => {
    h = await startHarness({ save: false, setup: angband('novice-priest-2') });
    const s = h.app.session;
    const d = s.duel;
    d.hero.body!.hp = 5;
    await h.press('f');
    expect(s.ui.kind).toBe('choose-ranged');
    // Its spells in the ruleset's order, each under its letter: CAUSE_1 and SCARE at a target, HEAL on itself.
    const spells = d.ruleset.attackOptions(d.view(d.hero)).filter((o) => o.kind !== 'melee');
    expect(spells.map((o) => [o.id, o.kind])).toEqual([
      ['spell:cause-1', 'projectile'],
      ['spell:scare', 'projectile'],
      ['spell:heal', 'self'],
    ]);
    const list = h.lines().join('\n');
    spells.forEach((o, i) => expect(list).toContain(`${String.fromCharCode(97 + i)}) ${o.label}`));
    await h.press('c');
    expect(s.ui.kind).toBe('main');
    // HEAL: rlev * 6 hit points, here level 2: 12, up to the maximum.
    expect(d.hero.body!.hp).toBe(Math.min(d.hero.body!.maxHp, 5 + 12));
  });
});
