import type { AttackOption } from '../../rules/ruleset.js';
import type { Command } from '../../systems/commands.js';
import type { DirectionName, Point } from '../../world/grid.js';
import type { Session } from '../session.js';
import { beginTargeting } from './cursor.js';
import { directionForKey, type Key, keyText, runDirectionForKey } from './keys.js';
import { over } from './over.js';
import { rulesKeys } from './shared.js';

/** Plays one of the player's commands; false when it was refused or the duel is over after it. */
export function act(s: Session, c: Command): boolean {
  s.flash = [];
  const mark = s.duel.traces.length;
  const r = s.duel.step(c);
  if (r.kind === 'rejected') {
    s.status = capitalise(r.reason);
    return false;
  }
  s.status = '';
  s.traceIndex = -1;
  s.roundStart = mark;
  s.rulesScroll = 0;
  if (r.kind === 'turn') s.record(r.record);
  if (r.kind === 'over') over(s);
  else s.advance();
  if (s.duel.outcome) over(s);
  return !s.finished;
}

/** Takes aim with a ranged option, or casts one on oneself at once (no target to choose). */
export function aim(s: Session, option: AttackOption): void {
  const at = s.duel.hero.pos;
  if (option.kind === 'self' && at) act(s, { type: 'fire', option: option.id, target: { x: at.x, y: at.y } });
  else beginTargeting(s, option);
}

export function runIn(s: Session, dir: DirectionName): void {
  const said = s.runs.run(dir);
  if (said && !s.finished) s.status = said;
}

export function travelTo(s: Session, goal: Point | undefined): void {
  const said = s.runs.travel(goal);
  if (said && !s.finished) s.status = said;
}

export function playKey(s: Session, k: Key): 'quit' | undefined {
  const ch = k.ch ?? '';
  if (s.finished) return undefined;
  // Escape closes what is open; on the map with nothing open it only clears the status line.
  if (k.name === 'escape') {
    s.status = '';
    return undefined;
  }
  const run = runDirectionForKey(k);
  if (run) {
    runIn(s, run);
    return undefined;
  }
  const dir = directionForKey(k);
  if (dir) {
    act(s, { type: 'move', dir });
    return undefined;
  }
  const hero = s.duel.hero;
  switch (ch) {
    case '.':
    case '5':
    case 's':
      act(s, { type: 'wait' });
      break;
    case 'f':
    case 't': {
      // What flies at a target (throws, shots, a monster's bolts and breaths) and what is cast on oneself (its heal, haste or blink).
      const options = s.duel.ruleset.attackOptions(s.duel.view(hero)).filter((o) => o.kind === 'projectile' || o.kind === 'self');
      if (options.length === 0) s.status = hero.fighter?.kind === 'monster' ? 'It has no spell, breath or missile.' : 'You have nothing to throw or zap.';
      else if (options.length === 1) aim(s, options[0] as AttackOption);
      else s.ui = { kind: 'choose-ranged', options };
      break;
    }
    case 'o':
    case 'c':
      s.ui = { kind: 'direction', purpose: ch === 'o' ? 'open' : 'close' };
      s.status = `${ch === 'o' ? 'Open' : 'Close'} a door in which direction?`;
      break;
    case '/':
      s.ui = { kind: 'direction', purpose: 'run' };
      s.status = 'Run in which direction?';
      break;
    case 'G':
      travelTo(s, undefined);
      break;
    case '_': {
      const p = hero.pos;
      s.ui = { kind: 'look', cursor: p ? { ...p } : { x: 1, y: 1 }, travel: true };
      s.status = 'Travel where? Move the cursor; Enter goes there, Esc cancels.';
      break;
    }
    case 'q': {
      const items = s.duel.ruleset.usableItems(s.duel.view(hero));
      if (items.length === 0) s.status = 'You have nothing to use.';
      else s.ui = { kind: 'choose-item', items };
      break;
    }
    case 'g':
    case ',':
      act(s, { type: 'pickup' });
      break;
    case 'Q':
      s.ui = { kind: 'confirm-quit' };
      break;
    default:
      if (!rulesKeys(s, ch) && ch.trim() !== '') s.status = `Unknown key ${keyText(ch)}. Press ? for the keys.`;
  }
  return undefined;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
