import { tmpdir } from 'node:os';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';

/**
 * A program in a real pseudo-terminal, as a person runs it, with a headless xterm decoding what
 * it draws: for the end-to-end tests of the built game.
 */
export interface InTerminal {
  readonly term: InstanceType<typeof xtermHeadless.Terminal>;
  readonly proc: pty.IPty;
  /** The exit code, once it ends. */
  readonly exit: Promise<number>;
  /** Whether it has ended. */
  ended(): boolean;
  /** The visible screen, one line per row. */
  screen(): string;
  /** Everything it wrote, escape sequences left out. */
  plain(): string;
  type(keys: string): void;
  /** Waits until `check` holds, failing with the screen after `ms`. */
  waitFor(what: string, check: () => boolean, ms?: number): Promise<void>;
  /** Kills it (if it still runs) and lets the xterm go. */
  close(): void;
}

/** Waits until `check` holds; fails after `ms`, with `describe()` (a screen) when given. */
export async function waitFor(what: string, check: () => boolean, ms = 15_000, describe?: () => string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${describe ? `; the screen:\n${describe()}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function inTerminal(
  file: string,
  args: readonly string[],
  options: { cols?: number; rows?: number; cwd?: string; env?: Record<string, string | undefined> } = {},
): InTerminal {
  const cols = options.cols ?? 80;
  const rows = options.rows ?? 24;
  const term = new xtermHeadless.Terminal({ cols, rows, allowProposedApi: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', NO_COLOR: undefined, ...options.env })) if (v !== undefined) env[k] = v;
  const proc = pty.spawn(file, [...args], { name: 'xterm-256color', cols, rows, cwd: options.cwd ?? tmpdir(), env });
  let output = '';
  let done = false;
  proc.onData((d) => {
    output += d;
    term.write(d);
  });
  const exit = new Promise<number>((r) =>
    proc.onExit((e) => {
      done = true;
      r(e.exitCode);
    }),
  );
  const screen = (): string => {
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++) out.push(term.buffer.active.getLine(y)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  return {
    term,
    proc,
    exit,
    ended: () => done,
    screen,
    plain: () => output.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][0-9A-Za-z]|\u001b[=>78]/g, ''),
    type: (keys) => proc.write(keys),
    waitFor: (what, check, ms) => waitFor(what, check, ms, screen),
    close() {
      try {
        proc.kill();
      } catch {
        // already gone
      }
      term.dispose();
    },
  };
}
