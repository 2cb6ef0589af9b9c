/**
 * Shared helpers for the Pixel Dungeon rule tests. Nothing here computes an expected number:
 * helpers only enumerate, aggregate and build inputs, so the expectations stay in the tests.
 */
import { expect } from 'vitest';
import { enumerateRolls } from '../../../src/core/enumerate.js';
import { Fraction } from '../../../src/core/fraction.js';
import type { Rng } from '../../../src/core/rng.js';
import { NullTracer, RecordingTracer, type Tracer, type TraceStep } from '../../../src/core/trace.js';
import { loadContent } from '../../../src/content/index.js';
import type { HeroAttackKind, PdHeroSheet } from '../../../src/rules/pixeldungeon/stats.js';
import type { PdArmour, PdClass, PdMeleeWeapon, PdMissileWeapon, PdMonster, PdSubclassId, PdTables } from '../../../src/rules/pixeldungeon/types.js';
import type { PdDefender } from '../../../src/rules/pixeldungeon/combat.js';

export const tables: PdTables = loadContent().pixelDungeon;

function find<T extends { id: string }>(list: readonly T[], id: string, what: string): T {
  const r = list.find((x) => x.id === id);
  if (!r) throw new Error(`no ${what} "${id}" in the data`);
  return r;
}

export const cls = (id: PdClass['id']): PdClass => find(tables.classes, id, 'class');
export const weapon = (id: string): PdMeleeWeapon => find(tables.meleeWeapons, id, 'melee weapon');
export const missile = (id: string): PdMissileWeapon => find(tables.missileWeapons, id, 'missile weapon');
export const armour = (id: string): PdArmour => find(tables.armours, id, 'armour');
export const monster = (id: string): PdMonster => find(tables.monsters, id, 'monster');

export interface SheetSpec {
  cls: PdClass['id'];
  subclass?: PdSubclassId;
  level: number;
  strength?: number;
  weapon?: string;
  weaponLevel?: number;
  armour?: string;
  armourLevel?: number;
  weakened?: boolean;
}

export function sheet(s: SheetSpec): PdHeroSheet {
  const c = cls(s.cls);
  return {
    cls: c,
    subclass: s.subclass ?? 'none',
    level: s.level,
    strength: s.strength ?? c.strength,
    weakened: s.weakened ?? false,
    ...(s.weapon ? { weapon: { def: weapon(s.weapon), level: s.weaponLevel ?? 0 } } : {}),
    ...(s.armour ? { armour: { def: armour(s.armour), level: s.armourLevel ?? 0 } } : {}),
  };
}

export const MELEE: HeroAttackKind = { kind: 'melee' };
export const thrown = (id: string): HeroAttackKind => ({ kind: 'thrown', missile: missile(id) });

export function mobDefender(
  id: string,
  o: { enemySeen?: boolean; paralysed?: boolean; state?: 'sleeping' | 'wandering' | 'hunting' | 'fleeing'; onWater?: boolean } = {},
): PdDefender {
  const m = monster(id);
  return {
    kind: 'monster',
    monster: m,
    paralysed: o.paralysed ?? false,
    enemySeen: o.enemySeen ?? true,
    state: o.state ?? 'hunting',
    onWater: o.onWater ?? false,
    flying: m.flying,
  };
}

export function heroDefender(s: PdHeroSheet, o: { sawAttacker?: boolean; paralysed?: boolean; onWater?: boolean } = {}): PdDefender {
  return { kind: 'hero', sheet: s, paralysed: o.paralysed ?? false, sawAttacker: o.sawAttacker ?? true, onWater: o.onWater ?? false, flying: false };
}

/** An Rng that fails the test if anything draws from it. */
export const NO_DRAWS: Rng = {
  int(n: number): number {
    throw new Error(`unexpected draw from a range of ${n}`);
  },
};

/** A tracer that records, over an Rng that must not be drawn from. */
export const recorder = (rng: Rng = NO_DRAWS): RecordingTracer => new RecordingTracer(rng);
export const silent = (rng: Rng = NO_DRAWS): Tracer => new NullTracer(rng);

/** The ids of every 'edition' step in a trace. */
export function editionIds(steps: readonly TraceStep[]): string[] {
  return steps.flatMap((s) => (s.kind === 'edition' ? [s.divergence] : []));
}

/**
 * Runs `fn` over every draw sequence (through a NullTracer) and sums the exact probability of
 * each distinct key. Also checks that the probabilities add up to exactly one.
 */
export function exactLaw<T>(fn: (t: Tracer) => T, key: (v: T) => string | number, maxLeaves?: number): Map<string | number, Fraction> {
  const leaves = enumerateRolls((rng) => fn(new NullTracer(rng)), maxLeaves);
  const acc = new Map<string | number, { num: bigint; den: bigint }>();
  let totalNum = 0n;
  let totalDen = 1n;
  for (const { prob, value } of leaves) {
    const k = key(value);
    const cur = acc.get(k) ?? { num: 0n, den: 1n };
    acc.set(k, addRaw(cur, prob));
    const t = addRaw({ num: totalNum, den: totalDen }, prob);
    totalNum = t.num;
    totalDen = t.den;
  }
  if (!Fraction.of(totalNum, totalDen).equals(Fraction.ONE)) throw new Error('enumerated probabilities do not sum to 1');
  const out = new Map<string | number, Fraction>();
  for (const [k, v] of acc) out.set(k, Fraction.of(v.num, v.den));
  return out;
}

/** Adds without reducing when one denominator divides the other (the usual case here). */
function addRaw(a: { num: bigint; den: bigint }, p: Fraction): { num: bigint; den: bigint } {
  if (a.den === p.den) return { num: a.num + p.num, den: a.den };
  if (a.den % p.den === 0n) return { num: a.num + p.num * (a.den / p.den), den: a.den };
  if (p.den % a.den === 0n) return { num: a.num * (p.den / a.den) + p.num, den: p.den };
  return { num: a.num * p.den + p.num * a.den, den: a.den * p.den };
}

/** Fraction shorthand. */
export const F = (num: number | bigint, den: number | bigint = 1): Fraction => Fraction.of(num, den);

/** Asserts two fractions are equal (fractions are kept reduced, so the text is canonical). */
export function expectFrac(actual: Fraction, expected: Fraction): void {
  expect(actual.toString()).toBe(expected.toString());
}

/**
 * The single draw NormalIntRange(a, b) takes for parts i and j (0..n-1) and coin c: the draw is
 * uniform on 0..2n^2-1 and splits as c*n^2 + i*n + j.
 */
export const centreDraw = (n: number, i: number, j: number, coin = 0): number => coin * n * n + i * n + j;
