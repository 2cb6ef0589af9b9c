import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZodType } from 'zod';
import { ANG_FILES, angSchemas, validateAngband } from '../../src/content/angband.js';
import { CR_FILES, SS_DIALECT, crSchemas, ssSchemas, validateCrawl } from '../../src/content/crawl.js';
import { DEFAULT_DATA_ROOT } from '../../src/content/index.js';
import { DataSource } from '../../src/content/load.js';
import { PD_FILES, pdSchemas, validatePixelDungeon } from '../../src/content/pixel-dungeon.js';
import { jsonSchemas } from '../../src/content/schemas.js';
import { parseTables, schemaFileOf, type TableTexts } from '../../src/content/table-set.js';

/**
 * Every data table of every ruleset, its real text, its zod schema and its JSON Schema, and ways
 * to validate a changed copy of one table in memory exactly as the loader does (the table alone,
 * or the ruleset's whole set with the cross-checks), without copying data/ to disk.
 */

export type Path = readonly (string | number)[];

export interface RulesetTables {
  readonly ruleset: string;
  readonly files: Readonly<Record<string, string>>;
  readonly schemas: Readonly<Record<string, ZodType>>;
  /** Validates the ruleset's tables as the loader does (schemas, then cross-references). */
  readonly validate: (src: DataSource, texts: TableTexts<string>) => unknown;
}

export const RULESETS: readonly RulesetTables[] = [
  { ruleset: 'pixel-dungeon', files: PD_FILES, schemas: pdSchemas(), validate: (src, t) => validatePixelDungeon(src, t as never) },
  { ruleset: 'angband-3.0.5', files: ANG_FILES, schemas: angSchemas(), validate: (src, t) => validateAngband(src, t as never) },
  { ruleset: 'crawl-4.0b20', files: CR_FILES, schemas: crSchemas(), validate: (src, t) => validateCrawl(src, t as never) },
  { ruleset: 'stone-soup-0.5.2', files: CR_FILES, schemas: ssSchemas(), validate: (src, t) => validateCrawl(src, t as never, SS_DIALECT) },
];

export interface Table {
  readonly set: RulesetTables;
  /** The key of the table in its ruleset's file list. */
  readonly key: string;
  /** As errors name it: data/<ruleset>/<file>. */
  readonly file: string;
  readonly path: string;
  readonly text: string;
  readonly schema: ZodType;
  readonly jsonSchema: JsonSchema;
}

const JSON_SCHEMAS = jsonSchemas() as Record<string, JsonSchema>;

export const TABLES: readonly Table[] = RULESETS.flatMap((set) =>
  Object.entries(set.files).map(([key, name]) => {
    const path = join(DEFAULT_DATA_ROOT, set.ruleset, name);
    return {
      set,
      key,
      file: `data/${set.ruleset}/${name}`,
      path,
      text: readFileSync(path, 'utf8'),
      schema: set.schemas[key] as ZodType,
      jsonSchema: JSON_SCHEMAS[schemaFileOf(set.ruleset, name)] as JsonSchema,
    };
  }),
);

export const ARENA_FILES: readonly { readonly file: string; readonly path: string; readonly text: string }[] = ['cave', 'hall', 'pit', 'rooms'].map((id) => {
  const path = join(DEFAULT_DATA_ROOT, 'arenas', `${id}.txt`);
  return { file: `data/arenas/${id}.txt`, path, text: readFileSync(path, 'utf8') };
});

/** A data source over the real data/ folder (for display names; nothing is read through it). */
export function dataSource(): DataSource {
  return new DataSource(DEFAULT_DATA_ROOT);
}

/** Validates one table's text alone, through the loader's own table parser (schema, "$schema", unique ids). */
export function validateTable(t: Table, text: string): void {
  parseTables(dataSource(), t.set.ruleset, { [t.key]: t.set.files[t.key] as string }, { [t.key]: { path: t.path, text } }, { [t.key]: t.schema });
}

/** Validates the whole ruleset of `t` with `text` in place of the table's, cross-checks and all. */
export function validateRulesetWith(t: Table, text: string): void {
  const texts: TableTexts<string> = {};
  for (const other of TABLES) if (other.set === t.set) texts[other.key] = { path: other.path, text: other === t ? text : other.text };
  t.set.validate(dataSource(), texts);
}

/** A JSON Schema node, as zod writes them. */
export interface JsonSchema {
  readonly type?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema | false;
  readonly prefixItems?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

/** The alternative of a union that fits `value` (a discriminated union by its "kind"). */
function branch(node: JsonSchema, value: unknown): JsonSchema {
  const alts = node.oneOf ?? node.anyOf;
  if (!alts) return node;
  const kind = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['kind'] : undefined;
  const fits = (a: JsonSchema): boolean => {
    if (a.oneOf || a.anyOf) return true;
    if (value === null) return a.type === 'null';
    if (Array.isArray(value)) return a.type === 'array';
    if (typeof value === 'object') {
      if (a.type !== 'object') return false;
      const k = a.properties?.['kind'];
      return kind === undefined || k === undefined || k.const === kind || (k.enum ?? []).includes(kind);
    }
    if (typeof value === 'number') return a.type === 'number' || a.type === 'integer';
    return a.type === typeof value;
  };
  return branch(alts.find(fits) ?? (alts[0] as JsonSchema), value);
}

/** The JSON Schema node of the value at `path` in `data`. */
export function schemaAt(root: JsonSchema, data: unknown, path: Path): JsonSchema {
  let node = branch(root, data);
  let value = data;
  for (const p of path) {
    if (typeof p === 'number') node = node.prefixItems?.[p] ?? (node.items as JsonSchema);
    else node = node.properties?.[p] as JsonSchema;
    value = (value as Record<string | number, unknown>)[p];
    if (!node) throw new Error(`no schema at ${path.join('.')}`);
    node = branch(node, value);
  }
  return node;
}

/** Every leaf of `v` that `keep` accepts, with its path. */
export function leaves(v: unknown, keep: (x: unknown, path: Path) => boolean, path: (string | number)[] = [], out: { path: Path; value: unknown }[] = []): { path: Path; value: unknown }[] {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, keep, [...path, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, keep, [...path, k], out);
  else if (keep(v, path)) out.push({ path, value: v });
  return out;
}

/** The path with record indices and array positions written as `*`: the field it is an instance of. */
export function fieldOf(path: Path): string {
  return path.map((p) => (typeof p === 'number' ? '[*]' : `.${p}`)).join('');
}

/** The first leaf of each field (`records[*].damage[*]` once, at its first record). */
export function firstOfEachField<T extends { path: Path }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((l) => {
    const f = fieldOf(l.path);
    if (seen.has(f)) return false;
    seen.add(f);
    return true;
  });
}

/** A copy of `data` with the value at `path` set to `value` (the path must exist). */
export function withValue(data: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(data);
  let at = copy as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
  return copy;
}

/** Every JSON Schema node of a table (with where it is, for messages). */
export function schemaNodes(node: JsonSchema, where = '$', out: { where: string; node: JsonSchema }[] = []): { where: string; node: JsonSchema }[] {
  out.push({ where, node });
  for (const [k, p] of Object.entries(node.properties ?? {})) schemaNodes(p, `${where}.${k}`, out);
  if (node.items) schemaNodes(node.items, `${where}[*]`, out);
  node.prefixItems?.forEach((p, i) => schemaNodes(p, `${where}[${i}]`, out));
  for (const alts of [node.oneOf, node.anyOf, node.allOf]) alts?.forEach((a, i) => schemaNodes(a, `${where}|${i}`, out));
  return out;
}
