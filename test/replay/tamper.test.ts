import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { parseReplay, ReplayError } from '../../src/replay/format.js';
import { verifyReplay, type VerifyResult } from '../../src/replay/verify.js';
import { describeCommand, type Command } from '../../src/systems/commands.js';
import { editLine, findDuel, join_, lines, type Recorded, removeTempDirs, wonInATurn } from './duels.js';

/**
 * A recorded duel changed in one place must fail verification at the turn that was changed,
 * saying what was expected and what was found.
 */

afterAll(removeTempDirs);

const content = loadContent();
const FILE = 'tampered.jsonl';

function verifyText(text: string): VerifyResult {
  return verifyReplay(parseReplay(FILE, text), content);
}

function expectFailAt(v: VerifyResult, turn: number): NonNullable<VerifyResult['divergence']> {
  expect(v.ok).toBe(false);
  expect(v.divergence?.turn).toBe(turn);
  expect(v.turns).toBe(turn - 1);
  return v.divergence as NonNullable<VerifyResult['divergence']>;
}

function parseError(text: string): string {
  try {
    parseReplay(FILE, text);
  } catch (e) {
    expect(e).toBeInstanceOf(ReplayError);
    return (e as Error).message;
  }
  throw new Error('expected a ReplayError');
}

/** A different command of the same fighter: wait for anything else, a move otherwise. */
function otherCommand(c: Command | null): Command {
  if (c?.type === 'move') return { type: 'move', dir: c.dir === 'n' ? 's' : 'n' };
  if (c?.type === 'wait') return { type: 'move', dir: 'n' };
  return { type: 'wait' };
}

describe.each([
  ['AI against AI', 'ai'],
  ['a player-controlled hero', 'player'],
] as const)('tampering with a replay of %s', (_name, heroControl) => {
  let rec: Recorded;
  let text: string;
  /** A turn in the middle played by the hero, and one played by the foe. */
  let heroTurn: number;
  let foeTurn: number;

  beforeAll(() => {
    rec = findDuel(
      content,
      { seed: `tamper-${heroControl}`, heroControl, hero: { template: 'rogue', options: {} }, foe: { template: 'gnoll-scout', options: {} }, arena: 'hall', maxTurns: 300 },
      (r) => wonInATurn(r) && r.records.length >= 16,
      'of 16 turns or more, won in a recorded turn',
    );
    text = rec.text();
    const mid = Math.floor(rec.records.length / 2);
    const from = (who: number) => rec.records.find((r) => r.turn >= mid && r.actor === who && r.command?.type !== 'skip')?.turn;
    heroTurn = from(rec.duel.heroId) ?? 0;
    foeTurn = from(rec.duel.foeId) ?? 0;
    expect(heroTurn).toBeGreaterThan(1);
    expect(foeTurn).toBeGreaterThan(1);
  });

  it('the untouched replay verifies (the baseline for the cases below)', () => {
    const v = verifyText(text);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(rec.records.length);
  });

  it('one changed hero command fails at that turn', () => {
    const original = rec.records[heroTurn - 1]?.command ?? null;
    const changed = otherCommand(original);
    const d = expectFailAt(verifyText(editLine(text, heroTurn, (v) => (v['c'] = changed))), heroTurn);
    if (heroControl === 'ai') expect(d.detail).toMatch(/the AI chose differently/);
    else expect(d.detail).toMatch(/checkpoint differs|the recorded command is impossible here/);
  });

  it('one changed foe command fails at that turn (the AI disagrees)', () => {
    const changed = otherCommand(rec.records[foeTurn - 1]?.command ?? null);
    const d = expectFailAt(verifyText(editLine(text, foeTurn, (v) => (v['c'] = changed))), foeTurn);
    expect(d.detail).toMatch(/the AI chose differently/);
  });

  it('an impossible command fails at that turn', () => {
    const d = expectFailAt(verifyText(editLine(text, heroTurn, (v) => (v['c'] = { type: 'use', item: 'elixir-of-life' }))), heroTurn);
    expect(d.detail).toMatch(heroControl === 'player' ? /impossible here: you have no elixir-of-life to use/ : /the AI chose differently/);
  });

  it('one changed checkpoint hash fails at that turn, showing both hashes', () => {
    const t = foeTurn;
    const real = rec.records[t - 1]?.hash as string;
    const fake = real.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const d = expectFailAt(verifyText(editLine(text, t, (v) => (v['h'] = fake))), t);
    expect(d.expected).toBe(fake);
    expect(d.actual).toBe(real);
  });

  it('one changed draw count fails at that turn', () => {
    const t = heroTurn;
    const v = verifyText(
      editLine(text, t, (line) => {
        const d = line['d'] as Record<string, number>;
        d['combat'] = (d['combat'] ?? 0) + 1;
      }),
    );
    expectFailAt(v, t);
    expect(v.divergence?.detail).toMatch(/combat/);
  });

  it('a changed acting fighter fails at that turn', () => {
    const t = heroTurn;
    const d = expectFailAt(verifyText(editLine(text, t, (v) => (v['a'] = rec.duel.foeId))), t);
    expect(d.detail).toMatch(/a different fighter acts/);
  });

  it('a changed seed in the duel setup alone is refused at line 1: it disagrees with the header', () => {
    expect(() => verifyText(editLine(text, 0, (h) => ((h['setup'] as Record<string, unknown>)['seed'] = 'another seed')))).toThrow(
      /:1: header seed .* disagrees with setup\.seed/,
    );
  });

  it('a changed seed in both header and setup fails at turn 1', () => {
    const edited = editLine(text, 0, (h) => {
      h['seed'] = 'another seed';
      (h['setup'] as Record<string, unknown>)['seed'] = 'another seed';
    });
    const d = expectFailAt(verifyText(edited), 1);
    const first = rec.records[0];
    // Whichever check trips first: the actor, the AI's choice or the checkpoint of turn 1.
    expect([`actor ${first?.actor}`, first?.command ? describeCommand(first.command) : 'no action', first?.hash]).toContain(d.expected);
  });

  it('a changed seed in the header (the one people read) does not pass unnoticed', () => {
    const tampered = editLine(text, 0, (h) => (h['seed'] = 'another seed'));
    let outcome: string;
    try {
      const v = verifyText(tampered);
      outcome = v.ok ? 'accepted' : `refused at turn ${v.divergence?.turn}`;
    } catch (e) {
      outcome = e instanceof ReplayError && /:1: .*seed/.test(e.message) ? 'refused at line 1' : `threw ${String(e)}`;
    }
    expect(outcome).toMatch(/^refused at (turn 1|line 1)$/);
  });

  it('a changed arena in the header (disagreeing with the setup) does not pass unnoticed', () => {
    const tampered = editLine(text, 0, (h) => (h['arena'] = 'pit'));
    let outcome: string;
    try {
      const v = verifyText(tampered);
      outcome = v.ok ? 'accepted' : 'refused';
    } catch (e) {
      outcome = e instanceof ReplayError && /:1: .*arena/.test(e.message) ? 'refused' : `threw ${String(e)}`;
    }
    expect(outcome).toBe('refused');
  });

  it('a deleted middle line is refused, naming the line and the missing turn', () => {
    const t = heroTurn;
    const ls = lines(text);
    ls.splice(t, 1);
    expect(parseError(join_(ls))).toBe(`${FILE}:${t + 1}: expected turn ${t}, found turn ${t + 1}`);
  });

  it('two swapped lines are refused, naming the first', () => {
    const t = foeTurn;
    const ls = lines(text);
    [ls[t], ls[t + 1]] = [ls[t + 1] as string, ls[t] as string];
    expect(parseError(join_(ls))).toBe(`${FILE}:${t + 1}: expected turn ${t}, found turn ${t + 1}`);
  });

  it('a deleted last turn (before the end record) fails: the recorded outcome is not reached', () => {
    const ls = lines(text);
    expect(ls[ls.length - 1]).toMatch(/^\{"end":/);
    ls.splice(ls.length - 2, 1);
    const v = verifyText(join_(ls));
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(rec.records.length - 1);
    expect(v.divergence?.detail).toMatch(/outcome differs/);
  });

  it('a changed winner in the end record fails', () => {
    const ls = lines(text);
    const v = verifyText(editLine(text, ls.length - 1, (e) => ((e['end'] as Record<string, unknown>)['winner'] = null)));
    expect(v.ok).toBe(false);
    expect(v.divergence?.detail).toMatch(/outcome differs/);
  });

  it('a changed reason or time in the end record fails', () => {
    const ls = lines(text);
    const reason = verifyText(editLine(text, ls.length - 1, (e) => ((e['end'] as Record<string, unknown>)['reason'] = 'the hero fled')));
    const time = verifyText(editLine(text, ls.length - 1, (e) => ((e['end'] as Record<string, unknown>)['time'] = 999)));
    expect({ reason: reason.ok, time: time.ok }).toEqual({ reason: false, time: false });
  });

  it('an extra turn appended after the last one fails at that turn', () => {
    const ls = lines(text);
    const end = ls.pop() as string;
    const last = JSON.parse(ls[ls.length - 1] as string) as Record<string, unknown>;
    ls.push(JSON.stringify({ ...last, t: rec.records.length + 1 }));
    ls.push(end.replace(/"turn":\d+/, `"turn":${rec.records.length + 1}`));
    const v = verifyText(join_(ls));
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(rec.records.length + 1);
    expect(v.divergence?.detail).toMatch(/the duel ended after turn/);
  });
});
