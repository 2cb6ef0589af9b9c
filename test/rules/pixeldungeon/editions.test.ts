/**
 * Editions: `spoiler` follows seed 002 as written, `source` follows the game's code. One block per
 * divergence of src/rules/pixeldungeon/divergences.ts, each showing the two editions differ
 * exactly as the research note's DISCREPANCIES say, and that a trace names the divergence.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { type Ratio, ratio } from '../../../src/core/ratio.js';
import { ScriptedRng } from '../../../src/core/trace.js';
import type { Edition } from '../../../src/rules/edition.js';
import { type PdAttack, attackOdds, heroAttack, monsterAttack, rollAttack } from '../../../src/rules/pixeldungeon/combat.js';
import { damageDistribution } from '../../../src/rules/pixeldungeon/damage.js';
import { PD_DIVERGENCES, PD_DIVERGENCE_LIST } from '../../../src/rules/pixeldungeon/divergences.js';
import { type HeroAttackKind, type PdDefender, type PdHeroSheet, heroAccuracy, heroDodge, monsterDr } from '../../../src/rules/pixeldungeon/sheet.js';
import { F, MELEE, editionIds, exactLaw, expectFrac, heroDefender, mobDefender, monster, recorder, sheet, silent, thrown, centreDraw } from './helpers.js';

const EDITIONS: Edition[] = ['spoiler', 'source'];
const r = (x: Ratio | null): string => (x === null ? 'null' : `${x.num}/${x.den}`);

/** Builds a hero attack with a recording tracer (building must draw nothing). */
function build(s: PdHeroSheet, kind: HeroAttackKind, d: PdDefender, edition: Edition, distance = 1, fury = false) {
  const t = recorder();
  const a = heroAttack(t, { sheet: s, fury }, kind, d, { edition, distance });
  return { a, ids: editionIds(t.steps) };
}

describe('the divergence registry', () => {
  const ids = [
    'skills-integer',
    'weapon-max-float',
    'gnoll-scout-armour',
    'wand-hit-roll',
    'sniper-armour',
    'excess-strength',
    'missile-class-encumbrance',
    'thrown-adjacent',
    'hero-surprised',
    'assassin-bonus',
  ];
  it('holds exactly the ten divergences, each complete and keyed by its own id', () => {
    expect(Object.keys(PD_DIVERGENCES).sort()).toEqual([...ids].sort());
    expect(PD_DIVERGENCE_LIST.map((d) => d.id).sort()).toEqual([...ids].sort());
    for (const [key, d] of Object.entries(PD_DIVERGENCES)) {
      expect(d.id).toBe(key);
      for (const field of [d.section, d.spoiler, d.source, d.where]) expect(field.trim().length).toBeGreaterThan(0);
    }
  });
});

describe('skills-integer: accuracy is an int in the game (research, discrepancy 1)', () => {
  const berserker = sheet({ cls: 'warrior', subclass: 'berserker', level: 5, strength: 18, weapon: 'war-hammer' });
  it('16.8 (spoiler) against 16 (source); both traces name the divergence', () => {
    const sp = recorder();
    const so = recorder();
    expect(r(heroAccuracy(sp, berserker, MELEE, 1, 'spoiler'))).toBe('84/5');
    expect(r(heroAccuracy(so, berserker, MELEE, 1, 'source'))).toBe('16/1');
    expect(editionIds(so.steps)).toContain('skills-integer');
    // The spoiler keeps the fraction, and says which reading it follows.
    expect(editionIds(sp.steps)).toContain('skills-integer');
    // And the odds against the scout's dodge 4: 37/42 against 7/8.
    const scout = mobDefender('gnoll-scout');
    expectFrac(attackOdds(build(berserker, MELEE, scout, 'spoiler').a).hit, F(37, 42));
    expectFrac(attackOdds(build(berserker, MELEE, scout, 'source').a).hit, F(7, 8));
  });
  it('dodge is an int too: 10/3 (spoiler) against 3 (source) in armour one point too heavy, named in the source trace', () => {
    // Level 6 warrior would be 10; plate armour (STR 17) at STR 16: 10 / 1.5 = 6.67. Level 1: 5 / 1.5 = 3.33.
    const s = sheet({ cls: 'warrior', level: 1, strength: 16, armour: 'plate-armour' });
    const so = recorder();
    expect(r(heroDodge(silent(), s, false, 'spoiler'))).toBe('10/3');
    expect(r(heroDodge(so, s, false, 'source'))).toBe('3/1');
    // The registry entry covers dodge ("Accuracy (and dodge) are real numbers"), so the trace should say so.
    expect(editionIds(so.steps)).toContain('skills-integer');
  });
  it('does not apply (and is not named) when the product is already an integer', () => {
    const t = recorder();
    expect(r(heroAccuracy(t, sheet({ cls: 'warrior', level: 1, weapon: 'short-sword' }), MELEE, 1, 'source'))).toBe('10/1');
    expect(editionIds(t.steps)).not.toContain('skills-integer');
  });
});

describe('weapon-max-float: the war hammer 5-25 (seed) against 5-24 (game)', () => {
  it('the attack rolls NormalIntRange(5,25) in the spoiler edition and (5,24) in the source; both traces name it', () => {
    const s = sheet({ cls: 'warrior', level: 5, strength: 18, weapon: 'war-hammer' });
    const sp = build(s, MELEE, mobDefender('rat'), 'spoiler');
    const so = build(s, MELEE, mobDefender('rat'), 'source');
    expect(sp.a.roll).toEqual({ kind: 'normal', min: 5, max: 25 });
    expect(so.a.roll).toEqual({ kind: 'normal', min: 5, max: 24 });
    expect(sp.ids).toContain('weapon-max-float');
    expect(so.ids).toContain('weapon-max-float');
  });
  it('a weapon whose range is the same in both editions is not flagged', () => {
    const s = sheet({ cls: 'warrior', level: 5, strength: 18, weapon: 'glaive' });
    for (const e of EDITIONS) {
      const b = build(s, MELEE, mobDefender('rat'), e);
      expect(b.a.roll).toEqual({ kind: 'normal', min: 5, max: 30 });
      expect(b.ids).not.toContain('weapon-max-float');
    }
  });
});

describe('gnoll-scout-armour: armour 4 (seed) against dr() = 2 (game)', () => {
  it('monsterDr and the built attack absorb 0..4 or 0..2; the source trace names it', () => {
    const so = recorder();
    expect(monsterDr(silent(), monster('gnoll-scout'), 'spoiler')).toBe(4);
    expect(monsterDr(so, monster('gnoll-scout'), 'source')).toBe(2);
    expect(editionIds(so.steps)).toEqual(['gnoll-scout-armour']);
    const s = sheet({ cls: 'warrior', level: 5, strength: 18, weapon: 'war-hammer' });
    expect(build(s, MELEE, mobDefender('gnoll-scout'), 'spoiler').a.absorb).toBe(4);
    const b = build(s, MELEE, mobDefender('gnoll-scout'), 'source');
    expect(b.a.absorb).toBe(2);
    expect(b.ids).toContain('gnoll-scout-armour');
  });
  it('its HP 12 and dodge 4 agree in both (research, discrepancy 3); other monsters have one armour', () => {
    expect(monster('gnoll-scout').hp).toBe(12);
    expect(monster('gnoll-scout').defenseSkill).toBe(4);
    const t = recorder();
    expect(monsterDr(t, monster('rat'), 'spoiler')).toBe(1);
    expect(monsterDr(t, monster('rat'), 'source')).toBe(1);
    expect(editionIds(t.steps)).toEqual([]);
  });
});

describe('wand-hit-roll: "magic (eg. Wand) x2" (seed) against wands never rolling (game)', () => {
  const mage = sheet({ cls: 'mage', level: 5 });
  const wand: HeroAttackKind = { kind: 'wand' };
  it('spoiler: accuracy 14 doubled against dodge 4 -> 1 - 4/56 = 13/14; source: no roll, always hits', () => {
    const sp = build(mage, wand, mobDefender('gnoll-scout'), 'spoiler');
    const so = build(mage, wand, mobDefender('gnoll-scout'), 'source');
    expect(r(sp.a.accuracy)).toBe('14/1');
    expect(sp.a.magic).toBe(true);
    expectFrac(attackOdds(sp.a).hit, F(13, 14));
    expect(so.a.accuracy).toBeNull();
    expectFrac(attackOdds(so.a).hit, Fraction.ONE);
    expect(sp.ids).toContain('wand-hit-roll');
    expect(so.ids).toContain('wand-hit-roll');
  });
  it('both: damage uniform 1..5 at +0 (Int(1, 6)), 1..9 at +2, armour does not apply', () => {
    for (const e of EDITIONS) {
      const a = heroAttack(silent(), { sheet: mage, fury: false }, wand, mobDefender('gnoll-scout'), { edition: e, distance: 3 });
      expect(a.roll).toEqual({ kind: 'uniform', min: 1, max: 5 });
      expect(a.absorb).toBeNull();
      const a2 = heroAttack(silent(), { sheet: mage, fury: false }, wand, mobDefender('gnoll-scout'), { edition: e, distance: 3 }, 2);
      expect(a2.roll).toEqual({ kind: 'uniform', min: 1, max: 9 });
    }
  });
  it('source: rolling the bolt draws only the damage', () => {
    const a = heroAttack(silent(), { sheet: mage, fury: false }, wand, mobDefender('gnoll-scout'), { edition: 'source', distance: 3 });
    const rng = new ScriptedRng([2]);
    expect(rollAttack(silent(rng), a)).toEqual({ hit: true, damage: 3 });
    expect(rng.ranges).toEqual([5]);
  });
});

describe('sniper-armour: "If the Sniper is attacking, the damage reduction is 0" (seed) against thrown only (game)', () => {
  const sniper = sheet({ cls: 'huntress', subclass: 'sniper', level: 8, strength: 13, weapon: 'quarterstaff' });
  it('melee: ignored in the spoiler edition, absorbed in the source; both traces name it', () => {
    const sp = build(sniper, MELEE, mobDefender('gnoll-scout'), 'spoiler');
    const so = build(sniper, MELEE, mobDefender('gnoll-scout'), 'source');
    expect(sp.a.sniperIgnoresArmour).toBe(true);
    expect(so.a.sniperIgnoresArmour).toBe(false);
    expect(so.ids).toContain('sniper-armour');
    // Source melee: NIR(2,12) - IntRange(0,2) reaches 0; the spoiler's never goes below the roll.
    expect(damageDistribution(so.a).min).toBe(0);
    expect(damageDistribution(sp.a).min).toBe(2);
  });
  it('thrown: ignored in both editions', () => {
    for (const e of EDITIONS) {
      const b = build(sniper, thrown('javelin'), mobDefender('golem'), e, 3);
      expect(b.a.sniperIgnoresArmour).toBe(true);
      expect(damageDistribution(b.a).min).toBeGreaterThanOrEqual(2);
    }
  });
  it('a non-Sniper never ignores armour', () => {
    for (const e of EDITIONS) {
      expect(build(sheet({ cls: 'huntress', level: 8, strength: 13, weapon: 'quarterstaff' }), thrown('javelin'), mobDefender('golem'), e, 3).a.sniperIgnoresArmour).toBe(false);
    }
  });
});

describe('excess-strength: unconditional (seed) against melee for non-Huntresses, missiles for the Huntress (game)', () => {
  // One row per (class, attack): spare strength, spoiler bonus, source bonus.
  const rows = [
    { what: 'Warrior melee, STR 20 with the glaive (18)', s: sheet({ cls: 'warrior', level: 5, strength: 20, weapon: 'glaive' }), kind: MELEE, spoiler: 2, source: 2 },
    { what: 'Warrior thrown dart (10), STR 13', s: sheet({ cls: 'warrior', level: 5, strength: 13 }), kind: thrown('dart'), spoiler: 3, source: 0 },
    { what: 'Huntress melee quarterstaff (12), STR 13', s: sheet({ cls: 'huntress', level: 5, strength: 13, weapon: 'quarterstaff' }), kind: MELEE, spoiler: 1, source: 0 },
    { what: 'Huntress thrown dart (10), STR 13', s: sheet({ cls: 'huntress', level: 5, strength: 13 }), kind: thrown('dart'), spoiler: 3, source: 3 },
    { what: 'Rogue thrown dart (10), STR 12', s: sheet({ cls: 'rogue', level: 5, strength: 12 }), kind: thrown('dart'), spoiler: 2, source: 0 },
  ];
  it.each(rows)('$what: spoiler 0..$spoiler, source 0..$source', ({ s, kind, spoiler, source }) => {
    const sp = build(s, kind, mobDefender('rat'), 'spoiler', 2);
    const so = build(s, kind, mobDefender('rat'), 'source', 2);
    expect(sp.a.excess).toBe(spoiler);
    expect(so.a.excess).toBe(source);
    expect(so.ids).toContain('excess-strength');
    // The damage ceiling moves with the bonus.
    expect(damageDistribution(sp.a).max - damageDistribution(so.a).max).toBe(spoiler - source);
  });
  it('weakness removes 2 points of spare strength (both editions)', () => {
    const s = sheet({ cls: 'warrior', level: 5, strength: 20, weapon: 'war-hammer', weakened: true });
    for (const e of EDITIONS) expect(build(s, MELEE, mobDefender('rat'), e).a.excess).toBe(0);
  });
});

describe('missile-class-encumbrance: Warrior +3, Huntress -2 with missiles (game only)', () => {
  const rows = [
    // Warrior STR 11, dart 10: spoiler no penalty (10); source enc 2 -> 10/2.25 = 4.44 -> 4.
    { what: 'Warrior dart', s: sheet({ cls: 'warrior', level: 1 }), m: 'dart', spoiler: '10/1', source: '4/1', named: true },
    // Huntress STR 10, javelin 15: spoiler 10 x (2/3)^5 = 320/243; source enc 3 -> 10/3.375 = 2.96 -> 2.
    { what: 'Huntress javelin', s: sheet({ cls: 'huntress', level: 1 }), m: 'javelin', spoiler: '320/243', source: '2/1', named: true },
    // Rogue: no class term. STR 10, javelin 15: enc 5 both; source 10/7.59 = 1.31 -> 1.
    { what: 'Rogue javelin', s: sheet({ cls: 'rogue', level: 1 }), m: 'javelin', spoiler: '320/243', source: '1/1', named: false },
  ];
  it.each(rows)('$what: spoiler $spoiler, source $source (target 2 cells away)', ({ s, m, spoiler, source, named }) => {
    const sp = recorder();
    const so = recorder();
    expect(r(heroAccuracy(sp, s, thrown(m), 2, 'spoiler'))).toBe(spoiler);
    expect(r(heroAccuracy(so, s, thrown(m), 2, 'source'))).toBe(source);
    // Named in both editions exactly when the class has a missile term (the spoiler ignores it).
    expect(editionIds(so.steps).includes('missile-class-encumbrance')).toBe(named);
    expect(editionIds(sp.steps).includes('missile-class-encumbrance')).toBe(named);
  });
  it('the Warrior\'s term does not touch melee', () => {
    const s = sheet({ cls: 'warrior', level: 1, weapon: 'short-sword' });
    expect(r(heroAccuracy(silent(), s, MELEE, 1, 'source'))).toBe('10/1');
  });
});

describe('thrown-adjacent: a weapon thrown at an adjacent target has accuracy x 0.5 (game only)', () => {
  const rogue = sheet({ cls: 'rogue', level: 1 });
  it('Rogue dart: 10 at range in both editions; adjacent 10 (spoiler) against 5 (source), named in both traces', () => {
    for (const e of EDITIONS) expect(r(heroAccuracy(silent(), rogue, thrown('dart'), 2, e))).toBe('10/1');
    const sp = recorder();
    const so = recorder();
    expect(r(heroAccuracy(sp, rogue, thrown('dart'), 1, 'spoiler'))).toBe('10/1');
    expect(r(heroAccuracy(so, rogue, thrown('dart'), 1, 'source'))).toBe('5/1');
    expect(editionIds(so.steps)).toContain('thrown-adjacent');
    expect(editionIds(sp.steps)).toContain('thrown-adjacent');
  });
  it('melee at distance 1 is not halved', () => {
    expect(r(heroAccuracy(silent(), sheet({ cls: 'rogue', level: 1, weapon: 'dagger' }), MELEE, 1, 'source'))).toBe('12/1');
  });
});

describe('hero-surprised: the hero can be surprised (seed) against never (game)', () => {
  const warrior = sheet({ cls: 'warrior', level: 1, armour: 'cloth-armour' });
  const scoutHits = (d: PdDefender, e: Edition) => {
    const t = recorder();
    const a = monsterAttack(t, monster('gnoll-scout'), false, { kind: 'melee' }, d, { edition: e, distance: 1 });
    return { a, ids: editionIds(t.steps) };
  };
  it('a hero who had not seen the attacker: dodge 0 (spoiler, certain hit) against 5 (source, 11 vs 5 = 17/22)', () => {
    const sp = scoutHits(heroDefender(warrior, { sawAttacker: false }), 'spoiler');
    const so = scoutHits(heroDefender(warrior, { sawAttacker: false }), 'source');
    expect(r(sp.a.dodge)).toBe('0/1');
    expect(sp.a.surprise).toBe('unseen');
    expectFrac(attackOdds(sp.a).hit, Fraction.ONE);
    expect(sp.ids).toContain('hero-surprised');
    expect(r(so.a.dodge)).toBe('5/1');
    expect(so.a.surprise).toBeNull();
    expectFrac(attackOdds(so.a).hit, F(17, 22));
  });
  it('the source trace also names the divergence when it is what spares an unaware hero', () => {
    // The divergence applies here: the spoiler edition would have surprised this hero.
    expect(scoutHits(heroDefender(warrior, { sawAttacker: false }), 'source').ids).toContain('hero-surprised');
  });
  it('a paralysed hero: dodge 0 (spoiler) against halved, trunc(5 x 0.5) = 2 (source, 1 - 2/22 = 10/11)', () => {
    const sp = scoutHits(heroDefender(warrior, { paralysed: true }), 'spoiler');
    const so = scoutHits(heroDefender(warrior, { paralysed: true }), 'source');
    expect(r(sp.a.dodge)).toBe('0/1');
    expect(sp.a.surprise).toBe('paralysed');
    expect(r(so.a.dodge)).toBe('2/1');
    expect(so.a.surprise).toBeNull();
    expectFrac(attackOdds(so.a).hit, F(10, 11));
    expect(sp.ids).toContain('hero-surprised');
    expect(so.ids).toContain('hero-surprised');
  });
  it('an aware, free hero has the same dodge in both editions', () => {
    for (const e of EDITIONS) {
      const b = scoutHits(heroDefender(warrior), e);
      expect(r(b.a.dodge)).toBe('5/1');
      expect(b.a.surprise).toBeNull();
      expect(b.ids).not.toContain('hero-surprised');
    }
  });
});

describe('assassin-bonus: +50% (seed) against + Int(1, damage) after armour when the mob had not seen its enemy (game)', () => {
  const assassin = sheet({ cls: 'rogue', subclass: 'assassin', level: 8, strength: 14, weapon: 'sword' });
  it('a sleeping mob: spoiler x1.5 rounded down; source + uniform 1..damage-1; the source roll names it', () => {
    const d = mobDefender('gnoll-scout', { enemySeen: false, state: 'sleeping' });
    const sp = build(assassin, MELEE, d, 'spoiler');
    const so = build(assassin, MELEE, d, 'source');
    expect(sp.a.assassin).toBe('spoiler');
    expect(so.a.assassin).toBe('source');
    // Scripted: absorption 0, sword NIR(3,16): 3 + (7+7)/2 = 10. Spoiler: 15. Source: 10 + Int(1,10) = 10 + 1 + k.
    expect(rollAttack(silent(new ScriptedRng([0, centreDraw(14, 7, 7)])), sp.a)).toEqual({ hit: true, damage: 15 });
    const t = recorder(new ScriptedRng([0, centreDraw(14, 7, 7), 4]));
    expect(rollAttack(t, so.a)).toEqual({ hit: true, damage: 15 });
    expect(t.steps.find((s) => s.kind === 'roll' && s.label.startsWith('Assassin'))).toMatchObject({ lo: 1, hi: 9, value: 5 });
    expect(editionIds(t.steps)).toContain('assassin-bonus');
  });
  it('the two laws differ exactly: for damage x after armour, spoiler floor(1.5x), source x + U{1..x-1}', () => {
    // Fixed damage 10 (uniform 10-10), no armour: spoiler always 15, source 11..19 each 1/9.
    const fixed = (assassinMode: PdAttack['assassin']): PdAttack => ({
      label: 'x',
      accuracy: null,
      magic: false,
      dodge: ratio(0),
      surprise: 'asleep',
      roll: { kind: 'uniform', min: 10, max: 10 },
      excess: 0,
      fury: false,
      absorb: null,
      sniperIgnoresArmour: false,
      waterBoost: false,
      assassin: assassinMode,
    });
    const sp = exactLaw((t) => rollAttack(t, fixed('spoiler')).damage, (v) => v);
    expect([...sp.entries()].map(([k, p]) => [k, p.toString()])).toEqual([[15, '1']]);
    const so = exactLaw((t) => rollAttack(t, fixed('source')).damage, (v) => v);
    expect([...so.keys()].map(Number).sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
    for (const p of so.values()) expectFrac(p, F(1, 9));
  });
  it('a paralysed mob that had seen the hero: surprised (dodge 0) in both, but the game gives no bonus', () => {
    const d = mobDefender('gnoll-scout', { enemySeen: true, paralysed: true, state: 'hunting' });
    const sp = build(assassin, MELEE, d, 'spoiler');
    const so = build(assassin, MELEE, d, 'source');
    expect(r(sp.a.dodge)).toBe('0/1');
    expect(r(so.a.dodge)).toBe('0/1');
    expect(sp.a.assassin).toBe('spoiler');
    expect(so.a.assassin).toBe('none');
  });
  it('an aware mob: no bonus in either edition; a non-Assassin never gets one', () => {
    for (const e of EDITIONS) {
      expect(build(assassin, MELEE, mobDefender('gnoll-scout'), e).a.assassin).toBe('none');
      const rogue = sheet({ cls: 'rogue', level: 8, strength: 14, weapon: 'sword' });
      expect(build(rogue, MELEE, mobDefender('gnoll-scout', { enemySeen: false, state: 'sleeping' }), e).a.assassin).toBe('none');
    }
  });
});
