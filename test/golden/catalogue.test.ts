import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { CATALOGUE_FILE, GOLDEN, REPLAYS_DIR, fightCatalogue } from '../../src/dev/golden.js';
import { readReplayFile } from '../../src/replay/format.js';
import { ReplayPlayer } from '../../src/replay/player.js';
import { availableRulesets } from '../../src/rules/registry.js';
import { verifyReplay } from '../../src/replay/verify.js';

const content = loadContent();

describe('golden replays (test/replays)', () => {
  const files = readdirSync(REPLAYS_DIR).filter((f) => f.endsWith('.jsonl')).sort();

  it('holds one replay for each golden duel, for every ruleset that exists', () => {
    expect(files).toEqual(GOLDEN.map((g) => `${g.name}.jsonl`).sort());
    const rulesets = new Set(files.map((f) => readReplayFile(join(REPLAYS_DIR, f)).header.ruleset));
    expect([...rulesets].sort()).toEqual([...availableRulesets()].sort());
  });

  for (const f of files) {
    it(`${f} verifies turn by turn`, () => {
      const replay = readReplayFile(join(REPLAYS_DIR, f));
      const r = verifyReplay(replay, content);
      expect(r.divergence).toBeUndefined();
      expect(r.ok).toBe(true);
      expect(r.turns).toBe(replay.turns.length);
      // Traced recordings name their rules, so forensics can point at one.
      expect(replay.turns.some((t) => (t.rules?.length ?? 0) > 0)).toBe(true);
    });
  }

  it('cover a player-controlled duel and a taken-over one, which play back with seeking', () => {
    const player = readReplayFile(join(REPLAYS_DIR, 'pixel-dungeon-player-rogue-thief.jsonl'));
    expect(player.header.setup.heroControl).toBe('player');
    const branched = readReplayFile(join(REPLAYS_DIR, 'pixel-dungeon-taken-over-veteran-spinner.jsonl'));
    expect(branched.header.branch?.turn).toBe(12);
    const p = ReplayPlayer.load(branched, content, { snapshotEvery: 5 });
    expect(p.ok).toBe(true);
    for (const t of [20, 3, 11, 13, p.length]) {
      p.seek(t);
      expect(p.duel.stateHash()).toBe(t === p.length && branched.end ? branched.end.h : branched.turns[t - 1]?.hash);
      expect(p.duel.hero.fighter?.controller).toBe(t >= 12 ? 'player' : 'ai');
    }
    // The checkpoint of the branch turn is the one before the player took the hero over.
    p.seek(12);
    p.duel.setController(p.duel.heroId, 'ai');
    expect(p.duel.stateHash()).toBe(branched.turns[11]?.hash);
  });
});

describe('fight catalogue (test/golden/fight-catalogue.txt)', () => {
  it('matches the duels as the program plays them now (npm run golden rewrites it on purpose)', () => {
    expect(fightCatalogue(content)).toBe(readFileSync(CATALOGUE_FILE, 'utf8'));
  });
});
