import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import xtermHeadless from '@xterm/headless';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Content, DataError, loadContent } from '../../src/content/index.js';
import { isPrintable, printable } from '../../src/core/text.js';
import type { DuelSetup } from '../../src/game/duel.js';
import { type App, type AppStart, createApp } from '../../src/tui/app.js';
import { Canvas, REPLACEMENT } from '../../src/tui/canvas.js';
import { DuelScreen } from '../../src/tui/duel-screen.js';
import { MenuScreen } from '../../src/tui/menu.js';
import { PREFS_FILE } from '../../src/tui/prefs.js';
import { createScreen } from '../../src/tui/terminal.js';
import { TempData, removeTempData } from '../content/temp-data.js';
import { FakeTtyOutput, defaultSetup } from '../support/tui-harness.js';

/**
 * Issue 17, fault 5: text from outside (seeds, replay headers and file names, last-setup.json,
 * data files, error messages quoting any of them) never reaches the terminal as control
 * characters or escape sequences. Each screen is rendered with a hostile payload where a user
 * could put it, and checked three ways: no cell of blessed's screen buffer holds a control
 * character (blessed writes nothing else but its own sequences), the bytes written hold no C1
 * control and none of the payload's sequences, and the terminal (a headless xterm fed those
 * bytes) saw no title change or bell, while the payload shows on screen in its escaped form.
 */

const { Terminal } = xtermHeadless;

/** A window title, a bell, a screen clear and an 8-bit CSI. */
const PAYLOAD = '\u001b]0;pwned\u0007\u001b[2J\u009b31m';
/** The start of its escaped form, as it should show on screen. */
const SHOWN = '\\u001b]0;pwned';

const ROOT = new URL('../../', import.meta.url).pathname;
const GOLDEN = join(ROOT, 'test/replays/pixel-dungeon-warrior-gnoll-scout.jsonl');

interface Shown {
  readonly app: App;
  press(...keys: string[]): Promise<void>;
  text(): string;
  /** Every byte written to the terminal so far, decoded. */
  raw(): string;
  readonly titles: string[];
  bells(): number;
  destroy(): void;
}

const tick = () => new Promise<void>((r) => setImmediate(r));
let open: Shown[] = [];

/** The real app on fake streams, keeping every byte it writes and what the terminal made of them. */
async function show(start: AppStart, o: { content?: Content; savesDir?: string | null; cols?: number } = {}): Promise<Shown> {
  const input = new PassThrough();
  const output = new FakeTtyOutput(o.cols ?? 80, 24);
  const term = new Terminal({ cols: o.cols ?? 80, rows: 24, allowProposedApi: true });
  const chunks: Buffer[] = [];
  const titles: string[] = [];
  let bells = 0;
  term.onTitleChange((t) => titles.push(t));
  term.onBell(() => bells++);
  output.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    term.write(chunk);
  });
  const app = createApp(
    { input, output },
    {
      start,
      content: o.content ?? loadContent(),
      savesDir: o.savesDir === undefined ? mkdtempSync(join(tmpdir(), 'arena-inject-')) : o.savesDir,
      program: 'test',
      autoplay: false,
      colour: true,
      now: () => new Date('2026-01-02T03:04:05Z'),
      freshSeed: () => 'fresh',
    },
  );
  const settle = async () => {
    await tick();
    await tick();
    await new Promise<void>((r) => term.write('', r));
  };
  await settle();
  const shown: Shown = {
    app,
    async press(...keys) {
      for (const k of keys) {
        input.write(k);
        await settle();
      }
    },
    text() {
      const out: string[] = [];
      for (let y = 0; y < term.rows; y++) out.push(term.buffer.active.getLine(y)?.translateToString(true) ?? '');
      return out.join('\n');
    },
    raw: () => Buffer.concat(chunks).toString('utf8'),
    titles,
    bells: () => bells,
    destroy() {
      app.finish(0);
      term.dispose();
    },
  };
  open.push(shown);
  return shown;
}

afterEach(() => {
  for (const s of open) s.destroy();
  open = [];
});
afterAll(() => removeTempData());

/** The cells of blessed's screen buffer that hold anything but one printable character. */
function unsafeCells(app: App): string[] {
  const lines = (app.screen as unknown as { lines: [number, string][][] }).lines;
  const bad: string[] = [];
  lines.forEach((line, y) =>
    line.forEach(([, ch], x) => {
      if (ch.length !== 1 || !isPrintable(ch)) bad.push(`${x},${y}: ${JSON.stringify(ch)}`);
    }),
  );
  return bad;
}

/** Nothing from outside reached the terminal raw; `where` names the screen in a failure. */
function expectClean(s: Shown, where: string): void {
  expect(unsafeCells(s.app), where).toEqual([]);
  const raw = s.raw();
  expect(raw, where).not.toMatch(/[\u0080-\u009f]/);
  expect(raw, where).not.toContain('\u001b]0;pwned');
  expect(raw, where).not.toContain('pwned\u0007');
  expect(raw, where).not.toContain('\u0007\u001b[2J');
  // The only window title is blessed's own, and no bell rang.
  for (const osc of raw.match(/\u001b\][^\u0007\u001b]*/g) ?? []) expect(osc, where).toBe('\u001b]0;spoiler-arena');
  expect(s.titles.filter((t) => t !== 'spoiler-arena'), where).toEqual([]);
  expect(s.bells(), where).toBe(0);
}

function hostileSetup(over: Partial<DuelSetup> = {}): DuelSetup {
  return defaultSetup({ seed: PAYLOAD, ...over });
}

/** Watches (paused, a turn a key) until the duel ends. */
async function watchToEnd(s: Shown): Promise<void> {
  await s.press(' ');
  for (let i = 0; i < 800 && !s.app.session.finished; i++) await s.press('.');
  expect(s.app.session.finished).toBe(true);
}

describe('the cell painter keeps control characters off the terminal', () => {
  const screen = createScreen({ input: new PassThrough(), output: new FakeTtyOutput(80, 24) });
  const canvas = new Canvas(screen);
  const line0 = () => (screen as unknown as { lines: [number, string][][] }).lines[0] ?? [];
  afterAll(() => screen.destroy());

  // Any text, weighted towards what a terminal acts on.
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom('\u001b', '\u0007', '\u009b', '\u009d', '\u0000', '\n', '\r', '\t', '\u007f', '\u202e', '\u2066', '\u2028', '[', ']', '0', ';', 'a', '─', 'é', '\ud83d', '\ude00'), maxLength: 60 }),
  );

  it('text() writes the escaped text, clipped, and nothing a terminal would obey', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 79 }), (s, max, x) => {
        canvas.clear(0);
        const n = canvas.text(x, 0, s, 0, max);
        const want = printable(s).slice(0, max);
        expect(n).toBe(want.length);
        expect(
          line0()
            .slice(x, x + n)
            .map((c) => c[1])
            .join(''),
        ).toBe(want.slice(0, 80 - x));
        expect(unsafeCells({ screen } as unknown as App)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('put() of anything but one printable character shows the replacement character', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 3 }), fc.constantFrom('\u001b', '\u009b', '\u0000', '\u007f', '\u200f', '', 'ab')), (ch) => {
        canvas.put(3, 0, ch, 0);
        expect(line0()[3]?.[1]).toBe(ch.length === 1 && isPrintable(ch) ? ch : REPLACEMENT);
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves the game's own glyphs alone: box drawing, bars, arrows, accents", () => {
    const glyphs = '┌─┐│└┘█·▶▸≈×÷←→é~#@';
    canvas.clear(0);
    expect(canvas.text(0, 0, glyphs, 0)).toBe(glyphs.length);
    expect(
      line0()
        .slice(0, glyphs.length)
        .map((c) => c[1])
        .join(''),
    ).toBe(glyphs);
    for (const g of glyphs) {
      canvas.put(0, 0, g, 0);
      expect(line0()[0]?.[1]).toBe(g);
    }
  });

  it('what blessed writes for such text holds no control character but its own sequences', () => {
    const out = screen.program.output as unknown as PassThrough;
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 24 }), (rows) => {
        canvas.clear(0);
        rows.forEach((r, y) => canvas.text(0, y, r, 0, 80));
        out.read();
        screen.render();
        (screen.program as unknown as { flush(): void }).flush();
        const written = String(out.read() ?? '');
        // blessed's own: CSI sequences (cursor moves, colours), save/restore cursor, the charset.
        const rest = written.replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\u001b[78]/g, '').replace(/\u001b[()][0B]/g, '');
        expect(rest).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('no terminal injection on any screen', () => {
  it('play: a seed as a replay records it, in the bar, the help, the recall page, the message log and looking', async () => {
    const s = await show({ kind: 'session', start: { kind: 'new', mode: 'play', setup: hostileSetup() } }, { savesDir: null });
    expect(s.text()).toContain(`seed ${SHOWN}`);
    expectClean(s, 'play');
    for (const [keys, where, back] of [
      ['?', 'help', 'q'],
      ['r', 'recall', 'q'],
      ['m', 'message log', 'q'],
      ['x', 'look', '\u001b'],
    ] as const) {
      await s.press(keys);
      expectClean(s, where);
      await s.press(back);
    }
    // A hostile key pressed in play: named, not echoed.
    await s.press(PAYLOAD);
    expectClean(s, 'play after hostile keys');
    expect(s.text()).toContain(`seed ${SHOWN}`);
  });

  it('watch: a best-of-3 match with a hostile seed, to the end screen', async () => {
    const setup = hostileSetup({ heroControl: 'ai', hero: { template: 'veteran', options: {} }, foe: { template: 'rat', options: {} }, foeState: 'hunting' });
    const s = await show({ kind: 'session', start: { kind: 'new', mode: 'watch', setup, rounds: 3 } }, { savesDir: null });
    expectClean(s, 'watch');
    await watchToEnd(s);
    expect(s.text()).toMatch(/VICTORY|DEFEAT|DRAW/);
    expect(s.text()).toContain(SHOWN);
    expectClean(s, 'end screen');
    await s.press('m');
    expectClean(s, 'end screen, message log');
  });

  it('lab: a hostile seed, with its help and recall pages', async () => {
    // Wide enough for the long escaped seed beside the lab's other fields (at 80 columns it gives way whole).
    const s = await show({ kind: 'lab', setup: hostileSetup() }, { savesDir: null, cols: 120 });
    expect(s.text()).toContain(`seed ${SHOWN}`);
    expectClean(s, 'lab');
    for (const [k, where] of [
      ['?', 'lab help'],
      ['r', 'lab recall'],
    ] as const) {
      await s.press(k);
      expectClean(s, where);
      await s.press('\u001b');
    }
  });

  describe('replays and the saves browser', () => {
    const golden = readFileSync(GOLDEN, 'utf8').split('\n');
    const header = JSON.parse(golden[0] as string) as Record<string, unknown> & { setup: Record<string, unknown> };
    const withHeader = (h: Record<string, unknown>) => [JSON.stringify(h), ...golden.slice(1)].join('\n');

    /** A saves folder of hostile replays: header texts, a file name, text that is not a replay. */
    function hostileSaves(): string {
      const dir = mkdtempSync(join(tmpdir(), 'arena-inject-saves-'));
      const seeded = { ...header, seed: PAYLOAD, fighters: [PAYLOAD, `gnoll${PAYLOAD}`], created: `2026-01-01T00:00:0${PAYLOAD}`, setup: { ...header.setup, seed: PAYLOAD } };
      writeFileSync(join(dir, 'a-hostile-seed.jsonl'), withHeader(seeded));
      writeFileSync(join(dir, 'b-hostile-arena.jsonl'), withHeader({ ...header, created: '2026-01-01T00:00:01.000Z', arena: PAYLOAD, setup: { ...header.setup, arena: PAYLOAD } }));
      writeFileSync(join(dir, `c-${PAYLOAD}.jsonl`), withHeader({ ...header, created: '2026-01-01T00:00:02.000Z' }));
      writeFileSync(join(dir, 'd-not-json.jsonl'), `{"format":"spoiler-arena-replay","seed":"${PAYLOAD}\n`);
      writeFileSync(join(dir, 'e-ruleset.jsonl'), withHeader({ ...header, created: '2026-01-01T00:00:03.000Z', ruleset: PAYLOAD, edition: PAYLOAD }));
      return dir;
    }

    it('replay: a recorded duel whose header holds escape sequences plays back escaped', async () => {
      const dir = hostileSaves();
      const s = await show({ kind: 'browser' }, { savesDir: dir });
      expectClean(s, 'browser');
      // Open the one with the hostile seed (it diverges: the seed is not the one played).
      await s.press('\u001b[H');
      for (let i = 0; i < 5 && !s.text().includes('a-hostile-seed.jsonl ·'); i++) await s.press('j');
      expect(s.text()).toContain(`a-hostile-seed.jsonl · seed ${SHOWN}`);
      expect(s.text()).toContain(`${SHOWN}\\u0007`);
      await s.press('\r');
      if (s.app.current instanceof DuelScreen) {
        expect(s.text()).toContain(`seed ${SHOWN}`);
        expectClean(s, 'replay');
        for (const k of ['>', 'm', 'q', 'r', 'q', '?']) await s.press(k);
        expectClean(s, 'replay overlays');
      } else expectClean(s, 'browser: the replay refused');
    });

    it('the saves browser: every entry selected, verified, opened and offered for deletion', async () => {
      const dir = hostileSaves();
      const s = await show({ kind: 'browser' }, { savesDir: dir });
      expect(s.text()).toContain('\\u001b');
      expectClean(s, 'browser');
      await s.press('\u001b[H');
      for (let i = 0; i < 5; i++) {
        await s.press('v');
        expectClean(s, `browser entry ${i}: verify`);
        await s.press('d');
        expectClean(s, `browser entry ${i}: delete?`);
        await s.press('n');
        await s.press('o');
        expectClean(s, `browser entry ${i}: open`);
        if (s.app.current instanceof DuelScreen) await s.press('q');
        await s.press('j');
      }
    });
  });

  describe('the menu', () => {
    const withPrefs = (text: string): string => {
      const dir = mkdtempSync(join(tmpdir(), 'arena-inject-menu-'));
      writeFileSync(join(dir, PREFS_FILE), text);
      return dir;
    };

    it('a remembered seed (and hero) from last-setup.json, shown, edited and started', async () => {
      const dir = withPrefs(JSON.stringify({ version: 1, choices: { mode: 'play', seed: PAYLOAD, hero: PAYLOAD } }));
      const s = await show({ kind: 'menu' }, { savesDir: dir });
      expect(s.text()).toContain(SHOWN);
      expectClean(s, 'menu');
      // The seed field selected (with its hint), then edited with hostile keys.
      await s.press('\u001b[F', 'k');
      expect(s.text()).toMatch(/▸ seed/);
      expectClean(s, 'menu: seed selected');
      // (An escape sequence typed would be taken as keys: Escape among them.)
      await s.press('\r', '\u009b31m\u0007\u0000x', '\r');
      expectClean(s, 'menu: seed edited');
      expect(s.app.current).toBeInstanceOf(MenuScreen);
      // Start: refused, or a duel with the seed as given; either way nothing raw.
      await s.press('\u001b[F', '\r');
      expectClean(s, 'menu: started');
      await s.press('?');
      expectClean(s, 'menu: help');
    });

    it('problems with last-setup.json quoting the file', async () => {
      for (const text of [
        JSON.stringify({ version: 1, choices: { [PAYLOAD]: 'x' } }),
        `{"version":1,"choices":{"seed":"${PAYLOAD}`,
        JSON.stringify({ version: 1, choices: { seed: PAYLOAD.repeat(20) } }),
        JSON.stringify({ version: PAYLOAD, choices: {} }),
      ]) {
        const s = await show({ kind: 'menu' }, { savesDir: withPrefs(text) });
        expect(s.text()).toContain(PREFS_FILE);
        expectClean(s, `menu with ${JSON.stringify(text).slice(0, 60)}`);
      }
    });
  });

  it('names from a modified data folder: a fighter and an arena', async () => {
    const data = new TempData();
    data.replaceOnce('pixel-dungeon/monsters.json', '"name": "gnoll scout"', `"name": ${JSON.stringify(`gnoll ${PAYLOAD} scout`)}`);
    data.replaceOnce('arenas/pit.txt', '; name: The Open Pit', `; name: The ${PAYLOAD} Pit`);
    let content: Content;
    try {
      content = loadContent(data.root);
    } catch (e) {
      // Data files may refuse control characters at load: then no such name reaches a screen.
      expect(e).toBeInstanceOf(DataError);
      return;
    }
    const setup = defaultSetup({ foeState: 'hunting' });
    const s = await show({ kind: 'session', start: { kind: 'new', mode: 'play', setup } }, { content, savesDir: null });
    expect(s.text()).toContain('gnoll \\u001b');
    expectClean(s, 'play with hostile names');
    for (const [k, where, back] of [
      ['r', 'recall', 'q'],
      ['m', 'message log', 'q'],
      ['x', 'look', '\u001b'],
    ] as const) {
      await s.press(k);
      expectClean(s, `hostile names: ${where}`);
      await s.press(back);
    }
    const lab = await show({ kind: 'lab', setup }, { content, savesDir: null });
    expect(lab.text()).toContain('\\u001b');
    expectClean(lab, 'lab with hostile names');
    const menu = await show({ kind: 'menu' }, { content, savesDir: null });
    await menu.press('j', 'j', 'j', 'j', 'j', 'j', 'j');
    expect(menu.text()).toMatch(/▸ foe/);
    expectClean(menu, 'menu with a hostile foe name');
    await menu.press('\r');
    expect(menu.text()).toContain('Choose the foe');
    expectClean(menu, 'menu foe picker with hostile names');
  });
});
