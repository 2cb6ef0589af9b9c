import { afterAll, describe, expect, it } from 'vitest';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { SWEEP_CSV_COLUMNS, SweepInputError, bar, planSweep, type SweepFlags } from '../../src/cli/sweep.js';
import { loadContent } from '../../src/content/index.js';
import type { DuelSetup } from '../../src/game/duel.js';
import { recallContext } from '../../src/rules/recall.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { FighterSpec, FighterView } from '../../src/rules/ruleset.js';
import { simulate } from '../../src/sim/pool.js';
import { meanInterval, wilson } from '../../src/sim/stats.js';
import { exactOdds, runSweep } from '../../src/sim/sweep.js';
import { arena, removeTempDirs, STACK_FRAME } from './run.js';

afterAll(removeTempDirs);

const content = loadContent();

function base(o: Partial<DuelOptions> = {}): DuelSetup {
  return setupFromOptions({ ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '1000', seed: '42', ...o }, content, 'ai');
}

const plan = (b: DuelSetup, flags: SweepFlags, fixed = {}) => planSweep(b, content, flags, fixed);

/** A fighter as the ruleset builds it without rolling, awake and aware of its enemy, as a view. */
function view(setup: DuelSetup, spec: FighterSpec, id: number, side: 0 | 1): FighterView {
  const init = getRuleset(setup.ruleset, content, setup.edition).buildFighter(spec);
  return {
    id,
    pos: { x: side * 1, y: 0 },
    body: { ...init.body },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: init.glyph,
    energy: { energy: init.energy ?? 0 },
    ai: { mode: 'hunting', target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: { x: 1 - side, y: 0 } },
    inventory: structuredClone(init.inventory),
    statuses: structuredClone(init.statuses),
    rules: structuredClone(init.rules),
  } as FighterView;
}

/** Straight from previewAttack: the best melee attack of `a` on `d` adjacent, and the turns to take `d`'s hit points. */
function direct(setup: DuelSetup, a: FighterView, d: FighterView) {
  const r = getRuleset(setup.ruleset, content, setup.edition);
  const ctx = recallContext(0, 1, true);
  const previews = r.attackOptions(a).filter((o) => o.kind === 'melee').map((o) => r.previewAttack(a, d, o, ctx));
  const best = previews.reduce((x, y) => (y.expected.mul(y.perTurn).compare(x.expected.mul(x.perTurn)) > 0 ? y : x));
  const dpt = best.expected.mul(best.perTurn).toNumber();
  return { attack: best.label, hit: best.hit.toNumber(), damagePerTurn: dpt, turnsToKill: d.body.hp / dpt };
}

describe('the exact columns', () => {
  const cases = [
    { name: 'pixel-dungeon levels', setup: base(), flags: { vary: 'level', values: '1,10' } },
    { name: 'crawl-4.0b20 fighting skill', setup: base({ ruleset: 'crawl-4.0b20' }), flags: { vary: 'skill:fighting', values: '0,27' } },
    { name: 'angband-3.0.5 strength', setup: base({ ruleset: 'angband-3.0.5' }), flags: { vary: 'strength', values: '12,18/70' } },
  ];
  it.each(cases)('equal previewAttack computed directly: $name', ({ setup, flags }) => {
    for (const p of plan(setup, flags).points) {
      const hero = view(p.setup, p.setup.hero, 1, 0);
      const foe = view(p.setup, p.setup.foe, 2, 1);
      const got = exactOdds(p.setup, content);
      for (const [side, want] of [
        ['hero', direct(p.setup, hero, foe)],
        ['foe', direct(p.setup, foe, hero)],
      ] as const) {
        const g = got[side];
        expect(g?.attack).toBe(want.attack);
        expect(g?.hit).toBeCloseTo(want.hit, 12);
        expect(g?.damagePerTurn).toBeCloseTo(want.damagePerTurn, 12);
        expect(g?.turnsToKill).toBeCloseTo(want.turnsToKill, 9);
      }
      expect(got.heroHp).toBe(hero.body.hp);
      expect(got.foeHp).toBe(foe.body.hp);
    }
  });

  // Where the rules tie accuracy to the swept number, the hit chance cannot fall and must rise over the range.
  const rising = [
    { ruleset: 'pixel-dungeon', flags: { vary: 'level', from: '1', to: '30', step: '4' } },
    { ruleset: 'angband-3.0.5', flags: { vary: 'level', from: '1', to: '50', step: '7' } },
    { ruleset: 'crawl-4.0b20', flags: { vary: 'skill:fighting', from: '0', to: '27', step: '3' } },
    { ruleset: 'stone-soup-0.5.2', flags: { vary: 'skill:fighting', from: '0', to: '27', step: '3' } },
  ];
  it.each(rising)("$ruleset: the hero's hit chance rises with $flags.vary", ({ ruleset, flags }) => {
    const hits = plan(base({ ruleset }), flags).points.map((p) => exactOdds(p.setup, content).hero?.hit ?? NaN);
    for (let i = 1; i < hits.length; i++) expect(hits[i]).toBeGreaterThanOrEqual(hits[i - 1] as number);
    expect(hits[hits.length - 1]).toBeGreaterThan(hits[0] as number);
  });

  it('are the same at every point for what the parameter does not touch (the foe is built without rolling)', () => {
    const odds = plan(base({ ruleset: 'crawl-4.0b20' }), { vary: 'level', values: '1,14,27' }).points.map((p) => exactOdds(p.setup, content));
    expect(new Set(odds.map((o) => o.foeHp)).size).toBe(1);
    expect(new Set(odds.map((o) => o.hero?.hit)).size).toBe(1);
    expect(new Set(odds.map((o) => o.heroHp)).size).toBe(3);
  });
});

describe('the simulated columns', () => {
  it('equal simulate run separately for a point, with the same master seed at every point', async () => {
    const p = plan(base(), { vary: 'weapon', values: 'dagger,war-hammer' });
    expect(p.points.map((x) => x.setup.seed)).toEqual(['42', '42']);
    const rows = await runSweep(p.points, content, 12, { workers: 0 });
    const alone = await simulate(p.points[1]!.setup, content, 12, { workers: 0 });
    const row = rows[1]!;
    expect(row.counts).toEqual(alone.outcomes);
    expect(row.outcomes.hero).toEqual(wilson(alone.outcomes.hero, 12));
    expect(row.damagePerTurn.hero).toEqual(meanInterval(alone.dpt[0]));
    expect(row.damagePerTurn.foe).toEqual(meanInterval(alone.dpt[1]));
  });
});

describe('the skill option', () => {
  const crawl = getRuleset('crawl-4.0b20', content, 'spoiler');
  const build = (options: Record<string, string | number>) => crawl.buildFighter({ template: 'minotaur-fighter', options });

  it('is checked: a known skill, a level from 0 to 27', () => {
    expect(() => build({ 'skill:fighting': 28 })).toThrow(/--skill fighting must be a whole number from 0 to 27 \(got "28"\)/);
    expect(() => build({ 'skill:cooking': 3 })).toThrow(/unknown skill "cooking"; choose one of: fighting, short-blades/);
    // Stone Soup's extra skills belong to Stone Soup only.
    expect(() => build({ 'skill:evocations': 3 })).toThrow(/unknown skill "evocations"/);
    expect(() => getRuleset('stone-soup-0.5.2', content, 'spoiler').buildFighter({ template: 'halfling-assassin', options: { 'skill:evocations': 3 } })).not.toThrow();
  });

  it('sets the skill: fighting adds hit points (level x fighting / 5) and to-hit', () => {
    const low = build({ 'skill:fighting': 0, level: 10 });
    const high = build({ 'skill:fighting': 25, level: 10 });
    expect(high.body.maxHp - low.body.maxHp).toBe(50);
    expect((high.rules['skills'] as Record<string, number>)['fighting']).toBe(25);
  });

  it('comes from --skill NAME=LEVEL on the duel commands, refused where there are no skills', () => {
    const s = base({ ruleset: 'crawl-4.0b20', skill: ['fighting=12', 'axes=3'] });
    expect(s.hero.options).toMatchObject({ 'skill:fighting': 12, 'skill:axes': 3 });
    expect(() => base({ skill: ['fighting=3'] })).toThrow(/^--skill: pixel-dungeon has no trainable skills; only crawl-4.0b20 and stone-soup-0.5.2 have them$/);
    expect(() => base({ ruleset: 'angband-3.0.5', skill: ['fighting=3'] })).toThrow(/angband-3.0.5 has no trainable skills/);
    expect(() => base({ ruleset: 'crawl-4.0b20', skill: ['fighting'] })).toThrow(/--skill: write NAME=LEVEL/);
  });
});

describe('planning a sweep', () => {
  it('ranges default to the whole of what the ruleset allows, with a step', () => {
    expect(plan(base(), { vary: 'level' }).points.map((p) => p.value)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(plan(base({ ruleset: 'crawl-4.0b20' }), { vary: 'level', from: '1', to: '27', step: '13' }).points.map((p) => p.value)).toEqual([1, 14, 27]);
    const str = plan(base({ ruleset: 'angband-3.0.5' }), { vary: 'strength', from: '17', to: '18/20', step: '10' }).points;
    expect(str.map((p) => p.label)).toEqual(['17', '18/09', '18/19']);
    expect(str[1]?.setup.hero.options['strength']).toBe('18/09');
  });

  it('lists default to every weapon, armour or foe the hero can take, leaving out the rest', () => {
    const w = plan(base({ ruleset: 'crawl-4.0b20' }), { vary: 'weapon' });
    expect(w.points.length).toBeGreaterThan(5);
    expect(w.skipped).toContain('giant-club');
    expect(w.points.map((p) => p.value)).not.toContain('none');
    const foes = plan(base(), { vary: 'foe' }).points;
    expect(foes.map((p) => p.setup.foe.template)).toEqual(content.pixelDungeon.monsters.map((m) => m.id));
  });

  const bad: { name: string; setup?: Partial<DuelOptions>; flags: SweepFlags; fixed?: object; message: RegExp }[] = [
    { name: 'unknown parameter', flags: { vary: 'luck' }, message: /^--vary: unknown parameter "luck"; choose one of: level, strength, skill:NAME, weapon, armour, foe$/ },
    { name: 'a skill without skills', setup: { ruleset: 'angband-3.0.5' }, flags: { vary: 'skill:fighting' }, message: /^--vary skill:fighting: angband-3.0.5 has no trainable skills/ },
    { name: 'an unknown skill', setup: { ruleset: 'crawl-4.0b20' }, flags: { vary: 'skill:cooking' }, message: /^--vary: unknown skill "cooking" for crawl-4.0b20; choose one of: skill:fighting,/ },
    { name: 'below the range', flags: { vary: 'level', from: '0' }, message: /^--from: level in pixel-dungeon is a whole number from 1 to 30 \(got "0"\)$/ },
    { name: 'above the range', setup: { ruleset: 'crawl-4.0b20' }, flags: { vary: 'skill:axes', to: '28' }, message: /^--to: skill:axes in crawl-4.0b20 is a whole number from 0 to 27/ },
    { name: 'an Angband stat past 18/319', setup: { ruleset: 'angband-3.0.5' }, flags: { vary: 'strength', values: '18/400' }, message: /^--values: strength in angband-3.0.5 is 3 to 18, or 18\/01 to 18\/319/ },
    { name: 'from above to', flags: { vary: 'level', from: '9', to: '3' }, message: /^--from: 9 is above --to 3$/ },
    { name: 'a zero step', flags: { vary: 'level', step: '0' }, message: /^--step: must be a whole number/ },
    { name: 'an unknown weapon', flags: { vary: 'weapon', values: 'dagger,laser' }, message: /^--values: unknown weapon "laser" for pixel-dungeon; choose from: none, knuckleduster, dagger/ },
    { name: 'an unknown foe', flags: { vary: 'foe', values: 'dragon' }, message: /^--values: unknown foe "dragon"/ },
    { name: 'a range for a list', flags: { vary: 'armour', from: '1' }, message: /^--from: only level, strength and skill:NAME take a range; give --values for armour$/ },
    { name: 'both a range and values', flags: { vary: 'level', from: '1', values: '2' }, message: /^--values: give either --values or --from\/--to\/--step, not both$/ },
    { name: 'a weapon the hero cannot take', setup: { ruleset: 'crawl-4.0b20' }, flags: { vary: 'weapon', values: 'giant-club' }, message: /^--vary weapon: at giant-club, crawl-4.0b20 refuses it: a giant club is too large/ },
    { name: 'fixed and varied', flags: { vary: 'level' }, fixed: { level: '3' }, message: /^--level: fixed and varied at once/ },
    { name: 'an empty value', flags: { vary: 'level', values: '1,,2' }, message: /^--values: a comma-separated list with no empty entries/ },
  ];
  it.each(bad)('refuses $name with one line naming the flag', ({ setup, flags, fixed, message }) => {
    let err: unknown;
    try {
      plan(base(setup), flags, fixed);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SweepInputError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });
});

describe('plots', () => {
  it('draw bars to scale, with the interval in shades', () => {
    expect(bar(0.5, 1, 10)).toBe('█████     ');
    expect(bar(1, 1, 4)).toBe('████');
    expect(bar(0.5, 1, 10, { lo: 0.3, hi: 0.7 })).toBe('███▓▓░░   ');
  });
});

describe('arena sweep (the built binary)', () => {
  const args = ['sweep', '--seed', '7', '--vary', 'level', '--values', '1,6', '-n', '6', '--workers', '0'];

  it('prints a table and the plots', async () => {
    const r = await arena(args);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^arena sweep: pixel-dungeon spoiler · warrior vs gnoll-scout · rooms · seed 7$/m);
    expect(r.stdout).toMatch(/^level +hit +dmg\/turn +turns +hit +dmg\/turn +turns +hero wins +95% interval/m);
    for (const title of ['hero wins, of 6 duels a point', 'hit chance (exact)', 'expected damage a game turn (exact)', 'damage a game turn over the simulated duels']) expect(r.stdout).toContain(title);
  });

  it('--json: every point with its exact odds and simulated figures', async () => {
    const r = await arena([...args, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ parameter: 'level', values: [1, 6], duels: 6, distance: 1, odds: 'engaged', skipped: [] });
    expect(j.setup.seed).toBe('7');
    expect(j.points).toHaveLength(2);
    for (const p of j.points) {
      expect(Object.keys(p).sort()).toEqual(['counts', 'damagePerTurn', 'duels', 'exact', 'label', 'outcomes', 'setup', 'turns', 'value']);
      expect(Object.keys(p.exact.hero).sort()).toEqual(['attack', 'attacksPerTurn', 'damagePerTurn', 'hit', 'turnsToKill']);
      expect(p.outcomes.hero.lo).toBeLessThanOrEqual(p.outcomes.hero.value);
      expect(p.outcomes.hero.hi).toBeGreaterThanOrEqual(p.outcomes.hero.value);
      expect(p.counts.hero + p.counts.foe + p.counts.draw).toBe(6);
      expect(p.setup.hero.options.level).toBe(p.value);
    }
  });

  it('--csv: a header and one row a point, every row as wide', async () => {
    const r = await arena([...args, '--csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(SWEEP_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    for (const l of lines.slice(1)) expect(l.split(',')).toHaveLength(SWEEP_CSV_COLUMNS.length);
    expect(lines[2]?.startsWith('level,6,')).toBe(true);
  });

  const badFlags = [
    { args: ['--vary', 'mood'], mentions: ['--vary', 'mood', 'level', 'strength', 'skill:NAME', 'weapon', 'armour', 'foe'] },
    { args: ['--ruleset', 'angband-3.0.5', '--vary', 'skill:fighting'], mentions: ['--vary skill:fighting', 'angband-3.0.5 has no trainable skills', 'crawl-4.0b20'] },
    { args: ['--vary', 'weapon', '--values', 'lightsaber'], mentions: ['--values', 'lightsaber', 'dagger', 'glaive'] },
    { args: ['--vary', 'level', '--to', '99'], mentions: ['--to', '"99"', '1 to 30'] },
    { args: ['--vary', 'level', '-n', 'lots'], mentions: ['--duels', '"lots"'] },
  ];
  it.each(badFlags)('refuses $args with one line, exit code 2 and no stack trace', async ({ args: bad, mentions }) => {
    const r = await arena(['sweep', '--seed', '1', ...bad]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    for (const m of mentions) expect(r.stderr).toContain(m);
  });

  it('--skill on a duel command: checked with one line', async () => {
    const r = await arena(['duel', '--seed', '1', '--no-save', '--ruleset', 'crawl-4.0b20', '--skill', 'fighting=28']);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd()).toBe('arena: --skill fighting must be a whole number from 0 to 27 (got "28")');
  });
});
