import { positionAtGameTurn } from '../../replay/timeline.js';
import type { Session } from '../session.js';
import { directionForKey, type Key } from './keys.js';
import { act, aim, runIn } from './play.js';
import { replaySeek, takeOver } from './replay.js';

/** The one-key questions: quit?, take over?, a game turn to jump to, a direction, an item or attack by letter. */
export function promptKey(s: Session, k: Key): 'quit' | undefined {
  const ch = k.ch ?? '';
  switch (s.ui.kind) {
    case 'confirm-quit':
      if (ch === 'y' || ch === 'Y') return 'quit';
      s.ui = { kind: 'main' };
      s.status = '';
      return undefined;
    case 'confirm-takeover':
      s.ui = { kind: 'main' };
      if (ch === 'y' || ch === 'Y') takeOver(s);
      else s.status = 'Cancelled.';
      return undefined;
    case 'jump': {
      if (k.name === 'escape') s.ui = { kind: 'main' };
      else if (k.name === 'enter' || k.name === 'return') {
        const digits = s.ui.digits;
        s.ui = { kind: 'main' };
        // The number typed is a game turn, as the bar and the log show them.
        if (digits !== '' && s.player) replaySeek(s, positionAtGameTurn(s.player.times.slice(0, s.player.length + 1), Number(digits)));
      } else if (k.name === 'backspace') s.ui = { kind: 'jump', digits: s.ui.digits.slice(0, -1) };
      else if ((/^[0-9]$/.test(ch) || (ch === '.' && !s.ui.digits.includes('.'))) && s.ui.digits.length < 9) s.ui = { kind: 'jump', digits: s.ui.digits + ch };
      return undefined;
    }
    case 'direction': {
      const dir = directionForKey(k);
      const purpose = s.ui.purpose;
      s.ui = { kind: 'main' };
      if (!dir) s.status = 'Cancelled.';
      else if (purpose === 'run') runIn(s, dir);
      else act(s, { type: purpose, dir });
      return undefined;
    }
    case 'choose-ranged':
    case 'choose-item': {
      const i = ch.length === 1 ? ch.charCodeAt(0) - 97 : -1;
      if (s.ui.kind === 'choose-ranged') {
        const o = s.ui.options[i];
        s.ui = { kind: 'main' };
        if (o) aim(s, o);
        else s.status = 'Cancelled.';
      } else {
        const it = s.ui.items[i];
        s.ui = { kind: 'main' };
        if (it) act(s, { type: 'use', item: it.item });
        else s.status = 'Cancelled.';
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
