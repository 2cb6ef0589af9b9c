import type { Distribution } from '../../core/distribution.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { type AngStep, lawOfSteps, randint1, rollSteps } from './steps.js';
import { ANG_ALL_STATS, type AngAnyStat, type AngCondition, type AngDefences, type AngMonster, type AngProjection } from './types.js';

/**
 * What a projection (a monster's bolt, ball or breath) does to whoever it strikes, after
 * Angband 3.0.5's spells1.c: `project_p` (with acid_dam, elec_dam, fire_dam, cold_dam, minus_ac,
 * inven_damage, apply_nexus) against a hero and `project_m` against a monster.
 *
 * A duel's projection always strikes the foe at its centre, so project()'s distance `r` is 0 and
 * its `(dam + r) / (r + 1)` leaves the damage as it is; no step is written for it.
 * `projection_hit_player` is 3.0.5's script hook (script.c): with no script defining it, it
 * returns FALSE and changes nothing, so it is not modelled.
 *
 * The damage is a step list (the roll, its trace and its exact law from one definition); what the
 * projection does besides is drawn after it, in the game's order, and handed back as data
 * (`AngSideEffect`) for the ruleset to apply.
 */

export const SECTION_PROJECT_HERO = 'angband-3.0.5#project-p';
export const SECTION_PROJECT_MONSTER = 'angband-3.0.5#project-m';

/** project_p never lets one projection deal more than this to the hero. */
export const HERO_DAMAGE_CAP = 1600;

/** The hero's experience a drain takes, in per cent (defines.h MON_DRAIN_LIFE). */
export const MON_DRAIN_LIFE = 2;

/** The largest stun or confusion project_m leaves on a monster. */
export const MONSTER_CONDITION_CAP = 200;

/** What a projection does besides its damage, as data; listed in the order the game does it. */
export type AngSideEffect =
  /** set_x(x + add): the game's set_ functions decide what the new counter means (knock-outs, cut grades). */
  | { readonly kind: 'condition'; readonly condition: AngCondition; readonly add: number }
  /** The counter becomes `value` (project_m's stun and confusion, already capped at 200). */
  | { readonly kind: 'condition-set'; readonly condition: AngCondition; readonly value: number }
  /** lose_exp(amount); the ruleset works out the levels lost. */
  | { readonly kind: 'lose-exp'; readonly amount: number }
  /** Hold life's 75% save kept the hero's experience ("You keep hold of your life force!"). */
  | { readonly kind: 'kept-life' }
  /** The saving throw (rand_int(100) < skill_sav) stopped a nexus effect ("You resist the effects!"). */
  | { readonly kind: 'saved'; readonly against: 'teleport-level' | 'stat-swap' }
  /** stat_cur = stat_cur * 3 / 4, at least 3, for each stat (time; sustains do not protect). */
  | { readonly kind: 'stat-quarter'; readonly stats: readonly AngAnyStat[] }
  /** Nexus scrambles two different stats: their current and maximum values are swapped. */
  | { readonly kind: 'stat-swap'; readonly stats: readonly [AngAnyStat, AngAnyStat] }
  /** inven_damage(set_<element>_destroy, perc): each vulnerable pack item rolls rand_int(10000) < perc * 100 (a quarter for rods). */
  | { readonly kind: 'inventory'; readonly element: 'acid' | 'elec' | 'fire' | 'cold'; readonly perc: number }
  /** minus_ac found armour in this slot (1 body, 2 shield, 3 cloak, 4 gloves, 5 helm, 6 boots): its to_a drops by one unless it ignores acid. */
  | { readonly kind: 'minus-ac'; readonly slot: number }
  /** apply_disenchant(0): the ruleset draws its slot (randint(8)) and the rest, on the hero's equipment. */
  | { readonly kind: 'disenchant' }
  /** teleport_player(distance) for the hero, teleport_away(monster, distance) for a monster. */
  | { readonly kind: 'teleport'; readonly distance: number }
  /** teleport_player_to(the caster): the hero lands next to the monster that cast it. */
  | { readonly kind: 'teleport-to' }
  /** teleport_player_level(): there is no other level in a duel arena, so the ruleset treats this as nothing. */
  | { readonly kind: 'teleport-level' }
  /** project_m's polymorph passed its saving throw (randint(90) > level): poly_r_idx picks a new race; when it differs the damage is not dealt. */
  | { readonly kind: 'polymorph' }
  /** project_m wakes the monster it strikes (csleep = 0), after the effects above. */
  | { readonly kind: 'wake' };

/**
 * Which armour slots minus_ac finds armour in: `true` for all six, `false` for none, or bits
 * (bit k - 1 set when slot k of randint(6) holds armour with AC left: 1 body, 2 shield, 3 cloak,
 * 4 gloves, 5 helm, 6 boots). minus_ac draws its slot whenever acid_dam gets that far, covered or not.
 */
export type AcidArmour = boolean | number;

function coverBits(a: AcidArmour): number {
  if (a === true) return 0b111111;
  if (a === false) return 0;
  if (!Number.isInteger(a) || a < 0 || a > 0b111111) throw new RangeError(`acid armour: ${a} is not a set of six slot bits (0..63)`);
  return a;
}

const D6 = randint1(6);
const SLOT = randint1(6);

/** A step that changes the number without drawing, traced only when it does change it. */
function quiet(label: string, apply: (x: number) => number, reason: string): AngStep {
  return {
    label,
    die: () => NO_DIE,
    apply: (x) => apply(x),
    reason,
    trace: (t, x, _r, y) => {
      if (y !== x) t.mod(label, x, y, reason);
    },
  };
}

/** A step that always applies (an immunity, a resistance), traced as a change with its reason. */
function always(label: string, apply: (x: number) => number, reason: string): AngStep {
  return { label, die: () => NO_DIE, apply: (x) => apply(x), reason };
}

/** `dam *= mult; dam /= (randint(6) + 6);`: the random divisor drawn even when the damage is 0. */
function divisor(label: string, mult: number): AngStep {
  return { label, die: () => D6, apply: (x, r) => Math.trunc((x * mult) / (r + 6)), reason: `x ${mult} / (randint(6) + 6)` };
}

/** A resistance's third, rounding up: (dam + 2) / 3. */
function third(label: string): AngStep {
  return always(label, (x) => Math.trunc((x + 2) / 3), '(damage + 2) / 3');
}

/** A draw project_m makes before the damage changes (its do_conf, do_stun, do_dist); the number is unchanged. */
function preDraw(label: string, sides: number): AngStep {
  return { label, die: () => randint1(sides), apply: (x) => x, reason: 'drawn for an effect after the damage', trace: () => {} };
}

/** acid_dam, elec_dam, fire_dam, cold_dam: immunity, resistance and opposition (elec's in the other order), and acid's armour. */
function elementSteps(el: 'acid' | 'elec' | 'fire' | 'cold', d: AngDefences, cover: number): AngStep[] {
  if (d.immune.has(el)) return [always(`immune to ${el}`, () => 0, 'immunity: no damage')];
  const steps: AngStep[] = [];
  const resist = d.resist.has(el) ? third(`resist ${el}`) : null;
  const oppose = d.oppose.has(el) ? third(`temporary resist ${el}`) : null;
  for (const s of el === 'elec' ? [oppose, resist] : [resist, oppose]) if (s) steps.push(s);
  if (el === 'acid') {
    const halves = (slot: number): boolean => (cover & (1 << (slot - 1))) !== 0;
    steps.push({
      label: 'acid: armour slot (body, shield, cloak, gloves, helm, boots)',
      // acid_dam returns before minus_ac when the damage is 0.
      die: (x) => (x > 0 ? SLOT : NO_DIE),
      apply: (x, slot) => (x > 0 && halves(slot) ? Math.trunc((x + 1) / 2) : x),
      reason: 'armour takes the acid: (damage + 1) / 2',
      trace: (t, x, slot, y) => {
        if (x > 0 && halves(slot)) t.mod('armour takes the acid', x, y, '(damage + 1) / 2');
      },
    });
  }
  return steps;
}

/**
 * The damage steps a projection of type `gf` goes through against a hero with defences `d`,
 * from the raw damage: project_p's cap at 1600, then the type's immunity, resistances,
 * opposition, acid's armour (minus_ac's randint(6) slot, halving when `acidArmour` covers it) and
 * the random divisors. Roll with rollSteps(t, steps, raw), law with lawOfSteps(steps, rawLaw).
 */
export function heroDamageSteps(gf: AngProjection, d: AngDefences, acidArmour: AcidArmour): readonly AngStep[] {
  const steps: AngStep[] = [quiet('damage cap', (x) => Math.min(x, HERO_DAMAGE_CAP), `project_p caps damage at ${HERO_DAMAGE_CAP}`)];
  const r = d.resist;
  switch (gf) {
    case 'ACID':
    case 'ELEC':
    case 'FIRE':
    case 'COLD':
      steps.push(...elementSteps(gf.toLowerCase() as 'acid' | 'elec' | 'fire' | 'cold', d, coverBits(acidArmour)));
      break;
    case 'ICE':
      steps.push(...elementSteps('cold', d, 0));
      break;
    case 'POIS':
      if (r.has('poison')) steps.push(third('resist poison'));
      if (d.oppose.has('poison')) steps.push(third('temporary resist poison'));
      break;
    case 'NETHER':
      if (r.has('nethr')) steps.push(divisor('resist nether', 6));
      break;
    case 'CHAOS':
      if (r.has('chaos')) steps.push(divisor('resist chaos', 6));
      break;
    case 'SHARD':
      if (r.has('shard')) steps.push(divisor('resist shards', 6));
      break;
    case 'SOUND':
      if (r.has('sound')) steps.push(divisor('resist sound', 5));
      break;
    case 'CONFUSION':
      if (r.has('confu')) steps.push(divisor('resist confusion', 5));
      break;
    case 'DISENCHANT':
      if (r.has('disen')) steps.push(divisor('resist disenchantment', 6));
      break;
    case 'NEXUS':
      if (r.has('nexus')) steps.push(divisor('resist nexus', 6));
      break;
    case 'LITE':
      if (r.has('lite')) steps.push(divisor('resist light', 4));
      break;
    case 'DARK':
      if (r.has('dark')) steps.push(divisor('resist darkness', 4));
      break;
    case 'ARROW':
    case 'MISSILE':
    case 'MANA':
    case 'PLASMA':
    case 'WATER':
    case 'FORCE':
    case 'INERTIA':
    case 'TIME':
    case 'GRAVITY':
      // No defence changes their damage in 3.0.5.
      break;
  }
  return steps;
}

/** The exact law of the damage a projection deals a hero, from the raw damage's law. */
export function heroDamageLaw(gf: AngProjection, raw: number | Distribution, d: AngDefences, acidArmour: AcidArmour): Distribution {
  return lawOfSteps(heroDamageSteps(gf, d, acidArmour), raw);
}

/** rand_int(m): 0..m-1; Rand_div draws nothing when m <= 1. */
function randInt0(t: Tracer, m: number, label: string): number {
  return m <= 1 ? 0 : t.roll(0, m - 1, label);
}

/** randint(m) = rand_int(m) + 1: nothing drawn when m <= 1. */
function randInt1(t: Tracer, m: number, label: string): number {
  return m <= 1 ? 1 : t.roll(1, m, label);
}

function check(t: Tracer, label: string, lhs: number, op: '<' | '>', rhs: number): boolean {
  if (t.recording) return t.check(label, lhs, op, rhs);
  return op === '<' ? lhs < rhs : lhs > rhs;
}

/** inven_damage's percentage from the damage acid_dam and the like were given. */
export function inventoryPerc(dam: number): number {
  return dam < 30 ? 1 : dam < 60 ? 2 : 3;
}

/** The hero a projection strikes, as its side effects read it. */
export interface HeroTarget {
  readonly level: number;
  /** p_ptr->blind is set: light and darkness cannot blind further. */
  readonly blind: boolean;
  /** p_ptr->exp, the experience drains are worked out from. */
  readonly exp: number;
}

export interface HeroSideOptions {
  /** minus_ac's slot, when it found armour there (acid only): reported before the inventory damage. */
  readonly acidSlot?: number;
  /**
   * Called with each effect as soon as it is decided, before the next draw: effects whose
   * working draws on the ruleset's own state (inventory damage, disenchantment, teleports) then
   * draw in the game's order (ice's inventory damage comes before its cut and stun; gravity's
   * teleport before its slowness). The list returned holds the same effects.
   */
  readonly apply?: (e: AngSideEffect) => void;
}

/**
 * What a projection does to a hero besides the damage, drawn after it in the game's order.
 * `dam.raw` is the damage before project_p's steps (inventory damage reads it, capped, as
 * acid_dam does); `dam.dealt` the damage after them.
 */
export function heroSideEffects(
  t: Tracer,
  gf: AngProjection,
  dam: { readonly raw: number; readonly dealt: number },
  d: AngDefences,
  hero: HeroTarget,
  opts: HeroSideOptions = {},
): AngSideEffect[] {
  const out: AngSideEffect[] = [];
  const emit = (e: AngSideEffect): void => {
    out.push(e);
    opts.apply?.(e);
  };
  const add = (condition: AngCondition, n: number): void => emit({ kind: 'condition', condition, add: n });
  const r = d.resist;
  const dealt = dam.dealt;
  const entry = Math.min(dam.raw, HERO_DAMAGE_CAP);
  const element = (el: 'acid' | 'elec' | 'fire' | 'cold'): void => {
    if (d.immune.has(el) || entry <= 0) return;
    if (el === 'acid' && opts.acidSlot !== undefined) emit({ kind: 'minus-ac', slot: opts.acidSlot });
    emit({ kind: 'inventory', element: el, perc: inventoryPerc(entry) });
  };
  // Nether's and chaos's drain: hold life keeps it 75 times in 100, else drains less.
  const drain = (held: number, unheld: number): void => {
    if (d.holdLife) {
      if (check(t, 'hold life: rand_int(100) < 75', randInt0(t, 100, 'hold life'), '<', 75)) emit({ kind: 'kept-life' });
      else emit({ kind: 'lose-exp', amount: held + Math.trunc(hero.exp / 1000) * MON_DRAIN_LIFE });
    } else emit({ kind: 'lose-exp', amount: unheld + Math.trunc(hero.exp / 100) * MON_DRAIN_LIFE });
  };
  switch (gf) {
    case 'ACID':
    case 'ELEC':
    case 'FIRE':
    case 'COLD':
      element(gf.toLowerCase() as 'acid' | 'elec' | 'fire' | 'cold');
      break;
    case 'POIS':
      if (!(r.has('poison') || d.oppose.has('poison'))) add('poisoned', randInt0(t, dealt, 'poison: rand_int(damage)') + 10);
      break;
    case 'PLASMA':
      if (!r.has('sound')) add('stun', randInt1(t, dealt > 40 ? 35 : Math.trunc((dealt * 3) / 4) + 5, 'plasma stun'));
      break;
    case 'NETHER':
      if (!r.has('nethr')) drain(200, 200);
      break;
    case 'WATER':
      if (!r.has('sound')) add('stun', randInt1(t, 40, 'water stun: randint(40)'));
      if (!r.has('confu')) add('confused', randInt1(t, 5, 'water confusion: randint(5)') + 5);
      break;
    case 'CHAOS':
      if (!r.has('confu') && !r.has('chaos')) add('confused', randInt0(t, 20, 'chaos confusion: rand_int(20)') + 10);
      if (!r.has('chaos')) add('image', randInt1(t, 10, 'chaos hallucination: randint(10)'));
      if (!r.has('nethr') && !r.has('chaos')) drain(500, 5000);
      break;
    case 'SHARD':
      if (!r.has('shard')) add('cut', dealt);
      break;
    case 'SOUND':
      if (!r.has('sound')) add('stun', randInt1(t, dealt > 90 ? 35 : Math.trunc(dealt / 3) + 5, 'sound stun'));
      break;
    case 'CONFUSION':
      if (!r.has('confu')) add('confused', randInt1(t, 20, 'confusion: randint(20)') + 10);
      break;
    case 'DISENCHANT':
      if (!r.has('disen')) emit({ kind: 'disenchant' });
      break;
    case 'NEXUS':
      if (!r.has('nexus')) nexus(t, d, emit);
      break;
    case 'FORCE':
      if (!r.has('sound')) add('stun', randInt1(t, 20, 'force stun: randint(20)'));
      break;
    case 'INERTIA':
      add('slow', randInt0(t, 4, 'inertia: rand_int(4)') + 4);
      break;
    case 'LITE':
    case 'DARK':
      if (!r.has(gf === 'LITE' ? 'lite' : 'dark') && !hero.blind && !r.has('blind')) add('blind', randInt1(t, 5, 'blindness: randint(5)') + 2);
      break;
    case 'TIME':
      time(t, hero, emit);
      break;
    case 'GRAVITY':
      if (check(t, `gravity: randint(127) > level ${hero.level}`, randInt1(t, 127, 'gravity teleport'), '>', hero.level)) emit({ kind: 'teleport', distance: 5 });
      add('slow', randInt0(t, 4, 'gravity: rand_int(4)') + 4);
      if (!r.has('sound')) add('stun', randInt1(t, dealt > 90 ? 35 : Math.trunc(dealt / 3) + 5, 'gravity stun'));
      break;
    case 'ICE':
      element('cold');
      if (!r.has('shard')) {
        let cut = 0;
        for (let i = 0; i < 5; i++) cut += randInt1(t, 8, 'ice cut: damroll(5, 8)');
        add('cut', cut);
      }
      if (!r.has('sound')) add('stun', randInt1(t, 15, 'ice stun: randint(15)'));
      break;
    case 'ARROW':
    case 'MISSILE':
    case 'MANA':
      break;
  }
  return out;
}

/** apply_nexus: randint(7) picks a far teleport, a teleport to the caster, teleport level or a stat swap. */
function nexus(t: Tracer, d: AngDefences, emit: (e: AngSideEffect) => void): void {
  const k = randInt1(t, 7, 'nexus: randint(7)');
  if (k <= 3) emit({ kind: 'teleport', distance: 200 });
  else if (k <= 5) emit({ kind: 'teleport-to' });
  else {
    const against = k === 6 ? 'teleport-level' : 'stat-swap';
    if (check(t, `saving throw: rand_int(100) < ${d.savingThrow}`, randInt0(t, 100, 'nexus saving throw'), '<', d.savingThrow)) {
      emit({ kind: 'saved', against });
      return;
    }
    if (k === 6) {
      emit({ kind: 'teleport-level' });
      return;
    }
    const a = randInt0(t, 6, 'nexus: first stat rand_int(6)');
    let b = a;
    while (b === a) b = randInt0(t, 6, 'nexus: second stat rand_int(6)');
    emit({ kind: 'stat-swap', stats: [ANG_ALL_STATS[a] as AngAnyStat, ANG_ALL_STATS[b] as AngAnyStat] });
  }
}

/** GF_TIME's randint(10): 1-5 drain experience, 6-9 a quarter off one stat (randint(6)), 10 off all six. */
function time(t: Tracer, hero: HeroTarget, emit: (e: AngSideEffect) => void): void {
  const k = randInt1(t, 10, 'time: randint(10)');
  if (k <= 5) emit({ kind: 'lose-exp', amount: 100 + Math.trunc(hero.exp / 100) * MON_DRAIN_LIFE });
  else if (k <= 9) emit({ kind: 'stat-quarter', stats: [ANG_ALL_STATS[randInt1(t, 6, 'time: stat randint(6)') - 1] as AngAnyStat] });
  else emit({ kind: 'stat-quarter', stats: ANG_ALL_STATS });
}

/** A hero struck by a projection: the damage dealt and the effects, in the game's order. */
export interface Strike {
  readonly dealt: number;
  readonly effects: AngSideEffect[];
}

/** project_p in full: the damage steps, then the side effects (see heroSideEffects for `apply`). */
export function projectHero(
  t: Tracer,
  gf: AngProjection,
  raw: number,
  d: AngDefences,
  acidArmour: AcidArmour,
  hero: HeroTarget,
  apply?: (e: AngSideEffect) => void,
): Strike {
  const steps = heroDamageSteps(gf, d, acidArmour);
  const draws: number[] = [];
  const dealt = rollSteps(t, steps, raw, draws);
  let acidSlot: number | undefined;
  if (gf === 'ACID' && !d.immune.has('acid')) {
    const slot = draws[steps.length - 1] ?? 0;
    if (slot > 0 && (coverBits(acidArmour) & (1 << (slot - 1))) !== 0) acidSlot = slot;
  }
  const effects = heroSideEffects(t, gf, { raw, dealt }, d, hero, { ...(acidSlot !== undefined ? { acidSlot } : {}), ...(apply ? { apply } : {}) });
  return { dealt, effects };
}

/**
 * A monster struck by a projection, as project_m reads it. `flags` holds the race's flags and
 * its spells both, lower-case kebab-case of the game's names ('im-fire', 'undead', 'br-neth'):
 * project_m's resistances are mostly its breaths. 3.0.5's project_m does not read RES_NETH
 * (nether is resisted by UNDEAD, BR_NETH and EVIL) nor NO_STUN, so neither changes anything here.
 */
export interface MonsterTarget {
  readonly flags: ReadonlySet<string>;
  readonly level: number;
  readonly unique: boolean;
}

/** A race as project_m reads it: its flags and its spells in one set, its level, whether it is unique. */
export function monsterTarget(m: AngMonster): MonsterTarget {
  return { flags: new Set<string>([...m.flags, ...m.spells]), level: m.level, unique: m.flags.includes('unique') };
}

/** The monster's state project_m's effects read. */
export interface MonsterState extends MonsterTarget {
  readonly hp: number;
  /** The stun and confusion counters it has now (0 for none). */
  readonly stunned: number;
  readonly confused: number;
}

/** The draw project_m makes for an effect before the damage changes: its sides, or 0 for none. */
function preDrawSides(gf: AngProjection): number {
  switch (gf) {
    case 'CHAOS':
      return 11;
    case 'SOUND':
    case 'CONFUSION':
    case 'FORCE':
    case 'ICE':
      return 15;
    case 'GRAVITY':
      return 127;
    default:
      return 0;
  }
}

/**
 * The damage steps of project_m against a monster (no cap: that is project_p's). The draw some
 * types make first for their effect (chaos's randint(11) confusion, sound's, confusion's,
 * force's and ice's randint(15), gravity's randint(127) teleport) is a step of its own that
 * leaves the number as it is, so the draws keep the game's order; its draw is what
 * monsterSideEffects reads as `preDraw`. With `hpCap` (a unique struck by a monster's
 * projection: "uniques may only be killed by the player"), the damage is cut to its hit points.
 */
export function monsterDamageSteps(gf: AngProjection, m: MonsterTarget, hpCap?: number): readonly AngStep[] {
  const f = m.flags;
  const steps: AngStep[] = [];
  const sides = preDrawSides(gf);
  if (sides > 0) steps.push(preDraw(`${gf.toLowerCase()} effect: randint(${sides})`, sides));
  const ninth = (flag: string): void => {
    if (f.has(flag)) steps.push(always(flag, (x) => Math.trunc(x / 9), 'resists a lot: damage / 9'));
  };
  switch (gf) {
    case 'ACID':
    case 'ELEC':
    case 'FIRE':
    case 'COLD':
    case 'POIS':
      ninth(`im-${gf.toLowerCase()}`);
      break;
    case 'ICE':
      ninth('im-cold');
      break;
    case 'PLASMA':
      if (f.has('res-plas')) steps.push(divisor('res-plas', 3));
      break;
    case 'NETHER':
      if (f.has('undead')) steps.push(always('undead', () => 0, 'immune to nether'));
      else if (f.has('br-neth')) steps.push(divisor('br-neth', 3));
      else if (f.has('evil')) steps.push(always('evil', (x) => Math.trunc(x / 2), 'resists somewhat: damage / 2'));
      break;
    case 'WATER':
      if (f.has('im-water')) steps.push(always('im-water', () => 0, 'immune to water'));
      break;
    case 'CHAOS':
      if (f.has('br-chao')) steps.push(divisor('br-chao', 3));
      break;
    case 'SHARD':
      if (f.has('br-shar')) steps.push(divisor('br-shar', 3));
      break;
    case 'SOUND':
      if (f.has('br-soun')) steps.push(divisor('br-soun', 2));
      break;
    case 'CONFUSION':
      if (f.has('br-conf')) steps.push(divisor('br-conf', 2));
      else if (f.has('no-conf')) steps.push(always('no-conf', (x) => Math.trunc(x / 2), 'resists somewhat: damage / 2'));
      break;
    case 'DISENCHANT':
      if (f.has('res-dise')) steps.push(divisor('res-dise', 3));
      break;
    case 'NEXUS':
      if (f.has('res-nexus')) steps.push(divisor('res-nexus', 3));
      break;
    case 'FORCE':
      if (f.has('br-wall')) steps.push(divisor('br-wall', 3));
      break;
    case 'INERTIA':
      if (f.has('br-iner')) steps.push(divisor('br-iner', 3));
      break;
    case 'TIME':
      if (f.has('br-time')) steps.push(divisor('br-time', 3));
      break;
    case 'GRAVITY':
      if (f.has('br-grav')) steps.push(divisor('br-grav', 3));
      break;
    case 'LITE':
      if (f.has('br-lite')) steps.push(divisor('br-lite', 2));
      else if (f.has('hurt-lite')) steps.push(always('hurt-lite', (x) => x * 2, 'hurt by light: damage x 2'));
      break;
    case 'DARK':
      if (f.has('br-dark')) steps.push(divisor('br-dark', 2));
      break;
    case 'ARROW':
    case 'MISSILE':
    case 'MANA':
      break;
  }
  if (m.unique && hpCap !== undefined) {
    const cap = hpCap;
    steps.push(quiet('unique', (x) => Math.min(x, cap), `a unique dies only to the player: at most its ${cap} hit points`));
  }
  return steps;
}

/** The exact law of the damage a projection deals a monster. */
export function monsterDamageLaw(gf: AngProjection, raw: number | Distribution, m: MonsterTarget, hpCap?: number): Distribution {
  return lawOfSteps(monsterDamageSteps(gf, m, hpCap), raw);
}

/** Whether project_m draws for an effect before the damage (see monsterDamageSteps). */
export function monsterPreDraws(gf: AngProjection): boolean {
  return preDrawSides(gf) > 0;
}

/**
 * What project_m does to a monster besides the damage. `preDraw` is the draw the damage steps
 * made first for this type (monsterPreDraws). At most one of polymorph, teleport, stun and
 * confusion happens, in that order of precedence, and none when the damage kills it
 * (`dealt > hp`); the polymorph saving throw (randint(90) > level) is the only draw here.
 */
export function monsterSideEffects(t: Tracer, gf: AngProjection, dealt: number, m: MonsterState, preDraw?: number): AngSideEffect[] {
  const f = m.flags;
  const sides = preDrawSides(gf);
  if (sides > 0 && (preDraw === undefined || !Number.isInteger(preDraw) || preDraw < 1 || preDraw > sides)) {
    throw new RangeError(`${gf} against a monster: its effect draw randint(${sides}) must be given (got ${String(preDraw)})`);
  }
  const k = preDraw ?? 0;
  let poly = false;
  let dist = 0;
  let stun = 0;
  let conf = 0;
  switch (gf) {
    case 'CHAOS':
      poly = !f.has('br-chao') && !m.unique;
      conf = 5 + k;
      break;
    case 'SOUND':
      stun = 10 + k;
      break;
    case 'CONFUSION':
      conf = 10 + k;
      break;
    case 'FORCE':
      stun = k;
      break;
    case 'ICE':
      stun = k + 1;
      break;
    case 'GRAVITY':
      if (k > m.level && !f.has('br-grav')) dist = 10;
      break;
    default:
      break;
  }
  const out: AngSideEffect[] = [];
  const raise = (now: number, by: number): number => Math.min(MONSTER_CONDITION_CAP, now ? now + Math.trunc(by / 2) : by);
  if (dealt > m.hp) {
    // It dies: project_m applies nothing else.
  } else if (poly && check(t, `polymorph: randint(90) > level ${m.level}`, randInt1(t, 90, 'polymorph saving throw'), '>', m.level)) {
    out.push({ kind: 'polymorph' });
  } else if (dist) {
    out.push({ kind: 'teleport', distance: dist });
  } else if (stun && !f.has('br-soun') && !f.has('br-wall')) {
    out.push({ kind: 'condition-set', condition: 'stun', value: raise(m.stunned, stun) });
  } else if (conf && !f.has('no-conf') && !f.has('br-conf') && !f.has('br-chao')) {
    out.push({ kind: 'condition-set', condition: 'confused', value: raise(m.confused, conf) });
  }
  out.push({ kind: 'wake' });
  return out;
}

/**
 * project_m in full, for a projection one monster casts at another: the damage (with a unique's
 * cap at its hit points, since the caster is a monster), then the effects.
 */
export function projectMonster(t: Tracer, gf: AngProjection, raw: number, m: MonsterState): Strike {
  const steps = monsterDamageSteps(gf, m, m.hp);
  const draws: number[] = [];
  const dealt = rollSteps(t, steps, raw, draws);
  const effects = monsterSideEffects(t, gf, dealt, m, monsterPreDraws(gf) ? draws[0] : undefined);
  return { dealt, effects };
}
