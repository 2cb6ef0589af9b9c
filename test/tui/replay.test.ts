import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { readReplayFile } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { BrowserScreen } from '../../src/tui/browser.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

const content = loadContent();
const GOLDEN = new URL('../replays/', import.meta.url).pathname;

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** A saves folder holding copies of some golden replays. */
function savesWith(...names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'arena-tui-saves-'));
  for (const n of names) copyFileSync(join(GOLDEN, `${n}.jsonl`), join(dir, `${n}.jsonl`));
  return dir;
}

async function openReplay(name: string, savesDir = savesWith()): Promise<Harness> {
  const player = ReplayPlayer.load(readReplayFile(join(GOLDEN, `${name}.jsonl`)), content);
  return startHarness({ start: { kind: 'session', start: { kind: 'replay', player } }, savesDir });
}

describe('replay playback on screen', () => {
  it('opens at the start, steps both ways, jumps to the end, the start and a typed game turn', async () => {
    h = await openReplay('pixel-dungeon-warrior-gnoll-scout');
    const s = h.app.session;
    const p = s.player!;
    const replay = p.replay;
    // At the start: the result is not given away.
    expect(p.position).toBe(0);
    expect(s.duel.outcome).toBeNull();
    expect(h.lines()[23]).toContain(`action 0/${p.length}`);
    await h.press('l', 'l', '\x1b[C');
    expect(p.position).toBe(3);
    expect(s.duel.stateHash()).toBe(replay.turns[2]?.hash);
    await h.press('h');
    expect(p.position).toBe(2);
    expect(s.duel.stateHash()).toBe(replay.turns[1]?.hash);
    await h.press('>');
    expect(p.position).toBe(p.length);
    expect(h.lines().join('\n')).toMatch(/End of the replay/);
    await h.press('<');
    expect(p.position).toBe(0);
    // g takes a game turn, the number the bar and the log show: the first action that reaches it.
    await h.press('g');
    expect(h.lines()[23]).toContain('Jump to game turn');
    const target = p.times[40] as number;
    await h.press(...target.toFixed(1).split(''), '\r');
    expect(p.times[p.position]).toBeGreaterThanOrEqual(target);
    expect(p.times[p.position - 1]).toBeLessThan(target);
    expect(s.duel.gameTurns).toBe(p.times[p.position]);
    expect(h.lines()[23]).toContain(`turn ${s.duel.gameTurns.toFixed(1)}`);
  });

  it('marks hits, criticals and the death on a timeline, and ( ) jump between them', async () => {
    h = await openReplay('pixel-dungeon-warrior-gnoll-scout');
    const s = h.app.session;
    const p = s.player!;
    expect(p.marks.length).toBeGreaterThan(0);
    // Every mark is true of its turn: a hit mark's turn says someone hits, the death ends the duel.
    for (const m of p.marks) {
      p.seek(m.turn);
      const said = s.duel.messages.filter((x) => x.turn === m.turn).map((x) => x.text).join(' ');
      if (m.kinds.includes('hit')) expect(said, `action ${m.turn}`).toMatch(/hits?|bites?|strikes?|slain|kills?/i);
      if (m.kinds.includes('death')) expect(s.duel.outcome, `action ${m.turn}`).not.toBeNull();
    }
    // And every turn with a hit message is marked.
    const marked = new Set(p.marks.map((m) => m.turn));
    p.seek(p.length);
    await h.press('<');
    // Before the first event there is none to jump back to; after the last, none forward.
    await h.press('(');
    expect(s.status).toBe('No event before this turn.');
    await h.press(')');
    expect(p.position).toBe(p.marks[0]?.turn);
    await h.press(')');
    expect(p.position).toBe(p.marks[1]?.turn);
    await h.press('(');
    expect(p.position).toBe(p.marks[0]?.turn);
    await h.press('>', '(');
    expect(p.position).toBe(p.marks.filter((m) => m.turn < p.length).at(-1)?.turn);
    expect(marked.has(p.length)).toBe(true);
    await h.press('>', ')');
    expect(s.status).toBe('No hit, critical, block, stab or death after this turn.');
    // The timeline row shows the marks, the death as X.
    const row = h.lines()[22] ?? '';
    expect(row).toMatch(/turn [\d.]+\/[\d.]+/);
    expect(row).toContain('X');
    expect(row).toContain('+');
  });

  it('shows each turn\'s rules as live play did, and switches between the fighters\' views and the whole arena', async () => {
    h = await openReplay('pixel-dungeon-warrior-gnoll-scout');
    const s = h.app.session;
    // Find a turn with an attack and look at its trace.
    const t = s.player!.replay.turns.findIndex((r) => r.rules?.some(([cite]) => cite === 'pixel-dungeon#hit-test')) + 1;
    expect(t).toBeGreaterThan(0);
    await h.press('g', ...String(t), '\r');
    expect(h.lines().join('\n')).toMatch(/Hit test|accuracy/);
    expect(s.viewOf).toBe('all');
    await h.press('v');
    expect(h.lines()[23]).toContain("hero's view");
    await h.press('v');
    expect(h.lines()[23]).toContain("foe's view");
    await h.press('v');
    expect(h.lines()[23]).toContain(' all ');
  });

  it('plays and pauses with space on a timer-driven tick', async () => {
    h = await openReplay('pixel-dungeon-warrior-gnoll-scout');
    const s = h.app.session;
    await h.press('<', ' ');
    expect(s.running).toBe(true);
    s.tick();
    s.tick();
    expect(s.player!.position).toBe(2);
    await h.press(' ');
    expect(s.running).toBe(false);
  });

  it('takes over: asks first, then plays on from that turn into a new replay that verifies', async () => {
    const saves = savesWith('pixel-dungeon-warrior-gnoll-scout');
    h = await openReplay('pixel-dungeon-warrior-gnoll-scout', saves);
    const s = h.app.session;
    await h.press('g', '3', '0', '\r', 't');
    const at = s.player!.position;
    expect(h.lines()[23]).toContain(`Take over at turn ${s.duel.gameTurns.toFixed(1)}`);
    const seen = s.memory.reduce((n, v) => n + (v ? 1 : 0), 0);
    await h.press('y');
    expect(s.mode).toBe('play');
    expect(s.duel.hero.fighter?.controller).toBe('player');
    // The map watched in the replay stays explored.
    expect(s.memory.reduce((n, v) => n + (v ? 1 : 0), 0)).toBe(seen);
    await h.press('.', '.', 'l');
    await h.press('Q', 'y');
    const branch = readdirSync(saves).find((f) => f !== 'pixel-dungeon-warrior-gnoll-scout.jsonl' && f.endsWith('.jsonl'));
    expect(branch).toBeDefined();
    const replay = readReplayFile(join(saves, branch!));
    expect(replay.header.branch).toMatchObject({ from: 'pixel-dungeon-warrior-gnoll-scout.jsonl', turn: at });
    expect(replay.turns.length).toBeGreaterThan(at);
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
  });
});

describe('the saves browser', () => {
  it('lists duels with outcome and length, verifies, opens and returns, and deletes only after asking', async () => {
    const saves = savesWith('pixel-dungeon-warrior-gnoll-scout', 'pixel-dungeon-player-rogue-thief');
    h = await startHarness({ start: { kind: 'browser' }, savesDir: saves });
    const text = h.lines().join('\n');
    expect(text).toContain('Saved duels');
    expect(text).toMatch(/Warrior vs gnoll scout +win/);
    expect(h.app.current).toBeInstanceOf(BrowserScreen);
    await h.press('v');
    expect(h.lines().join('\n')).toMatch(/OK: all \d+ turns match/);
    await h.press('\r');
    expect(h.app.session.mode).toBe('replay');
    await h.press('q');
    expect(h.app.current).toBeInstanceOf(BrowserScreen);
    const before = readdirSync(saves).length;
    await h.press('d');
    expect(h.lines().join('\n')).toContain('(y/n)');
    await h.press('n');
    expect(readdirSync(saves).length).toBe(before);
    await h.press('d', 'y');
    expect(readdirSync(saves).length).toBe(before - 1);
  });

  it('resumes an unfinished duel into the same file', async () => {
    const saves = savesWith();
    // An unfinished duel: the golden player replay without its end line.
    const golden = readFileSync(join(GOLDEN, 'pixel-dungeon-player-rogue-thief.jsonl'), 'utf8').trim().split('\n');
    const cut = golden.slice(0, 12).join('\n') + '\n';
    const path = join(saves, 'unfinished.jsonl');
    writeFileSync(path, cut);
    h = await startHarness({ start: { kind: 'browser' }, savesDir: saves });
    expect(h.lines().join('\n')).toMatch(/unfinished/);
    await h.press('r');
    const s = h.app.session;
    expect(s.mode).toBe('play');
    // It carries on from turn 11: the foe may act before the hero's next move.
    expect(s.duel.turn).toBeGreaterThanOrEqual(11);
    expect(s.duel.pending()?.id).toBe(s.duel.heroId);
    await h.press('.', '.');
    await h.press('Q', 'y');
    expect(h.app.current).toBeInstanceOf(BrowserScreen);
    const after = readFileSync(path, 'utf8');
    expect(after.startsWith(cut)).toBe(true);
    const v = verifyReplay(readReplayFile(path), content);
    expect(v.ok).toBe(true);
    expect(v.turns).toBeGreaterThan(11);
  });
});
