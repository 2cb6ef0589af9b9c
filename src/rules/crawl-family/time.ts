import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, actionTime, armed, shieldOf } from './character.js';
import { div } from './random.js';
import type { MonsterAttackPlan } from './monster-melee.js';
import { K, MONSTER_ACTION } from './state.js';
import type { TimeRule } from './variant.js';

/**
 * The time of the hero's attack as Crawl 4.00 beta 20 counts it (Stone Soup's seed keeps it):
 * the weapon's speed, its floor, the shield and the speed brand.
 */

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

/** Crawl 4.00 beta 20's attack time, rolled without a draw. */
export const CLASSIC_TIME: TimeRule = {
  expected: (c: CrCharacter, _edition: Edition, hh: boolean, fast: boolean | null): Fraction => Fraction.of(attackTime(c, actionTime(c), weaponSpeed(c, hh, fast).ws)),
  roll(t: Tracer, c: CrCharacter, _edition: Edition, hh: boolean, fast: boolean | null, base: number): number {
    const ws = weaponSpeed(c, hh, fast);
    const time = attackTime(c, base, ws.ws);
    if (t.recording) {
      t.value('weapon speed', ws.ws, ws.text);
      t.value('time taken', time, `${base}${armed(c)?.brand === 'speed' ? ' halved (speed)' : ''} x ${ws.ws} / 10`);
    }
    return time;
  },
  cost: (c: CrCharacter): number => attackTime(c, actionTime(c), weaponSpeed(c, false, false).ws) * K,
};

/** A monster's melee round in ticks (Crawl 4.0): 10, and for each weapon blow (weapon speed `W` - 10) / 2, the later blows at (20 + W) / 3. */
export function classicMonsterAttackTime(p: MonsterAttackPlan, W: number): number {
  let cost = MONSTER_ACTION;
  p.attacks.forEach((_m, i) => {
    const ws = i > 0 ? div(20 + W, 3) : W;
    cost += div(ws - 10, 2) * K;
  });
  return cost;
}
