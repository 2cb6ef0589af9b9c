import { randomInt } from 'node:crypto';
import blessed from 'blessed';
import type { Content } from '../content/index.js';
import type { DuelSetup } from '../game/duel.js';
import { Canvas } from './canvas.js';
import { makePalette } from './palette.js';
import { Session } from './session.js';
import { MIN_COLS, MIN_ROWS, type TerminalStreams, createScreen } from './terminal.js';
import { View } from './view.js';

export interface AppOptions {
  readonly mode: 'play' | 'watch';
  readonly setup: DuelSetup;
  readonly content: Content;
  readonly savesDir: string | null;
  readonly program: string;
  /** Watch mode plays turns on a timer; tests turn it off and step by hand. */
  readonly autoplay?: boolean;
  readonly colour?: boolean;
  readonly now?: () => Date;
  readonly freshSeed?: () => string;
}

export interface App {
  readonly screen: blessed.Widgets.Screen;
  readonly session: Session;
  /** Paints and flushes a frame. */
  render(): void;
  /** Ends the app: closes the replay and restores the terminal. */
  finish(code: number): void;
  readonly done: Promise<number>;
}

export function createApp(streams: TerminalStreams, o: AppOptions): App {
  const session = new Session({
    mode: o.mode,
    setup: o.setup,
    content: o.content,
    savesDir: o.savesDir,
    program: o.program,
    now: o.now ?? (() => new Date()),
    freshSeed: o.freshSeed ?? (() => String(randomInt(100_000_000, 1_000_000_000))),
  });
  const screen = createScreen(streams);
  const canvas = new Canvas(screen);
  const palette = makePalette(o.colour ?? !process.env['NO_COLOR']);
  const view = new View(palette);
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
    view.paint(canvas, session);
  });

  const render = (): void => {
    if (!finished) screen.render();
  };

  const finish = (code: number): void => {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    session.close();
    screen.destroy();
    resolveDone(code);
  };

  screen.on('keypress', (ch: string | undefined, key: { name?: string; ctrl?: boolean; full?: string } | undefined) => {
    if (finished) return;
    try {
      const small = canvas.width < MIN_COLS || canvas.height < MIN_ROWS;
      if (small && !(key?.ctrl && key.name === 'c')) return;
      const r = session.handleKey({ ch, name: key?.name, ctrl: key?.ctrl ?? false });
      if (r === 'quit') finish(0);
      else render();
    } catch (e) {
      finish(1);
      throw e;
    }
  });
  screen.on('resize', render);

  const schedule = (): void => {
    if (finished || o.mode !== 'watch' || o.autoplay === false) return;
    timer = setTimeout(() => {
      session.tick();
      render();
      schedule();
    }, Math.max(1, session.watchDelay));
  };
  render();
  schedule();
  return { screen, session, render, finish, done };
}

/** Runs the app on the real terminal until the player quits; returns the exit code. */
export async function runTerminalApp(o: AppOptions): Promise<number> {
  const app = createApp({ input: process.stdin, output: process.stdout }, o);
  const stop = (code: number) => () => app.finish(code);
  const onTerm = stop(0);
  const onHup = stop(0);
  process.once('SIGTERM', onTerm);
  process.once('SIGHUP', onHup);
  const onCrash = (e: unknown): void => {
    app.finish(1);
    process.stderr.write(`arena: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const code = await app.done;
  const path = app.session.replayPath;
  if (path) process.stdout.write(`replay saved to ${path}\n`);
  return code;
}
