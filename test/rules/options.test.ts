import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { getRuleset } from '../../src/rules/registry.js';

const content = loadContent();

/** Each ruleset's hero options, as its heroes take them (the command line's flags). */
const TAKES: readonly [string, readonly string[], boolean][] = [
  ['pixel-dungeon', ['level', 'strength', 'weapon', 'armour'], false],
  ['angband-3.0.5', ['level', 'strength', 'weapon', 'armour'], false],
  ['crawl-4.0b20', ['level', 'strength', 'stat-system', 'weapon', 'armour', 'shield', 'form'], true],
  ['stone-soup-0.5.2', ['level', 'strength', 'stat-system', 'weapon', 'armour', 'shield', 'form'], true],
];

describe('fighter options a ruleset does not know', () => {
  it.each(TAKES)('%s: a hero refuses an unknown option, naming it and the ones it takes', (id, takes, skills) => {
    const rs = getRuleset(id, content, 'spoiler');
    const hero = rs.defaultHero;
    expect(() => rs.buildFighter({ template: hero, options: {} })).not.toThrow();
    let message = '';
    try {
      rs.buildFighter({ template: hero, options: { level: 2, 'no-such-option': 'x' } });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`hero ${hero} takes no option "no-such-option"; its options: ${[...takes, ...(skills ? ['skill:NAME'] : [])].join(', ')}`);
  });

  it.each(TAKES)('%s: a hero takes each of its own options', (id, takes) => {
    const rs = getRuleset(id, content, 'spoiler');
    const known = Object.fromEntries(takes.map((k) => [k, k === 'level' || k === 'strength' ? 3 : k === 'stat-system' ? 'classic' : 'none']));
    expect(() => rs.buildFighter({ template: rs.defaultHero, options: known })).not.toThrow();
  });

  it('skill options are for the Crawl rulesets alone', () => {
    const crawl = getRuleset('crawl-4.0b20', content, 'spoiler');
    expect(() => crawl.buildFighter({ template: crawl.defaultHero, options: { 'skill:fighting': 5 } })).not.toThrow();
    const pd = getRuleset('pixel-dungeon', content, 'spoiler');
    expect(() => pd.buildFighter({ template: pd.defaultHero, options: { 'skill:fighting': 5 } })).toThrow(/takes no option "skill:fighting"/);
  });

  it.each(TAKES)('%s: a monster takes no options at all', (id) => {
    const rs = getRuleset(id, content, 'spoiler');
    expect(() => rs.buildFighter({ template: rs.defaultFoe, options: { level: 3 } })).toThrow(`monster ${rs.defaultFoe} takes no options (got level)`);
  });
});

describe('the shield option of the Crawl rulesets', () => {
  const worn = (rules: Record<string, unknown> | undefined): string[] => ((rules?.['armour'] ?? []) as { item: string }[]).map((a) => a.item);
  it.each(['crawl-4.0b20', 'stone-soup-0.5.2'])('%s: replaces or takes off the preset shield, keeps the rest, and refuses what cannot be', (id) => {
    const rs = getRuleset(id, content, 'spoiler');
    const build = (options: Record<string, string>) => rs.buildFighter({ template: 'minotaur-fighter', options });
    expect(worn(build({}).rules)).toEqual(['scale-mail', 'shield', 'cap']);
    expect(worn(build({ shield: 'none' }).rules)).toEqual(['scale-mail', 'cap']);
    expect(worn(build({ shield: 'buckler' }).rules)).toEqual(['scale-mail', 'cap', 'buckler']);
    expect(worn(build({ shield: 'large-shield', armour: 'none' }).rules)).toEqual(['cap', 'large-shield']);
    expect(() => build({ shield: 'cap' })).toThrow('unknown shield "cap"; choose one of: none, buckler, shield, large-shield');
    expect(() => build({ shield: 'shield', weapon: 'great-sword' })).toThrow(/two-handed/);
    expect(() => build({ shield: 'none', weapon: 'great-sword' })).not.toThrow();
  });
});
