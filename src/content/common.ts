import type { Z } from './zod.js';

/** Colour names the screen knows; data files use these, never raw codes. */
export const COLOUR_NAMES = [
  'white', 'grey', 'dark-grey', 'red', 'bright-red', 'green', 'bright-green', 'yellow', 'brown',
  'blue', 'bright-blue', 'magenta', 'bright-magenta', 'cyan', 'bright-cyan', 'orange',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/** Schema pieces shared by every table, built from zod on first use. */
export function commonSchemas(z: Z) {
  const idSchema = z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an id is lower-case words joined by hyphens')
    .describe('Stable identifier used in commands, replays and other tables.');
  return {
    idSchema,
    nameSchema: z.string().min(1).max(40).describe('Name shown to the player.'),
    descriptionSchema: z.string().min(1).max(300).describe('One or two sentences for the player.'),
    /** A decimal the game uses as a float (0.5, 1.2), kept to three decimals so clocks stay exact. */
    decimalSchema: z
      .number()
      .positive()
      .refine((x) => Math.abs(Math.round(x * 1000) - x * 1000) < 1e-9, 'at most three decimals')
      .describe('A decimal with at most three places.'),
    intRangeSchema: z
      .tuple([z.number().int().min(0), z.number().int().min(0)])
      .refine(([a, b]) => a <= b, 'the first number must not exceed the second')
      .describe('An inclusive range [min, max].'),
    /**
     * The envelope of every data table: which schema it follows, which ruleset it belongs to,
     * where its numbers come from, and its records.
     */
    tableSchema<R extends ReturnType<Z['string']> | import('zod').ZodType>(ruleset: string, record: R) {
      return z.strictObject({
        $schema: z.string().describe('Relative path of the JSON Schema this file follows.'),
        ruleset: z.literal(ruleset).describe('The ruleset these records belong to.'),
        source: z.string().min(1).describe('The seed document and section (or game source) the numbers come from.'),
        records: z.array(record).min(1).describe('The records, each with a unique id.'),
      });
    },
  };
}
