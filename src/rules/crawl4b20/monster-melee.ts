import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, armourClass, evasion, lightBody, shieldClass, slot } from '../crawl-family/character.js';
import { type MonsterAttackPlan, monsterRawDamage, rollArmour, rollMonsterRawDamage, SECTION_MONSTER } from '../crawl-family/monster-melee.js';
import { chance, div, oneIn, r2, r2Law, r2limit, r2limitLaw } from '../crawl-family/random.js';
import { type FamilyCtx, type View, heroRules, level, memoOdds, monsterOf, seesMonster, specialTarget } from '../crawl-family/state.js';
import type { MonsterAttackModel, MonsterHit } from '../crawl-family/variant.js';

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

/** The hero as a monster's attack sees it now. */
export function defenderOf(ctx: FamilyCtx, d: View, a: View, c: CrCharacter): Defender {
  const body = slot(c, 'body');
  return {
    ev: evasion(c, level(d, 'paralysis') > 0),
    dex: c.dex,
    sh: shieldClass(c),
    ac: armourClass(c),
    heavyPerc: !lightBody(c) && body ? Math.min(50, 2 * (c.skills.armour + body.def.ac)) : null,
    seesAttacker: seesMonster(c, monsterOf(ctx, a)),
    paralysed: level(d, 'paralysis') > 0,
    blocks: heroRules(d)?.blocks ?? 0,
    ...specialTarget(c),
  };
}

/** A monster's attacks on a Crawl 4.00 beta 20 hero: the shield, then the dodge roll and the hit test, then armour. */
export function b20MonsterAttack(ctx: FamilyCtx, a: View, d: View, c: CrCharacter, _edition: Edition, plan: MonsterAttackPlan): MonsterAttackModel {
  const base = defenderOf(ctx, d, a, c);
  /** A monster attack's odds, remembered by the attack and the hero's defences. */
  const odds = (mdam: number, def: Defender, res: MonsterHit): Fraction =>
    memoOdds(ctx, [plan.hd, plan.toHit, plan.weapon?.def.id ?? null, plan.weapon?.plus2 ?? 0, plan.weapon?.orcish ?? false, mdam, def, res], () => monsterHitOdds(plan, mdam, def, res));
  return {
    attack(t, mdam, blocks, head) {
      const def = { ...base, blocks };
      if (t.recording) {
        t.rule(SECTION_MONSTER, head);
        t.value('to-hit', plan.toHit, plan.toHitText);
        t.value('your EV, SH and AC', def.ev, `EV ${def.ev}, SH ${def.sh}, AC ${def.ac}`);
      }
      const res = rollMonsterAttack(t, plan, mdam, def);
      return { res, p: odds(mdam, def, res) };
    },
    ways(mdam, blocks) {
      const dd = { ...base, blocks };
      const block = memoOdds(ctx, ['block', plan.hd, dd], () => blockChance(plan.hd, dd));
      const hit = memoOdds(ctx, ['hit', plan.toHit, dd], () => monsterHitChance(plan.toHit, dd));
      return { blocked: block, land: block.complement().mul(hit), damage: monsterDamageLaw(plan, mdam, dd) };
    },
    preview() {
      const hit = blockChance(plan.hd, base).complement().mul(monsterHitChance(plan.toHit, base));
      return { hit, damage: (m) => monsterDamageLaw(plan, m, base), expected: sequenceMean(plan, base), notes: [`block ${blockChance(plan.hd, base).percent(1)}`], toHit: `${plan.toHit} (${plan.toHitText})` };
    },
  };
}
