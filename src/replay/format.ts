import { readFileSync, statSync } from 'node:fs';
import type { ZodType } from 'zod';
import { lazySchema } from '../content/zod.js';
import { EDITIONS } from '../rules/edition.js';
import { RULESET_IDS } from '../rules/ruleset.js';
import type { DuelSetup, Outcome, TurnRecord } from '../game/duel.js';
import type { Command } from '../systems/commands.js';
import { DIRECTIONS } from '../world/grid.js';
import { formatPath, parseStrictJson, JsonSyntaxError } from '../content/strict-json.js';
import { printable } from '../core/text.js';

/**
 * The replay file: JSON Lines. Line 1 is the header; then one line per turn; the last line is
 * the end (outcome) when the duel finished. See docs/REPLAY-FORMAT.md.
 */
export const REPLAY_FORMAT = 'spoiler-arena-replay';
export const REPLAY_VERSION = 1;

/** The schemas of the replay's lines, built from zod on first use. */
const replaySchemas = lazySchema((z) => {
  const dir = z.enum(DIRECTIONS.map((d) => d.name) as [string, ...string[]]);
  const point = z.strictObject({ x: z.number().int(), y: z.number().int() });

  const commandSchema: ZodType<Command> = z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('move'), dir }),
    z.strictObject({ type: z.literal('wait') }),
    z.strictObject({ type: z.literal('open'), dir }),
    z.strictObject({ type: z.literal('close'), dir }),
    z.strictObject({ type: z.literal('fire'), option: z.string().min(1), target: point }),
    z.strictObject({ type: z.literal('use'), item: z.string().min(1) }),
    z.strictObject({ type: z.literal('pickup') }),
    z.strictObject({ type: z.literal('skip') }),
  ]) as ZodType<Command>;

  const fighterSpec = z.strictObject({ template: z.string().min(1), options: z.record(z.string(), z.union([z.string(), z.number()])) });

  const setupSchema: ZodType<DuelSetup> = z.strictObject({
    ruleset: z.enum(RULESET_IDS),
    edition: z.enum(EDITIONS),
    seed: z.string().min(1),
    hero: fighterSpec,
    foe: fighterSpec,
    arena: z.string().min(1),
    heroControl: z.enum(['player', 'ai']),
    maxTurns: z.number().int().min(1),
    foeState: z.enum(['sleeping', 'wandering', 'hunting', 'fleeing']).optional(),
    firstMover: z.enum(['hero', 'foe']).optional(),
  }) as ZodType<DuelSetup>;

  const headerSchema = z.strictObject({
    format: z.literal(REPLAY_FORMAT),
    version: z.number().int(),
    program: z.string(),
    ruleset: z.enum(RULESET_IDS),
    edition: z.enum(EDITIONS),
    data: z.string().describe('Fingerprint of the data files the duel was played with.'),
    seed: z.string(),
    fighters: z.tuple([z.string(), z.string()]),
    arena: z.string(),
    created: z.string(),
    setup: setupSchema,
    branch: z
      .strictObject({
        from: z.string().min(1).max(255).describe('File name of the replay this one branched from.'),
        turn: z.number().int().min(0).describe('The last turn shared with it; the player took over after it.'),
        hash: z.string().regex(/^[0-9a-f]{16}$/).describe('The checkpoint at that turn.'),
      })
      .optional(),
  });

  const stream = z.number().int().min(0);
  const turnSchema = z.strictObject({
    t: z.number().int().min(1).describe('Turn number.'),
    a: z.number().int().min(1).describe('Acting entity id.'),
    c: commandSchema.describe('The command.'),
    time: z.number().int().min(0).describe('Game time in ticks.'),
    h: z.string().regex(/^[0-9a-f]{16}$/).describe('Checkpoint: hash of RNG states and world after the turn.'),
    d: z.strictObject({ combat: stream, ai: stream, mapgen: stream, setup: stream }).describe('Words drawn per stream in the turn.'),
    r: z
      .array(z.tuple([z.string().min(1).max(100), z.number().int().min(1)]))
      .max(1000)
      .optional()
      .describe('Rolls per rule during the turn, in order.'),
  });

  const endSchema = z.strictObject({
    end: z.strictObject({
      winner: z.union([z.literal(0), z.literal(1), z.null()]),
      reason: z.string(),
      turn: z.number().int().min(0),
      time: z.number().min(0),
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
}

/** A replay file that cannot be read: names the file, the line and what is wrong, on one line. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(printable(message));
  }
}

export function turnLine(r: TurnRecord): string {
  return JSON.stringify({ t: r.turn, a: r.actor, c: r.command, time: r.time, h: r.hash, d: r.draws, ...(r.rules ? { r: r.rules } : {}) });
}

/** The largest replay this program reads, and its longest line and most turns. */
export const REPLAY_LIMITS = { bytes: 64 * 1024 * 1024, lineChars: 64 * 1024, turns: 1_000_000 } as const;

/** Reads a replay file, refusing what is not a regular file or is too large, before parsing it. */
export function readReplayFile(path: string): Replay {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new ReplayError(`${path}: not a regular file`);
    size = st.size;
  } catch (e) {
    if (e instanceof ReplayError) throw e;
    throw new ReplayError(`${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  if (size > REPLAY_LIMITS.bytes) throw new ReplayError(`${path}: ${size} bytes is larger than a replay can be (${REPLAY_LIMITS.bytes})`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ReplayError(`${path}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  return parseReplay(path, text);
}

/** Parses a replay's text. A last line cut short (a killed process) is dropped, not an error. */
export function parseReplay(file: string, text: string): Replay {
  if (text.length > REPLAY_LIMITS.bytes) throw new ReplayError(`${file}: larger than a replay can be (${REPLAY_LIMITS.bytes} characters)`);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new ReplayError(`${file}: the file is empty, not a replay`);
  if (lines.length > REPLAY_LIMITS.turns + 2) throw new ReplayError(`${file}: more than ${REPLAY_LIMITS.turns} turns`);
  const long = lines.findIndex((l) => l.length > REPLAY_LIMITS.lineChars);
  if (long >= 0) throw new ReplayError(`${file}:${long + 1}: the line is longer than ${REPLAY_LIMITS.lineChars} characters`);
  const parseLine = (i: number): unknown => {
    try {
      return parseStrictJson(lines[i] as string);
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw new ReplayError(`${file}:${i + 1}:${e.column}: ${e.reason} (${e.jsonPath})`);
      throw e;
    }
  };
  const rawHeader = parseLine(0);
  const schemas = replaySchemas();
  const hv = schemas.header.safeParse(rawHeader);
  if (!hv.success) {
    const issue = hv.error.issues[0];
    const looks = rawHeader && typeof rawHeader === 'object' && (rawHeader as Record<string, unknown>)['format'] === REPLAY_FORMAT;
    if (!looks) throw new ReplayError(`${file}:1: not a spoiler-arena replay (the first line is not a replay header)`);
    throw new ReplayError(`${file}:1: header ${formatPath((issue?.path ?? []) as (string | number)[])}: ${issue?.message ?? 'invalid'}`);
  }
  const header = hv.data as ReplayHeader;
  for (const k of ['ruleset', 'edition', 'seed', 'arena'] as const) {
    if (header[k] !== header.setup[k]) {
      throw new ReplayError(`${file}:1: header ${k} ${JSON.stringify(header[k])} disagrees with setup.${k} ${JSON.stringify(header.setup[k])}`);
    }
  }
  const turns: TurnRecord[] = [];
  let end: ReplayEnd | null = null;
  let truncated = false;
  for (let i = 1; i < lines.length; i++) {
    const last = i === lines.length - 1;
    let raw: unknown;
    try {
      raw = parseLine(i);
    } catch (e) {
      if (last && !text.endsWith('\n')) {
        truncated = true;
        break;
      }
      throw e;
    }
    if (raw && typeof raw === 'object' && 'end' in raw) {
      const ev = schemas.end.safeParse(raw);
      if (!ev.success) throw new ReplayError(`${file}:${i + 1}: end record: ${ev.error.issues[0]?.message ?? 'invalid'}`);
      if (!last) throw new ReplayError(`${file}:${i + 2}: lines after the end record`);
      end = ev.data.end;
      break;
    }
    const tv = schemas.turn.safeParse(raw);
    if (!tv.success) {
      const issue = tv.error.issues[0];
      throw new ReplayError(`${file}:${i + 1}: turn ${formatPath((issue?.path ?? []) as (string | number)[])}: ${issue?.message ?? 'invalid'}`);
    }
    const t = tv.data;
    if (t.t !== turns.length + 1) throw new ReplayError(`${file}:${i + 1}: expected turn ${turns.length + 1}, found turn ${t.t}`);
    turns.push({ turn: t.t, actor: t.a, command: t.c, time: t.time, hash: t.h, draws: t.d, ...(t.r ? { rules: t.r } : {}) });
  }
  return { file, header, turns, end, truncated };
}
