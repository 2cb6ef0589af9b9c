import { type Session, WATCH_SPEEDS } from '../session.js';
import type { Key } from './keys.js';
import { over } from './over.js';
import { rulesKeys } from './shared.js';

export function stepWatch(s: Session): void {
  s.flash = [];
  s.traceIndex = -1;
  s.rulesScroll = 0;
  const mark = s.duel.traces.length;
  s.advance(1);
  if (s.duel.traces.length > mark) s.roundStart = mark;
  if (s.duel.outcome) over(s);
}

export function watchKey(s: Session, k: Key): 'quit' | undefined {
  const ch = k.ch ?? '';
  if (ch === 'Q') s.ui = { kind: 'confirm-quit' };
  else if (ch === ' ') s.running = !s.running;
  else if ((ch === '.' || ch === 's') && !s.running) stepWatch(s);
  else if (ch === '+' || ch === '=') s.speedIndex = Math.min(WATCH_SPEEDS.length - 1, s.speedIndex + 1);
  else if (ch === '-' || ch === '_') s.speedIndex = Math.max(0, s.speedIndex - 1);
  else if (ch === 'v') cycleView(s);
  else rulesKeys(s, ch);
  return undefined;
}

export function cycleView(s: Session): void {
  s.viewOf = s.viewOf === 'hero' ? 'foe' : s.viewOf === 'foe' ? 'all' : 'hero';
  if (s.mode !== 'replay') s.memory.fill(0);
  s.refreshView();
}
