import type { RecallSection } from '../../rules/ruleset.js';
import { canPerceive } from '../../systems/perception.js';
import type { Session } from '../session.js';
import type { Key } from './keys.js';

export function openRecall(s: Session, subject: number): void {
  const e = s.duel.world.get(subject);
  if (!e?.fighter) return;
  if (e.id !== s.duel.heroId && !s.perceives(e) && s.mode === 'play') {
    s.status = 'You cannot see it.';
    return;
  }
  s.ui = { kind: 'recall', subject, scroll: 0, back: s.ui };
}

export function recallKey(s: Session, k: Key): void {
  if (s.ui.kind !== 'recall') return;
  const r = s.ui;
  const ch = k.ch ?? '';
  if (ch === '?') s.ui = { kind: 'help', back: r };
  else if (k.name === 'escape' || ch === 'q' || ch === 'r' || ch === 'x') s.ui = r.back;
  else if (ch === 'j' || k.name === 'down') s.ui = { ...r, scroll: r.scroll + 1 };
  else if (ch === 'k' || k.name === 'up') s.ui = { ...r, scroll: Math.max(0, r.scroll - 1) };
  else if (k.name === 'pagedown' || ch === ' ') s.ui = { ...r, scroll: r.scroll + 10 };
  else if (k.name === 'pageup') s.ui = { ...r, scroll: Math.max(0, r.scroll - 10) };
  else if (k.name === 'home') s.ui = { ...r, scroll: 0 };
}

/**
 * The recall page of a fighter, seen by the other one: the ruleset's own page, with the
 * fighter's panel lines when the ruleset has none.
 */
export function recallPage(s: Session, subject: number): RecallSection[] {
  const d = s.duel;
  const e = d.world.get(subject);
  if (!e?.fighter) return [];
  const observer = d.world.get(subject === d.heroId ? d.foeId : d.heroId) ?? e;
  const where = { distance: Math.max(1, d.distanceBetween(observer, e)), visible: canPerceive(d, observer, e) };
  const r = d.ruleset;
  return [...r.panel.recall(d.view(e), d.view(observer), d.now, where)];
}
