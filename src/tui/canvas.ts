import type blessed from 'blessed';
import { isPrintable, printable } from '../core/text.js';

type Cell = [number, string];

/** A text cut short: where it began, all of it, and what fitted. */
export interface Clip {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly shown: string;
}
type Line = Cell[] & { dirty?: boolean };

/** What a cell shows in place of a character the terminal would act on instead of showing. */
export const REPLACEMENT = '\ufffd';

/** Whether `ch` is one character a cell may hold: printable ASCII at once, anything else as core/text has it. */
function cellSafe(ch: string): boolean {
  if (ch.length !== 1) return false;
  const code = ch.charCodeAt(0);
  return (code >= 0x20 && code < 0x7f) || (code > 0x9f && isPrintable(ch));
}

/**
 * Paints straight into blessed's screen buffer, one cell at a time: far cheaper than tagged
 * content (about 0.1 ms a frame instead of 9 ms, research/stack-spike.md section 5).
 *
 * Every character the app shows goes through here (the app gives blessed no content of its own),
 * so this is where text from outside (names, seeds, file names, messages quoting a file) is kept
 * from the terminal: no cell ever holds a control character, an escape sequence's start or a
 * bidi control. `text` shows them escaped (`\u001b`), `put` as {@link REPLACEMENT}.
 */
export class Canvas {
  /**
   * When set, every text cut short by its room is recorded here (the layout test reads it: a cut
   * that loses a digit is a number cut).
   */
  static clips: Clip[] | undefined;

  constructor(private readonly screen: blessed.Widgets.Screen) {}

  get width(): number {
    return this.screen.width as number;
  }
  get height(): number {
    return this.screen.height as number;
  }

  private lines(): Line[] {
    return (this.screen as unknown as { lines: Line[] }).lines;
  }

  clear(attr: number): void {
    for (const line of this.lines()) {
      for (let x = 0; x < line.length; x++) {
        const c = line[x] as Cell;
        c[0] = attr;
        c[1] = ' ';
      }
      line.dirty = true;
    }
  }

  /** One character in one cell: anything but a single printable character shows as {@link REPLACEMENT}. */
  put(x: number, y: number, ch: string, attr: number): void {
    const line = this.lines()[y];
    if (!line || x < 0 || x >= line.length) return;
    const c = line[x] as Cell;
    c[0] = attr;
    c[1] = cellSafe(ch) ? ch : REPLACEMENT;
    line.dirty = true;
  }

  /**
   * Writes text from (x, y), clipped to `max` cells; returns the cells written. Control
   * characters are escaped ({@link printable}) before clipping, so they take their escaped width.
   */
  text(x: number, y: number, s: string, attr: number, max = Infinity): number {
    const safe = isPrintable(s) ? s : printable(s);
    const n = Math.min(safe.length, max);
    if (Canvas.clips) {
      const shown = Math.min(n, Math.max(0, this.width - x));
      if (shown < safe.length) Canvas.clips.push({ x, y, text: safe, shown: safe.slice(0, shown) });
    }
    for (let i = 0; i < n; i++) this.put(x + i, y, safe[i] as string, attr);
    return n;
  }

  fill(x: number, y: number, w: number, h: number, attr: number, ch = ' '): void {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) this.put(x + i, y + j, ch, attr);
  }
}

/**
 * Where to break a word longer than `width`: after its last '_' or '/' that fits (a file name
 * breaks between its parts), else after its last '-', else at the width.
 */
function breakAt(word: string, width: number): number {
  const head = word.slice(0, width);
  const at = Math.max(head.lastIndexOf('_'), head.lastIndexOf('/'));
  if (at > 0) return at + 1;
  const dash = head.lastIndexOf('-');
  return dash > 0 ? dash + 1 : width;
}

/** Splits text into lines of at most `width` characters, at spaces where possible (long words: see breakAt). */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      if (word.length > width) {
        if (line) out.push(line);
        let w = word;
        while (w.length > width) {
          const at = breakAt(w, width);
          out.push(w.slice(0, at));
          w = w.slice(at);
        }
        line = w;
        continue;
      }
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}
