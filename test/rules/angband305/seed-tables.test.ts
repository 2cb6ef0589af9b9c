/**
 * Every table of seed 000 (ATTACK.SPO v1.13 for Angband 3.0.5), one test row per line of the
 * seed's table. Expected values are copied from the seed text (edition 'spoiler'); where the game
 * differs, the 'source' values come from research/angband-3.0.5.md. Nothing here derives an
 * expected number from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { Fraction } from '../../../src/core/fraction.js';
import { type Ratio, ratio } from '../../../src/core/ratio.js';
import { AngCatalogue } from '../../../src/rules/angband305/catalogue.js';
import {
  type AngCharacter,
  type AngEffects,
  NO_EFFECTS,
  baseMeleeSkill,
  baseMissileSkill,
  blowsPerRound,
  heavyPenalty,
  sharedToDam,
  sharedToHit,
  shooting,
  stunPenalty,
} from '../../../src/rules/angband305/sheet.js';
import { CRIT_TEXT, type CritKind, MELEE_CRIT_TYPES, MISSILE_CRIT_TYPES, bestSlay, critDamage, criticalOdds, slayName } from '../../../src/rules/angband305/criticals.js';
import { BREAKAGE, breakagePercent } from '../../../src/rules/angband305/items.js';
import { acThreshold, hitChance } from '../../../src/rules/angband305/to-hit.js';
import {
  BLOWS_TABLE,
  DEX_BLOWS_ROW,
  DEX_TO_HIT,
  STR_BLOWS_ASB,
  STR_TO_DAM,
  STR_TO_HIT,
  STR_WEAPON_LIMIT,
  parseStat,
  statIndex,
} from '../../../src/rules/angband305/stats.js';
import type { AngBreakageClass, AngClassId, AngMonsterFlag, AngSlay } from '../../../src/rules/angband305/types.js';
import type { Edition } from '../../../src/rules/edition.js';
import type { ItemMagic, ItemStack } from '../../../src/world/components.js';

const tables = loadContent().angband;
const cat = new AngCatalogue(tables);

/** The row of every stat table for a stat written as the seed writes it ("18/70"). */
const idx = (s: string): number => statIndex(parseStat(s));
/** The last stat the arena accepts: used as the far end of the seed's open "18/xxx+" rows. */
const TOP = '18/319';

const stack = (item: string, magic?: ItemMagic): ItemStack => ({ item, quantity: 1, level: 0, ...(magic ? { magic } : {}) });
const egoMagic = (ego: string, pval: number): ItemMagic => ({ toHit: 0, toDam: 0, toAc: 0, ego, pval });

interface Spec {
  cls: AngClassId;
  race?: string;
  level?: number;
  str?: string;
  dex?: string;
  weapon?: ItemStack;
  bow?: ItemStack;
  effects?: Partial<AngEffects>;
}

/** A character built from the real data; stats default to 10 (no stat bonus or penalty). */
function hero(s: Spec): AngCharacter {
  return cat.character(
    cat.cls(s.cls),
    cat.race(s.race ?? 'human'),
    s.level ?? 1,
    { str: parseStat(s.str ?? '10'), dex: parseStat(s.dex ?? '10'), con: parseStat('10'), wis: parseStat('10') },
    { weapon: s.weapon ?? null, bow: s.bow ?? null, body: null, shield: null, worn: [] },
    { ...NO_EFFECTS, ...s.effects },
  );
}

const EDITION_LIST: readonly Edition[] = ['spoiler', 'source'];

// --- Blows ------------------------------------------------------------------------------------

describe('seed: ASB (adjusted strength for blows) table', () => {
  // "The ASB equals your character's Strength, if it is below 18" (the "3-17 *" row).
  const belowEighteen: Array<[string, number]> = [
    ['3', 3], ['4', 4], ['5', 5], ['6', 6], ['7', 7], ['8', 8], ['9', 9], ['10', 10], ['11', 11], ['12', 12], ['13', 13], ['14', 14], ['15', 15],
    ['16', 16], ['17', 17],
  ];
  it.each(belowEighteen)('strength %s gives ASB %i (the strength itself)', (s, asb) => {
    expect(STR_BLOWS_ASB[idx(s)]).toBe(asb);
  });

  // [first strength, last strength, ASB], in the seed's order.
  const rows: Array<[string, string, number]> = [
    ['18', '18/09', 20],
    ['18/10', '18/19', 30],
    ['18/20', '18/29', 40],
    ['18/30', '18/39', 50],
    ['18/40', '18/49', 60],
    ['18/50', '18/59', 70],
    ['18/60', '18/69', 80],
    ['18/70', '18/79', 90],
    ['18/80', '18/89', 100],
    ['18/90', '18/99', 110],
    ['18/100', '18/109', 120],
    ['18/110', '18/119', 130],
    ['18/120', '18/129', 140],
    ['18/130', '18/139', 150],
    ['18/140', '18/149', 160],
    ['18/150', '18/159', 170],
    ['18/160', '18/169', 180],
    ['18/170', '18/179', 190],
    ['18/180', '18/189', 200],
    ['18/190', '18/199', 210],
    ['18/200', '18/209', 220],
    ['18/210', '18/219', 230],
    ['18/220', TOP, 240], // "18/220+"
  ];
  it.each(rows)('strength %s to %s gives ASB %i', (lo, hi, asb) => {
    expect(STR_BLOWS_ASB[idx(lo)]).toBe(asb);
    expect(STR_BLOWS_ASB[idx(hi)]).toBe(asb);
  });
});

describe('seed: blows table (dexterity row x SWI 0..11+)', () => {
  // [first dexterity, last dexterity, blows for SWI 0, 1, ..., 10, 11+], copied from the seed.
  const rows: Array<[string, string, readonly number[]]> = [
    ['3', '9', [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3]],
    ['10', '18/09', [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3]],
    ['18/10', '18/49', [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4]],
    ['18/50', '18/69', [1, 1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]],
    ['18/70', '18/89', [1, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4]],
    ['18/90', '18/99', [1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4]],
    ['18/100', '18/109', [2, 3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5]],
    ['18/110', '18/119', [2, 3, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]],
    ['18/120', '18/129', [2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6]],
    ['18/130', '18/139', [2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6]],
    ['18/140', '18/149', [2, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6]],
    ['18/150', TOP, [3, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6]], // "18/150+"
  ];

  it('has the seed\'s 12 rows and 12 columns', () => {
    expect(rows).toHaveLength(12);
    for (const [, , cells] of rows) expect(cells).toHaveLength(12);
    expect(BLOWS_TABLE).toHaveLength(12);
    for (const r of BLOWS_TABLE) expect(r).toHaveLength(12);
  });

  // One case per cell: [seed row number, first dex, last dex, SWI, blows].
  const cells = rows.flatMap(([lo, hi, blows], row) => blows.map((b, swi): [number, string, string, number, number] => [row, lo, hi, swi, b]));

  it.each(cells)('row %i (dexterity %s-%s), SWI %i: %i blows', (row, lo, hi, swi, blows) => {
    expect(BLOWS_TABLE[row]?.[swi]).toBe(blows);
    // Found through the dexterity, at both ends of the bracket.
    expect(BLOWS_TABLE[DEX_BLOWS_ROW[idx(lo)] as number]?.[swi]).toBe(blows);
    expect(BLOWS_TABLE[DEX_BLOWS_ROW[idx(hi)] as number]?.[swi]).toBe(blows);
  });

  const dexRows: Array<[string, string, number]> = [
    ['3', '9', 0],
    ['10', '18/09', 1],
    ['18/10', '18/49', 2],
    ['18/50', '18/69', 3],
    ['18/70', '18/89', 4],
    ['18/90', '18/99', 5],
    ['18/100', '18/109', 6],
    ['18/110', '18/119', 7],
    ['18/120', '18/129', 8],
    ['18/130', '18/139', 9],
    ['18/140', '18/149', 10],
    ['18/150', TOP, 11],
  ];
  it.each(dexRows)('dexterity %s to %s is row %i', (lo, hi, row) => {
    expect(DEX_BLOWS_ROW[idx(lo)]).toBe(row);
    expect(DEX_BLOWS_ROW[idx(hi)]).toBe(row);
  });
});

describe('seed: class table (MWW, WSM, Max Blows)', () => {
  // [class, name, MWW (lb), WSM, Max Blows]
  const rows: Array<[AngClassId, string, number, number, number]> = [
    ['warrior', 'Warrior', 3.0, 0.5, 6],
    ['mage', 'Mage', 4.0, 0.2, 4],
    ['priest', 'Priest', 3.5, 0.3, 4],
    ['rogue', 'Rogue', 3.0, 0.3, 5],
    ['ranger', 'Ranger', 3.5, 0.4, 5],
    ['paladin', 'Paladin', 3.0, 0.5, 5],
  ];
  it.each(rows)('%s (%s): MWW %d lb, WSM %d, at most %i blows', (id, name, mww, wsm, max) => {
    const c = cat.cls(id);
    expect(c.name).toBe(name);
    expect(c.minWeaponWeight).toBe(Math.round(mww * 10)); // tenth-pounds
    expect(c.blowsMultiplier).toBe(Math.round(wsm * 10));
    expect(c.maxBlows).toBe(max);
  });

  it('the data has exactly the seed\'s six classes', () => {
    expect(tables.classes.map((c) => c.id).sort()).toEqual(rows.map((r) => r[0]).sort());
  });

  // Worked by hand from the seed's procedure: SWI = floor(ASB / max(weight, MWW) x WSM), the
  // column is SWI (11+ for 11 and up), the row is the dexterity's, capped by Max Blows.
  // [class, STR, DEX, weapon, column, blows]
  const worked: Array<[AngClassId, string, string, string, number, number, string]> = [
    ['warrior', '18/100', '18/150', 'dagger', 11, 6, 'ASB 120 / MWW 3.0 x 0.5 = 20 -> 11+; row 18/150+ -> 6'],
    ['mage', '18/100', '18/150', 'dagger', 6, 4, 'ASB 120 / MWW 4.0 x 0.2 = 6; row 18/150+ -> 6, Max Blows 4'],
    ['priest', '18/100', '18/150', 'mace', 3, 4, 'ASB 120 / 12 lb x 0.3 = 3; row 18/150+ -> 5, Max Blows 4'],
    ['rogue', '18/100', '18/150', 'dagger', 11, 5, 'ASB 120 / MWW 3.0 x 0.3 = 12 -> 11+; 6, Max Blows 5'],
    ['ranger', '18/100', '18/150', 'long-sword', 3, 5, 'ASB 120 / 13 lb x 0.4 = 3.69 -> 3; row 18/150+ -> 5'],
    ['paladin', '18/100', '18/150', 'broad-sword', 4, 5, 'ASB 120 / 15 lb x 0.5 = 4; row 18/150+ -> 5'],
    ['warrior', '10', '10', 'dagger', 1, 1, 'ASB 10 / MWW 3.0 x 0.5 = 1.67 -> 1; row 10-18/09 -> 1'],
    ['warrior', '18/50', '18/50', 'mace', 2, 2, 'ASB 70 / 12 lb x 0.5 = 2.92 -> 2; row 18/50-18/69 -> 2'],
    ['mage', '18/50', '18/50', 'dagger', 3, 3, 'ASB 70 / MWW 4.0 x 0.2 = 3.5 -> 3; row 18/50-18/69 -> 3'],
  ];
  for (const edition of EDITION_LIST) {
    it.each(worked)(`${edition}: %s STR %s DEX %s with a %s: column %i, %i blows (%s)`, (cls, str, dex, weapon, column, blows) => {
      const b = blowsPerRound(hero({ cls, str, dex, weapon: stack(weapon) }), edition);
      expect(b.swi).toBe(column);
      expect(b.blows).toBe(blows);
    });
  }

  it('bare hands: never more than one blow', () => {
    for (const edition of EDITION_LIST) expect(blowsPerRound(hero({ cls: 'warrior', str: '18/100', dex: '18/150' }), edition).blows).toBe(1);
  });

  it('a weapon of Extra Attacks adds its blows to the natural blows', () => {
    // Warrior STR 18/50 DEX 18/50 with a mace: 2 natural blows (above), +1.
    const c = hero({ cls: 'warrior', str: '18/50', dex: '18/50', weapon: stack('mace', egoMagic('extra-attacks', 1)) });
    for (const edition of EDITION_LIST) expect(blowsPerRound(c, edition).blows).toBe(3);
  });
});

// --- Skills -----------------------------------------------------------------------------------

describe('seed: base melee and missile skill tables (class)', () => {
  // [class, melee base, melee bonus per level, missile base, missile bonus per level]
  const rows: Array<[AngClassId, number, number, number, number]> = [
    ['warrior', 70, 4.5, 55, 4.5],
    ['mage', 34, 1.5, 20, 1.5],
    ['priest', 48, 2.0, 35, 2.0],
    ['rogue', 60, 3.0, 66, 3.0],
    ['ranger', 56, 4.5, 72, 4.5],
    ['paladin', 68, 3.0, 40, 3.0],
  ];
  it.each(rows)('%s: melee %i + %d per level, missile %i + %d per level', (id, mBase, mPer, bBase, bPer) => {
    const c = cat.cls(id);
    expect(c.melee.base).toBe(mBase);
    expect((c.spoilerMeleePerTenLevels ?? c.melee.perTenLevels) / 10).toBe(mPer);
    expect(c.missile.base).toBe(bBase);
    expect(c.missile.perTenLevels / 10).toBe(bPer);
  });

  // Level 50 Human: base + 50 x per level (spoiler); the game's per-ten-level values (research
  // 4.1, discrepancy 1) for source. [class, melee spoiler, melee source, missile spoiler, missile source]
  const level50: Array<[AngClassId, number, number, number, number]> = [
    ['warrior', 295, 295, 280, 280],
    ['mage', 109, 109, 95, 95],
    ['priest', 148, 148, 135, 135],
    ['rogue', 210, 260, 216, 216],
    ['ranger', 281, 206, 297, 297],
    ['paladin', 218, 243, 190, 190],
  ];
  it.each(level50)('level 50 Human %s: melee %i (spoiler) / %i (source), missile %i / %i', (cls, ms, mg, bs, bg) => {
    const c = hero({ cls, level: 50 });
    expect(baseMeleeSkill(c, 'spoiler').total).toEqual(ratio(ms));
    expect(baseMeleeSkill(c, 'source').total).toEqual(ratio(mg));
    expect(baseMissileSkill(c, 'spoiler').total).toEqual(ratio(bs));
    expect(baseMissileSkill(c, 'source').total).toEqual(ratio(bg));
  });

  it('level 1 Human Warrior: melee 74.5 in the seed, 74 in the game (level term truncated)', () => {
    const c = hero({ cls: 'warrior', level: 1 });
    expect(baseMeleeSkill(c, 'spoiler').total).toEqual(ratio(149, 2));
    expect(baseMeleeSkill(c, 'source').total).toEqual(ratio(74));
    expect(baseMissileSkill(c, 'spoiler').total).toEqual(ratio(119, 2)); // 55 + 4.5
    expect(baseMissileSkill(c, 'source').total).toEqual(ratio(59));
  });
});

describe('seed: race modifiers to melee and missile skill', () => {
  // [race, name, melee modifier, missile modifier, level-10 Warrior melee, level-10 Warrior missile]
  // (the Warrior at level 10: melee 70 + 45 + modifier, missile 55 + 45 + modifier).
  const rows: Array<[string, string, number, number, number, number]> = [
    ['human', 'Human', 0, 0, 115, 100],
    ['half-elf', 'Half-Elf', -1, 5, 114, 105],
    ['elf', 'Elf', -5, 15, 110, 115],
    ['hobbit', 'Hobbit', -10, 20, 105, 120],
    ['gnome', 'Gnome', -8, 12, 107, 112],
    ['dwarf', 'Dwarf', 15, 0, 130, 100],
    ['half-orc', 'Half-Orc', 12, -5, 127, 95],
    ['half-troll', 'Half-Troll', 20, -10, 135, 90],
    ['dunadan', 'Dunadan', 15, 10, 130, 110],
    ['high-elf', 'High-Elf', 10, 25, 125, 125],
    ['kobold', 'Kobold', -5, 10, 110, 110],
  ];
  it.each(rows)('%s (%s): melee %i, missile %i', (id, name, melee, missile, warMelee, warMissile) => {
    const r = cat.race(id);
    expect(r.name).toBe(name);
    expect(r.melee).toBe(melee);
    expect(r.missile).toBe(missile);
    const c = hero({ cls: 'warrior', race: id, level: 10 });
    for (const edition of EDITION_LIST) {
      expect(baseMeleeSkill(c, edition).total).toEqual(ratio(warMelee));
      expect(baseMissileSkill(c, edition).total).toEqual(ratio(warMissile));
    }
  });

  it('the data has exactly the seed\'s eleven races', () => {
    expect(tables.races.map((r) => r.id).sort()).toEqual(rows.map((r) => r[0]).sort());
  });
});

// --- Stat tables --------------------------------------------------------------------------------

/** Asserts a stat table at both ends of every bracket row of the seed. */
function bracketTable(title: string, table: readonly number[], rows: Array<[string, string, number]>): void {
  describe(title, () => {
    it.each(rows)('%s to %s: %i', (lo, hi, value) => {
      expect(table[idx(lo)]).toBe(value);
      expect(table[idx(hi)]).toBe(value);
    });
  });
}

bracketTable('seed II.A: strength to-hit table', STR_TO_HIT, [
  ['3', '3', -3],
  ['4', '4', -2],
  ['5', '6', -1],
  ['7', '17', 0],
  ['18', '18/69', 1],
  ['18/70', '18/79', 2],
  ['18/80', '18/89', 3],
  ['18/90', '18/99', 4],
  ['18/100', '18/109', 5],
  ['18/110', '18/119', 6],
  ['18/120', '18/129', 7],
  ['18/130', '18/139', 8],
  ['18/140', '18/149', 9],
  ['18/150', '18/159', 10],
  ['18/160', '18/169', 11],
  ['18/170', '18/179', 12],
  ['18/180', '18/189', 13],
  ['18/190', '18/199', 14],
  ['18/200', TOP, 15], // "18/200+"
]);

bracketTable('seed II.B: dexterity to-hit table', DEX_TO_HIT, [
  ['3', '3', -3],
  ['4', '5', -2],
  ['6', '7', -1],
  ['8', '15', 0],
  ['16', '16', 1],
  ['17', '17', 2],
  ['18', '18/49', 3],
  ['18/50', '18/89', 4],
  ['18/90', '18/99', 5],
  ['18/100', '18/109', 6],
  ['18/110', '18/119', 7],
  ['18/120', '18/129', 8],
  ['18/130', '18/149', 9],
  ['18/150', '18/159', 10],
  ['18/160', '18/169', 11],
  ['18/170', '18/179', 12],
  ['18/180', '18/189', 13],
  ['18/190', '18/199', 14],
  ['18/200', TOP, 15], // "18/200+"
]);

bracketTable('seed 4(a): strength to-dam table', STR_TO_DAM, [
  ['3', '4', -2],
  ['5', '6', -1],
  ['7', '15', 0],
  ['16', '16', 1],
  ['17', '18/19', 2],
  ['18/20', '18/69', 3],
  ['18/70', '18/79', 4],
  ['18/80', '18/99', 5],
  ['18/100', '18/109', 6],
  ['18/110', '18/119', 7],
  ['18/120', '18/129', 8],
  ['18/130', '18/139', 9],
  ['18/140', '18/149', 10],
  ['18/150', '18/159', 11],
  ['18/160', '18/169', 12],
  ['18/170', '18/179', 13],
  ['18/180', '18/189', 14],
  ['18/190', '18/199', 15],
  ['18/200', '18/209', 16],
  ['18/210', '18/219', 18],
  ['18/220', TOP, 20], // "18/220+"
]);

bracketTable('seed II.E: weapon weight limit table (pounds)', STR_WEAPON_LIMIT, [
  ['3', '3', 4],
  ['4', '4', 5],
  ['5', '5', 6],
  ['6', '6', 7],
  ['7', '7', 8],
  ['8', '8', 10],
  ['9', '9', 12],
  ['10', '10', 14],
  ['11', '11', 16],
  ['12', '12', 18],
  ['13', '13', 20],
  ['14', '14', 22],
  ['15', '15', 24],
  ['16', '16', 26],
  ['17', '17', 28],
  ['18', '18/19', 30],
  ['18/20', '18/29', 35],
  ['18/30', '18/39', 40],
  ['18/40', '18/49', 45],
  ['18/50', '18/59', 50],
  ['18/60', '18/69', 55],
  ['18/70', '18/79', 60],
  ['18/80', '18/89', 65],
  ['18/90', '18/99', 70],
  ['18/100', '18/149', 80],
  ['18/150', '18/199', 90],
  ['18/200', TOP, 100], // "18/200+"
]);

describe('seed II.E: heavy weapon penalty, two points per pound over the limit', () => {
  // Strength 18: limit 30 lb. [weight (tenth-pounds), spoiler penalty, source penalty]. The seed
  // counts every pound over; the game truncates the weight to whole pounds first (research 4.3).
  const rows: Array<[number, number, number]> = [
    [300, 0, 0],
    [310, -2, -2],
    [400, -20, -20],
    [305, -1, 0],
  ];
  it.each(rows)('a %i tenth-pound weapon at strength 18: %d (spoiler), %d (source)', (weight, spoiler, source) => {
    expect(heavyPenalty(weight, parseStat('18'), 'spoiler').penalty).toEqual(ratio(spoiler));
    expect(heavyPenalty(weight, parseStat('18'), 'source').penalty).toEqual(ratio(source));
  });
});

// --- Temporary spells, stun, priest's edged weapon ------------------------------------------

describe('seed II.G: temporary spell bonus table', () => {
  // Strength and dexterity 10 give no to-hit of their own, so the shared to-hit is the spell's.
  const rows: Array<[string, Partial<AngEffects>, number]> = [
    ['Blessing', { blessed: true }, 10],
    ['Heroism', { hero: true }, 12],
    ['Berserk Strength', { berserk: true }, 24],
  ];
  it.each(rows)('%s: +%i to-hit', (_name, effects, bonus) => {
    const c = hero({ cls: 'warrior', effects: { blessed: false, hero: false, berserk: false, stun: 0, afraid: false, ...effects } });
    for (const edition of EDITION_LIST) expect(sharedToHit(c, edition).total).toEqual(ratio(bonus));
  });

  it('no spell: +0', () => {
    for (const edition of EDITION_LIST) expect(sharedToHit(hero({ cls: 'warrior' }), edition).total).toEqual(ratio(0));
  });
});

describe('seed II.H and 4(c): stunning penalty to to-hit and to-dam', () => {
  // [stun counter, penalty]
  const rows: Array<[number, number]> = [
    [0, 0],
    [1, -5],
    [50, -5],
    [51, -20],
    [100, -20],
  ];
  it.each(rows)('stun counter %i: %i', (stun, penalty) => {
    expect(stunPenalty(stun)).toBe(penalty);
    const c = hero({ cls: 'warrior', effects: { stun } });
    for (const edition of EDITION_LIST) expect(sharedToHit(c, edition).total).toEqual(ratio(penalty));
    expect(sharedToDam(c).total).toEqual(ratio(penalty));
  });
});

describe('seed II.F and 4(d): a priest with an unblessed edged weapon', () => {
  // [class, weapon, ego, penalty, why]
  const rows: Array<[AngClassId, string, string | null, number, string]> = [
    ['priest', 'dagger', null, -2, 'an unblessed sword'],
    ['priest', 'spear', null, -2, 'an unblessed polearm'],
    ['priest', 'mace', null, 0, 'a hafted weapon'],
    ['priest', 'dagger', 'blessed', 0, 'a blessed sword'],
    ['warrior', 'dagger', null, 0, 'not a priest'],
  ];
  it.each(rows)('%s with a %s (ego %s): %i (%s)', (cls, item, ego, penalty) => {
    const weapon = stack(item, ego ? egoMagic(ego, 0) : undefined);
    const c = hero({ cls, weapon });
    for (const edition of EDITION_LIST) expect(sharedToHit(c, edition).total).toEqual(ratio(penalty));
    expect(sharedToDam(c).total).toEqual(ratio(penalty));
  });
});

// --- Hit chance ---------------------------------------------------------------------------------

describe('seed: the probability of landing a blow', () => {
  it('the Drolem example: 3/4 of AC 130 is 97.5 in the seed, 97 in the game', () => {
    expect(acThreshold(130, 'spoiler')).toEqual(ratio(195, 2));
    expect(acThreshold(130, 'source')).toEqual(ratio(97));
  });

  it('the Drolem example: skill 150 vs AC 130 is exactly 36.5% in the seed', () => {
    const p = hitChance(ratio(150), 130, true, 'spoiler');
    expect(p.toString()).toBe('73/200');
    expect(p.percent(1)).toBe('36.5%');
  });

  it('the Drolem example in the game: 5% + 90% x 53/150 = 36.8%', () => {
    const p = hitChance(ratio(150), 130, true, 'source');
    expect(p.equals(Fraction.of(1, 20).add(Fraction.of(9, 10).mul(Fraction.of(53, 150))))).toBe(true);
    expect(p.toString()).toBe('46/125');
    expect(p.percent(1)).toBe('36.8%');
  });

  // "always miss 1 in 20 times, and will always hit 1 in 20 times"; non-positive skill hits only
  // the 1 in 20. [skill, AC, visible, spoiler chance, source chance]
  const rows: Array<[number, number, boolean, string, string]> = [
    [0, 0, true, '1/20', '1/20'],
    [-10, 0, true, '1/20', '1/20'],
    [100, 0, true, '19/20', '19/20'],
    [50, 100, true, '1/20', '1/20'],
    // Unseen: skill halved, rounding up in the seed (76 - 75 in 76), down in the game (75 - 75).
    [151, 100, false, '47/760', '1/20'],
  ];
  it.each(rows)('skill %i vs AC %i (visible %s): %s (spoiler), %s (source)', (k, ac, visible, spoiler, source) => {
    expect(hitChance(ratio(k), ac, visible, 'spoiler').toString()).toBe(spoiler);
    expect(hitChance(ratio(k), ac, visible, 'source').toString()).toBe(source);
  });
});

// --- Criticals ------------------------------------------------------------------------------------

/** The type a sum falls in, by the code's thresholds. */
function typeOf(types: readonly { kind: CritKind; below: number }[], sum: number): CritKind | undefined {
  return types.find((t) => sum < t.below)?.kind;
}

describe('seed: melee critical type table', () => {
  // [first sum, last sum, type]
  const rows: Array<[number, number, CritKind]> = [
    [1, 399, 'good'],
    [400, 699, 'great'],
    [700, 899, 'superb'],
    [900, 1299, '*GREAT*'],
    [1300, 100_000, '*SUPERB*'], // "1300+"
  ];
  it.each(rows)('sums %i to %i: %s', (lo, hi, kind) => {
    expect(typeOf(MELEE_CRIT_TYPES, lo)).toBe(kind);
    expect(typeOf(MELEE_CRIT_TYPES, hi)).toBe(kind);
  });

  it('lists the five types in the seed\'s order', () => {
    expect(MELEE_CRIT_TYPES.map((t) => t.kind)).toEqual(['good', 'great', 'superb', '*GREAT*', '*SUPERB*']);
  });

  // 10 x weight + 1d650, counted by hand against the table. A sure critical (P = 5000).
  // [weight (tenth-pounds = 10 x pounds), [kind, count of the 650 rolls]]
  const odds: Array<[number, Array<[CritKind, number]>]> = [
    [0, [['good', 399], ['great', 251]]],
    [300, [['good', 99], ['great', 300], ['superb', 200], ['*GREAT*', 51]]],
    [650, [['great', 49], ['superb', 200], ['*GREAT*', 400], ['*SUPERB*', 1]]],
    [1000, [['*GREAT*', 299], ['*SUPERB*', 351]]],
  ];
  it.each(odds)('weight %i: the 1d650 rolls split as %j', (weight, split) => {
    const got = criticalOdds({ power: ratio(5000), weight, sides: 650, types: MELEE_CRIT_TYPES });
    expect(got.get(null)?.toString()).toBe('0');
    const kinds = [...got.keys()].filter((k) => k !== null && got.get(k)?.num !== 0n);
    expect(kinds.sort()).toEqual(split.map(([k]) => k).sort());
    for (const [kind, n] of split) expect(got.get(kind)?.toString()).toBe(Fraction.of(n, 650).toString());
  });
});

describe('seed (3): melee critical damage operations', () => {
  // [type, the seed's operation, d=10 spoiler, d=10 source, d=7 spoiler, d=7 source]
  // *SUPERB* on odd d: 3.5 x 7 = 24.5, which the arena rounds up in the seed edition (the seed
  // leaves it fractional) and the game truncates (research 6, discrepancy 13).
  const rows: Array<[CritKind, string, number, number, number, number]> = [
    ['good', 'x2 +5', 25, 25, 19, 19],
    ['great', 'x2 +10', 30, 30, 24, 24],
    ['superb', 'x3 +15', 45, 45, 36, 36],
    ['*GREAT*', 'x3 +20', 50, 50, 41, 41],
    ['*SUPERB*', 'x3.5 +25', 60, 60, 50, 49],
  ];
  it.each(rows)('%s (%s): d=10 -> %i / %i, d=7 -> %i / %i', (kind, op, s10, g10, s7, g7) => {
    expect(CRIT_TEXT[kind]).toBe(op);
    expect(critDamage(kind, 10, 'spoiler')).toBe(s10);
    expect(critDamage(kind, 10, 'source')).toBe(g10);
    expect(critDamage(kind, 7, 'spoiler')).toBe(s7);
    expect(critDamage(kind, 7, 'source')).toBe(g7);
  });
});

describe('seed: missile critical type table', () => {
  const rows: Array<[number, number, CritKind]> = [
    [1, 499, 'good'],
    [500, 999, 'great'],
    [1000, 100_000, 'superb'], // "1000+"
  ];
  it.each(rows)('sums %i to %i: %s', (lo, hi, kind) => {
    expect(typeOf(MISSILE_CRIT_TYPES, lo)).toBe(kind);
    expect(typeOf(MISSILE_CRIT_TYPES, hi)).toBe(kind);
  });

  it('lists the three types in the seed\'s order', () => {
    expect(MISSILE_CRIT_TYPES.map((t) => t.kind)).toEqual(['good', 'great', 'superb']);
  });

  // 10 x weight + 1d500, counted by hand. [weight, [kind, count of the 500 rolls]]
  const odds: Array<[number, Array<[CritKind, number]>]> = [
    [0, [['good', 499], ['great', 1]]],
    [2, [['good', 497], ['great', 3]]],
    [600, [['great', 399], ['superb', 101]]],
  ];
  it.each(odds)('weight %i: the 1d500 rolls split as %j', (weight, split) => {
    const got = criticalOdds({ power: ratio(5000), weight, sides: 500, types: MISSILE_CRIT_TYPES });
    const kinds = [...got.keys()].filter((k) => k !== null && got.get(k)?.num !== 0n);
    expect(kinds.sort()).toEqual(split.map(([k]) => k).sort());
    for (const [kind, n] of split) expect(got.get(kind)?.toString()).toBe(Fraction.of(n, 500).toString());
  });
});

describe('seed (6): missile critical damage operations', () => {
  // [type, operation, d=10, d=7] in both editions.
  const rows: Array<[CritKind, string, number, number]> = [
    ['good', 'x2 +5', 25, 19],
    ['great', 'x2 +10', 30, 24],
    ['superb', 'x3 +15', 45, 36],
  ];
  it.each(rows)('%s (%s): d=10 -> %i, d=7 -> %i', (kind, op, d10, d7) => {
    expect(CRIT_TEXT[kind]).toBe(op);
    for (const edition of EDITION_LIST) {
      expect(critDamage(kind, 10, edition)).toBe(d10);
      expect(critDamage(kind, 7, edition)).toBe(d7);
    }
  });
});

// --- Slays ------------------------------------------------------------------------------------------

describe('seed (2): the slay and brand list', () => {
  // [weapon power, multiplier, the power, flags of a monster it applies to, flags of one it does not]
  const rows: Array<[string, number, AngSlay, AngMonsterFlag[], AngMonsterFlag[]]> = [
    ['Slay Evil', 2, { kind: 'slay', against: 'evil' }, ['evil'], ['animal']],
    ['Slay Animal', 2, { kind: 'slay', against: 'animal' }, ['animal'], ['evil']],
    ['Fire Brand', 3, { kind: 'brand', element: 'fire' }, ['im-cold'], ['im-fire']],
    ['Frost Brand', 3, { kind: 'brand', element: 'cold' }, ['im-fire'], ['im-cold']],
    ['Acid Brand', 3, { kind: 'brand', element: 'acid' }, ['im-elec'], ['im-acid']],
    ['Lightning Brand', 3, { kind: 'brand', element: 'elec' }, ['im-acid'], ['im-elec']],
    ['Poison Brand', 3, { kind: 'brand', element: 'poison' }, ['im-fire'], ['im-pois']],
    ['Slay Demon', 3, { kind: 'slay', against: 'demon' }, ['demon'], ['undead']],
    ['Slay Dragon', 3, { kind: 'slay', against: 'dragon' }, ['dragon'], ['giant']],
    ['Slay Giant', 3, { kind: 'slay', against: 'giant' }, ['giant'], ['troll']],
    ['Slay Orc', 3, { kind: 'slay', against: 'orc' }, ['orc'], ['troll']],
    ['Slay Troll', 3, { kind: 'slay', against: 'troll' }, ['troll'], ['orc']],
    ['Slay Undead', 3, { kind: 'slay', against: 'undead' }, ['undead'], ['demon']],
    ['Execute Demon', 5, { kind: 'kill', against: 'demon' }, ['demon'], ['dragon']],
    ['Execute Dragon', 5, { kind: 'kill', against: 'dragon' }, ['dragon'], ['demon']],
    ['Execute Undead', 5, { kind: 'kill', against: 'undead' }, ['undead'], ['evil']],
  ];
  it.each(rows)('%s: x%i', (name, mult, slay, applies, doesNot) => {
    expect(slayName(slay)).toBe(name);
    expect(bestSlay([slay], applies)).toEqual({ mult, power: slay });
    expect(bestSlay([slay], doesNot)).toEqual({ mult: 1, power: null });
  });

  it('brands apply to a monster with no flags at all; slays do not', () => {
    for (const [, mult, slay] of rows) expect(bestSlay([slay], []).mult).toBe(slay.kind === 'brand' ? mult : 1);
  });

  // "Multiply ... by the highest applicable multiplier": [powers, monster flags, multiplier]
  const best: Array<[string, AngSlay[], AngMonsterFlag[], number]> = [
    ['no powers', [], ['evil', 'dragon'], 1],
    ['Slay Evil + Fire Brand vs an evil fire-immune monster', [{ kind: 'slay', against: 'evil' }, { kind: 'brand', element: 'fire' }], ['evil', 'im-fire'], 2],
    ['Slay Evil + Fire Brand vs an evil monster', [{ kind: 'slay', against: 'evil' }, { kind: 'brand', element: 'fire' }], ['evil'], 3],
    ['Slay Evil + Slay Dragon + Execute Dragon vs an evil dragon', [{ kind: 'slay', against: 'evil' }, { kind: 'slay', against: 'dragon' }, { kind: 'kill', against: 'dragon' }], ['evil', 'dragon'], 5],
    ['Execute Undead + Slay Evil vs an evil demon', [{ kind: 'kill', against: 'undead' }, { kind: 'slay', against: 'evil' }], ['evil', 'demon'], 2],
    [
      'all five brands vs a monster immune to all five',
      [{ kind: 'brand', element: 'acid' }, { kind: 'brand', element: 'elec' }, { kind: 'brand', element: 'fire' }, { kind: 'brand', element: 'cold' }, { kind: 'brand', element: 'poison' }],
      ['im-acid', 'im-elec', 'im-fire', 'im-cold', 'im-pois'],
      1,
    ],
    [
      'all five brands vs a monster immune to four',
      [{ kind: 'brand', element: 'acid' }, { kind: 'brand', element: 'elec' }, { kind: 'brand', element: 'fire' }, { kind: 'brand', element: 'cold' }, { kind: 'brand', element: 'poison' }],
      ['im-acid', 'im-elec', 'im-fire', 'im-cold'],
      3,
    ],
  ];
  it.each(best)('%s: x%i', (_what, slays, flags, mult) => {
    expect(bestSlay(slays, flags).mult).toBe(mult);
  });
});

// --- Missile weapons ------------------------------------------------------------------------------

describe('seed (4): launcher multipliers', () => {
  // [launcher, name, ammunition, multiplier]
  const rows: Array<[string, string, string, number]> = [
    ['sling', 'Sling', 'shot', 2],
    ['short-bow', 'Short Bow', 'arrow', 2],
    ['long-bow', 'Long Bow', 'arrow', 3],
    ['light-crossbow', 'Light Crossbow', 'bolt', 3],
    ['heavy-crossbow', 'Heavy Crossbow', 'bolt', 4],
  ];
  it.each(rows)('%s (%s, fires %s): x%i', (id, name, ammo, mult) => {
    const l = tables.launchers.find((x) => x.id === id);
    expect(l?.name).toBe(name);
    expect(l?.ammo).toBe(ammo);
    expect(l?.multiplier).toBe(mult);
    // Strength 18 lifts even the heavy crossbow (limit 30 lb).
    for (const edition of EDITION_LIST) expect(shooting(hero({ cls: 'warrior', str: '18', bow: stack(id) }), edition)?.multiplier).toBe(mult);
  });

  it('the data has exactly the seed\'s five launchers', () => {
    expect(tables.launchers.map((l) => l.id).sort()).toEqual(rows.map((r) => r[0]).sort());
  });

  it('"Extra Power" raises the base multiplier', () => {
    const c = hero({ cls: 'warrior', str: '18', bow: stack('long-bow', egoMagic('extra-might', 1)) });
    for (const edition of EDITION_LIST) expect(shooting(c, edition)?.multiplier).toBe(4);
  });
});

describe('seed: shots and energy per shot', () => {
  const r3: Ratio = ratio(100, 3);
  // [class, level, launcher, ego shots, shots, spoiler energy (100/shots), source energy (100 // shots)]
  const rows: Array<[AngClassId, number, string, number, number, Ratio, Ratio]> = [
    ['ranger', 1, 'long-bow', 0, 1, ratio(100), ratio(100)],
    ['ranger', 19, 'long-bow', 0, 1, ratio(100), ratio(100)],
    ['ranger', 20, 'long-bow', 0, 2, ratio(50), ratio(50)],
    ['ranger', 39, 'short-bow', 0, 2, ratio(50), ratio(50)],
    ['ranger', 40, 'long-bow', 0, 3, r3, ratio(33)],
    ['ranger', 40, 'short-bow', 0, 3, r3, ratio(33)],
    ['ranger', 40, 'sling', 0, 1, ratio(100), ratio(100)],
    ['ranger', 40, 'light-crossbow', 0, 1, ratio(100), ratio(100)],
    ['warrior', 40, 'long-bow', 0, 1, ratio(100), ratio(100)],
    ['warrior', 40, 'long-bow', 1, 2, ratio(50), ratio(50)],
    ['warrior', 40, 'light-crossbow', 1, 2, ratio(50), ratio(50)],
    ['ranger', 40, 'long-bow', 1, 4, ratio(25), ratio(25)],
  ];
  it.each(rows)('%s level %i with a %s (+%i ego shots): %i shots', (cls, level, bow, ego, shots, spoiler, source) => {
    const c = hero({ cls, level, str: '18', bow: stack(bow, ego > 0 ? egoMagic('extra-shots', ego) : undefined) });
    const s = shooting(c, 'spoiler');
    const g = shooting(c, 'source');
    expect(s?.shots).toBe(shots);
    expect(g?.shots).toBe(shots);
    expect(s?.energy).toEqual(spoiler);
    expect(g?.energy).toEqual(source);
  });
});

// --- Breakage -------------------------------------------------------------------------------------

describe('seed: missile breakage table', () => {
  // [class, the seed's row, spoiler %, source % (research 9)]
  const rows: Array<[AngBreakageClass, string, number, number]> = [
    ['flask', 'Flask of oil', 100, 100],
    ['potion', 'Potion, bottle, or food item', 50, 100],
    ['arrow', 'Arrow, scroll, light source, or skeleton', 30, 35],
    ['scroll', 'Arrow, scroll, light source, or skeleton', 30, 50],
    ['bolt', 'Bolt, sling ammo, wand, or spike', 20, 25],
    ['shot', 'Bolt, sling ammo, wand, or spike', 20, 25],
    ['other', 'All other non-artifact objects', 10, 10],
  ];
  it.each(rows)('%s (%s): %i%% (spoiler), %i%% (source)', (cls, _row, spoiler, source) => {
    expect(BREAKAGE.spoiler[cls]).toBe(spoiler);
    expect(BREAKAGE.source[cls]).toBe(source);
  });

  it('covers exactly these classes', () => {
    const ids = rows.map((r) => r[0]).sort();
    expect(Object.keys(BREAKAGE.spoiler).sort()).toEqual(ids);
    expect(Object.keys(BREAKAGE.source).sort()).toEqual(ids);
  });

  // The data's items fall in the seed's rows. [item, class]
  const items: Array<[string, AngBreakageClass]> = [
    ['flask-of-oil', 'flask'],
    ['potion-of-heroism', 'potion'],
    ['arrow', 'arrow'],
    ['scroll-of-blessing', 'scroll'],
    ['bolt', 'bolt'],
    ['iron-shot', 'shot'],
    ['rounded-pebble', 'shot'],
    ['dagger', 'other'],
  ];
  it.each(items)('%s breaks as %s', (id, cls) => {
    expect(cat.breakageOf(id)).toBe(cls);
  });

  // "(If a missile hits either a monster or a wall less than 3 squares away from the player, the
  // chance of breakage doubles.)" [distance, hit monster, struck wall, spoiler %] for an arrow.
  const doubling: Array<[number, boolean, boolean, number]> = [
    [2, true, false, 60],
    [2, false, true, 60],
    [3, true, false, 30],
    [5, false, true, 30],
  ];
  it.each(doubling)('an arrow at distance %i (hit monster %s, struck wall %s): %i%%', (distance, hitMonster, struckWall, percent) => {
    expect(breakagePercent('arrow', { reachedMonster: hitMonster, hitMonster, struckWall, distance }, 'spoiler').percent).toBe(percent);
  });
});
