import { basename } from 'node:path';
import type { TurnRecord } from '../../game/duel.js';
import type { ReplayPlayer } from '../../replay/player.js';
import { nextMarked } from '../../replay/timeline.js';
import { type Session, WATCH_SPEEDS } from '../session.js';
import type { Key } from './keys.js';
import { createRecorder, replayHeader } from './recording.js';
import { rulesKeys } from './shared.js';
import { cycleView } from './watch.js';

export function startReplay(s: Session, player: ReplayPlayer): void {
  // A replay opens at its start: opening at the end would give the result away.
  player.seek(0);
  s.player = player;
  s.reset(player.duel);
  s.running = false;
  s.viewOf = 'all';
  s.memory.set(s.duel.grid.cells.map((c) => c + 1));
  replayMoved(s);
  const problem = player.divergence ? ` It diverges at action ${player.divergence.turn}: ${player.divergence.detail}.` : '';
  const end = (player.times[player.length] ?? 0).toFixed(1);
  s.status = `Replay of ${end} turns (${player.length} actions).${problem} Space plays, ( ) jump between events, ? lists the keys.`;
}

/** After the player moved through the replay: what changed on screen. */
export function replayMoved(s: Session): void {
  const d = s.duel;
  s.traceIndex = -1;
  s.rulesScroll = 0;
  // The rules pane shows the last turn's traces; the flash its projectile.
  const last = d.traces.at(-1)?.turn;
  s.roundStart = last === undefined ? d.traces.length : d.traces.findIndex((t) => t.turn === last);
  s.flash = [...d.events];
  s.refreshView();
  const p = s.player;
  if (p && p.position >= p.length) {
    s.running = false;
    if (d.outcome) s.status = `End of the replay: ${d.outcome.reason}.`;
    else if (p.divergence) s.status = `The replay diverges at turn ${p.divergence.turn}: ${p.divergence.detail}.`;
    else s.status = 'End of the replay: the duel was left unfinished (t takes over from here).';
  }
}

export function replayStep(s: Session, delta: number): void {
  const p = s.player;
  if (!p) return;
  s.status = '';
  if (delta === 1) p.stepForward();
  else p.seek(p.position + delta);
  replayMoved(s);
}

export function replaySeek(s: Session, turn: number): void {
  const p = s.player;
  if (!p) return;
  s.status = '';
  p.seek(turn);
  replayMoved(s);
}

/** Take over: play on from this turn in a new replay that records where it branched from. */
export function takeOver(s: Session): void {
  const p = s.player;
  if (!p) return;
  const d = s.duel;
  if (d.outcome) {
    s.status = 'The duel is over at this turn: step back to take over earlier.';
    return;
  }
  const turn = p.position;
  const shared = p.replay.turns.slice(0, turn);
  const branch = { from: basename(p.replay.file), turn, hash: turn > 0 ? (shared[turn - 1] as TurnRecord).hash : d.stateHash() };
  d.setController(d.heroId, 'player');
  const recorder = createRecorder(s, () => replayHeader(s, d, branch), shared);
  s.player = undefined;
  s.running = false;
  s.viewOf = 'hero';
  // The map stays as the replay showed it: what was watched stays explored.
  const explored = s.memory;
  s.carryOn(d, recorder);
  s.memory = explored;
  s.refreshView();
  s.status = `You take over at turn ${d.gameTurns.toFixed(1)} (after replay action ${turn}).${recorder ? ` Recording to ${basename(recorder.path)}.` : s.notRecording ? ` Not recorded: ${s.notRecording}` : ''}`;
}

export function replayKey(s: Session, k: Key): 'quit' | undefined {
  const ch = k.ch ?? '';
  const p = s.player;
  if (!p) return undefined;
  if (ch === 'q' || ch === 'Q') return 'quit';
  if (ch === ' ') {
    if (p.position >= p.length) replaySeek(s, 0);
    s.running = !s.running;
  } else if (ch === '.' || ch === 'l' || k.name === 'right') {
    s.running = false;
    replayStep(s, 1);
  } else if (ch === ',' || ch === 'h' || k.name === 'left') {
    s.running = false;
    replayStep(s, -1);
  } else if (ch === '<' || k.name === 'home') replaySeek(s, 0);
  else if (ch === '>' || k.name === 'end') replaySeek(s, p.length);
  else if (ch === 'g') s.ui = { kind: 'jump', digits: '' };
  else if (ch === ')' || ch === '(') {
    s.running = false;
    const to = nextMarked(p.marks, p.position, ch === ')' ? 1 : -1);
    if (to === undefined) s.status = ch === ')' ? 'No hit, critical, block, stab or death after this turn.' : 'No event before this turn.';
    else replaySeek(s, to);
  }
  else if (ch === '+' || ch === '=') s.speedIndex = Math.min(WATCH_SPEEDS.length - 1, s.speedIndex + 1);
  else if (ch === '-' || ch === '_') s.speedIndex = Math.max(0, s.speedIndex - 1);
  else if (ch === 'v') cycleView(s);
  else if (ch === 't') {
    if (s.env.savesDir === null) s.status = 'Taking over needs somewhere to record: start without --no-save.';
    else s.ui = { kind: 'confirm-takeover' };
  } else rulesKeys(s, ch);
  return undefined;
}
