import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import xtermHeadless from '@xterm/headless';
import { type Content, loadContent } from '../../src/content/index.js';
import type { DuelSetup } from '../../src/game/duel.js';
import { type App, type AppStart, createApp } from '../../src/tui/app.js';

const { Terminal } = xtermHeadless;

/** What blessed needs from an output stream: a size, isTTY, and a resize event. */
export class FakeTtyOutput extends PassThrough {
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  resize(c: number, r: number): void {
    this.columns = c;
    this.rows = r;
    this.emit('resize');
  }
}

export interface Harness {
  readonly app: App;
  readonly savesDir: string;
  press(...keys: string[]): Promise<void>;
  settle(): Promise<void>;
  lines(): string[];
  charAt(x: number, y: number): string;
  resize(cols: number, rows: number): Promise<void>;
  destroy(): void;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

export function defaultSetup(over: Partial<DuelSetup> = {}): DuelSetup {
  return {
    ruleset: 'pixel-dungeon',
    edition: 'spoiler',
    seed: '7',
    hero: { template: 'warrior', options: {} },
    foe: { template: 'gnoll-scout', options: {} },
    arena: 'pit',
    heroControl: 'player',
    maxTurns: 1000,
    ...over,
  };
}

/** Starts the real app on fake streams, piping its output into a headless xterm. */
export async function startHarness(
  opts: { mode?: 'play' | 'watch'; setup?: Partial<DuelSetup>; save?: boolean; start?: AppStart; savesDir?: string; colour?: boolean; clock?: () => number; content?: Content } = {},
): Promise<Harness> {
  const mode = opts.mode ?? 'play';
  const input = new PassThrough();
  const output = new FakeTtyOutput(80, 24);
  const term = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
  output.on('data', (chunk: Buffer) => term.write(chunk));
  const savesDir = opts.savesDir ?? mkdtempSync(join(tmpdir(), 'arena-tui-'));
  let seeds = 0;
  let clockMs = 0;
  const start: AppStart = opts.start ?? { kind: 'session', start: { kind: 'new', mode, setup: defaultSetup({ heroControl: mode === 'play' ? 'player' : 'ai', ...opts.setup }) } };
  const app = createApp(
    { input, output },
    {
      start,
      content: opts.content ?? loadContent(),
      savesDir: opts.save === false ? null : (opts.savesDir ?? savesDir),
      program: 'test',
      autoplay: false,
      colour: opts.colour ?? true,
      now: () => new Date('2026-01-02T03:04:05Z'),
      freshSeed: () => `fresh-${++seeds}`,
      // A second passes at every look at the clock (the end screen's pause is over at once), unless the test keeps time.
      clock: opts.clock ?? (() => (clockMs += 1000)),
    },
  );
  const settle = async () => {
    await tick();
    await tick();
    await new Promise<void>((r) => term.write('', r));
  };
  await settle();
  const lines = () => {
    const out: string[] = [];
    const buf = term.buffer.active;
    for (let y = 0; y < term.rows; y++) out.push(buf.getLine(y)?.translateToString(true) ?? '');
    return out;
  };
  return {
    app,
    savesDir,
    settle,
    async press(...keys: string[]) {
      for (const k of keys) {
        input.write(k);
        await settle();
      }
    },
    lines,
    charAt(x: number, y: number) {
      return term.buffer.active.getLine(y)?.getCell(x)?.getChars() || ' ';
    },
    async resize(cols: number, rows: number) {
      term.resize(cols, rows);
      output.resize(cols, rows);
      await settle();
    },
    destroy() {
      app.finish(0);
      term.dispose();
    },
  };
}

/** Where a map cell is drawn on screen (arenas are centred in the 46x18 map area). */
export function screenPos(h: Harness, x: number, y: number): { sx: number; sy: number } {
  const g = h.app.session.duel.grid;
  return { sx: Math.floor((46 - g.width) / 2) + x, sy: Math.floor((18 - g.height) / 2) + y };
}
