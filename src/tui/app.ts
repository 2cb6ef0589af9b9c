import { randomInt } from 'node:crypto';
import blessed from 'blessed';
import type { Content } from '../content/index.js';
import { printableLines } from '../core/text.js';
import type { DuelSetup } from '../game/duel.js';
import { type ReplayRecorder, savedText } from '../replay/recorder.js';
import { BrowserScreen } from './browser.js';
import { Canvas } from './canvas.js';
import { DuelScreen } from './duel-screen.js';
import { LabScreen } from './lab.js';
import { MenuScreen } from './menu.js';
import { type Palette, makePalette } from './palette.js';
import type { Screen } from './screen.js';
import type { Session, SessionEnv, SessionStart } from './session.js';
import { MIN_COLS, MIN_ROWS, type TerminalStreams, createScreen, reclaimTerminal, releaseTerminal } from './terminal.js';

/** What the app opens with: a duel (new, carried on or played back), the saves browser, the start menu or the fight lab. */
export type AppStart =
  | { readonly kind: 'session'; readonly start: SessionStart }
  | { readonly kind: 'browser' }
  | { readonly kind: 'menu' }
  | { readonly kind: 'lab'; readonly setup: DuelSetup };

function firstScreen(start: AppStart, env: SessionEnv & { force?: boolean }, palette: Palette): Screen {
  switch (start.kind) {
    case 'browser':
      return new BrowserScreen(env, palette);
    case 'menu':
      return new MenuScreen(env, palette);
    case 'lab':
      return new LabScreen(start.setup, env, palette);
    case 'session':
      return new DuelScreen(start.start, env, palette);
  }
}

/** The replays written by the duels the first screen started (itself, or from the menu). */
function replaysOf(first: Screen): ReplayRecorder[] {
  if (first instanceof DuelScreen) return first.session.recorders;
  return first instanceof MenuScreen ? first.recorders : [];
}

export interface AppOptions {
  readonly start: AppStart;
  readonly content: Content;
  readonly savesDir: string | null;
  readonly program: string;
  /** Watch and replay modes play turns on a timer; tests turn it off and step by hand. */
  readonly autoplay?: boolean;
  readonly colour?: boolean;
  readonly force?: boolean;
  readonly now?: () => Date;
  readonly freshSeed?: () => string;
  /** The screen's steady clock in milliseconds (tests pass their own). */
  readonly clock?: () => number;
  /**
   * Ctrl-Z: stops the process once the terminal is handed back, returning when it is continued
   * (runTerminalApp sends itself SIGTSTP). Tests leave it out: the terminal is still handed back
   * and taken again, and nothing stops.
   */
  readonly stopProcess?: () => void;
}

export interface App {
  readonly screen: blessed.Widgets.Screen;
  /** The screen on top. */
  readonly current: Screen;
  /** The duel session on top, if the top screen is a duel. */
  readonly session: Session;
  /** Paints and flushes a frame. */
  render(): void;
  /** Ends the app: closes every screen's files and restores the terminal. */
  finish(code: number): void;
  /** Ctrl-Z: hands the terminal back as on exit, stops (`stopProcess`), then takes it again and redraws. */
  suspend(): void;
  /** After a stop from outside (SIGCONT): takes the terminal again (raw mode, the alternate screen) and redraws every cell. */
  redraw(): void;
  readonly done: Promise<number>;
}

export function createApp(streams: TerminalStreams, o: AppOptions): App {
  const env: SessionEnv & { force?: boolean } = {
    content: o.content,
    savesDir: o.savesDir,
    program: o.program,
    now: o.now ?? (() => new Date()),
    freshSeed: o.freshSeed ?? (() => String(randomInt(100_000_000, 1_000_000_000))),
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.force ? { force: true } : {}),
  };
  const palette = makePalette(o.colour ?? !process.env['NO_COLOR']);
  const first = firstScreen(o.start, env, palette);
  const stack: Screen[] = [first];
  const top = (): Screen => stack[stack.length - 1] as Screen;

  const screen = createScreen(streams);
  const canvas = new Canvas(screen);
  const surface = blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: '100%' });
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((r) => {
    resolveDone = r;
  });

  surface.on('render', () => {
    if (canvas.width < MIN_COLS || canvas.height < MIN_ROWS) {
      canvas.clear(palette.attr());
      const msg = [`Terminal too small: need ${MIN_COLS}x${MIN_ROWS},`, `have ${canvas.width}x${canvas.height}.`, 'Enlarge it, or press Ctrl-C to quit.'];
      msg.forEach((l, i) => canvas.text(0, i, l, palette.attr('yellow'), canvas.width));
      return;
    }
    top().paint(canvas);
  });

  const render = (): void => {
    if (!finished) screen.render();
  };

  // Work the top screen can do once its frame is out (blessed writes a frame from an immediate
  // queued by render, so one queued after it runs after the frame is written): repaint if it says so.
  const afterFrame = (): void => {
    setImmediate(() => {
      if (!finished && top().afterFrame?.()) render();
    });
  };

  const finish = (code: number): void => {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    while (stack.length) stack.pop()?.close();
    try {
      screen.destroy();
    } catch (e) {
      // A terminal that has gone away cannot be put back the way it was (setRawMode fails with
      // EIO); there is nothing left to restore. Any other failure is a real one.
      if (!(streams.input as { readableEnded?: boolean }).readableEnded) throw e;
    }
    resolveDone(code);
  };

  const redraw = (): void => {
    if (finished) return;
    reclaimTerminal(screen);
    render();
  };

  const suspend = (): void => {
    if (finished) return;
    releaseTerminal(screen);
    try {
      o.stopProcess?.();
    } finally {
      redraw();
    }
  };

  // Animation: the top screen says when it wants its next tick.
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (finished || o.autoplay === false) return;
    const delay = top().tickDelay();
    if (delay === undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      top().tick();
      render();
      schedule();
    }, Math.max(1, delay));
  };

  screen.on('keypress', (ch: string | undefined, key: { name?: string; ctrl?: boolean; shift?: boolean } | undefined) => {
    if (finished) return;
    try {
      if (key?.ctrl && key.name === 'c') return finish(0);
      // Raw mode turns Ctrl-Z into a key instead of SIGTSTP: suspend as the terminal would have.
      if (key?.ctrl && key.name === 'z') return suspend();
      if (canvas.width < MIN_COLS || canvas.height < MIN_ROWS) return;
      const action = top().key({ ch, name: key?.name, ctrl: key?.ctrl ?? false, ...(key?.shift ? { shift: true } : {}) });
      if (action?.kind === 'quit') return finish(0);
      if (action?.kind === 'back') {
        stack.pop()?.close();
        if (stack.length === 0) return finish(0);
        top().shown?.();
      } else if (action?.kind === 'open') stack.push(action.screen);
      render();
      afterFrame();
      schedule();
    } catch (e) {
      finish(1);
      throw e;
    }
  });
  screen.on('resize', render);

  render();
  afterFrame();
  schedule();
  return {
    screen,
    get current() {
      return top();
    },
    get session() {
      const s = top();
      if (!(s instanceof DuelScreen)) throw new Error('the top screen is not a duel');
      return s.session;
    },
    render,
    finish,
    suspend,
    redraw,
    done,
  };
}

/** Runs the app on the real terminal until the player quits; returns the exit code. */
export async function runTerminalApp(o: AppOptions): Promise<number> {
  // Ctrl-Z, or SIGTSTP from outside: the terminal handed back, then a real stop. The signal is
  // sent with no listener for it, so that it stops the process; `kill` returns once the process
  // is continued (or at once if the kernel discards the signal: an orphaned process group has no
  // shell to return to), and the terminal is taken again. SIGCONT after a stop from outside
  // (SIGSTOP) takes the terminal again and redraws.
  const onStop = (): void => app.suspend();
  const stopProcess = (): void => {
    process.removeListener('SIGTSTP', onStop);
    try {
      process.kill(process.pid, 'SIGTSTP');
    } finally {
      process.on('SIGTSTP', onStop);
    }
  };
  const onContinue = (): void => app.redraw();
  const app = createApp({ input: process.stdin, output: process.stdout }, { ...o, stopProcess });
  process.on('SIGTSTP', onStop);
  process.on('SIGCONT', onContinue);
  const stop = (code: number) => () => app.finish(code);
  process.once('SIGTERM', stop(0));
  process.once('SIGHUP', stop(0));
  // When the terminal goes away (its window closed, the ssh link dropped), stdin ends before any
  // SIGHUP arrives and node would simply run out of work and exit: close the duel first, so its
  // replay is closed and its lock released. 'exit' is the last chance for any other way out.
  process.stdin.once('end', stop(0));
  process.once('exit', stop(0));
  const onCrash = (e: unknown): void => {
    app.finish(1);
    process.stderr.write(`arena: internal error: ${printableLines(e instanceof Error ? (e.stack ?? e.message) : String(e))}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', onCrash);
  // Writes still queued for a terminal that has gone away fail with EIO: nobody is left to see them.
  process.stdout.on('error', (e) => {
    if (!process.stdin.readableEnded) onCrash(e);
  });
  process.on('unhandledRejection', onCrash);
  const first = app.current;
  const code = await app.done;
  process.removeListener('SIGTSTP', onStop);
  process.removeListener('SIGCONT', onContinue);
  const text = savedText(replaysOf(first));
  if (text) process.stdout.write(text);
  return code;
}
