import type { MarkKind, TurnMarks } from '../replay/timeline.js';
import { MARK_ORDER } from '../replay/timeline.js';
import type { Canvas } from './canvas.js';
import type { Rect } from './layout.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';

/** What the timeline shows: where the replay stands, its length, its marks and the game time. */
export interface TimelineModel {
  /** Recorded turns played. */
  readonly position: number;
  readonly length: number;
  readonly marks: readonly TurnMarks[];
  /** The game time after each number of turns played. */
  readonly times: readonly number[];
}

/** Each mark's glyph and colour on the bar (and in the key list). */
export const MARK_LOOK: Readonly<Record<MarkKind, { readonly ch: string; readonly colour: string; readonly name: string }>> = {
  death: { ch: 'X', colour: 'bright-red', name: 'death' },
  critical: { ch: '!', colour: 'yellow', name: 'critical' },
  stab: { ch: '/', colour: 'bright-magenta', name: 'stab' },
  blocked: { ch: ']', colour: 'cyan', name: 'block' },
  hit: { ch: '+', colour: 'white', name: 'hit' },
};

/**
 * One row: the game turn where the replay stands and its end, then a bar on which each cell
 * covers a stretch of recorded turns and shows its most telling mark; the cell of the position
 * is drawn inverse.
 */
export function paintTimeline(c: Canvas, P: Palette, r: Rect, m: TimelineModel): void {
  const at = m.times[m.position] ?? 0;
  const end = m.times[m.length] ?? at;
  const label = ` turn ${at.toFixed(1)}/${end.toFixed(1)} `;
  c.text(r.x, r.y, label, P.attr('white', 'default', FLAG_BOLD), r.w);
  const x0 = r.x + label.length + 1;
  const w = r.x + r.w - 1 - x0;
  if (w < 4 || m.length === 0) return;
  c.put(x0 - 1, r.y, '[', P.attr('dark-grey'));
  c.put(x0 + w, r.y, ']', P.attr('dark-grey'));
  // Cell i covers turns (i*length/w, (i+1)*length/w]; the position's cell holds turn `position`.
  const cellOf = (turn: number) => Math.min(w - 1, Math.max(0, Math.ceil((turn * w) / m.length) - 1));
  const best: (MarkKind | undefined)[] = new Array(w).fill(undefined);
  for (const mk of m.marks) {
    const i = cellOf(mk.turn);
    for (const k of MARK_ORDER) {
      if (!mk.kinds.includes(k)) continue;
      const cur = best[i];
      if (cur === undefined || MARK_ORDER.indexOf(k) < MARK_ORDER.indexOf(cur)) best[i] = k;
      break;
    }
  }
  const here = m.position === 0 ? -1 : cellOf(m.position);
  for (let i = 0; i < w; i++) {
    const k = best[i];
    const look = k ? MARK_LOOK[k] : undefined;
    const played = i <= here;
    c.put(x0 + i, r.y, look ? look.ch : played ? '━' : '─', P.attr(look ? look.colour : played ? 'grey' : 'dark-grey', 'default', i === here ? FLAG_INVERSE : 0));
  }
  if (here < 0) c.put(x0 - 1, r.y, '[', P.attr('white', 'default', FLAG_INVERSE));
}
