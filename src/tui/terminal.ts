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

/** The parts of blessed's screen and program used to hand the terminal over and back (not in its typings). */
interface Handover {
  leave(): void;
  enter(): void;
  program: { isAlt: boolean; input: NodeJS.ReadableStream & { setRawMode?: (raw: boolean) => unknown; isRaw?: boolean } };
}

/**
 * Gives the terminal back as the program found it, with the screen kept for later: what
 * `screen.destroy()` does on exit (blessed's `leave`: keypad mode off, the scroll region reset,
 * the cursor shown, the mouse off if it was on, the main screen back), then raw mode off and
 * input paused. For Ctrl-Z: the shell gets a terminal it can use. {@link reclaimTerminal} undoes it.
 */
export function releaseTerminal(screen: blessed.Widgets.Screen): void {
  const s = screen as unknown as Handover;
  s.leave();
  const input = s.program.input;
  if (input.setRawMode && input.isRaw) input.setRawMode(false);
  input.pause();
}

/**
 * Takes the terminal again after a stop (Ctrl-Z then `fg`, or SIGSTOP and SIGCONT from outside):
 * raw mode, input, the alternate screen with the cursor hidden, cleared, and blessed's record of
 * what the terminal shows forgotten, so that the next render redraws every cell. Safe to call
 * when the terminal was never released: whatever the shell or another program did to it
 * meanwhile is undone.
 */
export function reclaimTerminal(screen: blessed.Widgets.Screen): void {
  const s = screen as unknown as Handover;
  const input = s.program.input;
  // libuv skips a change to the mode it last set, and a stop from outside (SIGSTOP) leaves it
  // believing the terminal raw while the shell has put it back: so first out of raw mode, then in.
  if (input.setRawMode) {
    input.setRawMode(false);
    input.setRawMode(true);
  }
  input.resume();
  // blessed's enter() does nothing while it believes the alternate screen is on.
  s.program.isAlt = false;
  s.enter();
}
