import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel } from '../../src/game/duel.js';
import { DEFAULT_EDITION } from '../../src/rules/edition.js';
import { availableRulesets, getRuleset } from '../../src/rules/registry.js';
import { ellipsize, fitBar, fitFields, panelFields, shortened } from '../../src/tui/fit.js';

const content = loadContent();

describe('fitting text without cutting a number', () => {
  it.each([
    // fields, width, expected
    [['STR 10', 'Acc 9/10', 'Dodge 5', 'Stealth 8'], 40, 'STR 10  Acc 9/10  Dodge 5  Stealth 8'],
    [['STR 10', 'Acc 9/10', 'Dodge 5', 'Stealth 8'], 33, 'STR 10  Acc 9/10  Dg 5  Stl 8'],
    [['EV 16', 'AC 5', 'Block 0', 'Str 8', 'Dex 17', '(spoiler)'], 33, 'EV 16  AC 5  Bl 0  Str 8  Dex 17'],
    [['EV 16', 'AC 5', 'Block 0', 'Str 8', 'Dex 17', '(spoiler)'], 20, 'EV 16  AC 5  Bl 0'],
  ] as const)('%j in %i columns: %s', (fields, width, want) => {
    expect(fitFields(fields, width)).toBe(want);
  });

  it('drops the bar fields of highest rank first, and shortens labels only when the kept ones do not fit', () => {
    const f = [
      { text: 'seed 123456789', rank: 4 },
      { text: 'turn 12.5', rank: 1 },
      { text: 'stone-soup-0.5.2 source', rank: 6 },
      { text: 'playing', rank: 3, right: true },
      { text: '120ms', rank: 8, right: true },
      { text: '? help', rank: 0, right: true },
    ];
    expect(fitBar(f, 200).map((x) => x.text)).toEqual(f.map((x) => x.text));
    expect(fitBar(f, 50).map((x) => x.text)).toEqual(['seed 123456789', 'turn 12.5', 'playing', '? help']);
    expect(fitBar(f, 25).map((x) => x.text)).toEqual(['turn 12.5', '? help']);
    expect(fitBar(f, 16).map((x) => x.text)).toEqual(['t 12.5', '? help']);
  });

  it('ellipsizes at a space, never inside a word or a number', () => {
    expect(ellipsize('The orc hits you for 123 damage', 22)).toBe('The orc hits you for…');
    expect(ellipsize('short', 10)).toBe('short');
  });

  it("keeps every number of every fighter's panel line whole at the narrowest panel (33 columns), in every ruleset", () => {
    for (const id of availableRulesets()) {
      const rs = getRuleset(id, content, DEFAULT_EDITION);
      const all = rs.catalog();
      const foe = all.find((e) => e.kind === 'monster')?.id as string;
      const hero = all.find((e) => e.kind === 'hero')?.id as string;
      for (const e of all) {
        const setup = { ruleset: id, edition: DEFAULT_EDITION, seed: 'fit', hero: { template: e.kind === 'hero' ? e.id : hero, options: {} }, foe: { template: e.kind === 'monster' ? e.id : foe, options: {} }, arena: 'pit', heroControl: 'ai' as const, maxTurns: 10 };
        const d = new Duel(setup, content);
        const f = e.kind === 'hero' ? d.hero : d.foe;
        const line = rs.panel.describeFighter(d.view(f), d.now)[0] ?? '';
        const fields = panelFields(line);
        const fitted = fitFields(fields, 33);
        expect(fitted.length, `${id} ${e.id}: ${fitted}`).toBeLessThanOrEqual(33);
        for (const part of panelFields(fitted)) expect(fields.some((x) => x === part || shortened(x) === part), `${id} ${e.id}: "${part}" of "${line}"`).toBe(true);
        // The most telling fields stay: the first two always fit.
        expect(panelFields(fitted).length, `${id} ${e.id}: ${line}`).toBeGreaterThanOrEqual(Math.min(2, fields.length));
      }
    }
  });
});
