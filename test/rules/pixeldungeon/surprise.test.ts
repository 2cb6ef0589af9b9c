/**
 * Surprise attacks. Seed 002, "Surprise attack": 100% accuracy against a sleeping enemy, one that
 * has just seen its attacker appear, a paralysed one, or a wandering one. Research note, "Surprise
 * attacks (as implemented)": Mob.defenseSkill is 0 when enemySeen is false or the mob is paralysed;
 * the hero is never surprised in the game.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { ratio } from '../../../src/core/ratio.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import type { Edition } from '../../../src/rules/edition.js';
import { attackOdds, heroAttack, monsterAttack, rollAttack } from '../../../src/rules/pixeldungeon/combat.js';
import { defenderDodge } from '../../../src/rules/pixeldungeon/to-hit.js';
import { heroAccuracy } from '../../../src/rules/pixeldungeon/sheet.js';
import { MELEE, expectFrac, heroDefender, mobDefender, monster, recorder, sheet, silent, tables } from './helpers.js';

const EDITIONS: Edition[] = ['spoiler', 'source'];

describe('a mob\'s dodge is 0 when surprised (both editions)', () => {
  // One row per case of the seed's list, as the game tracks it.
  const rows = [
    { what: 'asleep ("An enemy is sleeping")', o: { state: 'sleeping', enemySeen: false }, reason: 'asleep' },
    { what: 'wandering, not yet noticed its enemy ("is wandering and gets hit")', o: { state: 'wandering', enemySeen: false }, reason: 'wandering' },
    { what: 'hunting but did not see its enemy at its last turn ("has just appeared")', o: { state: 'hunting', enemySeen: false }, reason: 'unseen' },
    { what: 'fleeing and lost sight of its enemy', o: { state: 'fleeing', enemySeen: false }, reason: 'unseen' },
    { what: 'paralysed while hunting and aware ("even when it is actively hunting")', o: { state: 'hunting', enemySeen: true, paralysed: true }, reason: 'paralysed' },
    { what: 'paralysed and asleep: paralysis is named first', o: { state: 'sleeping', enemySeen: false, paralysed: true }, reason: 'paralysed' },
  ] as const;
  it.each(rows)('$what -> dodge 0 ($reason)', ({ o, reason }) => {
    for (const m of tables.monsters) {
      for (const e of EDITIONS) {
        const res = defenderDodge(silent(), mobDefender(m.id, o), e);
        expect(res.dodge.num).toBe(0);
        expect(res.surprise).toBe(reason);
      }
    }
  });
  it('an aware, free mob dodges with its table value', () => {
    for (const m of tables.monsters) {
      for (const e of EDITIONS) {
        const res = defenderDodge(silent(), mobDefender(m.id), e);
        expect(res).toEqual({ dodge: ratio(m.defenseSkill), surprise: null });
      }
    }
  });
});

describe('"Surprise attacks have 100 % accuracy, even on non-assassin classes"', () => {
  it('every hero attack on a surprised mob hits with probability 1, even with accuracy 0', () => {
    // Source edition: a level 1 Warrior (STR 11) with the war hammer (18) has accuracy
    // trunc(10 x 1.2 / 1.5^7) = 0, so it can never hit an aware mob but always hits a sleeping one.
    const weak = sheet({ cls: 'warrior', level: 1, weapon: 'war-hammer' });
    expect(heroAccuracy(silent(), weak, MELEE, 1, 'source').num).toBe(0);
    for (const m of tables.monsters) {
      const asleep = heroAttack(silent(), { sheet: weak, fury: false }, MELEE, mobDefender(m.id, { state: 'sleeping', enemySeen: false }), { edition: 'source', distance: 1 });
      expectFrac(attackOdds(asleep).hit, Fraction.ONE);
      const aware = heroAttack(silent(), { sheet: weak, fury: false }, MELEE, mobDefender(m.id), { edition: 'source', distance: 1 });
      expectFrac(attackOdds(aware).hit, Fraction.ZERO);
    }
  });

  it('rolling a surprise attack draws no hit rolls: the first draw is the armour\'s', () => {
    const s = sheet({ cls: 'warrior', subclass: 'berserker', level: 5, strength: 15, weapon: 'war-hammer' });
    for (const e of EDITIONS) {
      const a = heroAttack(silent(), { sheet: s, fury: false }, MELEE, mobDefender('gnoll-scout', { state: 'wandering', enemySeen: false }), { edition: e, distance: 1 });
      const rng = new ScriptedRng([0, 0]);
      const t = recorder(rng);
      expect(rollAttack(t, a).hit).toBe(true);
      const absorbRange = e === 'spoiler' ? 5 : 3; // armour 0..4 (seed) or 0..2 (game)
      const n = e === 'spoiler' ? 21 : 20; // war hammer 5-25 or 5-24
      expect(rng.ranges).toEqual([absorbRange, 2 * n * n]);
      expect(t.steps.some((st) => st.kind === 'note' && st.text.includes('surprise'))).toBe(true);
    }
  });

  it('monsters surprise each other the same way (a monster attacking a sleeping monster)', () => {
    const a = monsterAttack(silent(), monster('golem'), false, { kind: 'melee' }, mobDefender('dwarf-monk', { state: 'sleeping', enemySeen: false }), { edition: 'source', distance: 1 });
    expectFrac(attackOdds(a).hit, Fraction.ONE);
  });
});

describe('the hero is surprised only in the spoiler edition', () => {
  const hero = sheet({ cls: 'warrior', level: 5, strength: 13, weapon: 'sword', armour: 'mail-armour' });
  it('every monster\'s melee (or sting) against an unaware hero: certain in the spoiler edition, not in the source', () => {
    for (const m of tables.monsters) {
      const kind = m.abilities.some((x) => x.kind === 'ranged-only') ? ({ kind: 'ranged' } as const) : ({ kind: 'melee' } as const);
      const sp = monsterAttack(silent(), m, false, kind, heroDefender(hero, { sawAttacker: false }), { edition: 'spoiler', distance: 2 });
      const so = monsterAttack(silent(), m, false, kind, heroDefender(hero, { sawAttacker: false }), { edition: 'source', distance: 2 });
      expectFrac(attackOdds(sp).hit, Fraction.ONE);
      expect(sp.surprise).toBe('unseen');
      expect(so.surprise).toBeNull();
      // Source: the hero's dodge is 9 (4 + level 5; mail needs 13, STR 13): 1 - 9/(2 x acc) when acc >= 9.
      expect(so.dodge).toEqual(ratio(9));
      const acc = m.attackSkill;
      const expected = acc >= 9 ? Fraction.ONE.sub(Fraction.of(9, 2 * acc)) : Fraction.of(acc, 18);
      expectFrac(attackOdds(so).hit, expected);
    }
  });
  it('mob spells too: the shaman\'s lightning on an unaware hero', () => {
    const shaman = monster('gnoll-shaman');
    const kind = { kind: 'lightning', damage: [2, 11] } as const;
    expectFrac(attackOdds(monsterAttack(silent(), shaman, false, kind, heroDefender(hero, { sawAttacker: false }), { edition: 'spoiler', distance: 3 })).hit, Fraction.ONE);
    // Source: magic doubles 11 to 22 against dodge 9: 1 - 9/44 = 35/44.
    expectFrac(attackOdds(monsterAttack(silent(), shaman, false, kind, heroDefender(hero, { sawAttacker: false }), { edition: 'source', distance: 3 })).hit, Fraction.of(35, 44));
  });
});
