import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { parseReplay, REPLAY_VERSION, ReplayError } from '../../src/replay/format.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { TempData, removeTempData } from '../content/temp-data.js';
import { duelSetup, editLine, findDuel, type Recorded, recordDuel, removeTempDirs, tempDir, wonInATurn } from './duels.js';

afterAll(() => {
  removeTempDirs();
  removeTempData();
});

const FILE = 'other.jsonl';
let rec: Recorded;
let text: string;

beforeAll(() => {
  rec = findDuel(loadContent(), { seed: 'compat', maxTurns: 300 }, (r) => wonInATurn(r) && r.records.length >= 6, 'won in a recorded turn');
  text = rec.text();
});

describe('replays from other data files or format versions', () => {
  it('a different data fingerprint is refused without --force, naming both fingerprints', () => {
    const content = loadContent();
    const other = '00000000deadbeef';
    const v = verifyReplay(parseReplay(FILE, editLine(text, 0, (h) => (h['data'] = other))), content);
    expect(v.ok).toBe(false);
    expect(v.turns).toBe(0);
    expect(v.divergence?.turn).toBe(0);
    expect(v.divergence?.detail).toMatch(/^refused: it was recorded with different data files/);
    expect(v.divergence?.detail).toContain(other);
    expect(v.divergence?.detail).toContain(content.dataFingerprint('pixel-dungeon'));
    expect(v.divergence?.detail).toMatch(/--force/);
  });

  it('the same replay is played back with force, with a warning', () => {
    const v = verifyReplay(parseReplay(FILE, editLine(text, 0, (h) => (h['data'] = '00000000deadbeef'))), loadContent(), { force: true });
    expect(v.divergence).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.turns).toBe(rec.records.length);
    expect(v.warnings).toHaveLength(1);
    expect(v.warnings[0]).toMatch(/^forced: it was recorded with different data files.*it may diverge$/);
  });

  it('really different data (a copy with a changed description) is refused, and accepted with force', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/potions.json', (t) => {
      (t.records[0] as Record<string, unknown>)['description'] = 'Smells of mint.';
    });
    const changed = loadContent(d.root);
    expect(changed.dataFingerprint('pixel-dungeon')).not.toBe(rec.header.data);
    const replay = parseReplay(FILE, text);
    expect(verifyReplay(replay, changed).ok).toBe(false);
    const forced = verifyReplay(replay, changed, { force: true });
    expect(forced.ok).toBe(true);
    expect(forced.warnings.join(' ')).toMatch(/different data files/);
  });

  it('forcing a replay on data that changes the rules still reports the divergence', () => {
    const d = new TempData();
    d.editJson('pixel-dungeon/monsters.json', (t) => {
      const scout = t.records.find((r) => r['id'] === 'gnoll-scout') as Record<string, unknown>;
      scout['hp'] = 500;
      scout['attackSkill'] = 40;
    });
    const changed = loadContent(d.root);
    const forced = verifyReplay(parseReplay(FILE, text), changed, { force: true });
    expect(forced.ok).toBe(false);
    expect(forced.divergence?.turn).toBeGreaterThanOrEqual(1);
    expect(forced.warnings.join(' ')).toMatch(/different data files/);
  });

  it('another format version is refused without force and played with force', () => {
    const content = loadContent();
    const replay = parseReplay(FILE, editLine(text, 0, (h) => (h['version'] = REPLAY_VERSION + 1)));
    const refused = verifyReplay(replay, content);
    expect(refused.ok).toBe(false);
    expect(refused.divergence?.detail).toMatch(new RegExp(`format version ${REPLAY_VERSION + 1}; this program reads version ${REPLAY_VERSION}`));
    const forced = verifyReplay(replay, content, { force: true });
    expect(forced.ok).toBe(true);
    expect(forced.warnings.join(' ')).toMatch(/format version/);
  });
});

describe('a header whose setup this program cannot start', () => {
  /** verifyReplay must report the file, not throw a bare error without it. */
  const outcome = (tampered: string): string => {
    try {
      const v = verifyReplay(parseReplay(FILE, tampered), loadContent());
      return v.ok ? 'accepted' : `refused: ${v.divergence?.detail ?? ''}`;
    } catch (e) {
      if (e instanceof ReplayError) return `refused: ${e.message}`;
      return `threw ${(e as Error).constructor.name}: ${(e as Error).message}`;
    }
  };

  it('an unknown hero template is refused, naming the file', () => {
    const o = outcome(editLine(text, 0, (h) => ((h['setup'] as { hero: { template: string } }).hero.template = 'paladin')));
    expect(o).toMatch(/^refused: /);
    expect(o).toContain(FILE);
    expect(o).toMatch(/paladin/);
  });

  it('an unknown arena is refused, naming the file', () => {
    const o = outcome(editLine(text, 0, (h) => ((h['setup'] as { arena: string }).arena = 'moon-base')));
    expect(o).toMatch(/^refused: /);
    expect(o).toContain(FILE);
    expect(o).toMatch(/moon-base/);
  });
});

describe('editions', () => {
  it('the edition is part of the replay: a spoiler-edition duel fails when replayed as source', () => {
    const content = loadContent();
    // The gnoll scout's armour is one of the listed spoiler/source divergences: find a duel it changes.
    const hashes = (x: Recorded) => x.records.map((t) => t.hash).join();
    const r = findDuel(
      content,
      { seed: 'edition', foe: { template: 'gnoll-scout', options: {} }, maxTurns: 300 },
      (x) => hashes(recordDuel(duelSetup({ ...x.header.setup, edition: 'source' }), content, tempDir())) !== hashes(x),
      'that the edition changes',
    );
    const asSource = editLine(r.text(), 0, (h) => {
      h['edition'] = 'source';
      (h['setup'] as Record<string, unknown>)['edition'] = 'source';
    });
    expect(verifyReplay(parseReplay(FILE, asSource), content).ok).toBe(false);
  });
});
