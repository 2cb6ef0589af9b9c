import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type InTerminal, inTerminal, waitFor } from '../support/pty.js';

/**
 * Ctrl-Z and `fg` for real (issue 17, fault 10): the built game run from an interactive bash in a
 * pseudo-terminal, so that the shell has job control as it does for a person, with a headless
 * xterm decoding what both draw. Ctrl-Z must stop the process with the terminal handed back to
 * the shell; `fg` (the shell gives the terminal back and sends SIGCONT) must bring the screen
 * back with keys working. The same for SIGTSTP and SIGSTOP sent from outside.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/app/arena.js');

let shell: InTerminal | undefined;
let game: number | undefined;
afterEach(() => {
  if (game !== undefined) {
    try {
      process.kill(game, 'SIGCONT');
      process.kill(game, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  try {
    shell?.proc.kill('SIGKILL');
  } catch {
    // already gone
  }
  shell?.close();
  shell = undefined;
  game = undefined;
});

/** An interactive bash, with job control as a person's shell has. */
function startShell(): InTerminal {
  shell = inTerminal('bash', ['--norc', '--noprofile', '-i'], { cwd: ROOT, env: { PS1: 'shell$ ', PROMPT_COMMAND: undefined } });
  return shell;
}

/** The process state letter from /proc: R or S running, T stopped. */
function state(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '?';
}

/** The game: the shell's child running node. */
function gamePid(shellPid: number): number | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(shellPid)], { encoding: 'utf8' });
    const line = out.split('\n').find((l) => /\bnode\b/.test(l));
    return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
  } catch {
    return undefined;
  }
}

const cursorHidden = (s: InTerminal): boolean => (s.term as unknown as { _core: { coreService: { isCursorHidden: boolean } } })._core.coreService.isCursorHidden;

describe.skipIf(process.platform !== 'linux')('Ctrl-Z in a real terminal under a shell with job control', () => {
  it('stops with the terminal restored; fg redraws and keys work; also SIGTSTP and SIGSTOP from outside', async () => {
    const sh = startShell();
    await waitFor('the prompt', () => sh.screen().includes('shell$'));
    sh.type(`node ${BIN} play --seed 11 --arena pit --no-save\r`);
    await waitFor('the game', () => sh.screen().includes('seed 11 · turn'), 20_000);
    await waitFor('the game process', () => (game = gamePid(sh.proc.pid)) !== undefined);
    const pid = game as number;
    expect(sh.term.buffer.active.type).toBe('alternate');
    expect(cursorHidden(sh)).toBe(true);

    // Ctrl-Z: stopped, and the shell's own screen back with the cursor showing.
    sh.type('\x1a');
    await waitFor('the stop', () => state(pid) === 'T');
    await waitFor("the shell's notice", () => /Stopped/.test(sh.screen()) && sh.term.buffer.active.type === 'normal');
    expect(cursorHidden(sh)).toBe(false);
    expect(sh.screen()).not.toContain('seed 11 ·');

    // fg: the shell sends SIGCONT; the game takes the terminal again and redraws everything.
    sh.type('fg\r');
    await waitFor('the game again', () => sh.term.buffer.active.type === 'alternate' && sh.screen().includes('seed 11 · turn') && sh.screen().includes('@'));
    expect(state(pid)).not.toBe('T');
    expect(cursorHidden(sh)).toBe(true);
    sh.type('?');
    await waitFor('the help (keys work)', () => sh.screen().includes('Keys (any key closes)'));
    sh.type('\x1b');
    await waitFor('the help closed', () => !sh.screen().includes('Keys (any key closes)'));
    sh.type('.');
    await waitFor('a turn', () => /turn 1\.0/.test(sh.screen()));

    // SIGTSTP from outside (kill -TSTP): the same as Ctrl-Z.
    process.kill(pid, 'SIGTSTP');
    await waitFor('the stop', () => state(pid) === 'T');
    await waitFor('the shell', () => sh.term.buffer.active.type === 'normal');
    expect(cursorHidden(sh)).toBe(false);
    sh.type('fg\r');
    await waitFor('the game again', () => sh.term.buffer.active.type === 'alternate' && /turn 1\.0/.test(sh.screen()));
    sh.type('.');
    await waitFor('another turn', () => /turn 2\.0/.test(sh.screen()));

    // SIGSTOP from outside cannot be caught: the shell takes the terminal back as it is, and on
    // fg the game must set raw mode again (the shell has put the terminal back to cooked mode).
    process.kill(pid, 'SIGSTOP');
    await waitFor('the stop', () => state(pid) === 'T');
    await waitFor("the shell's notice", () => /Stopped/.test(sh.screen()));
    sh.type('fg\r');
    await waitFor('the game again', () => sh.term.buffer.active.type === 'alternate' && /turn 2\.0/.test(sh.screen()) && state(pid) !== 'T');
    sh.type('.');
    await waitFor('a turn after SIGSTOP (raw mode back)', () => /turn 3\.0/.test(sh.screen()));

    sh.type('\x03');
    await waitFor('the game to end', () => gamePid(sh.proc.pid) === undefined);
    await waitFor('the prompt', () => sh.term.buffer.active.type === 'normal' && sh.screen().includes('shell$'));
    expect(cursorHidden(sh)).toBe(false);
  }, 60_000);
});
