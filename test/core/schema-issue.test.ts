import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueProblem } from '../../src/core/schema-issue.js';

/** The problem issueProblem gives for the first issue of `value` against `schema`. */
function problem(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a refusal');
  return issueProblem(r.error.issues[0]!, value);
}

const MANY = z.object({ flags: z.array(z.enum(Array.from({ length: 30 }, (_, i) => `flag-${String.fromCharCode(97 + (i % 26))}${i}`) as [string, ...string[]])) });
const FEW = z.object({ colour: z.enum(['red', 'green', 'blue']) });

describe('issueProblem: a value outside a long list of allowed values', () => {
  it.each([
    ['a typo one edit away is suggested', 'flag-a1', '"flag-a1" is not one of the 30 allowed values; did you mean "flag-a0", "flag-b1"?'],
    ['nothing close: the count only', 'pass-time', '"pass-time" is not one of the 30 allowed values'],
    ['a value of another type is quoted as JSON', 7, '7 is not one of the 30 allowed values'],
    ['a huge value is cut short', 'x'.repeat(5000), `"${'x'.repeat(59)}… (5002 characters) is not one of the 30 allowed values`],
    ['a control character is shown as an escape', '\u001b[2Jflag-a0', '"\\u001b[2Jflag-a0" is not one of the 30 allowed values'],
  ] as const)('%s', (_name, value, expected) => {
    expect(problem(MANY, { flags: ['flag-a0', value] })).toBe(expected);
  });
  it('a short list keeps the schema\'s own message, which names every value', () => {
    expect(problem(FEW, { colour: 'pink' })).toBe('Invalid option: expected one of "red"|"green"|"blue"');
  });
  it('any other problem keeps the schema\'s own message', () => {
    expect(problem(z.object({ n: z.number() }), { n: 'three' })).toBe('Invalid input: expected number, received string');
  });
});
