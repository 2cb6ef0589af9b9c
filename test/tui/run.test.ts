import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { RUN_LIMIT } from '../../src/game/run.js';
import { readReplayFile } from '../../src/replay/format.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { KEY_HELP } from '../../src/tui/session.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** The rooms arena: the hero starts at 3,3 in the west room, the foe asleep in the east room. */
const rooms = { arena: 'rooms', foeState: 'sleeping' as const };

function replayFile(h: Harness): string {
  const file = readdirSync(h.savesDir).find((f) => f.endsWith('.jsonl'));
  if (!file) throw new Error('no replay written');
  return join(h.savesDir, file);
}

/** The hero's recorded commands, in order. */
function heroCommands(h: Harness): unknown[] {
  const lines = readFileSync(replayFile(h), 'utf8').trim().split('\n');
  const heroId = h.app.session.duel.heroId;
  return lines
    .slice(1)
    .map((l) => JSON.parse(l) as { a?: number; c?: unknown })
    .filter((t) => t.a === heroId)
    .map((t) => t.c);
}

const east = { type: 'move', dir: 'e' };

describe('running', () => {
  it('L runs east across the room and stops before the door, each step one recorded move', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    expect(s.duel.hero.pos).toEqual({ x: 3, y: 3 });
    await h.press('L');
    expect(s.duel.hero.pos).toEqual({ x: 9, y: 3 });
    expect(s.status).toBe('You stop after 6 steps: a door ahead.');
    expect(h.lines().join('\n')).toContain('You stop after 6 steps: a door ahead.');
    expect(heroCommands(h)).toEqual(Array(6).fill(east));
    s.close();
    const v = verifyReplay(readReplayFile(replayFile(h)), loadContent());
    expect(v.ok).toBe(true);
  });

  it('Shift+arrow and / then a direction run as Shift+letter does', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    await h.press('\x1b[1;2C');
    expect(s.duel.hero.pos).toEqual({ x: 9, y: 3 });
    h.destroy();
    h = await startHarness({ setup: rooms });
    const t = h.app.session;
    await h.press('/');
    expect(t.status).toBe('Run in which direction?');
    await h.press('j');
    // South down the room until the wall.
    expect(t.duel.hero.pos).toEqual({ x: 3, y: 6 });
    expect(t.status).toBe('You stop after 3 steps: the way is blocked.');
  });

  it('along the corridor stops where a door opens beside it', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    await h.press('L', 'l', 'L');
    // The open door at 19,4 comes diagonally beside the path.
    expect(s.duel.hero.pos).toEqual({ x: 18, y: 3 });
    expect(s.status).toBe('You stop after 8 steps: a door beside you.');
  });

  it('does not run into a fighter nor with the foe beside the hero', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    const d = s.duel;
    d.foe.pos = { x: 4, y: 4 };
    s.refreshView();
    await h.press('L');
    expect(d.hero.pos).toEqual({ x: 3, y: 3 });
    expect(s.status).toBe('You do not run: the gnoll scout is beside you.');
    expect(d.turn).toBe(0);
  });

  it('stops when the foe comes into view', async () => {
    h = await startHarness({ setup: { arena: 'pit', foeState: 'sleeping' } });
    const s = h.app.session;
    const d = s.duel;
    // Far down the open floor, beyond sight; running east brings it into view.
    d.foe.pos = { x: 38, y: 2 };
    s.refreshView();
    const start = d.hero.pos!.x;
    await h.press('L');
    const hero = d.hero.pos!;
    expect(hero.x).toBeGreaterThan(start);
    expect(hero.x).toBeLessThan(37);
    expect(s.status).toMatch(/^You stop after \d+ steps: the gnoll scout comes into view\.$/);
  });
});

describe('travelling', () => {
  it('_ then a cell and Enter walks there by the shortest path', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    await h.press('_');
    expect(s.ui.kind).toBe('look');
    expect(s.status).toContain('Travel where?');
    await h.press('l', 'l', 'l', 'l', 'l', 'j', 'j', '\r');
    expect(s.duel.hero.pos).toEqual({ x: 8, y: 5 });
    expect(s.ui.kind).toBe('main');
    expect(s.status).toBe('You arrive after 5 steps.');
    expect(heroCommands(h)).toHaveLength(5);
  });

  it('G walks toward the foe it sees and stops beside it without attacking', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    const d = s.duel;
    d.foe.pos = { x: 8, y: 5 };
    s.refreshView();
    const hp = d.foe.body!.hp;
    await h.press('G');
    // The sleeping foe wakes: the travel stops at that message.
    expect(s.status).toBe('You stop after 1 step: the gnoll scout wakes up!');
    const beside = () => Math.max(Math.abs(d.hero.pos!.x - d.foe.pos!.x), Math.abs(d.hero.pos!.y - d.foe.pos!.y)) === 1;
    for (let i = 0; i < 10 && !beside(); i++) await h.press('G');
    expect(beside()).toBe(true);
    expect(d.foe.body!.hp).toBe(hp);
    expect(heroCommands(h).every((c) => (c as { type: string }).type === 'move')).toBe(true);
    await h.press('G');
    expect(s.status).toBe('You do not travel: the gnoll scout is beside you.');
  });

  it('G before the foe was ever seen says so and plays nothing', async () => {
    h = await startHarness({ setup: rooms });
    const s = h.app.session;
    await h.press('G');
    expect(s.duel.turn).toBe(0);
    expect(s.status).toBe('You have not seen the foe yet: _ travels to a cell you choose.');
  });

  it('no run or travel is longer than the cap, and the help lists the keys', async () => {
    expect(RUN_LIMIT).toBe(100);
    const keys = KEY_HELP.play.map(([k]) => k);
    expect(keys).toContain('H J K L Y U B N');
    expect(keys).toContain('G');
    expect(keys).toContain('_');
  });
});
