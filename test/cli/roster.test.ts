import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { Duel } from '../../src/game/duel.js';
import { availableRulesets, getRuleset, monsterDuelProblem, monsterDuelRulesets } from '../../src/rules/registry.js';
import { DEFAULT_EDITION } from '../../src/rules/edition.js';
import { arena, removeTempDirs, type Run, STACK_FRAME } from './run.js';

/**
 * The roster on the command line: `arena list` with --search and --json, and a monster on the
 * hero's side for every command that starts a duel.
 */

afterAll(removeTempDirs);

const content = loadContent();

function options(over: Partial<DuelOptions>): DuelOptions {
  return { seed: 'roster', ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '1000', ...over };
}

/** The refusal where a ruleset cannot yet pit a monster against a monster. */
const REFUSAL = `monster-vs-monster duels are available in: ${monsterDuelRulesets().join(', ')}`;

describe('which rulesets pit monster against monster', () => {
  it('Angband and Pixel Dungeon do; Crawl and Stone Soup refuse, naming those that do', () => {
    expect(monsterDuelRulesets()).toEqual(['pixel-dungeon', 'angband-3.0.5']);
    expect(monsterDuelProblem('angband-3.0.5')).toBeNull();
    expect(monsterDuelProblem('pixel-dungeon')).toBeNull();
    expect(monsterDuelProblem('crawl-4.0b20')).toBe(`${REFUSAL} (not in crawl-4.0b20)`);
    expect(monsterDuelProblem('stone-soup-0.5.2')).toBe(`${REFUSAL} (not in stone-soup-0.5.2)`);
  });

  it.each([
    ['crawl-4.0b20', 'rat'],
    ['stone-soup-0.5.2', 'goblin'],
  ])('%s: --hero %s is refused by the option check and by the engine itself', (ruleset, monster) => {
    expect(() => setupFromOptions(options({ ruleset, hero: monster }), content, 'ai')).toThrow(`--hero ${monster}: ${REFUSAL} (not in ${ruleset})`);
    const r = getRuleset(ruleset, content, 'spoiler');
    const setup = { ruleset, edition: 'spoiler' as const, seed: '1', hero: { template: monster, options: {} }, foe: { template: r.defaultFoe, options: {} }, arena: 'pit', heroControl: 'ai' as const, maxTurns: 100 };
    expect(() => new Duel(setup, content)).toThrow(`${monster} on the hero's side: ${REFUSAL} (not in ${ruleset})`);
  });
});

describe('a monster on the hero side', () => {
  it('is accepted as --hero where the ruleset pits monsters, and takes no hero options', () => {
    const setup = setupFromOptions(options({ hero: 'vampire-bat', foe: 'rat' }), content, 'player');
    expect(setup.hero).toEqual({ template: 'vampire-bat', options: {} });
    expect(setup.heroControl).toBe('player');
    expect(() => setupFromOptions(options({ hero: 'vampire-bat', level: '3' }), content, 'ai')).toThrow(/^--hero vampire-bat: .*level/);
  });

  it('starts awake and hunting, with no sleep roll: its sleep-prone twin on the foe side sleeps', () => {
    // Angband's drolem sleeps (alertness 30) when met as a foe; as the hero it came to fight.
    const base = { ruleset: 'angband-3.0.5', edition: 'source' as const, seed: '4', arena: 'pit', heroControl: 'ai' as const, maxTurns: 100 };
    const d = new Duel({ ...base, hero: { template: 'drolem', options: {} }, foe: { template: 'drolem', options: {} } }, content);
    expect(d.hero.ai?.mode).toBe('hunting');
    expect(d.hero.rules?.['csleep']).toBe(0);
    expect(d.foe.ai?.mode).toBe('sleeping');
    expect(d.foe.rules?.['csleep']).toBeGreaterThan(0);
    // The hero's creation rolled no sleep; the foe's did.
    const rolls = (id: number) => d.traces.filter((t) => t.actor === id).flatMap((t) => t.steps).filter((s) => s.kind === 'roll').map((s) => (s as { label: string }).label);
    expect(rolls(d.heroId).some((l) => l.startsWith('sleep'))).toBe(false);
    expect(rolls(d.foeId).some((l) => l.startsWith('sleep'))).toBe(true);
  });
});

describe('arena list --search', () => {
  // One row a ruleset: a foe found by part of its id and by part of its name, in any case.
  const rows = availableRulesets().map((id) => {
    const r = getRuleset(id, content, DEFAULT_EDITION);
    const foe = r.catalog().find((e) => e.kind === 'monster' && e.id !== e.name.toLowerCase().replace(/ /g, '-')) ?? r.catalog().find((e) => e.kind === 'monster');
    const hero = r.catalog().find((e) => e.kind === 'hero');
    return [id, foe!, hero!] as const;
  });
  let runs: Map<string, Run>;
  const key = (args: readonly string[]) => args.join(' ');
  const cases: string[][] = [];
  for (const [id, foe, hero] of rows) {
    cases.push(['list', 'foes', '--ruleset', id, '--search', foe.id.slice(1, 5).toUpperCase()]);
    cases.push(['list', 'foes', '--ruleset', id, '--search', foe.name.slice(-4)]);
    cases.push(['list', 'heroes', '--ruleset', id, '--search', hero.name.toUpperCase()]);
  }
  const nothing = ['list', 'foes', '--ruleset', 'angband-3.0.5', '--search', 'no such beast'];
  const blank = ['list', 'foes', '--search', '  '];
  cases.push(nothing, blank);

  beforeAll(async () => {
    const done = await Promise.all(cases.map((c) => arena(c)));
    runs = new Map(cases.map((c, i) => [key(c), done[i] as Run]));
  });

  /** The ids the text listing shows, under its heading. */
  const listed = (r: Run): string[] => r.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split(/\s+/)[0] as string);

  it.each(rows.map(([id, foe]) => [id, foe] as const))('%s: a foe by part of its id (any case) and by part of its name, and only matching rows', (id, foe) => {
    const byId = runs.get(key(['list', 'foes', '--ruleset', id, '--search', foe.id.slice(1, 5).toUpperCase()])) as Run;
    expect(byId.code).toBe(0);
    expect(byId.stdout.split('\n')[0]).toBe(`foes (${id}):`);
    expect(listed(byId)).toContain(foe.id);
    const catalog = getRuleset(id, content, DEFAULT_EDITION).catalog().filter((e) => e.kind === 'monster');
    const needle = foe.id.slice(1, 5).toLowerCase();
    expect(listed(byId)).toEqual(catalog.filter((e) => e.id.includes(needle) || e.name.toLowerCase().includes(needle)).map((e) => e.id));
    const byName = runs.get(key(['list', 'foes', '--ruleset', id, '--search', foe.name.slice(-4)])) as Run;
    expect(listed(byName)).toContain(foe.id);
  });

  it.each(rows.map(([id, , hero]) => [id, hero] as const))('%s: heroes too', (id, hero) => {
    const r = runs.get(key(['list', 'heroes', '--ruleset', id, '--search', hero.name.toUpperCase()])) as Run;
    expect(r.code).toBe(0);
    expect(listed(r)).toContain(hero.id);
  });

  it('no match is an error naming the list and the text, not an empty success', () => {
    const r = runs.get(key(nothing)) as Run;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('arena: list: no foes of angband-3.0.5 match "no such beast" (by id or name)\n');
  });

  it('blank text is refused', () => {
    const r = runs.get(key(blank)) as Run;
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).toContain('--search: give some text');
  });
});

describe('arena list --json', () => {
  it("Angband: the Drolem as the game's monster.txt writes it (N:472)", async () => {
    // I:120:25d100:25:130:30 / W:44:3:0:12000 / B:CLAW:HURT:3d10 (x2) / B:BITE:POISON:5d10 (x2) /
    // F:FORCE_SLEEP | FORCE_MAXHP / F:EMPTY_MIND | COLD_BLOOD | OPEN_DOOR | BASH_DOOR / F:DRAGON | IM_FIRE | IM_COLD /
    // F:IM_ELEC | IM_POIS / F:NO_CONF | NO_SLEEP | NO_FEAR / S:1_IN_5 / S:BLIND | SLOW | CONF | ARROW_3 / S:BR_POIS
    const r = await arena(['list', 'foes', '--ruleset', 'angband-3.0.5', '--search', 'drolem', '--json']);
    expect(r.code).toBe(0);
    const { foes } = JSON.parse(r.stdout) as { foes: Record<string, unknown>[] };
    expect(foes).toHaveLength(1);
    const { description, ...drolem } = foes[0]!;
    expect(typeof description).toBe('string');
    expect(drolem).toEqual({
      id: 'drolem',
      name: 'Drolem',
      kind: 'monster',
      level: 44,
      speed: 120,
      hp: { dice: '25d100', forcedMax: true },
      ac: 130,
      sleep: 30,
      blows: [
        { method: 'CLAW', effect: 'HURT', dice: '3d10' },
        { method: 'CLAW', effect: 'HURT', dice: '3d10' },
        { method: 'BITE', effect: 'POISON', dice: '5d10' },
        { method: 'BITE', effect: 'POISON', dice: '5d10' },
      ],
      flags: ['FORCE_SLEEP', 'FORCE_MAXHP', 'EMPTY_MIND', 'COLD_BLOOD', 'OPEN_DOOR', 'BASH_DOOR', 'DRAGON', 'IM_FIRE', 'IM_COLD', 'IM_ELEC', 'IM_POIS', 'NO_CONF', 'NO_SLEEP', 'NO_FEAR'],
      spellFrequency: '1_IN_5',
      spells: ['BLIND', 'SLOW', 'CONF', 'ARROW_3', 'BR_POIS'],
    });
  });

  it('Angband: blows the game writes without effect or dice, and a monster that casts nothing', async () => {
    // N:1:Filthy street urchin: I:110:1d4:4:1:40 / B:BEG / B:TOUCH:EAT_GOLD / F:MALE | RAND_25 | FRIENDS | TAKE_ITEM | OPEN_DOOR (no S: line)
    const r = await arena(['list', 'foes', '--ruleset', 'angband-3.0.5', '--search', 'Street Urchin', '--json']);
    const { foes } = JSON.parse(r.stdout) as { foes: Record<string, unknown>[] };
    expect(foes.map((f) => f['id'])).toEqual(['filthy-street-urchin']);
    expect(foes[0]).toMatchObject({
      hp: { dice: '1d4', forcedMax: false },
      ac: 1,
      sleep: 40,
      blows: [{ method: 'BEG' }, { method: 'TOUCH', effect: 'EAT_GOLD' }],
      flags: ['MALE', 'RAND_25', 'FRIENDS', 'TAKE_ITEM', 'OPEN_DOOR'],
      spellFrequency: null,
      spells: [],
    });
  });

  it.each(availableRulesets().map((id) => [id] as const))('%s: every foe with id, name, kind and description, in catalogue order', async (id) => {
    const r = await arena(['list', 'foes', '--ruleset', id, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { ruleset: string; foes: Record<string, unknown>[] };
    expect(out.ruleset).toBe(id);
    const catalog = getRuleset(id, content, DEFAULT_EDITION).catalog().filter((e) => e.kind === 'monster');
    expect(out.foes.map((f) => f['id'])).toEqual(catalog.map((e) => e.id));
    for (const [i, f] of out.foes.entries()) {
      const e = catalog[i]!;
      expect(f).toMatchObject({ id: e.id, name: e.name, kind: 'monster' });
      expect(typeof f['description'] === 'string' || f['description'] === undefined).toBe(true);
    }
  });

  it.each([
    ['pixel-dungeon', 'rat', { hp: 8, damage: [1, 5] }],
    ['crawl-4.0b20', 'rat', { hd: 1, ac: 1, ev: 10, speed: 10 }],
    ['stone-soup-0.5.2', 'rat', { hd: 1, ac: 1, ev: 10, speed: 10 }],
  ])("%s: a monster's entry carries its data record (%s)", async (ruleset, id, fields) => {
    const r = await arena(['list', 'foes', '--ruleset', ruleset, '--search', id, '--json']);
    const { foes } = JSON.parse(r.stdout) as { foes: Record<string, unknown>[] };
    expect(foes.find((f) => f['id'] === id)).toMatchObject({ id, kind: 'monster', ...fields });
  });

  it('lists everything under one object, with --search applied to each list', async () => {
    const r = await arena(['list', '--ruleset', 'pixel-dungeon', '--json', '--search', 'rat']);
    const out = JSON.parse(r.stdout) as Record<string, { id: string }[] | string>;
    expect(Object.keys(out)).toEqual(['rulesets', 'ruleset', 'heroes', 'foes', 'arenas']);
    expect(out['ruleset']).toBe('pixel-dungeon');
    expect((out['foes'] as { id: string }[]).map((f) => f.id)).toEqual(['rat', 'albino-rat']);
    expect(out['heroes']).toEqual([]);
  });
});

describe('--hero <monster> for each command that starts a duel (spawned)', () => {
  const PD = ['--ruleset', 'pixel-dungeon', '--hero', 'vampire-bat', '--foe', 'rat', '--seed', 'roster'];
  const QUIET = ['--workers', '0', '--no-progress'];

  it('duel', async () => {
    const r = await arena(['duel', ...PD, '--no-save']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('hero: vampire bat [vampire-bat] vs foe: marsupial rat [rat]');
    // A monster is "the vampire bat" whichever side it wins on.
    expect(r.stdout).toMatch(/^outcome: (the vampire bat wins: the marsupial rat was slain|the marsupial rat wins: the vampire bat was slain|draw: .*) \(turn \d+/m);
  });

  it('duel in Angband: a monster against a monster', async () => {
    const r = await arena(['duel', '--ruleset', 'angband-3.0.5', '--hero', 'drolem', '--foe', 'jackal', '--seed', 'roster', '--no-save']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('hero: Drolem [drolem] vs foe: Jackal [jackal]');
    expect(r.stdout).toMatch(/^outcome: (the Drolem wins: the Jackal was slain|the Jackal wins: the Drolem was slain|draw: .*) \(turn \d+/m);
  });

  it('sim', async () => {
    const r = await arena(['sim', ...PD, '-n', '6', '--json', ...QUIET]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { setup: { hero: unknown }; duels: number };
    expect(out.setup.hero).toEqual({ template: 'vampire-bat', options: {} });
    expect(out.duels).toBe(6);
  });

  it('sweep (over foes)', async () => {
    const r = await arena(['sweep', ...PD.filter((_, i) => i < 4 || i > 5), '--vary', 'foe', '--values', 'rat,gnoll-scout', '-n', '3', '--json', ...QUIET]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { points: { value: string; setup: { hero: unknown } }[] };
    expect(out.points.map((p) => [p.value, p.setup.hero])).toEqual([
      ['rat', { template: 'vampire-bat', options: {} }],
      ['gnoll-scout', { template: 'vampire-bat', options: {} }],
    ]);
  });

  it('sweep over a hero option is refused for a monster', async () => {
    const r = await arena(['sweep', ...PD, '--vary', 'level', '-n', '3', ...QUIET]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('arena: --vary level: the hero vampire-bat is a monster, which takes no hero options; a sweep of a monster varies its foe (--vary foe)\n');
  });

  it('compare (side B matches the monster among its monsters)', async () => {
    const r = await arena(['compare', ...PD, '--editions', 'spoiler,source', '-n', '3', '--turns', '0', '--json', ...QUIET]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { sides: { hero: { template: string; how: string } }[] };
    expect(out.sides.map((s) => s.hero)).toEqual([
      { template: 'vampire-bat', name: 'vampire bat', how: '--hero' },
      { template: 'vampire-bat', name: 'vampire bat', how: "same id as side A's" },
    ]);
  });

  it('compare against a ruleset without monster duels is refused', async () => {
    const r = await arena(['compare', ...PD, '--against', 'crawl-4.0b20', '--hero-b', 'rat', '--foe-b', 'rat', '-n', '3', ...QUIET]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`arena: --hero-b: side B's hero rat is a monster: ${REFUSAL} (not in crawl-4.0b20)\n`);
  });

  it('duel where the ruleset cannot: one line, no stack trace', async () => {
    const r = await arena(['duel', '--ruleset', 'stone-soup-0.5.2', '--hero', 'goblin', '--no-save']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).toBe(`arena: --hero goblin: ${REFUSAL} (not in stone-soup-0.5.2)\n`);
  });
});
