import { afterEach, describe, expect, it } from 'vitest';
import { shownAt } from '../../src/game/explain.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** The rules pane's rows on an 80x24 screen (right of the separator). */
const pane = (hh: Harness) =>
  hh
    .lines()
    .slice(9, 23)
    .map((l) => l.slice(47))
    .join('\n');

describe('the rules pane shows what decided the exchange', () => {
  it.each(['crawl-4.0b20', 'stone-soup-0.5.2'])('%s: the attack, not the upkeep (regeneration) of the same round', async (ruleset) => {
    h = await startHarness({ setup: { ruleset, hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} }, arena: 'pit', foeState: 'hunting' } });
    const s = h.app.session;
    // Side by side, then wait until a round holds both an attack and upkeep that rolled dice.
    const hero = s.duel.hero;
    const foe = s.duel.foe;
    if (hero.pos && foe.pos) foe.pos = { x: hero.pos.x + 1, y: hero.pos.y };
    let found = false;
    for (let i = 0; i < 60 && !s.finished; i++) {
      await h.press('l');
      const round = s.duel.traces.slice(s.roundStart);
      if (round.some((t) => !t.routine) && round.some((t) => t.routine && shownAt(t, s.detail))) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    const text = pane(h);
    const attack = s.duel.traces.slice(s.roundStart).find((t) => !t.routine);
    expect(text).toContain(attack?.title.slice(0, 20));
    expect(text).not.toMatch(/turn start/);
    expect(text).toMatch(/\+\d upkeep/);
  });
});

describe('aiming: the pane follows the path the shot will take', () => {
  it('a foe behind a statue (seen, not reachable by a dart): the pane says the shot strikes no one', async () => {
    h = await startHarness({ setup: { arena: 'hall', foeState: 'hunting' } });
    const s = h.app.session;
    // The statue at 18,3 stands between them on one row: statues block shots, not sight.
    s.duel.hero.pos = { x: 16, y: 3 };
    s.duel.foe.pos = { x: 20, y: 3 };
    s.refreshView();
    await h.press('f');
    expect(s.ui.kind).toBe('target');
    await h.press('\t');
    expect(s.ui.kind === 'target' && s.ui.cursor).toEqual({ x: 20, y: 3 });
    const text = pane(h);
    expect(text).toMatch(/strikes no one/);
    expect(text).not.toMatch(/hit \d/);
    // The map's line says the same.
    expect(h.lines().slice(18, 23).join('\n')).toMatch(/hits no one: it stops at 17,3/);
  });

  it('a foe in the open: the pane gives the odds of this shot against it', async () => {
    h = await startHarness({ setup: { arena: 'hall', foeState: 'hunting' } });
    const s = h.app.session;
    s.duel.hero.pos = { x: 14, y: 4 };
    s.duel.foe.pos = { x: 20, y: 4 };
    s.refreshView();
    await h.press('f', '\t');
    expect(pane(h)).toMatch(/This shot strikes the/);
    expect(pane(h)).toMatch(/hit \d+(\.\d)?%/);
  });
});
