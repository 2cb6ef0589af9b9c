import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Content } from '../content/index.js';
import { DEFAULT_MAX_TURNS, Duel, type DuelSetup, arenaIds } from '../game/duel.js';
import { readReplayFile } from '../replay/format.js';
import { ReplayRecorder, makeHeader, stoppedText } from '../replay/recorder.js';
import { verifyReplay } from '../replay/verify.js';
import { EDITIONS, type Edition } from '../rules/edition.js';
import { availableRulesets, getRuleset } from '../rules/registry.js';
import type { RulesetId } from '../rules/ruleset.js';
import type { AiMode } from '../world/components.js';
import { scriptedCommand } from './scripted-player.js';

/**
 * The round trip of recorded duels: each is played and recorded by the real recorder into a real
 * file, read back by the real reader and verified, turn by turn, with everything the file holds.
 * `npm run roundtrip` runs 1,000 seeds of every ruleset and edition on every core
 * (src/bench/roundtrip.ts); test/replay/roundtrip.test.ts runs a sample of each in `npm test`.
 * Any duel whose file does not read back and verify is a fault of the writer or the reader.
 */

const FOE_STATES: readonly (AiMode | undefined)[] = [undefined, 'sleeping', 'wandering', 'hunting'];

/** Every ruleset and edition pair. */
export function roundTripPairs(): { ruleset: RulesetId; edition: Edition }[] {
  return availableRulesets().flatMap((ruleset) => EDITIONS.map((edition) => ({ ruleset, edition })));
}

/**
 * The duel of seed `i`: the heroes, foes, arenas and starting states of the ruleset taken in
 * turn, a quarter of them steered by a scripted player (the rest by the AI).
 */
export function roundTripSetup(content: Content, ruleset: RulesetId, edition: Edition, i: number): DuelSetup {
  const catalog = getRuleset(ruleset, content, edition).catalog();
  const heroes = catalog.filter((c) => c.kind === 'hero').map((c) => c.id);
  const foes = catalog.filter((c) => c.kind === 'monster').map((c) => c.id);
  const arenas = arenaIds(content);
  const foeState = FOE_STATES[i % FOE_STATES.length];
  return {
    ruleset,
    edition,
    seed: `roundtrip-${i}`,
    hero: { template: heroes[i % heroes.length] as string, options: {} },
    // Each round of the heroes meets the next foes along, so that every pairing comes up in turn.
    foe: { template: foes[(i + Math.floor(i / heroes.length)) % foes.length] as string, options: {} },
    arena: arenas[(i * 3) % arenas.length] as string,
    heroControl: i % 4 === 1 ? 'player' : 'ai',
    maxTurns: DEFAULT_MAX_TURNS,
    ...(foeState ? { foeState } : {}),
  };
}

/**
 * Plays, records, reads back and verifies one duel in `dir`. Returns null when the file verifies
 * whole, or what went wrong. Every setup it is given must be one the ruleset can play.
 */
export function roundTripOne(content: Content, setup: DuelSetup, dir: string): string | null {
  let duel: Duel;
  try {
    duel = new Duel(setup, content, { tracing: true });
  } catch (e) {
    return `the duel cannot be set up: ${(e as Error).message}`;
  }
  const header = makeHeader(setup, 'roundtrip', content.dataFingerprint(setup.ruleset), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], '2026-01-01T00:00:00.000Z');
  const recorder = ReplayRecorder.create(dir, header);
  try {
    for (let guard = 0; guard < 1_000_000; guard++) {
      let r = duel.step();
      if (r.kind === 'input') {
        r = duel.step(scriptedCommand(duel));
        if (r.kind === 'rejected') r = duel.step({ type: 'wait' });
      }
      if (r.kind === 'turn') {
        recorder.turn(r.record);
        continue;
      }
      if (r.kind === 'rejected') return `turn ${duel.turn + 1}: the scripted player is stuck (${r.reason})`;
      break;
    }
    if (duel.outcome) recorder.end(duel.outcome, duel.stateHash());
  } finally {
    recorder.close();
  }
  if (recorder.stopped) return `${recorder.path}: ${stoppedText(recorder.stopped)}`;
  try {
    const replay = readReplayFile(recorder.path);
    if (replay.turns.length !== duel.turn) return `${recorder.path}: ${replay.turns.length} turns read back of ${duel.turn} played`;
    const v = verifyReplay(replay, content);
    if (!v.ok) {
      const d = v.divergence;
      return `${recorder.path}: turn ${d?.turn}: ${d?.detail} (expected ${d?.expected}, got ${d?.actual})`;
    }
    if (v.warnings.length > 0) return `${recorder.path}: ${v.warnings.join('; ')}`;
  } catch (e) {
    return (e as Error).message;
  }
  return null;
}

export interface RoundTripTally {
  readonly ruleset: RulesetId;
  readonly edition: Edition;
  duels: number;
  failures: string[];
}

/** Runs seeds `from` to `to` - 1 of every pair (each in a fresh folder, removed after). */
export function roundTripRange(content: Content, from: number, to: number): RoundTripTally[] {
  const out: RoundTripTally[] = [];
  for (const { ruleset, edition } of roundTripPairs()) {
    const dir = mkdtempSync(join(tmpdir(), 'arena-roundtrip-'));
    const tally: RoundTripTally = { ruleset, edition, duels: 0, failures: [] };
    try {
      for (let i = from; i < to; i++) {
        const problem = roundTripOne(content, roundTripSetup(content, ruleset, edition, i), dir);
        tally.duels++;
        if (problem) tally.failures.push(`seed roundtrip-${i}: ${problem}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    out.push(tally);
  }
  return out;
}
