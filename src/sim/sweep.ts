import type { Content } from '../content/index.js';
import { Duel, type DuelSetup } from '../game/duel.js';
import { attackOdds, bestAttack, turnsToKill } from '../game/odds.js';
import type { ArenaEntity } from '../world/components.js';
import { simulate } from './pool.js';
import { type Interval, type SimStats, meanInterval, wilson } from './stats.js';

/**
 * A sweep: one duel setup per value of a parameter, each with the exact odds both ways at the
 * start of its duel and the statistics of N simulated duels from the same master seed, so that
 * the points differ only by the parameter.
 */

/** One side's exact odds: its melee attack (the best, if several), or its best attack when no melee reaches. */
export interface SideOdds {
  /** The attack: melee when it reaches, the one with the most expected damage a game turn. */
  readonly attack: string;
  /** Its exact chance to hit. */
  readonly hit: number;
  /** Attacks a game turn. */
  readonly attacksPerTurn: number;
  /** Expected damage a game turn (expected damage of an attack times attacks a turn). */
  readonly damagePerTurn: number;
  /** The other side's hit points over that: expected game turns to kill it (null: it cannot hurt it). */
  readonly turnsToKill: number | null;
}

export interface ExactOdds {
  readonly hero: SideOdds | null;
  readonly foe: SideOdds | null;
  readonly heroHp: number;
  readonly foeHp: number;
}

/** The point of a sweep: the value as given and as shown, and the setup it gives. */
export interface SweepPoint {
  readonly value: string | number;
  readonly label: string;
  readonly setup: DuelSetup;
}

export interface SweepRow {
  readonly value: string | number;
  readonly label: string;
  /** The duel setup of this point (its master seed is the sweep's). */
  readonly setup: DuelSetup;
  readonly exact: ExactOdds;
  readonly duels: number;
  readonly outcomes: { readonly hero: Interval; readonly foe: Interval; readonly draw: Interval };
  readonly counts: { readonly hero: number; readonly foe: number; readonly draw: number };
  /** Damage a game turn each side dealt in the simulated duels, with its 95% interval. */
  readonly damagePerTurn: { readonly hero: Interval; readonly foe: Interval };
  readonly turns: Interval;
}

function sideOdds(d: Duel, a: ArenaEntity, b: ArenaEntity, distance: number): SideOdds | null {
  const list = attackOdds(d, a, b, distance, { inPlainView: true });
  // Melee when it reaches: what a fight comes down to (missiles and charges run out); the best of the rest otherwise.
  const melee = list.filter((x) => x.option.kind === 'melee');
  const best = bestAttack(melee.length > 0 ? melee : list);
  if (!best) return null;
  return {
    attack: best.preview.label,
    hit: best.preview.hit.toNumber(),
    attacksPerTurn: best.preview.perTurn.toNumber(),
    damagePerTurn: best.perTurn.toNumber(),
    turnsToKill: turnsToKill(b.body?.hp ?? 0, best.perTurn),
  };
}

/**
 * Gives the duel's two fighters what the ruleset builds without rolling (typical hit points, a
 * monster's likeliest gear and state), in place of what the master seed rolled: the same at every
 * point of a sweep whatever the other fighter's build drew from the setup stream.
 */
function unrolled(d: Duel, setup: DuelSetup): void {
  for (const [e, spec] of [
    [d.hero, setup.hero],
    [d.foe, setup.foe],
  ] as const) {
    const init = d.ruleset.buildFighter(spec);
    e.body = { ...init.body };
    e.inventory = structuredClone(init.inventory);
    e.statuses = structuredClone(init.statuses);
    e.rules = structuredClone(init.rules);
    if (e.ai && setup.foeState === undefined) e.ai.mode = init.aiMode;
  }
}

/** How the exact odds stand: face to face, each aware of the other (`engaged`), or as the duel starts (`start`: the foe in its starting state, neither having seen the other). */
export type OddsMoment = 'engaged' | 'start';

/**
 * The exact odds both ways of `setup`, nothing rolled and nothing stepped: each side's melee
 * attack (or its best attack when no melee reaches) from `distance` squares in plain view (melee as if adjacent when nothing reaches), as the
 * fight lab shows them. The fighters are as the ruleset builds them without rolling, so that only
 * the swept parameter moves the figures. `engaged` (the default) has them aware of each other and
 * the foe hunting, as they are once the fight is on: no surprise attack or stab on a sleeping foe.
 */
export function exactOdds(setup: DuelSetup, content: Content, distance = 1, moment: OddsMoment = 'engaged'): ExactOdds {
  const d = new Duel(setup, content, { tracing: false });
  unrolled(d, setup);
  if (moment === 'engaged') {
    for (const [e, other] of [
      [d.hero, d.foe],
      [d.foe, d.hero],
    ] as const) {
      if (e.awareness) e.awareness = { ...e.awareness, enemySeen: true, lastSeen: other.pos ? { ...other.pos } : null };
      if (e.ai && e.fighter?.kind === 'monster') e.ai = { ...e.ai, mode: 'hunting' };
    }
  }
  return { hero: sideOdds(d, d.hero, d.foe, distance), foe: sideOdds(d, d.foe, d.hero, distance), heroHp: d.hero.body?.hp ?? 0, foeHp: d.foe.body?.hp ?? 0 };
}

/** A sweep row from a point's exact odds and its simulated statistics. */
export function sweepRow(p: SweepPoint, exact: ExactOdds, s: SimStats): SweepRow {
  const n = s.duels;
  return {
    value: p.value,
    label: p.label,
    setup: p.setup,
    exact,
    duels: n,
    outcomes: { hero: wilson(s.outcomes.hero, n), foe: wilson(s.outcomes.foe, n), draw: wilson(s.outcomes.draw, n) },
    counts: { hero: s.outcomes.hero, foe: s.outcomes.foe, draw: s.outcomes.draw },
    damagePerTurn: { hero: meanInterval(s.dpt[0]), foe: meanInterval(s.dpt[1]) },
    turns: meanInterval(s.turns),
  };
}

export interface SweepRunOptions {
  readonly workers?: number;
  readonly distance?: number;
  readonly moment?: OddsMoment;
  /** Duels done over the whole sweep, after each chunk. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Works out every point's exact odds first (so a point the rules refuse fails before any duel is
 * played), then simulates `n` duels at each point in turn.
 */
export async function runSweep(points: readonly SweepPoint[], content: Content, n: number, o: SweepRunOptions = {}): Promise<SweepRow[]> {
  const exact = points.map((p) => exactOdds(p.setup, content, o.distance ?? 1, o.moment ?? 'engaged'));
  const rows: SweepRow[] = [];
  const total = points.length * n;
  for (const [i, p] of points.entries()) {
    const base = i * n;
    const stats = await simulate(p.setup, content, n, { ...(o.workers !== undefined ? { workers: o.workers } : {}), exact: false, onProgress: (done) => o.onProgress?.(base + done, total) });
    rows.push(sweepRow(p, exact[i] as ExactOdds, stats));
  }
  return rows;
}
