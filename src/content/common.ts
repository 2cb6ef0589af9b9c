import { clipped, isPrintable, printable } from '../core/text.js';
import { DataError } from './load.js';
import type { Z } from './zod.js';

/** Colour names the screen knows; data files use these, never raw codes. */
export const COLOUR_NAMES = [
  'white', 'grey', 'dark-grey', 'red', 'bright-red', 'green', 'bright-green', 'yellow', 'brown',
  'blue', 'bright-blue', 'magenta', 'bright-magenta', 'cyan', 'bright-cyan', 'orange',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * Why a text from a data file cannot be shown as it is (a control character, an escape sequence,
 * a bidi control or a line separator, which a terminal would obey), or null when it can.
 */
export function unprintableProblem(s: string): string | null {
  if (isPrintable(s)) return null;
  const at = [...s].findIndex((c) => !isPrintable(c));
  return `control characters and escape sequences are not allowed (${printable([...s][at] ?? '')} at character ${at + 1} of "${printable(clipped(s, 40))}")`;
}

/**
 * The error as it may be shown: a message quoting the file (an unknown key, a bad value) can
 * hold anything the file holds, so every control character in it is escaped.
 */
export function printableDataError(e: DataError): DataError {
  const safe = [e.file, e.jsonPath, e.problem].map((x) => printable(x));
  if (safe[0] === e.file && safe[1] === e.jsonPath && safe[2] === e.problem) return e;
  return new DataError(safe[0] as string, safe[1] as string, safe[2] as string);
}

/** Schema pieces shared by every table, built from zod on first use. */
export function commonSchemas(z: Z) {
  const idSchema = z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an id is lower-case words joined by hyphens')
    .describe('Stable identifier used in commands, replays and other tables.');
  /**
   * Text shown to the player (a name, a description, a glyph): `min` to `max` characters, and
   * nothing a terminal would obey instead of showing (refused with the JSON path at load).
   */
  const text = (min: number, max: number) =>
    z
      .string()
      .min(min)
      .max(max)
      .superRefine((s, ctx) => {
        const problem = unprintableProblem(s);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      });
  /**
   * A whole number from `lo` to `hi`. Every number in a data file has both bounds, taken from
   * what the game itself can hold, so no value can overflow a rule's arithmetic, stall the clock
   * or grow an exact law without bound.
   */
  const int = (lo: number, hi: number) => z.number().int().min(lo).max(hi);
  /** A decimal the game uses as a float (0.5, 1.2), from `lo` (above 0) to `hi`, kept to three decimals so clocks stay exact. */
  const decimal = (lo: number, hi: number) =>
    z
      .number()
      .min(lo)
      .max(hi)
      .refine((x) => Math.abs(Math.round(x * 1000) - x * 1000) < 1e-9, 'at most three decimals')
      .describe('A decimal with at most three places.');
  return {
    idSchema,
    text,
    int,
    decimal,
    nameSchema: text(1, 40).describe('Name shown to the player.'),
    descriptionSchema: text(1, 300).describe('One or two sentences for the player.'),
    glyphSchema: text(1, 1).describe('One character drawn on the map.'),
    /** An inclusive range [min, max] of whole numbers from 0 to `max`. */
    intRange: (max: number) =>
      z
        .tuple([int(0, max), int(0, max)])
        .refine(([a, b]) => a <= b, 'the first number must not exceed the second')
        .describe('An inclusive range [min, max].'),
    /**
     * The envelope of every data table: which schema it follows, which ruleset it belongs to,
     * where its numbers come from, and its records.
     */
    tableSchema<R extends ReturnType<Z['string']> | import('zod').ZodType>(ruleset: string, record: R) {
      return z.strictObject({
        $schema: z.string().max(200).describe('Relative path of the JSON Schema this file follows.'),
        ruleset: z.literal(ruleset).describe('The ruleset these records belong to.'),
        source: text(1, 1000).describe('The seed document and section (or game source) the numbers come from.'),
        records: z.array(record).min(1).describe('The records, each with a unique id.'),
      });
    },
  };
}
