/**
 * The pinned mapping from generator words to `Stream.int(n)` values, written independently of the
 * implementation (shared by the rng tests).
 */
export const TWO32 = 2 ** 32;
/** Up to this range int(n) uses Lemire's multiply-and-shift; above it, modulo with rejection. */
export const LEMIRE_MAX = 2 ** 21;

/**
 * What int(n) must return for one attempt, written with BigInt so the arithmetic is independent
 * of the implementation's doubles: `undefined` when the attempt is rejected. The mapping of words
 * to values is part of the replay format (every saved duel depends on it), so it is pinned here.
 * - n <= 2^21 (Lemire): m = word * n; the value is m >> 32; reject when m mod 2^32 < 2^32 mod n.
 * - 2^21 < n <= 2^32: reject words at or above the largest multiple of n; the value is word mod n.
 * - n > 2^32: two words make r = (first >>> 11) * 2^32 + second, 53 bits; reject r at or above the
 *   largest multiple of n below 2^53; the value is r mod n.
 */
export function referenceMap(n: number, first: number, second = 0): number | undefined {
  const w = BigInt(first);
  const N = BigInt(n);
  const T = 2n ** 32n;
  if (n <= LEMIRE_MAX) {
    const m = w * N;
    return m % T < T % N ? undefined : Number(m >> 32n);
  }
  if (n <= TWO32) return w < T - (T % N) ? Number(w % N) : undefined;
  const r = (w >> 11n) * T + BigInt(second);
  const T53 = 2n ** 53n;
  return r < T53 - (T53 % N) ? Number(r % N) : undefined;
}
