import { describe, expect, it } from 'vitest';
import { frameTimes } from '../../src/bench/frame.js';

/** The frame benchmark's blessed rendering reproduces the app's frame (it throws if not). */
describe('frame benchmark', () => {
  it('draws the same screen both ways and times both', async () => {
    const f = await frameTimes(5, 1);
    expect(f.ours.bytes).toBeGreaterThan(1000);
    expect(f.blessed.bytes).toBe(f.ours.bytes);
    expect(f.ratio).toBeGreaterThan(0);
    expect(Number.isFinite(f.ratio)).toBe(true);
  });
});
