import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { getRuleset } from '../../src/rules/registry.js';
import { simulate } from '../../src/sim/pool.js';
import { describeCommand } from '../../src/systems/commands.js';
import {
  type Aggregate,
  type CompareReport,
  type TurnEntry,
  aggregateFigures,
  alignByTime,
  compareText,
  firstDifference,
  meanDifference,
  medianInterval,
  playTraced,
  rateDifference,
  sameTurn,
  wrap,
} from '../../src/cli/compare.js';
import { type CompareOptions, resolveSides } from '../../src/cli/compare-command.js';
import { arena, removeTempDirs, type Run, STACK_FRAME } from './run.js';

afterAll(removeTempDirs);

const content = loadContent();
const usage = (m: string) => new Error(`usage: ${m}`);

/** The options as commander hands them over, with its defaults. */
function options(o: Partial<CompareOptions>): CompareOptions {
  return { seed: 'cmp', ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'pit', maxTurns: '300', duels: '500', progress: false, ...o };
}

/** The message of what `f` throws ('' when it does not). */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

/** A duel played on its own, AI against AI: each turn's time, actor, command, messages and both hit points after it. */
function replay(setup: DuelSetup): { entries: TurnEntry[]; winner: 0 | 1 | null | undefined } {
  const d = new Duel(setup, content, { tracing: true });
  const entries: TurnEntry[] = [];
  for (;;) {
    const r = d.step();
    if (r.kind !== 'turn') break;
    const t = r.record;
    entries.push({
      turn: t.turn,
      time: t.time / d.ruleset.ticksPerTurn,
      actor: t.actor === d.heroId ? 'hero' : 'foe',
      command: describeCommand(t.command),
      messages: d.messages.filter((m) => m.turn === t.turn).map((m) => m.text),
      hp: [d.hero.body?.hp ?? 0, d.foe.body?.hp ?? 0],
      maxHp: [d.hero.body?.maxHp ?? 0, d.foe.body?.maxHp ?? 0],
    });
  }
  const late = d.messages.filter((m) => m.turn > d.turn).map((m) => m.text);
  if (late.length > 0) entries.push({ turn: d.turn + 1, time: d.outcome?.time ?? d.gameTurns, actor: null, command: null, messages: late, hp: [d.hero.body?.hp ?? 0, d.foe.body?.hp ?? 0], maxHp: [d.hero.body?.maxHp ?? 0, d.foe.body?.maxHp ?? 0] });
  return { entries, winner: d.outcome?.winner };
}

const entry = (time: number, actor: 'hero' | 'foe', turn = 0): TurnEntry => ({ turn, time, actor, command: 'wait', messages: [], hp: [1, 1], maxHp: [1, 1] });

describe('compare: the pure parts', () => {
  it('lines turns up by game time, pairing those at the same moment in order', () => {
    const a = [entry(0, 'hero', 1), entry(0, 'foe', 2), entry(1, 'hero', 3), entry(2.5, 'foe', 4)];
    const b = [entry(0, 'hero', 1), entry(0.5, 'foe', 2), entry(1, 'hero', 3), entry(1, 'foe', 4)];
    expect(alignByTime(a, b)).toEqual([
      { time: 0, a: 0, b: 0 },
      { time: 0, a: 1, b: null },
      { time: 0.5, a: null, b: 1 },
      { time: 1, a: 2, b: 2 },
      { time: 1, a: null, b: 3 },
      { time: 2.5, a: 3, b: null },
    ]);
    expect(alignByTime([], [])).toEqual([]);
    // Times that are sums of tenths still meet.
    expect(alignByTime([entry(0.1 + 0.2, 'hero')], [entry(0.3, 'hero')])).toEqual([{ time: 0.1 + 0.2, a: 0, b: 0 }]);
  });

  it("gives Newcombe's interval for a difference of rates (his worked example: 56/70 against 48/80)", () => {
    const d = rateDifference(48, 80, 56, 70);
    expect(d?.value).toBeCloseTo(0.2, 12);
    expect(d?.lo).toBeCloseTo(0.0524, 4);
    expect(d?.hi).toBeCloseTo(0.3339, 4);
    expect(rateDifference(0, 0, 1, 2)).toBeNull();
    // Equal rates: an interval around 0, symmetric.
    const same = rateDifference(10, 20, 10, 20) as { value: number; lo: number; hi: number };
    expect(same.value).toBe(0);
    expect(same.lo).toBeCloseTo(-same.hi, 12);
  });

  it('gives the difference of two means with a Welch interval, and medians with order-statistic intervals', () => {
    // A: 1, 2, 3; B: 4, 6, 8.
    const d = meanDifference({ n: 3, sum: 6, sumSq: 14 }, { n: 3, sum: 18, sumSq: 116 });
    expect(d?.value).toBe(4);
    const half = 1.959963984540054 * Math.sqrt(1 / 3 + 4 / 3);
    expect(d?.lo).toBeCloseTo(4 - half, 12);
    expect(d?.hi).toBeCloseTo(4 + half, 12);
    expect(meanDifference({ n: 1, sum: 1, sumSq: 1 }, { n: 3, sum: 18, sumSq: 116 })).toBeNull();
    // 100 duels: 10 each at turns 0..9. The median is 4 (the smallest turn by which half had
    // ended); the interval runs from the 40th value to the 61st (50 -/+ 1.96 x 10 / 2).
    const h = Array.from({ length: 10 }, () => 10);
    expect(medianInterval(h)).toEqual({ value: 4, lo: 3, hi: 6 });
    expect(medianInterval([])).toBeNull();
    expect(medianInterval([0, 0, 1])).toEqual({ value: 2, lo: 2, hi: 2 });
  });

  it('wraps words within the width, cutting only words longer than a line', () => {
    expect(wrap('one two three four', 9, '  ')).toEqual(['one two', '  three', '  four']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrap('', 10)).toEqual(['']);
  });
});

describe('compare: choosing the two sides (in-process)', () => {
  it('carries the fighters over by id between crawl-4.0b20 and stone-soup-0.5.2, with the same seed, arena and turn limit', () => {
    const [a, b] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', foe: 'ogre', level: '9', foeState: 'hunting', firstMover: 'foe' }), content, usage);
    expect(a.setup).toMatchObject({ ruleset: 'crawl-4.0b20', edition: 'spoiler', seed: 'cmp', arena: 'pit', maxTurns: 300, foeState: 'hunting', firstMover: 'foe' });
    expect(b.setup).toMatchObject({ ruleset: 'stone-soup-0.5.2', edition: 'spoiler', seed: 'cmp', arena: 'pit', maxTurns: 300, foeState: 'hunting', firstMover: 'foe' });
    expect(b.hero).toMatchObject({ template: 'minotaur-fighter', how: "same id as side A's" });
    expect(b.foe).toMatchObject({ template: 'ogre', how: "same id as side A's" });
    expect(a.options).toEqual(['--level 9']);
    expect(b.options).toEqual(['--level 9']);
    expect(b.setup.hero.options).toEqual({ level: 9 });
    expect(b.refused).toEqual([]);
  });

  it('matches by name when the ids differ, falls back to B\'s default for a fighter nobody chose, and B takes its edition from A', () => {
    const [a, b] = resolveSides(options({ ruleset: 'pixel-dungeon', against: 'angband-3.0.5', edition: 'source', hero: 'mage' }), content, usage);
    expect(a.setup.edition).toBe('source');
    expect(b.setup.edition).toBe('source');
    expect(b.hero).toMatchObject({ template: 'gnome-mage', name: 'Mage' });
    expect(b.hero.how).toContain('same name');
    // The gnoll scout was nobody's choice and Angband has none: its own default foe.
    expect(b.foe.template).toBe(getRuleset('angband-3.0.5', content, 'spoiler').defaultFoe);
    expect(b.foe.how).toContain('default');
  });

  it('needs --hero-b / --foe-b for a chosen fighter B has not, naming the flag and listing B\'s choices', () => {
    const heroes = getRuleset('stone-soup-0.5.2', content, 'spoiler').catalog().filter((e) => e.kind === 'hero').map((e) => e.id);
    const m = thrown(() => resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', hero: 'troll-monk' }), content, usage));
    expect(m).toMatch(/^usage: --hero-b: /);
    expect(m).toContain('troll-monk');
    for (const h of heroes) expect(m).toContain(h);
    const f = thrown(() => resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', foe: 'giant-ant' }), content, usage));
    expect(f).toMatch(/^usage: --foe-b: .*giant-ant.*orc-warrior/);
    // Given, they are used; a bad one is named.
    const [, b] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', hero: 'troll-monk', heroB: 'ogre-brute', foe: 'giant-ant', foeB: 'killer-bee' }), content, usage);
    expect([b.hero.template, b.hero.how, b.foe.template]).toEqual(['ogre-brute', '--hero-b', 'killer-bee']);
    expect(thrown(() => resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', heroB: 'troll-monk' }), content, usage))).toMatch(/^usage: --hero-b: unknown hero "troll-monk" for stone-soup-0.5.2; choose one of: .*halfling-assassin/);
    // A hero is never matched with a monster of the same id (Stone Soup's vampire-bat is a hero).
    const g = thrown(() => resolveSides(options({ ruleset: 'pixel-dungeon', against: 'stone-soup-0.5.2', foe: 'vampire-bat' }), content, usage));
    expect(g).toMatch(/^usage: --foe-b: /);
  });

  it('reports the options B cannot take and carries the others', () => {
    const [a, b] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', statSystem: 'classic', form: 'statue', level: '9' }), content, usage);
    expect(a.options).toEqual(['--level 9', '--stat-system classic', '--form statue']);
    expect(b.options).toEqual(['--level 9', '--form statue']);
    expect(b.refused).toEqual([{ flag: '--stat-system', value: 'classic', reason: 'only the crawl-4.0b20 ruleset has stat systems' }]);

    const [, c] = resolveSides(options({ ruleset: 'angband-3.0.5', against: 'crawl-4.0b20', hero: 'warrior', heroB: 'troll-monk', foe: 'wolf', level: '40', weapon: 'dagger', strength: '18/50' }), content, usage);
    expect(c.options).toEqual(['--weapon dagger']);
    expect(c.refused.map((x) => `${x.flag} ${x.value}`)).toEqual(['--level 40', '--strength 18/50']);
    expect(c.refused[0]?.reason).toContain('1 to 27');

    // --skill, one skill at a time: Angband has no skills at all.
    const [e, f] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'angband-3.0.5', skill: ['fighting=12'], foe: 'ogre' }), content, usage);
    expect(e.options).toEqual(['--skill fighting=12']);
    expect(f.options).toEqual([]);
    expect(f.refused.map((x) => `${x.flag} ${x.value}`)).toEqual(['--skill fighting=12']);
    const [, g] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', skill: ['fighting=12'] }), content, usage);
    expect(g.options).toEqual(['--skill fighting=12']);
    expect(g.setup.hero.options).toEqual({ 'skill:fighting': 12 });

    const [, d] = resolveSides(options({ ruleset: 'pixel-dungeon', against: 'angband-3.0.5', weapon: 'dagger', armour: 'leather-armour' }), content, usage);
    expect(d.options).toEqual(['--weapon dagger']);
    expect(d.refused).toEqual([{ flag: '--armour', value: 'leather-armour', reason: 'unknown armour "leather-armour"' }]);
  });

  it('reads --editions, --edition-b and --against, and refuses what does not make two sides', () => {
    const [a, b] = resolveSides(options({ ruleset: 'angband-3.0.5', editions: 'source,spoiler' }), content, usage);
    expect([a.setup.edition, b.setup.edition, b.setup.ruleset]).toEqual(['source', 'spoiler', 'angband-3.0.5']);
    const [, c] = resolveSides(options({ ruleset: 'angband-3.0.5', editionB: 'source' }), content, usage);
    expect(c.setup.edition).toBe('source');
    expect(thrown(() => resolveSides(options({ editions: 'spoiler' }), content, usage))).toMatch(/^usage: --editions: .*spoiler, source/);
    expect(thrown(() => resolveSides(options({ editions: 'spoiler,director' }), content, usage))).toMatch(/^usage: --editions: /);
    expect(thrown(() => resolveSides(options({ editions: 'spoiler,source', editionB: 'source' }), content, usage))).toMatch(/^usage: --editions: give either/);
    expect(thrown(() => resolveSides(options({ editions: 'spoiler,source' }), content, usage, (n) => (n === 'edition' ? 'cli' : 'default')))).toMatch(/^usage: --editions: give either/);
    expect(thrown(() => resolveSides(options({ against: 'nethack' }), content, usage))).toMatch(/^usage: --against: unknown ruleset "nethack"; choose one of: pixel-dungeon/);
    expect(thrown(() => resolveSides(options({}), content, usage))).toMatch(/^usage: --against: side B is the same duel as side A/);
  });
});

describe('compare: turn by turn (in-process)', () => {
  it('plays each side exactly as the duel played on its own, and the rows hold every turn of both once, in time order', () => {
    const [a, b] = resolveSides(options({ ruleset: 'angband-3.0.5', editions: 'spoiler,source', hero: 'gnome-mage', foe: 'snaga', foeState: 'hunting', seed: 'rows' }), content, usage);
    const pa = playTraced(a.setup, content);
    const pb = playTraced(b.setup, content);
    const ra = replay(a.setup);
    const rb = replay(b.setup);
    expect(pa.entries).toEqual(ra.entries);
    expect(pb.entries).toEqual(rb.entries);
    expect(pa.entries.length).toBeGreaterThan(2);
    expect(pa.entries.some((e) => e.messages.length > 0)).toBe(true);
    expect(pa.outcome?.winner).toBe(ra.winner === 0 ? 'hero' : ra.winner === 1 ? 'foe' : null);
    const rows = alignByTime(pa.entries, pb.entries);
    expect(rows.flatMap((r) => (r.a === null ? [] : [r.a]))).toEqual(pa.entries.map((_, i) => i));
    expect(rows.flatMap((r) => (r.b === null ? [] : [r.b]))).toEqual(pb.entries.map((_, i) => i));
    for (let i = 1; i < rows.length; i++) expect((rows[i] as { time: number }).time).toBeGreaterThanOrEqual((rows[i - 1] as { time: number }).time);
    for (const r of rows) {
      if (r.a !== null) expect(pa.entries[r.a]?.time).toBe(r.time);
      if (r.b !== null) expect(pb.entries[r.b]?.time).toBeCloseTo(r.time, 9);
    }

    // Where they part: the first row whose two turns do not read the same.
    const parted = firstDifference([pa, pb]);
    const k = rows.findIndex((r) => r.a === null || r.b === null || JSON.stringify({ ...pa.entries[r.a], turn: 0, maxHp: 0 }) !== JSON.stringify({ ...pb.entries[r.b], turn: 0, maxHp: 0 }));
    expect(parted).toEqual(k < 0 ? null : { row: k, time: rows[k]?.time });
    expect(sameTurn(pa.entries[0], pa.entries[0])).toBe(true);
    expect(sameTurn(pa.entries[0], undefined)).toBe(false);
    expect(sameTurn(pa.entries[0], { ...(pa.entries[0] as TurnEntry), hp: [0, 0] })).toBe(false);

    // The text fits its width, shows every message of both sides, and names both outcomes.
    const report: CompareReport = { program: 'test', sides: [a, b], traced: { duels: [pa, pb], rows, totalRows: rows.length }, aggregate: null };
    for (const width of [60, 80, 132]) {
      const text = compareText(report, { width, allRows: false });
      for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(width);
    }
    const all = compareText(report, { width: 200, allRows: true });
    for (const e of [...pa.entries, ...pb.entries]) for (const m of e.messages) expect(all).toContain(m);
    expect(all).toContain(`outcome A: ${pa.outcome?.text}`);
    expect(all).toContain(`outcome B: ${pb.outcome?.text}`);
    // --turns: the first rows only, and no side is said to be over before its last turn is shown.
    const few = compareText({ ...report, traced: { duels: [pa, pb], rows: rows.slice(0, 3), totalRows: rows.length } }, { width: 80, allRows: true });
    expect(few).toContain(`(3 of ${rows.length} rows shown: --turns 3)`);
    expect(few).not.toContain('(over:');
    // Every row on its own line(s) with --all-rows: as many rows starting with a time as rows.
    const timed = all.split('\n').filter((l) => /^\s*\d+\.\d{3} │/.test(l));
    expect(timed.length).toBe(rows.length);
  });
});

describe('compare: the aggregate', () => {
  it('builds its figures from the two simulations: counts, rates and differences', async () => {
    const [a, b] = resolveSides(options({ ruleset: 'crawl-4.0b20', against: 'stone-soup-0.5.2', foe: 'orc', foeState: 'hunting', seed: 'agg' }), content, usage);
    const stats = [await simulate(a.setup, content, 6, { workers: 0 }), await simulate(b.setup, content, 6, { workers: 0 })] as const;
    const g: Aggregate = { duels: 6, workers: 0, seconds: 0, stats };
    const figs = aggregateFigures(g);
    const win = figs.find((f) => f.id === 'heroWins');
    expect(win?.counts).toEqual({ a: [stats[0].outcomes.hero, 6], b: [stats[1].outcomes.hero, 6] });
    expect(win?.difference).toEqual(rateDifference(stats[0].outcomes.hero, 6, stats[1].outcomes.hero, 6));
    expect(figs.find((f) => f.id === 'gameTurns')?.difference).toEqual(meanDifference(stats[0].turns, stats[1].turns));
    for (const kind of Object.keys(stats[0].attacks[0])) expect(figs.some((f) => f.id === `heroHitRate:${kind}`)).toBe(true);
    for (const f of figs) if (f.difference && f.kind !== 'median') expect(f.significant).toBe(f.difference.lo > 0 || f.difference.hi < 0);
    const text = compareText({ program: 'test', sides: [a, b], traced: null, aggregate: g }, { width: 80, allRows: false });
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(text).toContain('hero wins');
    expect(text).toContain('B - A');
  });
});

describe('arena compare (the built CLI)', () => {
  const N = 8;
  const ARGS = ['compare', '--ruleset', 'crawl-4.0b20', '--against', 'stone-soup-0.5.2', '--seed', 'cli', '--arena', 'pit', '--foe', 'orc', '--foe-state', 'hunting', '--level', '6', '--stat-system', 'classic', '--workers', '0'];
  let json: Run;
  let text: Run;
  let bad: Map<string, Run>;
  const BAD: readonly (readonly [string, readonly string[], RegExp])[] = [
    ['unknown --against', ['--against', 'nethack'], /^arena: --against: unknown ruleset "nethack"; choose one of: .*stone-soup-0\.5\.2/],
    ['a hero B has not', ['--ruleset', 'crawl-4.0b20', '--against', 'stone-soup-0.5.2', '--hero', 'troll-monk'], /^arena: --hero-b: .*troll-monk.*halfling-assassin/],
    ['one edition', ['--editions', 'source'], /^arena: --editions: /],
    ['bad --duels', ['--against', 'angband-3.0.5', '-n', 'many'], /^arena: --duels: must be a whole number from 0 to/],
    ['bad --width', ['--against', 'angband-3.0.5', '--width', '20'], /^arena: --width: must be a whole number from 60 to 400/],
  ];

  beforeAll(async () => {
    const runs = await Promise.all([
      arena([...ARGS, '-n', String(N), '--json']),
      arena([...ARGS, '-n', '4', '--turns', '40']),
      ...BAD.map(([, args]) => arena(['compare', '-n', '0', ...args])),
    ]);
    [json, text] = runs as [Run, Run];
    bad = new Map(BAD.map(([name], i) => [name, runs[i + 2] as Run]));
  });

  it('prints JSON with both sides, the turn-by-turn rows and the aggregate, equal to the duels and simulations run on their own', async () => {
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toBe('warning: side B: --stat-system classic not available in stone-soup-0.5.2 (only the crawl-4.0b20 ruleset has stat systems); using its preset\n');
    const j = JSON.parse(json.stdout);
    expect(Object.keys(j)).toEqual(['program', 'sides', 'turnByTurn', 'aggregate']);
    expect(j.sides.map((s: { key: string; ruleset: string; edition: string }) => [s.key, s.ruleset, s.edition])).toEqual([
      ['A', 'crawl-4.0b20', 'spoiler'],
      ['B', 'stone-soup-0.5.2', 'spoiler'],
    ]);
    expect(j.sides[0].options).toEqual(['--level 6', '--stat-system classic']);
    expect(j.sides[1].options).toEqual(['--level 6']);
    expect(j.sides[1].refused).toEqual([{ flag: '--stat-system', value: 'classic', reason: 'only the crawl-4.0b20 ruleset has stat systems' }]);
    const setups = j.sides.map((s: { setup: DuelSetup }) => s.setup) as [DuelSetup, DuelSetup];
    expect(setups[1].seed).toBe(setups[0].seed);

    // Row by row: each side's turns are those of its duel played alone.
    const alone = setups.map((s) => replay(s).entries);
    const rows = j.turnByTurn.rows as { time: number; a: TurnEntry | null; b: TurnEntry | null }[];
    expect(j.turnByTurn.totalRows).toBe(rows.length);
    expect(rows.flatMap((r) => (r.a ? [r.a] : []))).toEqual(alone[0]);
    expect(rows.flatMap((r) => (r.b ? [r.b] : []))).toEqual(alone[1]);
    expect(j.turnByTurn.outcomes).toHaveLength(2);
    expect(rows.every((r) => typeof (r as { same?: unknown }).same === 'boolean')).toBe(true);
    const parted = j.turnByTurn.firstDifference as { row: number; time: number } | null;
    if (parted) expect(rows.findIndex((r) => !(r as unknown as { same: boolean }).same)).toBe(parted.row);
    else expect(rows.every((r) => (r as unknown as { same: boolean }).same)).toBe(true);

    // The aggregate: each side as `simulate` gives it.
    expect(j.aggregate.duels).toBe(N);
    for (const k of [0, 1] as const) {
      const s = await simulate(setups[k], content, N, { workers: 0 });
      expect(j.aggregate.sides[k].counts).toEqual(s.outcomes);
      expect(j.aggregate.sides[k].turns.value).toBeCloseTo(s.turns.sum / s.turns.n, 9);
      const fig = j.aggregate.figures.find((f: { id: string }) => f.id === 'heroWins');
      expect(fig.counts[k === 0 ? 'a' : 'b']).toEqual([s.outcomes.hero, N]);
    }
    const ids = j.aggregate.figures.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['heroWins', 'foeWins', 'draws', 'gameTurns', 'heroDamagePerTurn', 'foeDamagePerTurn', 'heroTurnsToKill', 'foeTurnsToKill']));
    for (const f of j.aggregate.figures) expect(Object.keys(f)).toEqual(expect.arrayContaining(['id', 'group', 'label', 'name', 'kind', 'a', 'b', 'difference', 'significant']));
  });

  it('prints the sides, the turn-by-turn table within 80 columns and the aggregate table as text', () => {
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toBe('');
    const out = text.stdout;
    for (const line of out.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(out).toMatch(/^arena compare: crawl-4\.0b20 spoiler \(A\) against stone-soup-0\.5\.2 spoiler \(B\)/);
    expect(out).toContain('hero Minotaur Fighter [minotaur-fighter] (same id as side A\'s)');
    expect(out).toContain('hero options: --level 6 --stat-system classic');
    expect(out.replace(/\s+/g, ' ')).toContain('side B: --stat-system classic not available in stone-soup-0.5.2 (only the crawl-4.0b20 ruleset has stat systems); using its preset');
    expect(out).toMatch(/time │ A crawl-4\.0b20 spoiler\s+│ B stone-soup-0\.5\.2 spoiler/);
    expect(out).toMatch(/outcome A: /);
    expect(out).toMatch(/outcome B: /);
    expect(out).toMatch(/in aggregate: 4 duels a side \(duel i with the seed cli\/sim-i on both sides\) on\s+this thread/);
    expect(out).toMatch(/hero wins +\d/);
  });

  it.each(BAD.map(([name, , re]) => [name, re] as const))('%s: one line naming the flag, exit code 2, no stack trace', (name, re) => {
    const r = bad.get(name) as Run;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(re);
  });
});
