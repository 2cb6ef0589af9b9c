import { describe, expect, it } from 'vitest';
import { calcReport } from '../../src/rules/angband305/calc-input.js';
import { crawlCalcReport } from '../../src/rules/crawl4b20/calc-input.js';
import { stoneSoupCalcReport } from '../../src/rules/stonesoup052/calc-input.js';
import { resolveSides } from '../../src/cli/compare-command.js';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { planSweep } from '../../src/cli/sweep.js';
import { loadContent } from '../../src/content/index.js';
import { citationText } from '../../src/game/explain.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { heroChoices } from '../../src/rules/choices.js';
import { type Edition, isEdition } from '../../src/rules/edition.js';
import { availableRulesets, getRuleset } from '../../src/rules/registry.js';
import type { RulesetId } from '../../src/rules/ruleset.js';
import { builtInDescription, isFixedArena, isGeneratedArena } from '../../src/world/arena.js';

/**
 * Ids are looked up safely, in process: every function that finds something by an id from the
 * command line, the menu, a replay or a data file treats the names every JavaScript object
 * inherits as unknown ids, with the usual message listing the valid choices.
 */

const content = loadContent();

/** What every object inherits from Object.prototype, and a few more that trip lookups. */
const HOSTILE = [
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', 'propertyIsEnumerable',
  'toLocaleString', '__defineGetter__', '__lookupSetter__', 'length', 'name', 'then',
] as const;

/** The message of what `f` throws, failing when it does not throw. */
function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    const m = (e as Error).message;
    expect(m).not.toMatch(/\[object |native code|is not a function|Cannot (read|convert)/);
    return m;
  }
  throw new Error('expected a refusal');
}

const options = (o: Partial<DuelOptions>): DuelOptions => ({ seed: 'hostile', ruleset: 'pixel-dungeon', edition: 'spoiler', arena: 'rooms', maxTurns: '100', ...o });
const setup = (o: Partial<DuelOptions>): DuelSetup => setupFromOptions(options(o), content, 'ai');
const catalogIds = (r: string, kind: 'hero' | 'monster') =>
  getRuleset(r, content, 'spoiler')
    .catalog()
    .filter((e) => e.kind === kind)
    .map((e) => e.id);

describe.each(HOSTILE.map((id) => [id]))('the id %j', (id) => {
  it('is an unknown ruleset to the registry, listing the rulesets', () => {
    expect(thrown(() => getRuleset(id, content, 'spoiler'))).toBe(`unknown ruleset "${id}"; choose one of: ${availableRulesets().join(', ')}`);
    expect(availableRulesets()).not.toContain(id);
    expect(thrown(() => heroChoices(content, id as RulesetId))).toMatch(/^unknown ruleset/);
  });

  it('is an unknown edition to the registry, listing the editions', () => {
    expect(thrown(() => getRuleset('angband-3.0.5', content, id as Edition))).toBe(`unknown edition "${id}"; choose one of: spoiler, source`);
  });

  it('is an unknown fighter, weapon, armour, form, stat system and skill to every ruleset', () => {
    for (const r of availableRulesets()) {
      const rs = getRuleset(r, content, 'spoiler');
      const build = (template: string, opts: Record<string, string | number> = {}) => thrown(() => rs.buildFighter({ template, options: opts }));
      expect(build(id)).toMatch(new RegExp(`unknown (fighter|hero) "${id.replace(/\$/g, '\\$')}"`));
      expect(build(rs.defaultHero, { weapon: id })).toMatch(/unknown weapon/);
      expect(build(rs.defaultHero, { armour: id })).toMatch(/unknown armour/);
      if (r === 'crawl-4.0b20' || r === 'stone-soup-0.5.2') {
        expect(build(rs.defaultHero, { form: id })).toMatch(/unknown form/);
        expect(build(rs.defaultHero, { [`skill:${id}`]: 3 })).toMatch(/unknown skill/);
      }
      if (r === 'crawl-4.0b20') expect(build(rs.defaultHero, { 'stat-system': id })).toMatch(/"new" or "classic"/);
      // An option named like an inherited property is an unknown option.
      expect(build(rs.defaultHero, JSON.parse(`{"${id}": 1}`) as Record<string, number>)).toMatch(/takes no option/);
    }
  });

  it('is refused by every option of the duel commands, naming the option and the choices', () => {
    expect(thrown(() => setup({ ruleset: id }))).toMatch(/^--ruleset: unknown ruleset .*pixel-dungeon, angband-3\.0\.5/);
    expect(thrown(() => setup({ edition: id }))).toMatch(/^--edition: must be one of spoiler, source/);
    expect(thrown(() => setup({ hero: id }))).toMatch(new RegExp(`^--hero: unknown hero .*${catalogIds('pixel-dungeon', 'hero').join(', ')}`));
    expect(thrown(() => setup({ foe: id }))).toMatch(/^--foe: unknown foe .*gnoll-scout/);
    expect(thrown(() => setup({ arena: id }))).toMatch(/^--arena: unknown arena .*rooms/);
    expect(thrown(() => setup({ weapon: id }))).toMatch(/unknown weapon .*choose one of: none, /);
    expect(thrown(() => setup({ armour: id }))).toMatch(/unknown armour .*choose one of: none, /);
    expect(thrown(() => setup({ ruleset: 'crawl-4.0b20', form: id }))).toMatch(/unknown form .*choose one of: none, /);
    expect(thrown(() => setup({ ruleset: 'crawl-4.0b20', statSystem: id }))).toBe(`--stat-system: unknown stat system "${id}"; choose one of: new, classic`);
    expect(thrown(() => setup({ ruleset: 'stone-soup-0.5.2', skill: [`${id}=3`] }))).toMatch(/^--skill: unknown skill .*choose one of: fighting/);
  });

  it('is refused by the duel itself (a setup from the menu or a replay), however it got there', () => {
    const good = setup({});
    expect(thrown(() => new Duel({ ...good, ruleset: id as RulesetId }, content))).toMatch(/^unknown ruleset/);
    expect(thrown(() => new Duel({ ...good, arena: id }, content))).toMatch(/^unknown arena .*rooms/);
    expect(thrown(() => new Duel({ ...good, edition: id as DuelSetup['edition'] }, content))).toBe(`unknown edition "${id}"; choose one of: spoiler, source`);
    expect(thrown(() => new Duel({ ...good, foeState: id as DuelSetup['foeState'] & string }, content))).toMatch(/^unknown foe state .*sleeping, wandering, hunting/);
    expect(thrown(() => new Duel({ ...good, hero: { template: id, options: {} } }, content))).toMatch(/unknown fighter/);
    expect(isEdition(id)).toBe(false);
    expect(isGeneratedArena(id) || isFixedArena(id)).toBe(false);
    expect(builtInDescription(id)).toBe('');
    expect(content.arenas.has(id)).toBe(false);
  });

  it('is an unknown hero, monster, race, item or ego to the calculators', () => {
    const angband = (attacker: string, defender = 'jackal') => thrown(() => calcReport(content, { attacker, defender, edition: 'spoiler', distance: 1, visibility: 'auto' }));
    expect(angband(id)).toMatch(/^--attacker: unknown hero preset .*warrior/);
    // 616 monsters: the ids close to it, or the command that lists them all.
    expect(angband('warrior', id)).toMatch(/^--defender: unknown monster "[^"]*"; (did you mean .*\? \(arena list foes --ruleset angband-3\.0\.5 |no monster id contains it \(arena list foes --ruleset angband-3\.0\.5 lists all 616\))/);
    expect(angband(JSON.stringify({ preset: id }))).toMatch(/^--attacker: \$\.preset: unknown hero preset/);
    expect(angband(JSON.stringify({ class: 'warrior', race: id }))).toMatch(/^--attacker: \$\.race: unknown race .*human/);
    expect(angband(JSON.stringify({ class: id, race: 'human' }))).toMatch(/^--attacker: \$\.class: /);
    expect(angband(JSON.stringify({ preset: 'warrior', weapon: { item: id } }))).toMatch(/^--attacker: \$\.weapon\.item: unknown item/);
    expect(angband(JSON.stringify({ preset: 'warrior', weapon: { item: 'dagger', ego: id } }))).toMatch(/^--attacker: \$\.weapon\.ego: unknown ego/);
    expect(angband('warrior', JSON.stringify({ monster: id }))).toMatch(/^--defender: \$\.monster: unknown monster/);
    const crawl = (attacker: string, defender = 'orc') => thrown(() => crawlCalcReport(content, { attacker, defender, edition: 'spoiler' }));
    expect(crawl(id)).toMatch(/^--attacker: unknown hero preset .*troll-monk/);
    expect(crawl('troll-monk', id)).toMatch(/^--defender: unknown monster .*orc/);
    expect(crawl(JSON.stringify({ species: id }))).toMatch(/^--attacker: \$\.species: unknown species/);
    expect(crawl(JSON.stringify({ preset: 'troll-monk', weapon: { item: id } }))).toMatch(/^--attacker: \$\.weapon\.item: unknown weapon/);
    expect(crawl(JSON.stringify({ preset: 'troll-monk', weapon: { item: 'club', brand: id } }))).toMatch(/^--attacker: \$\.weapon\.brand: unknown brand/);
    expect(crawl('troll-monk', JSON.stringify({ monster: 'orc', weapon: id }))).toMatch(/^--defender: \$\.weapon: unknown weapon/);
    const ss = (attacker: string, defender = 'orc') => thrown(() => stoneSoupCalcReport(content, { attacker, defender, edition: 'spoiler' }));
    expect(ss(id)).toMatch(/^--attacker: unknown hero .*halfling-assassin/);
    expect(ss('halfling-assassin', id)).toMatch(/^--defender: unknown monster .*orc/);
  });

  it('is an unknown parameter, value or ruleset to sweep and compare', () => {
    const base = setup({});
    expect(thrown(() => planSweep(base, content, { vary: id }))).toMatch(/^--vary: unknown parameter/);
    expect(thrown(() => planSweep(setup({ ruleset: 'crawl-4.0b20' }), content, { vary: `skill:${id}` }))).toMatch(/^--vary: unknown skill .*skill:fighting/);
    for (const vary of ['weapon', 'armour', 'foe']) expect(thrown(() => planSweep(base, content, { vary, values: id }))).toMatch(new RegExp(`^--values: unknown (weapon|armour|foe) "`));
    const usage = (m: string) => new Error(m);
    expect(thrown(() => resolveSides({ ...options({}), against: id, duels: '1', progress: false }, content, usage))).toMatch(/^--against: unknown ruleset .*stone-soup-0\.5\.2/);
  });

  it('is a citation of no known document: the text stays as written', () => {
    expect(citationText(`${id}#hit-chance`)).toBe(`${id}, section "hit-chance"`);
    expect(citationText('angband-3.0.5#hit-chance')).toBe('ATTACK.SPO 1.13, section "hit-chance"');
  });
});

describe('the edition, bound once', () => {
  it('each ruleset is made once per edition and follows only its own; a duel plays in the ruleset of its edition', () => {
    for (const r of availableRulesets()) {
      const spoiler = getRuleset(r, content, 'spoiler');
      const source = getRuleset(r, content, 'source');
      expect([spoiler.edition, source.edition]).toEqual(['spoiler', 'source']);
      expect(source).not.toBe(spoiler);
      expect(getRuleset(r, content, 'source')).toBe(source);
      const d = new Duel({ ...setup({ ruleset: r, edition: 'source' }) }, content, { tracing: false });
      expect(d.ruleset).toBe(source);
      expect(d.edition).toBe('source');
    }
  });
});
