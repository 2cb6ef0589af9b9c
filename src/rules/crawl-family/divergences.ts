import type { Divergence } from '../edition.js';

/**
 * Every place the 4b20 / AX-Crawl combat document (001_ff3d2164aeabd403.txt) and the Crawl
 * 4.00 beta 20 code disagree, one entry each (research/crawl.md, section 12, D1-D11, and three
 * more found reading fight.cc). Edition `spoiler` follows the seed where it is clear; edition
 * `source` follows the code. Where the seed is garbled beyond one reading, both editions take
 * the code's reading and the entry says so.
 */
export const CR_DIVERGENCES = {
  'd1-damage-multiplier': {
    id: 'd1-damage-multiplier',
    section: '1.2.1 Damage',
    spoiler: 'The stat multiplier is 78 + 2 x (1d(stat) - 11) above 11, 78 - 3 x 1d(9 - stat) below 9, and 78 + stat for 9 to 11; then base x multiplier / 78.',
    source: 'The multiplier is 78 + 2 x random2(stat - 11) above 11, 78 - 3 x random2(9 - stat) below 9, and exactly 78 for 9 to 11; then base x multiplier / 78.',
    where: 'fight.cc you_attack (dammod)',
  },
  'd1a-aux-multiplier': {
    id: 'd1a-aux-multiplier',
    section: '1.2.1 Damage; 3.3 c) Second attack',
    spoiler: 'For a second attack the 78 becomes 11: 11 + 2 x (1d(stat) - 11), 11 - 3 x 1d(9 - stat) or 11 + stat, and the damage is multiplied by it and divided by 10.',
    source: 'The second attack\'s multiplier starts at 10: 10 + random2(stat - 11) / 3 above 11, 10 - random2(9 - stat) / 2 below 9; damage x multiplier / 10.',
    where: 'fight.cc you_attack (unarmed attacks, dammod)',
  },
  'd2-accuracy-stat': {
    id: 'd2-accuracy-stat',
    section: '1.2.2 Accuracity',
    spoiler: 'The accuracy stat repeats the damage formula: Str + ((Dex - Str) / 2) x (10 - weight) / 10.',
    source: 'The accuracy stat leans to Dex: Dex + ((Str - Dex) / 2) x weight / 10.',
    where: 'player.cc calc_stat_to_hit_base',
  },
  'd3-dice-one-short': {
    id: 'd3-dice-one-short',
    section: '3.1 c), d), g), k); 3.3 e), f); 4.1 d), e); 2.4',
    spoiler: 'Skill, plus and armour dice are 1d(n) read as random2(n) (0 to n-1): (25 + 1d(skill)) / 25, (30 + 1d(fighting)) / 30, 1d(plus), 1d(AC), the to-hit 1d(skill) terms and the gate 1d(heavy armour) < 2.',
    source: 'They are random2(n + 1), 0 to n: (25 + random2(skill + 1)) / 25, random2(1 + plus), random2(1 + AC), random2(1 + skill), and random2(1 + heavy armour) < 2.',
    where: 'fight.cc you_attack',
  },
  'd4-claws-gloves': {
    id: 'd4-claws-gloves',
    section: '3.2 c) When bare-hand',
    spoiler: 'Claw damage (troll +5, ghoul +2, claws +2 a level) applies when wearing gloves.',
    source: 'Claw damage applies only when not wearing gloves.',
    where: 'fight.cc you_attack (equip[EQ_GLOVES] == -1)',
  },
  'd5-unarmed-to-hit': {
    id: 'd5-unarmed-to-hit',
    section: '4.1 e) Weapon/hands/claws/unarmed skills',
    spoiler: 'Unarmed to-hit: troll +4, ghoul +2, everyone else nothing.',
    source: 'Unarmed to-hit: troll and ghoul +4, everyone else +2.',
    where: 'fight.cc you_attack',
  },
  'd6-sure-blade': {
    id: 'd6-sure-blade',
    section: '4.1 l) Sure blade',
    spoiler: 'With a short blade and Sure Blade the to-hit becomes 5 + min(1d(sure blade), 10).',
    source: 'Sure Blade adds 5 + random2limit(sure blade, 10) to the rolled to-hit (a count of successes, 6 to 15).',
    where: 'fight.cc you_attack; stuff.cc random2limit',
  },
  'd7-hand-and-a-half': {
    id: 'd7-hand-and-a-half',
    section: '3.1 h); 4.1 k) Plus for not wearing a shield',
    spoiler: 'The hand-and-a-half bonus needs no shield, being unencumbered, 1d20 < unarmed skill, a weapon, uncursed, and a hand-and-a-half weapon.',
    source: 'It needs that no second attack was granted this turn (the gate failed), no shield, a weapon, uncursed, and a hand-and-a-half weapon.',
    where: 'fight.cc you_attack (use_hand_and_a_half_bonus)',
  },
  'd8-aux-attacks': {
    id: 'd8-aux-attacks',
    section: '3.3 a) Type of the attack',
    spoiler: 'One second attack at most: the kind chosen (headbutt or kick, maybe tail-slap, maybe punch) is made unless the form forbids it.',
    source: 'Kick, headbutt, tail-slap and punch are each tried in turn: the chosen kind (a punch after another coinflip), and independently a hoofed kick (coinflip), a horned or beaked headbutt (1 in 3) and a tail-slap (1 in 4) for those who have them.',
    where: 'fight.cc you_attack (scount loop)',
  },
  'd9-tail-slap-forms': {
    id: 'd9-tail-slap-forms',
    section: '3.3 b.3) Tailslap',
    spoiler: 'A tail-slap may be made in serpent-of-hell or spider form, not in dragon or ice-beast form.',
    source: 'A tail-slap may be made in dragon or serpent-of-hell form, not in spider or ice-beast form.',
    where: 'fight.cc you_attack (case 2)',
  },
  'd10-hit-test': {
    id: 'd10-hit-test',
    section: '2.2 To hit',
    spoiler: 'An attack hits when its accuracy is greater than the monster\'s evasion.',
    source: 'It hits when the roll is at least the evasion, or on 1 in 30, or (main attack) when the monster\'s energy is 60 or less and not 1 in (10 + stabbing).',
    where: 'fight.cc you_attack',
  },
  'd11-weights-and-water': {
    id: 'd11-weights-and-water',
    section: '1.2 New; 3 Calculating damage',
    spoiler: 'No strength weight for bare hands (OTHER, 5) and no hand-and-a-half adjustment; no fumbling in shallow water.',
    source: 'Bare hands weigh 4, a hand-and-a-half weapon without a shield 1 more; in shallow water a non-swimmer fumbles the attack when random2(Dex) < 4 or on 1 in 5.',
    where: 'player.cc player_weap_str_weight; fight.cc you_attack',
  },
  'large-shield-penalty': {
    id: 'large-shield-penalty',
    section: '2.3 a) When wearing a shield',
    spoiler: 'A large shield (not for large frames) adds 1 to heavy armour for each of three failed d13 rolls.',
    source: 'Each failed roll adds random2(3) (0, 1 or 2).',
    where: 'fight.cc you_attack',
  },
  'starving-to-hit': {
    id: 'starving-to-hit',
    section: '4.1 Regular attack',
    spoiler: 'Starving lowers only the second attack\'s to-hit (4.2 c).',
    source: 'Starving also costs the regular attack 3 to-hit.',
    where: 'fight.cc you_attack',
  },
  'merfolk-water': {
    id: 'merfolk-water',
    section: '3.2 e) Merfolks; 4.1 g)',
    spoiler: 'A swimming merfolk adds (1d10 + 1d10) / 2 to bare-hand damage only.',
    source: 'It adds random2avg(10, 2) = (random2(10) + random2(11)) / 2 to the base damage of any attack (weapon or bare hands), against a monster in water that is not a water creature and does not fly.',
    where: 'fight.cc you_attack; stuff.cc random2avg',
  },
} as const satisfies Record<string, Divergence>;

export type CrDivergenceId = keyof typeof CR_DIVERGENCES;
export const CR_DIVERGENCE_LIST: readonly Divergence[] = Object.values(CR_DIVERGENCES);
