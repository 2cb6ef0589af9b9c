import type { Content } from '../content/index.js';
import { idHint } from '../core/suggest.js';
import { DEFAULT_EDITION } from '../rules/edition.js';
import type { DuelSetup } from '../game/duel.js';
import { type OptionAxis, heroChoices, heroOptionTables, wholeAxis } from '../rules/choices.js';
import { getRuleset } from '../rules/registry.js';
import type { RulesetId } from '../rules/ruleset.js';
import type { Interval } from '../sim/stats.js';
import type { OddsMoment, SideOdds, SweepPoint, SweepRow } from '../sim/sweep.js';
import { workersText } from './progress.js';
import { skillRulesets, trainableSkills } from './setup-options.js';

/**
 * `arena sweep`: the points of a sweep from its flags (every one checked before anything runs),
 * and the report as a table with terminal plots for people, JSON or CSV for machines.
 */

/** A bad flag: one line naming it and the values it takes. */
export class SweepInputError extends Error {}

export const PARAMETERS = ['level', 'strength', 'skill:NAME', 'weapon', 'armour', 'foe'] as const;

export type SweepParameter =
  | { readonly kind: 'level' }
  | { readonly kind: 'strength' }
  | { readonly kind: 'skill'; readonly skill: string }
  | { readonly kind: 'weapon' }
  | { readonly kind: 'armour' }
  | { readonly kind: 'foe' };

/** The sweep's own flags, as typed. */
export interface SweepFlags {
  readonly vary: string;
  readonly from?: string;
  readonly to?: string;
  readonly step?: string;
  readonly values?: string;
}

/** The duel options that fix what a sweep might vary, as typed (to refuse fixing and varying the same thing). */
export interface FixedOptions {
  readonly level?: string;
  readonly strength?: string;
  readonly weapon?: string;
  readonly armour?: string;
  readonly foe?: string;
  readonly skill?: readonly string[];
}

export interface SweepPlan {
  /** The parameter as the report names it: `level`, `skill:fighting`, `weapon`... */
  readonly parameter: string;
  readonly points: readonly SweepPoint[];
  /** Values of the ruleset's own list left out because this hero cannot take them (weapon and armour without --values). */
  readonly skipped: readonly string[];
}

const fail = (m: string): never => {
  throw new SweepInputError(m);
};

export function parseParameter(text: string, ruleset: RulesetId, content: Content): SweepParameter {
  const t = text.trim();
  if (t === 'level' || t === 'strength' || t === 'weapon' || t === 'armour' || t === 'foe') return { kind: t };
  if (t === 'skill' || t.startsWith('skill:')) {
    if (trainableSkills(content, ruleset).length === 0) {
      return fail(`--vary ${t}: ${ruleset} has no trainable skills (only ${skillRulesets(content).join(' and ')} do); vary one of: level, strength, weapon, armour, foe`);
    }
    const skills = trainableSkills(content, ruleset).map((s) => s.id);
    const skill = t.slice('skill:'.length);
    if (t === 'skill' || !skills.includes(skill)) return fail(`--vary: ${t === 'skill' ? 'name the skill, as skill:NAME' : `unknown skill "${skill}" for ${ruleset}`}; choose one of: ${skills.map((s) => `skill:${s}`).join(', ')}`);
    return { kind: 'skill', skill };
  }
  if (t === 'stat' || t === 'str' || t === 'dexterity' || t === 'dex' || t === 'intelligence' || t === 'int') {
    return fail(`--vary: unknown parameter "${t}"; strength is the only stat a hero's options set in ${ruleset}; choose one of: ${PARAMETERS.join(', ')}`);
  }
  return fail(`--vary: unknown parameter "${t}"; choose one of: ${PARAMETERS.join(', ')}`);
}

export function parameterName(p: SweepParameter): string {
  return p.kind === 'skill' ? `skill:${p.skill}` : p.kind;
}

function numericAxis(p: SweepParameter, ruleset: RulesetId, content: Content): OptionAxis | undefined {
  switch (p.kind) {
    case 'level': {
      const { min, max } = heroChoices(content, ruleset).levels;
      return wholeAxis(min, max);
    }
    case 'skill': {
      const { min, max } = heroOptionTables(content, ruleset).skillLevels;
      return wholeAxis(min, max);
    }
    case 'strength':
      return heroOptionTables(content, ruleset).strength;
    default:
      return undefined;
  }
}

/** The values of a list parameter this ruleset knows, and the default list when --values is absent. */
function listChoices(p: SweepParameter, ruleset: RulesetId, content: Content): { known: string[]; defaults: string[]; what: string } {
  if (p.kind === 'foe') {
    const foes = getRuleset(ruleset, content, DEFAULT_EDITION).catalog().filter((e) => e.kind === 'monster').map((e) => e.id);
    return { known: foes, defaults: foes, what: 'foe' };
  }
  const c = heroChoices(content, ruleset);
  const list = (p.kind === 'weapon' ? c.weapons : c.armours).map((x) => x.id).filter((x): x is string => x !== null);
  return { known: list, defaults: list.filter((x) => x !== 'none'), what: p.kind };
}

function splitValues(text: string): string[] {
  const values = text.split(',').map((v) => v.trim());
  if (values.length === 0 || values.some((v) => v === '')) fail(`--values: a comma-separated list with no empty entries (got "${text}")`);
  return values;
}

/** The setup of one point: the base with the parameter set to `value`. */
export function pointSetup(base: DuelSetup, p: SweepParameter, value: string | number): DuelSetup {
  if (p.kind === 'foe') return { ...base, foe: { template: String(value), options: {} } };
  const key = p.kind === 'skill' ? `skill:${p.skill}` : p.kind;
  return { ...base, hero: { ...base.hero, options: { ...base.hero.options, [key]: value } } };
}

/** Why the ruleset refuses this point's fighters, or null. */
function buildProblem(setup: DuelSetup, content: Content): string | null {
  const r = getRuleset(setup.ruleset, content, setup.edition);
  try {
    r.buildFighter(setup.hero);
    r.buildFighter(setup.foe);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The points of a sweep over `base` (the setup the other duel options give), each checked by
 * building its fighters: a range outside what the ruleset allows, a value it does not know, or a
 * point the hero cannot take is a `SweepInputError` naming the flag, before anything runs.
 */
export function planSweep(base: DuelSetup, content: Content, flags: SweepFlags, fixed: FixedOptions = {}): SweepPlan {
  const ruleset = base.ruleset;
  const p = parseParameter(flags.vary, ruleset, content);
  const name = parameterName(p);
  const clash =
    p.kind === 'skill'
      ? (fixed.skill ?? []).some((s) => s.trim().startsWith(`${p.skill}=`))
        ? `--skill ${p.skill}`
        : undefined
      : fixed[p.kind] !== undefined
        ? `--${p.kind}`
        : undefined;
  if (clash) fail(`${clash}: fixed and varied at once; leave it out while --vary ${name} sweeps it`);
  // A monster on the hero's side is as its game made it: only its foe can vary.
  const heroEntry = getRuleset(ruleset, content, base.edition).catalog().find((e) => e.id === base.hero.template);
  if (heroEntry?.kind === 'monster' && p.kind !== 'foe') fail(`--vary ${name}: the hero ${base.hero.template} is a monster, which takes no hero options; a sweep of a monster varies its foe (--vary foe)`);
  const axis = numericAxis(p, ruleset, content);
  const values: (string | number)[] = [];
  const skipped: string[] = [];
  if (axis) {
    if (flags.values !== undefined && (flags.from !== undefined || flags.to !== undefined || flags.step !== undefined)) fail('--values: give either --values or --from/--to/--step, not both');
    const read = (flag: string, text: string): number => axis.read(text) ?? fail(`${flag}: ${name} in ${ruleset} is ${axis.range} (got "${text}")`);
    if (flags.values !== undefined) for (const v of splitValues(flags.values)) values.push(read('--values', v));
    else {
      const from = flags.from === undefined ? axis.min : read('--from', flags.from);
      const to = flags.to === undefined ? axis.max : read('--to', flags.to);
      const step = flags.step === undefined ? 1 : (wholeAxis(1, axis.max - axis.min || 1).read(flags.step) ?? fail(`--step: must be a whole number from 1 to ${axis.max - axis.min || 1} (got "${flags.step}")`));
      if (from > to) fail(`--from: ${axis.label(from)} is above --to ${axis.label(to)}`);
      for (let v = from; v <= to; v += step) values.push(v);
    }
  } else {
    for (const f of ['from', 'to', 'step'] as const) if (flags[f] !== undefined) fail(`--${f}: only level, strength and skill:NAME take a range; give --values for ${name}`);
    const { known, defaults, what } = listChoices(p, ruleset, content);
    if (flags.values !== undefined) {
      for (const v of splitValues(flags.values)) {
        if (!known.includes(v)) fail(`--values: unknown ${what} "${v}" for ${ruleset}; ${what === 'foe' ? idHint(v, known, { noun: 'foe', command: `arena list foes --ruleset ${ruleset}` }) : `choose from: ${known.join(', ')}`}`);
        values.push(v);
      }
    } else {
      for (const v of defaults) {
        if (buildProblem(pointSetup(base, p, v), content) === null) values.push(v);
        else skipped.push(v);
      }
      if (values.length === 0) fail(`--vary ${name}: the hero ${base.hero.template} can take none of ${ruleset}'s ${what}s`);
    }
  }
  // The ruleset's own list was checked as it was filtered; only given values and ranges are built here.
  const listed = !axis && flags.values === undefined;
  const points = values.map((v): SweepPoint => {
    const option = axis ? axis.option(v as number) : v;
    const setup = pointSetup(base, p, option);
    const problem = listed ? null : buildProblem(setup, content);
    const label = axis ? axis.label(v as number) : String(v);
    if (problem) fail(`--vary ${name}: at ${label}, ${ruleset} refuses it: ${problem}`);
    return { value: option, label, setup };
  });
  return { parameter: name, points, skipped };
}

// --- The report --------------------------------------------------------------------------

export interface SweepReport {
  readonly base: DuelSetup;
  readonly parameter: string;
  readonly duels: number;
  readonly workers: number;
  readonly seconds: number;
  readonly distance: number;
  readonly moment: OddsMoment;
  readonly skipped: readonly string[];
  readonly rows: readonly SweepRow[];
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => x.toFixed(2);
const range = (i: Interval, f: (x: number) => string): string => `[${f(i.lo)}, ${f(i.hi)}]`;
const pctBare = (x: number): string => (100 * x).toFixed(1);

/** Every figure of every point, as plain data (the JSON output). */
export function sweepFigures(r: SweepReport) {
  return {
    setup: r.base,
    parameter: r.parameter,
    values: r.rows.map((x) => x.value),
    duels: r.duels,
    workers: r.workers,
    seconds: r.seconds,
    distance: r.distance,
    odds: r.moment,
    skipped: r.skipped,
    points: r.rows.map((x) => ({
      value: x.value,
      label: x.label,
      setup: x.setup,
      exact: x.exact,
      duels: x.duels,
      outcomes: x.outcomes,
      counts: x.counts,
      damagePerTurn: x.damagePerTurn,
      turns: x.turns,
    })),
  };
}

export function sweepJson(r: SweepReport): string {
  return `${JSON.stringify(sweepFigures(r), null, 2)}\n`;
}

const CSV_SIDE = ['attack', 'hit', 'attacks_per_turn', 'damage_per_turn', 'turns_to_kill'] as const;

export const SWEEP_CSV_COLUMNS = [
  'parameter',
  'value',
  ...CSV_SIDE.map((c) => `hero_${c}`),
  ...CSV_SIDE.map((c) => `foe_${c}`),
  'hero_hp',
  'foe_hp',
  'duels',
  'hero_wins',
  'foe_wins',
  'draws',
  ...['hero_win_rate', 'foe_win_rate', 'draw_rate', 'sim_hero_damage_per_turn', 'sim_foe_damage_per_turn', 'game_turns'].flatMap((c) => [c, `${c}_lo95`, `${c}_hi95`]),
] as const;

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per point, the columns of SWEEP_CSV_COLUMNS; an empty cell where a side cannot attack or hurt. */
export function sweepCsv(r: SweepReport): string {
  const side = (s: SideOdds | null): (string | number | null)[] => (s ? [s.attack, s.hit, s.attacksPerTurn, s.damagePerTurn, s.turnsToKill] : [null, null, null, null, null]);
  const iv = (i: Interval) => [i.value, i.lo, i.hi];
  const rows = r.rows.map((x) => [
    r.parameter,
    x.value,
    ...side(x.exact.hero),
    ...side(x.exact.foe),
    x.exact.heroHp,
    x.exact.foeHp,
    x.duels,
    x.counts.hero,
    x.counts.foe,
    x.counts.draw,
    ...iv(x.outcomes.hero),
    ...iv(x.outcomes.foe),
    ...iv(x.outcomes.draw),
    ...iv(x.damagePerTurn.hero),
    ...iv(x.damagePerTurn.foe),
    ...iv(x.turns),
  ]);
  return `${[[...SWEEP_CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

// --- Terminal plots ----------------------------------------------------------------------

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/**
 * A horizontal bar `width` cells long for `value` on a scale from 0 to `max`. With an interval,
 * cells up to its low end are full (█), then shaded to the value (▓), then light to its high end
 * (░); without one, the bar ends in eighths of a cell.
 */
export function bar(value: number, max: number, width: number, interval?: { lo: number; hi: number }): string {
  const scale = max > 0 ? width / max : 0;
  const clamp = (x: number) => Math.max(0, Math.min(width, x * scale));
  if (!interval) {
    const cells = clamp(value);
    const full = Math.floor(cells);
    const part = EIGHTHS[Math.floor((cells - full) * 8)] ?? '';
    return `${'█'.repeat(full)}${part}`.padEnd(width);
  }
  const lo = clamp(interval.lo);
  const v = clamp(value);
  const hi = clamp(interval.hi);
  let out = '';
  for (let i = 0; i < width; i++) {
    const mid = i + 0.5;
    out += mid <= lo ? '█' : mid <= v ? '▓' : mid <= hi ? '░' : ' ';
  }
  return out;
}

interface PlotCell {
  readonly value: number | null;
  readonly interval?: Interval;
  readonly text: string;
}

/** A chart with one row per point: its label, then one bar per series, all on the same scale. */
export function plot(title: string, labels: readonly string[], series: readonly { name: string; cells: readonly PlotCell[] }[], max: number, width: number): string[] {
  const lw = Math.max(...labels.map((l) => l.length), 1);
  const numeric = labels.every((l) => /^[\d/]+$/.test(l));
  const tw = Math.max(...series.flatMap((s) => s.cells.map((c) => c.text.length)), 1);
  const head = series.length > 1 ? `${' '.repeat(lw)}  ${series.map((s) => s.name.padEnd(width + 2 + tw + 3)).join('')}`.trimEnd() : '';
  const out = [title, ...(head ? [head] : [])];
  labels.forEach((l, i) => {
    const parts = series.map((s) => {
      const c = s.cells[i];
      const b = c && c.value !== null ? bar(c.value, max, width, c.interval) : ' '.repeat(width);
      return `│${b}│ ${(c?.text ?? '').padStart(tw)}`;
    });
    out.push(`${numeric ? l.padStart(lw) : l.padEnd(lw)}  ${parts.join('   ')}`.trimEnd());
  });
  return out;
}

/** Every plot of the report: the win rate with its interval, then hit chance and damage a turn both ways. */
export function sweepPlots(r: SweepReport, width = 30): string[] {
  const labels = r.rows.map((x) => x.label);
  const sides = ['hero', 'foe'] as const;
  const hit = sides.map((s) => ({ name: s, cells: r.rows.map((x) => ({ value: x.exact[s]?.hit ?? null, text: x.exact[s] ? pct(x.exact[s].hit) : '-' })) }));
  const dptExact = sides.map((s) => ({ name: s, cells: r.rows.map((x) => ({ value: x.exact[s]?.damagePerTurn ?? null, text: x.exact[s] ? num(x.exact[s].damagePerTurn) : '-' })) }));
  const dptSim = sides.map((s) => ({ name: s, cells: r.rows.map((x) => ({ value: x.damagePerTurn[s].value, interval: x.damagePerTurn[s], text: `${num(x.damagePerTurn[s].value)} ${range(x.damagePerTurn[s], num)}` })) }));
  const dmax = Math.max(1e-9, ...r.rows.flatMap((x) => [x.exact.hero?.damagePerTurn ?? 0, x.exact.foe?.damagePerTurn ?? 0, x.damagePerTurn.hero.hi, x.damagePerTurn.foe.hi]));
  const half = Math.max(10, Math.floor(width * 0.7));
  return [
    ...plot(`hero wins, of ${r.duels} duels a point (█ below the 95% interval, ▓ to the rate, ░ to the interval's top)`, labels, [{ name: 'hero', cells: r.rows.map((x) => ({ value: x.outcomes.hero.value, interval: x.outcomes.hero, text: `${pct(x.outcomes.hero.value)} [${pctBare(x.outcomes.hero.lo)}, ${pctBare(x.outcomes.hero.hi)}]` })) }], 1, width + 10),
    '',
    ...plot('hit chance (exact), 0 to 100%', labels, hit, 1, half),
    '',
    ...plot(`expected damage a game turn (exact), 0 to ${num(dmax)}`, labels, dptExact, dmax, half),
    '',
    ...plot(`damage a game turn over the simulated duels, with its 95% interval, 0 to ${num(dmax)}`, labels, dptSim, dmax, half),
  ];
}

// --- The table ---------------------------------------------------------------------------

function sideCells(s: SideOdds | null): string[] {
  if (!s) return ['-', '-', '-'];
  return [pct(s.hit), num(s.damagePerTurn), s.turnsToKill === null ? 'never' : s.turnsToKill.toFixed(1)];
}

/** The table and the plots. */
export function sweepText(r: SweepReport, o: { plots?: boolean } = {}): string {
  const b = r.base;
  const first = r.rows[0];
  const last = r.rows[r.rows.length - 1];
  const out = [
    `arena sweep: ${b.ruleset} ${b.edition} · ${r.parameter === 'foe' ? b.hero.template : `${b.hero.template} vs ${b.foe.template}`} · ${b.arena} · seed ${b.seed}`,
    `${r.parameter}: ${r.rows.length} point${r.rows.length === 1 ? '' : 's'}${first && last && r.rows.length > 1 ? `, ${first.label} to ${last.label}` : ''}; ${r.duels} duels a point, the same seeds at every point, on ${workersText(r.workers)} in ${r.seconds.toFixed(1)} s`,
    `exact: each side's melee attack (its best other when none reaches) from distance ${r.distance}, ${r.moment === 'engaged' ? 'face to face, each aware of the other' : 'as the duel starts (the foe as it starts, neither having seen the other)'}, nothing rolled; simulated: with 95% intervals`,
  ];
  if (r.skipped.length) out.push(`left out (the hero cannot take them): ${r.skipped.join(', ')}`);
  const attackVaries = (s: 'hero' | 'foe') => new Set(r.rows.map((x) => x.exact[s]?.attack ?? '-')).size > 1;
  const showAttacks = attackVaries('hero') || attackVaries('foe');
  const header = [r.parameter, 'hit', 'dmg/turn', 'turns', 'hit', 'dmg/turn', 'turns', 'hero wins', '95% interval', 'dmg/turn', '95% interval', ...(showAttacks ? ['attacks (hero / foe)'] : [])];
  const rows = r.rows.map((x) => [
    x.label,
    ...sideCells(x.exact.hero),
    ...sideCells(x.exact.foe),
    pct(x.outcomes.hero.value),
    range(x.outcomes.hero, pctBare),
    num(x.damagePerTurn.hero.value),
    range(x.damagePerTurn.hero, num),
    ...(showAttacks ? [`${x.exact.hero?.attack ?? '-'} / ${x.exact.foe?.attack ?? '-'}`] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numericLabels = r.rows.every((x) => /^[\d/]+$/.test(x.label));
  const cell = (c: string, i: number, n: number): string => {
    const w = widths[i] as number;
    if (i === 0) return numericLabels ? c.padStart(w) : c.padEnd(w);
    return showAttacks && i === n - 1 ? c : c.padStart(w);
  };
  const line = (cells: readonly string[]) => cells.map((c, i) => cell(c, i, cells.length)).join('  ').trimEnd();
  const span = (from: number, to: number) => widths.slice(from, to).reduce((a, w) => a + w, 0) + 2 * (to - from - 1);
  const group = (title: string, from: number, to: number) => {
    const w = span(from, to);
    const t = ` ${title} `;
    const left = Math.max(0, Math.floor((w - t.length) / 2));
    return `${'─'.repeat(left)}${t}${'─'.repeat(Math.max(0, w - left - t.length))}`;
  };
  out.push(
    '',
    `${' '.repeat(widths[0] as number)}  ${group('hero on foe', 1, 4)}  ${group('foe on hero', 4, 7)}  ${group('simulated', 7, 11)}`,
    line(header),
    ...rows.map(line),
  );
  if (!showAttacks && first) out.push('', `attacks: the hero's ${first.exact.hero?.attack ?? 'none'}, the foe's ${first.exact.foe?.attack ?? 'none'}`);
  out.push(`turns: expected game turns to kill (the other side's hit points over expected damage a turn); draws and the foe's damage: --json or --csv`);
  if (o.plots ?? true) out.push('', ...sweepPlots(r));
  return `${out.join('\n')}\n`;
}
