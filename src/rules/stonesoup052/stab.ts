import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import { div } from '../crawl-family/random.js';

/**
 * Stabbing in Stone Soup 0.5.2 (seed 003 "Stabbing"; fight.cc is_unchivalric_attack,
 * player_stab_check, player_stab_weapon_bonus, player_apply_monster_ac).
 */

export const SECTION_STAB = 'stone-soup-0.5.2#stabbing';

/** What the stab rules need to know about the target. */
export interface StabTarget {
  readonly sleeping: boolean;
  readonly paralysed: boolean;
  readonly petrified: boolean;
  readonly petrifying: boolean;
  readonly netted: boolean;
  readonly fleeing: boolean;
  readonly confused: boolean;
  /** Wandering (the seed's "distracted"). */
  readonly wandering: boolean;
  /** Its foe is the hero (the code's "distracted" is the opposite, unless it is batty). */
  readonly foeIsHero: boolean;
  readonly batty: boolean;
  /** The hero is invisible to it: it neither sees invisible (seed) nor senses it (code). */
  readonly heroInvisible: boolean;
  readonly seesInvisible: boolean;
  readonly sensesInvisible: boolean;
}

export type StabKind = 'helpless' | 'hampered' | 'distracted';

/** The category: the divisor b (1 helpless, 2 hampered, 3 distracted), whether the chance roll is needed, and why. */
export interface StabCategory {
  readonly b: 1 | 2 | 3;
  readonly kind: StabKind;
  readonly roll: boolean;
  readonly why: string;
  /** The hero's invisibility made it (the code's 140 and the seed's "about 1%" apply). */
  readonly invisible: boolean;
}

export function stabCategoryOf(m: StabTarget, edition: Edition): StabCategory | null {
  if (edition === 'source') {
    let cat: StabCategory | null = null;
    const set = (b: 1 | 2 | 3, roll: boolean, why: string, invisible = false): void => {
      cat = { b, kind: b === 1 ? 'helpless' : b === 2 ? 'hampered' : 'distracted', roll, why, invisible };
    };
    // Later matches override earlier ones (is_unchivalric_attack).
    if (!m.foeIsHero && !m.batty && !m.sleeping) set(3, true, 'its attention is elsewhere');
    if (m.confused) set(2, true, 'confused');
    if (m.fleeing) set(2, true, 'fleeing');
    if (m.heroInvisible && !m.seesInvisible && !m.sensesInvisible) set(2, true, 'it cannot see you', true);
    if (m.netted) set(1, true, 'held in a net');
    if (m.petrifying) set(1, true, 'petrifying');
    if (m.petrified) set(1, true, 'petrified');
    if (m.paralysed) set(1, false, 'paralysed');
    if (m.sleeping) set(1, false, 'asleep');
    return cat;
  }
  if (m.sleeping) return { b: 1, kind: 'helpless', roll: false, why: 'asleep', invisible: false };
  if (m.paralysed) return { b: 1, kind: 'helpless', roll: false, why: 'paralysed', invisible: false };
  if (m.petrified || m.petrifying || m.netted) return { b: 1, kind: 'helpless', roll: true, why: m.petrified ? 'petrified' : m.petrifying ? 'petrifying' : 'held in a net', invisible: false };
  if (m.fleeing) return { b: 2, kind: 'hampered', roll: true, why: 'fleeing', invisible: false };
  if (m.confused) return { b: 2, kind: 'hampered', roll: true, why: 'confused', invisible: false };
  if (m.heroInvisible && !m.seesInvisible) return { b: 2, kind: 'hampered', roll: true, why: 'it cannot see you', invisible: true };
  if (m.wandering) return { b: 3, kind: 'distracted', roll: true, why: 'wandering', invisible: false };
  return null;
}

/**
 * The stab chance's roll: a hit when random2(den) < num. Code: x_chance_in_y(s + d + 1, 155), or
 * 140 for an invisible stab; seed: 0.7 x (s + d + 1)% as random2(1000) < 7 x (s + d + 1), one
 * percentage point less for an invisible hero against a monster that senses invisible.
 */
export function stabRoll(stabbing: number, dex: number, cat: StabCategory, sensesInvisible: boolean, edition: Edition): { num: number; den: number; text: string } {
  const k = stabbing + dex + 1;
  if (edition === 'source') {
    const den = cat.invisible && !sensesInvisible ? 140 : 155;
    return { num: k, den, text: `random2(${den}) < stabbing ${stabbing} + Dex ${dex} + 1` };
  }
  const less = cat.invisible && sensesInvisible ? 10 : 0;
  return { num: Math.max(0, 7 * k - less), den: 1000, text: `0.7 x (stabbing ${stabbing} + Dex ${dex} + 1)%${less ? ' - 1% (it senses invisible)' : ''}` };
}

export const stabChanceOf = (r: { num: number; den: number }): Fraction => Fraction.of(Math.min(r.den, Math.max(0, r.num)), r.den);

/** stepdown_value(v, 10, 10, 30, 30): halve what exceeds 10, then 20, then 30; cap 30 (the seed's table has no cap). */
export function stepdown(v: number, cap: boolean): number {
  for (const t of [10, 20, 30]) if (v > t) v = div(v - t, 2) + t;
  return cap ? Math.min(v, 30) : v;
}

/** The short-blade stab bonus added to the damage. */
export function shortBladeBonus(dex: number, stabbing: number, dagger: boolean, edition: Edition): number {
  const raw = div(dex * (stabbing + 1), 5);
  if (edition === 'source') return stepdown(dagger ? raw : div(raw, 2), true);
  const table = stepdown(div(raw, 2), false);
  return dagger ? 2 * table : table;
}

export type StabWeapon = 'short' | 'long' | 'other';

/**
 * The stab multiplier of the seed as an exact fraction (its tables print floor(100 (M - 1))):
 * short blades (1 + s / 10b)(1 + s / 12b), long blades (1 + s / 10(b + 1))(1 + s / 12b), others
 * 1 + s / 12b.
 */
export function seedMultiplier(weapon: StabWeapon, s: number, b: number): Fraction {
  const other = Fraction.of(12 * b + s, 12 * b);
  if (weapon === 'other') return other;
  const first = weapon === 'short' ? Fraction.of(10 * b + s, 10 * b) : Fraction.of(10 * (b + 1) + s, 10 * (b + 1));
  return first.mul(other);
}

/** The code's stab damage after the bonus: integer quotients, truncated after each factor. */
export function codeStabDamage(weapon: StabWeapon, dmg: number, s: number, b: number): number {
  if (weapon === 'short') dmg = div(dmg * (10 + div(s, b)), 10);
  if (weapon === 'long') dmg = div(dmg * (10 + div(s, b + 1)), 10);
  return div(dmg * (12 + div(s, b)), 12);
}

/** The stab messages of seed 003: a fleeing monster is struck from behind, a wanderer from a blind spot. */
export function stabMessage(cat: StabCategory, name: string): string {
  if (cat.kind === 'helpless') return `${capital(name)} fails to defend itself.`;
  if (cat.kind === 'hampered') return cat.why === 'fleeing' ? `You strike ${name} from behind!` : `You catch ${name} completely off-guard!`;
  return cat.why === 'wandering' ? `You strike ${name} from a blind spot!` : `You catch ${name} momentarily off-guard.`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
