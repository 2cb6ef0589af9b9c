import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { heroChoices } from '../../src/rules/choices.js';
import { availableRulesets, getRuleset } from '../../src/rules/registry.js';
import type { FighterSpec } from '../../src/rules/ruleset.js';

const content = loadContent();

/** Builds a hero with one option set; the error message when the ruleset refuses it. */
function refusal(rulesetId: string, template: string, options: FighterSpec['options']): string | null {
  try {
    getRuleset(rulesetId, content, 'spoiler').buildFighter({ template, options });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('heroChoices: every listed choice builds a fighter', () => {
  for (const id of availableRulesets()) {
    const r = getRuleset(id, content, 'spoiler');
    const heroes = r.catalog().filter((e) => e.kind === 'hero').map((e) => e.id);
    const c = heroChoices(content, id);
    const table = [
      ...c.weapons.map((x) => ['weapon', x.id] as const),
      ...c.armours.map((x) => ['armour', x.id] as const),
      ...c.forms.map((x) => ['form', x.id] as const),
      ...c.statSystems.map((x) => ['stat-system', x.id] as const),
    ];

    it(`${id}: lists the preset's and none first, and no id twice`, () => {
      for (const list of [c.weapons, c.armours, ...(c.forms.length ? [c.forms] : [])]) {
        expect(list.slice(0, 2).map((x) => x.id)).toEqual([null, 'none']);
        const ids = list.map((x) => x.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(list.length).toBeGreaterThan(3);
      }
    });

    it.each(table)(`${id}: --%s %s builds the default hero, or else another hero it fits`, (key, value) => {
      const options = value === null ? {} : { [key]: value };
      const why = refusal(id, r.defaultHero, options);
      if (why === null) return;
      // A fit rule (a giant club for a halfling, a two-hander with a shield): a plain sentence, and another hero takes it.
      expect(why).not.toMatch(/\n\s+at /);
      expect(why).toMatch(/[a-z]/);
      expect(heroes.some((h) => refusal(id, h, options) === null)).toBe(true);
    });

    it(`${id}: the level range is exactly what the ruleset accepts`, () => {
      expect(refusal(id, r.defaultHero, { level: c.levels.min })).toBeNull();
      expect(refusal(id, r.defaultHero, { level: c.levels.max })).toBeNull();
      expect(refusal(id, r.defaultHero, { level: c.levels.max + 1 })).toMatch(new RegExp(`from ${c.levels.min} to ${c.levels.max}`));
      expect(refusal(id, r.defaultHero, { level: c.levels.min - 1 })).not.toBeNull();
    });
  }

  it('the default hero takes every choice in Pixel Dungeon and Angband (nothing to fit there)', () => {
    for (const id of ['pixel-dungeon', 'angband-3.0.5'] as const) {
      const r = getRuleset(id, content, 'spoiler');
      const c = heroChoices(content, id);
      for (const [key, list] of [['weapon', c.weapons], ['armour', c.armours]] as const) {
        for (const x of list) expect(refusal(id, r.defaultHero, x.id === null ? {} : { [key]: x.id })).toBeNull();
      }
    }
  });

  it('leaves out only what no hero preset can take (Stone Soup giant clubs: the ogre alone is big enough, and carries a shield)', () => {
    const tables = { 'crawl-4.0b20': content.crawl, 'stone-soup-0.5.2': content.stoneSoup } as const;
    for (const [id, t] of Object.entries(tables) as [keyof typeof tables, (typeof tables)[keyof typeof tables]][]) {
      const heroes = getRuleset(id, content, 'spoiler').catalog().filter((e) => e.kind === 'hero').map((e) => e.id);
      const listed = new Set(heroChoices(content, id).weapons.map((w) => w.id));
      const left = t.weapons.filter((w) => !listed.has(w.id));
      for (const w of left) expect(heroes.every((h) => refusal(id, h, { weapon: w.id }) !== null)).toBe(true);
      if (id === 'stone-soup-0.5.2') expect(left.map((w) => w.id)).toEqual(['giant-club', 'giant-spiked-club']);
      else expect(left).toEqual([]);
    }
  });

  it('forms and stat systems are listed only where the ruleset reads them', () => {
    expect(heroChoices(content, 'pixel-dungeon').forms).toEqual([]);
    expect(heroChoices(content, 'angband-3.0.5').forms).toEqual([]);
    expect(heroChoices(content, 'crawl-4.0b20').statSystems.map((s) => s.id)).toEqual(['new', 'classic']);
    expect(heroChoices(content, 'stone-soup-0.5.2').statSystems).toEqual([]);
    expect(heroChoices(content, 'stone-soup-0.5.2').forms.map((f) => f.id)).toContain('bat');
    // An id the tables do not have is refused by the ruleset, so the lists are the whole story.
    expect(refusal('crawl-4.0b20', 'minotaur-fighter', { form: 'teapot' })).toMatch(/unknown form "teapot"/);
  });
});
