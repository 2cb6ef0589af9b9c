import { describe, expect, it } from 'vitest';
import { RULES_MAX_W, SIDE_FROM_COLS, duelLayout } from '../../src/tui/layout.js';
import { MAX_ARENA_HEIGHT, MAX_ARENA_WIDTH } from '../../src/world/arena.js';

const SIZES: [number, number][] = [];
for (let cols = 80; cols <= 260; cols += 1) for (const rows of [24, 31, 40, 48, 60, 75]) SIZES.push([cols, rows]);

describe('duelLayout', () => {
  it('at 80x24 is the screen the game was first drawn at', () => {
    const L = duelLayout(80, 24);
    expect(L.map).toEqual({ x: 0, y: 0, w: 46, h: 18 });
    expect(L.sepX).toBe(46);
    expect(L.panel).toEqual({ x: 47, y: 0, w: 33, h: 23 });
    expect(L.log).toEqual({ x: 0, y: 18, w: 46, h: 5 });
    expect(L.barY).toBe(23);
    expect(L.side).toBeUndefined();
  });

  it('tiles the width: map, separator, panel and, from 160 columns, a separator and the third column', () => {
    for (const [cols, rows] of SIZES) {
      for (const timeline of [false, true]) {
        const L = duelLayout(cols, rows, { timeline });
        const used = L.map.w + 1 + L.panel.w + (L.side ? 1 + L.side.w : 0);
        expect(used, `${cols}x${rows}`).toBe(cols);
        expect(L.panel.x, `${cols}x${rows}`).toBe(L.sepX + 1);
        expect(L.side !== undefined, `${cols}x${rows}`).toBe(cols >= SIDE_FROM_COLS);
        expect(L.timeline !== undefined).toBe(timeline);
      }
    }
  });

  it('always holds the largest arena in the map window', () => {
    for (const [cols, rows] of SIZES) {
      const L = duelLayout(cols, rows, { timeline: true });
      expect(L.map.w, `${cols}x${rows}`).toBeGreaterThanOrEqual(MAX_ARENA_WIDTH);
      expect(L.map.h, `${cols}x${rows}`).toBeGreaterThanOrEqual(MAX_ARENA_HEIGHT);
    }
  });

  it('gives the rows no arena needs to the log: the map window is as tall as the tallest arena', () => {
    for (const [cols, rows] of SIZES) {
      for (const timeline of [false, true]) {
        const L = duelLayout(cols, rows, { timeline });
        const bottom = rows - 1 - (timeline ? 1 : 0);
        if (L.side) {
          expect(L.map.h, `${cols}x${rows}`).toBe(bottom);
          continue;
        }
        expect(L.map.h, `${cols}x${rows}`).toBe(MAX_ARENA_HEIGHT);
        expect(L.log, `${cols}x${rows}`).toEqual({ x: 0, y: MAX_ARENA_HEIGHT, w: L.map.w, h: bottom - MAX_ARENA_HEIGHT });
      }
    }
    expect(duelLayout(120, 40).log.h).toBe(21);
  });

  it('widens the rules pane before the map: the pane is narrower than a formula line only when the map has no column to spare', () => {
    for (const [cols, rows] of SIZES) {
      const L = duelLayout(cols, rows);
      if (L.panel.w < RULES_MAX_W) expect(L.map.w, `${cols}x${rows}: panel ${L.panel.w}, map ${L.map.w}`).toBe(MAX_ARENA_WIDTH);
    }
    expect(duelLayout(120, 40).panel.w).toBe(RULES_MAX_W);
    expect(duelLayout(160, 48).panel.w).toBe(RULES_MAX_W);
  });
});
