import type { AttackOption } from '../../rules/ruleset.js';
import { type ArenaEntity, isAlive } from '../../world/components.js';
import { directionOf } from '../../world/grid.js';
import type { Session } from '../session.js';
import { directionForKey, type Key } from './keys.js';
import { act, travelTo } from './play.js';
import { openRecall } from './recall.js';

export function beginLook(s: Session): void {
  const p = s.duel.hero.pos ?? s.duel.foe.pos;
  s.ui = { kind: 'look', cursor: p ? { ...p } : { x: 1, y: 1 } };
}

export function visibleEnemies(s: Session): ArenaEntity[] {
  const hero = s.duel.hero;
  const w = s.duel.grid.width;
  return s.duel.world
    .all()
    .filter((e) => e.fighter && isAlive(e.body) && e.pos && e.fighter.side !== hero.fighter?.side && s.visible[e.pos.y * w + e.pos.x] && s.perceives(e))
    .sort((a, b) => s.duel.distanceBetween(hero, a) - s.duel.distanceBetween(hero, b) || a.id - b.id);
}

export function beginTargeting(s: Session, option: AttackOption): void {
  const hero = s.duel.hero;
  const enemy = visibleEnemies(s)[0];
  const cursor = enemy?.pos ? { ...enemy.pos } : hero.pos ? { ...hero.pos } : { x: 1, y: 1 };
  s.ui = { kind: 'target', option, cursor };
  s.status = '';
}

export function cursorKey(s: Session, k: Key): 'quit' | undefined {
  if (s.ui.kind !== 'target' && s.ui.kind !== 'look') return undefined;
  const ch = k.ch ?? '';
  const g = s.duel.grid;
  const dir = directionForKey(k);
  if (dir) {
    const d = directionOf(dir);
    const c = s.ui.cursor;
    const cursor = { x: Math.min(g.width - 1, Math.max(0, c.x + d.dx)), y: Math.min(g.height - 1, Math.max(0, c.y + d.dy)) };
    s.ui = { ...s.ui, cursor };
    return undefined;
  }
  if (k.name === 'escape' || (s.ui.kind === 'look' && (ch === 'x' || ch === 'q'))) {
    s.ui = { kind: 'main' };
    s.status = '';
    return undefined;
  }
  const cur = s.ui.cursor;
  if (k.name === 'tab' || ch === '+' || ch === '-') {
    const enemies = visibleEnemies(s);
    if (enemies.length > 0) {
      const at = enemies.findIndex((e) => e.pos && e.pos.x === cur.x && e.pos.y === cur.y);
      const next = enemies[(at + 1) % enemies.length];
      if (next?.pos) s.ui = { ...s.ui, cursor: { ...next.pos } };
    }
    return undefined;
  }
  if (ch === '?') {
    s.ui = { kind: 'help', back: s.ui };
    return undefined;
  }
  if (s.ui.kind === 'look' && s.mode === 'play' && !s.finished && (ch === '_' || (s.ui.travel === true && (k.name === 'enter' || k.name === 'return' || ch === '.')))) {
    s.ui = { kind: 'main' };
    s.status = '';
    travelTo(s, cur);
    return undefined;
  }
  if (ch === 'r' || (s.ui.kind === 'look' && (k.name === 'enter' || k.name === 'return'))) {
    const f = s.duel.fighterAt(cur.x, cur.y);
    const g = s.duel.grid;
    const seen = s.omniscient || s.visible[cur.y * g.width + cur.x] === 1;
    if (f && seen && s.perceives(f)) openRecall(s, f.id);
    else s.status = 'No one you can see stands there.';
    return undefined;
  }
  if (s.ui.kind === 'target' && (k.name === 'enter' || k.name === 'return' || ch === 'f' || ch === 't' || ch === '.')) {
    const { option, cursor } = s.ui;
    s.ui = { kind: 'main' };
    act(s, { type: 'fire', option: option.id, target: cursor });
  }
  return undefined;
}
