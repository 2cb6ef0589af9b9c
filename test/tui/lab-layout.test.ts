import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import type { DuelSetup } from '../../src/game/duel.js';
import { getRuleset } from '../../src/rules/registry.js';
import { type Harness, defaultSetup, startHarness } from '../support/tui-harness.js';
import { cellsOf, labOf } from '../support/lab.js';

const content = loadContent();

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

const SIZES: readonly (readonly [number, number])[] = [
  [80, 24],
  [120, 40],
  [200, 60],
];
const RULESETS = ['pixel-dungeon', 'angband-3.0.5', 'crawl-4.0b20', 'stone-soup-0.5.2'] as const;

/** The ruleset's hero and monster with the longest names. */
function longestNamed(id: string): DuelSetup {
  const cat = getRuleset(id, content, 'spoiler').catalog();
  const longest = (kind: 'hero' | 'monster') => [...cat.filter((e) => e.kind === kind)].sort((a, b) => b.name.length - a.name.length || a.id.localeCompare(b.id))[0]!.id;
  return defaultSetup({ ruleset: id as DuelSetup['ruleset'], heroControl: 'ai', seed: '3', hero: { template: longest('hero'), options: {} }, foe: { template: longest('monster'), options: {} } });
}

/** The rows under a side's heading that are table rows (not indented notes). */
function tableRows(lines: readonly string[], side: 'hero' | 'foe', width: number): string[] {
  const from = lines.findIndex((l) => l.startsWith(side === 'hero' ? 'The hero, ' : 'The foe, '));
  expect(from, `the ${side}'s heading`).toBeGreaterThan(0);
  const out: string[] = [];
  for (const l of lines.slice(from + 1)) {
    if (l.startsWith('The ') || l.startsWith('exp/turn')) break;
    if (!l.startsWith(' ')) out.push(l.slice(0, width));
  }
  return out;
}

/** A box drawn by the lab: corners where they belong and the side borders whole on every row between. */
function expectBox(lines: readonly string[], x: number, w: number): void {
  const top = lines[0] ?? '';
  expect(top[x]).toBe('┌');
  expect(top[x + w - 1]).toBe('┐');
  const bottom = lines.findIndex((l, y) => y > 0 && l[x] === '└');
  expect(bottom).toBeGreaterThan(1);
  expect(lines[bottom]![x + w - 1]).toBe('┘');
  for (let y = 1; y < bottom; y++) {
    expect(lines[y]![x], `row ${y} left border`).toBe('│');
    expect(lines[y]![x + w - 1], `row ${y} right border`).toBe('│');
  }
}

describe('the lab at every size, with the longest-named fighters', () => {
  for (const id of RULESETS) {
    for (const [cols, rows] of SIZES) {
      it(`${id} at ${cols}x${rows}: every value whole, nothing over a border`, async () => {
        const setup = longestNamed(id);
        h = await startHarness({ start: { kind: 'lab', setup }, save: false });
        await h.resize(cols, rows);
        const lines = h.lines();
        expect(lines.length).toBe(rows);
        const d = labOf(h).duel;
        // The fighters' lines: the title and the hit points whole.
        for (const [e, y] of [[d.hero, 1], [d.foe, 3]] as const) expect(lines[y]).toMatch(new RegExp(`HP ${e.body!.maxHp}( |$)`));
        expect(lines[0]).toContain('distance 1');
        for (const side of ['hero', 'foe'] as const) {
          const want = cellsOf(d, side);
          const shown = tableRows(lines, side, cols);
          expect(shown.length).toBe(want.length);
          want.forEach((cells, i) => {
            const row = shown[i] ?? '';
            // The values sit at the row's end, right-aligned, each whole and apart from the next.
            expect(row.trimEnd().split(/\s+/).slice(-(cells.length - 1))).toEqual(cells.slice(1));
            expect(row.length).toBeLessThanOrEqual(cols);
          });
        }
        expect(lines[rows - 1]).toMatch(/\? q $/);
        // The help and both recall pages keep inside their boxes.
        await h.press('?');
        expectBox(h.lines(), 0, cols);
        await h.press(' ');
        for (const page of ['r', 'R']) {
          await h.press(page);
          const shown = h.lines();
          const x = cols >= 160 ? cols - Math.min(100, Math.floor(cols / 2)) : 0;
          expectBox(shown, x, cols - x);
          if (cols >= 160) expect(tableRows(shown, 'hero', x).length).toBe(cellsOf(d, 'hero').length);
          await h.press('\x1b');
        }
        expect(h.lines().map((l) => l.trimEnd())).toEqual(lines.map((l) => l.trimEnd()));
      });
    }
  }

  it('Crawl and Stone Soup: the skill editor and the gear line keep their numbers whole at 80 columns', async () => {
    for (const id of ['crawl-4.0b20', 'stone-soup-0.5.2']) {
      h?.destroy();
      h = await startHarness({ start: { kind: 'lab', setup: longestNamed(id) }, save: false });
      await h.press('b', 'k', '\x1b[B', '\x1b[C');
      const line = h.lines()[21] ?? '';
      expect(line).toMatch(/^Skill: \[Short Blades \d+\]/);
      for (const m of line.matchAll(/([A-Z][a-z]+(?: [A-Z][a-z]+)*) (\d+)/g)) expect(m[2]).toMatch(/^\d+$/);
      expect(line.length).toBeLessThanOrEqual(80);
      expect(h.lines()[1]).toMatch(/(shield|shd): none/);
    }
  });
});
