import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { arena, removeTempDirs, STACK_FRAME, tempDir } from './run.js';
import { PAYLOAD, RAW_CONTROL_BUT_NEWLINE } from '../support/hostile.js';

/**
 * The command line's arguments, fuzzed (issue 17): random commands with random options and
 * hostile values, run as the built program. None may crash (exit code other than 0, 1 or 2, or
 * a signal), hang (the runner's 25 s timeout), print a stack trace or a raw control character,
 * or write anything outside the saves folder it was given.
 *
 * FUZZ_RUNS scales it with the other fuzz tests: FUZZ_RUNS / 25 cases, at least 40 (`npm run
 * fuzz` sets FUZZ_RUNS=10000: 400 runs of the program). FUZZ_SEED repeats a run.
 */

afterAll(removeTempDirs);

const CASES = Math.max(40, Math.round((Number(process.env['FUZZ_RUNS'] ?? 1000) || 1000) / 25));
const SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2 ** 31);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What lies under a folder: every file with its size and time, to see what a run changed. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else out.set(p, `${st.size}/${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out;
}

describe('the command line, fuzzed', () => {
  const work = tempDir('arena-fuzz-args-');
  const cwd = join(work, 'cwd');
  const saves = join(work, 'saves');
  mkdirSync(cwd);
  mkdirSync(saves);
  const fifo = join(work, 'pipe.jsonl');
  execFileSync('mkfifo', [fifo]);
  const plainFile = join(work, 'plain.txt');
  writeFileSync(plainFile, 'not a replay\n');
  const hostileName = join(work, `evil${PAYLOAD}.jsonl`);
  writeFileSync(hostileName, '{"format":"spoiler-arena-replay","version":1}\n');
  const golden = join(saves, 'golden.jsonl');
  copyFileSync(join(ROOT, 'test/replays/pixel-dungeon-warrior-gnoll-scout.jsonl'), golden);

  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('', ' ', '-1', '0', '1', '3', '1e9', '1e400', 'NaN', '0x10', '99999999999', '18/50', '__proto__', 'constructor', 'toString', 'hasOwnProperty', PAYLOAD, 'cafe\u0301', 'x'.repeat(5000)) },
    // Values some option takes, so that many runs get past the checks and play.
    { weight: 4, arbitrary: fc.constantFrom('warrior', 'gnoll-scout', 'drolem', 'half-troll-warrior', 'pit', 'random-cave', 'source', 'spoiler', 'angband-3.0.5', 'crawl-4.0b20', 'stone-soup-0.5.2', 'pixel-dungeon', 'level', 'skill:fighting', 'fighting=12', 'hunting', 'classic', '5', '12') },
    { weight: 1, arbitrary: fc.constantFrom('{}', '{"__proto__":{"x":1}}', '{"race":"human","class":"warrior","level":1e9}', '[', 'null') },
    { weight: 2, arbitrary: fc.constantFrom(fifo, plainFile, hostileName, golden, '/dev/zero', '/etc/passwd', '../../../../etc', join(work, 'missing.jsonl'), join(work, 'other-saves')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
  const flag = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('--seed', '--ruleset', '--edition', '--hero', '--foe', '--arena', '--level', '--strength', '--weapon', '--armour', '--stat-system', '--form', '--skill', '--foe-state', '--first-mover', '--max-turns', '--saves', '--json', '--csv', '--no-save', '--force', '--list', '--take-over', '-n', '--duels', '--workers', '--vary', '--from', '--to', '--step', '--values', '--distance', '--odds', '--against', '--edition-b', '--editions', '--hero-b', '--foe-b', '--turns', '--width', '--attacker', '--defender', '--visibility', '--best-of', '--check', '--no-progress', '--no-exact', '--no-plot', '--help', '--version') },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map((s) => `--${s}`) },
  );
  const command = fc.constantFrom('duel', 'duel', 'duel', 'sim', 'sweep', 'compare', 'list', 'calc', 'verify', 'saves', 'schemas', 'replay', 'resume', 'play', 'watch', 'lab', 'menu', '', 'nonsense');
  const item = fc.oneof({ weight: 3, arbitrary: fc.tuple(flag, value).map(([f, v]) => [f, v]) }, { weight: 1, arbitrary: flag.map((f) => [f]) }, { weight: 1, arbitrary: value.map((v) => [v]) });
  const argv = fc.tuple(command, fc.array(item, { maxLength: 4 })).map(([c, items]) => {
    const rest = items.flat();
    // Small runs for the commands that play many duels: the fuzzed values come after, and may override.
    const many = c === 'sim' || c === 'sweep' || c === 'compare' ? ['-n', '2', '--workers', '0', '--no-progress'] : [];
    // A saves folder of our own unless the case names one; --max-turns kept small unless fuzzed.
    const own = rest.includes('--saves') ? [] : ['--saves', saves];
    const turns = c === 'duel' || c === 'sim' || c === 'compare' || c === 'sweep' ? ['--max-turns', '60'] : [];
    // schemas --write is the one command documented to write outside the saves folder (data/schemas).
    const args = [c, ...many, ...turns, ...own, ...rest].filter((a) => a !== '' || rest.includes(a)).filter((a) => a !== '--write');
    return c === '' ? args.slice(1) : args;
  });

  it(`${CASES} random command lines (seed ${SEED}): no crash, hang, stack trace, raw control character or write outside the saves folder`, async () => {
    const cases = fc.sample(argv, { numRuns: CASES, seed: SEED });
    const repoSaves = snapshot(join(ROOT, 'saves'));
    const data = snapshot(join(ROOT, 'data'));
    const problems: string[] = [];
    const exits = new Map<string, number>();
    const runOne = async (args: string[]): Promise<void> => {
      const before = snapshot(work);
      const r = await arena(args, { cwd });
      exits.set(String(r.code), (exits.get(String(r.code)) ?? 0) + 1);
      const say = (what: string) => problems.push(`${JSON.stringify(args).slice(0, 300)}: ${what}`);
      if (r.signal !== null) say(`killed by ${r.signal} (a hang: over the runner's time limit)`);
      else if (r.code === null || ![0, 1, 2].includes(r.code)) say(`exit code ${r.code}`);
      if (STACK_FRAME.test(r.stderr) || STACK_FRAME.test(r.stdout)) say(`a stack trace: ${r.stderr.slice(0, 300)}`);
      if (/internal error/.test(r.stderr)) say(`an internal error: ${r.stderr.slice(0, 300)}`);
      for (const [name, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
        const at = text.search(RAW_CONTROL_BUT_NEWLINE);
        if (at >= 0) say(`${name} holds a raw control character: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 20))}`);
      }
      // Everything new or changed must lie in the saves folder the run was given (the last --saves).
      const i = args.lastIndexOf('--saves');
      const folder = resolve(cwd, i >= 0 ? (args[i + 1] ?? '') : join(ROOT, 'saves'));
      for (const [p, state] of snapshot(work)) {
        if (before.get(p) === state) continue;
        const rel = relative(folder, p);
        if (rel.startsWith('..') || rel.startsWith(sep) || rel === '') say(`wrote ${p} outside the saves folder ${folder}`);
      }
    };
    // Two at a time: this machine has two cores.
    for (let k = 0; k < cases.length; k += 2) await Promise.all(cases.slice(k, k + 2).map(runOne));
    expect(problems, `FUZZ_SEED=${SEED}`).toEqual([]);
    // Nothing reached the repository's own saves folder or its data.
    expect(snapshot(join(ROOT, 'saves'))).toEqual(repoSaves);
    expect(snapshot(join(ROOT, 'data'))).toEqual(data);
    console.log(`fuzz: ${cases.length} command lines (FUZZ_SEED=${SEED}); exit codes ${[...exits].map(([c, n]) => `${c}: ${n}`).join(', ')}`);
  }, 60_000 + CASES * 30_000);
});
