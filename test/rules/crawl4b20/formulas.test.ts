/**
 * The formulas of seed 001 (Dungeon Crawl 4b20 / AX-Crawl combat) as table-driven tests, and
 * every exact law of the Crawl ruleset checked against enumeration of every roll.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import type { Tracer } from '../../../src/core/trace.js';
import { AUX_KINDS, auxDamageLaw, auxHitChance, auxOdds, choices, planClassicAux as planAux, rollAux } from '../../../src/rules/crawl-family/aux.js';
import { armourClass, damStat, evasion, hitStat, shieldClass, stealth, strWeight } from '../../../src/rules/crawl-family/character.js';
import {
  damageLaw,
  dammodStep,
  heavyLaw,
  hitChanceFrom,
  latents,
  rollDamage,
  rollGate,
  rollHeavy,
  rollHitTest,
  rollToHit,
  toHitLaw,
} from '../../../src/rules/crawl-family/melee.js';
import { planMain } from '../../../src/rules/crawl4b20/melee.js';
import { weaponSpeed } from '../../../src/rules/crawl-family/time.js';
import { planMonster } from '../../../src/rules/crawl-family/monster-melee.js';
import { blockChance, dodgeLaw, monsterDamageLaw, monsterHitChance, rollMonsterAttack } from '../../../src/rules/crawl4b20/monster-melee.js';
import { runSteps, stepsLaw } from '../../../src/core/rule.js';
import { r2avgLaw, r2limitLaw } from '../../../src/rules/crawl-family/random.js';
import type { Edition } from '../../../src/rules/edition.js';
import { cat, char, exactLaw, expectFrac, F, target } from './helpers.js';

const EDITIONS: Edition[] = ['spoiler', 'source'];

/** Compares a law (value -> probability) with the enumeration of a rolling function. */
function sameLaw(law: { entries(): [number, Fraction][] }, fn: (t: Tracer) => number, maxLeaves?: number): void {
  const got = exactLaw(fn, (v) => v, maxLeaves);
  const want = new Map(law.entries().map(([v, p]) => [v, p.toString()]));
  expect(new Map([...got].map(([v, p]) => [v, p.toString()]))).toEqual(want);
}

describe('1.2.1 strength weights by weapon class (two-handed +2, cap 8, giant clubs 9)', () => {
  const rows: [string | null, number, number, string][] = [
    ['dagger', 2, 2, 'short blades'],
    ['long-sword', 3, 3, 'long swords'],
    ['quarterstaff', 5, 5, 'staves: 3, really 5 after the two-hand bonus'],
    ['halberd', 5, 5, 'polearms: most are 5 for two hands'],
    ['spear', 3, 4, 'a hand-and-a-half polearm: +1 without a shield (source)'],
    ['hand-axe', 6, 6, 'axes'],
    ['battleaxe', 8, 8, 'two-handed axe: 6 + 2'],
    ['mace', 7, 7, 'maces and flails'],
    ['great-mace', 8, 8, 'two-handed mace: 7 + 2, capped at 8'],
    ['giant-club', 9, 9, 'giant clubs cap at 9'],
    ['whip', 2, 2, 'whips'],
    ['quick-blade', 1, 1, 'quick blade'],
    [null, 5, 4, 'bare hands: OTHER 5 in the seed, 4 in the code'],
  ];
  it.each(rows)('%s: spoiler %i, source %i (%s)', (weapon, spoiler, source) => {
    const c = char({ species: 'ogre', ...(weapon ? { weapon: { item: weapon } } : {}) });
    expect(strWeight(c, 'spoiler')).toBe(spoiler);
    expect(strWeight(c, 'source')).toBe(source);
  });
  it('a hand-and-a-half weapon with a shield gets no extra weight', () => {
    expect(strWeight(char({ weapon: { item: 'spear' }, armour: [{ item: 'shield' }] }), 'source')).toBe(3);
  });
});

describe('1.1 and 1.2: the classic and the new stat systems', () => {
  // [Str, Dex, weapon, damage stat, accuracy stat spoiler, accuracy stat source]
  const rows: [number, number, string, number, number, number][] = [
    [16, 10, 'long-sword', 14, 14, 10],
    [10, 18, 'dagger', 13, 13, 18],
    [18, 8, 'great-mace', 17, 17, 12],
    [12, 12, 'hand-axe', 12, 12, 12],
  ];
  it.each(rows)('new: Str %i Dex %i with a %s: damage %i, accuracy %i (spoiler) / %i (source)', (str, dex, weapon, dam, hitSpoiler, hitSource) => {
    const c = char({ str, dex, weapon: { item: weapon } });
    expect(damStat(c, 'spoiler')).toBe(dam);
    expect(damStat(c, 'source')).toBe(dam);
    expect(hitStat(c, 'spoiler')).toBe(hitSpoiler);
    expect(hitStat(c, 'source')).toBe(hitSource);
  });
  it('classic: damage is Str and accuracy is Dex, whatever the weapon', () => {
    for (const e of EDITIONS) {
      const c = char({ system: 'classic', str: 16, dex: 9, weapon: { item: 'dagger' } });
      expect([damStat(c, e), hitStat(c, e)]).toEqual([16, 9]);
    }
  });
  it('the regular to-hit starts at 15 + accuracy stat / 2', () => {
    const p = planMain(char({ system: 'classic', dex: 17 }), target(10, 0), 'source');
    expect(p.toHitBase).toBe(15 + 8 + 2);
  });
});

describe('1.2.1 the damage multiplier (d1-damage-multiplier), law against enumeration', () => {
  for (const e of EDITIONS) {
    it.each([5, 8, 9, 10, 11, 12, 15, 20])(`${e}: stat %i`, (s) => {
      const step = dammodStep(s, e);
      sameLaw(stepsLaw([step], 13), (t) => runSteps(t, [step], 13));
    });
  }
  it('worked values: a base of 10 at stat 10 stays 10 in the code; the seed makes it 10 x 88 / 78 = 11', () => {
    expect(stepsLaw([dammodStep(10, 'source')], 10).entries().map(([v]) => v)).toEqual([10]);
    expect(stepsLaw([dammodStep(10, 'spoiler')], 10).entries().map(([v]) => v)).toEqual([11]);
  });
  it('source, stat 14: 78 + 2 x random2(3) makes a base of 40 into 40, 41 or 42, and a base of 13 stays 13', () => {
    const law = stepsLaw([dammodStep(14, 'source')], 40);
    for (const v of [40, 41, 42]) expectFrac(law.prob(v), F(1, 3));
    expectFrac(stepsLaw([dammodStep(14, 'source')], 13).prob(13), F(1));
  });
});

describe('2.3 heavy armour, law against enumeration', () => {
  const cases: [string, Parameters<typeof char>[0]][] = [
    ['a shield at shields 2', { weapon: { item: 'mace' }, armour: [{ item: 'shield' }], skills: { shields: 2 } }],
    ['a large shield at shields 5', { weapon: { item: 'mace' }, armour: [{ item: 'large-shield' }], skills: { shields: 5 } }],
    ['a large shield on an ogre', { species: 'ogre', weapon: { item: 'mace' }, armour: [{ item: 'large-shield' }], skills: { shields: 5 } }],
    ['plate mail at armour 3', { weapon: { item: 'mace' }, armour: [{ item: 'plate-mail' }], skills: { armour: 3 } }],
    ['bare hands in banded mail and a shield', { armour: [{ item: 'banded-mail' }, { item: 'shield' }], skills: { armour: 1 } }],
  ];
  for (const e of EDITIONS) {
    it.each(cases)(`${e}: %s`, (_name, spec) => {
      const p = planMain(char(spec), target(10, 0), e);
      sameLaw(heavyLaw(p), (t) => rollHeavy(t, p));
    });
  }
  it('a buckler costs nothing; a shield adds 1 when shields < random2(7)', () => {
    const p = planMain(char({ weapon: { item: 'mace' }, armour: [{ item: 'shield' }], skills: { shields: 2 } }), target(10, 0), 'source');
    expectFrac(heavyLaw(p).prob(1), F(4, 7));
    const b = planMain(char({ weapon: { item: 'mace' }, armour: [{ item: 'buckler' }] }), target(10, 0), 'source');
    expectFrac(heavyLaw(b).prob(0), F(1));
  });
});

describe('2.4 the second-attack gate and the hand-and-a-half bonus (d7), against enumeration', () => {
  const specs: [string, Parameters<typeof char>[0]][] = [
    ['a katana, unarmed 8', { weapon: { item: 'katana' }, skills: { 'unarmed-combat': 8 } }],
    ['a katana in plate, unarmed 14', { weapon: { item: 'katana' }, armour: [{ item: 'plate-mail' }], skills: { 'unarmed-combat': 14 } }],
    ['bare hands in chain mail, unarmed 12', { armour: [{ item: 'chain-mail' }], skills: { 'unarmed-combat': 12, armour: 2 } }],
  ];
  for (const e of EDITIONS) {
    it.each(specs)(`${e}: %s`, (_n, spec) => {
      const p = planMain(char(spec), target(10, 0), e);
      const key = (v: { heavy: number; gate: boolean; hh: boolean }) => `${v.heavy}/${v.gate}/${v.hh}`;
      const got = exactLaw((t) => {
        const heavy = rollHeavy(t, p);
        return { heavy, ...rollGate(t, p, heavy) };
      }, key);
      const want = new Map<string, Fraction>();
      for (const l of latents(p)) want.set(key(l), (want.get(key(l)) ?? Fraction.ZERO).add(l.p));
      expect(new Map([...got].map(([k, v]) => [k, v.toString()]))).toEqual(new Map([...want].map(([k, v]) => [k, v.toString()])));
    });
  }
  it('source: the bonus needs the gate to fail; spoiler: the gate\'s d20 roll to succeed', () => {
    const c = char({ weapon: { item: 'katana' }, skills: { 'unarmed-combat': 20 } });
    const hh = (e: Edition) => latents(planMain(c, target(10, 0), e)).filter((l) => l.hh).reduce((n, l) => n.add(l.p), Fraction.ZERO);
    expectFrac(hh('source'), F(0));
    expectFrac(hh('spoiler'), F(1));
  });
});

describe('4.1 the regular to-hit, law against enumeration', () => {
  const specs: [string, Parameters<typeof char>[0]][] = [
    ['an elven dagger with Sure Blade 2 (elf)', { species: 'elf', weapon: { item: 'dagger', race: 'elven', plus: 2 }, skills: { fighting: 1, 'short-blades': 1 }, effects: { sureBlade: 2 } }],
    ['a katana held in both hands', { weapon: { item: 'katana' }, skills: { fighting: 2, 'long-blades': 1 } }],
    ['confusing touch', { skills: { 'unarmed-combat': 2 }, dex: 6, effects: { confusingTouch: 5 } }],
    ['spider form', { form: 'spider', skills: { fighting: 1 } }],
    ['a ring of slaying and an amulet of inaccuracy, starving', { weapon: { item: 'club' }, jewellery: [{ item: 'ring-of-slaying', plus: 3, plus2: 2 }, { item: 'amulet-of-inaccuracy' }], effects: { hunger: 900 } }],
  ];
  for (const e of EDITIONS) {
    it.each(specs)(`${e}: %s`, (_n, spec) => {
      const p = planMain(char(spec), target(12, 0), e);
      for (const hh of [false, true]) sameLaw(toHitLaw(p, 1, hh), (t) => rollToHit(t, p, 1, hh), 2_000_000);
    });
  }
  it('air form: the to-hit is 0', () => {
    expect(toHitLaw(planMain(char({ form: 'air' }), target(5, 0), 'source'), 0, false).entries().map(([v]) => v)).toEqual([0]);
  });
  it('the hit test (d10): spoiler roll > EV; source roll >= EV, or 1 in 30, or a monster at energy 60 or less', () => {
    for (const e of EDITIONS) {
      for (const low of [false, true]) {
        const p = planMain(char({ weapon: { item: 'club' }, skills: { stabbing: 4 } }), target(20, 0, { lowEnergy: low }), e);
        const law = toHitLaw(p, 0, false);
        const got = exactLaw((t) => (rollHitTest(t, p, rollToHit(t, p, 0, false)) ? 1 : 0), (v) => v);
        expectFrac(got.get(1) ?? F(0), hitChanceFrom(p, law));
      }
    }
  });
});

describe('3.1 and 3.2 damage, law against enumeration', () => {
  const specs: [string, Parameters<typeof char>[0], number][] = [
    ['a +0,+2 hand axe, Str 14', { str: 14, weapon: { item: 'hand-axe', plus2: 2 }, skills: { fighting: 2, axes: 2 } }, 0],
    ['a -2 dwarven mace for a dwarf', { species: 'hill-dwarf', str: 8, weapon: { item: 'mace', plus2: -2, race: 'dwarven' }, skills: { fighting: 1 } }, 0],
    ['an orcish club for a hill orc, mighty and starving', { species: 'hill-orc', weapon: { item: 'club', race: 'orcish' }, effects: { might: 5, hunger: 500 } }, 0],
    ['troll claws, no gloves', { species: 'troll', skills: { 'unarmed-combat': 2 } }, 0],
    ['a dagger stab on a sleeper', { dex: 15, weapon: { item: 'dagger' }, skills: { stabbing: 4, 'short-blades': 1 } }, 1],
    ['a long sword stab on a fleeing monster', { weapon: { item: 'long-sword' }, skills: { stabbing: 6 } }, 2],
  ];
  for (const e of EDITIONS) {
    it.each(specs)(`${e}: %s`, (_n, spec, stab) => {
      const p = planMain(char(spec), target(10, 3), e);
      for (const hh of [false, true]) sameLaw(damageLaw(p, hh, stab), (t) => rollDamage(t, p, hh, stab), 2_000_000);
    });
  }
  it('3.2 a): bare hands start at 3 (+ unarmed skill); confusing touch at 0', () => {
    expect(planMain(char({ skills: { 'unarmed-combat': 4 } }), target(1, 0), 'source').damageBase).toBe(7);
    expect(planMain(char({ effects: { confusingTouch: 3 } }), target(1, 0), 'source').damageBase).toBe(0);
  });
  it('3.2 c) claws (d4-claws-gloves): troll +5, ghoul +2, claws +2 a level; without gloves in source, with gloves in the seed', () => {
    const rows: [string, number, boolean, number, number][] = [
      ['troll', 0, false, 8, 3],
      ['troll', 0, true, 3, 8],
      ['ghoul', 0, false, 5, 3],
      ['human', 2, false, 7, 3],
      ['human', 2, true, 3, 7],
    ];
    for (const [species, claws, gloves, source, spoiler] of rows) {
      const c = char({ species, mutations: { claws }, armour: gloves ? [{ item: 'gloves' }] : [] });
      expect([planMain(c, target(1, 0), 'source').damageBase, planMain(c, target(1, 0), 'spoiler').damageBase]).toEqual([source, spoiler]);
    }
  });
});

describe('3.2 c) and 4.1 m) every transformation', () => {
  // [form, damage base with Str 10, Dex 10, unarmed 0 (the form's own stat changes applied), to-hit die, brand]
  const rows: [string, number, number, string | undefined][] = [
    ['spider', 9, 10, 'venom'],
    ['blade-hands', 12 + 2 + 2, 12, undefined],
    ['statue', 12 + 12, 9, undefined],
    ['ice-beast', 10, 10, 'freezing'],
    ['dragon', 20 + 20, 10, undefined],
    ['serpent-of-hell', 20 + 23, 10, undefined],
    ['lich', 5, 10, 'draining'],
    ['air', 0, 0, undefined],
  ];
  it.each(rows)('%s: damage %i, to-hit + random2(%i), brand %s', (form, dmg, die, brand) => {
    const c = char({ form: form as never });
    const p = planMain(c, target(1, 0), 'source');
    expect(p.damageBase).toBe(dmg);
    expect(p.postRollSteps.map((s) => s.label)).toEqual(die > 0 ? [`${cat.forms.get(form as never)?.name} form`] : []);
    expect(p.brand?.brand).toBe(brand);
  });
  it('statue and lich keep the weapon; the others drop it', () => {
    for (const f of ['statue', 'lich', 'dragon', 'spider'] as const) {
      const p = planMain(char({ form: f, weapon: { item: 'mace' } }), target(1, 0), 'source');
      expect([f, p.weapon?.def.id ?? null]).toEqual([f, f === 'statue' || f === 'lich' ? 'mace' : null]);
    }
  });
});

describe('3.3 and 4.2 second attacks', () => {
  it('b) damage bases: kick, headbutt (horns, minotaur, helmet, spikes), tail-slap (stinger, grey draconian), punch (blade hands)', () => {
    const base = (spec: Parameters<typeof char>[0]) => Object.fromEntries(planAux(char(spec), target(1, 0), 'source').kinds.map((k) => [k.kind, k.damage]));
    expect(base({})).toEqual({ kick: 5, headbutt: 5, 'tail-slap': 6, punch: 5 });
    expect(base({ species: 'centaur' }).kick).toBe(10);
    expect(base({ mutations: { hooves: 1 } }).kick).toBe(10);
    expect(base({ mutations: { horns: 2 }, armour: [{ item: 'helmet', desc: 'spiked' }] }).headbutt).toBe(5 + 6 + 2 + 3);
    expect(base({ species: 'minotaur', armour: [{ item: 'cap' }] }).headbutt).toBe(10);
    expect(base({ mutations: { stinger: 2 } })['tail-slap']).toBe(9);
    expect(base({ species: 'grey-draconian', level: 7, mutations: { stinger: 2 } })['tail-slap']).toBe(12);
    expect(base({ skills: { 'unarmed-combat': 9 } }).punch).toBe(8);
    expect(base({ form: 'blade-hands', skills: { 'unarmed-combat': 9 } }).punch).toBe(14);
  });
  it('a kenku pecks (source)', () => {
    expect(planAux(char({ species: 'kenku' }), target(1, 0), 'source').kinds[1]?.name).toBe('peck');
  });
  it('a) the kind chosen: headbutt or kick, a tail-slap on 1 in 3, then a punch on a coinflip', () => {
    const human = choices(planAux(char(), target(1, 0), 'source'));
    expect(Object.fromEntries(human.map((c) => [c.kind, c.p.toString()]))).toEqual({ punch: '1/2', headbutt: '1/4', kick: '1/4' });
    const drac = choices(planAux(char({ species: 'red-draconian' }), target(1, 0), 'source'));
    expect(Object.fromEntries(drac.map((c) => [c.kind, c.p.toString()]))).toEqual({ punch: '1/2', 'tail-slap': '1/6', headbutt: '1/6', kick: '1/6' });
    const naga = choices(planAux(char({ species: 'naga' }), target(1, 0), 'source'));
    expect(Object.fromEntries(naga.map((c) => [c.kind, c.p.toString()]))).toEqual({ punch: '1/2', headbutt: '1/2' });
  });
  it('4.2 the to-hit: 13 + Dex/2 + unarmed/2 + fighting/5, -5 inaccuracy, -3 starving, + slaying', () => {
    const p = planAux(char({ dex: 15, skills: { 'unarmed-combat': 7, fighting: 10 }, jewellery: [{ item: 'ring-of-slaying', plus: 2, plus2: 0 }, { item: 'amulet-of-inaccuracy' }], effects: { hunger: 800 } }), target(5, 0), 'source');
    expect(p.toHit).toBe(13 + 7 + 3 + 2 - 5 - 3 + 2);
  });
  // [case, hero, gate passed, monster hit points (a kill ends the second attacks)]
  // [case, hero, gate passed, monster hit points (a kill ends the second attacks), monster EV]
  const specs: [string, Parameters<typeof char>[0], boolean, number, number][] = [
    ['a human, the gate passed', { skills: { 'unarmed-combat': 3, fighting: 1 } }, true, 6, 14],
    ['a centaur, no gate (hooves only)', { species: 'centaur' }, false, 6, 14],
    ['a minotaur with a shield, the gate passed', { species: 'minotaur', armour: [{ item: 'shield' }] }, true, 6, 14],
    ['a dragon-form human, the gate passed', { form: 'dragon' }, true, 6, 14],
    ['a starving stinger with an amulet of inaccuracy, the gate passed', { dex: 1, mutations: { stinger: 1 }, jewellery: [{ item: 'amulet-of-inaccuracy' }], effects: { hunger: 900 } }, true, 1, 3],
  ];
  for (const e of EDITIONS) {
    it.each(specs)(`${e}: the odds of every outcome of the second attacks: %s`, (_n, spec, gate, hp, ev) => {
      const p = planAux(char(spec), target(ev, 2), e);
      const got = exactLaw((t) => rollAux(t, p, gate, hp), (ev) => JSON.stringify(ev), 3_000_000);
      let total = Fraction.ZERO;
      for (const [k, prob] of got) {
        expectFrac(auxOdds(p, gate, JSON.parse(String(k)), hp), prob);
        total = total.add(prob);
      }
      expectFrac(total, F(1));
    }, 120_000);
  }
  it('each kind\'s damage law against enumeration', () => {
    for (const e of EDITIONS) {
      const p = planAux(char({ str: 14, skills: { 'unarmed-combat': 2, fighting: 2 }, effects: { might: 4 } }), target(3, 2), e);
      for (const k of p.kinds) sameLaw(auxDamageLaw(p, k), (t) => runSteps(t, p.steps(k.damage), k.damage));
      expect(auxHitChance(p).num > 0n).toBe(true);
      // Crawl 4.0 has four kinds; Stone Soup's bite is a fifth.
      expect(p.kinds.map((k) => k.kind)).toEqual(AUX_KINDS.slice(0, 4));
    }
    expect(AUX_KINDS).toEqual(['kick', 'headbutt', 'tail-slap', 'punch', 'bite']);
  });
});

describe('the player\'s defences and time (b20 code; not in the seed)', () => {
  it('EV: human, no armour, dodging 10 is 15; plate at armour 0 is 5, at armour 15 is 9; with dodging 20, 12', () => {
    expect(evasion(char({ skills: { dodging: 10 } }))).toBe(15);
    expect(evasion(char({ armour: [{ item: 'plate-mail' }], skills: { dodging: 10 } }))).toBe(5);
    expect(evasion(char({ armour: [{ item: 'plate-mail' }], skills: { dodging: 10, armour: 15 } }))).toBe(9);
    expect(evasion(char({ armour: [{ item: 'plate-mail' }], skills: { dodging: 20, armour: 15 } }))).toBe(12);
    expect(evasion(char(), true)).toBe(2);
  });
  it('AC per item scaled by armour skill; a naga\'s body armour halves its base; SH by shields skill', () => {
    expect(armourClass(char({ armour: [{ item: 'plate-mail' }, { item: 'helmet' }] }))).toBe(10);
    expect(armourClass(char({ armour: [{ item: 'plate-mail', plus: 2 }], skills: { armour: 15 } }))).toBe(18 + 2);
    expect(armourClass(char({ species: 'naga', level: 6, armour: [{ item: 'chain-mail' }] }))).toBe(6 - 3 + 2);
    expect(armourClass(char({ form: 'air', armour: [{ item: 'plate-mail' }] }))).toBe(20);
    expect(shieldClass(char({ armour: [{ item: 'large-shield' }], skills: { shields: 10 } }))).toBe(10);
  });
  it('stealth: 3 x Dex + stealth skill x the species factor, less heavy armour', () => {
    expect(stealth(char({ dex: 12, skills: { stealth: 4 } }))).toBe(36 + 60);
    expect(stealth(char({ species: 'halfling', dex: 12, skills: { stealth: 4 }, armour: [{ item: 'chain-mail' }] }))).toBe(36 + 72 - 45);
  });
  it('weapon speed: speed - skill / 2, at least half (7 two-handed), +1 shield; quick unarmed 10 - unarmed / 3', () => {
    expect(weaponSpeed(char({ weapon: { item: 'long-sword' }, skills: { 'long-blades': 8 } }), false, null).ws).toBe(10);
    expect(weaponSpeed(char({ weapon: { item: 'long-sword' }, skills: { 'long-blades': 14 } }), false, null).ws).toBe(7);
    expect(weaponSpeed(char({ weapon: { item: 'great-sword' }, skills: { 'long-blades': 27 } }), false, null).ws).toBe(7);
    expect(weaponSpeed(char({ weapon: { item: 'mace' }, armour: [{ item: 'shield' }] }), false, null).ws).toBe(15);
    expect(weaponSpeed(char({ skills: { 'unarmed-combat': 12 } }), false, true).ws).toBe(6);
  });
});

describe('monster attacks on the hero (b20 fight.cc monster_attack; not in the seed)', () => {
  const def = (o: Partial<Parameters<typeof blockChance>[1]> = {}) => ({ ev: 10, dex: 10, sh: 0, ac: 0, heavyPerc: null, seesAttacker: true, paralysed: false, blocks: 0, resist: { fire: 0, cold: 0, poison: false }, undead: false, ...o });
  it('the worked block and hit chances of the engine notes', () => {
    expect(blockChance(5, def({ sh: 10, dex: 15 })).toNumber()).toBeCloseTo(0.3, 2);
    expect(blockChance(5, def({ sh: 10, dex: 15, blocks: 1 })).toNumber()).toBeCloseTo(0.2, 2);
    expect(monsterHitChance(17, def()).toNumber()).toBeCloseTo(0.541, 3);
    expectFrac(monsterHitChance(17, def({ seesAttacker: false })), F(1));
    expect(monsterHitChance(21, def({ ev: 15, dex: 15 })).toNumber()).toBeCloseTo(0.43, 2);
  });
  it('random2limit and random2avg laws', () => {
    sameLaw(r2limitLaw(4, 3), (t) => {
      let n = 0;
      for (let i = 0; i < 4; i++) if (t.roll(0, 2, 'x') >= i) n++;
      return n;
    });
    sameLaw(r2avgLaw(6, 3), (t) => Math.trunc((t.roll(0, 5, 'a') + t.roll(0, 6, 'b') + t.roll(0, 6, 'c')) / 3));
    // random2limit's first step always counts: EV 3 gives at least 1.
    expect(dodgeLaw(def({ ev: 3, dex: 4 })).min).toBe(-1);
  });
  it('every outcome of one attack against enumeration: blocked, missed, or hit for each damage', () => {
    const w = cat.weapons.get('club');
    if (!w) throw new Error('no club');
    const cases = [
      { weapon: null, d: def({ ev: 1, dex: 2, sh: 1, ac: 2, heavyPerc: 20 }) },
      { weapon: { def: w, plus: 1, plus2: -3, orcish: true }, d: def({ ev: 1, dex: 1, ac: 1 }) },
    ];
    for (const { weapon, d } of cases) {
      const plan = planMonster(2, [4], weapon, false);
      const got = exactLaw((t) => rollMonsterAttack(t, plan, 4, d), (r) => (r.blocked ? 'blocked' : r.hit ? `hit ${r.damage}` : 'miss'), 3_000_000);
      const pb = blockChance(2, d);
      const ph = monsterHitChance(plan.toHit, d);
      expectFrac(got.get('blocked') ?? F(0), pb);
      expectFrac(got.get('miss') ?? F(0), pb.complement().mul(ph.complement()));
      for (const [v, p] of monsterDamageLaw(plan, 4, d).entries()) expectFrac(got.get(`hit ${v}`) ?? F(0), pb.complement().mul(ph).mul(p));
    }
  });
});
