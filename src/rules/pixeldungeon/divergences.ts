import type { Divergence } from '../edition.js';

/**
 * Every place the Pixel Dungeon seed (002_b46cc0ec0ce8821d.txt) and the game's 1.9.1 code
 * disagree, one entry each (research/pixel-dungeon.md, "DISCREPANCIES").
 */
export const PD_DIVERGENCES = {
  'skills-integer': {
    id: 'skills-integer',
    section: 'Test for successful attack',
    spoiler: 'Accuracy (and dodge) are real numbers: 14 x 1.2 = 16.8, and 14 x 1.2 / 1.5^3 is about 4.98.',
    source: 'attackSkill and defenseSkill are ints: each product is truncated before the roll (16.8 -> 16, 4.98 -> 4), computed in float32.',
    where: 'actors/hero/Hero.java attackSkill, defenseSkill',
  },
  'weapon-max-float': {
    id: 'weapon-max-float',
    section: 'Calculate damage',
    spoiler: 'The war hammer hits for 5 to 25 ("15 +-4.3"); weapon ranges use exact arithmetic.',
    source: 'max = (int)((tier^2 - tier + 10) / ACU * DLY) in float32: 30 / 1.2f = 24.999998 -> 24 (also dagger 8, battle axe 18, mace 12).',
    where: 'items/weapon/melee/MeleeWeapon.java',
  },
  'gnoll-scout-armour': {
    id: 'gnoll-scout-armour',
    section: 'Calculate damage (example)',
    spoiler: 'The Gnoll scout has an armor stat of 4 (absorbs 0..4).',
    source: 'Gnoll.dr() returns 2 (absorbs 0..2).',
    where: 'actors/mobs/Gnoll.java dr',
  },
  'wand-hit-roll': {
    id: 'wand-hit-roll',
    section: 'Test for successful attack, exceptions',
    spoiler: 'An attack using magic (e.g. a wand) multiplies the generated accuracy by 2, then the usual roll decides.',
    source: 'Player wands never roll to hit: the bolt affects whoever stands where it stops.',
    where: 'items/wands/Wand.java, WandOfMagicMissile.java',
  },
  'sniper-armour': {
    id: 'sniper-armour',
    section: 'Calculate damage, exceptions',
    spoiler: 'If the Sniper is attacking, the damage reduction is 0.',
    source: 'Armour is ignored only when a Sniper attacks with a thrown weapon; a Sniper\'s melee is absorbed normally.',
    where: 'actors/Char.java attack',
  },
  'excess-strength': {
    id: 'excess-strength',
    section: 'Calculate damage, exceptions',
    spoiler: 'Excess strength always adds 0..(hero strength - weapon strength) damage.',
    source: 'The bonus applies in melee for every class but the Huntress, and with thrown weapons for the Huntress only.',
    where: 'items/weapon/Weapon.java damageRoll',
  },
  'missile-class-encumbrance': {
    id: 'missile-class-encumbrance',
    section: 'Test for successful attack, exceptions',
    spoiler: 'Only the strength shortfall (required - hero strength) divides weapon accuracy by 1.5 per point.',
    source: 'With missile weapons a Warrior counts 3 more points of shortfall and a Huntress 2 fewer.',
    where: 'items/weapon/Weapon.java acuracyFactor',
  },
  'thrown-adjacent': {
    id: 'thrown-adjacent',
    section: 'Test for successful attack',
    spoiler: 'Accuracy depends only on level and weapon accuracy.',
    source: 'A weapon thrown at an adjacent target has its accuracy halved.',
    where: 'actors/hero/Hero.java attackSkill',
  },
  'hero-surprised': {
    id: 'hero-surprised',
    section: 'Surprise attack',
    spoiler: 'The hero can be surprise-attacked too: when the attacker has just appeared in the hero\'s view, or while paralysed.',
    source: 'The hero is never surprised: Hero.defenseSkill has no zero case, and paralysis only halves the hero\'s dodge.',
    where: 'actors/hero/Hero.java defenseSkill',
  },
  'assassin-bonus': {
    id: 'assassin-bonus',
    section: 'Surprise attack',
    spoiler: 'The Assassin gets 50% more damage from surprise attacks (rounded down here).',
    source: 'The bonus is + Int(1, damage) (uniform 1..damage-1, +1 for damage 0 or 1), after armour, only when the mob had not seen its enemy at its last turn (not merely paralysed).',
    where: 'actors/mobs/Mob.java defenseProc',
  },
} as const satisfies Record<string, Divergence>;

export type PdDivergenceId = keyof typeof PD_DIVERGENCES;

export const PD_DIVERGENCE_LIST: readonly Divergence[] = Object.values(PD_DIVERGENCES);
