import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { intBelow, intRange, normalIntRange, normalIntRangeDist } from './random.js';

export const SECTION_NOTICE = 'pixel-dungeon#noticing';
export const SECTION_STATUS = 'pixel-dungeon#statuses';

/**
 * A sleeping mob wakes when its enemy is in view and Int(distance + stealth + 2 if the enemy
 * flies) comes up 0; a wandering mob notices on Int(distance / 2 + stealth) == 0, or at once
 * after being hurt. (The seed has no formula for noticing; these are the game's, Mob.java.)
 * @spoiler pixel-dungeon#surprise-attack
 */
export function noticeOdds(state: 'sleeping' | 'wandering', distance: number, stealth: number, enemyFlies: boolean, alerted: boolean): { n: number; chance: Fraction } {
  if (state === 'wandering' && alerted) return { n: 1, chance: Fraction.ONE };
  const n = state === 'sleeping' ? distance + stealth + (enemyFlies ? 2 : 0) : Math.floor(distance / 2) + stealth;
  return { n, chance: n <= 1 ? Fraction.ONE : Fraction.of(1, n) };
}

export function noticeRoll(t: Tracer, state: 'sleeping' | 'wandering', distance: number, stealth: number, enemyFlies: boolean, alerted: boolean): boolean {
  if (t.recording) t.rule(SECTION_NOTICE, state === 'sleeping' ? 'Does the sleeper wake?' : 'Does the wanderer notice?');
  if (state === 'wandering' && alerted) {
    if (t.recording) t.note('it was hurt since its last turn: it notices at once');
    return true;
  }
  const { n, chance } = noticeOdds(state, distance, stealth, enemyFlies, alerted);
  if (t.recording) {
    const parts =
      state === 'sleeping'
        ? `distance ${distance} + stealth ${stealth}${enemyFlies ? ' + 2 (flying)' : ''}`
        : `distance ${distance} / 2 + stealth ${stealth}`;
    t.value('notice range n', n, parts);
    t.odds('chance to notice this turn', chance.num, chance.den);
  }
  if (n <= 1) return true;
  return t.check('Int(n) == 0', t.roll(0, n - 1, 'notice roll Int(n)'), '==', 0);
}

/** Bleeding: each turn the level becomes Int(level/2, level); that much damage, or it stops at 0. */
export function bleedingTick(t: Tracer, level: number): number {
  if (t.recording) t.rule(SECTION_STATUS, 'Bleeding');
  return intBelow(t, Math.floor(level / 2), level, 'bleeding Int(level/2, level)');
}

export function bleedingTickDist(level: number): Distribution {
  const lo = Math.floor(level / 2);
  return level <= lo + 1 ? Distribution.constant(lo) : Distribution.uniform(lo, level - 1);
}

/** Poison: each turn deals left/3 + 1 (integer division), then one less remains. */
export function poisonDamage(left: number): number {
  return Math.floor(left / 3) + 1;
}

/**
 * Damage can shake off paralysis: the victim breaks free when Int(damage) >= Int(HP), with HP
 * before the hit (Char.damage).
 */
export function breaksFree(t: Tracer, damage: number, hp: number): boolean {
  if (t.recording) t.rule(SECTION_STATUS, 'Paralysis: does the blow shake it off?');
  const a = damage > 0 ? t.roll(0, damage - 1, 'Int(damage)') : 0;
  const b = hp > 0 ? t.roll(0, hp - 1, 'Int(HP)') : 0;
  return t.check('Int(damage) >= Int(HP)', a, '>=', b);
}

export function breaksFreeChance(damage: number, hp: number): Fraction {
  const A = Math.max(damage, 1);
  const B = Math.max(hp, 1);
  let count = 0;
  for (let a = 0; a < A; a++) count += Math.min(a + 1, B); // b in 0..min(a, B-1)
  return Fraction.of(count, A * B);
}

/** A one-in-n chance (Random.Int(n) == 0). */
export function oneIn(t: Tracer, n: number, label: string): boolean {
  if (n <= 1) return true;
  return t.check(`${label}: Int(${n}) == 0`, t.roll(0, n - 1, label), '==', 0);
}

/**
 * A skeleton's death burst on one neighbour: NormalIntRange over the burst's range, less
 * IntRange(0, armour / 2), never below 0 (Skeleton.java).
 */
export function boneShards(t: Tracer, range: readonly [number, number], armour: number): number {
  if (t.recording) t.rule(SECTION_STATUS, 'Bone explosion');
  const raw = normalIntRange(t, range[0], range[1], 'bone shards');
  const absorbed = intRange(t, 0, Math.floor(armour / 2), 'armour absorbs (half armour)');
  return t.mod('- armour', raw, Math.max(0, raw - absorbed), `absorbed ${absorbed}`);
}

export function boneShardsDist(range: readonly [number, number], armour: number): Distribution {
  return normalIntRangeDist(range[0], range[1]).minusClamped(Distribution.uniform(0, Math.floor(armour / 2)));
}
