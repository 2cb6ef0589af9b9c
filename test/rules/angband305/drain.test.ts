/**
 * Stat and experience drain (spells1.c dec_stat, xtra2.c lose_exp and check_experience, tables.c
 * player_exp), and the experience factors of the races and classes (p_race.txt, p_class.txt).
 */
import { describe, expect, it } from 'vitest';
import { Distribution } from '../../../src/core/distribution.js';
import { Fraction } from '../../../src/core/fraction.js';
import { RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { PLAYER_EXP, decStat, decStatLaw, expDrainBase, expFactor, levelAfterLoss, levelExp, loseExp } from '../../../src/rules/angband305/drain.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { tables } from './helpers.js';

describe('dec_stat(stat, amount, FALSE) on the current value', () => {
  // At 18 or below: 1 lost, and one more past each of 20, 50 and 90; never under 3.
  const low: [number, number, number][] = [
    [17, 10, 16],
    [18, 10, 17],
    [10, 21, 8],
    [10, 51, 7],
    [10, 91, 6],
    [4, 10, 3],
    [3, 10, 3],
    [5, 91, 3],
  ];
  it.each(low)('%i drained by %i: %i, nothing drawn', (value, amount, after) => {
    const rng = new ScriptedRng([]);
    expect(decStat(new RecordingTracer(rng), value, amount)).toBe(after);
    expect(decStatLaw(value, amount).equals(Distribution.constant(after))).toBe(true);
  });

  /** dec_stat above 18, written out from the code for the test: every roll of 1d q. */
  function enumerate(value: number, amount: number): Map<number, number> {
    const q = Math.max(1, Math.trunc((Math.trunc((value - 18) / 2) + 1) / 2) + 1);
    const out = new Map<number, number>();
    for (let r = 1; r <= q; r++) {
      let loss = Math.trunc(((r + q) * amount) / 100);
      if (loss < Math.trunc(amount / 2)) loss = Math.trunc(amount / 2);
      let cur = value - loss;
      if (cur < 18) cur = amount <= 20 ? 18 : 17;
      if (cur < 3) cur = 3;
      out.set(cur, (out.get(cur) ?? 0) + 1);
    }
    return out;
  }
  // 18/03, 18/20, 18/50, 18/100, 18/150, 18/200 and 18/220 by 10 (a blow), and by 25 and 50.
  const high: [number, number][] = [
    [21, 10], [38, 10], [68, 10], [118, 10], [168, 10], [218, 10], [238, 10],
    [21, 25], [68, 25], [218, 25], [118, 50], [238, 50],
  ];
  it.each(high)('%i drained by %i: the law over every roll of 1d q', (value, amount) => {
    const counts = enumerate(value, amount);
    const n = [...counts.values()].reduce((a, b) => a + b, 0);
    const law = decStatLaw(value, amount);
    expect(law.entries().map(([v]) => v)).toEqual([...counts.keys()].sort((a, b) => a - b));
    for (const [v, c] of counts) expect(law.prob(v).equals(Fraction.of(c, n))).toBe(true);
    // A real spread where the stat is high enough.
    if (value >= 168 && amount === 10) expect(counts.size).toBeGreaterThan(1);
  });
  it('the draw is 1d q, with q = ((value - 18) / 2 + 1) / 2 + 1', () => {
    // 18/200: q = (101 / 2) + 1 = 51; roll 51: (51 + 51) x 10 / 100 = 10 lost.
    const rng = new ScriptedRng([50]);
    expect(decStat(new RecordingTracer(rng), 218, 10)).toBe(208);
    expect(rng.ranges).toEqual([51]);
    // Roll 1: (1 + 51) x 10 / 100 = 5.
    expect(decStat(new RecordingTracer(new ScriptedRng([0])), 218, 10)).toBe(213);
    // 18/03 falls under 18 and is put back at 18 (amount up to 20), or 17 past 20.
    expect(decStat(new RecordingTracer(new ScriptedRng([0])), 21, 10)).toBe(18);
    expect(decStat(new RecordingTracer(new ScriptedRng([0])), 21, 25)).toBe(17);
  });
});

describe('experience: player_exp, the experience factor, lose_exp and the levels it drops', () => {
  it('player_exp has a row per level from 2 to 50, rising', () => {
    expect(PLAYER_EXP).toHaveLength(50);
    expect(PLAYER_EXP.slice(0, 5)).toEqual([10, 25, 45, 70, 100]);
    expect(PLAYER_EXP[48]).toBe(4500000);
    PLAYER_EXP.slice(1).forEach((x, i) => expect(x).toBeGreaterThan(PLAYER_EXP[i] as number));
  });
  // p_race.txt X: r_exp and p_class.txt I: c_exp.
  const races: [string, number][] = [
    ['human', 100], ['half-elf', 110], ['elf', 120], ['hobbit', 110], ['gnome', 125], ['dwarf', 120], ['half-orc', 110], ['half-troll', 120],
    ['dunadan', 180], ['high-elf', 200], ['kobold', 115],
  ];
  const classes: [string, number][] = [['warrior', 0], ['mage', 30], ['priest', 20], ['rogue', 25], ['ranger', 30], ['paladin', 35]];
  it.each(races)('race %s: %i', (id, f) => expect(tables.races.find((r) => r.id === id)?.expFactor).toBe(f));
  it.each(classes)('class %s: %i', (id, f) => expect(tables.classes.find((c) => c.id === id)?.expFactor).toBe(f));
  it('the factor is race + class', () => {
    const elf = tables.races.find((r) => r.id === 'high-elf');
    const mage = tables.classes.find((c) => c.id === 'mage');
    expect(elf && mage ? expFactor(elf, mage) : 0).toBe(230);
  });
  const least: [number, number, number][] = [
    [1, 100, 0],
    [2, 100, 10],
    [10, 100, 380],
    [10, 230, 874],
    [30, 145, 108750],
    [50, 100, 4500000],
  ];
  it.each(least)('level %i, factor %i: at least %i experience', (level, factor, exp) => expect(levelExp(level, factor)).toBe(exp));
  const losses: [number, number, number, number, { exp: number; level: number }][] = [
    // Level 10 (380 at factor 100): 16 lost leaves 364, level 9 (280).
    [380, 16, 10, 100, { exp: 364, level: 9 }],
    [380, 0, 10, 100, { exp: 380, level: 10 }],
    // 300 lost leaves 80: level 5 (70) holds.
    [380, 300, 10, 100, { exp: 80, level: 5 }],
    // Never below 0: level 1.
    [380, 1000, 10, 100, { exp: 0, level: 1 }],
    // Factor 200: level 10 needs 760; 400 lost leaves 360, above level 7's 280 (140 x 2), under level 8's 400.
    [760, 400, 10, 200, { exp: 360, level: 7 }],
  ];
  it.each(losses)('%i experience, %i lost, level %i, factor %i', (exp, amount, level, factor, after) => {
    expect(loseExp(exp, amount, level, factor)).toEqual(after);
  });
  it('the level never rises by a loss (check_experience only drops it here)', () => expect(levelAfterLoss(5, 100000, 100)).toBe(5));
  it('the drain adds 2 per hundred of experience (MON_DRAIN_LIFE)', () => {
    expect(expDrainBase(380)).toBe(6);
    expect(expDrainBase(99)).toBe(0);
    expect(expDrainBase(123456)).toBe(2468);
  });
  it('a hero enters with the least experience of its level, and the rolled hit points of each level', () => {
    const rs = createAngband(tables, 'source');
    const init = rs.buildFighter({ template: 'warrior', options: {} });
    const r = init.rules as unknown as { exp: number; levelHps: number[]; levelHp: number; level: number };
    expect(r.exp).toBe(380);
    expect(r.levelHps).toHaveLength(r.level);
    expect(r.levelHps[r.level - 1]).toBe(r.levelHp);
  });
});
