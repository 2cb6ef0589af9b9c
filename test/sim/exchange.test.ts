import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { type ExchangeModel, exchangeMismatch, exchangeModel, solveExchange } from '../../src/sim/exchange.js';
import { simulate } from '../../src/sim/pool.js';
import { duelSeed } from '../../src/sim/run.js';
import { Z95, chiSquareSurvival, fitTest, wilson } from '../../src/sim/stats.js';
import { distributionCheck, simFigures } from '../../src/cli/sim.js';

const content = loadContent();

/**
 * A reference for the exchange: the joint state of both fighters (damage taken, energy, who has
 * stirred) carried forward tick by tick with no energy shortcut, so the schedule and the dynamic
 * programming over each side alone are both checked.
 */
function reference(m: ExchangeModel): { win: [number, number]; draw: number; ttk: [Map<number, number>, Map<number, number>] } {
  const win: [number, number] = [0, 0];
  const ttk: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  const line: (0 | 1)[] = m.firstMover === 'foe' ? [1, 0] : [0, 1];
  interface State { p: number; taken: [number, number]; energy: [number, number]; stirred: boolean }
  const merge = (into: Map<string, State>, st: State): void => {
    const key = `${st.taken},${st.energy},${st.stirred}`;
    const old = into.get(key);
    if (old) old.p += st.p;
    else into.set(key, st);
  };
  let states = new Map<string, State>();
  merge(states, { p: 1, taken: [0, 0], energy: [m.sides[0].energy, m.sides[1].energy], stirred: false });
  for (let tick = 0; tick <= m.cap && states.size > 0; tick++) {
    // Everyone ready at this tick acts, one at a time, until no one is.
    let settled = new Map<string, State>();
    let acting = states;
    while (acting.size > 0) {
      const next = new Map<string, State>();
      for (const st of acting.values()) {
        const ready = line.filter((s) => st.energy[s] >= m.threshold);
        if (ready.length === 0) {
          merge(settled, st);
          continue;
        }
        const side = m.order === 'most-energy' ? ready.reduce((a, b) => (st.energy[b] > st.energy[a] ? b : a)) : (ready[0] as 0 | 1);
        const other = (1 - side) as 0 | 1;
        // Before anyone acts, the other has neither acted nor been attacked.
        const law = st.stirred ? m.sides[side].law : m.sides[side].opening;
        const energy: [number, number] = [...st.energy];
        energy[side] -= m.sides[side].cost;
        law.forEach((q, d) => {
          if (q === 0) return;
          const taken: [number, number] = [...st.taken];
          taken[other] += d;
          if (taken[other] >= m.sides[other].kill) {
            win[side] += st.p * q;
            const turn = Math.ceil(tick / m.ticksPerTurn);
            ttk[side].set(turn, (ttk[side].get(turn) ?? 0) + st.p * q);
          } else merge(next, { p: st.p * q, taken, energy, stirred: true });
        });
      }
      acting = next;
    }
    states = new Map();
    for (const st of settled.values()) merge(states, { ...st, energy: [st.energy[0] + m.sides[0].gain, st.energy[1] + m.sides[1].gain] });
    settled = new Map();
  }
  let draw = 0;
  for (const st of states.values()) draw += st.p;
  return { win, draw, ttk };
}

const side = (kill: number, law: number[], o: { opening?: number[]; gain?: number; cost?: number; energy?: number } = {}) => ({ kill, law, opening: o.opening ?? law, gain: o.gain ?? 1, cost: o.cost ?? 10, energy: o.energy ?? 10 });
const model = (hero: ReturnType<typeof side>, foe: ReturnType<typeof side>, o: Partial<ExchangeModel> = {}): ExchangeModel => ({ threshold: 10, order: 'lowest-id', firstMover: 'hero', ticksPerTurn: 10, cap: 200, sides: [hero, foe], ...o });

describe('the melee exchange model', () => {
  it('gives 2/3 to the first of two fighters who each fell the other with a 1-in-2 blow', () => {
    // The first mover wins on its 1st, 3rd, 5th... blow: 1/2 + 1/8 + 1/32 + ... = 2/3.
    const r = solveExchange(model(side(1, [0.5, 0.5]), side(1, [0.5, 0.5]), { cap: 100_000 }));
    expect(r.win[0]).toBeCloseTo(2 / 3, 12);
    expect(r.win[1]).toBeCloseTo(1 / 3, 12);
    expect(r.draw).toBeLessThan(1e-12);
    // Both are ready at tick 0 (game turn 0): the hero's opening blow ends it there half the time,
    // its second (tick 10, turn 1) an eighth of the time.
    expect(r.ttk[0][0]).toBeCloseTo(0.5, 12);
    expect(r.ttk[0][1]).toBeCloseTo(0.125, 12);
    expect(r.ttk[1][0]).toBeCloseTo(0.25, 12);
  });

  it.each([
    ['equal speeds, the hero first', model(side(5, [0.3, 0.2, 0.5]), side(4, [0.4, 0.6]))],
    ['the foe wins ties', model(side(5, [0.3, 0.2, 0.5]), side(4, [0.4, 0.6]), { firstMover: 'foe' })],
    ['a faster foe', model(side(6, [0.25, 0.25, 0.25, 0.25]), side(5, [0.5, 0.5], { gain: 2 }))],
    ['most energy first, uneven costs', model(side(6, [0.1, 0.3, 0.6], { cost: 7, energy: 3 }), side(7, [0.2, 0, 0.8], { gain: 2, cost: 13 }), { order: 'most-energy' })],
    ['a surprise opening blow', model(side(5, [0.5, 0.5], { opening: [0, 0, 0, 1] }), side(5, [0.2, 0.8]))],
    ['blows that can miss forever end in draws at the limit', model(side(3, [0.9, 0.1]), side(3, [0.95, 0.05]), { cap: 60 })],
  ])('matches the joint state carried tick by tick: %s', (_, m) => {
    const r = solveExchange(m);
    const ref = reference(m);
    expect(r.win[0]).toBeCloseTo(ref.win[0], 12);
    expect(r.win[1]).toBeCloseTo(ref.win[1], 12);
    expect(r.draw).toBeCloseTo(ref.draw, 12);
    for (const s of [0, 1] as const) {
      for (const [turn, q] of ref.ttk[s]) expect(r.ttk[s][turn] ?? 0).toBeCloseTo(q, 12);
      expect(r.ttk[s].reduce((a, b) => a + b, 0)).toBeCloseTo(ref.win[s], 12);
    }
  });
});

const ring: DuelSetup = {
  ruleset: 'pixel-dungeon',
  edition: 'spoiler',
  seed: 'exchange',
  hero: { template: 'warrior', options: {} },
  foe: { template: 'sewer-crab', options: {} },
  arena: 'ring',
  heroControl: 'ai',
  maxTurns: 1000,
  foeState: 'hunting',
};

describe('duels against the exchange model', () => {
  it('a Pixel Dungeon duel in the ring goes as the model has it, surprise opening included', () => {
    const d = new Duel({ ...ring, seed: duelSeed(ring.seed, 0) }, content, { tracing: false, tally: 'exact' });
    const m = exchangeModel(d);
    if (typeof m === 'string') throw new Error(m);
    // The warrior's opening blow on a crab that has not yet acted is a surprise: dodge 0, more hits.
    expect(m.sides[0].opening[0]).toBeLessThan(m.sides[0].law[0] as number);
    while (d.step().kind !== 'over');
    expect(exchangeMismatch(m, d.tally!.actions, d.tally!.other, ['warrior', 'crab'])).toBeNull();
  });

  it('a duel that starts apart leaves the exchange at its first step', () => {
    const d = new Duel({ ...ring, arena: 'pit', seed: 'apart' }, content, { tracing: false, tally: 'exact' });
    const m = exchangeModel(d);
    if (typeof m === 'string') throw new Error(m);
    while (d.step().kind !== 'over');
    expect(exchangeMismatch(m, d.tally!.actions, d.tally!.other, ['warrior', 'crab'])).toMatch(/moved$/);
  });

  it('has no model for a fighter without a melee attack', () => {
    const d = new Duel({ ...ring, foe: { template: 'scorpio', options: {} }, seed: 'x' }, content, { tracing: false, tally: 'exact' });
    expect(exchangeModel(d)).toBe('the scorpio has no melee attack');
  });

  it('the simulation agrees with every exact counterpart in the ring', async () => {
    const n = 400;
    const stats = await simulate(ring, content, n, { workers: 0 });
    const f = simFigures({ setup: ring, duels: n, workers: 0, seconds: 0, stats });
    const x = f.exchange;
    if (!x.applicable) throw new Error(x.why);
    // Several figures are checked at once, so each at 99.99% (z = 3.89) rather than the printed
    // 95%: a sound model fails this seed's check about once in 10,000 seeds a figure.
    const Z = 3.89;
    const within = (seen: number, count: number, exact: number) => {
      const w = wilson(seen, count, Z);
      expect(exact, `${seen}/${count} against ${exact}`).toBeGreaterThanOrEqual(w.lo);
      expect(exact, `${seen}/${count} against ${exact}`).toBeLessThanOrEqual(w.hi);
    };
    expect(x.left).toBe(0);
    within(f.counts.hero, n, x.hero.exact);
    within(f.counts.foe, n, x.foe.exact);
    expect(x.hero.exact + x.foe.exact + x.draw.exact).toBeCloseTo(1, 9);
    expect(x.turnsToKill.hero.fit.p).toBeGreaterThan(1e-4);
    const [hero] = f.attacks.hero;
    const [foe] = f.attacks.foe;
    // One surprise a duel: the warrior's opening blow.
    expect(hero?.tags.surprise).toBe(n);
    for (const a of [hero, foe]) {
      const e = a?.exact;
      if (!e) throw new Error('no exact counterparts');
      expect(e.blows).toBe(a.blows);
      within(a.blowHits, a.blows, e.hitRate.exact);
      const se = (e.damagePerBlow.observed.hi - e.damagePerBlow.observed.value) / Z95;
      expect(Math.abs(e.damagePerBlow.observed.value - e.damagePerBlow.exact)).toBeLessThanOrEqual(Z * se);
      expect(e.blowDamage.fit.p).toBeGreaterThan(1e-4);
      // The law's shares add up to 1, the counts to the blows.
      expect(e.blowDamage.rows.reduce((t, r) => t + r.exact, 0)).toBeCloseTo(1, 9);
      expect(e.blowDamage.rows.reduce((t, r) => t + r.count, 0)).toBe(e.blows);
    }
  });
});

describe('the statistics behind the checks', () => {
  it.each([
    [3.841458820694124, 1, 0.05],
    [11.070497693516351, 5, 0.05],
    [18.307038053275146, 10, 0.05],
    [2, 2, Math.exp(-1)],
    [0, 4, 1],
  ])('chi-square %d with %d degrees of freedom leaves %d above it', (x, df, p) => {
    expect(chiSquareSurvival(x, df)).toBeCloseTo(p, 9);
  });

  it('pools cells until each expects 5, and passes a perfect fit', () => {
    expect(fitTest([10, 10, 10], [10, 10, 10])).toEqual({ chi2: 0, df: 2, p: 1 });
    // 2 and 3 expected pool into one cell of 5.
    const f = fitTest([1, 4, 20], [2, 3, 20]);
    expect(f.df).toBe(1);
    expect(f.chi2).toBeCloseTo(0, 12);
    expect(fitTest([3], [3]).df).toBe(0);
  });

  it('bins a damage distribution with a miss alone and each bin against its exact share', () => {
    const d = distributionCheck([5, 0, 3, 2], [5, 1, 2, 2], 10, 3);
    expect(d.rows.map((r) => [r.lo, r.hi, r.count])).toEqual([
      [0, 0, 5],
      [1, 2, 3],
      [3, 3, 2],
    ]);
    expect(d.rows[1]?.exact).toBeCloseTo(0.3, 12);
    expect(d.rows[1]?.observed).toEqual(wilson(3, 10));
  });
});
