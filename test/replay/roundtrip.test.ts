import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runHeadless } from '../../src/cli/headless.js';
import { loadContent } from '../../src/content/index.js';
import { Duel } from '../../src/game/duel.js';
import { roundTripOne, roundTripPairs, roundTripSetup } from '../../src/dev/roundtrip.js';
import { headerLine, parseReplay, readReplayFile, ReplayEncodeError, turnLine } from '../../src/replay/format.js';
import { makeHeader, ReplayRecorder } from '../../src/replay/recorder.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { SECTION_MONSTER_TIME } from '../../src/rules/stonesoup052/monster-melee.js';
import { duelSetup, removeTempDirs, tempDir } from './duels.js';

/**
 * What is written is what is read: every recorded duel reads back and verifies. The sample here
 * runs in `npm test` (ROUNDTRIP_SEEDS seeds of every ruleset and edition, 25 by default); `npm run
 * roundtrip` runs 1,000 of each (src/bench/roundtrip.ts).
 */

afterAll(removeTempDirs);

const content = loadContent();
const SEEDS = Number(process.env['ROUNDTRIP_SEEDS'] ?? 25);
const FIXTURE = fileURLToPath(new URL('../fixtures/stone-soup-source-unnamed-rule-0.1.0.jsonl', import.meta.url));

describe('the round trip of recorded duels', () => {
  it.each(roundTripPairs())('$ruleset, $edition edition: every duel recorded reads back and verifies', ({ ruleset, edition }) => {
    const dir = tempDir('arena-roundtrip-');
    const failures: string[] = [];
    for (let i = 0; i < SEEDS; i++) {
      const problem = roundTripOne(content, roundTripSetup(content, ruleset, edition, i), dir);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  });

  it('the seeds vary the heroes, the foes, the arenas, how the foe starts and who steers the hero', () => {
    const setups = Array.from({ length: 8 }, (_, i) => roundTripSetup(content, 'angband-3.0.5', 'source', i));
    expect(new Set(setups.map((s) => s.hero.template)).size).toBe(Math.min(8, content.angband.heroes.length));
    expect(new Set(setups.map((s) => s.foe.template)).size).toBe(8);
    expect(new Set(setups.map((s) => s.arena)).size).toBeGreaterThan(4);
    expect(new Set(setups.map((s) => s.foeState ?? 'default')).size).toBe(4);
    expect(setups.filter((s) => s.heroControl === 'player')).toHaveLength(2);
  });

  it('a player-controlled hero killed as its turn starts (poison) ends the duel in the replay as it did live', () => {
    // Crawl 4.0, seed roundtrip-5: the killer bee's poison kills the elf as her turn begins, while
    // the program waits for her command; the replay said the duel ended and verifying said it went on.
    const setup = duelSetup({ ruleset: 'crawl-4.0b20', seed: 'roundtrip-5', heroControl: 'player', hero: { template: 'elf-assassin', options: {} }, foe: { template: 'killer-bee', options: {} }, arena: 'ring', foeState: 'sleeping' });
    const dir = tempDir('arena-roundtrip-');
    expect(roundTripOne(content, setup, dir)).toBeNull();
    const replay = readReplayFile(`${dir}/${readdirSync(dir).find((f) => f.endsWith('.jsonl'))}`);
    // The case itself: 24 turns recorded, then poison as the 25th begins.
    expect(replay.turns).toHaveLength(24);
    expect(replay.end).toMatchObject({ winner: 1, reason: 'Elf Assassin was slain', turn: 24 });
    const v = verifyReplay(replay, content);
    expect(v.duel?.messages.slice(-2).map((m) => [m.turn, m.text])).toEqual([
      [25, 'You take 1 from poison.'],
      [25, 'You die...'],
    ]);
  });
});

describe('Stone Soup source-edition replays (issue 17, fault 1)', () => {
  it('a duel whose monster rolls its attack time is recorded under that rule and verifies (arena duel --seed 23)', () => {
    const dir = tempDir('arena-roundtrip-');
    const setup = duelSetup({ ruleset: 'stone-soup-0.5.2', edition: 'source', seed: '23', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} } });
    const r = runHeadless(setup, content, { json: false, savesDir: dir, program: 'test', now: () => new Date('2026-01-01T00:00:00Z') });
    expect(r.stopped).toBeNull();
    const replay = readReplayFile(r.replayPath as string);
    const names = replay.turns.flatMap((t) => (t.rules ?? []).map(([name]) => name));
    expect(names).toContain(SECTION_MONSTER_TIME);
    expect(names).not.toContain('');
    expect(replay.recovered).toEqual([]);
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.warnings).toEqual([]);
  });

  it("a replay program 0.1.0 recorded with unnamed rules reads back, each unnamed roll as the monster's attack time, and verifies", () => {
    const text = readFileSync(FIXTURE, 'utf8');
    expect(text.match(/\["",1\]/g)).toHaveLength(12);
    const replay = parseReplay(FIXTURE, text);
    expect(replay.recovered).toEqual([`12 rolls of the monster's attack time recorded without a rule name (a fault of spoiler-arena 0.1.0) read as ${SECTION_MONSTER_TIME}`]);
    expect(replay.turns[72]?.rules).toEqual([
      ['stone-soup-0.5.2#upkeep', 1],
      [SECTION_MONSTER_TIME, 1],
      ['stone-soup-0.5.2#monster-attacks', 10],
    ]);
    const v = verifyReplay(replay, content);
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(107);
    expect(v.warnings).toEqual([`recovered: ${replay.recovered[0]}`]);
  });

  it('an unnamed rule is recovered only where that fault wrote one: elsewhere it is refused at its line', () => {
    const text = readFileSync(FIXTURE, 'utf8');
    const spoiler = text.replace(/"edition":"source"/g, '"edition":"spoiler"');
    expect(() => parseReplay('spoiler.jsonl', spoiler)).toThrow(/^spoiler\.jsonl:74: turn \$\.r\[1\]\[0\]: Too small/);
  });
});

describe('the writer reads back what it writes, with the reader\'s own parser and schema', () => {
  const setup = duelSetup({ seed: 'writer-check' });
  const duel = new Duel(setup, content, { tracing: true });
  const header = makeHeader(setup, 'test', content.dataFingerprint(setup.ruleset), ['a', 'b'], '2026-01-01T00:00:00.000Z');
  const first = (() => {
    const r = duel.step();
    if (r.kind !== 'turn') throw new Error('no turn');
    return r.record;
  })();

  it.each([
    ['an empty rule name', { ...first, rules: [['', 1]] as [string, number][] }, /turn 1 would not read back: \$\.r\[0\]\[0\]: Too small/],
    ['a fractional draw count', { ...first, draws: { ...first.draws, combat: 0.5 } }, /\$\.d\.combat/],
    ['an actor out of range', { ...first, actor: 0 }, /\$\.a/],
    ['a checkpoint that is not 16 hex digits', { ...first, hash: '' }, /\$\.h/],
  ])('refuses to write a turn with %s', (_what, record, message) => {
    expect(() => turnLine(record)).toThrow(ReplayEncodeError);
    expect(() => turnLine(record)).toThrow(message);
  });

  it('refuses to write a header the reader would refuse', () => {
    expect(() => headerLine({ ...header, seed: '' , setup: { ...header.setup, seed: '' } })).toThrow(/the header would not read back: \$\.setup\.seed/);
  });

  it('a recorder given such a turn stops recording and keeps the file readable to its last whole turn', () => {
    const dir = tempDir('arena-writer-');
    const r = ReplayRecorder.create(dir, header);
    expect(r.turn(first)).toBe(true);
    expect(r.turn({ ...first, turn: 2, rules: [['', 1]] })).toBe(false);
    expect(r.stopped?.turn).toBe(1);
    expect(r.stopped?.reason).toMatch(/^a fault of this program: turn 2 would not read back/);
    expect(r.turn({ ...first, turn: 2 })).toBe(false);
    r.close();
    const back = readReplayFile(r.path);
    expect(back.turns).toEqual([first]);
    expect(back.truncated).toBe(false);
  });
});
