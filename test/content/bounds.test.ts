import { afterAll, describe, expect, it } from 'vitest';
import { DataError } from '../../src/content/index.js';
import { formatPath } from '../../src/core/strict-json.js';
import { TABLES, type Path, type Table, fieldOf, firstOfEachField, leaves, schemaAt, schemaNodes, validateTable, withValue } from './data-tables.js';
import { TempData, expectDataError, loadError, removeTempData } from './temp-data.js';
import { RAW_CONTROL } from '../support/hostile.js';

/**
 * Hostile numbers in data files: every number a data table holds is bounded by what the game
 * itself can hold, so 1e6, 1e9, -1e9 (and 1.5 where the game keeps a whole number) are refused
 * at load, naming the file and the JSON path, instead of hanging, exhausting memory or turning
 * into Infinity. The cases are found by walking the real data (every numeric leaf, one per field)
 * and the JSON Schemas (every numeric node, including optional fields no record uses).
 */

afterAll(removeTempData);

/** Validates `t` with `value` at `path` and returns the error (failing when it loads). */
function refusal(t: Table, path: Path, value: unknown): DataError {
  const data = withValue(JSON.parse(t.text), path, value);
  try {
    validateTable(t, JSON.stringify(data, null, 2));
  } catch (e) {
    if (e instanceof DataError) return e;
    throw e;
  }
  throw new Error(`${t.file} ${formatPath(path)} = ${String(value)} was accepted`);
}

interface NumberCase {
  readonly table: Table;
  readonly path: Path;
  readonly integer: boolean;
}

/** One case per numeric field of every table: its first occurrence in the real data. */
const NUMBER_CASES: readonly NumberCase[] = TABLES.flatMap((table) => {
  const data = JSON.parse(table.text) as unknown;
  return firstOfEachField(leaves(data, (v) => typeof v === 'number')).map(({ path }) => ({ table, path, integer: schemaAt(table.jsonSchema, data, path).type === 'integer' }));
});

describe('every numeric field of every data table has bounds', () => {
  it('finds the fields: every table with numbers, about three hundred fields in all', () => {
    expect(NUMBER_CASES.length).toBeGreaterThan(250);
    const withNumbers = new Set(NUMBER_CASES.map((c) => c.table.file));
    // Only the tables of names and effects hold no number.
    expect(TABLES.filter((t) => !withNumbers.has(t.file)).map((t) => t.file).sort()).toEqual([
      'data/angband-3.0.5/jewellery.json',
      'data/crawl-4.0b20/skills.json',
      'data/crawl-4.0b20/statuses.json',
      'data/pixel-dungeon/potions.json',
      'data/stone-soup-0.5.2/skills.json',
      'data/stone-soup-0.5.2/statuses.json',
    ]);
  });

  it('every numeric node of every JSON Schema has a minimum and a maximum far from the overflow', () => {
    const unbounded: string[] = [];
    for (const t of TABLES) {
      for (const { where, node } of schemaNodes(t.jsonSchema)) {
        if (node.type !== 'integer' && node.type !== 'number') continue;
        const ok = node.minimum !== undefined && node.maximum !== undefined && node.minimum >= -100_000 && node.maximum <= 100_000;
        if (!ok) unbounded.push(`${t.file} ${where}: ${node.minimum}..${node.maximum}`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  describe.each(NUMBER_CASES.map((c) => [`${c.table.file} ${fieldOf(c.path)}`, c] as const))('%s', (_name, c) => {
    const at = formatPath(c.path);
    const values: readonly number[] = c.integer ? [1e6, 1e9, -1e9, 1.5] : [1e6, 1e9, -1e9];
    it.each(values.map((v) => [v]))('refuses %d there, naming the file and the path', (v) => {
      const e = refusal(c.table, c.path, v);
      expect({ file: e.file, jsonPath: e.jsonPath }).toEqual({ file: c.table.file, jsonPath: at });
      expect(e.problem).toMatch(v === 1.5 ? /int/i : /too (big|small)|at most|expected number/i);
      expect(e.message).not.toMatch(/Infinity|NaN/);
    });
  });
});

/** Four hundred nines of dice (Number() makes it Infinity). */
const HUGE_DICE = `${'9'.repeat(400)}d6`;

/** Dice and stats are numbers written as text; their sizes are bounded too. */
const TEXT_NUMBER_CASES: readonly { table: Table; path: Path; values: readonly string[] }[] = TABLES.flatMap((table) => {
  const data = JSON.parse(table.text) as unknown;
  const dice = firstOfEachField(leaves(data, (v, p) => typeof v === 'string' && !p.includes('stats') && /^\d+d\d+([+-]\d+)?$|^\d+$/.test(v)));
  const stats = firstOfEachField(leaves(data, (v, p) => typeof v === 'string' && p.includes('stats')));
  return [
    ...dice.map(({ path }) => ({ table, path, values: ['1000000d6', '6d1000000000', '1000000000', HUGE_DICE, '1d6+1000000000'] })),
    ...stats.map(({ path }) => ({ table, path, values: ['18/1000000000', '1000000', '-1000000000', '18.5', HUGE_DICE] })),
  ];
});

describe('dice and stats written as text', () => {
  it('finds them: weapon, ammunition and blow dice, hit dice, potion amounts and every stat', () => {
    expect(TEXT_NUMBER_CASES.map((c) => `${c.table.file} ${fieldOf(c.path)}`)).toEqual(
      expect.arrayContaining([
        'data/angband-3.0.5/melee-weapons.json .records[*].dice',
        'data/angband-3.0.5/monsters.json .records[*].hp',
        'data/angband-3.0.5/monsters.json .records[*].blows[*].dice',
        'data/angband-3.0.5/consumables.json .records[*].effects[*].amount',
        'data/angband-3.0.5/heroes.json .records[*].stats.str',
      ]),
    );
  });

  describe.each(TEXT_NUMBER_CASES.map((c) => [`${c.table.file} ${fieldOf(c.path)}`, c] as const))('%s', (_name, c) => {
    it.each(c.values.map((v) => [v === HUGE_DICE ? '9...(400 nines)d6' : v, v]))('refuses %s there', (_label, v) => {
      const e = refusal(c.table, c.path, v);
      expect({ file: e.file, jsonPath: e.jsonPath }).toEqual({ file: c.table.file, jsonPath: formatPath(c.path) });
      expect(e.message.length).toBeLessThan(400);
    });
  });

  it('keeps the game\'s own largest dice: Morgoth\'s 200d100 hit dice and 20d10 blows, a 6d5 Blade of Chaos', () => {
    const monsters = TABLES.find((t) => t.file === 'data/angband-3.0.5/monsters.json') as Table;
    const weapons = TABLES.find((t) => t.file === 'data/angband-3.0.5/melee-weapons.json') as Table;
    const load = (t: Table, path: Path, v: string) => () => validateTable(t, JSON.stringify(withValue(JSON.parse(t.text), path, v)));
    expect(load(monsters, ['records', 0, 'hp'], '200d100')).not.toThrow();
    expect(load(monsters, ['records', 0, 'hp'], '255d255')).not.toThrow();
    expect(load(monsters, ['records', 0, 'blows', 0, 'dice'], '20d10')).not.toThrow();
    expect(load(weapons, ['records', 0, 'dice'], '6d5')).not.toThrow();
    expect(load(weapons, ['records', 0, 'dice'], '10d12')).not.toThrow();
  });
});

/** Text shown to the player: every name, description, glyph and source (spell lists are names from a fixed list). */
const DISPLAY_KEYS = new Set(['name', 'description', 'glyph', 'source']);
const TEXT_CASES: readonly { table: Table; path: Path }[] = TABLES.flatMap((table) =>
  firstOfEachField(leaves(JSON.parse(table.text), (v, p) => typeof v === 'string' && DISPLAY_KEYS.has(String(p[p.length - 1])))).map(({ path }) => ({ table, path })),
);

describe('text shown to the player refuses control characters and escape sequences', () => {
  const HOSTILE = ['\u001b[2J\u001b[H', '\u001b]0;owned\u0007', '\u009b31m', 'a\u007fb', 'x\u202ey', 'line\u2028break', 'tab\there', '\r'];

  it('finds every kind: names, descriptions, glyphs and sources', () => {
    const kinds = new Set(TEXT_CASES.map((c) => String(c.path[c.path.length - 1])));
    expect([...kinds].sort()).toEqual(['description', 'glyph', 'name', 'source']);
    expect(TEXT_CASES.length).toBeGreaterThan(100);
  });

  describe.each(TEXT_CASES.map((c) => [`${c.table.file} ${fieldOf(c.path)}`, c] as const))('%s', (_name, c) => {
    it('refuses each control character with the path, and the message shows it escaped', () => {
      const glyph = c.path[c.path.length - 1] === 'glyph';
      for (const h of HOSTILE) {
        const v = glyph ? ([...h].find((ch) => RAW_CONTROL.test(ch)) as string) : h;
        const e = refusal(c.table, c.path, v);
        expect({ file: e.file, jsonPath: e.jsonPath }, JSON.stringify(v)).toEqual({ file: c.table.file, jsonPath: formatPath(c.path) });
        expect(e.message).not.toMatch(RAW_CONTROL);
      }
    });
  });
});

describe('through the loader, on a copy of data/ (one field of each file kind)', () => {
  const first = new Map<string, NumberCase>();
  for (const c of NUMBER_CASES) if (!first.has(c.table.file)) first.set(c.table.file, c);
  it.each([...first.values()].map((c) => [c.table.file, c] as const))('%s: 1e9 in the first numeric field is refused at load', (_file, c) => {
    const d = new TempData();
    const rel = c.table.file.replace(/^data\//, '');
    d.write(rel, JSON.stringify(withValue(JSON.parse(c.table.text), c.path, 1e9), null, 2));
    expectDataError(d, c.table.file, formatPath(c.path), /too big|at most/i);
  });

  it('an Angband monster with 1e9-sided hit dice is refused, not rolled into memory', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/monsters.json', (t) => {
      (t.records[3] as Record<string, unknown>)['hp'] = '2d1000000000';
    });
    expectDataError(d, 'data/angband-3.0.5/monsters.json', '$.records[3].hp', /sides/);
  });

  it('a name with an escape sequence is refused at load, shown escaped', () => {
    const d = new TempData();
    d.editJson('crawl-4.0b20/monsters.json', (t) => {
      (t.records[2] as Record<string, unknown>)['name'] = 'goblin\u001b[2J';
    });
    const e = expectDataError(d, 'data/crawl-4.0b20/monsters.json', '$.records[2].name', /control characters/);
    expect(e.message).toContain('\\u001b');
  });

  it('an arena header with an escape sequence is refused at its line and column', () => {
    const d = new TempData();
    const text = d.read('arenas/pit.txt');
    d.write('arenas/pit.txt', text.replace('; name: The Open Pit', '; name: The \u001b]0;Open\u0007 Pit'));
    const e = expectArenaError(d, 'data/arenas/pit.txt', '1:13');
    expect(e.problem).toMatch(/control characters/);
  });

  it('an arena map character that is a control character is named escaped, at its line and column', () => {
    const d = new TempData();
    const text = d.read('arenas/pit.txt');
    d.write('arenas/pit.txt', text.replace('#...1', '#\u009b..1'));
    const e = expectArenaError(d, 'data/arenas/pit.txt', '5:2');
    expect(e.problem).toBe("unknown map character '\\u009b'");
  });
});

function expectArenaError(d: TempData, file: string, at: string): DataError {
  const e = loadError(d, file);
  expect({ file: e.file, jsonPath: e.jsonPath }).toEqual({ file, jsonPath: at });
  expect(e.message).not.toMatch(RAW_CONTROL);
  return e;
}
