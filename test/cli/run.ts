import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built binary (the test command builds before vitest runs). */
export const CLI = fileURLToPath(new URL('../../dist/app/arena.js', import.meta.url));

export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

const made: string[] = [];

export function tempDir(prefix = 'arena-cli-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/**
 * Runs `arena ARGS` with stdin, stdout and stderr as pipes (never a terminal), in a temp working
 * folder so nothing can land in the repository by accident.
 */
export function arena(args: readonly string[], options: { cwd?: string } = {}): Promise<Run> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: options.cwd ?? tmpdir(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 25_000, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, signal: error?.signal ?? null, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

/** No JavaScript stack frames anywhere in the output. */
export const STACK_FRAME = /^\s+at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m;
