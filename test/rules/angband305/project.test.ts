/**
 * spells1.c's project_p and project_m as rules: each projection type's damage against each
 * defence that matters, its exact law checked against brute-force enumeration of the code's
 * formula over every draw, and each side-effect branch with scripted draws.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { Distribution } from '../../../src/core/distribution.js';
import type { Rng } from '../../../src/core/rng.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import {
  type AcidArmour,
  type AngSideEffect,
  type HeroTarget,
  type MonsterState,
  heroDamageLaw,
  heroDamageSteps,
  heroSideEffects,
  monsterDamageLaw,
  monsterDamageSteps,
  monsterSideEffects,
  monsterTarget,
  projectHero,
  projectMonster,
} from '../../../src/rules/angband305/project.js';
import { lawOfSteps, rollSteps } from '../../../src/rules/angband305/steps.js';
import {
  ANG_PROJECTIONS,
  type AngCondition,
  type AngDefences,
  type AngImmunity,
  type AngMonster,
  type AngOpposition,
  type AngProjection,
  type AngResist,
} from '../../../src/rules/angband305/types.js';
import { exactLaw, expectFrac } from '../../support/odds.js';

interface DefSpec {
  immune?: readonly AngImmunity[];
  resist?: readonly AngResist[];
  oppose?: readonly AngOpposition[];
  holdLife?: boolean;
  savingThrow?: number;
}

function def(s: DefSpec = {}): AngDefences {
  return {
    immune: new Set(s.immune ?? []),
    resist: new Set(s.resist ?? []),
    oppose: new Set(s.oppose ?? []),
    sustain: new Set(),
    freeAction: false,
    holdLife: s.holdLife ?? false,
    seeInvisible: false,
    savingThrow: s.savingThrow ?? 50,
  };
}

const NONE = def();
const ALL_RESISTS = def({ resist: ['acid', 'elec', 'fire', 'cold', 'poison', 'fear', 'lite', 'dark', 'blind', 'confu', 'sound', 'shard', 'nexus', 'nethr', 'chaos', 'disen'] });

/** Every outcome of the code's formula over every draw (draw k uniform on 1..sides[k]), as counts. */
function brute(sides: readonly number[], f: (draws: readonly number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  const walk = (prefix: number[]): void => {
    if (prefix.length === sides.length) {
      const v = f(prefix);
      out.set(v, (out.get(v) ?? 0) + 1);
      return;
    }
    for (let r = 1; r <= (sides[prefix.length] as number); r++) walk([...prefix, r]);
  };
  walk([]);
  return out;
}

/** The law equals the brute-force counts, value by value. */
function expectLaw(law: ReturnType<typeof lawOfSteps>, counts: Map<number, number>): void {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const values = new Set([...counts.keys(), ...law.entries().map(([v]) => v)]);
  for (const v of values) expectFrac(law.prob(v), Fraction.of(counts.get(v) ?? 0, total));
}

/** The law of rolling the steps (fast and traced, every draw enumerated) equals the steps' law. */
function expectRollMatchesLaw(steps: Parameters<typeof rollSteps>[1], raw: number): void {
  const law = lawOfSteps(steps, raw);
  const rolled = exactLaw((t) => rollSteps(t, steps, raw), (x) => x);
  const values = new Set([...rolled.keys()].map(Number).concat(law.entries().map(([v]) => v)));
  for (const v of values) expectFrac(rolled.get(v) ?? Fraction.ZERO, law.prob(v));
}

/** The ranges the steps ask for when every draw is its lowest value. */
function drawRanges(steps: Parameters<typeof rollSteps>[1], raw: number): number[] {
  const ranges: number[] = [];
  const rng: Rng = {
    int(n: number): number {
      ranges.push(n);
      return 0;
    },
  };
  rollSteps(new NullTracer(rng), steps, raw);
  return ranges;
}

const third = (x: number): number => Math.trunc((x + 2) / 3);
const div = (x: number, mult: number) => (r: readonly number[]): number => Math.trunc((x * mult) / ((r[r.length - 1] as number) + 6));
const constant = (x: number) => (): number => x;

interface HeroDamageRow {
  name: string;
  gf: AngProjection;
  d: AngDefences;
  armour?: AcidArmour;
  raw: number;
  /** The sides of each draw the code makes, in order. */
  sides: readonly number[];
  f: (draws: readonly number[]) => number;
}

const elementRows = (gf: 'ACID' | 'ELEC' | 'FIRE' | 'COLD' | 'ICE', el: 'acid' | 'elec' | 'fire' | 'cold'): HeroDamageRow[] => {
  const slot = gf === 'ACID' ? [6] : [];
  return [
    { name: `${gf} unresisted`, gf, d: NONE, raw: 100, sides: slot, f: constant(100) },
    { name: `${gf} resisted`, gf, d: def({ resist: [el] }), raw: 100, sides: slot, f: constant(third(100)) },
    { name: `${gf} opposed`, gf, d: def({ oppose: [el] }), raw: 100, sides: slot, f: constant(third(100)) },
    { name: `${gf} resisted and opposed`, gf, d: def({ resist: [el], oppose: [el] }), raw: 100, sides: slot, f: constant(third(third(100))) },
    { name: `${gf} immune (nothing drawn)`, gf, d: def({ immune: [el], resist: [el] }), raw: 100, sides: [], f: constant(0) },
    { name: `${gf} capped at 1600 first`, gf, d: def({ resist: [el] }), raw: 5000, sides: slot, f: constant(third(1600)) },
  ];
};

const HERO_DAMAGE: HeroDamageRow[] = [
  ...(['ARROW', 'MISSILE', 'MANA', 'PLASMA', 'WATER', 'FORCE', 'INERTIA', 'TIME', 'GRAVITY'] as const).flatMap((gf) => [
    { name: `${gf} unresisted`, gf, d: NONE, raw: 123, sides: [], f: constant(123) },
    { name: `${gf}: no resistance changes it`, gf, d: ALL_RESISTS, raw: 123, sides: [], f: constant(123) },
  ]),
  { name: 'MANA capped at 1600', gf: 'MANA', d: NONE, raw: 2000, sides: [], f: constant(1600) },
  { name: 'MANA at exactly 1600', gf: 'MANA', d: NONE, raw: 1600, sides: [], f: constant(1600) },
  ...elementRows('ACID', 'acid'),
  ...elementRows('ELEC', 'elec'),
  ...elementRows('FIRE', 'fire'),
  ...elementRows('COLD', 'cold'),
  ...elementRows('ICE', 'cold'),
  { name: 'ICE: resist fire does not help', gf: 'ICE', d: def({ resist: ['fire'], immune: ['fire'] }), raw: 100, sides: [], f: constant(100) },
  { name: 'ACID, armour in every slot: (dam + 1) / 2', gf: 'ACID', d: NONE, armour: true, raw: 51, sides: [6], f: constant(26) },
  { name: 'ACID, armour on the body only (slot 1)', gf: 'ACID', d: NONE, armour: 0b000001, raw: 51, sides: [6], f: (r) => (r[0] === 1 ? 26 : 51) },
  { name: 'ACID, a shield and boots (slots 2 and 6)', gf: 'ACID', d: NONE, armour: 0b100010, raw: 51, sides: [6], f: (r) => (r[0] === 2 || r[0] === 6 ? 26 : 51) },
  { name: 'ACID resisted, opposed, armoured', gf: 'ACID', d: def({ resist: ['acid'], oppose: ['acid'] }), armour: true, raw: 100, sides: [6], f: constant(Math.trunc((third(third(100)) + 1) / 2)) },
  { name: 'ACID of 0: returns before minus_ac', gf: 'ACID', d: NONE, armour: true, raw: 0, sides: [], f: constant(0) },
  { name: 'ACID immune: no slot drawn', gf: 'ACID', d: def({ immune: ['acid'] }), armour: true, raw: 100, sides: [], f: constant(0) },
  { name: 'POIS unresisted', gf: 'POIS', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'POIS resisted', gf: 'POIS', d: def({ resist: ['poison'] }), raw: 100, sides: [], f: constant(34) },
  { name: 'POIS opposed', gf: 'POIS', d: def({ oppose: ['poison'] }), raw: 100, sides: [], f: constant(34) },
  { name: 'POIS resisted and opposed', gf: 'POIS', d: def({ resist: ['poison'], oppose: ['poison'] }), raw: 100, sides: [], f: constant(12) },
  { name: 'NETHER unresisted', gf: 'NETHER', d: def({ resist: ['chaos'] }), raw: 100, sides: [], f: constant(100) },
  { name: 'NETHER resisted: x 6 / (d6 + 6)', gf: 'NETHER', d: def({ resist: ['nethr'] }), raw: 100, sides: [6], f: div(100, 6) },
  { name: 'CHAOS unresisted', gf: 'CHAOS', d: def({ resist: ['nethr', 'confu'] }), raw: 100, sides: [], f: constant(100) },
  { name: 'CHAOS resisted', gf: 'CHAOS', d: def({ resist: ['chaos'] }), raw: 100, sides: [6], f: div(100, 6) },
  { name: 'SHARD unresisted', gf: 'SHARD', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'SHARD resisted', gf: 'SHARD', d: def({ resist: ['shard'] }), raw: 100, sides: [6], f: div(100, 6) },
  { name: 'SOUND unresisted', gf: 'SOUND', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'SOUND resisted: x 5 / (d6 + 6)', gf: 'SOUND', d: def({ resist: ['sound'] }), raw: 100, sides: [6], f: div(100, 5) },
  { name: 'CONFUSION unresisted', gf: 'CONFUSION', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'CONFUSION resisted: x 5', gf: 'CONFUSION', d: def({ resist: ['confu'] }), raw: 100, sides: [6], f: div(100, 5) },
  { name: 'DISENCHANT unresisted', gf: 'DISENCHANT', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'DISENCHANT resisted', gf: 'DISENCHANT', d: def({ resist: ['disen'] }), raw: 100, sides: [6], f: div(100, 6) },
  { name: 'NEXUS unresisted', gf: 'NEXUS', d: NONE, raw: 100, sides: [], f: constant(100) },
  { name: 'NEXUS resisted', gf: 'NEXUS', d: def({ resist: ['nexus'] }), raw: 100, sides: [6], f: div(100, 6) },
  { name: 'LITE unresisted', gf: 'LITE', d: def({ resist: ['blind'] }), raw: 100, sides: [], f: constant(100) },
  { name: 'LITE resisted: x 4 / (d6 + 6)', gf: 'LITE', d: def({ resist: ['lite'] }), raw: 100, sides: [6], f: div(100, 4) },
  { name: 'DARK unresisted', gf: 'DARK', d: def({ resist: ['lite'] }), raw: 100, sides: [], f: constant(100) },
  { name: 'DARK resisted: x 4', gf: 'DARK', d: def({ resist: ['dark'] }), raw: 100, sides: [6], f: div(100, 4) },
  { name: 'NETHER resisted at 0 still draws its divisor', gf: 'NETHER', d: def({ resist: ['nethr'] }), raw: 0, sides: [6], f: constant(0) },
  { name: 'NETHER resisted, capped first', gf: 'NETHER', d: def({ resist: ['nethr'] }), raw: 3000, sides: [6], f: div(1600, 6) },
];

describe('project_p: the damage a projection deals a hero', () => {
  it('covers every projection type', () => {
    expect(new Set(HERO_DAMAGE.map((r) => r.gf))).toEqual(new Set(ANG_PROJECTIONS));
  });
  it.each(HERO_DAMAGE.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const steps = heroDamageSteps(row.gf, row.d, row.armour ?? false);
    expectLaw(heroDamageLaw(row.gf, row.raw, row.d, row.armour ?? false), brute(row.sides, row.f));
    expectRollMatchesLaw(steps, row.raw);
    expect(drawRanges(steps, row.raw)).toEqual(row.sides);
  });
  it('nether resisted, 100: the six divisors 7..12 give 85, 75, 66, 60, 54, 50', () => {
    const law = heroDamageLaw('NETHER', 100, def({ resist: ['nethr'] }), false);
    expect(law.entries().map(([v, p]) => [v, p.toString()])).toEqual([50, 54, 60, 66, 75, 85].map((v) => [v, '1/6']));
  });
  it('a law of raw damage goes through the steps (2d2 fire, resisted)', () => {
    const raw2d2 = Distribution.fromWeights(2, [1n, 2n, 1n]);
    expectLaw(heroDamageLaw('FIRE', raw2d2, def({ resist: ['fire'] }), false), brute([2, 2], (r) => third((r[0] as number) + (r[1] as number))));
  });
  it('the cap is traced only when it cuts', () => {
    const t = new RecordingTracer(new ScriptedRng([]));
    rollSteps(t, heroDamageSteps('MANA', NONE, false), 100);
    expect(t.steps).toEqual([]);
    rollSteps(t, heroDamageSteps('MANA', NONE, false), 1700);
    expect(t.steps.map((s) => (s.kind === 'mod' ? [s.before, s.after] : s.kind))).toEqual([[1700, 1600]]);
  });
  it('rejects an acid armour that is not six slot bits', () => {
    expect(() => heroDamageSteps('ACID', NONE, 64)).toThrow(/acid armour: 64 is not a set of six slot bits/);
  });
});

const HERO: HeroTarget = { level: 30, blind: false, exp: 12345 };

interface HeroSideRow {
  name: string;
  gf: AngProjection;
  d?: AngDefences;
  raw?: number;
  dealt: number;
  hero?: Partial<HeroTarget>;
  acidSlot?: number;
  /** Scripted draws: offsets from the bottom of each range. */
  script: readonly number[];
  /** The range sizes the code asks for. */
  ranges: readonly number[];
  effects: readonly AngSideEffect[];
}

const cond = (condition: AngCondition, add: number): AngSideEffect => ({ kind: 'condition', condition, add });

const TIME_STATS = ['str', 'int', 'wis', 'dex', 'con', 'chr'] as const;

const HERO_SIDE: HeroSideRow[] = [
  ...(['ARROW', 'MISSILE', 'MANA'] as const).map((gf) => ({ name: `${gf}: nothing besides`, gf, dealt: 50, script: [], ranges: [], effects: [] })),
  { name: 'ACID under 30: inventory 1%', gf: 'ACID', raw: 29, dealt: 29, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'acid', perc: 1 }] },
  { name: 'ACID 30..59: 2%, read before resistance', gf: 'ACID', d: def({ resist: ['acid'] }), raw: 30, dealt: 10, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'acid', perc: 2 }] },
  { name: 'ACID 60 and more: 3%, even resisted and opposed', gf: 'ACID', d: def({ resist: ['acid'], oppose: ['acid'] }), raw: 60, dealt: 7, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'acid', perc: 3 }] },
  { name: 'ACID on armour: minus_ac first', gf: 'ACID', raw: 40, dealt: 20, acidSlot: 4, script: [], ranges: [], effects: [{ kind: 'minus-ac', slot: 4 }, { kind: 'inventory', element: 'acid', perc: 2 }] },
  { name: 'ACID immune: nothing', gf: 'ACID', d: def({ immune: ['acid'] }), raw: 100, dealt: 0, script: [], ranges: [], effects: [] },
  { name: 'ACID of 0: nothing', gf: 'ACID', raw: 0, dealt: 0, script: [], ranges: [], effects: [] },
  { name: 'ELEC: inventory', gf: 'ELEC', raw: 59, dealt: 59, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'elec', perc: 2 }] },
  { name: 'ELEC immune', gf: 'ELEC', d: def({ immune: ['elec'] }), raw: 59, dealt: 0, script: [], ranges: [], effects: [] },
  { name: 'FIRE: capped damage 3%', gf: 'FIRE', raw: 5000, dealt: 1600, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'fire', perc: 3 }] },
  { name: 'FIRE immune', gf: 'FIRE', d: def({ immune: ['fire'] }), raw: 59, dealt: 0, script: [], ranges: [], effects: [] },
  { name: 'COLD: inventory', gf: 'COLD', raw: 1, dealt: 1, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'cold', perc: 1 }] },
  { name: 'COLD immune', gf: 'COLD', d: def({ immune: ['cold'] }), raw: 59, dealt: 0, script: [], ranges: [], effects: [] },
  { name: 'POIS: poisoned + rand_int(dam) + 10', gf: 'POIS', dealt: 30, script: [7], ranges: [30], effects: [cond('poisoned', 17)] },
  { name: 'POIS of 1: rand_int(1) draws nothing', gf: 'POIS', dealt: 1, script: [], ranges: [], effects: [cond('poisoned', 10)] },
  { name: 'POIS resisted: nothing', gf: 'POIS', d: def({ resist: ['poison'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'POIS opposed: nothing', gf: 'POIS', d: def({ oppose: ['poison'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'PLASMA over 40: stun randint(35)', gf: 'PLASMA', dealt: 41, script: [34], ranges: [35], effects: [cond('stun', 35)] },
  { name: 'PLASMA 20: stun randint(20 * 3 / 4 + 5)', gf: 'PLASMA', dealt: 20, script: [0], ranges: [20], effects: [cond('stun', 1)] },
  { name: 'PLASMA 10: stun randint(12)', gf: 'PLASMA', dealt: 10, script: [11], ranges: [12], effects: [cond('stun', 12)] },
  { name: 'PLASMA, resist sound: nothing', gf: 'PLASMA', d: def({ resist: ['sound'] }), dealt: 41, script: [], ranges: [], effects: [] },
  { name: 'NETHER: lose 200 + exp / 100 x 2', gf: 'NETHER', dealt: 50, script: [], ranges: [], effects: [{ kind: 'lose-exp', amount: 200 + 123 * 2 }] },
  { name: 'NETHER, hold life, 74 < 75: kept', gf: 'NETHER', d: def({ holdLife: true }), dealt: 50, script: [74], ranges: [100], effects: [{ kind: 'kept-life' }] },
  { name: 'NETHER, hold life, 75: lose 200 + exp / 1000 x 2', gf: 'NETHER', d: def({ holdLife: true }), dealt: 50, script: [75], ranges: [100], effects: [{ kind: 'lose-exp', amount: 200 + 12 * 2 }] },
  { name: 'NETHER resisted: nothing', gf: 'NETHER', d: def({ resist: ['nethr'] }), dealt: 50, script: [], ranges: [], effects: [] },
  { name: 'WATER: stun randint(40), confusion randint(5) + 5', gf: 'WATER', dealt: 50, script: [39, 0], ranges: [40, 5], effects: [cond('stun', 40), cond('confused', 6)] },
  { name: 'WATER, resist sound: confusion only', gf: 'WATER', d: def({ resist: ['sound'] }), dealt: 50, script: [4], ranges: [5], effects: [cond('confused', 10)] },
  { name: 'WATER, resist confusion: stun only', gf: 'WATER', d: def({ resist: ['confu'] }), dealt: 50, script: [9], ranges: [40], effects: [cond('stun', 10)] },
  {
    name: 'CHAOS: confusion rand_int(20) + 10, hallucination randint(10), lose 5000 + exp / 100 x 2',
    gf: 'CHAOS',
    dealt: 50,
    script: [0, 9],
    ranges: [20, 10],
    effects: [cond('confused', 10), cond('image', 10), { kind: 'lose-exp', amount: 5000 + 123 * 2 }],
  },
  {
    name: 'CHAOS, hold life fails: lose 500 + exp / 1000 x 2',
    gf: 'CHAOS',
    d: def({ holdLife: true }),
    dealt: 50,
    script: [19, 0, 99],
    ranges: [20, 10, 100],
    effects: [cond('confused', 29), cond('image', 1), { kind: 'lose-exp', amount: 500 + 12 * 2 }],
  },
  { name: 'CHAOS, hold life holds', gf: 'CHAOS', d: def({ holdLife: true }), dealt: 50, script: [5, 5, 0], ranges: [20, 10, 100], effects: [cond('confused', 15), cond('image', 6), { kind: 'kept-life' }] },
  { name: 'CHAOS, resist confusion', gf: 'CHAOS', d: def({ resist: ['confu'] }), dealt: 50, script: [2], ranges: [10], effects: [cond('image', 3), { kind: 'lose-exp', amount: 5246 }] },
  { name: 'CHAOS, resist nether', gf: 'CHAOS', d: def({ resist: ['nethr'] }), dealt: 50, script: [2, 2], ranges: [20, 10], effects: [cond('confused', 12), cond('image', 3)] },
  { name: 'CHAOS resisted: nothing', gf: 'CHAOS', d: def({ resist: ['chaos'] }), dealt: 50, script: [], ranges: [], effects: [] },
  { name: 'SHARD: cut + damage', gf: 'SHARD', dealt: 37, script: [], ranges: [], effects: [cond('cut', 37)] },
  { name: 'SHARD resisted: nothing', gf: 'SHARD', d: def({ resist: ['shard'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'SOUND over 90: stun randint(35)', gf: 'SOUND', dealt: 91, script: [0], ranges: [35], effects: [cond('stun', 1)] },
  { name: 'SOUND 30: stun randint(30 / 3 + 5)', gf: 'SOUND', dealt: 30, script: [14], ranges: [15], effects: [cond('stun', 15)] },
  { name: 'SOUND 1: stun randint(5)', gf: 'SOUND', dealt: 1, script: [2], ranges: [5], effects: [cond('stun', 3)] },
  { name: 'SOUND resisted: nothing', gf: 'SOUND', d: def({ resist: ['sound'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'CONFUSION: confused randint(20) + 10', gf: 'CONFUSION', dealt: 30, script: [19], ranges: [20], effects: [cond('confused', 30)] },
  { name: 'CONFUSION resisted: nothing', gf: 'CONFUSION', d: def({ resist: ['confu'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'DISENCHANT: apply_disenchant', gf: 'DISENCHANT', dealt: 30, script: [], ranges: [], effects: [{ kind: 'disenchant' }] },
  { name: 'DISENCHANT resisted: nothing', gf: 'DISENCHANT', d: def({ resist: ['disen'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'NEXUS 1: teleport 200', gf: 'NEXUS', dealt: 30, script: [0], ranges: [7], effects: [{ kind: 'teleport', distance: 200 }] },
  { name: 'NEXUS 3: teleport 200', gf: 'NEXUS', dealt: 30, script: [2], ranges: [7], effects: [{ kind: 'teleport', distance: 200 }] },
  { name: 'NEXUS 4: teleport to the caster', gf: 'NEXUS', dealt: 30, script: [3], ranges: [7], effects: [{ kind: 'teleport-to' }] },
  { name: 'NEXUS 5: teleport to the caster', gf: 'NEXUS', dealt: 30, script: [4], ranges: [7], effects: [{ kind: 'teleport-to' }] },
  { name: 'NEXUS 6, save 49 < 50', gf: 'NEXUS', d: def({ savingThrow: 50 }), dealt: 30, script: [5, 49], ranges: [7, 100], effects: [{ kind: 'saved', against: 'teleport-level' }] },
  { name: 'NEXUS 6, save fails at 50', gf: 'NEXUS', d: def({ savingThrow: 50 }), dealt: 30, script: [5, 50], ranges: [7, 100], effects: [{ kind: 'teleport-level' }] },
  { name: 'NEXUS 7, save 0 < 1', gf: 'NEXUS', d: def({ savingThrow: 1 }), dealt: 30, script: [6, 0], ranges: [7, 100], effects: [{ kind: 'saved', against: 'stat-swap' }] },
  {
    name: 'NEXUS 7, save fails: stats 2 and (2 drawn again) 4 swap',
    gf: 'NEXUS',
    d: def({ savingThrow: 1 }),
    dealt: 30,
    script: [6, 1, 2, 2, 4],
    ranges: [7, 100, 6, 6, 6],
    effects: [{ kind: 'stat-swap', stats: ['wis', 'con'] }],
  },
  { name: 'NEXUS 7, save of 100 always holds', gf: 'NEXUS', d: def({ savingThrow: 100 }), dealt: 30, script: [6, 99], ranges: [7, 100], effects: [{ kind: 'saved', against: 'stat-swap' }] },
  { name: 'NEXUS resisted: nothing', gf: 'NEXUS', d: def({ resist: ['nexus'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'FORCE: stun randint(20)', gf: 'FORCE', dealt: 30, script: [19], ranges: [20], effects: [cond('stun', 20)] },
  { name: 'FORCE, resist sound: nothing', gf: 'FORCE', d: def({ resist: ['sound'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'INERTIA: slow rand_int(4) + 4', gf: 'INERTIA', d: ALL_RESISTS, dealt: 30, script: [3], ranges: [4], effects: [cond('slow', 7)] },
  { name: 'LITE: blind randint(5) + 2', gf: 'LITE', dealt: 30, script: [0], ranges: [5], effects: [cond('blind', 3)] },
  { name: 'LITE on a blind hero: nothing', gf: 'LITE', dealt: 30, hero: { blind: true }, script: [], ranges: [], effects: [] },
  { name: 'LITE, resist blindness: nothing', gf: 'LITE', d: def({ resist: ['blind'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'LITE resisted: nothing', gf: 'LITE', d: def({ resist: ['lite'] }), dealt: 30, script: [], ranges: [], effects: [] },
  { name: 'DARK: blind randint(5) + 2', gf: 'DARK', d: def({ resist: ['lite'] }), dealt: 30, script: [4], ranges: [5], effects: [cond('blind', 7)] },
  { name: 'DARK on a blind hero: nothing', gf: 'DARK', dealt: 30, hero: { blind: true }, script: [], ranges: [], effects: [] },
  { name: 'DARK resisted: nothing', gf: 'DARK', d: def({ resist: ['dark'] }), dealt: 30, script: [], ranges: [], effects: [] },
  ...[1, 2, 3, 4, 5].map((k) => ({
    name: `TIME ${k}: lose 100 + exp / 100 x 2`,
    gf: 'TIME' as const,
    d: ALL_RESISTS,
    dealt: 30,
    script: [k - 1],
    ranges: [10],
    effects: [{ kind: 'lose-exp', amount: 100 + 123 * 2 } as const],
  })),
  ...[6, 7, 8, 9].map((k, i) => ({
    name: `TIME ${k}: a quarter off stat ${i + 1} (${TIME_STATS[i]})`,
    gf: 'TIME' as const,
    dealt: 30,
    script: [k - 1, i],
    ranges: [10, 6],
    effects: [{ kind: 'stat-quarter', stats: [TIME_STATS[i]] } as AngSideEffect],
  })),
  { name: 'TIME 9, stat 5 (con)', gf: 'TIME', dealt: 30, script: [8, 4], ranges: [10, 6], effects: [{ kind: 'stat-quarter', stats: ['con'] }] },
  { name: 'TIME 6, stat 6 (chr)', gf: 'TIME', dealt: 30, script: [5, 5], ranges: [10, 6], effects: [{ kind: 'stat-quarter', stats: ['chr'] }] },
  { name: 'TIME 10: a quarter off every stat', gf: 'TIME', dealt: 30, script: [9], ranges: [10], effects: [{ kind: 'stat-quarter', stats: TIME_STATS }] },
  {
    name: 'GRAVITY at level 30: 31 > 30 teleports 5, slow, stun randint(35)',
    gf: 'GRAVITY',
    dealt: 100,
    script: [30, 0, 34],
    ranges: [127, 4, 35],
    effects: [{ kind: 'teleport', distance: 5 }, cond('slow', 4), cond('stun', 35)],
  },
  { name: 'GRAVITY at level 30: 30 does not teleport', gf: 'GRAVITY', dealt: 30, script: [29, 3, 0], ranges: [127, 4, 15], effects: [cond('slow', 7), cond('stun', 1)] },
  { name: 'GRAVITY, resist sound: no stun', gf: 'GRAVITY', d: def({ resist: ['sound'] }), dealt: 30, script: [126, 1], ranges: [127, 4], effects: [{ kind: 'teleport', distance: 5 }, cond('slow', 5)] },
  {
    name: 'ICE: cold inventory, cut damroll(5, 8), stun randint(15)',
    gf: 'ICE',
    raw: 60,
    dealt: 60,
    script: [0, 1, 2, 3, 7, 14],
    ranges: [8, 8, 8, 8, 8, 15],
    effects: [{ kind: 'inventory', element: 'cold', perc: 3 }, cond('cut', 1 + 2 + 3 + 4 + 8), cond('stun', 15)],
  },
  { name: 'ICE, immune to cold: cut and stun still', gf: 'ICE', d: def({ immune: ['cold'] }), raw: 60, dealt: 0, script: [0, 0, 0, 0, 0, 0], ranges: [8, 8, 8, 8, 8, 15], effects: [cond('cut', 5), cond('stun', 1)] },
  { name: 'ICE, resist shards and sound: inventory only', gf: 'ICE', d: def({ resist: ['shard', 'sound'] }), raw: 20, dealt: 20, script: [], ranges: [], effects: [{ kind: 'inventory', element: 'cold', perc: 1 }] },
];

describe('project_p: what a projection does to a hero besides the damage', () => {
  it('covers every projection type', () => {
    expect(new Set(HERO_SIDE.map((r) => r.gf))).toEqual(new Set(ANG_PROJECTIONS));
  });
  it.each(HERO_SIDE.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const rng = new ScriptedRng(row.script);
    const hero = { ...HERO, ...row.hero };
    const opts = row.acidSlot !== undefined ? { acidSlot: row.acidSlot } : {};
    const got = heroSideEffects(new NullTracer(rng), row.gf, { raw: row.raw ?? row.dealt, dealt: row.dealt }, row.d ?? NONE, hero, opts);
    expect(got).toEqual(row.effects);
    expect(rng.ranges).toEqual(row.ranges);
    // The traced run draws the same and decides the same.
    const again = new ScriptedRng(row.script);
    expect(heroSideEffects(new RecordingTracer(again), row.gf, { raw: row.raw ?? row.dealt, dealt: row.dealt }, row.d ?? NONE, hero, opts)).toEqual(row.effects);
    expect(again.ranges).toEqual(row.ranges);
  });
  it('hands each effect over before the next draw (ice: inventory before the cut; gravity: teleport before the slowness)', () => {
    const at = (gf: AngProjection, script: number[]): [string, number][] => {
      const rng = new ScriptedRng(script);
      const seen: [string, number][] = [];
      heroSideEffects(new NullTracer(rng), gf, { raw: 60, dealt: 60 }, NONE, HERO, { apply: (e) => seen.push([e.kind === 'condition' ? e.condition : e.kind, rng.used]) });
      return seen;
    };
    expect(at('ICE', [0, 0, 0, 0, 0, 0])).toEqual([['inventory', 0], ['cut', 5], ['stun', 6]]);
    expect(at('GRAVITY', [126, 0, 0])).toEqual([['teleport', 1], ['slow', 2], ['stun', 3]]);
  });
  it('the trace shows each draw on the range the game draws from, and each saving throw as a check', () => {
    const t = new RecordingTracer(new ScriptedRng([6, 50, 1, 3]));
    heroSideEffects(t, 'NEXUS', { raw: 30, dealt: 30 }, def({ savingThrow: 40 }), HERO);
    expect(t.steps.map((s) => (s.kind === 'roll' ? [s.label, s.lo, s.hi, s.value] : s.kind === 'check' ? [s.label, s.lhs, s.pass] : s.kind))).toEqual([
      ['nexus: randint(7)', 1, 7, 7],
      ['nexus saving throw', 0, 99, 50],
      ['saving throw: rand_int(100) < 40', 50, false],
      ['nexus: first stat rand_int(6)', 0, 5, 1],
      ['nexus: second stat rand_int(6)', 0, 5, 3],
    ]);
  });
  it('hold life: exactly 75 of 100 draws keep the experience', () => {
    const kept = exactLaw((t) => heroSideEffects(t, 'NETHER', { raw: 10, dealt: 10 }, def({ holdLife: true }), HERO)[0]?.kind ?? 'none', (k) => k);
    expectFrac(kept.get('kept-life') ?? Fraction.ZERO, Fraction.of(3, 4));
    expectFrac(kept.get('lose-exp') ?? Fraction.ZERO, Fraction.of(1, 4));
  });
  it('gravity at level 30: 97 of 127 draws teleport', () => {
    const law = exactLaw((t) => heroSideEffects(t, 'GRAVITY', { raw: 10, dealt: 10 }, def({ resist: ['sound'] }), HERO).some((e) => e.kind === 'teleport'), (b) => String(b));
    expectFrac(law.get('true') ?? Fraction.ZERO, Fraction.of(97, 127));
  });
});

describe('project_p in full (projectHero)', () => {
  it('acid on armour: the slot drawn halves the damage and is reported to lose a point of AC', () => {
    const rng = new ScriptedRng([2]);
    const got = projectHero(new NullTracer(rng), 'ACID', 61, NONE, 0b000100, HERO);
    expect(got).toEqual({ dealt: 31, effects: [{ kind: 'minus-ac', slot: 3 }, { kind: 'inventory', element: 'acid', perc: 3 }] });
  });
  it('acid on an empty slot: full damage, no armour lost', () => {
    const got = projectHero(new NullTracer(new ScriptedRng([3])), 'ACID', 61, NONE, 0b000100, HERO);
    expect(got).toEqual({ dealt: 61, effects: [{ kind: 'inventory', element: 'acid', perc: 3 }] });
  });
  it('resisted nether: the divisor is drawn, then nothing else', () => {
    const rng = new ScriptedRng([0]);
    expect(projectHero(new NullTracer(rng), 'NETHER', 100, def({ resist: ['nethr'] }), false, HERO)).toEqual({ dealt: 85, effects: [] });
    expect(rng.ranges).toEqual([6]);
  });
  it('poison: the poison counter reads the damage after resistance', () => {
    const rng = new ScriptedRng([0]);
    expect(projectHero(new NullTracer(rng), 'POIS', 30, NONE, false, HERO)).toEqual({ dealt: 30, effects: [cond('poisoned', 10)] });
    expect(rng.ranges).toEqual([30]);
  });
});

// ---------------------------------------------------------------------------------------------
// project_m

const MON = (flags: readonly string[] = [], level = 20, unique = false): { flags: ReadonlySet<string>; level: number; unique: boolean } => ({
  flags: new Set(flags),
  level,
  unique,
});

interface MonsterDamageRow {
  name: string;
  gf: AngProjection;
  flags?: readonly string[];
  unique?: boolean;
  hpCap?: number;
  raw: number;
  sides: readonly number[];
  f: (draws: readonly number[]) => number;
}

const ninth = (x: number): number => Math.trunc(x / 9);

const MONSTER_DAMAGE: MonsterDamageRow[] = [
  ...(['ACID', 'ELEC', 'FIRE', 'COLD', 'POIS'] as const).flatMap((gf) => [
    { name: `${gf} unresisted`, gf, raw: 100, sides: [], f: constant(100) },
    { name: `${gf}, im-${gf.toLowerCase()}: / 9`, gf, flags: [`im-${gf.toLowerCase()}`], raw: 100, sides: [], f: constant(ninth(100)) },
  ]),
  { name: 'ICE: randint(15) for the stun first', gf: 'ICE', raw: 100, sides: [15], f: constant(100) },
  { name: 'ICE, im-cold: / 9', gf: 'ICE', flags: ['im-cold'], raw: 100, sides: [15], f: constant(11) },
  { name: 'ARROW: no defence', gf: 'ARROW', flags: ['im-acid', 'undead'], raw: 3000, sides: [], f: constant(3000) },
  { name: 'MISSILE: no defence, no cap', gf: 'MISSILE', raw: 3000, sides: [], f: constant(3000) },
  { name: 'MANA: no defence', gf: 'MANA', flags: ['br-mana'], raw: 77, sides: [], f: constant(77) },
  { name: 'PLASMA unresisted', gf: 'PLASMA', raw: 100, sides: [], f: constant(100) },
  { name: 'PLASMA, res-plas: x 3 / (d6 + 6)', gf: 'PLASMA', flags: ['res-plas'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'NETHER unresisted', gf: 'NETHER', raw: 100, sides: [], f: constant(100) },
  { name: 'NETHER, undead: immune', gf: 'NETHER', flags: ['undead', 'evil', 'br-neth'], raw: 100, sides: [], f: constant(0) },
  { name: 'NETHER, br-neth: x 3 / (d6 + 6)', gf: 'NETHER', flags: ['br-neth', 'evil'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'NETHER, evil: / 2', gf: 'NETHER', flags: ['evil'], raw: 101, sides: [], f: constant(50) },
  { name: 'NETHER, res-neth: not read by 3.0.5', gf: 'NETHER', flags: ['res-neth'], raw: 100, sides: [], f: constant(100) },
  { name: 'WATER unresisted', gf: 'WATER', raw: 100, sides: [], f: constant(100) },
  { name: 'WATER, im-water: immune', gf: 'WATER', flags: ['im-water'], raw: 100, sides: [], f: constant(0) },
  { name: 'CHAOS: randint(11) for confusion first', gf: 'CHAOS', raw: 100, sides: [11], f: constant(100) },
  { name: 'CHAOS, br-chao: x 3 after the confusion draw', gf: 'CHAOS', flags: ['br-chao'], raw: 100, sides: [11, 6], f: div(100, 3) },
  { name: 'SHARD unresisted', gf: 'SHARD', raw: 100, sides: [], f: constant(100) },
  { name: 'SHARD, br-shar: x 3', gf: 'SHARD', flags: ['br-shar'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'SOUND: randint(15) for the stun first', gf: 'SOUND', raw: 100, sides: [15], f: constant(100) },
  { name: 'SOUND, br-soun: x 2', gf: 'SOUND', flags: ['br-soun'], raw: 100, sides: [15, 6], f: div(100, 2) },
  { name: 'CONFUSION: randint(15) first', gf: 'CONFUSION', raw: 100, sides: [15], f: constant(100) },
  { name: 'CONFUSION, br-conf: x 2', gf: 'CONFUSION', flags: ['br-conf', 'no-conf'], raw: 100, sides: [15, 6], f: div(100, 2) },
  { name: 'CONFUSION, no-conf: / 2', gf: 'CONFUSION', flags: ['no-conf'], raw: 99, sides: [15], f: constant(49) },
  { name: 'DISENCHANT unresisted', gf: 'DISENCHANT', raw: 100, sides: [], f: constant(100) },
  { name: 'DISENCHANT, res-dise: x 3', gf: 'DISENCHANT', flags: ['res-dise'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'NEXUS unresisted', gf: 'NEXUS', raw: 100, sides: [], f: constant(100) },
  { name: 'NEXUS, res-nexus: x 3', gf: 'NEXUS', flags: ['res-nexus'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'FORCE: randint(15) first', gf: 'FORCE', raw: 100, sides: [15], f: constant(100) },
  { name: 'FORCE, br-wall: x 3', gf: 'FORCE', flags: ['br-wall'], raw: 100, sides: [15, 6], f: div(100, 3) },
  { name: 'INERTIA unresisted', gf: 'INERTIA', raw: 100, sides: [], f: constant(100) },
  { name: 'INERTIA, br-iner: x 3', gf: 'INERTIA', flags: ['br-iner'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'TIME unresisted', gf: 'TIME', raw: 100, sides: [], f: constant(100) },
  { name: 'TIME, br-time: x 3', gf: 'TIME', flags: ['br-time'], raw: 100, sides: [6], f: div(100, 3) },
  { name: 'GRAVITY: randint(127) for the teleport first', gf: 'GRAVITY', raw: 100, sides: [127], f: constant(100) },
  { name: 'GRAVITY, br-grav: x 3', gf: 'GRAVITY', flags: ['br-grav'], raw: 100, sides: [127, 6], f: div(100, 3) },
  { name: 'LITE unresisted', gf: 'LITE', raw: 100, sides: [], f: constant(100) },
  { name: 'LITE, br-lite: x 2', gf: 'LITE', flags: ['br-lite', 'hurt-lite'], raw: 100, sides: [6], f: div(100, 2) },
  { name: 'LITE, hurt-lite: x 2', gf: 'LITE', flags: ['hurt-lite'], raw: 100, sides: [], f: constant(200) },
  { name: 'DARK unresisted', gf: 'DARK', flags: ['hurt-lite'], raw: 100, sides: [], f: constant(100) },
  { name: 'DARK, br-dark: x 2', gf: 'DARK', flags: ['br-dark'], raw: 100, sides: [6], f: div(100, 2) },
  { name: 'a unique struck by a monster: at most its hit points', gf: 'MANA', unique: true, hpCap: 30, raw: 100, sides: [], f: constant(30) },
  { name: 'a unique under its hit points: untouched', gf: 'MANA', unique: true, hpCap: 300, raw: 100, sides: [], f: constant(100) },
  { name: 'not a unique: no cap', gf: 'MANA', hpCap: 30, raw: 100, sides: [], f: constant(100) },
  { name: 'a unique, resisted, then capped', gf: 'NETHER', flags: ['br-neth'], unique: true, hpCap: 40, raw: 100, sides: [6], f: (r) => Math.min(40, div(100, 3)(r)) },
];

describe('project_m: the damage a projection deals a monster', () => {
  it('covers every projection type', () => {
    expect(new Set(MONSTER_DAMAGE.map((r) => r.gf))).toEqual(new Set(ANG_PROJECTIONS));
  });
  it.each(MONSTER_DAMAGE.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const m = MON(row.flags, 20, row.unique ?? false);
    const steps = monsterDamageSteps(row.gf, m, row.hpCap);
    expectLaw(monsterDamageLaw(row.gf, row.raw, m, row.hpCap), brute(row.sides, row.f));
    expectRollMatchesLaw(steps, row.raw);
    expect(drawRanges(steps, row.raw)).toEqual(row.sides);
  });
});

interface MonsterSideRow {
  name: string;
  gf: AngProjection;
  flags?: readonly string[];
  level?: number;
  unique?: boolean;
  hp?: number;
  stunned?: number;
  confused?: number;
  dealt: number;
  pre?: number;
  script: readonly number[];
  effects: readonly AngSideEffect[];
}

const WAKE: AngSideEffect = { kind: 'wake' };
const setTo = (condition: 'stun' | 'confused', value: number): AngSideEffect => ({ kind: 'condition-set', condition, value });

const MONSTER_SIDE: MonsterSideRow[] = [
  ...(['ARROW', 'MISSILE', 'MANA', 'ACID', 'ELEC', 'FIRE', 'COLD', 'POIS', 'PLASMA', 'NETHER', 'WATER', 'SHARD', 'DISENCHANT', 'NEXUS', 'INERTIA', 'TIME', 'LITE', 'DARK'] as const).map(
    (gf) => ({ name: `${gf}: it wakes, nothing else`, gf, dealt: 10, script: [], effects: [WAKE] }),
  ),
  { name: 'CHAOS: polymorph passes, 21 > level 20', gf: 'CHAOS', dealt: 10, pre: 4, script: [20], effects: [{ kind: 'polymorph' }, WAKE] },
  { name: 'CHAOS: polymorph fails at 20, confused 5 + 4', gf: 'CHAOS', dealt: 10, pre: 4, script: [19], effects: [setTo('confused', 9), WAKE] },
  { name: 'CHAOS on a confused monster: + (5 + 11) / 2', gf: 'CHAOS', confused: 6, dealt: 10, pre: 11, script: [0], effects: [setTo('confused', 14), WAKE] },
  { name: 'CHAOS on a unique: no polymorph draw', gf: 'CHAOS', unique: true, dealt: 10, pre: 1, script: [], effects: [setTo('confused', 6), WAKE] },
  { name: 'CHAOS on a chaos breather: nothing', gf: 'CHAOS', flags: ['br-chao'], dealt: 10, pre: 1, script: [], effects: [WAKE] },
  { name: 'CHAOS, no-conf: the polymorph draw still, no confusion', gf: 'CHAOS', flags: ['no-conf'], dealt: 10, pre: 1, script: [0], effects: [WAKE] },
  { name: 'CHAOS, br-conf: no confusion', gf: 'CHAOS', flags: ['br-conf'], dealt: 10, pre: 1, script: [0], effects: [WAKE] },
  { name: 'CHAOS that kills: nothing drawn', gf: 'CHAOS', hp: 9, dealt: 10, pre: 1, script: [], effects: [WAKE] },
  { name: 'CHAOS at exactly its hit points: it lives', gf: 'CHAOS', hp: 10, dealt: 10, pre: 1, script: [0], effects: [setTo('confused', 6), WAKE] },
  { name: 'SOUND: stunned 10 + 15', gf: 'SOUND', dealt: 10, pre: 15, script: [], effects: [setTo('stun', 25), WAKE] },
  { name: 'SOUND on a stunned monster: + (10 + 1) / 2', gf: 'SOUND', stunned: 20, dealt: 10, pre: 1, script: [], effects: [setTo('stun', 25), WAKE] },
  { name: 'SOUND: stun capped at 200', gf: 'SOUND', stunned: 195, dealt: 10, pre: 15, script: [], effects: [setTo('stun', 200), WAKE] },
  { name: 'SOUND on a sound breather: no stun', gf: 'SOUND', flags: ['br-soun'], dealt: 10, pre: 15, script: [], effects: [WAKE] },
  { name: 'SOUND, no-stun: not read by 3.0.5, stunned', gf: 'SOUND', flags: ['no-stun'], dealt: 10, pre: 1, script: [], effects: [setTo('stun', 11), WAKE] },
  { name: 'SOUND on a force breather: no stun', gf: 'SOUND', flags: ['br-wall'], dealt: 10, pre: 15, script: [], effects: [WAKE] },
  { name: 'CONFUSION: confused 10 + 3', gf: 'CONFUSION', dealt: 10, pre: 3, script: [], effects: [setTo('confused', 13), WAKE] },
  { name: 'CONFUSION, no-conf: nothing', gf: 'CONFUSION', flags: ['no-conf'], dealt: 10, pre: 3, script: [], effects: [WAKE] },
  { name: 'CONFUSION, br-conf: nothing', gf: 'CONFUSION', flags: ['br-conf'], dealt: 10, pre: 3, script: [], effects: [WAKE] },
  { name: 'CONFUSION, br-chao: nothing', gf: 'CONFUSION', flags: ['br-chao'], dealt: 10, pre: 3, script: [], effects: [WAKE] },
  { name: 'FORCE: stunned randint(15)', gf: 'FORCE', dealt: 10, pre: 7, script: [], effects: [setTo('stun', 7), WAKE] },
  { name: 'FORCE on a force breather: nothing', gf: 'FORCE', flags: ['br-wall'], dealt: 10, pre: 7, script: [], effects: [WAKE] },
  { name: 'ICE: stunned randint(15) + 1', gf: 'ICE', dealt: 10, pre: 15, script: [], effects: [setTo('stun', 16), WAKE] },
  { name: 'ICE on a sound breather: nothing', gf: 'ICE', flags: ['br-soun'], dealt: 10, pre: 15, script: [], effects: [WAKE] },
  { name: 'ICE that kills: nothing', gf: 'ICE', hp: 5, dealt: 10, pre: 15, script: [], effects: [WAKE] },
  { name: 'GRAVITY: 21 > level 20 teleports 10', gf: 'GRAVITY', dealt: 10, pre: 21, script: [], effects: [{ kind: 'teleport', distance: 10 }, WAKE] },
  { name: 'GRAVITY: 20 does not', gf: 'GRAVITY', dealt: 10, pre: 20, script: [], effects: [WAKE] },
  { name: 'GRAVITY on a gravity breather: no teleport', gf: 'GRAVITY', flags: ['br-grav'], dealt: 10, pre: 127, script: [], effects: [WAKE] },
];

describe('project_m: what a projection does to a monster besides the damage', () => {
  it('covers every projection type', () => {
    expect(new Set(MONSTER_SIDE.map((r) => r.gf))).toEqual(new Set(ANG_PROJECTIONS));
  });
  it.each(MONSTER_SIDE.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const m: MonsterState = { ...MON(row.flags, row.level ?? 20, row.unique ?? false), hp: row.hp ?? 100, stunned: row.stunned ?? 0, confused: row.confused ?? 0 };
    for (const t of [(rng: ScriptedRng) => new NullTracer(rng), (rng: ScriptedRng) => new RecordingTracer(rng)]) {
      const rng = new ScriptedRng(row.script);
      expect(monsterSideEffects(t(rng), row.gf, row.dealt, m, row.pre)).toEqual(row.effects);
      expect(rng.used).toBe(row.script.length);
    }
  });
  it('a type that draws first needs its draw', () => {
    const m: MonsterState = { ...MON(), hp: 10, stunned: 0, confused: 0 };
    expect(() => monsterSideEffects(new NullTracer(new ScriptedRng([])), 'SOUND', 1, m)).toThrow(/SOUND against a monster: its effect draw randint\(15\) must be given \(got undefined\)/);
    expect(() => monsterSideEffects(new NullTracer(new ScriptedRng([])), 'GRAVITY', 1, m, 128)).toThrow(/randint\(127\)/);
  });
});

/** A race from the roster's data file as written (the file's own validation is tested elsewhere). */
function monster(id: string): AngMonster {
  const file = JSON.parse(readFileSync(new URL('../../../data/angband-3.0.5/monsters.json', import.meta.url), 'utf8')) as { records: AngMonster[] };
  const m = file.records.find((r) => r.id === id);
  if (!m) throw new Error(`no monster ${id} in the roster`);
  return m;
}

describe('monsterTarget: a race from the roster as project_m reads it', () => {
  it('flags and breaths in one set: the Dracolich (undead) shrugs off nether, the Ancient blue dragon lightning', () => {
    const draco = monsterTarget(monster('dracolich'));
    expect(draco.level).toBe(55);
    expect(draco.unique).toBe(false);
    expect(draco.flags.has('br-neth') && draco.flags.has('undead')).toBe(true);
    expect(monsterDamageLaw('NETHER', 300, draco).entries().map(([v]) => v)).toEqual([0]);
    expect(monsterDamageLaw('ELEC', 300, monsterTarget(monster('ancient-blue-dragon'))).entries().map(([v]) => v)).toEqual([33]);
  });
  it('Grip is unique and will not be confused by a confusion bolt', () => {
    const grip = monsterTarget(monster('grip-farmer-maggot-s-dog'));
    expect(grip.unique).toBe(true);
    expect(monsterSideEffects(new NullTracer(new ScriptedRng([])), 'CONFUSION', 5, { ...grip, hp: 30, stunned: 0, confused: 0 }, 15)).toEqual([WAKE]);
  });
});

describe('project_m in full (projectMonster)', () => {
  const state = (flags: readonly string[], hp: number, unique = false): MonsterState => ({ ...MON(flags, 20, unique), hp, stunned: 0, confused: 0 });
  it('sound on a sound breather: the stun draw, then the divisor; no stun', () => {
    const rng = new ScriptedRng([4, 0]);
    expect(projectMonster(new NullTracer(rng), 'SOUND', 70, state(['br-soun'], 100))).toEqual({ dealt: 20, effects: [WAKE] });
    expect(rng.ranges).toEqual([15, 6]);
  });
  it('chaos: confusion draw, then the polymorph saving throw', () => {
    const rng = new ScriptedRng([2, 0]);
    expect(projectMonster(new NullTracer(rng), 'CHAOS', 50, state([], 100))).toEqual({ dealt: 50, effects: [setTo('confused', 8), WAKE] });
    expect(rng.ranges).toEqual([11, 90]);
  });
  it('a unique cannot be killed by another monster: the damage stops at its hit points', () => {
    const rng = new ScriptedRng([0]);
    expect(projectMonster(new NullTracer(rng), 'ICE', 500, state([], 40, true))).toEqual({ dealt: 40, effects: [setTo('stun', 2), WAKE] });
  });
  it('a monster that is not unique dies to it', () => {
    const rng = new ScriptedRng([0]);
    expect(projectMonster(new NullTracer(rng), 'ICE', 500, state([], 40))).toEqual({ dealt: 500, effects: [WAKE] });
  });
});
