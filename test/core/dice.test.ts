import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diceDistribution, diceMax, diceMin, formatDice, parseDice, rollDice, type Dice } from '../../src/core/dice.js';
import { Fraction } from '../../src/core/fraction.js';
import { enumerateRolls } from '../../src/core/enumerate.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../src/core/trace.js';

/** The exact distribution of rollDice, by running it over every possible sequence of rolls. */
function enumeratedTable(dice: Dice): Map<number, Fraction> {
  const t = new Map<number, Fraction>();
  for (const o of enumerateRolls((rng) => rollDice(new NullTracer(rng), dice, 'dmg'))) {
    t.set(o.value, (t.get(o.value) ?? Fraction.ZERO).add(o.prob));
  }
  return t;
}

function expectMatchesEnumeration(dice: Dice): void {
  const d = diceDistribution(dice);
  const t = enumeratedTable(dice);
  const fromDist = d.entries().map(([v, p]) => [v, p.toString()]);
  const fromEnum = [...t.entries()].sort((a, b) => a[0] - b[0]).map(([v, p]) => [v, p.toString()]);
  expect(fromDist).toEqual(fromEnum);
}

describe('parseDice', () => {
  it.each([
    ['2d6+3', 2, 6, 3, '2d6+3'],
    ['2d6-3', 2, 6, -3, '2d6-3'],
    ['1d1', 1, 1, 0, '1d1'],
    ['3d4+1', 3, 4, 1, '3d4+1'],
    [' 2d6 + 3 ', 2, 6, 3, '2d6+3'],
    ['1d650', 1, 650, 0, '1d650'],
    ['100d1000', 100, 1000, 0, '100d1000'],
    ['5', 0, 0, 5, '5'],
    ['+5', 0, 0, 5, '5'],
    ['-2', 0, 0, -2, '-2'],
    ['0', 0, 0, 0, '0'],
    ['0d6+5', 0, 6, 5, '5'],
  ])('%j -> count %i, sides %i, bonus %i, text %s', (text, count, sides, bonus, canonical) => {
    const d = parseDice(text);
    expect([d.count, d.sides, d.bonus, d.text]).toEqual([count, sides, bonus, canonical]);
    expect(Object.isFrozen(d)).toBe(true);
  });

  it.each(['', '   ', 'd6', '2d', '2x6', '2d6+', '2d6++3', '2d6+3d4', 'abc', '1.5d6', '2d6 3', '-1d6', '1d0', '256d6', '1d1001', '1d6+1000001', '1000001'])(
    'rejects %j naming the text',
    (text) => {
      expect(() => parseDice(text)).toThrow(Error);
      expect(() => parseDice(text)).toThrow(`"${text}"`);
    },
  );

  it('accepts "0d0+5": zero dice roll nothing, whatever their sides', () => {
    const d = parseDice('0d0+5');
    expect([d.count, d.bonus]).toEqual([0, 5]);
    expect(diceDistribution(d).equals(diceDistribution(parseDice('5')))).toBe(true);
  });

  it('formatDice round-trips through parseDice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: -50, max: 50 }), (c, s, b) => {
        const text = formatDice(c, s, b);
        const d = parseDice(text);
        expect([d.count, d.sides, d.bonus, d.text]).toEqual([c, s, b, text]);
      }),
    );
  });
});

describe('rollDice', () => {
  it('rolls one traced 1..sides roll per die and adds the bonus', () => {
    const rng = new ScriptedRng([0, 3, 2]);
    const t = new RecordingTracer(rng);
    expect(rollDice(t, parseDice('3d4+1'), 'damage')).toBe(1 + 1 + 4 + 3);
    expect(rng.ranges).toEqual([4, 4, 4]);
    expect(t.steps).toEqual([
      { kind: 'roll', cite: '', label: 'damage', lo: 1, hi: 4, value: 1, scale: 1 },
      { kind: 'roll', cite: '', label: 'damage', lo: 1, hi: 4, value: 4, scale: 1 },
      { kind: 'roll', cite: '', label: 'damage', lo: 1, hi: 4, value: 3, scale: 1 },
    ]);
  });

  it('a bare bonus draws nothing', () => {
    const rng = new ScriptedRng([]);
    expect(rollDice(new NullTracer(rng), parseDice('7'), 'x')).toBe(7);
    expect(rng.used).toBe(0);
  });
});

describe('diceDistribution equals enumeration of rollDice', () => {
  it.each(['3d4+1', '1d1', '5', '0', '2d6', '2d6-3', '1d20', '4d3-10', '0d6+5'])('%s', (text) => {
    expectMatchesEnumeration(parseDice(text));
  });

  it('random small dice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: -5, max: 5 }), (c, s, b) => {
        expectMatchesEnumeration({ count: c, sides: s, bonus: b, text: formatDice(c, s, b) });
      }),
      { numRuns: 60 },
    );
  });

  it('min and max', () => {
    const d = parseDice('3d4+1');
    expect([diceMin(d), diceMax(d)]).toEqual([4, 13]);
    const dist = diceDistribution(d);
    expect([dist.min, dist.max]).toEqual([4, 13]);
    expect(dist.mean().toString()).toBe('17/2'); // 3 * 2.5 + 1
  });
});
