import { Distribution, mixture } from '../../core/distribution.js';
import { type Dice, diceDistribution } from '../../core/dice.js';
import { Fraction } from '../../core/fraction.js';
import { type Ratio, lcmInt, ratio } from '../../core/ratio.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { ANG_DIVERGENCES } from './divergences.js';
import type { AngBreakageClass, AngMonsterFlag, AngSlay } from './types.js';

/**
 * The player's attacks in Angband 3.0.5: the hit test, criticals, slays and brands, damage and
 * breakage. @spoiler angband-3.0.5 (000_93a8d6a8d966ff10.txt). Every rule that rolls has an exact
 * twin that draws nothing; tests check the two against each other roll by roll.
 */

export const SECTION_HIT = 'angband-3.0.5#hit-chance';
export const SECTION_CRIT = 'angband-3.0.5#melee-critical';
export const SECTION_DAMAGE = 'angband-3.0.5#melee-damage';
export const SECTION_SLAYS = 'angband-3.0.5#slays';
export const SECTION_MISSILE_HIT = 'angband-3.0.5#missile-hit';
export const SECTION_MISSILE_CRIT = 'angband-3.0.5#missile-critical';
export const SECTION_MISSILE_DAMAGE = 'angband-3.0.5#missile-damage';
export const SECTION_BREAKAGE = 'angband-3.0.5#breakage';

// --- The hit test -----------------------------------------------------------------------------

/** The AC term the roll must reach: exactly 3/4 AC in the seed, ac * 3 / 4 truncated in the game. */
export function acThreshold(ac: number, edition: Edition): Ratio {
  return edition === 'source' ? ratio(Math.trunc((ac * 3) / 4)) : ratio(3 * ac, 4);
}

/**
 * The skill against a target the attacker cannot see: halved, rounding up in the seed and down
 * in the game (divergence unseen-rounding).
 */
export function unseenSkill(k: Ratio, edition: Edition): Ratio {
  const half = k.num / (2 * k.den);
  return ratio(edition === 'source' ? Math.trunc(half) : Math.ceil(half));
}

/**
 * Hits a target of armour class `ac` with skill `k`. @spoiler angband-3.0.5#hit-chance
 * One time in twenty the blow always hits, one in twenty it always misses. Otherwise the skill
 * is halved when the target is unseen; a non-positive skill misses; else a roll uniform on
 * [0, K) hits when it is at least 3/4 of the AC, so the chance is (K - 3/4 AC) / K.
 */
export function hitTest(t: Tracer, k: Ratio, ac: number, visible: boolean, edition: Edition): boolean {
  const d = t.roll(0, 99, 'd100 (0-4 always hit, 5-9 always miss)');
  if (d < 10) {
    if (t.recording) t.note(d < 5 ? 'a sure hit (one time in twenty)' : 'a sure miss (one time in twenty)');
    return d < 5;
  }
  let skill = k;
  if (!visible) {
    skill = unseenSkill(k, edition);
    if (t.recording) {
      t.mod('unseen target: skill halved', k.num / k.den, skill.num, edition === 'source' ? 'rounded down' : 'rounded up');
      t.edition('unseen-rounding', ANG_DIVERGENCES['unseen-rounding'][edition]);
    }
  }
  if (skill.num <= 0) {
    if (t.recording) t.note('the skill is not positive: only a sure hit can land');
    return false;
  }
  const thr = acThreshold(ac, edition);
  if (t.recording && ac % 4 !== 0) t.edition('ac-threshold-truncated', ANG_DIVERGENCES['ac-threshold-truncated'][edition]);
  // A roll on [0, K) compared with 3/4 AC, both counted in a unit fine enough to be exact.
  const unit = lcmInt(skill.den, thr.den);
  const range = (skill.num * unit) / skill.den;
  const need = (thr.num * unit) / thr.den;
  const r = t.roll(0, range - 1, 'skill roll', unit);
  return t.recording ? t.check('roll >= 3/4 AC', r, '>=', need, unit) : r >= need;
}

/** The exact chance that `hitTest` hits: 1/20 + 9/10 x clamp((K - 3/4 AC) / K, 0, 1) (1/20 when K <= 0). */
export function hitChance(k: Ratio, ac: number, visible: boolean, edition: Edition): Fraction {
  const skill = visible ? k : unseenSkill(k, edition);
  const sure = Fraction.of(1, 20);
  if (skill.num <= 0) return sure;
  const thr = acThreshold(ac, edition);
  const K = Fraction.of(skill.num, skill.den);
  // Every roll reaches a threshold of 0 or less (a negative AC); none reaches one above K.
  if (thr.num <= 0) return sure.add(Fraction.of(9, 10));
  const gap = K.sub(Fraction.of(thr.num, thr.den));
  if (gap.num <= 0n) return sure;
  return sure.add(Fraction.of(9, 10).mul(gap.div(K)));
}

// --- Slays and brands -------------------------------------------------------------------------

const SLAY_NAME: Record<string, string> = {
  evil: 'Slay Evil', animal: 'Slay Animal', undead: 'Slay Undead', demon: 'Slay Demon', orc: 'Slay Orc', troll: 'Slay Troll',
  giant: 'Slay Giant', dragon: 'Slay Dragon',
};
const BRAND_NAME: Record<string, string> = { acid: 'Acid Brand', elec: 'Lightning Brand', fire: 'Fire Brand', cold: 'Frost Brand', poison: 'Poison Brand' };
const IMMUNITY: Record<string, AngMonsterFlag> = { acid: 'im-acid', elec: 'im-elec', fire: 'im-fire', cold: 'im-cold', poison: 'im-pois' };

/** Which blow tag a multiplying power earns: a brand, or a slay (executes count as slays). */
export function slayKindOf(s: AngSlay): 'slay' | 'brand' {
  return s.kind === 'brand' ? 'brand' : 'slay';
}

export function slayName(s: AngSlay): string {
  return s.kind === 'slay' ? (SLAY_NAME[s.against] as string) : s.kind === 'kill' ? `Execute ${s.against.charAt(0).toUpperCase()}${s.against.slice(1)}` : (BRAND_NAME[s.element] as string);
}

/**
 * The highest multiplier among the weapon's slays and brands that apply to the monster.
 * @spoiler angband-3.0.5#slays
 * Slay Evil and Slay Animal x2; other slays and every brand x3 (a brand only against a monster
 * without the matching immunity); Execute x5. Returns 1 and no power when none applies.
 */
export function bestSlay(slays: readonly AngSlay[], flags: readonly AngMonsterFlag[]): { mult: number; power: AngSlay | null } {
  let mult = 1;
  let power: AngSlay | null = null;
  for (const s of slays) {
    let m = 1;
    if (s.kind === 'slay' && flags.includes(s.against)) m = s.against === 'evil' || s.against === 'animal' ? 2 : 3;
    else if (s.kind === 'kill' && flags.includes(s.against)) m = 5;
    else if (s.kind === 'brand' && !flags.includes(IMMUNITY[s.element] as AngMonsterFlag)) m = 3;
    if (m > mult) {
      mult = m;
      power = s;
    }
  }
  return { mult, power };
}

// --- Criticals --------------------------------------------------------------------------------

export type CritKind = 'good' | 'great' | 'superb' | '*GREAT*' | '*SUPERB*';

/** The melee critical types, by the sum 10 x weight + 1d650. @spoiler angband-3.0.5#melee-critical */
export const MELEE_CRIT_TYPES: readonly { readonly kind: CritKind; readonly below: number }[] = [
  { kind: 'good', below: 400 },
  { kind: 'great', below: 700 },
  { kind: 'superb', below: 900 },
  { kind: '*GREAT*', below: 1300 },
  { kind: '*SUPERB*', below: Infinity },
];

/** The missile critical types, by the sum 10 x weight + 1d500. @spoiler angband-3.0.5#missile-critical */
export const MISSILE_CRIT_TYPES: readonly { readonly kind: CritKind; readonly below: number }[] = [
  { kind: 'good', below: 500 },
  { kind: 'great', below: 1000 },
  { kind: 'superb', below: Infinity },
];

/**
 * What a critical does to the damage. @spoiler angband-3.0.5#melee-damage (3)
 * good x2 +5, great x2 +10, superb x3 +15, *GREAT* x3 +20, *SUPERB* x3.5 +25. The seed's x3.5
 * leaves half points, which the arena rounds up; the game truncates (divergence superb-rounding).
 */
export function critDamage(kind: CritKind, d: number, edition: Edition): number {
  switch (kind) {
    case 'good':
      return 2 * d + 5;
    case 'great':
      return 2 * d + 10;
    case 'superb':
      return 3 * d + 15;
    case '*GREAT*':
      return 3 * d + 20;
    case '*SUPERB*':
      return (edition === 'source' ? Math.trunc((7 * d) / 2) : Math.ceil((7 * d) / 2)) + 25;
  }
}

export const CRIT_TEXT: Record<CritKind, string> = {
  good: 'x2 +5',
  great: 'x2 +10',
  superb: 'x3 +15',
  '*GREAT*': 'x3 +20',
  '*SUPERB*': 'x3.5 +25',
};

/** How a critical is decided: the chance P in 5000, and the weight the type roll starts from. */
export interface CritPlan {
  /** P, which may carry a fraction in the seed's arithmetic. */
  readonly power: Ratio;
  /** Tenth-pounds added to the type roll. */
  readonly weight: number;
  readonly sides: 650 | 500;
  readonly types: readonly { readonly kind: CritKind; readonly below: number }[];
}

/** Rolls whether a hit is critical, and which kind. @spoiler angband-3.0.5#melee-critical */
export function rollCritical(t: Tracer, c: CritPlan): CritKind | null {
  const unit = c.power.den;
  const r = t.roll(1, 5000 * unit, 'critical roll (1 to 5000)', unit);
  const crit = t.recording ? t.check('critical when the roll is at most P', r, '<=', c.power.num, unit) : r <= c.power.num;
  if (!crit) return null;
  const k = t.roll(1, c.sides, `critical type: 1d${c.sides}`) + c.weight;
  if (t.recording) t.value('type sum', k, `1d${c.sides} + ${c.weight} (10 x weight in pounds)`);
  for (const ty of c.types) if (k < ty.below) return ty.kind;
  return c.types[c.types.length - 1]?.kind ?? null;
}

/** The exact chance of each outcome of `rollCritical` (null: no critical). */
export function criticalOdds(c: CritPlan): Map<CritKind | null, Fraction> {
  const out = new Map<CritKind | null, Fraction>();
  const scaled = c.power.num; // P x unit, against 5000 x unit
  const total = 5000 * c.power.den;
  const pCrit = Fraction.of(Math.max(0, Math.min(total, scaled)), total);
  out.set(null, pCrit.complement());
  if (pCrit.num === 0n) return out;
  for (let k = 1; k <= c.sides; k++) {
    const sum = k + c.weight;
    const kind = (c.types.find((ty) => sum < ty.below) ?? c.types[c.types.length - 1])?.kind as CritKind;
    out.set(kind, (out.get(kind) ?? Fraction.ZERO).add(pCrit.mul(Fraction.of(1, c.sides))));
  }
  return out;
}

// --- Damage -----------------------------------------------------------------------------------

/**
 * One hit's damage, planned: the dice, what is added before the multipliers (missiles: the
 * ammunition's and launcher's to-dam), the launcher multiplier, the best slay, the critical, and
 * what is added after (melee: the to-dam bonus).
 */
export interface DamagePlan {
  readonly dice: Dice;
  readonly before: number;
  readonly launcher: number;
  readonly slay: number;
  readonly slayName: string | null;
  /** Whether the best multiplier is a slay (or execute) or a brand; absent when none applies. */
  readonly slayKind?: 'slay' | 'brand';
  readonly crit: CritPlan | null;
  readonly after: number;
  readonly edition: Edition;
  readonly section: string;
}

/**
 * Rolls the damage of a hit. @spoiler angband-3.0.5#melee-damage (melee), angband-3.0.5#missile-damage
 * Melee: dice, x slay, critical, + to-dam. Missile: (dice + to-dams) x launcher, x slay,
 * critical. Never below 0.
 */
export function rollDamage(t: Tracer, p: DamagePlan): { damage: number; crit: CritKind | null } {
  if (t.recording) t.rule(p.section, 'Damage');
  let d = p.dice.bonus;
  for (let i = 0; i < p.dice.count; i++) d += t.roll(1, p.dice.sides, `damage: ${p.dice.text}`);
  if (t.recording) return traceDamage(t, p, d);
  d += p.before;
  d *= p.launcher * p.slay;
  let crit: CritKind | null = null;
  if (p.crit) {
    crit = rollCritical(t, p.crit);
    if (crit) d = critDamage(crit, d, p.edition);
  }
  d += p.after;
  return { damage: d > 0 ? d : 0, crit };
}

function traceDamage(t: Tracer, p: DamagePlan, rolled: number): { damage: number; crit: CritKind | null } {
  let d = rolled;
  if (p.before !== 0) d = t.mod('+ to-dam of the missile and launcher', d, d + p.before, 'added before the multiplier');
  if (p.launcher !== 1) d = t.mod(`x launcher multiplier`, d, d * p.launcher, `x${p.launcher}`);
  if (p.slay !== 1) {
    t.rule(SECTION_SLAYS, 'Slays and brands');
    d = t.mod(`x ${p.slayName}`, d, d * p.slay, `the best that applies: x${p.slay}`);
  }
  let crit: CritKind | null = null;
  if (p.crit) {
    t.rule(p.section === SECTION_DAMAGE ? SECTION_CRIT : SECTION_MISSILE_CRIT, 'Critical hit');
    const pw = p.crit.power.num / p.crit.power.den;
    t.value('P (critical chance, in 5000)', pw, 'see the rule above');
    crit = rollCritical(t, p.crit);
    if (crit) {
      const after = critDamage(crit, d, p.edition);
      if (crit === '*SUPERB*') t.edition('superb-rounding', ANG_DIVERGENCES['superb-rounding'][p.edition]);
      d = t.mod(`${crit} critical`, d, after, CRIT_TEXT[crit]);
    } else t.note('no critical');
  }
  if (p.after !== 0) d = t.mod('+ to-dam', d, d + p.after, p.section === SECTION_DAMAGE ? 'the to-dam bonus' : 'to-dam');
  if (d < 0) d = t.mod('negative damage', d, 0, 'no damage is done');
  return { damage: d, crit };
}

/** The exact distribution of `rollDamage`'s damage. */
export function damageDistribution(p: DamagePlan): Distribution {
  const base = diceDistribution(p.dice).map((d) => (d + p.before) * p.launcher * p.slay);
  const withCrit = p.crit ? critMixture(base, p.crit, p.edition) : base;
  return withCrit.map((d) => Math.max(0, d + p.after));
}

function critMixture(base: Distribution, crit: CritPlan, edition: Edition): Distribution {
  const parts: { weight: Fraction; dist: Distribution }[] = [];
  for (const [kind, w] of criticalOdds(crit)) {
    if (w.num === 0n) continue;
    parts.push({ weight: w, dist: kind ? base.map((d) => critDamage(kind, d, edition)) : base });
  }
  return mixture(parts);
}

// --- Breakage ---------------------------------------------------------------------------------

/** Percent chance to break, by class. @spoiler angband-3.0.5#breakage (the game's table: divergence breakage-table) */
export const BREAKAGE: Readonly<Record<Edition, Readonly<Record<AngBreakageClass, number>>>> = {
  spoiler: { flask: 100, potion: 50, arrow: 30, scroll: 30, bolt: 20, shot: 20, other: 10 },
  source: { flask: 100, potion: 100, scroll: 50, arrow: 35, bolt: 25, shot: 25, other: 10 },
};

/** Where a missile ended: at a monster (hit or miss), against a wall, or where it came down. */
export interface BreakageContext {
  readonly reachedMonster: boolean;
  readonly hitMonster: boolean;
  readonly struckWall: boolean;
  /** Squares from the thrower. */
  readonly distance: number;
}

/**
 * The chance in percent that a missile breaks. @spoiler angband-3.0.5#breakage
 * The seed: every missile may break; the chance doubles when it hits a monster or a wall less
 * than 3 squares away. The game: only a missile that reached a monster, hit or miss, may break,
 * and nothing doubles (divergence breakage-when).
 */
export function breakagePercent(cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): { percent: number; doubled: boolean } {
  const base = BREAKAGE[edition][cls];
  if (edition === 'source') return { percent: ctx.reachedMonster ? base : 0, doubled: false };
  const doubled = (ctx.hitMonster || ctx.struckWall) && ctx.distance < 3;
  return { percent: Math.min(100, doubled ? base * 2 : base), doubled };
}

/** Rolls whether a missile breaks: d100 below the percentage. */
export function rollBreakage(t: Tracer, cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): boolean {
  const { percent, doubled } = breakagePercent(cls, ctx, edition);
  if (t.recording) {
    t.rule(SECTION_BREAKAGE, 'Breakage');
    t.edition('breakage-table', ANG_DIVERGENCES['breakage-table'][edition]);
    const why = doubled
      ? `doubled: it struck ${ctx.hitMonster ? 'a monster' : 'a wall'} less than 3 squares away`
      : percent === 0
        ? 'none: only a missile that reached a monster may break'
        : `${BREAKAGE[edition][cls]}% for this kind`;
    t.value(`chance to break (${cls})`, percent, why);
    // The editions part on a missile that did not reach a monster, and on one doubled by the seed.
    if (!ctx.reachedMonster || ((ctx.hitMonster || ctx.struckWall) && ctx.distance < 3)) t.edition('breakage-when', ANG_DIVERGENCES['breakage-when'][edition]);
  }
  if (percent <= 0) return false;
  if (percent >= 100) {
    if (t.recording) t.note('it always breaks');
    return true;
  }
  const r = t.roll(0, 99, 'breakage d100');
  return t.recording ? t.check('breaks when the roll is below the chance', r, '<', percent) : r < percent;
}

export function breakageChance(cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): Fraction {
  return Fraction.of(breakagePercent(cls, ctx, edition).percent, 100);
}
