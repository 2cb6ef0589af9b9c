import { CLI } from '../cli/run.js';
import { inTerminal } from './pty.js';

/**
 * Runs the built `arena ARGS` in a pseudo-terminal (for the commands that need one), waits until
 * the screen satisfies `ready` (or the program ends), then types `keys` one at a time. Returns the
 * exit code and everything the program wrote, escape sequences left out.
 */
export async function runInTerminal(args: readonly string[], ready: (screen: string) => boolean, ...keys: string[]): Promise<{ code: number; text: string }> {
  const t = inTerminal(process.execPath, [CLI, ...args], { cols: 100, rows: 30 });
  try {
    await t.waitFor('the screen', () => t.ended() || ready(t.screen()));
    for (const k of keys) {
      t.type(k);
      await new Promise((r) => setTimeout(r, 150));
    }
    const code = await Promise.race([t.exit, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`did not end; the screen:\n${t.screen()}`)), 10_000))]);
    return { code, text: t.plain() };
  } finally {
    t.close();
  }
}
