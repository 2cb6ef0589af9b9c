import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DataError, DEFAULT_DATA_ROOT, loadAllContent } from '../../src/content/index.js';

/** Temp folders made by this module, removed by `removeTempData`. */
const made: string[] = [];

/**
 * A private copy of data/ in a fresh temp folder. The copy is named `data` so error messages
 * read `data/pixel-dungeon/...` exactly as they do for the real folder.
 */
export class TempData {
  readonly root: string;

  constructor() {
    const parent = mkdtempSync(join(tmpdir(), 'arena-content-'));
    made.push(parent);
    this.root = join(parent, 'data');
    cpSync(DEFAULT_DATA_ROOT, this.root, { recursive: true });
  }

  path(rel: string): string {
    return join(this.root, rel);
  }

  read(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }

  write(rel: string, text: string): void {
    writeFileSync(this.path(rel), text);
  }

  /** Parses a table, lets `fn` change it, writes it back as ordinary JSON. */
  editJson(rel: string, fn: (table: { [k: string]: unknown; records: Record<string, unknown>[] }) => void): void {
    const table = JSON.parse(this.read(rel)) as { [k: string]: unknown; records: Record<string, unknown>[] };
    fn(table);
    this.write(rel, `${JSON.stringify(table, null, 2)}\n`);
  }

  /** Replaces exactly one occurrence of `from` (fails the test if there is not exactly one). */
  replaceOnce(rel: string, from: string, to: string): { text: string; at: number } {
    const text = this.read(rel);
    const at = text.indexOf(from);
    expect(at, `"${from}" in ${rel}`).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(from, at + 1), `"${from}" occurs once in ${rel}`).toBe(-1);
    const out = text.slice(0, at) + to + text.slice(at + from.length);
    this.write(rel, out);
    return { text: out, at };
  }

  remove(rel: string): void {
    rmSync(this.path(rel), { recursive: true, force: true });
  }
}

export function removeTempData(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column };
}

/** Loads the copy, which must fail with a DataError (`what` says where, for the failure's message). */
export function loadError(data: TempData, what = ''): DataError {
  let caught: unknown;
  try {
    loadAllContent(data.root);
  } catch (e) {
    caught = e;
  }
  expect(caught, `loading must fail with a DataError ${what}`).toBeInstanceOf(DataError);
  return caught as DataError;
}

/**
 * Loads the copy and expects a DataError for `file` at `jsonPath`, whose message shows both and
 * whose problem matches `problem`. Returns the error for further checks.
 */
export function expectDataError(data: TempData, file: string, jsonPath: string, problem: RegExp): DataError {
  const e = loadError(data, `${file} ${jsonPath}`);
  expect({ file: e.file, jsonPath: e.jsonPath }).toEqual({ file, jsonPath });
  expect(e.message.startsWith(`${file}: ${jsonPath}: `), e.message).toBe(true);
  expect(e.problem).toMatch(problem);
  // One readable line, no stack text or object dumps.
  expect(e.message).not.toMatch(/\n/);
  expect(e.message).not.toMatch(/\[object Object\]/);
  return e;
}
