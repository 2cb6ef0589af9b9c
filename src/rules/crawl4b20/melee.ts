import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import {
  type CrCharacter,
  type CrWielded,
  actionTime,
  armed,
  burden,
  damStat,
  has,
  hitStat,
  mighty,
  seesInvisible,
  shieldOf,
  slaying,
  slot,
  starving,
  strWeight,
  swimming,
  wearing,
} from '../crawl-family/character.js';
import { CR_DIVERGENCES, type CrDivergenceId } from './divergences.js';
import { type Die, type Step, NO_DIE, customDie, runSteps, step, stepsLaw } from '../../core/rule.js';
import { COIN, avgDie, die, limitDie, sumDie } from '../crawl-family/dice.js';
import { bernoulli, chance, coin, div, drr, drrLaw, oneIn, oneInChance, r2, r2Law } from '../crawl-family/random.js';
import type { CrHoliness } from '../crawl-family/types.js';
import { ssEd } from '../stonesoup052/divergences.js';
import { type MonsterShield, monsterBlockChance } from '../stonesoup052/defence.js';
import type { AuxTarget } from './aux.js';
import {
  type StabCategory,
  type StabTarget,
  type StabWeapon,
  SECTION_STAB as SS_SECTION_STAB,
  codeStabDamage,
  seedMultiplier,
  shortBladeBonus,
  stabCategoryOf,
  stabChanceOf,
  stabRoll,
} from '../stonesoup052/stab.js';

/** Which game's rules an attack follows: Crawl 4.00 beta 20, or Stone Soup 0.5.2 (its stabs, hit test and damage roll). */
export type CrGame = 'b20' | 'ss';

/**
 * The hero's main attack (fight.cc you_attack, seed sections 1-4): heavy armour, the second-
 * attack gate, the hand-and-a-half bonus, the to-hit pipeline and the hit test against EV, the
 * damage pipeline (stat multiplier, skills, might, starving, pluses, racial bonuses, stab, AC)
 * and the weapon's brand. Each piece rolls through the tracer and has its exact law.
 */

export const SECTION_STATS = 'crawl-4.0b20#1-stat-systems';
export const SECTION_HEAVY = 'crawl-4.0b20#2.3-heavy-armour';
export const SECTION_GATE = 'crawl-4.0b20#2.4-unarmed-attacks';
export const SECTION_TO_HIT = 'crawl-4.0b20#4.1-regular-attack';
export const SECTION_DAMAGE = 'crawl-4.0b20#3.1-damage';
export const SECTION_BARE = 'crawl-4.0b20#3.2-bare-hands';
export const SECTION_STAB = 'crawl-4.0b20#stabbing';
export const SECTION_BRAND = 'crawl-4.0b20#3.1l-special-powers';
export const SECTION_TIME = 'crawl-4.0b20#attack-time';

const ed = (id: CrDivergenceId, edition: Edition): { id: string; text: string } => {
  const d = CR_DIVERGENCES[id];
  return { id, text: edition === 'source' ? d.source : d.spoiler };
};

/** A monster as the hero's attack sees it. */
export interface CrTarget {
  readonly name: string;
  readonly ev: number;
  readonly ac: number;
  readonly hd: number;
  readonly holiness: CrHoliness;
  readonly resists: readonly string[];
  readonly vulnerable: readonly string[];
  readonly flies: boolean;
  /** Lives in deep water (no water bonus against it). */
  readonly waterCreature: boolean;
  readonly inWater: boolean;
  readonly orc: boolean;
  /** The hero sees it (no stab on what you cannot see). */
  readonly visible: boolean;
  /** Its state for stabbing: asleep; its foe is not the hero; confused; fleeing; or none of these. */
  readonly state: 'sleeping' | 'unaware' | 'confused' | 'fleeing' | 'alert';
  /** Its energy is 60 or less (source: the helpless clause of the hit test). */
  readonly lowEnergy: boolean;
  /** Gives no experience (plants and the like): never stabbed. */
  readonly noExp: boolean;
  /** Stone Soup: the states its stab and hit rules read. */
  readonly ss?: StabTarget;
  /** Stone Soup: its shield, while it can block (not asleep, paralysed, petrified, confused or netted). */
  readonly shield?: MonsterShield | null;
  /** Stone Soup: its body size, 0 tiny to 7 huge (a net divides its EV by size + 2). */
  readonly size?: number;
  /** Stone Soup: a vampire wants its blood (a natural monster with blood). */
  readonly blood?: boolean;
}

/** Everything about one main attack that does not depend on a roll. */
export interface MainPlan {
  readonly edition: Edition;
  readonly game: CrGame;
  /** Stone Soup: the stab category, its roll, the weapon's stab class; and the hit test's helpless clause. */
  readonly ssStab: { readonly cat: StabCategory | null; readonly roll: { num: number; den: number; text: string } | null; readonly weapon: StabWeapon } | null;
  readonly ssHelpless: 'helpless' | 'petrifying' | null;
  /** Stone Soup: the monster's shield, tried after a hit. */
  readonly monsterShield: MonsterShield | null;
  readonly label: string;
  readonly weapon: CrWielded | null;
  readonly shield: 'buckler' | 'shield' | 'large-shield' | null;
  readonly largeFrame: boolean;
  readonly shieldSkill: number;
  readonly armourSkill: number;
  readonly evPenalty: number;
  readonly unencumbered: boolean;
  readonly unarmedSkill: number;
  /** Every condition of the hand-and-a-half bonus except the gate's. */
  readonly hhEligible: boolean;
  /** Dex, when a non-swimmer in water may fumble (source). */
  readonly fumbleDex: number | null;
  readonly waterAttack: boolean;
  readonly toHitBase: number;
  readonly toHitParts: readonly string[];
  readonly toHitSteps: readonly Step[];
  readonly postRollSteps: readonly Step[];
  /** Air form: the to-hit is 0 whatever else. */
  readonly air: boolean;
  readonly damageBase: number;
  readonly damageBaseText: string;
  readonly damageSteps: (hh: boolean, stab: number) => readonly Step[];
  readonly brand: CrBrandInfo | null;
  readonly ev: number;
  readonly lowEnergy: boolean;
  readonly stabbing: number;
  readonly dex: number;
  readonly stabState: CrTarget['state'];
  readonly stabVisible: boolean;
  readonly noExp: boolean;
  readonly hitStat: number;
  readonly damStat: number;
  readonly weight: number | null;
}

export interface CrBrandInfo {
  readonly brand: string;
  readonly target: CrTarget;
  readonly necromancy: number;
}

/** The latent draws before the attack: heavy armour, the gate, the hand-and-a-half bonus, unarmed speed. */
export interface Latent {
  readonly p: Fraction;
  readonly heavy: number;
  readonly gate: boolean;
  readonly hh: boolean;
  /** Unarmed and quick (one_chance_in(heavy + 1)); null when not rolled. */
  readonly fast: boolean | null;
}

export function planMain(c: CrCharacter, target: CrTarget, edition: Edition, game: CrGame = 'b20'): MainPlan {
  const src = edition === 'source';
  const ss = game === 'ss' ? target.ss : undefined;
  const w = armed(c);
  const sh = shieldOf(c);
  const body = slot(c, 'body');
  const burdenState = burden(c).state;
  const F = c.skills.fighting;
  const U = c.skills['unarmed-combat'];
  const slay = slaying(c);
  const inWater = c.effects.inWater;
  const swim = swimming(c);
  const waterAttack = swim && !target.waterCreature && target.inWater && !target.flies;
  const hs = hitStat(c, edition);
  const ds = damStat(c, edition);
  const weight = c.statSystem === 'new' ? strWeight(c, edition) : null;
  const hhEligible = !sh && w !== null && !w.cursed && w.def.hands === 'one-or-two' && (src || burdenState === 0);

  // The to-hit before the roll (4.1 a-i).
  const parts: string[] = [`15 + ${c.statSystem === 'classic' ? 'Dex' : 'accuracy stat'} ${hs} / 2`];
  let base = 15 + div(hs, 2);
  if (waterAttack) {
    base += 5;
    parts.push('+5 swimming against a monster in water');
  }
  if (wearing(c, 'inaccuracy')) {
    base -= 5;
    parts.push('-5 amulet of inaccuracy');
  }
  if (c.effects.invisible > 0 && !seesInvisible(c)) {
    base -= 5;
    parts.push('-5 invisible (cannot see yourself)');
  }
  if (!w) {
    const bonus = src ? (has(c, 'troll') || has(c, 'ghoul') ? 4 : 2) : has(c, 'troll') ? 4 : has(c, 'ghoul') ? 2 : 0;
    if (bonus) parts.push(`+${bonus} unarmed (${has(c, 'troll') ? 'troll' : has(c, 'ghoul') ? 'ghoul' : 'everyone'})`);
    base += bonus;
  } else {
    base += w.plus + w.def.accuracy;
    parts.push(`${sign(w.plus)} weapon plus, ${sign(w.def.accuracy)} ${w.def.name} accuracy`);
  }
  if (slay.hit) {
    base += slay.hit;
    parts.push(`${sign(slay.hit)} slaying`);
  }
  if (starving(c) && src) {
    base -= 3;
    parts.push('-3 starving');
  }
  const oneShort = (n: number): Die => die(src ? n + 1 : n);
  const d3 = ed('d3-dice-one-short', edition);
  const toHitSteps: Step[] = [step('fighting', oneShort(F), (x, r) => x + r, `+ random2(${src ? `1 + fighting ${F}` : `fighting ${F}`})`, d3)];
  if (w) {
    const sk = c.skills[w.def.skill];
    toHitSteps.push(step(`${w.def.skill} skill`, oneShort(sk), (x, r) => x + r, `+ random2(${src ? `1 + skill ${sk}` : `skill ${sk}`})`, d3));
    if (w.race === 'elven' && has(c, 'elf')) toHitSteps.push(step('elven weapon', COIN, (x, r) => x + (r ? 2 : 1), '+2 or +1 (coinflip)'));
  } else toHitSteps.push(step('unarmed combat', oneShort(U), (x, r) => x + r, `+ random2(${src ? `1 + unarmed ${U}` : `unarmed ${U}`})`, d3));

  // After the roll (4.1 k-m).
  const post: Step[] = [];
  if (w && w.def.skill === 'short-blades' && c.effects.sureBlade > 0) {
    const sb = c.effects.sureBlade;
    post.push(
      src
        ? step('sure blade', limitDie(sb, 10), (x, r) => x + 5 + r, `+ 5 + random2limit(${sb}, 10)`, ed('d6-sure-blade', edition))
        : step('sure blade', die(sb), (_x, r) => 5 + Math.min(r, 10), `becomes 5 + min(random2(${sb}), 10)`, ed('d6-sure-blade', edition)),
    );
  }
  const form = c.form;
  if (!w) {
    if (c.effects.confusingTouch > 0) post.push(step('confusing touch', die(c.dex), (x, r) => x + r, `+ random2(Dex ${c.dex})`));
    if (form && form.id !== 'air' && form.toHit > 0) post.push(step(`${form.name} form`, die(form.toHit), (x, r) => x + r, `+ random2(${form.toHit})`));
  }
  const air = !w && form?.id === 'air';

  // Base damage (3.1 a, 3.2 a-e).
  let dmgBase: number;
  let dmgText: string;
  if (w) {
    dmgBase = w.def.damage;
    dmgText = `${w.def.name} ${w.def.damage}`;
  } else {
    dmgBase = c.effects.confusingTouch > 0 ? 0 : 3;
    dmgText = c.effects.confusingTouch > 0 ? 'touch 0 (confusing touch)' : 'bare hands 3';
    if (form) {
      const fd = form.damage;
      dmgBase = fd.base + (fd.strDiv ? div(c.str, fd.strDiv) : 0) + (fd.dexDiv ? div(c.dex, fd.dexDiv) : 0);
      dmgText = `${form.name} form ${dmgBase}`;
    } else {
      const gloves = slot(c, 'gloves') !== undefined;
      if (src ? !gloves : gloves) {
        const claw = (has(c, 'troll') ? 5 : has(c, 'ghoul') ? 2 : 0) + c.mutations.claws * 2;
        if (claw) {
          dmgBase += claw;
          dmgText += ` + ${claw} claws (${src ? 'no gloves' : 'gloves'})`;
        }
      }
    }
    dmgBase += U;
    dmgText += ` + unarmed ${U}`;
  }

  const damageSteps = (hh: boolean, stab: number): Step[] => {
    const steps: Step[] = [];
    if (waterAttack && (src || !w)) {
      steps.push(
        src
          ? step('swimming', avgDie(10, 2), (x, r) => x + r, '+ random2avg(10, 2)', ed('merfolk-water', edition))
          : step('swimming', sumDie(10, 2), (x, r) => x + div(r, 2), '+ (1d10 + 1d10) / 2', ed('merfolk-water', edition)),
      );
    }
    steps.push(dammodStep(ds, edition));
    if (slay.dam) steps.push(step('slaying', NO_DIE, (x) => x + slay.dam, `${sign(slay.dam)} slaying`));
    steps.push(step('randomise', (x) => die(x), (_x, r) => r, 'random2(damage)'));
    if (ss && src) steps.push(step('one in 3', (x) => (x > 0 ? ONE_IN_THREE : NO_DIE), (x, r) => x + r, '+ 1 on one_chance_in(3)'));
    if (w) {
      const sk = c.skills[w.def.skill];
      steps.push(step('weapon skill', oneShort(sk), (x, r) => div(x * (25 + r), 25), `x (25 + random2(${src ? `${sk} + 1` : sk})) / 25`, d3));
    }
    steps.push(step('fighting', oneShort(F), (x, r) => div(x * (30 + r), 30), `x (30 + random2(${src ? `${F} + 1` : F})) / 30`, d3));
    if (mighty(c)) steps.push(step('mighty', die(10), (x, r) => x + 1 + r, '+ 1 + random2(10)'));
    if (starving(c)) steps.push(step('starving', die(5), (x, r) => x - r, '- random2(5)'));
    if (w) {
      const p = w.plus2;
      if (p >= 0) steps.push(step('weapon plus', oneShort(p), (x, r) => x + r, `+ random2(${src ? `1 + ${p}` : p})`, d3));
      else if (ss && src) steps.push(step('weapon minus', die(-p), (x, r) => x - 1 - r, `- (1 + random2(${-p}))`));
      else steps.push(step('weapon plus', NO_DIE, (x) => x + p, `${p}`));
      if (hh) steps.push(step('hand-and-a-half', die(3), (x, r) => x + r, '+ random2(3)'));
      if (w.race === 'dwarven' && has(c, 'dwarf')) steps.push(step('dwarven weapon', die(3), (x, r) => x + r, '+ random2(3)'));
      if (w.race === 'orcish' && has(c, 'hill-orc')) steps.push(step('orcish weapon', COIN, (x, r) => x + r, '+1 on a coinflip'));
    }
    const S = c.skills.stabbing;
    if (ss) {
      steps.push(...ssStabAndAcSteps(c, target, edition, stab, w?.def.id === 'dagger', ssWeapon));
      return steps;
    }
    if (stab > 0) {
      steps.push(step('stab: at least 1', NO_DIE, (x) => Math.max(x, 1), 'damage of at least 1 to work with'));
      const skill = w ? w.def.skill : 'unarmed-combat';
      if (skill === 'short-blades' && w?.def.id === 'dagger') {
        const bonus = Math.min(div(c.dex, 3), S + 1);
        steps.push(step('stab: dagger', NO_DIE, (x) => x + bonus, `+ min(Dex / 3, stabbing + 1) = ${bonus}`));
      }
      if (skill === 'short-blades' || skill === 'long-blades') {
        const k = div(S, stab + (skill === 'short-blades' ? 0 : 1));
        steps.push(step('stab: blade', NO_DIE, (x) => div(x * (10 + k), 10), `x (10 + ${k}) / 10`));
      }
      const k2 = div(S, stab);
      steps.push(step('stab', NO_DIE, (x) => div(x * (12 + k2), 12), `x (12 + stabbing ${S} / ${stab}) / 12`));
      if (target.ac > 0) {
        const k = div(S, stab);
        const ac = target.ac;
        const law = r2Law(k).then((r) => (ac - r > 0 ? r2Law(1 + ac - r) : Distribution.constant(0)));
        const roll = (t: Tracer): number => {
          const left = ac - r2(t, k, `stab: armour pierced, random2(${k})`);
          return left > 0 ? r2(t, 1 + left, `stab: random2(1 + AC left ${left})`) : 0;
        };
        steps.push(step('monster AC (stab)', customDie(`AC ${ac} less random2(${k}), then random2(1 + what is left)`, roll, () => law), (x, r) => x - r, 'armour partly pierced'));
      }
    } else if (target.ac > 0) {
      steps.push(step('monster AC', oneShort(target.ac), (x, r) => x - r, `- random2(${src ? `1 + AC ${target.ac}` : `AC ${target.ac}`})`, d3));
    }
    steps.push(step('no negative damage', NO_DIE, (x) => Math.max(0, x), 'below 0 is 0'));
    return steps;
  };

  const ssWeapon: StabWeapon = w?.def.skill === 'short-blades' ? 'short' : w?.def.skill === 'long-blades' ? 'long' : 'other';
  let ssStab: MainPlan['ssStab'] = null;
  let ssHelpless: MainPlan['ssHelpless'] = null;
  let ev = target.ev;
  if (ss) {
    const cat = target.noExp || !target.visible ? null : stabCategoryOf(ss, edition);
    ssStab = { cat, roll: cat?.roll ? stabRoll(c.skills.stabbing, c.dex, cat, ss.sensesInvisible, edition) : null, weapon: ssWeapon };
    if (src) {
      if (ss.sleeping || ss.paralysed || (ss.petrified && !ss.petrifying)) ssHelpless = 'helpless';
      else if (ss.petrifying) ssHelpless = 'petrifying';
      // monsters::melee_evasion: none asleep or paralysed; netted / (size + 2); confused / 2.
      if (ss.sleeping || ss.paralysed) ev = 0;
      else if (ss.netted) ev = div(ev, (target.size ?? 3) + 2);
      else if (ss.confused) ev = div(ev, 2);
    } else if (ss.sleeping || ss.paralysed || ss.petrified) ssHelpless = 'helpless';
  }
  const brandName = w ? w.brand : !w && (form?.brand ?? (c.effects.confusingTouch > 0 ? 'confuse' : undefined));
  // Confusing touch's CONFUSE gives way to a form's own brand (spider, ice beast, lich).
  const brand: CrBrandInfo | null = brandName && brandName !== 'speed' && brandName !== 'protection' ? { brand: brandName, target, necromancy: c.skills.necromancy } : null;

  return {
    edition,
    game,
    ssStab,
    ssHelpless,
    monsterShield: ss ? (target.shield ?? null) : null,
    label: w ? w.def.name : form ? `${form.name} form` : 'bare hands',
    weapon: w,
    shield: sh?.def.shield ?? null,
    largeFrame: has(c, 'large-frame'),
    shieldSkill: c.skills.shields,
    armourSkill: c.skills.armour,
    evPenalty: body?.def.evPenalty ?? 0,
    unencumbered: burdenState === 0,
    unarmedSkill: U,
    hhEligible,
    fumbleDex: src && inWater && !swim ? c.dex : null,
    waterAttack,
    toHitBase: base,
    toHitParts: parts,
    toHitSteps,
    postRollSteps: post,
    air,
    damageBase: dmgBase,
    damageBaseText: dmgText,
    damageSteps,
    brand,
    ev,
    lowEnergy: target.lowEnergy,
    stabbing: c.skills.stabbing,
    dex: c.dex,
    stabState: target.state,
    stabVisible: target.visible,
    noExp: target.noExp,
    hitStat: hs,
    damStat: ds,
    weight,
  };
}

const sign = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

/**
 * The stat multiplier on the base damage (1.2.1; divergence d1-damage-multiplier), as one
 * step: base x dammod / 78.
 */
export function dammodStep(s: number, edition: Edition): Step {
  const e = ed('d1-damage-multiplier', edition);
  if (edition === 'source') {
    if (s > 11) return step('stat multiplier', die(s - 11), (x, r) => div(x * (78 + 2 * r), 78), `x (78 + 2 x random2(${s} - 11)) / 78`, e);
    if (s < 9) return step('stat multiplier', die(9 - s), (x, r) => div(x * (78 - 3 * r), 78), `x (78 - 3 x random2(9 - ${s})) / 78`, e);
    return step('stat multiplier', NO_DIE, (x) => x, `stat ${s} in 9..11: x 78 / 78`, e);
  }
  if (s > 11) return step('stat multiplier', die(s), (x, r) => div(x * (78 + 2 * (r - 11)), 78), `x (78 + (1d${s} - 11) x 2) / 78`, e);
  if (s < 9) return step('stat multiplier', die(9 - s), (x, r) => div(x * (78 - 3 * r), 78), `x (78 - 1d(9 - ${s}) x 3) / 78`, e);
  return step('stat multiplier', NO_DIE, (x) => div(x * (78 + s), 78), `stat ${s} in 9..11: x (78 + ${s}) / 78`, e);
}

// --- Heavy armour, the gate and the hand-and-a-half bonus ------------------------------------

/** Rolls heavy armour (2.3). */
export function rollHeavy(t: Tracer, p: MainPlan): number {
  let h = 0;
  const s = p.shieldSkill;
  if (p.shield === 'shield' && s < r2(t, 7, 'shield: random2(7)')) h += 1;
  if (p.shield === 'large-shield') {
    if (p.largeFrame) {
      if (s < r2(t, 13, 'large shield: random2(13)')) h += 1;
    } else {
      for (let i = 0; i < 3; i++) {
        if (s < r2(t, 13, 'large shield: random2(13)')) h += p.edition === 'source' ? r2(t, 3, 'large shield: random2(3)') : 1;
      }
    }
  }
  const pen = -p.evPenalty;
  if (pen > 0 && r2(t, p.armourSkill, `body armour: random2(armour ${p.armourSkill})`) < pen) h += r2(t, pen, `body armour: random2(${pen})`);
  if (!p.weapon) h *= coin(t, 'bare hands: x3 or x2') ? 3 : 2;
  return h;
}

export function heavyLaw(p: MainPlan): Distribution {
  const s = p.shieldSkill;
  let h = Distribution.constant(0);
  if (p.shield === 'shield') h = h.plus(bernoulli(Fraction.of(Math.max(0, 6 - s), 7)));
  if (p.shield === 'large-shield') {
    const fail = Fraction.of(Math.max(0, 12 - s), 13);
    if (p.largeFrame) h = h.plus(bernoulli(fail));
    else {
      const one = p.edition === 'source' ? bernoulli(fail).then((f) => (f ? r2Law(3) : Distribution.constant(0))) : bernoulli(fail);
      h = h.plus(one).plus(one).plus(one);
    }
  }
  const pen = -p.evPenalty;
  if (pen > 0) {
    const pr = chance(r2Law(p.armourSkill), (v) => v < pen);
    h = h.plus(bernoulli(pr).then((f) => (f ? r2Law(pen) : Distribution.constant(0))));
  }
  if (!p.weapon) h = h.then((x) => Distribution.uniform(0, 1).map((c) => x * (c ? 3 : 2)));
  return h;
}

/** P(random2(20) < unarmed). */
const d20Chance = (u: number): Fraction => Fraction.of(Math.min(Math.max(u, 0), 20), 20);

/** P(random2(n) < 2): the heavy-armour half of the gate. */
function lightEnough(p: MainPlan, h: number): Fraction {
  const n = p.edition === 'source' ? 1 + h : h;
  return n <= 2 ? Fraction.ONE : Fraction.of(2, n);
}

/**
 * Rolls the gate (2.4) and settles the hand-and-a-half bonus. In `source` the bonus needs the
 * gate to have failed; the seed asks for the gate's d20 roll to succeed (d7-hand-and-a-half).
 */
export function rollGate(t: Tracer, p: MainPlan, heavy: number): { gate: boolean; hh: boolean } {
  if (!p.unencumbered) return { gate: false, hh: p.edition === 'source' && p.hhEligible };
  const d20 = r2(t, 20, 'unarmed: random2(20)');
  const skilled = t.recording ? t.check('random2(20) < unarmed combat', d20, '<', p.unarmedSkill) : d20 < p.unarmedSkill;
  let gate = false;
  if (skilled) {
    const n = p.edition === 'source' ? 1 + heavy : heavy;
    const r = r2(t, n, `heavy armour: random2(${n})`);
    gate = t.recording ? t.check(`random2(${p.edition === 'source' ? '1 + ' : ''}heavy armour) < 2`, r, '<', 2) : r < 2;
  }
  const hh = p.hhEligible && (p.edition === 'source' ? !gate : skilled);
  return { gate, hh };
}

/** Every combination of the latent draws, with its probability. */
export function latents(p: MainPlan): Latent[] {
  const out: Latent[] = [];
  const unarmedSpeed = !p.weapon && p.unencumbered;
  const push = (q: Fraction, heavy: number, gate: boolean, hh: boolean): void => {
    if (q.num === 0n) return;
    if (!unarmedSpeed) {
      out.push({ p: q, heavy, gate, hh, fast: null });
      return;
    }
    const f = oneInChance(heavy + 1);
    if (f.num > 0n) out.push({ p: q.mul(f), heavy, gate, hh, fast: true });
    if (f.complement().num > 0n) out.push({ p: q.mul(f.complement()), heavy, gate, hh, fast: false });
  };
  for (const [h, ph] of heavyLaw(p).entries()) {
    if (!p.unencumbered) {
      push(ph, h, false, p.edition === 'source' && p.hhEligible);
      continue;
    }
    const q = d20Chance(p.unarmedSkill);
    const g = lightEnough(p, h);
    const src = p.edition === 'source';
    push(ph.mul(q).mul(g), h, true, !src && p.hhEligible);
    push(ph.mul(q).mul(g.complement()), h, false, p.hhEligible);
    push(ph.mul(q.complement()), h, false, src && p.hhEligible);
  }
  return out;
}

// --- To-hit and the hit test ---------------------------------------------------------------

/** The final to-hit's law given heavy armour and the hand-and-a-half bonus. */
export function toHitLaw(p: MainPlan, heavy: number, hh: boolean): Distribution {
  if (p.air) return Distribution.constant(0);
  let law = stepsLaw(p.toHitSteps, p.toHitBase - heavy);
  law = law.then((T) => r2Law(T));
  if (hh) law = law.plus(r2Law(3));
  return stepsLaw(p.postRollSteps, law);
}

/** P(hit | final to-hit law) by the edition's hit test (d10-hit-test); a hit a shield blocks is not counted. */
export function hitChanceFrom(p: MainPlan, law: Distribution): Fraction {
  return hitAndBlock(p, law).hit;
}

/** P(a hit the shield lets through) and P(a hit the shield blocks), from the final to-hit law. */
export function hitAndBlock(p: MainPlan, law: Distribution): { hit: Fraction; blocked: Fraction } {
  const s = p.monsterShield;
  if (!s) return { hit: plainHitChance(p, law), blocked: Fraction.ZERO };
  // The pierce grows with the rolled to-hit, so the block is weighed value by value.
  const given = ssHitGiven(p);
  let hit = Fraction.ZERO;
  let blocked = Fraction.ZERO;
  for (const [v, pv] of law.entries()) {
    const h = pv.mul(given(v));
    if (h.num === 0n) continue;
    const b = monsterBlockChance(s, v, s.blocks, p.edition);
    hit = hit.add(h.mul(b.complement()));
    blocked = blocked.add(h.mul(b));
  }
  return { hit, blocked };
}

function plainHitChance(p: MainPlan, law: Distribution): Fraction {
  if (p.game === 'ss') return ssHitChance(p, law);
  if (p.edition === 'spoiler') return chance(law, (v) => v > p.ev);
  const pass = chance(law, (v) => v >= p.ev);
  const miss = pass.complement();
  let luck = Fraction.of(1, 30);
  if (p.lowEnergy) luck = luck.add(Fraction.of(29, 30).mul(oneInChance(10 + p.stabbing).complement()));
  return pass.add(miss.mul(luck));
}

export function rollToHit(t: Tracer, p: MainPlan, heavy: number, hh: boolean): number {
  if (p.air) {
    if (t.recording) t.note('air form: the to-hit is 0');
    return 0;
  }
  if (t.recording) {
    t.value('to-hit before the skills', p.toHitBase, p.toHitParts.join(', '));
    if (heavy > 0) t.note(`heavy armour ${heavy} comes off`);
  }
  let T = runSteps(t, p.toHitSteps, p.toHitBase - heavy);
  const r = r2(t, T, `to-hit: random2(${T})`);
  if (t.recording) t.mod('randomise', T, r, `random2(${T})`);
  T = r;
  if (hh) {
    const b = r2(t, 3, 'hand-and-a-half: random2(3)');
    if (t.recording) t.mod('hand-and-a-half', T, T + b, '+ random2(3)');
    T += b;
  }
  return runSteps(t, p.postRollSteps, T);
}

export function rollHitTest(t: Tracer, p: MainPlan, toHit: number): boolean {
  if (p.game === 'ss') return rollSsHitTest(t, p, toHit);
  if (p.edition === 'spoiler') {
    if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].spoiler);
    return t.recording ? t.check('to-hit > EV', toHit, '>', p.ev) : toHit > p.ev;
  }
  if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].source);
  if (t.recording ? t.check('to-hit >= EV', toHit, '>=', p.ev) : toHit >= p.ev) return true;
  if (oneIn(t, 30, 'lucky hit: 1 in 30')) {
    if (t.recording) t.note('a lucky hit (1 in 30)');
    return true;
  }
  if (p.lowEnergy && !oneIn(t, 10 + p.stabbing, `helpless: 1 in ${10 + p.stabbing} to miss`)) {
    if (t.recording) t.note('the monster is slowed to a stop: it is hit');
    return true;
  }
  return false;
}

/** P(a non-swimmer in water fumbles) = P(random2(Dex) < 4) + the rest x 1/5. */
export function fumbleChance(dex: number): Fraction {
  const low = dex <= 4 ? Fraction.ONE : Fraction.of(4, dex);
  return low.add(low.complement().mul(Fraction.of(1, 5)));
}

// --- Stab ------------------------------------------------------------------------------------

/** The stab category b (0: no stab attempt) and whether the dex/stabbing roll is needed. */
export function stabCategory(p: MainPlan): { b: number; roll: boolean } {
  if (p.ssStab) return p.ssStab.cat ? { b: p.ssStab.cat.b, roll: p.ssStab.cat.roll } : { b: 0, roll: false };
  if (p.noExp || !p.stabVisible) return { b: 0, roll: false };
  switch (p.stabState) {
    case 'sleeping':
      return { b: 1, roll: false };
    case 'fleeing':
    case 'confused':
      return { b: 2, roll: true };
    case 'unaware':
      return { b: 3, roll: true };
    default:
      return { b: 0, roll: false };
  }
}

export const stabRollChance = (p: MainPlan): Fraction => (p.ssStab ? (p.ssStab.roll ? stabChanceOf(p.ssStab.roll) : Fraction.ONE) : Fraction.of(Math.min(200, p.stabbing + p.dex + 1), 200));

export function rollStab(t: Tracer, p: MainPlan): number {
  if (p.ssStab) return rollSsStab(t, p);
  const { b, roll } = stabCategory(p);
  if (b === 0) return 0;
  if (t.recording) t.rule(SECTION_STAB, 'Stab');
  if (!roll) {
    if (t.recording) t.note('asleep: a stab without a roll');
    return b;
  }
  const r = r2(t, 200, 'stab: random2(200)');
  const ok = t.recording ? t.check(`random2(200) <= stabbing ${p.stabbing} + Dex ${p.dex}`, r, '<=', p.stabbing + p.dex) : r <= p.stabbing + p.dex;
  return ok ? b : 0;
}

// --- Damage ----------------------------------------------------------------------------------

export function damageLaw(p: MainPlan, hh: boolean, stab: number): Distribution {
  return stepsLaw(p.damageSteps(hh, stab), p.damageBase);
}

export function rollDamage(t: Tracer, p: MainPlan, hh: boolean, stab: number): number {
  if (t.recording) t.value('base damage', p.damageBase, p.damageBaseText);
  return runSteps(t, p.damageSteps(hh, stab), p.damageBase);
}

// --- Brands ----------------------------------------------------------------------------------

export interface BrandResult {
  /** Extra damage. */
  readonly extra: number;
  readonly poison: boolean;
  readonly confuse: boolean;
  /** Draining: hit dice lost, maximum and current hit points lost. */
  readonly drain: { readonly hd: number; readonly maxHp: number; readonly hp: number } | null;
  /** Vampiricism: hit points the hero regains. */
  readonly heal: number;
  readonly text: string;
  /** The exact probability of this result given the damage. */
  readonly p: Fraction;
}

const NONE: Omit<BrandResult, 'p' | 'text'> = { extra: 0, poison: false, confuse: false, drain: null, heal: 0 };

/** P(f(random2(n)) == v). */
const pOf = (n: number, f: (r: number) => number, v: number): Fraction => r2Law(n).map(f).prob(v);

/** A weapon's (or form's) special power after a hit that left the monster alive (fight.cc, "dam_thing"). */
export function rollBrand(t: Tracer, b: CrBrandInfo, dmg: number, heroHurt: boolean): BrandResult {
  const m = b.target;
  const res = (el: string) => m.resists.includes(el);
  const vul = (el: string) => m.vulnerable.includes(el);
  if (t.recording) t.rule(SECTION_BRAND, `Brand: ${b.brand}`);
  switch (b.brand) {
    case 'flaming':
    case 'freezing': {
      const el = b.brand === 'flaming' ? 'fire' : 'cold';
      if (vul(el)) {
        const x = 1 + r2(t, dmg, `${b.brand}: 1 + random2(${dmg})`);
        return { ...NONE, extra: x, text: `${b.brand === 'flaming' ? 'burns' : 'freezes'} for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
      }
      if (res(el)) return { ...NONE, text: 'resisted', p: Fraction.ONE };
      const x = div(r2(t, dmg, `${b.brand}: random2(${dmg}) / 2 + 1`), 2) + 1;
      return { ...NONE, extra: x, text: `${b.brand === 'flaming' ? 'burns' : 'freezes'} for ${x}`, p: pOf(dmg, (r) => div(r, 2) + 1, x) };
    }
    case 'holy-wrath': {
      if (m.holiness === 'undead') {
        const x = 1 + r2(t, dmg, 'holy wrath: 1 + random2(damage)');
        return { ...NONE, extra: x, text: `sears for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
      }
      if (m.holiness === 'demonic') {
        const x = 1 + div(r2(t, dmg * 15, 'holy wrath: random2(damage x 15) / 10'), 10);
        return { ...NONE, extra: x, text: `sears for ${x}`, p: pOf(dmg * 15, (r) => 1 + div(r, 10), x) };
      }
      return { ...NONE, text: 'no effect on the living', p: Fraction.ONE };
    }
    case 'electrocution': {
      if (m.flies || res('elec')) return { ...NONE, text: m.flies ? 'no effect on a flier' : 'resisted', p: Fraction.ONE };
      if (!oneIn(t, 3, 'electrocution: 1 in 3')) return { ...NONE, text: 'no spark', p: Fraction.of(2, 3) };
      let s = r2(t, 28, 'electrocution: random2avg(28, 3)');
      s += r2(t, 29, 'electrocution: random2avg(28, 3)') + r2(t, 29, 'electrocution: random2avg(28, 3)');
      const x = div(s, 3);
      const law = r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3));
      return { ...NONE, extra: x, text: `electrocutes for ${x}`, p: Fraction.of(1, 3).mul(law.prob(x)) };
    }
    case 'orc-slaying': {
      if (!m.orc) return { ...NONE, text: 'not an orc', p: Fraction.ONE };
      const x = 1 + r2(t, dmg, 'orc slaying: 1 + random2(damage)');
      return { ...NONE, extra: x, text: `slays for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
    }
    case 'venom': {
      if (oneIn(t, 4, 'venom: 1 in 4 to fail')) return { ...NONE, text: 'no poison', p: Fraction.of(1, 4) };
      const poison = !res('poison');
      return { ...NONE, poison, text: poison ? 'poisons' : 'poison resisted', p: Fraction.of(3, 4) };
    }
    case 'draining': {
      if (m.holiness === 'undead' || m.holiness === 'demonic') return { ...NONE, text: 'no life to drain', p: Fraction.ONE };
      if (oneIn(t, 3, 'draining: 1 in 3 to fail')) return { ...NONE, text: 'no drain', p: Fraction.of(1, 3) };
      const hd = oneIn(t, 5, 'draining: 1 in 5 to lose a hit die') ? 1 : 0;
      const maxHp = 2 + r2(t, 3, 'draining: maximum hit points 2 + random2(3)');
      const hp = 2 + r2(t, 3, 'draining: hit points 2 + random2(3)');
      const x = 1 + div(r2(t, dmg, 'draining: 1 + random2(damage) / 2'), 2);
      const p = Fraction.of(2, 3).mul(hd ? Fraction.of(1, 5) : Fraction.of(4, 5)).mul(Fraction.of(1, 9)).mul(pOf(dmg, (r) => 1 + div(r, 2), x));
      return { ...NONE, extra: x, drain: { hd, maxHp, hp }, text: `drains for ${x}`, p };
    }
    case 'vorpal': {
      const x = 1 + div(r2(t, dmg, 'vorpal: 1 + random2(damage) / 2'), 2);
      return { ...NONE, extra: x, text: `cuts deep for ${x}`, p: pOf(dmg, (r) => 1 + div(r, 2), x) };
    }
    case 'vampiricism': {
      if (m.holiness === 'undead' || m.holiness === 'demonic' || dmg < 1 || !heroHurt) return { ...NONE, text: 'nothing to drink', p: Fraction.ONE };
      if (oneIn(t, 5, 'vampiricism: 1 in 5 to fail')) return { ...NONE, text: 'no healing', p: Fraction.of(1, 5) };
      const x = 1 + r2(t, dmg, 'vampiricism: heal 1 + random2(damage)');
      return { ...NONE, heal: x, text: `heals you ${x}`, p: Fraction.of(4, 5).mul(pOf(dmg, (r) => 1 + r, x)) };
    }
    case 'disruption': {
      if (m.holiness !== 'undead') return { ...NONE, text: 'no effect on the living', p: Fraction.ONE };
      if (oneIn(t, 3, 'disruption: 1 in 3 to fail')) return { ...NONE, text: 'no disruption', p: Fraction.of(1, 3) };
      const n = 1 + dmg * 3;
      let s = r2(t, n, `disruption: random2avg(${n}, 3)`);
      s += r2(t, n + 1, `disruption: random2avg(${n}, 3)`) + r2(t, n + 1, `disruption: random2avg(${n}, 3)`);
      const x = div(s, 3);
      const law = r2Law(n).plus(r2Law(n + 1)).plus(r2Law(n + 1)).map((v) => div(v, 3));
      return { ...NONE, extra: x, text: `disrupts for ${x}`, p: Fraction.of(2, 3).mul(law.prob(x)) };
    }
    case 'pain': {
      if (m.holiness !== 'natural' && m.holiness !== 'holy') return { ...NONE, text: 'feels no pain', p: Fraction.ONE };
      const nec = b.necromancy;
      const ok = r2(t, 8, 'pain: random2(8) <= necromancy') <= nec;
      const pOk = Fraction.of(Math.min(8, nec + 1), 8);
      if (!ok) return { ...NONE, text: 'no pain', p: pOk.complement() };
      const x = r2(t, 1 + nec, `pain: random2(1 + necromancy ${nec})`);
      return { ...NONE, extra: x, text: `pains for ${x}`, p: pOk.mul(Fraction.of(1, 1 + nec)) };
    }
    case 'confuse':
      return { ...NONE, confuse: true, text: 'confuses', p: Fraction.ONE };
    default:
      return { ...NONE, text: 'nothing', p: Fraction.ONE };
  }
}

/**
 * The exact law of the hit points a brand takes after a hit of `dmg` (the luck meter): its extra
 * damage, passed through `scale` (Stone Soup's seed stabs it too), plus what draining takes. The
 * twin of `rollBrand`, draw for draw; healing, poison and confusion take no hit points.
 */
export function brandDamageLaw(b: CrBrandInfo, dmg: number, scale: (extra: number) => number = (x) => x): Distribution {
  const m = b.target;
  const none = Distribution.constant(0);
  const some = (p: Fraction, law: Distribution): Distribution => mixture([{ weight: p.complement(), dist: none }, { weight: p, dist: law }]);
  const avg3 = (n: number): Distribution => r2Law(n).plus(r2Law(n + 1)).plus(r2Law(n + 1)).map((v) => div(v, 3));
  let extra: Distribution;
  switch (b.brand) {
    case 'flaming':
    case 'freezing': {
      const el = b.brand === 'flaming' ? 'fire' : 'cold';
      extra = m.vulnerable.includes(el) ? r2Law(dmg).map((r) => 1 + r) : m.resists.includes(el) ? none : r2Law(dmg).map((r) => div(r, 2) + 1);
      break;
    }
    case 'holy-wrath':
      extra = m.holiness === 'undead' ? r2Law(dmg).map((r) => 1 + r) : m.holiness === 'demonic' ? r2Law(dmg * 15).map((r) => 1 + div(r, 10)) : none;
      break;
    case 'electrocution':
      extra = m.flies || m.resists.includes('elec') ? none : some(Fraction.of(1, 3), r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3)));
      break;
    case 'orc-slaying':
      extra = m.orc ? r2Law(dmg).map((r) => 1 + r) : none;
      break;
    case 'draining':
      if (m.holiness === 'undead' || m.holiness === 'demonic') return none;
      return some(Fraction.of(2, 3), r2Law(dmg).map((r) => scale(1 + div(r, 2))).plus(r2Law(3).map((v) => 2 + v)));
    case 'vorpal':
      extra = r2Law(dmg).map((r) => 1 + div(r, 2));
      break;
    case 'disruption':
      extra = m.holiness === 'undead' ? some(Fraction.of(2, 3), avg3(1 + dmg * 3)) : none;
      break;
    case 'pain':
      extra = m.holiness === 'natural' || m.holiness === 'holy' ? some(Fraction.of(Math.min(8, b.necromancy + 1), 8), r2Law(1 + b.necromancy)) : none;
      break;
    default:
      extra = none;
  }
  return extra.map((x) => (x > 0 ? scale(x) : x));
}

/** The expected extra damage of a brand, given the damage law of a hit (for previews). */
export function brandMean(b: CrBrandInfo, dmg: Distribution): Fraction {
  const m = b.target;
  let total = Fraction.ZERO;
  for (const [d, pd] of dmg.entries()) {
    const mean = (n: number, f: (r: number) => number): Fraction => r2Law(n).map(f).mean();
    let e = Fraction.ZERO;
    switch (b.brand) {
      case 'flaming':
      case 'freezing': {
        const el = b.brand === 'flaming' ? 'fire' : 'cold';
        e = m.vulnerable.includes(el) ? mean(d, (r) => 1 + r) : m.resists.includes(el) ? Fraction.ZERO : mean(d, (r) => div(r, 2) + 1);
        break;
      }
      case 'holy-wrath':
        e = m.holiness === 'undead' ? mean(d, (r) => 1 + r) : m.holiness === 'demonic' ? mean(d * 15, (r) => 1 + div(r, 10)) : Fraction.ZERO;
        break;
      case 'electrocution':
        e = m.flies || m.resists.includes('elec') ? Fraction.ZERO : Fraction.of(1, 3).mul(r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3)).mean());
        break;
      case 'orc-slaying':
        e = m.orc ? mean(d, (r) => 1 + r) : Fraction.ZERO;
        break;
      case 'draining':
        e = m.holiness === 'undead' || m.holiness === 'demonic' ? Fraction.ZERO : Fraction.of(2, 3).mul(mean(d, (r) => 1 + div(r, 2)));
        break;
      case 'vorpal':
        e = mean(d, (r) => 1 + div(r, 2));
        break;
      case 'disruption':
        e = m.holiness === 'undead' ? Fraction.of(2, 3).mul(r2Law(1 + 3 * d).plus(r2Law(2 + 3 * d)).plus(r2Law(2 + 3 * d)).map((v) => div(v, 3)).mean()) : Fraction.ZERO;
        break;
      case 'pain':
        e = m.holiness === 'natural' || m.holiness === 'holy' ? Fraction.of(Math.min(8, b.necromancy + 1), 8).mul(r2Law(1 + b.necromancy).mean()) : Fraction.ZERO;
        break;
    }
    total = total.add(pd.mul(e));
  }
  return total;
}

// --- Time ------------------------------------------------------------------------------------

/**
 * The attack's time in tenths of the player's action (fight.cc, weapon_speed2): the weapon's
 * speed less half the skill, its floor, the shield, unarmed quickness, hand-and-a-half.
 */
export function weaponSpeed(c: CrCharacter, hh: boolean, fast: boolean | null): { ws: number; text: string } {
  const w = armed(c);
  let ws = 10;
  const parts: string[] = [];
  if (w) {
    const sk = c.skills[w.def.skill];
    ws = w.def.speed - div(sk, 2);
    let min = Math.max(3, div(w.def.speed, 2));
    if ((w.def.hands === 'two' || hh) && min > 7) min = 7;
    ws = Math.max(ws, min);
    parts.push(`${w.def.name} speed ${w.def.speed} - skill ${sk} / 2, at least ${min}`);
    const sh = shieldOf(c)?.def.shield;
    if (sh === 'shield' || sh === 'large-shield') {
      ws += sh === 'shield' ? 1 : 2;
      parts.push(`+${sh === 'shield' ? 1 : 2} ${sh}`);
    }
  } else if (fast) {
    ws = Math.max(4, 10 - div(c.skills['unarmed-combat'], 3));
    parts.push(`quick unarmed: 10 - unarmed ${c.skills['unarmed-combat']} / 3, at least 4`);
  } else parts.push('10');
  if (hh && ws > 10) {
    ws -= 1;
    parts.push('-1 hand-and-a-half');
  }
  ws = Math.max(ws, 3);
  return { ws, text: parts.join(', ') };
}

/** Player action time of the attack: the speed brand halves it, then x speed / 10. */
export function attackTime(c: CrCharacter, base: number, ws: number): number {
  let time = base;
  if (armed(c)?.brand === 'speed') time = div(time * 5, 10);
  return Math.max(1, div(time * ws, 10));
}

// --- Stone Soup 0.5.2 ------------------------------------------------------------------------

/**
 * Stone Soup 0.5.2's attack delay before the shield (fight.cc player_weapon_speed,
 * player_unarmed_speed): the weapon's speed less half the skill, at least half its speed (a short
 * blade's floor at most 5, a two-handed or hand-and-a-half one's at most 7, never below 3); a
 * hand-and-a-half bonus takes 1 off a delay over 10; the speed brand halves it. Bare hands: 10, or
 * when quick 10 - unarmed / 5 (bat form / 3), at least 5.
 */
export function ssWeaponDelay(c: CrCharacter, hh: boolean, fast: boolean | null): { ws: number; text: string } {
  const w = armed(c);
  if (!w) {
    if (!fast) return { ws: 10, text: '10' };
    const U = c.skills['unarmed-combat'];
    const bat = c.form?.id === 'bat';
    return { ws: Math.max(10 - div(U, bat ? 3 : 5), 5), text: `quick unarmed: 10 - unarmed ${U} / ${bat ? 3 : 5}, at least 5` };
  }
  const sk = c.skills[w.def.skill];
  let del = w.def.speed - div(sk, 2);
  let min = div(w.def.speed, 2);
  if (w.def.skill === 'short-blades' && min > 5) min = 5;
  if ((w.def.hands === 'two' || hh) && min > 7) min = 7;
  min = Math.max(min, 3);
  const parts = [`${w.def.name} speed ${w.def.speed} - skill ${sk} / 2, at least ${min}`];
  if (hh && del > 10) {
    del -= 1;
    parts.push('-1 hand-and-a-half');
  }
  del = Math.max(del, min);
  if (w.brand === 'speed') {
    del = div(del + 1, 2);
    parts.push('halved (speed)');
  }
  return { ws: del, text: parts.join(', ') };
}

/** The shield's added delay (player_apply_shield_delay), rolled: a large shield 1 if shields <= 10 + random2(17), and any shield 1 more if shields <= 3 + random2(17). */
export function ssShieldDelayLaw(c: CrCharacter): Distribution {
  const kind = shieldOf(c)?.def.shield;
  const s = c.skills.shields;
  const atMost = (k: number): Fraction => Fraction.of(Math.max(0, Math.min(17, 17 - (s - k))), 17);
  let law = Distribution.constant(0);
  if (kind === 'large-shield') law = law.plus(bernoulli(atMost(10)));
  if (kind === 'large-shield' || kind === 'shield') law = law.plus(bernoulli(atMost(3)));
  return law;
}

export function rollSsShieldDelay(t: Tracer, c: CrCharacter): number {
  const kind = shieldOf(c)?.def.shield;
  const s = c.skills.shields;
  let n = 0;
  if (kind === 'large-shield' && s <= 10 + r2(t, 17, 'large shield delay: shields <= 10 + random2(17)')) n++;
  if ((kind === 'large-shield' || kind === 'shield') && s <= 3 + r2(t, 17, 'shield delay: shields <= 3 + random2(17)')) n++;
  return n;
}

/** The time of an attack: time x delay / 10, rounded at random (div_rand_round), at least 2. */
export function ssTimeLaw(base: number, del: number): Distribution {
  return drrLaw(base * Math.max(del, 3), 10).map((v) => Math.max(2, v));
}

/** The expected time of an attack in Stone Soup's source edition, the shield's delay and the rounding summed over. */
export function ssExpectedTime(c: CrCharacter, hh: boolean, fast: boolean | null): Fraction {
  const ws = ssWeaponDelay(c, hh, fast).ws;
  const base = actionTime(c);
  let e = Fraction.ZERO;
  for (const [sd, p] of ssShieldDelayLaw(c).entries()) e = e.add(p.mul(ssTimeLaw(base, ws + sd).mean()));
  return e;
}

export function rollSsTime(t: Tracer, base: number, del: number): number {
  const x = base * Math.max(del, 3);
  return Math.max(2, drr(t, x, 10, `round ${x} / 10 up: random2(10) < ${x % 10}`));
}


const ONE_IN_THREE: Die = customDie('one_chance_in(3)', (t) => (oneIn(t, 3, 'one_chance_in(3)') ? 1 : 0), () => bernoulli(Fraction.of(1, 3)));

/** The stab roll of Stone Soup (seed 003 "Stabbing chance"; fight.cc player_stab_check). */
function rollSsStab(t: Tracer, p: MainPlan): number {
  const st = p.ssStab;
  if (!st?.cat) return 0;
  if (t.recording) {
    t.rule(SS_SECTION_STAB, 'Stab');
    t.note(`${st.cat.kind} (${st.cat.why}): b = ${st.cat.b}`);
  }
  if (!st.roll) {
    if (t.recording) t.note(`${st.cat.why}: a stab without a roll`);
    return st.cat.b;
  }
  const { num, den, text } = st.roll;
  if (t.recording) {
    const e = ssEd('ss21-stab-chance', p.edition);
    t.edition(e.id, e.text);
  }
  const r = r2(t, den, `stab: random2(${den})`);
  const ok = t.recording ? t.check(text, r, '<', num) : r < num;
  return ok ? st.cat.b : 0;
}

/** Stone Soup's stab bonus (after every other modifier) and the AC roll, the stab lowering the AC; a petrified monster takes a third. */
function ssStabAndAcSteps(c: CrCharacter, target: CrTarget, edition: Edition, b: number, dagger: boolean, weapon: StabWeapon): Step[] {
  const src = edition === 'source';
  const S = c.skills.stabbing;
  const steps: Step[] = [];
  const ac = target.ac;
  if (b > 0) {
    if (src) steps.push(step('stab: at least 1', NO_DIE, (x) => Math.max(x, 1), 'damage of at least 1 to work with'));
    if (weapon === 'short') {
      const bonus = shortBladeBonus(c.dex, S, dagger, edition);
      steps.push(step(`stab: ${dagger ? 'dagger' : 'short blade'}`, NO_DIE, (x) => x + bonus, `+ ${bonus} (Dex ${c.dex}, stabbing ${S}${dagger ? ', dagger' : ''})`, ssEd('ss24-dagger-bonus', edition)));
    }
    if (src) steps.push(step('stab', NO_DIE, (x) => codeStabDamage(weapon, x, S, b), `x the ${weapon === 'other' ? '' : `${weapon} blade's `}stab factors (stabbing ${S} / ${b})`, ssEd('ss25-stab-multipliers', edition)));
    else {
      const m = seedMultiplier(weapon, S, b);
      steps.push(step('stab', NO_DIE, (x) => Number((BigInt(x) * m.num) / m.den), `x ${m.toNumber().toFixed(3)} (+${Math.floor(100 * (m.toNumber() - 1))}%)`, ssEd('ss25-stab-multipliers', edition)));
    }
    if (ac > 0) {
      const k = src ? div(S, b) : S;
      const law = src
        ? r2Law(k).then((r) => (ac - r > 0 ? r2Law(1 + ac - r) : Distribution.constant(0)))
        : (S < 1 ? Distribution.constant(0) : Distribution.uniform(0, S - 1)).then((r) => {
            const left = Math.max(0, ac - div(r, b));
            return left > 0 ? Distribution.uniform(1, left) : Distribution.constant(0);
          });
      const roll = (t: Tracer): number => {
        if (src) {
          const left = ac - r2(t, k, `stab: armour pierced, random2(${k})`);
          return left > 0 ? r2(t, 1 + left, `stab: random2(1 + AC left ${left})`) : 0;
        }
        const cut = S < 1 ? 0 : div(t.roll(1, S, `stab: 1d(stabbing ${S})`) - 1, b);
        const left = Math.max(0, ac - cut);
        return left > 0 ? t.roll(1, left, `stab: 1d(AC left ${left})`) : 0;
      };
      const text = src ? `AC ${ac} less random2(stabbing / b = ${k}), then random2(1 + what is left)` : `AC ${ac} less (1d(stabbing ${S}) - 1) / ${b}, then 1d(what is left)`;
      steps.push(step('monster AC (stab)', customDie(text, roll, () => law), (x, r) => x - r, 'armour partly pierced', ssEd('ss27-stab-ac', edition)));
    }
  } else if (ac > 0) {
    steps.push(src ? step('monster AC', die(ac + 1), (x, r) => x - r, `- random2(1 + AC ${ac})`, ssEd('ss15-ac-roll', edition)) : step('monster AC', customDie(`1d(AC ${ac})`, (t) => t.roll(1, ac, `1d(AC ${ac})`), () => Distribution.uniform(1, ac)), (x, r) => x - r, `- 1d(AC ${ac})`, ssEd('ss15-ac-roll', edition)));
  }
  steps.push(step('no negative damage', NO_DIE, (x) => Math.max(0, x), 'below 0 is 0'));
  if (target.ss?.petrified) steps.push(step('petrified', NO_DIE, (x) => div(x, 3), 'a petrified monster takes a third'));
  return steps;
}

/** P(hit | the rolled to-hit) in Stone Soup. */
function ssHitGiven(p: MainPlan): (v: number) => Fraction {
  if (p.edition === 'spoiler') {
    const miss = p.ssHelpless === 'helpless' ? oneInChance(10 + p.stabbing) : Fraction.ONE;
    return (v) => (v > p.ev ? Fraction.ONE : miss.complement());
  }
  const h = p.ssHelpless === 'helpless' ? oneInChance(10 + p.stabbing).complement() : p.ssHelpless === 'petrifying' ? oneInChance(2 + p.stabbing).complement() : Fraction.ZERO;
  const rest = Fraction.of(1, 20).add(Fraction.of(19, 20).mul(h));
  return (v) => (v >= p.ev ? Fraction.ONE : rest);
}

/** P(hit) in Stone Soup: the code's 1 in 20 and helpless clauses, or the seed's 1d(to-hit) > EV with helpless misses cut to 1 / (10 + stabbing). */
function ssHitChance(p: MainPlan, law: Distribution): Fraction {
  if (p.edition === 'spoiler') {
    const pass = chance(law, (v) => v > p.ev);
    if (p.ssHelpless !== 'helpless') return pass;
    return pass.add(pass.complement().mul(oneInChance(10 + p.stabbing).complement()));
  }
  const pass = chance(law, (v) => v >= p.ev);
  let rest = Fraction.of(1, 20);
  const h = p.ssHelpless === 'helpless' ? oneInChance(10 + p.stabbing).complement() : p.ssHelpless === 'petrifying' ? oneInChance(2 + p.stabbing).complement() : Fraction.ZERO;
  rest = rest.add(Fraction.of(19, 20).mul(h));
  return pass.add(pass.complement().mul(rest));
}

function rollSsHitTest(t: Tracer, p: MainPlan, toHit: number): boolean {
  const src = p.edition === 'source';
  if (!src) {
    if (t.recording ? t.check('to-hit > EV', toHit, '>', p.ev) : toHit > p.ev) return true;
    if (p.ssHelpless === 'helpless') {
      const e = ssEd('ss23-helpless-hit', p.edition);
      if (t.recording) t.edition(e.id, e.text);
      if (!oneIn(t, 10 + p.stabbing, `helpless: 1 in ${10 + p.stabbing} to miss`)) return true;
    }
    return false;
  }
  if (t.recording ? t.check('to-hit >= EV', toHit, '>=', p.ev) : toHit >= p.ev) return true;
  if (oneIn(t, 20, 'lucky hit: 1 in 20')) {
    if (t.recording) t.note('a lucky hit (1 in 20)');
    return true;
  }
  if (p.ssHelpless) {
    const n = p.ssHelpless === 'helpless' ? 10 + p.stabbing : 2 + p.stabbing;
    const e = ssEd('ss23-helpless-hit', p.edition);
    if (t.recording) t.edition(e.id, e.text);
    if (!oneIn(t, n, `helpless: 1 in ${n} to miss`)) return true;
  }
  return false;
}

/**
 * What the second attacks see of the target. In Stone Soup's source edition they meet the
 * monster's melee EV after the main attack has woken it: none if paralysed, a net's share, half if
 * confused.
 */
export function auxTargetOf(target: CrTarget): AuxTarget {
  const ss = target.ss;
  let ssEv = target.ev;
  if (ss?.paralysed) ssEv = 0;
  else if (ss?.netted) ssEv = div(ssEv, (target.size ?? 3) + 2);
  else if (ss?.confused) ssEv = div(ssEv, 2);
  return { ev: target.ev, ac: target.ac, holiness: target.holiness, shield: target.shield ?? null, ssEv, petrified: ss?.petrified ?? false, blood: target.blood ?? false };
}
