import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, formatPath, parseStrictJson } from '../../src/content/strict-json.js';

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
