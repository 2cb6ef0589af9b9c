import { Distribution, checkLawWork } from '../../core/distribution.js';
import type { Die } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';

/**
 * Pixel Dungeon's random helpers (PD-classes Random.java) as exact integer draws.
 * @spoiler pixel-dungeon#calculate-damage
 */

/** IntRange(a, b): uniform on a..b inclusive. */
export function intRange(t: Tracer, a: number, b: number, label: string): number {
  if (b <= a) return a;
  return t.roll(a, b, label);
}

/** Int(a, b): uniform on a..b-1 (the upper bound excluded); a when b <= a + 1. */
export function intBelow(t: Tracer, a: number, b: number, label: string): number {
  if (b <= a + 1) return a;
  return t.roll(a, b - 1, label);
}

/**
 * NormalIntRange(a, b): the game computes a + trunc((U1 + U2) x n / 2) with n = b - a + 1.
 * Write U1 = (i + f1)/n, U2 = (j + f2)/n with i, j uniform on 0..n-1: the result is
 * a + floor((i + j + c) / 2), where the coin c says whether f1 + f2 reached 1, which has
 * probability exactly 1/2 (it only matters when i + j is odd). One uniform draw on 0..2n^2-1
 * gives the three parts at once, so this is the game's triangular law exactly.
 */
export function normalIntRange(t: Tracer, a: number, b: number, label: string): number {
  if (b <= a) return a;
  const n = b - a + 1;
  const nn = n * n;
  let r = t.roll(0, 2 * nn - 1, 'centre-biased draw');
  const coin = r >= nn ? 1 : 0;
  r -= coin * nn;
  const i = Math.floor(r / n);
  const j = r - i * n;
  const v = a + ((i + j + coin) >> 1);
  if (t.recording) traceNormal(t, label, v, a, b, i, j, coin);
  return v;
}

function traceNormal(t: Tracer, label: string, v: number, a: number, b: number, i: number, j: number, coin: number): void {
  t.value(label, v, `parts ${i} and ${j} of 0-${b - a}, coin ${coin}: ${a} + (${i} + ${j} + ${coin}) / 2 rounded down, range ${a}-${b}`);
}

/** The exact law of NormalIntRange(a, b): P(a+k) = 2(2k+1)/n^2 on the lower half, symmetric. */
export function normalIntRangeDist(a: number, b: number): Distribution {
  if (b <= a) return Distribution.constant(a);
  const n = b - a + 1;
  checkLawWork(`NormalIntRange(${a}, ${b})`, n * n);
  // Weights over 2 n^2: each (i, j) pair has weight 2, an odd sum splits it 1 + 1.
  const w = new Array<bigint>(n).fill(0n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const s = i + j;
      const k = s >> 1;
      if (s & 1) {
        w[k] = (w[k] ?? 0n) + 1n;
        w[k + 1] = (w[k + 1] ?? 0n) + 1n;
      } else w[k] = (w[k] ?? 0n) + 2n;
    }
  }
  return Distribution.fromWeights(a, w);
}

/** Java's float arithmetic: round to the nearest float32. */
export const f32 = Math.fround;

// ---------------------------------------------------------------------------------------------
// The same draws as dice (src/core/rule.ts): each rolls through the function above and knows its
// exact law, so a rule written as a list of steps over them gives its roll, its trace and its law.

/** IntRange(a, b) as a die. */
export class IntRangeDie implements Die {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {}
  get text(): string {
    return `IntRange(${this.a}, ${this.b})`;
  }
  roll(t: Tracer, label: string): number {
    return intRange(t, this.a, this.b, label);
  }
  law(): Distribution {
    return this.b <= this.a ? Distribution.constant(this.a) : Distribution.uniform(this.a, this.b);
  }
}

/** Int(a, b) as a die: the upper bound excluded. */
export class IntBelowDie implements Die {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {}
  get text(): string {
    return `Int(${this.a}, ${this.b})`;
  }
  roll(t: Tracer, label: string): number {
    return intBelow(t, this.a, this.b, label);
  }
  law(): Distribution {
    return this.b <= this.a + 1 ? Distribution.constant(this.a) : Distribution.uniform(this.a, this.b - 1);
  }
}

/**
 * Int(n) as a die: uniform on 0..n-1, drawn whenever n is positive (a range of one is still a
 * draw), 0 without a draw otherwise.
 */
export class IntDie implements Die {
  constructor(readonly n: number) {}
  get text(): string {
    return `Int(${this.n})`;
  }
  roll(t: Tracer, label: string): number {
    return this.n > 0 ? t.roll(0, this.n - 1, label) : 0;
  }
  law(): Distribution {
    return this.n > 0 ? Distribution.uniform(0, this.n - 1) : Distribution.constant(0);
  }
}

/** NormalIntRange(a, b) as a die. */
export class NormalIntRangeDie implements Die {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {}
  get text(): string {
    return `NormalIntRange(${this.a}, ${this.b})`;
  }
  roll(t: Tracer, label: string): number {
    return normalIntRange(t, this.a, this.b, label);
  }
  law(): Distribution {
    return normalIntRangeDist(this.a, this.b);
  }
}

/**
 * A one-in-n chance, Random.Int(n) == 0, as a die: 1 when it comes up. No draw when n <= 1 (it
 * always comes up); `check` names the comparison in the trace.
 */
export class OneInDie implements Die {
  constructor(
    readonly n: number,
    readonly check: string,
  ) {}
  get text(): string {
    return `Int(${this.n}) == 0`;
  }
  roll(t: Tracer, label: string): number {
    if (this.n <= 1) return 1;
    return t.check(this.check, t.roll(0, this.n - 1, label), '==', 0) ? 1 : 0;
  }
  law(): Distribution {
    return this.n <= 1 ? Distribution.constant(1) : Distribution.fromWeights(0, [BigInt(this.n - 1), 1n]);
  }
}

/** A one-in-n chance (Random.Int(n) == 0). */
export function oneIn(t: Tracer, n: number, label: string): boolean {
  return new OneInDie(n, `${label}: Int(${n}) == 0`).roll(t, label) === 1;
}
