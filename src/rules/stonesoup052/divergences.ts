import type { Divergence } from '../edition.js';

/**
 * Every place seeds 003 (stealth and stabbing) and 004 (EV, AC and shield blocking) disagree
 * with the Stone Soup 0.5.2 code (research/crawl.md, section 12, items 1-29), one entry each.
 * Edition `spoiler` follows the seeds; edition `source` follows the code.
 */
export const SS_DIVERGENCES = {
  'ss1-heavy-armour-dodge': {
    id: 'ss1-heavy-armour-dodge',
    section: '004 EV: Dodging skill',
    spoiler: 'Body armour is heavy, and cuts the dodge bonus, when armour skill is below 3 x its EV penalty and it is off the light list.',
    source: 'Only the light list spares the dodge bonus; armour skill plays no part (plate at armour 27 still cuts it).',
    where: 'player.cc player_evasion, player_light_armour',
  },
  'ss2-light-list': {
    id: 'ss2-light-list',
    section: '004 EV: Dodging skill',
    spoiler: 'Steam dragon and plain dragon hide and armour are light.',
    source: 'Steam dragon and mottled dragon hide and armour are light; plain dragon armour is not.',
    where: 'player.cc is_light_armour',
  },
  'ss3-body-penalty-cap': {
    id: 'ss3-body-penalty-cap',
    section: '004 EV: Body armour EV penalty',
    spoiler: 'Armour skill x Str / 60 reduces the penalty to no less than half of it (an odd penalty keeps the larger half).',
    source: 'The reduced penalty is capped at penalty / 2 truncated toward zero (scale mail -3 can shrink to -1).',
    where: 'player.cc player_evasion',
  },
  'ss4-size-body-armour': {
    id: 'ss4-size-body-armour',
    section: '004 EV: Body armour EV penalty',
    spoiler: 'Body size does not change the armour penalty.',
    source: 'Tiny, little, big and larger bodies take penalty - (size - 3) x penalty / 4 (a spriggan in plate mail has -8).',
    where: 'player.cc player_evasion',
  },
  'ss5-paralysed-ev': {
    id: 'ss5-paralysed-ev',
    section: '004 EV: Paralyzed characters',
    spoiler: 'A paralysed character has base EV - 8 with only the size and repulsion-field modifiers: 2 + size modifier + repulsion.',
    source: 'A paralysed or petrified character has max(1, 2 + sf + repulsion), the size counted once (small 3, large 1).',
    where: 'player.cc player_evasion',
  },
  'ss6-armour-skill-ac': {
    id: 'ss6-armour-skill-ac',
    section: '004 AC: Armour skill factor',
    spoiler: 'Each armour skill level adds 7% to a piece\'s AC, each piece rounded down.',
    source: 'Each level adds 2/30 (6.67%); the AC is kept in hundredths and truncated once, after every piece and spell is summed.',
    where: 'player.cc player_AC',
  },
  'ss7-deformed-body': {
    id: 'ss7-deformed-body',
    section: '004 AC: Deformed body mutation',
    spoiler: 'A deformed body (nagas, centaurs) halves the AC of each armour piece.',
    source: 'It subtracts half of the body armour\'s base AC, and only from body armour.',
    where: 'player.cc player_AC',
  },
  'ss8-beogh': {
    id: 'ss8-beogh',
    section: '004 AC: Racial factor',
    spoiler: 'Beogh raises an orc\'s orcish racial factor up to 2.25 times.',
    source: 'At the highest piety the racial part becomes 3.25 times (2.25 is the increase). The arena has no gods, so neither edition applies it.',
    where: 'player.cc _player_armour_racial_bonus',
  },
  'ss9-shield-racial': {
    id: 'ss9-shield-racial',
    section: '004 Blocking: Calculation',
    spoiler: 'A shield\'s block grows 13% if dwarven (27% for a dwarf), 7% elven on an elf, 13% orcish on an orc.',
    source: 'The shield class uses two thirds of the armour bonus over 20: +10% dwarven, +25% for a dwarf, +5% elven on an elf, +10% orcish on an orc.',
    where: 'player.cc player_shield_class',
  },
  'ss10-block-formula': {
    id: 'ss10-block-formula',
    section: '004 Blocking: Calculation',
    spoiler: 'Block value = 1d(Block) + 1d(stat) / 4 + 1d(min(2 x shields, shields + 3)) / 4 - 4, Block growing 5% a shields level.',
    source: 'Block value = random2(SH) + random2(stat) / 4 + random2(skill_bump(shields)) / 4 - 1, SH = base x (20 + shields) / 20 + plus; 1.4 to 1.7 higher on average.',
    where: 'player.cc player::shield_bonus',
  },
  'ss11-block-direction': {
    id: 'ss11-block-direction',
    section: '004 Blocking: Effect',
    spoiler: 'The sentence "if pierce is greater than the block value the attack does no damage" reads backwards; this edition takes it as meant: the attack is blocked unless pierce beats the block value.',
    source: 'A melee attack is blocked when the block value >= the pierce roll (ties block).',
    where: 'fight.cc melee_attack::attack_shield_blocked',
  },
  'ss12-pierce': {
    id: 'ss12-pierce',
    section: '004 Blocking: Calculation',
    spoiler: 'A monster\'s pierce is 1d(15 + to-hit / 2 + 5 x blocks^2) - 1, to-hit 18 + 1.5 x HD.',
    source: 'A monster\'s pierce is random2(15 + HD x 2 / 3 + 5 x blocks^2); 15 + to-hit / 2 is the hero\'s pierce against a shielded monster (with 4 x blocks^2).',
    where: 'fight.cc attack_shield_blocked; mon-util.cc monsters::shield_bypass_ability',
  },
  'ss13-block-order': {
    id: 'ss13-block-order',
    section: '004 Blocking: Effect',
    spoiler: 'The shield is tried only after an attack gets past EV.',
    source: 'A monster\'s melee attack meets the shield first; a block counts toward past blocks even when the attack would have missed.',
    where: 'fight.cc melee_attack::attack',
  },
  'ss14-monster-to-hit': {
    id: 'ss14-monster-to-hit',
    section: '004 EV: Effect',
    spoiler: 'An attack hits when 1d(to-hit) > EV, a monster\'s to-hit being 18 + 1.5 x HD.',
    source: 'A monster hits when random2(to-hit + 1) >= random2avg(2 x EV, 2), with 5% of attacks decided by a coin flip; fighters have 18 + 2.5 x HD.',
    where: 'fight.cc mons_to_hit, test_melee_hit',
  },
  'ss15-ac-roll': {
    id: 'ss15-ac-roll',
    section: '004 AC: Effect',
    spoiler: 'A successful attack is reduced by 1d(AC), 1 to AC.',
    source: 'It is reduced by random2(AC + 1), 0 to AC; against the hero, body armour off the light list stops at least min(1 + damage x perc / 100, AC / 2), perc = 2 x (armour skill + its AC) up to 50.',
    where: 'fight.cc mons_apply_defender_ac, player_apply_monster_ac',
  },
  'ss16-magic-shields': {
    id: 'ss16-magic-shields',
    section: '004 Blocking: Calculation',
    spoiler: 'A magical shield blocks like a shield of Block 2 + evocations / 6 (Helm card), 2 + ice magic / 6 (condensation) or 3 + shields / 5 (divine).',
    source: 'The magic and condensation shields do not stack with a worn shield; the divine shield adds to either, and its value ticks down.',
    where: 'player.cc player_shield_class',
  },
  'ss17-fractional-ac': {
    id: 'ss17-fractional-ac',
    section: '004 AC: Other',
    spoiler: 'Spell and racial AC terms are whole numbers, each divided and rounded down on its own.',
    source: 'They are hundredths (ice magic / 3 adds 33 hundredths a level), summed before the one truncation.',
    where: 'player.cc player_AC',
  },
  'ss18-notice-chance': {
    id: 'ss18-notice-chance',
    section: '003 Stealth: Effect',
    spoiler: 'A monster in range notices with chance awareness / stealth each turn.',
    source: 'The chance is (awareness + 1) / stealth (x_chance_in_y), certain when awareness + 1 >= stealth or the hero is berserk.',
    where: 'view.cc check_awaken',
  },
  'ss19-awareness-terms': {
    id: 'ss19-awareness-terms',
    section: '003 Stealth: Calculations',
    spoiler: 'Sensing invisible adds 5 (the seed gives no number; this is the code\'s); +15 for any wanderer; -10 hibernation and +10 non-natural whatever the monster\'s state.',
    source: '+15 only when the wanderer\'s foe is the hero; -10 (natural, hibernating) and +10 (non-natural) only while it sleeps; awareness is at least 0.',
    where: 'view.cc check_awaken',
  },
  'ss20-awareness-invisible': {
    id: 'ss20-awareness-invisible',
    section: '003 Stealth: Calculations',
    spoiler: '-75 whenever the hero is invisible; +50 whenever the hero glows.',
    source: '-75 only when the monster neither sees nor senses invisible and the hero is not in water or glowing; +50 only when it can see the hero.',
    where: 'view.cc check_awaken; mon-util.cc mons_player_visible',
  },
  'ss21-stab-chance': {
    id: 'ss21-stab-chance',
    section: '003 Stabbing chance',
    spoiler: 'The stab chance is 0.7 x (stabbing + Dex + 1)%, one percentage point less when invisible against a monster that senses invisible.',
    source: 'It is (stabbing + Dex + 1) / 155, or / 140 for an invisible hero against a monster that cannot sense it (the sensing case never arises).',
    where: 'fight.cc melee_attack::player_stab_check',
  },
  'ss22-stab-categories': {
    id: 'ss22-stab-categories',
    section: '003 Stabbing: Description',
    spoiler: 'Helpless (asleep, paralysed, petrified, petrifying, netted) stabs always hit home without a roll only when asleep or paralysed; wandering monsters are distracted.',
    source: 'Netted, petrifying and petrified monsters are helpless (b = 1) but need the roll; "distracted" is a monster whose foe is not the hero, whether it wanders or not.',
    where: 'fight.cc is_unchivalric_attack',
  },
  'ss23-helpless-hit': {
    id: 'ss23-helpless-hit',
    section: '003 Stabbing chance',
    spoiler: 'Against a sleeping, paralysed or petrified monster a miss happens about 10% as often as normal, less with stabbing skill (read as 1 / (10 + stabbing)).',
    source: 'A sleeping or paralysed monster has EV 0; a petrified one is missed only on one_chance_in(10 + stabbing), a petrifying one on one_chance_in(2 + stabbing).',
    where: 'fight.cc player_hits_monster; mon-util.cc monsters::melee_evasion',
  },
  'ss24-dagger-bonus': {
    id: 'ss24-dagger-bonus',
    section: '003 Stabbing damage: Short blades',
    spoiler: 'A dagger doubles the table\'s bonus; the table (and its skill 27 / Dex 30 cell of 31) has no cap.',
    source: 'The dagger doubles the raw Dex x (stabbing + 1) / 5 before the step-down, and the step-down caps at 30; so a dagger\'s bonus is seldom twice the table.',
    where: 'fight.cc player_stab_weapon_bonus; stuff.cc stepdown_value',
  },
  'ss25-stab-multipliers': {
    id: 'ss25-stab-multipliers',
    section: '003 Stabbing damage',
    spoiler: 'The percentages use exact division: short blades (1 + s / 10b)(1 + s / 12b), long blades (1 + s / 10(b+1))(1 + s / 12b), others 1 + s / 12b.',
    source: 'The code divides the skill by b (or b + 1) in integers and truncates the damage after each factor, so low skills against hampered or distracted monsters gain nothing.',
    where: 'fight.cc player_stab_weapon_bonus',
  },
  'ss26-stab-brand': {
    id: 'ss26-stab-brand',
    section: '003 Stabbing damage',
    spoiler: 'The stab multiplies the whole damage, the brand\'s included.',
    source: 'Brand damage is worked out afterwards from the final damage; the stab grows it only through that.',
    where: 'fight.cc melee_attack::player_calc_hit_damage, apply_damage_brand',
  },
  'ss27-stab-ac': {
    id: 'ss27-stab-ac',
    section: '003 AC reduction',
    spoiler: 'The stab lowers the AC by (1d(stabbing) - 1) / 1, 2 or 3, not below 0; the AC roll follows.',
    source: 'The skill is divided first: the AC loses random2(stabbing / b), and the AC roll happens only if some AC is left.',
    where: 'fight.cc melee_attack::player_apply_monster_ac',
  },
  'ss28-stealth-armour': {
    id: 'ss28-stealth-armour',
    section: '003 Stealth: Calculations',
    spoiler: 'Heavy body armour (skill below 3 x the EV penalty) costs its mass / 10 in stealth.',
    source: 'Any body armour off the light list costs mass / 10, whatever the skill; elven armour is exempt.',
    where: 'player.cc check_stealth',
  },
  'ss29-stealth-water-floor': {
    id: 'ss29-stealth-water-floor',
    section: '003 Stealth: Calculations',
    spoiler: 'Flying adds 10, water halves the total, hooves cost 10, each on its own; stealth may go below 0.',
    source: 'One chain: airborne +10 and nothing else; otherwise water, otherwise hooves; stealth is at least 0.',
    where: 'player.cc check_stealth',
  },
} as const satisfies Record<string, Divergence>;

export type SsDivergenceId = keyof typeof SS_DIVERGENCES;
export const SS_DIVERGENCE_LIST: readonly Divergence[] = Object.values(SS_DIVERGENCES);

/** The divergence's text in an edition. */
export const ssEd = (id: SsDivergenceId, edition: 'spoiler' | 'source'): { id: string; text: string } => ({ id, text: SS_DIVERGENCES[id][edition] });
