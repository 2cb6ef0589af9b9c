import type { ZodError } from 'zod';
import { nearestByEdits } from './suggest.js';
import { clipped, printable } from './text.js';

/** One problem the schema found. */
export type SchemaIssue = ZodError['issues'][number];

/** A list of allowed values this long or shorter is named whole; a longer one by its count and the values close to the one given. */
const SHORT_CHOICES = 20;

/** The value at `path` in what was parsed, or undefined where the path leads nowhere. */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || typeof p === 'symbol' || !Object.prototype.hasOwnProperty.call(v, p)) return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** A value as a message quotes it: JSON, cut short, nothing a terminal would act on. */
function shown(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return printable(clipped(text, 60));
}

/**
 * What is wrong, in words, for the first problem a schema found in `raw`. A value that is not
 * one of a long list of allowed values (84 monster flags, 30 blow effects) is quoted, with the
 * count and the allowed values a typo away, instead of the whole list: one line however long
 * the list. Anything else is the schema's own message.
 */
export function issueProblem(issue: SchemaIssue, raw: unknown): string {
  if (issue.code === 'invalid_value' && issue.values.length > SHORT_CHOICES) {
    const v = valueAt(raw, issue.path);
    const names = issue.values.map(String);
    // nearestByEdits compares in lower case; the names are given back as the schema spells them (RES_FIRE).
    const lower = names.map((n) => n.toLowerCase());
    const near = typeof v === 'string' ? nearestByEdits(v, lower).slice(0, 4).map((n) => names[lower.indexOf(n)] as string) : [];
    const hint = near.length > 0 ? `; did you mean ${near.map((n) => JSON.stringify(n)).join(', ')}?` : '';
    return `${shown(v)} is not one of the ${names.length} allowed values${hint}`;
  }
  return issue.message;
}
