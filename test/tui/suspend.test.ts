import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import xtermHeadless from '@xterm/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { type App, type AppStart, createApp } from '../../src/tui/app.js';
import { FakeTtyOutput, defaultSetup } from '../support/tui-harness.js';

/**
 * Ctrl-Z (issue 17, fault 10). blessed keeps the terminal in raw mode, so Ctrl-Z reaches the app
 * as a key: it hands the terminal back as on exit, stops the process (here a stand-in that notes
 * what the terminal looked like at that moment), then takes the terminal again and redraws every
 * cell. test/e2e/suspend.test.ts does the same with a real stop under a real shell.
 */

const { Terminal } = xtermHeadless;
type Term = InstanceType<typeof Terminal>;
const ROOT = new URL('../../', import.meta.url).pathname;

/** An input that is a terminal: it records the raw mode it is put in. */
class FakeTtyInput extends PassThrough {
  isTTY = true;
  isRaw = false;
  setRawMode(raw: boolean): this {
    this.isRaw = raw;
    return this;
  }
}

const written = (t: Term, data: Buffer | string) => new Promise<void>((r) => t.write(data, r));
const cursorHidden = (t: Term): boolean => (t as unknown as { _core: { coreService: { isCursorHidden: boolean } } })._core.coreService.isCursorHidden;
const screenText = (t: Term): string => {
  const out: string[] = [];
  // A space written and a cell cleared look the same: both are trimmed.
  for (let y = 0; y < t.rows; y++) out.push((t.buffer.active.getLine(y)?.translateToString(true) ?? '').trimEnd());
  return out.join('\n');
};

interface AtStop {
  bytes: Buffer;
  raw: boolean;
  paused: boolean;
}

interface Running {
  app: App;
  term: Term;
  input: FakeTtyInput;
  bytes(): Buffer;
  stops: AtStop[];
  press(...keys: string[]): Promise<void>;
}

let running: Running[] = [];
afterEach(() => {
  for (const r of running) {
    r.app.finish(0);
    r.term.dispose();
  }
  running = [];
});

async function start(s: AppStart): Promise<Running> {
  const input = new FakeTtyInput();
  const output = new FakeTtyOutput(80, 24);
  const term = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => {
    chunks.push(c);
    term.write(c);
  });
  const bytes = () => Buffer.concat(chunks);
  const stops: AtStop[] = [];
  const app = createApp(
    { input, output },
    {
      start: s,
      content: loadContent(),
      savesDir: mkdtempSync(join(tmpdir(), 'arena-suspend-')),
      program: 'test',
      autoplay: false,
      now: () => new Date('2026-01-02T03:04:05Z'),
      freshSeed: () => 'fresh',
      stopProcess: () => stops.push({ bytes: bytes(), raw: input.isRaw, paused: input.isPaused() }),
    },
  );
  const settle = async () => {
    await new Promise<void>((r) => setImmediate(r));
    await new Promise<void>((r) => setImmediate(r));
    await written(term, '');
  };
  await settle();
  const r: Running = {
    app,
    term,
    input,
    bytes,
    stops,
    async press(...keys) {
      for (const k of keys) {
        input.write(k);
        await settle();
      }
    },
  };
  running.push(r);
  return r;
}

const SCREENS: readonly [string, AppStart, RegExp][] = [
  ['menu', { kind: 'menu' }, /choose a duel/],
  ['play', { kind: 'session', start: { kind: 'new', mode: 'play', setup: defaultSetup() } }, /seed 7/],
  ['watch', { kind: 'session', start: { kind: 'new', mode: 'watch', setup: defaultSetup({ heroControl: 'ai' }) } }, /seed 7 .*paused|seed 7 .*playing/],
  ['browser', { kind: 'browser' }, /Saved duels/],
  ['lab', { kind: 'lab', setup: defaultSetup() }, /Fight lab/],
];

describe('Ctrl-Z', () => {
  for (const [name, s, shows] of SCREENS) {
    it(`${name}: hands the terminal back as on exit, stops, then takes it again and redraws every cell`, async () => {
      const r = await start(s);
      expect(screenText(r.term)).toMatch(shows);
      expect(r.input.isRaw).toBe(true);
      const before = screenText(r.term);
      await r.press('\x1a');
      expect(r.stops).toHaveLength(1);
      const stop = r.stops[0] as AtStop;
      // At the stop: raw mode off, input paused, and the terminal as the shell had it.
      expect(stop.raw).toBe(false);
      expect(stop.paused).toBe(true);
      const then = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
      await written(then, stop.bytes);
      expect(then.buffer.active.type).toBe('normal');
      expect(cursorHidden(then)).toBe(false);
      then.dispose();
      // Afterwards: raw mode, input flowing, the alternate screen, the cursor hidden, the same screen.
      expect(r.input.isRaw).toBe(true);
      expect(r.input.isPaused()).toBe(false);
      expect(r.term.buffer.active.type).toBe('alternate');
      expect(cursorHidden(r.term)).toBe(true);
      expect(screenText(r.term)).toBe(before);
      // Every cell was drawn again: what was written after the stop alone makes the whole screen.
      const fresh = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
      await written(fresh, r.bytes().subarray(stop.bytes.length));
      expect(fresh.buffer.active.type).toBe('alternate');
      expect(screenText(fresh)).toBe(before);
      fresh.dispose();
      // Keys work: ? opens the help (in the browser, which has none, j still moves).
      if (name !== 'browser') {
        await r.press('?');
        expect(screenText(r.term)).toMatch(/Keys|keys \(any key closes\)/);
      } else {
        await r.press('j');
        expect(screenText(r.term)).toMatch(/Saved duels/);
      }
    });
  }

  it('replay: the same, and the replay goes on where it was', async () => {
    const { readReplayFile } = await import('../../src/replay/format.js');
    const { ReplayPlayer } = await import('../../src/replay/player.js');
    const player = ReplayPlayer.load(readReplayFile(join(ROOT, 'test/replays/pixel-dungeon-warrior-gnoll-scout.jsonl')), loadContent());
    const r = await start({ kind: 'session', start: { kind: 'replay', player } });
    await r.press('<', '.', '.');
    const before = screenText(r.term);
    expect(before).toMatch(/ 2\/\d+ /);
    await r.press('\x1a');
    expect(r.stops).toHaveLength(1);
    expect(screenText(r.term)).toBe(before);
    await r.press('.');
    expect(screenText(r.term)).toMatch(/ 3\/\d+ /);
  });

  it('is not taken as a key by the screen below (no "Unknown key Ctrl-Z")', async () => {
    const r = await start(SCREENS[1]![1]);
    await r.press('\x1a');
    expect(r.app.session.status).toBe('');
    expect(screenText(r.term)).not.toContain('Ctrl-Z');
  });

  it('after a stop from outside (SIGSTOP, then SIGCONT): raw mode set again and every cell redrawn', async () => {
    const r = await start(SCREENS[1]![1]);
    const before = screenText(r.term);
    // What a shell may do while the game is stopped: cooked mode, the main screen, the cursor on.
    r.input.isRaw = false;
    const modes: boolean[] = [];
    const set = r.input.setRawMode.bind(r.input);
    r.input.setRawMode = (raw: boolean) => {
      modes.push(raw);
      return set(raw);
    };
    await written(r.term, '\x1b[?1049l\x1b[?25h');
    const at = r.bytes().length;
    r.app.redraw();
    await r.press();
    await written(r.term, '');
    // Out of raw mode and in again: libuv skips setting the mode it believes is already set.
    expect(modes).toEqual([false, true]);
    expect(r.term.buffer.active.type).toBe('alternate');
    expect(cursorHidden(r.term)).toBe(true);
    const fresh = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
    await written(fresh, r.bytes().subarray(at));
    expect(screenText(fresh)).toBe(before);
    fresh.dispose();
    await r.press('?');
    expect(screenText(r.term)).toContain('Keys');
  });
});
