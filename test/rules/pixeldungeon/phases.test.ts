/**
 * The phase functions called on their own, with a context of the tables and fighters built by
 * the ruleset: no duel and no ruleset object around them.
 */
import { describe, expect, it } from 'vitest';
import { heroRules, monsterRules, pdContext } from '../../../src/rules/pixeldungeon/context.js';
import { createPixelDungeon } from '../../../src/rules/pixeldungeon/index.js';
import { turnStart, onDamaged } from '../../../src/rules/pixeldungeon/upkeep.js';
import { fighterView } from '../../support/views.js';
import { recorder, tables } from './helpers.js';

const rs = createPixelDungeon(tables, 'spoiler');
const c = pdContext(tables, 'spoiler');

describe('phase functions on their own', () => {
  it('a hero and a monster carry their own typed state', () => {
    const hero = fighterView(rs, 1, 'berserker', 0);
    const brute = fighterView(rs, 2, 'gnoll-brute', 1);
    expect(heroRules(hero)).toMatchObject({ kind: 'pd-hero', subclass: 'berserker' });
    expect(monsterRules(hero)).toBeUndefined();
    expect(monsterRules(brute)).toMatchObject({ kind: 'pd-monster', monster: 'gnoll-brute', enraged: false, stolen: null });
  });

  it('onDamaged: a brute below a quarter of its hit points becomes enraged, through a typed patch', () => {
    const brute = fighterView(rs, 2, 'gnoll-brute', 1, { hp: 1 });
    const effects = onDamaged(c, recorder(), brute, 5, 6, 0);
    expect(effects).toContainEqual({ kind: 'rules', target: 2, patch: { enraged: true } });
  });

  it('turnStart: fury fades once a Berserker is above 40% of its hit points', () => {
    const hero = fighterView(rs, 1, 'berserker', 0, { statuses: [{ kind: 'fury' }] });
    const start = turnStart(recorder(), hero, 0);
    expect(start.skip).toBe(false);
    expect(start.effects).toContainEqual({ kind: 'remove-status', target: 1, status: 'fury' });
  });
});
