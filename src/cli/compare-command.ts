import { performance } from 'node:perf_hooks';
import { idHint } from '../core/suggest.js';
import type { Content } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { skillOfOption } from '../rules/crawl-family/options.js';
import { EDITIONS, isEdition } from '../rules/edition.js';
import { availableRulesets, getRuleset, monsterDuelProblem } from '../rules/registry.js';
import type { CatalogEntry, RulesetId } from '../rules/ruleset.js';
import { defaultWorkers, simulate, workersUsed } from '../sim/pool.js';
import { type CompareReport, type CompareSide, type FighterChoice, type RefusedOption, alignByTime, compareJson, compareText, playTraced, refusalText } from './compare.js';
import { progressBar, wholeNumber } from './progress.js';
import { type DuelOptions, heroOptionProblem, setupFromOptions, skillOptions } from './setup-options.js';

/** `arena compare`: the options on top of the duel options, as commander hands them over. */
export interface CompareOptions extends DuelOptions {
  against?: string;
  editionB?: string;
  editions?: string;
  heroB?: string;
  foeB?: string;
  duels: string;
  turns?: string;
  allRows?: boolean;
  width?: string;
  workers?: string;
  json?: boolean;
  progress: boolean;
}

/** Where an option's value came from (commander's `getOptionValueSource`): `cli` when typed. */
export type OptionSource = (name: string) => string | undefined;

/** The hero options carried from side A to side B: the option's key, its flag, the key the ruleset reads. */
const HERO_OPTIONS = [
  ['level', '--level', 'level'],
  ['strength', '--strength', 'strength'],
  ['weapon', '--weapon', 'weapon'],
  ['armour', '--armour', 'armour'],
  ['statSystem', '--stat-system', 'stat-system'],
  ['form', '--form', 'form'],
] as const;

/** The ruleset's error without the flag it may start with and the "(got ...)" it may end with. */
function reasonOf(e: unknown, flag: string): string {
  let m = e instanceof Error ? e.message : String(e);
  if (m.startsWith(`${flag} `)) m = m.slice(flag.length + 1);
  m = m.replace(/ \(got "[^"]*"\)$/, '');
  return m.split('; choose one of')[0] ?? m;
}

function hero(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries.filter((e) => e.kind === 'hero');
}
function monsters(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries.filter((e) => e.kind === 'monster');
}

/**
 * Side B's fighter: the one named with the B flag; else side A's by id, then by name (in the same
 * kind); else, when A's was not chosen either, B's ruleset's own default; else a usage error.
 */
function pickB(
  role: 'hero' | 'foe',
  given: string | undefined,
  explicitA: boolean,
  a: CatalogEntry,
  catalogB: readonly CatalogEntry[],
  rulesetB: { id: string; defaultHero: string; defaultFoe: string },
  usage: (m: string) => Error,
): FighterChoice {
  const flag = `--${role}-b`;
  const ids = catalogB.map((e) => e.id);
  if (given !== undefined) {
    const e = catalogB.find((x) => x.id === given);
    if (!e) throw usage(`${flag}: unknown ${role} "${given}" for ${rulesetB.id}; ${idHint(given, ids, { noun: role, command: `arena list ${role === 'hero' ? 'heroes' : 'foes'} --ruleset ${rulesetB.id}` })}`);
    return { template: e.id, name: e.name, how: flag };
  }
  const byId = catalogB.find((x) => x.id === a.id);
  if (byId) return { template: byId.id, name: byId.name, how: `same id as side A's` };
  const byName = catalogB.find((x) => x.name.toLowerCase() === a.name.toLowerCase());
  if (byName) return { template: byName.id, name: byName.name, how: `same name as side A's ${a.id}` };
  if (!explicitA) {
    const id = role === 'hero' ? rulesetB.defaultHero : rulesetB.defaultFoe;
    const e = catalogB.find((x) => x.id === id) as CatalogEntry;
    return { template: e.id, name: e.name, how: `${rulesetB.id}'s default; it has no ${a.id}` };
  }
  // A's id is no typo: B's whole list when it is short, else the ids near it and how to list them.
  const hint = ids.length <= 40 ? ids.join(', ') : idHint(a.id, ids, { noun: role, command: `arena list ${role === 'hero' ? 'heroes' : 'foes'} --ruleset ${rulesetB.id}` });
  throw usage(`${flag}: side B (${rulesetB.id}) has no ${role} "${a.id}" (by id or by name "${a.name}"); choose one with ${flag}: ${hint}`);
}

/** The flags a setup's hero was built with ("--level 5 --weapon dagger --skill fighting=12"). */
function optionFlags(setup: DuelSetup): string[] {
  const out: string[] = [];
  for (const [, flag, key] of HERO_OPTIONS) {
    const v = setup.hero.options[key];
    if (v !== undefined) out.push(`${flag} ${v}`);
  }
  for (const [key, v] of Object.entries(setup.hero.options)) {
    const skill = skillOfOption(key);
    if (skill !== undefined) out.push(`--skill ${skill}=${v}`);
  }
  return out;
}

/**
 * Both sides' setups from the command line: A from the duel options as any duel command reads
 * them; B with its own ruleset and edition, the same seed, arena, turn limit and foe options,
 * A's fighters mapped into its catalogue, and every hero option it can take.
 */
export function resolveSides(o: CompareOptions, content: Content, usage: (m: string) => Error, source: OptionSource = () => undefined): [CompareSide, CompareSide] {
  let editionA = o.edition;
  let editionB = o.editionB;
  if (o.editions !== undefined) {
    if (source('edition') === 'cli' || o.editionB !== undefined) throw usage('--editions: give either --editions A,B or --edition and --edition-b, not both');
    const parts = o.editions.split(',').map((x) => x.trim());
    if (parts.length !== 2 || !parts.every(isEdition)) throw usage(`--editions: must be two editions separated by a comma, each one of ${EDITIONS.join(', ')} (got "${o.editions}")`);
    [editionA, editionB] = parts as [string, string];
  }
  if (editionB !== undefined && !isEdition(editionB)) throw usage(`--edition-b: must be one of ${EDITIONS.join(', ')} (got "${editionB}")`);
  const rulesetIdB = o.against ?? o.ruleset;
  if (!availableRulesets().includes(rulesetIdB as RulesetId)) throw usage(`--against: unknown ruleset "${rulesetIdB}"; choose one of: ${availableRulesets().join(', ')}`);

  const setupA = setupFromOptions({ ...o, edition: editionA }, content, 'ai');
  const edB = (editionB ?? setupA.edition) as DuelSetup['edition'];
  const rulesetA = getRuleset(setupA.ruleset, content, setupA.edition);
  const rulesetB = getRuleset(rulesetIdB, content, edB);
  const catA = rulesetA.catalog();
  const catB = rulesetB.catalog();
  const entryA = (id: string) => catA.find((e) => e.id === id) as CatalogEntry;
  const heroA = entryA(setupA.hero.template);
  const foeA = entryA(setupA.foe.template);
  // A monster on side A's hero side is matched among B's monsters; --hero-b may name either.
  const heroPoolB = o.heroB !== undefined ? [...hero(catB), ...monsters(catB)] : heroA.kind === 'monster' ? monsters(catB) : hero(catB);
  const heroB = pickB('hero', o.heroB, o.hero !== undefined, heroA, heroPoolB, rulesetB, usage);
  if (monsters(catB).some((e) => e.id === heroB.template)) {
    const problem = monsterDuelProblem(rulesetB.id);
    if (problem) throw usage(`${heroB.how === '--hero-b' ? '--hero-b' : '--against'}: side B's hero ${heroB.template} is a monster: ${problem}`);
  }
  const foeB = pickB('foe', o.foeB, o.foe !== undefined, foeA, monsters(catB), rulesetB, usage);

  // Each of A's hero options is tried alone on B's hero; those it refuses are reported and left out.
  const refused: RefusedOption[] = [];
  const carried: Partial<Record<(typeof HERO_OPTIONS)[number][0], string>> = {};
  for (const [key, flag, ruleKey] of HERO_OPTIONS) {
    const value = o[key];
    if (value === undefined) continue;
    const problem = ruleKey === 'stat-system' || ruleKey === 'form' ? heroOptionProblem(ruleKey, rulesetB.id, content) : null;
    if (problem) {
      refused.push({ flag, value, reason: problem });
      continue;
    }
    try {
      rulesetB.buildFighter({ template: heroB.template, options: { [ruleKey]: /^\d+$/.test(value) && (key === 'level' || key === 'strength') ? Number(value) : value } });
      carried[key] = value;
    } catch (e) {
      refused.push({ flag, value, reason: reasonOf(e, flag) });
    }
  }
  // `--skill NAME=LEVEL`, one by one: a ruleset without the skill (or without skills) refuses it.
  const skills: string[] = [];
  for (const text of o.skill ?? []) {
    try {
      const options = Object.fromEntries(skillOptions([text], rulesetB.id, content));
      rulesetB.buildFighter({ template: heroB.template, options });
      skills.push(text);
    } catch (e) {
      refused.push({ flag: '--skill', value: text, reason: reasonOf(e, '--skill:') });
    }
  }
  let setupB: DuelSetup;
  try {
    setupB = setupFromOptions(
      {
        seed: setupA.seed,
        ruleset: rulesetB.id,
        edition: edB,
        hero: heroB.template,
        foe: foeB.template,
        arena: setupA.arena,
        maxTurns: String(setupA.maxTurns),
        ...(o.foeState !== undefined ? { foeState: o.foeState } : {}),
        ...(o.firstMover !== undefined ? { firstMover: o.firstMover } : {}),
        ...carried,
        ...(skills.length > 0 ? { skill: skills } : {}),
      },
      content,
      'ai',
    );
  } catch (e) {
    // The options B took one by one but not all together (a two-handed weapon and a shield).
    throw usage(`side B (${rulesetB.id}): ${(e as Error).message}`);
  }
  if (JSON.stringify(setupA) === JSON.stringify(setupB)) {
    throw usage('--against: side B is the same duel as side A; name another ruleset (--against RULESET), another edition (--edition-b or --editions spoiler,source) or other fighters (--hero-b, --foe-b)');
  }
  const how = (flag: string, given: boolean, ruleset: string) => (given ? flag : `${ruleset}'s default`);
  const a: CompareSide = {
    key: 'A',
    setup: setupA,
    hero: { template: heroA.id, name: heroA.name, how: how('--hero', o.hero !== undefined, rulesetA.id) },
    foe: { template: foeA.id, name: foeA.name, how: how('--foe', o.foe !== undefined, rulesetA.id) },
    options: optionFlags(setupA),
    refused: [],
  };
  const b: CompareSide = { key: 'B', setup: setupB, hero: heroB, foe: foeB, options: optionFlags(setupB), refused };
  return [a, b];
}

export interface RunOptions {
  /** Columns when --width is absent and stdout is a terminal. */
  readonly terminalColumns?: number;
  readonly program: string;
}

/** Runs `arena compare`: checks the options, plays the two traced duels and the two simulations, prints the report. */
export async function runCompare(o: CompareOptions, content: Content, usage: (m: string) => Error, source: OptionSource, run: RunOptions): Promise<void> {
  const n = wholeNumber('--duels', o.duels, 0, 10_000_000, usage);
  const workers = o.workers === undefined ? defaultWorkers() : wholeNumber('--workers', o.workers, 0, 256, usage);
  const turns = o.turns === undefined ? undefined : wholeNumber('--turns', o.turns, 0, 100_000_000, usage);
  const width = o.width === undefined ? Math.max(60, Math.min(400, run.terminalColumns ?? 80)) : wholeNumber('--width', o.width, 60, 400, usage);
  const sides = resolveSides(o, content, usage, source);
  if (o.json) for (const x of sides[1].refused) process.stderr.write(`warning: ${refusalText(sides[1], x)}\n`);

  let traced: CompareReport['traced'] = null;
  if (turns !== 0) {
    const duels = [playTraced(sides[0].setup, content), playTraced(sides[1].setup, content)] as const;
    const rows = alignByTime(duels[0].entries, duels[1].entries);
    traced = { duels, rows: turns === undefined ? rows : rows.slice(0, turns), totalRows: rows.length };
  }

  let aggregate: CompareReport['aggregate'] = null;
  if (n > 0) {
    const bar = progressBar(o.progress);
    const t0 = performance.now();
    const statsA = await simulate(sides[0].setup, content, n, { workers, exact: false, onProgress: (d) => bar.update(d, 2 * n) });
    const statsB = await simulate(sides[1].setup, content, n, { workers, exact: false, onProgress: (d) => bar.update(n + d, 2 * n) });
    bar.end();
    aggregate = { duels: n, workers: workersUsed(n, workers), seconds: (performance.now() - t0) / 1000, stats: [statsA, statsB] };
  }
  const report: CompareReport = { program: run.program, sides, traced, aggregate };
  process.stdout.write(o.json ? compareJson(report) : compareText(report, { width, allRows: o.allRows ?? false }));
}
