import { describe, expect, it } from 'vitest';
import type { DuelSetup } from '../../src/game/duel.js';
import { simCsv, simFigures, simText } from '../../src/cli/sim.js';
import { type SimStats, emptyStats } from '../../src/sim/stats.js';
import { arena } from '../cli/run.js';

const setup: DuelSetup = {
  ruleset: 'pixel-dungeon',
  edition: 'spoiler',
  seed: 'verdict',
  hero: { template: 'mage', options: {} },
  foe: { template: 'gnoll-scout', options: {} },
  arena: 'rooms',
  heroControl: 'ai',
  maxTurns: 1000,
};

/** Stats of `n` modelled duels the hero won `wins` of, `left` of which left the exchange; the model gives the hero `p`. */
function stats(n: number, wins: number, left: number, p: number): SimStats {
  const s = emptyStats();
  s.duels = n;
  s.outcomes.hero = wins;
  s.outcomes.foe = n - wins;
  const x = s.exchange;
  x.modelled = n;
  x.left = left;
  x.first = left > 0 ? { duel: 0, why: 'the Mage moved' } : null;
  x.win[0] = p * n;
  x.win[1] = (1 - p) * n;
  return s;
}
const report = (s: SimStats) => ({ setup, duels: s.duels, workers: 0, seconds: 0, stats: s });

describe('the exchange model beside the sim', () => {
  it('is not applicable when every duel left it, and says why in the text, the JSON and the CSV', () => {
    // The quoted case: an estimate of 89.2% beside an exact 4.9% with every duel gone from the model.
    const r = report(stats(1000, 892, 1000, 0.049));
    const x = simFigures(r).exchange;
    expect(x.applicable).toBe(false);
    if (x.applicable) return;
    expect(x.why).toBe('every duel left the exact model of a pure melee exchange (first, duel 0: the Mage moved)');
    const text = simText(r);
    expect(text).not.toContain('agrees within');
    expect(text).toContain('hero wins     89.2%');
    expect(text).toContain('exact: not applicable');
    expect(text).toContain(`exact win chances: not applicable: ${x.why}`);
    const row = simCsv(r).split('\n').find((l) => l.startsWith('hero_win_rate_exchange,'));
    expect(row).toBe(`hero_win_rate_exchange,0.892,${simFigures(r).outcomes.hero.lo},${simFigures(r).outcomes.hero.hi},892,not applicable,"${x.why}"`);
  });

  it('is not applicable when the share that left may be half or more', () => {
    const x = simFigures(report(stats(100, 60, 45, 0.5))).exchange;
    expect(x.applicable).toBe(false);
    if (!x.applicable) expect(x.why).toMatch(/^45 of 100 duels left the exact model of a pure melee exchange, so it may be off by up to 5\d\.\d%/);
  });

  it('agrees within a small bound, and disagrees past it', () => {
    // 5 of 1000 left: a bound of about 1.2%.
    const near = simFigures(report(stats(1000, 540, 5, 0.5))).exchange;
    expect(near.applicable && near.hero.verdict).toBe('agrees within the exchange bound');
    const far = simFigures(report(stats(1000, 700, 5, 0.5))).exchange;
    expect(far.applicable && far.hero.verdict).toBe('disagrees');
    expect(simText(report(stats(1000, 700, 5, 0.5)))).toContain('DISAGREES');
  });

  it('checks nothing where the widened interval would hold any value', () => {
    // 1 of 10 left: a bound of about 40%; 5 of 10 won spans [24%, 76%], widened it spans all.
    const x = simFigures(report(stats(10, 5, 1, 0.02))).exchange;
    expect(x.applicable).toBe(true);
    if (!x.applicable) return;
    expect(x.hero.verdict).toBe('not checked');
    expect(simText(report(stats(10, 5, 1, 0.02)))).toContain('not checked: the bound admits any value');
  });

  it('arena sim with a hero that moves: not applicable, not "agrees"', async () => {
    const r = await arena(['sim', '--seed', '1', '--hero', 'mage', '--foe', 'gnoll-scout', '-n', '20', '--workers', '0', '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('exact win chances: not applicable: every duel left the exact model of a pure melee exchange (first, duel 0: the Mage moved)');
    const outcomes = r.stdout.split('\n').filter((l) => /^(hero wins|foe wins|draws) /.test(l));
    expect(outcomes).toHaveLength(3);
    for (const l of outcomes) expect(l).toMatch(/exact: not applicable$/);
    const j = await arena(['sim', '--seed', '1', '--hero', 'mage', '--foe', 'gnoll-scout', '-n', '20', '--workers', '0', '--json']);
    const x = (JSON.parse(j.stdout) as { exchange: { applicable: boolean; why: string } }).exchange;
    expect(x.applicable).toBe(false);
    expect(x.why).toMatch(/^every duel left the exact model/);
  });
});
