import type { ZodType } from 'zod';
import { lazySchema } from '../content/zod.js';
import { EDITIONS } from '../rules/edition.js';
import type { DuelSetup, Outcome, TurnRecord } from '../game/duel.js';
import type { Command } from '../systems/commands.js';
import { DIRECTIONS } from '../world/grid.js';
import { formatPath, parseStrictJson, JsonSyntaxError } from '../core/strict-json.js';
import { issueProblem } from '../core/schema-issue.js';
import { clipped, printable } from '../core/text.js';
import { FileRefused, readRegularFile } from '../content/files.js';
import { availableRulesets, isRulesetId, rulesetModule } from '../rules/registry.js';

/**
 * The replay file: JSON Lines. Line 1 is the header; then one line per turn; the last line is
 * the end (outcome) when the duel finished. See docs/REPLAY-FORMAT.md.
 */
export const REPLAY_FORMAT = 'spoiler-arena-replay';
export const REPLAY_VERSION = 1;

/** The schemas of the replay's lines, built from zod on first use. */
const replaySchemas = lazySchema((z) => {
  const dir = z.enum(DIRECTIONS.map((d) => d.name) as [string, ...string[]]);
  const point = z.strictObject({ x: z.number().int().min(-1_000_000).max(1_000_000), y: z.number().int().min(-1_000_000).max(1_000_000) });

  const commandSchema: ZodType<Command> = z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('move'), dir }),
    z.strictObject({ type: z.literal('wait') }),
    z.strictObject({ type: z.literal('open'), dir }),
    z.strictObject({ type: z.literal('close'), dir }),
    z.strictObject({ type: z.literal('fire'), option: z.string().min(1).max(200), target: point }),
    z.strictObject({ type: z.literal('use'), item: z.string().min(1).max(200) }),
    z.strictObject({ type: z.literal('pickup') }),
    z.strictObject({ type: z.literal('skip') }),
  ]) as ZodType<Command>;

  const fighterSpec = z.strictObject({
    template: z.string().min(1).max(100),
    options: z.record(z.string().min(1).max(100), z.union([z.string().max(200), z.number().min(-1e6).max(1e6)])),
  });

  const rulesetSchema = z.string().refine(isRulesetId, { error: () => `unknown ruleset; choose one of: ${availableRulesets().join(', ')}` });

  const setupSchema: ZodType<DuelSetup> = z.strictObject({
    ruleset: rulesetSchema,
    edition: z.enum(EDITIONS),
    seed: z.string().min(1).max(SEED_MAX),
    hero: fighterSpec,
    foe: fighterSpec,
    arena: z.string().min(1).max(100),
    heroControl: z.enum(['player', 'ai']),
    maxTurns: z.number().int().min(1).max(REPLAY_LIMITS.turns),
    foeState: z.enum(['sleeping', 'wandering', 'hunting', 'fleeing']).optional(),
    firstMover: z.enum(['hero', 'foe']).optional(),
  }) as ZodType<DuelSetup>;

  const headerSchema = z.strictObject({
    format: z.literal(REPLAY_FORMAT),
    version: z.number().int(),
    program: z.string().max(100),
    ruleset: rulesetSchema,
    edition: z.enum(EDITIONS),
    data: z.string().max(100).describe('Fingerprint of the data files the duel was played with.'),
    seed: z.string().max(SEED_MAX),
    fighters: z.tuple([z.string().max(200), z.string().max(200)]),
    arena: z.string().max(100),
    created: z.string().max(40),
    setup: setupSchema,
    branch: z
      .strictObject({
        from: z.string().min(1).max(255).describe('File name of the replay this one branched from.'),
        turn: z.number().int().min(0).describe('The last turn shared with it; the player took over after it.'),
        hash: z.string().regex(/^[0-9a-f]{16}$/).describe('The checkpoint at that turn.'),
      })
      .optional(),
  });

  const stream = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
  const turnSchema = z.strictObject({
    t: z.number().int().min(1).max(REPLAY_LIMITS.turns).describe('Turn number.'),
    a: z.number().int().min(1).max(1_000_000).describe('Acting entity id.'),
    c: commandSchema.describe('The command.'),
    time: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Game time in ticks.'),
    h: z.string().regex(/^[0-9a-f]{16}$/).describe('Checkpoint: hash of RNG states and world after the turn.'),
    d: z.strictObject({ combat: stream, ai: stream, mapgen: stream, setup: stream }).describe('Words drawn per stream in the turn.'),
    r: z
      .array(z.tuple([z.string().min(1).max(100), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]))
      .max(1000)
      .optional()
      .describe('Rolls per rule during the turn, in order.'),
  });

  const endSchema = z.strictObject({
    end: z.strictObject({
      winner: z.union([z.literal(0), z.literal(1), z.null()]),
      reason: z.string().max(1000),
      turn: z.number().int().min(0).max(REPLAY_LIMITS.turns),
      time: z.number().min(0).max(Number.MAX_SAFE_INTEGER),
      h: z.string().regex(/^[0-9a-f]{16}$/).describe('Checkpoint of the final state (conditions may act after the last turn).'),
    }),
  });
  return { header: headerSchema, turn: turnSchema, end: endSchema };
});

/** The first line of a replay. */
export interface ReplayHeader {
  readonly format: typeof REPLAY_FORMAT;
  readonly version: number;
  readonly program: string;
  readonly ruleset: DuelSetup['ruleset'];
  readonly edition: DuelSetup['edition'];
  /** Fingerprint of the data files the duel was played with. */
  readonly data: string;
  readonly seed: string;
  readonly fighters: readonly [string, string];
  readonly arena: string;
  readonly created: string;
  readonly setup: DuelSetup;
  /** Set when the player took over another replay after `turn`. */
  readonly branch?: { readonly from: string; readonly turn: number; readonly hash: string };
}

/** How a duel ended, with the checkpoint of its final state. */
export interface ReplayEnd extends Outcome {
  readonly h: string;
}

export interface Replay {
  readonly file: string;
  readonly header: ReplayHeader;
  readonly turns: readonly TurnRecord[];
  readonly end: ReplayEnd | null;
  /** Lines after the last whole turn that could not be read (a write cut short). */
  readonly truncated: boolean;
  /** What was read back from a fault of an earlier version of the writer, in words (usually none). */
  readonly recovered: readonly string[];
}

/** The longest message about a replay: a huge value quoted from a file is cut, not echoed whole. */
const MESSAGE_MAX = 400;

/** A replay file that cannot be read: names the file, the line and what is wrong, on one line. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(printable(clipped(message, MESSAGE_MAX)));
  }
}

/**
 * A line the writer was asked to write that its own reader would refuse: a fault of this program.
 * The recorder stops recording rather than write it, so a replay is always readable to its last
 * whole turn.
 */
export class ReplayEncodeError extends Error {}

/** The largest replay this program reads, and its longest line and most turns. */
export const REPLAY_LIMITS = { bytes: 64 * 1024 * 1024, lineChars: 64 * 1024, turns: 1_000_000 } as const;

/** The longest seed a replay holds (seeds typed in are at most 200 characters). */
const SEED_MAX = 1000;

type LineKind = 'header' | 'turn' | 'end';

/** The path to the first `__proto__` key in a parsed value, or null. */
function protoKeyPath(v: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = protoKeyPath(v[i], [...path, i]);
      if (p) return p;
    }
  } else if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      if (k === '__proto__') return [...path, k];
      const p = protoKeyPath((v as Record<string, unknown>)[k], [...path, k]);
      if (p) return p;
    }
  }
  return null;
}

/** A line that is not what its kind must be: where in it (a JSON path, and a column) and what. */
interface LineProblem {
  readonly column?: number;
  readonly path: string;
  readonly problem: string;
}

/** Parses one line strictly (no repeated keys, no `__proto__` key); a problem if it cannot. */
function parseLine(text: string): { value: unknown } | { fault: LineProblem } {
  if (text.length > REPLAY_LIMITS.lineChars) return { fault: { path: '$', problem: `the line is longer than ${REPLAY_LIMITS.lineChars} characters` } };
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { fault: { column: e.column, path: e.jsonPath, problem: e.reason } };
    throw e;
  }
  const proto = protoKeyPath(value);
  if (proto) return { fault: { path: formatPath(proto), problem: 'a "__proto__" key is not a field of a replay' } };
  return { value };
}

/** Checks a parsed line against the schema of its kind: the value as read, or what is wrong. */
function checkLine(kind: LineKind, raw: unknown): { value: unknown } | { fault: LineProblem } {
  const r = replaySchemas()[kind].safeParse(raw);
  if (r.success) return { value: r.data };
  const issue = r.error.issues[0];
  return { fault: { path: formatPath((issue?.path ?? []) as (string | number)[]), problem: issue ? issueProblem(issue, raw) : 'invalid' } };
}

/**
 * The writer's side of the one schema: serialises a line and reads it back exactly as a reader
 * will (the same parser and schema), so nothing is written that would not be read.
 */
function encode(kind: LineKind, value: object, where: string): string {
  const line = JSON.stringify(value);
  const parsed = parseLine(line);
  const checked = 'value' in parsed ? checkLine(kind, parsed.value) : parsed;
  if ('fault' in checked) throw new ReplayEncodeError(`${where} would not read back: ${checked.fault.path}: ${checked.fault.problem}`);
  return `${line}\n`;
}

/** A replay's first line (with its line break). */
export function headerLine(h: ReplayHeader): string {
  return encode('header', h, 'the header');
}

/** A turn's line (with its line break). */
export function turnLine(r: TurnRecord): string {
  return encode('turn', { t: r.turn, a: r.actor, c: r.command, time: r.time, h: r.hash, d: r.draws, ...(r.rules ? { r: r.rules } : {}) }, `turn ${r.turn}`);
}

/** The end line: the outcome and the checkpoint of the final state (with its line break). */
export function endLine(outcome: Outcome, finalHash: string): string {
  return encode('end', { end: { ...outcome, h: finalHash } }, 'the end line');
}

/** A whole replay's text: its header, turns and, for a finished duel, its end. */
export function replayText(header: ReplayHeader, turns: readonly TurnRecord[], end?: { readonly outcome: Outcome; readonly hash: string }): string {
  return `${headerLine(header)}${turns.map(turnLine).join('')}${end ? endLine(end.outcome, end.hash) : ''}`;
}

/** Reads a replay file, refusing what is not a regular file or is too large, before parsing it. */
export function readReplayFile(path: string): Replay {
  let text: string;
  try {
    text = readRegularFile(path, REPLAY_LIMITS.bytes);
  } catch (e) {
    if (e instanceof FileRefused) throw new ReplayError(`${path}: ${e.message === 'no such file' ? e.message : `cannot read it: ${e.message}`}`);
    throw e;
  }
  return parseReplay(path, text);
}

/**
 * Rule names an earlier writer left empty, and what they were. A ruleset module names the rule
 * (`RulesetModule.unnamedRule`) when an older program rolled it before naming it: Stone Soup
 * 0.5.2's source edition rolled a monster's attack time that way in program 0.1.0. Nothing else
 * ever rolled without a name (every ruleset and edition was scanned), so in such a replay ""
 * can only mean that rule. Gives how many entries were named, and what they roll.
 */
function recoverLedger(header: ReplayHeader, raw: unknown): { n: number; what: string; rule: string } | undefined {
  const u = rulesetModule(header.ruleset)?.unnamedRule;
  if (!u || header.edition !== u.edition) return undefined;
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)['r'] : undefined;
  if (!Array.isArray(r)) return undefined;
  let n = 0;
  for (const entry of r) {
    if (Array.isArray(entry) && entry[0] === '') {
      entry[0] = u.rule;
      n++;
    }
  }
  return { n, what: u.what, rule: u.rule };
}

/** What a file that is no replay at all is told. */
const NOT_A_REPLAY = `not a replay file (a replay is JSON Lines: a header line {"format":"${REPLAY_FORMAT}","version":${REPLAY_VERSION},...}, then one line a turn)`;

/** Parses a replay's text. A last line cut short (a killed process) is dropped, not an error. */
export function parseReplay(file: string, text: string): Replay {
  if (text.length > REPLAY_LIMITS.bytes) throw new ReplayError(`${file}: larger than a replay can be (${REPLAY_LIMITS.bytes} characters)`);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new ReplayError(`${file}: the file is empty, not a replay`);
  if (lines.length > REPLAY_LIMITS.turns + 2) throw new ReplayError(`${file}: more than ${REPLAY_LIMITS.turns} turns`);
  const long = lines.findIndex((l) => l.length > REPLAY_LIMITS.lineChars);
  if (long >= 0) throw new ReplayError(`${file}:${long + 1}: the line is longer than ${REPLAY_LIMITS.lineChars} characters`);
  const at = (i: number, f: LineProblem): string => `${file}:${i + 1}${f.column === undefined ? '' : `:${f.column}`}`;
  const first = lines[0] as string;
  const rawHeader = parseLine(first);
  if ('fault' in rawHeader) {
    // A first line that does not even open an object is some other file (a README, a log); one that does may be a damaged header.
    if (!first.trimStart().startsWith('{')) throw new ReplayError(`${at(0, rawHeader.fault)}: ${NOT_A_REPLAY}; its first line ${first.trim() === '' ? 'is blank' : `is not JSON (${rawHeader.fault.problem})`}`);
    throw new ReplayError(`${at(0, rawHeader.fault)}: ${rawHeader.fault.problem} (${rawHeader.fault.path})`);
  }
  const hv = checkLine('header', rawHeader.value);
  if ('fault' in hv) {
    const raw = rawHeader.value;
    const looks = raw && typeof raw === 'object' && (raw as Record<string, unknown>)['format'] === REPLAY_FORMAT;
    if (!looks) throw new ReplayError(`${file}:1: ${NOT_A_REPLAY}; its first line is JSON but not a replay header`);
    throw new ReplayError(`${file}:1: header ${hv.fault.path}: ${hv.fault.problem}`);
  }
  const header = hv.value as ReplayHeader;
  for (const k of ['ruleset', 'edition', 'seed', 'arena'] as const) {
    if (header[k] !== header.setup[k]) {
      throw new ReplayError(`${file}:1: header ${k} ${clipped(JSON.stringify(header[k]), 60)} disagrees with setup.${k} ${clipped(JSON.stringify(header.setup[k]), 60)}`);
    }
  }
  const turns: TurnRecord[] = [];
  let end: ReplayEnd | null = null;
  let truncated = false;
  let unnamed = 0;
  let recovery: { what: string; rule: string } | undefined;
  for (let i = 1; i < lines.length; i++) {
    const last = i === lines.length - 1;
    const parsed = parseLine(lines[i] as string);
    if ('fault' in parsed) {
      // Only a syntax error can be a line cut short; a whole line with a bad key is not.
      if (last && !text.endsWith('\n') && parsed.fault.column !== undefined) {
        truncated = true;
        break;
      }
      throw new ReplayError(`${at(i, parsed.fault)}: ${parsed.fault.problem} (${parsed.fault.path})`);
    }
    const raw = parsed.value;
    if (raw && typeof raw === 'object' && 'end' in raw) {
      const ev = checkLine('end', raw);
      if ('fault' in ev) throw new ReplayError(`${file}:${i + 1}: end record ${ev.fault.path}: ${ev.fault.problem}`);
      if (!last) throw new ReplayError(`${file}:${i + 2}: lines after the end record`);
      end = (ev.value as { end: ReplayEnd }).end;
      break;
    }
    const named = recoverLedger(header, raw);
    if (named && named.n > 0) {
      unnamed += named.n;
      recovery = named;
    }
    const tv = checkLine('turn', raw);
    if ('fault' in tv) throw new ReplayError(`${file}:${i + 1}: turn ${tv.fault.path}: ${tv.fault.problem}`);
    const t = tv.value as { t: number; a: number; c: Command; time: number; h: string; d: TurnRecord['draws']; r?: [string, number][] };
    if (t.t !== turns.length + 1) throw new ReplayError(`${file}:${i + 1}: expected turn ${turns.length + 1}, found turn ${t.t}`);
    turns.push({ turn: t.t, actor: t.a, command: t.c, time: t.time, hash: t.h, draws: t.d, ...(t.r ? { rules: t.r } : {}) });
  }
  const recovered =
    recovery && unnamed > 0
      ? [`${unnamed} roll${unnamed === 1 ? '' : 's'} of ${recovery.what} recorded without a rule name (a fault of spoiler-arena 0.1.0) read as ${recovery.rule}`]
      : [];
  return { file, header, turns, end, truncated, recovered };
}
