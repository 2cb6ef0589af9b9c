import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Ratio, lcmInt, ratio, ratioMul } from '../../core/ratio.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { PD_DIVERGENCES } from './divergences.js';
import { intBelow, intRange, normalIntRange, normalIntRangeDist } from './random.js';
import {
  type HeroAttackKind,
  type PdHeroSheet,
  SECTION_DAMAGE,
  SECTION_HIT,
  SECTION_SURPRISE,
  armourDr,
  heroAccuracy,
  heroDodge,
  heroStrength,
  meleeDamageRange,
  meleeRangeDiverges,
  meleeStrength,
} from './stats.js';
import type { PdMonster } from './types.js';

/** Why a defender's dodge counts as 0. @spoiler pixel-dungeon#surprise-attack */
export type SurpriseReason = 'asleep' | 'wandering' | 'unseen' | 'paralysed';

export const SURPRISE_TEXT: Record<SurpriseReason, string> = {
  asleep: 'it is asleep',
  wandering: 'it is wandering and has not noticed its enemy',
  unseen: 'the attacker has just appeared in its field of view',
  paralysed: 'it is paralysed',
};

/** How the damage number is rolled. */
export type PdDamageRoll =
  | { readonly kind: 'normal'; readonly min: number; readonly max: number }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number };

/**
 * One attack, fully specified: every number the hit test and the damage roll need, so the roll
 * itself is a few integer draws and the exact odds are a pure function of this record.
 */
export interface PdAttack {
  readonly label: string;
  /** The attacker's accuracy, or null when the attack never rolls to hit. */
  readonly accuracy: Ratio | null;
  /** Magic doubles the accuracy roll (mob spells; wands in the spoiler edition). */
  readonly magic: boolean;
  /** The defender's dodge (0 when surprised). */
  readonly dodge: Ratio;
  readonly surprise: SurpriseReason | null;
  readonly roll: PdDamageRoll;
  /** Excess strength: IntRange(0, excess) added to the roll when positive. */
  readonly excess: number;
  /** Furious Berserker: the damage x 1.5, rounded down, before armour. */
  readonly fury: boolean;
  /** The defender's armour: absorption IntRange(0, absorb); null for damage that skips armour. */
  readonly absorb: number | null;
  /** Whether a Sniper's attack ignores this armour. */
  readonly sniperIgnoresArmour: boolean;
  /** Standing in water: x 1.5, rounded down (the shaman's lightning). */
  readonly waterBoost: boolean;
  /** Assassin bonus on a surprise attack, per edition. */
  readonly assassin: 'none' | 'spoiler' | 'source';
  /**
   * The hit test worked out in advance by the builders, with the accuracy and dodge it was
   * worked out from; a copy of the record with another accuracy or dodge is planned afresh.
   */
  readonly plan?: { readonly of: readonly [Ratio, Ratio, boolean]; readonly hit: HitPlan };
}

export interface PdAttackRoll {
  readonly hit: boolean;
  readonly damage: number;
}

const MISS: PdAttackRoll = Object.freeze({ hit: false, damage: 0 });

/** The finest step of a real-valued roll: rolls are drawn in hundredths of a point. */
export const ROLL_STEPS = 100;

/**
 * The integer form of a hit test, worked out once per attack: the two rolls are uniform on
 * 0..a-1 and 0..d-1, shown divided by `unit`.
 */
export interface HitRanges {
  readonly a: number;
  readonly d: number;
  readonly unit: number;
}

export type HitPlan = HitRanges | 'always' | 'never';

/** The largest range a stream draws exactly (see Stream.int). */
const MAX_RANGE = 2 ** 53;

/** Scales accuracy (doubled for magic) and dodge to integer ranges over a common unit. */
export function hitPlan(accuracy: Ratio, dodge: Ratio, magic: boolean, steps = ROLL_STEPS): HitPlan {
  const acc = magic ? ratioMul(accuracy, ratio(2)) : accuracy;
  if (dodge.num === 0) return 'always';
  if (acc.num === 0) return 'never';
  // Ranges up to 2^53 can be drawn exactly; drop the hundredths when they would not fit.
  const base = lcmInt(acc.den, dodge.den);
  const fits = (u: number) => (acc.num * u) / acc.den <= MAX_RANGE && (dodge.num * u) / dodge.den <= MAX_RANGE;
  const unit = fits(base * steps) ? base * steps : base;
  if (!fits(unit)) throw new RangeError(`accuracy ${acc.num}/${acc.den} against dodge ${dodge.num}/${dodge.den} is too fine to roll exactly`);
  return { a: (acc.num * unit) / acc.den, d: (dodge.num * unit) / dodge.den, unit };
}

/**
 * The hit test. @spoiler pixel-dungeon#hit-test
 * The attacker draws a real number in [0, accuracy) (doubled for magic), the defender one in
 * [0, dodge); the attack hits when the attacker's is at least the defender's. Both are drawn in
 * steps of 1/(100 x common denominator); two draws landing in the same step are a tie of the
 * real numbers, which a fair coin settles, so the odds are exactly the continuous ones:
 * 1 - d/(2a) when a >= d, a/(2d) otherwise.
 */
export function hitTest(t: Tracer, accuracy: Ratio, dodge: Ratio, magic: boolean, steps = ROLL_STEPS): boolean {
  return rollHit(t, hitPlan(accuracy, dodge, magic, steps), magic);
}

/** Rolls a planned hit test. */
export function rollHit(t: Tracer, plan: HitPlan, magic: boolean): boolean {
  if (plan === 'always') {
    if (t.recording) t.note("dodge 0: the defender's roll is 0, any accuracy roll hits");
    return true;
  }
  if (plan === 'never') {
    if (t.recording) t.note('accuracy 0 against a positive dodge: always a miss');
    return false;
  }
  const x = t.roll(0, plan.a - 1, magic ? 'accuracy roll (magic: accuracy doubled)' : 'accuracy roll', plan.unit);
  const y = t.roll(0, plan.d - 1, 'dodge roll', plan.unit);
  if (x !== y) return t.recording ? t.check('accuracy roll >= dodge roll', x, '>=', y, plan.unit) : x > y;
  if (t.recording) t.note('both rolls fell in the same step: a fair coin decides which real number is larger');
  return t.roll(0, 1, 'tie: fair coin (1 = hit)') === 1;
}

/** The exact chance that `hitTest` succeeds. */
export function hitChance(accuracy: Ratio, dodge: Ratio, magic: boolean): Fraction {
  const acc = magic ? ratioMul(accuracy, ratio(2)) : accuracy;
  if (dodge.num === 0) return Fraction.ONE;
  if (acc.num === 0) return Fraction.ZERO;
  // a >= d  <=>  acc.num * dodge.den >= dodge.num * acc.den
  const a = BigInt(acc.num) * BigInt(dodge.den);
  const d = BigInt(dodge.num) * BigInt(acc.den);
  return a >= d ? Fraction.ONE.sub(Fraction.of(d, 2n * a)) : Fraction.of(a, 2n * d);
}

/**
 * Rolls an attack: the hit test, then (on a hit) absorption first, as the game does, then the
 * damage roll, excess strength, fury, armour, and the Assassin's bonus.
 * @spoiler pixel-dungeon#damage
 */
export function rollAttack(t: Tracer, a: PdAttack): PdAttackRoll {
  if (!rollAttackHits(t, a)) return MISS;
  return { hit: true, damage: rollDamage(t, a) };
}

// The rolling code is kept small, with everything that only the recording tracer needs in
// helpers of its own, so that untraced simulations run tight code.

function rollAttackHits(t: Tracer, a: PdAttack): boolean {
  if (t.recording) traceHitHeader(t, a);
  if (a.accuracy === null) return true;
  const p = a.plan;
  const plan = p !== undefined && p.of[0] === a.accuracy && p.of[1] === a.dodge && p.of[2] === a.magic ? p.hit : hitPlan(a.accuracy, a.dodge, a.magic);
  return rollHit(t, plan, a.magic);
}

function traceHitHeader(t: Tracer, a: PdAttack): void {
  t.rule(SECTION_HIT, `Hit test: ${a.label}`);
  if (a.accuracy === null) t.note('no roll to hit: it strikes whatever it reaches');
  else if (a.surprise) t.note(`surprise attack: dodge is 0 because ${SURPRISE_TEXT[a.surprise]}`);
}

function rollDamage(t: Tracer, a: PdAttack): number {
  if (t.recording) t.rule(SECTION_DAMAGE, 'Damage');
  let absorb = 0;
  if (a.absorb !== null) {
    if (!a.sniperIgnoresArmour) absorb = intRange(t, 0, a.absorb, 'armour absorbs');
    else if (t.recording) t.note('Sniper: the armour absorbs nothing');
  }
  let dmg = a.roll.kind === 'normal' ? normalIntRange(t, a.roll.min, a.roll.max, 'damage roll (centre-biased)') : intRange(t, a.roll.min, a.roll.max, 'damage roll');
  if (a.excess > 0) dmg = excessStrength(t, a.excess, dmg);
  if (a.fury) dmg = t.mod('Furious Berserker', dmg, Math.trunc(dmg * 1.5), 'x 1.5, rounded down');
  if (a.waterBoost) dmg = t.mod('target stands in water', dmg, Math.trunc(dmg * 1.5), 'x 1.5, rounded down');
  if (a.absorb !== null) dmg = t.recording ? traceArmour(t, dmg, absorb) : dmg > absorb ? dmg - absorb : 0;
  if (a.assassin !== 'none') dmg = assassinBonus(t, a.assassin, dmg);
  return dmg;
}

function excessStrength(t: Tracer, excess: number, dmg: number): number {
  const bonus = intRange(t, 0, excess, 'excess strength bonus');
  return t.recording ? t.mod('+ excess strength', dmg, dmg + bonus, `0..${excess} for strength above the weapon's need`) : dmg + bonus;
}

function traceArmour(t: Tracer, dmg: number, absorb: number): number {
  const after = Math.max(dmg - absorb, 0);
  return t.mod('- armour', dmg, after, absorb > dmg ? `absorbed ${absorb}: never below 0` : `absorbed ${absorb}`);
}

function assassinBonus(t: Tracer, rule: 'source' | 'spoiler', dmg: number): number {
  if (rule === 'source') {
    if (t.recording) t.edition('assassin-bonus', PD_DIVERGENCES['assassin-bonus'].source);
    const bonus = intBelow(t, 1, dmg, 'Assassin bonus Int(1, damage)');
    return t.mod('Assassin surprise bonus', dmg, dmg + bonus, 'the mob had not seen its enemy');
  }
  if (t.recording) t.edition('assassin-bonus', PD_DIVERGENCES['assassin-bonus'].spoiler);
  return t.mod('Assassin surprise attack', dmg, Math.trunc(dmg * 1.5), '+50%, rounded down');
}

/** The exact damage distribution of an attack, given that it hit. */
export function damageDistribution(a: PdAttack): Distribution {
  let d = a.roll.kind === 'normal' ? normalIntRangeDist(a.roll.min, a.roll.max) : Distribution.uniform(a.roll.min, a.roll.max);
  if (a.excess > 0) d = d.plus(Distribution.uniform(0, a.excess));
  if (a.fury) d = d.map((x) => Math.trunc(x * 1.5));
  if (a.waterBoost) d = d.map((x) => Math.trunc(x * 1.5));
  if (a.absorb !== null && !a.sniperIgnoresArmour && a.absorb > 0) d = d.minusClamped(Distribution.uniform(0, a.absorb));
  if (a.assassin === 'source') d = d.then((x) => (x >= 2 ? Distribution.uniform(x + 1, 2 * x - 1) : Distribution.constant(x + 1)));
  else if (a.assassin === 'spoiler') d = d.map((x) => Math.trunc(x * 1.5));
  return d;
}

export interface PdAttackOdds {
  readonly hit: Fraction;
  /** Damage given a hit. */
  readonly damage: Distribution;
  /** Expected damage per attack, misses counted as 0. */
  readonly expected: Fraction;
}

export function attackOdds(a: PdAttack): PdAttackOdds {
  const hit = a.accuracy === null ? Fraction.ONE : hitChance(a.accuracy, a.dodge, a.magic);
  const damage = damageDistribution(a);
  return { hit, damage, expected: hit.mul(damage.mean()) };
}

// ---------------------------------------------------------------------------------------------
// Building attacks from the two fighters.

/** What the rules need to know about a defender. */
export type PdDefender =
  | {
      readonly kind: 'hero';
      readonly sheet: PdHeroSheet;
      readonly paralysed: boolean;
      /** Whether the hero saw this attacker at the hero's own last turn. */
      readonly sawAttacker: boolean;
      readonly onWater: boolean;
      readonly flying: boolean;
    }
  | {
      readonly kind: 'monster';
      readonly monster: PdMonster;
      readonly paralysed: boolean;
      /** The mob's enemySeen flag, refreshed on its own turns. */
      readonly enemySeen: boolean;
      readonly state: 'sleeping' | 'wandering' | 'hunting' | 'fleeing';
      readonly onWater: boolean;
      readonly flying: boolean;
    };

export interface PdAttackContext {
  readonly edition: Edition;
  /** Chebyshev distance between the fighters. */
  readonly distance: number;
}

/** A monster's armour in this edition (the seed's gnoll scout has 4, the game's 2). */
export function monsterDr(t: Tracer, m: PdMonster, edition: Edition): number {
  if (edition === 'spoiler' && m.spoiler?.dr !== undefined) {
    if (t.recording) t.edition(m.spoiler.divergence, `${m.name}: armour ${m.spoiler.dr} as the seed says (the game has ${m.dr})`);
    return m.spoiler.dr;
  }
  if (t.recording && edition === 'source' && m.spoiler?.dr !== undefined) {
    t.edition(m.spoiler.divergence, `${m.name}: armour ${m.dr} in the game (the seed says ${m.spoiler.dr})`);
  }
  return m.dr;
}

/**
 * The defender's dodge and whether it is surprised. @spoiler pixel-dungeon#surprise-attack
 * A mob that did not see its enemy at its last turn (asleep, wandering unaware, or the enemy
 * came into view since) or is paralysed has dodge 0. The hero is surprised the same way in the
 * `spoiler` edition only.
 */
export function defenderDodge(t: Tracer, d: PdDefender, edition: Edition): { dodge: Ratio; surprise: SurpriseReason | null } {
  if (d.kind === 'monster') {
    if (d.paralysed || !d.enemySeen) {
      const reason: SurpriseReason = d.paralysed
        ? 'paralysed'
        : d.state === 'sleeping'
          ? 'asleep'
          : d.state === 'wandering'
            ? 'wandering'
            : 'unseen';
      if (t.recording) t.rule(SECTION_SURPRISE, 'Surprise attack');
      return { dodge: ratio(0), surprise: reason };
    }
    if (t.recording) t.value(`${d.monster.name} dodge`, d.monster.defenseSkill, 'from its table');
    return { dodge: ratio(d.monster.defenseSkill), surprise: null };
  }
  if (edition === 'spoiler' && (d.paralysed || !d.sawAttacker)) {
    if (t.recording) {
      t.rule(SECTION_SURPRISE, 'Surprise attack on the hero');
      t.edition('hero-surprised', PD_DIVERGENCES['hero-surprised'].spoiler);
    }
    return { dodge: ratio(0), surprise: d.paralysed ? 'paralysed' : 'unseen' };
  }
  if (t.recording && edition === 'source' && !d.sawAttacker && !d.paralysed) {
    t.edition('hero-surprised', `${PD_DIVERGENCES['hero-surprised'].source} (the attacker has just come into view)`);
  }
  return { dodge: heroDodge(t, d.sheet, d.paralysed, edition), surprise: null };
}

function defenderArmour(t: Tracer, d: PdDefender, edition: Edition): number {
  if (d.kind === 'monster') return monsterDr(t, d.monster, edition);
  return d.sheet.armour ? armourDr(d.sheet.armour.def, d.sheet.armour.level) : 0;
}

/** Fills in the hit plan so rolling the attack does no arithmetic on fractions. */
function planned(a: PdAttack): PdAttack {
  return a.accuracy === null ? a : { ...a, plan: { of: [a.accuracy, a.dodge, a.magic], hit: hitPlan(a.accuracy, a.dodge, a.magic) } };
}

export interface HeroAttackerState {
  readonly sheet: PdHeroSheet;
  readonly fury: boolean;
}

/**
 * Builds a hero's attack (melee, a thrown weapon or a wand bolt) against a defender, tracing how
 * every number was derived.
 */
export function heroAttack(t: Tracer, h: HeroAttackerState, kind: HeroAttackKind, d: PdDefender, ctx: PdAttackContext, wandLevel = 0): PdAttack {
  const { edition } = ctx;
  const sheet = h.sheet;
  if (t.recording) t.rule(SECTION_HIT, kind.kind === 'melee' ? 'Hero accuracy' : kind.kind === 'thrown' ? `Hero accuracy with a thrown ${kind.missile.name}` : 'Hero accuracy with a wand');

  if (kind.kind === 'wand') {
    const roll: PdDamageRoll = { kind: 'uniform', min: 1, max: Math.max(1, 5 + 2 * wandLevel) };
    let accuracy: Ratio | null = null;
    if (edition === 'spoiler') {
      if (t.recording) t.edition('wand-hit-roll', PD_DIVERGENCES['wand-hit-roll'].spoiler);
      accuracy = heroAccuracy(t, sheet, kind, ctx.distance, edition);
    } else if (t.recording) t.edition('wand-hit-roll', PD_DIVERGENCES['wand-hit-roll'].source);
    const { dodge, surprise } = defenderDodge(t, d, edition);
    return planned({
      label: 'magic missile',
      accuracy,
      magic: true,
      dodge,
      surprise,
      roll,
      excess: 0,
      fury: false,
      absorb: null,
      sniperIgnoresArmour: false,
      waterBoost: false,
      assassin: 'none',
    });
  }

  const accuracy = heroAccuracy(t, sheet, kind, ctx.distance, edition);
  const { dodge, surprise } = defenderDodge(t, d, edition);
  const str = heroStrength(sheet);
  const thrown = kind.kind === 'thrown';
  let roll: PdDamageRoll;
  let weaponStr: number | null = null;
  let label: string;
  if (thrown) {
    roll = { kind: 'normal', min: kind.missile.minDamage, max: kind.missile.maxDamage };
    weaponStr = kind.missile.strength;
    label = kind.missile.name;
  } else if (sheet.weapon) {
    const r = meleeDamageRange(sheet.weapon.def, sheet.weapon.level, edition);
    roll = { kind: 'normal', min: r.min, max: r.max };
    weaponStr = meleeStrength(sheet.weapon.def, sheet.weapon.level);
    label = sheet.weapon.def.name;
    if (t.recording && meleeRangeDiverges(sheet.weapon.def, sheet.weapon.level)) {
      t.edition('weapon-max-float', edition === 'spoiler' ? `${label}: ${r.min}-${r.max} with exact arithmetic` : `${label}: ${r.min}-${r.max}, the maximum truncated in float32`);
    }
  } else {
    roll = str > 10 ? { kind: 'uniform', min: 1, max: str - 9 } : { kind: 'uniform', min: 1, max: 1 };
    label = 'bare hands';
  }

  let excess = 0;
  if (weaponStr !== null && str > weaponStr) {
    const spare = str - weaponStr;
    if (edition === 'spoiler') {
      excess = spare;
      if (t.recording && thrown !== sheet.cls.excessStrengthWithMissiles) t.edition('excess-strength', PD_DIVERGENCES['excess-strength'].spoiler);
    } else {
      const huntress = sheet.cls.excessStrengthWithMissiles;
      if (thrown === huntress) excess = spare;
      if (t.recording) {
        t.edition('excess-strength', PD_DIVERGENCES['excess-strength'].source);
        if (excess === 0) t.note(`no excess-strength bonus: ${huntress ? 'a Huntress gets it with thrown weapons only' : 'only in melee'}`);
      }
    }
  }

  const sniper = sheet.subclass === 'sniper';
  let sniperIgnoresArmour = false;
  if (sniper) {
    if (edition === 'spoiler') {
      sniperIgnoresArmour = true;
      if (t.recording && !thrown) t.edition('sniper-armour', PD_DIVERGENCES['sniper-armour'].spoiler);
    } else {
      sniperIgnoresArmour = thrown;
      if (t.recording && !thrown) t.edition('sniper-armour', PD_DIVERGENCES['sniper-armour'].source);
    }
  }

  let assassin: PdAttack['assassin'] = 'none';
  if (sheet.subclass === 'assassin' && d.kind === 'monster') {
    if (edition === 'spoiler' && surprise) assassin = 'spoiler';
    if (edition === 'source' && !d.enemySeen) assassin = 'source';
  }

  const absorb = defenderArmour(t, d, edition);
  if (t.recording) {
    t.note(`damage roll: ${roll.kind === 'normal' ? 'centre-biased' : 'uniform'} ${roll.min}-${roll.max}`);
    if (h.fury) t.note('Fury: damage x 1.5 (HP at most 40%)');
  }
  return planned({ label, accuracy, magic: false, dodge, surprise, roll, excess, fury: h.fury, absorb, sniperIgnoresArmour, waterBoost: false, assassin });
}

export type MonsterAttackKind =
  | { readonly kind: 'melee' }
  | { readonly kind: 'lightning'; readonly damage: readonly [number, number] }
  | { readonly kind: 'shadow-bolt'; readonly damage: readonly [number, number] }
  | { readonly kind: 'ranged' };

/** Builds a monster's attack against a defender. */
export function monsterAttack(
  t: Tracer,
  m: PdMonster,
  enraged: boolean,
  kind: MonsterAttackKind,
  d: PdDefender,
  ctx: PdAttackContext,
): PdAttack {
  if (t.recording) t.rule(SECTION_HIT, `${m.name} accuracy`);
  const accuracy = ratio(m.attackSkill);
  if (t.recording) t.value(`${m.name} accuracy`, m.attackSkill, 'from its table');
  const { dodge, surprise } = defenderDodge(t, d, ctx.edition);
  if (kind.kind === 'lightning' || kind.kind === 'shadow-bolt') {
    // Int(a, b) excludes b: the data holds the inclusive range already.
    return planned({
      label: `${m.name}'s ${kind.kind === 'lightning' ? 'lightning' : 'shadow bolt'}`,
      accuracy,
      magic: true,
      dodge,
      surprise,
      roll: { kind: 'uniform', min: kind.damage[0], max: kind.damage[1] },
      excess: 0,
      fury: false,
      absorb: null,
      sniperIgnoresArmour: false,
      waterBoost: kind.kind === 'lightning' && d.onWater && !d.flying,
      assassin: 'none',
    });
  }
  const enrage = m.abilities.find((a) => a.kind === 'enrage');
  const range = enraged && enrage ? enrage.damage : m.damage;
  if (t.recording && enraged) t.note(`${m.name} is enraged: damage ${range[0]}-${range[1]}`);
  return planned({
    label: kind.kind === 'ranged' ? `${m.name}'s sting` : `${m.name}'s attack`,
    accuracy,
    magic: false,
    dodge,
    surprise,
    roll: { kind: 'normal', min: range[0], max: range[1] },
    excess: 0,
    fury: false,
    absorb: defenderArmour(t, d, ctx.edition),
    sniperIgnoresArmour: false,
    waterBoost: false,
    assassin: 'none',
  });
}

