import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { parseReplay, readReplayFile, REPLAY_LIMITS, ReplayError, type Replay } from '../../src/replay/format.js';
import { openForResume } from '../../src/replay/saves.js';
import { verifyReplay } from '../../src/replay/verify.js';
import { arena, removeTempDirs as removeCliDirs, STACK_FRAME, tempDir as cliTempDir } from '../cli/run.js';
import { editLine, findDuel, join_, lines, lockOf, lockPid, type Recorded, removeTempDirs, tempDir, writeLock } from './duels.js';
import { expectUnpolluted } from '../support/hostile.js';

/**
 * Cases per property: as written at FUZZ_RUNS=1000 (the default, in npm test), scaled with it
 * (npm run fuzz sets FUZZ_RUNS=10000: ten times as many).
 */
const SCALE = (Number(process.env['FUZZ_RUNS'] ?? 1000) || 1000) / 1000;
const runs = (n: number): number => Math.max(1, Math.round(n * SCALE));

/**
 * A replay file is untrusted input: "Truncated, corrupt, hand-edited, enormous or hostile files
 * (deep nesting, huge numbers, __proto__ keys, unknown commands, turn numbers out of order) get a
 * clear error naming the problem and where it is; nothing crashes, hangs or writes outside
 * saves/; an existing save is never overwritten or damaged." Real recordings are mutated many
 * times over and fed to the reader, the verifier, `arena verify` and resuming.
 */

afterAll(() => {
  removeTempDirs();
  removeCliDirs();
});

const content = loadContent();
const FILE = 'saves/fuzzed duel.jsonl';
/** No single read or verification of a replay this size may take longer. */
const TIME_LIMIT_MS = 2000;

// --- The recordings mutated ----------------------------------------------------------------

interface Base {
  readonly name: string;
  readonly text: string;
}
let ai: Recorded;
let player: Recorded;
let bases: Base[];
/** An unfinished duel of a player-controlled hero (resumable). */
let unfinished: string;

beforeAll(() => {
  ai = findDuel(
    content,
    { seed: 'fuzz-ai', hero: { template: 'rogue', options: {} }, foe: { template: 'gnoll-scout', options: {} }, arena: 'hall', maxTurns: 300 },
    (r) => r.outcome !== null && r.records.length >= 12 && r.records.length <= 200,
    'finished in 12 to 200 turns',
  );
  player = findDuel(
    content,
    { seed: 'fuzz-player', heroControl: 'player', hero: { template: 'veteran', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'pit', maxTurns: 300 },
    (r) => r.outcome !== null && r.records.length >= 12 && r.records.length <= 200 && r.records.some((t) => t.command?.type === 'fire'),
    'of a player who throws, finished in 12 to 200 turns',
  );
  const ls = lines(player.text());
  unfinished = join_(ls.slice(0, Math.min(ls.length - 1, 1 + Math.floor(player.records.length * 0.6))));
  const last = lines(ai.text()).slice(0, -1);
  const half = last.pop() as string;
  bases = [
    { name: 'ai', text: ai.text() },
    { name: 'player', text: player.text() },
    { name: 'unfinished', text: unfinished },
    { name: 'cut short', text: `${join_(last)}${half.slice(0, Math.floor(half.length / 2))}` },
  ];
});

/** The lines as the reader counts them. */
function readerLines(text: string): string[] {
  const ls = text.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

/** Control characters: a line break or escape code from a hostile file must not reach the output. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Problems that concern the whole file rather than one line. */
const WHOLE_FILE = /^ (the file is empty, not a replay|larger than a replay can be \(\d+ characters\)|more than \d+ turns)$/;

/**
 * The message starts with the file's name; a problem on a line names that line (and maybe its
 * column), and the line exists.
 */
function expectPlaced(message: string, text: string, file = FILE): { line: number | null } {
  expect(message.startsWith(`${file}:`), message).toBe(true);
  const rest = message.slice(file.length + 1);
  const m = /^(\d+)(?::(\d+))?: \S/.exec(rest);
  if (!m) {
    expect(rest, message).toMatch(WHOLE_FILE);
    return { line: null };
  }
  const ls = readerLines(text);
  const line = Number(m[1]);
  expect(line, message).toBeGreaterThanOrEqual(1);
  expect(line, message).toBeLessThanOrEqual(ls.length);
  if (m[2] !== undefined) {
    expect(Number(m[2]), message).toBeGreaterThanOrEqual(1);
    expect(Number(m[2]), message).toBeLessThanOrEqual((ls[line - 1] as string).length + 1);
  }
  return { line };
}

interface Outcome {
  readonly error?: string;
  readonly replay?: Replay;
  readonly ok?: boolean;
}

/**
 * Reads and (when it reads) verifies a text: only a ReplayError may come out of reading, never
 * anything from verifying, and neither may take long or touch Object.prototype.
 */
function exercise(text: string): Outcome {
  let out: Outcome;
  const t0 = performance.now();
  try {
    out = { replay: parseReplay(FILE, text) };
  } catch (e) {
    if (!(e instanceof ReplayError)) throw new Error(`parseReplay let a ${(e as Error)?.constructor?.name} escape: ${(e as Error)?.stack ?? String(e)}`);
    expectPlaced(e.message, text);
    out = { error: e.message };
  }
  const t1 = performance.now();
  expect(t1 - t0, 'reading took too long').toBeLessThan(TIME_LIMIT_MS);
  expectUnpolluted();
  if (out.replay) {
    const replay = out.replay;
    let v;
    try {
      v = verifyReplay(replay, content);
    } catch (e) {
      throw new Error(`verifyReplay threw on a replay that reads: ${(e as Error)?.stack ?? String(e)}`);
    }
    expect(performance.now() - t1, 'verifying took too long').toBeLessThan(TIME_LIMIT_MS);
    expect(v.file).toBe(FILE);
    if (v.ok) {
      expect(v.divergence).toBeUndefined();
      expect(v.turns).toBe(replay.turns.length);
    } else {
      expect(v.divergence?.detail).toMatch(/\S/);
      expect(v.turns).toBeLessThanOrEqual(replay.turns.length);
    }
    expectUnpolluted();
    out = { ...out, ok: v.ok };
  }
  return out;
}

// --- Mutations ----------------------------------------------------------------------------

const HUGE = ['1e308', '1e400', '-1e400', '-0', '1152921504606846976', '9007199254740993', '-9007199254740993', '1e-400', '4.9e-324', '2147483648', '4294967297', '0.5', '-1', '0'];
const NOT_NUMBERS = ['NaN', '-NaN', 'Infinity', '-Infinity', '0x1F', '01', '+1', '1.', '.5', '1e', '--1', '1_000', 'undefined'];
const HOSTILE_VALUES = [
  ...HUGE,
  ...NOT_NUMBERS,
  'null',
  'true',
  'false',
  '""',
  '"__proto__"',
  '"constructor"',
  '"prototype"',
  '"toString"',
  '"hasOwnProperty"',
  '"../../../../etc/passwd"',
  '"/dev/zero"',
  '"\\u0000"',
  '"\\ud800"',
  `"${'a'.repeat(5000)}"`,
  '[]',
  '{}',
  '[[[]]]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
];
const HOSTILE_MEMBERS = [
  '"__proto__":{"polluted":1}',
  '"__proto__":{"polluted":"yes","toString":1}',
  '"constructor":{"prototype":{"polluted":1}}',
  '"prototype":{"polluted":1}',
  '"__proto__":null',
  '"__proto__":1',
  '"__proto__":[]',
  '"polluted":1',
  '"toString":1',
  '"valueOf":"x"',
  '"hasOwnProperty":0',
  '"__defineGetter__":1',
];
const COMMANDS = [
  // not commands at all
  '{"type":"dance"}',
  '{"type":"__proto__"}',
  '{"type":"constructor"}',
  '{"type":"toString"}',
  '{"type":""}',
  '{"type":"MOVE","dir":"n"}',
  '{"type":"move","dir":"up"}',
  '{"type":"move","dir":"__proto__"}',
  '{"type":"move"}',
  '{"type":"wait","extra":1}',
  '{"type":["wait"]}',
  '{"type":null}',
  '{"__proto__":{"type":"wait"}}',
  '{}',
  'null',
  '"wait"',
  '[{"type":"wait"}]',
  // well-formed commands that may be impossible or wrong where they are put
  '{"type":"wait"}',
  '{"type":"pickup"}',
  '{"type":"skip"}',
  '{"type":"open","dir":"n"}',
  '{"type":"close","dir":"sw"}',
  '{"type":"move","dir":"ne"}',
  '{"type":"use","item":"__proto__"}',
  '{"type":"use","item":"constructor"}',
  '{"type":"use","item":"potion-of-healing"}',
  '{"type":"fire","option":"__proto__","target":{"x":1,"y":1}}',
  '{"type":"fire","option":"constructor","target":{"x":1,"y":1}}',
  '{"type":"fire","option":"throw:dart","target":{"x":9007199254740991,"y":-9007199254740991}}',
  '{"type":"fire","option":"throw:dart","target":{"x":0,"y":0}}',
  '{"type":"fire","option":"throw:tomahawk","target":{"x":5,"y":5}}',
  '{"type":"fire","option":"throw:__proto__","target":{"x":3,"y":3}}',
  '{"type":"fire","option":"zap:wand-of-magic-missile","target":{"x":-1,"y":5}}',
  '{"type":"fire","option":"melee","target":{"x":2,"y":2}}',
  '{"type":"fire","option":"spell:lightning","target":{"x":2,"y":2}}',
  '{"type":"fire","option":"ranged","target":{"x":2,"y":2}}',
];
const SETUP_EDITS: [string, string][] = [
  ['hero', '{"template":"__proto__","options":{}}'],
  ['hero', '{"template":"constructor","options":{}}'],
  ['hero', '{"template":"no-such-hero","options":{}}'],
  ['hero', '{"template":"warrior","options":{"level":1e308}}'],
  ['hero', '{"template":"warrior","options":{"level":-0}}'],
  ['hero', '{"template":"warrior","options":{"level":1152921504606846976,"strength":1e308}}'],
  ['hero', '{"template":"warrior","options":{"weapon":"__proto__","armour":"constructor"}}'],
  ['hero', '{"template":"warrior","options":{"__proto__":1}}'],
  ['hero', '{"template":"warrior","options":{"constructor":"x","toString":2}}'],
  ['hero', '{"template":"warrior","options":{"__proto__":{"polluted":1}}}'],
  ['foe', '{"template":"__proto__","options":{}}'],
  ['foe', '{"template":"toString","options":{}}'],
  ['foe', '{"template":"golem","options":{"level":99}}'],
  ['foe', '{"template":"warrior","options":{}}'],
  ['maxTurns', '1'],
  ['maxTurns', '9007199254740991'],
  ['maxTurns', '1e308'],
  ['heroControl', '"player"'],
  ['heroControl', '"ai"'],
  ['heroControl', '"__proto__"'],
  ['foeState', '"sleeping"'],
  ['foeState', '"fleeing"'],
  ['foeState', '"__proto__"'],
  ['edition', '"source"'],
  ['arena', '"constructor"'],
  ['arena', '"random-cave"'],
  ['arena', '"../../etc/passwd"'],
  ['seed', '"another seed"'],
  ['seed', `"${'9'.repeat(300)}"`],
];
const ENDS = [
  '{"end":{"winner":2,"reason":"x","turn":1,"time":0,"h":"0000000000000000"}}',
  '{"end":{"winner":0,"reason":"x","turn":1e400,"time":0,"h":"0000000000000000"}}',
  '{"end":{"winner":0,"reason":"x","turn":1,"time":1e308,"h":"0000000000000000"}}',
  '{"end":{"winner":null,"reason":"","turn":0,"time":-0,"h":"ffffffffffffffff"}}',
  '{"end":{"winner":1,"reason":"the hero was slain","turn":9007199254740991,"time":4.9e-324,"h":"0123456789abcdef"}}',
  '{"end":{"__proto__":{"polluted":1}}}',
  '{"end":null}',
  '{"end":{}}',
  '{"end":{"winner":0,"reason":"x","turn":1,"time":0,"h":"0000000000000000"},"t":1}',
];

type Mutation =
  | { readonly k: 'flip'; readonly at: number; readonly bit: number }
  | { readonly k: 'insertBytes'; readonly at: number; readonly bytes: number[] }
  | { readonly k: 'deleteBytes'; readonly at: number; readonly len: number }
  | { readonly k: 'truncate'; readonly at: number }
  | { readonly k: 'dupLine'; readonly from: number; readonly to: number }
  | { readonly k: 'swapLines'; readonly a: number; readonly b: number }
  | { readonly k: 'deleteLine'; readonly at: number }
  | { readonly k: 'value'; readonly line: number; readonly path: number; readonly raw: string }
  | { readonly k: 'number'; readonly line: number; readonly path: number; readonly raw: string }
  | { readonly k: 'member'; readonly line: number; readonly path: number; readonly member: string }
  | { readonly k: 'nest'; readonly line: number; readonly path: number; readonly depth: number; readonly shape: 'array' | 'object' | 'open' }
  | { readonly k: 'command'; readonly line: number; readonly raw: string }
  | { readonly k: 'renumber'; readonly line: number; readonly t: number }
  | { readonly k: 'longLine'; readonly at: number; readonly len: number; readonly shape: 'pad' | 'garbage' }
  | { readonly k: 'garbageLine'; readonly at: number; readonly line: string }
  | { readonly k: 'setup'; readonly field: string; readonly raw: string }
  | { readonly k: 'end'; readonly raw: string; readonly replace: boolean }
  | { readonly k: 'lineEnds'; readonly how: 'crlf' | 'cr' | 'bom' | 'noFinalNewline' | 'nul' | 'blankLines' }
  | { readonly k: 'hash'; readonly line: number; readonly raw: string }
  | { readonly k: 'branch'; readonly turn: number; readonly matching: boolean; readonly from: string }
  | { readonly k: 'dropTail'; readonly n: number };

const nat = fc.nat({ max: 1_000_000 });
const hex16 = fc.stringMatching(/^[0-9a-f]{16}$/).map((s) => JSON.stringify(s));
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 20 }).map(String) },
  { weight: 1, arbitrary: hex16 },
  { weight: 1, arbitrary: fc.constantFrom('"n"', '"ne"', '"sw"', '"move"', '"wait"', '"rat"', '"golem"', '"warrior"', '"pit"', '"ai"', '"player"') },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ k: fc.constant('flip' as const), at: nat, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ k: fc.constant('insertBytes' as const), at: nat, bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }) }),
  fc.record({ k: fc.constant('deleteBytes' as const), at: nat, len: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ k: fc.constant('truncate' as const), at: nat }),
  fc.record({ k: fc.constant('dupLine' as const), from: nat, to: nat }),
  fc.record({ k: fc.constant('swapLines' as const), a: nat, b: nat }),
  fc.record({ k: fc.constant('deleteLine' as const), at: nat }),
  fc.record({ k: fc.constant('value' as const), line: nat, path: nat, raw: anyValue }),
  fc.record({ k: fc.constant('number' as const), line: nat, path: nat, raw: fc.constantFrom(...HUGE, ...NOT_NUMBERS) }),
  fc.record({ k: fc.constant('member' as const), line: nat, path: nat, member: fc.constantFrom(...HOSTILE_MEMBERS) }),
  fc.record({ k: fc.constant('nest' as const), line: nat, path: nat, depth: fc.integer({ min: 60, max: 6000 }), shape: fc.constantFrom('array' as const, 'object' as const, 'open' as const) }),
  fc.record({ k: fc.constant('command' as const), line: nat, raw: fc.constantFrom(...COMMANDS) }),
  fc.record({ k: fc.constant('renumber' as const), line: nat, t: fc.oneof(fc.integer({ min: -3, max: 300 }), fc.constantFrom(2 ** 31, 2 ** 53 - 1)) }),
  fc.record({ k: fc.constant('longLine' as const), at: nat, len: fc.oneof(fc.constantFrom(REPLAY_LIMITS.lineChars, REPLAY_LIMITS.lineChars + 1), fc.integer({ min: 60_000, max: 200_000 })), shape: fc.constantFrom('pad' as const, 'garbage' as const) }),
  fc.record({ k: fc.constant('garbageLine' as const), at: nat, line: fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.json({ maxDepth: 4 }), fc.constantFrom('{', '}', '[', '"', '\\', '{"t":', '\r', '\u2028', '\uFEFF{}', '\u0000')) }),
  fc.constantFrom(...SETUP_EDITS).map(([field, raw]) => ({ k: 'setup' as const, field, raw })),
  fc.record({ k: fc.constant('end' as const), raw: fc.constantFrom(...ENDS), replace: fc.boolean() }),
  fc.record({ k: fc.constant('lineEnds' as const), how: fc.constantFrom('crlf' as const, 'cr' as const, 'bom' as const, 'noFinalNewline' as const, 'nul' as const, 'blankLines' as const) }),
);

/** Commands the schema accepts (so the verifier, not the reader, has to deal with them). */
const WELL_FORMED_COMMANDS = COMMANDS.slice(COMMANDS.indexOf('{"type":"wait"}'));
const WELL_FORMED_ENDS = fc
  .record({ winner: fc.constantFrom('0', '1', 'null'), reason: fc.constantFrom('"the gnoll scout was slain"', '"Rogue was slain"', '"x"', '""'), turn: fc.nat({ max: 400 }), time: fc.constantFrom('0', '12.5', '51.2', '1e9'), h: hex16 })
  .map((e) => `{"end":{"winner":${e.winner},"reason":${e.reason},"turn":${e.turn},"time":${e.time},"h":${e.h}}}`);

/** Mutations that keep every line in the shape the reader accepts, to reach the verifier. */
const wellFormed: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ k: fc.constant('command' as const), line: nat, raw: fc.constantFrom(...WELL_FORMED_COMMANDS) }),
  fc.record({ k: fc.constant('number' as const), line: nat, path: nat, raw: fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: 100_000 }), fc.constant(2 ** 53 - 1)).map(String) }),
  fc.record({ k: fc.constant('hash' as const), line: nat, raw: hex16 }),
  fc.constantFrom(...SETUP_EDITS).map(([field, raw]) => ({ k: 'setup' as const, field, raw })),
  fc.record({ k: fc.constant('branch' as const), turn: fc.oneof(fc.nat({ max: 60 }), fc.constantFrom(2 ** 31, 2 ** 53 - 1)), matching: fc.boolean(), from: fc.constantFrom('other.jsonl', '../../etc/passwd', '__proto__', 'x'.repeat(255)) }),
  fc.record({ k: fc.constant('end' as const), raw: WELL_FORMED_ENDS, replace: fc.constant(true) }),
  fc.record({ k: fc.constant('dropTail' as const), n: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ k: fc.constant('lineEnds' as const), how: fc.constantFrom('crlf' as const, 'noFinalNewline' as const) }),
);

const MARK = '@@fuzz-mark@@';
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Paths to the values in `v` (the root is []), not below 100 levels (earlier mutations nest deep). */
function pathsIn(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length >= 100) return out;
  if (Array.isArray(v)) v.forEach((x, i) => pathsIn(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) pathsIn(v[k] as Json, [...at, k], out);
  return out;
}
function getAt(v: Json, p: Path): Json {
  let cur: Json = v;
  for (const k of p) cur = (cur as Record<string | number, Json>)[k] as Json;
  return cur;
}
/** Sets a value by defining an own property, so even "__proto__" is just a key. */
function setAt(v: Json, p: Path, value: Json): void {
  const parent = getAt(v, p.slice(0, -1)) as Record<string | number, Json>;
  Object.defineProperty(parent, p[p.length - 1] as string | number, { value, enumerable: true, writable: true, configurable: true });
}
/** A line's JSON to edit, unless it is not JSON or nests too deep to edit (and stringify) safely. */
function jsonLine(line: string): Json | undefined {
  if ((line.match(/[[{]/g)?.length ?? 0) > 1000) return undefined;
  try {
    return JSON.parse(line) as Json;
  } catch {
    return undefined;
  }
}
/** `line` with the value at one of the chosen paths replaced by raw text. */
function replaceValue(line: string, pick: number, raw: string, which: (v: Json, p: Path) => boolean): string {
  const v = jsonLine(line);
  if (v === undefined) return line;
  const ps = pathsIn(v).filter((p) => p.length > 0 && which(getAt(v, p), p));
  if (ps.length === 0) return line;
  setAt(v, ps[pick % ps.length] as Path, MARK);
  return JSON.stringify(v).replace(JSON.stringify(MARK), () => raw);
}
/** `line` with a raw `"key":value` member added to one of its objects. */
function addMember(line: string, pick: number, member: string): string {
  const v = jsonLine(line);
  if (v === undefined) return line;
  const ps = pathsIn(v).filter((p) => {
    const x = getAt(v, p);
    return x !== null && typeof x === 'object' && !Array.isArray(x);
  });
  if (ps.length === 0) return line;
  const p = ps[pick % ps.length] as Path;
  setAt(v, [...p, MARK], MARK);
  return JSON.stringify(v).replace(`${JSON.stringify(MARK)}:${JSON.stringify(MARK)}`, () => member);
}

function splitText(text: string): { ls: string[]; nl: boolean } {
  const ls = text.split('\n');
  const nl = ls[ls.length - 1] === '';
  if (nl) ls.pop();
  return { ls, nl };
}
function onLines(text: string, fn: (ls: string[]) => void): string {
  const { ls, nl } = splitText(text);
  fn(ls);
  return ls.length === 0 ? '' : `${ls.join('\n')}${nl ? '\n' : ''}`;
}
function onLine(text: string, at: number, fn: (line: string, i: number) => string): string {
  return onLines(text, (ls) => {
    if (ls.length === 0) return;
    const i = at % ls.length;
    ls[i] = fn(ls[i] as string, i);
  });
}
/** Lines that look like turns (the mutation is aimed at one of them). */
function onTurnLine(text: string, at: number, fn: (line: string, i: number) => string): string {
  return onLines(text, (ls) => {
    const turns = ls.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('{"t":'));
    if (turns.length === 0) return;
    const [l, i] = turns[at % turns.length] as readonly [string, number];
    ls[i] = fn(l, i);
  });
}
function onBytes(text: string, fn: (b: Buffer) => Buffer): string {
  return fn(Buffer.from(text, 'utf8')).toString('utf8');
}

function nested(depth: number, shape: 'array' | 'object' | 'open'): string {
  if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return '['.repeat(depth);
}

function mutate(text: string, m: Mutation): string {
  switch (m.k) {
    case 'flip':
      return onBytes(text, (b) => {
        if (b.length === 0) return b;
        const c = Buffer.from(b);
        const i = m.at % c.length;
        c[i] = (c[i] as number) ^ (1 << m.bit);
        return c;
      });
    case 'insertBytes':
      return onBytes(text, (b) => {
        const i = m.at % (b.length + 1);
        return Buffer.concat([b.subarray(0, i), Buffer.from(m.bytes), b.subarray(i)]);
      });
    case 'deleteBytes':
      return onBytes(text, (b) => {
        const i = m.at % (b.length + 1);
        return Buffer.concat([b.subarray(0, i), b.subarray(i + m.len)]);
      });
    case 'truncate':
      return onBytes(text, (b) => b.subarray(0, m.at % (b.length + 1)));
    case 'dupLine':
      return onLines(text, (ls) => {
        if (ls.length === 0) return;
        ls.splice(m.to % (ls.length + 1), 0, ls[m.from % ls.length] as string);
      });
    case 'swapLines':
      return onLines(text, (ls) => {
        if (ls.length === 0) return;
        const a = m.a % ls.length;
        const b = m.b % ls.length;
        [ls[a], ls[b]] = [ls[b] as string, ls[a] as string];
      });
    case 'deleteLine':
      return onLines(text, (ls) => {
        if (ls.length > 0) ls.splice(m.at % ls.length, 1);
      });
    case 'value':
      return onLine(text, m.line, (l) => replaceValue(l, m.path, m.raw, () => true));
    case 'number':
      return onLine(text, m.line, (l) => replaceValue(l, m.path, m.raw, (v) => typeof v === 'number'));
    case 'member':
      return onLine(text, m.line, (l) => addMember(l, m.path, m.member));
    case 'nest':
      return onLine(text, m.line, (l) => (m.path % 5 === 0 ? nested(m.depth, m.shape) : replaceValue(l, m.path, nested(m.depth, m.shape), () => true)));
    case 'command':
      return onTurnLine(text, m.line, (l) => replaceValue(l, 0, m.raw, (_v, p) => p.length === 1 && p[0] === 'c'));
    case 'renumber':
      return onTurnLine(text, m.line, (l) => replaceValue(l, 0, String(m.t), (_v, p) => p.length === 1 && p[0] === 't'));
    case 'longLine':
      return onLines(text, (ls) => {
        const i = m.at % (ls.length + 1);
        if (m.shape === 'pad' && i < ls.length) ls[i] = (ls[i] as string).padEnd(m.len, ' ');
        else ls.splice(i, 0, 'x'.repeat(m.len));
      });
    case 'garbageLine':
      return onLines(text, (ls) => {
        ls.splice(m.at % (ls.length + 1), 0, m.line);
      });
    case 'setup':
      return onLine(text, 0, (l) => {
        const h = jsonLine(l);
        const setup = h !== null && typeof h === 'object' && !Array.isArray(h) ? h['setup'] : undefined;
        if (!setup || typeof setup !== 'object' || Array.isArray(setup)) return l;
        setAt(setup, [m.field], MARK);
        // Keep the header and its setup agreeing, so the edit reaches the duel's set-up.
        if (['ruleset', 'edition', 'seed', 'arena'].includes(m.field)) setAt(h as Json, [m.field], MARK);
        return JSON.stringify(h).replaceAll(JSON.stringify(MARK), () => m.raw);
      });
    case 'end':
      return onLines(text, (ls) => {
        if (m.replace && ls.length > 1 && (ls[ls.length - 1] as string).startsWith('{"end"')) ls[ls.length - 1] = m.raw;
        else ls.push(m.raw);
      });
    case 'hash':
      return onLine(text, m.line, (l) => replaceValue(l, 0, m.raw, (v, p) => p[p.length - 1] === 'h' && typeof v === 'string'));
    case 'branch':
      return onLines(text, (ls) => {
        const h = ls.length > 0 ? jsonLine(ls[0] as string) : undefined;
        if (!h || typeof h !== 'object' || Array.isArray(h)) return;
        const shared = m.turn === 0 ? undefined : jsonLine(ls[m.turn] ?? '');
        const real = shared && typeof shared === 'object' && !Array.isArray(shared) && typeof shared['h'] === 'string' ? shared['h'] : undefined;
        setAt(h, ['branch'], { from: m.from, turn: m.turn, hash: m.matching && real ? real : '0123456789abcdef' });
        ls[0] = JSON.stringify(h);
      });
    case 'dropTail':
      return onLines(text, (ls) => {
        ls.splice(Math.max(1, ls.length - m.n));
      });
    case 'lineEnds':
      switch (m.how) {
        case 'crlf':
          return text.replace(/\n/g, '\r\n');
        case 'cr':
          return text.replace(/\n/g, '\r');
        case 'bom':
          return `\uFEFF${text}`;
        case 'noFinalNewline':
          return text.replace(/\n$/, '');
        case 'nul':
          return text.replace(/\n/g, '\0\n');
        case 'blankLines':
          return text.replace(/\n/g, '\n\n');
      }
  }
}

/** A base recording (by index) and the mutations applied to it in turn. */
const mutated = fc.record({ base: fc.nat(), muts: fc.array(mutation, { minLength: 1, maxLength: 4 }) });

function applied(x: { base: number; muts: readonly Mutation[] }): string {
  return x.muts.reduce(mutate, (bases[x.base % bases.length] as Base).text);
}

// --- In-process: reading and verifying ------------------------------------------------------

describe('mutated replays, read and verified in-process', () => {
  it('the recordings mutated are themselves sound (the baseline)', () => {
    for (const b of bases) {
      const out = exercise(b.text);
      expect(out.error, b.name).toBeUndefined();
      expect(out.ok, b.name).toBe(true);
    }
    expect(parseReplay(FILE, bases[3]?.text as string).truncated).toBe(true);
  });

  it('any mutation: a Replay or a ReplayError naming the file and line; verifying never throws; nothing slow; no pollution', () => {
    let errors = 0;
    let verified = 0;
    let diverged = 0;
    fc.assert(
      fc.property(mutated, (x) => {
        const out = exercise(applied(x));
        if (out.error) errors++;
        else if (out.ok) verified++;
        else diverged++;
      }),
      { numRuns: runs(400) },
    );
    // The mutations reach all three outcomes, so each path above was exercised.
    expect(errors).toBeGreaterThan(0);
    expect(verified).toBeGreaterThan(0);
    expect(diverged).toBeGreaterThan(0);
  });

  it('mutations the reader accepts reach the verifier, which gives a result and never throws', () => {
    let ok = 0;
    let diverged = 0;
    fc.assert(
      fc.property(fc.record({ base: fc.nat(), muts: fc.array(wellFormed, { minLength: 1, maxLength: 3 }) }), (x) => {
        const out = exercise(applied(x));
        if (out.ok === true) ok++;
        else if (out.ok === false) diverged++;
      }),
      { numRuns: runs(150) },
    );
    expect(ok).toBeGreaterThan(0);
    expect(diverged).toBeGreaterThan(15);
  });

  it('a hostile edit to a turn of a player-controlled duel (a command, an actor) is refused at its line or verified to a result', () => {
    let diverged = 0;
    const turnLines = lines(player.text())
      .map((l, i) => [l, i] as const)
      .filter(([l]) => l.startsWith('{"t":'));
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...COMMANDS.filter((c) => c.startsWith('{"type":') && !c.includes('dance'))), fc.constantFrom(1, 2, 3, 2 ** 53 - 1), (pick, command, actor) => {
        const [line, i] = turnLines[pick % turnLines.length] as readonly [string, number];
        let edited = replaceValue(line, 0, command, (_v, p) => p.length === 1 && p[0] === 'c');
        if (pick % 3 === 0) edited = replaceValue(edited, 0, String(actor), (_v, p) => p.length === 1 && p[0] === 'a');
        const ls = lines(player.text());
        ls[i] = edited;
        const out = exercise(join_(ls));
        if (out.error) expect(out.error).toMatch(new RegExp(`^${escape(FILE)}:${i + 1}:`));
        if (out.ok === false) diverged++;
      }),
      { numRuns: runs(120) },
    );
    expect(diverged).toBeGreaterThan(0);
  });

  it('hostile header set-ups either read and verify to a result or are refused at line 1', () => {
    let verified = 0;
    for (const [field, raw] of SETUP_EDITS) {
      for (const b of bases) {
        const text = mutate(b.text, { k: 'setup', field, raw });
        const was = (JSON.parse(lines(b.text)[0] as string) as { setup: Record<string, unknown> }).setup[field];
        if (JSON.stringify(was) !== raw) expect(text, `${field}=${raw} was applied`).not.toBe(b.text);
        const out = exercise(text);
        if (out.error) expect(out.error, `${field}=${raw}`).toMatch(new RegExp(`^${escape(FILE)}:1(:\\d+)?: `));
        else verified++;
      }
    }
    expect(verified).toBeGreaterThan(SETUP_EDITS.length);
  });

  it('__proto__, constructor and prototype keys anywhere never pollute Object.prototype', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bases.map((b) => b.text)), fc.nat(), fc.nat(), fc.constantFrom(...HOSTILE_MEMBERS), (text, line, path, member) => {
        exercise(mutate(text, { k: 'member', line, path, member }));
        const r = (() => {
          try {
            return parseReplay(FILE, mutate(text, { k: 'setup', field: 'hero', raw: `{"template":"warrior","options":{${member}}}` }));
          } catch (e) {
            expect(e).toBeInstanceOf(ReplayError);
            return undefined;
          }
        })();
        if (r) verifyReplay(r, content);
        expectUnpolluted();
      }),
      { numRuns: runs(80) },
    );
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

describe('enormous files', () => {
  it('more characters than a replay can have are refused at once, without a line number', () => {
    const t0 = performance.now();
    const out = exercise(`${lines(ai.text())[0]}\n${' '.repeat(REPLAY_LIMITS.bytes)}\n`);
    expect(out.error).toBe(`${FILE}: larger than a replay can be (${REPLAY_LIMITS.bytes} characters)`);
    expect(performance.now() - t0).toBeLessThan(TIME_LIMIT_MS);
  });

  it('more lines than a replay can have are refused at once', () => {
    const out = exercise(`${lines(ai.text())[0]}\n${'{}\n'.repeat(REPLAY_LIMITS.turns + 2)}`);
    expect(out.error).toBe(`${FILE}: more than ${REPLAY_LIMITS.turns} turns`);
  });

  it('a huge file of repeated turns is refused at the first line out of order, quickly', () => {
    const ls = lines(ai.text());
    const text = `${ls[0]}\n${`${ls[1]}\n`.repeat(200_000)}`;
    const t0 = performance.now();
    expect(exercise(text).error).toBe(`${FILE}:3: expected turn 2, found turn 1`);
    expect(performance.now() - t0).toBeLessThan(TIME_LIMIT_MS);
  });
});

describe('a problem on a line names that line and what is wrong', () => {
  /** Every line of a base but one is as recorded: the error must name exactly that one. */
  const where = fc.record({ base: fc.nat(), line: fc.nat() });
  const at = (line: number) => new RegExp(`^${escape(FILE)}:${line}(:\\d+)?: `);

  function errorOf(text: string): string {
    const out = exercise(text);
    expect(out.error, 'expected the file to be refused').toBeDefined();
    return out.error as string;
  }
  /** The base's lines, with one replaced; the file still ends with a newline. */
  function replacing(x: { base: number; line: number }, fn: (line: string, i: number, count: number) => string): { text: string; i: number } {
    const ls = lines((bases[x.base % 3] as Base).text);
    const i = x.line % ls.length;
    ls[i] = fn(ls[i] as string, i, ls.length);
    return { text: join_(ls), i };
  }

  it('garbage that is not JSON', () => {
    fc.assert(
      fc.property(where, fc.constantFrom('hello', '{', '{"t":1,', '{"t":1}}', "{'t':1}", '{"t":1,}', '[1,2', '"', 'nul', 'tru', '\u0000', '{"a":"\\x41"}', '{"a" 1}', '1 2'), (x, garbage) => {
        const { text, i } = replacing(x, () => garbage);
        expect(errorOf(text)).toMatch(at(i + 1));
      }),
      { numRuns: runs(60) },
    );
  });

  it('deep nesting, refused at its line before it can exhaust the stack', () => {
    fc.assert(
      fc.property(where, fc.integer({ min: 65, max: 20_000 }), fc.constantFrom('array' as const, 'object' as const, 'open' as const), fc.boolean(), (x, depth, shape, inside) => {
        const { text, i } = replacing(x, (l) => (inside ? replaceValue(l, depth, nested(Math.min(depth, 10_000), shape), () => true) : nested(Math.min(depth, 10_000), shape)));
        const e = errorOf(text);
        expect(e).toMatch(at(i + 1));
        expect(e).toMatch(/nested more than 64 levels deep/);
      }),
      { numRuns: runs(60) },
    );
  });

  it('a line longer than the limit', () => {
    fc.assert(
      fc.property(where, fc.integer({ min: REPLAY_LIMITS.lineChars + 1, max: 4 * REPLAY_LIMITS.lineChars }), (x, len) => {
        const { text, i } = replacing(x, (l) => l.padEnd(len, ' '));
        expect(errorOf(text)).toBe(`${FILE}:${i + 1}: the line is longer than ${REPLAY_LIMITS.lineChars} characters`);
      }),
      { numRuns: runs(20) },
    );
    // Up to the limit, trailing blanks are just JSON whitespace.
    const ls = lines(ai.text());
    ls[1] = (ls[1] as string).padEnd(REPLAY_LIMITS.lineChars, ' ');
    expect(exercise(join_(ls)).ok).toBe(true);
  });

  it('__proto__, constructor and other unknown keys at the top of a line', () => {
    fc.assert(
      fc.property(where, fc.constantFrom(...HOSTILE_MEMBERS), (x, member) => {
        const { text, i } = replacing(x, (l) => l.replace(/^\{/, () => `{${member},`));
        const e = errorOf(text);
        expect(e).toMatch(at(i + 1));
        expect(e).toContain(member.slice(1, member.indexOf('"', 1)));
      }),
      { numRuns: runs(60) },
    );
  });

  it('a key repeated in an object', () => {
    fc.assert(
      fc.property(where, (x) => {
        const { text, i } = replacing(x, (l) => {
          const key = /^\{"([^"]+)":/.exec(l)?.[1] as string;
          return l.replace(/^\{/, () => `{"${key}":0,`);
        });
        const e = errorOf(text);
        expect(e).toMatch(new RegExp(`^${escape(FILE)}:${i + 1}:\\d+: duplicate key "`));
      }),
      { numRuns: runs(40) },
    );
  });

  it('unknown commands', () => {
    const unknown = COMMANDS.slice(0, COMMANDS.indexOf('{"type":"wait"}'));
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(...unknown), (b, t, raw) => {
        const base = bases[b % 3] as Base;
        const text = onTurnLine(base.text, t, (l) => replaceValue(l, 0, raw, (_v, p) => p.length === 1 && p[0] === 'c'));
        const i = lines(text).findIndex((l, k) => l !== lines(base.text)[k]);
        const e = errorOf(text);
        expect(e).toMatch(at(i + 1));
        // A command the schema does not know, or a __proto__ key inside it (refused wherever it is).
        expect(e).toMatch(/turn \$\.c|\(\$\.c\.__proto__\)/);
      }),
      { numRuns: runs(60) },
    );
  });

  it('turn numbers out of order: renumbered, duplicated, swapped or missing', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom('renumber', 'duplicate', 'swap', 'delete'), (b, pick, t, how) => {
        const base = bases[b % 3] as Base;
        const ls = lines(base.text);
        const turns = ls.length - (ls[ls.length - 1]?.startsWith('{"end"') ? 2 : 1);
        const k = 1 + (pick % (turns - 1)); // a turn with another after it
        let expected: string;
        if (how === 'renumber') {
          const n = t === k ? t + 1 : t;
          ls[k] = replaceValue(ls[k] as string, 0, String(n), (_v, p) => p[0] === 't' && p.length === 1);
          // Past the most turns a replay can have, the number itself is refused.
          expected = n > REPLAY_LIMITS.turns ? `${FILE}:${k + 1}: turn $.t: Too big: expected number to be <=${REPLAY_LIMITS.turns}` : `${FILE}:${k + 1}: expected turn ${k}, found turn ${n}`;
        } else if (how === 'duplicate') {
          ls.splice(k, 0, ls[k] as string);
          expected = `${FILE}:${k + 2}: expected turn ${k + 1}, found turn ${k}`;
        } else if (how === 'swap') {
          [ls[k], ls[k + 1]] = [ls[k + 1] as string, ls[k] as string];
          expected = `${FILE}:${k + 1}: expected turn ${k}, found turn ${k + 1}`;
        } else {
          ls.splice(k, 1);
          expected = `${FILE}:${k + 1}: expected turn ${k}, found turn ${k + 1}`;
        }
        expect(errorOf(join_(ls))).toBe(expected);
      }),
      { numRuns: runs(60) },
    );
  });

  it('huge numbers and numbers JSON does not have', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom('t', 'a', 'time'), fc.constantFrom('1e400', '-1e400', '1e308', '1152921504606846976', '9007199254740993', '-0', '0.5', 'NaN', 'Infinity', '0x10', '01', '+1', '.5'), (b, pick, field, raw) => {
        const base = bases[b % 3] as Base;
        const text = onTurnLine(base.text, pick, (l) => replaceValue(l, 0, raw, (_v, p) => p.length === 1 && p[0] === field));
        const i = lines(text).findIndex((l, k) => l !== lines(base.text)[k]);
        const out = exercise(text);
        // -0 is a fine time (0); every other one is refused at its line.
        if (raw === '-0' && field === 'time') return;
        expect(out.error, `${field}=${raw}`).toBeDefined();
        expect(out.error).toMatch(at(i + 1));
      }),
      { numRuns: runs(80) },
    );
  });
});

describe('error messages are one clear line', () => {
  // "arena verify" prints the message as it is: a hostile file must not be able to add lines of
  // its own (a fake "ok" line) or send control sequences to the terminal.

  it('a stray character of any kind in a line is named without putting a control character in the message', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 0x7f }), (b, line, at, ch) => {
        const base = (bases[b % bases.length] as Base).text;
        const text = onLine(base, line, (l) => `${l.slice(0, at % (l.length + 1))}${String.fromCharCode(ch)}${l.slice(at % (l.length + 1))}`);
        const out = exercise(text);
        if (out.error) expect(out.error).not.toMatch(CONTROL);
      }),
      { numRuns: runs(150) },
    );
  });

  it('an unknown key of any characters is named without putting a line break or control character in the message', () => {
    const key = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), key, (b, line, path, k) => {
        const base = (bases[b % bases.length] as Base).text;
        const out = exercise(mutate(base, { k: 'member', line, path, member: `${JSON.stringify(k)}:1` }));
        if (out.error) expect(out.error).not.toMatch(CONTROL);
      }),
      { numRuns: runs(150) },
    );
  });

  it('an unknown header key holding a newline and escape codes stays inside one line', () => {
    const ls = lines(ai.text());
    ls[0] = (ls[0] as string).replace(/^\{/, () => `{${JSON.stringify('\u001b[2K\rok   saves/fine.jsonl: 999 turns match\n')}:1,`);
    const out = exercise(join_(ls));
    expect(out.error).toBeDefined();
    expect(out.error).not.toMatch(CONTROL);
  });
});

// --- The command line ------------------------------------------------------------------------

interface FileState {
  readonly bytes: Buffer;
  readonly mtimeMs: number;
  readonly size: number;
}
function state(path: string): FileState {
  const st = statSync(path);
  return { bytes: readFileSync(path), mtimeMs: st.mtimeMs, size: st.size };
}
function expectUnchanged(path: string, before: FileState): void {
  const after = state(path);
  expect(after.size, `${path} changed size`).toBe(before.size);
  expect(after.mtimeMs, `${path} was written to`).toBe(before.mtimeMs);
  expect(after.bytes.equals(before.bytes), `${path} changed`).toBe(true);
}
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

describe('arena verify on hostile files', () => {
  it('each hostile file gets one FAIL line naming the file and line, exit 1, no stack trace, and is not modified', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const cwd = cliTempDir('arena-fuzz-cwd-');
    const ls = () => lines(ai.text());
    const hostile: [string, string, number][] = [];
    const add = (name: string, text: string, line: number) => hostile.push([join(dir, `${name}.jsonl`), text, line]);
    {
      const l = ls();
      l[2] = `{"t":2,"a":1,"c":${'['.repeat(5000)}`;
      add('deep', join_(l), 3);
    }
    add('proto', editLine(ai.text(), 3, (v) => Object.defineProperty(v, '__proto__', { value: { polluted: 1 }, enumerable: true })), 4);
    add('command', editLine(ai.text(), 5, (v) => (v['c'] = { type: 'self-destruct' })), 6);
    {
      const l = ls();
      [l[6], l[7]] = [l[7] as string, l[6] as string];
      add('order', join_(l), 7);
    }
    {
      const l = ls();
      l[2] = (l[2] as string).replace(/"time":\d+/, '"time":1e400');
      add('huge', join_(l), 3);
    }
    {
      const l = ls();
      l[4] = 'x'.repeat(REPLAY_LIMITS.lineChars + 1);
      add('long', join_(l), 5);
    }
    add('garbage', '\u0000\u0001binary\u00ff junk\n', 1);
    for (const [path, text] of hostile) writeFileSync(path, text);
    const before = hostile.map(([path]) => state(path));
    const dirBefore = listing(dir);

    const r = await arena(['verify', ...hostile.map(([path]) => path)], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).toBe('');
    const out = lines(r.stdout);
    expect(out).toHaveLength(hostile.length);
    hostile.forEach(([path, , line], i) => {
      expect(out[i]).toMatch(new RegExp(`^FAIL ${escape(path)}:${line}(:\\d+)?: \\S`));
      expectUnchanged(path, before[i] as FileState);
    });
    expect(listing(dir)).toEqual(dirBefore);
    expect(listing(cwd)).toEqual([]);

    // One at a time too: exit 1, one line.
    const one = await arena(['verify', hostile[0]?.[0] as string], { cwd });
    expect(one.code).toBe(1);
    expect(lines(one.stdout)).toHaveLength(1);
    expect(one.stderr).not.toMatch(STACK_FRAME);
  });

  it('a sound replay verifies (exit 0) and a cut-short one with a warning; neither is modified', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const good = join(dir, 'good.jsonl');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(good, ai.text());
    writeFileSync(cut, bases[3]?.text as string);
    const before = [state(good), state(cut)];
    const [g, c] = await Promise.all([arena(['verify', good], { cwd: dir }), arena(['verify', cut], { cwd: dir })]);
    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(new RegExp(`^ok   ${escape(good)}: ${ai.records.length} turns match`));
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(new RegExp(`^warning: ${escape(cut)}: the last line was cut short`));
    expectUnchanged(good, before[0] as FileState);
    expectUnchanged(cut, before[1] as FileState);
    expect(listing(dir)).toEqual(['cut.jsonl', 'good.jsonl']);
  });

  it('a file larger than a replay can be is refused by its size, quickly, without being read', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, '');
    truncateSync(big, REPLAY_LIMITS.bytes + 1024 * 1024); // sparse: takes no memory or disk
    const before = statSync(big);
    const t0 = performance.now();
    expect(() => readReplayFile(big)).toThrow(new ReplayError(`${big}: cannot read it: ${REPLAY_LIMITS.bytes + 1024 * 1024} bytes, more than the ${REPLAY_LIMITS.bytes} such a file may have`));
    expect(performance.now() - t0).toBeLessThan(500);
    const r = await arena(['verify', big], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`FAIL ${big}: cannot read it: ${REPLAY_LIMITS.bytes + 1024 * 1024} bytes, more than the ${REPLAY_LIMITS.bytes} such a file may have\n`);
    expect(r.stderr).toBe('');
    const after = statSync(big);
    expect(after.size).toBe(before.size);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(listing(dir)).toEqual(['big.jsonl']);
  });

  it('a folder, a missing path, a device and a named pipe are refused without hanging', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const folder = join(dir, 'folder.jsonl');
    mkdirSync(folder);
    const missing = join(dir, 'missing.jsonl');
    const fifo = join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const targets = [folder, missing, '/dev/zero', fifo];
    const r = await arena(['verify', ...targets], { cwd: dir });
    expect(r.signal).toBeNull(); // not killed by the helper's timeout: nothing blocked
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(lines(r.stdout)).toEqual([
      `FAIL ${folder}: cannot read it: a folder, not a regular file`,
      `FAIL ${missing}: no such file`,
      'FAIL /dev/zero: cannot read it: a character device, not a regular file',
      `FAIL ${fifo}: cannot read it: a named pipe (FIFO), not a regular file`,
    ]);
    expect(existsSync(missing)).toBe(false);
    expect(listing(dir)).toEqual(['folder.jsonl', 'pipe.jsonl']);
  });

  it('a header key with a newline and escape codes cannot add a line of its own to the output', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const path = join(dir, 'spoof.jsonl');
    const ls = lines(ai.text());
    ls[0] = (ls[0] as string).replace(/^\{/, () => `{${JSON.stringify('\u001b[2K\rok   fine.jsonl: 99 turns match\n')}:1,`);
    writeFileSync(path, join_(ls));
    const r = await arena(['verify', path], { cwd: dir });
    expect(r.code).toBe(1);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stdout).toMatch(new RegExp(`^FAIL ${escape(path)}:1: `));
    expect(r.stdout.slice(0, -1)).not.toMatch(CONTROL);
  });

  it('hostile text that reaches a divergence (an item, a ranged option) cannot add lines or escape codes to the output', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const turn = player.records.find((t) => t.actor === player.duel.heroId && t.command?.type !== 'skip')?.turn as number;
    const spoof = '\u001b[2K\rok   fine.jsonl: 99 turns match\n\u001b]0;title\u0007';
    const files = [
      [join(dir, 'item.jsonl'), editLine(player.text(), turn, (v) => (v['c'] = { type: 'use', item: spoof }))],
      [join(dir, 'option.jsonl'), editLine(player.text(), turn, (v) => (v['c'] = { type: 'fire', option: spoof, target: { x: 1, y: 1 } }))],
    ] as const;
    for (const [path, text] of files) writeFileSync(path, text);
    const r = await arena(['verify', ...files.map(([path]) => path)], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    const out = lines(r.stdout);
    expect(out).toHaveLength(2);
    files.forEach(([path], i) => expect(out[i]).toMatch(new RegExp(`^FAIL ${escape(path)}: turn ${turn}: `)));
    for (const l of out) expect(l).not.toMatch(CONTROL);
  });

  it('arena saves --list shows each hostile save on one line, without control characters, and changes none', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const files: [string, string][] = [
      ['good.jsonl', ai.text()],
      [
        'fighters.jsonl',
        editLine(ai.text(), 0, (v) => {
          v['fighters'] = ['\u001b[2J\u001b[H', 'x\nok   1 fake line'];
          v['created'] = '\u001b]0;title\u0007';
        }),
      ],
      ['garbage.jsonl', '\u001b[2J{"format":1}\n'],
    ];
    for (const [name, text] of files) writeFileSync(join(dir, name), text);
    const before = files.map(([name]) => state(join(dir, name)));
    const r = await arena(['saves', '--list', '--saves', dir], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    const out = lines(r.stdout);
    expect(out).toHaveLength(files.length);
    for (const l of out) expect(l).not.toMatch(CONTROL);
    files.forEach(([name], i) => expectUnchanged(join(dir, name), before[i] as FileState));
    expect(listing(dir)).toEqual(files.map(([name]) => name).sort());
  });

  it('resume without a terminal refuses before touching a hostile save', async () => {
    const dir = cliTempDir('arena-fuzz-cli-');
    const path = join(dir, 'hostile.jsonl');
    writeFileSync(path, editLine(unfinished, 2, (v) => (v['c'] = { type: '__proto__' })));
    const before = state(path);
    const r = await arena(['resume', path, '--saves', dir], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expectUnchanged(path, before);
    expect(listing(dir)).toEqual(['hostile.jsonl']);
  });
});

// --- Resuming: the save is never damaged ----------------------------------------------------

describe('resuming a hostile or malformed save (openForResume)', () => {
  /** Refused with an Error, the file byte-identical and nothing added; returns the message. */
  function expectRefusedIntact(path: string, dir: string, text: string, message?: RegExp): string {
    const before = state(path);
    const names = listing(dir);
    let error: unknown;
    try {
      const opened = openForResume(path, dir, content);
      opened.recorder.close();
    } catch (e) {
      error = e;
    }
    expect(error, 'the save should have been refused').toBeInstanceOf(Error);
    expectUnchanged(path, before);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(listing(dir)).toEqual(names); // no lock or scratch file left behind
    if (message) expect((error as Error).message).toMatch(message);
    return (error as Error).message;
  }

  it('the unfinished recording resumes, and its file is not changed by opening it', () => {
    const dir = tempDir('arena-fuzz-resume-');
    const path = join(dir, 'unfinished.jsonl');
    writeFileSync(path, unfinished);
    const before = state(path);
    const { player: p, recorder } = openForResume(path, dir, content);
    expect(p.ok).toBe(true);
    expect(p.duel.turn).toBe(lines(unfinished).length - 1);
    expect(lockPid(path)).toBe(process.pid);
    recorder.close();
    expect(lockPid(path)).toBeNull();
    expect(readFileSync(path).equals(before.bytes)).toBe(true);
  });

  it('hostile files are refused before anything is written', () => {
    const dir = tempDir('arena-fuzz-resume-');
    const cases: [string, string, RegExp][] = [
      ['finished', player.text(), /this duel is over/],
      ['tampered', editLine(unfinished, 4, (v) => (v['h'] = '0123456789abcdef')), /cannot resume: turn 4 /],
      ['proto', editLine(unfinished, 2, (v) => Object.defineProperty(v, '__proto__', { value: { polluted: 1 }, enumerable: true })), /:3: a "__proto__" key is not a field of a replay \(\$\.__proto__\)/],
      ['command', editLine(unfinished, 3, (v) => (v['c'] = { type: 'constructor' })), /:4: turn \$\.c/],
      ['order', (() => {
        const l = lines(unfinished);
        [l[3], l[4]] = [l[4] as string, l[3] as string];
        return join_(l);
      })(), /:4: expected turn 3, found turn 4/],
      ['deep', `${lines(unfinished)[0]}\n${'['.repeat(3000)}\n`, /:2:\d+: nested more than 64 levels deep/],
      ['data', editLine(unfinished, 0, (v) => (v['data'] = '0000000000000000')), /different data files/],
      ['version', editLine(unfinished, 0, (v) => (v['version'] = 2)), /format version 2/],
      ['empty', '', /the file is empty/],
    ];
    for (const [name, text, message] of cases) {
      const path = join(dir, `${name}.jsonl`);
      writeFileSync(path, text);
      expect(expectRefusedIntact(path, dir, text, message)).toMatch(new RegExp(`^${escape(path)}:`));
    }
    expectUnpolluted();
  });

  it('a save whose set-up this program cannot build is refused, naming the file', () => {
    const dir = tempDir('arena-fuzz-resume-');
    const setups: [string, Record<string, unknown>][] = [
      ['hero-constructor', { template: 'constructor', options: {} }],
      ['hero-unknown', { template: 'no-such-hero', options: {} }],
      ['hero-level', { template: 'veteran', options: { level: 1e308 } }],
    ];
    const unnamed: string[] = [];
    for (const [name, hero] of setups) {
      const path = join(dir, `${name}.jsonl`);
      const text = editLine(unfinished, 0, (v) => ((v['setup'] as Record<string, unknown>)['hero'] = hero));
      writeFileSync(path, text);
      const message = expectRefusedIntact(path, dir, text);
      if (!message.startsWith(`${path}:`)) unnamed.push(message);
    }
    // "arena resume" prints this message alone: without the file's name it does not say where.
    expect(unnamed, 'refusals that do not name the file').toEqual([]);
  });

  it('a save outside the folder, or a link in the folder to a file outside it, is refused and the file outside untouched', () => {
    const outside = tempDir('arena-fuzz-outside-');
    const dir = tempDir('arena-fuzz-resume-');
    const target = join(outside, 'elsewhere.jsonl');
    writeFileSync(target, unfinished);
    const before = state(target);
    expect(expectRefusedIntact(target, dir, unfinished, /only duels in the saves folder/)).toMatch(new RegExp(`^${escape(target)}: `));
    const link = join(dir, 'link.jsonl');
    symlinkSync(target, link);
    expect(expectRefusedIntact(link, dir, unfinished, /only duels in the saves folder/)).toMatch(new RegExp(`^${escape(link)}: `));
    expect(listing(outside)).toEqual(['elsewhere.jsonl']);
    expectUnchanged(target, before);
  });

  it('a save being recorded by another live process is refused and its lock left alone', () => {
    const dir = tempDir('arena-fuzz-resume-');
    const path = join(dir, 'busy.jsonl');
    writeFileSync(path, unfinished);
    writeLock(path, process.ppid);
    const lock = state(lockOf(path));
    expect(expectRefusedIntact(path, dir, unfinished, /is locked, and the lock looks stale: process \d+ locked the file but no longer has it open/)).toMatch(new RegExp(`^${escape(path)} `));
    expectUnchanged(lockOf(path), lock);
  });

  it('a last line cut short is the only thing resuming removes', () => {
    const dir = tempDir('arena-fuzz-resume-');
    const path = join(dir, 'cut.jsonl');
    const ls = lines(unfinished);
    const half = (ls[ls.length - 1] as string).slice(0, 25);
    const whole = join_(ls.slice(0, -1));
    writeFileSync(path, `${whole}${half}`);
    const { recorder } = openForResume(path, dir, content);
    recorder.close();
    expect(readFileSync(path, 'utf8')).toBe(whole);
  });

  it('a save whose last whole turn lacks the final newline keeps that turn when resumed and played on', () => {
    // Hand-edited files often lose their final newline; the reader counts that last line as a
    // whole turn, so resuming must keep it and start the next turn on a line of its own.
    const dir = tempDir('arena-fuzz-resume-');
    const path = join(dir, 'no-newline.jsonl');
    const text = unfinished.replace(/\n$/, '');
    writeFileSync(path, text);
    const turns = readReplayFile(path).turns.length;
    expect(turns).toBe(lines(unfinished).length - 1);
    const { player: p, recorder } = openForResume(path, dir, content);
    try {
      let r = p.duel.step();
      if (r.kind === 'input') r = p.duel.step({ type: 'wait' });
      expect(r.kind).toBe('turn');
      if (r.kind === 'turn') recorder.turn(r.record);
    } finally {
      recorder.close();
    }
    expect(() => readReplayFile(path)).not.toThrow();
    const after = readReplayFile(path);
    expect(after.turns).toHaveLength(turns + 1);
    expect(verifyReplay(after, content).ok).toBe(true);
    expect(readFileSync(path, 'utf8').startsWith(`${text}\n`)).toBe(true);
  });

  it('any mutated save: refused and left byte-identical, or resumed with at most a cut-short last line removed', () => {
    const dir = tempDir('arena-fuzz-resume-');
    let n = 0;
    let refused = 0;
    let resumed = 0;
    // Hostile mutations, and benign ones that leave a save that can be resumed.
    const benign: fc.Arbitrary<Mutation> = fc.oneof(
      fc.record({ k: fc.constant('truncate' as const), at: nat }),
      fc.record({ k: fc.constant('dropTail' as const), n: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ k: fc.constant('lineEnds' as const), how: fc.constantFrom('crlf' as const, 'noFinalNewline' as const) }),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 3, arbitrary: mutation }, { weight: 2, arbitrary: benign }), { minLength: 1, maxLength: 3 }), (muts) => {
        const text = muts.reduce(mutate, unfinished);
        const path = join(dir, `m${++n}.jsonl`);
        writeFileSync(path, text);
        const before = state(path);
        const names = listing(dir);
        let readable: Replay | undefined;
        try {
          readable = parseReplay(path, text);
        } catch {
          readable = undefined;
        }
        let opened: ReturnType<typeof openForResume> | undefined;
        try {
          opened = openForResume(path, dir, content);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          expectUnchanged(path, before);
          expect(listing(dir)).toEqual(names);
          refused++;
          return;
        }
        opened.recorder.close();
        resumed++;
        // It resumed: every whole turn the reader found is still there, byte for byte; only a
        // half-written last line is dropped, and a whole last line missing its newline is ended.
        expect(readable).toBeDefined();
        const kept = readable?.truncated ? text.slice(0, text.lastIndexOf('\n') + 1) : text.endsWith('\n') ? text : `${text}\n`;
        expect(readFileSync(path, 'utf8'), 'resuming changed more than a cut-short last line').toBe(kept);
        expect(listing(dir)).toEqual(names);
        expectUnpolluted();
      }),
      { numRuns: runs(80) },
    );
    expect(refused).toBeGreaterThan(0);
    expect(resumed).toBeGreaterThan(0);
    expect(resumed + refused).toBe(runs(80));
  });
});
