import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { coin, div, oneIn, r2, r2Law } from './random.js';
import type { CrMonsterSpecial, CrWeapon } from './types.js';

/**
 * A monster's attacks on the hero as the whole Crawl family has them (fight.cc monster_attack,
 * 4.00 beta 20, which Stone Soup 0.5.2 keeps): the monster's to-hit and attack list, the damage
 * before armour, the AC roll with heavy armour's minimum, and the monster's own effects on a
 * damaging hit. How the hero's shield and EV meet the attack is each game's own.
 */

export const SECTION_MONSTER = 'crawl-4.0b20#monster-attacks';

/** The hero as a monster's attack sees it. */
export interface MonsterWeapon {
  readonly def: CrWeapon;
  readonly plus: number;
  readonly plus2: number;
  readonly orcish: boolean;
}

/** What a monster's own effects need of the hero: its resistances, and whether it is undead. */
export interface SpecialTarget {
  readonly resist: { readonly fire: number; readonly cold: number; readonly poison: boolean };
  readonly undead: boolean;
}

export interface MonsterAttackPlan {
  readonly hd: number;
  readonly toHit: number;
  readonly toHitText: string;
  readonly weapon: MonsterWeapon | null;
  readonly attacks: readonly number[];
  readonly waterAttack: boolean;
}

export function planMonster(hd: number, attacks: readonly number[], weapon: MonsterWeapon | null, waterAttack: boolean): MonsterAttackPlan {
  let toHit = 16 + hd;
  const parts = [`16 + HD ${hd}`];
  if (waterAttack) {
    toHit += 5;
    parts.push('+5 attacking from the water');
  }
  if (weapon) {
    toHit += weapon.plus + weapon.def.accuracy;
    parts.push(`${weapon.plus >= 0 ? '+' : ''}${weapon.plus} weapon plus, ${weapon.def.accuracy >= 0 ? '+' : ''}${weapon.def.accuracy} ${weapon.def.name}`);
  }
  const list: number[] = [];
  for (const a of attacks) {
    if (a <= 0) break;
    list.push(a);
  }
  return { hd, toHit, toHitText: parts.join(', '), weapon, attacks: list, waterAttack };
}

/** The damage of one attack before armour: its law and the most it can do (heavy armour's minimum reads that). */
export function monsterRawDamage(p: MonsterAttackPlan, mdam: number): { law: Distribution; size: number } {
  let law = Distribution.constant(0);
  let size = 0;
  const w = p.weapon;
  if (w) {
    size = w.def.damage;
    law = r2Law(size);
    if (w.orcish) law = law.plus(Distribution.uniform(0, 1));
    law = law.plus(w.plus2 >= 0 ? r2Law(w.plus2 + 1) : r2Law(Math.abs(w.plus2 + 1)).map((v) => -v));
    law = law.plus(r2Law(3).map((v) => -1 - v));
  }
  size += mdam;
  law = law.plus(r2Law(mdam).map((v) => 1 + v));
  if (p.waterAttack) law = law.map((v) => v * 2);
  return { law, size };
}

/** Rolls the damage of one attack before armour. */
export function rollMonsterRawDamage(t: Tracer, p: MonsterAttackPlan, mdam: number): { dmg: number; size: number } {
  let dmg = 0;
  let size = 0;
  const w = p.weapon;
  if (w) {
    size = w.def.damage;
    dmg = r2(t, size, `${w.def.name}: random2(${size})`);
    if (w.orcish && coin(t, 'orcish weapon: +1 on a coinflip')) dmg += 1;
    dmg += w.plus2 >= 0 ? r2(t, w.plus2 + 1, 'weapon plus') : -r2(t, Math.abs(w.plus2 + 1), 'weapon minus');
    dmg -= 1 + r2(t, 3, 'weapon: - (1 + random2(3))');
  }
  size += mdam;
  dmg += 1 + r2(t, mdam, `attack: 1 + random2(${mdam})`);
  if (p.waterAttack) dmg *= 2;
  return { dmg, size };
}

/** The AC roll against a monster's hit: random2(AC + 1), at least heavy armour's minimum min(1 + size x perc / 100, AC / 2). */
export function rollArmour(t: Tracer, size: number, ac: number, heavyPerc: number | null): number {
  const red = r2(t, ac + 1, `armour: random2(AC ${ac} + 1)`);
  if (heavyPerc === null) return red;
  const mn = Math.min(1 + div(size * heavyPerc, 100), div(ac, 2));
  if (mn > red && t.recording) t.note(`heavy armour stops at least ${mn}`);
  return Math.max(red, mn);
}

export interface SpecialResult {
  readonly extra: number;
  readonly poison: number;
  readonly rot: number;
  readonly rotMaxHp: boolean;
  readonly disease: boolean;
  readonly paralysis: number;
  readonly text: string[];
  readonly p: Fraction;
}

/** The monster's own effect after a hit that did damage (fight.cc, the switch on monster type). */
export function rollSpecial(t: Tracer, s: CrMonsterSpecial, hd: number, dmg: number, d: SpecialTarget): SpecialResult {
  const out = { extra: 0, poison: 0, rot: 0, rotMaxHp: false, disease: false, paralysis: 0, text: [] as string[], p: Fraction.ONE };
  /** `one_chance_in(a) || (dmg > over && one_chance_in(b))`, its result and probability. */
  const trigger = (a: number, over: number, b: number, invertB = false): boolean => {
    const first = oneIn(t, a, `1 in ${a}`);
    const pa = Fraction.of(1, a);
    if (first) {
      out.p = out.p.mul(pa);
      return true;
    }
    if (dmg <= over) {
      out.p = out.p.mul(pa.complement());
      return false;
    }
    const second = oneIn(t, b, `1 in ${b}`) !== invertB;
    const pb = invertB ? Fraction.of(b - 1, b) : Fraction.of(1, b);
    out.p = out.p.mul(pa.complement()).mul(second ? pb : pb.complement());
    return second;
  };
  switch (s.kind) {
    case 'poison':
      if (d.resist.poison) break;
      if (trigger(s.oneIn, s.over, s.chanceIn)) {
        out.poison = s.levels;
        out.text.push('poisoned');
      }
      break;
    case 'paralyse':
      if (d.resist.poison) break;
      if (trigger(20, 2, 3, true)) {
        const n = 1 + r2(t, 3, 'paralysis: 1 + random2(3)');
        out.paralysis = n;
        out.p = out.p.mul(Fraction.of(1, 3));
        out.text.push('paralysed');
      }
      break;
    case 'rot':
      if (d.undead) break;
      if (trigger(20, 2, 3)) {
        out.rot = 1 + r2(t, 3, 'rot: 1 + random2(3)');
        out.p = out.p.mul(Fraction.of(1, 3));
        out.rotMaxHp = dmg > 5;
        out.text.push('rotting');
      }
      if (oneIn(t, 4, 'disease: 1 in 4')) {
        out.disease = true;
        out.p = out.p.mul(Fraction.of(1, 4));
        out.text.push('diseased');
      } else out.p = out.p.mul(Fraction.of(3, 4));
      break;
    case 'cold':
    case 'fire': {
      const k = s.kind === 'cold' ? d.resist.cold : d.resist.fire;
      let x = s.kind === 'cold' ? hd + r2(t, 2 * hd, `cold: HD + random2(2 x HD)`) : 15 + r2(t, 15, 'fire: 15 + random2(15)');
      if (k > 0) x = div(x, 1 + k * k);
      else if (k < 0) x += s.kind === 'cold' ? hd + r2(t, 2 * hd, 'cold vulnerability') : 8 + r2(t, 8, 'fire vulnerability');
      out.extra = x;
      out.p = out.p.mul(elementalLaw(s.kind, hd, k).prob(x));
      out.text.push(s.kind === 'cold' ? `frozen for ${x}` : `burned for ${x}`);
      break;
    }
  }
  return out;
}

/** The law of a cold or fire monster's extra damage against a hero of resistance `k` (1: resists, -1: vulnerable). */
export function elementalLaw(kind: 'cold' | 'fire', hd: number, k: number): Distribution {
  const law = kind === 'cold' ? r2Law(2 * hd).map((v) => hd + v) : r2Law(15).map((v) => 15 + v);
  if (k > 0) return law.map((v) => div(v, 1 + k * k));
  if (k < 0) return law.plus(kind === 'cold' ? r2Law(2 * hd).map((v) => hd + v) : r2Law(8).map((v) => 8 + v));
  return law;
}

/**
 * The law of what a landed attack of damage law `damage` takes in all (the luck meter): a cold or
 * fire monster's extra damage follows a hit that did damage; its other effects take no hit points.
 */
export function withSpecialLaw(damage: Distribution, s: CrMonsterSpecial | undefined, hd: number, d: SpecialTarget): Distribution {
  if (!s || (s.kind !== 'cold' && s.kind !== 'fire')) return damage;
  const extra = elementalLaw(s.kind, hd, s.kind === 'cold' ? d.resist.cold : d.resist.fire);
  return damage.then((x) => (x > 0 ? extra.map((e) => x + e) : Distribution.constant(x)));
}
