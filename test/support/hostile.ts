import { expect } from 'vitest';

/**
 * What the hostile-input tests share: the characters a terminal would act on instead of showing
 * (the C0 controls, DEL, the C1 controls, the line and paragraph separators and the bidi
 * controls: what src/core/text.ts escapes), a payload of escape sequences, and the check that
 * nothing polluted the prototypes.
 */
export const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** As RAW_CONTROL, but a line break is allowed: for output of several lines. */
export const RAW_CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** Sets the window title, clears the screen, an 8-bit CSI, and reverses the text after it. */
export const PAYLOAD = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
const ARRAY_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Array.prototype).sort();

/** Nothing read from a hostile file added to or changed Object's or Array's prototype. */
export function expectUnpolluted(): void {
  expect((({}) as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(ARRAY_PROTOTYPE_NAMES);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}
