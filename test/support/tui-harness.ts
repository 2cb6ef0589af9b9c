import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Content, loadContent } from '../../src/content/index.js';
import { FakeTtyOutput, type HeadlessApp, headlessSetup, openHeadless } from '../../src/dev/headless.js';
import type { DuelSetup } from '../../src/game/duel.js';
import type { AppStart } from '../../src/tui/app.js';

export { FakeTtyOutput };

export interface Harness extends HeadlessApp {
  readonly savesDir: string;
}

export const defaultSetup = headlessSetup;

/** Starts the real app on fake streams at 80x24, piping its output into a headless xterm (src/dev/headless.ts). */
export async function startHarness(
  opts: { mode?: 'play' | 'watch'; setup?: Partial<DuelSetup>; save?: boolean; start?: AppStart; savesDir?: string; colour?: boolean; clock?: () => number; content?: Content } = {},
): Promise<Harness> {
  const mode = opts.mode ?? 'play';
  const savesDir = opts.savesDir ?? mkdtempSync(join(tmpdir(), 'arena-tui-'));
  const start: AppStart = opts.start ?? { kind: 'session', start: { kind: 'new', mode, setup: defaultSetup({ heroControl: mode === 'play' ? 'player' : 'ai', ...opts.setup }) } };
  const h = await openHeadless({
    start,
    content: opts.content ?? loadContent(),
    savesDir: opts.save === false ? null : savesDir,
    ...(opts.colour !== undefined ? { colour: opts.colour } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  return { ...h, savesDir };
}

/** Where a map cell is drawn on screen (arenas are centred in the 46x18 map area). */
export function screenPos(h: Harness, x: number, y: number): { sx: number; sy: number } {
  const g = h.app.session.duel.grid;
  return { sx: Math.floor((46 - g.width) / 2) + x, sy: Math.floor((18 - g.height) / 2) + y };
}
