import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Fraction } from '../../src/core/fraction.js';
import { type TraceStep, compare } from '../../src/core/trace.js';
import { Duel, type DuelSetup, type TraceRecord } from '../../src/game/duel.js';

const content = loadContent();

/** A sleeping (or wandering) foe, the hero walking up to it under the AI. */
function noticeTraces(setup: Partial<DuelSetup>, seed: string): TraceRecord[] {
  const d = new Duel(
    { ruleset: 'pixel-dungeon', edition: 'spoiler', seed, hero: { template: 'warrior', options: {} }, foe: { template: 'rat', options: {} }, arena: 'hall', heroControl: 'ai', maxTurns: 300, ...setup } as DuelSetup,
    content,
    { tracing: true },
  );
  for (let i = 0; i < 400 && !d.outcome; i++) d.step();
  return d.traces.filter((t) => t.steps.some((s) => s.kind === 'odds' && /notice|hear/.test(s.label)));
}

/**
 * The odds a noticing trace records, against counting every value of its roll: the share of the
 * roll's range that gives the outcome the check recorded (Angband's noise roll is cubed first).
 */
function counted(steps: readonly TraceStep[]): Fraction {
  const roll = [...steps].reverse().find((s) => s.kind === 'roll');
  const check = [...steps].reverse().find((s) => s.kind === 'check');
  if (!roll || roll.kind !== 'roll' || !check || check.kind !== 'check') throw new Error('a noticing roll has a roll and a check');
  const f = /cubed/.test(check.label) ? (v: number) => v ** 3 : (v: number) => v;
  let same = 0;
  for (let v = roll.lo; v <= roll.hi; v++) if (compare(f(v), check.op, check.rhs) === check.pass) same++;
  return Fraction.of(same, roll.hi - roll.lo + 1);
}

const CASES: readonly [string, Partial<DuelSetup>][] = [
  ['Stone Soup spoiler', { ruleset: 'stone-soup-0.5.2', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, foeState: 'sleeping' }],
  ['Stone Soup source', { ruleset: 'stone-soup-0.5.2', edition: 'source', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, foeState: 'wandering' }],
  ['Crawl 4.0b20', { ruleset: 'crawl-4.0b20', hero: { template: 'elf-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, foeState: 'sleeping' }],
  ['Angband 3.0.5', { ruleset: 'angband-3.0.5', hero: { template: 'hobbit-rogue', options: {} }, foe: { template: 'uruk', options: {} }, foeState: 'sleeping' }],
];

describe('every noticing roll records the exact odds of what it did', () => {
  it.each(CASES)('%s', (_name, setup) => {
    let rolled = 0;
    for (const seed of ['1', '2', '3']) {
      for (const t of noticeTraces(setup, seed)) {
        const odds = [...t.steps].reverse().find((s) => s.kind === 'odds');
        if (!odds || odds.kind !== 'odds') continue;
        const recorded = Fraction.of(BigInt(odds.num), BigInt(odds.den));
        const rolls = t.steps.some((s) => s.kind === 'roll');
        // A certain or impossible outcome rolls nothing: its odds are 1.
        if (!rolls) expect(recorded.toString()).toBe('1');
        else {
          rolled++;
          expect(recorded.toString(), t.title).toBe(counted(t.steps).toString());
        }
      }
    }
    expect(rolled).toBeGreaterThan(0);
  });
});
