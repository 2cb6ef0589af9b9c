import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import xtermHeadless from '@xterm/headless';
import { type Content, loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { readReplayFile } from '../replay/format.js';
import { ReplayPlayer } from '../replay/player.js';
import { type App, type AppStart, createApp } from '../tui/app.js';

/**
 * Text captures of the screen at 80x24 and 160x48 (`npm run screenshots`): the real app on fake
 * streams, its output fed to a headless xterm, each screen's rows written to
 * docs/screenshots/<screen>-<cols>x<rows>.txt. Fixed seeds and a fixed clock, so the captures
 * change only when the screen does.
 */

const { Terminal } = xtermHeadless;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'docs/screenshots');
const REPLAY = join(ROOT, 'test/replays/stone-soup-assassin-orc-warrior.jsonl');
const SIZES = [
  [80, 24],
  [160, 48],
] as const;

/** The output stream blessed writes to: a size and isTTY, as a terminal has. */
class TtyOutput extends PassThrough {
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
}

interface Shot {
  readonly app: App;
  press(...keys: string[]): Promise<void>;
  /** Paints a frame and waits until the terminal has it. */
  show(): Promise<void>;
  lines(): string[];
  close(): void;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

async function open(content: Content, start: AppStart, cols: number, rows: number, savesDir: string): Promise<Shot> {
  const input = new PassThrough();
  const output = new TtyOutput(cols, rows);
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  output.on('data', (chunk: Buffer) => term.write(chunk));
  let seeds = 0;
  let clockMs = 0;
  const app = createApp(
    { input, output },
    // The screen's clock moves a second at each look, so the end screen's pause is over when captured.
    { start, content, savesDir, program: 'screenshots', autoplay: false, colour: false, now: () => new Date('2026-01-02T03:04:05Z'), freshSeed: () => `shot-${++seeds}`, clock: () => (clockMs += 1000) },
  );
  const settle = async () => {
    await tick();
    await tick();
    await new Promise<void>((r) => term.write('', r));
  };
  await settle();
  return {
    app,
    async press(...keys: string[]) {
      for (const k of keys) {
        input.write(k);
        await settle();
      }
    },
    async show() {
      app.render();
      await settle();
    },
    lines() {
      const buf = term.buffer.active;
      const out: string[] = [];
      for (let y = 0; y < term.rows; y++) out.push(buf.getLine(y)?.translateToString(true).trimEnd() ?? '');
      return out;
    },
    close() {
      app.finish(0);
      term.dispose();
    },
  };
}

function setup(over: Partial<DuelSetup>): DuelSetup {
  return {
    ruleset: 'pixel-dungeon',
    edition: 'spoiler',
    seed: 'screenshot',
    hero: { template: 'warrior', options: {} },
    foe: { template: 'gnoll-scout', options: {} },
    arena: 'pit',
    heroControl: 'player',
    maxTurns: 1000,
    ...over,
  };
}

/** Each screen: how to get there, from a fresh app of the given size. */
const SCREENS: readonly { readonly name: string; readonly shoot: (c: Content, cols: number, rows: number, saves: string) => Promise<string[]> }[] = [
  {
    name: 'play',
    async shoot(content, cols, rows, saves) {
      const s = await open(content, { kind: 'session', start: { kind: 'new', mode: 'play', setup: setup({ foeState: 'hunting' }) } }, cols, rows, saves);
      for (let i = 0; i < 4; i++) await s.press('.');
      const lines = s.lines();
      s.close();
      return lines;
    },
  },
  {
    name: 'watch-end',
    async shoot(content, cols, rows, saves) {
      const over = setup({ ruleset: 'angband-3.0.5', hero: { template: 'warrior', options: {} }, foe: { template: 'uruk', options: {} }, arena: 'rooms', heroControl: 'ai', maxTurns: 400 });
      const s = await open(content, { kind: 'session', start: { kind: 'new', mode: 'watch', setup: over } }, cols, rows, saves);
      for (let i = 0; i < 400 && !s.app.session.finished; i++) s.app.session.tick();
      await s.show();
      const lines = s.lines();
      s.close();
      return lines;
    },
  },
  {
    name: 'replay',
    async shoot(content, cols, rows, saves) {
      const player = ReplayPlayer.load(readReplayFile(REPLAY), content);
      const s = await open(content, { kind: 'session', start: { kind: 'replay', player } }, cols, rows, saves);
      await s.press('<');
      for (let i = 0; i < 12; i++) await s.press('.');
      const lines = s.lines();
      s.close();
      return lines;
    },
  },
  {
    name: 'menu',
    async shoot(content, cols, rows, saves) {
      const s = await open(content, { kind: 'menu' }, cols, rows, saves);
      const lines = s.lines();
      s.close();
      return lines;
    },
  },
  {
    name: 'lab',
    async shoot(content, cols, rows, saves) {
      const lab = setup({ ruleset: 'crawl-4.0b20', hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} } });
      const s = await open(content, { kind: 'lab', setup: lab }, cols, rows, saves);
      const lines = s.lines();
      s.close();
      return lines;
    },
  },
];

async function main(): Promise<void> {
  const content = loadContent();
  const saves = mkdtempSync(join(tmpdir(), 'arena-screenshots-'));
  mkdirSync(OUT, { recursive: true });
  try {
    for (const [cols, rows] of SIZES) {
      for (const screen of SCREENS) {
        // A folder of its own for each capture, so that no replay name gets a number for a clash.
        const lines = await screen.shoot(content, cols, rows, mkdtempSync(join(saves, 'shot-')));
        const file = join(OUT, `${screen.name}-${cols}x${rows}.txt`);
        writeFileSync(file, `${lines.join('\n')}\n`);
        console.log(`wrote ${file}`);
      }
    }
  } finally {
    rmSync(saves, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`screenshots: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
