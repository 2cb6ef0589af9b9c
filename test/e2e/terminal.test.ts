import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPid } from '../replay/duels.js';
import { type InTerminal, inTerminal, waitFor } from '../support/pty.js';

/**
 * Real-terminal smoke tests of the built program: a pseudo-terminal runs it as a person would,
 * and a headless xterm decodes what it draws.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/app/arena.js');

let running: InTerminal | undefined;
afterEach(() => {
  running?.close();
  running = undefined;
});

function launch(file: string, args: string[], extraEnv: Record<string, string> = {}): InTerminal {
  running = inTerminal(file, args, { cwd: ROOT, env: extraEnv });
  return running;
}

describe('the built program in a real terminal', () => {
  it('plays a few turns, quits cleanly, restores the terminal and leaves a replay that verifies', async () => {
    const saves = mkdtempSync(join(tmpdir(), 'arena-e2e-'));
    const r = launch(process.execPath, [BIN, 'play', '--seed', '11', '--arena', 'pit', '--saves', saves]);
    await waitFor('the first frame', () => r.screen().includes('seed 11'));
    expect(r.term.buffer.active.type).toBe('alternate');
    expect(r.screen()).toContain('@');
    r.type('l');
    await waitFor('a turn to pass', () => /turn 1\.0/.test(r.screen()));
    r.type('l');
    r.type('.');
    await waitFor('three turns', () => /turn 3\.0/.test(r.screen()));
    r.type('Q');
    await waitFor('the quit question', () => r.screen().includes('Quit?'));
    r.type('y');
    expect(await r.exit).toBe(0);
    expect(r.term.buffer.active.type).toBe('normal');
    const files = readdirSync(saves);
    expect(files).toHaveLength(1);
    const out = execFileSync(process.execPath, [BIN, 'verify', join(saves, files[0]!)], { encoding: 'utf8' });
    expect(out).toMatch(/^ok .* turns match/);
  });

  it('closes the replay and releases its lock when the terminal window is closed', async () => {
    const saves = mkdtempSync(join(tmpdir(), 'arena-e2e-'));
    const verify = (file: string): string => execFileSync(process.execPath, [BIN, 'verify', file], { encoding: 'utf8' });
    // node-pty's destroy() (not in its typings) closes the master side, then sends SIGHUP, as a
    // terminal emulator does when its window is closed.
    const closeWindow = (r: InTerminal): void => (r.proc as unknown as { destroy(): void }).destroy();
    const gone = (pid: number) => () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    // A duel played for two turns, then its window closed (the master side of the terminal goes away).
    const first = launch(process.execPath, [BIN, 'play', '--seed', '12', '--arena', 'pit', '--saves', saves]);
    await waitFor('the first frame', () => first.screen().includes('seed 12'));
    first.type('l');
    first.type('.');
    await waitFor('two turns', () => /turn 2\.0/.test(first.screen()));
    closeWindow(first);
    await waitFor('the game to end', gone(first.proc.pid));
    // The replay alone: its lock went with the program.
    expect(readdirSync(saves)).toHaveLength(1);
    const [file] = readdirSync(saves);
    const path = join(saves, file!);
    const before = Number(/(\d+) turns match \(unfinished duel\)/.exec(verify(path))?.[1]);
    expect(before).toBeGreaterThanOrEqual(2);

    // Carried on in a new window, which is closed too: the turns played are kept and the lock goes.
    const second = launch(process.execPath, [BIN, 'resume', path, '--saves', saves]);
    await waitFor('the resumed duel', () => second.screen().includes('Carrying on'));
    expect(lockPid(path)).toBe(second.proc.pid);
    second.type('.');
    await waitFor('one more turn', () => /turn 3\.0/.test(second.screen()));
    closeWindow(second);
    await waitFor('the game to end', gone(second.proc.pid));
    expect(readdirSync(saves)).toEqual([file]);
    const after = Number(/(\d+) turns match \(unfinished duel\)/.exec(verify(path))?.[1]);
    expect(after).toBeGreaterThan(before);
  });

  it('starts with npm start (the README command): the menu, then a duel from it, and quits with Ctrl-C', async () => {
    const saves = mkdtempSync(join(tmpdir(), 'arena-e2e-'));
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // "menu" is what npm start opens with no arguments; naming it here lets the test choose the saves folder.
    const r = launch(npm, ['start', '--silent', '--', 'menu', '--saves', saves]);
    await waitFor('the menu', () => r.screen().includes('choose a duel') && r.screen().includes('Start'), 20_000);
    // The seed field: Enter edits it, then End and Enter start the duel.
    r.type('\x1b[F');
    r.type('k');
    await waitFor('the seed field', () => /▸ seed/.test(r.screen()));
    r.type('\r');
    r.type('5\r');
    await waitFor('the seed typed', () => /seed +5/.test(r.screen()));
    r.type('\x1b[F');
    r.type('\r');
    await waitFor('the duel', () => r.screen().includes('seed 5'));
    expect(r.screen()).toContain('@');
    r.type('\x03');
    expect(await r.exit).toBe(0);
    expect(r.term.buffer.active.type).toBe('normal');
    expect(readdirSync(saves).sort()).toEqual([expect.stringMatching(/seed-5\.jsonl$/), 'last-setup.json']);
  });

  it('opens the menu when run with no arguments at all, and flags alone still start a duel at once', async () => {
    const menu = launch(process.execPath, [BIN]);
    await waitFor('the menu', () => menu.screen().includes('choose a duel'));
    menu.type('q');
    expect(await menu.exit).toBe(0);
    expect(menu.term.buffer.active.type).toBe('normal');
    menu.term.dispose();
    const duel = launch(process.execPath, [BIN, '--seed', '6', '--no-save']);
    await waitFor('the duel', () => duel.screen().includes('seed 6'));
    duel.type('\x03');
    expect(await duel.exit).toBe(0);
  });

  it('watches an AI duel, pauses and steps', async () => {
    const r = launch(process.execPath, [BIN, 'watch', '--seed', '3', '--arena', 'hall', '--no-save']);
    await waitFor('the first frame', () => r.screen().includes('seed 3'));
    r.type(' ');
    await waitFor('pause', () => r.screen().includes('paused'));
    r.type('Q');
    await waitFor('the quit question', () => r.screen().includes('Quit?'));
    r.type('y');
    expect(await r.exit).toBe(0);
  });

  it('plays a replay back: steps, seeks, opens the message log and an explanation, leaves cleanly', async () => {
    const file = join(ROOT, 'test/replays/pixel-dungeon-warrior-gnoll-scout.jsonl');
    const r = launch(process.execPath, [BIN, 'replay', file, '--saves', mkdtempSync(join(tmpdir(), 'arena-e2e-'))]);
    await waitFor('the replay', () => /Replay of [\d.]+ turns \((\d+) actions\)/.test(r.screen()));
    const turns = Number(/Replay of [\d.]+ turns \((\d+) actions\)/.exec(r.screen())?.[1]);
    // It opens at the start: the result is not given away.
    expect(r.screen()).toContain(`action 0/${turns}`);
    r.type('>');
    await waitFor('the end', () => r.screen().includes(`${turns}/${turns}`));
    r.type('<');
    await waitFor('the start', () => r.screen().includes(`action 0/${turns}`));
    r.type('...');
    await waitFor('three turns in', () => r.screen().includes(`3/${turns}`));
    r.type('d');
    await waitFor('the full formulas', () => r.screen().includes('Rules · formulas'));
    // The last turns hold the fighting: their messages have explanations behind them.
    r.type('>');
    await waitFor('the end', () => r.screen().includes(`${turns}/${turns}`));
    r.type('m');
    await waitFor('the message log', () => r.screen().includes('Message log'));
    r.type('\r');
    await waitFor('an explanation', () => /Turn [\d.]+:/.test(r.screen()));
    r.type('\x1b');
    await waitFor('the list again', () => r.screen().includes('Message log'));
    r.type('\x1b');
    await waitFor('back to the replay', () => !r.screen().includes('Message log'));
    r.type('q');
    expect(await r.exit).toBe(0);
    expect(r.term.buffer.active.type).toBe('normal');
  });

  it('watches a best-of-3 match to its end at full speed; every round is a replay that verifies', async () => {
    const saves = mkdtempSync(join(tmpdir(), 'arena-e2e-'));
    const r = launch(process.execPath, [BIN, 'watch', '--seed', '4', '--best-of', '3', '--foe', 'rat', '--arena', 'pit', '--foe-state', 'hunting', '--saves', saves]);
    await waitFor('round 1', () => r.screen().includes('round 1/3'));
    r.type('++++++');
    await waitFor('the end of the match', () => r.screen().includes('Match over'), 60_000);
    const tally = /hero (\d+) · foe (\d+) · draws (\d+)/.exec(r.screen());
    expect(tally).not.toBeNull();
    const played = Number(tally![1]) + Number(tally![2]) + Number(tally![3]);
    // The end screen holds its keys a moment, then says q quits.
    await waitFor('the keys', () => r.screen().includes('q quit'));
    r.type('q');
    expect(await r.exit).toBe(0);
    const files = readdirSync(saves).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(played);
    const out = execFileSync(process.execPath, [BIN, 'verify', ...files.map((f) => join(saves, f))], { encoding: 'utf8' });
    expect(out.trim().split('\n').every((l) => l.startsWith('ok '))).toBe(true);
  });

  it('draws no colour at all under NO_COLOR', async () => {
    const r = launch(process.execPath, [BIN, 'play', '--seed', '8', '--arena', 'pit', '--no-save'], { NO_COLOR: '1' });
    await waitFor('the first frame', () => r.screen().includes('seed 8'));
    const buf = r.term.buffer.active;
    const cell = buf.getNullCell();
    let coloured = 0;
    for (let y = 0; y < r.term.rows; y++) {
      for (let x = 0; x < r.term.cols; x++) {
        buf.getLine(y)?.getCell(x, cell);
        if (!cell.isFgDefault() || !cell.isBgDefault()) coloured++;
      }
    }
    expect(coloured).toBe(0);
    r.type('\x03');
    expect(await r.exit).toBe(0);
  });

  it('refuses to start without a terminal and points to the headless commands', () => {
    let failed: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [BIN, 'play', '--seed', '1'], { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], input: '' });
    } catch (e) {
      failed = e as { status: number; stderr: string };
    }
    expect(failed?.status).toBe(2);
    expect(failed?.stderr).toContain('needs a terminal');
    expect(failed?.stderr).toContain('arena duel');
  });
});
