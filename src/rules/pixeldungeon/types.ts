import type { ItemStack } from '../../world/components.js';

/**
 * Data types of the Pixel Dungeon ruleset. The loader (src/content) validates data files
 * against schemas typed by these interfaces; the rules only ever see frozen values of them.
 */

/** A Pixel Dungeon time or speed written as a decimal (0.5, 1.5); converted to milliturns. */
export type PdDecimal = number;

export interface PdMeleeWeapon {
  readonly id: string;
  readonly name: string;
  readonly tier: number;
  /** Accuracy factor ACU (1.2 for daggers, battle axes and war hammers). */
  readonly accuracy: PdDecimal;
  /** Delay factor DLY (0.5 knuckleduster, 1.5 spear). */
  readonly delay: PdDecimal;
  /** Strength requirement when it differs from 8 + 2 x tier (the short sword). */
  readonly strength?: number;
  /** Maximum damage at +0 when it differs from the tier formula (the short sword). */
  readonly maxDamage?: number;
  readonly description: string;
}

export type PdMissileProc =
  | { readonly kind: 'paralysis'; readonly turns: PdDecimal }
  | { readonly kind: 'cripple'; readonly turns: PdDecimal }
  | { readonly kind: 'bleeding' };

export interface PdMissileWeapon {
  readonly id: string;
  readonly name: string;
  readonly minDamage: number;
  readonly maxDamage: number;
  readonly strength: number;
  readonly accuracy: PdDecimal;
  readonly delay: PdDecimal;
  /** Flies back to the thrower after every throw (the boomerang). */
  readonly returns: boolean;
  readonly proc?: PdMissileProc;
  readonly description: string;
}

export interface PdArmour {
  readonly id: string;
  readonly name: string;
  readonly tier: number;
  readonly description: string;
}

export interface PdWand {
  readonly id: string;
  readonly name: string;
  /** Damage is Int(1, base + perLevel x level), i.e. 1 .. base - 1 + perLevel x level. */
  readonly damageBase: number;
  readonly damagePerLevel: number;
  readonly charges: number;
  /** Turns for the Mage to regain one charge at +0. */
  readonly rechargeTurns: number;
  readonly description: string;
}

export interface PdPotion {
  readonly id: string;
  readonly name: string;
  readonly effect: 'heal';
  readonly description: string;
}

/** The subclasses seed 002 names (Furious Berserker, Assassin, Sniper), or none. */
export type PdSubclassId = 'none' | 'berserker' | 'assassin' | 'sniper';

export interface PdClass {
  readonly id: 'warrior' | 'mage' | 'rogue' | 'huntress';
  readonly name: string;
  readonly hp: number;
  readonly strength: number;
  readonly attackSkill: number;
  readonly defenseSkill: number;
  /** Rogues gain +1 dodge per point of strength above their armour's requirement. */
  readonly spareStrengthDodge: boolean;
  /** Added to the missile encumbrance (Warrior +3, Huntress -2) in the source edition. */
  readonly missileEncumbrance: number;
  /** Whether the missile encumbrance also slows throws (Huntress yes, Warrior no). */
  readonly missileEncumbranceSlows: boolean;
  /** Huntress: excess-strength damage with missiles instead of melee (source edition). */
  readonly excessStrengthWithMissiles: boolean;
  readonly subclasses: readonly PdSubclassId[];
}

export interface PdPackEntry {
  readonly item: string;
  readonly quantity: number;
}

export interface PdHero {
  readonly id: string;
  readonly name: string;
  readonly class: PdClass['id'];
  readonly subclass: PdSubclassId;
  readonly level: number;
  /** Strength after potions; the class value when absent. */
  readonly strength?: number;
  readonly weapon?: string;
  readonly armour?: string;
  readonly armourLevel?: number;
  readonly weaponLevel?: number;
  /** Levels of Ring of Shadows worn: each adds 1 to stealth. */
  readonly ringOfShadows?: number;
  readonly pack: readonly PdPackEntry[];
  readonly description: string;
}

export type PdAbility =
  | { readonly kind: 'drain' }
  | { readonly kind: 'bleeding-on-hit'; readonly oneIn: number }
  | { readonly kind: 'cripple-on-hit'; readonly oneIn: number; readonly turns: PdDecimal }
  | { readonly kind: 'poison-and-flee'; readonly oneIn: number; readonly poison: readonly [number, number] }
  | { readonly kind: 'steal-and-flee' }
  | { readonly kind: 'disarm'; readonly oneIn: number }
  | { readonly kind: 'enrage'; readonly damage: readonly [number, number] }
  | { readonly kind: 'bone-explosion'; readonly damage: readonly [number, number] }
  | { readonly kind: 'lightning'; readonly damage: readonly [number, number]; readonly delay: PdDecimal; readonly waterMultiplier: PdDecimal }
  | {
      readonly kind: 'shadow-bolt';
      readonly damage: readonly [number, number];
      readonly delay: PdDecimal;
      readonly weaknessOneIn: number;
      readonly weaknessTurns: PdDecimal;
    }
  | { readonly kind: 'ranged-only' };

export interface PdMonster {
  readonly id: string;
  readonly name: string;
  readonly glyph: string;
  readonly colour: string;
  readonly hp: number;
  readonly attackSkill: number;
  readonly defenseSkill: number;
  /** Melee damage, NormalIntRange(min, max). */
  readonly damage: readonly [number, number];
  /** Armour: absorption is IntRange(0, dr). */
  readonly dr: number;
  readonly speed: PdDecimal;
  readonly attackDelay: PdDecimal;
  readonly flying: boolean;
  readonly viewDistance: number;
  readonly startState: 'sleeping' | 'wandering' | 'hunting';
  readonly abilities: readonly PdAbility[];
  /** Fields where the seed gives another number (edition `spoiler`). */
  readonly spoiler?: { readonly dr?: number; readonly divergence: string };
  readonly description: string;
}

/** Every Pixel Dungeon table, loaded and cross-checked. */
export interface PdTables {
  readonly classes: readonly PdClass[];
  readonly heroes: readonly PdHero[];
  readonly meleeWeapons: readonly PdMeleeWeapon[];
  readonly missileWeapons: readonly PdMissileWeapon[];
  readonly armours: readonly PdArmour[];
  readonly wands: readonly PdWand[];
  readonly potions: readonly PdPotion[];
  readonly monsters: readonly PdMonster[];
}

// ---------------------------------------------------------------------------------------------
// The ruleset's own state on a fighter (type aliases, so that each is a record of named fields).

/** A Pixel Dungeon hero's state. */
export type HeroRules = {
  readonly kind: 'pd-hero';
  readonly cls: PdClass['id'];
  readonly subclass: PdSubclassId;
  readonly level: number;
  readonly strength: number;
  readonly stealth: number;
  /** How the hero was named when built ("Warrior 5 (Berserker)"); kept with the state, read by nothing in the rules. */
  readonly title: string;
};

/** A Pixel Dungeon monster's state. */
export type MonsterRules = {
  readonly kind: 'pd-monster';
  readonly monster: string;
  readonly enraged: boolean;
  /** What a thief has taken from the hero's pack, dropped where it dies. */
  readonly stolen: ItemStack | null;
};

/** The state the Pixel Dungeon ruleset keeps on every fighter. */
export type PdState = HeroRules | MonsterRules;
