/**
 * Every table of seeds 003 (Stone Soup 0.5.2 stealth and stabbing) and 004 (Stone Soup 0.5.2 EV,
 * AC and shield blocking) as table-driven tests. The rows are copied from the seed text as
 * literal data (edition 'spoiler'); where the game differs, the 'source' values come from
 * research/crawl.md (sections 2, 4, 5, 6, 8, 9 and 12). No expected number here is derived from
 * the code under test: where a value is computed in the test, it is computed independently (with
 * bigint arithmetic or by enumerating every roll).
 *
 * The seed 004 blocking averages (0/2/3/5 and 2/5/8/11) need real characters and are left to the
 * character tests.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import type { Edition } from '../../../src/rules/edition.js';
import { dodgeBonus, type MonsterToHit, monsterHitChance, monsterToHit } from '../../../src/rules/stonesoup052/defence.js';
import {
  type StabCategory,
  type StabKind,
  type StabTarget,
  type StabWeapon,
  codeStabDamage,
  seedMultiplier,
  shortBladeBonus,
  stabCategoryOf,
  stabChanceOf,
  stabRoll,
  stepdown,
} from '../../../src/rules/stonesoup052/stab.js';
import { STEALTH_BANDS, type Watched, type Watcher, awarenessOf, describeStealth, noticeChance } from '../../../src/rules/stonesoup052/stealth.js';
import { SIZES, type SizeName } from '../../../src/rules/crawl-family/sizes.js';

const F = (num: number | bigint, den: number | bigint = 1): Fraction => Fraction.of(num, den);

/** C's truncating division, written out here so no expected value leans on the code's helper. */
const trunc = (a: number, b: number): number => Math.trunc(a / b);

/** floor(100 (M - 1)) for M >= 1, in bigints. */
const percentOver = (m: Fraction): number => Number(((m.num - m.den) * 100n) / m.den);

function expectFrac(got: Fraction, want: Fraction): void {
  expect(got.toString()).toBe(want.toString());
  expect(got.equals(want)).toBe(true);
}

// ================================================================================================
// Seed 004: EV
// ================================================================================================

describe('seed 004 "Character size": the EV modifier of each race and form is 2 x sf = 2 x (3 - size)', () => {
  // [Race/form, body size (research section 6), EV modifier printed by the seed]
  const rows: [string, SizeName, number][] = [
    ['Default', 'medium', 0],
    ['Ogre', 'large', -2],
    ['Troll', 'large', -2],
    ['Naga', 'large', -2],
    ['Centaur', 'large', -2],
    ['Halfling', 'small', 2],
    ['Kobold', 'small', 2],
    ['Spriggan', 'little', 4],
    ['Dragon', 'huge', -8],
    ['Ice form', 'large', -2],
    ['Bat', 'tiny', 6],
    ['Spider', 'tiny', 6],
  ];
  it.each(rows)('%s (%s): %i', (_name, size, modifier) => {
    expect(2 * (3 - SIZES[size])).toBe(modifier);
  });
  it('the size scale runs tiny 0 to huge 7', () => {
    expect(SIZES).toEqual({ tiny: 0, little: 1, small: 2, medium: 3, large: 4, big: 5, giant: 6, huge: 7 });
  });
  it('the dodge table groups use sf = 3 - size (default 0, large -1, small 1, little 2)', () => {
    expect(3 - SIZES.medium).toBe(0);
    expect(3 - SIZES.large).toBe(-1);
    expect(3 - SIZES.small).toBe(1);
    expect(3 - SIZES.little).toBe(2);
  });
});

describe('seed 004 dodge table: dodgeBonus(dodging, dex, sf) in all 192 cells', () => {
  const GROUPS: { races: string; sf: number; dex: number[] }[] = [
    { races: 'Default', sf: 0, dex: [8, 10, 12, 15, 18, 20] },
    { races: 'Ogre/Troll/Centaur/Naga', sf: -1, dex: [6, 8, 10, 12, 15, 18] },
    { races: 'Halfling/Kobold', sf: 1, dex: [8, 10, 12, 15, 18, 20] },
    { races: 'Spriggan', sf: 2, dex: [10, 12, 15, 18, 20, 25] },
  ];
  // [Dodging skill, Default, Ogre/Troll/Centaur/Naga, Halfling/Kobold, Spriggan], copied from the seed.
  const TABLE: [number, number[], number[], number[], number[]][] = [
    [1, [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 1]],
    [2, [1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 2, 2, 2, 2]],
    [5, [2, 2, 3, 3, 3, 3], [1, 2, 2, 3, 3, 3], [2, 3, 3, 4, 4, 4], [3, 3, 4, 5, 5, 5]],
    [8, [3, 4, 5, 6, 6, 6], [2, 3, 4, 4, 5, 5], [3, 4, 5, 6, 7, 7], [4, 5, 7, 8, 8, 8]],
    [10, [4, 5, 6, 7, 7, 7], [3, 4, 5, 6, 6, 6], [4, 5, 6, 8, 8, 8], [5, 7, 8, 10, 10, 10]],
    [15, [6, 7, 9, 11, 11, 11], [4, 6, 7, 8, 10, 10], [6, 8, 9, 12, 13, 13], [8, 10, 12, 15, 15, 15]],
    [20, [8, 10, 12, 15, 15, 15], [6, 7, 9, 11, 13, 13], [8, 10, 13, 16, 17, 17], [11, 13, 17, 20, 20, 20]],
    [27, [11, 13, 16, 20, 21, 21], [8, 10, 13, 15, 18, 18], [11, 14, 17, 21, 24, 24], [15, 18, 22, 27, 27, 27]],
  ];
  const cells: [string, number, number, number, number][] = [];
  for (const [dodging, ...byGroup] of TABLE) {
    byGroup.forEach((values, g) => {
      const group = GROUPS[g]!;
      values.forEach((want, i) => cells.push([group.races, group.sf, dodging, group.dex[i]!, want]));
    });
  }
  it('the table has 4 groups x 6 Dex columns x 8 dodging rows', () => {
    expect(cells).toHaveLength(192);
  });
  it.each(cells)('%s (sf %i): dodging %i, Dex %i: +%i', (_races, sf, dodging, dex, want) => {
    expect(dodgeBonus(dodging, dex, sf)).toBe(want);
  });
});

// ================================================================================================
// Seed 004: monster to-hit against EV
// ================================================================================================

/** The to-hit values the code draws (with multiplicity): + 2 + random2(8) backlit, then x 65 / 100 unseen. */
function toHitValues(m: MonsterToHit): number[] {
  const base = m.backlit ? Array.from({ length: 8 }, (_, x) => m.value + 2 + x) : [m.value];
  return m.unseen ? base.map((t) => trunc(t * 65, 100)) : base;
}

/**
 * The code's P(hit) by enumerating every roll: 1/40 + 19/20 x P(random2(T + 1) >= A), where
 * A = (random2(2 EV) + random2(2 EV + 1)) / 2 (random2(n) is 0 for n < 1).
 */
function bruteHitChance(m: MonsterToHit, ev: number): Fraction {
  const range = (n: number): number[] => (n < 1 ? [0] : Array.from({ length: n }, (_, i) => i));
  const ts = toHitValues(m);
  let pass = Fraction.ZERO;
  for (const t of ts) {
    // Each to-hit value is equally likely; under it, every (a, b, u) triple is.
    let n = 0n;
    let total = 0n;
    for (const a of range(2 * ev)) {
      for (const b of range(2 * ev + 1)) {
        const A = trunc(a + b, 2);
        for (const u of range(t + 1)) {
          total += 1n;
          if (u >= A) n += 1n;
        }
      }
    }
    pass = pass.add(F(n, total * BigInt(ts.length)));
  }
  return F(1, 40).add(F(19, 20).mul(pass));
}

const toHitObject = (value: number): MonsterToHit => ({ value, text: `to-hit ${value}`, backlit: false, unseen: false });

describe('seed 004 monster to-hit: 18 + 1.5 x HD (seed) and 18 + HD x 15 (or 25) / 10 + weapon - 5 confused (code)', () => {
  // [HD, fighter, weapon, confused, spoiler, source]
  const rows: [number, boolean, number, boolean, number, number][] = [
    [0, false, 0, false, 18, 18],
    [1, false, 0, false, 19, 19],
    [1, false, 1, false, 19, 20],
    [0, false, -8, false, 18, 10],
    [4, false, 0, false, 24, 24],
    [10, false, 0, false, 33, 33],
    [10, true, 0, false, 33, 43],
    [10, false, 0, true, 33, 28],
    [15, true, 3, true, 40, 18 + 37 + 3 - 5],
  ];
  it.each(rows)('HD %i, fighter %s, weapon %i, confused %s: spoiler %i, source %i', (hd, fighter, weapon, confused, spoiler, source) => {
    expect(monsterToHit(hd, fighter, weapon, confused, false, false, 'spoiler').value).toBe(spoiler);
    expect(monsterToHit(hd, fighter, weapon, confused, false, false, 'source').value).toBe(source);
  });
});

describe('seed 004 "1d(tohit) > EV" (spoiler): P = (T - EV) / T, clamped to 0..1', () => {
  // [to-hit T, EV, P]
  const rows: [number, number, Fraction][] = [
    [19, 10, F(9, 19)],
    [24, 10, F(7, 12)],
    [33, 15, F(6, 11)],
    [18, 17, F(1, 18)],
    [20, 10, F(1, 2)],
    [10, 10, F(0)],
    [24, 24, F(0)],
    [24, 30, F(0)],
    [33, 0, F(1)],
    [33, -3, F(1)],
  ];
  it.each(rows)('to-hit %i against EV %i: %s', (t, ev, want) => {
    expectFrac(monsterHitChance(toHitObject(t), ev, 'spoiler'), want);
  });
  it('the to-hit from monsterToHit feeds the same rule (HD 4 against EV 10: 14/24)', () => {
    expectFrac(monsterHitChance(monsterToHit(4, true, 5, true, true, true, 'spoiler'), 10, 'spoiler'), F(7, 12));
  });
});

describe('research section 9 (source): 5% automatic, else random2(mhit + 1) >= random2avg(2 x EV, 2)', () => {
  const mhit20 = monsterToHit(1, false, 1, false, false, false, 'source');
  const mhit10 = monsterToHit(0, false, -8, false, false, false, 'source');
  it('the inputs give mhit 20 and 10', () => {
    expect(mhit20.value).toBe(20);
    expect(mhit10.value).toBe(10);
  });
  // [label, to-hit, EV, exact P (enumerated independently), the research note's rounding]
  const examples: [string, MonsterToHit, number, Fraction, string][] = [
    ['mhit 20, EV 10', mhit20, 10, F(229, 420), '0.545'],
    ['mhit 10, EV 10', mhit10, 10, F(1893, 7700), '0.246'],
    ['mhit 20, EV 0', mhit20, 0, F(39, 40), '0.975'],
    ['mhit 10, EV 0', mhit10, 0, F(39, 40), '0.975'],
  ];
  it.each(examples)('%s: %s', (_label, m, ev, exact, rounded) => {
    const p = monsterHitChance(m, ev, 'source');
    expect(p.toNumber().toFixed(3)).toBe(rounded);
    expectFrac(p, exact);
    expectFrac(p, bruteHitChance(m, ev));
  });
  it('the seed reading gives 0.50 and 0 for the first two', () => {
    expectFrac(monsterHitChance(toHitObject(20), 10, 'spoiler'), F(1, 2));
    expectFrac(monsterHitChance(toHitObject(10), 10, 'spoiler'), F(0));
  });
  const grid: [number, boolean, number, boolean, boolean, boolean, number][] = [];
  for (const [hd, fighter, weapon] of [[0, false, -8], [1, false, 1], [4, false, 0], [10, false, 0], [10, true, 0]] as const) {
    for (const ev of [0, 1, 3, 7, 12, 20]) grid.push([hd, fighter, weapon, false, false, false, ev]);
  }
  grid.push([4, false, 0, false, true, false, 8], [4, false, 0, false, false, true, 8], [10, true, 2, true, true, true, 15]);
  it.each(grid)('HD %i fighter %s weapon %i confused %s backlit %s unseen %s against EV %i: equals the enumeration', (hd, fighter, weapon, confused, backlit, unseen, ev) => {
    const m = monsterToHit(hd, fighter, weapon, confused, backlit, unseen, 'source');
    expectFrac(monsterHitChance(m, ev, 'source'), bruteHitChance(m, ev));
  });
});

// ================================================================================================
// Seed 003: stealth
// ================================================================================================

describe('seed 003 stealth description table', () => {
  // [lowest stealth, highest stealth, description], copied from the seed (">520": 520 and up, research section 3).
  const BANDS: [number, number, string][] = [
    [0, 9, 'Extremely unstealthy'],
    [10, 29, 'Very unstealthy'],
    [30, 59, 'Unstealthy'],
    [60, 89, 'Fairly stealthy'],
    [90, 119, 'Stealthy'],
    [120, 159, 'Quite stealthy'],
    [160, 219, 'Very stealthy'],
    [220, 299, 'Extremely stealthy'],
    [300, 399, 'Extraordinarily stealthy'],
    [400, 519, 'Incredibly stealthy'],
    [520, 1000, 'Uncannily stealthy'],
  ];
  it.each(BANDS)('%i to %i: %s', (lo, hi, words) => {
    expect(describeStealth(lo)).toBe(words);
    expect(describeStealth(hi)).toBe(words);
    expect(describeStealth(trunc(lo + hi, 2))).toBe(words);
  });
  it('STEALTH_BANDS holds the seed rows as [first stealth of the next band, words]', () => {
    const want = BANDS.slice(0, -1).map(([, hi, words]) => [hi + 1, words]);
    expect(STEALTH_BANDS.map(([below, words]) => [below, words])).toEqual(want);
  });
  it('a negative stealth (the seed has no floor) is still extremely unstealthy', () => {
    expect(describeStealth(-40)).toBe('Extremely unstealthy');
  });
});

const HERO: Watched = { invisible: false, backlit: false, inWater: false };
const GOBLIN: Watcher = {
  name: 'goblin', intelligence: 3, hd: 1, holiness: 'natural', sensesInvisible: false, seesInvisible: false,
  state: 'sleeping', hibernating: false, foeIsHero: false,
};
const LICH: Watcher = { ...GOBLIN, name: 'lich', intelligence: 4, hd: 20, holiness: 'undead' };
const VAULT_GUARD: Watcher = { ...GOBLIN, name: 'vault guard', intelligence: 3, hd: 13, sensesInvisible: true };

describe('seed 003 noticing: A / S (seed), (A + 1) / S with x_chance_in_y (code, research section 4)', () => {
  // [A, S, edition, berserk, P]
  const rows: [number, number, Edition, boolean, Fraction][] = [
    [23, 100, 'spoiler', false, F(23, 100)],
    [99, 100, 'spoiler', false, F(99, 100)],
    [100, 100, 'spoiler', false, F(1)],
    [150, 100, 'spoiler', false, F(1)],
    [0, 100, 'spoiler', false, F(0)],
    [-52, 100, 'spoiler', false, F(0)],
    [23, 0, 'spoiler', false, F(1)],
    [23, -5, 'spoiler', false, F(1)],
    [23, 100, 'spoiler', true, F(23, 100)],
    [23, 100, 'source', false, F(24, 100)],
    [22, 24, 'source', false, F(23, 24)],
    [23, 24, 'source', false, F(1)],
    [98, 100, 'source', false, F(99, 100)],
    [99, 100, 'source', false, F(1)],
    [0, 100, 'source', false, F(1, 100)],
    [23, 0, 'source', false, F(1)],
    [23, -5, 'source', false, F(1)],
    [0, 100, 'source', true, F(1)],
    [23, 500, 'source', true, F(1)],
  ];
  it.each(rows)('A %i, S %i, %s, berserk %s: %s', (a, s, edition, berserk, want) => {
    expectFrac(noticeChance(a, s, edition, berserk), want);
  });
});

describe('research section 4 awareness examples (stealth 100)', () => {
  // [label, monster, hero, A spoiler, A source, P spoiler, P source]
  const rows: [string, Watcher, Watched, number, number, Fraction, Fraction][] = [
    ['goblin asleep: 10 + 4 x 3 + 1', GOBLIN, HERO, 23, 23, F(23, 100), F(24, 100)],
    ['sleeping lich: 10 + 16 + 20 + 10', LICH, HERO, 56, 56, F(56, 100), F(57, 100)],
    ['vault guard asleep: 10 + 12 + 13 + 5', VAULT_GUARD, HERO, 40, 40, F(40, 100), F(41, 100)],
    ['goblin asleep, hero invisible: 23 - 75, floored at 0 in the code', GOBLIN, { ...HERO, invisible: true }, -52, 0, F(0), F(1, 100)],
    ['vault guard asleep, hero invisible: it senses invisible, no -75 in the code', VAULT_GUARD, { ...HERO, invisible: true }, -35, 40, F(0), F(41, 100)],
    ['lich wandering after the hero: + 15, no + 10 undead awake in the code', { ...LICH, state: 'wandering', foeIsHero: true }, HERO, 71, 61, F(71, 100), F(62, 100)],
    ['goblin wandering, foe elsewhere: + 15 only in the seed', { ...GOBLIN, state: 'wandering' }, HERO, 38, 23, F(38, 100), F(24, 100)],
  ];
  it.each(rows)('%s', (_label, m, h, aSpoiler, aSource, pSpoiler, pSource) => {
    const a1 = awarenessOf(m, h, 'spoiler').value;
    const a2 = awarenessOf(m, h, 'source').value;
    expect(a1).toBe(aSpoiler);
    expect(a2).toBe(aSource);
    expectFrac(noticeChance(a1, 100, 'spoiler'), pSpoiler);
    expectFrac(noticeChance(a2, 100, 'source'), pSource);
  });
  it('the invisible goblin example: P = 1/S for any stealth in the code, not 0', () => {
    const a = awarenessOf(GOBLIN, { ...HERO, invisible: true }, 'source').value;
    for (const s of [50, 100, 137, 400]) expectFrac(noticeChance(a, s, 'source'), F(1, s));
  });
});

// ================================================================================================
// Seed 003: stabbing
// ================================================================================================

const ALERT: StabTarget = {
  sleeping: false, paralysed: false, petrified: false, petrifying: false, netted: false, fleeing: false,
  confused: false, wandering: false, foeIsHero: true, batty: false, heroInvisible: false, seesInvisible: false,
  sensesInvisible: false,
};

type Want = { b: 1 | 2 | 3; kind: StabKind; roll: boolean; invisible: boolean } | null;
const helpless = (roll: boolean): Want => ({ b: 1, kind: 'helpless', roll, invisible: false });
const hampered = (invisible = false): Want => ({ b: 2, kind: 'hampered', roll: true, invisible });
const distracted: Want = { b: 3, kind: 'distracted', roll: true, invisible: false };

const summary = (c: StabCategory | null): Want => (c ? { b: c.b, kind: c.kind, roll: c.roll, invisible: c.invisible } : null);

describe('seed 003 unaware states: stabCategoryOf (b 1 helpless, 2 hampered, 3 distracted; roll needed?)', () => {
  // [state, the target, spoiler, source]
  const rows: [string, Partial<StabTarget>, Want, Want][] = [
    // The seed's list, in its order.
    ['distracted (wandering), its foe is the hero', { wandering: true }, distracted, null],
    ['distracted (wandering), its foe is elsewhere', { wandering: true, foeIsHero: false }, distracted, distracted],
    ['fleeing', { fleeing: true }, hampered(), hampered()],
    ['confused', { confused: true }, hampered(), hampered()],
    ['invisible hero, it neither sees nor senses invisible', { heroInvisible: true }, hampered(true), hampered(true)],
    ['paralysed', { paralysed: true }, helpless(false), helpless(false)],
    ['sleeping', { sleeping: true }, helpless(false), helpless(false)],
    ['petrified', { petrified: true }, helpless(true), helpless(true)],
    ['petrifying', { petrifying: true }, helpless(true), helpless(true)],
    ['held in a net', { netted: true }, helpless(true), helpless(true)],
    // Where the code's reading differs (research section 5, discrepancies 21 and 22).
    ['awake and alert, foe is the hero', {}, null, null],
    ['awake, not wandering, foe elsewhere: the code\'s "distracted"', { foeIsHero: false }, null, distracted],
    ['batty, foe elsewhere', { foeIsHero: false, batty: true }, null, null],
    ['sleeping, foe elsewhere', { sleeping: true, foeIsHero: false }, helpless(false), helpless(false)],
    ['invisible hero, it senses invisible', { heroInvisible: true, sensesInvisible: true }, hampered(true), null],
    ['invisible hero, it sees invisible', { heroInvisible: true, seesInvisible: true }, null, null],
    // Several states at once: the helpless ones win, sleeping and paralysed without a roll.
    ['confused and asleep', { confused: true, sleeping: true }, helpless(false), helpless(false)],
    ['netted and fleeing', { netted: true, fleeing: true }, helpless(true), helpless(true)],
    ['paralysed and netted', { paralysed: true, netted: true }, helpless(false), helpless(false)],
    ['fleeing and wandering, foe elsewhere', { fleeing: true, wandering: true, foeIsHero: false }, hampered(), hampered()],
  ];
  it.each(rows)('%s', (_state, t, spoiler, source) => {
    const target: StabTarget = { ...ALERT, ...t };
    expect(summary(stabCategoryOf(target, 'spoiler'))).toEqual(spoiler);
    expect(summary(stabCategoryOf(target, 'source'))).toEqual(source);
  });
  it('every state on the seed\'s list is unaware in the seed\'s reading; only sleeping and paralysed skip the roll', () => {
    const states: Partial<StabTarget>[] = [
      { wandering: true }, { fleeing: true }, { confused: true }, { heroInvisible: true }, { paralysed: true },
      { sleeping: true }, { petrified: true }, { petrifying: true }, { netted: true },
    ];
    const noRoll = states.filter((s) => {
      const c = stabCategoryOf({ ...ALERT, ...s }, 'spoiler');
      expect(c).not.toBeNull();
      return c !== null && !c.roll;
    });
    expect(noRoll).toEqual([{ paralysed: true }, { sleeping: true }]);
  });
});

describe('seed 003 stab chance: 0.7 x (Stabbing + Dex + 1)% (seed), (s + d + 1) / 155 or / 140 invisible (code)', () => {
  const fleeing: StabTarget = { ...ALERT, fleeing: true };
  const unseenSensing: StabTarget = { ...ALERT, heroInvisible: true, sensesInvisible: true };
  const unseen: StabTarget = { ...ALERT, heroInvisible: true };
  const cat = (t: StabTarget, e: Edition): StabCategory => {
    const c = stabCategoryOf(t, e);
    if (!c) throw new Error('not a stab');
    return c;
  };
  // [case, stabbing, Dex, edition, target, it senses invisible, chance]
  const rows: [string, number, number, Edition, StabTarget, boolean, Fraction][] = [
    ['fleeing', 0, 10, 'spoiler', fleeing, false, F(77, 1000)],
    ['fleeing', 5, 15, 'spoiler', fleeing, false, F(147, 1000)],
    ['fleeing', 27, 30, 'spoiler', fleeing, false, F(406, 1000)],
    ['fleeing, capped at 1', 27, 127, 'spoiler', fleeing, false, F(1)],
    ['fleeing, just under the cap', 27, 114, 'spoiler', fleeing, false, F(994, 1000)],
    ['invisible hero, it senses invisible: 1% less', 5, 15, 'spoiler', unseenSensing, true, F(137, 1000)],
    ['invisible hero, it senses invisible: 1% less', 27, 30, 'spoiler', unseenSensing, true, F(396, 1000)],
    ['invisible hero, it does not sense invisible', 5, 15, 'spoiler', unseen, false, F(147, 1000)],
    ['fleeing', 0, 10, 'source', fleeing, false, F(11, 155)],
    ['fleeing', 5, 15, 'source', fleeing, false, F(21, 155)],
    ['fleeing', 27, 30, 'source', fleeing, false, F(58, 155)],
    ['fleeing, capped at 1', 27, 127, 'source', fleeing, false, F(1)],
    ['fleeing, over the cap', 27, 200, 'source', fleeing, false, F(1)],
    ['invisible stab: / 140', 5, 15, 'source', unseen, false, F(21, 140)],
    ['invisible stab: / 140', 27, 30, 'source', unseen, false, F(58, 140)],
    ['invisible stab, capped at 1', 27, 112, 'source', unseen, false, F(1)],
  ];
  it.each(rows)('%s: stabbing %i, Dex %i (%s)', (_case, s, d, edition, t, senses, want) => {
    expectFrac(stabChanceOf(stabRoll(s, d, cat(t, edition), senses, edition)), want);
  });
  it('the roll is random2(1000) < 7 (s + d + 1) in the seed, random2(155) < s + d + 1 in the code', () => {
    expect(stabRoll(5, 15, cat(fleeing, 'spoiler'), false, 'spoiler')).toMatchObject({ num: 147, den: 1000 });
    expect(stabRoll(5, 15, cat(fleeing, 'source'), false, 'source')).toMatchObject({ num: 21, den: 155 });
    expect(stabRoll(5, 15, cat(unseen, 'source'), false, 'source')).toMatchObject({ num: 21, den: 140 });
  });
});

describe('research section 2: stepdown_value(v, 10, 10, 30, 30)', () => {
  // [v, the seed's uncapped value, the code's value capped at 30]
  const rows: [number, number, number][] = [
    [0, 0, 0], [5, 5, 5], [10, 10, 10], [11, 10, 10], [12, 11, 11], [13, 11, 11], [15, 12, 12],
    [20, 15, 15], [21, 15, 15], [22, 16, 16], [25, 17, 17], [30, 20, 20], [31, 20, 20], [40, 22, 22],
    [50, 25, 25], [60, 27, 27], [70, 30, 30], [80, 31, 30], [84, 31, 30], [100, 33, 30], [168, 42, 30],
  ];
  it.each(rows)('%i: %i uncapped, %i capped', (v, uncapped, capped) => {
    expect(stepdown(v, false)).toBe(uncapped);
    expect(stepdown(v, true)).toBe(capped);
  });
});

const STAB_SKILLS = [0, 1, 5, 10, 15, 20, 27] as const;
const BONUS_DEX = [10, 15, 20, 25, 30] as const;
/** Seed 003's short-blade bonus table, row by stabbing skill, column by Dex 10 / 15 / 20 / 25 / 30. */
const BONUS: readonly (readonly number[])[] = [
  [1, 1, 2, 2, 3],
  [2, 3, 4, 5, 6],
  [6, 9, 11, 12, 14],
  [10, 13, 16, 18, 20],
  [13, 17, 20, 22, 24],
  [15, 20, 23, 25, 28],
  [19, 23, 26, 30, 31],
];
/** The code's dagger bonus, stepdown((Dex x (s + 1)) / 5) capped at 30 (research section 5, discrepancy 24). */
const CODE_DAGGER: readonly (readonly number[])[] = [
  [2, 3, 4, 5, 6],
  [4, 6, 8, 10, 11],
  [11, 14, 17, 20, 21],
  [16, 20, 23, 26, 29],
  [20, 24, 28, 30, 30],
  [23, 28, 30, 30, 30],
  [26, 30, 30, 30, 30],
];
const bonusCells: [number, number, number, number][] = STAB_SKILLS.flatMap((s, i) =>
  BONUS_DEX.map((d, j): [number, number, number, number] => [s, d, BONUS[i]![j]!, CODE_DAGGER[i]![j]!]),
);

describe('seed 003 short-blade stab bonus table (35 cells)', () => {
  it('has 35 cells', () => {
    expect(bonusCells).toHaveLength(35);
  });
  it.each(bonusCells)('stabbing %i, Dex %i: %i (seed), dagger twice that', (s, d, table) => {
    expect(shortBladeBonus(d, s, false, 'spoiler')).toBe(table);
    expect(shortBladeBonus(d, s, true, 'spoiler')).toBe(2 * table);
  });
  it.each(bonusCells)('stabbing %i, Dex %i (code): non-dagger the table up to the cap of 30; dagger %i', (s, d, table, dagger) => {
    expect(shortBladeBonus(d, s, false, 'source')).toBe(Math.min(table, 30));
    expect(shortBladeBonus(d, s, true, 'source')).toBe(dagger);
    expect(shortBladeBonus(d, s, true, 'source')).toBe(stepdown(trunc(d * (s + 1), 5), true));
  });
  it('the code matches the non-dagger table in 34 cells; skill 27 / Dex 30 is capped at 30 (seed 31)', () => {
    const differ = bonusCells.filter(([s, d, table]) => shortBladeBonus(d, s, false, 'source') !== table);
    expect(differ.map(([s, d, table]) => [s, d, table, shortBladeBonus(d, s, false, 'source')])).toEqual([[27, 30, 31, 30]]);
  });
  it('the code\'s dagger bonus is exactly double the table in 7 of 35 cells; skill 10 / Dex 10 gives 16, not 20', () => {
    const doubled = bonusCells.filter(([s, d, table]) => shortBladeBonus(d, s, true, 'source') === 2 * table);
    expect(doubled.map(([s, d]) => [s, d])).toEqual([[0, 10], [0, 20], [0, 30], [1, 10], [1, 15], [1, 20], [1, 25]]);
    expect(shortBladeBonus(10, 10, true, 'source')).toBe(16);
  });
});

const PCT_SKILLS = [1, 5, 10, 15, 20, 27] as const;
/** Seed 003's percentage tables: rows Helpless (b 1), Hampered (b 2), Distracted (b 3); columns stabbing 1 / 5 / 10 / 15 / 20 / 27. */
const PERCENT: Record<StabWeapon, readonly (readonly number[])[]> = {
  short: [
    [19, 112, 266, 462, 700, 1102],
    [9, 51, 112, 184, 266, 399],
    [6, 32, 70, 112, 159, 232],
  ],
  long: [
    [13, 77, 175, 293, 433, 663],
    [7, 40, 88, 143, 205, 303],
    [5, 28, 59, 94, 133, 193],
  ],
  other: [
    [8, 41, 83, 125, 166, 225],
    [4, 20, 41, 62, 83, 112],
    [2, 13, 27, 41, 55, 75],
  ],
};
const ROW_NAMES = ['Helpless', 'Hampered', 'Distracted'] as const;
const percentCells: [StabWeapon, string, number, number, number][] = (['short', 'long', 'other'] as const).flatMap((w) =>
  ROW_NAMES.flatMap((row, i) => PCT_SKILLS.map((s, j): [StabWeapon, string, number, number, number] => [w, row, i + 1, s, PERCENT[w][i]![j]!])),
);

describe('seed 003 stab percentage tables: floor(100 (M - 1)) with the seed multiplier M (54 cells)', () => {
  it('has 54 cells', () => {
    expect(percentCells).toHaveLength(54);
  });
  it.each(percentCells)('%s, %s (b %i), stabbing %i: +%i%%', (w, _row, b, s, pct) => {
    expect(percentOver(seedMultiplier(w, s, b))).toBe(pct);
  });
  it('the multipliers are (1 + s/10b)(1 + s/12b), (1 + s/10(b+1))(1 + s/12b) and 1 + s/12b', () => {
    expectFrac(seedMultiplier('short', 27, 2), F(47, 20).mul(F(51, 24)));
    expectFrac(seedMultiplier('long', 1, 1), F(21, 20).mul(F(13, 12)));
    expectFrac(seedMultiplier('other', 20, 3), F(56, 36));
  });
});

describe('research section 5: the code\'s stab damage, integer quotients s / b and s / (b + 1), truncated after each factor', () => {
  /** dmg x (10 + q1) / 10 (short: q1 = s / b; long: s / (b + 1)), then x (12 + s / b) / 12, in bigints. */
  function byFormula(w: StabWeapon, dmg: number, s: number, b: number): number {
    let d = BigInt(dmg);
    const q = BigInt(trunc(s, b));
    if (w === 'short') d = (d * (10n + q)) / 10n;
    if (w === 'long') d = (d * (10n + BigInt(trunc(s, b + 1)))) / 10n;
    return Number((d * (12n + q)) / 12n);
  }
  // [case, weapon, damage, stabbing, b, damage after the stab]
  const rows: [string, StabWeapon, number, number, number, number][] = [
    ['hampered, skill 1: +0% (seed 9%)', 'short', 100, 1, 2, 100],
    ['hampered, skill 1, long blade: +0% (seed 7%)', 'long', 100, 1, 2, 100],
    ['long blade helpless, skill 1: +8.3% (seed 13%)', 'long', 1200, 1, 1, 1300],
    ['short blade hampered, skill 27: +379% (seed 399%)', 'short', 1000, 27, 2, 4791],
    ['distracted, skill 20, other: +50% (seed 55%)', 'other', 1000, 20, 3, 1500],
    ['short blade helpless, skill 27: +1102% like the seed', 'short', 1200, 27, 1, 14430],
    ['small damage truncates twice: 7 x 15 / 10 = 10, 10 x 17 / 12 = 14', 'short', 7, 5, 1, 14],
  ];
  it.each(rows)('%s', (_case, w, dmg, s, b, want) => {
    expect(codeStabDamage(w, dmg, s, b)).toBe(want);
    expect(codeStabDamage(w, dmg, s, b)).toBe(byFormula(w, dmg, s, b));
  });
  it('short blade hampered skill 27: the code\'s +379% differs from the seed\'s +399%', () => {
    const pct = Math.floor((100 * (codeStabDamage('short', 1000, 27, 2) - 1000)) / 1000);
    expect(pct).toBe(379);
    expect(pct).not.toBe(PERCENT.short[1]![5]);
    expect(PERCENT.short[1]![5]).toBe(399);
  });
  it.each(percentCells)('%s, %s (b %i), stabbing %i: the code never exceeds the seed\'s +%i%%', (w, _row, b, s, pct) => {
    // 1200 is a multiple of 10 x 12 / gcd: the truncations are exact, so this is the code's multiplier.
    const code = codeStabDamage(w, 1200, s, b);
    expect(code).toBe(byFormula(w, 1200, s, b));
    expect(Math.floor((100 * (code - 1200)) / 1200)).toBeLessThanOrEqual(pct);
  });
  it('the code reproduces 22 of the 54 printed cells (32 are lower), including every helpless short-blade and "other" cell', () => {
    const same = percentCells.filter(([w, , b, s, pct]) => Math.floor((100 * (codeStabDamage(w, 1200, s, b) - 1200)) / 1200) === pct);
    expect(same).toHaveLength(22);
    for (const w of ['short', 'other'] as const) {
      for (const s of PCT_SKILLS) expect(same.some(([w2, row, , s2]) => w2 === w && row === 'Helpless' && s2 === s)).toBe(true);
    }
  });
});
