import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { arenaIds } from '../../src/game/duel.js';
import { EDITIONS } from '../../src/rules/edition.js';
import { availableRulesets } from '../../src/rules/registry.js';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { arena, removeTempDirs, type Run, STACK_FRAME, tempDir } from './run.js';

afterAll(removeTempDirs);

const content = loadContent();
const heroes = content.pixelDungeon.heroes.map((h) => h.id);
const foes = content.pixelDungeon.monsters.map((m) => m.id);
const weapons = content.pixelDungeon.meleeWeapons.map((w) => w.id);
const arenas = arenaIds(content);
/** Commander's hint after its own errors; the only extra line an error may have. */
const HELP_HINT = '(run "arena --help" for the commands)';

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** What the first line must contain: the option, the bad value, and every valid choice. */
  readonly mentions: readonly string[];
}

/**
 * Spawned end to end (each process costs about half a second to start, so one per kind of error
 * path: our own option checks, the hero builder's checks, and commander's choices).
 */
const SPAWNED: readonly Case[] = [
  { name: 'unknown ruleset', args: ['--ruleset', 'nethack'], mentions: ['--ruleset', 'nethack', ...availableRulesets()] },
  { name: 'unknown hero', args: ['--hero', 'paladin'], mentions: ['--hero', 'paladin', ...heroes] },
  { name: 'unknown foe', args: ['--foe', 'dragon'], mentions: ['--foe', 'dragon', ...foes] },
  { name: 'unknown arena', args: ['--arena', 'moon'], mentions: ['--arena', 'moon', ...arenas] },
  { name: 'unknown edition', args: ['--edition', 'director'], mentions: ['--edition', 'director', ...EDITIONS] },
  { name: 'non-numeric --max-turns', args: ['--max-turns', 'lots'], mentions: ['--max-turns', '"lots"', '1', '1000000'] },
  { name: '--level above the range', args: ['--level', '31'], mentions: ['--level', '"31"', '1', '30'] },
];

/** The same checks in-process, through the CLI's own option parser (no process to start). */
const IN_PROCESS: readonly Case[] = [
  { name: 'an unknown ruleset', args: ['--ruleset', 'stone-soup-9.9'], mentions: ['--ruleset', 'stone-soup-9.9', ...availableRulesets()] },
  { name: 'a crawl option on another ruleset', args: ['--stat-system', 'classic'], mentions: ['--stat-system', 'crawl-4.0b20'] },
  { name: 'an unknown crawl form', args: ['--ruleset', 'crawl-4.0b20', '--form', 'bat'], mentions: ['--hero', 'form', '"bat"', 'dragon', 'none'] },
  { name: 'a monster as the hero where monsters cannot fight monsters', args: ['--ruleset', 'crawl-4.0b20', '--hero', 'rat'], mentions: ['--hero rat', 'monster-vs-monster duels are available in: pixel-dungeon, angband-3.0.5', 'crawl-4.0b20'] },
  { name: 'neither a hero nor a monster as the hero', args: ['--hero', 'dragon'], mentions: ['--hero', '"dragon"', ...heroes, 'arena list foes --ruleset pixel-dungeon'] },
  { name: 'a hero as the foe', args: ['--foe', 'warrior'], mentions: ['--foe', '"warrior"', ...foes] },
  { name: 'zero --max-turns', args: ['--max-turns', '0'], mentions: ['--max-turns', '"0"', '1000000'] },
  { name: 'fractional --max-turns', args: ['--max-turns', '2.5'], mentions: ['--max-turns', '"2.5"', '1000000'] },
  { name: 'too many --max-turns', args: ['--max-turns', '1000001'], mentions: ['--max-turns', '"1000001"', '1000000'] },
  { name: '--level zero', args: ['--level', '0'], mentions: ['--level', '"0"', '1', '30'] },
  { name: '--level negative', args: ['--level', '-3'], mentions: ['--level', '"-3"', '1', '30'] },
  { name: '--level not a number', args: ['--level', 'five'], mentions: ['--level', '"five"', '1', '30'] },
  { name: '--strength out of range', args: ['--strength', '99'], mentions: ['--strength', '"99"', '30'] },
  { name: 'unknown weapon', args: ['--weapon', 'lightsaber'], mentions: ['weapon', 'lightsaber', 'none', ...weapons] },
  { name: 'an armour as the weapon', args: ['--weapon', 'plate-armour'], mentions: ['weapon', 'plate-armour', ...weapons] },
  { name: 'unknown armour', args: ['--armour', 'mithril'], mentions: ['armour', 'mithril', 'none', ...content.pixelDungeon.armours.map((a) => a.id)] },
  { name: 'empty seed', args: ['--seed', ''], mentions: ['--seed', 'empty'] },
  { name: 'blank seed', args: ['--seed', '   '], mentions: ['--seed', 'empty'] },
];

/** Parses `--opt value` pairs onto the defaults the CLI gives. */
function options(args: readonly string[]): DuelOptions {
  const o: Record<string, string> = { seed: 'bad-args', ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '1000' };
  for (let i = 0; i < args.length; i += 2) {
    const key = (args[i] as string).replace(/^--/, '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    o[key] = args[i + 1] as string;
  }
  return o as unknown as DuelOptions;
}

describe('arena duel with bad arguments (spawned)', () => {
  let saves: string;
  let results: Map<string, Run>;

  beforeAll(async () => {
    saves = join(tempDir(), 'saves');
    const runs = await Promise.all(SPAWNED.map((c) => arena(['duel', '--seed', 'bad-args', '--saves', saves, ...c.args])));
    results = new Map(SPAWNED.map((c, i) => [c.name, runs[i] as Run]));
  });

  it.each(SPAWNED.map((c) => [c.name, c] as const))('%s: exits non-zero with one line naming the problem and the choices', (name, c) => {
    const r = results.get(name) as Run;
    expect(r.stdout).toBe('');
    expect(r.signal).toBeNull();
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).not.toMatch(/\b(TypeError|RangeError|ZodError|Error:)/);
    const [first, ...rest] = r.stderr.replace(/\n$/, '').split('\n');
    expect(rest.filter((l) => l !== HELP_HINT)).toEqual([]);
    for (const m of c.mentions) expect(first, `"${m}" in: ${first}`).toContain(m);
  });

  it('none of them started a duel or wrote a replay', () => {
    expect(existsSync(saves)).toBe(false);
  });
});

describe('arena duel option checks (in-process)', () => {
  it.each(IN_PROCESS.map((c) => [c.name, c] as const))('%s: one line naming the problem and the choices', (_name, c) => {
    let message = '';
    try {
      setupFromOptions(options(c.args), content, 'ai');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message, 'the options must be refused').not.toBe('');
    expect(message).not.toMatch(/\n/);
    for (const m of c.mentions) expect(message, `"${m}" in: ${message}`).toContain(m);
  });

  it('good options give the setup the duel is played from', () => {
    const setup = setupFromOptions(options(['--hero', 'rogue', '--level', '5', '--weapon', 'none', '--foe-state', 'sleeping', '--max-turns', '77', '--seed', '  seed with spaces  ']), content, 'player');
    expect(setup).toEqual({
      ruleset: 'pixel-dungeon',
      edition: 'spoiler',
      seed: 'seed with spaces',
      hero: { template: 'rogue', options: { level: 5, weapon: 'none' } },
      foe: { template: 'gnoll-scout', options: {} },
      arena: 'rooms',
      heroControl: 'player',
      maxTurns: 77,
      foeState: 'sleeping',
    });
    expect(setupFromOptions(options(['--first-mover', 'foe']), content, 'ai').firstMover).toBe('foe');
    expect('firstMover' in setupFromOptions(options(['--first-mover', 'hero']), content, 'ai')).toBe(false);
  });
});

describe('arena watch --best-of', () => {
  it.each([['0'], ['100'], ['three'], ['2.5']])('refuses %s in one line naming the option and the range, before asking for a terminal', async (n) => {
    const r = await arena(['watch', '--best-of', n, '--no-save']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`arena: --best-of: must be a whole number from 1 to 99 (got "${n}")\n`);
  });
});

describe('arena list', () => {
  let all: Run;
  let foesOnly: Run;
  let bad: Run;

  beforeAll(async () => {
    [all, foesOnly, bad] = await Promise.all([arena(['list']), arena(['list', 'foes']), arena(['list', 'monsters'])]);
  });

  /** The ids listed under a section heading. */
  const section = (out: string, heading: RegExp): string[] => {
    const ls = out.split('\n');
    const start = ls.findIndex((l) => heading.test(l));
    if (start < 0) return [];
    const ids: string[] = [];
    for (const l of ls.slice(start + 1)) {
      const m = /^ {2}(\S+)/.exec(l);
      if (!m) break;
      ids.push(m[1] as string);
    }
    return ids;
  };

  it('lists every ruleset, hero, foe and arena', () => {
    expect(all.code).toBe(0);
    expect(all.stderr).toBe('');
    expect(section(all.stdout, /^rulesets:$/)).toEqual(availableRulesets());
    expect(section(all.stdout, /^heroes \(pixel-dungeon\):$/)).toEqual(heroes);
    expect(section(all.stdout, /^foes \(pixel-dungeon\):$/)).toEqual(foes);
    expect(section(all.stdout, /^arenas:$/)).toEqual(arenas);
    expect(arenas).toEqual(expect.arrayContaining(['cave', 'hall', 'pit', 'rooms', 'random-rooms', 'random-cave', 'random-hall']));
  });

  it('starts every description of a list in one column, however long its ids (Stone Soup has 22-letter ones)', async () => {
    for (const ruleset of availableRulesets()) {
      const r = await arena(['list', '--ruleset', ruleset]);
      expect(r.code).toBe(0);
      let columns = new Set<number>();
      for (const l of r.stdout.split('\n')) {
        if (!l.startsWith('  ')) {
          // A heading: the list before it is checked.
          expect(columns.size, `${ruleset}: ${l}`).toBeLessThanOrEqual(1);
          columns = new Set();
          continue;
        }
        const m = /^ {2}\S+ +/.exec(l);
        expect(m, l).not.toBeNull();
        columns.add((m as RegExpExecArray)[0].length);
      }
      expect(columns.size).toBeLessThanOrEqual(1);
    }
  });

  it('lists one kind when asked', () => {
    expect(foesOnly.code).toBe(0);
    expect(foesOnly.stdout.split('\n')[0]).toBe('foes (pixel-dungeon):');
    expect(section(foesOnly.stdout, /^foes/)).toEqual(foes);
    expect(foesOnly.stdout).not.toMatch(/^(heroes|arenas|rulesets)/m);
  });

  it('refuses an unknown list, naming the valid ones', () => {
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).not.toMatch(STACK_FRAME);
    expect(bad.stderr.trim()).toBe('arena: list: unknown list "monsters"; choose one of: rulesets, heroes, foes, arenas');
  });
});

describe('the terminal commands without a terminal', () => {
  it.each([
    ['play', ['play', '--seed', '1']],
    ['watch', ['watch', '--seed', '1']],
  ])('%s: exits 2 and points to arena duel', async (_name, args) => {
    const saves = join(tempDir(), 'saves');
    const r = await arena([...args, '--saves', saves]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/needs a terminal/);
    expect(r.stderr).toMatch(/arena duel/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(existsSync(saves)).toBe(false);
  });
});
