import type { TraceStep } from '../core/trace.js';
import { Fraction } from '../core/fraction.js';
import type { TraceRecord } from './duel.js';
import { rulesetModule } from '../rules/registry.js';

/** Renders trace steps as numbered, readable lines (the rules pane and headless transcripts). */

function num(v: number, scale: number): string {
  if (scale === 1) return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
  return (v / scale).toFixed(Math.max(2, Math.ceil(Math.log10(scale)))).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** `compact` shortens citations to the section (`§hit-test`) for narrow panes. */
export function formatStep(s: TraceStep, compact = false): string {
  switch (s.kind) {
    case 'rule':
      return compact ? `${s.title} §${s.cite.replace(/^[^#]*#/, '')}` : `${s.title} [${s.cite}]`;
    case 'roll':
      if (s.scale === 1) return `${s.label}: ${s.value} (uniform ${s.lo}-${s.hi})`;
      return compact
        ? `${s.label}: ${num(s.value, s.scale)} of [${num(s.lo, s.scale)}, ${num(s.hi + 1, s.scale)})`
        : `${s.label}: ${num(s.value, s.scale)} (uniform in [${num(s.lo, s.scale)}, ${num(s.hi + 1, s.scale)}) in steps of ${num(1, s.scale)})`;
    case 'mod':
      return `${s.label}: ${num(s.before, 1)} -> ${num(s.after, 1)} (${s.reason})`;
    case 'check':
      return `${s.label}: ${num(s.lhs, s.scale)} ${s.op} ${num(s.rhs, s.scale)} ${s.pass ? 'yes' : 'no'}`;
    case 'value':
      return `${s.label} = ${num(s.value, 1)} (${s.detail})`;
    case 'note':
      return s.text;
    case 'edition':
      return compact ? `edition difference: ${s.divergence}` : `edition difference "${s.divergence}": ${s.text}`;
    case 'odds': {
      const f = Fraction.of(BigInt(s.num), BigInt(s.den));
      return `${s.label} = ${f.toString()} (${f.percent(2)})`;
    }
  }
}

/** Lines of one trace: a title, then numbered steps; rule headings are not numbered. */
export function formatTrace(r: TraceRecord, indent = '  ', compact = false): string[] {
  const out = [r.title];
  let n = 0;
  for (const s of r.steps) {
    if (s.kind === 'rule') out.push(`${indent}${formatStep(s, compact)}`);
    else out.push(`${indent}${indent}${++n}. ${formatStep(s, compact)}`);
  }
  return out;
}


/**
 * How much of each explanation the rules pane shows: one line per rule applied, the numbered
 * steps, or the full formulas (every citation with its seed document, every roll's range and
 * step, every edition difference in words).
 */
export type DetailLevel = 1 | 2 | 3;

export const DETAIL_NAMES: Readonly<Record<DetailLevel, string>> = { 1: 'summary', 2: 'steps', 3: 'formulas' };

/** A citation in words: `ATTACK.SPO 1.13, section "hit-chance"`. */
export function citationText(cite: string): string {
  const [ruleset = '', section = ''] = cite.split('#');
  const doc = rulesetModule(ruleset)?.seedDocument ?? ruleset;
  return section ? `${doc}, section "${section}"` : doc;
}

/** Whether a trace decided anything by chance (a roll, a comparison or odds), not only upkeep. */
export function decides(r: TraceRecord): boolean {
  return r.steps.some((s) => s.kind === 'roll' || s.kind === 'check' || s.kind === 'odds');
}

/**
 * Whether the rules pane shows a trace at a detail level: full formulas show everything; the
 * lower levels leave out routine upkeep (turn starts, statuses ticking) that rolled nothing.
 */
export function shownAt(r: TraceRecord, level: DetailLevel): boolean {
  return level === 3 || !r.routine || decides(r);
}

/** The exact odds of what happened in a trace, when it records them (the last odds step). */
export function outcomeOdds(r: TraceRecord): Fraction | undefined {
  for (let i = r.steps.length - 1; i >= 0; i--) {
    const s = r.steps[i] as TraceStep;
    if (s.kind === 'odds') return Fraction.of(BigInt(s.num), BigInt(s.den));
  }
  return undefined;
}

/** One line for a trace: its title, then what decided it and how likely that was. */
export function summariseTrace(r: TraceRecord): string {
  let last: TraceStep | undefined;
  let odds: TraceStep | undefined;
  let editions = 0;
  for (const s of r.steps) {
    if (s.kind === 'odds') odds = s;
    else if (s.kind === 'check') last = s;
    else if (s.kind === 'edition') editions++;
  }
  const parts: string[] = [];
  if (odds && odds.kind === 'odds') parts.push(`odds ${Fraction.of(BigInt(odds.num), BigInt(odds.den)).percent(1)}`);
  else if (last && last.kind === 'check') parts.push(`${last.label}: ${last.pass ? 'yes' : 'no'}`);
  if (editions > 0) parts.push(`${editions} edition difference${editions > 1 ? 's' : ''}`);
  const title = r.title.replace(/[.!]$/, '');
  return parts.length > 0 ? `${title} · ${parts.join(' · ')}` : r.title;
}

/**
 * Lines of one trace at a detail level: level 1 is the summary line; level 2 the numbered
 * steps with short citations; level 3 the same steps in full, each rule with its seed document.
 */
export function explainTrace(r: TraceRecord, level: DetailLevel, indent = ' '): string[] {
  if (level === 1) return [summariseTrace(r)];
  if (level === 2) return formatTrace(r, indent, true);
  const out = [r.title];
  let n = 0;
  for (const s of r.steps) {
    if (s.kind === 'rule') out.push(`${indent}${s.title}: ${citationText(s.cite)} [${s.cite}]`);
    else out.push(`${indent}${indent}${++n}. ${formatStep(s, false)}`);
  }
  return out;
}
