import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, actionTime, armed, shieldOf } from '../crawl-family/character.js';
import type { MonsterAttackPlan } from '../crawl-family/monster-melee.js';
import { type Rand, map, pure, sum, andThen } from '../../core/rand.js';
import { divRandRound, random2 } from '../crawl-family/rand.js';
import { div } from '../crawl-family/random.js';
import { K, MONSTER_ACTION } from '../crawl-family/state.js';
import { CLASSIC_TIME, classicMonsterAttackTime } from '../crawl-family/time.js';
import type { TimeRule } from '../crawl-family/variant.js';
import { SECTION_MONSTER_TIME } from './monster-melee.js';

/**
 * The time of an attack in Stone Soup 0.5.2's code (the source edition): the hero's weapon delay,
 * the shield's rolled delay and a randomly rounded time (fight.cc player_weapon_speed,
 * player_apply_shield_delay), and a monster's weapon energy (mons_lose_attack_energy). The seed
 * edition keeps Crawl 4.00 beta 20's times.
 */

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

/**
 * The shield's added delay (player_apply_shield_delay), written once: a large shield 1 if shields
 * <= 10 + random2(17), and any shield 1 more if shields <= 3 + random2(17).
 */
export function shieldDelayRule(c: CrCharacter): Rand {
  const kind = shieldOf(c)?.def.shield;
  const s = c.skills.shields;
  const parts: Rand[] = [];
  if (kind === 'large-shield') parts.push(map(random2(17, 'large shield delay: shields <= 10 + random2(17)'), (r) => (s <= 10 + r ? 1 : 0)));
  if (kind === 'large-shield' || kind === 'shield') parts.push(map(random2(17, 'shield delay: shields <= 3 + random2(17)'), (r) => (s <= 3 + r ? 1 : 0)));
  return sum(parts);
}

export const ssShieldDelayLaw = (c: CrCharacter): Distribution => shieldDelayRule(c).law();

export const rollSsShieldDelay = (t: Tracer, c: CrCharacter): number => shieldDelayRule(c).roll(t);

/** The time of an attack, written once: time x delay / 10, rounded at random (div_rand_round), at least 2. */
export function timeRule(base: number, del: number): Rand {
  const x = base * Math.max(del, 3);
  return map(divRandRound(x, 10, `round ${x} / 10 up: random2(10) < ${x % 10}`), (v) => Math.max(2, v));
}

export const ssTimeLaw = (base: number, del: number): Distribution => timeRule(base, del).law();

/** The expected time of an attack in Stone Soup's source edition, the shield's delay and the rounding summed over. */
export function ssExpectedTime(c: CrCharacter, hh: boolean, fast: boolean | null): Fraction {
  const ws = ssWeaponDelay(c, hh, fast).ws;
  const base = actionTime(c);
  let e = Fraction.ZERO;
  for (const [sd, p] of ssShieldDelayLaw(c).entries()) e = e.add(p.mul(ssTimeLaw(base, ws + sd).mean()));
  return e;
}

export const rollSsTime = (t: Tracer, base: number, del: number): number => timeRule(base, del).roll(t);

/** The hero's attack time: the code's in the source edition, Crawl 4.00 beta 20's in the seed's. */
export const SS_TIME: TimeRule = {
  expected: (c, edition, hh, fast) => (edition === 'source' ? ssExpectedTime(c, hh, fast) : CLASSIC_TIME.expected(c, edition, hh, fast)),
  roll(t, c, edition, hh, fast, base) {
    if (edition !== 'source') return CLASSIC_TIME.roll(t, c, edition, hh, fast, base);
    // Stone Soup 0.5.2: the weapon's delay, the shield's rolled delay, and a randomly rounded time.
    const wd = ssWeaponDelay(c, hh, fast);
    if (t.recording) t.value('attack delay', wd.ws, wd.text);
    const sd = rollSsShieldDelay(t, c);
    const del = Math.max(3, wd.ws + sd);
    if (t.recording && sd) t.mod('shield', wd.ws, wd.ws + sd, `+${sd} ${shieldOf(c)?.def.name ?? 'shield'}`);
    const time = rollSsTime(t, base, del);
    if (t.recording) t.value('time taken', time, `${base} x ${del} / 10, rounded at random, at least 2`);
    return time;
  },
  cost: (c, edition) => (edition === 'source' ? Math.round(ssExpectedTime(c, false, false).toNumber() * K) : CLASSIC_TIME.cost(c, edition)),
};

/**
 * A monster's melee round in ticks. The source edition (fight.cc mons_lose_attack_energy): only
 * the first two blows count, each rounded at random (div_rand_round), and only a slower weapon
 * costs more; a faster one refunds nothing. With a tracer the rounding is rolled; without, the
 * expectation (previews). The seed edition keeps Crawl 4.00 beta 20's.
 */
export function ssMonsterAttackTime(p: MonsterAttackPlan, W: number, edition: Edition, name: string, t?: Tracer): number {
  if (edition !== 'source') return classicMonsterAttackTime(p, W);
  const blows = Math.min(2, p.attacks.length);
  const parts: Rand[] = [];
  for (let i = 0; i < blows; i++) {
    const w = i === 0 ? pure(W) : divRandRound(20 + W, 3, `second blow's speed: (20 + ${W}) / 3, rounded at random`);
    parts.push(andThen(w, (v) => map(divRandRound(v - 10, 2, `weapon energy: (${v} - 10) / 2, rounded at random`), (x) => Math.max(0, x))));
  }
  const extra = sum(parts);
  if (!t) return MONSTER_ACTION + Math.round(extra.law().mean().toNumber() * K);
  if (t.recording) t.rule(SECTION_MONSTER_TIME, `${name}: the time its attack takes`);
  return MONSTER_ACTION + extra.roll(t) * K;
}
