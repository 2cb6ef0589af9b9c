import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { arenaIds } from '../../src/game/duel.js';
import { EDITIONS } from '../../src/rules/edition.js';
import { availableRulesets, getRuleset } from '../../src/rules/registry.js';
import { arena, removeTempDirs, type Run, STACK_FRAME, tempDir } from './run.js';

/**
 * Ids are looked up safely: the names every JavaScript object inherits ("constructor",
 * "__proto__", "toString", ...) given to any option that takes an id are unknown ids like any
 * other: exit 2, one line naming the option, the id and the valid choices, no stack trace.
 * Spawned end to end, every option with every one of those names.
 */

afterAll(removeTempDirs);

export const HOSTILE_IDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'] as const;

const content = loadContent();
const names = (ruleset: string, kind: 'hero' | 'monster') =>
  getRuleset(ruleset, content, 'spoiler')
    .catalog()
    .filter((e) => e.kind === kind)
    .map((e) => e.id);
/** Commander's hint after its own errors: the only other line an error may have. */
const HELP_HINT = '(run "arena --help" for the commands)';

interface Case {
  readonly option: string;
  readonly args: (id: string) => readonly string[];
  /** What the first line must say besides the id: the word "unknown" (or commander's "is invalid") and some of the valid choices. */
  readonly says: RegExp;
  readonly choices: readonly string[];
}

const crawlSkills = content.crawl.skills.map((s) => s.id);
const CASES: readonly Case[] = [
  { option: '--ruleset', args: (id) => ['duel', '--ruleset', id], says: /--ruleset: unknown ruleset/, choices: availableRulesets() },
  { option: '--hero', args: (id) => ['duel', '--hero', id], says: /--hero: unknown hero/, choices: names('pixel-dungeon', 'hero') },
  // 616 foes are too many to list: the message names those close to the id, or how to list them all.
  { option: '--foe', args: (id) => ['duel', '--ruleset', 'angband-3.0.5', '--foe', id], says: /--foe: unknown foe "[^"]*" for angband-3\.0\.5; (did you mean .*\? \(arena list foes --ruleset angband-3\.0\.5 (--search .* lists the matches|lists all 616)\)|no foe id contains it \(arena list foes --ruleset angband-3\.0\.5 lists all 616\))$/, choices: [] },
  { option: '--arena', args: (id) => ['duel', '--arena', id], says: /--arena: unknown arena/, choices: arenaIds(content) },
  { option: '--weapon', args: (id) => ['duel', '--ruleset', 'crawl-4.0b20', '--weapon', id], says: /unknown weapon/, choices: ['none', 'club', 'mace'] },
  { option: '--armour', args: (id) => ['duel', '--ruleset', 'stone-soup-0.5.2', '--armour', id], says: /unknown armour/, choices: ['none', 'robe', 'leather-armour'] },
  { option: '--form', args: (id) => ['duel', '--ruleset', 'crawl-4.0b20', '--form', id], says: /unknown form/, choices: ['none', 'spider', 'dragon'] },
  { option: '--stat-system', args: (id) => ['duel', '--ruleset', 'crawl-4.0b20', '--stat-system', id], says: /--stat-system: unknown stat system/, choices: ['new', 'classic'] },
  { option: '--skill', args: (id) => ['duel', '--ruleset', 'crawl-4.0b20', '--skill', `${id}=3`], says: /--skill: unknown skill/, choices: crawlSkills },
  // Commander checks these against its list of choices itself.
  { option: '--edition', args: (id) => ['duel', '--edition', id], says: /--edition <edition>' argument '.*' is invalid\. Allowed choices are/, choices: EDITIONS },
  { option: '--foe-state', args: (id) => ['duel', '--foe-state', id], says: /--foe-state <state>' argument '.*' is invalid\. Allowed choices are/, choices: ['sleeping', 'wandering', 'hunting'] },
  { option: 'calc RULESET', args: (id) => ['calc', id, '--attacker', 'warrior', '--defender', 'jackal'], says: /calc: unknown ruleset/, choices: ['angband-3.0.5', 'crawl-4.0b20', 'stone-soup-0.5.2'] },
  { option: 'calc angband-3.0.5 --attacker', args: (id) => ['calc', 'angband-3.0.5', '--attacker', id, '--defender', 'jackal'], says: /--attacker: unknown hero preset/, choices: names('angband-3.0.5', 'hero') },
  // 616 monsters are too many to list: the message points to arena list --search instead.
  { option: 'calc angband-3.0.5 --defender', args: (id) => ['calc', 'angband-3.0.5', '--attacker', 'warrior', '--defender', id], says: /--defender: unknown monster "[^"]*"; (did you mean .*\? \(arena list foes --ruleset angband-3\.0\.5 --search .* lists the matches\)|no monster id contains it \(arena list foes --ruleset angband-3\.0\.5 lists all 616\))$/, choices: [] },
  { option: 'calc crawl-4.0b20 --attacker', args: (id) => ['calc', 'crawl-4.0b20', '--attacker', id, '--defender', 'orc'], says: /--attacker: unknown hero preset/, choices: names('crawl-4.0b20', 'hero') },
  { option: 'calc crawl-4.0b20 --defender', args: (id) => ['calc', 'crawl-4.0b20', '--attacker', 'troll-monk', '--defender', id], says: /--defender: unknown monster/, choices: names('crawl-4.0b20', 'monster') },
  { option: 'calc stone-soup-0.5.2 --attacker', args: (id) => ['calc', 'stone-soup-0.5.2', '--attacker', id, '--defender', 'orc'], says: /--attacker: unknown hero/, choices: names('stone-soup-0.5.2', 'hero') },
  { option: 'calc stone-soup-0.5.2 --defender', args: (id) => ['calc', 'stone-soup-0.5.2', '--attacker', 'halfling-assassin', '--defender', id], says: /--defender: unknown monster/, choices: names('stone-soup-0.5.2', 'monster') },
  { option: 'calc inline JSON $.race', args: (id) => ['calc', 'angband-3.0.5', '--attacker', `{"class": "warrior", "race": "${id}"}`, '--defender', 'jackal'], says: /--attacker: \$\.race: unknown race/, choices: ['human', 'dwarf'] },
  { option: 'calc inline JSON $.weapon.item', args: (id) => ['calc', 'angband-3.0.5', '--attacker', `{"preset": "warrior", "weapon": {"item": "${id}"}}`, '--defender', 'jackal'], says: /--attacker: \$\.weapon\.item: unknown item/, choices: [] },
  { option: 'list --ruleset', args: (id) => ['list', 'heroes', '--ruleset', id], says: /--ruleset: unknown ruleset/, choices: availableRulesets() },
  { option: 'list WHAT', args: (id) => ['list', id], says: /list: unknown list/, choices: ['rulesets', 'heroes', 'foes', 'arenas'] },
  { option: 'sim --ruleset', args: (id) => ['sim', '-n', '1', '--ruleset', id], says: /--ruleset: unknown ruleset/, choices: availableRulesets() },
  { option: 'sweep --vary', args: (id) => ['sweep', '-n', '1', '--vary', id], says: /--vary: unknown parameter/, choices: ['level', 'strength', 'weapon', 'armour', 'foe'] },
  { option: 'sweep --vary skill:NAME', args: (id) => ['sweep', '-n', '1', '--ruleset', 'crawl-4.0b20', '--vary', `skill:${id}`], says: /--vary: unknown skill/, choices: crawlSkills.map((s) => `skill:${s}`) },
  { option: 'sweep --vary weapon --values', args: (id) => ['sweep', '-n', '1', '--vary', 'weapon', '--values', id], says: /--values: unknown weapon/, choices: ['none', 'dagger'] },
  { option: 'sweep --vary foe --values', args: (id) => ['sweep', '-n', '1', '--vary', 'foe', '--values', id], says: /--values: unknown foe/, choices: ['rat', 'gnoll-scout'] },
  { option: 'compare --against', args: (id) => ['compare', '-n', '1', '--against', id], says: /--against: unknown ruleset/, choices: availableRulesets() },
];

/** Runs the spawns a few at a time (each is a process of its own). */
async function runAll(jobs: readonly (readonly string[])[], width = 4): Promise<Run[]> {
  const out: Run[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await arena(jobs[i] as readonly string[]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

describe('every id-taking option refuses the names objects inherit (spawned)', () => {
  const jobs = CASES.flatMap((c) => HOSTILE_IDS.map((id) => ({ c, id })));
  let runs: Run[];

  beforeAll(async () => {
    const saves = join(tempDir(), 'saves');
    runs = await runAll(jobs.map(({ c, id }) => [...c.args(id), ...(c.args(id)[0] === 'duel' ? ['--seed', 'hostile', '--saves', saves] : [])]));
  }, 240_000);

  it('covers every option with every name', () => {
    expect(jobs.length).toBe(CASES.length * HOSTILE_IDS.length);
    expect(new Set(CASES.map((c) => c.option)).size).toBe(CASES.length);
  });

  it.each(CASES.map((c, k) => [c.option, k] as const))('%s', (_option, k) => {
    const c = CASES[k] as Case;
    HOSTILE_IDS.forEach((id, j) => {
      const r = runs[k * HOSTILE_IDS.length + j] as Run;
      const what = `${c.option} ${id}: ${r.stderr}`;
      expect(r.code, what).toBe(2);
      expect(r.signal, what).toBeNull();
      expect(r.stdout, what).toBe('');
      expect(r.stderr, what).not.toMatch(STACK_FRAME);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines.length === 1 || (lines.length === 2 && lines[1] === HELP_HINT), what).toBe(true);
      const first = lines[0] as string;
      expect(first, what).toMatch(c.says);
      expect(first, what).toContain(id);
      for (const choice of c.choices) expect(first, what).toContain(choice);
      // Nothing leaked from the object the name would have reached.
      expect(first, what).not.toMatch(/\[object |function |native code|is not a function|Cannot (read|convert)|undefined/);
    });
  });
});
