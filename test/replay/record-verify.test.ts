import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { arenaIds, Duel, type DuelSetup } from '../../src/game/duel.js';
import { EDITIONS } from '../../src/rules/edition.js';
import { parseReplay } from '../../src/replay/format.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { duelSetup, findDuel, recordDuel, removeTempDirs, tempDir, wonInATurn } from './duels.js';

afterAll(removeTempDirs);

const content = loadContent();
const heroes = content.pixelDungeon.heroes.map((h) => h.id);
const foes = content.pixelDungeon.monsters.map((m) => m.id);
const arenas = arenaIds(content);

/**
 * Records a duel to a file, reads the file back and verifies it. With `checkpointsOnly`, the end
 * record is dropped first, so only the per-turn checkpoints are compared (the outcome check has
 * its own tests below).
 */
function roundTrip(setup: DuelSetup, dir: string, options: { tracing?: boolean; checkpointsOnly?: boolean } = {}): { turns: number; rejected: number } {
  const rec = recordDuel(setup, content, dir, { tracing: options.tracing ?? false });
  const full = parseReplay(rec.path, rec.text());
  expect(full.header).toEqual(rec.header);
  expect(full.turns).toEqual(rec.records);
  expect(full.end).toEqual(rec.end);
  expect(full.truncated).toBe(false);
  const replay = options.checkpointsOnly ? { ...full, end: null } : full;
  const v = verifyReplay(replay, content);
  expect(v.divergence).toBeUndefined();
  expect(v.ok).toBe(true);
  expect(v.turns).toBe(rec.records.length);
  expect(v.warnings).toEqual([]);
  // The re-simulated duel has reached the recorded state: the last checkpoint, and with the
  // end record, the very end of the duel (time run out to the limit included).
  const duel = v.duel!;
  expect(duel.turn).toBe(rec.duel.turn);
  if (options.checkpointsOnly) expect(duel.stateHash()).toBe(rec.records[rec.records.length - 1]?.hash);
  else {
    expect(duel.outcome).toEqual(rec.outcome);
    expect(duel.stateHash()).toBe(rec.duel.stateHash());
  }
  return { turns: rec.records.length, rejected: rec.rejected };
}

const duelArbitraries = [
  fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.nat().map(String)),
  fc.constantFrom(...heroes),
  fc.constantFrom(...foes),
  fc.constantFrom(...arenas),
  fc.constantFrom(...EDITIONS),
  fc.integer({ min: 3, max: 50 }),
  fc.constantFrom(undefined, 'sleeping', 'wandering', 'hunting'),
  fc.constantFrom('ai', 'player'),
] as const;

function setupFrom(
  seed: string,
  hero: string,
  foe: string,
  arena: string,
  edition: DuelSetup['edition'],
  maxTurns: number,
  foeState: 'sleeping' | 'wandering' | 'hunting' | undefined,
  heroControl: 'ai' | 'player',
): DuelSetup {
  return duelSetup({
    seed,
    hero: { template: hero, options: {} },
    foe: { template: foe, options: {} },
    arena,
    edition,
    maxTurns,
    heroControl,
    ...(foeState ? { foeState } : {}),
  });
}

describe('record, then verify', () => {
  it('reproduces every checkpoint for random seeds, fighters, arenas, editions and controllers', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(...duelArbitraries, fc.boolean(), (seed, hero, foe, arena, edition, maxTurns, foeState, heroControl, tracing) => {
        const { turns } = roundTrip(setupFrom(seed, hero, foe, arena, edition, maxTurns, foeState, heroControl), dir, { tracing, checkpointsOnly: true });
        expect(turns).toBeGreaterThan(0);
      }),
      { numRuns: 30 },
    );
  });

  it('confirms the recorded outcome too, however the duel ended (a death or the turn limit)', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(...duelArbitraries, (seed, hero, foe, arena, edition, maxTurns, foeState, heroControl) => {
        roundTrip(setupFrom(seed, hero, foe, arena, edition, maxTurns, foeState, heroControl), dir);
      }),
      { numRuns: 20 },
    );
  });

  it('a duel won by a blow in its last turn verifies with its outcome', () => {
    const rec = findDuel(content, { seed: 'death', maxTurns: 200 }, wonInATurn, 'won in a recorded turn');
    const v = verifyReplay(parseReplay(rec.path, rec.text()), content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.duel!.outcome).toEqual(rec.outcome);
    expect(v.duel!.stateHash()).toBe(rec.duel.stateHash());
  });

  it('a duel drawn at the turn limit verifies with its outcome', () => {
    const rec = findDuel(content, { seed: 'draw', foe: { template: 'rat', options: {} }, arena: 'cave', maxTurns: 3 }, (r) => r.outcome?.winner === null, 'drawn');
    expect(rec.outcome?.reason).toBe('no winner after 3 turns');
    expect(rec.records.length).toBeGreaterThan(0);
    const v = verifyReplay(parseReplay(rec.path, rec.text()), content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.duel!.outcome).toEqual(rec.outcome);
  });

  it('a duel ended by a status between turns (poison kills) verifies with its outcome', () => {
    // The death happens while time passes to the next actor, after the last recorded turn.
    const rec = findDuel(
      content,
      { seed: 'poison', foe: { template: 'cave-spinner', options: {} }, arena: 'cave', maxTurns: 400 },
      (r) => r.outcome !== null && r.outcome.winner !== null && !wonInATurn(r),
      'ended between turns',
    );
    const v = verifyReplay(parseReplay(rec.path, rec.text()), content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.duel!.outcome).toEqual(rec.outcome);
  });

  it('a player-controlled duel verifies, and the rejected tries leave no trace', () => {
    const base = { heroControl: 'player', seed: 'player', hero: { template: 'huntress', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'hall' } as const;
    const rec = findDuel(content, base, (r) => r.rejected > 0 && r.records.length > 10 && wonInATurn(r), 'with rejected tries, won in a recorded turn');
    const replay = parseReplay(rec.path, rec.text());
    expect(replay.turns.every((t) => t.command?.type !== 'skip' && !(t.command?.type === 'use' && t.command.item === 'no-such-item'))).toBe(true);
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(rec.records.length);
    expect(v.duel!.stateHash()).toBe(rec.duel.stateHash());
  });

  it('a player-controlled duel with ranged attacks and moves on a generated arena verifies', () => {
    const base = { heroControl: 'player', seed: 'sniper', hero: { template: 'sniper', options: {} }, foe: { template: 'skeleton', options: {} }, arena: 'random-hall', edition: 'source', maxTurns: 300 } as const;
    const rec = findDuel(
      content,
      base,
      (r) => {
        const kinds = new Set(r.records.filter((t) => t.actor === r.duel.heroId).map((t) => t.command?.type));
        return kinds.has('fire') && kinds.has('move');
      },
      'where the player both fires and moves',
    );
    // Checkpoints only: how the duel ended is the business of the outcome tests above.
    const v = verifyReplay({ ...parseReplay(rec.path, rec.text()), end: null }, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(rec.records.length);
  });

  it('the same setup and commands give the same duel, whether traced or not', () => {
    const setup = duelSetup({ seed: 'same', hero: { template: 'assassin', options: {} }, foe: { template: 'vampire-bat', options: {} }, arena: 'random-cave' });
    const a = recordDuel(setup, content, tempDir(), { tracing: true });
    const b = recordDuel(setup, content, tempDir(), { tracing: false });
    expect(a.records.length).toBeGreaterThan(0);
    // Tracing adds each turn's rule ledger and nothing else: every checkpoint and draw count is the same.
    const plain = (rs: typeof a.records) => rs.map(({ rules: _rules, ...r }) => r);
    expect(plain(b.records)).toEqual(plain(a.records));
    expect(a.records.some((r) => (r.rules?.length ?? 0) > 0)).toBe(true);
    expect(b.records.every((r) => r.rules === undefined)).toBe(true);
    // A traced replay verifies like any other.
    expect(verifyReplay(parseReplay(a.path, a.text()), content).ok).toBe(true);
  });

  it('hero options (level, strength, weapon, armour) are part of the setup and replay', () => {
    const options = { level: 7, strength: 14, weapon: 'spear', armour: 'none' };
    const setup = duelSetup({ seed: 'opts', hero: { template: 'warrior', options }, foe: { template: 'gnoll-brute', options: {} } });
    roundTrip(setup, tempDir(), { checkpointsOnly: true });
    const rec = recordDuel(setup, content, tempDir());
    const replay = parseReplay(rec.path, rec.text());
    expect(replay.header.setup.hero.options).toEqual(options);
    // The options really are used on playback: without them the first checkpoint differs.
    const bare = { ...replay, end: null, header: { ...replay.header, setup: { ...replay.header.setup, hero: { template: 'warrior', options: {} } } } };
    const v = verifyReplay(bare, content);
    expect(v.ok).toBe(false);
    expect(v.divergence?.turn).toBe(1);
  });

  it('a different seed gives a different duel (the seed is really used)', () => {
    const base = { hero: { template: 'rogue', options: {} }, foe: { template: 'rat', options: {} }, arena: 'random-rooms' } as const;
    const a = new Duel(duelSetup({ ...base, seed: 'a' }), content, { tracing: false });
    const b = new Duel(duelSetup({ ...base, seed: 'b' }), content, { tracing: false });
    expect(a.stateHash()).not.toBe(b.stateHash());
  });
});
