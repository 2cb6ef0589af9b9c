import { Distribution } from './distribution.js';
import type { Tracer } from './trace.js';

/** Dice written `XdY+Z` (or `XdY-Z`, or a bare `Z`), parsed once into numbers. */
export interface Dice {
  readonly count: number;
  readonly sides: number;
  readonly bonus: number;
  readonly text: string;
}

const DICE_PATTERN = /^\s*(?:(\d+)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$|^\s*(\d+)\s*$/;

/** Parses dice text; throws an Error naming the text when it is malformed. */
export function parseDice(text: string): Dice {
  const m = DICE_PATTERN.exec(text);
  if (!m || text.trim() === '') throw new Error(`"${text}" is not dice (expected XdY+Z, e.g. 2d6+3)`);
  if (m[5] !== undefined) return Object.freeze({ count: 0, sides: 0, bonus: Number(m[5]), text: text.trim() });
  const count = m[1] === undefined ? 0 : Number(m[1]);
  const sides = m[2] === undefined ? 0 : Number(m[2]);
  if (m[1] !== undefined && (count > 100 || sides > 1000 || (count > 0 && sides < 1))) {
    throw new Error(`"${text}": dice need 1-1000 sides and at most 100 dice`);
  }
  const bonus = m[4] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
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

/** The exact distribution of the total. */
export function diceDistribution(dice: Dice): Distribution {
  let d = Distribution.constant(dice.bonus);
  if (dice.count > 0) {
    const die = Distribution.uniform(1, dice.sides);
    for (let i = 0; i < dice.count; i++) d = d.plus(die);
  }
  return d;
}

export function diceMin(d: Dice): number {
  return d.count + d.bonus;
}
export function diceMax(d: Dice): number {
  return d.count * d.sides + d.bonus;
}
