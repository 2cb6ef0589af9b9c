import { relative } from 'node:path';
import type { ZodType, output } from 'zod';
import { Hasher } from '../core/hash.js';
import { FILE_LIMITS, FileRefused, readRegularFile } from './files.js';
import { JsonSyntaxError, formatPath, parseStrictJson } from '../core/strict-json.js';
import { issueProblem } from '../core/schema-issue.js';

/**
 * A data file that failed to load: names the file and where in it: a JSON path (`$.records[2].hp`)
 * for tables, `line:column` for arena maps, or nothing when the whole file is at fault.
 */
export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly jsonPath: string,
    readonly problem: string,
  ) {
    super(jsonPath === '' ? `${file}: ${problem}` : /^\d/.test(jsonPath) ? `${file}:${jsonPath}: ${problem}` : `${file}: ${jsonPath}: ${problem}`);
  }
}

/** Recursively freezes plain data so loaded tables cannot be changed by the game. */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}

/** Where content is read from, and a fingerprint of everything read (for replay headers). */
export class DataSource {
  private readonly files: string[] = [];
  private readonly texts: string[] = [];

  constructor(readonly root: string) {}

  /** Reads a text file under the data root, adding it to the fingerprint. */
  readText(path: string): string {
    let text: string;
    try {
      text = readRegularFile(path, FILE_LIMITS.data);
    } catch (e) {
      if (e instanceof FileRefused) throw new DataError(this.display(path), '$', `cannot read the file: ${e.message}`);
      throw e;
    }
    const name = this.display(path);
    this.files.push(name);
    this.texts.push(text.replace(/\r\n/g, '\n'));
    return text;
  }

  /** The path as shown in errors: relative to the data root's parent (data/...). */
  display(path: string): string {
    return relative(`${this.root}/..`, path).split('\\').join('/');
  }

  /**
   * A fingerprint of the files read so far, in read order: all of them, or those whose shown
   * name `include` accepts (one ruleset's tables and the arenas, for replay headers).
   */
  fingerprint(include: (file: string) => boolean = () => true): string {
    const h = new Hasher();
    this.files.forEach((name, i) => {
      if (include(name)) h.str(name).str(this.texts[i] as string);
    });
    return h.digest();
  }

  filesRead(): readonly string[] {
    return this.files;
  }

  /**
   * Loads and validates one JSON table: strict JSON (no duplicate keys), then the schema (no
   * unknown or missing keys). Returns the deep-frozen value.
   */
  loadJson<S extends ZodType>(path: string, schema: S): output<S> {
    return this.parseJson(this.display(path), this.readText(path), schema);
  }

  /** Validates already-read JSON text (see `loadJson`); `file` names it in errors. */
  parseJson<S extends ZodType>(file: string, text: string, schema: S): output<S> {
    let raw: unknown;
    try {
      raw = parseStrictJson(text);
    } catch (e) {
      if (e instanceof JsonSyntaxError) throw new DataError(file, e.jsonPath, e.message);
      throw e;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      if (!issue) throw new DataError(file, '$', 'invalid');
      const p = formatPath(issue.path as (string | number)[]);
      const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problems)` : '';
      throw new DataError(file, p, `${issueProblem(issue, raw)}${more}`);
    }
    return deepFreeze(result.data);
  }
}
