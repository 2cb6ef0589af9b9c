import { describe, expect, it } from 'vitest';
import { wrap } from '../../src/tui/canvas.js';
import { duelLayout } from '../../src/tui/layout.js';
import { startHarness } from '../support/tui-harness.js';

/**
 * The message log under the map shows the newest messages whole: a message whose head would be
 * above the pane is left out, never shown as its tail (a lone "5." of "... hits the Minotaur
 * Fighter for 5." read as a number on its own).
 */
describe('the message log under the map', () => {
  for (const [cols, rows] of [
    [80, 24],
    [100, 30],
    [120, 40],
  ] as const) {
    it(`at ${cols}x${rows} starts each message at its first line and ends with the newest`, async () => {
      const h = await startHarness({
        mode: 'watch',
        setup: { ruleset: 'crawl-4.0b20', seed: '7', hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} }, arena: 'rooms', foeState: 'hunting', maxTurns: 400 },
      });
      await h.resize(cols, rows);
      const L = duelLayout(cols, rows);
      const bad: string[] = [];
      let frames = 0;
      for (let i = 0; i < 400 && !h.app.session.finished; i++) {
        h.app.session.tick();
        await h.press();
        h.app.render();
        await h.settle();
        const s = h.app.session;
        if (s.ui.kind !== 'main' || s.duel.messages.length === 0) continue;
        const log = h.lines().slice(L.log.y, L.log.y + L.log.h).map((l) => [...l].slice(0, L.log.w).join('').trimEnd());
        const texts = [...s.duel.messages.map((m) => m.text), ...(s.status ? [s.status] : [])];
        const first = log.find((l) => l !== '') ?? '';
        if (!texts.some((t) => wrap(t, L.log.w)[0] === first)) bad.push(`turn ${s.duel.turn}: the log begins with "${first}", no message's first line`);
        const newest = texts[texts.length - 1] as string;
        const lastLines = wrap(newest, L.log.w);
        const bottom = log.filter((l) => l !== '').slice(-lastLines.length);
        if (lastLines.length <= L.log.h && bottom.join('\n') !== lastLines.join('\n')) bad.push(`turn ${s.duel.turn}: the newest message is not at the bottom`);
        frames++;
      }
      h.destroy();
      expect(frames).toBeGreaterThan(20);
      expect(bad.slice(0, 5)).toEqual([]);
    }, 60_000);
  }
});
