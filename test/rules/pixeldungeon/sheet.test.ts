/**
 * Hero and weapon numbers: seed 002's worked example ("Test for successful attack", "Calculate
 * damage"), the research note (research/pixel-dungeon.md, "Hero accuracy, weapon accuracy and
 * strength penalty") and the facts sheet (notes/pd-facts.md §1, §3, §4).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Ratio, ratioValue } from '../../../src/core/ratio.js';
import {
  armourDr,
  armourStrength,
  heroAccuracy,
  heroAttackSkillBase,
  heroDefenseSkillBase,
  heroDodge,
  heroMaxHp,
  heroMeleeDelay,
  heroMoveDelay,
  heroStrength,
  heroThrowDelay,
  meleeDamageRange,
  meleeRangeDiverges,
  meleeStrength,
  monsterMoveDelay,
} from '../../../src/rules/pixeldungeon/sheet.js';
import { MELEE, armour, cls, missile, sheet, silent, tables, thrown, weapon } from './helpers.js';

const r = (x: Ratio): string => `${x.num}/${x.den}`;
const pow = (b: number, e: number): number => b ** e;

describe('hero accuracy: seed 002 worked example (level 5 Berserker, war hammer)', () => {
  const berserker = (strength: number) => sheet({ cls: 'warrior', subclass: 'berserker', level: 5, strength, weapon: 'war-hammer' });

  it('"At level 5, his accuracy is 14" (9 + level)', () => {
    expect(heroAttackSkillBase(berserker(15))).toBe(14);
  });

  it('spoiler: 14 x 1.2 = 16.8 when strength suffices (no penalty)', () => {
    // 14 x 6/5 = 84/5, kept exact.
    expect(r(heroAccuracy(silent(), berserker(18), MELEE, 1, 'spoiler'))).toBe('84/5');
  });

  it('source: 14 x 1.2f = 16.8 truncates to 16 (research, discrepancy 1)', () => {
    expect(r(heroAccuracy(silent(), berserker(18), MELEE, 1, 'source'))).toBe('16/1');
  });

  it('spoiler: with strength 15, the weapon accuracy is 1.2/1.5^(18-15) ≈ 0.356 and the hero\'s ≈ 4.98', () => {
    const acc = heroAccuracy(silent(), berserker(15), MELEE, 1, 'spoiler');
    // 14 x 6/5 x (2/3)^3 = 224/45
    expect(r(acc)).toBe('224/45');
    expect((1.2 / pow(1.5, 18 - 15)).toFixed(3)).toBe('0.356');
    expect(ratioValue(acc).toFixed(2)).toBe('4.98');
  });

  it('source: the same penalty truncates to 4 (research, discrepancies 1 and 2)', () => {
    expect(r(heroAccuracy(silent(), berserker(15), MELEE, 1, 'source'))).toBe('4/1');
  });

  it('strength above the requirement gives no accuracy bonus', () => {
    expect(r(heroAccuracy(silent(), berserker(25), MELEE, 1, 'spoiler'))).toBe('84/5');
    expect(r(heroAccuracy(silent(), berserker(25), MELEE, 1, 'source'))).toBe('16/1');
  });

  it('property: spoiler accuracy = (9+level) x ACU x (2/3)^max(0, STR needed - STR), exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables.meleeWeapons.map((w) => w.id)),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 5, max: 25 }),
        fc.integer({ min: 0, max: 3 }),
        (wid, level, strength, wl) => {
          const s = sheet({ cls: 'warrior', level, strength, weapon: wid, weaponLevel: wl });
          const w = weapon(wid);
          const enc = Math.max(0, (w.strength ?? 8 + 2 * w.tier) - wl - strength);
          // ACU is 1 or 1.2 = 6/5 in the data.
          const acuNum = Math.round(w.accuracy * 5);
          const acc = heroAccuracy(silent(), s, MELEE, 1, 'spoiler');
          // acc = (9+level) x acuNum/5 x 2^enc / 3^enc  <=>  acc.num x 5 x 3^enc = acc.den x (9+level) x acuNum x 2^enc
          return BigInt(acc.num) * 5n * 3n ** BigInt(enc) === BigInt(acc.den) * BigInt(9 + level) * BigInt(acuNum) * 2n ** BigInt(enc);
        },
      ),
    );
  });

  it('property: source accuracy is the spoiler value truncated (melee, within float32 error)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables.meleeWeapons.map((w) => w.id)),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 5, max: 25 }),
        (wid, level, strength) => {
          const s = sheet({ cls: 'warrior', level, strength, weapon: wid });
          const exact = ratioValue(heroAccuracy(silent(), s, MELEE, 1, 'spoiler'));
          const src = heroAccuracy(silent(), s, MELEE, 1, 'source');
          expect(src.den).toBe(1);
          // float32 can only move a value by a relative 1e-6 around an integer boundary
          expect(Math.abs(src.num - Math.trunc(exact)) <= (Math.abs(exact - Math.round(exact)) < 1e-5 ? 1 : 0)).toBe(true);
        },
      ),
    );
  });
});

describe('hero levelling (research note, pd-facts §1.2)', () => {
  it.each([1, 2, 5, 6, 10, 30])('level %i: attackSkill 9+level, defenseSkill 4+level, HT 15+5 level (Huntress 10+5 level)', (level) => {
    for (const id of ['warrior', 'mage', 'rogue', 'huntress'] as const) {
      const s = sheet({ cls: id, level });
      expect(heroAttackSkillBase(s)).toBe(9 + level);
      expect(heroDefenseSkillBase(s)).toBe(4 + level);
      expect(heroMaxHp(cls(id), level)).toBe((id === 'huntress' ? 10 : 15) + 5 * level);
    }
  });
  it('weakness counts strength as 2 less', () => {
    expect(heroStrength(sheet({ cls: 'warrior', level: 1, strength: 11, weakened: true }))).toBe(9);
    expect(heroStrength(sheet({ cls: 'warrior', level: 1, strength: 11 }))).toBe(11);
    // A weakened fresh Warrior with the short sword (needs 11): 10 / 1.5^2.
    const s = sheet({ cls: 'warrior', level: 1, strength: 11, weapon: 'short-sword', weakened: true });
    expect(r(heroAccuracy(silent(), s, MELEE, 1, 'spoiler'))).toBe('40/9');
    expect(r(heroAccuracy(silent(), s, MELEE, 1, 'source'))).toBe('4/1');
  });
});

describe('starting kits at level 1 (pd-facts §1.1, "Effective numbers at level 1")', () => {
  // One row per class: melee attackSkill, dodge, melee delay (milliturns), thrown attackSkill
  // (non-adjacent, adjacent), thrown delay. Source edition.
  const rows = [
    { id: 'warrior', weapon: 'short-sword', melee: 10, dodge: 5, delay: 1000, missile: 'dart', far: 4, near: 2, throwDelay: 1000 },
    { id: 'mage', weapon: 'knuckleduster', melee: 10, dodge: 5, delay: 500, missile: undefined, far: 0, near: 0, throwDelay: 0 },
    { id: 'rogue', weapon: 'dagger', melee: 12, dodge: 6, delay: 1000, missile: 'dart', far: 10, near: 5, throwDelay: 1000 },
    { id: 'huntress', weapon: 'dagger', melee: 12, dodge: 5, delay: 1000, missile: 'boomerang', far: 10, near: 5, throwDelay: 1000 },
  ] as const;
  it.each(rows)('$id: melee $melee, dodge $dodge, delay $delay', (row) => {
    const s = sheet({ cls: row.id, level: 1, weapon: row.weapon, armour: 'cloth-armour' });
    expect(r(heroAccuracy(silent(), s, MELEE, 1, 'source'))).toBe(`${row.melee}/1`);
    expect(r(heroDodge(silent(), s, false, 'source'))).toBe(`${row.dodge}/1`);
    expect(heroMeleeDelay(s)).toBe(row.delay);
    if (row.missile) {
      expect(r(heroAccuracy(silent(), s, thrown(row.missile), 2, 'source'))).toBe(`${row.far}/1`);
      expect(r(heroAccuracy(silent(), s, thrown(row.missile), 1, 'source'))).toBe(`${row.near}/1`);
      expect(heroThrowDelay(s, missile(row.missile))).toBe(row.throwDelay);
    }
  });
  it('the hero presets in heroes.json start with those kits', () => {
    for (const row of rows) {
      const h = tables.heroes.find((x) => x.id === row.id);
      expect(h?.class).toBe(row.id);
      expect(h?.level).toBe(1);
      expect(h?.weapon).toBe(row.weapon);
      expect(h?.armour).toBe('cloth-armour');
    }
    expect(tables.heroes.find((x) => x.id === 'rogue')?.ringOfShadows).toBe(1);
  });
});

describe('melee weapons (pd-facts §3.1 table; research note, "Melee weapons")', () => {
  // One row per weapon of the facts sheet: tier, ACU, DLY, STR, min, max at +0 in the game.
  const rows = [
    { id: 'knuckleduster', tier: 1, acu: 1.0, dly: 0.5, str: 10, min: 1, max: 5 },
    { id: 'dagger', tier: 1, acu: 1.2, dly: 1.0, str: 10, min: 1, max: 8 },
    { id: 'short-sword', tier: 1, acu: 1.0, dly: 1.0, str: 11, min: 1, max: 12 },
    { id: 'quarterstaff', tier: 2, acu: 1.0, dly: 1.0, str: 12, min: 2, max: 12 },
    { id: 'spear', tier: 2, acu: 1.0, dly: 1.5, str: 12, min: 2, max: 18 },
    { id: 'sword', tier: 3, acu: 1.0, dly: 1.0, str: 14, min: 3, max: 16 },
    { id: 'mace', tier: 3, acu: 1.0, dly: 0.8, str: 14, min: 3, max: 12 },
    { id: 'longsword', tier: 4, acu: 1.0, dly: 1.0, str: 16, min: 4, max: 22 },
    { id: 'battle-axe', tier: 4, acu: 1.2, dly: 1.0, str: 16, min: 4, max: 18 },
    { id: 'war-hammer', tier: 5, acu: 1.2, dly: 1.0, str: 18, min: 5, max: 24 },
    { id: 'glaive', tier: 5, acu: 1.0, dly: 1.0, str: 18, min: 5, max: 30 },
  ];

  /** The spoiler's exact arithmetic: floor((t^2 - t + 10) x DLY / ACU), in tenths. */
  const exactMax = (tier: number, acu: number, dly: number): number =>
    Math.floor(((tier * tier - tier + 10) * Math.round(dly * 10)) / Math.round(acu * 10));

  it('the data holds every weapon of the table, and nothing else', () => {
    expect(tables.meleeWeapons.map((w) => w.id).sort()).toEqual(rows.map((x) => x.id).sort());
  });

  it.each(rows)('$id: tier $tier, ACU $acu, DLY $dly, STR $str; source $min-$max', (row) => {
    const w = weapon(row.id);
    expect(w.tier).toBe(row.tier);
    expect(w.accuracy).toBe(row.acu);
    expect(w.delay).toBe(row.dly);
    expect(meleeStrength(w, 0)).toBe(row.str);
    expect(meleeDamageRange(w, 0, 'source')).toEqual({ min: row.min, max: row.max });
  });

  it.each(rows)('$id: spoiler range uses exact arithmetic', (row) => {
    const w = weapon(row.id);
    // The short sword overrides its maximum (12) in both editions.
    const max = row.id === 'short-sword' ? 12 : exactMax(row.tier, row.acu, row.dly);
    expect(meleeDamageRange(w, 0, 'spoiler')).toEqual({ min: row.min, max });
  });

  it('only the war hammer differs between the editions: 5-25 (seed) against 5-24 (game)', () => {
    const differ = rows.filter((x) => meleeRangeDiverges(weapon(x.id), 0)).map((x) => x.id);
    expect(differ).toEqual(['war-hammer']);
    expect(meleeDamageRange(weapon('war-hammer'), 0, 'spoiler')).toEqual({ min: 5, max: 25 });
    expect(meleeDamageRange(weapon('war-hammer'), 0, 'source')).toEqual({ min: 5, max: 24 });
  });

  it('upgrades: min + level, max + level x tier, strength - level (both editions)', () => {
    for (const row of rows) {
      const w = weapon(row.id);
      const spoiler0 = row.id === 'short-sword' ? 12 : exactMax(row.tier, row.acu, row.dly);
      for (let level = 0; level <= 4; level++) {
        expect(meleeDamageRange(w, level, 'source')).toEqual({ min: row.min + level, max: row.max + level * row.tier });
        expect(meleeDamageRange(w, level, 'spoiler')).toEqual({ min: row.min + level, max: spoiler0 + level * row.tier });
        expect(meleeStrength(w, level)).toBe(row.str - level);
      }
    }
  });
});

describe('armour (pd-facts §4 table)', () => {
  // tier, STR, DR at +0
  const rows = [
    { id: 'cloth-armour', tier: 1, str: 9, dr: 2 },
    { id: 'leather-armour', tier: 2, str: 11, dr: 4 },
    { id: 'mail-armour', tier: 3, str: 13, dr: 6 },
    { id: 'scale-armour', tier: 4, str: 15, dr: 8 },
    { id: 'plate-armour', tier: 5, str: 17, dr: 10 },
  ];
  it('the data holds exactly these armours', () => {
    expect(tables.armours.map((a) => a.id).sort()).toEqual(rows.map((x) => x.id).sort());
  });
  it.each(rows)('$id: tier $tier, STR 7 + 2 x tier = $str, DR tier x 2 = $dr, +n: DR + tier x n', (row) => {
    const a = armour(row.id);
    expect(a.tier).toBe(row.tier);
    expect(armourStrength(a, 0)).toBe(row.str);
    expect(armourDr(a, 0)).toBe(row.dr);
    for (let n = 0; n <= 5; n++) {
      expect(armourDr(a, n)).toBe(row.dr + row.tier * n);
      expect(armourStrength(a, n)).toBe(row.str - n);
    }
  });
});

describe('hero dodge (pd-facts §1.3)', () => {
  // "Dodge with heavy armour, base 5 (level 1) and base 10 (level 6)", aEnc 1..7.
  const table = [
    { aEnc: 1, base5: 3, base10: 6 },
    { aEnc: 2, base5: 2, base10: 4 },
    { aEnc: 3, base5: 1, base10: 2 },
    { aEnc: 4, base5: 0, base10: 1 },
    { aEnc: 5, base5: 0, base10: 1 },
    { aEnc: 6, base5: 0, base10: 0 },
    { aEnc: 7, base5: 0, base10: 0 },
  ];
  it.each(table)('source, plate armour (STR 17) short by $aEnc: base 5 -> $base5, base 10 -> $base10', ({ aEnc, base5, base10 }) => {
    const strength = 17 - aEnc;
    for (const c of ['warrior', 'mage', 'rogue', 'huntress'] as const) {
      expect(r(heroDodge(silent(), sheet({ cls: c, level: 1, strength, armour: 'plate-armour' }), false, 'source'))).toBe(`${base5}/1`);
      expect(r(heroDodge(silent(), sheet({ cls: c, level: 6, strength, armour: 'plate-armour' }), false, 'source'))).toBe(`${base10}/1`);
    }
  });
  it.each(table)('spoiler keeps the exact quotient: base x (2/3)^$aEnc', ({ aEnc }) => {
    const strength = 17 - aEnc;
    const d = heroDodge(silent(), sheet({ cls: 'warrior', level: 1, strength, armour: 'plate-armour' }), false, 'spoiler');
    expect(BigInt(d.num) * 3n ** BigInt(aEnc)).toBe(BigInt(d.den) * 5n * 2n ** BigInt(aEnc));
  });
  it('Rogue: +1 dodge per spare strength point when the armour is light enough (pd-facts §0.4)', () => {
    expect(r(heroDodge(silent(), sheet({ cls: 'rogue', level: 1, armour: 'cloth-armour' }), false, 'source'))).toBe('6/1');
    expect(r(heroDodge(silent(), sheet({ cls: 'rogue', level: 1, strength: 14, armour: 'cloth-armour' }), false, 'source'))).toBe('10/1');
    // Other classes get no such bonus.
    expect(r(heroDodge(silent(), sheet({ cls: 'warrior', level: 1, strength: 14, armour: 'cloth-armour' }), false, 'source'))).toBe('5/1');
    // Nor does a Rogue without armour (aEnc = 0).
    expect(r(heroDodge(silent(), sheet({ cls: 'rogue', level: 1, strength: 14 }), false, 'source'))).toBe('5/1');
  });
  it('source: paralysis halves the hero\'s dodge (then truncates)', () => {
    expect(r(heroDodge(silent(), sheet({ cls: 'warrior', level: 1 }), true, 'source'))).toBe('2/1'); // 5 x 0.5 = 2.5
    expect(r(heroDodge(silent(), sheet({ cls: 'warrior', level: 6 }), true, 'source'))).toBe('5/1');
    expect(r(heroDodge(silent(), sheet({ cls: 'rogue', level: 1, armour: 'cloth-armour' }), true, 'source'))).toBe('3/1'); // 6 x 0.5
    // with heavy armour: trunc(10 x 0.5 / 1.5) = trunc(3.33)
    expect(r(heroDodge(silent(), sheet({ cls: 'warrior', level: 6, strength: 16, armour: 'plate-armour' }), true, 'source'))).toBe('3/1');
  });
});

describe('time costs in milliturns (pd-facts §1.4, §1.5, §0.1, §5)', () => {
  // pd-facts §1.4: step time for aEnc 1..7 (f32), as milliturns.
  const stepTable = [
    { aEnc: 1, step: 1.3 },
    { aEnc: 2, step: 1.69 },
    { aEnc: 3, step: 2.197 },
    { aEnc: 4, step: 2.8561 },
    { aEnc: 5, step: 3.71293 },
    { aEnc: 6, step: 4.82681 },
    { aEnc: 7, step: 6.27485 },
  ];
  it.each(stepTable)('a step in armour short by $aEnc strength costs $step turns', ({ aEnc, step }) => {
    const s = sheet({ cls: 'warrior', level: 1, strength: 17 - aEnc, armour: 'plate-armour' });
    expect(heroMoveDelay(s, false)).toBe(Math.round(step * 1000));
    // crippled: speed halved, so a step takes twice as long
    expect(heroMoveDelay(s, true)).toBe(Math.round(2 * step * 1000));
  });
  it('a step in light armour costs 1 turn, 2 when crippled', () => {
    const s = sheet({ cls: 'warrior', level: 1, armour: 'cloth-armour' });
    expect(heroMoveDelay(s, false)).toBe(1000);
    expect(heroMoveDelay(s, true)).toBe(2000);
  });
  it('monster steps: 1/speed, halved speed when crippled (sewer crab and vampire bat speed 2)', () => {
    expect(monsterMoveDelay(1, false)).toBe(1000);
    expect(monsterMoveDelay(2, false)).toBe(500);
    expect(monsterMoveDelay(1, true)).toBe(2000);
    expect(monsterMoveDelay(2, true)).toBe(1000);
  });
  it('melee delay: DLY x 1.2^enc (research note; pd-facts §0.1)', () => {
    // The seed's Berserker: war hammer short by 3 -> 1.2^3 = 1.728.
    expect(heroMeleeDelay(sheet({ cls: 'warrior', level: 5, strength: 15, weapon: 'war-hammer' }))).toBe(1728);
    expect(heroMeleeDelay(sheet({ cls: 'warrior', level: 5, strength: 18, weapon: 'war-hammer' }))).toBe(1000);
    // mace DLY 0.8, short by 2: 0.8 x 1.44 = 1.152
    expect(heroMeleeDelay(sheet({ cls: 'warrior', level: 1, strength: 12, weapon: 'mace' }))).toBe(1152);
    expect(heroMeleeDelay(sheet({ cls: 'warrior', level: 1, strength: 20, weapon: 'spear' }))).toBe(1500);
    expect(heroMeleeDelay(sheet({ cls: 'warrior', level: 1 }))).toBe(1000);
  });
  it('throw delay: the Huntress counts 2 fewer points of shortfall, the Warrior\'s +3 does not slow (pd-facts §0.1)', () => {
    const jav = { missile: missile('javelin') };
    const shu = { missile: missile('shuriken') };
    // Huntress STR 10, javelin 15: enc 5 - 2 = 3 -> 1.728
    expect(heroThrowDelay(sheet({ cls: 'huntress', level: 1 }), jav.missile)).toBe(1728);
    // Warrior STR 11, javelin 15: enc 4 -> 1.2^4 = 2.0736
    expect(heroThrowDelay(sheet({ cls: 'warrior', level: 1 }), jav.missile)).toBe(2074);
    // Rogue STR 10: enc 5 -> 1.2^5 = 2.48832
    expect(heroThrowDelay(sheet({ cls: 'rogue', level: 1 }), jav.missile)).toBe(2488);
    // Huntress, shuriken (DLY 0.5, STR 13): enc 1 -> 0.6
    expect(heroThrowDelay(sheet({ cls: 'huntress', level: 1 }), shu.missile)).toBe(600);
    expect(heroThrowDelay(sheet({ cls: 'huntress', level: 1, strength: 13 }), shu.missile)).toBe(500);
  });
});
