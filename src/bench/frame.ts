import { PassThrough, Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import blessed from 'blessed';
import { loadContent } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { createApp } from '../tui/app.js';
import { createScreen } from '../tui/terminal.js';
import { LAYOUT } from '../tui/view.js';

/**
 * Frame time of a full redraw (issue: at most 2.5x blessed's own time for the same screen).
 *
 * Ours: the real app on fake streams, a watched duel some turns in (map, both fighters, a full
 * rules pane and log). Each frame forces a full redraw: every line dirty and blessed's record of
 * what the terminal shows (`olines`) spoiled, so no cell can be skipped; then `app.render()`
 * paints the frame from the game's state and blessed writes it out (flushed in the timing).
 *
 * Blessed's own: the same frame's cells drawn the way a blessed app would draw this screen, one
 * box per region of the layout (map, log, separator, side panel, status bar) whose content is the
 * region's rows with a colour tag per run of like cells (`{244-fg}{0-bg}{bold}...{/}`; blessed's
 * numbered colour tags, since its `{#rrggbb-fg}` tags come out in other colours), boxes with
 * `wrap: false` (blessed otherwise wraps a line that exactly fills its box when a tag closes it).
 * Each frame sets every box's content again (blessed re-parses the tags, as for new content) and
 * renders the screen, forced full in the same way. The result is checked cell by cell against
 * the app's frame before timing. Both screens write to a stream that counts bytes and drops them.
 */

type Cell = [number, string];
type Line = Cell[] & { dirty?: boolean };
interface Buffers {
  lines: Line[];
  olines: Cell[][];
}

/** Milliseconds per frame, and bytes written per frame. */
export interface Timing {
  readonly median: number;
  readonly p95: number;
  readonly bytes: number;
}

export interface FrameFigures {
  readonly frames: number;
  readonly ours: Timing;
  readonly blessed: Timing;
  /** blessed's draw alone: writing out the app's frame already in its buffer (no painting). */
  readonly drawOnly: Timing;
  /** ours / blessed, of the medians. */
  readonly ratio: number;
}

class CountingTty extends Writable {
  readonly isTTY = true;
  readonly columns = 80;
  readonly rows = 24;
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

const buffers = (s: blessed.Widgets.Screen): Buffers => s as unknown as Buffers;

/** Makes blessed's next draw write every cell: all lines dirty, nothing known to be on screen. */
function spoil(s: blessed.Widgets.Screen): void {
  const { lines, olines } = buffers(s);
  lines.forEach((line, y) => {
    line.dirty = true;
    for (const o of olines[y] ?? []) {
      o[0] = -1;
      o[1] = '';
    }
  });
}

function stats(ms: number[]): { median: number; p95: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] as number, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] as number };
}

interface Subject {
  readonly out: CountingTty;
  /** Untimed: makes the next frame a full redraw. */
  prepare(): void;
  /** Timed: one frame, flushed to the stream. */
  frame(): void;
}

/**
 * Times each subject's frame `n` times after `warm` untimed frames, taking turns frame by frame so
 * both see the same machine; the median, the 95th percentile and the bytes per frame.
 */
function timeFrames(subjects: Subject[], warm: number, n: number): Timing[] {
  const ms: number[][] = subjects.map(() => []);
  const bytes = subjects.map(() => 0);
  for (let i = 0; i < warm + n; i++) {
    subjects.forEach((x, k) => {
      x.prepare();
      const b0 = x.out.bytes;
      const t0 = performance.now();
      x.frame();
      const t = performance.now() - t0;
      if (i < warm) return;
      ms[k]?.push(t);
      bytes[k] = (bytes[k] ?? 0) + x.out.bytes - b0;
    });
  }
  return subjects.map((_, k) => ({ ...stats(ms[k] ?? []), bytes: (bytes[k] ?? 0) / n }));
}

/** blessed tags for a cell attribute (flags << 18 | fg << 9 | bg). */
function tagsFor(attr: number): string {
  const fg = (attr >> 9) & 0x1ff;
  const bg = attr & 0x1ff;
  const flags = attr >> 18;
  let t = '';
  if (fg !== 0x1ff) t += `{${fg}-fg}`;
  if (bg !== 0x1ff) t += `{${bg}-bg}`;
  if (flags & 1) t += '{bold}';
  if (flags & 2) t += '{underline}';
  if (flags & 8) t += '{inverse}';
  return t;
}

const escape = (s: string): string => s.replace(/[{}]/g, (c) => (c === '{' ? '{open}' : '{close}'));

/** A region's content: its rows, a tag per run of cells with the same attribute. */
function tagged(cells: Cell[][], x: number, y: number, w: number, h: number): string {
  const rows: string[] = [];
  for (let j = y; j < y + h; j++) {
    let row = '';
    let i = x;
    while (i < x + w) {
      const attr = (cells[j]?.[i] as Cell)[0];
      let run = '';
      while (i < x + w && (cells[j]?.[i] as Cell)[0] === attr) run += (cells[j]?.[i++] as Cell)[1];
      const t = tagsFor(attr);
      row += t ? `${t}${escape(run)}{/}` : escape(run);
    }
    rows.push(row);
  }
  return rows.join('\n');
}

const SETUP: DuelSetup = {
  ruleset: 'pixel-dungeon',
  edition: 'spoiler',
  seed: 'frame-bench',
  hero: { template: 'warrior', options: {} },
  foe: { template: 'gnoll-scout', options: {} },
  arena: 'pit',
  heroControl: 'ai',
  foeState: 'hunting',
  maxTurns: 1000,
};

export async function frameTimes(frames = 500, warm = 50): Promise<FrameFigures> {
  // Ours.
  const ourOut = new CountingTty();
  const app = createApp(
    { input: new PassThrough(), output: ourOut },
    { start: { kind: 'session', start: { kind: 'new', mode: 'watch', setup: SETUP } }, content: loadContent(), savesDir: null, program: 'bench', autoplay: false, colour: true },
  );
  const s = app.session;
  // Into the fight (about 50 game turns: six attacks, the log and the rules pane full), stopping
  // before the end so no overlay covers the screen.
  for (let i = 0; i < 400 && s.duel.traces.length < 6; i++) s.tick();
  if (s.duel.outcome || s.duel.traces.length < 6) throw new Error('the frame bench duel did not reach its fight');
  app.render();
  app.screen.program.flush();
  const cells: Cell[][] = buffers(app.screen).lines.map((l) => l.map((c) => [c[0], c[1]] as Cell));

  // Blessed's own, the same cells.
  const theirOut = new CountingTty();
  const screen = createScreen({ input: new PassThrough(), output: theirOut });
  const L = LAYOUT;
  const regions = [
    { x: 0, y: 0, w: L.map.w, h: L.map.h }, // map
    { x: L.log.x, y: L.log.y, w: L.log.w, h: L.log.h }, // log
    { x: L.sepX, y: 0, w: 1, h: L.barY }, // separator
    { x: L.panel.x, y: 0, w: L.panel.w, h: L.barY }, // fighters and rules
    { x: 0, y: L.barY, w: 80, h: 1 }, // status bar
  ];
  const boxes = regions.map((r) => ({
    box: blessed.box({ parent: screen, left: r.x, top: r.y, width: r.w, height: r.h, tags: true, wrap: false }),
    content: tagged(cells, r.x, r.y, r.w, r.h),
  }));
  const paint = (): void => {
    for (const b of boxes) b.box.setContent(b.content);
    screen.render();
    screen.program.flush();
  };
  paint();
  const theirs = buffers(screen).lines;
  let differ = 0;
  cells.forEach((row, y) => row.forEach((c, x) => (differ += theirs[y]?.[x]?.[0] === c[0] && theirs[y]?.[x]?.[1] === c[1] ? 0 : 1)));
  if (differ > 0) throw new Error(`blessed's rendering differs from the app's frame in ${differ} cells`);
  const [ours, base, drawOnly] = timeFrames(
    [
      {
        out: ourOut,
        prepare: () => spoil(app.screen),
        frame: () => {
          app.render();
          app.screen.program.flush();
        },
      },
      {
        out: theirOut,
        prepare: () => {
          spoil(screen);
          // New content each frame: make blessed parse the tags again, not reuse the last parse.
          for (const b of boxes) (b.box as unknown as { _clines?: unknown })._clines = undefined;
        },
        frame: paint,
      },
      {
        out: ourOut,
        prepare: () => spoil(app.screen),
        frame: () => {
          app.screen.draw(0, app.screen.rows - 1);
          app.screen.program.flush();
        },
      },
    ],
    warm,
    frames,
  ) as [Timing, Timing, Timing];
  app.finish(0);
  screen.destroy();
  return { frames, ours, blessed: base, drawOnly, ratio: ours.median / base.median };
}
