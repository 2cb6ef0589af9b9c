import type { Edition } from '../edition.js';
import { type CrCharacter, type CrWorn, slot } from '../crawl4b20/character.js';
import type { CrForm, CrHands, CrSpecies, CrWeapon } from '../crawl4b20/types.js';
import { NO_SS_EFFECTS, SIZES, type SizeName, type SsEffects } from './types.js';

/** The Stone Soup states of a character (none for a Crawl 4.0 character). */
export const ssEffects = (c: CrCharacter): SsEffects => c.effects.ss ?? NO_SS_EFFECTS;

/** Body size 0 (tiny) to 7 (huge): the form's, else the species'. */
export function bodySize(c: CrCharacter): number {
  const name: SizeName = c.form?.size ?? c.species.size ?? 'medium';
  return SIZES[name];
}

/** The torso's size: nagas and centaurs have a medium torso on a large body. */
export function torsoSize(c: CrCharacter): number {
  return torsoOf(c.species, c.form);
}

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

/** sf = 3 - size: +3 tiny to -4 huge. */
export const sizeFactor = (c: CrCharacter): number => 3 - bodySize(c);

/** On the code's light list (is_light_armour): robe, animal skin, leather, troll, steam and mottled dragon, anything elven. */
export const lightInCode = (w: CrWorn): boolean => w.def.light || w.race === 'elven';

/**
 * On the seed's list: robe, animal skin, leather, troll hide and leather, "steam and dragon hide
 * and armour" (plain dragon, not mottled) and elven armour of any kind.
 */
export function lightInSeed(w: CrWorn): boolean {
  const id = w.def.id;
  if (id.startsWith('mottled-dragon')) return false;
  return w.def.light || w.race === 'elven' || id === 'dragon-hide' || id === 'dragon-armour';
}

/**
 * Heavy body armour. The seed: off its list and armour skill below 3 x the EV penalty (`skill`);
 * the code's EV, stealth and AC rules: off its list, whatever the skill (`list`).
 */
export function heavyBody(c: CrCharacter, rule: 'skill' | 'list'): boolean {
  const b = slot(c, 'body');
  if (!b) return false;
  if (rule === 'list') return !lightInCode(b);
  return !lightInSeed(b) && c.skills.armour < 3 * Math.abs(b.def.evPenalty);
}

/** Which heavy-armour rule an edition uses for EV and stealth. */
export const heavyRule = (edition: Edition): 'skill' | 'list' => (edition === 'source' ? 'list' : 'skill');
