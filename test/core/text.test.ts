import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipped, isPrintable, printable, printableLines } from '../../src/core/text.js';

/** Characters a terminal may act on instead of showing. */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('printable text', () => {
  it.each([
    ['\u001b[2J', '\\u001b[2J'],
    ['a\nb', 'a\\u000ab'],
    ['\u009b31m', '\\u009b31m'],
    ['\u202eevil', '\\u202eevil'],
    ['caf\u00e9', 'caf\u00e9'],
    ['orc\u007f', 'orc\\u007f'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(printable(raw)).toBe(shown);
  });

  it('keeps line breaks only when asked, escaping every other control', () => {
    expect(printableLines('one\ntwo\r\u001b]0;title\u0007')).toBe('one\ntwo\\u000d\\u001b]0;title\\u0007');
  });

  it('never leaves a character a terminal acts on, and changes nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const out = printable(s);
        expect(unsafe.test(out)).toBe(false);
        expect(isPrintable(out)).toBe(true);
        expect(isPrintable(s)).toBe(out === s);
        expect(/\n/.test(printableLines(s).replace(/\n/g, ''))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a long quoted value and says how long it was', () => {
    expect(clipped('x'.repeat(10), 80)).toBe('x'.repeat(10));
    expect(clipped('y'.repeat(70000), 5)).toBe('yyyyy… (70000 characters)');
  });
});
