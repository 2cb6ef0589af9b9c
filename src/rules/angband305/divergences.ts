import type { Divergence } from '../edition.js';

/**
 * Every place ATTACK.SPO v1.13 (000_93a8d6a8d966ff10.txt) and the Angband 3.0.5 code disagree,
 * one entry each (research/angband-3.0.5.md, section 10). Edition `spoiler` follows the seed,
 * edition `source` the code.
 */
export const ANG_DIVERGENCES = {
  'skill-per-level': {
    id: 'skill-per-level',
    section: 'Calculating melee combat ability (I)',
    spoiler: 'Melee skill per level: Rogue 3.0, Ranger 4.5, Paladin 3.0.',
    source: 'Melee skill per ten levels (p_class.txt X: lines): Rogue 40, Ranger 30, Paladin 35, i.e. 4.0, 3.0 and 3.5 per level.',
    where: 'lib/edit/p_class.txt; xtra1.c calc_bonuses',
  },
  'level-term-truncated': {
    id: 'level-term-truncated',
    section: 'Calculating melee combat ability (I); shooting weapon ability',
    spoiler: 'The level term is the level times the bonus per level, fractions kept (a level-1 Warrior has 74.5).',
    source: 'The level term is (per ten levels x level) / 10 in integers, truncated (a level-1 Warrior has 74).',
    where: 'xtra1.c calc_bonuses (skill_thn, skill_thb, skill_tht)',
  },
  'unseen-rounding': {
    id: 'unseen-rounding',
    section: 'Probability of landing a blow; of hitting with a missile (4)',
    spoiler: 'Against an unseen target the skill is divided by 2, rounding up.',
    source: 'Against an unseen target the chance is divided by 2 in integers, rounding down.',
    where: 'cmd1.c test_hit',
  },
  'ac-threshold-truncated': {
    id: 'ac-threshold-truncated',
    section: 'Probability of landing a blow',
    spoiler: 'The roll is compared with exactly 3/4 of the AC (the Drolem example: 36.5%).',
    source: 'The threshold is ac * 3 / 4 in integers, truncated (AC 130 gives 97; the Drolem example is really 36.8%).',
    where: 'cmd1.c test_hit',
  },
  'missile-crit-weight': {
    id: 'missile-crit-weight',
    section: 'Chance of a critical hit with a missile (1)',
    spoiler: 'A fired shot\'s critical chance counts 10 x the weight of the wielded (missile) weapon, the launcher.',
    source: 'It counts the weight of the missile itself (an arrow weighs 0.2 lb).',
    where: 'cmd1.c critical_shot (called with the missile\'s weight)',
  },
  'missile-crit-bonus': {
    id: 'missile-crit-bonus',
    section: 'Chance of a critical hit with a missile (2)',
    spoiler: 'The bonus is the missile bonus to combat skill (with the launcher\'s to-hit) plus the missile\'s to-hit if it is a weapon.',
    source: 'The bonus is the player\'s to-hit without the weapon and launcher slots, plus the missile\'s to-hit whatever it is.',
    where: 'cmd1.c critical_shot; xtra1.c calc_bonuses (p_ptr->to_h)',
  },
  'thrown-to-hit': {
    id: 'thrown-to-hit',
    section: 'Probability of hitting a monster with a missile (2)',
    spoiler: 'A thrown object adds 3 x its to-hit, on top of the missile skill and its bonus.',
    source: 'Throwing uses the throwing skill and 3 x the player\'s to-hit only: neither the object\'s nor the launcher\'s to-hit counts.',
    where: 'cmd2.c do_cmd_throw',
  },
  'bare-hand-damage': {
    id: 'bare-hand-damage',
    section: 'Damage done by a hit',
    spoiler: 'Bare hands do 1 damage, with no bonuses.',
    source: 'Bare hands do 1 + the player\'s to-dam (strength, rings, stun), never below 0.',
    where: 'cmd1.c py_attack',
  },
  'heavy-weapon-blows': {
    id: 'heavy-weapon-blows',
    section: 'Heavy weapon penalty (II.E); number of blows',
    spoiler: 'A weapon that is too heavy costs 2 to-hit per pound over; blows come from the table as usual.',
    source: 'A weapon that is too heavy also gives exactly 1 blow and no extra blows; a launcher that is too heavy gets no extra shots or might.',
    where: 'xtra1.c calc_bonuses',
  },
  'overweight-whole-pounds': {
    id: 'overweight-whole-pounds',
    section: 'Heavy weapon penalty (II.E)',
    spoiler: 'The penalty is two points per pound over the limit, fractions of a pound included.',
    source: 'The weight is truncated to whole pounds first: a 30.9 lb weapon with limit 30 has no penalty.',
    where: 'xtra1.c calc_bonuses',
  },
  'superb-rounding': {
    id: 'superb-rounding',
    section: 'Damage done by a hit (3)',
    spoiler: '*SUPERB* multiplies the damage by 3.5 exactly, then adds 25.',
    source: '*SUPERB* is (7 x damage) / 2 in integers, truncated, then + 25.',
    where: 'cmd1.c critical_norm',
  },
  'energy-per-shot': {
    id: 'energy-per-shot',
    section: 'Attacking with missile weapons (shots)',
    spoiler: 'A shot costs 100 / shots energy exactly (33 1/3 for three shots).',
    source: 'A shot costs 100 / shots in integers (33 for three shots).',
    where: 'cmd2.c do_cmd_fire',
  },
  'missile-distance': {
    id: 'missile-distance',
    section: 'Probability of hitting a monster with a missile (3)',
    spoiler: 'The distance is the number of squares between the shooter and the target.',
    source: 'The distance is Angband\'s approximation: the longer axis plus half the shorter (5 across and 5 down is 7).',
    where: 'cave.c distance',
  },
  'breakage-table': {
    id: 'breakage-table',
    section: 'Missile breakage',
    spoiler: 'Flask 100%, potion/food 50%, arrow/scroll/light 30%, bolt/shot/wand/spike 20%, other 10%.',
    source: 'Flask, potion, bottle, food, junk 100%; light, scroll, skeleton 50%; arrow 35%; shot, bolt, wand, spike 25%; other 10%.',
    where: 'cmd2.c breakage_chance',
  },
  'breakage-when': {
    id: 'breakage-when',
    section: 'Missile breakage',
    spoiler: 'Every thrown or fired object may break; the chance doubles when it hits a monster or a wall less than 3 squares away.',
    source: 'Only a missile that reached a monster (hit or miss) may break, at the table\'s chance; one that hits a wall or flies out of range never breaks.',
    where: 'cmd2.c do_cmd_fire, do_cmd_throw; object2.c drop_near',
  },
} as const satisfies Record<string, Divergence>;

export type AngDivergenceId = keyof typeof ANG_DIVERGENCES;

export const ANG_DIVERGENCE_LIST: readonly Divergence[] = Object.values(ANG_DIVERGENCES);
