import { join } from 'node:path';
import type { ZodType } from 'zod';
import { printableDataError } from './common.js';
import { DataError, type DataSource } from './load.js';

/**
 * A ruleset's data tables: one JSON file each under data/<ruleset>/, each following the schema
 * data/schemas/<ruleset>.<file>.schema.json. Reading (which feeds the data fingerprint) and
 * validating are separate steps, so unchanged tables can be taken from the cache unvalidated.
 */
export type TableFiles<K extends string> = Readonly<Record<K, string>>;
export type TableTexts<K extends string> = Record<K, { path: string; text: string }>;

/** Reads every table's text, in the order the files are listed. */
export function readTables<K extends string>(src: DataSource, ruleset: string, files: TableFiles<K>): TableTexts<K> {
  const dir = join(src.root, ruleset);
  const out = {} as TableTexts<K>;
  for (const [k, file] of Object.entries(files) as [K, string][]) {
    const path = join(dir, file);
    out[k] = { path, text: src.readText(path) };
  }
  return out;
}

/** The schema file a table must name in its "$schema". */
export function schemaFileOf(ruleset: string, file: string): string {
  return `${ruleset}.${file.replace(/\.json$/, '')}.schema.json`;
}

/** A validated table: its display name and its records. */
export interface ParsedTable {
  readonly file: string;
  readonly records: readonly { readonly id: string }[];
}

/**
 * Validates each table against its schema, checks its "$schema" and that its ids are unique.
 * Returns each table's display name and records.
 */
export function parseTables<K extends string>(
  src: DataSource,
  ruleset: string,
  files: TableFiles<K>,
  texts: TableTexts<K>,
  schemas: Readonly<Record<K, ZodType>>,
): Record<K, ParsedTable> {
  const out = {} as Record<K, ParsedTable>;
  for (const k of Object.keys(files) as K[]) {
    const { path, text } = texts[k];
    const file = src.display(path);
    let table: { records: { id: string }[]; $schema: string };
    try {
      table = src.parseJson(file, text, schemas[k] as ZodType<{ records: { id: string }[]; $schema: string }>);
    } catch (e) {
      throw e instanceof DataError ? printableDataError(e) : e;
    }
    const expected = `../schemas/${schemaFileOf(ruleset, files[k])}`;
    if (table.$schema !== expected) throw new DataError(file, '$.$schema', `must be "${expected}"`);
    uniqueIds(file, table.records);
    out[k] = { file, records: table.records };
  }
  return out;
}

export function uniqueIds(file: string, records: readonly { id: string }[]): void {
  const seen = new Map<string, number>();
  records.forEach((r, i) => {
    const j = seen.get(r.id);
    if (j !== undefined) throw new DataError(file, `$.records[${i}].id`, `duplicate id "${r.id}" (also $.records[${j}])`);
    seen.set(r.id, i);
  });
}

/** Item ids share one namespace across tables (a pack entry names any of them). */
export function uniqueItemIds(tables: readonly ParsedTable[]): void {
  const owner = new Map<string, string>();
  for (const { file, records } of tables) {
    records.forEach((r, i) => {
      const other = owner.get(r.id);
      if (other) throw new DataError(file, `$.records[${i}].id`, `item id "${r.id}" is already used in ${other}`);
      owner.set(r.id, file);
    });
  }
}
