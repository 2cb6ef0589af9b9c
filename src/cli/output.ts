import { printableLines } from '../core/text.js';

/**
 * The command line's guard against terminal injection. Whatever the commands print may quote a
 * seed, a fighter's or an arena's name, a file name or a line of a hostile file; so every string
 * written to stdout or stderr passes through `printableLines` first: line breaks stay, and every
 * other control character (ESC, the C1 controls, carriage returns, bidi controls) is shown as a
 * `\uXXXX` escape instead of reaching the terminal. The escape is valid inside a JSON string too,
 * so `--json` output stays JSON. Only the progress bar's own redraw (`terminalControl`) and the
 * full-screen interface (which calls `releaseOutput` first) write control sequences.
 */

type Write = typeof process.stdout.write;

const originals = new Map<NodeJS.WriteStream, Write>();

function guarded(stream: NodeJS.WriteStream, write: Write): Write {
  return function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
    let safe = chunk;
    if (typeof chunk === 'string') safe = printableLines(chunk);
    else if (chunk instanceof Uint8Array) safe = Buffer.from(printableLines(Buffer.from(chunk).toString('utf8')));
    return (write as (...a: unknown[]) => boolean).call(stream, safe, ...rest);
  } as Write;
}

/** Puts the guard on stdout and stderr (once). */
export function guardOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    if (originals.has(stream)) continue;
    originals.set(stream, stream.write);
    stream.write = guarded(stream, stream.write);
  }
}

/** Takes the guard off, for the full-screen interface, which draws with escape sequences. */
export function releaseOutput(): void {
  for (const [stream, write] of originals) stream.write = write;
  originals.clear();
}

/** Writes the program's own control sequences to stderr (the progress bar), past the guard. */
export function terminalControl(text: string): void {
  const write = originals.get(process.stderr) ?? process.stderr.write;
  (write as (s: string) => boolean).call(process.stderr, text);
}
