import type { Edition } from '../edition.js';
import type { SsEffects } from './states.js';
import { div } from './random.js';
import type {
  CrArmour,
  CrBrand,
  CrForm,
  CrJewel,
  CrMutation,
  CrSkill,
  CrSpecies,
  CrSpeciesTrait,
  CrWeapon,
} from './types.js';

/**
 * A Crawl hero as the rules see it: current stats (with might and the form), skills, mutations,
 * gear and what is running. Everything derived (EV, AC, SH, stealth, burden, the stat bases) is
 * computed from it here; the attack rules are in melee.ts and aux.ts.
 */

export interface CrWielded {
  readonly def: CrWeapon;
  readonly plus: number;
  readonly plus2: number;
  readonly brand?: CrBrand;
  readonly race?: 'elven' | 'dwarven' | 'orcish';
  readonly cursed: boolean;
}

export interface CrWorn {
  readonly def: CrArmour;
  readonly plus: number;
  readonly race?: 'elven' | 'dwarven' | 'orcish';
  readonly desc?: 'plain' | 'spiked' | 'horned';
  readonly ego?: 'stealth' | 'ponderousness' | 'protection';
}

export interface CrRing {
  readonly def: CrJewel;
  readonly plus: number;
  readonly plus2: number;
}

export interface CrGear {
  readonly weapon: CrWielded | null;
  readonly armour: readonly CrWorn[];
  readonly jewellery: readonly CrRing[];
  /** Mass of everything else carried (potions). */
  readonly packMass: number;
}

export type StatSystem = 'classic' | 'new';

/** What is running on the hero: durations in player actions (0: not running). */
export interface CrEffects {
  readonly might: number;
  readonly invisible: number;
  readonly confusingTouch: number;
  readonly sureBlade: number;
  readonly hunger: number;
  readonly inWater: boolean;
  /** Stone Soup only: the states its stealth, EV, AC and shield rules read. */
  readonly ss?: SsEffects;
}

export interface CrCharacter {
  readonly species: CrSpecies;
  readonly level: number;
  readonly statSystem: StatSystem;
  /** Current stats, with might's +5 Str and the form's changes. */
  readonly str: number;
  readonly int: number;
  readonly dex: number;
  readonly skills: Readonly<Record<CrSkill, number>>;
  readonly mutations: Readonly<Record<CrMutation, number>>;
  readonly gear: CrGear;
  readonly form: CrForm | null;
  readonly effects: CrEffects;
}

export const has = (c: CrCharacter, trait: CrSpeciesTrait): boolean => c.species.traits.includes(trait);

export const slot = (c: CrCharacter, s: CrArmour['slot']): CrWorn | undefined => c.gear.armour.find((w) => w.def.slot === s);

export const shieldOf = (c: CrCharacter): CrWorn | undefined => slot(c, 'shield');

/** Might helps damage while more than 1 turn is left (fight.cc: you.might > 1). */
export const mighty = (c: CrCharacter): boolean => c.effects.might > 1;
export const STARVING_AT = 1000;
export const starving = (c: CrCharacter): boolean => c.effects.hunger <= STARVING_AT;
/** Merfolk swim in water; there is no swimming field in b20, it is derived. */
export const swimming = (c: CrCharacter): boolean => c.effects.inWater && has(c, 'merfolk');

export function seesInvisible(c: CrCharacter): boolean {
  return has(c, 'sees-invisible') || c.gear.jewellery.some((r) => r.def.effect === 'see-invisible');
}

export const wearing = (c: CrCharacter, effect: CrJewel['effect']): boolean => c.gear.jewellery.some((r) => r.def.effect === effect);

/** The slaying bonus (player.cc slaying_bonus): rings of slaying, to-hit and to-dam. */
export function slaying(c: CrCharacter): { hit: number; dam: number } {
  let hit = 0;
  let dam = 0;
  for (const r of c.gear.jewellery) {
    if (r.def.effect !== 'slaying') continue;
    hit += r.plus;
    dam += r.plus2;
  }
  return { hit, dam };
}

/** The weapon skill an attack trains and rolls: unarmed combat with nothing in hand. */
export function weaponSkill(c: CrCharacter): CrSkill {
  return c.gear.weapon ? c.gear.weapon.def.skill : 'unarmed-combat';
}

/** Whether the current form lets the hero hold a weapon (statue and lich; no form at all). */
export function armed(c: CrCharacter): CrWielded | null {
  if (c.form && c.form.keeps !== 'everything' && c.form.keeps !== 'weapon') return null;
  return c.gear.weapon;
}

/**
 * The weapon's strength weight (fight.cc weapon_str_weight / player_weap_str_weight): by skill,
 * whips and quick blades their own, two-handed +2 capped at 8 (giant clubs 9). In `source`,
 * bare hands weigh 4 and a hand-and-a-half weapon without a shield 1 more; the seed has neither
 * (divergence d11-weights-and-water).
 */
export function strWeight(c: CrCharacter, edition: Edition): number {
  const w = armed(c);
  if (!w) return edition === 'source' ? 4 : 5;
  const d = w.def;
  let n = d.weightClass === 'whip' ? 2 : d.weightClass === 'quick-blade' ? 1 : SKILL_WEIGHT[d.skill];
  if (d.hands === 'two') n += 2;
  n = Math.min(n, d.weightClass === 'giant-club' ? 9 : 8);
  if (edition === 'source' && d.hands === 'one-or-two' && !shieldOf(c)) n += 1;
  return n;
}

const SKILL_WEIGHT: Record<CrWeapon['skill'], number> = {
  'short-blades': 2,
  'long-blades': 3,
  staves: 3,
  polearms: 3,
  axes: 6,
  'maces-flails': 7,
};

/**
 * The damage and accuracy stats (player.cc calc_stat_to_dam_base / calc_stat_to_hit_base).
 * Classic: Str and Dex. New: a mix by the weapon's weight; the seed writes the accuracy stat as
 * the damage one (divergence d2-accuracy-stat).
 */
export function damStat(c: CrCharacter, edition: Edition): number {
  if (c.statSystem === 'classic') return c.str;
  const w = strWeight(c, edition);
  return c.str + div(div(c.dex - c.str, 2) * (10 - w), 10);
}

export function hitStat(c: CrCharacter, edition: Edition): number {
  if (c.statSystem === 'classic') return c.dex;
  if (edition === 'spoiler') return damStat(c, edition);
  const w = strWeight(c, edition);
  return c.dex + div(div(c.str - c.dex, 2) * w, 10);
}

/** Mass carried and the burden state (player.cc burden_change): 0 unencumbered, 1 encumbered, 2 overloaded. */
export function burden(c: CrCharacter): { mass: number; capacity: number; state: 0 | 1 | 2 } {
  let mass = c.gear.packMass;
  if (c.gear.weapon) mass += c.gear.weapon.def.mass;
  for (const a of c.gear.armour) mass += a.def.mass;
  const capacity = 3500 + 100 * c.str;
  const state = mass < div(capacity * 5, 6) ? 0 : mass < div(capacity * 11, 12) ? 1 : 2;
  return { mass, capacity, state };
}

/** Body armour that counts as light (player.cc is_light_armour): the list, or anything elven. */
export function lightBody(c: CrCharacter): boolean {
  const b = slot(c, 'body');
  return !b || b.def.light || b.race === 'elven';
}

/** player_evasion (b20): no Dex and no shield term; Dex enters the monster's hit roll instead. */
export function evasion(c: CrCharacter, paralysed = false): number {
  if (paralysed) return 2;
  let ev = 10;
  if (has(c, 'centaur') && !c.form) ev -= 3;
  const b = slot(c, 'body');
  const pen = b?.def.evPenalty ?? 0;
  if (b) {
    let change = pen + div(c.skills.armour, 3);
    if (change > div(pen, 3)) change = div(pen, 3);
    ev += change;
  }
  for (const r of c.gear.jewellery) if (r.def.effect === 'evasion') ev += r.plus;
  let emod = 0;
  if (!lightBody(c)) emod += div(pen * 14, 10);
  emod += div(c.skills.dodging, 2);
  if (emod > 0) ev += emod;
  if (c.form) ev += c.form.ev;
  return ev;
}

/** player_AC (b20): per item, integer, shields skipped; then rings, species or form. */
export function armourClass(c: CrCharacter): number {
  let ac = 0;
  for (const w of c.gear.armour) {
    if (w.def.slot === 'shield') continue;
    ac += w.plus;
    if (w.def.helmet === 'cap' || w.def.helmet === 'wizard-hat') continue;
    if (w.def.barding) {
      ac += 3;
      continue;
    }
    let r = w.race === 'dwarven' ? 2 : 0;
    if (w.race === 'elven' && has(c, 'elf')) r += 1;
    if (w.race === 'dwarven' && has(c, 'dwarf')) r += 2;
    if (w.race === 'orcish' && has(c, 'hill-orc')) r += 2;
    ac += div(w.def.ac * (15 + c.skills.armour + r), 15);
    if (w.def.slot === 'body' && (has(c, 'naga') || has(c, 'centaur'))) ac -= div(w.def.ac, 2);
  }
  for (const r of c.gear.jewellery) if (r.def.effect === 'protection') ac += r.plus;
  if (c.gear.weapon?.brand === 'protection') ac += 5;
  if (c.form?.id === 'air') return 20;
  if (!c.form || c.form.id === 'blade-hands') ac += naturalAc(c);
  else ac += c.form.ac;
  return ac;
}

/** The species' own AC: draconian scales by level, a naga's XL / 3, the ogre's, troll's and centaur's flat. */
export function naturalAc(c: CrCharacter): number {
  let ac = c.species.naturalAc;
  if (has(c, 'draconian')) ac += c.level < 8 ? 2 : has(c, 'grey-draconian') ? 1 + div(c.level - 4, 2) : 1 + div(c.level, 4);
  if (has(c, 'naga')) ac += div(c.level, 3);
  return ac;
}

/** player_shield_class (b20): base x (10 + shields / 2) / 10 + plus. */
export function shieldClass(c: CrCharacter): number {
  const s = shieldOf(c);
  if (!s) return 0;
  return div((s.def.block ?? 0) * (10 + div(c.skills.shields, 2)), 10) + s.plus;
}

/** check_stealth (b20), the hero's stealth S: monsters notice on random2(S) <= their awareness. */
export function stealth(c: CrCharacter): number {
  let s = 3 * c.dex;
  if (c.skills.stealth > 0) s += c.skills.stealth * c.species.stealthFactor;
  const bs = burden(c).state;
  if (bs === 1) s = div(s, 2);
  else if (bs === 2) s = div(s, 5);
  const b = slot(c, 'body');
  if (b && !lightBody(c)) s -= div(b.def.mass, 10);
  if (c.effects.inWater) s = has(c, 'merfolk') ? s + 50 : div(s, 2);
  return Math.max(0, s);
}

/** Player action time before the attack's own factor (player_speed): statue x1.5, serpent x1.2. */
export function actionTime(c: CrCharacter): number {
  // Stone Soup: berserk hastes the hero (misc.cc go_berserk; player_speed halves the time).
  const base = c.effects.ss?.berserk ? 5 : 10;
  return c.form ? div(base * c.form.speedTenths, 10) : base;
}

/**
 * Maximum hit points (skills2.cc calc_hp): the level's hit points plus XL x fighting / 5, then
 * the form's factor.
 */
export function maxHp(c: CrCharacter, levelHp: number): number {
  // Stone Soup: berserk doubles the maximum (player.cc get_real_hp), before the form's factor.
  const hp = (levelHp + div(c.level * c.skills.fighting, 5)) * (c.effects.ss?.berserk ? 2 : 1);
  return c.form ? div(hp * c.form.hpTenths, 10) : hp;
}

/** Regeneration per action in hundredths of a hit point (player.cc player_regen). */
export function regenRate(c: CrCharacter, hpMax: number): number {
  let rr = div(hpMax, 3);
  if (rr > 20) rr = 20 + div(rr - 20, 2);
  rr += c.species.regen;
  if (has(c, 'ghoul') && (!c.form || c.form.id === 'blade-hands')) rr = div(rr, 2);
  if (c.form?.id === 'air') rr = div(rr, 2);
  return rr;
}

/** Hunger per action (food.cc player_hunger_rate), before the 3 (and 2 per aux) of a melee swing. */
export function hungerRate(c: CrCharacter): number {
  if (c.form?.id === 'air') return 0;
  let h = 3 + c.species.hunger;
  if (c.effects.invisible > 0) h += 5;
  h += [0, 2, 5][burden(c).state] as number;
  return Math.max(1, h);
}
