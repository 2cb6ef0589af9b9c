import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { FILE_LIMITS, FileRefused, readRegularFile, systemText } from '../content/files.js';
import { join } from 'node:path';
import { JsonSyntaxError, formatPath, parseStrictJson } from '../core/strict-json.js';
import { issueProblem } from '../core/schema-issue.js';
import { lazySchema } from '../content/zod.js';

/**
 * The menu's remembered choices: `last-setup.json` in the saves folder, written (atomically)
 * when a duel starts from the menu and read when the menu opens. Every value is kept as the
 * menu shows it, as text ('' meaning the preset's, the game's, or a fresh seed); whether a value
 * is still valid (a hero that still exists) is the menu's business, field by field.
 */

export const PREFS_FILE = 'last-setup.json';
const PREFS_VERSION = 1;
const MAX_BYTES = 64 * 1024;

export const CHOICE_KEYS = ['mode', 'ruleset', 'edition', 'hero', 'level', 'weapon', 'armour', 'statSystem', 'form', 'foe', 'foeState', 'arena', 'seed', 'rounds'] as const;
export type ChoiceKey = (typeof CHOICE_KEYS)[number];
export type MenuChoice = Record<ChoiceKey, string>;

export interface LoadedPrefs {
  readonly choices: Partial<MenuChoice>;
  /** One line for the menu when the file had to be set aside or could not be read. */
  readonly notice?: string;
  /** Whether writing the file is safe: false when a bad file could not be moved out of the way. */
  readonly writable: boolean;
}

const schema = lazySchema((z) =>
  z.strictObject({
    version: z.literal(PREFS_VERSION),
    choices: z.strictObject(Object.fromEntries(CHOICE_KEYS.map((k) => [k, z.string().max(200)]))).partial(),
  }),
);

/** What is wrong with the file's text, as a JSON path and a message, or its choices. */
function parsePrefs(text: string): { readonly choices: Partial<MenuChoice> } | { readonly where: string; readonly problem: string } {
  if (text.length > MAX_BYTES) return { where: '$', problem: `larger than ${MAX_BYTES / 1024} KB` };
  let raw: unknown;
  try {
    raw = parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { where: e.jsonPath, problem: e.reason };
    throw e;
  }
  const r = schema().safeParse(raw);
  if (r.success) return { choices: r.data.choices as Partial<MenuChoice> };
  const issue = r.error.issues[0];
  const path = [...((issue?.path ?? []) as (string | number)[]), ...(issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])];
  return { where: formatPath(path), problem: (issue ? issueProblem(issue, raw) : 'invalid').replace(/^Invalid input: /, '') };
}

/** Reads the remembered choices; a file that is not valid is renamed to `.bad` and named in the notice. */
export function readPrefs(dir: string | null): LoadedPrefs {
  if (dir === null) return { choices: {}, writable: false };
  const path = join(dir, PREFS_FILE);
  let text: string;
  try {
    text = readRegularFile(path, FILE_LIMITS.setup);
  } catch (e) {
    if (!(e instanceof FileRefused)) throw e;
    if (e.code === 'ENOENT') return { choices: {}, writable: true };
    // A folder, a pipe, a device or a file too large: not read, and left where it is.
    return { choices: {}, writable: false, notice: `${PREFS_FILE} cannot be read (${e.message}): defaults used, the file left alone` };
  }
  const parsed = parsePrefs(text);
  if ('choices' in parsed) return { choices: parsed.choices, writable: true };
  // One line for the menu: the file, where in it, what is wrong, and where it went.
  const what = `${PREFS_FILE}: ${parsed.where}: ${parsed.problem}`;
  try {
    renameSync(path, `${path}.bad`);
    return { choices: {}, writable: true, notice: `${what} (now .bad)` };
  } catch (e) {
    return { choices: {}, writable: false, notice: `${what} (left alone: ${systemText(e) ?? String(e)})` };
  }
}

/** Writes the choices atomically: a temporary file in the same folder, then a rename over the old one. */
export function writePrefs(dir: string, choices: MenuChoice): void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, PREFS_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  const picked = Object.fromEntries(CHOICE_KEYS.map((k) => [k, choices[k]]));
  try {
    writeFileSync(tmp, `${JSON.stringify({ version: PREFS_VERSION, choices: picked }, null, 2)}\n`);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
