import type { Content } from '../content/index.js';
import { Duel, type DuelSetup } from '../game/duel.js';
import { type Interval, type Moments, type SimStats, Z95, meanInterval, quantile, wilson } from '../sim/stats.js';
import { describeCommand } from '../systems/commands.js';
import { outcomeText } from './headless.js';
import { workersText } from './progress.js';
import { simFigures } from './sim.js';

/**
 * `arena compare`: one duel under two rulesets or two editions, side by side. This module holds
 * the data and the words (no files, no terminal, no clock): playing the two traced duels, lining
 * their turns up by game time, the aggregate figures with the intervals of their differences,
 * and the text and JSON renderings.
 */

export type SideKey = 'A' | 'B';

/** How a side's fighter was chosen, in words for the header. */
export interface FighterChoice {
  readonly template: string;
  readonly name: string;
  /** Why this one: "--hero", "same id as side A", "default of crawl-4.0b20"... */
  readonly how: string;
}

/** A hero option side B could not take, and why. */
export interface RefusedOption {
  readonly flag: string;
  readonly value: string;
  readonly reason: string;
}

export interface CompareSide {
  readonly key: SideKey;
  readonly setup: DuelSetup;
  readonly hero: FighterChoice;
  readonly foe: FighterChoice;
  /** The hero options this side was built with, as flags ("--level 5"). */
  readonly options: readonly string[];
  /** Hero options given for side A that this side could not take (side B only). */
  readonly refused: readonly RefusedOption[];
}

/** One turn of a traced duel, as the turn-by-turn table shows it. */
export interface TurnEntry {
  /** The duel's turn number (from 1). */
  readonly turn: number;
  /** Game time in game turns when the turn was taken. */
  readonly time: number;
  /** Who acted; null for what happened after the last action (a status that ended the duel). */
  readonly actor: 'hero' | 'foe' | null;
  /** The command (`describeCommand`), or null. */
  readonly command: string | null;
  /** The message log lines of the turn. */
  readonly messages: readonly string[];
  /** Hit points after the turn: hero, foe. */
  readonly hp: readonly [number, number];
  readonly maxHp: readonly [number, number];
}

export interface PlayedOutcome {
  readonly winner: 'hero' | 'foe' | null;
  readonly winnerName: string | null;
  readonly reason: string;
  readonly turn: number;
  readonly time: number;
  /** As `arena duel` words it. */
  readonly text: string;
}

export interface PlayedDuel {
  readonly heroName: string;
  readonly foeName: string;
  readonly entries: readonly TurnEntry[];
  readonly outcome: PlayedOutcome | null;
}

/** A row of the turn-by-turn table: the game time and each side's turn then (indices into its entries). */
export interface AlignedRow {
  readonly time: number;
  readonly a: number | null;
  readonly b: number | null;
}

/** Plays a duel AI against AI, traced, to the end, keeping each turn's messages and both fighters' hit points after it. */
export function playTraced(setup: DuelSetup, content: Content): PlayedDuel {
  const duel = new Duel({ ...setup, heroControl: 'ai' }, content, { tracing: true });
  const perTurn = duel.ruleset.ticksPerTurn;
  const hp = (): [number, number] => [duel.hero.body?.hp ?? 0, duel.foe.body?.hp ?? 0];
  const maxHp = (): [number, number] => [duel.hero.body?.maxHp ?? 0, duel.foe.body?.maxHp ?? 0];
  const entries: TurnEntry[] = [];
  let seen = 0;
  const messagesUpTo = (turn: number): string[] => {
    const out: string[] = [];
    while (seen < duel.messages.length && (duel.messages[seen]?.turn ?? 0) <= turn) out.push((duel.messages[seen++] as { text: string }).text);
    return out;
  };
  for (;;) {
    const r = duel.step();
    if (r.kind === 'over') break;
    if (r.kind !== 'turn') throw new Error(`unexpected ${r.kind} in a duel played by the AI`);
    const t = r.record;
    entries.push({
      turn: t.turn,
      time: t.time / perTurn,
      actor: t.actor === duel.heroId ? 'hero' : 'foe',
      command: describeCommand(t.command),
      messages: messagesUpTo(t.turn),
      hp: hp(),
      maxHp: maxHp(),
    });
  }
  // Whatever came after the last action (a status running out the clock on a fighter).
  const rest = messagesUpTo(Number.POSITIVE_INFINITY);
  const o = duel.outcome;
  if (rest.length > 0) entries.push({ turn: duel.turn + 1, time: o?.time ?? duel.gameTurns, actor: null, command: null, messages: rest, hp: hp(), maxHp: maxHp() });
  const heroName = duel.hero.fighter?.name ?? 'hero';
  const foeName = duel.foe.fighter?.name ?? 'foe';
  return {
    heroName,
    foeName,
    entries,
    outcome: o
      ? { winner: o.winner === 0 ? 'hero' : o.winner === 1 ? 'foe' : null, winnerName: o.winner === 0 ? heroName : o.winner === 1 ? foeName : null, reason: o.reason, turn: o.turn, time: o.time, text: outcomeText(duel) }
      : null,
  };
}

/** Times closer than this are the same moment (they are sums of whole ticks over a power of ten). */
const SAME_TIME = 1e-9;

/**
 * Lines two duels' turns up by game time: turns taken at the same moment share a row, in the
 * order each duel took them; a turn with no counterpart at its moment has a row of its own.
 */
export function alignByTime(a: readonly TurnEntry[], b: readonly TurnEntry[]): AlignedRow[] {
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const ta = a[i]?.time ?? Number.POSITIVE_INFINITY;
    const tb = b[j]?.time ?? Number.POSITIVE_INFINITY;
    if (Math.abs(ta - tb) < SAME_TIME) rows.push({ time: ta, a: i++, b: j++ });
    else if (ta < tb) rows.push({ time: ta, a: i++, b: null });
    else rows.push({ time: tb, a: null, b: j++ });
  }
  return rows;
}

/** Each side's turn on a row (undefined where that side took none then). */
function rowEntries(duels: readonly [PlayedDuel, PlayedDuel], row: AlignedRow): [TurnEntry | undefined, TurnEntry | undefined] {
  return [row.a === null ? undefined : duels[0].entries[row.a], row.b === null ? undefined : duels[1].entries[row.b]];
}

/** Whether two turns read the same: the same actor, command, messages and hit points after. */
export function sameTurn(a: TurnEntry | undefined, b: TurnEntry | undefined): boolean {
  if (!a || !b) return false;
  return (
    a.actor === b.actor &&
    a.command === b.command &&
    a.messages.length === b.messages.length &&
    a.messages.every((m, i) => m === b.messages[i]) &&
    a.hp[0] === b.hp[0] &&
    a.hp[1] === b.hp[1]
  );
}

/** The first row (of all of them, whatever `--turns` shows) at which the two duels part, or null if they never do. */
export function firstDifference(duels: readonly [PlayedDuel, PlayedDuel]): { readonly row: number; readonly time: number } | null {
  const rows = alignByTime(duels[0].entries, duels[1].entries);
  const k = rows.findIndex((r) => !sameTurn(...rowEntries(duels, r)));
  return k < 0 ? null : { row: k, time: (rows[k] as AlignedRow).time };
}

// --- Aggregate figures -------------------------------------------------------------------------

/**
 * The 95% interval of p2 - p1 for two independent proportions: Newcombe's hybrid score interval
 * (his method 10), built from each side's Wilson interval; sound near 0 and 1 and for small
 * samples, where the textbook Wald interval is not.
 */
export function rateDifference(x1: number, n1: number, x2: number, n2: number): Interval | null {
  if (n1 === 0 || n2 === 0) return null;
  const a = wilson(x1, n1);
  const b = wilson(x2, n2);
  const d = b.value - a.value;
  return {
    value: d,
    lo: d - Math.sqrt((b.value - b.lo) ** 2 + (a.hi - a.value) ** 2),
    hi: d + Math.sqrt((b.hi - b.value) ** 2 + (a.value - a.lo) ** 2),
  };
}

/**
 * The 95% interval of mean2 - mean1 for two independent samples (Welch's standard error, normal
 * quantile): the half-widths of the two means' own intervals added in quadrature.
 */
export function meanDifference(m1: Moments, m2: Moments): Interval | null {
  if (m1.n < 2 || m2.n < 2) return null;
  const a = meanInterval(m1);
  const b = meanInterval(m2);
  const d = b.value - a.value;
  const half = Math.hypot(a.hi - a.value, b.hi - b.value);
  return { value: d, lo: d - half, hi: d + half };
}

/**
 * The median of a histogram of whole turns (as `arena sim` reports it) with a distribution-free
 * 95% interval: the order statistics at ranks n/2 -/+ 1.96 sqrt(n)/2 (from the binomial law of
 * how many values fall below the true median).
 */
export function medianInterval(h: readonly number[]): Interval | null {
  const n = h.reduce((s, c) => s + c, 0);
  const median = quantile(h, 0.5);
  if (n === 0 || median === undefined) return null;
  const at = (rank: number): number => {
    let run = 0;
    for (let i = 0; i < h.length; i++) {
      run += h[i] as number;
      if (run >= rank) return i;
    }
    return h.length - 1;
  };
  const spread = (Z95 * Math.sqrt(n)) / 2;
  const lo = Math.max(1, Math.floor(n / 2 - spread));
  const hi = Math.min(n, Math.ceil(1 + n / 2 + spread));
  return { value: median, lo: at(lo), hi: at(hi) };
}

/** One line of the aggregate table. */
export interface Figure {
  readonly id: string;
  /** The table's section ("outcomes, % of duels") and the line's label in it ("hero wins"). */
  readonly group: string;
  readonly label: string;
  /** The figure named on its own ("hero win rate"). */
  readonly name: string;
  /** `rate`: a proportion (shown in percent); `mean`; `median` (whole game turns). */
  readonly kind: 'rate' | 'mean' | 'median';
  readonly a: Interval | null;
  readonly b: Interval | null;
  /** Counts behind a rate: successes and trials on each side. */
  readonly counts?: { readonly a: readonly [number, number]; readonly b: readonly [number, number] };
  /** B - A with its 95% interval (a rate as a proportion), or null when it cannot be had; a median's without an interval. */
  readonly difference: Interval | null;
  /** Whether the difference's interval leaves out 0 (null for medians). */
  readonly significant: boolean | null;
}

export interface Aggregate {
  readonly duels: number;
  readonly workers: number;
  readonly seconds: number;
  readonly stats: readonly [SimStats, SimStats];
}

const sortedKinds = (s: readonly [SimStats, SimStats], side: 0 | 1): string[] =>
  [...new Set([...Object.keys(s[0].attacks[side]), ...Object.keys(s[1].attacks[side])])].sort();

/** Every figure of the aggregate table, side A against side B. */
export function aggregateFigures(g: Aggregate): Figure[] {
  const [sa, sb] = g.stats;
  const out: Figure[] = [];
  const add = (f: Omit<Figure, 'significant'>) =>
    out.push({ ...f, significant: f.difference && f.kind !== 'median' ? f.difference.lo > 0 || f.difference.hi < 0 : null });
  const rate = (id: string, group: string, label: string, name: string, xa: number, na: number, xb: number, nb: number) =>
    add({ id, group, label, name, kind: 'rate', a: na > 0 ? wilson(xa, na) : null, b: nb > 0 ? wilson(xb, nb) : null, counts: { a: [xa, na], b: [xb, nb] }, difference: rateDifference(xa, na, xb, nb) });
  const mean = (id: string, label: string, name: string, ma: Moments, mb: Moments) =>
    add({ id, group: 'means (damage: hit points a game turn)', label, name, kind: 'mean', a: ma.n > 0 ? meanInterval(ma) : null, b: mb.n > 0 ? meanInterval(mb) : null, difference: meanDifference(ma, mb) });
  const outcomes = 'outcomes, % of duels';
  rate('heroWins', outcomes, 'hero wins', 'hero win rate', sa.outcomes.hero, sa.duels, sb.outcomes.hero, sb.duels);
  rate('foeWins', outcomes, 'foe wins', 'foe win rate', sa.outcomes.foe, sa.duels, sb.outcomes.foe, sb.duels);
  rate('draws', outcomes, 'draws', 'draw rate', sa.outcomes.draw, sa.duels, sb.outcomes.draw, sb.duels);
  mean('gameTurns', 'game turns', 'game turns a duel', sa.turns, sb.turns);
  mean('heroDamagePerTurn', 'hero damage', "the hero's damage a game turn", sa.dpt[0], sb.dpt[0]);
  mean('foeDamagePerTurn', 'foe damage', "the foe's damage a game turn", sa.dpt[1], sb.dpt[1]);
  for (const [side, who] of [[0, 'hero'], [1, 'foe']] as const) {
    for (const kind of sortedKinds(g.stats, side)) {
      const ta = sa.attacks[side][kind] ?? { attacks: 0, hits: 0 };
      const tb = sb.attacks[side][kind] ?? { attacks: 0, hits: 0 };
      rate(`${who}HitRate:${kind}`, 'hit rates, % of attacks', `${who} ${kind}`, `${who} ${kind} hit rate`, ta.hits, ta.attacks, tb.hits, tb.attacks);
    }
  }
  if (sa.notices.rolls + sb.notices.rolls > 0) rate('noticed', 'noticing rolls, %', 'noticed', 'noticing rate', sa.notices.noticed, sa.notices.rolls, sb.notices.noticed, sb.notices.rolls);
  for (const who of ['hero', 'foe'] as const) {
    const ma = medianInterval(sa.ttk[who]);
    const mb = medianInterval(sb.ttk[who]);
    const d = ma && mb ? mb.value - ma.value : null;
    add({ id: `${who}TurnsToKill`, group: 'median game turns to', label: `a ${who} win`, name: `median turns to a ${who} win`, kind: 'median', a: ma, b: mb, difference: d === null ? null : { value: d, lo: d, hi: d } });
  }
  return out;
}

// --- Reports -------------------------------------------------------------------------------------

export interface CompareReport {
  readonly program: string;
  readonly sides: readonly [CompareSide, CompareSide];
  /** The traced duels and their rows, or null when the turn-by-turn part is off. */
  readonly traced: { readonly duels: readonly [PlayedDuel, PlayedDuel]; readonly rows: readonly AlignedRow[]; readonly totalRows: number } | null;
  /** The simulations, or null when `--duels 0`. */
  readonly aggregate: Aggregate | null;
}

export interface TextOptions {
  /** Columns to fit in. */
  readonly width: number;
  /** Print rows where no one said anything, instead of folding runs of them. */
  readonly allRows: boolean;
}

/** The name of a side's rules: "crawl-4.0b20 spoiler". */
export function sideTitle(s: CompareSide): string {
  return `${s.setup.ruleset} ${s.setup.edition}`;
}

/** Words broken into lines of at most `width` characters; the lines after the first start with `indent`. */
export function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    const room = width - (lines.length === 0 ? 0 : indent.length);
    if (line.length === 0) line = word;
    else if (line.length + 1 + word.length <= room) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    // A word longer than the line is cut.
    while (line.length > width - (lines.length === 0 ? 0 : indent.length)) {
      const r = Math.max(1, width - (lines.length === 0 ? 0 : indent.length));
      lines.push(line.slice(0, r));
      line = line.slice(r);
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines.map((l, k) => (k === 0 ? l : indent + l));
}

function headerLines(r: CompareReport, width: number): string[] {
  const [a] = r.sides;
  const s = a.setup;
  const out: string[] = [];
  const duelWide = [`seed ${s.seed}`, `arena ${s.arena}`, `at most ${s.maxTurns} game turns`];
  if (s.foeState) duelWide.push(`--foe-state ${s.foeState}`);
  if (s.firstMover) duelWide.push(`--first-mover ${s.firstMover}`);
  out.push(...wrap(`arena compare: ${sideTitle(r.sides[0])} (A) against ${sideTitle(r.sides[1])} (B) · ${duelWide.join(' · ')}`, width, '  '));
  for (const side of r.sides) {
    out.push('');
    out.push(...wrap(`${side.key}  ${side.setup.ruleset}, ${side.setup.edition} edition`, width, '   '));
    out.push(...wrap(`hero ${side.hero.name} [${side.hero.template}] (${side.hero.how})`, width - 3, '    ').map((l) => `   ${l}`));
    out.push(...wrap(`foe ${side.foe.name} [${side.foe.template}] (${side.foe.how})`, width - 3, '    ').map((l) => `   ${l}`));
    out.push(...wrap(`hero options: ${side.options.length > 0 ? side.options.join(' ') : 'none (the preset as it is)'}`, width - 3, '    ').map((l) => `   ${l}`));
    for (const x of side.refused) out.push(...wrap(refusalText(side, x), width - 3, '    ').map((l) => `   ${l}`));
  }
  return out;
}

/** "side B: --weapon dagger not available in angband-3.0.5 (unknown weapon); using its preset". */
export function refusalText(side: CompareSide, x: RefusedOption): string {
  return `side ${side.key}: ${x.flag} ${x.value} not available in ${side.setup.ruleset} (${x.reason}); using its preset`;
}

const timeText = (t: number): string => t.toFixed(3);

/** Both fighters' hit points after a turn: "hp 12/20 · 5/9" (hero · foe). */
const hpText = (e: TurnEntry): string => `hp ${e.hp[0]}/${e.maxHp[0]} · ${e.hp[1]}/${e.maxHp[1]}`;

/** A turn's lines in a column `w` wide: who acted and what happened, then the hit points after it, right-aligned. */
function cellLines(e: TurnEntry, w: number): string[] {
  const who = e.actor ?? 'then';
  const said = e.messages.length > 0 ? e.messages : [e.command ?? ''];
  const lines: string[] = [];
  // The first message after the actor, the others under it; lines after a message's first indented.
  said.forEach((m, k) => lines.push(...(k === 0 ? wrap(`${who}: ${m}`, w, '  ') : wrap(m, w - 2, '  ').map((l) => `  ${l}`))));
  const hp = hpText(e);
  const last = lines[lines.length - 1] ?? '';
  if (last.length + 2 + hp.length <= w) lines[lines.length - 1] = last + hp.padStart(w - last.length);
  else lines.push(hp.padStart(w));
  return lines;
}

function rowDiffers(r: CompareReport, row: AlignedRow): boolean {
  const t = r.traced;
  if (!t) return false;
  return !sameTurn(...rowEntries(t.duels, row));
}

function isQuiet(r: CompareReport, row: AlignedRow): boolean {
  const t = r.traced;
  if (!t) return true;
  return rowEntries(t.duels, row).every((e) => (e?.messages.length ?? 0) === 0);
}

/** The turn-by-turn table: game time, then each side's turn at that time. */
export function turnLines(r: CompareReport, o: TextOptions): string[] {
  const t = r.traced;
  if (!t) return [];
  const [da, db] = t.duels;
  const last = t.rows[t.rows.length - 1];
  const timeW = Math.max(5, timeText(last?.time ?? 0).length);
  const colW = Math.max(16, Math.floor((o.width - timeW - 6) / 2));
  // The mark between the time and side A: '≠' where the two sides' turns differ.
  const join = (time: string, a: string, b: string, sep = '│', mark = ' ') => `${time.padStart(timeW)}${mark}${sep} ${a.padEnd(colW)} ${sep} ${b}`.trimEnd();
  const out: string[] = [];
  out.push(
    ...wrap(
      `turn by turn: the game time, who acted and what happened on each side, and hit points after (hero · foe); ≠ marks the rows where the sides differ${o.allRows ? '' : '; runs of turns with no messages are folded'}`,
      o.width,
    ),
  );
  out.push('');
  const title = (s: CompareSide) => `${s.key} ${sideTitle(s)}`.slice(0, colW);
  out.push(join('time', title(r.sides[0]), title(r.sides[1])));
  out.push(`${'─'.repeat(timeW + 1)}┼${'─'.repeat(colW + 2)}┼${'─'.repeat(colW + 1)}`);
  // The row of each side's last turn (when shown): after it that side's column says the duel is over, once.
  const ends = [0, 1].map((side) => {
    const lastTurn = t.duels[side as 0 | 1].entries.length - 1;
    const k = t.rows.findIndex((x) => (side === 0 ? x.a : x.b) === lastTurn);
    return k < 0 ? Number.POSITIVE_INFINITY : k;
  });
  const overText = (d: PlayedDuel) => `(over: ${d.outcome ? (d.outcome.winnerName ? `${d.outcome.winner} wins` : 'a draw') : 'unfinished'})`;
  const over = (side: 0 | 1, k: number): string[] => (k === (ends[side] as number) + 1 ? [overText(t.duels[side]).slice(0, colW)] : []);
  let k = 0;
  while (k < t.rows.length) {
    let end = k;
    if (!o.allRows && isQuiet(r, t.rows[k] as AlignedRow)) while (end + 1 < t.rows.length && isQuiet(r, t.rows[end + 1] as AlignedRow)) end++;
    if (end - k + 1 >= 3) {
      // A run of turns in which no one said anything (moving, waiting): one line a side.
      const run = t.rows.slice(k, end + 1);
      const fold = (side: 0 | 1): string[] => {
        const picked = run.map((x) => (side === 0 ? x.a : x.b)).filter((x): x is number => x !== null);
        const lastIdx = picked[picked.length - 1];
        if (lastIdx === undefined) return run.flatMap((_, q) => over(side, k + q));
        const e = t.duels[side].entries[lastIdx] as TurnEntry;
        const hp = hpText(e);
        const first = `… ${picked.length} turn${picked.length === 1 ? '' : 's'}, no messages`;
        const second = `to ${timeText(e.time)}`;
        const ended = run.flatMap((_, q) => over(side, k + q));
        const tail = second.length + 2 + hp.length <= colW ? [second + hp.padStart(colW - second.length)] : [second, hp.padStart(colW)];
        return [first.slice(0, colW), ...tail, ...ended];
      };
      const [fa, fb] = [fold(0), fold(1)];
      const differs = run.some((x) => rowDiffers(r, x));
      for (let q = 0; q < Math.max(fa.length, fb.length); q++) out.push(join(q === 0 ? timeText((run[0] as AlignedRow).time) : '', fa[q] ?? '', fb[q] ?? '', '┆', q === 0 && differs ? '≠' : ' '));
      k = end + 1;
      continue;
    }
    const row = t.rows[k] as AlignedRow;
    const ca = row.a !== null ? cellLines(da.entries[row.a] as TurnEntry, colW) : over(0, k);
    const cb = row.b !== null ? cellLines(db.entries[row.b] as TurnEntry, colW) : over(1, k);
    const differs = rowDiffers(r, row);
    for (let q = 0; q < Math.max(ca.length, cb.length); q++) out.push(join(q === 0 ? timeText(row.time) : '', ca[q] ?? '', cb[q] ?? '', '│', q === 0 && differs ? '≠' : ' '));
    k++;
  }
  if (t.totalRows > t.rows.length) out.push('', `(${t.rows.length} of ${t.totalRows} rows shown: --turns ${t.rows.length})`);
  out.push('');
  for (const [side, d] of [[r.sides[0], da], [r.sides[1], db]] as const) {
    out.push(...wrap(`outcome ${side.key}: ${d.outcome ? d.outcome.text : 'unfinished'}`, o.width, '  '));
  }
  const parted = firstDifference(t.duels);
  out.push(
    ...wrap(
      parted ? `The duels part at game time ${timeText(parted.time)} (row ${parted.row + 1} of ${t.totalRows}).` : 'The two duels are the same turn for turn.',
      o.width,
    ),
  );
  return out;
}

const pctText = (x: number): string => (100 * x).toFixed(1);

/** How a figure's values are written: percent for rates, whole turns for medians, two decimals for small means. */
function valueText(f: Figure, x: number, sign = false): string {
  let s = f.kind === 'rate' ? pctText(x) : f.kind === 'median' ? String(Math.round(x)) : f.id === 'gameTurns' || Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(2);
  if (/^-0(\.0+)?$/.test(s)) s = s.slice(1);
  return sign && !s.startsWith('-') ? `+${s}` : s;
}

function intervalText(f: Figure, i: Interval | null, sign = false): string {
  if (!i) return '-';
  return `${valueText(f, i.value, sign)} [${valueText(f, i.lo)}, ${valueText(f, i.hi)}]`;
}

function differenceText(f: Figure): string {
  if (!f.difference) return '-';
  if (f.kind === 'median') return valueText(f, f.difference.value, true);
  return intervalText(f, f.difference, true);
}

/** The aggregate table: each figure for A and for B with its 95% interval, and B - A with its own. */
export function aggregateLines(r: CompareReport, width: number): string[] {
  const g = r.aggregate;
  if (!g) return [];
  const figs = aggregateFigures(g);
  const s = r.sides[0].setup;
  const out: string[] = [];
  out.push(
    ...wrap(
      `in aggregate: ${g.duels} duel${g.duels === 1 ? '' : 's'} a side (duel i with the seed ${s.seed}/sim-i on both sides) on ${workersText(g.workers)} in ${g.seconds.toFixed(1)} s; every figure with its 95% interval`,
      width,
    ),
  );
  out.push('');
  // Sections with their lines under them; a section's heading runs across the columns.
  type Line = { readonly heading: string } | { readonly cells: readonly string[] };
  const lines: Line[] = [{ cells: ['', 'A', 'B', 'B - A'] }];
  let group = '';
  for (const f of figs) {
    if (f.group !== group) lines.push({ heading: (group = f.group) });
    // A significant difference is starred in the margin.
    lines.push({ cells: [`${f.significant ? '*' : ' '} ${f.label}`, intervalText(f, f.a), intervalText(f, f.b), differenceText(f)] });
  }
  const measure = () => {
    const rows = lines.flatMap((l) => ('cells' in l ? [l.cells] : []));
    return [0, 1, 2, 3].map((c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  };
  const fits = (w: readonly number[], g: number) => w.reduce((a, b) => a + b, 0) + 3 * g <= width;
  // The sides' names over their columns when there is room for them.
  lines[0] = { cells: ['', `A ${sideTitle(r.sides[0])}`, `B ${sideTitle(r.sides[1])}`, 'B - A'] };
  if (!fits(measure(), 2)) lines[0] = { cells: ['', 'A', 'B', 'B - A'] };
  const widths = measure();
  // Two spaces between the columns, or one when that is what it takes to fit.
  const gap = [2, 1].find((g) => fits(widths, g));
  if (gap !== undefined) {
    for (const l of lines) out.push('cells' in l ? l.cells.map((x, c) => x.padEnd(widths[c] as number)).join(' '.repeat(gap)).trimEnd() : l.heading);
  } else {
    // Too narrow for four columns: each figure on lines of its own.
    for (const l of lines.slice(1)) {
      if (!('cells' in l)) {
        out.push(l.heading);
        continue;
      }
      out.push(l.cells[0] as string, `      A ${l.cells[1]}`, `      B ${l.cells[2]}`, `  B - A ${l.cells[3]}`);
    }
  }
  out.push('');
  out.push(
    ...wrap(
      "* the 95% interval of B - A leaves out 0. Rates: Newcombe's interval from the two Wilson intervals; means: Welch's; both take the sides as independent samples. Medians: order-statistic intervals; their difference has none.",
      width,
    ),
  );
  const win = figs.find((f) => f.id === 'heroWins');
  if (win?.difference) {
    const d = win.difference;
    const range = `${valueText(win, d.value, true)} points, 95% interval [${valueText(win, d.lo, true)}, ${valueText(win, d.hi, true)}]`;
    out.push('');
    out.push(...wrap(win.significant ? `The hero wins ${d.value > 0 ? 'more' : 'less'} often under B: ${range}.` : `No significant difference in the hero's win rate: ${range}.`, width));
  }
  const significant = figs.filter((f) => f.significant);
  out.push(...wrap(significant.length > 0 ? `Significant differences: ${significant.map((f) => f.name).join(', ')}.` : 'No figure differs significantly.', width));
  return out;
}

export function compareText(r: CompareReport, o: TextOptions): string {
  const parts = [headerLines(r, o.width)];
  if (r.traced) parts.push(turnLines(r, o));
  if (r.aggregate) parts.push(aggregateLines(r, o.width));
  return `${parts.map((p) => p.join('\n')).join('\n\n')}\n`;
}

/** Everything as one JSON document: the sides, the turn-by-turn rows and both outcomes, the aggregate figures. */
export function compareData(r: CompareReport) {
  const t = r.traced;
  const g = r.aggregate;
  const sideFigures = (k: 0 | 1) => {
    if (!g) return null;
    const stats = g.stats[k];
    const { seconds: _s, workers: _w, setup: _setup, ...rest } = simFigures({ setup: r.sides[k].setup, duels: g.duels, workers: g.workers, seconds: g.seconds, stats });
    return rest;
  };
  return {
    program: r.program,
    sides: r.sides.map((s) => ({ key: s.key, ruleset: s.setup.ruleset, edition: s.setup.edition, setup: s.setup, hero: s.hero, foe: s.foe, options: s.options, refused: s.refused })),
    turnByTurn: t
      ? {
          rows: t.rows.map((row) => {
            const [a, b] = rowEntries(t.duels, row);
            return { time: row.time, same: sameTurn(a, b), a: a ?? null, b: b ?? null };
          }),
          totalRows: t.totalRows,
          firstDifference: firstDifference(t.duels),
          fighters: t.duels.map((d) => ({ hero: d.heroName, foe: d.foeName })),
          outcomes: t.duels.map((d) => d.outcome),
        }
      : null,
    aggregate: g
      ? {
          duels: g.duels,
          workers: g.workers,
          seconds: g.seconds,
          sides: [sideFigures(0), sideFigures(1)],
          figures: aggregateFigures(g),
        }
      : null,
  };
}

export function compareJson(r: CompareReport): string {
  return `${JSON.stringify(compareData(r), null, 2)}\n`;
}
