import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type TurnRecord } from '../../src/game/duel.js';
import { parseReplay, turnLine } from '../../src/replay/format.js';
import { makeHeader, replayBaseName, ReplayRecorder } from '../../src/replay/recorder.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { CREATED, duelSetup, lines, PROGRAM, recordDuel, removeTempDirs, tempDir } from './duels.js';

afterAll(removeTempDirs);

const content = loadContent();
const setup = duelSetup({ seed: 'recorder' });
const header = makeHeader(setup, PROGRAM, content.dataFingerprint('pixel-dungeon'), ['Warrior', 'gnoll scout'], CREATED);

describe('ReplayRecorder', () => {
  it('names the file after date, ruleset, fighters and seed', () => {
    expect(replayBaseName(header)).toBe('2024-01-02_03-04-05_pixel-dungeon_warrior-vs-gnoll-scout_seed-recorder');
    const dir = tempDir();
    const r = ReplayRecorder.create(dir, header);
    r.close();
    expect(r.path).toBe(join(dir, '2024-01-02_03-04-05_pixel-dungeon_warrior-vs-gnoll-scout_seed-recorder.jsonl'));
  });

  it('never overwrites an existing file: a numbered name is used and the original is untouched', () => {
    const dir = tempDir();
    const target = join(dir, `${replayBaseName(header)}.jsonl`);
    const precious = 'a replay someone cares about\n';
    writeFileSync(target, precious);
    const before = statSync(target).mtimeMs;
    const rec = recordDuel(setup, content, dir);
    expect(rec.path).toBe(join(dir, `${replayBaseName(header)}_2.jsonl`));
    expect(readFileSync(target, 'utf8')).toBe(precious);
    expect(statSync(target).mtimeMs).toBe(before);
    expect(parseReplay(rec.path, rec.text()).turns).toEqual(rec.records);
  });

  it('skips every taken number, and files of the same duel recorded twice stay apart', () => {
    const dir = tempDir();
    const base = replayBaseName(header);
    writeFileSync(join(dir, `${base}.jsonl`), 'one\n');
    writeFileSync(join(dir, `${base}_2.jsonl`), 'two\n');
    mkdirSync(join(dir, `${base}_3.jsonl`)); // even a folder in the way is left alone
    const a = recordDuel(setup, content, dir);
    const b = recordDuel(setup, content, dir);
    expect([a.path, b.path]).toEqual([join(dir, `${base}_4.jsonl`), join(dir, `${base}_5.jsonl`)]);
    expect(readFileSync(join(dir, `${base}.jsonl`), 'utf8')).toBe('one\n');
    expect(readFileSync(join(dir, `${base}_2.jsonl`), 'utf8')).toBe('two\n');
    expect(statSync(join(dir, `${base}_3.jsonl`)).isDirectory()).toBe(true);
    expect(a.text()).toBe(b.text());
    expect(readdirSync(dir)).toHaveLength(5);
  });

  it('two recorders open at once on the same name get different files', () => {
    const dir = tempDir();
    const a = ReplayRecorder.create(dir, header);
    const b = ReplayRecorder.create(dir, header);
    a.close();
    b.close();
    expect(a.path).not.toBe(b.path);
    expect(readdirSync(dir).sort()).toEqual([`${replayBaseName(header)}.jsonl`, `${replayBaseName(header)}_2.jsonl`]);
  });

  it('creates the saves folder when missing', () => {
    const dir = join(tempDir(), 'deep', 'saves');
    const r = ReplayRecorder.create(dir, header);
    r.close();
    expect(existsSync(r.path)).toBe(true);
  });

  it('keeps a hostile seed inside the saves folder', () => {
    const dir = tempDir();
    const evil = makeHeader(duelSetup({ seed: '../../../etc/passwd' }), PROGRAM, content.dataFingerprint('pixel-dungeon'), ['a', 'b'], CREATED);
    const r = ReplayRecorder.create(dir, evil);
    r.close();
    expect(dirname(r.path)).toBe(dir);
    expect(readdirSync(dir)).toEqual([r.path.slice(dir.length + 1)]);
  });

  it('writes the header at once and each turn as it is played (a killed process keeps them)', () => {
    const dir = tempDir();
    const duel = new Duel(setup, content, { tracing: false });
    const r = ReplayRecorder.create(dir, header);
    try {
      expect(readFileSync(r.path, 'utf8')).toBe(`${JSON.stringify(header)}\n`);
      const seen: TurnRecord[] = [];
      for (let i = 0; i < 5; i++) {
        const s = duel.step();
        if (s.kind !== 'turn') break;
        r.turn(s.record);
        seen.push(s.record);
        // Before close: the line is already in the file.
        const ls = lines(readFileSync(r.path, 'utf8'));
        expect(ls).toHaveLength(seen.length + 1);
        expect(`${ls[ls.length - 1]}\n`).toBe(turnLine(s.record));
      }
      expect(seen.length).toBeGreaterThan(0);
      const partial = parseReplay(r.path, readFileSync(r.path, 'utf8'));
      expect(partial.end).toBeNull();
      expect(partial.turns).toEqual(seen);
      expect(verifyReplay(partial, content).ok).toBe(true);
    } finally {
      r.close();
    }
  });

  it('refuses to write after close, and closing twice is harmless', () => {
    const r = ReplayRecorder.create(tempDir(), header);
    r.close();
    r.close();
    expect(() => r.end({ winner: null, reason: 'x', turn: 0, time: 0 }, '0123456789abcdef')).toThrow(/closed/);
  });
});
