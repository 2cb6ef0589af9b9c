import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arenaFromText } from '../../src/content/arenas.js';
import { DataError } from '../../src/content/index.js';
import { ARENA_FILES, type Path, TABLES, type Table, dataSource, validateRulesetWith } from './data-tables.js';
import { RAW_CONTROL, expectUnpolluted } from '../support/hostile.js';
import { attempt } from '../support/attempt.js';

/**
 * Hostile data and arena files: the real files, mutated at random (numbers made huge, negative,
 * fractional or not numbers at all; keys deleted, added (`__proto__`, `constructor`), repeated;
 * types swapped; text cut short; control characters and escape sequences put into strings and
 * anywhere else), then validated exactly as the loader does. Each case either loads or throws a
 * DataError naming the file and the JSON path (line:column for an arena), in a message without
 * a raw control character; nothing else is thrown, nothing hangs, and Object.prototype is never
 * touched.
 *
 * FUZZ_RUNS sets the number of cases of this file (the full run sets it to 10000, about a
 * minute); by default 1000, a few seconds.
 */

const RUNS = Math.max(10, Number(process.env['FUZZ_RUNS'] ?? 1000) || 1000);
const TABLE_RUNS = Math.ceil(RUNS * 0.8);
const ARENA_RUNS = RUNS - TABLE_RUNS;
/** No case may take longer (a whole ruleset validated; the slowest real one takes tens of milliseconds). */
const TIME_LIMIT_MS = 3000;
/** A whole property's time: a big run (npm run fuzz) takes about 5 ms a case on this machine, the CI's default run a few seconds. */
const PROPERTY_TIMEOUT_MS = 30_000 + RUNS * 20;

// --- Mutations -------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Numbers no game holds, and what a float can do. */
const HOSTILE_NUMBERS = [1e6, 1e9, -1e9, 1.5, -0.5, -1, 0, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 0.1 + 0.2];
/** Raw tokens put where a value stands: not numbers, numbers JSON does not allow, numbers past a double, other types. */
const RAW_TOKENS = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '01', '1.', '.5', '+1', '-', '1e', '"1e9"', '"NaN"', '"12"', 'null', 'true', '[]', '{}', '[1e9, 1e9]', `${'9'.repeat(400)}`, '"\\u0000"'];
/** Keys added to objects. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'polluted', '', ' ', 'id', 'records', '\u001b[31m', 'k\u0000ey', '\u009b'];
/** Values given to added keys (a `__proto__` with `polluted` inside tries to reach Object.prototype). */
const ADDED_VALUES: Json[] = [{ polluted: true }, { constructor: { prototype: { polluted: true } } }, 1e9, 'x', null, [], [{ polluted: 1 }]];
/** Put into strings: escapes JSON allows (so they reach the schema) and raw characters it refuses. */
const STRING_INSERTS = ['\u001b[2J\u001b[H', '\u001b]0;owned\u0007', '\u009b31m', '\u007f', '\u202e', '\u2028', '\u0000', '\t', '\r\n', 'a'.repeat(5000), '"', '\\'];
/** Put anywhere into the text. */
const TEXT_INSERTS = ['\u001b', '\u0000', '\u009b', '\u007f', '{', '}', '[', ']', ',', ':', '"', '\\', '\n', ' ', '"__proto__": {"polluted": true},', '"id": "x",', '1e999', '\u2028', '\ufeff', '\ud800'];

/** Every node of a JSON value, containers and leaves, by path. */
function nodes(v: Json, path: (string | number)[] = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(v)) v.forEach((x, i) => nodes(x, [...path, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) nodes(x, [...path, k], out);
  return out;
}

function getAt(root: Json, path: Path): Json {
  let v = root;
  for (const p of path) v = (v as Record<string | number, Json>)[p] as Json;
  return v;
}

/** Sets a key as an own property, whatever its name (plain assignment to `__proto__` would change the prototype). */
function defineOwn(o: object, key: string | number, value: Json): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, Json>;
  defineOwn(parent, path[path.length - 1] as string | number, value);
  return root;
}

/** A mark replaced by a raw token after serialisation. */
const MARK = '\u0001RAW\u0001';

/** The edits of plain text both kinds of file take: put something in, cut some out, cut it short. */
type TextEdit = { kind: 'insert'; at: number; which: number } | { kind: 'cut'; at: number; length: number } | { kind: 'truncate'; at: number };

function editText(text: string, m: TextEdit, inserts: readonly string[]): string {
  const at = m.at % (text.length + 1);
  if (m.kind === 'truncate') return text.slice(0, at);
  if (m.kind === 'insert') return text.slice(0, at) + pick(inserts, m.which) + text.slice(at);
  return text.slice(0, at) + text.slice(at + m.length);
}

type Mutation =
  | { kind: 'number'; at: number; which: number }
  | { kind: 'raw'; at: number; which: number }
  | { kind: 'delete'; at: number }
  | { kind: 'add'; at: number; key: number; value: number }
  | { kind: 'swap'; at: number }
  | { kind: 'string'; at: number; which: number; where: number; raw: boolean }
  | { kind: 'duplicate'; at: number }
  | TextEdit;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('number' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({ kind: fc.constant('raw' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: fc.nat(), value: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('string' as const), at: fc.nat(), which: fc.nat(), where: fc.nat(), raw: fc.boolean() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
);

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** Applies the mutations to a table's text: structural ones on the parsed value, textual ones on the text. */
function mutateTable(text: string, ms: readonly Mutation[]): string {
  let out = text;
  for (const m of ms) {
    let value: Json;
    try {
      value = JSON.parse(out) as Json;
    } catch {
      value = undefined as unknown as Json;
    }
    const all = value === undefined ? [] : nodes(value);
    const numbers = all.filter((p) => typeof getAt(value, p) === 'number');
    const strings = all.filter((p) => typeof getAt(value, p) === 'string');
    const objects = all.filter((p) => {
      const v = getAt(value, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    });
    const inner = all.filter((p) => p.length > 0);
    switch (m.kind) {
      case 'number': {
        const target = numbers.length > 0 ? pick(numbers, m.at) : undefined;
        if (target) out = JSON.stringify(setAt(value, target, pick(HOSTILE_NUMBERS, m.which)));
        break;
      }
      case 'raw': {
        const target = inner.length > 0 ? pick(inner, m.at) : undefined;
        if (target) out = JSON.stringify(setAt(value, target, MARK)).replace(JSON.stringify(MARK), pick(RAW_TOKENS, m.which));
        break;
      }
      case 'delete': {
        const target = inner.length > 0 ? pick(inner, m.at) : undefined;
        if (!target) break;
        const parent = getAt(value, target.slice(0, -1)) as Json;
        const key = target[target.length - 1] as string | number;
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete (parent as Record<string, Json>)[key as string];
        out = JSON.stringify(value);
        break;
      }
      case 'add': {
        const target = objects.length > 0 ? pick(objects, m.at) : undefined;
        if (!target) break;
        defineOwn(getAt(value, target) as object, pick(HOSTILE_KEYS, m.key), structuredClone(pick(ADDED_VALUES, m.value)));
        out = JSON.stringify(value);
        break;
      }
      case 'swap': {
        const target = inner.length > 0 ? pick(inner, m.at) : undefined;
        if (!target) break;
        const v = getAt(value, target);
        const swapped: Json = typeof v === 'number' ? String(v) : typeof v === 'string' ? (Number(v) || 7) : Array.isArray(v) ? { ...v } : v !== null && typeof v === 'object' ? Object.values(v) : typeof v === 'boolean' ? Number(v) : 'null';
        out = JSON.stringify(setAt(value, target, swapped));
        break;
      }
      case 'string': {
        const target = strings.length > 0 ? pick(strings, m.at) : undefined;
        if (!target) break;
        const s = getAt(value, target) as string;
        const at = m.where % (s.length + 1);
        const insert = pick(STRING_INSERTS, m.which);
        out = JSON.stringify(setAt(value, target, s.slice(0, at) + (m.raw ? MARK : insert) + s.slice(at)));
        // Raw: the characters themselves inside the JSON string, unescaped (strict JSON refuses C0 there).
        if (m.raw) out = out.replace(JSON.stringify(MARK).slice(1, -1), insert);
        break;
      }
      case 'duplicate': {
        const keys = [...out.matchAll(/"([^"\\]+)":/g)];
        if (keys.length === 0) break;
        const k = pick(keys, m.at);
        out = `${out.slice(0, k.index)}"${k[1]}": 1, ${out.slice(k.index)}`;
        break;
      }
      case 'truncate':
      case 'insert':
      case 'cut':
        out = editText(out, m, TEXT_INSERTS);
        break;
    }
  }
  return out;
}

/** Arena files are text: lines swapped, cut, characters put in, headers changed. */
type ArenaMutation =
  | TextEdit
  | { kind: 'line'; at: number; which: number }
  | { kind: 'header'; which: number; value: number };

const ARENA_INSERTS = ['\u001b[2J', '\u001b', '\u009b', '\u007f', '\u0000', '\t', '\r', '\n', '1', '2', '#', '.', '~', 'Z', '; name: x\n', ';', '\u202e', '\u2028', 'é', '\ud83d\ude00'];
const ARENA_LINES = ['', ';', '; name:', '; name: \u001b]0;owned\u0007', `; description: ${'d'.repeat(400)}`, `; name: ${'n'.repeat(50)}`, '#'.repeat(60), '#1#', '#2#', '1'.repeat(10), `#${'.'.repeat(44)}#`, '\u0000', '; bogus'];
const HEADER_VALUES = ['', 'The \u001b[31mRed\u001b[0m Pit', 'x\u009by', 'a\u202eb', 'n'.repeat(41), 'plain', '\u0007'];

const arenaMutation: fc.Arbitrary<ArenaMutation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('line' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({ kind: fc.constant('header' as const), which: fc.nat(), value: fc.nat() }),
);

function mutateArena(text: string, ms: readonly ArenaMutation[]): string {
  let out = text;
  for (const m of ms) {
    switch (m.kind) {
      case 'insert':
      case 'cut':
      case 'truncate':
        out = editText(out, m, ARENA_INSERTS);
        break;
      case 'line': {
        const ls = out.split('\n');
        ls.splice(m.at % (ls.length + 1), 0, pick(ARENA_LINES, m.which));
        out = ls.join('\n');
        break;
      }
      case 'header': {
        const key = pick(['name', 'description'], m.which);
        out = out.replace(new RegExp(`^; ${key}: .*$`, 'm'), `; ${key}: ${pick(HEADER_VALUES, m.value)}`);
        break;
      }
    }
  }
  return out;
}

// --- The checks ------------------------------------------------------------------------------

/** Runs `load`; it must finish in time and either succeed or throw a well-formed DataError. */
function expectLoadsOrRefuses(load: () => void, files: readonly string[], where: RegExp): 'loaded' | 'refused' {
  const { error: caught, ms } = attempt(load);
  expect(ms, 'one case').toBeLessThan(TIME_LIMIT_MS);
  expectUnpolluted();
  if (caught === undefined) return 'loaded';
  if (!(caught instanceof DataError)) throw caught;
  expect(files).toContain(caught.file);
  expect(caught.jsonPath).toMatch(where);
  expect(caught.message.startsWith(caught.file)).toBe(true);
  expect(caught.message, JSON.stringify(caught.message)).not.toMatch(RAW_CONTROL);
  expect(caught.message.length).toBeLessThan(1000);
  return 'refused';
}

describe('fuzzing the data tables and arena files', () => {
  it(`${TABLE_RUNS} mutated data tables load or are refused with the file and the JSON path`, () => {
    const seen = { loaded: 0, refused: 0 };
    fc.assert(
      fc.property(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (t, ms) => {
        const table = pick(TABLES, t) as Table;
        const text = mutateTable(table.text, ms);
        const files = TABLES.filter((x) => x.set === table.set).map((x) => x.file);
        seen[expectLoadsOrRefuses(() => validateRulesetWith(table, text), files, /^\$/)]++;
      }),
      { numRuns: TABLE_RUNS },
    );
    // The mutations are mostly fatal, but not all (a changed description, a key deleted from an optional field).
    expect(seen.refused).toBeGreaterThan(TABLE_RUNS / 2);
  }, PROPERTY_TIMEOUT_MS);

  it(`${ARENA_RUNS} mutated arena files load or are refused with the file and the line and column`, () => {
    const src = dataSource();
    fc.assert(
      fc.property(fc.nat(), fc.array(arenaMutation, { minLength: 1, maxLength: 3 }), (a, ms) => {
        const arena = pick(ARENA_FILES, a);
        const text = mutateArena(arena.text, ms);
        expectLoadsOrRefuses(() => arenaFromText(src, arena.path, text), [arena.file], /^$|^\d+(:\d+)?$/);
      }),
      { numRuns: ARENA_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('the mutations reach what they aim at: a __proto__ key, a huge number, an escape sequence, a cut', () => {
    const classes = TABLES.find((t) => t.file === 'data/pixel-dungeon/classes.json') as Table;
    const files = TABLES.filter((x) => x.set === classes.set).map((x) => x.file);
    const cases: [Mutation, RegExp][] = [
      [{ kind: 'add', at: 2, key: 0, value: 0 }, /Unrecognized key: "__proto__"/],
      [{ kind: 'number', at: 0, which: 1 }, /Too big/],
      [{ kind: 'raw', at: 3, which: 0 }, /unexpected character 'N'/],
      [{ kind: 'string', at: 2, which: 0, where: 1, raw: false }, /control characters and escape sequences are not allowed \(\\u001b/],
      [{ kind: 'string', at: 2, which: 0, where: 1, raw: true }, /control character in a string/],
      [{ kind: 'truncate', at: 100 }, /unterminated string|unexpected end/],
    ];
    for (const [m, problem] of cases) {
      const text = mutateTable(classes.text, [m]);
      let caught: unknown;
      try {
        validateRulesetWith(classes, text);
      } catch (e) {
        caught = e;
      }
      expect(caught, m.kind).toBeInstanceOf(DataError);
      expect((caught as DataError).problem).toMatch(problem);
      expect(expectLoadsOrRefuses(() => validateRulesetWith(classes, text), files, /^\$/)).toBe('refused');
    }
  });
});
