import { printable } from '../../core/text.js';
import type { DirectionName } from '../../world/grid.js';

/** The key tables of the duel screen: directions, runs, and every screen's help. */

/** A key as blessed reports it: the character typed (if printable) and the key's name. */
export interface Key {
  readonly ch: string | undefined;
  readonly name: string | undefined;
  readonly ctrl?: boolean;
  /** Shift held with a named key (blessed reports Shift+arrows this way). */
  readonly shift?: boolean;
}

const DIRECTION_KEYS: Readonly<Record<string, DirectionName>> = {
  h: 'w', j: 's', k: 'n', l: 'e', y: 'nw', u: 'ne', b: 'sw', n: 'se',
  left: 'w', down: 's', up: 'n', right: 'e', home: 'nw', pageup: 'ne', end: 'sw', pagedown: 'se',
  '1': 'sw', '2': 's', '3': 'se', '4': 'w', '6': 'e', '7': 'nw', '8': 'n', '9': 'ne',
};

const RUN_LETTERS: Readonly<Record<string, DirectionName>> = { H: 'w', J: 's', K: 'n', L: 'e', Y: 'nw', U: 'ne', B: 'sw', N: 'se' };

/** A run key: Shift with a direction (H J K L Y U B N, Shift+arrows, Shift+Home End PgUp PgDn). */
export function runDirectionForKey(k: Key): DirectionName | undefined {
  if (k.ch && k.ch.length === 1 && Object.hasOwn(RUN_LETTERS, k.ch)) return RUN_LETTERS[k.ch];
  if (k.shift && k.name && k.name.length > 1 && Object.hasOwn(DIRECTION_KEYS, k.name)) return DIRECTION_KEYS[k.name];
  return undefined;
}

export function directionForKey(k: Key): DirectionName | undefined {
  if (k.name && Object.hasOwn(DIRECTION_KEYS, k.name) && k.name.length > 1) return DIRECTION_KEYS[k.name];
  if (k.ch && Object.hasOwn(DIRECTION_KEYS, k.ch)) return DIRECTION_KEYS[k.ch];
  return undefined;
}

/** The keys that explain: shared by every duel screen. */
const EXPLAIN_KEYS: readonly [string, string][] = [
  ['d', 'rules pane detail: summary, steps, full formulas'],
  ['[ ]  { }', 'scroll the rules pane / older and newer explanations'],
  ['m  Ctrl-P', 'message log and history of explanations'],
  ['r', "the foe's recall page: its numbers, the odds both ways"],
  ['x', 'look around: the cell, and the exact odds both ways'],
];

export type HelpScreen = 'play' | 'watch' | 'replay' | 'target' | 'look' | 'history' | 'recall' | 'over' | 'match';

/** Every key of every screen, for the help screen and the README. */
export const KEY_HELP: Readonly<Record<HelpScreen, readonly [string, string][]>> = {
  play: [
    ['h j k l y u b n', 'move or attack; also arrows, Home End PgUp PgDn, numpad'],
    ['H J K L Y U B N', 'run until something happens; also Shift+arrows, / dir'],
    ['G', 'travel toward the foe, or where you last saw it'],
    ['_', 'travel: choose a cell with the cursor, Enter goes there'],
    ['. 5 s', 'wait a turn'],
    ['f t', 'fire, throw or zap: aim, see the path and the odds, fire'],
    ['o c', 'open / close a door (then a direction)'],
    ['q', 'quaff / use an item'],
    ['g ,', 'pick up what lies here'],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['Q', 'quit (the replay is kept)'],
    ['Ctrl-C', 'quit at once'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  watch: [
    ['space', 'pause / resume'],
    ['. s', 'one turn (while paused)'],
    ['+ -', 'faster / slower'],
    ['v', "the hero's view, the foe's view, or the whole arena"],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['Q  Ctrl-C', 'quit'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  replay: [
    ['space', 'play / pause'],
    ['. l right', 'one turn forward'],
    [', h left', 'one turn back'],
    ['+ -', 'faster / slower'],
    ['< >  Home End', 'jump to the start / the end'],
    [') (', 'next / previous event on the timeline: hit +, critical !, block ], stab /, death X'],
    ['g', 'jump to a game turn (type it, then Enter)'],
    ['v', "the hero's view, the foe's view, or the whole arena"],
    ['t', 'take over: play on from this turn (a new replay)'],
    ...EXPLAIN_KEYS,
    ['?', 'this help'],
    ['q Q  Ctrl-C', 'leave the replay'],
    ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
  ],
  target: [
    ['directions', 'move the target cursor'],
    ['Tab + -', 'next visible enemy'],
    ['Enter f t .', 'fire at the cursor'],
    ['r', 'recall page of the fighter under the cursor'],
    ['?', 'this help'],
    ['Esc', 'cancel'],
  ],
  look: [
    ['directions', 'move the cursor'],
    ['Tab + -', 'next visible enemy'],
    ['r Enter', 'recall page of the fighter under the cursor'],
    ['_', 'travel to the cursor (when travelling, Enter or . too)'],
    ['?', 'this help'],
    ['Esc x q', 'stop looking'],
  ],
  history: [
    ['up down j k', 'choose a line (PgUp PgDn Home End too)'],
    ['Tab', 'switch between the messages and the explanations'],
    ['Enter l right', 'open the explanation of the chosen line'],
    ['Esc h left', 'close the explanation / the history'],
    ['d', 'detail: summary, steps, full formulas'],
    ['?', 'this help'],
    ['q', 'back to the duel'],
  ],
  recall: [
    ['up down j k', 'scroll (PgUp PgDn Home End too)'],
    ['?', 'this help'],
    ['Esc q r', 'close'],
  ],
  over: [
    ['r', 'rematch: the same seed, the same duel'],
    ['n', 'a new duel with a fresh seed'],
    ['m  Ctrl-P', 'message log and history of explanations'],
    ['q Q Esc', 'quit'],
  ],
  match: [
    ['space Enter', 'next round now (it also starts by itself while playing)'],
    ['r', 'the whole match again: the same seeds'],
    ['n', 'a new match with a fresh seed'],
    ['m  Ctrl-P', 'message log and history of explanations'],
    ['q Q Esc', 'quit'],
  ],
};

/**
 * A key as the status line shows it: a printable key in quotes, a control key by its name. The
 * raw control character would go to the terminal as it is (Backspace's DEL lands inside the
 * colour sequence around it).
 */
export function keyText(ch: string): string {
  if (ch === '\x7f' || ch === '\b') return 'Backspace';
  if (ch === '\x1b') return 'Escape';
  const code = ch.length === 1 ? ch.charCodeAt(0) : -1;
  if (code >= 1 && code <= 26) return `Ctrl-${String.fromCharCode(code + 64)}`;
  return `"${printable(ch)}"`;
}
