import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { DEFAULT_EDITION } from '../../src/rules/edition.js';
import { availableRulesets, getRuleset } from '../../src/rules/registry.js';
import { readReplayFile } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { Canvas, type Clip } from '../../src/tui/canvas.js';
import { duelLayout } from '../../src/tui/layout.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

/**
 * Every screen at three terminal sizes, in every ruleset, with the fighters whose ids are the
 * longest the data has: no number may be cut, and no text may overwrite a box's border or the
 * line between the map and the panel.
 */

const content = loadContent();
const SIZES = [
  [80, 24],
  [120, 40],
  [200, 60],
] as const;
const GOLDEN = new URL('../replays/', import.meta.url).pathname;

/** The template of each kind with the longest id (the longest names and titles go with them). */
function longest(ruleset: string, kind: 'hero' | 'monster'): string {
  const ids = getRuleset(ruleset, content, DEFAULT_EDITION)
    .catalog()
    .filter((e) => e.kind === kind)
    .map((e) => e.id);
  return ids.reduce((a, b) => (b.length > a.length ? b : a));
}

/** A clip that hides a digit: a number cut, or a label shown without its number. */
export function cutNumbers(clips: readonly Clip[]): string[] {
  return clips.filter((c) => /\d/.test(c.text.slice(c.shown.length))).map((c) => `at ${c.x},${c.y}: "${c.shown}" of "${c.text}"`);
}

/** Boxes whose left or right edge is broken between their corners: text drawn over a border. */
export function brokenBorders(lines: readonly string[]): string[] {
  const out: string[] = [];
  const at = (x: number, y: number) => [...(lines[y] ?? '')][x] ?? ' ';
  lines.forEach((line, y) => {
    const chars = [...line];
    chars.forEach((ch, x) => {
      if (ch !== '┌') return;
      const right = chars.indexOf('┐', x + 1);
      for (const [edge, corner] of [
        [x, '└'],
        [right, '┘'],
      ] as const) {
        if (edge < 0) {
          out.push(`row ${y}: a box opened at ${x} has no right corner`);
          continue;
        }
        let yy = y + 1;
        while (yy < lines.length && at(edge, yy) === '│') yy++;
        if (at(edge, yy) !== corner) out.push(`box at ${x},${y}: column ${edge} broken at row ${yy} by "${at(edge, yy)}"`);
      }
    });
  });
  return out;
}

const problems: string[] = [];
/** Checks the frame on screen now: the canvas's clips since the last check, and the borders. */
function check(h: Harness, where: string): void {
  h.app.render();
  const clips = Canvas.clips ?? [];
  for (const p of cutNumbers(clips)) problems.push(`${where}: number cut ${p}`);
  for (const p of brokenBorders(h.lines())) problems.push(`${where}: ${p}`);
  clips.length = 0;
}

/** On the duel screen with nothing over it, the separator runs from the top to the panes' bottom. */
function checkSeparator(h: Harness, where: string, cols: number, rows: number): void {
  const L = duelLayout(cols, rows, { timeline: h.app.session.mode === 'replay' });
  const lines = h.lines();
  for (let y = 0; y < L.panel.h; y++) if ([...(lines[y] ?? '')][L.sepX] !== '│') problems.push(`${where}: the separator is broken at row ${y}`);
}

beforeAll(() => {
  Canvas.clips = [];
});
afterAll(() => {
  Canvas.clips = undefined;
});

describe('every screen at 80x24, 120x40 and 200x60', () => {
  for (const ruleset of availableRulesets()) {
    for (const [cols, rows] of SIZES) {
      it(`${ruleset} at ${cols}x${rows}: no number cut, no border overwritten`, async () => {
        problems.length = 0;
        const hero = longest(ruleset, 'hero');
        const foe = longest(ruleset, 'monster');
        const tag = `${ruleset} ${cols}x${rows}`;
        const saves = mkdtempSync(join(tmpdir(), 'arena-layout-'));
        // Playing: a few turns, then every overlay.
        let h = await startHarness({ setup: { ruleset, hero: { template: hero, options: {} }, foe: { template: foe, options: {} }, arena: 'pit', foeState: 'hunting' }, savesDir: saves });
        await h.resize(cols, rows);
        for (let i = 0; i < 6; i++) await h.press('.');
        check(h, `${tag} play`);
        checkSeparator(h, `${tag} play`, cols, rows);
        for (const [keys, name] of [
          [['?'], 'help'],
          [['\x1b', 'm'], 'history'],
          [['\r'], 'explanation'],
          [['\x1b', '\t'], 'explanations list'],
          [['\x1b', 'r'], 'recall'],
          [['\x1b', 'x', '\t'], 'look'],
          [['\x1b', 'Q'], 'confirm quit'],
          [['n'], 'back'],
        ] as const) {
          await h.press(...keys);
          check(h, `${tag} ${name}`);
        }
        h.destroy();
        // Watching to the end: the end box.
        h = await startHarness({ mode: 'watch', setup: { ruleset, hero: { template: hero, options: {} }, foe: { template: foe, options: {} }, arena: 'pit', foeState: 'hunting', maxTurns: 400 }, savesDir: saves });
        await h.resize(cols, rows);
        check(h, `${tag} watch`);
        checkSeparator(h, `${tag} watch`, cols, rows);
        for (let i = 0; i < 400 && !h.app.session.finished; i++) h.app.session.tick();
        check(h, `${tag} end`);
        h.destroy();
        // A replay of this ruleset, and the saves browser and the menu.
        const golden = { 'angband-3.0.5': 'angband-warrior-uruk', 'crawl-4.0b20': 'crawl-minotaur-orc-warrior', 'pixel-dungeon': 'pixel-dungeon-warrior-gnoll-scout', 'stone-soup-0.5.2': 'stone-soup-assassin-orc-warrior' }[ruleset];
        if (golden) {
          copyFileSync(join(GOLDEN, `${golden}.jsonl`), join(saves, `${golden}.jsonl`));
          const player = ReplayPlayer.load(readReplayFile(join(GOLDEN, `${golden}.jsonl`)), content);
          h = await startHarness({ start: { kind: 'session', start: { kind: 'replay', player } }, savesDir: saves });
          await h.resize(cols, rows);
          check(h, `${tag} replay`);
          checkSeparator(h, `${tag} replay`, cols, rows);
          await h.press('>');
          check(h, `${tag} replay end`);
          h.destroy();
        }
        h = await startHarness({ start: { kind: 'browser' }, savesDir: saves });
        await h.resize(cols, rows);
        check(h, `${tag} saves`);
        for (const [keys, name] of [
          [['?'], 'saves help'],
          [['\x1b', 'd'], 'delete prompt'],
        ] as const) {
          await h.press(...keys);
          check(h, `${tag} ${name}`);
        }
        h.destroy();
        h = await startHarness({ start: { kind: 'menu' }, savesDir: saves });
        await h.resize(cols, rows);
        check(h, `${tag} menu`);
        await h.press('?');
        check(h, `${tag} menu help`);
        h.destroy();
        expect(problems).toEqual([]);
      }, 60_000);
    }
  }
});

describe('the checks themselves', () => {
  it('find a number cut by the room it was given, and not a word', () => {
    expect(cutNumbers([{ x: 0, y: 0, text: 'Luck you 50% · 1 in 1.6e5', shown: 'Luck you 50% · 1 in 1.6e' }])).toHaveLength(1);
    expect(cutNumbers([{ x: 0, y: 0, text: 'STR 15  Dex 17', shown: 'STR 15  Dex 1' }])).toHaveLength(1);
    expect(cutNumbers([{ x: 0, y: 0, text: 'a long name here', shown: 'a long' }])).toEqual([]);
  });

  it('find a box edge broken by text', () => {
    const whole = ['┌─ t ─┐', '│ ab  │', '└─────┘'];
    expect(brokenBorders(whole)).toEqual([]);
    expect(brokenBorders(['┌─ t ─┐', '│ abcdef', '└─────┘'])).toHaveLength(1);
  });
});
