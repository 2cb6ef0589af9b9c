import { type Canvas, wrap } from '../canvas.js';
import { FLAG_BOLD, type Palette } from '../palette.js';
import type { Key } from '../session.js';
import { type KeyList, type PagerLine, drawBox, isEnter, isEscape, moveByKey } from '../widgets.js';

/** The lab's overlays, sized to the terminal: the key help and the recall pages. */

/** The key help over the whole screen: every key and what it does, long descriptions wrapped under themselves. */
export function drawLabHelp(c: Canvas, P: Palette, title: string, keys: KeyList): void {
  const w = c.width;
  const keyWidth = Math.max(...keys.map(([k]) => k.length)) + 2;
  const textWidth = Math.min(w, 120) - keyWidth - 5;
  const lines = keys.flatMap(([k, what]) => wrap(what, textWidth).map((t, i) => [i === 0 ? k : '', t] as const));
  const h = Math.min(c.height, lines.length + 2);
  drawBox(c, P, 0, 0, w, h, `${title} (any key closes)`);
  lines.slice(0, h - 2).forEach(([k, t], i) => {
    c.text(2, 1 + i, k, P.attr('yellow', 'black'), keyWidth);
    c.text(2 + keyWidth, 1 + i, t, P.attr('white', 'black'), textWidth);
  });
}

/** A recall page in a box (over the lab, or beside its table on a wide screen): scrolls, and says where it is. */
export class LabPager {
  private scroll = 0;
  private rows = 20;

  constructor(
    readonly title: string,
    private readonly source: readonly PagerLine[],
  ) {}

  private lines(width: number): PagerLine[] {
    return this.source.flatMap((l) => wrap(l.text, width).map((text) => ({ ...l, text })));
  }

  /** 'close' when the page is left; otherwise scrolls. */
  key(k: Key): 'close' | undefined {
    const ch = k.ch ?? '';
    if (isEscape(k) || ch === 'q' || ch === 'r' || ch === 'R' || isEnter(k)) return 'close';
    const step = ch === 'j' ? this.scroll + 1 : ch === 'k' ? this.scroll - 1 : ch === ' ' ? this.scroll + this.rows : moveByKey(k, this.scroll, Number.MAX_SAFE_INTEGER, this.rows);
    if (step !== undefined) this.scroll = Math.max(0, step);
    return undefined;
  }

  /** Paints the page in the box from column `x`, `w` wide and at most `h` high, from the top row. */
  paint(c: Canvas, P: Palette, x: number, w: number, h: number): void {
    const inner = w - 4;
    const lines = this.lines(inner);
    this.rows = Math.max(1, Math.min(h - 3, lines.length));
    this.scroll = Math.min(this.scroll, Math.max(0, lines.length - this.rows));
    drawBox(c, P, x, 0, w, this.rows + 3, this.title);
    lines.slice(this.scroll, this.scroll + this.rows).forEach((l, i) => c.text(x + 2, 1 + i, l.text, P.attr(l.colour, 'black', l.bold ? FLAG_BOLD : 0), inner));
    const more = lines.length > this.rows ? `lines ${this.scroll + 1}-${Math.min(lines.length, this.scroll + this.rows)} of ${lines.length} · ` : '';
    c.text(x + 2, this.rows + 1, fitWords(`${more}up/down j k PgUp PgDn space scroll · Esc q close`, inner), P.attr('dark-grey', 'black'), inner);
  }
}

/** `text` in at most `width` cells: whole words from the start, never part of one. */
export function fitWords(text: string, width: number): string {
  if (text.length <= width) return text;
  const cut = text.lastIndexOf(' ', width);
  return cut > 0 ? text.slice(0, cut).trimEnd() : '';
}
