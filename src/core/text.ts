/**
 * Making untrusted text safe to show. Fighter names, arena names, seeds, file names and the
 * contents of a replay or a data file can hold anything; shown raw, a control character or an
 * escape sequence would be obeyed by the terminal (clearing it, moving the cursor, changing its
 * title, forging lines). Every such text is passed through {@link printable} (one line) or
 * {@link printableLines} (line breaks kept) before it reaches a screen, stdout or stderr.
 */

/**
 * What a terminal may act on instead of showing: the C0 controls (ESC among them), DEL, the C1
 * controls (U+009B is an 8-bit CSI), the Unicode line and paragraph separators, and the bidi
 * controls that reorder what follows them.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The text on one line, every unsafe character (line breaks too) shown as a `\uXXXX` escape. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** As {@link printable}, but line breaks (`\n`) are kept: for messages of several lines. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, escapeChar);
}

/** Whether the text holds nothing {@link printable} would escape. */
export function isPrintable(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}

/**
 * A text quoted from a file or an argument, cut to `max` characters so that one huge value
 * cannot bury the message that quotes it: `"aaaa…" (70000 characters)`.
 */
export function clipped(text: string, max = 80): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length} characters)`;
}
