import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { Terrain } from '../../world/terrain.js';
import { type AttackBranch, NO_TAGS, attacksLaw, blowOf } from '../common.js';
import type { Edition } from '../edition.js';
import { nameOf, subjectOf } from '../names.js';
import type { AttackContext, AttackOutcome, BlowOutcome, BlowTag } from '../ruleset.js';
import { type MonsterAttackPlan, SECTION_MONSTER, rollSpecial, withSpecialLaw } from './monster-melee.js';
import { oneIn, r2 } from './random.js';
import type { CrMonsterOdds } from './recall.js';
import {
  type FamilyCtx,
  type FamilyEffect,
  type FamilyState,
  type View,
  MONSTER_ACTION,
  TICKS_PER_TURN,
  characterOf,
  heroRules,
  level,
  monsterOf,
  monsterPlan,
  monsterState,
  specialTarget,
} from './state.js';
import type { MonsterAttackModel } from './variant.js';

/**
 * A monster's melee round on the hero: a monster in water splashing around, each of its attacks
 * (the game's shield, EV and armour rules from its variant), the monster's own effects on a
 * damaging hit, and the exact odds and laws of the round.
 */

/** Blow tags shared between blows: a shield block, a cold or fire monster's extra damage. */
const BLOCKED: readonly BlowTag[] = Object.freeze(['blocked'] as const);
const BRAND: readonly BlowTag[] = Object.freeze(['brand'] as const);

/** The model of a monster's attacks on the hero standing where it stands. */
function modelOf(ctx: FamilyCtx, a: View, d: View, edition: Edition, inWater: boolean): { model: MonsterAttackModel; plan: MonsterAttackPlan } {
  const c = characterOf(ctx, d, inWater);
  const plan = monsterPlan(ctx, a);
  return { model: ctx.v.monsterAttack(ctx, a, d, c, edition, plan), plan };
}

/**
 * A monster's melee round in ticks: a normal action without a weapon, else the game's weapon
 * energy (with a tracer, the code's rounding is rolled; without, its expectation).
 */
export function monsterAttackCost(ctx: FamilyCtx, a: View, t?: Tracer): number {
  const p = monsterPlan(ctx, a);
  const W = p.weapon?.def.speed;
  if (W === undefined) return MONSTER_ACTION;
  return ctx.v.monsterAttackTime(p, W, ctx.edition, monsterOf(ctx, a).name, t);
}

/**
 * A monster's attacks against the hero, as the previews and the recall page show them: the
 * chance each lands (the same for every attack of a round), the damage law of one that lands,
 * the expected damage of the round, rounds a turn, and the to-hit.
 */
export function monsterAttackOdds(ctx: FamilyCtx, a: View, d: View, actx: AttackContext): CrMonsterOdds {
  const { model, plan } = modelOf(ctx, a, d, ctx.edition, actx.defenderTerrain === Terrain.Water);
  const perTurn = Fraction.of(2 * monsterOf(ctx, a).speed * TICKS_PER_TURN, monsterAttackCost(ctx, a));
  const n = `${plan.attacks.length} attack${plan.attacks.length > 1 ? 's' : ''}`;
  const o = model.preview();
  return { plan, hit: o.hit, damage: o.damage, expected: o.expected, perTurn, notes: [n, ...o.notes], toHit: o.toHit };
}

/**
 * How a monster's attack `i` on the hero can go, given `made` blocks by the hero's shield earlier
 * in the sequence: blocked, missed, or landing (always the third branch) for its damage law.
 */
export function monsterWays(ctx: FamilyCtx, a: View, d: View, actx: AttackContext): (i: number, made: number) => AttackBranch[] {
  const m = monsterOf(ctx, a);
  const r = monsterState(a);
  const c = characterOf(ctx, d, actx.defenderTerrain === Terrain.Water);
  const plan = monsterPlan(ctx, a);
  const model = ctx.v.monsterAttack(ctx, a, d, c, ctx.edition, plan);
  const special = specialTarget(c);
  const start = heroRules(d)?.blocks ?? 0;
  const none = Distribution.constant(0);
  return (i: number, made: number): AttackBranch[] => {
    const w = model.ways(plan.attacks[i] as number, start + made);
    return [
      { p: w.blocked, damage: none, state: made + 1 },
      { p: w.land.add(w.blocked).complement(), damage: none },
      { p: w.land, damage: withSpecialLaw(w.damage, m.special, r.hd, special) },
    ];
  };
}

/**
 * The luck meter's law of a monster's attacks on the hero: each one blocked (the blocks raising
 * the next one's chance to get through), missed, or landing for its damage law after armour,
 * with a cold or fire monster's extra damage; the attacks stop once the hero is dead, and a
 * monster in water splashes around one time in four.
 */
export function monsterLuckLaw(ctx: FamilyCtx, a: View, d: View, actx: AttackContext): Distribution {
  const m = monsterOf(ctx, a);
  const plan = monsterPlan(ctx, a);
  const hp = d.body.hp;
  const law = attacksLaw(plan.attacks.length, monsterWays(ctx, a, d, actx), (total) => hp - total > 0);
  if (actx.attackerTerrain !== Terrain.Water || m.flags.includes('flies')) return law;
  return mixture([
    { weight: Fraction.of(1, 4), dist: Distribution.constant(0) },
    { weight: Fraction.of(3, 4), dist: law },
  ]);
}

/** What a round's landed attacks add up to: hit points, statuses, and the words for the log. */
interface RoundTally {
  total: number;
  hits: number;
  readonly parts: string[];
  readonly add: Record<string, number>;
  readonly effects: FamilyEffect[];
}

/** A landed attack: the monster's own effect on a damaging hit, and the damage. Gives the probability of the effect and whether it was a brand. */
function landed(ctx: FamilyCtx, t: Tracer, a: View, d: View, dmg: number, tally: RoundTally, special: ReturnType<typeof specialTarget>): { p: Fraction; dmg: number; branded: boolean } {
  const m = monsterOf(ctx, a);
  const r = monsterState(a);
  let p = Fraction.ONE;
  let branded = false;
  const { add, effects, parts } = tally;
  if (dmg > 0 && m.special) {
    const s = rollSpecial(t, m.special, r.hd, dmg, special);
    p = s.p;
    dmg += s.extra;
    // A cold or fire monster's extra damage: its attack's brand.
    branded = s.extra > 0;
    if (s.poison) add['poison'] = (add['poison'] ?? 0) + s.poison;
    if (s.rot) add['rotting'] = (add['rotting'] ?? 0) + s.rot;
    if (s.paralysis) add['paralysis'] = (add['paralysis'] ?? 0) + s.paralysis;
    if (s.disease) {
      const cur = level(d, 'disease') + (add['disease'] ?? 0);
      add['disease'] = (cur > 100 ? 210 : cur + 50 + r2(t, 100, 'disease: 50 + random2(100)')) - level(d, 'disease');
    }
    if (s.rotMaxHp) {
      effects.push({ kind: 'max-hp', target: d.id, maxHp: d.body.maxHp - 1 });
      effects.push({ kind: 'rules', target: d.id, patch: { rotHp: (heroRules(d)?.rotHp ?? 0) + 1 } });
    }
    parts.push(...s.text);
  }
  if (dmg > 0) effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: m.name, source: a.id });
  parts.push(dmg > 0 ? `${dmg}` : 'no damage');
  tally.total += dmg;
  tally.hits++;
  return { p, dmg, branded };
}

/** A monster's melee round on the hero. */
export function monsterMelee(ctx: FamilyCtx, t: Tracer, a: View, d: View, actx: AttackContext): AttackOutcome<FamilyState> {
  const m = monsterOf(ctx, a);
  const r = monsterState(a);
  const c = characterOf(ctx, d, actx.defenderTerrain === Terrain.Water);
  const plan = monsterPlan(ctx, a);
  const cost = monsterAttackCost(ctx, a, t);
  let p = Fraction.ONE;
  if (actx.attackerTerrain === Terrain.Water && !m.flags.includes('flies')) {
    if (t.recording) t.rule(SECTION_MONSTER, `${m.name} in the water`);
    if (oneIn(t, 4, 'splashes around: 1 in 4')) {
      const luck = actx.luck ? { luck: { law: monsterLuckLaw(ctx, a, d, actx), dealt: 0 } } : {};
      // It never gets to attack (no to-hit is rolled): the outcome lists no blow.
      return { hit: false, damage: 0, blows: [], effects: [], cost: MONSTER_ACTION, summary: `${subjectOf(a)} splashes around in the water.`, odds: Fraction.of(1, 4), ...luck };
    }
    p = Fraction.of(3, 4);
  }
  const model = ctx.v.monsterAttack(ctx, a, d, c, ctx.edition, plan);
  const special = specialTarget(c);
  const tally: RoundTally = { total: 0, hits: 0, parts: [], add: {}, effects: [] };
  const { parts, effects } = tally;
  let blocks = heroRules(d)?.blocks ?? 0;
  let hp = d.body.hp;
  const blows: BlowOutcome[] = [];
  const start = blocks;
  // Each attack's chance and law given the blocks made before it (the luck meter's own branches).
  const ways = actx.luck ? monsterWays(ctx, a, d, actx) : null;
  const oddsOf = (i: number): { hitChance: Fraction; law: Distribution } | undefined => {
    if (!ways) return undefined;
    const branches = ways(i, blocks - start);
    return { hitChance: (branches[2] as AttackBranch).p, law: mixture(branches.map((b) => ({ weight: b.p, dist: b.damage }))) };
  };
  for (const [i, mdam] of plan.attacks.entries()) {
    if (hp <= 0) break;
    const label = `attack ${i + 1}`;
    const odds = oddsOf(i);
    const head = t.recording ? `${m.name}: attack ${i + 1} (${mdam}${r.weapon ? ` with a ${ctx.cat.nameOf(r.weapon.item)}` : ''})` : '';
    const { res, p: q } = model.attack(t, mdam, blocks, head);
    p = p.mul(q);
    if (res.blocked) {
      blocks++;
      parts.push('blocked');
      blows.push(blowOf(label, false, 0, BLOCKED, odds));
      continue;
    }
    if (!res.hit) {
      parts.push('miss');
      blows.push(blowOf(label, false, 0, NO_TAGS, odds));
      continue;
    }
    const hit = landed(ctx, t, a, d, res.damage, tally, special);
    p = p.mul(hit.p);
    hp -= hit.dmg;
    blows.push(blowOf(label, true, hit.dmg, hit.branded ? BRAND : NO_TAGS, odds));
  }
  for (const [k, n] of Object.entries(tally.add)) if (n > 0) effects.push({ kind: 'status', target: d.id, status: { kind: k, level: level(d, k) + n }, mode: 'set' });
  if (blocks !== (heroRules(d)?.blocks ?? 0)) effects.push({ kind: 'rules', target: d.id, patch: { blocks } });
  if (t.recording) t.odds('P(these attacks)', p.num, p.den);
  const detail = plan.attacks.length > 1 || parts.some((x) => !/^\d+$|^miss$|^blocked$|^no damage$/.test(x)) ? ` (${parts.join(', ')})` : '';
  const summary =
    tally.hits === 0
      ? `${subjectOf(a)} ${parts.every((x) => x === 'blocked') ? `is blocked by ${nameOf(d)}` : `misses ${nameOf(d)}`}${detail}.`
      : `${subjectOf(a)} hits ${nameOf(d)}${tally.total > 0 ? ` for ${tally.total}` : ' but does no damage'}${detail}.`;
  const luck = actx.luck ? { luck: { law: monsterLuckLaw(ctx, a, d, actx), dealt: tally.total } } : {};
  return { hit: tally.hits > 0, damage: tally.total, blows, effects, cost, summary, odds: p, ...luck };
}
