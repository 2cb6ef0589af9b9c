import { basename } from 'node:path';
import type { Duel, TurnRecord } from '../../game/duel.js';
import type { ReplayHeader } from '../../replay/format.js';
import { makeHeader, ReplayRecorder, ReplayWriteError, stoppedText } from '../../replay/recorder.js';
import type { Session } from '../session.js';

/** The replay recorder's plumbing: when a duel's replay is made, written, and what became of it. */

/** The header of a replay of `duel` (with where it branched from, for a take-over). */
export function replayHeader(s: Session, duel: Duel, branch?: { from: string; turn: number; hash: string }): ReplayHeader {
  return makeHeader(
    duel.setup,
    s.env.program,
    s.env.content.dataFingerprint(duel.setup.ruleset),
    [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''],
    s.env.now().toISOString(),
    branch,
  );
}

/** What became of this duel's replay, in a few words: its file, why it stopped, or not recorded. */
export function replayNote(s: Session): string {
  const r = s.recorder;
  if (s.recordingPending) return 'replay: starts with the first turn';
  if (r?.stopped) return stoppedText(r.stopped);
  if (r) return `replay: ${basename(r.path)}`;
  return s.notRecording ? `not recorded: ${s.notRecording}` : 'not recorded';
}

/**
 * Starts recording a duel when replays are saved. When the saves folder refuses (full, not
 * writable), the duel is played unrecorded and the player told why.
 */
export function createRecorder(s: Session, header: () => ReplayHeader, prefix: readonly TurnRecord[] = []): ReplayRecorder | null {
  s.notRecording = '';
  if (!s.env.savesDir) return null;
  try {
    const r = ReplayRecorder.create(s.env.savesDir, header(), prefix);
    s.recorders.push(r);
    return r;
  } catch (e) {
    if (!(e instanceof ReplayWriteError)) throw e;
    s.notRecording = e.message;
    s.duel.message(`This duel is not recorded: ${e.message}`, 'warn');
    s.status = `Not recorded: ${e.message}`;
    return null;
  }
}

/** Makes the pending replay, if any; true when it did (or found it could not). */
export function startRecording(s: Session): boolean {
  if (!s.recordingPending) return false;
  s.recordingPending = false;
  const duel = s.duel;
  s.recorder = createRecorder(s, () => replayHeader(s, duel));
  return true;
}

/**
 * Writes to the replay; when that is what stopped the recording (a full disk), tells the player
 * that the file keeps every turn before.
 */
export function writeReplay(s: Session, w: (r: ReplayRecorder) => unknown): void {
  const r = s.recorder;
  if (!r) return;
  const before = r.stopped;
  w(r);
  const stop = r.stopped;
  if (before || !stop) return;
  s.duel.message(`${stoppedText(stop)}. The replay keeps turns 1 to ${stop.turn}; the duel goes on unrecorded.`, 'warn');
  s.status = `${stoppedText(stop)}.`;
}
