import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { stackKey } from '../../world/components.js';
import { NO_TAGS, PREVIEW_TRACER, blowOf } from '../common.js';
import { nameOf, subjectOf, verb } from '../names.js';
import type { AttackContext, AttackOption, AttackOutcome, AttackPreview, BlowOutcome, BlowTag } from '../ruleset.js';
import {
  type MeleePlan,
  type MissilePlan,
  blowAttempt,
  blowCritical,
  blowOdds,
  MeleeRound,
  missileDistances,
  missileAttempt,
  missileOdds,
  planMelee,
  planShot,
  planThrow,
  roundLaw,
} from './attacks.js';
import { RoundRoll, lawOfRound } from './attempts.js';
import {
  ACTION,
  type AngContext,
  type AngEffect,
  type AngState,
  type AngView,
  ENERGY_SCALE,
  SECTION_CONDITIONS,
  characterOf,
  targetOf,
} from './context.js';
import type { CritKind } from './criticals.js';
import type { DamagePlan } from './damage.js';
import { rollBreakage, stackForKey } from './items.js';
import { gearName, shooting, throwRange } from './sheet.js';
import { wakeEffects } from './upkeep.js';

/** The hero's attacks: blows, shots and throws, what they cost, and their previews. */

// A blow's tags, shared between blows: a critical (the hero's critical hit; a monster's cut or
// stun critical), and the slay or brand whose multiplier the hit's damage took.
export const CRITICAL: readonly BlowTag[] = Object.freeze(['critical'] as const);
const HIT_TAGS: Readonly<Record<string, readonly BlowTag[]>> = {
  slay: Object.freeze(['slay'] as const),
  brand: Object.freeze(['brand'] as const),
  'critical/slay': Object.freeze(['critical', 'slay'] as const),
  'critical/brand': Object.freeze(['critical', 'brand'] as const),
};

/** The tags of a hero's hit (a blow or a missile): its critical, and its slay or brand. */
function hitTags(crit: CritKind | null, damage: DamagePlan): readonly BlowTag[] {
  const k = damage.slayKind;
  if (!k) return crit ? CRITICAL : NO_TAGS;
  return HIT_TAGS[crit ? `critical/${k}` : k] ?? NO_TAGS;
}

/** What the hero can attack with: its weapon, ammunition for its launcher, things to throw. */
export function heroAttackOptions(ctx: AngContext, f: AngView): AttackOption[] {
  const out: AttackOption[] = [];
  const c = characterOf(ctx, f);
  out.push({ id: 'melee', label: c.weapon ? gearName(c.weapon) : 'bare hands', kind: 'melee' });
  const shoot = shooting(c, 'source');
  const ammoKind = c.bow?.def.ammo;
  for (const st of f.inventory.pack) {
    if (st.quantity <= 0) continue;
    const key = stackKey(st);
    const d = ctx.cat.item(st.item);
    if (d.kind === 'ammo' && d.def.ammo === ammoKind && shoot) {
      out.push({ id: `fire:${key}`, label: `fire ${ctx.cat.nameOf(key)}`, kind: 'projectile', projectile: { magic: false, hitChars: true, path: 'angband', range: shoot.range }, item: key, spends: 'item' });
      continue;
    }
    const thrown = ctx.cat.thrown(st);
    if (thrown) {
      out.push({ id: `throw:${key}`, label: `throw ${ctx.cat.nameOf(key)}`, kind: 'projectile', projectile: { magic: false, hitChars: true, path: 'angband', range: throwRange(c, thrown.weight) }, item: key, spends: 'item' });
    }
  }
  return out;
}

/** Energy an attack costs: a shot costs the launcher's energy per shot, anything else a turn. */
export function attackCost(ctx: AngContext, a: AngView, option: AttackOption): number {
  if (!option.id.startsWith('fire:')) return ACTION;
  const s = shooting(characterOf(ctx, a), ctx.edition);
  if (!s) return ACTION;
  const cost = (s.energy.num * ENERGY_SCALE) / s.energy.den;
  if (!Number.isInteger(cost)) throw new Error(`${s.shots} shots a turn cannot be timed exactly`);
  return cost;
}

/** Plans a shot or a throw at the defender. */
export function missilePlan(ctx: AngContext, t: Tracer, a: AngView, d: AngView, option: AttackOption, actx: AttackContext): MissilePlan {
  const c = characterOf(ctx, a);
  const st = stackForKey(ctx, a, option.item ?? '');
  const target = targetOf(ctx, d, actx.visible);
  const both = missileDistances(a.pos, d.pos);
  const distance = ctx.edition === 'source' ? both.game : both.squares;
  if (option.id.startsWith('fire:')) {
    const def = ctx.cat.item(st.item);
    if (def.kind !== 'ammo') throw new Error(`${st.item} is not ammunition`);
    return planShot(t, c, ctx.cat.gear(st, def.def), target, distance, ctx.edition, both);
  }
  const thrown = ctx.cat.thrown(st);
  if (!thrown) throw new Error(`${st.item} cannot be thrown`);
  return planThrow(t, c, thrown, target, distance, ctx.edition, both);
}

/** A round of the hero's blows against a monster; a frightened hero strikes none. */
export function heroMelee(ctx: AngContext, t: Tracer, a: AngView, d: AngView, actx: AttackContext): AttackOutcome<AngState> {
  const c = characterOf(ctx, a);
  const effects: AngEffect[] = wakeEffects(d);
  const whom = nameOf(d);
  if (c.effects.afraid) {
    if (t.recording) {
      t.rule(SECTION_CONDITIONS, 'Fear');
      t.note('afraid: the bump wakes the monster but no blow is struck (the turn is spent)');
    }
    const luck = actx.luck ? { luck: { law: Distribution.constant(0), dealt: 0 } } : {};
    // No blow is struck (nothing is rolled): the outcome lists none.
    return { hit: false, damage: 0, blows: [], effects, cost: ACTION, summary: `${subjectOf(a)} ${verb(a, 'are', 'is')} too afraid to attack ${whom}!`, odds: Fraction.ONE, ...luck };
  }
  const plan: MeleePlan = planMelee(t, c, targetOf(ctx, d, actx.visible), ctx.edition);
  // One attempt for every blow of the round (nothing a blow does changes the next): its roll, its odds and its law.
  const blow = blowAttempt(plan);
  const round = new MeleeRound(plan, d.body.hp, blow);
  const blowLaw = actx.luck ? { hitChance: blow.hitChance(), law: blow.law() } : undefined;
  const blows: BlowOutcome[] = [];
  let p = Fraction.ONE;
  let hits = 0;
  let total = 0;
  const crits: string[] = [];
  let swung = 0;
  const roll = new RoundRoll(round);
  while (roll.next(t)) {
    swung++;
    const damage = roll.damage;
    if (damage === null) {
      p = p.mul(blow.chanceOf(null));
      blows.push(blowOf(plan.label, false, 0, NO_TAGS, blowLaw));
      continue;
    }
    const crit = blowCritical(plan, roll.draws);
    p = p.mul(blow.chanceOf(damage));
    blows.push(blowOf(plan.label, true, damage, hitTags(crit, plan.damage), blowLaw));
    hits++;
    total += damage;
    if (crit) crits.push(crit);
    effects.push({ kind: 'damage', target: d.id, amount: damage, cause: plan.label, source: a.id });
  }
  if (t.recording) t.odds(`P(these ${swung} blows)`, p.num, p.den);
  const unseen = actx.visible ? '' : ' (unseen)';
  const critText = crits.length ? `, ${crits.join(', ')} critical${crits.length > 1 ? 's' : ''}` : '';
  const summary =
    hits === 0
      ? `${subjectOf(a)} ${verb(a, 'miss', 'misses')} ${whom}${unseen}${swung > 1 ? ` with all ${swung} blows` : ''}.`
      : `${subjectOf(a)} ${verb(a, 'hit')} ${whom}${unseen} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${critText}.`;
  return { hit: hits > 0, damage: total, blows, effects, cost: ACTION, summary, odds: p, ...(actx.luck ? { luck: { law: lawOfRound(round), dealt: total } } : {}) };
}

/** A shot or a throw at a monster: the hit, the damage, and whether the missile breaks. */
export function heroMissile(ctx: AngContext, t: Tracer, a: AngView, d: AngView, option: AttackOption, actx: AttackContext): AttackOutcome<AngState> {
  const plan = missilePlan(ctx, t, a, d, option, actx);
  const shot = missileAttempt(plan);
  const draws: number[] = [];
  const rolled = shot.roll(t, draws);
  const hit = rolled !== null;
  const damage = rolled ?? 0;
  const crit = hit ? blowCritical(plan, draws) : null;
  const p = shot.chanceOf(rolled);
  if (t.recording) t.odds(hit ? `P(hit for ${damage})` : 'P(miss)', p.num, p.den);
  const effects: AngEffect[] = [];
  const key = option.item ?? '';
  const name = ctx.cat.nameOf(key);
  if (hit) effects.push({ kind: 'damage', target: d.id, amount: damage, cause: name, source: a.id });
  const broke = rollBreakage(t, plan.breakage, { reachedMonster: true, hitMonster: hit, struckWall: false, distance: Math.max(Math.abs(a.pos.x - d.pos.x), Math.abs(a.pos.y - d.pos.y)) }, ctx.edition);
  if (broke) effects.push({ kind: 'message', text: `The ${name} breaks.`, tone: 'info' });
  else effects.push({ kind: 'drop', at: { x: d.pos.x, y: d.pos.y }, stack: stackForKey(ctx, a, key) });
  const whom = nameOf(d);
  const critText = crit ? ` (${crit} critical)` : '';
  const summary = hit ? `The ${name} hits ${whom} for ${damage}${critText}.` : `The ${name} misses ${whom}.`;
  const law = actx.luck ? shot.law() : undefined;
  const luck = law ? { luck: { law, dealt: damage } } : {};
  const blows = [blowOf(name, hit, damage, hit ? hitTags(crit, plan.damage) : NO_TAGS, law && { hitChance: shot.hitChance(), law })];
  return { hit, damage, blows, effects, cost: attackCost(ctx, a, option), summary, odds: p, ...luck };
}

/** The preview of a hero's attack: chance per blow or missile, damage given a hit, and the notes. */
export function heroPreview(ctx: AngContext, attacker: AngView, defender: AngView, option: AttackOption, actx: AttackContext, perTurn: (cost: number) => Fraction): AttackPreview {
  if (option.kind === 'melee') {
    const c = characterOf(ctx, attacker);
    const p = planMelee(PREVIEW_TRACER, c, targetOf(ctx, defender, actx.visible), ctx.edition);
    const o = blowOdds(p);
    const round = roundLaw(p);
    const notes = [`${p.blows.blows} blow${p.blows.blows === 1 ? '' : 's'}`];
    if (!actx.visible) notes.push('unseen: skill halved');
    if (p.damage.slayName) notes.push(`${p.damage.slayName} x${p.damage.slay}`);
    if (c.effects.afraid) notes.push('too afraid to attack');
    const expected = c.effects.afraid ? Fraction.ZERO : round.mean();
    return { label: p.label, hit: o.hit, damage: o.damage, expected, perTurn: perTurn(ACTION), notes };
  }
  const p = missilePlan(ctx, PREVIEW_TRACER, attacker, defender, option, actx);
  const o = missileOdds(p);
  const notes: string[] = [];
  if (!actx.visible) notes.push('unseen: skill halved');
  if (p.damage.slayName) notes.push(`${p.damage.slayName} x${p.damage.slay}`);
  if (p.damage.launcher > 1) notes.push(`launcher x${p.damage.launcher}`);
  return { label: p.label, hit: o.hit, damage: o.damage, expected: o.hit.mul(o.damage.mean()), perTurn: perTurn(attackCost(ctx, attacker, option)), notes };
}
