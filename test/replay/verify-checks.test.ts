import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { parseReplay, ReplayError } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { duelSetup, editLine, lines, type Recorded, recordDuel, removeTempDirs, tempDir } from './duels.js';

/**
 * Verify checks everything a replay records (issue 17, fault 9): each turn's game time, its rule
 * ledger and the header's fighters, besides the commands, draws and checkpoints; a __proto__ key
 * anywhere is refused, not dropped; and an error about a huge header stays readable.
 */

afterAll(removeTempDirs);
const content = loadContent();
const FILE = 'checked.jsonl';

let rec: Recorded;
beforeAll(() => {
  rec = recordDuel(duelSetup({ seed: 'verify-checks', arena: 'pit', foeState: 'hunting' }), content, tempDir(), { tracing: true });
  expect(rec.end).not.toBeNull();
  expect(rec.records.length).toBeGreaterThan(8);
});

/** A turn of the recording whose rule ledger names at least one rule. */
const ruledTurn = (): number => rec.records.findIndex((r) => (r.rules?.length ?? 0) > 0) + 1;

describe('verify checks everything it records', () => {
  it('the untouched recording verifies (the baseline)', () => {
    const v = verifyReplay(parseReplay(FILE, rec.text()), content);
    expect(v.ok).toBe(true);
  });

  it("a turn's game time changed (checkpoint, draws and command untouched) fails at that turn", () => {
    const text = editLine(rec.text(), 5, (v) => (v['time'] = (v['time'] as number) + 1000));
    const v = verifyReplay(parseReplay(FILE, text), content);
    expect(v.ok).toBe(false);
    expect(v.divergence).toEqual({
      turn: 5,
      expected: `game time ${(rec.records[4]?.time ?? 0) + 1000}`,
      actual: `game time ${rec.records[4]?.time}`,
      detail: 'the turn was taken at another game time than recorded',
    });
  });

  it.each([
    ['a rule renamed', (r: [string, number][]) => ((r[0] as [string, number])[0] = 'pixel-dungeon#made-up'), /pixel-dungeon#made-up rolled where|rolled where the recording has pixel-dungeon#made-up/],
    ['a roll count changed', (r: [string, number][]) => ((r[0] as [string, number])[1] += 1), /rolled \d+ times \(recorded \d+\)/],
    ['a rule added', (r: [string, number][]) => r.push(['pixel-dungeon#hit-test', 1]), /recorded 1 rolls\) did not roll at all/],
    ['every rule removed', (r: [string, number][]) => r.splice(0), /rolled \d+ times where the recording has no more rolls/],
  ])("a turn's rule ledger with %s (draws and checkpoint untouched) fails at that turn, naming the rule", (_what, edit, detail) => {
    const t = ruledTurn();
    const text = editLine(rec.text(), t, (v) => edit(v['r'] as [string, number][]));
    const v = verifyReplay(parseReplay(FILE, text), content);
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(t);
    expect(v.divergence?.detail).toMatch(/^the rule ledger differs although the draws and checkpoint match: /);
    expect(v.divergence?.detail).toMatch(detail);
  });

  it("the header's fighters changed fails before the first turn, in verify and in playback", () => {
    const text = editLine(rec.text(), 0, (v) => (v['fighters'] = ['Someone Else', 'gnoll scout']));
    const v = verifyReplay(parseReplay(FILE, text), content);
    expect(v.ok).toBe(false);
    expect(v.divergence).toEqual({ turn: 0, expected: '"Someone Else" vs "gnoll scout"', actual: '"Warrior" vs "gnoll scout"', detail: "the header's fighters are not the fighters its setup builds" });
    const p = ReplayPlayer.load(parseReplay(FILE, text), content);
    expect(p.divergence?.detail).toBe("the header's fighters are not the fighters its setup builds");
    expect(p.length).toBe(0);
  });

  it.each([
    ['in a fighter\'s options', 0, (v: Record<string, unknown>) => (((v['setup'] as Record<string, Record<string, unknown>>)['hero'] as Record<string, unknown>)['options'] = JSON.parse('{"__proto__":{"level":30}}')), '$.setup.hero.options.__proto__'],
    ['in the draws of a turn', 3, (v: Record<string, unknown>) => (v['d'] = JSON.parse('{"__proto__":{},"combat":0,"ai":0,"mapgen":0,"setup":0}')), '$.d.__proto__'],
    ['in a command', 2, (v: Record<string, unknown>) => (v['c'] = JSON.parse('{"type":"wait","__proto__":{"type":"move"}}')), '$.c.__proto__'],
  ])('a __proto__ key %s is refused at its line with its path, not dropped', (_where, line, edit, path) => {
    const text = editLine(rec.text(), line, edit);
    expect(lines(text)[line]).toContain('"__proto__"');
    expect(() => parseReplay(FILE, text)).toThrow(new ReplayError(`${FILE}:${line + 1}: a "__proto__" key is not a field of a replay (${path})`));
  });
});

describe('an error about a huge header is cut to a readable length', () => {
  it.each([
    ['an unknown key of 60,000 characters', (v: Record<string, unknown>) => (v['k'.repeat(60_000)] = 1)],
    ['a seed of 60,000 characters disagreeing with the setup', (v: Record<string, unknown>) => (v['seed'] = 's'.repeat(60_000))],
    ['a ruleset of 60,000 characters', (v: Record<string, unknown>) => (v['ruleset'] = 'r'.repeat(60_000))],
  ])('%s', (_what, edit) => {
    const text = editLine(rec.text(), 0, edit);
    let message = '';
    try {
      parseReplay(FILE, text);
    } catch (e) {
      expect(e).toBeInstanceOf(ReplayError);
      message = (e as Error).message;
    }
    expect(message.startsWith(`${FILE}:1: `)).toBe(true);
    expect(message.length).toBeLessThan(500);
  });
});
