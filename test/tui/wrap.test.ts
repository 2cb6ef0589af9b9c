import { describe, expect, it } from 'vitest';
import { wrap } from '../../src/tui/canvas.js';

describe('wrap', () => {
  const file = '2026-01-02_03-04-05_angband-3.0.5_warrior-vs-uruk_seed-screenshot.jsonl';

  it('breaks a file name longer than the line between its parts, not inside one', () => {
    expect(wrap(`replay: ${file}`, 60)).toEqual(['replay:', '2026-01-02_03-04-05_angband-3.0.5_warrior-vs-uruk_', 'seed-screenshot.jsonl']);
    expect(wrap(file, 40)).toEqual(['2026-01-02_03-04-05_angband-3.0.5_', 'warrior-vs-uruk_seed-screenshot.jsonl']);
  });

  it('breaks after a dash when there is no underscore or slash, and at the width when there is neither', () => {
    expect(wrap('seed-screenshot-long', 12)).toEqual(['seed-', 'screenshot-', 'long']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('keeps every character, in order', () => {
    for (const w of [5, 9, 13, 30]) expect(wrap(file, w).join('')).toBe(file);
  });

  it('wraps at spaces as before', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });
});
