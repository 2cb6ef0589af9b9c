import { Fraction } from '../../core/fraction.js';
import type { Ratio } from '../../core/ratio.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type AngStep, lawOfSteps, passDie, randint1, rollSteps, ruleCache } from './steps.js';
import type { AngMonsterFlag, AngSlay } from './types.js';

/**
 * Slays, brands and critical hits of the player's attacks in Angband 3.0.5.
 * @spoiler angband-3.0.5#slays, angband-3.0.5#melee-critical, angband-3.0.5#missile-critical
 */

export const SECTION_CRIT = 'angband-3.0.5#melee-critical';
export const SECTION_SLAYS = 'angband-3.0.5#slays';
export const SECTION_MISSILE_CRIT = 'angband-3.0.5#missile-critical';

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

/** Every kind of critical, mildest first: a critical rule's number is 0 (none) or 1 + its place here. */
export const CRIT_KINDS: readonly CritKind[] = ['good', 'great', 'superb', '*GREAT*', '*SUPERB*'];

/** The kind a critical rule's number stands for (null: no critical). */
export function critKindAt(n: number): CritKind | null {
  return n > 0 ? (CRIT_KINDS[n - 1] ?? null) : null;
}

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

/** The kind a type sum gives. */
function typeOf(c: CritPlan, sum: number): number {
  for (const ty of c.types) if (sum < ty.below) return 1 + CRIT_KINDS.indexOf(ty.kind);
  const last = c.types[c.types.length - 1];
  return last ? 1 + CRIT_KINDS.indexOf(last.kind) : 0;
}

const critRules = ruleCache<readonly AngStep[]>(512);

/** Names every number a critical plan's steps depend on. */
export function critKey(c: CritPlan): string {
  const types = c.types === MELEE_CRIT_TYPES ? 'melee' : c.types === MISSILE_CRIT_TYPES ? 'missile' : c.types.map((ty) => `${ty.kind}<${ty.below}`).join(',');
  return `${c.power.num}/${c.power.den}|${c.weight}|${c.sides}|${types}`;
}

/**
 * The critical rule as steps. @spoiler angband-3.0.5#melee-critical
 * A roll of 1 to 5000 (in the unit P is counted in) at most P makes the hit critical; then
 * 1d(sides) plus the weight picks its kind. The number is 0 (none) or 1 + the kind's place in
 * `CRIT_KINDS`.
 */
export function critSteps(c: CritPlan): readonly AngStep[] {
  return critRules(critKey(c), () => buildCritSteps(c));
}

function buildCritSteps(c: CritPlan): readonly AngStep[] {
  const unit = c.power.den;
  const chance = passDie(1, 5000 * unit, '<=', c.power.num, 'critical when the roll is at most P', unit);
  const type = randint1(c.sides);
  return [
    { label: 'critical roll (1 to 5000)', die: () => chance, apply: (_x, r) => r, reason: 'critical when the roll is at most P', trace: () => {} },
    {
      label: `critical type: 1d${c.sides}`,
      die: (x) => (x === 0 ? NO_DIE : type),
      apply: (x, r) => (x === 0 ? 0 : typeOf(c, r + c.weight)),
      reason: 'the type sum picks the kind',
      trace: (t, x, r) => {
        if (x !== 0) t.value('type sum', r + c.weight, `1d${c.sides} + ${c.weight} (10 x weight in pounds)`);
      },
    },
  ];
}

/** Rolls whether a hit is critical, and which kind. @spoiler angband-3.0.5#melee-critical */
export function rollCritical(t: Tracer, c: CritPlan): CritKind | null {
  return critKindAt(rollSteps(t, critSteps(c), 0));
}

/** The exact chance of each outcome of `rollCritical` (null: no critical, always listed first). */
export function criticalOdds(c: CritPlan): Map<CritKind | null, Fraction> {
  const law = lawOfSteps(critSteps(c), 0);
  const out = new Map<CritKind | null, Fraction>([[null, law.prob(0)]]);
  for (const [n, p] of law.entries()) if (n > 0) out.set(critKindAt(n), p);
  return out;
}
