import { createRequire } from 'node:module';
import blessed from 'blessed';

/**
 * A blessed screen on any pair of streams, with blessed's own bundled xterm-256color terminfo:
 * the host's terminfo files use a format blessed misreads (research/stack-spike.md, section 2),
 * so reading our own copy gives the same output on every machine, whatever $TERM says.
 */
interface ProgramOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  terminal?: string;
  tput?: boolean;
  buffer?: boolean;
  zero?: boolean;
}

const makeProgram = blessed.program as unknown as (o: ProgramOptions) => blessed.BlessedProgram;
const BUNDLED_XTERM_256 = createRequire(import.meta.url).resolve('blessed/usr/xterm-256color');

export interface TerminalStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

export function createScreen(streams: TerminalStreams): blessed.Widgets.Screen {
  const program = makeProgram({ input: streams.input, output: streams.output, terminal: BUNDLED_XTERM_256, tput: true, buffer: true, zero: true });
  (program as unknown as { _terminal: string })._terminal = 'xterm-256color';
  return blessed.screen({
    program,
    smartCSR: true,
    warnings: false,
    forceUnicode: true,
    fullUnicode: false,
    autoPadding: false,
    title: 'spoiler-arena',
  } as blessed.Widgets.IScreenOptions);
}

export const MIN_COLS = 80;
export const MIN_ROWS = 24;
