import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labTable } from '../../src/tui/lab.js';

const value = fc.stringMatching(/^[0-9≈.%-]{1,12}$/);
const name = fc.stringMatching(/^[a-z][a-z ]{0,40}[a-z]$/);
const row = fc.tuple(name, value, value, value, value, value, value).map((r) => [...r]);

describe('the lab table layout', () => {
  it('keeps every value whole and in its column at any width from 80 to 240', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 6 }), fc.integer({ min: 80, max: 240 }), (rows, width) => {
        const t = labTable(rows, width);
        expect(t.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(width);
        expect(t.header.length).toBeLessThanOrEqual(width);
        for (const cells of rows) {
          const text = t.row(cells);
          expect(text.length).toBeLessThanOrEqual(width);
          let at = t.widths[0]!;
          cells.slice(1).forEach((v, i) => {
            const w = t.widths[i + 1]!;
            // Right-aligned in its column, whole, with a space before it.
            expect(text.slice(at, at + w)).toBe(` ${v}`.padStart(w));
            at += w;
          });
          // The name is whole, or shortened with an ellipsis, never over the first value.
          const shown = text.slice(0, t.widths[0]).trimEnd();
          expect(shown === cells[0] || (shown.endsWith('…') && cells[0]!.startsWith(shown.slice(0, -1)))).toBe(true);
        }
      }),
      { numRuns: 300, seed: 19 },
    );
  });

  it('shortens the headings before the names, and uses the width it has', () => {
    const rows = [['a long attack name like a +2,+2 triple sword', '100.0%', '123-456', '289.5', '1.67', '483.47', '≈0.1']];
    const narrow = labTable(rows, 60);
    expect(narrow.header).toContain('≈turns');
    expect(narrow.header).not.toContain('≈turns to kill');
    expect(narrow.widths[0]).toBeGreaterThanOrEqual(12);
    expect(narrow.row(rows[0]!)).toMatch(/^a long att.*… /);
    const narrower = labTable(rows, 50);
    expect(narrower.header).toContain('a/t');
    expect(narrower.header).toMatch(/ ≈t$/);
    const wide = labTable(rows, 200);
    expect(wide.header).toContain('≈turns to kill');
    expect(wide.row(rows[0]!)).toContain('a long attack name like a +2,+2 triple sword');
    expect(labTable(rows, 80).header).toContain('≈turns to kill');
  });
});
