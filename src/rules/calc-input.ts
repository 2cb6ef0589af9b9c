import { z } from 'zod';
import { JsonSyntaxError, formatPath, parseStrictJson } from '../core/strict-json.js';
import { issueProblem } from '../core/schema-issue.js';
import type { Edition } from './edition.js';
import type { RulesetTables } from './registry.js';

/**
 * The calculator capability (`arena calc`): a ruleset that has one reads an attacker and a
 * defender (a preset or monster id, or inline JSON) and reports its numbers and exact odds
 * without rolling. Each ruleset folder's `calc-input.ts` reads its game's specs; this file holds
 * what they share. Every problem is reported with the option and the JSON path at fault.
 */

export class CalcInputError extends Error {}

/** What `arena calc` was asked. */
export interface CalcRequest {
  readonly attacker: string;
  readonly defender: string;
  readonly edition: Edition;
  /** Squares between them, for missiles (only a calculator that `usesRange` reads it). */
  readonly distance: number;
  readonly visibility: 'auto' | 'seen' | 'unseen';
}

export interface Calculator {
  /** Whether it reads the distance and the visibility. */
  readonly usesRange: boolean;
  /** The report as a table, or as JSON; throws CalcInputError naming the option and JSON path at fault. */
  text(tables: RulesetTables, request: CalcRequest, json: boolean): string;
}

/** Builds something from zod once, on first use (the calculators' schemas). */
export function once<T>(build: (zod: typeof z) => T): () => T {
  let value: T | undefined;
  return () => (value ??= build(z));
}

/** A spec: an id, or inline JSON (starting with `{`) checked against `schema`. */
export function parseSpec<T>(option: string, text: string, schema: z.ZodType<T>, asId: (id: string) => T): T {
  if (!text.trim().startsWith('{')) return asId(text.trim());
  let raw: unknown;
  try {
    raw = parseStrictJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new CalcInputError(`${option}: ${e.jsonPath}: ${e.reason} (column ${e.column})`);
    throw e;
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new CalcInputError(`${option}: ${formatPath((issue?.path ?? []) as (string | number)[])}: ${issue ? issueProblem(issue, raw) : 'invalid'}`);
  }
  return r.data;
}
