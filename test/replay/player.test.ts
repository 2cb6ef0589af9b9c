import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup, type TraceRecord, type TurnRecord } from '../../src/game/duel.js';
import { parseReplay, readReplayFile, type Replay, type ReplayEnd, type ReplayHeader } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { CREATED, duelSetup, editLine, findDuel, lines, PROGRAM, recordDuel, removeTempDirs, tempDir, playScriptedTurn } from './duels.js';

/**
 * Playback with random access: every turn of a recorded duel, reached by seeking in any order or
 * by stepping, is the recorded checkpoint; seeks cost a bounded number of turns; the rules pane's
 * traces after a seek are those of live play. Then taking over a replay (a branch) as the TUI does.
 */

afterAll(removeTempDirs);

const content = loadContent();

/** Plays one turn as the recorder does; the player (if any) follows `scriptedPlayer`. */
const playTurn = (duel: Duel): TurnRecord | null => playScriptedTurn(duel).record;

interface Source {
  readonly setup: DuelSetup;
  readonly path: string;
  readonly records: readonly TurnRecord[];
  readonly end: ReplayEnd | null;
  readonly duel: Duel;
}

/** Records `turns` turns of a duel and stops without an end line (an abandoned duel). */
function recordUnfinished(setup: DuelSetup, dir: string, turns: number, tracing: boolean): Source {
  const duel = new Duel(setup, content, { tracing });
  const header = makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], CREATED);
  const recorder = ReplayRecorder.create(dir, header);
  const records: TurnRecord[] = [];
  try {
    while (records.length < turns) {
      const rec = playTurn(duel);
      if (!rec) throw new Error(`the duel ended after ${records.length} turns, before ${turns}`);
      records.push(rec);
      recorder.turn(rec);
    }
  } finally {
    recorder.close();
  }
  return { setup, path: recorder.path, records, end: null, duel };
}

function recordFinished(setup: DuelSetup, dir: string, tracing: boolean): Source {
  const r = recordDuel(setup, content, dir, { tracing });
  return { setup, path: r.path, records: r.records, end: r.end, duel: r.duel };
}

const withoutRules = (rs: readonly TurnRecord[]) => rs.map(({ rules: _rules, ...r }) => r);

interface Case {
  readonly name: string;
  readonly tracing: boolean;
  readonly make: (dir: string, tracing: boolean) => Source;
}

const CASES: readonly Case[] = [
  {
    name: 'warrior vs gnoll scout in the pit, spoiler edition, untraced',
    tracing: false,
    make: (dir, tracing) => recordFinished(duelSetup({ seed: 'player-a' }), dir, tracing),
  },
  {
    name: 'rogue vs crazy thief in the hall, source edition, traced, ended by the turn limit',
    tracing: true,
    make: (dir, tracing) =>
      recordFinished(
        duelSetup({ seed: 'player-b', hero: { template: 'rogue', options: {} }, foe: { template: 'crazy-thief', options: {} }, arena: 'hall', edition: 'source' }),
        dir,
        tracing,
      ),
  },
  {
    name: 'a scripted player as the huntress vs a skeleton in random rooms, traced',
    tracing: true,
    make: (dir, tracing) =>
      recordFinished(
        duelSetup({ seed: 'player-c', heroControl: 'player', hero: { template: 'huntress', options: {} }, foe: { template: 'skeleton', options: {} }, arena: 'random-rooms', maxTurns: 300 }),
        dir,
        tracing,
      ),
  },
  {
    name: 'mage vs a hunting gnoll shaman in a random cave, source edition, untraced, ended by the turn limit',
    tracing: false,
    make: (dir, tracing) =>
      recordFinished(
        duelSetup({
          seed: 'player-d2',
          hero: { template: 'mage', options: {} },
          foe: { template: 'gnoll-shaman', options: {} },
          arena: 'random-cave',
          edition: 'source',
          foeState: 'hunting',
          maxTurns: 40,
        }),
        dir,
        tracing,
      ),
  },
  {
    name: 'rogue vs cave spinner, ended between turns (poison), untraced',
    tracing: false,
    make: (dir, tracing) => {
      const found = findDuel(
        content,
        { seed: 'player-poison', hero: { template: 'rogue', options: {} }, foe: { template: 'cave-spinner', options: {} }, arena: 'hall', maxTurns: 300 },
        (r) => r.end !== null && r.records.length >= 30 && r.end.h !== r.records[r.records.length - 1]?.hash,
        'that ends between turns',
      );
      return recordFinished(found.header.setup, dir, tracing);
    },
  },
  {
    name: 'an unfinished duel (berserker vs golem in the cave, abandoned after 58 turns), traced',
    tracing: true,
    make: (dir, tracing) =>
      recordUnfinished(duelSetup({ seed: 'player-e', hero: { template: 'berserker', options: {} }, foe: { template: 'golem', options: {} }, arena: 'cave', maxTurns: 300 }), dir, 58, tracing),
  },
  {
    name: 'an unfinished duel with a scripted player (assassin vs gnoll brute in the hall, 60 turns), untraced',
    tracing: false,
    make: (dir, tracing) =>
      recordUnfinished(
        duelSetup({ seed: 'player-f', heroControl: 'player', hero: { template: 'assassin', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'hall', maxTurns: 300 }),
        dir,
        60,
        tracing,
      ),
  },
];

/** The checkpoint after turn t: a fresh duel's at 0, the end line's at the very end of a finished duel. */
function expectedHash(src: Source, t: number): string {
  if (t === 0) return new Duel(src.setup, content, { tracing: false }).stateHash();
  if (t === src.records.length && src.end) return src.end.h;
  return (src.records[t - 1] as TurnRecord).hash;
}

describe.each(CASES)('playing back $name', (c) => {
  let src: Source;
  let replay: Replay;
  /** The same duel played live with tracing, for the rules pane's traces. */
  let live: Source;

  beforeAll(() => {
    const dir = tempDir('arena-player-');
    src = c.make(dir, c.tracing);
    replay = readReplayFile(src.path);
    live = src.end ? recordFinished(src.setup, tempDir('arena-live-'), true) : recordUnfinished(src.setup, tempDir('arena-live-'), src.records.length, true);
    // The traced live run is the same duel (tracing changes no draw).
    expect(withoutRules(live.records)).toEqual(withoutRules(src.records));
    expect(live.duel.traces.length).toBeGreaterThan(0);
    expect(src.records.length).toBeGreaterThanOrEqual(30);
  });

  /** Live play's traces of turns lo+1..hi (and the conditions after the last turn of a finished duel). */
  function liveTraces(lo: number, hi: number): TraceRecord[] {
    const n = src.records.length;
    return live.duel.traces.filter((tr) => tr.turn > lo && (tr.turn <= hi || (hi === n && src.end !== null)));
  }

  it('loads, re-simulating and checking the whole replay, positioned at its last turn', () => {
    const p = ReplayPlayer.load(replay, content);
    expect(p.divergence).toBeUndefined();
    expect(p.ok).toBe(true);
    expect(p.warnings).toEqual([]);
    expect(p.length).toBe(src.records.length);
    expect(p.position).toBe(src.records.length);
    expect(p.duel.turn).toBe(src.records.length);
    expect(p.duel.stateHash()).toBe(expectedHash(src, src.records.length));
    if (src.end) {
      const { h: _h, ...outcome } = src.end;
      expect(p.duel.outcome).toEqual(outcome);
    } else expect(p.duel.outcome).toBeNull();
  });

  it.each([
    { every: 5, window: 3 },
    { every: 17, window: 8 },
    { every: 1, window: 0 },
  ])('seeks to every turn in random order (snapshot every $every turns, window $window)', ({ every, window }) => {
    const p = ReplayPlayer.load(replay, content, { snapshotEvery: every, window });
    expect(p.ok).toBe(true);
    const n = p.length;
    const steps = vi.spyOn(p.duel, 'step');
    const all = Array.from({ length: n + 1 }, (_, t) => t);
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length }), (order) => {
        for (const t of order) {
          const cost = p.costOfSeek(t);
          expect(cost).toBeLessThanOrEqual(every + window);
          expect(cost).toBeGreaterThanOrEqual(0);
          steps.mockClear();
          const d = p.seek(t);
          // The cost it announces is the number of turns it re-simulated.
          expect(steps.mock.calls.length).toBe(cost);
          expect(d).toBe(p.duel);
          expect(p.position).toBe(t);
          expect(d.turn).toBe(t);
          expect(d.stateHash()).toBe(expectedHash(src, t));
          // The rules pane: traces of the last `window` turns only, the same as live play's.
          expect(d.traces.every((tr) => tr.turn > t - window)).toBe(true);
          expect(d.traces).toEqual(liveTraces(Math.max(0, t - window), t));
        }
      }),
      { numRuns: 1 },
    );
    steps.mockRestore();
  });

  it('costs at most snapshotEvery + window turns for a seek with the default options too', () => {
    const p = ReplayPlayer.load(replay, content);
    for (let t = 0; t <= p.length; t++) expect(p.costOfSeek(t)).toBeLessThanOrEqual(100 + 8);
  });

  it('steps forward and backward through every turn, agreeing with seek', () => {
    const p = ReplayPlayer.load(replay, content, { snapshotEvery: 7, window: 4 });
    const n = p.length;
    expect(p.seek(0).turn).toBe(0);
    expect(p.duel.traces).toEqual([]);
    for (let t = 1; t <= n; t++) {
      const d = p.stepForward();
      expect(p.position).toBe(t);
      expect(d.turn).toBe(t);
      expect(d.stateHash()).toBe(expectedHash(src, t));
      if (t % 10 === 0) expect(d.traces).toEqual(liveTraces(0, t));
    }
    // Stepping forward from 0 traces every turn: the whole of live play's traces.
    expect(p.duel.traces).toEqual(live.duel.traces);
    // At the end, a step forward stays put.
    p.stepForward();
    expect(p.position).toBe(n);
    expect(p.duel.stateHash()).toBe(expectedHash(src, n));
    for (let t = n - 1; t >= 0; t--) {
      const d = p.stepBackward();
      expect(p.position).toBe(t);
      expect(d.turn).toBe(t);
      expect(d.stateHash()).toBe(expectedHash(src, t));
    }
    p.stepBackward();
    expect(p.position).toBe(0);
    expect(p.duel.stateHash()).toBe(expectedHash(src, 0));
    // A seek then a step forward: the window's traces plus the new turn's.
    p.seek(20);
    p.stepForward();
    expect(p.duel.stateHash()).toBe(expectedHash(src, 21));
    expect(p.duel.traces).toEqual(liveTraces(20 - 4, 21));
  });

  it('clamps seeks outside the replay', () => {
    const p = ReplayPlayer.load(replay, content, { snapshotEvery: 5 });
    expect(p.seek(p.length + 10).turn).toBe(p.length);
    expect(p.position).toBe(p.length);
    expect(p.duel.stateHash()).toBe(expectedHash(src, p.length));
    expect(p.seek(-3).turn).toBe(0);
    expect(p.position).toBe(0);
    expect(p.duel.stateHash()).toBe(expectedHash(src, 0));
  });
});

describe('costOfSeek beyond the ends of the replay', () => {
  it('is what a seek there (clamped to the replay) re-simulates', () => {
    const src = recordFinished(duelSetup({ seed: 'player-cost', hero: { template: 'rogue', options: {} }, arena: 'hall', maxTurns: 300 }), tempDir('arena-cost-'), false);
    const n = src.records.length;
    expect(n).toBeGreaterThan(20);
    const replay = readReplayFile(src.path);
    for (const options of [
      { snapshotEvery: 5, window: 4 },
      { snapshotEvery: n, window: 1 },
    ]) {
      const p = ReplayPlayer.load(replay, content, options);
      const steps = vi.spyOn(p.duel, 'step');
      for (const t of [-7, -1, n + 1, n + 9, n + 1000]) {
        p.seek(Math.floor(n / 2));
        steps.mockClear();
        p.seek(t);
        expect(p.position).toBe(t < 0 ? 0 : n);
        expect({ options, t, cost: p.costOfSeek(t) }).toEqual({ options, t, cost: steps.mock.calls.length });
      }
      steps.mockRestore();
    }
  });
});

describe('replays that do not play back', () => {
  let ai: Source;
  let scripted: Source;

  beforeAll(() => {
    const dir = tempDir('arena-diverge-');
    ai = recordFinished(duelSetup({ seed: 'diverge-ai', hero: { template: 'rogue', options: {} }, arena: 'hall', maxTurns: 300 }), dir, false);
    scripted = recordFinished(
      duelSetup({ seed: 'diverge-player', heroControl: 'player', hero: { template: 'warrior', options: {} }, foe: { template: 'skeleton', options: {} }, arena: 'rooms', maxTurns: 300 }),
      dir,
      false,
    );
    expect(ai.records.length).toBeGreaterThanOrEqual(30);
    expect(scripted.records.length).toBeGreaterThanOrEqual(30);
  });

  function expectStopsAt(src: Source, text: string, k: number): ReplayPlayer {
    const p = ReplayPlayer.load(parseReplay(src.path, text), content, { snapshotEvery: 5, window: 3 });
    expect(p.ok).toBe(false);
    expect(p.divergence?.turn).toBe(k);
    expect(p.length).toBe(k - 1);
    expect(p.position).toBe(k - 1);
    expect(p.duel.turn).toBe(k - 1);
    expect(p.duel.stateHash()).toBe(expectedHash(src, k - 1));
    // Every good turn can still be visited, and nothing beyond.
    for (const t of [0, 1, k - 2, k - 1, 3]) {
      expect(p.seek(t).stateHash()).toBe(expectedHash(src, t));
    }
    expect(p.seek(k + 5).turn).toBe(k - 1);
    expect(p.stepForward().turn).toBe(k - 1);
    return p;
  }

  it('a changed checkpoint: plays back up to the turn before and names the turn', () => {
    const k = 23;
    const rec = ai.records[k - 1] as TurnRecord;
    const wrong = rec.hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const p = expectStopsAt(ai, editLine(readFileSync(ai.path, 'utf8'), k, (v) => (v['h'] = wrong)), k);
    expect(p.divergence?.expected).toBe(wrong);
    expect(p.divergence?.actual).toBe(rec.hash);
    expect(p.divergence?.detail).toMatch(/checkpoint differs/);
  });

  it("a changed AI command: the AI's own choice is reported", () => {
    const k = ai.records.findIndex((r, i) => i >= 10 && r.command.type === 'move') + 1;
    expect(k).toBeGreaterThan(10);
    const rec = ai.records[k - 1] as TurnRecord;
    const other = rec.command.type === 'move' && rec.command.dir === 'n' ? 's' : 'n';
    const p = expectStopsAt(ai, editLine(readFileSync(ai.path, 'utf8'), k, (v) => (v['c'] = { type: 'move', dir: other })), k);
    expect(p.divergence?.detail).toMatch(/the AI chose differently/);
  });

  it("a changed player command diverges at that turn", () => {
    const k = scripted.records.findIndex((r, i) => i >= 12 && r.actor === scripted.duel.heroId && r.command.type === 'move') + 1;
    expect(k).toBeGreaterThan(12);
    const p = expectStopsAt(scripted, editLine(readFileSync(scripted.path, 'utf8'), k, (v) => (v['c'] = { type: 'wait' })), k);
    expect(p.divergence?.expected).toBe((scripted.records[k - 1] as TurnRecord).hash);
  });

  it('a changed end line: every turn plays back, the ending is reported at the last turn', () => {
    const n = ai.records.length;
    const wrong = ai.end?.h === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const text = readFileSync(ai.path, 'utf8');
    const p = ReplayPlayer.load(parseReplay(ai.path, editLine(text, n + 1, (v) => ((v['end'] as { h: string }).h = wrong))), content, { snapshotEvery: 5 });
    expect(p.ok).toBe(false);
    expect(p.length).toBe(n);
    expect(p.divergence).toEqual({ turn: n, expected: wrong, actual: ai.end?.h, detail: 'the final checkpoint differs' });
    expect(p.seek(n - 1).stateHash()).toBe(expectedHash(ai, n - 1));
  });

  it('a replay recorded with other data files is refused unless forced', () => {
    const text = editLine(readFileSync(ai.path, 'utf8'), 0, (h) => (h['data'] = h['data'] === '0000000000000000' ? '1111111111111111' : '0000000000000000'));
    const replay = parseReplay(ai.path, text);
    expect(() => ReplayPlayer.load(replay, content)).toThrow(/different data files/);
    expect(() => ReplayPlayer.load(replay, content)).toThrow(/--force/);
    const forced = ReplayPlayer.load(replay, content, { force: true });
    expect(forced.ok).toBe(true);
    expect(forced.length).toBe(ai.records.length);
    expect(forced.warnings.some((w) => /^forced: .*different data files/.test(w))).toBe(true);
    expect(forced.duel.stateHash()).toBe(expectedHash(ai, ai.records.length));
  });
});

// --- Taking over ---------------------------------------------------------------------------

interface Branch {
  readonly path: string;
  readonly header: ReplayHeader;
  /** The turns played after taking over. */
  readonly played: readonly TurnRecord[];
  readonly finished: boolean;
  /** The checkpoint right after the take-over (the hero now the player's). */
  readonly takeOverHash: string;
}

/**
 * What the TUI does on "take over": seek to `turn`, hand the hero to the player, start a new
 * replay with the branch point and the shared turns, then play on (scripted player).
 */
function takeOver(p: ReplayPlayer, turn: number, dir: string, playerTurns: number): Branch {
  const d = p.seek(turn);
  expect(d.outcome).toBeNull();
  const shared = p.replay.turns.slice(0, turn);
  const branch = { from: basename(p.replay.file), turn, hash: turn > 0 ? (shared[turn - 1] as TurnRecord).hash : d.stateHash() };
  d.setController(d.heroId, 'player');
  const takeOverHash = d.stateHash();
  const header = makeHeader(d.setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [d.hero.fighter?.name ?? '', d.foe.fighter?.name ?? ''], '2024-05-06T07:08:09.000Z', branch);
  const recorder = ReplayRecorder.create(dir, header, shared);
  const played: TurnRecord[] = [];
  let finished = false;
  try {
    let heroTurns = 0;
    while (heroTurns < playerTurns) {
      const rec = playTurn(d);
      if (!rec) {
        recorder.end(d.outcome!, d.stateHash());
        finished = true;
        break;
      }
      if (rec.actor === d.heroId) heroTurns++;
      played.push(rec);
      recorder.turn(rec);
    }
  } finally {
    recorder.close();
  }
  return { path: recorder.path, header, played, finished, takeOverHash };
}

describe('taking over a replay (a branch)', () => {
  let dir: string;
  let unfinished: Source;
  let finished: Source;
  let scripted: Source;

  beforeAll(() => {
    dir = tempDir('arena-branch-');
    unfinished = recordUnfinished(duelSetup({ seed: 'branch-u', hero: { template: 'huntress', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'hall', maxTurns: 300 }), dir, 40, false);
    finished = recordFinished(duelSetup({ seed: 'branch-f', hero: { template: 'warrior', options: {} }, arena: 'pit', maxTurns: 300 }), dir, false);
    scripted = recordUnfinished(
      duelSetup({ seed: 'branch-s', heroControl: 'player', hero: { template: 'mage', options: {} }, foe: { template: 'rat', options: {} }, arena: 'cave', maxTurns: 300 }),
      dir,
      30,
      true,
    );
    expect(finished.records.length).toBeGreaterThan(20);
  });

  const at = (name: 'unfinished' | 'finished' | 'scripted', turn: (s: Source) => number) => ({ name, turn });
  it.each([
    at('unfinished', () => 0),
    at('unfinished', () => 1),
    at('unfinished', () => 17),
    at('unfinished', (s) => s.records.length),
    at('finished', () => 0),
    at('finished', () => 12),
    at('finished', (s) => s.records.length - 1),
    at('scripted', () => 9),
    at('scripted', (s) => s.records.length),
  ])('a take-over of the $name replay verifies and plays back on its own (case %#)', ({ name, turn }) => {
    const src = name === 'unfinished' ? unfinished : name === 'finished' ? finished : scripted;
    const T = turn(src);
    const p = ReplayPlayer.load(readReplayFile(src.path), content, { snapshotEvery: 5, window: 2 });
    expect(p.ok).toBe(true);
    const b = takeOver(p, T, join(dir, `out-${name}-${T}`), 15);
    expect(b.played.length).toBeGreaterThan(0);
    expect(b.played.some((r) => r.actor === 1)).toBe(true);

    const text = readFileSync(b.path, 'utf8');
    const ls = lines(text);
    // The shared turns are copied as they were; the new turns follow.
    expect(ls.slice(1, T + 1)).toEqual(lines(readFileSync(src.path, 'utf8')).slice(1, T + 1));
    const replay = readReplayFile(b.path);
    expect(replay.header.branch).toEqual({ from: basename(src.path), turn: T, hash: expectedHash(src, T) });
    expect(replay.turns.length).toBe(T + b.played.length);
    expect(replay.turns.slice(T)).toEqual(b.played);
    expect(replay.end !== null).toBe(b.finished);

    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(T + b.played.length);

    const q = ReplayPlayer.load(replay, content, { snapshotEvery: 5, window: 2 });
    expect(q.ok).toBe(true);
    expect(q.length).toBe(replay.turns.length);
    for (let t = replay.turns.length; t >= 0; t--) {
      const d = q.seek(t);
      // The hero is the player's from the branch point on.
      expect(d.hero.fighter?.controller).toBe(t >= T || src.setup.heroControl === 'player' ? 'player' : 'ai');
      if (t === T) {
        // The take-over itself: the recorded checkpoint of turn T, but with the hero handed over.
        expect(d.stateHash()).toBe(b.takeOverHash);
        d.setController(d.heroId, src.setup.heroControl);
        expect(d.stateHash()).toBe(expectedHash(src, T));
        continue;
      }
      const want = t === 0 ? expectedHash(src, 0) : t === replay.turns.length && replay.end ? replay.end.h : (replay.turns[t - 1] as TurnRecord).hash;
      expect(d.stateHash()).toBe(want);
    }
  });

  let made = 0;
  function branchText(T: number): { text: string; path: string } {
    const p = ReplayPlayer.load(readReplayFile(unfinished.path), content);
    const b = takeOver(p, T, join(dir, `bad-${made++}`), 6);
    return { text: readFileSync(b.path, 'utf8'), path: b.path };
  }

  it('a branch whose checkpoint is wrong fails verification at the branch turn', () => {
    const T = 17;
    const { text, path } = branchText(T);
    const right = (unfinished.records[T - 1] as TurnRecord).hash;
    const wrong = right === 'aaaaaaaaaaaaaaaa' ? 'bbbbbbbbbbbbbbbb' : 'aaaaaaaaaaaaaaaa';
    const bad = editLine(text, 0, (h) => ((h['branch'] as { hash: string }).hash = wrong));
    writeFileSync(path, bad);
    const v = verifyReplay(readReplayFile(path), content);
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(T);
    expect(v.divergence?.expected).toBe(wrong);
    expect(v.divergence?.actual).toBe(right);
    expect(v.divergence?.detail).toMatch(/branch point does not match the checkpoint/);
  });

  it('a branch at turn 0 whose checkpoint is wrong fails verification too', () => {
    const { text } = branchText(0);
    const right = new Duel(unfinished.setup, content).stateHash();
    expect(JSON.parse(lines(text)[0] as string).branch.hash).toBe(right);
    expect(verifyReplay(parseReplay('b0.jsonl', text), content).ok).toBe(true);
    const wrong = right === 'aaaaaaaaaaaaaaaa' ? 'bbbbbbbbbbbbbbbb' : 'aaaaaaaaaaaaaaaa';
    const v = verifyReplay(parseReplay('b0.jsonl', editLine(text, 0, (h) => ((h['branch'] as { hash: string }).hash = wrong))), content);
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(0);
    expect(v.divergence?.detail).toMatch(/branch point/);
  });

  it('a branch point beyond the recorded turns fails verification', () => {
    const T = 5;
    const { text } = branchText(T);
    const n = lines(text).length - 1;
    const bad = editLine(text, 0, (h) => ((h['branch'] as { turn: number }).turn = n + 3));
    const v = verifyReplay(parseReplay('beyond.jsonl', bad), content);
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(n + 3);
    expect(v.divergence?.detail).toMatch(/branch point lies beyond the recorded turns/);
    expect(v.divergence?.actual).toBe(String(n));
  });
});
