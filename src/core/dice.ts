import { Distribution, checkLawValues, checkLawWork } from './distribution.js';
import { clipped, printable } from './text.js';
import type { Tracer } from './trace.js';

/** Dice written `XdY+Z` (or `XdY-Z`, or a bare `Z`), parsed once into numbers. */
export interface Dice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
  readonly text: string;
}

const DICE_PATTERN = /^\s*(?:(\d+)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$|^\s*(\d+)\s*$/;

/** The most dice one roll may have: Angband keeps the count in a byte (Morgoth's hit dice are 200d100). */
export const MAX_DICE = 255;
/** The most sides a die may have. */
export const MAX_SIDES = 1000;
/** The largest bonus either way. */
export const MAX_BONUS = 1_000_000;

/** The text as an error quotes it: short, and nothing a terminal would obey. */
function shown(text: string): string {
  return printable(clipped(text, 40));
}

/** Parses dice text; throws an Error naming the text when it is malformed. */
export function parseDice(text: string): Dice {
  const m = DICE_PATTERN.exec(text);
  if (!m || text.trim() === '') throw new Error(`"${shown(text)}" is not dice (expected XdY+Z, e.g. 2d6+3)`);
  if (m[5] !== undefined) {
    const bonus = Number(m[5]);
    if (bonus > MAX_BONUS) throw new Error(`"${shown(text)}": the bonus is at most ${MAX_BONUS}`);
    return Object.freeze({ count: 0, sides: 0, bonus, text: text.trim() });
  }
  const count = m[1] === undefined ? 0 : Number(m[1]);
  const sides = m[2] === undefined ? 0 : Number(m[2]);
  if (m[1] !== undefined && (count > MAX_DICE || sides > MAX_SIDES || (count > 0 && sides < 1))) {
    throw new Error(`"${shown(text)}": dice need 1-${MAX_SIDES} sides and at most ${MAX_DICE} dice`);
  }
  const bonus = m[4] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  if (Math.abs(bonus) > MAX_BONUS) throw new Error(`"${shown(text)}": the bonus is at most ${MAX_BONUS}`);
  return Object.freeze({ count, sides, bonus, text: formatDice(count, sides, bonus) });
}

export function formatDice(count: number, sides: number, bonus: number): string {
  const base = count > 0 ? `${count}d${sides}` : '';
  if (bonus === 0) return base || '0';
  return `${base}${bonus > 0 ? (base ? '+' : '') : '-'}${Math.abs(bonus)}`;
}

/** Rolls the dice, one traced roll per die. */
export function rollDice(t: Tracer, dice: Dice, label: string): number {
  let total = dice.bonus;
  for (let i = 0; i < dice.count; i++) total += t.roll(1, dice.sides, label);
  return total;
}

/**
 * The exact distribution of the total. Each die is added with running sums (one step per value
 * of the law so far), so 25d100 takes 25 x 2476 steps, not 25 x 2476 x 100; dice whose law
 * would pass the limits of exact laws are refused with a DistributionTooLarge.
 */
export function diceDistribution(dice: Dice): Distribution {
  if (dice.count === 0 || dice.sides === 1) return Distribution.constant(dice.bonus + dice.count);
  const { count, sides } = dice;
  const what = `the dice ${dice.text}`;
  const values = count * (sides - 1) + 1;
  checkLawValues(what, values);
  checkLawWork(what, count * values);
  // ways[k]: the ways i dice make i + k; adding a die sums a window of `sides` of them.
  let ways: bigint[] = [1n];
  for (let i = 0; i < count; i++) {
    const next = new Array<bigint>(ways.length + sides - 1);
    let window = 0n;
    for (let k = 0; k < next.length; k++) {
      if (k < ways.length) window += ways[k] as bigint;
      if (k >= sides) window -= ways[k - sides] as bigint;
      next[k] = window;
    }
    ways = next;
  }
  return Distribution.fromWeights(count + dice.bonus, ways);
}

export function diceMin(d: Dice): number {
  return d.count + d.bonus;
}
export function diceMax(d: Dice): number {
  return d.count * d.sides + d.bonus;
}
