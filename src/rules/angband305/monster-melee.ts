import type { Distribution } from '../../core/distribution.js';
import { type Dice, parseDice } from '../../core/dice.js';
import { Fraction } from '../../core/fraction.js';
import { ratio } from '../../core/ratio.js';
import { type Die, NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { Attempt, type Chain, type Check } from './attempts.js';
import { type AngStep, change, damroll, lawOfSteps, randint0, randint1, rollSteps, ruleCache } from './steps.js';
import { hitChance, hitRule, hitTest } from './to-hit.js';
import type { AngBlow, AngBlowEffect, AngBlowMethod, AngMonster } from './types.js';

/**
 * Monster melee against the player. The seed covers only the player's attacks, so this follows
 * the Angband 3.0.5 code in both editions (melee1.c make_attack_normal, monster_critical;
 * docs/FIDELITY.md).
 */

export const SECTION_MONSTER_MELEE = 'angband-3.0.5#monster-melee';

/** How much each effect adds to the blow's accuracy (melee1.c: power). A blow without an effect is never tested: it always lands. */
export const BLOW_POWER: Readonly<Record<AngBlowEffect, number>> = {
  hurt: 60, poison: 5, 'un-bonus': 20, 'un-power': 15, 'eat-gold': 5, 'eat-item': 5, 'eat-food': 5, 'eat-lite': 5, acid: 0, elec: 10, fire: 10, cold: 10,
  blind: 2, confuse: 10, terrify: 10, paralyze: 2, 'lose-str': 0, 'lose-int': 0, 'lose-wis': 0, 'lose-dex': 0, 'lose-con': 0, 'lose-chr': 0, 'lose-all': 2,
  shatter: 60, 'exp-10': 5, 'exp-20': 5, 'exp-40': 5, 'exp-80': 5, hallu: 10, none: 0,
};

/** The effects whose damage armour reduces (melee1.c: HURT and SHATTER). */
export const ARMOURED: ReadonlySet<AngBlowEffect> = new Set(['hurt', 'shatter']);

/** The effects whose damage goes through the element's own damage rule (acid_dam, elec_dam, fire_dam, cold_dam). */
export const ELEMENTAL: ReadonlySet<AngBlowEffect> = new Set(['acid', 'elec', 'fire', 'cold']);

/**
 * What stands between an elemental blow and its damage, as a number: 0 nothing, 1 a resistance
 * or a temporary opposition, 2 both (each cuts to (damage + 2) / 3), IMMUNE a hero's immunity
 * (no damage), MONSTER_IMMUNE a monster's IM_ flag (damage / 9, as project_m), MONSTER_PLAIN a
 * monster without it.
 */
export type ElementGuard = number;
export const IMMUNE: ElementGuard = -1;
export const MONSTER_IMMUNE: ElementGuard = -9;
/** A monster without the IM_ flag: full damage, and no armour slot for acid to meet. */
export const MONSTER_PLAIN: ElementGuard = -8;

/** Methods that may cut and that may stun (a plain hit may do either, one at random). */
export const METHOD_CUTS: ReadonlySet<AngBlowMethod> = new Set(['hit', 'claw', 'bite']);
export const METHOD_STUNS: ReadonlySet<AngBlowMethod> = new Set(['hit', 'punch', 'kick', 'butt', 'crush']);

/** The blow's accuracy: effect power + 3 x monster level (level at least 1). */
export function blowChance(effect: AngBlowEffect, level: number): number {
  return BLOW_POWER[effect] + 3 * Math.max(1, level);
}

/** Whether a blow lands: the player's own hit test, never halved (test_hit with vis = TRUE). */
export function blowHits(t: Tracer, chance: number, ac: number): boolean {
  return hitTest(t, ratio(chance), ac, true, 'source');
}

export function blowHitChance(chance: number, ac: number): Fraction {
  return hitChance(ratio(chance), ac, true, 'source');
}

/** A hurting blow loses damage x min(AC, 150) / 250 to armour (truncated), so at most 60%. */
export function armourReduced(damage: number, ac: number): number {
  return damage - Math.trunc((damage * Math.min(ac, 150)) / 250);
}

/** Elemental damage against a resistance: (damage + 2) / 3. */
export function resisted(damage: number): number {
  return Math.trunc((damage + 2) / 3);
}

// The number the monster critical's steps carry: the level reached, plus STOPPED once no
// further level can come.
const STOPPED = 8;
const D100 = randint0(100);
const NOT_CRITICAL: MonsterCriticalRule = { start: STOPPED, steps: [] };

/** The monster critical's steps, and the level they start from. */
interface MonsterCriticalRule {
  readonly start: number;
  readonly steps: readonly AngStep[];
}

const criticalRules = ruleCache<MonsterCriticalRule>(1024);

/**
 * How critical a blow was, 0 (not) to 7 (melee1.c monster_critical), as steps. A blow is
 * critical only if it rolled at least 95% of its maximum; under 20 damage it then passes with
 * chance damage/100. The level comes from the damage (above 45, 33, 25, 18, 11), +1 for the
 * maximum roll, +1 per 2% chance in a row at 20 damage or more. The game's loop is unbounded;
 * every level from 7 on does the same, so the loop stops there (at most six more rolls).
 */
export function monsterCriticalSteps(dice: Dice, damage: number): MonsterCriticalRule {
  const total = dice.count * dice.sides;
  if (damage < Math.trunc((total * 19) / 20)) return NOT_CRITICAL;
  return criticalRules(`${total}|${damage}`, () => {
    const base = damage > 45 ? 6 : damage > 33 ? 5 : damage > 25 ? 4 : damage > 18 ? 3 : damage > 11 ? 2 : 1;
    const start = base + (damage === total ? 1 : 0);
    if (damage < 20) {
      const pass: AngStep = {
        label: 'critical: d100 under the damage',
        die: () => D100,
        apply: (x, r) => (r >= damage ? STOPPED : x + STOPPED),
        reason: 'a weak blow is critical with chance damage / 100',
        trace: () => {},
      };
      return { start, steps: [pass] };
    }
    const more: AngStep = {
      label: 'critical: one more level on d100 below 2',
      die: (x) => (x < 7 ? D100 : NO_DIE),
      apply: (x, r) => (x >= 7 ? x : r < 2 ? x + 1 : x + STOPPED),
      reason: 'one more level with chance 2 in 100',
      trace: () => {},
    };
    return { start, steps: [more, more, more, more, more, more] };
  });
}

/** The level a monster critical's number stands for. */
const levelOf = (x: number): number => Math.min(7, x >= STOPPED ? x - STOPPED : x);

export function monsterCritical(t: Tracer, dice: Dice, damage: number): number {
  const rule = monsterCriticalSteps(dice, damage);
  return levelOf(rollSteps(t, rule.steps, rule.start));
}

/** The exact law of `monsterCritical`, from the same steps. */
export function monsterCriticalOdds(dice: Dice, damage: number): Map<number, Fraction> {
  const rule = monsterCriticalSteps(dice, damage);
  return new Map(lawOfSteps(rule.steps, rule.start).map(levelOf).entries());
}

/** The cut a critical blow adds, by level: [sides, plus] of randint(sides) + plus, or a fixed amount. */
export const CUT_BY_LEVEL: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 0],
  [5, 5],
  [20, 20],
  [50, 50],
  [100, 100],
  [0, 300],
  [0, 500],
];

/** The stun a critical blow adds, by level. */
export const STUN_BY_LEVEL: readonly (readonly [number, number])[] = [
  [0, 0],
  [5, 0],
  [10, 10],
  [20, 20],
  [30, 30],
  [40, 40],
  [0, 100],
  [0, 200],
];

/** Rolls the amount for a cut or stun of a critical level. */
export function rollWound(t: Tracer, table: readonly (readonly [number, number])[], level: number, label: string): number {
  const [sides, plus] = table[Math.min(level, 7)] as readonly [number, number];
  return sides > 0 ? t.roll(1, sides, label) + plus : plus;
}

/**
 * Which armour slots halve acid, as bits: bit k - 1 set when slot k (1 body, 2 shield, 3 cloak,
 * 4 gloves, 5 helm, 6 boots) holds armour with AC left.
 */
export type AcidCover = number;

/** Nothing covered: what the previews and the recall page assume, leaving acid's armour out. */
export const NO_COVER: AcidCover = 0;

/** A monster's blow written once: the attempt (hit test and damage) and the dice it rolls first. */
export class MonsterBlow extends Attempt {
  constructor(
    readonly blow: AngBlow,
    readonly dice: Dice,
    /** The dice as drawn (the raw damage): the damage steps' first draw. */
    readonly raw: Die,
    hit: Check,
    damage: Chain,
    heading: (t: Tracer) => void,
    split: number,
  ) {
    super(hit, damage, heading, split);
  }
}

const SLOT = randint1(6);

/** A blow without an effect is not tested: it always lands. */
const ALWAYS: Check = { steps: [], start: 1, pass: 1, chance: () => Fraction.ONE };

// Each monster's blows, kept by blow, armour class, element guard, acid cover and paralysis.
const kept = new WeakMap<AngMonster, Map<string, MonsterBlow>>();

/**
 * Blow `i` of a monster against a defender of armour class `ac`, whose guard against the blow's
 * element is `guard` (true: resists, false: nothing; or an `ElementGuard`), whose armour covers
 * the slots `cover`, and who is paralysed or not (melee1.c make_attack_normal): the hit test (the
 * player's own, never halved; none for a blow without an effect), the dice, then what the effect
 * does to them. A hurting or shattering blow loses its share to armour; an elemental one is cut
 * to a third per resistance, to nothing by immunity; acid then meets one of the six armour slots
 * at random, and is halved (rounding up) when that slot is covered; a paralysing blow deals at
 * least 1 to a hero already paralysed; a blow without an effect deals nothing. What the blow does
 * besides does not change its damage, and is drawn after it by the caller.
 */
export function monsterBlow(m: AngMonster, i: number, ac: number, guard: boolean | ElementGuard, cover: AcidCover, paralyzed = false): MonsterBlow {
  let blows = kept.get(m);
  if (!blows) kept.set(m, (blows = new Map()));
  const g = guard === true ? 1 : guard === false ? 0 : guard;
  const key = `${i}|${ac}|${g}|${cover}|${paralyzed ? 1 : 0}`;
  let blow = blows.get(key);
  if (!blow) {
    if (blows.size >= 1024) blows.clear();
    blow = buildMonsterBlow(m, i, ac, g, cover, paralyzed);
    blows.set(key, blow);
  }
  return blow;
}

function buildMonsterBlow(m: AngMonster, i: number, ac: number, guard: ElementGuard, cover: AcidCover, paralyzed: boolean): MonsterBlow {
  const b = m.blows[i];
  if (!b) throw new RangeError(`${m.name} has no blow ${i + 1}`);
  const rlev = Math.max(1, m.level);
  const dice = parseDice(b.dice);
  const chance = blowChance(b.effect, m.level);
  const raw = damroll(dice);
  const steps: AngStep[] = [{ label: `damage: ${b.dice}`, die: () => raw, apply: (x, r) => x + r, reason: 'the dice', trace: () => {} }];
  const effect = b.effect;
  if (effect === 'none') steps.push(change('no effect', () => 0, 'a blow without an effect deals nothing'));
  if (ARMOURED.has(effect)) {
    steps.push({
      label: 'armour',
      die: () => NO_DIE,
      apply: (x) => armourReduced(x, ac),
      reason: `damage x min(AC ${ac}, 150) / 250 absorbed`,
      trace: (t, x, _r, y) => {
        if (y !== x) t.mod('armour', x, y, `damage x min(AC ${ac}, 150) / 250 absorbed`);
      },
    });
  }
  if (effect === 'paralyze' && paralyzed) steps.push(change('already paralysed', (x) => Math.max(1, x), 'at least 1 against a paralysed hero'));
  let split = -1;
  const elemental = ELEMENTAL.has(effect) || (effect === 'poison' && guard === MONSTER_IMMUNE);
  if (elemental && guard === IMMUNE) steps.push(change(`immune to ${effect}`, () => 0, 'immunity: no damage'));
  else if (elemental && guard === MONSTER_IMMUNE) steps.push(change(`immune to ${effect}`, (x) => Math.trunc(x / 9), 'a monster immune to it takes damage / 9'));
  else if (elemental) for (let k = 0; k < guard; k++) steps.push(change(`resist ${effect}`, resisted, '(damage + 2) / 3'));
  // Acid meets the armour only when it hurts at all (acid_dam returns early on immunity or no damage).
  if (effect === 'acid' && guard >= 0 && dice.count * dice.sides > 0) {
    split = steps.length;
    const halves = (slot: number): boolean => (cover & (1 << (slot - 1))) !== 0;
    steps.push({
      label: 'acid: armour slot (body, shield, cloak, gloves, helm, boots)',
      die: () => SLOT,
      apply: (x, slot) => (halves(slot) ? Math.trunc((x + 1) / 2) : x),
      reason: 'halved, rounding up',
      trace: (t, x, slot, y) => {
        if (halves(slot)) t.mod('armour takes the acid', x, y, 'halved, rounding up');
      },
    });
  }
  let law: Distribution | undefined;
  const damage: Chain = { steps, start: 0, law: () => (law ??= lawOfSteps(steps, 0)) };
  const heading = (t: Tracer): void => {
    t.rule(SECTION_MONSTER_MELEE, `${m.name}: ${b.method}${effect === 'none' ? '' : ` to ${effect}`}${dice.count > 0 ? ` (${b.dice})` : ''}`);
    if (effect === 'none') {
      t.note('a blow without an effect always lands');
      return;
    }
    t.value('accuracy', chance, `effect power + 3 x level ${rlev}`);
    t.value('defender AC', ac, 'armour, its magic and dexterity');
  };
  const hit = effect === 'none' ? ALWAYS : hitRule(ratio(chance), ac, true, 'source');
  return new MonsterBlow(b, dice, raw, hit, damage, heading, split);
}

/** What one blow does to the hero: the chance it lands, when it deals damage the damage's law, and for an effect the hero may save against, the chance the save holds. */
export interface BlowOdds {
  readonly blow: AngBlow;
  readonly hit: Fraction;
  readonly damage: Distribution | null;
  /** The chance the hero shakes off the blow's condition once hit (1: protected; null: no saving throw). */
  readonly save: Fraction | null;
}

/**
 * Each of a monster's blows against a defender of this AC (the previews and the recall page),
 * from the blows themselves (`monsterBlow`), with each element's guard from `guardOf` and the
 * chance of the hero's save from `saveOf`; acid's armour (a random slot) is left out.
 */
export function blowsAgainst(
  m: AngMonster,
  ac: number,
  guardOf: (effect: AngBlowEffect) => boolean | ElementGuard,
  saveOf: (effect: AngBlowEffect) => Fraction | null = () => null,
  paralyzed = false,
): BlowOdds[] {
  return m.blows.map((b, i) => {
    const blow = monsterBlow(m, i, ac, guardOf(b.effect), NO_COVER, paralyzed);
    const damage = blow.damageLaw();
    return { blow: b, hit: blow.hitChance(), damage: damage.max <= 0 ? null : damage, save: saveOf(b.effect) };
  });
}

/**
 * What a blow's effect does to the hero, in words, with the chance that the hero's protection or
 * saving throw holds (for the recall page's "Its attacks against you"; `save` from `blowsAgainst`).
 */
export function blowEffectNote(odds: BlowOdds, level: number): string {
  const rlev = Math.max(1, level);
  const { blow, save } = odds;
  const held = save !== null && save.equals(Fraction.ONE);
  const unless = save !== null && !save.equals(Fraction.ZERO) ? ` unless you save (${save.percent(1)})` : '';
  switch (blow.effect) {
    case 'hurt':
      return 'armour absorbs AC/250, at most 60%';
    case 'shatter':
      return 'armour absorbs as for a hit; past 23 damage an earthquake strikes your grid 15% of the time';
    case 'poison':
      return held ? 'you resist the poison' : `poisons for 1d${rlev}+5 turns`;
    case 'un-bonus':
      return held ? 'you resist disenchantment' : 'disenchants one of eight equipment slots';
    case 'un-power':
      return 'drains charges from a wand or staff: you carry none';
    case 'eat-gold':
      return 'steals gold (you carry none), then blinks away';
    case 'eat-item':
      return 'steals an item from your pack unless your DEX and level foil it, then blinks away';
    case 'eat-food':
      return 'eats food: you carry none';
    case 'eat-lite':
      return 'drains your light: you carry none';
    case 'acid':
      return 'damages a piece of armour, which then halves it; destroys things you carry';
    case 'elec':
    case 'fire':
    case 'cold':
      return `${blow.effect} destroys things you carry`;
    case 'blind':
      return held ? 'you resist blindness' : `blinds for 10 + 1d${rlev} turns`;
    case 'confuse':
      return held ? 'you resist confusion' : `confuses for 3 + 1d${rlev} turns`;
    case 'terrify':
      return held ? 'you resist fear' : `frightens for 3 + 1d${rlev} turns${unless}`;
    case 'paralyze':
      return held ? 'free action: no paralysis' : `paralyses for 3 + 1d${rlev} turns${unless}`;
    case 'lose-str':
    case 'lose-int':
    case 'lose-wis':
    case 'lose-dex':
    case 'lose-con':
    case 'lose-chr': {
      const stat = blow.effect.slice(5).toUpperCase();
      return held ? `your ${stat} is sustained` : `drains your ${stat}`;
    }
    case 'lose-all':
      return 'drains every stat not sustained';
    case 'exp-10':
    case 'exp-20':
    case 'exp-40':
    case 'exp-80': {
      const n = blow.effect.slice(4);
      const hold = save !== null && !save.equals(Fraction.ZERO) ? ` (hold life keeps it ${save.percent(1)}, else a tenth is lost)` : '';
      return `drains ${n}d6 + 2% of your experience${hold}`;
    }
    case 'hallu':
      return held ? 'you resist chaos' : `hallucination for 3 + 1d${Math.max(1, Math.trunc(rlev / 2))} turns`;
    case 'none':
      return 'no effect';
  }
}
