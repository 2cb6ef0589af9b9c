import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DuelSetup, Outcome, TurnRecord } from '../game/duel.js';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayHeader, turnLine } from './format.js';

/** Makes the header of a new replay. `created` is an ISO date from the caller's clock. */
export function makeHeader(setup: DuelSetup, program: string, dataFingerprint: string, fighters: readonly [string, string], created: string): ReplayHeader {
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    program,
    ruleset: setup.ruleset,
    edition: setup.edition,
    data: dataFingerprint,
    seed: setup.seed,
    fighters: [fighters[0], fighters[1]],
    arena: setup.arena,
    created,
    setup,
  };
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'x';
}

/** "2026-11-22_14-03-09_pixel-dungeon_warrior-vs-gnoll-scout_seed-42" */
export function replayBaseName(header: ReplayHeader): string {
  const date = header.created.replace(/\.\d+Z$/, '').replace('T', '_').replace(/:/g, '-').replace(/Z$/, '');
  return `${date}_${header.ruleset}_${slug(header.setup.hero.template)}-vs-${slug(header.setup.foe.template)}_seed-${slug(header.seed)}`;
}

/**
 * Appends a duel to a replay file as it is played. The file is created exclusively (an existing
 * file is never overwritten: a numbered name is chosen instead), and every turn is written
 * through to the operating system at once, so a killed process leaves every whole turn.
 */
export class ReplayRecorder {
  private fd: number | null;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  static create(dir: string, header: ReplayHeader): ReplayRecorder {
    mkdirSync(dir, { recursive: true });
    const base = replayBaseName(header);
    for (let n = 1; n < 10_000; n++) {
      const path = join(dir, n === 1 ? `${base}.jsonl` : `${base}_${n}.jsonl`);
      let fd: number;
      try {
        fd = openSync(path, 'wx');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw e;
      }
      const r = new ReplayRecorder(path, fd);
      r.write(`${JSON.stringify(header)}\n`);
      return r;
    }
    throw new Error(`cannot find a free replay name for ${base} in ${dir}`);
  }

  private write(line: string): void {
    if (this.fd === null) throw new Error(`replay ${this.path} is closed`);
    writeSync(this.fd, line);
  }

  turn(record: TurnRecord): void {
    this.write(`${turnLine(record)}\n`);
  }

  /** The end line: the outcome and the checkpoint of the final state. */
  end(outcome: Outcome, finalHash: string): void {
    this.write(`${JSON.stringify({ end: { ...outcome, h: finalHash } })}\n`);
  }

  close(): void {
    if (this.fd === null) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = null;
  }
}
