import { type Canvas, wrap } from './canvas.js';
import { ellipsize } from './fit.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import type { Key } from './session.js';

/** Small pieces the menu and the lab share: a framed box, a key list, a picker and a pager. */

/**
 * Enter. blessed reports a carriage return twice, as 'enter' and then as 'return', so only the
 * second counts (a picker opened by the first would otherwise take the second at once).
 */
export const isEnter = (k: Key): boolean => k.name === 'return';
export const isEscape = (k: Key): boolean => k.name === 'escape';

/** The character typed, when it is a printable one (not Enter, Tab, Backspace or an arrow). */
export function typed(k: Key): string | undefined {
  return !k.ctrl && k.ch !== undefined && /^[\x20-\x7e]$/.test(k.ch) ? k.ch : undefined;
}

/** A framed box with a title, cleared inside. */
export function drawBox(c: Canvas, P: Palette, x: number, y: number, w: number, h: number, title: string): void {
  const a = P.attr('white', 'black');
  c.fill(x, y, w, h, a);
  c.fill(x + 1, y, w - 2, 1, a, '─');
  c.fill(x + 1, y + h - 1, w - 2, 1, a, '─');
  c.fill(x, y + 1, 1, h - 2, a, '│');
  c.fill(x + w - 1, y + 1, 1, h - 2, a, '│');
  c.put(x, y, '┌', a);
  c.put(x + w - 1, y, '┐', a);
  c.put(x, y + h - 1, '└', a);
  c.put(x + w - 1, y + h - 1, '┘', a);
  c.text(x + 2, y, ` ${title} `, P.attr('yellow', 'black', FLAG_BOLD), w - 4);
}

/** The bar at the top or bottom of a screen: text on the left, more on the right. */
export function drawBar(c: Canvas, P: Palette, y: number, left: string, right = ''): void {
  const a = P.attr('black', 'grey');
  c.fill(0, y, c.width, 1, a);
  c.text(0, y, left, a, c.width - right.length - 1);
  c.text(c.width - right.length, y, right, a);
}

export type KeyList = readonly (readonly [string, string])[];

/** A help overlay: every key of a screen and what it does. Any key closes it. */
export function drawKeyHelp(c: Canvas, P: Palette, title: string, keys: KeyList): void {
  drawKeySections(c, P, title, [['', keys]]);
}

/** A help overlay in sections, each under its heading (none when the heading is empty), over `area` (the whole canvas by default). */
export function drawKeySections(c: Canvas, P: Palette, title: string, sections: readonly (readonly [string, KeyList])[], area?: { readonly w: number; readonly h: number }): void {
  const W = area?.w ?? c.width;
  const H = area?.h ?? c.height - 1;
  const keyW = Math.max(17, ...sections.flatMap(([, keys]) => keys.map(([k]) => k.length)));
  const descW = W - keyW - 6;
  // A long description goes on under itself.
  const wrapped = sections.map(([head, keys]) => [head, keys.map(([k, what]) => [k, wrap(what, descW)] as const)] as const);
  const rows = wrapped.reduce((n, [head, keys]) => n + keys.reduce((m, [, lines]) => m + lines.length, 0) + (head ? 1 : 0), 0);
  const h = Math.min(H, rows + 2);
  drawBox(c, P, 0, 0, W, h, `${title} (any key closes)`);
  let y = 1;
  for (const [head, keys] of wrapped) {
    if (head && y < h - 1) c.text(2, y++, head, P.attr('cyan', 'black', FLAG_BOLD), W - 4);
    for (const [k, lines] of keys) {
      if (y >= h - 1) return;
      c.text(3, y, k, P.attr('yellow', 'black'), keyW);
      for (const line of lines) if (y < h - 1) c.text(keyW + 4, y++, line, P.attr('white', 'black'), descW);
    }
  }
}

/** Moves a selection by a key: arrows, PgUp/PgDn, Home/End. Returns the new index, or undefined. */
export function moveByKey(k: Key, at: number, count: number, page: number): number | undefined {
  const step: Record<string, number> = { up: -1, down: 1, pageup: -page, pagedown: page, home: -count, end: count };
  const d = k.name !== undefined && Object.hasOwn(step, k.name) ? step[k.name] : undefined;
  return d === undefined ? undefined : Math.max(0, Math.min(count - 1, at + d));
}

export interface PickEntry {
  readonly value: string;
  readonly label: string;
  readonly description: string;
}

/** The picker's list rows at 80x24; a taller terminal shows more. */
const PICK_ROWS = 14;

/** A scrollable list to choose from, filtered by what is typed; each entry with its description. */
export class Picker {
  private filter = '';
  private selected = 0;
  private top = 0;
  /** The list's rows at the last paint. */
  private rows = PICK_ROWS;

  constructor(
    readonly title: string,
    private readonly entries: readonly PickEntry[],
    current: string,
  ) {
    this.selected = Math.max(0, entries.findIndex((e) => e.value === current));
  }

  /** The entries the filter lets through. */
  shown(): PickEntry[] {
    const f = this.filter.toLowerCase();
    return this.entries.filter((e) => !f || `${e.value} ${e.label} ${e.description}`.toLowerCase().includes(f));
  }

  /** 'chosen' with the value, 'cancel', or undefined while choosing. */
  key(k: Key): { readonly kind: 'chosen'; readonly value: string } | { readonly kind: 'cancel' } | undefined {
    const list = this.shown();
    if (isEscape(k)) return { kind: 'cancel' };
    if (isEnter(k)) {
      const e = list[this.selected];
      return e ? { kind: 'chosen', value: e.value } : undefined;
    }
    const moved = moveByKey(k, this.selected, list.length, this.rows);
    if (moved !== undefined) this.selected = moved;
    else if (k.name === 'backspace') this.refilter(this.filter.slice(0, -1));
    else if (typed(k) !== undefined && this.filter.length < 40) this.refilter(this.filter + typed(k));
    return undefined;
  }

  private refilter(f: string): void {
    this.filter = f;
    this.selected = 0;
    this.top = 0;
  }

  paint(c: Canvas, P: Palette): void {
    const list = this.shown();
    const W = c.width;
    const H = c.height;
    const w = W - 4;
    const rows = Math.max(PICK_ROWS, H - 10);
    this.rows = rows;
    drawBox(c, P, 0, 1, W, H - 2, this.title);
    const inside = P.attr('white', 'black');
    const count = `${list.length} of ${this.entries.length}`;
    c.text(2, 2, `filter: ${this.filter}_`, P.attr(this.filter ? 'yellow' : 'dark-grey', 'black'), w - count.length - 1);
    c.text(2 + w - count.length, 2, count, P.attr('dark-grey', 'black'), count.length);
    if (this.selected < this.top) this.top = this.selected;
    if (this.selected >= this.top + rows) this.top = this.selected - rows + 1;
    const labelW = Math.min(40, Math.max(26, ...list.map((e) => e.label.length)));
    list.slice(this.top, this.top + rows).forEach((e, i) => {
      const sel = this.top + i === this.selected;
      const line = `${e.label.padEnd(labelW + 1)}${e.description}`;
      c.text(2, 3 + i, ellipsize(line, w).padEnd(w), sel ? P.attr('yellow', 'black', FLAG_INVERSE) : inside, w);
    });
    if (list.length === 0) c.text(2, 3, 'nothing matches: Backspace shortens the filter', P.attr('dark-grey', 'black'), w);
    const about = list[this.selected];
    wrap(about ? `${about.label}: ${about.description}` : '', w)
      .slice(0, 3)
      .forEach((l, i) => c.text(2, 4 + rows + i, l, P.attr('grey', 'black'), w));
    c.text(2, H - 3, ellipsize('up/down PgUp PgDn choose · type to filter · Enter take · Esc cancel', w), P.attr('dark-grey', 'black'), w);
  }
}

export interface PagerLine {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
}

/** A scrollable page of text in a box (the recall pages). */
export class Pager {
  private scroll = 0;
  private readonly source: readonly PagerLine[];
  /** The lines wrapped to the width of the last paint (80 columns until the first), and that width. */
  private lines: PagerLine[] = [];
  private width = 0;

  constructor(
    readonly title: string,
    lines: readonly PagerLine[],
  ) {
    this.source = lines;
    this.layOut(76);
  }

  /** The page's rows at the last paint (20 at 80x24). */
  private rows = 20;

  private layOut(w: number): void {
    if (w === this.width) return;
    this.width = w;
    this.lines = this.source.flatMap((l) => wrap(l.text, w).map((text) => ({ ...l, text })));
  }

  /** 'close' when the page is left; otherwise scrolls. */
  key(k: Key): 'close' | undefined {
    const ch = k.ch ?? '';
    if (isEscape(k) || ch === 'q' || ch === 'r' || ch === 'R' || isEnter(k)) return 'close';
    const max = Math.max(0, this.lines.length - this.rows);
    const at = ch === 'j' ? this.scroll + 1 : ch === 'k' ? this.scroll - 1 : ch === ' ' ? this.scroll + this.rows : moveByKey(k, this.scroll, max + 1, this.rows);
    if (at !== undefined) this.scroll = Math.max(0, Math.min(max, at));
    return undefined;
  }

  paint(c: Canvas, P: Palette): void {
    const w = c.width - 4;
    this.layOut(w);
    this.rows = c.height - 4;
    this.scroll = Math.max(0, Math.min(this.scroll, this.lines.length - this.rows));
    drawBox(c, P, 0, 0, c.width, this.rows + 3, this.title);
    this.lines.slice(this.scroll, this.scroll + this.rows).forEach((l, i) => c.text(2, 1 + i, l.text, P.attr(l.colour, 'black', l.bold ? FLAG_BOLD : 0), w));
    const more = this.lines.length > this.rows ? `lines ${this.scroll + 1}-${Math.min(this.lines.length, this.scroll + this.rows)} of ${this.lines.length} · ` : '';
    c.text(2, this.rows + 1, ellipsize(`${more}up/down j k PgUp PgDn space scroll · Esc q close`, w), P.attr('dark-grey', 'black'), w);
  }
}
