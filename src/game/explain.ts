import type { TraceStep } from '../core/trace.js';
import { Fraction } from '../core/fraction.js';
import type { TraceRecord } from './duel.js';

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

