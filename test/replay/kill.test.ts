import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pty from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupFromOptions } from '../../src/cli/setup-options.js';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup, type TurnRecord } from '../../src/game/duel.js';
import { readReplayFile, type Replay } from '../../src/replay/format.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { lockState } from '../../src/replay/lock.js';
import { CLI } from '../cli/run.js';

/**
 * The issue's durability requirement, proved on the built program: "a process killed at any
 * moment (SIGKILL included) leaves a replay that loads and plays up to its last whole turn".
 * Real `arena duel` and `arena play` processes are killed with SIGKILL at pseudo-random moments
 * (seeded, so every run tries the same moments), and whatever they leave behind is read and
 * re-simulated.
 */

const content = loadContent();
let root = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'arena-kill-'));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

let dirs = 0;
function freshDir(): string {
  const d = join(root, `run-${++dirs}`);
  mkdirSync(d);
  return d;
}

/** A new replay's hidden scratch file (the header is written there, then linked into place). */
const SCRATCH = /^\..+\.partial$/;
/** A replay's lock, named by the file's device and inode (and the scratch file it is written to first). */
const LOCK = /^\.arena-\d+-\d+\.lock(\.\d+\.tmp)?$/;

interface Left {
  readonly replay: Replay;
  readonly path: string;
}

/**
 * What a killed process left in its saves folder: every `.jsonl` must read and verify up to its
 * last whole turn (a warning exactly when its last line was cut short); anything else may only
 * be a hidden scratch file, so no half-written replay is ever visible.
 */
function inspect(dir: string): Left[] {
  const out: Left[] = [];
  for (const name of readdirSync(dir)) {
    if (LOCK.test(name)) {
      // A killed recorder leaves its lock: the next resume sees that its process is gone.
      if (!name.endsWith('.tmp')) expect(lockState(join(dir, name)).kind, `${dir}/${name} is not seen as left by a process that is gone`).toBe('gone');
      continue;
    }
    if (!name.endsWith('.jsonl')) {
      expect(name, `${dir}: only hidden .partial scratch files and locks may sit beside the replays`).toMatch(SCRATCH);
      continue;
    }
    const path = join(dir, name);
    const replay = readReplayFile(path); // throws a ReplayError naming the file and line if not
    const v = verifyReplay(replay, content);
    expect(v.divergence, `${path} does not play back as recorded`).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(replay.turns.length);
    if (replay.truncated) {
      expect(v.warnings).toHaveLength(1);
      expect(v.warnings[0]).toMatch(/cut short/);
    } else {
      expect(v.warnings).toEqual([]);
    }
    out.push({ replay, path });
  }
  return out;
}

/** The recorded turns are exactly the first turns of the uninterrupted duel. */
function expectPrefixOf(replay: Replay, full: readonly TurnRecord[]): void {
  expect(replay.turns.length).toBeLessThanOrEqual(full.length);
  const strip = (r: TurnRecord) => ({ turn: r.turn, actor: r.actor, command: r.command, time: r.time, hash: r.hash, draws: r.draws });
  expect(replay.turns.map(strip)).toEqual(full.slice(0, replay.turns.length).map(strip));
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('arena duel killed with SIGKILL at random moments', () => {
  const FOES = ['rat', 'sewer-crab', 'gnoll-scout'] as const;
  const ARENA = 'random-rooms';
  const MAX_TURNS = '2000';

  interface Long {
    readonly args: string[];
    readonly setup: DuelSetup;
    readonly full: TurnRecord[];
  }
  const longs: Long[] = [];
  /** How long an uninterrupted run takes here: to its replay's appearance, and to its exit. */
  let appearsAfter = 0;
  let exitsAfter = 0;

  beforeAll(async () => {
    // Most duels meet and end within a few hundred turns; the kills need duels that last. How
    // long a duel runs depends mostly on the seed's map, so seeds known to run long are tried
    // first, and others searched only if the rules have changed since.
    const known: [string, string, string][] = [
      ['kill-18', 'warrior', 'dwarf-monk'],
      ['kill-55', 'mage', 'golem'],
      ['kill-63', 'rogue', 'sewer-crab'],
    ];
    const more = Array.from({ length: 80 }, (_, i): [string, string, string] => [`kill-${i}`, 'warrior', FOES[i % FOES.length] as string]);
    for (const [seed, hero, foe] of [...known, ...more]) {
      if (longs.length === 3) break;
      if (longs.some((l) => l.setup.seed === seed)) continue;
      const args = ['--seed', seed, '--hero', hero, '--foe', foe, '--arena', ARENA, '--max-turns', MAX_TURNS];
      const setup = setupFromOptions({ seed, ruleset: 'pixel-dungeon', edition: 'spoiler', hero, foe, arena: ARENA, maxTurns: MAX_TURNS }, content, 'ai');
      const duel = new Duel(setup, content, { tracing: false });
      const full: TurnRecord[] = [];
      for (;;) {
        const r = duel.step();
        if (r.kind !== 'turn') break;
        full.push(r.record);
      }
      if (full.length >= 2500) longs.push({ args, setup, full });
    }
    if (longs.length < 3) throw new Error(`only ${longs.length} duels of 2500 turns or more among the seeds tried; the kill test needs 3`);

    // One uninterrupted run: its replay is whole, and its timing sets the window the kills span.
    const dir = freshDir();
    const first = longs[0] as Long;
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, 'duel', ...first.args, '--saves', dir], { stdio: 'ignore', cwd: root });
    const poll = setInterval(() => {
      if (appearsAfter === 0 && readdirSync(dir).some((f) => f.endsWith('.jsonl'))) appearsAfter = performance.now() - t0;
    }, 5);
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    clearInterval(poll);
    exitsAfter = performance.now() - t0;
    expect(code).toBe(0);
    const left = inspect(dir);
    expect(left).toHaveLength(1);
    const whole = (left[0] as Left).replay;
    expect(whole.end).not.toBeNull();
    expect(whole.truncated).toBe(false);
    expect(whole.turns).toHaveLength(first.full.length);
    expectPrefixOf(whole, first.full);
  }, 60_000);

  it('every kill leaves no replay or one that reads and verifies to its last whole turn; never a partial header', async () => {
    const N = 20;
    // Stratified pseudo-random moments from 20 ms to past the end of an uninterrupted duel
    // (at least 600 ms), so kills land before the file exists, all through the duel, and after.
    const span = Math.max(600, exitsAfter);
    const jitter = fc.sample(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { numRuns: N, seed: 20260117 });
    const delays = jitter.map((u, k) => Math.round(20 + ((k + u) / N) * (span - 20)));

    interface Kill {
      readonly delay: number;
      readonly killed: boolean;
      readonly turns: number;
      readonly file: boolean;
      readonly ended: boolean;
    }
    const kills: Kill[] = [];
    for (const [k, delay] of delays.entries()) {
      const long = longs[k % longs.length] as Long;
      const dir = freshDir();
      const child = spawn(process.execPath, [CLI, 'duel', ...long.args, '--saves', dir], { stdio: 'ignore', cwd: root });
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (c, s) => r([c, s])));
      clearTimeout(timer);
      const killed = signal === 'SIGKILL';
      if (!killed) expect(code, `the duel for kill ${k} (${delay} ms) exited on its own`).toBe(0);

      const left = inspect(dir);
      expect(left.length).toBeLessThanOrEqual(1);
      const replay = left[0]?.replay;
      if (!killed) {
        // It finished before the kill: the replay is whole.
        expect(replay?.end).not.toBeNull();
        expect(replay?.turns).toHaveLength(long.full.length);
      }
      if (replay) {
        expect(replay.header.setup).toEqual(long.setup);
        expectPrefixOf(replay, long.full);
        if (replay.end) expect(replay.turns).toHaveLength(long.full.length);
      }
      kills.push({ delay, killed, turns: replay?.turns.length ?? 0, file: replay !== undefined, ended: replay?.end != null });
    }

    const summary = kills.map((k) => `${k.delay}ms:${k.file ? `${k.turns}${k.ended ? 'end' : ''}` : '-'}`).join(' ');
    // The kills must have tested something: some before the replay existed, many mid-duel.
    const beforeFile = kills.filter((k) => k.killed && !k.file).length;
    const midDuel = kills.filter((k) => k.killed && k.file && !k.ended && k.turns > 0).length;
    expect(beforeFile, `kills before the replay appeared (${summary}); appears after ~${Math.round(appearsAfter)} ms`).toBeGreaterThanOrEqual(1);
    expect(midDuel, `kills that landed mid-duel (${summary})`).toBeGreaterThanOrEqual(N / 4);
    // Later kills leave more turns on average (not turn by turn: timing varies).
    const mean = (ks: readonly Kill[]) => ks.reduce((s, k) => s + k.turns, 0) / ks.length;
    const byDelay = [...kills].sort((a, b) => a.delay - b.delay);
    expect(mean(byDelay.slice(N / 2)), summary).toBeGreaterThan(mean(byDelay.slice(0, N / 2)));
  }, 60_000);
});

describe('arena play in a terminal, killed with SIGKILL while keys are pressed', () => {
  it('the replay reads and verifies up to its last whole turn', async () => {
    const RUNS = 5;
    const killAfter = fc.sample(fc.integer({ min: 100, max: 800 }), { numRuns: RUNS, seed: 4242 });
    const keys = fc.sample(fc.constantFrom('l', 'j', 'h', 'k', 'y', 'u', 'b', 'n', '.'), { numRuns: 400, seed: 77 });
    const gaps = fc.sample(fc.integer({ min: 5, max: 15 }), { numRuns: 400, seed: 78 });
    const env = { ...process.env, TERM: 'xterm-256color' } as Record<string, string>;

    for (let run = 0; run < RUNS; run++) {
      const dir = freshDir();
      const seed = `kill-play-${run}`;
      const proc = pty.spawn(process.execPath, [CLI, 'play', '--seed', seed, '--saves', dir], { name: 'xterm-256color', cols: 80, rows: 24, cwd: root, env });
      let output = '';
      proc.onData((d) => (output += d));
      const exited = new Promise<{ exitCode: number; signal?: number }>((r) => proc.onExit((e) => r(e)));
      let gone = false;
      void exited.then(() => (gone = true));
      try {
        const until = Date.now() + 20_000;
        while (!output.includes('seed')) {
          if (gone || Date.now() > until) throw new Error(`run ${run}: no first frame; output so far: ${JSON.stringify(output.slice(-400))}`);
          await wait(10);
        }
        const deadline = performance.now() + (killAfter[run] as number);
        let i = run * 60;
        while (performance.now() < deadline && !gone) {
          proc.write(keys[i % keys.length] as string);
          await wait(Math.min(gaps[i % gaps.length] as number, Math.max(0, deadline - performance.now())));
          i++;
        }
      } finally {
        if (!gone) proc.kill('SIGKILL');
      }
      const exit = await exited;
      expect(exit.signal, `run ${run} was not killed by SIGKILL (exit ${JSON.stringify(exit)})`).toBe(9);

      const left = inspect(dir);
      expect(left, `run ${run}: the replay of the session`).toHaveLength(1);
      const replay = (left[0] as Left).replay;
      expect(replay.header.seed).toBe(seed);
      expect(replay.header.setup.heroControl).toBe('player');
      expect(replay.turns.length, `run ${run}: keys were pressed for ${killAfter[run]} ms`).toBeGreaterThan(0);
    }
  }, 60_000);
});
