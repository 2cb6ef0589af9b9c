import { tmpdir } from 'node:os';
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';
import { CLI } from '../cli/run.js';

/**
 * Runs the built `arena ARGS` in a pseudo-terminal (for the commands that need one), waits until
 * the screen satisfies `ready` (or the program ends), then types `keys` one at a time. Returns the
 * exit code and everything the program wrote, escape sequences left out.
 */
export async function runInTerminal(args: readonly string[], ready: (screen: string) => boolean, ...keys: string[]): Promise<{ code: number; text: string }> {
  const term = new xtermHeadless.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const env = { ...process.env, TERM: 'xterm-256color' } as Record<string, string>;
  const proc = pty.spawn(process.execPath, [CLI, ...args], { name: 'xterm-256color', cols: 100, rows: 30, cwd: tmpdir(), env });
  let output = '';
  let ended = false;
  proc.onData((d) => {
    output += d;
    term.write(d);
  });
  const exit = new Promise<number>((r) =>
    proc.onExit((e) => {
      ended = true;
      r(e.exitCode);
    }),
  );
  const screen = (): string => {
    const out: string[] = [];
    for (let y = 0; y < term.rows; y++) out.push(term.buffer.active.getLine(y)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  try {
    const until = Date.now() + 15_000;
    while (!ended && !ready(screen())) {
      if (Date.now() > until) throw new Error(`timed out; the screen:\n${screen()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const k of keys) {
      proc.write(k);
      await new Promise((r) => setTimeout(r, 150));
    }
    const code = await Promise.race([exit, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`did not end; the screen:\n${screen()}`)), 10_000))]);
    return { code, text: output.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][0-9A-Za-z]|\u001b[=>78]/g, '') };
  } finally {
    try {
      proc.kill();
    } catch {
      // gone
    }
    term.dispose();
  }
}
