import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableRulesets } from '../../src/rules/registry.js';
import { Canvas } from '../../src/tui/canvas.js';
import { duelLayout } from '../../src/tui/layout.js';
import { startHarness } from '../support/tui-harness.js';

/**
 * The recall page wraps every line to its box, its section headings too: in the third column
 * (160 columns and wider) a heading such as "Turns to kill (expected: hit points / expected
 * damage a turn)" is longer than the column, and was cut.
 */

beforeAll(() => {
  Canvas.clips = [];
});
afterAll(() => {
  Canvas.clips = undefined;
});

describe('the recall page in the third column', () => {
  for (const ruleset of availableRulesets()) {
    for (const [cols, rows] of [
      [160, 48],
      [200, 60],
    ] as const) {
      it(`${ruleset} at ${cols}x${rows}: no line of the page is cut`, async () => {
        const h = await startHarness({ setup: { ruleset, arena: 'pit', foeState: 'hunting', ...FIGHTERS[ruleset] } });
        await h.resize(cols, rows);
        await h.press('.', 'r');
        expect(h.app.session.ui.kind).toBe('recall');
        const clips = Canvas.clips as NonNullable<typeof Canvas.clips>;
        clips.length = 0;
        h.app.render();
        const side = duelLayout(cols, rows).side;
        expect(side).toBeDefined();
        if (!side) return;
        const inside = clips.filter((c) => c.x >= side.x && c.x < side.x + side.w);
        h.destroy();
        expect(inside.map((c) => `"${c.shown}" of "${c.text}"`)).toEqual([]);
      });
    }
  }
});

const FIGHTERS: Record<string, { hero: { template: string; options: Record<string, never> }; foe: { template: string; options: Record<string, never> } }> = {
  'angband-3.0.5': { hero: { template: 'warrior', options: {} }, foe: { template: 'uruk', options: {} } },
  'crawl-4.0b20': { hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} } },
  'pixel-dungeon': { hero: { template: 'warrior', options: {} }, foe: { template: 'gnoll-scout', options: {} } },
  'stone-soup-0.5.2': { hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} } },
};
