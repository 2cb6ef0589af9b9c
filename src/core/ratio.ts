/**
 * Small exact rationals in plain numbers, for the hot path of rules (accuracies such as
 * 14 x 6/5 / (3/2)^3). Numerators and denominators stay far below 2^53 for every value the
 * rulesets build; `ratio()` checks that.
 */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

export function gcdInt(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export function lcmInt(a: number, b: number): number {
  return (a / gcdInt(a, b)) * b;
}

export function ratio(num: number, den = 1): Ratio {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) {
    throw new RangeError(`ratio ${num}/${den} is not a ratio of safe integers`);
  }
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const g = gcdInt(num, den) || 1;
  return { num: num / g, den: den / g };
}

export function ratioMul(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

export function ratioDiv(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den, a.den * b.num);
}

export function ratioValue(r: Ratio): number {
  return r.num / r.den;
}

/** An exact ratio for a short decimal from a data file (1.2 -> 6/5, 0.5 -> 1/2). */
export function ratioOfDecimal(x: number): Ratio {
  for (let den = 1; den <= 1_000_000; den *= 10) {
    const num = Math.round(x * den);
    if (Math.abs(num / den - x) < 1e-12) return ratio(num, den);
  }
  throw new RangeError(`${x} has more than six decimals`);
}

/** "16.8", "4.98 (672/135)": the value with two decimals, and the exact fraction if it is not short. */
export function formatRatio(r: Ratio): string {
  const v = r.num / r.den;
  const short = Number.isInteger(v * 100);
  const text = Number.isInteger(v) ? String(v) : short ? String(Number(v.toFixed(2))) : v.toFixed(2);
  return short ? text : `${text} (${r.num}/${r.den})`;
}
