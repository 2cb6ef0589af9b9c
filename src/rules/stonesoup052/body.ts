import type { Edition } from '../edition.js';
import { type CrCharacter, type CrWorn, slot } from '../crawl-family/character.js';
import { SIZES, type SizeName, torsoOf } from '../crawl-family/sizes.js';
import { NO_SS_EFFECTS, type SsEffects } from '../crawl-family/states.js';

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
