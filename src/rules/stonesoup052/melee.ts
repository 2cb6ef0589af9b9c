import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Die, type Step, NO_DIE, customDie, step } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import type { AuxTarget } from '../crawl-family/aux.js';
import { type CrCharacter, type CrWielded, armed } from '../crawl-family/character.js';
import { die } from '../crawl-family/dice.js';
import type { CrTarget, StabTarget } from '../crawl-family/melee.js';
import { bernoulli, chance, div, oneIn, oneInChance, r2, r2Law } from '../crawl-family/random.js';
import type { HitRule, MeleeVariant, StabRule } from '../crawl-family/variant.js';
import { planAux } from './aux.js';
import { ssEd } from './divergences.js';
import { type StabWeapon, SECTION_STAB, codeStabDamage, seedMultiplier, shortBladeBonus, stabCategoryOf, stabChanceOf, stabMessage, stabRoll } from './stab.js';
import { SS_TIME } from './time.js';

/**
 * Stone Soup 0.5.2's own parts of the hero's main blow (seeds 003 and 004; fight.cc
 * player_stab_check, test_melee_hit, player_apply_monster_ac): the stab by the monster's states,
 * the hit test against its melee EV with the helpless clauses, the stab's multipliers and the AC
 * roll in the damage, and the code's extra damage die. The rest of the blow is the family's.
 */

/** The states of a Stone Soup target (its target is always built with them). */
export function statesOf(target: CrTarget): StabTarget {
  if (!target.ss) throw new Error(`${target.name}: a Stone Soup target without its states`);
  return target.ss;
}

/** Whether the hit test's helpless clause applies: asleep, paralysed or petrified (and the code's petrifying). */
function helplessOf(st: StabTarget, edition: Edition): 'helpless' | 'petrifying' | null {
  if (edition === 'source') {
    if (st.sleeping || st.paralysed || (st.petrified && !st.petrifying)) return 'helpless';
    return st.petrifying ? 'petrifying' : null;
  }
  return st.sleeping || st.paralysed || st.petrified ? 'helpless' : null;
}

/** monsters::melee_evasion in the code: none asleep or paralysed; netted / (size + 2); confused / 2. The seed keeps the EV. */
function meleeEv(target: CrTarget, st: StabTarget, edition: Edition): number {
  const ev = target.ev;
  if (edition !== 'source') return ev;
  if (st.sleeping || st.paralysed) return 0;
  if (st.netted) return div(ev, (target.size ?? 3) + 2);
  if (st.confused) return div(ev, 2);
  return ev;
}

/**
 * The hit test: the seed's to-hit > EV, a helpless monster missed only 1 in (10 + stabbing); the
 * code's to-hit >= EV, 1 in 20 lucky, a helpless monster missed 1 in (10 + stabbing) and a
 * petrifying one 1 in (2 + stabbing).
 */
export function ssHitRule(ev: number, helpless: 'helpless' | 'petrifying' | null, stabbing: number, edition: Edition): HitRule {
  const rest = (): Fraction => {
    const h = helpless === 'helpless' ? oneInChance(10 + stabbing).complement() : helpless === 'petrifying' ? oneInChance(2 + stabbing).complement() : Fraction.ZERO;
    return Fraction.of(1, 20).add(Fraction.of(19, 20).mul(h));
  };
  return {
    roll(t: Tracer, toHit: number): boolean {
      if (edition !== 'source') {
        if (t.recording ? t.check('to-hit > EV', toHit, '>', ev) : toHit > ev) return true;
        if (helpless === 'helpless') {
          const e = ssEd('ss23-helpless-hit', edition);
          if (t.recording) t.edition(e.id, e.text);
          if (!oneIn(t, 10 + stabbing, `helpless: 1 in ${10 + stabbing} to miss`)) return true;
        }
        return false;
      }
      if (t.recording ? t.check('to-hit >= EV', toHit, '>=', ev) : toHit >= ev) return true;
      if (oneIn(t, 20, 'lucky hit: 1 in 20')) {
        if (t.recording) t.note('a lucky hit (1 in 20)');
        return true;
      }
      if (helpless) {
        const n = helpless === 'helpless' ? 10 + stabbing : 2 + stabbing;
        const e = ssEd('ss23-helpless-hit', edition);
        if (t.recording) t.edition(e.id, e.text);
        if (!oneIn(t, n, `helpless: 1 in ${n} to miss`)) return true;
      }
      return false;
    },
    chance(law: Distribution): Fraction {
      if (edition === 'spoiler') {
        const pass = chance(law, (v) => v > ev);
        if (helpless !== 'helpless') return pass;
        return pass.add(pass.complement().mul(oneInChance(10 + stabbing).complement()));
      }
      const pass = chance(law, (v) => v >= ev);
      return pass.add(pass.complement().mul(rest()));
    },
    given(toHit: number): Fraction {
      if (edition === 'spoiler') {
        const miss = helpless === 'helpless' ? oneInChance(10 + stabbing) : Fraction.ONE;
        return toHit > ev ? Fraction.ONE : miss.complement();
      }
      return toHit >= ev ? Fraction.ONE : rest();
    },
  };
}

/** The weapon's stab class: short blades, long blades, or anything else. */
export const stabWeaponOf = (w: CrWielded | null): StabWeapon => (w?.def.skill === 'short-blades' ? 'short' : w?.def.skill === 'long-blades' ? 'long' : 'other');

/** The stab (seed 003 "Stabbing chance"; fight.cc player_stab_check): its category by the monster's states, and its roll. */
export function ssStabRule(c: CrCharacter, target: CrTarget, edition: Edition, w: CrWielded | null): StabRule {
  const st = statesOf(target);
  const cat = target.noExp || !target.visible ? null : stabCategoryOf(st, edition);
  const roll = cat?.roll ? stabRoll(c.skills.stabbing, c.dex, cat, st.sensesInvisible, edition) : null;
  const weapon = stabWeaponOf(w);
  const S = c.skills.stabbing;
  const brandEdition = ssEd('ss26-stab-brand', edition);
  return {
    b: cat ? cat.b : 0,
    rolled: cat ? cat.roll : false,
    chance: roll ? stabChanceOf(roll) : Fraction.ONE,
    roll(t: Tracer): number {
      if (!cat) return 0;
      if (t.recording) {
        t.rule(SECTION_STAB, 'Stab');
        t.note(`${cat.kind} (${cat.why}): b = ${cat.b}`);
      }
      if (!roll) {
        if (t.recording) t.note(`${cat.why}: a stab without a roll`);
        return cat.b;
      }
      const { num, den, text } = roll;
      if (t.recording) {
        const e = ssEd('ss21-stab-chance', edition);
        t.edition(e.id, e.text);
      }
      const r = r2(t, den, `stab: random2(${den})`);
      const ok = t.recording ? t.check(text, r, '<', num) : r < num;
      return ok ? cat.b : 0;
    },
    words: (_b: number, whom: string) => (cat ? stabMessage(cat, whom) : ''),
    // The seed puts the stab after the brand: the brand's damage takes the multiplier too.
    brandFactor: (b: number) => (edition === 'spoiler' && b ? seedMultiplier(weapon, S, b) : null),
    brandEdition,
  };
}

const ONE_IN_THREE: Die = customDie('one_chance_in(3)', (t) => (oneIn(t, 3, 'one_chance_in(3)') ? 1 : 0), () => bernoulli(Fraction.of(1, 3)));

/** Stone Soup's stab bonus (after every other modifier) and the AC roll, the stab lowering the AC; a petrified monster takes a third. */
export function ssStabAndAcSteps(c: CrCharacter, target: CrTarget, edition: Edition, b: number, dagger: boolean, weapon: StabWeapon): Step[] {
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

export const SS_MELEE: MeleeVariant = {
  planTarget(c, target, edition) {
    const st = statesOf(target);
    const ev = meleeEv(target, st, edition);
    return { ev, hit: ssHitRule(ev, helplessOf(st, edition), c.skills.stabbing, edition), stab: ssStabRule(c, target, edition, armed(c)) };
  },
  afterRandomise: (target, edition) => (edition === 'source' && statesOf(target) ? step('one in 3', (x) => (x > 0 ? ONE_IN_THREE : NO_DIE), (x, r) => x + r, '+ 1 on one_chance_in(3)') : null),
  weaponMinus: (p, target, edition) =>
    edition === 'source' && statesOf(target) ? step('weapon minus', die(-p), (x, r) => x - 1 - r, `- (1 + random2(${-p}))`) : step('weapon plus', NO_DIE, (x) => x + p, `${p}`),
  stabAndArmour: (c, target, edition, stab, w) => ssStabAndAcSteps(c, target, edition, stab, w?.def.id === 'dagger', stabWeaponOf(w)),
  time: SS_TIME,
  auxTarget: auxTargetOf,
  planAux,
};
