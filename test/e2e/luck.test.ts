import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type InTerminal, inTerminal, waitFor } from '../support/pty.js';

/**
 * The luck meter on replays and resumed duels opened from the command line: it used to say "no
 * attacks yet" there (the duel was replayed without the attacks' laws), while the saves browser
 * showed it.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'dist/app/arena.js');
const GOLDEN = join(ROOT, 'test/replays/pixel-dungeon-warrior-gnoll-scout.jsonl');

let running: InTerminal | undefined;
afterEach(() => {
  running?.close();
  running = undefined;
});

const LUCK = /Luck hero \d+% · foe (\d+%|--)/;

describe('the luck meter from the command line', () => {
  it('arena replay: weighs the attacks of the turns played back', async () => {
    const r = (running = inTerminal(process.execPath, [BIN, 'replay', GOLDEN, '--saves', mkdtempSync(join(tmpdir(), 'arena-luck-'))], { cwd: ROOT }));
    await waitFor('the replay', () => /Replay of [\d.]+ turns/.test(r.screen()), 15_000, () => r.screen());
    r.type('>');
    await waitFor('the luck meter', () => LUCK.test(r.screen()), 15_000, () => r.screen());
    expect(r.screen()).not.toContain('no attacks yet');
  });

  it('arena resume: weighs the attacks of the recorded turns', async () => {
    const saves = mkdtempSync(join(tmpdir(), 'arena-luck-'));
    // The golden duel without its end and last turns: unfinished, to resume.
    const lines = readFileSync(GOLDEN, 'utf8').trimEnd().split('\n');
    const file = join(saves, 'unfinished.jsonl');
    writeFileSync(file, `${lines.slice(0, -3).join('\n')}\n`);
    const r = (running = inTerminal(process.execPath, [BIN, 'resume', file, '--saves', saves], { cwd: ROOT }));
    await waitFor('the luck meter', () => LUCK.test(r.screen().replace('you', 'hero')), 15_000, () => r.screen());
    expect(r.screen()).not.toContain('no attacks yet');
  });
});
