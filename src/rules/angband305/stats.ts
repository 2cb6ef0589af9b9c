/**
 * Angband's stats and the tables indexed by them. @spoiler angband-3.0.5#blows,
 * angband-3.0.5#melee-skill, angband-3.0.5#melee-damage (000_93a8d6a8d966ff10.txt).
 *
 * A stat is written 3..18, then 18/01..18/220 and beyond; internally 18/xx is 18 + xx, so 18/50
 * is 68 and 18/100 is 118. Every table the seed gives brackets the stat the same way: one row
 * per value from 3 to 17, then one per ten points from 18/00 up to 18/220, which is the last
 * row (research/angband-3.0.5.md section 2: the tables agree with the game's tables.c).
 */

/** A stat's internal value: 3..18, or 18 + xx for 18/xx. */
export type StatValue = number;

/** The largest stat the arena accepts on input (18/220 and above all use the same row). */
export const STAT_MAX = 18 + 220 + 99;

/** Parses "16", "18", "18/50", "18/100" (or a plain number 3..18). Throws naming the text. */
export function parseStat(text: string | number): StatValue {
  if (typeof text === 'number') {
    if (Number.isInteger(text) && text >= 3 && text <= 18) return text;
    throw new Error(`a stat is 3 to 18, or "18/xx" (got ${text})`);
  }
  const m = /^\s*(\d{1,2})(?:\/(\d{1,3}))?\s*$/.exec(text);
  if (!m) throw new Error(`"${text}" is not a stat (write 3 to 18, or 18/xx such as 18/50)`);
  const base = Number(m[1]);
  if (m[2] === undefined) {
    if (base < 3 || base > 18) throw new Error(`a stat is 3 to 18, or "18/xx" (got "${text}")`);
    return base;
  }
  const extra = Number(m[2]);
  if (base !== 18) throw new Error(`only 18 takes a "/xx" part (got "${text}")`);
  if (extra < 1 || 18 + extra > STAT_MAX) throw new Error(`"${text}": the part after 18/ must be 01 to ${STAT_MAX - 18}`);
  return 18 + extra;
}

/** "17", "18", "18/05", "18/100". */
export function formatStat(v: StatValue): string {
  if (v <= 18) return String(v);
  const extra = v - 18;
  return `18/${extra < 10 ? `0${extra}` : extra}`;
}

/**
 * The row of every stat table: 0..14 for 3..17, then 15 for 18/00-18/09, one more per ten
 * points, and 37 for 18/220 and above.
 */
export function statIndex(v: StatValue): number {
  if (v < 3) return 0;
  if (v <= 18) return v - 3;
  return Math.min(37, 15 + Math.trunc((v - 18) / 10));
}

/**
 * Raises or lowers a stat the way the game applies bonuses: one point at a time below 18, ten
 * points (one bracket) at a time from 18 up, and never below 3. (Game code, xtra1.c
 * modify_stat_value: the seed has no rule for it; used for equipment and race/class bonuses.)
 */
export function modifyStat(v: StatValue, amount: number): StatValue {
  let x = v;
  if (amount > 0) for (let i = 0; i < amount; i++) x += x < 18 ? 1 : 10;
  else {
    for (let i = 0; i < -amount; i++) {
      if (x >= 28) x -= 10;
      else if (x > 18) x = 18;
      else if (x > 3) x--;
    }
  }
  return x;
}

/**
 * A table written as the seed writes it: [first stat of the bracket, value], brackets in
 * order. `byIndex` expands it to the 38 rows.
 */
function byIndex(brackets: readonly (readonly [string, number])[]): readonly number[] {
  const rows: number[] = [];
  for (let i = 0; i < 38; i++) {
    const lo = i < 15 ? i + 3 : 18 + (i - 15) * 10;
    let value: number | undefined;
    for (const [from, v] of brackets) if (parseStat(from) <= lo) value = v;
    if (value === undefined) throw new Error(`table has no row for stat index ${i}`);
    rows.push(value);
  }
  return Object.freeze(rows);
}

/** Strength: +to-hit. @spoiler angband-3.0.5#melee-skill (II.A) */
export const STR_TO_HIT = byIndex([
  ['3', -3], ['4', -2], ['5', -1], ['7', 0], ['18', 1], ['18/70', 2], ['18/80', 3], ['18/90', 4], ['18/100', 5], ['18/110', 6],
  ['18/120', 7], ['18/130', 8], ['18/140', 9], ['18/150', 10], ['18/160', 11], ['18/170', 12], ['18/180', 13], ['18/190', 14], ['18/200', 15],
]);

/** Dexterity: +to-hit. @spoiler angband-3.0.5#melee-skill (II.B) */
export const DEX_TO_HIT = byIndex([
  ['3', -3], ['4', -2], ['6', -1], ['8', 0], ['16', 1], ['17', 2], ['18', 3], ['18/50', 4], ['18/90', 5], ['18/100', 6], ['18/110', 7],
  ['18/120', 8], ['18/130', 9], ['18/150', 10], ['18/160', 11], ['18/170', 12], ['18/180', 13], ['18/190', 14], ['18/200', 15],
]);

/** Strength: +to-dam. @spoiler angband-3.0.5#melee-damage (4a) */
export const STR_TO_DAM = byIndex([
  ['3', -2], ['5', -1], ['7', 0], ['16', 1], ['17', 2], ['18/20', 3], ['18/70', 4], ['18/80', 5], ['18/100', 6], ['18/110', 7], ['18/120', 8],
  ['18/130', 9], ['18/140', 10], ['18/150', 11], ['18/160', 12], ['18/170', 13], ['18/180', 14], ['18/190', 15], ['18/200', 16], ['18/210', 18],
  ['18/220', 20],
]);

/** Strength: the heaviest weapon (whole pounds) wielded without penalty. @spoiler angband-3.0.5#melee-skill (II.E) */
export const STR_WEAPON_LIMIT = byIndex([
  ['3', 4], ['4', 5], ['5', 6], ['6', 7], ['7', 8], ['8', 10], ['9', 12], ['10', 14], ['11', 16], ['12', 18], ['13', 20], ['14', 22], ['15', 24],
  ['16', 26], ['17', 28], ['18', 30], ['18/20', 35], ['18/30', 40], ['18/40', 45], ['18/50', 50], ['18/60', 55], ['18/70', 60], ['18/80', 65],
  ['18/90', 70], ['18/100', 80], ['18/150', 90], ['18/200', 100],
]);

/**
 * Strength: the adjusted strength for blows (ASB): the strength itself below 18, then 20 for
 * 18-18/09 and ten more per bracket up to 240. @spoiler angband-3.0.5#blows
 */
export const STR_BLOWS_ASB: readonly number[] = Object.freeze(Array.from({ length: 38 }, (_, i) => (i < 15 ? i + 3 : 20 + (i - 15) * 10)));

/** Dexterity: the row of the blows table (the seed's rows; 18/150 and above share the last). @spoiler angband-3.0.5#blows */
export const DEX_BLOWS_ROW = byIndex([
  ['3', 0], ['10', 1], ['18/10', 2], ['18/50', 3], ['18/70', 4], ['18/90', 5], ['18/100', 6], ['18/110', 7], ['18/120', 8], ['18/130', 9],
  ['18/140', 10], ['18/150', 11],
]);

/**
 * Blows by the dexterity row (down) and the strength-weapon index 0..11 (across), as the seed
 * prints it. @spoiler angband-3.0.5#blows
 */
export const BLOWS_TABLE: readonly (readonly number[])[] = Object.freeze(
  [
    [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3],
    [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3],
    [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4],
    [1, 1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4],
    [1, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4],
    [1, 2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4],
    [2, 3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5],
    [2, 3, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
    [2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6],
    [2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6],
    [2, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6],
    [3, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6],
  ].map((r) => Object.freeze(r)),
);

/** Dexterity: bonus to armour class (game code, tables.c adj_dex_ta; not in the seed). */
export const DEX_TO_AC = byIndex([
  ['3', -4], ['4', -3], ['5', -2], ['6', -1], ['7', 0], ['15', 1], ['18', 2], ['18/50', 3], ['18/80', 4], ['18/90', 5], ['18/100', 6],
  ['18/110', 7], ['18/120', 8], ['18/130', 9], ['18/150', 10], ['18/160', 11], ['18/170', 12], ['18/180', 13], ['18/190', 14], ['18/200', 15],
]);

/**
 * Energy gained per game turn at each speed 0..199 (tables.c extract_energy; 110 is normal
 * speed, 10 a turn). The seed refers to ability.spo for time; the arena uses the game's table.
 */
export const EXTRACT_ENERGY: readonly number[] = Object.freeze([
  ...Array<number>(70).fill(1),
  ...Array<number>(10).fill(2),
  2, 2, 2, 2, 2, 2, 2, 3, 3, 3,
  3, 3, 3, 3, 3, 4, 4, 4, 4, 4,
  5, 5, 5, 5, 6, 6, 7, 7, 8, 9,
  10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
  20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
  30, 31, 32, 33, 34, 35, 36, 36, 37, 37,
  38, 38, 39, 39, 40, 40, 40, 41, 41, 41,
  42, 42, 42, 43, 43, 43, 44, 44, 44, 44,
  45, 45, 45, 45, 45, 46, 46, 46, 46, 46,
  47, 47, 47, 47, 47, 48, 48, 48, 48, 48,
  ...Array<number>(20).fill(49),
]);

/** Energy per game turn at a speed (clamped to 0..199, as the game does). */
export function energyPerGameTurn(speed: number): number {
  return EXTRACT_ENERGY[Math.max(0, Math.min(199, speed))] as number;
}
