import { DistributionTooLarge, MAX_LAW_WORK } from '../core/distribution.js';
import { type EnergyRules, peekNextActor } from '../core/energy.js';
import { lawAsNumbers } from '../core/luck.js';
import { RngStreams } from '../core/rng.js';
import { NullTracer } from '../core/trace.js';
import type { Duel } from '../game/duel.js';
import { nameOf } from '../rules/names.js';
import { attackContext } from '../systems/combat.js';
import type { ActionRecord } from '../systems/state.js';
import type { ArenaEntity } from '../world/components.js';
import type { Point } from '../world/grid.js';

/**
 * The exact model of a pure melee duel: both fighters trade melee attacks from the first action,
 * each attack drawn from one fixed law of the hit points it takes, on the energy schedule their
 * speeds and attack costs give, until one falls or the turn limit calls it a draw. Nothing else
 * changes hit points. The two fighters' hit points then evolve independently on a fixed schedule,
 * so dynamic programming over each one's damage taken gives the exact win probabilities and the
 * exact law of the turn each duel ends in.
 */

export interface ExchangeSide {
  /** Damage that fells it: its hit points, one more when it lives on at 0. */
  readonly kill: number;
  readonly energy: number;
  /** Energy gained a tick. */
  readonly gain: number;
  /** Energy one attack costs. */
  readonly cost: number;
  /** The law of the hit points one of its attacks takes from the other (index: damage), the other aware of it. */
  readonly law: readonly number[];
  /** The law of an attack on the other as it stood at the start, before it had acted or been attacked. */
  readonly opening: readonly number[];
}

export interface ExchangeModel {
  readonly threshold: number;
  readonly order: 'lowest-id' | 'most-energy';
  /** Who is first in line for a tie (the hero unless the setup says the foe). */
  readonly firstMover: 'hero' | 'foe';
  readonly ticksPerTurn: number;
  /** The last tick an action may come at (the turn limit). */
  readonly cap: number;
  readonly sides: readonly [ExchangeSide, ExchangeSide];
}

export interface ExchangeResult {
  /** Probability that each side wins (hero, foe), and of a draw at the turn limit. */
  readonly win: readonly [number, number];
  readonly draw: number;
  /** By winner, the probability that the duel ends in each whole game turn (the tick of the fall, rounded up). */
  readonly ttk: readonly [readonly number[], readonly number[]];
}

/** Mass below which a duel still going is treated as over (the figures are exact to about 1e-13). */
const NEGLIGIBLE = 1e-13;

/** One step of the schedule: who acts, at which tick, and whether the other has yet acted or been attacked. */
interface Slot {
  readonly side: 0 | 1;
  readonly time: number;
  readonly opening: boolean;
}

/** The exchange's schedule, slot by slot, while `more` says to go on (both still standing). */
function* schedule(m: ExchangeModel): Generator<Slot> {
  const actors = [
    { id: 0, energy: m.sides[0].energy },
    { id: 1, energy: m.sides[1].energy },
  ];
  const line = m.firstMover === 'foe' ? [actors[1]!, actors[0]!] : actors;
  const rules: EnergyRules<{ id: number; energy: number }> = { threshold: m.threshold, gain: (a) => m.sides[a.id as 0 | 1].gain, order: m.order };
  let now = 0;
  // A fighter becomes aware of the other once it has acted or been attacked.
  const stirred = [false, false];
  for (;;) {
    const next = peekNextActor(line, rules);
    if (!next) return;
    now += next.ticks;
    if (now > m.cap) return;
    for (const a of actors) a.energy += rules.gain(a) * next.ticks;
    const side = next.actor.id as 0 | 1;
    yield { side, time: now, opening: !stirred[1 - side] };
    stirred[0] = stirred[1] = true;
    next.actor.energy -= m.sides[side].cost;
  }
}

/** The exact outcome law of the exchange, by dynamic programming over each side's damage taken. */
export function solveExchange(m: ExchangeModel): ExchangeResult {
  // taken[s][v]: probability that side s has taken v so far and stands; fallen[s]: that it fell.
  const taken = [new Float64Array(m.sides[0].kill), new Float64Array(m.sides[1].kill)];
  taken[0]![0] = 1;
  taken[1]![0] = 1;
  const fallen = [0, 0];
  const win: [number, number] = [0, 0];
  const ttk: [number[], number[]] = [[], []];
  for (const { side, time, opening } of schedule(m)) {
    const other = (1 - side) as 0 | 1;
    const before = taken[other]!;
    const kill = m.sides[other].kill;
    const law = opening ? m.sides[side].opening : m.sides[side].law;
    const after = new Float64Array(kill);
    let fell = 0;
    for (let v = 0; v < kill; v++) {
      const p = before[v] as number;
      if (p === 0) continue;
      for (let d = 0; d < law.length; d++) {
        const q = law[d] as number;
        if (q === 0) continue;
        if (v + d >= kill) fell += p * q;
        else after[v + d] = (after[v + d] as number) + p * q;
      }
    }
    taken[other] = after;
    const ends = (1 - fallen[side]!) * fell;
    win[side] += ends;
    if (ends > 0) {
      const turn = Math.ceil(time / m.ticksPerTurn);
      while (ttk[side].length <= turn) ttk[side].push(0);
      ttk[side][turn] = (ttk[side][turn] as number) + ends;
    }
    fallen[other] = fallen[other]! + fell;
    if ((1 - fallen[0]!) * (1 - fallen[1]!) < NEGLIGIBLE) break;
  }
  const draw = Math.max(0, 1 - win[0] - win[1]);
  return { win, draw, ttk };
}

/** The damage that fells a fighter as it stands. */
function killOf(e: ArenaEntity): number {
  const hp = e.body?.hp ?? 0;
  return Math.max(1, hp + (e.body?.aliveAtZero ? 1 : 0));
}

/** A copy of a fighter that has seen its enemy standing at `enemyAt` and hunts it. */
function aware(e: ArenaEntity, enemyAt: Point): ArenaEntity {
  const c = structuredClone(e);
  if (c.awareness) c.awareness = { ...c.awareness, enemySeen: true, lastSeen: { ...enemyAt } };
  if (c.ai) c.ai = { ...c.ai, mode: 'hunting', target: { ...enemyAt } };
  return c;
}

/**
 * The exchange model of a duel before its first turn: each fighter's melee attack on the other,
 * as if adjacent, worked out on a scratch stream (a law does not depend on the rolls) twice: on
 * the other as it stands at the start, and on the other once aware. The attacker is aware.
 * Returns a reason instead when a fighter has no melee attack or its ruleset gives no law.
 */
export function exchangeModel(duel: Duel): ExchangeModel | string {
  const r = duel.ruleset;
  const scratch = new NullTracer(new RngStreams('exchange-model').combat);
  const fighters = [duel.hero, duel.foe] as const;
  const sides = fighters.map((a, i): ExchangeSide | string => {
    const d = fighters[1 - i] as ArenaEntity;
    if (!a.pos || !d.pos) return 'a fighter has no place';
    const attacker = aware(a, d.pos);
    const view = duel.view(attacker);
    const option = r.attackOptions(view).find((o) => o.kind === 'melee');
    if (!option) return `${nameOf(a)} has no melee attack`;
    const lawOn = (defender: ArenaEntity): readonly number[] | undefined => {
      const out = r.resolveAttack(scratch, view, duel.view(defender), option, { ...attackContext(duel, a, d), distance: 1, luck: true });
      return out.luck ? lawAsNumbers(out.luck.law) : undefined;
    };
    let opening: readonly number[] | undefined;
    let law: readonly number[] | undefined;
    try {
      opening = lawOn(d);
      law = lawOn(aware(d, a.pos));
    } catch (e) {
      if (e instanceof DistributionTooLarge) return e.message;
      throw e;
    }
    if (!opening || !law) return `${r.name} gives no damage law for ${nameOf(a)}'s attack`;
    // Each of the exchange's steps goes over every damage the other may have taken by every damage of the law.
    const steps = killOf(d) * Math.max(law.length, opening.length);
    if (steps > MAX_LAW_WORK) return new DistributionTooLarge(`the exchange of ${nameOf(a)}'s attacks on ${nameOf(d)}`, steps, MAX_LAW_WORK, 'steps').message;
    return { kill: killOf(a), energy: a.energy?.energy ?? 0, gain: r.energyGain(view), cost: r.attackCost(view, option, duel.now), law, opening };
  });
  const [hero, foe] = sides;
  if (typeof hero !== 'object') return hero ?? 'no hero';
  if (typeof foe !== 'object') return foe ?? 'no foe';
  return {
    threshold: r.energyThreshold,
    order: r.readyOrder ?? 'lowest-id',
    firstMover: duel.setup.firstMover ?? 'hero',
    ticksPerTurn: r.ticksPerTurn,
    cap: duel.setup.maxTurns * r.ticksPerTurn,
    sides: [hero, foe],
  };
}

/** Whether two laws agree on every value below `kill` and on the chance of `kill` or more. */
function sameBelow(a: readonly number[], b: readonly number[], kill: number): boolean {
  let tailA = 0;
  let tailB = 0;
  for (let v = 0; v < Math.max(a.length, b.length); v++) {
    const x = a[v] ?? 0;
    const y = b[v] ?? 0;
    if (v >= kill) {
      tailA += x;
      tailB += y;
    } else if (Math.abs(x - y) > 1e-12) return false;
  }
  return Math.abs(tailA - tailB) <= 1e-12;
}

/**
 * Whether a finished duel went as the exchange model has it: every action an attack at the
 * model's slot, from the model's law and at its cost, and nothing else touching hit points
 * (`other`, from the duel's tally). Returns null when it did, else what differed first.
 */
export function exchangeMismatch(m: ExchangeModel, actions: readonly ActionRecord[], other: string | null, names: readonly [string, string]): string | null {
  if (other !== null) return other;
  const slots = schedule(m);
  for (const [i, a] of actions.entries()) {
    const slot = slots.next();
    const who = names[a.side];
    if (slot.done) return `${who} attacked after the turn limit`;
    const { side, time, opening } = slot.value;
    if (a.side !== side || a.time !== time) return `attack ${i + 1} came from ${who} at tick ${a.time}; the exchange has ${names[side]} at tick ${time}`;
    if (a.kind !== 'melee') return `${who} attacked from a distance`;
    if (a.cost !== m.sides[side].cost) return `${who}'s attack cost ${a.cost} energy where the first cost ${m.sides[side].cost}`;
    const kill = a.defenderHp + (a.aliveAtZero ? 1 : 0);
    if (!a.law || !sameBelow(a.law, opening ? m.sides[side].opening : m.sides[side].law, kill)) return `${who}'s attack (the duel's ${ordinal(i + 1)}) had other odds than the exchange's`;
  }
  return null;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}
