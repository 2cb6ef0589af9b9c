import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { type MonsterAttackPlan, monsterRawDamage, rollArmour, rollMonsterRawDamage } from '../crawl-family/monster-melee.js';
import { chance, div, oneIn, r2, r2Law, r2limit, r2limitLaw } from '../crawl-family/random.js';

/**
 * A monster's attacks on a Crawl 4.00 beta 20 hero (fight.cc monster_attack; not in the seed,
 * taken from the code in both editions): the shield block, the dodge roll with EV and Dex and the
 * hit test. The to-hit, damage, AC roll and the monster's own effects are the family's
 * (crawl-family/monster-melee.ts).
 */

export interface Defender {
  readonly ev: number;
  readonly dex: number;
  readonly sh: number;
  readonly ac: number;
  /** Body armour off the light list: perc for the minimum reduction (null: light or none). */
  readonly heavyPerc: number | null;
  /** Sees the attacker (block possible; -2 instead of -14 on the dodge). */
  readonly seesAttacker: boolean;
  readonly paralysed: boolean;
  /** Blocks already made this player turn. */
  readonly blocks: number;
  readonly resist: { readonly fire: number; readonly cold: number; readonly poison: boolean };
  readonly undead: boolean;
}

const canBlock = (d: Defender): boolean => !d.paralysed && d.seesAttacker && d.sh > 0;

/** P(block): random2(15 + HD + 10 b^2) <= random2(SH + random2(Dex) / 5). */
export function blockChance(hd: number, d: Defender): Fraction {
  if (!canBlock(d)) return Fraction.ZERO;
  const con = r2Law(15 + hd + 10 * d.blocks * d.blocks);
  let p = Fraction.ZERO;
  for (const [x, px] of r2Law(d.dex).entries()) {
    const pro = r2Law(d.sh + div(x, 5));
    p = p.add(px.mul(chance(con.combine(pro, (a, b) => (a <= b ? 1 : 0)), (v) => v === 1)));
  }
  return p;
}

/** The dodge value D = random2limit(EV, 40) + random2(Dex) / 3 - (2 seen, 14 unseen). */
export function dodgeLaw(d: Defender): Distribution {
  return r2limitLaw(d.ev, 40).plus(r2Law(d.dex).map((x) => div(x, 3))).map((v) => v - (d.seesAttacker ? 2 : 14));
}

/** P(hit | not blocked): random2(T) >= D, or 1 in 30. */
export function monsterHitChance(toHit: number, d: Defender): Fraction {
  const roll = r2Law(toHit);
  const pass = chance(dodgeLaw(d).combine(roll, (dd, r) => (r >= dd ? 1 : 0)), (v) => v === 1);
  return pass.add(pass.complement().mul(Fraction.of(1, 30)));
}

/** The damage law of one attack with listed damage `mdam` that hit. */
export function monsterDamageLaw(p: MonsterAttackPlan, mdam: number, d: Defender): Distribution {
  const raw = monsterRawDamage(p, mdam);
  let law = raw.law;
  const size = raw.size;
  if (d.ac > 0) {
    const mn = d.heavyPerc !== null ? Math.min(1 + div(size * d.heavyPerc, 100), div(d.ac, 2)) : 0;
    const red = r2Law(d.ac + 1).map((r) => Math.max(r, mn));
    law = law.combine(red, (x, r) => x - r);
  }
  return law.map((v) => (v < 1 ? 0 : v));
}

export interface MonsterHit {
  readonly blocked: boolean;
  readonly hit: boolean;
  readonly damage: number;
}

/** The exact probability of one attack's outcome. */
export function monsterHitOdds(p: MonsterAttackPlan, mdam: number, d: Defender, r: MonsterHit): Fraction {
  const pBlock = blockChance(p.hd, d);
  if (r.blocked) return pBlock;
  const pHit = monsterHitChance(p.toHit, d);
  if (!r.hit) return pBlock.complement().mul(pHit.complement());
  return pBlock.complement().mul(pHit).mul(monsterDamageLaw(p, mdam, d).prob(r.damage));
}

/** One attack of the sequence. */
export function rollMonsterAttack(t: Tracer, p: MonsterAttackPlan, mdam: number, d: Defender): MonsterHit {
  const proX = r2(t, d.dex, 'block: random2(Dex)');
  let blocked = false;
  if (canBlock(d)) {
    const con = 15 + p.hd + 10 * d.blocks * d.blocks;
    const pro = d.sh + div(proX, 5);
    const a = r2(t, con, `block: random2(15 + HD + 10 x ${d.blocks}^2 = ${con})`);
    const b = r2(t, pro, `block: random2(SH ${d.sh} + ${div(proX, 5)})`);
    blocked = t.recording ? t.check('blocked when the attack roll <= the shield roll', a, '<=', b) : a <= b;
  }
  const ev = r2limit(t, d.ev, 40, `dodge: random2limit(EV ${d.ev}, 40)`);
  const dx = div(r2(t, d.dex, 'dodge: random2(Dex) / 3'), 3);
  const D = ev + dx - (d.seesAttacker ? 2 : 14);
  if (blocked) return { blocked: true, hit: false, damage: 0 };
  if (t.recording) t.value('dodge', D, `${ev} from EV ${d.ev} + ${dx} from Dex - ${d.seesAttacker ? '2 (seen)' : '14 (unseen)'}`);
  const roll = r2(t, p.toHit, `to-hit: random2(${p.toHit})`);
  let hit = t.recording ? t.check('to-hit >= dodge', roll, '>=', D) : roll >= D;
  if (!hit && oneIn(t, 30, 'lucky hit: 1 in 30')) hit = true;
  if (!hit) return { blocked: false, hit: false, damage: 0 };
  const raw = rollMonsterRawDamage(t, p, mdam);
  let dmg = raw.dmg;
  if (d.ac > 0) {
    const red = rollArmour(t, raw.size, d.ac, d.heavyPerc);
    if (t.recording) t.mod('armour', dmg, dmg - red, `- ${red}`);
    dmg -= red;
  }
  if (dmg < 1) dmg = 0;
  return { blocked: false, hit: true, damage: dmg };
}

/** Expected damage of a whole attack sequence (for previews): each attack's chance x mean damage. */
export function sequenceMean(p: MonsterAttackPlan, d: Defender): Fraction {
  let e = Fraction.ZERO;
  const hit = blockChance(p.hd, d).complement().mul(monsterHitChance(p.toHit, d));
  for (const m of p.attacks) e = e.add(hit.mul(monsterDamageLaw(p, m, d).mean()));
  return e;
}
