import type { BloodState, SsSpell } from './states.js';

/**
 * Data types of the Dungeon Crawl 4.00 beta 20 / AX-Crawl ruleset. The loader (src/content)
 * validates data files against schemas typed by these interfaces; the rules only ever see frozen
 * values of them. Masses are in the game's units (a long sword is 160).
 */

/** The skills the combat rules read (the game's SK_ enum, those that matter to a duel). */
export const CR_SKILLS = [
  'fighting', 'short-blades', 'long-blades', 'axes', 'maces-flails', 'polearms', 'staves', 'unarmed-combat',
  'armour', 'dodging', 'stealth', 'stabbing', 'shields', 'necromancy',
] as const;
/** Skills only Stone Soup's rules read (spell and card powers in the EV, AC and shield rules). */
export const SS_EXTRA_SKILLS = ['evocations', 'ice-magic', 'earth-magic', 'fire-magic', 'poison-magic'] as const;
export const ALL_SKILLS = [...CR_SKILLS, ...SS_EXTRA_SKILLS] as const;
export type CrSkill = (typeof ALL_SKILLS)[number];
export type CrWeaponSkill = 'short-blades' | 'long-blades' | 'axes' | 'maces-flails' | 'polearms' | 'staves';

/** What the rules need to know about a species beyond its numbers. */
export const CR_SPECIES_TRAITS = [
  /** Ogre, troll, ogre-mage, draconians: one d13 roll for a large shield's heavy armour. */
  'large-frame',
  'elf', 'dwarf', 'hill-orc', 'troll', 'ghoul', 'naga', 'centaur', 'minotaur', 'kenku', 'merfolk', 'draconian', 'grey-draconian',
  'sees-invisible', 'small', 'vampire',
] as const;
export type CrSpeciesTrait = (typeof CR_SPECIES_TRAITS)[number];

/** The mutations the seed names. */
export const CR_MUTATIONS = ['claws', 'horns', 'hooves', 'stinger'] as const;
/** Mutations only Stone Soup's rules read. */
export const SS_EXTRA_MUTATIONS = ['repulsion-field', 'fangs', 'beak', 'talons'] as const;
export const ALL_MUTATIONS = [...CR_MUTATIONS, ...SS_EXTRA_MUTATIONS] as const;
export type CrMutation = (typeof ALL_MUTATIONS)[number];

export interface CrSpecies {
  readonly id: string;
  readonly name: string;
  /** Starting Str, Int, Dex before the job's points. */
  readonly str: number;
  readonly int: number;
  readonly dex: number;
  readonly traits: readonly CrSpeciesTrait[];
  /** Innate mutation levels (the troll's claws are its own rule, not a mutation). */
  readonly mutations: Readonly<Partial<Record<CrMutation, number>>>;
  /** Added to the job's starting hit points. */
  readonly hpAdjust: number;
  /** Hit points gained (or lost) on top of the roll when reaching a level (levels 2..27). */
  readonly levelHp: readonly number[];
  /** Stealth skill multiplier in check_stealth. */
  readonly stealthFactor: number;
  /** Natural AC (ogre 1, troll and centaur 3); draconians and nagas add their own by level. */
  readonly naturalAc: number;
  /** Extra hunger per player action. */
  readonly hunger: number;
  /** Regeneration bonus per action in hundredths of a hit point (troll 40); halved for ghouls. */
  readonly regen: number;
  /** Body size (Stone Soup's EV rules); medium when not given. Nagas and centaurs keep a medium torso. */
  readonly size?: 'little' | 'small' | 'medium' | 'large';
  readonly description: string;
}

export type CrHands = 'one' | 'two' | 'one-or-two';
export const WEAPON_FITS = ['little', 'small', 'medium', 'large', 'big'] as const;
export type WeaponFit = (typeof WEAPON_FITS)[number];
export const MONSTER_SIZES = ['tiny', 'little', 'small', 'medium', 'large', 'big', 'giant', 'huge'] as const;

export interface CrWeapon {
  readonly id: string;
  readonly name: string;
  readonly skill: CrWeaponSkill;
  /** PWPN_DAMAGE, PWPN_HIT, PWPN_SPEED. */
  readonly damage: number;
  readonly accuracy: number;
  readonly speed: number;
  readonly hands: CrHands;
  readonly mass: number;
  /** Whips and quick blades have their own strength weight; giant clubs cap at 9. */
  readonly weightClass?: 'whip' | 'quick-blade' | 'giant-club';
  /** Sling, bow or crossbow: a monster swinging one adds no weapon damage. */
  readonly launcher: boolean;
  /** Only ogres, trolls and ogre-mages may wield it (mass 500 or more). */
  readonly giant: boolean;
  /**
   * Stone Soup: the weapon's size (Weapon_prop fit_size). The hands it needs and who can wield it
   * then follow from the wielder's torso size (hands_reqd, check_weapon_wieldable_size).
   */
  readonly fit?: WeaponFit;
  /** Too large for halflings, gnomes, kobolds and spriggans. */
  readonly large: boolean;
  readonly glyph: string;
  readonly description: string;
}

export type CrArmourSlot = 'body' | 'shield' | 'helmet' | 'gloves' | 'boots' | 'cloak';

export interface CrArmour {
  readonly id: string;
  readonly name: string;
  readonly slot: CrArmourSlot;
  /** PARM_AC (shields: 0; they block instead). */
  readonly ac: number;
  /** PARM_EVASION: 0 or negative. */
  readonly evPenalty: number;
  readonly mass: number;
  /** On the light-armour list (no dodge cut, no AC minimum, no stealth penalty). */
  readonly light: boolean;
  /** Shields: the kind (heavy armour and block value 3, 5 or 7). */
  readonly shield?: 'buckler' | 'shield' | 'large-shield';
  /** Shields: base SH. */
  readonly block?: number;
  /** Helmets: the kind (caps and wizard hats give no base AC and no headbutt bonus). */
  readonly helmet?: 'helmet' | 'helm' | 'cap' | 'wizard-hat';
  /** Bardings: a flat AC not scaled by armour skill, for one species trait. */
  readonly barding?: 'naga' | 'centaur';
  readonly description: string;
}

export interface CrJewel {
  readonly id: string;
  readonly name: string;
  readonly mass: number;
  readonly slot: 'ring' | 'amulet';
  readonly effect: 'slaying' | 'inaccuracy' | 'protection' | 'evasion' | 'see-invisible';
  readonly description: string;
}

export interface CrPotion {
  readonly id: string;
  readonly name: string;
  readonly mass: number;
  readonly effect: 'might' | 'invisibility';
  readonly description: string;
}

export const CR_FORMS = ['spider', 'blade-hands', 'statue', 'ice-beast', 'dragon', 'serpent-of-hell', 'lich', 'air'] as const;
/** Stone Soup 0.5.2's forms: no serpent of hell or air; a vampire's bat form. */
export const SS_FORMS = ['spider', 'blade-hands', 'statue', 'ice-beast', 'dragon', 'lich', 'bat'] as const;
export type CrFormId = (typeof CR_FORMS)[number] | (typeof SS_FORMS)[number];
export type CrBrand =
  | 'flaming' | 'freezing' | 'holy-wrath' | 'electrocution' | 'orc-slaying' | 'venom' | 'draining' | 'vorpal' | 'vampiricism'
  | 'disruption' | 'pain' | 'speed' | 'protection' | 'confuse';
export const CR_BRANDS: readonly CrBrand[] = [
  'flaming', 'freezing', 'holy-wrath', 'electrocution', 'orc-slaying', 'venom', 'draining', 'vorpal', 'vampiricism', 'disruption', 'pain',
  'speed', 'protection', 'confuse',
];

export interface CrForm {
  readonly id: CrFormId;
  readonly name: string;
  /** Unarmed damage: base + Str / strDiv + Dex / dexDiv (0: no term). */
  readonly damage: { readonly base: number; readonly strDiv: number; readonly dexDiv: number };
  /** Added to the rolled to-hit: random2(toHit); air's to-hit is 0 whatever else. */
  readonly toHit: number;
  readonly brand?: 'venom' | 'freezing' | 'draining';
  /**
   * What stays in use: everything (lich), the weapon only (statue), all but weapon, gloves and
   * shield (blade hands), or nothing.
   */
  readonly keeps: 'everything' | 'weapon' | 'armour-but-hands' | 'nothing';
  readonly str: number;
  readonly dex: number;
  readonly ac: number;
  readonly ev: number;
  /** Maximum hit points x hpTenths / 10 (10: unchanged). */
  readonly hpTenths: number;
  /** Player action time x speedTenths / 10. */
  readonly speedTenths: number;
  /** Longest the spell can make it last, in player actions (the arena's duration). */
  readonly duration: number;
  readonly resists: readonly ('fire' | 'cold' | 'poison' | 'elec')[];
  readonly vulnerable: readonly ('fire' | 'cold')[];
  /** The body size in the form (Stone Soup's EV rules); the species' size when not given. */
  readonly size?: 'tiny' | 'little' | 'small' | 'medium' | 'large' | 'huge';
  readonly description: string;
}

export interface CrMutationDef {
  readonly id: CrMutation;
  readonly name: string;
  readonly maxLevel: number;
  readonly description: string;
}

/** A status the seed names, with the numbers it carries. */
export interface CrStatusDef {
  readonly id: 'mighty' | 'starving' | 'invisible' | 'swimming';
  readonly name: string;
  readonly description: string;
}

/** What a monster's damaging hit can do besides damage (b20 keys these on the monster type). */
export type CrMonsterSpecial =
  | { readonly kind: 'poison'; readonly oneIn: number; readonly over: number; readonly chanceIn: number; readonly levels: number }
  | { readonly kind: 'cold' }
  | { readonly kind: 'fire' }
  | { readonly kind: 'rot' }
  | { readonly kind: 'paralyse' };

export const CR_MONSTER_FLAGS = [
  'sees-invisible', 'flies', 'orc', 'regenerates', 'water', 'no-exp', 'invisible',
  /** Stone Soup: senses an invisible hero (+5 awareness); fights as a fighter (to-hit 2.5 x HD); erratic flier. */
  'senses-invisible', 'fighter', 'batty',
] as const;
export type CrMonsterFlag = (typeof CR_MONSTER_FLAGS)[number];

export type CrHoliness = 'natural' | 'undead' | 'demonic' | 'holy' | 'nonliving' | 'plant';

export interface CrMonsterWeapon {
  /** The weapon id, or null for empty hands. */
  readonly weapon: string | null;
  /** Relative chance of this choice. */
  readonly weight: number;
  readonly plus?: number;
  readonly plus2?: number;
}

/** Stone Soup: armour a monster may wear (one weighted choice; null for none). */
export interface CrMonsterArmour {
  readonly item: string | null;
  readonly weight: number;
  readonly plus?: number;
}

export interface CrMonster {
  readonly id: string;
  readonly name: string;
  readonly glyph: string;
  readonly colour: string;
  readonly hd: number;
  /** hpdice: each of the HD dice is min..min+rand; plus add. */
  readonly hp: { readonly min: number; readonly rand: number; readonly add: number };
  readonly ac: number;
  readonly ev: number;
  /** 10 is normal speed. */
  readonly speed: number;
  /** Up to four attacks (the listed damage of each). */
  readonly attacks: readonly number[];
  /** 0 plant, 1 insect, 2 animal, 3 normal, 4 high. */
  readonly intelligence: 0 | 1 | 2 | 3 | 4;
  readonly holiness: CrHoliness;
  readonly resists: readonly ('fire' | 'cold' | 'poison' | 'elec')[];
  readonly vulnerable: readonly ('fire' | 'cold' | 'poison')[];
  readonly flags: readonly CrMonsterFlag[];
  readonly special?: CrMonsterSpecial;
  /** What it may carry in hand; empty: fights with its own attacks. */
  readonly weapons: readonly CrMonsterWeapon[];
  /** Stone Soup: body size (mon-data.h), which sets the hands a weapon needs and a net's hold on EV. */
  readonly size?: (typeof MONSTER_SIZES)[number];
  /** Stone Soup: a chance that its weapon's plus (to-hit) is raised by min..max (makeitem.cc, give_item). */
  readonly weaponBonus?: { readonly oneIn: number; readonly min: number; readonly max: number };
  /** Stone Soup: body armour it may wear: AC + the armour's AC and plus, EV + half its penalty (monsters::equip_armour). */
  readonly armour?: readonly CrMonsterArmour[];
  /** Stone Soup: the shield it may carry, unless its weapon needs both hands (give_shield). */
  readonly shields?: readonly CrMonsterArmour[];
  readonly description: string;
}

/** A worn or wielded item of a hero. */
export interface CrItemSpec {
  readonly item: string;
  /** Weapons: to-hit (plus); armour, rings: the enchantment. */
  readonly plus?: number;
  /** Weapons: to-dam (plus2); ring of slaying: to-dam. */
  readonly plus2?: number;
  readonly brand?: CrBrand;
  readonly race?: 'elven' | 'dwarven' | 'orcish';
  readonly cursed?: boolean;
  /** Helmets: the description that adds to a headbutt. */
  readonly desc?: 'plain' | 'spiked' | 'horned';
  /** Armour: Stone Soup's armour egos the seeds name (boots of stealth, ponderousness, a shield of protection). */
  readonly ego?: 'stealth' | 'ponderousness' | 'protection';
  readonly quantity?: number;
}

export interface CrHero {
  readonly id: string;
  readonly name: string;
  readonly species: string;
  readonly job: string;
  /** The job's starting hit points (before the species adjustment). */
  readonly jobHp: number;
  readonly level: number;
  readonly str: number;
  readonly int: number;
  readonly dex: number;
  readonly skills: Readonly<Partial<Record<CrSkill, number>>>;
  readonly mutations: Readonly<Partial<Record<CrMutation, number>>>;
  readonly weapon?: CrItemSpec;
  readonly armour: readonly CrItemSpec[];
  readonly jewellery: readonly CrItemSpec[];
  readonly pack: readonly CrItemSpec[];
  /** Spells running at the start: turns of each. */
  readonly spells: Readonly<Partial<Record<'confusing-touch' | 'sure-blade' | SsSpell, number>>>;
  readonly form?: CrFormId;
  /** Stone Soup vampires: the blood state (stealth factor); satiated when not given. */
  readonly blood?: BloodState;
  /** Hunger (6000 at the start of a game; starving at 1000 or less). */
  readonly hunger: number;
  readonly description: string;
}

export interface CrTables {
  readonly species: readonly CrSpecies[];
  readonly skills: readonly { readonly id: CrSkill; readonly name: string; readonly description: string }[];
  readonly weapons: readonly CrWeapon[];
  readonly armour: readonly CrArmour[];
  readonly jewellery: readonly CrJewel[];
  readonly potions: readonly CrPotion[];
  readonly forms: readonly CrForm[];
  readonly mutations: readonly CrMutationDef[];
  readonly statuses: readonly CrStatusDef[];
  readonly heroes: readonly CrHero[];
  readonly monsters: readonly CrMonster[];
}
