import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/tui-harness.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** Every key the screens use, plus noise: letters, digits, arrows, Tab, Enter, Escape. */
const KEYS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789.,;:!?[]{}+-=_ /\\\'"<>'.split(''),
  '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x1b[H', '\x1b[F', '\x1b[5~', '\x1b[6~', '\t', '\r', '\x1b', '\x7f',
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
