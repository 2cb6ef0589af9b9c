import { afterAll, describe, expect, it } from 'vitest';
import { DataError, loadAllContent, loadContent } from '../../src/content/index.js';
import { TempData, expectDataError, lineColumn, loadError, removeTempData } from './temp-data.js';

/**
 * Each kind of rejection: a private copy of data/ with one file broken, loaded through
 * loadContent. The error must name the file (as data/...) and the JSON path, and say what is wrong.
 */

afterAll(removeTempData);

const PD = 'data/pixel-dungeon';

describe('schema rejections (unknown, missing, mistyped keys)', () => {
  it('an unknown key in a record names the record and the key', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[1] as Record<string, unknown>)['colour'] = 'red';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[1]', /Unrecognized key.*"colour"/);
  });

  it('an unknown key at the top of a table names $ and the key', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/potions.json', (t) => {
      t['version'] = 2;
    });
    expectDataError(d, `${PD}/potions.json`, '$', /Unrecognized key.*"version"/);
  });

  it('an unknown key inside a nested ability names the nested path', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      const abilities = t.records[1]?.['abilities'] as Record<string, unknown>[];
      expect(abilities[0]?.['kind']).toBe('bleeding-on-hit');
      (abilities[0] as Record<string, unknown>)['chance'] = 3;
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[1].abilities[0]', /"chance"/);
  });

  it('a missing required key names its path', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      expect(t.records[3]).toHaveProperty('dr');
      delete t.records[3]?.['dr'];
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[3].dr', /expected number/);
  });

  it('a missing envelope key ("source") names $.source', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/wands.json', (t) => {
      delete t['source'];
    });
    expectDataError(d, `${PD}/wands.json`, '$.source', /expected string/);
  });

  it('a wrong type (a number written as a string) names the path', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/classes.json', (t) => {
      (t.records[2] as Record<string, unknown>)['hp'] = '20';
    });
    expectDataError(d, `${PD}/classes.json`, '$.records[2].hp', /expected number, received string/);
  });

  it('a wrong type inside a range tuple names the element', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      (t.records[0] as Record<string, unknown>)['damage'] = [1, '5'];
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[0].damage[1]', /expected number/);
  });

  it('a fractional value where a whole number is needed is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/armours.json', (t) => {
      (t.records[4] as Record<string, unknown>)['tier'] = 2.5;
    });
    expectDataError(d, `${PD}/armours.json`, '$.records[4].tier', /int/i);
  });

  it('a value out of its range is refused (tier 6)', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/melee-weapons.json', (t) => {
      (t.records[0] as Record<string, unknown>)['tier'] = 6;
    });
    expectDataError(d, `${PD}/melee-weapons.json`, '$.records[0].tier', /5/);
  });

  it('a colour the screen does not know is refused, listing the valid ones', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      (t.records[5] as Record<string, unknown>)['colour'] = 'pink';
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[5].colour', /bright-red/);
  });

  it('a reversed range [5, 1] is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      (t.records[0] as Record<string, unknown>)['damage'] = [5, 1];
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[0].damage', /must not exceed/);
  });

  it('a decimal with more than three places is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/melee-weapons.json', (t) => {
      (t.records[1] as Record<string, unknown>)['accuracy'] = 1.2345;
    });
    expectDataError(d, `${PD}/melee-weapons.json`, '$.records[1].accuracy', /three decimals/);
  });

  it('minDamage above maxDamage in a missile weapon names maxDamage', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/missile-weapons.json', (t) => {
      (t.records[0] as Record<string, unknown>)['minDamage'] = 9;
    });
    expectDataError(d, `${PD}/missile-weapons.json`, '$.records[0].maxDamage', /minDamage exceeds maxDamage/);
  });

  it('an id that is not lower-case words joined by hyphens is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/potions.json', (t) => {
      (t.records[0] as Record<string, unknown>)['id'] = 'Potion_Of_Healing';
    });
    expectDataError(d, `${PD}/potions.json`, '$.records[0].id', /lower-case words joined by hyphens/);
  });

  it('a table of another ruleset is refused at $.ruleset', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/armours.json', (t) => {
      t['ruleset'] = 'angband-3.0.5';
    });
    expectDataError(d, `${PD}/armours.json`, '$.ruleset', /pixel-dungeon/);
  });

  it('an empty records list is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/potions.json', (t) => {
      t.records = [];
    });
    expectDataError(d, `${PD}/potions.json`, '$.records', />=\s*1|at least|too small/i);
  });

  it('several problems report the first and say how many more', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/classes.json', (t) => {
      (t.records[0] as Record<string, unknown>)['hp'] = 'x';
      (t.records[1] as Record<string, unknown>)['hp'] = 'y';
    });
    expectDataError(d, `${PD}/classes.json`, '$.records[0].hp', /and 1 more problem/);
  });
});

describe('strict JSON: what JSON.parse would accept or reports without a place', () => {
  it('a key repeated in one object is refused with its path, line and column', () => {
    const d = new TempData();
    const first = '"level": 1,';
    const original = d.read('pixel-dungeon/heroes.json');
    const at = original.indexOf(first);
    expect(at).toBeGreaterThan(0);
    const text = `${original.slice(0, at + first.length)} "level": 3,${original.slice(at + first.length)}`;
    d.write('pixel-dungeon/heroes.json', text);
    // JSON.parse keeps the last value silently: this is exactly the trap the loader closes.
    expect((JSON.parse(text) as { records: { level: number }[] }).records[0]?.level).toBe(3);
    const { line, column } = lineColumn(text, at + first.length + 1);
    const e = expectDataError(d, `${PD}/heroes.json`, '$.records[0].level', /duplicate key "level"/);
    expect(e.problem).toContain(`line ${line}, column ${column}`);
  });

  it('a repeated top-level key is refused too', () => {
    const d = new TempData();
    const { text, at } = d.replaceOnce('pixel-dungeon/wands.json', '"ruleset": "pixel-dungeon",', '"ruleset": "pixel-dungeon", "ruleset": "pixel-dungeon",');
    const dup = text.indexOf('"ruleset"', at + 1);
    const { line, column } = lineColumn(text, dup);
    const e = expectDataError(d, `${PD}/wands.json`, '$.ruleset', /duplicate key "ruleset"/);
    expect(e.problem).toContain(`line ${line}, column ${column}`);
  });

  it('a missing comma is a syntax error naming line and column', () => {
    const d = new TempData();
    const { text, at } = d.replaceOnce('pixel-dungeon/potions.json', '"effect": "heal", ', '"effect": "heal" ');
    const { line, column } = lineColumn(text, at + '"effect": "heal" '.length);
    const e = expectDataError(d, `${PD}/potions.json`, '$.records[0]', /expected ',' or '}'/);
    expect(e.problem).toContain(`line ${line}, column ${column}`);
  });

  it('a trailing comma is a syntax error naming line and column', () => {
    const d = new TempData();
    const { text, at } = d.replaceOnce('pixel-dungeon/wands.json', '"rechargeTurns": 40,', '"rechargeTurns": 40,,');
    const { line, column } = lineColumn(text, at + '"rechargeTurns": 40,'.length);
    const e = expectDataError(d, `${PD}/wands.json`, '$.records[0]', /expected a quoted key/);
    expect(e.problem).toContain(`line ${line}, column ${column}`);
  });

  it('a comment is a syntax error naming line and column', () => {
    const d = new TempData();
    const original = d.read('pixel-dungeon/armours.json');
    d.write('pixel-dungeon/armours.json', `// armour\n${original}`);
    const e = expectDataError(d, `${PD}/armours.json`, '$', /unexpected character '\/'/);
    expect(e.problem).toContain('line 1, column 1');
  });

  it('a file cut short says so, with the line and column of the end', () => {
    const d = new TempData();
    const original = d.read('pixel-dungeon/classes.json');
    const cut = original.slice(0, original.indexOf('"mage"'));
    d.write('pixel-dungeon/classes.json', cut);
    const { line, column } = lineColumn(cut, cut.length);
    const e = expectDataError(d, `${PD}/classes.json`, '$.records[1].id', /end of (the )?file/);
    expect(e.problem).toContain(`line ${line}, column ${column}`);
  });

  it('text after the JSON value is refused', () => {
    const d = new TempData();
    d.write('pixel-dungeon/potions.json', `${d.read('pixel-dungeon/potions.json')}{}\n`);
    expectDataError(d, `${PD}/potions.json`, '$', /unexpected text after the JSON value/);
  });

  it('an empty file is refused', () => {
    const d = new TempData();
    d.write('pixel-dungeon/potions.json', '');
    expectDataError(d, `${PD}/potions.json`, '$', /unexpected end of file at line 1, column 1/);
  });

  it('a missing table file is named, not skipped', () => {
    const d = new TempData();
    d.remove('pixel-dungeon/potions.json');
    expectDataError(d, `${PD}/potions.json`, '$', /cannot read the file: no such file/);
  });
});

describe('ids and cross references', () => {
  it('a duplicate id in one table names the second record and the first', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/melee-weapons.json', (t) => {
      (t.records[3] as Record<string, unknown>)['id'] = t.records[0]?.['id'];
    });
    expectDataError(d, `${PD}/melee-weapons.json`, '$.records[3].id', /duplicate id "knuckleduster" \(also \$\.records\[0\]\)/);
  });

  it('a duplicate monster id is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      (t.records[7] as Record<string, unknown>)['id'] = 'rat';
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[7].id', /duplicate id "rat" \(also \$\.records\[0\]\)/);
  });

  it('an item id used in two item tables is refused in the later table, naming the earlier', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/potions.json', (t) => {
      t.records.push({ id: 'dart', name: 'dart potion', effect: 'heal', description: 'A potion that shares the dart id.' });
    });
    expectDataError(d, `${PD}/potions.json`, '$.records[1].id', /item id "dart" is already used in data\/pixel-dungeon\/missile-weapons\.json/);
  });

  it('a hero naming an unknown melee weapon', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[2] as Record<string, unknown>)['weapon'] = 'excalibur';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[2].weapon', /unknown melee weapon "excalibur"/);
  });

  it('a hero wielding an armour id (it exists, but not as a melee weapon)', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[0] as Record<string, unknown>)['weapon'] = 'cloth-armour';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[0].weapon', /unknown melee weapon "cloth-armour"/);
  });

  it('a hero naming an unknown armour', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[4] as Record<string, unknown>)['armour'] = 'mithril';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[4].armour', /unknown armour "mithril"/);
  });

  it('a hero naming an unknown class (not a class id at all)', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[0] as Record<string, unknown>)['class'] = 'paladin';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[0].class', /warrior.*mage.*rogue.*huntress/);
  });

  it('a hero whose class is missing from classes.json', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/classes.json', (t) => {
      t.records = t.records.filter((r) => r['id'] !== 'huntress');
    });
    const heroes = (JSON.parse(d.read('pixel-dungeon/heroes.json')) as { records: { class: string }[] }).records;
    const i = heroes.findIndex((h) => h.class === 'huntress');
    expect(i).toBeGreaterThanOrEqual(0);
    expectDataError(d, `${PD}/heroes.json`, `$.records[${i}].class`, /unknown class "huntress" \(classes\.json has warrior, mage, rogue\)/);
  });

  it('a pack item that does not exist', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      const pack = t.records[5]?.['pack'] as { item: string }[];
      expect(pack.length).toBeGreaterThan(1);
      (pack[1] as { item: string }).item = 'poison-dart';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[5].pack[1].item', /unknown pack item "poison-dart"/);
  });

  it('a pack item that is a melee weapon (not packable)', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      const pack = t.records[0]?.['pack'] as { item: string }[];
      (pack[0] as { item: string }).item = 'sword';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[0].pack[0].item', /unknown pack item "sword"/);
  });

  it('a subclass the class may not take', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      expect(t.records[1]?.['class']).toBe('mage');
      (t.records[1] as Record<string, unknown>)['subclass'] = 'berserker';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[1].subclass', /a Mage cannot be a berserker \(allowed: none\)/);
  });

  it('a subclass name that does not exist at all', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[0] as Record<string, unknown>)['subclass'] = 'gladiator';
    });
    expectDataError(d, `${PD}/heroes.json`, '$.records[0].subclass', /berserker/);
  });

  it('a monster naming an unknown divergence', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      const i = t.records.findIndex((r) => r['spoiler'] !== undefined);
      expect(i).toBe(2);
      (t.records[i]?.['spoiler'] as Record<string, unknown>)['divergence'] = 'made-up-difference';
    });
    expectDataError(d, `${PD}/monsters.json`, '$.records[2].spoiler.divergence', /unknown divergence "made-up-difference"/);
  });
});

describe('$schema', () => {
  it('a table pointing at another table\'s schema is refused, naming the right one', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/armours.json', (t) => {
      t['$schema'] = '../schemas/pixel-dungeon.heroes.schema.json';
    });
    expectDataError(d, `${PD}/armours.json`, '$.$schema', /must be "\.\.\/schemas\/pixel-dungeon\.armours\.schema\.json"/);
  });

  it('a missing $schema is refused', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      delete t['$schema'];
    });
    expectDataError(d, `${PD}/monsters.json`, '$.$schema', /expected string/);
  });
});

describe('arena files', () => {
  /** Loads and expects a DataError naming the arena file; returns the message. */
  const arenaError = (d: TempData, file: string): string => {
    const e = loadError(d, file);
    expect(e.file).toBe(file);
    // "file: problem" or "file:line[:column]: problem", like a compiler's messages.
    expect(e.message).toMatch(new RegExp(`^${file.replace(/[./]/g, '\\$&')}(:\\d+(:\\d+)?)?: `));
    expect(e.message).not.toMatch(/\n/);
    return e.message;
  };

  /** Index of the first line of `text` that contains `needle`, 1-based. */
  const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  it('an unknown map character names the file, line and column', () => {
    const d = new TempData();
    const text = d.read('arenas/pit.txt');
    const lines = text.split('\n');
    const row = lines.findIndex((l) => l.includes('1'));
    const col = (lines[row] as string).indexOf('.') + 1;
    lines[row] = `${(lines[row] as string).slice(0, col - 1)}X${(lines[row] as string).slice(col)}`;
    d.write('arenas/pit.txt', lines.join('\n'));
    const msg = arenaError(d, 'data/arenas/pit.txt');
    expect(msg).toContain(`${row + 1}:${col}`);
    expect(msg).toMatch(/unknown map character 'X'/);
  });

  it('a row of the wrong width names its line', () => {
    const d = new TempData();
    const text = d.read('arenas/hall.txt');
    const lines = text.split('\n');
    const row = lines.findIndex((l, i) => i > 0 && !l.startsWith(';') && l.startsWith('#.'));
    lines[row] = `${(lines[row] as string).slice(0, -2)}#`;
    d.write('arenas/hall.txt', lines.join('\n'));
    const msg = arenaError(d, 'data/arenas/hall.txt');
    expect(msg).toMatch(new RegExp(`\\b${row + 1}\\b.*row is \\d+ wide, the arena is \\d+ wide`));
  });

  it('a gap in the outer wall names line and column', () => {
    const d = new TempData();
    const text = d.read('arenas/pit.txt');
    const lines = text.split('\n');
    const row = lines.findIndex((l) => l.startsWith('#...'));
    lines[row] = `.${(lines[row] as string).slice(1)}`;
    d.write('arenas/pit.txt', lines.join('\n'));
    const msg = arenaError(d, 'data/arenas/pit.txt');
    expect(msg).toContain(`${row + 1}:1`);
    expect(msg).toMatch(/outer ring/);
  });

  it('a second start cell names line and column', () => {
    const d = new TempData();
    const text = d.read('arenas/pit.txt');
    const lines = text.split('\n');
    const first = lineOf(text, '1');
    const other = lines.findIndex((l, i) => i >= first && l.startsWith('#...'));
    lines[other] = `#1${(lines[other] as string).slice(2)}`;
    d.write('arenas/pit.txt', lines.join('\n'));
    const msg = arenaError(d, 'data/arenas/pit.txt');
    expect(msg).toContain(`${other + 1}:2`);
    expect(msg).toMatch(/second start cell '1'/);
  });

  it('a missing start cell is refused', () => {
    const d = new TempData();
    d.replaceOnce('arenas/rooms.txt', '2', '.');
    expect(arenaError(d, 'data/arenas/rooms.txt')).toMatch(/needs both start cells/);
  });

  it('a malformed header line names its line', () => {
    const d = new TempData();
    d.write('arenas/cave.txt', `;name The Cave\n${d.read('arenas/cave.txt')}`);
    const msg = arenaError(d, 'data/arenas/cave.txt');
    expect(msg).toMatch(/\b1\b.*header line must read/);
  });

  it('a missing name header is refused', () => {
    const d = new TempData();
    const text = d.read('arenas/cave.txt');
    d.write('arenas/cave.txt', text.split('\n').filter((l) => !l.startsWith('; name')).join('\n'));
    expect(arenaError(d, 'data/arenas/cave.txt')).toMatch(/missing header "; name: \.\.\."/);
  });

  it('the arenas folder missing is named', () => {
    const d = new TempData();
    d.remove('arenas');
    expect(arenaError(d, 'data/arenas')).toMatch(/arenas folder is missing/);
  });
});

describe('a broken copy does not poison later loads', () => {
  it('after a failed load, the real data and a clean copy still load', () => {
    const bad = new TempData();
    bad.editJson('pixel-dungeon/heroes.json', (t) => {
      (t.records[0] as Record<string, unknown>)['level'] = 0;
    });
    expect(() => loadAllContent(bad.root)).toThrow(DataError);
    expect(() => loadAllContent(bad.root)).toThrow(/data\/pixel-dungeon\/heroes\.json: \$\.records\[0\]\.level/);
    const good = new TempData();
    expect(loadContent(good.root).pixelDungeon.heroes.length).toBeGreaterThan(0);
    expect(loadContent().pixelDungeon.heroes.length).toBeGreaterThan(0);
  });
});
