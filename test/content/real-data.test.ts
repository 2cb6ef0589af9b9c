import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_ROOT, loadContent } from '../../src/content/index.js';
import { PD_FILES, type PdTableName } from '../../src/content/pixel-dungeon.js';
import { ANG_FILES } from '../../src/content/angband.js';
import { CR_FILES } from '../../src/content/crawl.js';
import { Duel } from '../../src/game/duel.js';
import { getRuleset } from '../../src/rules/registry.js';
import { TempData, removeTempData } from './temp-data.js';

afterAll(removeTempData);

/** Every object reachable from `v` that is not frozen, by path. */
function unfrozen(v: unknown, path = '$', out: string[] = [], seen = new Set<object>()): string[] {
  if (v === null || typeof v !== 'object' || seen.has(v)) return out;
  seen.add(v);
  if (!Object.isFrozen(v)) out.push(path);
  for (const [k, x] of Object.entries(v)) unfrozen(x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`, out, seen);
  return out;
}

describe('the real data/ folder', () => {
  const content = loadContent();

  it('loads every table and arena file, and reads each once', () => {
    const tables = readdirSync(join(DEFAULT_DATA_ROOT, 'pixel-dungeon')).filter((f) => f.endsWith('.json')).sort();
    const angband = readdirSync(join(DEFAULT_DATA_ROOT, 'angband-3.0.5')).filter((f) => f.endsWith('.json')).sort();
    const crawl = readdirSync(join(DEFAULT_DATA_ROOT, 'crawl-4.0b20')).filter((f) => f.endsWith('.json')).sort();
    const stoneSoup = readdirSync(join(DEFAULT_DATA_ROOT, 'stone-soup-0.5.2')).filter((f) => f.endsWith('.json')).sort();
    const arenas = readdirSync(join(DEFAULT_DATA_ROOT, 'arenas')).filter((f) => f.endsWith('.txt')).sort();
    expect(tables.length).toBe(8);
    expect(Object.values(CR_FILES).sort()).toEqual(crawl);
    expect(Object.values(CR_FILES).sort()).toEqual(stoneSoup);
    expect(Object.values(PD_FILES).sort()).toEqual(tables);
    expect(Object.values(ANG_FILES).sort()).toEqual(angband);
    expect([...content.files].sort()).toEqual(
      [...tables.map((f) => `data/pixel-dungeon/${f}`), ...angband.map((f) => `data/angband-3.0.5/${f}`), ...crawl.map((f) => `data/crawl-4.0b20/${f}`), ...stoneSoup.map((f) => `data/stone-soup-0.5.2/${f}`), ...arenas.map((f) => `data/arenas/${f}`)].sort(),
    );
    expect([...content.arenas.keys()].sort()).toEqual(arenas.map((f) => f.replace(/\.txt$/, '')));
    expect(content.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps every record of every table, in file order', () => {
    const pd = content.pixelDungeon;
    for (const [key, file] of Object.entries(PD_FILES) as [PdTableName, string][]) {
      const raw = JSON.parse(readFileSync(join(DEFAULT_DATA_ROOT, 'pixel-dungeon', file), 'utf8')) as { records: unknown[] };
      expect(pd[key], file).toEqual(raw.records);
    }
  });

  it('offers every hero and monster in the ruleset catalogue, and each builds', () => {
    const ruleset = getRuleset('pixel-dungeon', content, 'spoiler');
    const catalog = ruleset.catalog();
    expect(catalog.filter((c) => c.kind === 'hero').map((c) => c.id)).toEqual(content.pixelDungeon.heroes.map((h) => h.id));
    expect(catalog.filter((c) => c.kind === 'monster').map((c) => c.id)).toEqual(content.pixelDungeon.monsters.map((m) => m.id));
    for (const c of catalog) expect(() => ruleset.buildFighter({ template: c.id, options: {} }), c.id).not.toThrow();
  });

  it('is cached per root: the same root gives the same object', () => {
    expect(loadContent()).toBe(loadContent(DEFAULT_DATA_ROOT));
  });

  it('deep-freezes every record of every table', () => {
    const pd = content.pixelDungeon;
    for (const [name, records] of Object.entries(pd)) {
      expect(Object.isFrozen(records), `${name} list`).toBe(true);
      expect(unfrozen(records, name), name).toEqual([]);
    }
    const hero = pd.heroes[0] as unknown as { level: number; pack: { quantity: number }[] };
    expect(() => {
      hero.level = 30;
    }).toThrow(TypeError);
    expect(() => {
      (hero.pack[0] as { quantity: number }).quantity = 99;
    }).toThrow(TypeError);
    expect(() => (pd.monsters as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(pd.heroes[0]?.level).toBe(1);
  });

  it('freezes the content and the table set itself, so no table can be swapped for every later duel', () => {
    expect(Object.isFrozen(content)).toBe(true);
    // The loaded tables are cached and shared by every duel of the process.
    expect(unfrozen(content.pixelDungeon, 'pixelDungeon')).toEqual([]);
  });

  it('freezes the loaded arenas, including their start cells', () => {
    for (const [id, arena] of content.arenas) {
      expect(Object.isFrozen(arena), id).toBe(true);
      expect(unfrozen(arena.spawns, `${id}.spawns`)).toEqual([]);
    }
  });

  it('a duel\'s map is its own copy: changing it leaves the loaded arena as it was', () => {
    const arena = content.arenas.get('rooms');
    expect(arena).toBeDefined();
    const before = Uint8Array.from(arena?.grid.cells ?? []);
    const duel = new Duel(
      {
        ruleset: 'pixel-dungeon',
        edition: 'spoiler',
        seed: 'doors',
        hero: { template: 'warrior', options: {} },
        foe: { template: 'rat', options: {} },
        arena: 'rooms',
        heroControl: 'ai',
        maxTurns: 200,
      },
      content,
      { tracing: false },
    );
    expect(duel.grid).not.toBe(arena?.grid);
    duel.grid.cells.fill(duel.grid.cells[0] === 0 ? 1 : 0);
    expect(Uint8Array.from(arena?.grid.cells ?? [])).toEqual(before);
  });
});

describe('the fingerprint', () => {
  it('is the same for an identical copy elsewhere', () => {
    const real = loadContent().fingerprint;
    const d = new TempData();
    expect(loadContent(d.root).fingerprint).toBe(real);
  });

  it('ignores Windows line endings (a checkout with CRLF loads and hashes the same)', () => {
    const real = loadContent().fingerprint;
    const d = new TempData();
    for (const dir of ['pixel-dungeon', 'arenas']) {
      for (const f of readdirSync(d.path(dir))) d.write(`${dir}/${f}`, d.read(`${dir}/${f}`).replace(/\n/g, '\r\n'));
    }
    const crlf = loadContent(d.root);
    expect(crlf.fingerprint).toBe(real);
    expect(crlf.pixelDungeon).toEqual(loadContent().pixelDungeon);
    expect([...crlf.arenas.keys()]).toEqual([...loadContent().arenas.keys()]);
  });

  it('changes when any data file changes, even a description', () => {
    const real = loadContent().fingerprint;
    const a = new TempData();
    a.editJson('pixel-dungeon/potions.json', (t) => {
      (t.records[0] as Record<string, unknown>)['description'] = 'Tastes of strawberries.';
    });
    const b = new TempData();
    b.write('arenas/pit.txt', b.read('arenas/pit.txt').replace('; name: The Open Pit', '; name: The Deep Pit'));
    const fa = loadContent(a.root).fingerprint;
    const fb = loadContent(b.root).fingerprint;
    expect(fa).not.toBe(real);
    expect(fb).not.toBe(real);
    expect(fa).not.toBe(fb);
  });
});
