import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { duelLayout } from '../../src/tui/layout.js';
import { MAX_FILE_ARENA_WIDTH } from '../../src/world/arena.js';
import { TempData, removeTempData } from '../content/temp-data.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

/** A walled 100x40 room: the hero starts in its top-left corner, the foe in its bottom-right. */
function bigArena(w = 100, h = 40): string {
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let r = '';
    for (let x = 0; x < w; x++) r += x === 0 || y === 0 || x === w - 1 || y === h - 1 ? '#' : x === 2 && y === 2 ? '1' : x === w - 3 && y === h - 3 ? '2' : '.';
    rows.push(r);
  }
  return `; name: The Great Hall\n; description: Larger than any screen's map window.\n${rows.join('\n')}\n`;
}

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});
afterAll(removeTempData);

/** Where the hero's glyph is on screen, if anywhere in the map's window (left of the panel). */
function heroOnScreen(hh: Harness, mapW: number, mapH: number): { x: number; y: number } | undefined {
  const lines = hh.lines();
  for (let y = 0; y < mapH; y++) {
    const x = [...(lines[y] ?? '')].slice(0, mapW).indexOf('@');
    if (x >= 0) return { x, y };
  }
  return undefined;
}

describe('an arena larger than the map window', () => {
  it('loads from a file and scrolls with the hero, at 80x24 and at 120x50', async () => {
    const data = new TempData();
    data.write('arenas/great-hall.txt', bigArena());
    const content = loadContent(data.root);
    h = await startHarness({ content, setup: { arena: 'great-hall' } });
    const s = h.app.session;
    expect(s.duel.grid.width).toBe(100);
    expect(s.duel.grid.height).toBe(40);
    // At the start the window shows the top-left corner, the hero two cells in.
    expect(heroOnScreen(h, 46, 18)).toEqual({ x: 2, y: 2 });
    // Far across the hall, the window follows: the hero is on screen, near the window's middle.
    s.duel.hero.pos = { x: 60, y: 30 };
    s.refreshView();
    h.app.render();
    await h.settle();
    expect(heroOnScreen(h, 46, 18)).toEqual({ x: 23, y: 9 });
    // Against the far corner the window stops at the arena's edge.
    s.duel.hero.pos = { x: 97, y: 37 };
    s.duel.foe.pos = { x: 50, y: 20 };
    s.refreshView();
    h.app.render();
    await h.settle();
    expect(heroOnScreen(h, 46, 18)).toEqual({ x: 97 - (100 - 46), y: 37 - (40 - 18) });
    // A taller terminal gives the map more rows (the log keeps its own).
    await h.resize(120, 50);
    const L = duelLayout(120, 50, { arenaRows: 40 });
    expect(L.map.h).toBe(40);
    expect(L.log.h).toBeGreaterThanOrEqual(5);
    // All 40 rows show now; the columns still scroll, stopping at the arena's edge.
    expect(heroOnScreen(h, L.map.w, L.map.h)).toEqual({ x: 97 - (100 - L.map.w), y: 37 });
  });

  it('is refused past its largest size, naming the file and the row', () => {
    const data = new TempData();
    data.write('arenas/too-wide.txt', bigArena(MAX_FILE_ARENA_WIDTH + 1, 10));
    expect(() => loadContent(data.root)).toThrow(/too-wide\.txt.*at most 160 wide/s);
  });
});
