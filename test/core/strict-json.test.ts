import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, formatPath, parseStrictJson } from '../../src/core/strict-json.js';

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseStrictJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonSyntaxError);
    return e as JsonSyntaxError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('parseStrictJson', () => {
  it('agrees with JSON.parse on any JSON without repeated keys', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(parseStrictJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });

  it('agrees with JSON.parse on pretty-printed JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, 2);
        expect(parseStrictJson(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('refuses a repeated key, naming it, its path, line and column', () => {
    const text = '{\n  "a": [\n    {"x": 1, "y": 2,\n     "x": 3}\n  ]\n}';
    expect(JSON.parse(text)).toEqual({ a: [{ x: 3, y: 2 }] });
    const e = syntaxError(text);
    expect({ line: e.line, column: e.column, path: e.jsonPath }).toEqual({ line: 4, column: 6, path: '$.a[0].x' });
    expect(e.message).toBe('duplicate key "x" at line 4, column 6 ($.a[0].x)');
  });

  it('refuses keys that are the same after unescaping', () => {
    const e = syntaxError('{"ab": 1, "a\\u0062": 2}');
    expect(e.message).toMatch(/duplicate key "ab"/);
  });

  it('keeps "__proto__" as an ordinary key and does not change the prototype', () => {
    const v = parseStrictJson('{"__proto__": {"polluted": true}, "b": 1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'b']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    ['{"a": 1,}', 1, 9, 'expected a quoted key'],
    ['[1, 2,]', 1, 7, "unexpected character ']'"],
    ['{"a" 1}', 1, 6, "expected ':'"],
    ['{"a": tru}', 1, 7, "unexpected character 't'"],
    ['{"a": 01}', 1, 8, "expected ',' or '}'"],
    ['{"a": "x\ny"}', 1, 9, 'control character'],
    ['{"a": "\\q"}', 1, 7, 'bad escape'],
    ['{"a": "open', 1, 7, 'unterminated string'],
    ['\n\n  [1 2]', 3, 6, "expected ',' or ']'"],
    ['{} {}', 1, 4, 'unexpected text after the JSON value'],
    ['', 1, 1, 'unexpected end of file'],
    ["{'a': 1}", 1, 2, 'expected a quoted key'],
    ['NaN', 1, 1, "unexpected character 'N'"],
    ['-', 1, 1, 'malformed number'],
  ])('refuses %j at line %i, column %i: %s', (text, line, column, what) => {
    const e = syntaxError(text);
    expect(e.message).toContain(what);
    expect({ line: e.line, column: e.column }).toEqual({ line, column });
    expect(e.message).toContain(`at line ${line}, column ${column}`);
  });

  it('names the path of the value being read when syntax fails deep inside', () => {
    const e = syntaxError('{"records": [{"id": "a"}, {"id": "b", "hp": }]}');
    expect(e.jsonPath).toBe('$.records[1].hp');
  });
});

describe('formatPath', () => {
  it.each([
    [[], '$'],
    [['records', 2, 'hp'], '$.records[2].hp'],
    [['$schema'], '$.$schema'],
    [['a-b', 0], '$["a-b"][0]'],
    [['with space'], '$["with space"]'],
  ] as [(string | number)[], string][])('%j -> %s', (path, out) => {
    expect(formatPath(path)).toBe(out);
  });
});

describe('hostile input to the parser', () => {
  it('reads a large data-like file of many numbers in linear time (a million numbers, 8 MB, well under five seconds)', () => {
    const records = Array.from({ length: 125_000 }, (_, i) => `{"hp": ${i}, "ac": -${i}.5, "odds": ${i}e-3, "dice": [${i}, ${i * 7}, 0, -1, 1.25]}`);
    const text = `{"records": [\n${records.join(',\n')}\n]}`;
    expect(text.length).toBeGreaterThan(8_000_000);
    const start = performance.now();
    const v = parseStrictJson(text) as { records: { hp: number; ac: number; odds: number; dice: number[] }[] };
    const ms = performance.now() - start;
    expect(v.records.length).toBe(125_000);
    expect(v.records[124_999]).toEqual({ hp: 124_999, ac: -124_999.5, odds: 124.999, dice: [124_999, 874_993, 0, -1, 1.25] });
    expect(ms).toBeLessThan(5000);
  });

  it('reads each number where it stands (the sticky match starts at the parser, not at the text\'s start)', () => {
    expect(parseStrictJson('[1,-2.5e3, 0 ,{"a":-0.125E+2}, [10]]')).toEqual([1, -2500, 0, { a: -12.5 }, [10]]);
    expect(syntaxError('[1, -, 2]').reason).toBe('malformed number');
    expect(syntaxError('[1, 01]').reason).toMatch(/expected ',' or ']'/);
  });

  it('quotes a control character it stops at escaped, never raw', () => {
    for (const ch of ['\u001b', '\u009b', '\u007f', '\u202e', '\u2028']) {
      const e = syntaxError(`[1, ${ch}]`);
      expect(e.message).not.toContain(ch);
      expect(e.message).toContain(`\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
  });

  it('writes a key with control characters escaped in a path', () => {
    expect(formatPath(['records', 0, '\u001b[2J'])).toBe('$.records[0]["\\u001b[2J"]');
    expect(formatPath(['\u009b', 'x\u007f'])).toBe('$["\\u009b"]["x\\u007f"]');
  });
});
