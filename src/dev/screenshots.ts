import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Content, loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { readReplayFile } from '../replay/format.js';
import { ReplayPlayer } from '../replay/player.js';
import type { AppStart } from '../tui/app.js';
import { type HeadlessApp, headlessSetup, openHeadless } from './headless.js';

/**
 * Text captures of the screen at 80x24 and 160x48 (`npm run screenshots`): the real app on fake
 * streams, its output fed to a headless xterm, each screen's rows written to
 * docs/screenshots/<screen>-<cols>x<rows>.txt. Fixed seeds and a fixed clock, so the captures
 * change only when the screen does.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'docs/screenshots');
const REPLAY = join(ROOT, 'test/replays/stone-soup-assassin-orc-warrior.jsonl');
const SIZES = [
  [80, 24],
  [160, 48],
] as const;

interface Shot {
  press(...keys: string[]): Promise<void>;
  /** Paints a frame and waits until the terminal has it. */
  show(): Promise<void>;
  lines(): string[];
  close(): void;
  readonly app: HeadlessApp['app'];
}

async function open(content: Content, start: AppStart, cols: number, rows: number, savesDir: string): Promise<Shot> {
  const h = await openHeadless({ start, content, savesDir, cols, rows, colour: false, program: 'screenshots' });
  return {
    app: h.app,
    press: h.press,
    async show() {
      h.app.render();
      await h.settle();
    },
    lines: () => h.lines().map((l) => l.trimEnd()),
    close: h.destroy,
  };
}

function setup(over: Partial<DuelSetup>): DuelSetup {
  return headlessSetup({ seed: 'screenshot', ...over });
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
