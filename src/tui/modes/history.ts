import type { TraceRecord } from '../../game/duel.js';
import { type DetailLevel, shownAt } from '../../game/explain.js';
import type { Session } from '../session.js';
import type { Key } from './keys.js';

/** The explanations the history lists: every trace at full detail, otherwise all but routine upkeep. */
export function historyTraces(s: Session): TraceRecord[] {
  return s.duel.traces.filter((t) => shownAt(t, s.detail));
}

/** The explanations behind a message: the traces of the same turn. */
export function tracesOfTurn(s: Session, turn: number): TraceRecord[] {
  return s.duel.traces.filter((t) => t.turn === turn && shownAt(t, s.detail));
}

export function openHistory(s: Session): void {
  s.ui = { kind: 'history', list: 'messages', cursor: Math.max(0, s.duel.messages.length - 1), open: false, scroll: 0 };
}

export function historyKey(s: Session, k: Key): void {
  if (s.ui.kind !== 'history') return;
  const h = s.ui;
  const ch = k.ch ?? '';
  const n = h.list === 'messages' ? s.duel.messages.length : historyTraces(s).length;
  if (ch === '?') {
    s.ui = { kind: 'help', back: h };
    return;
  }
  if (ch === 'd') {
    s.detail = s.detail === 3 ? 1 : ((s.detail + 1) as DetailLevel);
    const m = h.list === 'messages' ? n : historyTraces(s).length;
    s.ui = { ...h, cursor: Math.min(h.cursor, Math.max(0, m - 1)), scroll: 0 };
    return;
  }
  if (h.open) {
    const step = k.name === 'pagedown' || k.name === 'pageup' ? 10 : 1;
    if (k.name === 'escape' || ch === 'h' || k.name === 'left' || ch === 'q') s.ui = { ...h, open: false, scroll: 0 };
    else if (ch === 'j' || k.name === 'down' || k.name === 'pagedown') s.ui = { ...h, scroll: h.scroll + step };
    else if (ch === 'k' || k.name === 'up' || k.name === 'pageup') s.ui = { ...h, scroll: Math.max(0, h.scroll - step) };
    else if (k.name === 'home') s.ui = { ...h, scroll: 0 };
    return;
  }
  const move = (d: number) => Math.max(0, Math.min(n - 1, h.cursor + d));
  if (k.name === 'escape' || ch === 'q' || ch === 'm' || ch === 'h' || k.name === 'left') s.ui = { kind: s.finished ? 'over' : 'main' };
  else if (k.name === 'tab') {
    const list = h.list === 'messages' ? 'explanations' : 'messages';
    const m = list === 'messages' ? s.duel.messages.length : historyTraces(s).length;
    s.ui = { kind: 'history', list, cursor: Math.max(0, m - 1), open: false, scroll: 0 };
  } else if (ch === 'j' || k.name === 'down') s.ui = { ...h, cursor: move(1) };
  else if (ch === 'k' || k.name === 'up') s.ui = { ...h, cursor: move(-1) };
  else if (k.name === 'pagedown') s.ui = { ...h, cursor: move(15) };
  else if (k.name === 'pageup') s.ui = { ...h, cursor: move(-15) };
  else if (k.name === 'home') s.ui = { ...h, cursor: 0 };
  else if (k.name === 'end') s.ui = { ...h, cursor: Math.max(0, n - 1) };
  else if ((k.name === 'enter' || k.name === 'return' || ch === 'l' || k.name === 'right') && n > 0) s.ui = { ...h, open: true, scroll: 0 };
}

/** What the open history entry explains: the traces behind the chosen message or the chosen trace. */
export function historyExplanations(s: Session): TraceRecord[] {
  if (s.ui.kind !== 'history') return [];
  if (s.ui.list === 'explanations') {
    const t = historyTraces(s)[s.ui.cursor];
    return t ? [t] : [];
  }
  const m = s.duel.messages[s.ui.cursor];
  return m ? tracesOfTurn(s, m.turn) : [];
}
