import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Step, NO_DIE, customDie, step } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { planClassicAux } from '../crawl-family/aux.js';
import type { CrCharacter, CrWielded } from '../crawl-family/character.js';
import { die } from '../crawl-family/dice.js';
import { CR_DIVERGENCES } from '../crawl-family/divergences.js';
import { type CrTarget, type MainPlan, ed, planMain as planWith } from '../crawl-family/melee.js';
import { chance, div, oneIn, oneInChance, r2, r2Law } from '../crawl-family/random.js';
import { CLASSIC_TIME } from '../crawl-family/time.js';
import type { HitRule, MeleeVariant, StabRule } from '../crawl-family/variant.js';

/**
 * Crawl 4.00 beta 20's own parts of the hero's main blow (fight.cc you_attack; seed 001 sections
 * 3 and 4): the hit test with its lucky and helpless clauses, the stab on a sleeping, fleeing,
 * confused or unaware monster, and the stab's bonus and the monster's AC in the damage. The rest
 * of the blow is the family's (crawl-family/melee.ts).
 */

export const SECTION_STAB = 'crawl-4.0b20#stabbing';

/** The hit test (d10-hit-test): the seed's to-hit > EV; the code's to-hit >= EV, 1 in 30 lucky, and a monster slowed to a stop hit unless 1 in (10 + stabbing). */
export function b20HitRule(ev: number, lowEnergy: boolean, stabbing: number, edition: Edition): HitRule {
  const luck = (): Fraction => {
    let l = Fraction.of(1, 30);
    if (lowEnergy) l = l.add(Fraction.of(29, 30).mul(oneInChance(10 + stabbing).complement()));
    return l;
  };
  return {
    roll(t: Tracer, toHit: number): boolean {
      if (edition === 'spoiler') {
        if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].spoiler);
        return t.recording ? t.check('to-hit > EV', toHit, '>', ev) : toHit > ev;
      }
      if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].source);
      if (t.recording ? t.check('to-hit >= EV', toHit, '>=', ev) : toHit >= ev) return true;
      if (oneIn(t, 30, 'lucky hit: 1 in 30')) {
        if (t.recording) t.note('a lucky hit (1 in 30)');
        return true;
      }
      if (lowEnergy && !oneIn(t, 10 + stabbing, `helpless: 1 in ${10 + stabbing} to miss`)) {
        if (t.recording) t.note('the monster is slowed to a stop: it is hit');
        return true;
      }
      return false;
    },
    chance(law: Distribution): Fraction {
      if (edition === 'spoiler') return chance(law, (v) => v > ev);
      const pass = chance(law, (v) => v >= ev);
      return pass.add(pass.complement().mul(luck()));
    },
    given(toHit: number): Fraction {
      if (edition === 'spoiler') return toHit > ev ? Fraction.ONE : Fraction.ZERO;
      return toHit >= ev ? Fraction.ONE : luck();
    },
  };
}

function stabText(b: number, state: CrTarget['state']): string {
  if (state === 'sleeping') return 'You strike the sleeping monster!';
  if (b === 2) return state === 'fleeing' ? 'You catch the fleeing monster off guard!' : 'You catch the monster completely off guard!';
  return 'You catch the unaware monster off guard!';
}

/** The stab category of a target: asleep 1 without a roll; fleeing or confused 2, unaware 3, on random2(200) <= stabbing + Dex. */
function b20StabCategory(target: CrTarget): { b: number; roll: boolean } {
  if (target.noExp || !target.visible) return { b: 0, roll: false };
  switch (target.state) {
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

export function b20StabRule(c: CrCharacter, target: CrTarget): StabRule {
  const { b, roll } = b20StabCategory(target);
  const S = c.skills.stabbing;
  const dex = c.dex;
  return {
    b,
    rolled: roll,
    chance: Fraction.of(Math.min(200, S + dex + 1), 200),
    roll(t: Tracer): number {
      if (b === 0) return 0;
      if (t.recording) t.rule(SECTION_STAB, 'Stab');
      if (!roll) {
        if (t.recording) t.note('asleep: a stab without a roll');
        return b;
      }
      const r = r2(t, 200, 'stab: random2(200)');
      const ok = t.recording ? t.check(`random2(200) <= stabbing ${S} + Dex ${dex}`, r, '<=', S + dex) : r <= S + dex;
      return ok ? b : 0;
    },
    words: (k: number) => stabText(k, target.state),
    brandFactor: () => null,
    brandEdition: { id: '', text: '' },
  };
}

/** The stab's bonus (seed 3.1 h-j) and the monster's AC, which a stab partly pierces; nothing below 0. */
export function b20StabAndArmour(c: CrCharacter, target: CrTarget, edition: Edition, stab: number, w: CrWielded | null): Step[] {
  const src = edition === 'source';
  const oneShort = (n: number) => die(src ? n + 1 : n);
  const d3 = ed('d3-dice-one-short', edition);
  const S = c.skills.stabbing;
  const steps: Step[] = [];
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
}

export const B20_MELEE: MeleeVariant = {
  planTarget: (c, target, edition) => ({ ev: target.ev, hit: b20HitRule(target.ev, target.lowEnergy, c.skills.stabbing, edition), stab: b20StabRule(c, target) }),
  afterRandomise: () => null,
  weaponMinus: (p) => step('weapon plus', NO_DIE, (x) => x + p, `${p}`),
  stabAndArmour: b20StabAndArmour,
  time: CLASSIC_TIME,
  auxTarget: (target) => ({ ev: target.ev, ac: target.ac, holiness: target.holiness, shield: target.shield ?? null }),
  planAux: planClassicAux,
};

/** Crawl 4.00 beta 20's plan of a main attack. */
export function planMain(c: CrCharacter, target: CrTarget, edition: Edition): MainPlan {
  return planWith(B20_MELEE, c, target, edition);
}
