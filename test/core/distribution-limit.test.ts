import { describe, expect, it } from 'vitest';
import { diceDistribution, parseDice } from '../../src/core/dice.js';
import { Distribution, DistributionTooLarge, MAX_LAW_VALUES, MAX_LAW_WORK, mixture } from '../../src/core/distribution.js';
import { Fraction } from '../../src/core/fraction.js';
import { attacksLaw } from '../../src/rules/common.js';
import { normalIntRangeDist } from '../../src/rules/pixeldungeon/random.js';
import { attempt } from '../support/attempt.js';

/**
 * Exact laws refuse to grow past a stated size, with an error that says what was being built
 * and the limit, at once: before the array is made or the products are worked out.
 */

/** Runs `build`, expects a DistributionTooLarge whose message names `what`, and that it came at once. */
function expectRefused(build: () => unknown, what: RegExp): DistributionTooLarge {
  const { error: caught, ms } = attempt(build);
  expect(caught).toBeInstanceOf(DistributionTooLarge);
  const e = caught as DistributionTooLarge;
  expect(e).toBeInstanceOf(RangeError);
  expect(e.name).toBe('DistributionTooLarge');
  expect(e.message).toMatch(what);
  expect(e.message).toMatch(/^exact odds too large: /);
  expect(e.message).toContain(`more than the limit of ${e.limit}`);
  expect(e.message).not.toMatch(/\n/);
  expect(e.size).toBeGreaterThan(e.limit);
  // Refused before the work: well under a second even on a loaded machine.
  expect(ms).toBeLessThan(1000);
  return e;
}

describe('exact laws have a size limit', () => {
  it('states the limits: a quarter of a million values, 25 million products of weights', () => {
    expect(MAX_LAW_VALUES).toBe(250_000);
    expect(MAX_LAW_WORK).toBe(25_000_000);
  });

  it('a uniform law of a billion values is refused before its array is made', () => {
    const e = expectRefused(() => Distribution.uniform(0, 1e9), /the uniform law 0\.\.1000000000 would span 1000000001 values/);
    expect(e.measure).toBe('values');
    expect(e.limit).toBe(MAX_LAW_VALUES);
  });

  it('the largest uniform law allowed is made', () => {
    expect(Distribution.uniform(1, MAX_LAW_VALUES).weights.length).toBe(MAX_LAW_VALUES);
    expectRefused(() => Distribution.uniform(1, MAX_LAW_VALUES + 1), /would span 250001 values/);
  });

  it('a sum whose products would take too long is refused before any is worked out', () => {
    const a = Distribution.uniform(1, 100_000);
    const e = expectRefused(() => a.plus(a), /the sum of a law over 1\.\.100000 and one over 1\.\.100000 would take 10000000000 steps/);
    expect(e.measure).toBe('steps');
  });

  it('a sum counts only the values of positive weight: sparse laws (x5 for a slay) are cheap', () => {
    const sparse = Distribution.uniform(1, 2000).map((x) => 5 * x);
    const e = sparse.plus(sparse).plus(sparse);
    expect(e.min).toBe(15);
    expect(e.max).toBe(30_000);
    expect(e.mean().equals(Fraction.of(3 * 5 * 2001, 2))).toBe(true);
  });

  it('a map onto values far apart is refused (the law would span them all)', () => {
    expectRefused(() => Distribution.uniform(0, 1).map((x) => x * 1e9), /a law over 0\.\.1000000000 would span 1000000001 values/);
  });

  it('a combination and a mixture are refused the same way', () => {
    const a = Distribution.uniform(1, 10_000);
    expectRefused(() => a.combine(a, (x, y) => x - y), /a combination of a law over 1\.\.10000 and one over 1\.\.10000 would take 100000000 steps/);
    expectRefused(
      () => mixture([{ weight: Fraction.of(1, 2), dist: Distribution.constant(0) }, { weight: Fraction.of(1, 2), dist: Distribution.constant(1e9) }]),
      /a mixture of 2 laws over 0\.\.1000000000 would span/,
    );
  });

  it('dice: 255d1000 is refused, 25d100 (the Drolem) and 200d100 (Morgoth) are worked out', () => {
    expectRefused(() => diceDistribution(parseDice('255d1000')), /the dice 255d1000 would span 254746 values/);
    const drolem = diceDistribution(parseDice('25d100'));
    expect([drolem.min, drolem.max]).toEqual([25, 2500]);
    expect(drolem.mean().equals(Fraction.of(25 * 101, 2))).toBe(true);
    const morgoth = diceDistribution(parseDice('200d100'));
    expect(morgoth.weights.length).toBe(19_801);
    expect(morgoth.mean().equals(Fraction.of(200 * 101, 2))).toBe(true);
  });

  it("Pixel Dungeon's NormalIntRange over a million values is refused (its law takes the square of the range)", () => {
    expectRefused(() => normalIntRangeDist(0, 1_000_000), /NormalIntRange\(0, 1000000\) would take 1000002000001 steps/);
    expect(normalIntRangeDist(1, 40).max).toBe(40);
  });

  it('a sequence of attacks whose totals would grow too far is refused', () => {
    const hit = Distribution.uniform(0, 9_999);
    const branches = () => [{ p: Fraction.ONE, damage: hit }];
    expectRefused(() => attacksLaw(4, branches, () => true), /the law of 4 attacks in a row would take \d+ steps/);
  });
});
