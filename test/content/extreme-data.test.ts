import { afterAll, describe, expect, it } from 'vitest';
import { calcReport } from '../../src/rules/angband305/calc-input.js';
import { crawlCalcReport } from '../../src/rules/crawl4b20/calc-input.js';
import { setupFromOptions } from '../../src/cli/setup-options.js';
import { type Content, loadContent } from '../../src/content/index.js';
import { Duel } from '../../src/game/duel.js';
import { exchangeModel, solveExchange } from '../../src/sim/exchange.js';
import { simulateRange } from '../../src/sim/run.js';
import { exactOdds } from '../../src/sim/sweep.js';
import { TempData, removeTempData } from './temp-data.js';

/**
 * Data at its bounds: every number pushed to the largest value the schemas accept (weapons of
 * 10d12, monsters of 255d255 hit points and four 20d20 blows at speed 199, Pixel Dungeon mobs of
 * 1000 HP hitting 0-500 through 100 armour, Crawl monsters of 30 HD hitting 100 four times)
 * still loads, and the calculators, the exact odds, the exchange model and simulated duels work
 * it out in seconds, or (the exchange of a 65,026-HP monster) say plainly that the exact figure
 * is too large: no hang, no crash, nothing exhausted.
 */

afterAll(removeTempData);

let content: Content;

/** Runs `f`, which must finish within `ms`. */
function quick<T>(ms: number, f: () => T): T {
  const start = performance.now();
  const out = f();
  expect(performance.now() - start).toBeLessThan(ms);
  return out;
}

describe('data at the bounds of its schemas', () => {
  it('loads', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/melee-weapons.json', (t) => {
      for (const r of t.records) r['dice'] = '10d12';
    });
    d.editJson('angband-3.0.5/egos.json', (t) => {
      for (const r of t.records) if ((r['pval'] as string[]).length > 0) r['maxPval'] = 5;
    });
    d.editJson('angband-3.0.5/monsters.json', (t) => {
      for (const r of t.records) {
        r['hp'] = '255d255';
        r['blows'] = [1, 2, 3, 4].map(() => ({ method: 'hit', effect: 'hurt', dice: '20d20' }));
        r['speed'] = 199;
      }
    });
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      for (const r of t.records) Object.assign(r, { hp: 1000, damage: [0, 500], dr: 100, attackSkill: 1000, defenseSkill: 1000, attackDelay: 0.001, speed: 10 });
    });
    d.editJson('pixel-dungeon/melee-weapons.json', (t) => {
      for (const r of t.records) Object.assign(r, { maxDamage: 100, delay: 0.001 });
    });
    d.editJson('crawl-4.0b20/monsters.json', (t) => {
      for (const r of t.records) Object.assign(r, { hd: 30, hp: { min: 50, rand: 50, add: 500 }, attacks: [100, 100, 100, 100], speed: 40, ac: 50, ev: 50 });
    });
    d.editJson('crawl-4.0b20/weapons.json', (t) => {
      for (const r of t.records) Object.assign(r, { damage: 50, speed: 3 });
    });
    content = loadContent(d.root);
  });

  it('the calculators work out the strongest characters at once', () => {
    const angband = quick(5000, () =>
      calcReport(content, {
        attacker: JSON.stringify({ class: 'warrior', race: 'half-troll', level: 50, stats: { str: '18/220', dex: '18/220' }, weapon: { item: 'dagger', toHit: 50, toDam: 50, ego: 'extra-attacks', pval: 5 }, worn: [{ item: 'ring-of-slaying', toHit: 50, toDam: 50 }, { item: 'ring-of-slaying', toHit: 50, toDam: 50 }] }),
        defender: 'drolem',
        edition: 'spoiler',
        distance: 1,
        visibility: 'auto',
      }),
    );
    expect(JSON.stringify(angband)).not.toMatch(/Infinity|NaN/);
    const crawl = quick(5000, () => crawlCalcReport(content, { attacker: JSON.stringify({ preset: 'minotaur-fighter', level: 27, str: 72, dex: 72, skills: { fighting: 27, axes: 27, 'maces-flails': 27 } }), defender: 'orc-warrior', edition: 'source' }));
    expect(JSON.stringify(crawl)).not.toMatch(/Infinity|NaN/);
  });

  it.each([
    ['angband-3.0.5', 'half-troll-warrior', 'drolem', { level: '50', strength: '18/220' }],
    ['pixel-dungeon', 'warrior', 'skeleton', { level: '30', strength: '30' }],
    ['crawl-4.0b20', 'minotaur-fighter', 'orc-warrior', { level: '27', skill: ['fighting=27'] }],
    ['stone-soup-0.5.2', 'ogre-brute', 'troll', { level: '27', skill: ['fighting=27'] }],
  ] as const)('%s: exact odds, the exchange model and exact simulated duels of %s against %s', (ruleset, hero, foe, extra) => {
    const setup = setupFromOptions({ seed: 'bounds', ruleset, edition: 'source', arena: 'ring', maxTurns: '1000', hero, foe, ...extra, skill: [...(('skill' in extra ? extra.skill : []) as string[])] }, content, 'ai');
    const odds = quick(5000, () => exactOdds(setup, content));
    expect(JSON.stringify(odds)).not.toMatch(/Infinity|NaN/);
    const model = quick(5000, () => exchangeModel(new Duel(setup, content, { tracing: false })));
    if (typeof model === 'string') expect(model).toMatch(/^exact odds too large: the exchange of .* would take \d+ steps to work out, more than the limit of 25000000$/);
    else quick(10_000, () => solveExchange(model));
    const stats = quick(20_000, () => simulateRange(setup, content, 0, 2, true));
    expect(stats.duels).toBe(2);
  });
});
