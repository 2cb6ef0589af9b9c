/**
 * The spells, cards, potions and states a hero of the Crawl family can have running that Stone
 * Soup 0.5.2's stealth, EV, AC and shield rules read (seeds 003 and 004). A Crawl 4.00 beta 20
 * hero never has them; the tables and the character are otherwise shared (types.ts).
 */

/** A vampire's blood (check_stealth's factor 18 to 21). */
export const BLOOD_STATES = ['satiated', 'thirsty', 'near-bloodless', 'bloodless'] as const;
export type BloodState = (typeof BLOOD_STATES)[number];

/** Spells and cards running on a hero at the start of a duel (turns of each). */
export const SS_SPELLS = [
  'ozocubus-armour', 'stoneskin', 'stonemail', 'condensation-shield', 'magic-shield', 'divine-shield',
  'corona', 'silence', 'levitation', 'shadow', 'forescry', 'berserk',
] as const;
export type SsSpell = (typeof SS_SPELLS)[number];

/** What is running on a Stone Soup hero, beyond the Crawl effects. */
export interface SsEffects {
  readonly berserk: boolean;
  readonly confused: boolean;
  /** Corona, a halo or glowing contamination: monsters see the hero whatever else. */
  readonly backlit: boolean;
  readonly silenced: boolean;
  /** Flying or levitating. */
  readonly airborne: boolean;
  /** The Shadow card: +80 stealth. */
  readonly shadow: boolean;
  readonly ozocubu: boolean;
  readonly stoneskin: boolean;
  readonly stonemail: boolean;
  readonly condensation: boolean;
  /** The Helm card's magic shield. */
  readonly magicShield: boolean;
  /** The Shining One's divine shield: its current value (0: none). */
  readonly divineShield: number;
  readonly forescry: boolean;
  readonly paralysed: boolean;
  readonly petrified: boolean;
  readonly blood: BloodState;
}

/**
 * The states of a hero from what is running on it (`on`: the spell, card or status is active),
 * its shields skill (the divine shield's value) and its blood.
 */
export function ssEffectsFrom(on: (kind: SsSpell | 'confused' | 'paralysis') => boolean, shields: number, blood: BloodState): SsEffects {
  return {
    berserk: on('berserk'),
    confused: on('confused'),
    backlit: on('corona'),
    silenced: on('silence'),
    airborne: on('levitation'),
    shadow: on('shadow'),
    ozocubu: on('ozocubus-armour'),
    stoneskin: on('stoneskin'),
    stonemail: on('stonemail'),
    condensation: on('condensation-shield'),
    magicShield: on('magic-shield'),
    divineShield: on('divine-shield') ? 3 + Math.trunc(shields / 5) : 0,
    forescry: on('forescry'),
    paralysed: on('paralysis'),
    petrified: false,
    blood,
  };
}

export const NO_SS_EFFECTS: SsEffects = {
  berserk: false, confused: false, backlit: false, silenced: false, airborne: false, shadow: false,
  ozocubu: false, stoneskin: false, stonemail: false, condensation: false, magicShield: false, divineShield: 0,
  forescry: false, paralysed: false, petrified: false, blood: 'satiated',
};
