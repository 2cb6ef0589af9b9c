import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { parseReplay, ReplayError, turnLine } from '../../src/replay/format.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { findDuel, join_, lines, type Recorded, removeTempDirs, wonInATurn } from './duels.js';

afterAll(removeTempDirs);

const content = loadContent();
const FILE = 'saves/some-duel.jsonl';
/** "file:line: " or "file:line:column: ", as error messages start. */
const at = (line: number | string) => new RegExp(`^${FILE.replace(/[./]/g, '\\$&')}:${line}(:\\d+)?: `);

function replayError(text: string): string {
  try {
    parseReplay(FILE, text);
  } catch (e) {
    expect(e).toBeInstanceOf(ReplayError);
    const msg = (e as Error).message;
    expect(msg).not.toMatch(/\n/);
    return msg;
  }
  throw new Error(`expected ${JSON.stringify(text.slice(0, 60))} to be refused`);
}

let rec: Recorded;
let text: string;

beforeAll(() => {
  rec = findDuel(content, { seed: 'format', foe: { template: 'albino-rat', options: {} }, arena: 'rooms', maxTurns: 300 }, (r) => wonInATurn(r) && r.records.length >= 8, 'of 8 turns or more, won in a recorded turn');
  text = rec.text();
});

describe('the file as written', () => {
  it('is a header line, one line per turn and an end line, each ending in a newline', () => {
    const ls = lines(text);
    expect(text.endsWith('\n')).toBe(true);
    expect(ls).toHaveLength(rec.records.length + 2);
    expect(JSON.parse(ls[0] as string)).toEqual(rec.header);
    rec.records.forEach((r, i) => expect(`${ls[i + 1]}\n`).toBe(turnLine(r)));
    expect(JSON.parse(ls[ls.length - 1] as string)).toEqual({ end: rec.end });
  });

  it('reads back what was recorded', () => {
    const r = parseReplay(FILE, text);
    expect(r.file).toBe(FILE);
    expect(r.header).toEqual(rec.header);
    expect(r.turns).toEqual(rec.records);
    expect(r.end).toEqual(rec.end);
    expect(r.truncated).toBe(false);
  });

  it('reads a copy with Windows line endings the same way', () => {
    const r = parseReplay(FILE, text.replace(/\n/g, '\r\n'));
    expect(r.turns).toEqual(rec.records);
    expect(r.end).toEqual(rec.end);
  });
});

describe('a writer killed mid-line', () => {
  it('a last line cut short still verifies up to the last whole turn, with a warning', () => {
    const ls = lines(text);
    ls.pop(); // the end record was never written
    const last = ls.pop() as string;
    const cut = `${join_(ls)}${last.slice(0, Math.floor(last.length / 2))}`;
    const r = parseReplay(FILE, cut);
    expect(r.truncated).toBe(true);
    expect(r.end).toBeNull();
    expect(r.turns).toEqual(rec.records.slice(0, -1));
    const v = verifyReplay(r, content);
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(rec.records.length - 1);
    expect(v.warnings).toHaveLength(1);
    expect(v.warnings[0]).toMatch(/cut short/);
  });

  it('an end record cut short leaves an unfinished duel that verifies', () => {
    const ls = lines(text);
    const end = ls.pop() as string;
    const r = parseReplay(FILE, `${join_(ls)}${end.slice(0, 10)}`);
    expect(r.truncated).toBe(true);
    expect(r.end).toBeNull();
    expect(r.turns).toEqual(rec.records);
    expect(verifyReplay(r, content).ok).toBe(true);
  });

  it('for any cut point after the header: every whole line is kept, the rest dropped, and it verifies', () => {
    const ls = lines(text);
    const ends: number[] = [];
    let at = 0;
    for (const l of ls) {
      ends.push(at + l.length);
      at += l.length + 1;
    }
    const headerEnd = ends[0] as number;
    fc.assert(
      fc.property(fc.integer({ min: headerEnd + 1, max: text.length }), (c) => {
        const part = text.slice(0, c);
        const whole = ends.filter((e) => e <= c).length; // lines whose every character is there
        const starts = ends.map((_e, i) => (i === 0 ? 0 : (ends[i - 1] as number) + 1));
        const partial = starts.some((s, i) => s < c && c < (ends[i] as number));
        const r = parseReplay(FILE, part);
        const wholeTurns = Math.min(whole - 1, rec.records.length);
        expect(r.turns).toEqual(rec.records.slice(0, wholeTurns));
        expect(r.truncated).toBe(partial);
        expect(r.end).toEqual(whole === ls.length ? rec.end : null);
        const v = verifyReplay(r, content);
        expect(v.divergence).toBeUndefined();
        expect(v.ok).toBe(true);
        expect(v.warnings.length).toBe(partial ? 1 : 0);
      }),
      { numRuns: 40 },
    );
  });

  it('a garbled last line that does end with a newline is an error, not a silent drop', () => {
    const ls = lines(text);
    ls.pop();
    const last = ls.pop() as string;
    const msg = replayError(`${join_(ls)}${last.slice(0, 20)}\n`);
    expect(msg).toMatch(at(ls.length + 1));
  });

  it('a garbled line in the middle is an error even when the file does not end with a newline', () => {
    const ls = lines(text);
    ls[3] = (ls[3] as string).slice(0, 15);
    const msg = replayError(ls.join('\n'));
    expect(msg).toMatch(at(4));
  });

  it('a header cut short is an error naming line 1', () => {
    const header = lines(text)[0] as string;
    const msg = replayError(header.slice(0, 40));
    expect(msg).toMatch(at(1));
  });
});

describe('malformed files', () => {
  it('an empty file names the file', () => {
    expect(replayError('')).toBe(`${FILE}: the file is empty, not a replay`);
    // A lone newline: one empty line, refused at line 1.
    expect(replayError('\n')).toMatch(new RegExp(`^${FILE.replace(/[.]/g, '\\.')}:1:1: not a replay file \\(.*; its first line is blank$`));
  });

  it('a file that is not JSON names file and line 1', () => {
    const msg = replayError('hello, world\n');
    expect(msg).toMatch(new RegExp(`^${FILE.replace(/[.]/g, '\\.')}:1:1: not a replay file \\(.*; its first line is not JSON \\(unexpected character 'h'\\)$`));
  });

  it.each([
    ['an object that is not a header', '{"hello": 1}\n'],
    ['an array', '[1, 2, 3]\n'],
    ['a JSON string', '"spoiler-arena-replay"\n'],
    ['a turn line first', '{"t":1,"a":1,"c":{"type":"wait"},"time":0,"h":"0123456789abcdef","d":{"combat":0,"ai":0,"mapgen":0,"setup":0}}\n'],
  ])('%s is not a replay (line 1)', (_what, body) => {
    expect(replayError(body)).toMatch(new RegExp(`^${FILE.replace(/[.]/g, '\\.')}:1: not a replay file \\(.*; its first line is JSON but not a replay header$`));
  });

  it('a replay header with a bad field names line 1 and the field', () => {
    const bad = (fn: (h: Record<string, unknown>) => void): string => {
      const h = JSON.parse(lines(text)[0] as string) as Record<string, unknown>;
      fn(h);
      return replayError(`${JSON.stringify(h)}\n`);
    };
    expect(bad((h) => (h['version'] = '1'))).toMatch(new RegExp(`^${FILE}:1: header \\$\\.version: `));
    expect(bad((h) => delete h['data'])).toMatch(new RegExp(`^${FILE}:1: header \\$\\.data: `));
    expect(bad((h) => ((h['setup'] as Record<string, unknown>)['maxTurns'] = 0))).toMatch(new RegExp(`^${FILE}:1: header \\$\\.setup\\.maxTurns: `));
    expect(bad((h) => (h['ruleset'] = 'nethack'))).toMatch(new RegExp(`^${FILE}:1: header \\$\\.ruleset: `));
    expect(bad((h) => (h['extra'] = true))).toMatch(new RegExp(`^${FILE}:1: header \\$: .*"extra"`));
  });

  it('a header with a repeated key names line 1', () => {
    const header = lines(text)[0] as string;
    const msg = replayError(`${header.replace(/^\{/, '{"seed":"1",')}\n`);
    expect(msg).toMatch(new RegExp(`^${FILE}:1:\\d+: duplicate key "seed"`));
  });

  it.each([
    ['a missing command', (t: Record<string, unknown>) => delete t['c'], /turn \$\.c: /],
    ['an unknown command', (t: Record<string, unknown>) => (t['c'] = { type: 'dance' }), /turn \$\.c/],
    ['a bad direction', (t: Record<string, unknown>) => (t['c'] = { type: 'move', dir: 'up' }), /turn \$\.c\.dir: /],
    ['a short hash', (t: Record<string, unknown>) => (t['h'] = 'abc'), /turn \$\.h: /],
    ['a negative draw count', (t: Record<string, unknown>) => ((t['d'] as Record<string, number>)['ai'] = -1), /turn \$\.d\.ai: /],
    ['an unknown stream', (t: Record<string, unknown>) => ((t['d'] as Record<string, number>)['luck'] = 1), /turn \$\.d: .*"luck"/],
    ['a fractional time', (t: Record<string, unknown>) => (t['time'] = 1.5), /turn \$\.time: /],
  ])('a turn line with %s names the file, the line and the field', (_what, fn, problem) => {
    const ls = lines(text);
    const v = JSON.parse(ls[2] as string) as Record<string, unknown>;
    fn(v);
    ls[2] = JSON.stringify(v);
    const msg = replayError(join_(ls));
    expect(msg).toMatch(at(3));
    expect(msg).toMatch(problem);
  });

  it('a blank line between turns names its line', () => {
    const ls = lines(text);
    ls.splice(3, 0, '');
    expect(replayError(join_(ls))).toMatch(at(4));
  });

  it('a malformed end record names its line', () => {
    const ls = lines(text);
    ls[ls.length - 1] = '{"end":{"winner":7}}';
    const msg = replayError(join_(ls));
    expect(msg.startsWith(`${FILE}:${ls.length}: end record`)).toBe(true);
  });

  it('lines after the end record are refused, naming the first of them', () => {
    const ls = lines(text);
    ls.push(ls[1] as string);
    const msg = replayError(join_(ls));
    expect(msg).toBe(`${FILE}:${ls.length}: lines after the end record`);
  });
});
