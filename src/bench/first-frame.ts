import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * Times, in a real pseudo-terminal, how long a program takes from spawn to its first complete
 * frame on screen. Used for the game against a bare blessed screen (same terminal, same
 * machine), median of `runs`.
 */
export async function firstFrameTimes(bin: string, bare: string, runs: number): Promise<{ game: number; bare: number; recording: number; angband: number }> {
  const pty = (await import('node-pty')).default;
  const { Terminal } = (await import('@xterm/headless')).default;
  const once = (args: string[], marker: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const term = new Terminal({ cols: 80, rows: 24, allowProposedApi: true });
      const t0 = performance.now();
      const proc = pty.spawn(process.execPath, args, { name: 'xterm-256color', cols: 80, rows: 24, env: { ...process.env, TERM: 'xterm-256color' } as Record<string, string> });
      let done = false;
      const timer = setTimeout(() => {
        proc.kill();
        reject(new Error(`no first frame from ${args.join(' ')}`));
      }, 15_000);
      proc.onData((d) => {
        term.write(d, () => {
          if (done) return;
          for (let y = 0; y < term.rows; y++) {
            if (term.buffer.active.getLine(y)?.translateToString(true).includes(marker)) {
              done = true;
              const ms = performance.now() - t0;
              clearTimeout(timer);
              term.dispose();
              // The next run starts once this program has gone: its exit (a recording one
              // finishes writing its replay) would otherwise compete with the next start.
              proc.onExit(() => resolve(ms));
              proc.kill();
              return;
            }
          }
        });
      });
    });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const game: number[] = [];
  const base: number[] = [];
  const recording: number[] = [];
  const angband: number[] = [];
  // Angband reads the largest tables: the whole bestiary of 616 monsters.
  const angbandArgs = [bin, 'play', '--seed', '1', '--no-save', '--ruleset', 'angband-3.0.5', '--foe', 'drolem'];
  const saves = mkdtempSync(join(tmpdir(), 'arena-first-frame-'));
  await once([bare], 'ready'); // warm the disk cache
  await once([bin, 'play', '--seed', '1', '--no-save'], 'seed 1');
  for (let i = 0; i < runs; i++) {
    base.push(await once([bare], 'ready'));
    game.push(await once([bin, 'play', '--seed', '1', '--no-save'], 'seed 1'));
    recording.push(await once([bin, 'play', '--seed', '1', '--saves', saves], 'seed 1'));
    angband.push(await once(angbandArgs, 'seed 1'));
  }
  rmSync(saves, { recursive: true, force: true });
  return { game: median(game), bare: median(base), recording: median(recording), angband: median(angband) };
}
