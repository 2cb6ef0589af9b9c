import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { Terrain } from '../../world/terrain.js';
import { NO_TAGS, PREVIEW_TRACER, blowOf, capitalise, missOrHit } from '../common.js';
import { nameOf, possessive, subjectOf, verb } from '../names.js';
import type { AttackContext, AttackOption, AttackOutcome, AttackPreview, BlowTag, Effect } from '../ruleset.js';
import { type PdAttack, heroAttack, monsterAttack, rollAttack } from './combat.js';
import { type PdContext, type PdView, ability, defenderOf, heroRules, itemName, monsterOf, monsterRules, sheetOf, statusActive } from './context.js';
import { missileHitEffects } from './items.js';
import { monsterHitEffects } from './monster-attacks.js';
import { MILLITURNS, heroMeleeDelay, heroThrowDelay, toMilliturns } from './sheet.js';
import type { PdState } from './types.js';

/** The attack as the ruleset offers it: which attacks a fighter has, what each costs, and how one resolves. */

const TICK = MILLITURNS;
const SURPRISE: readonly BlowTag[] = Object.freeze(['surprise'] as const);

type PdEffect = Effect<PdState>;

/** Builds the attack record of `option` between the two fighters, tracing how its numbers were derived. */
export function buildAttack(c: PdContext, t: Tracer, a: PdView, d: PdView, option: AttackOption, ctx: AttackContext): PdAttack {
  const defender = { ...defenderOf(c, d, ctx.now), onWater: ctx.defenderTerrain === Terrain.Water };
  const actx = { edition: c.edition, distance: ctx.distance };
  if (heroRules(a)) {
    const h = { sheet: sheetOf(c, a, ctx.now), fury: statusActive(a, 'fury', ctx.now) };
    if (option.id === 'melee') return heroAttack(t, h, { kind: 'melee' }, defender, actx);
    if (option.id.startsWith('throw:')) {
      const m = c.missiles.get(option.item ?? '');
      if (!m) throw new Error(`unknown missile ${option.item}`);
      return heroAttack(t, h, { kind: 'thrown', missile: m }, defender, actx);
    }
    if (option.id.startsWith('zap:')) {
      const stack = a.inventory.pack.find((s) => s.item === option.item);
      return heroAttack(t, h, { kind: 'wand' }, defender, actx, stack?.level ?? 0);
    }
    throw new Error(`a hero has no attack "${option.id}"`);
  }
  const m = monsterOf(c, a);
  const enraged = monsterRules(a)?.enraged ?? false;
  if (option.id === 'melee') return monsterAttack(t, m, enraged, { kind: 'melee' }, defender, actx);
  if (option.id === 'ranged') return monsterAttack(t, m, enraged, { kind: 'ranged' }, defender, actx);
  const spell = option.id === 'spell:lightning' ? ability(m, 'lightning') : option.id === 'spell:shadow-bolt' ? ability(m, 'shadow-bolt') : undefined;
  if (!spell) throw new Error(`${m.name} has no attack "${option.id}"`);
  return monsterAttack(t, m, enraged, { kind: spell.kind, damage: spell.damage }, defender, actx);
}

/** Time an attack takes: the weapon's delay slowed by missing strength, a thrown weapon's, a spell's. */
export function attackCost(c: PdContext, a: PdView, option: AttackOption, now: number): number {
  if (heroRules(a)) {
    const sheet = sheetOf(c, a, now);
    if (option.id === 'melee') return heroMeleeDelay(sheet);
    if (option.id.startsWith('throw:')) {
      const m = c.missiles.get(option.item ?? '');
      return m ? heroThrowDelay(sheet, m) : TICK;
    }
    return TICK; // wands: Wand.TIME_TO_ZAP
  }
  const m = monsterOf(c, a);
  if (option.id === 'spell:lightning') return toMilliturns(ability(m, 'lightning')?.delay ?? 1);
  if (option.id === 'spell:shadow-bolt') return toMilliturns(ability(m, 'shadow-bolt')?.delay ?? 1);
  return toMilliturns(m.attackDelay);
}

/** A hero's weapon, darts and charged wands; a monster's melee or sting, and its spells. */
export function attackOptions(c: PdContext, f: PdView): AttackOption[] {
  const out: AttackOption[] = [];
  if (heroRules(f)) {
    const w = f.inventory.weapon;
    out.push({ id: 'melee', label: w ? itemName(c, w.item) : 'bare hands', kind: 'melee' });
    for (const s of f.inventory.pack) {
      if (c.missiles.has(s.item) && s.quantity > 0) {
        const spends = c.missiles.get(s.item)?.returns ? 'nothing' : 'item';
        out.push({ id: `throw:${s.item}`, label: `throw ${itemName(c, s.item)}`, kind: 'projectile', projectile: { magic: false, hitChars: true }, item: s.item, spends });
      } else if (c.wands.has(s.item) && (s.charges ?? 0) > 0) {
        out.push({ id: `zap:${s.item}`, label: `zap ${itemName(c, s.item)}`, kind: 'projectile', projectile: { magic: true, hitChars: true }, item: s.item, spends: 'charge' });
      }
    }
    return out;
  }
  const m = monsterOf(c, f);
  if (ability(m, 'ranged-only')) out.push({ id: 'ranged', label: 'sting', kind: 'projectile', projectile: { magic: false, hitChars: true } });
  else out.push({ id: 'melee', label: 'melee', kind: 'melee' });
  if (ability(m, 'lightning')) out.push({ id: 'spell:lightning', label: 'lightning', kind: 'projectile', projectile: { magic: false, hitChars: true } });
  if (ability(m, 'shadow-bolt')) out.push({ id: 'spell:shadow-bolt', label: 'shadow bolt', kind: 'projectile', projectile: { magic: false, hitChars: true } });
  return out;
}

export function canUse(option: AttackOption, distance: number): boolean {
  if (option.id === 'melee') return distance === 1;
  if (option.id.startsWith('throw:') || option.id.startsWith('zap:')) return distance >= 1;
  // Mob spells and the scorpio's sting: only beyond arm's reach (adjacent mobs melee).
  return distance > 1;
}

/** Rolls an attack and says what it did: the blow, its exact odds, its effects and one line for the log. */
export function resolveAttack(c: PdContext, t: Tracer, attacker: PdView, defender: PdView, option: AttackOption, ctx: AttackContext): AttackOutcome<PdState> {
  const att = buildAttack(c, t, attacker, defender, option, ctx);
  const roll = rollAttack(t, att);
  const odds = c.odds.odds(att);
  const cost = attackCost(c, attacker, option, ctx.now);
  const p = roll.hit ? odds.hit.mul(odds.damage.prob(roll.damage)) : odds.hit.complement();
  if (t.recording) t.odds(roll.hit ? `P(hit for ${roll.damage})` : 'P(miss)', p.num, p.den);
  const effects: PdEffect[] = [];
  // The luck meter: a miss (0) or a hit's damage, by the laws the odds come from.
  const law = ctx.luck ? missOrHit(odds.hit, odds.damage) : undefined;
  const luck = law ? { luck: { law, dealt: roll.hit ? roll.damage : 0 } } : {};
  // One blow, a surprise attack when the defender's dodge counted as 0, hit or miss.
  const tags = att.surprise ? SURPRISE : NO_TAGS;
  const blows = [blowOf(att.label, roll.hit, roll.hit ? roll.damage : 0, tags, law && { hitChance: odds.hit, law })];
  const whom = nameOf(defender);
  // Monster attack labels name their owner ("scorpio's sting").
  const subject = option.id === 'melee' ? subjectOf(attacker) : heroRules(attacker) ? `${capitalise(possessive(attacker))} ${att.label}` : `The ${att.label}`;
  const hits = option.id === 'melee' ? verb(attacker, 'hit') : 'hits';
  const misses = option.id === 'melee' ? verb(attacker, 'miss') : 'misses';
  if (!roll.hit) {
    if (option.id.startsWith('throw:') && option.item && !c.missiles.get(option.item)?.returns) {
      effects.push({ kind: 'drop', at: { x: defender.pos.x, y: defender.pos.y }, stack: { item: option.item, quantity: 1, level: 0 } });
    }
    const summary = `${subject} ${misses} ${whom}.`;
    return { hit: false, damage: 0, blows, effects, cost, summary, odds: p, ...luck };
  }
  effects.push({ kind: 'damage', target: defender.id, amount: roll.damage, cause: att.label, source: attacker.id });
  const extra = heroRules(attacker) ? missileHitEffects(c, defender, option, roll.damage, ctx.now) : monsterHitEffects(c, t, attacker, defender, option, roll.damage, ctx.now);
  effects.push(...extra);
  const surprise = att.surprise ? ' (surprise!)' : '';
  const summary = `${subject} ${hits} ${whom} for ${roll.damage}${surprise}.`;
  return { hit: true, damage: roll.damage, blows, effects, cost, summary, odds: p, ...luck };
}

/** The exact odds of an attack without rolling it, and what shaped them. */
export function previewAttack(c: PdContext, attacker: PdView, defender: PdView, option: AttackOption, ctx: AttackContext): AttackPreview {
  const att = buildAttack(c, PREVIEW_TRACER, attacker, defender, option, ctx);
  const o = c.odds.odds(att);
  const cost = attackCost(c, attacker, option, ctx.now);
  const notes: string[] = [];
  if (att.surprise) notes.push('surprise: dodge 0');
  if (att.accuracy === null) notes.push('no roll to hit');
  if (att.absorb === null) notes.push('armour does not apply');
  if (att.sniperIgnoresArmour) notes.push('Sniper: armour ignored');
  if (att.fury) notes.push('fury x1.5');
  if (att.assassin !== 'none') notes.push('Assassin bonus');
  return { label: att.label, hit: o.hit, damage: o.damage, expected: o.expected, perTurn: Fraction.of(TICK, cost), notes };
}
