import { describe, expect, it } from 'vitest';
import { NullTracer, RecordingTracer, ScriptedRng, compare, type CompareOp, type Tracer } from '../../src/core/trace.js';
import { Stream } from '../../src/core/rng.js';

describe('compare', () => {
  it.each<[number, CompareOp, number, boolean]>([
    [3, '>=', 3, true],
    [2, '>=', 3, false],
    [3, '>', 3, false],
    [4, '>', 3, true],
    [3, '<', 3, false],
    [2, '<', 3, true],
    [3, '<=', 3, true],
    [4, '<=', 3, false],
    [3, '==', 3, true],
    [3, '==', 4, false],
  ])('%d %s %d is %s', (l, op, r, pass) => {
    expect(compare(l, op, r)).toBe(pass);
  });
});

describe('ScriptedRng', () => {
  it('returns the scripted values in order and records the ranges asked', () => {
    const rng = new ScriptedRng([2, 0, 5]);
    expect([rng.int(3), rng.int(1), rng.int(6)]).toEqual([2, 0, 5]);
    expect(rng.ranges).toEqual([3, 1, 6]);
    expect(rng.used).toBe(3);
  });

  it('fails loudly when a value is out of range', () => {
    expect(() => new ScriptedRng([3]).int(3)).toThrow(/outside/);
    expect(() => new ScriptedRng([-1]).int(3)).toThrow(/outside/);
  });

  it('fails loudly when the script runs out', () => {
    const rng = new ScriptedRng([1]);
    rng.int(2);
    expect(() => rng.int(2)).toThrow(/ran out after 1/);
  });
});

describe('tracers', () => {
  it('NullTracer rolls lo + int(hi - lo + 1) and records nothing', () => {
    const rng = new ScriptedRng([0, 4, 2]);
    const t: Tracer = new NullTracer(rng);
    expect(t.recording).toBe(false);
    expect(t.roll(1, 5, 'a')).toBe(1);
    expect(t.roll(1, 5, 'b')).toBe(5);
    expect(t.roll(-3, 3, 'c')).toBe(-1);
    expect(rng.ranges).toEqual([5, 5, 7]);
    expect(t.mod('m', 1, 9, 'why')).toBe(9);
    expect(t.check('c', 2, '>=', 3)).toBe(false);
    expect(t.value('v', 7, 'd')).toBe(7);
  });

  it('RecordingTracer and NullTracer draw the same numbers from the same stream', () => {
    const a: Tracer = new NullTracer(new Stream('x', 'same'));
    const b = new RecordingTracer(new Stream('x', 'same'));
    for (let i = 0; i < 50; i++) expect(b.roll(1, 20, 'd20')).toBe(a.roll(1, 20, 'd20'));
  });

  it('RecordingTracer records each step with the citation of the current rule', () => {
    const t = new RecordingTracer(new ScriptedRng([3]));
    t.rule('pixel-dungeon#hit-test', 'Hit test');
    expect(t.roll(0, 9, 'accuracy roll', 10)).toBe(3);
    expect(t.mod('acc', 10, 12, 'ring')).toBe(12);
    expect(t.check('hit', 12, '>=', 4)).toBe(true);
    t.value('dmg', 5, 'roll');
    t.note('n');
    t.edition('pd-1', 'text');
    t.odds('p', 37n, 42n);
    const c = 'pixel-dungeon#hit-test';
    expect(t.steps).toEqual([
      { kind: 'rule', cite: c, title: 'Hit test' },
      { kind: 'roll', cite: c, label: 'accuracy roll', lo: 0, hi: 9, value: 3, scale: 10 },
      { kind: 'mod', cite: c, label: 'acc', before: 10, after: 12, reason: 'ring' },
      { kind: 'check', cite: c, label: 'hit', lhs: 12, op: '>=', rhs: 4, pass: true, scale: 1 },
      { kind: 'value', cite: c, label: 'dmg', value: 5, detail: 'roll' },
      { kind: 'note', cite: c, text: 'n' },
      { kind: 'edition', cite: c, divergence: 'pd-1', text: 'text' },
      { kind: 'odds', cite: c, label: 'p', num: '37', den: '42' },
    ]);
  });
});
