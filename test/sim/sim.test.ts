import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup, type TurnRecord } from '../../src/game/duel.js';
import { simulate } from '../../src/sim/pool.js';
import { duelSeed } from '../../src/sim/run.js';
import { meanInterval, quantile, wilson } from '../../src/sim/stats.js';
import { arena } from '../cli/run.js';

const content = loadContent();
const WORKER = new URL('../../dist/sim/worker.js', import.meta.url).pathname;
const setup: DuelSetup = {
  ruleset: 'crawl-4.0b20',
  edition: 'spoiler',
  seed: 'sim-test',
  hero: { template: 'minotaur-fighter', options: {} },
  foe: { template: 'orc-warrior', options: {} },
  arena: 'pit',
  heroControl: 'ai',
  maxTurns: 400,
  foeState: 'hunting',
};

describe('arena sim', () => {
  it('gives the same numbers on this thread and on two workers, and they add up duel by duel', async () => {
    const n = 60;
    const here = await simulate(setup, content, n, { workers: 0 });
    const progress: number[] = [];
    const two = await simulate(setup, content, n, { workers: 2, workerScript: WORKER, onProgress: (d) => progress.push(d) });
    expect(two).toEqual(here);
    expect(progress.at(-1)).toBe(n);
    // Each duel on its own, from its own seed.
    let hero = 0;
    let turns = 0;
    for (let i = 0; i < n; i++) {
      const d = new Duel({ ...setup, seed: duelSeed(setup.seed, i) }, content, { tracing: false, tally: true });
      while (d.step().kind !== 'over');
      if (d.outcome?.winner === 0) hero++;
      turns += d.gameTurns;
    }
    expect(here.duels).toBe(n);
    expect(here.outcomes.hero).toBe(hero);
    expect(here.outcomes.hero + here.outcomes.foe + here.outcomes.draw).toBe(n);
    expect(here.turns.sum).toBeCloseTo(turns, 6);
    expect(here.ttk.hero.reduce((a, b) => a + b, 0)).toBe(here.outcomes.hero);
    const melee = here.attacks[0]['melee']!;
    expect(melee.hits).toBeLessThanOrEqual(melee.attacks);
  });

  it('plays the same duels with or without the exact counterparts (laws draw nothing)', async () => {
    const withExact = await simulate(setup, content, 30, { workers: 0 });
    const without = await simulate(setup, content, 30, { workers: 0, exact: false });
    expect(without.outcomes).toEqual(withExact.outcomes);
    expect(without.turns).toEqual(withExact.turns);
    expect(without.ttk).toEqual(withExact.ttk);
    expect(without.attacks[0]['melee']?.attacks).toBe(withExact.attacks[0]['melee']?.attacks);
    expect(without.attacks[0]['melee']?.exact).toBeNull();
    expect(withExact.attacks[0]['melee']?.exact?.blows).toBe(withExact.attacks[0]['melee']?.blows);
    expect(without.exchange.modelled).toBe(0);
    expect(withExact.exchange.modelled).toBe(30);
  });

  it('without checkpoints a duel plays the same turns and ends in the same state, its records carrying no hash', () => {
    for (const i of [0, 1, 2]) {
      const seed = duelSeed(setup.seed, i);
      const play = (checkpoints: boolean): { duel: Duel; records: TurnRecord[] } => {
        const duel = new Duel({ ...setup, seed }, content, { tracing: false, tally: true, checkpoints });
        const records: TurnRecord[] = [];
        for (let r = duel.step(); r.kind !== 'over'; r = duel.step()) if (r.kind === 'turn') records.push(r.record);
        return { duel, records };
      };
      const kept = play(true);
      const bare = play(false);
      expect(kept.records.length).toBeGreaterThan(0);
      expect(kept.records.every((r) => /^[0-9a-f]{16}$/.test(r.hash))).toBe(true);
      expect(bare.records.every((r) => r.hash === '')).toBe(true);
      expect(bare.records.map((r) => ({ ...r, hash: '' }))).toEqual(kept.records.map((r) => ({ ...r, hash: '' })));
      expect(bare.duel.outcome).toEqual(kept.duel.outcome);
      expect(bare.duel.stateHash()).toBe(kept.duel.stateHash());
    }
  });

  it('Wilson intervals and mean intervals match worked values', () => {
    // 0 of 10: the upper bound is z^2 / (n + z^2).
    const z2 = 1.959963984540054 ** 2;
    expect(wilson(0, 10).hi).toBeCloseTo(z2 / (10 + z2), 12);
    expect(wilson(0, 10).lo).toBe(0);
    const w = wilson(50, 100);
    expect(w.value).toBe(0.5);
    expect(w.hi - 0.5).toBeCloseTo(0.5 - w.lo, 12);
    expect(w.hi).toBeCloseTo(0.5962, 4);
    // 1, 2, 3: mean 2, sample sd 1, half width z / sqrt(3).
    const m = meanInterval({ n: 3, sum: 6, sumSq: 14 });
    expect(m.value).toBe(2);
    expect(m.hi - 2).toBeCloseTo(1.959963984540054 / Math.sqrt(3), 12);
    expect(quantile([0, 2, 0, 2], 0.5)).toBe(1);
    expect(quantile([0, 2, 0, 2], 0.9)).toBe(3);
    expect(quantile([], 0.5)).toBeUndefined();
  });

  it('prints the same figures as JSON on any number of workers, and CSV with a header', async () => {
    const args = ['sim', '--seed', 'cli', '-n', '50', '--foe', 'rat', '--arena', 'pit'];
    const [a, b, csv] = await Promise.all([arena([...args, '--json', '--workers', '0']), arena([...args, '--json', '--workers', '2']), arena([...args, '--csv'])]);
    expect(a.code).toBe(0);
    const strip = (t: string) => {
      const j = JSON.parse(t) as Record<string, unknown>;
      delete j['workers'];
      delete j['seconds'];
      return j;
    };
    expect(strip(b.stdout)).toEqual(strip(a.stdout));
    const j = JSON.parse(a.stdout) as { duels: number; counts: { hero: number; foe: number; draw: number } };
    expect(j.duels).toBe(50);
    expect(j.counts.hero + j.counts.foe + j.counts.draw).toBe(50);
    expect(csv.stdout.split('\n')[0]).toBe('figure,value,lo95,hi95,count,exact,agrees');
    expect(csv.stdout).toContain(`hero_win_rate,${j.counts.hero / 50},`);
  });

  it.each([
    [['--duels', '0'], '--duels: must be a whole number from 1 to 10000000 (got "0")'],
    [['--workers', 'many'], '--workers: must be a whole number from 0 to 256 (got "many")'],
    [['--json', '--csv'], '--json and --csv: choose one'],
  ])('refuses %j in one line', async (extra, message) => {
    const r = await arena(['sim', '--seed', '1', ...extra]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`arena: ${message}\n`);
  });
});
