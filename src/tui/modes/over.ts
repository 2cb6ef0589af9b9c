import { cosmeticStream } from '../../core/rng.js';
import { type DuelFacts, epitaphs } from '../../game/epitaph.js';
import type { ArenaEntity } from '../../world/components.js';
import { Terrain } from '../../world/terrain.js';
import type { Session } from '../session.js';
import { openHistory } from './history.js';
import type { Key } from './keys.js';
import { roundSetup } from './match.js';
import { startRecording, writeReplay } from './recording.js';
import { rulesKeys } from './shared.js';

export function over(s: Session): void {
  if (s.finished) return;
  s.finished = true;
  const o = s.duel.outcome;
  const lines = epitaphs(facts(s));
  s.epitaph = lines[cosmeticStream(`${s.setup.seed}/${s.duel.turn}`).int(lines.length)] ?? '';
  startRecording(s);
  const outcome = s.duel.outcome;
  writeReplay(s, (r) => {
    if (outcome) r.end(outcome, s.duel.stateHash());
    r.close();
  });
  if (s.match && o) s.match.results.push(o.winner === 0 ? 'hero' : o.winner === 1 ? 'foe' : 'draw');
  s.ui = { kind: 'over' };
  s.overAt = s.clock();
}

/** What the end screen's line is chosen from: the result, the luck meter, hit points, doors. */
export function facts(s: Session): DuelFacts {
  const d = s.duel;
  const luck = s.luck();
  const side = (i: 0 | 1) => (luck && luck.sides[i].attacks > 0 ? luck.sides[i].percentile : null);
  const hp = (e: ArenaEntity) => ({ hp: e.body?.hp ?? 0, maxHp: e.body?.maxHp ?? 1 });
  const w = d.outcome?.winner;
  return {
    winner: w === 0 || w === 1 ? w : null,
    luck: [side(0), side(1)],
    hero: hp(d.hero),
    foe: { ...hp(d.foe), name: d.foe.fighter?.name ?? 'foe' },
    doors: d.grid.cells.some((c) => c === Terrain.DoorClosed || c === Terrain.DoorOpen),
    played: s.mode === 'play',
  };
}

/** Starts the match's next round. */
export function nextRound(s: Session): void {
  const m = s.match;
  if (!m || !s.matchContinues) return;
  m.round++;
  s.startNew(roundSetup(m.setup, m.round));
}

export function restart(s: Session, seed: string): void {
  s.finished = false;
  if (s.mode === 'replay') s.mode = 'play';
  if (s.match) {
    s.match = { rounds: s.match.rounds, setup: { ...s.match.setup, seed }, round: 1, results: [] };
    s.startNew(roundSetup(s.match.setup, 1));
    return;
  }
  s.startNew({ ...s.setup, seed, heroControl: s.mode === 'play' ? 'player' : 'ai' });
}

/**
 * The end screen's keys: the next round, a rematch, a new duel, quit, the history. For a moment
 * after the duel ends only the help and the history answer; any other key (movement, the recall
 * key r, n, q) is ignored and starts the moment again, so a player still pressing keys as the
 * duel ends cannot leave the result unseen.
 */
export function overKey(s: Session, k: Key): 'quit' | undefined {
  const ch = k.ch ?? '';
  const esc = k.name === 'escape';
  if (s.endLocked() && ch !== '?' && ch !== 'm') {
    s.overAt = s.clock();
    s.status = 'The duel is over: r, n and q work once the keys have rested a moment.';
    return undefined;
  }
  if (s.match && (ch === ' ' || k.name === 'enter' || k.name === 'return')) nextRound(s);
  else if (ch === 'r') restart(s, s.match?.setup.seed ?? s.setup.seed);
  else if (ch === 'n') restart(s, s.env.freshSeed());
  else if (ch === 'q' || ch === 'Q' || esc) return 'quit';
  else if (ch === '?') s.ui = { kind: 'help', back: s.ui };
  else if (ch === 'm') openHistory(s);
  else rulesKeys(s, ch);
  return undefined;
}
