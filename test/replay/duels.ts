import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Content } from '../../src/content/index.js';
import { Duel, type DuelSetup, type Outcome, type TurnRecord } from '../../src/game/duel.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import type { ReplayHeader } from '../../src/replay/format.js';
import { lockPathFor, processStart } from '../../src/replay/lock.js';
import { stepToward } from '../../src/systems/ai.js';
import type { Command } from '../../src/systems/commands.js';
import type { ArenaEntity } from '../../src/world/components.js';

export const CREATED = '2024-01-02T03:04:05.678Z';
export const PROGRAM = 'test';

const made: string[] = [];

/** A fresh temp folder (never the repository's saves/). */
export function tempDir(prefix = 'arena-replay-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export function duelSetup(over: Partial<DuelSetup> = {}): DuelSetup {
  return {
    ruleset: 'pixel-dungeon',
    edition: 'spoiler',
    seed: '42',
    hero: { template: 'warrior', options: {} },
    foe: { template: 'gnoll-scout', options: {} },
    arena: 'pit',
    heroControl: 'ai',
    maxTurns: 100,
    ...over,
  };
}

/**
 * The commands a scripted player tries this turn, best first; the driver falls back to the next
 * when one is rejected. Reads the duel only (no draws, no AI state), so the recorded commands
 * alone determine the duel. Some tries are deliberately impossible, to check that a rejected
 * command costs nothing and leaves no trace in the replay.
 */
export function scriptedPlayer(duel: Duel, hero: ArenaEntity): Command[] {
  const tries: Command[] = [];
  const foe = duel.enemyOf(hero);
  if (duel.turn % 5 === 2) tries.push({ type: 'skip' });
  if (duel.turn % 11 === 4) tries.push({ type: 'use', item: 'no-such-item' });
  if (hero.body && hero.body.hp * 2 < hero.body.maxHp) {
    const potion = duel.ruleset.usableItems(duel.view(hero))[0];
    if (potion) tries.push({ type: 'use', item: potion.item });
  }
  if (foe?.pos && hero.pos) {
    const dist = duel.distanceBetween(hero, foe);
    const ranged = duel.ruleset.attackOptions(duel.view(hero)).find((o) => o.kind === 'projectile' && duel.ruleset.canUse(o, dist));
    if (ranged && dist > 1 && duel.turn % 3 === 0) tries.push({ type: 'fire', option: ranged.id, target: { x: foe.pos.x, y: foe.pos.y } });
    const dir = stepToward(duel, hero, foe.pos);
    if (dir && duel.turn % 4 !== 1) tries.push({ type: 'move', dir });
  }
  tries.push({ type: 'wait' });
  return tries;
}

/**
 * Plays one turn as the recorder does: the AI's own, or the player's by `scriptedPlayer` (trying
 * its commands in order until one is accepted). Returns the turn's record, or null when the duel
 * is over, with how many commands were refused.
 */
export function playScriptedTurn(duel: Duel): { record: TurnRecord | null; rejected: number } {
  let rejected = 0;
  let r = duel.step();
  if (r.kind === 'input') {
    const actor = r.actor;
    for (const c of scriptedPlayer(duel, actor)) {
      r = duel.step(c);
      if (r.kind !== 'rejected') break;
      rejected++;
    }
  }
  if (r.kind === 'turn') return { record: r.record, rejected };
  if (r.kind === 'over') return { record: null, rejected };
  throw new Error(`unexpected ${r.kind} while recording`);
}

export interface Recorded {
  readonly path: string;
  readonly header: ReplayHeader;
  readonly records: TurnRecord[];
  readonly outcome: Outcome | null;
  /** The end line as written: the outcome and the final checkpoint. */
  readonly end: (Outcome & { readonly h: string }) | null;
  readonly duel: Duel;
  /** Commands the duel refused during recording (they must not show in the replay). */
  readonly rejected: number;
  readonly text: () => string;
}

/**
 * Plays a duel to its end, recording it with ReplayRecorder into `dir`; the player (when the
 * setup says so) follows `scriptedPlayer`.
 */
export function recordDuel(setup: DuelSetup, content: Content, dir: string, options: { tracing?: boolean } = {}): Recorded {
  const duel = new Duel(setup, content, { tracing: options.tracing ?? false });
  const header = makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], CREATED);
  const recorder = ReplayRecorder.create(dir, header);
  const records: TurnRecord[] = [];
  let rejected = 0;
  try {
    for (let guard = 0; guard < 100_000; guard++) {
      const t = playScriptedTurn(duel);
      rejected += t.rejected;
      if (!t.record) break;
      records.push(t.record);
      recorder.turn(t.record);
    }
    if (duel.outcome) recorder.end(duel.outcome, duel.stateHash());
  } finally {
    recorder.close();
  }
  const path = recorder.path;
  const end = duel.outcome ? { ...duel.outcome, h: duel.stateHash() } : null;
  return { path, header, records, outcome: duel.outcome, end, duel, rejected, text: () => readFileSync(path, 'utf8') };
}

/** The replay's lines (without the final newline). */
export function lines(text: string): string[] {
  const out = text.split('\n');
  if (out[out.length - 1] === '') out.pop();
  return out;
}

export function join_(ls: readonly string[]): string {
  return `${ls.join('\n')}\n`;
}

/** Rewrites the JSON of line `i` (0 is the header; turn k is line k). */
export function editLine(text: string, i: number, fn: (v: Record<string, unknown>) => void): string {
  const ls = lines(text);
  const v = JSON.parse(ls[i] as string) as Record<string, unknown>;
  fn(v);
  ls[i] = JSON.stringify(v);
  return join_(ls);
}

/**
 * The first of a few seeds whose duel satisfies `want` (the rules are still being tuned, so tests
 * search for a duel of the kind they need rather than trusting one seed's outcome).
 */
export function findDuel(content: Content, base: Partial<DuelSetup>, want: (r: Recorded) => boolean, what: string, tries = 40): Recorded {
  const dir = tempDir('arena-find-');
  for (let i = 0; i < tries; i++) {
    const r = recordDuel(duelSetup({ ...base, seed: `${base.seed ?? 'find'}-${i}` }), content, dir);
    if (want(r)) return r;
  }
  throw new Error(`no duel ${what} among ${tries} seeds for ${JSON.stringify(base)}`);
}

/**
 * Won by a blow struck in a recorded turn: the duel's final state is its last checkpoint. (A
 * duel that ends while time passes, by the turn limit or a status, is covered by its own tests.)
 */
export function wonInATurn(r: Recorded): boolean {
  return r.outcome !== null && r.outcome.winner !== null && r.duel.stateHash() === r.records[r.records.length - 1]?.hash;
}

/** The lock file of a replay: named by the file's device and inode, in its real folder. */
export function lockOf(path: string): string {
  return lockPathFor(realpathSync(path), statSync(path));
}

/** The process id a replay's lock names, or null when it has no lock. */
export function lockPid(path: string): number | null {
  const lock = lockOf(path);
  if (!existsSync(lock)) return null;
  return (JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid;
}

/** Writes a lock on a replay as an arena process `pid` would have (its start time as given). */
export function writeLock(path: string, pid: number, start: string | null = processStart(pid)): void {
  const st = statSync(path);
  const info = { program: 'spoiler-arena', pid, start, boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), file: realpathSync(path), dev: st.dev, ino: st.ino };
  writeFileSync(lockOf(path), `${JSON.stringify(info)}\n`);
}
