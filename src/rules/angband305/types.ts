/**
 * Data types of the Angband 3.0.5 ruleset. The loader (src/content) validates data files against
 * schemas typed by these interfaces; the rules only ever see frozen values of them. Weights are
 * in tenth-pounds, as the game stores them (a dagger is 12: 1.2 lb).
 */

export type AngClassId = 'warrior' | 'mage' | 'priest' | 'rogue' | 'ranger' | 'paladin';

/** A skill as the game's class and race files give it. */
export interface AngSkill {
  readonly base: number;
  /** The bonus per ten levels (45 is 4.5 per level). */
  readonly perTenLevels: number;
}

export interface AngStatAdjust {
  readonly str: number;
  readonly dex: number;
  readonly con: number;
  readonly wis: number;
}

/** The stats the arena uses: strength, dexterity, constitution (hit points) and wisdom (saving throws). */
export type AngStatName = keyof AngStatAdjust;

export interface AngClass {
  readonly id: AngClassId;
  readonly name: string;
  readonly melee: AngSkill;
  readonly missile: AngSkill;
  /** The seed's melee bonus per ten levels where it differs from the game's (divergence skill-per-level). */
  readonly spoilerMeleePerTenLevels?: number;
  /** MWW in tenth-pounds: lighter weapons count as this heavy for blows. */
  readonly minWeaponWeight: number;
  /** WSM x 10 (the game's att_multiply). */
  readonly blowsMultiplier: number;
  readonly maxBlows: number;
  readonly hitDie: number;
  readonly stats: AngStatAdjust;
  /** Saving throw (the game's c_sav and x_sav). */
  readonly save: AngSkill;
  readonly stealth: number;
  /** The level from which it resists fear (the Warrior's BRAVERY_30), if any. */
  readonly resistFearAtLevel?: number;
  /** The class's share of the experience factor, percent (p_class.txt I: c_exp). */
  readonly expFactor: number;
  /** Extra shots with bows at levels 20 and 40 (Ranger). */
  readonly extraShots: boolean;
  /** Penalised for unblessed edged weapons and polearms (Priest). */
  readonly blessedWeaponsOnly: boolean;
}

export interface AngRace {
  readonly id: string;
  readonly name: string;
  readonly melee: number;
  readonly missile: number;
  readonly hitDie: number;
  readonly stats: AngStatAdjust;
  readonly save: number;
  readonly stealth: number;
  /** Sees warm-blooded monsters this many squares away, invisible or not. */
  readonly infravision: number;
  /** The race's flags (p_race.txt F: lines). */
  readonly flags: readonly AngFlag[];
  /** The race's share of the experience factor, percent (p_race.txt X: r_exp). */
  readonly expFactor: number;
}

/**
 * The flags of races, equipment and egos that protect a hero or change its upkeep, under the
 * game's names (the TR2_ and TR3_ flags calc_bonuses reads): sustains, immunities, resistances,
 * free action, hold life, see invisible, regeneration.
 */
export const ANG_FLAGS = [
  'SUST_STR', 'SUST_INT', 'SUST_WIS', 'SUST_DEX', 'SUST_CON', 'SUST_CHR',
  'IM_ACID', 'IM_ELEC', 'IM_FIRE', 'IM_COLD',
  'RES_ACID', 'RES_ELEC', 'RES_FIRE', 'RES_COLD', 'RES_POIS', 'RES_FEAR', 'RES_LITE', 'RES_DARK',
  'RES_BLIND', 'RES_CONFU', 'RES_SOUND', 'RES_SHARD', 'RES_NEXUS', 'RES_NETHR', 'RES_CHAOS', 'RES_DISEN',
  'FREE_ACT', 'HOLD_LIFE', 'SEE_INVIS', 'REGEN',
] as const;
export type AngFlag = (typeof ANG_FLAGS)[number];

/** What a slay, kill (execute) or brand needs of the monster. */
export type AngSlayKind = 'evil' | 'animal' | 'undead' | 'demon' | 'orc' | 'troll' | 'giant' | 'dragon';
export type AngElement = 'acid' | 'elec' | 'fire' | 'cold' | 'poison';

/** A power that multiplies damage. @spoiler angband-3.0.5#slays */
export type AngSlay =
  | { readonly kind: 'slay'; readonly against: AngSlayKind }
  | { readonly kind: 'kill'; readonly against: 'demon' | 'dragon' | 'undead' }
  | { readonly kind: 'brand'; readonly element: AngElement };

export type AngWeaponKind = 'sword' | 'polearm' | 'hafted' | 'digger';

export interface AngMeleeWeapon {
  readonly id: string;
  readonly name: string;
  readonly kind: AngWeaponKind;
  readonly weight: number;
  readonly dice: string;
  readonly toHit: number;
  readonly toDam: number;
  /** Slays of the base item itself (the Mace of Disruption slays undead). */
  readonly slays: readonly AngSlay[];
  /** Blessed for holy war: no priest penalty. */
  readonly blessed: boolean;
  /** The base item's own flags (the Blade of Chaos resists chaos). */
  readonly flags: readonly AngFlag[];
  readonly description: string;
}

export type AngAmmoKind = 'shot' | 'arrow' | 'bolt';

export interface AngLauncher {
  readonly id: string;
  readonly name: string;
  readonly ammo: AngAmmoKind;
  readonly multiplier: number;
  readonly weight: number;
  readonly description: string;
}

/** How likely a thrown or fired object is to break (the seed's classes). */
export type AngBreakageClass = 'flask' | 'potion' | 'scroll' | 'arrow' | 'bolt' | 'shot' | 'other';

export interface AngAmmo {
  readonly id: string;
  readonly name: string;
  readonly ammo: AngAmmoKind;
  readonly weight: number;
  readonly dice: string;
  readonly toHit: number;
  readonly toDam: number;
  /** Elements that cannot destroy it in the pack (mithril ammunition). */
  readonly ignores: readonly AngElement[];
  readonly description: string;
}

export type AngArmourSlot = 'body' | 'shield' | 'helm' | 'gloves' | 'boots' | 'cloak';

export interface AngArmour {
  readonly id: string;
  readonly name: string;
  readonly slot: AngArmourSlot;
  readonly weight: number;
  readonly ac: number;
  /** The to-hit penalty of heavy body armour (-1 .. -8), shown in parentheses. */
  readonly toHit: number;
  readonly toAc: number;
  /** Acid cannot damage it (mithril and dragon armour). */
  readonly ignoreAcid: boolean;
  /** Magic a worn one may carry. */
  readonly bonuses: readonly ('toHit' | 'toDam' | 'toAc')[];
  /** The base item's own flags (dragon scale mail's resistances). */
  readonly flags: readonly AngFlag[];
  /** No ego comes on it (dragon scale mail, tval 38, which no ego lists). */
  readonly noEgo?: boolean;
  readonly description: string;
}

/** Rings and amulets: what they may carry is given per item (a Ring of Accuracy has a to-hit). */
export interface AngJewel {
  readonly id: string;
  readonly name: string;
  readonly slot: 'ring' | 'amulet';
  readonly bonuses: readonly ('toHit' | 'toDam' | 'toAc')[];
  /** Its flags (object.txt F: lines). */
  readonly flags: readonly AngFlag[];
  readonly description: string;
}

export type AngUseEffect =
  /** Adds turns (dice with a bonus: "1d12+6") to a temporary effect. */
  | { readonly kind: 'bless' | 'hero' | 'berserk'; readonly turns: string }
  /** Adds turns to a temporary resistance (the game's oppose_<element>), shown as the status `oppose-<element>`. */
  | { readonly kind: 'oppose'; readonly element: AngOpposition; readonly turns: string }
  /** Heals `amount`; the cut becomes cut / cutDivide - cutReduce (never below 0). */
  | { readonly kind: 'heal'; readonly amount: string; readonly cutDivide: number; readonly cutReduce: number }
  | { readonly kind: 'cure-fear' };

/** Potions, scrolls and flasks: used from the pack, or thrown. */
export interface AngConsumable {
  readonly id: string;
  readonly name: string;
  readonly kind: 'potion' | 'scroll' | 'flask';
  readonly weight: number;
  /** Damage when thrown. */
  readonly dice: string;
  /** What using it does, in order. */
  readonly effects: readonly AngUseEffect[];
  readonly description: string;
}

/** What an ego's pval may add to: attacks, shots, might, stats and skills. */
export type AngPvalKind = 'blows' | 'shots' | 'might' | AngStatName | 'int' | 'chr' | 'stealth' | 'search';

/** An ego power: slays and brands, extra blows, shots and might, stat bonuses, protections. */
export interface AngEgo {
  readonly id: string;
  readonly name: string;
  readonly appliesTo: readonly ('weapon' | 'launcher' | 'ammo' | AngArmourSlot)[];
  /** Base items it comes on, when only some (Buckland: slings). */
  readonly only?: readonly string[];
  readonly slays: readonly AngSlay[];
  /** The item's pval goes to these (extra attacks, shots, might, stats). */
  readonly pval: readonly AngPvalKind[];
  /** The largest pval the game generates for it. */
  readonly maxPval: number;
  readonly blessed: boolean;
  /** Its flags (ego_item.txt F: lines). */
  readonly flags: readonly AngFlag[];
  /** Elements that cannot destroy the item (ammunition of Flame ignores fire). */
  readonly ignores: readonly AngElement[];
  readonly description: string;
}

/** One item worn or carried by a hero preset: the base item and its magic. */
export interface AngItemSpec {
  readonly item: string;
  readonly toHit?: number;
  readonly toDam?: number;
  readonly toAc?: number;
  readonly ego?: string;
  readonly pval?: number;
  readonly quantity?: number;
}

export interface AngHero {
  readonly id: string;
  readonly name: string;
  readonly class: AngClassId;
  readonly race: string;
  readonly level: number;
  /** Stats without equipment, as the game writes them: 3..18 or "18/xx". */
  readonly stats: Readonly<Record<AngStatName, string>>;
  readonly weapon?: AngItemSpec;
  readonly bow?: AngItemSpec;
  readonly body?: AngItemSpec;
  readonly shield?: AngItemSpec;
  /** Other worn things: helm, gloves, boots, cloak, rings, amulet. */
  readonly worn: readonly AngItemSpec[];
  /** The quiver and pack: ammunition, flasks, potions, scrolls, spare weapons to throw. */
  readonly pack: readonly AngItemSpec[];
  readonly description: string;
}

/** How a monster blow is delivered (the game's RBM_ methods). Methods decide cuts and stuns. */
export const ANG_BLOW_METHODS = [
  'hit', 'touch', 'punch', 'kick', 'claw', 'bite', 'sting', 'butt', 'crush', 'engulf', 'crawl', 'drool', 'spit', 'gaze', 'wail', 'spore',
  'beg', 'insult', 'moan',
] as const;
export type AngBlowMethod = (typeof ANG_BLOW_METHODS)[number];

/**
 * What a monster blow does: the game's RBE_ effects (melee1.c), lower-cased with '-' for '_';
 * 'none' for a blow without one (BEG, INSULT, MOAN).
 */
export const ANG_BLOW_EFFECTS = [
  'hurt', 'poison', 'un-bonus', 'un-power', 'eat-gold', 'eat-item', 'eat-food', 'eat-lite', 'acid', 'elec', 'fire', 'cold', 'blind', 'confuse',
  'terrify', 'paralyze', 'lose-str', 'lose-int', 'lose-wis', 'lose-dex', 'lose-con', 'lose-chr', 'lose-all', 'shatter', 'exp-10', 'exp-20',
  'exp-40', 'exp-80', 'hallu', 'none',
] as const;
export type AngBlowEffect = (typeof ANG_BLOW_EFFECTS)[number];

export interface AngBlow {
  readonly method: AngBlowMethod;
  readonly effect: AngBlowEffect;
  /** Damage dice (0d0 for a blow that only touches). */
  readonly dice: string;
}

/** The monster race flags of 3.0.5 (RF1_ to RF3_), lower-cased with '-' for '_'. */
export const ANG_MONSTER_FLAGS = [
  'unique', 'questor', 'male', 'female', 'char-clear', 'char-multi', 'attr-clear', 'attr-multi', 'force-depth', 'force-maxhp', 'force-sleep',
  'force-extra', 'friend', 'friends', 'escort', 'escorts', 'never-blow', 'never-move', 'rand-25', 'rand-50', 'only-gold', 'only-item', 'drop-60',
  'drop-90', 'drop-1d2', 'drop-2d2', 'drop-3d2', 'drop-4d2', 'drop-good', 'drop-great', 'drop-useful', 'drop-chosen',
  'stupid', 'smart', 'invisible', 'cold-blood', 'empty-mind', 'weird-mind', 'multiply', 'regenerate', 'powerful', 'open-door', 'bash-door',
  'pass-wall', 'kill-wall', 'move-body', 'kill-body', 'take-item', 'kill-item', 'brain-1', 'brain-2', 'brain-3', 'brain-4', 'brain-5', 'brain-6',
  'brain-7', 'brain-8',
  'orc', 'troll', 'giant', 'dragon', 'demon', 'undead', 'evil', 'animal', 'hurt-lite', 'hurt-rock', 'hurt-fire', 'hurt-cold', 'im-acid', 'im-elec',
  'im-fire', 'im-cold', 'im-pois', 'res-neth', 'im-water', 'res-plas', 'res-nexus', 'res-dise', 'no-fear', 'no-stun', 'no-conf', 'no-sleep',
] as const;
export type AngMonsterFlag = (typeof ANG_MONSTER_FLAGS)[number];

/**
 * A monster's spells, breaths and innate attacks (RF4_ to RF6_), in the game's bit order (the
 * order make_attack_spell lists them in before it picks one), lower-cased with '-' for '_'.
 */
export const ANG_MONSTER_SPELLS = [
  'shriek', 'arrow-1', 'arrow-2', 'arrow-3', 'arrow-4', 'br-acid', 'br-elec', 'br-fire', 'br-cold', 'br-pois', 'br-neth', 'br-lite', 'br-dark',
  'br-conf', 'br-soun', 'br-chao', 'br-dise', 'br-nexu', 'br-time', 'br-iner', 'br-grav', 'br-shar', 'br-plas', 'br-wall', 'br-mana', 'boulder',
  'ba-acid', 'ba-elec', 'ba-fire', 'ba-cold', 'ba-pois', 'ba-neth', 'ba-wate', 'ba-mana', 'ba-dark', 'drain-mana', 'mind-blast', 'brain-smash',
  'cause-1', 'cause-2', 'cause-3', 'cause-4', 'bo-acid', 'bo-elec', 'bo-fire', 'bo-cold', 'bo-pois', 'bo-neth', 'bo-wate', 'bo-mana', 'bo-plas',
  'bo-icee', 'missile', 'scare', 'blind', 'conf', 'slow', 'hold',
  'haste', 'heal', 'blink', 'tport', 'tele-to', 'tele-away', 'tele-level', 'darkness', 'traps', 'forget', 's-kin', 's-hi-demon', 's-monster',
  's-monsters', 's-animal', 's-spider', 's-hound', 's-hydra', 's-angel', 's-demon', 's-undead', 's-dragon', 's-hi-undead', 's-hi-dragon',
  's-wraith', 's-unique',
] as const;
export type AngSpellName = (typeof ANG_MONSTER_SPELLS)[number];

export interface AngMonster {
  readonly id: string;
  readonly name: string;
  readonly glyph: string;
  readonly colour: string;
  readonly level: number;
  /** How rarely it appears (1 common); the arena does not read it. */
  readonly rarity: number;
  /** 110 is normal speed; each 10 above is roughly one more action per turn. */
  readonly speed: number;
  /** Hit dice, rolled when the monster appears (or the maximum, with force-maxhp). */
  readonly hp: string;
  /** How far it notices the player, in squares (the game's aaf). */
  readonly vision: number;
  readonly ac: number;
  /** How deeply it sleeps (the game's alertness; 0 never sleeps). */
  readonly sleep: number;
  /** Experience for killing it, per level of the killer (mexp). */
  readonly exp: number;
  readonly blows: readonly AngBlow[];
  readonly flags: readonly AngMonsterFlag[];
  /** The x of its 1_IN_x spell frequency (0: it casts nothing). */
  readonly spellFreq: number;
  /** Its spells, breaths and innate attacks, in the order of the game's S: lines (`arenaSpells` sorts them into the bit order). */
  readonly spells: readonly AngSpellName[];
  /** A short line of our own, where one helps. */
  readonly description?: string;
}

/** Every Angband table, loaded and cross-checked. */
export interface AngTables {
  readonly classes: readonly AngClass[];
  readonly races: readonly AngRace[];
  readonly meleeWeapons: readonly AngMeleeWeapon[];
  readonly launchers: readonly AngLauncher[];
  readonly ammo: readonly AngAmmo[];
  readonly armour: readonly AngArmour[];
  readonly jewellery: readonly AngJewel[];
  readonly consumables: readonly AngConsumable[];
  readonly egos: readonly AngEgo[];
  readonly heroes: readonly AngHero[];
  readonly monsters: readonly AngMonster[];
}

/**
 * The projection types (spells1.c GF_) that monster spells, breaths and arrows carry, under the
 * game's names.
 */
export const ANG_PROJECTIONS = [
  'ARROW', 'MISSILE', 'MANA', 'WATER', 'PLASMA', 'ICE', 'GRAVITY', 'INERTIA', 'FORCE', 'TIME',
  'ACID', 'ELEC', 'FIRE', 'COLD', 'POIS', 'LITE', 'DARK', 'CONFUSION', 'SOUND', 'SHARD', 'NEXUS', 'NETHER', 'CHAOS', 'DISENCHANT',
] as const;
export type AngProjection = (typeof ANG_PROJECTIONS)[number];

/** The four elements a hero may be immune to (IM_ACID..IM_COLD). */
export type AngImmunity = 'acid' | 'elec' | 'fire' | 'cold';
/** Temporary resistances from potions and spells (the game's oppose_acid..oppose_pois). */
export type AngOpposition = 'acid' | 'elec' | 'fire' | 'cold' | 'poison';
/** The hero's lasting resistances (xtra1.c calc_bonuses resist_*), under the game's short names. */
export const ANG_RESISTS = ['acid', 'elec', 'fire', 'cold', 'poison', 'fear', 'lite', 'dark', 'blind', 'confu', 'sound', 'shard', 'nexus', 'nethr', 'chaos', 'disen'] as const;
export type AngResist = (typeof ANG_RESISTS)[number];
/** The six stats of the game, for drains and sustains. */
export const ANG_ALL_STATS = ['str', 'int', 'wis', 'dex', 'con', 'chr'] as const;
export type AngAnyStat = (typeof ANG_ALL_STATS)[number];

/**
 * What protects a hero against monster blows and spells, as calc_bonuses sums it from race,
 * class, equipment and temporary effects. Rules read this, never the gear, so that a hero built
 * from any source (a preset, a character dump) defends the same way.
 */
export interface AngDefences {
  readonly immune: ReadonlySet<AngImmunity>;
  readonly resist: ReadonlySet<AngResist>;
  readonly oppose: ReadonlySet<AngOpposition>;
  readonly sustain: ReadonlySet<AngAnyStat>;
  readonly freeAction: boolean;
  readonly holdLife: boolean;
  readonly seeInvisible: boolean;
  /** skill_sav, in percent (may pass 100). */
  readonly savingThrow: number;
}

/**
 * Timed conditions on an Angband fighter, as status kinds (level = the game's counter, counted
 * down once every ten game turns). The hero's: the game's p_ptr->blind, confused, afraid,
 * poisoned, paralyzed, image (hallucination), slow, cut, stun, and the temporary resistances
 * `oppose-<element>`; a monster's: confused, afraid (monfear), stun, slow and hasted.
 */
export const ANG_CONDITIONS = ['blind', 'confused', 'afraid', 'poisoned', 'paralyzed', 'image', 'slow', 'cut', 'stun'] as const;
export type AngCondition = (typeof ANG_CONDITIONS)[number];
