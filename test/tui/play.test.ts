import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stepToward } from '../../src/systems/ai.js';
import { attackContext } from '../../src/systems/combat.js';
import { DuelScreen } from '../../src/tui/duel-screen.js';
import { END_LOCK_MS, FLASH_MS, keyText } from '../../src/tui/session.js';
import { previewLine } from '../../src/tui/view.js';
import { type Harness, screenPos, startHarness } from '../support/tui-harness.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

function placeFoe(h: Harness, dx: number, dy: number): void {
  const d = h.app.session.duel;
  const hero = d.hero.pos!;
  const foe = d.foe;
  foe.pos = { x: hero.x + dx, y: hero.y + dy };
  // Both saw each other at their last turns, as if they had walked there.
  d.hero.awareness!.enemySeen = true;
  foe.awareness!.enemySeen = true;
  h.app.session.refreshView();
  h.app.render();
}

describe('the play screen', () => {
  it('draws the hero, both fighters, the seed and the rules pane', async () => {
    h = await startHarness();
    const d = h.app.session.duel;
    const { sx, sy } = screenPos(h, d.hero.pos!.x, d.hero.pos!.y);
    expect(h.charAt(sx, sy)).toBe('@');
    const text = h.lines().join('\n');
    expect(text).toContain('Warrior 1');
    expect(text).toContain('gnoll scout');
    expect(text).toContain('HP 20/20');
    expect(h.lines()[23]).toContain('seed 7');
    expect(h.lines()[23]).toContain('pixel-dungeon spoiler');
    expect(text).toContain('Rules');
  });

  it('moves the hero one cell with l and with the right arrow, and keeps the move in the replay', async () => {
    h = await startHarness();
    const d = h.app.session.duel;
    const start = { ...d.hero.pos! };
    await h.press('l');
    expect(d.hero.pos).toEqual({ x: start.x + 1, y: start.y });
    await h.press('\x1b[C');
    expect(d.hero.pos).toEqual({ x: start.x + 2, y: start.y });
    const { sx, sy } = screenPos(h, start.x + 2, start.y);
    expect(h.charAt(sx, sy)).toBe('@');
    const file = readdirSync(h.savesDir).find((f) => f.endsWith('.jsonl'));
    expect(file).toBeDefined();
    const lines = readFileSync(join(h.savesDir, file!), 'utf8').trim().split('\n');
    const heroTurns = lines.slice(1).map((l) => JSON.parse(l) as { a: number; c: unknown }).filter((t) => t.a === d.heroId);
    expect(heroTurns.map((t) => t.c)).toEqual([{ type: 'move', dir: 'e' }, { type: 'move', dir: 'e' }]);
  });

  it('refuses to walk into a wall without spending the turn', async () => {
    h = await startHarness({ setup: { arena: 'rooms' } });
    const d = h.app.session.duel;
    // rooms.txt: the hero starts at (3,3); row 1 above is floor, row 0 is the wall.
    await h.press('k', 'k');
    const turn = d.turn;
    await h.press('k');
    expect(d.turn).toBe(turn);
    expect(h.lines().slice(18, 23).join('\n')).toMatch(/blocks the way/);
  });

  it('bump-attacks an adjacent foe and shows the attack step by step', async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    placeFoe(h, 1, 0);
    await h.press('l');
    const text = h.lines().join('\n');
    expect(text).toMatch(/You (hit|miss)/);
    expect(text).toMatch(/Hero accuracy/);
    // The pane scrolls with ] to the rolls further down.
    let seen = '';
    for (let i = 0; i < 8 && !/accuracy roll/.test(seen); i++) {
      await h.press(']');
      seen = h.lines().join('\n');
    }
    expect(seen).toMatch(/accuracy roll/);
    expect(h.lines().slice(18, 23).join('\n')).toMatch(/(hit|miss)/i);
    const steps = h.app.session.duel.traces.at(-1)?.steps ?? [];
    expect(steps.some((s) => s.kind === 'odds')).toBe(true);
  });

  it('targets with f: draws the path and shows the exact hit chance of the ruleset before firing', async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    placeFoe(h, 4, 0);
    await h.press('f');
    const s = h.app.session;
    expect(s.ui.kind).toBe('target');
    const d = s.duel;
    const option = d.ruleset.attackOptions(d.view(d.hero)).find((o) => o.id === 'throw:dart')!;
    const expected = d.ruleset.previewAttack(d.view(d.hero), d.view(d.foe), option, attackContext(d, d.hero, d.foe));
    const log = h.lines().slice(18, 23).join('\n');
    expect(log).toContain(previewLine(expected).slice(0, 30));
    expect(log).toContain(`hit ${expected.hit.percent(1)}`);
    // The path cells between hero and foe are marked.
    const { sx, sy } = screenPos(h, d.hero.pos!.x + 2, d.hero.pos!.y);
    expect(h.charAt(sx, sy)).toBe('*');
    const darts = d.hero.inventory!.pack.find((p) => p.item === 'dart')!.quantity;
    await h.press('\r');
    expect(s.ui.kind).toBe('main');
    expect(d.hero.inventory!.pack.find((p) => p.item === 'dart')?.quantity ?? 0).toBe(darts - 1);
    expect(d.traces.some((t) => /dart/.test(t.title))).toBe(true);
  });

  it('names a key it does not know, a control key by its name rather than the raw character', async () => {
    h = await startHarness();
    const text = (): string => h!.lines().join('\n');
    await h.press('Z');
    expect(text()).toContain('Unknown key "Z". Press ? for the keys.');
    await h.press('\x7f');
    expect(text()).toContain('Unknown key Backspace. Press ? for the keys.');
    await h.press('\x02');
    expect(text()).toContain('Unknown key Ctrl-B. Press ? for the keys.');
    expect(keyText('\x1b')).toBe('Escape');
    expect(keyText('\u0085')).toBe('"\\u0085"');
    // None of them took a turn.
    expect(h.app.session.duel.turn).toBe(0);
  });

  it('shows every key on the help screen and closes it with any key', async () => {
    h = await startHarness();
    await h.press('?');
    const text = h.lines().join('\n');
    for (const k of ['move or attack', 'wait a turn', 'fire, throw or zap', 'open / close a door', 'quaff', 'pick up', 'look around', 'rules pane', 'detail', 'message log', 'recall page', 'quit']) expect(text).toContain(k);
    await h.press('z');
    expect(h.app.session.ui.kind).toBe('main');
  });

  it('says the terminal is too small below 80x24 and recovers when it grows back', async () => {
    h = await startHarness();
    await h.resize(60, 20);
    expect(h.lines().join('\n')).toContain('Terminal too small: need 80x24');
    await h.resize(80, 24);
    expect(h.lines().join('\n')).not.toContain('too small');
    expect(h.lines()[23]).toContain('seed 7');
  });

  it('quits with Q then y, keeping the replay', async () => {
    h = await startHarness();
    await h.press('l', 'Q');
    expect(h.lines()[23]).toContain('Quit?');
    let code: number | undefined;
    void h.app.done.then((c) => (code = c));
    await h.press('y');
    expect(code).toBe(0);
    const files = readdirSync(h.savesDir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(h.savesDir, files[0]!), 'utf8').split('\n').length).toBeGreaterThan(2);
  });

  it('ends with a victory screen offering a rematch with the same seed or a new seed', async () => {
    h = await startHarness({ setup: { hero: { template: 'veteran', options: {} }, foe: { template: 'rat', options: {} }, foeState: 'hunting' } });
    const s = h.app.session;
    const keyOf: Record<string, string> = { nw: 'y', n: 'k', ne: 'u', w: 'h', e: 'l', sw: 'b', s: 'j', se: 'n' };
    for (let i = 0; i < 300 && !s.finished; i++) {
      // Walk the shortest way to the rat (around the chasm) and strike it.
      const dir = stepToward(s.duel, s.duel.hero, s.duel.foe.pos!);
      await h.press(dir ? keyOf[dir]! : '.');
    }
    expect(s.finished).toBe(true);
    expect(h.lines().join('\n')).toMatch(/VICTORY|DEFEAT|DRAW/);
    await h.press('r');
    expect(s.finished).toBe(false);
    expect(s.duel.setup.seed).toBe('7');
    expect(s.duel.turn).toBe(0);
    // The first duel's replay, and the rematch's being recorded (with its lock beside it).
    expect(readdirSync(h.savesDir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(2);
    expect(readdirSync(h.savesDir).filter((f) => f.endsWith('.lock'))).toHaveLength(1);
  });
});

describe('watch mode', () => {
  it('pauses, steps one turn at a time, changes speed and toggles the view', async () => {
    h = await startHarness({ mode: 'watch' });
    const s = h.app.session;
    await h.press(' ');
    expect(s.running).toBe(false);
    expect(h.lines()[23]).toContain('paused');
    const turn = s.duel.turn;
    await h.press('.');
    expect(s.duel.turn).toBe(turn + 1);
    const delay = s.watchDelay;
    await h.press('+');
    expect(s.watchDelay).toBeLessThan(delay);
    await h.press('v');
    expect(h.lines()[23]).toContain("foe's view");
    await h.press('v');
    expect(h.lines()[23]).toContain(' all ');
  });
});

describe('keys that must not do two things', () => {
  it('the end screen ignores r, n, q, space, Enter and Escape for a moment after the duel ends, then takes them', async () => {
    let now = 0;
    h = await startHarness({ mode: 'watch', setup: { foeState: 'hunting' }, clock: () => now });
    const s = h.app.session;
    for (let i = 0; i < 2000 && !s.finished; i++) s.tick();
    expect(s.ui.kind).toBe('over');
    h.app.render();
    await h.settle();
    expect(h.lines().join('\n')).toContain('a moment');
    const seed = s.duel.setup.seed;
    // A player still pressing the recall key or quitting too soon: nothing happens, the result stays.
    await h.press('r', 'n', 'q', ' ', '\r', '\x1b');
    expect(s.ui.kind).toBe('over');
    expect(s.duel.setup.seed).toBe(seed);
    expect(s.duel.outcome).not.toBeNull();
    // Keys still coming (movement) keep the moment going: it ends only once they rest.
    now = END_LOCK_MS - 100;
    await h.press('l', 'n');
    now = END_LOCK_MS;
    expect(s.endLocked()).toBe(true);
    await h.press('n');
    expect(s.duel.setup.seed).toBe(seed);
    now += END_LOCK_MS;
    expect(s.endLocked()).toBe(false);
    h.app.render();
    await h.settle();
    expect(h.lines().join('\n')).toContain('r rematch');
    await h.press('n');
    expect(s.duel.setup.seed).not.toBe(seed);
  });

  it('Escape on the map clears the status line and never says "Unknown key"', async () => {
    h = await startHarness();
    await h.press('Z');
    expect(h.app.session.status).toMatch(/Unknown key/);
    await h.press('\x1b');
    await new Promise((r) => setTimeout(r, 60));
    await h.settle();
    expect(h.app.session.status).toBe('');
    expect(h.lines().join('\n')).not.toContain('Unknown key');
  });

  it("a projectile's flight is drawn when the shot resolves and cleared a moment later, before any key", async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    const s = h.app.session;
    await h.press('f');
    expect(s.ui.kind).toBe('target');
    // Three cells east of the hero: the dart lands there.
    await h.press('l', 'l', 'l', '\r');
    expect(s.flash.length).toBeGreaterThan(0);
    const screen = h.app.current as DuelScreen;
    expect(screen.tickDelay()).toBe(FLASH_MS);
    screen.tick();
    expect(s.flash).toEqual([]);
    expect(screen.tickDelay()).toBeUndefined();
  });
});
