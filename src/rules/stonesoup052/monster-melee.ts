import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, seesInvisible } from '../crawl-family/character.js';
import { type MonsterAttackPlan, monsterRawDamage, rollArmour, rollMonsterRawDamage } from '../crawl-family/monster-melee.js';
import { div, r2 } from '../crawl-family/random.js';
import { type FamilyCtx, type View, heroRules, level, memoDamage, memoOdds, monsterOf, monsterState } from '../crawl-family/state.js';
import { NO_SS_EFFECTS } from '../crawl-family/states.js';
import type { MonsterAttackModel } from '../crawl-family/variant.js';
import { type BlockPlan, type MonsterToHit, acReductionLaw, armourClass, blockPlan, evasionOf, heavyPercOf, heroBlockChance, monsterHitChance, monsterToHit, pastEvRule, pierceDie } from './defence.js';
import { ssEd } from './divergences.js';

/**
 * A monster's melee attack on a Stone Soup hero (seed 004; fight.cc melee_attack::attack,
 * test_melee_hit, attack_shield_blocked, mons_apply_defender_ac). The seed tries EV, then the
 * shield; the code tries the shield first. The damage before armour is the Crawl monster's.
 */

export const SECTION_MONSTER = 'stone-soup-0.5.2#monster-attacks';

/**
 * The time a monster's attack takes in the source edition: its weapon's energy, rounded at random
 * (fight.cc mons_lose_attack_energy). Replays before this citation existed recorded its rolls
 * under an empty rule name; their reader reads that name as this one (src/replay/format.ts).
 */
export const SECTION_MONSTER_TIME = 'stone-soup-0.5.2#monster-attack-time';

/** The hero as a monster's attack sees it. */
export interface SsDefender {
  readonly ev: number;
  readonly ac: number;
  readonly heavyPerc: number | null;
  readonly block: BlockPlan;
  /** Blocks already made this turn. */
  readonly blocks: number;
  /** Paralysed or petrified: no block. */
  readonly helpless: boolean;
}

export interface SsMonsterHit {
  readonly blocked: boolean;
  readonly hit: boolean;
  readonly damage: number;
}

const canBlock = (d: SsDefender): boolean => !d.helpless && d.block.sh > 0;

export function ssBlockChance(hd: number, d: SsDefender, edition: Edition): Fraction {
  if (!canBlock(d)) return Fraction.ZERO;
  return heroBlockChance(d.block, pierceDie(hd, d.blocks, edition).n);
}

/** The damage law of an attack that got through. */
export function ssDamageLaw(p: MonsterAttackPlan, mdam: number, d: SsDefender, edition: Edition): Distribution {
  const raw = monsterRawDamage(p, mdam);
  return raw.law.combine(acReductionLaw(d.ac, d.heavyPerc, raw.size, edition), (x, r) => x - r).map((v) => (v < 1 ? 0 : v));
}

/** P(an attack lands | the EV and shield): code, not blocked then past EV; seed, past EV then not blocked. */
export function ssLandChance(p: MonsterAttackPlan, m: MonsterToHit, d: SsDefender, edition: Edition): Fraction {
  return ssBlockChance(p.hd, d, edition).complement().mul(monsterHitChance(m, d.ev, edition));
}

/** The exact probability of one attack's outcome. */
export function ssAttackOdds(p: MonsterAttackPlan, m: MonsterToHit, mdam: number, d: SsDefender, r: SsMonsterHit, edition: Edition): Fraction {
  return ssOutcomeOdds(ssBlockChance(p.hd, d, edition), monsterHitChance(m, d.ev, edition), () => ssDamageLaw(p, mdam, d, edition), r, edition);
}

/** An outcome's probability from its parts: the block chance, the chance past EV, and the damage law of a landed attack. */
export function ssOutcomeOdds(block: Fraction, hit: Fraction, damage: () => Distribution, r: SsMonsterHit, edition: Edition): Fraction {
  if (r.blocked) return edition === 'source' ? block : hit.mul(block);
  if (!r.hit) return edition === 'source' ? block.complement().mul(hit.complement()) : hit.complement();
  return block.complement().mul(hit).mul(damage().prob(r.damage));
}

export function ssSequenceMean(p: MonsterAttackPlan, m: MonsterToHit, d: SsDefender, edition: Edition): Fraction {
  const land = ssLandChance(p, m, d, edition);
  let e = Fraction.ZERO;
  for (const a of p.attacks) e = e.add(land.mul(ssDamageLaw(p, a, d, edition).mean()));
  return e;
}

function rollBlock(t: Tracer, p: MonsterAttackPlan, d: SsDefender, edition: Edition): boolean {
  if (!canBlock(d)) return false;
  const pierce = pierceDie(p.hd, d.blocks, edition);
  const e = ssEd('ss10-block-formula', edition);
  if (t.recording) {
    t.edition(e.id, e.text);
    t.note(d.block.text);
  }
  let b: number;
  if (edition === 'source') {
    const bl = d.block;
    b = r2(t, bl.sh, `block: random2(SH ${bl.sh})`) + div(r2(t, bl.stat, `block: random2(${bl.stat}) / 4`), 4) + div(r2(t, bl.skillDie, `block: random2(${bl.skillDie}) / 4`), 4) - 1;
  } else {
    const bl = d.block;
    const one = (n: number, label: string): number => (n < 1 ? 0 : t.roll(1, n, label));
    b = 4 * one(bl.sh, `block: 1d(Block ${bl.sh})`) + one(bl.stat, `block: 1d(${bl.stat}) / 4`) + one(bl.skillDie, `block: 1d(${bl.skillDie}) / 4`) - 16;
  }
  if (d.block.unseen) b = div(b, 3);
  const con = r2(t, pierce.n, `pierce: ${pierce.text}`) * d.block.scale;
  const d11 = ssEd('ss11-block-direction', edition);
  if (t.recording) t.edition(d11.id, d11.text);
  return t.recording ? t.check(`block value${d.block.scale > 1 ? ' (quarters)' : ''} >= pierce`, b, '>=', con, d.block.scale) : b >= con;
}

/** One attack: the code tries the shield first, the seed EV first. */
export function rollSsMonsterAttack(t: Tracer, p: MonsterAttackPlan, m: MonsterToHit, mdam: number, d: SsDefender, edition: Edition): SsMonsterHit {
  const src = edition === 'source';
  const order = ssEd('ss13-block-order', edition);
  if (t.recording && canBlock(d)) t.edition(order.id, order.text);
  if (src && rollBlock(t, p, d, edition)) return { blocked: true, hit: false, damage: 0 };
  if (!pastEvRule(m, d.ev, edition).roll(t)) return { blocked: false, hit: false, damage: 0 };
  if (!src && rollBlock(t, p, d, edition)) return { blocked: true, hit: false, damage: 0 };
  const raw = rollMonsterRawDamage(t, p, mdam);
  let dmg = raw.dmg;
  if (d.ac > 0) {
    const ac = ssEd('ss15-ac-roll', edition);
    if (t.recording) t.edition(ac.id, ac.text);
    const red = src ? rollArmour(t, raw.size, d.ac, d.heavyPerc) : t.roll(1, d.ac, `armour: 1d(AC ${d.ac})`);
    if (t.recording) t.mod('armour', dmg, dmg - red, `- ${red}`);
    dmg -= red;
  }
  if (dmg < 1) dmg = 0;
  return { blocked: false, hit: true, damage: dmg };
}

/** A monster's to-hit against a Stone Soup hero. */
export function ssToHit(ctx: FamilyCtx, a: View, d: View, edition: Edition): MonsterToHit {
  const m = monsterOf(ctx, a);
  const r = monsterState(a);
  const w = r.weapon ? ctx.cat.weapons.get(r.weapon.item) : undefined;
  const seesHero = level(d, 'invisible') <= 0 || level(d, 'corona') > 0 || m.flags.includes('sees-invisible');
  return monsterToHit(r.hd, m.flags.includes('fighter'), w && r.weapon ? r.weapon.plus + w.accuracy : 0, level(a, 'confused') > 0, level(d, 'corona') > 0, !seesHero, edition);
}

/** The hero as a monster's attack sees it now. */
export function ssDefenderOf(ctx: FamilyCtx, d: View, a: View, c: CrCharacter, edition: Edition): SsDefender {
  const m = monsterOf(ctx, a);
  const unseen = m.flags.includes('invisible') && !seesInvisible(c);
  let ev = evasionOf(c, edition).value;
  // melee_evasion: an attacker the hero cannot see finds 10 less EV (code).
  if (edition === 'source' && unseen) ev -= 10;
  const e = c.effects.ss ?? NO_SS_EFFECTS;
  return { ev, ac: armourClass(c, edition).value, heavyPerc: heavyPercOf(c), block: blockPlan(c, edition, unseen), blocks: heroRules(d)?.blocks ?? 0, helpless: e.paralysed || e.petrified };
}

/** A monster's attacks on a Stone Soup hero: the shield and EV (in the edition's order), then armour. */
export function ssMonsterAttack(ctx: FamilyCtx, a: View, d: View, c: CrCharacter, ed: Edition, plan: MonsterAttackPlan): MonsterAttackModel {
  const base = ssDefenderOf(ctx, d, a, c, ed);
  const mh = ssToHit(ctx, a, d, ed);
  // Each part is remembered by what it depends on: the block by the shield and past blocks, EV by the to-hit, damage by the attack and armour.
  const parts = (mdam: number, blocks: number): { block: Fraction; pastEv: Fraction; damage: () => Distribution } => {
    const sd = { ...base, blocks };
    const { law: _law, text: _text, ...shield } = sd.block;
    const block = memoOdds(ctx, ['ss-block', ed, plan.hd, shield, sd.blocks, sd.helpless], () => ssBlockChance(plan.hd, sd, ed));
    const pastEv = memoOdds(ctx, ['ss-hit', ed, mh, sd.ev], () => monsterHitChance(mh, sd.ev, ed));
    const dkey = JSON.stringify([ed, plan.hd, plan.weapon?.def.id ?? null, plan.weapon?.plus2 ?? 0, plan.weapon?.orcish ?? false, mdam, sd.ac, sd.heavyPerc]);
    return { block, pastEv, damage: () => memoDamage(ctx, dkey, () => ssDamageLaw(plan, mdam, sd, ed)) };
  };
  return {
    attack(t, mdam, blocks, head) {
      const sd = { ...base, blocks };
      if (t.recording) {
        t.rule(SECTION_MONSTER, head);
        t.value('to-hit', mh.value, mh.text);
        t.value('your EV, SH and AC', sd.ev, `EV ${sd.ev}, ${sd.block.scale > 1 ? 'Block' : 'SH'} ${sd.block.sh}, AC ${sd.ac}`);
      }
      const res = rollSsMonsterAttack(t, plan, mh, mdam, sd, ed);
      const q = parts(mdam, blocks);
      return { res, p: ssOutcomeOdds(q.block, q.pastEv, q.damage, res, ed) };
    },
    ways(mdam, blocks) {
      const q = parts(mdam, blocks);
      // The code tries the shield first, the seed EV first.
      return { blocked: ed === 'source' ? q.block : q.pastEv.mul(q.block), land: q.block.complement().mul(q.pastEv), damage: q.damage() };
    },
    preview() {
      const notes = [`block ${ssBlockChance(plan.hd, base, ed).percent(1)}`, `to-hit ${mh.value}`];
      return { hit: ssLandChance(plan, mh, base, ed), damage: (m) => ssDamageLaw(plan, m, base, ed), expected: ssSequenceMean(plan, mh, base, ed), notes, toHit: `${mh.value} (${mh.text})` };
    },
  };
}
