import { randomInt } from 'node:crypto';
import { Option, type Command as Cmd } from 'commander';
import type { Content } from '../content/index.js';
import { DEFAULT_ARENA, DEFAULT_MAX_TURNS, type DuelSetup, arenaIds } from '../game/duel.js';
import { EDITIONS, isEdition } from '../rules/edition.js';
import { availableRulesets, getRuleset, isRulesetId, monsterDuelProblem } from '../rules/registry.js';
import { normaliseSeed } from '../core/rng.js';
import { idHint, nearestByEdits } from '../core/suggest.js';
import { heroOptionTables, rulesetsWith, skillOptionProblem } from '../rules/choices.js';
import type { RulesetId } from '../rules/ruleset.js';
import type { AiMode } from '../world/components.js';

export interface DuelOptions {
  seed?: string;
  ruleset: string;
  edition: string;
  hero?: string;
  foe?: string;
  arena: string;
  level?: string;
  strength?: string;
  weapon?: string;
  armour?: string;
  statSystem?: string;
  form?: string;
  /** `--skill NAME=LEVEL`, once per skill (crawl-4.0b20 and stone-soup-0.5.2). */
  skill?: string[];
  foeState?: string;
  firstMover?: string;
  maxTurns: string;
}

/** The options every command that starts a duel accepts. */
export function addDuelOptions(c: Cmd): Cmd {
  return c
    .option('--seed <seed>', 'master seed: any text or number (a fresh one is chosen if absent)')
    .option('--ruleset <id>', `ruleset (${availableRulesets().join(', ')})`, availableRulesets()[0])
    .addOption(new Option('--edition <edition>', 'spoiler: as the seed document says; source: as the game\'s code does').choices([...EDITIONS]).default('spoiler'))
    .option('--hero <id>', 'hero preset (see: arena list heroes)')
    .option('--foe <id>', 'monster to fight (see: arena list foes)')
    .option('--arena <id>', 'arena (see: arena list arenas)', DEFAULT_ARENA)
    .option('--level <n>', 'hero level (overrides the preset)')
    .option('--strength <n>', 'hero strength (overrides the preset)')
    .option('--weapon <id>', 'hero melee weapon, or "none" (overrides the preset)')
    .option('--armour <id>', 'hero armour, or "none" (overrides the preset)')
    .option('--stat-system <system>', 'crawl-4.0b20: "new" (the default, as vanilla Crawl) or "classic" (AX-Crawl\'s option)')
    .option('--form <id>', 'crawl-4.0b20: the hero\'s transformation, or "none" (overrides the preset)')
    .option('--skill <name=level>', 'crawl-4.0b20 and stone-soup-0.5.2: a trained skill 0-27, e.g. fighting=12 (overrides the preset; repeat for more)', (v: string, prev: string[] | undefined) => [...(prev ?? []), v])
    .addOption(new Option('--foe-state <state>', 'how the foe starts').choices(['sleeping', 'wandering', 'hunting']))
    .addOption(new Option('--first-mover <who>', 'who wins a tie for the move (the hero by default)').choices(['hero', 'foe']))
    .option('--max-turns <n>', 'game turns before the duel is a draw', String(DEFAULT_MAX_TURNS));
}

/** The rulesets whose heroes train skills (`--skill`, `skill:NAME` hero options). */
export function skillRulesets(content: Content): string[] {
  return rulesetsWith(content, availableRulesets(), 'skills');
}

/** The skills a ruleset's heroes train (empty when it has none). */
export function trainableSkills(content: Content, ruleset: string): readonly { readonly id: string; readonly name: string }[] {
  return heroOptionTables(content, ruleset).skills;
}

/** The hero options `--skill NAME=LEVEL` stands for (`skill:NAME`), each checked against the ruleset's skills. */
export function skillOptions(texts: readonly string[], ruleset: string, content: Content): [string, number][] {
  if (texts.length === 0) return [];
  if (trainableSkills(content, ruleset).length === 0) throw new Error(`--skill: ${ruleset} has no trainable skills; only ${skillRulesets(content).join(' and ')} have them`);
  return texts.map((t) => {
    const m = /^([^=]+)=(.*)$/.exec(t.trim());
    if (!m) throw new Error(`--skill: write NAME=LEVEL, such as fighting=12 (got "${t}")`);
    const [skill, level] = [m[1] as string, m[2] as string];
    const problem = skillOptionProblem(skill, level, trainableSkills(content, ruleset), heroOptionTables(content, ruleset).skillLevels);
    if (problem) throw new Error(problem);
    return [`skill:${skill}`, Number(level)];
  });
}

/** Why `ruleset` takes no `--stat-system` or `--form` (only some rulesets have them), or null when it does. */
export function heroOptionProblem(flag: 'stat-system' | 'form', ruleset: string, content: Content): string | null {
  const kind = flag === 'form' ? 'forms' : 'statSystems';
  if (heroOptionTables(content, ruleset)[kind].length > 0) return null;
  const have = rulesetsWith(content, availableRulesets(), kind);
  return `only the ${have.join(' and ')} ruleset${have.length === 1 ? ' has' : 's have'} ${flag === 'form' ? 'transformations' : 'stat systems'}`;
}

export function freshSeed(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

/**
 * What to say of an unknown --hero: the heroes or monsters whose ids hold it (or a typo away);
 * else every hero (there are few), and where the monsters are listed.
 */
function heroHint(word: string, heroes: readonly string[], monsters: readonly string[], ruleset: string): string {
  const all = [...heroes, ...monsters];
  const w = word.trim().toLowerCase();
  const containing = w === '' ? [] : all.filter((id) => id.includes(w));
  if (containing.length > 0) return `did you mean ${containing.slice(0, 6).join(', ')}? (arena list --ruleset ${ruleset} --search ${JSON.stringify(word)} lists the matches)`;
  const near = nearestByEdits(w, all).slice(0, 6);
  const rest = `choose one of: ${heroes.join(', ')}, or a monster (arena list foes --ruleset ${ruleset})`;
  return near.length > 0 ? `did you mean ${near.join(', ')}? Else ${rest}` : rest;
}

/** Turns command-line options into a checked duel setup, with messages naming the bad option. */
export function setupFromOptions(o: DuelOptions, content: Content, heroControl: 'player' | 'ai'): DuelSetup {
  if (!isRulesetId(o.ruleset)) {
    throw new Error(`--ruleset: unknown ruleset "${o.ruleset}"; choose one of: ${availableRulesets().join(', ')}`);
  }
  if (!isEdition(o.edition)) throw new Error(`--edition: must be one of ${EDITIONS.join(', ')}`);
  const ruleset = getRuleset(o.ruleset, content, o.edition);
  const catalog = ruleset.catalog();
  const heroes = catalog.filter((c) => c.kind === 'hero').map((c) => c.id);
  const foes = catalog.filter((c) => c.kind === 'monster').map((c) => c.id);
  const hero = o.hero ?? ruleset.defaultHero;
  const foe = o.foe ?? ruleset.defaultFoe;
  if (!heroes.includes(hero) && !foes.includes(hero)) throw new Error(`--hero: unknown hero "${hero}" for ${o.ruleset}; ${heroHint(hero, heroes, foes, o.ruleset)}`);
  if (!heroes.includes(hero)) {
    const problem = monsterDuelProblem(o.ruleset);
    if (problem) throw new Error(`--hero ${hero}: ${problem}`);
  }
  if (!foes.includes(foe)) {
    const isHero = heroes.includes(foe) ? `${foe} is a hero (it fights on the hero side: --hero ${foe}); ` : '';
    throw new Error(`--foe: unknown foe "${foe}" for ${o.ruleset}; ${isHero}${idHint(foe, foes, { noun: 'foe', command: `arena list foes --ruleset ${o.ruleset}` })}`);
  }
  const arenas = arenaIds(content);
  if (!arenas.includes(o.arena)) throw new Error(`--arena: unknown arena "${o.arena}"; choose one of: ${arenas.join(', ')}`);
  const maxTurns = /^\d+$/.test(o.maxTurns) ? Number(o.maxTurns) : NaN;
  if (!Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > 1_000_000) throw new Error(`--max-turns: must be a whole number from 1 to 1000000 (got "${o.maxTurns}")`);
  const heroOptions: Record<string, string | number> = {};
  // Numbers are checked (and their range given) by the ruleset when it builds the hero.
  for (const k of ['level', 'strength'] as const) {
    const v = o[k];
    if (v !== undefined) heroOptions[k] = /^\d+$/.test(v) ? Number(v) : v;
  }
  for (const k of ['weapon', 'armour'] as const) {
    const v = o[k];
    if (v !== undefined) heroOptions[k] = v;
  }
  for (const [k, flag] of [['statSystem', 'stat-system'], ['form', 'form']] as const) {
    const v = o[k];
    if (v === undefined) continue;
    const problem = heroOptionProblem(flag, o.ruleset, content);
    if (problem) throw new Error(`--${flag}: ${problem}`);
    const systems = heroOptionTables(content, o.ruleset).statSystems.map((x) => x.id);
    if (flag === 'stat-system' && !systems.includes(v)) throw new Error(`--stat-system: unknown stat system "${v}"; choose one of: ${systems.join(', ')}`);
    heroOptions[flag] = v;
  }
  for (const [key, level] of skillOptions(o.skill ?? [], o.ruleset, content)) heroOptions[key] = level;
  let seed: string;
  try {
    seed = normaliseSeed(o.seed ?? freshSeed());
  } catch (e) {
    throw new Error(`--seed: ${(e as Error).message}`);
  }
  const setup: DuelSetup = {
    ruleset: o.ruleset as RulesetId,
    edition: o.edition,
    seed,
    hero: { template: hero, options: heroOptions },
    foe: { template: foe, options: {} },
    arena: o.arena,
    heroControl,
    maxTurns,
    ...(o.foeState ? { foeState: o.foeState as AiMode } : {}),
    ...(o.firstMover === 'foe' ? { firstMover: 'foe' as const } : {}),
  };
  // Build the fighters once so bad levels or weapons are reported before anything starts.
  try {
    ruleset.buildFighter(setup.hero);
  } catch (e) {
    throw new Error(`--hero ${hero}: ${(e as Error).message}`);
  }
  return setup;
}
