import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, STACK_FRAME, arena, removeTempDirs, tempDir } from './run.js';

afterAll(removeTempDirs);

/** Runs `arena ARGS` with its output closed before anything is read, as `| true` (or a `head` already done) leaves it. */
function runWithOutputClosed(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: tempDir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.destroy();
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('output to a reader that stops early', () => {
  it('arena duel | head: a quiet exit 0, no stack trace, and the replay is saved whole', async () => {
    const saves = join(tempDir(), 'saves');
    const r = await runWithOutputClosed(['duel', '--seed', '1', '--saves', saves]);
    expect(r.stderr).not.toMatch(/EPIPE/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.code).toBe(0);
    const files = existsSync(saves) ? readdirSync(saves) : [];
    expect(files).toHaveLength(1);
    const verified = await arena(['verify', join(saves, files[0] as string)]);
    expect(verified.code).toBe(0);
  });
});
