import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { readReplayFile } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import type { AppStart } from '../../src/tui/app.js';
import { defaultSetup, type Harness, startHarness } from '../support/tui-harness.js';

const GOLDEN = new URL('../replays/', import.meta.url).pathname;

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** Every key the screens use, plus noise: letters, digits, arrows, Tab, Enter, Escape. */
const KEYS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789.,;:!?[]{}+-=_ /\\\'"<>'.split(''),
  '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x1b[H', '\x1b[F', '\x1b[5~', '\x1b[6~', '\t', '\r', '\x1b', '\x7f', '\x10',
];

describe('a storm of random keys', () => {
  for (const mode of ['play', 'watch'] as const) {
    it(`never crashes the ${mode} screen, and the duel stays consistent`, async () => {
      // Q is left out of the alphabet above so the storm does not end the session early.
      const keys = fc.sample(fc.constantFrom(...KEYS), { numRuns: 1500, seed: mode === 'play' ? 1 : 2 });
      h = await startHarness({ mode, save: false, setup: { arena: 'rooms', foeState: 'hunting' } });
      const s = h.app.session;
      for (const k of keys) {
        await h.press(k);
        if (mode === 'watch' && k === '.') h.app.session.tick();
      }
      let quit = false;
      void h.app.done.then(() => (quit = true));
      await h.settle();
      // The only way out without Q or Ctrl-C is q or Esc on the end screen, after the duel ended.
      if (quit) expect(s.finished).toBe(true);
      else expect(h.lines()[23]).toMatch(/seed 7/);
      // Whatever happened, the duel's state is still whole: both fighters are somewhere sane.
      for (const e of [s.duel.hero, s.duel.foe]) {
        expect(e.body!.hp).toBeLessThanOrEqual(e.body!.maxHp);
        expect(s.duel.grid.inside(e.pos!.x, e.pos!.y)).toBe(true);
      }
    });
  }
});

/** A screen to storm, and how to start it. */
const SCREENS: readonly { name: string; start: () => AppStart; savesDir?: () => string; omit: readonly string[] }[] = [
  {
    name: 'replay (with take-over)',
    start: () => ({ kind: 'session', start: { kind: 'replay', player: ReplayPlayer.load(readReplayFile(join(GOLDEN, 'angband-warrior-uruk.jsonl')), loadContent(), { luck: true }) } }),
    omit: ['q'],
  },
  {
    name: 'saves browser (opening, resuming, verifying)',
    start: () => ({ kind: 'browser' }),
    savesDir: () => {
      const dir = mkdtempSync(join(tmpdir(), 'arena-storm-'));
      for (const n of ['crawl-minotaur-orc-warrior', 'stone-soup-player-ogre-troll']) copyFileSync(join(GOLDEN, `${n}.jsonl`), join(dir, `${n}.jsonl`));
      return dir;
    },
    // Leaving the browser ends the app; leaving a replay opened from it only goes back.
    omit: ['q', '\x1b'],
  },
  {
    name: 'best-of-3 match (Stone Soup)',
    start: () => ({
      kind: 'session',
      start: { kind: 'new', mode: 'watch', rounds: 3, setup: defaultSetup({ ruleset: 'stone-soup-0.5.2', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, heroControl: 'ai', maxTurns: 200 }) },
    }),
    omit: ['q'],
  },
];

describe('a storm of random keys on every other screen', () => {
  SCREENS.forEach((screen, n) => {
    it(`never crashes the ${screen.name}`, async () => {
      const keys = fc.sample(fc.constantFrom(...KEYS.filter((k) => !screen.omit.includes(k))), { numRuns: 1200, seed: 10 + n });
      h = await startHarness({ start: screen.start(), ...(screen.savesDir ? { savesDir: screen.savesDir() } : {}) });
      let quit = false;
      void h.app.done.then(() => (quit = true));
      for (const [i, k] of keys.entries()) {
        if (quit) break;
        await h.press(k);
        // Now and then the terminal shrinks below 80x24 (keys are ignored) and grows back.
        if (i % 300 === 150) {
          await h.resize(70, 20);
          expect(h.lines().join(' ')).toContain('Terminal too small');
          await h.press(k);
          await h.resize(100, 30);
          await h.resize(80, 24);
        }
        // Let time pass now and then, as the timer would.
        if (k === '.' && !quit) {
          h.app.current.tick();
          h.app.render();
        }
      }
      await h.settle();
      // Without the keys that leave, the storm ends on the screen it started, still drawn.
      expect(quit).toBe(false);
      expect(h.lines().join('\n').trim().length).toBeGreaterThan(0);
    });
  });
});
