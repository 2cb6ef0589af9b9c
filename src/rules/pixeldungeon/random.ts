import { Distribution } from '../../core/distribution.js';
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
 * a + floor((i + j)/2), plus one more when i + j is odd and f1 + f2 >= 1, which has probability
 * exactly 1/2. So two uniform rolls and, on an odd sum, a fair coin reproduce the game's
 * triangular law exactly.
 */
export function normalIntRange(t: Tracer, a: number, b: number, label: string): number {
  if (b <= a) return a;
  const n = b - a + 1;
  const i = t.roll(0, n - 1, 'first part of the centre-biased roll');
  const j = t.roll(0, n - 1, 'second part of the centre-biased roll');
  const s = i + j;
  let v = a + (s >> 1);
  let coin = 0;
  if (s & 1) coin = t.roll(0, 1, 'odd sum: coin for the halves');
  v += coin;
  if (t.recording) t.value(label, v, `${a} + (${i} + ${j}${s & 1 ? ` + coin ${coin}` : ''}) / 2, range ${a}-${b}`);
  return v;
}

/** The exact law of NormalIntRange(a, b): P(a+k) = 2(2k+1)/n^2 on the lower half, symmetric. */
export function normalIntRangeDist(a: number, b: number): Distribution {
  if (b <= a) return Distribution.constant(a);
  const n = b - a + 1;
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
