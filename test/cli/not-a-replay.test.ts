import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInTerminal } from '../support/terminal-run.js';
import { arena, removeTempDirs, tempDir } from './run.js';

afterAll(removeTempDirs);

const README = new URL('../../README.md', import.meta.url).pathname;
/** What every refusal of a file that is no replay says after the file and line. */
const NOT_A_REPLAY = 'not a replay file (a replay is JSON Lines: a header line {"format":"spoiler-arena-replay","version":1,...}, then one line a turn)';

describe('a file that is not a replay', () => {
  it('arena verify says plainly that it is not a replay file, and what one is', async () => {
    const dir = tempDir('arena-not-replay-');
    const object = join(dir, 'object.jsonl');
    const blank = join(dir, 'blank.jsonl');
    const damaged = join(dir, 'damaged.jsonl');
    writeFileSync(object, '{"hello": 1}\n');
    writeFileSync(blank, '\n\n');
    // A header cut short is a damaged replay, not some other file: the JSON fault is named.
    writeFileSync(damaged, '{"format":"spoiler-arena-replay","vers\n');
    const r = await arena(['verify', README, object, blank, damaged]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      `FAIL ${README}:1:1: ${NOT_A_REPLAY}; its first line is not JSON (unexpected character '#')`,
      `FAIL ${object}:1: ${NOT_A_REPLAY}; its first line is JSON but not a replay header`,
      `FAIL ${blank}:1:1: ${NOT_A_REPLAY}; its first line is blank`,
      `FAIL ${damaged}:1:34: unterminated string ($)`,
      '',
    ]);
  });

  it('arena replay and arena resume in a terminal say the same, exit 2', async () => {
    const saves = tempDir('arena-not-replay-saves-');
    const copy = join(saves, 'README.md');
    copyFileSync(README, copy);
    const replay = await runInTerminal(['replay', README, '--saves', saves], () => false);
    expect(replay.code).toBe(2);
    expect(replay.text).toContain(`arena: ${README}:1:1: ${NOT_A_REPLAY}; its first line is not JSON (unexpected character '#')`);
    const resume = await runInTerminal(['resume', copy, '--saves', saves], () => false);
    expect(resume.code).toBe(2);
    expect(resume.text).toContain(`${NOT_A_REPLAY}; its first line is not JSON (unexpected character '#')`);
  });
});
