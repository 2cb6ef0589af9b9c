import type { CrForm, CrHands, CrSpecies, CrWeapon } from './types.js';

/**
 * Body sizes and what they mean for weapons (Stone Soup 0.5.2's hands_reqd and
 * check_weapon_wieldable_size). A weapon without a size (every Crawl 4.00 beta 20 weapon) keeps
 * its own hands and can always be wielded by these rules.
 */

/** Body sizes (player::body_size): tiny 0 to huge 7; `sf` in the EV rules is 3 - size. */
export const SIZES = { tiny: 0, little: 1, small: 2, medium: 3, large: 4, big: 5, giant: 6, huge: 7 } as const;
export type SizeName = keyof typeof SIZES;

/** The torso size of a species in a form (or none). */
export function torsoOf(species: CrSpecies, form: CrForm | null): number {
  if (!form && (species.traits.includes('naga') || species.traits.includes('centaur'))) return SIZES.medium;
  return SIZES[form?.size ?? species.size ?? 'medium'];
}

const HANDS: readonly CrHands[] = ['one', 'one-or-two', 'two'];

/**
 * The hands a weapon needs in a torso of this size (itemprop.cc hands_reqd): staves are
 * hand-and-a-half from small to large; other weapons (whips aside) need a hand more for each
 * size they are too big for a small wielder, and a hand less for each size they are too small
 * for a large one. A weapon without a size keeps its own hands.
 */
export function handsFor(w: CrWeapon, torso: number): CrHands {
  if (w.skill === 'staves') return torso < SIZES.small ? 'two' : torso > SIZES.large ? 'one' : 'one-or-two';
  if (!w.fit || w.weightClass === 'whip') return w.hands;
  const fit = SIZES[w.fit] - torso;
  let h = HANDS.indexOf(w.hands);
  if (torso < SIZES.medium && fit > 0) h += fit;
  else if (torso > SIZES.medium && fit < 0) h += fit;
  return HANDS[Math.max(0, Math.min(2, h))] as CrHands;
}

/** Whether a torso of this size can wield the weapon (itemprop.cc check_weapon_wieldable_size); staves always. */
export function canWield(w: CrWeapon, torso: number): boolean {
  if (w.skill === 'staves' || !w.fit) return true;
  const d = SIZES[w.fit] - torso;
  let fit = d < -2 ? d + 2 : d > 1 ? d - 1 : 0;
  if (torso < SIZES.small && fit > 0) fit--;
  else if (torso > SIZES.large && fit < 0) fit++;
  return fit === 0;
}
