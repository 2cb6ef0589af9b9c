/**
 * Where each part of the duel screen goes, for any terminal from 80x24 up. Pure geometry: the
 * view asks for the rectangles and draws into them.
 *
 * 80x24 is the layout the game was first drawn at: the map top left (46x18), the message log
 * under it, fighters and the rules pane on the right (33 wide), the status bar at the bottom.
 * Wider terminals widen the rules pane first (up to the width of a formula line), then the map;
 * from 160 columns a third column on the right holds the message log (or the recall page) at
 * full height. Taller terminals give the extra rows to the log on the left (the map's window
 * already holds the tallest arena) and to the rules pane on the right.
 */

import { MAX_ARENA_HEIGHT, MAX_ARENA_WIDTH } from '../world/arena.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface DuelLayout {
  readonly cols: number;
  readonly rows: number;
  /** The map's window onto the arena. */
  readonly map: Rect;
  /** The column of the line between the map side and the panel. */
  readonly sepX: number;
  /** The right-hand panel: both fighters, the luck line, the rules pane. */
  readonly panel: Rect;
  /** The first row of the second fighter's block (each block is 4 rows). */
  readonly foeY: number;
  readonly luckY: number;
  /** The rules pane, its heading row included. */
  readonly rules: Rect;
  /** The message log: under the map, or the third column when there is one. */
  readonly log: Rect;
  /** The third column (160 columns and wider): the log, or the recall page while it is open. */
  readonly side: Rect | undefined;
  /** Replay mode: the timeline's row, above the status bar. */
  readonly timeline: Rect | undefined;
  /** The status bar's row. */
  readonly barY: number;
}

/** The width at which the rules pane stops growing: its longest formula lines fit on one line. */
export const RULES_MAX_W = 72;
/** From this many columns a third column shows the log beside the map and the rules pane. */
export const SIDE_FROM_COLS = 160;

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

export function duelLayout(cols: number, rows: number, opts: { readonly timeline?: boolean; readonly arenaRows?: number } = {}): DuelLayout {
  const barY = rows - 1;
  const timeline = opts.timeline ? { x: 0, y: barY - 1, w: cols, h: 1 } : undefined;
  const bottom = timeline ? timeline.y : barY; // the first row below the panes
  const side = cols >= SIDE_FROM_COLS;
  const sideW = side ? clamp(Math.floor(cols * 0.25), 40, 64) : 0;
  const rest = cols - (side ? sideW + 1 : 0);
  // The panel takes what the widest arena's map does not need, from 33 up to RULES_MAX_W; the
  // map gets the rest (every arena is at most MAX_ARENA_WIDTH wide: beyond that the map only
  // grows once the rules pane is full width).
  const panelW = clamp(rest - MAX_ARENA_WIDTH - 1, 33, RULES_MAX_W);
  const sepX = rest - panelW - 1;
  const mapW = sepX;
  // The map's window is as tall as the tallest arena; the log under it takes every other row
  // (5 at 24 rows, 4 with a timeline). With a third column the log is there, and the map has
  // the full height.
  // An arena file taller than that takes more rows while the log keeps its rows at 80x24 (the
  // rest of it scrolls with the hero).
  const arenaRows = Math.max(MAX_ARENA_HEIGHT, opts.arenaRows ?? 0);
  const logH = side ? 0 : Math.max(Math.min(bottom - MAX_ARENA_HEIGHT, 5), bottom - arenaRows);
  const mapH = bottom - logH;
  const panelX = sepX + 1;
  const rulesY = 9;
  return {
    cols,
    rows,
    map: { x: 0, y: 0, w: mapW, h: mapH },
    sepX,
    panel: { x: panelX, y: 0, w: panelW, h: bottom },
    foeY: 4,
    luckY: 8,
    rules: { x: panelX, y: rulesY, w: panelW, h: bottom - rulesY },
    log: side ? { x: rest + 1, y: 0, w: cols - rest - 1, h: bottom } : { x: 0, y: mapH, w: mapW, h: logH },
    side: side ? { x: rest + 1, y: 0, w: cols - rest - 1, h: bottom } : undefined,
    timeline,
    barY,
  };
}

/**
 * The first arena cell the map window shows along one axis: centred when the arena fits,
 * otherwise centred on `focus` and kept inside the arena.
 */
export function scrollOrigin(arenaSize: number, viewSize: number, focus: number): number {
  if (arenaSize <= viewSize) return -Math.floor((viewSize - arenaSize) / 2);
  return clamp(focus - Math.floor(viewSize / 2), 0, arenaSize - viewSize);
}
