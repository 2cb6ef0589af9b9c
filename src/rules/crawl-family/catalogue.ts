import { handsFor, torsoOf } from './sizes.js';
import type { CrCharacter, CrEffects, CrGear, CrRing, CrWielded, CrWorn, StatSystem } from './character.js';
import { type CrFormId, type CrHero, type CrItemSpec, type CrMonster, type CrSpecies, type CrSkill, type CrTables, type CrWeapon, ALL_MUTATIONS, ALL_SKILLS, type CrMutation } from './types.js';

/**
 * Lookups over the Crawl tables, and the step from a hero's stored description (species, level,
 * stats, skills, gear spec, what is running) to the character the rules compute with.
 */

/** What a hero entity stores: enough to rebuild its character at any moment. */
export type HeroSheet = {
  readonly species: string;
  readonly level: number;
  readonly statSystem: StatSystem;
  /** Stats without might or the form. */
  readonly str: number;
  readonly int: number;
  readonly dex: number;
  readonly skills: Readonly<Partial<Record<CrSkill, number>>>;
  readonly mutations: Readonly<Partial<Record<CrMutation, number>>>;
  readonly weapon: CrItemSpec | null;
  readonly armour: readonly CrItemSpec[];
  readonly jewellery: readonly CrItemSpec[];
};

export class CrCatalogue {
  readonly species;
  readonly weapons;
  readonly armour;
  readonly jewellery;
  readonly potions;
  readonly forms;
  readonly heroes;
  readonly monsters;

  constructor(readonly tables: CrTables) {
    this.species = new Map(tables.species.map((s) => [s.id, s] as const));
    this.weapons = new Map(tables.weapons.map((s) => [s.id, s] as const));
    this.armour = new Map(tables.armour.map((s) => [s.id, s] as const));
    this.jewellery = new Map(tables.jewellery.map((s) => [s.id, s] as const));
    this.potions = new Map(tables.potions.map((s) => [s.id, s] as const));
    this.forms = new Map(tables.forms.map((s) => [s.id, s] as const));
    this.heroes = new Map(tables.heroes.map((s) => [s.id, s] as const));
    this.monsters = new Map(tables.monsters.map((s) => [s.id, s] as const));
  }

  private readonly sizedWeapons = new Map<string, CrWeapon>();

  /** A weapon as a torso of this size wields it (one object per weapon and size). */
  sized(w: CrWeapon, torso: number): CrWeapon {
    const key = `${w.id}/${torso}`;
    let out = this.sizedWeapons.get(key);
    if (!out) {
      const hands = handsFor(w, torso);
      out = hands === w.hands ? w : { ...w, hands };
      this.sizedWeapons.set(key, out);
    }
    return out;
  }

  monster(id: string): CrMonster {
    const m = this.monsters.get(id);
    if (!m) throw new Error(`unknown monster "${id}"`);
    return m;
  }

  /** The sheet of a hero preset. */
  sheetOf(h: CrHero, statSystem: StatSystem): HeroSheet {
    return { species: h.species, level: h.level, statSystem, str: h.str, int: h.int, dex: h.dex, skills: h.skills, mutations: h.mutations, weapon: h.weapon ?? null, armour: h.armour, jewellery: h.jewellery };
  }

  private readonly skillTables = new WeakMap<HeroSheet['skills'], Readonly<Record<CrSkill, number>>>();
  private readonly mutationTables = new WeakMap<HeroSheet['mutations'], Map<CrSpecies, Readonly<Record<CrMutation, number>>>>();

  /**
   * Every skill of a sheet's skills, absent ones at 0. A sheet's skills are replaced, never changed
   * in place (they are read-only), so the table is made once per skills object: a character is
   * built several times a turn.
   */
  private allSkills(known: HeroSheet['skills']): Readonly<Record<CrSkill, number>> {
    let out = this.skillTables.get(known);
    if (!out) {
      out = Object.fromEntries(ALL_SKILLS.map((s) => [s, known[s] ?? 0])) as Record<CrSkill, number>;
      this.skillTables.set(known, out);
    }
    return out;
  }

  /** Every mutation at the greater of the sheet's and the species' level, made once per mutations object and species. */
  private allMutations(known: HeroSheet['mutations'], species: CrSpecies): Readonly<Record<CrMutation, number>> {
    let bySpecies = this.mutationTables.get(known);
    if (!bySpecies) {
      bySpecies = new Map();
      this.mutationTables.set(known, bySpecies);
    }
    let out = bySpecies.get(species);
    if (!out) {
      out = Object.fromEntries(ALL_MUTATIONS.map((m) => [m, Math.max(known[m] ?? 0, species.mutations[m] ?? 0)])) as Record<CrMutation, number>;
      bySpecies.set(species, out);
    }
    return out;
  }

  /** The character: gear resolved, the form's changes and removals applied, might's +5 Str. */
  character(sheet: HeroSheet, form: CrFormId | null, effects: CrEffects, packMass: number): CrCharacter {
    const species = this.species.get(sheet.species);
    if (!species) throw new Error(`unknown species "${sheet.species}"`);
    const f = form ? (this.forms.get(form) ?? null) : null;
    const keeps = f?.keeps ?? 'everything';
    const weaponSpec = keeps === 'everything' || keeps === 'weapon' ? sheet.weapon : null;
    let weapon: CrWielded | null = null;
    if (weaponSpec) {
      const known = this.weapons.get(weaponSpec.item);
      if (!known) throw new Error(`unknown weapon "${weaponSpec.item}"`);
      // A Stone Soup weapon needs the hands its size asks of this wielder's torso.
      const def = known.fit ? this.sized(known, torsoOf(species, f)) : known;
      weapon = { def, plus: weaponSpec.plus ?? 0, plus2: weaponSpec.plus2 ?? 0, cursed: weaponSpec.cursed ?? false, ...(weaponSpec.brand ? { brand: weaponSpec.brand } : {}), ...(weaponSpec.race ? { race: weaponSpec.race } : {}) };
    }
    const armour: CrWorn[] = [];
    for (const a of sheet.armour) {
      const def = this.armour.get(a.item);
      if (!def) throw new Error(`unknown armour "${a.item}"`);
      if (keeps === 'nothing' || keeps === 'weapon') continue;
      if (keeps === 'armour-but-hands' && (def.slot === 'gloves' || def.slot === 'shield')) continue;
      armour.push({ def, plus: a.plus ?? 0, ...(a.race ? { race: a.race } : {}), ...(a.desc ? { desc: a.desc } : {}), ...(a.ego ? { ego: a.ego } : {}) });
    }
    const jewellery: CrRing[] = sheet.jewellery.map((r) => {
      const def = this.jewellery.get(r.item);
      if (!def) throw new Error(`unknown jewellery "${r.item}"`);
      return { def, plus: r.plus ?? 0, plus2: r.plus2 ?? 0 };
    });
    const gear: CrGear = { weapon, armour, jewellery, packMass: packMass + jewellery.reduce((n, r) => n + r.def.mass, 0) };
    const skills = this.allSkills(sheet.skills);
    const mutations = this.allMutations(sheet.mutations, species);
    return {
      species,
      level: sheet.level,
      statSystem: sheet.statSystem,
      str: sheet.str + (effects.might > 0 ? 5 : 0) + (f?.str ?? 0),
      int: sheet.int,
      dex: sheet.dex + (f?.dex ?? 0),
      skills,
      mutations,
      gear,
      form: f,
      effects,
    };
  }

  /** A short name for an item id. */
  nameOf(id: string): string {
    return this.weapons.get(id)?.name ?? this.armour.get(id)?.name ?? this.jewellery.get(id)?.name ?? this.potions.get(id)?.name ?? id;
  }
}

/** "+1,+2 hand axe" / "orcish hand axe of flaming". */
export function weaponName(w: CrWielded): string {
  const plus = w.plus !== 0 || w.plus2 !== 0 ? `${w.plus >= 0 ? '+' : ''}${w.plus},${w.plus2 >= 0 ? '+' : ''}${w.plus2} ` : '';
  return `${plus}${w.race ? `${w.race} ` : ''}${w.def.name}${w.brand ? ` of ${w.brand.replace('-', ' ')}` : ''}`;
}
