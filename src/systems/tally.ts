import { lawAsNumbers } from '../core/luck.js';
import type { AttackOption, AttackOutcome } from '../rules/ruleset.js';
import type { AttackTally, DuelTally, ExactTally } from './state.js';

/** Adds `by` at `i`, growing the array with zeros. */
export function addAt(a: number[], i: number, by: number): void {
  while (a.length <= i) a.push(0);
  a[i] = (a[i] as number) + by;
}

/** Adds a law (index: value) into a running sum of laws; returns its mean. */
function addLaw(into: number[], law: readonly number[]): number {
  let mean = 0;
  for (let v = 0; v < law.length; v++) {
    const p = law[v] as number;
    if (p === 0) continue;
    addAt(into, v, p);
    mean += v * p;
  }
  return mean;
}

export function emptyExact(): ExactTally {
  return { blows: 0, hits: 0, damage: 0, damageSq: 0, hitSum: 0, meanSum: 0, law: [], seen: [], rounds: 0, roundDamage: 0, roundDamageSq: 0, roundMeanSum: 0, roundLaw: [], roundSeen: [] };
}

export function emptyAttackTally(exact: boolean): AttackTally {
  return { attacks: 0, hits: 0, damage: 0, blows: 0, blowHits: 0, tags: {}, exact: exact ? emptyExact() : null };
}

/**
 * Counts one resolved attack: its blows and their tags, and with exact counting each blow's and
 * the attack's law beside what they dealt, and the attack itself for the exchange check.
 */
export function tallyAttack(
  tally: DuelTally,
  side: 0 | 1,
  option: AttackOption,
  out: AttackOutcome,
  at: { time: number; defenderHp: number; aliveAtZero: boolean },
): void {
  const t = (tally.attacks[side][option.kind] ??= emptyAttackTally(tally.exact));
  t.attacks++;
  if (out.hit) t.hits++;
  t.damage += out.damage;
  for (const b of out.blows) {
    t.blows++;
    if (b.hit) t.blowHits++;
    for (const tag of b.tags) t.tags[tag] = (t.tags[tag] ?? 0) + 1;
  }
  const law = out.luck ? lawAsNumbers(out.luck.law) : null;
  if (tally.exact) tally.actions.push({ side, time: at.time, kind: option.kind === 'melee' ? 'melee' : 'projectile', law, defenderHp: at.defenderHp, aliveAtZero: at.aliveAtZero, cost: out.cost });
  const x = t.exact;
  if (!x) return;
  for (const b of out.blows) {
    if (!b.hitChance || !b.law) continue;
    x.blows++;
    if (b.hit) x.hits++;
    x.damage += b.damage;
    x.damageSq += b.damage * b.damage;
    x.hitSum += b.hitChance.toNumber();
    x.meanSum += addLaw(x.law, lawAsNumbers(b.law));
    addAt(x.seen, b.damage, 1);
  }
  if (law && out.luck) {
    const dealt = out.luck.dealt;
    x.rounds++;
    x.roundDamage += dealt;
    x.roundDamageSq += dealt * dealt;
    x.roundMeanSum += addLaw(x.roundLaw, law);
    addAt(x.roundSeen, dealt, 1);
  }
}

/** Merges `b` into `a` (fixed order keeps floating point sums identical). */
export function mergeAttackTally(a: AttackTally, b: AttackTally): void {
  a.attacks += b.attacks;
  a.hits += b.hits;
  a.damage += b.damage;
  a.blows += b.blows;
  a.blowHits += b.blowHits;
  for (const [tag, n] of Object.entries(b.tags) as [keyof AttackTally['tags'], number][]) a.tags[tag] = (a.tags[tag] ?? 0) + n;
  if (!b.exact) return;
  const x = (a.exact ??= emptyExact());
  const y = b.exact;
  for (const k of ['blows', 'hits', 'damage', 'damageSq', 'hitSum', 'meanSum', 'rounds', 'roundDamage', 'roundDamageSq', 'roundMeanSum'] as const) x[k] += y[k];
  for (const k of ['law', 'seen', 'roundLaw', 'roundSeen'] as const) y[k].forEach((v, i) => v !== 0 && addAt(x[k], i, v));
}
