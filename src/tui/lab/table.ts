import { damagePerTurn } from '../../game/odds.js';
import type { AttackPreview } from '../../rules/ruleset.js';

/**
 * The lab's odds table laid out for a width: the numbers' columns are as wide as their widest
 * value, so a value is never cut; the headings shorten, then the attack names, to make room.
 */

/** Each column's headings, longest first. */
const HEADINGS: readonly (readonly string[])[] = [
  ['attack'],
  ['hit'],
  ['damage', 'dmg'],
  ['avg'],
  ['att/turn', 'att/t', 'a/t'],
  ['exp/turn', 'exp/t', 'e/t'],
  ['≈turns to kill', '≈turns', '≈t'],
];

/** The fewest cells an attack's name keeps before the headings shorten further. */
const MIN_NAME = 12;

const perTurnText = (p: AttackPreview): string => {
  const n = p.perTurn.toNumber();
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
};

/**
 * The cells of one attack's row: the exact hit chance, the damage given a hit, attacks per game
 * turn, the expected damage per game turn (the ruleset's expected damage of one attack, which for
 * a single blow is hit x average, times attacks per turn), and the expected turns to kill.
 */
export function labCells(p: AttackPreview, targetMaxHp: number): string[] {
  const perTurn = damagePerTurn(p).toNumber();
  const kill = perTurn > 0 ? `≈${(targetMaxHp / perTurn).toFixed(1)}` : 'never';
  return [p.label, p.hit.percent(1), `${p.damage.min}-${p.damage.max}`, p.damage.mean().toNumber().toFixed(1), perTurnText(p), perTurn.toFixed(2), kill];
}

export interface LabTable {
  /** Each column's width in cells; the first is the attack's name. */
  readonly widths: readonly number[];
  readonly header: string;
  /** A row of cells laid out: the name left (shortened if it must be), the values right, whole. */
  row(cells: readonly string[]): string;
}

/** Lays out rows of `labCells` in `width` cells. */
export function labTable(rows: readonly (readonly string[])[], width: number): LabTable {
  const valueWidth = (i: number): number => Math.max(0, ...rows.map((r) => (r[i] ?? '').length));
  const pad = width >= 120 ? 3 : 1;
  const choice = HEADINGS.map(() => 0);
  const numbers = (): number[] => HEADINGS.slice(1).map((h, j) => pad + Math.max(valueWidth(j + 1), (h[choice[j + 1] as number] as string).length));
  const total = (): number => numbers().reduce((a, b) => a + b, 0);
  // Shorten the heading that gains the most until the names have room, or none can shorten.
  while (width - total() < MIN_NAME) {
    let best = -1;
    let gain = 0;
    for (let i = 1; i < HEADINGS.length; i++) {
      const h = HEADINGS[i] as readonly string[];
      const at = choice[i] as number;
      if (at + 1 >= h.length) continue;
      const now = Math.max(valueWidth(i), (h[at] as string).length);
      const g = now - Math.max(valueWidth(i), (h[at + 1] as string).length);
      if (g > gain) [best, gain] = [i, g];
    }
    if (best < 0) break;
    choice[best] = (choice[best] as number) + 1;
  }
  const longest = Math.max(HEADINGS[0]![0]!.length, valueWidth(0));
  const name = Math.max(1, Math.min(width - total(), Math.max(22, longest + 2)));
  const widths = [name, ...numbers()];
  const row = (cells: readonly string[]): string =>
    cells.map((s, i) => (i === 0 ? (s.length < name ? s.padEnd(name) : `${s.slice(0, name - 2)}… `) : s.padStart(widths[i] ?? 0))).join('');
  return { widths, header: row(HEADINGS.map((h, i) => h[choice[i] as number] as string)), row };
}
