import { describe, expect, it } from 'vitest';
import { type DuelFacts, epitaphs } from '../../src/game/epitaph.js';

const base: DuelFacts = { winner: 0, luck: [0.5, 0.5], hero: { hp: 10, maxHp: 20 }, foe: { hp: 0, maxHp: 20, name: 'orc' }, doors: false, played: true };
const f = (o: Partial<DuelFacts>): DuelFacts => ({ ...base, ...o });

describe('the end screen line says only what is true of the duel', () => {
  it.each<[string, DuelFacts, string[], string[]]>([
    // what, facts, lines that must be offered, lines that must not
    ['a lucky win', f({ luck: [0.9, 0.5] }), ['The dice were kind.'], ['Won against the dice.']],
    // The fault seen: "The dice were kind." beside "luck: you 1%".
    ['an unlucky win', f({ luck: [0.01, 0.5] }), ['Won against the dice.'], ['The dice were kind.']],
    ['a win with 2 HP left', f({ hero: { hp: 2, maxHp: 20 } }), ['A narrow win: 2 HP left.'], ['A clean win.']],
    ['a win untouched', f({ hero: { hp: 20, maxHp: 20 } }), ['A clean win.'], ['A narrow win: 20 HP left.']],
    ['a watched win', f({ played: false }), ['Every roll is in the rules pane.'], ['Well fought.']],
    ['an unlucky loss', f({ winner: 1, luck: [0.2, 0.5], hero: { hp: 0, maxHp: 20 }, foe: { hp: 15, maxHp: 20, name: 'orc' } }), ['The dice were not kind.'], ['Even kind dice were not enough.']],
    ['a loss to a lucky foe', f({ winner: 1, luck: [0.5, 0.95], hero: { hp: 0, maxHp: 20 }, foe: { hp: 15, maxHp: 20, name: 'orc' } }), ['The dice were not kind.'], []],
    ['a loss with kind dice', f({ winner: 1, luck: [0.8, 0.5], hero: { hp: 0, maxHp: 20 }, foe: { hp: 15, maxHp: 20, name: 'orc' } }), ['Even kind dice were not enough.'], ['The dice were not kind.']],
    ['a near thing', f({ winner: 1, hero: { hp: 0, maxHp: 20 }, foe: { hp: 3, maxHp: 20, name: 'orc' } }), ['So close: the orc had 3 HP left.'], []],
    // The fault seen: "Try the door strategy." in an arena without doors.
    ['a loss with no doors', f({ winner: 1, doors: false, hero: { hp: 0, maxHp: 20 } }), [], ['Try the door strategy: close a door between you.']],
    ['a loss with doors', f({ winner: 1, doors: true, hero: { hp: 0, maxHp: 20 } }), ['Try the door strategy: close a door between you.'], []],
    ['a watched loss with doors', f({ winner: 1, doors: true, played: false, hero: { hp: 0, maxHp: 20 } }), [], ['Try the door strategy: close a door between you.']],
    ['no attack made', f({ luck: [null, null] }), [], ['The dice were kind.', 'Won against the dice.']],
    ['a draw', f({ winner: null }), ['Neither side gave way.'], ['The dice were kind.']],
  ])('%s', (_what, facts, offered, never) => {
    const lines = epitaphs(facts);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of offered) expect(lines).toContain(l);
    for (const l of never) expect(lines).not.toContain(l);
  });
});
