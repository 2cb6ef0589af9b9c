import { PassThrough } from 'node:stream';
import xtermHeadless from '@xterm/headless';
import type { Content } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { type App, type AppStart, createApp } from '../tui/app.js';

/**
 * The real app on fake streams, its output fed to a headless xterm: what the TUI tests and the
 * screenshot script drive. A fixed date, numbered fresh seeds and (unless given) a clock that
 * moves a second at every look, so the end screen's pause is over at once.
 */

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

/** A Pixel Dungeon warrior against a gnoll scout in the pit, played by a person: changed by `over`. */
export function headlessSetup(over: Partial<DuelSetup> = {}): DuelSetup {
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

export interface HeadlessApp {
  readonly app: App;
  /** Waits until the app's frame has reached the terminal. */
  settle(): Promise<void>;
  press(...keys: string[]): Promise<void>;
  /** The terminal's rows as text. */
  lines(): string[];
  charAt(x: number, y: number): string;
  resize(cols: number, rows: number): Promise<void>;
  destroy(): void;
}

export interface HeadlessOptions {
  readonly start: AppStart;
  readonly content: Content;
  readonly savesDir: string | null;
  readonly cols?: number;
  readonly rows?: number;
  readonly colour?: boolean;
  readonly program?: string;
  readonly clock?: () => number;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

export async function openHeadless(o: HeadlessOptions): Promise<HeadlessApp> {
  const cols = o.cols ?? 80;
  const rows = o.rows ?? 24;
  const input = new PassThrough();
  const output = new FakeTtyOutput(cols, rows);
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  output.on('data', (chunk: Buffer) => term.write(chunk));
  let seeds = 0;
  let clockMs = 0;
  const app = createApp(
    { input, output },
    {
      start: o.start,
      content: o.content,
      savesDir: o.savesDir,
      program: o.program ?? 'test',
      autoplay: false,
      colour: o.colour ?? true,
      now: () => new Date('2026-01-02T03:04:05Z'),
      freshSeed: () => `fresh-${++seeds}`,
      clock: o.clock ?? (() => (clockMs += 1000)),
    },
  );
  const settle = async () => {
    await tick();
    await tick();
    await new Promise<void>((r) => term.write('', r));
  };
  await settle();
  return {
    app,
    settle,
    async press(...keys: string[]) {
      for (const k of keys) {
        input.write(k);
        await settle();
      }
    },
    lines() {
      const out: string[] = [];
      const buf = term.buffer.active;
      for (let y = 0; y < term.rows; y++) out.push(buf.getLine(y)?.translateToString(true) ?? '');
      return out;
    },
    charAt(x: number, y: number) {
      return term.buffer.active.getLine(y)?.getCell(x)?.getChars() || ' ';
    },
    async resize(c: number, r: number) {
      term.resize(c, r);
      output.resize(c, r);
      await settle();
    },
    destroy() {
      app.finish(0);
      term.dispose();
    },
  };
}
