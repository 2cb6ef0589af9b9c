import type { DetailLevel } from '../../game/explain.js';
import type { Session } from '../session.js';
import { beginLook } from './cursor.js';
import { openHistory } from './history.js';
import { openRecall } from './recall.js';

/** Keys every duel screen shares: the rules pane, its detail, the history, recall and looking. */
export function rulesKeys(s: Session, ch: string): boolean {
  if (ch === '[') s.rulesScroll = Math.max(0, s.rulesScroll - 3);
  else if (ch === ']') s.rulesScroll += 3;
  else if (ch === '{' || ch === '}') {
    const n = s.duel.traces.length;
    if (n === 0) return true;
    let i = s.traceIndex < 0 ? n - 1 : s.traceIndex;
    i = ch === '{' ? Math.max(0, i - 1) : i + 1;
    s.traceIndex = i >= n - 1 ? -1 : i;
    s.rulesScroll = 0;
  } else if (ch === 'd') {
    s.detail = s.detail === 3 ? 1 : ((s.detail + 1) as DetailLevel);
    s.rulesScroll = 0;
  } else if (ch === 'm') openHistory(s);
  else if (ch === 'r' && s.ui.kind === 'main') openRecall(s, s.duel.foeId);
  else if (ch === 'x' && s.ui.kind === 'main') beginLook(s);
  else if (ch === '?') s.ui = { kind: 'help', back: s.ui };
  else return false;
  return true;
}
