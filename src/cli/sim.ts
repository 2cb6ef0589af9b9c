import type { DuelSetup } from '../game/duel.js';
import type { AttackTally, ExactTally } from '../systems/state.js';
import { workersText } from './progress.js';
import { type FitTest, type Interval, type SimStats, fitTest, meanInterval, quantile, wilson } from '../sim/stats.js';

/** `arena sim` output: a table with intervals and a histogram for people, JSON or CSV for machines. */

export interface SimReport {
  readonly setup: DuelSetup;
  readonly duels: number;
  readonly workers: number;
  readonly seconds: number;
  readonly stats: SimStats;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const ci = (i: Interval, f: (x: number) => string): string => `${f(i.value)}  [${f(i.lo)}, ${f(i.hi)}]`;
const num = (x: number): string => x.toFixed(2);

/** A Monte Carlo figure beside its exact counterpart, and whether the estimate's interval holds it. */
export interface Check {
  readonly observed: Interval;
  readonly exact: number;
  readonly agrees: boolean;
}

const check = (observed: Interval, exact: number): Check => ({ observed, exact, agrees: exact >= observed.lo - 1e-12 && exact <= observed.hi + 1e-12 });

/** One bin of a damage distribution: the share seen (with its interval) and the exact share. */
export interface DistributionRow extends Check {
  readonly lo: number;
  readonly hi: number;
  readonly count: number;
}

export interface DistributionCheck {
  readonly rows: readonly DistributionRow[];
  readonly fit: FitTest;
  /** The fit test does not reject the exact law at the 5% level. */
  readonly agrees: boolean;
}

/** Damage seen against the exact mixture of the laws it was drawn from, in at most `bins` bins. */
export function distributionCheck(seen: readonly number[], law: readonly number[], n: number, bins = 8): DistributionCheck {
  const top = Math.max(seen.length, law.length) - 1;
  const expected = Array.from({ length: top + 1 }, (_, v) => law[v] ?? 0);
  const fit = fitTest(seen, expected);
  // Bins of equal width over the values either side can take; 0 (a miss) always alone.
  const rows: DistributionRow[] = [];
  const add = (lo: number, hi: number): void => {
    let count = 0;
    let mass = 0;
    for (let v = lo; v <= hi; v++) {
      count += seen[v] ?? 0;
      mass += expected[v] ?? 0;
    }
    if (count > 0 || mass > 1e-12) rows.push({ lo, hi, count, ...check(wilson(count, n), mass / n) });
  };
  add(0, 0);
  const width = Math.max(1, Math.ceil(top / Math.max(1, bins - 1)));
  for (let lo = 1; lo <= top; lo += width) add(lo, Math.min(top, lo + width - 1));
  return { rows, fit, agrees: fit.p >= 0.05 };
}

/** The exact counterparts of a side's attacks of one kind. */
function exactFigures(x: ExactTally) {
  return {
    blows: x.blows,
    hitRate: check(wilson(x.hits, x.blows), x.blows > 0 ? x.hitSum / x.blows : 0),
    damagePerBlow: check(meanInterval({ n: x.blows, sum: x.damage, sumSq: x.damageSq }), x.blows > 0 ? x.meanSum / x.blows : 0),
    blowDamage: distributionCheck(x.seen, x.law, x.blows),
    rounds: x.rounds,
    damagePerRound: check(meanInterval({ n: x.rounds, sum: x.roundDamage, sumSq: x.roundDamageSq }), x.rounds > 0 ? x.roundMeanSum / x.rounds : 0),
    roundDamage: distributionCheck(x.roundSeen, x.roundLaw, x.rounds),
  };
}

function attackFigures(kind: string, t: AttackTally) {
  return {
    kind,
    attacks: t.attacks,
    hits: t.hits,
    hitRate: wilson(t.hits, t.attacks),
    damagePerAttack: t.attacks > 0 ? t.damage / t.attacks : 0,
    blows: t.blows,
    blowHits: t.blowHits,
    tags: t.tags,
    exact: t.exact && t.exact.blows + t.exact.rounds > 0 ? exactFigures(t.exact) : null,
  };
}

/** How an outcome's rate compares with the exchange model's. */
export type ExchangeVerdict = 'agrees' | 'agrees within the exchange bound' | 'disagrees' | 'not checked';

/**
 * The exchange model's figures beside the duels': win rates and turns to kill. The real chances
 * can differ from the model's by at most the chance that a duel leaves the exchange (the bound:
 * the 95% upper limit of the share of duels that left it), so a figure whose interval misses the
 * exact value by less than that still agrees within the bound.
 *
 * The model applies to a simulation only when every duel had a model and the bound is below
 * 50%, so that most duels were, with 95% confidence, pure melee exchanges; otherwise it is not
 * applicable and `why` says which duels left it and how. Where it applies, a figure whose
 * widened interval would hold any value from 0 to 1 is 'not checked' rather than agreeing.
 */
function exchangeFigures(s: SimStats) {
  const x = s.exchange;
  const n = s.duels;
  const left = (what: string) => `${what} (first, duel ${x.first?.duel}: ${x.first?.why})`;
  if (n === 0) return { applicable: false as const, why: 'no duels were played' };
  if (x.unmodelled === null && x.modelled < n) return { applicable: false as const, why: 'the exact counterparts were left out (--no-exact)' };
  if (x.modelled < n) return { applicable: false as const, why: `the exact model does not cover this duel: ${x.unmodelled?.why}` };
  const slack = x.left > 0 ? wilson(x.left, n).hi : 0;
  if (x.left === n) return { applicable: false as const, why: left('every duel left the exact model of a pure melee exchange'), left: x.left, slack };
  if (slack >= 0.5) return { applicable: false as const, why: left(`${x.left} of ${n} duels left the exact model of a pure melee exchange, so it may be off by up to ${pct(slack)}`), left: x.left, slack };
  const outcome = (seen: number, exact: number) => {
    const c = check(wilson(seen, n), exact / n);
    const lo = c.observed.lo - slack;
    const hi = c.observed.hi + slack;
    const withinBound = exact / n >= lo - 1e-12 && exact / n <= hi + 1e-12;
    const verdict: ExchangeVerdict = c.agrees ? 'agrees' : lo <= 0 && hi >= 1 ? 'not checked' : withinBound ? 'agrees within the exchange bound' : 'disagrees';
    return { observed: c.observed, exact: c.exact, verdict };
  };
  const ttk = (side: 0 | 1) => {
    const exact = x.ttk[side];
    const seen = s.ttk[side === 0 ? 'hero' : 'foe'];
    return { exact: exact.map((q) => q / n), fit: fitTest(seen, exact) };
  };
  return {
    applicable: true as const,
    left: x.left,
    firstLeft: x.first,
    slack,
    hero: outcome(s.outcomes.hero, x.win[0]),
    foe: outcome(s.outcomes.foe, x.win[1]),
    draw: outcome(s.outcomes.draw, x.draw),
    turnsToKill: { hero: ttk(0), foe: ttk(1) },
  };
}

const byKind = ([a]: [string, unknown], [b]: [string, unknown]): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every figure with its interval, and its exact counterpart where it has one, as plain data (the JSON output). */
export function simFigures(r: SimReport) {
  const s = r.stats;
  const n = s.duels;
  const kinds = (side: 0 | 1) =>
    Object.entries(s.attacks[side])
      .sort(byKind)
      .map(([kind, t]) => attackFigures(kind, t));
  return {
    setup: r.setup,
    duels: n,
    workers: r.workers,
    seconds: r.seconds,
    outcomes: { hero: wilson(s.outcomes.hero, n), foe: wilson(s.outcomes.foe, n), draw: wilson(s.outcomes.draw, n) },
    counts: s.outcomes,
    turns: meanInterval(s.turns),
    turnsToKill: {
      hero: { median: quantile(s.ttk.hero, 0.5) ?? null, p90: quantile(s.ttk.hero, 0.9) ?? null, histogram: s.ttk.hero },
      foe: { median: quantile(s.ttk.foe, 0.5) ?? null, p90: quantile(s.ttk.foe, 0.9) ?? null, histogram: s.ttk.foe },
    },
    damagePerTurn: { hero: meanInterval(s.dpt[0]), foe: meanInterval(s.dpt[1]) },
    attacks: { hero: kinds(0), foe: kinds(1) },
    noticing: { rolls: s.notices.rolls, noticed: s.notices.noticed, rate: wilson(s.notices.noticed, s.notices.rolls) },
    exchange: exchangeFigures(s),
  };
}

/** A histogram of whole turns in at most `rows` bins, drawn with bars `width` wide; with `exact`, each bin's exact expected count beside it. */
export function histogram(h: readonly number[], rows = 10, width = 40, exact?: readonly number[]): string[] {
  const first = h.findIndex((c) => c > 0);
  if (first < 0) return ['  (none)'];
  const last = h.length - 1;
  const size = Math.max(1, Math.ceil((last - first + 1) / rows));
  const bins: { lo: number; hi: number; count: number; expected: number }[] = [];
  for (let lo = first; lo <= last; lo += size) {
    let count = 0;
    let expected = 0;
    for (let i = lo; i < lo + size && i <= last; i++) {
      count += h[i] ?? 0;
      expected += exact?.[i] ?? 0;
    }
    bins.push({ lo, hi: Math.min(last, lo + size - 1), count, expected });
  }
  const max = Math.max(...bins.map((b) => b.count));
  const label = (b: { lo: number; hi: number }) => (b.lo === b.hi ? `${b.lo}` : `${b.lo}-${b.hi}`).padStart(9);
  return bins.map((b) => `  ${label(b)} ${'█'.repeat(Math.round((b.count / max) * width)).padEnd(width)} ${String(b.count).padStart(6)}${exact ? `   exact ${b.expected.toFixed(1)}` : ''}`);
}

const verdict = (agrees: boolean): string => (agrees ? 'agrees' : 'DISAGREES');
const fitText = (f: FitTest): string => (f.df === 0 ? 'too few to test' : `fit p = ${f.p.toFixed(3)} (chi-square ${f.chi2.toFixed(1)}, ${f.df} df)`);
const TAG_WORDS: Record<string, string> = { critical: 'criticals', blocked: 'blocks', stab: 'stabs', surprise: 'surprise attacks', slay: 'slays', brand: 'brands' };

function checkLine(label: string, c: Check, f: (x: number) => string): string {
  return `  ${label.padEnd(18)} ${ci(c.observed, f).padEnd(30)} exact ${f(c.exact).padEnd(8)} ${verdict(c.agrees)}`;
}

function distributionLines(label: string, d: DistributionCheck): string[] {
  const out = [`  ${label.padEnd(18)} ${fitText(d.fit).padEnd(39)} ${verdict(d.agrees)}`];
  const max = Math.max(...d.rows.map((r) => Math.max(r.observed.value, r.exact)), 1e-9);
  for (const r of d.rows) {
    const range = (r.lo === r.hi ? `${r.lo}` : `${r.lo}-${r.hi}`).padStart(9);
    out.push(`    ${range} ${ci(r.observed, pct).padEnd(28)} exact ${pct(r.exact).padEnd(6)} ${'█'.repeat(Math.round((r.observed.value / max) * 16))}`);
  }
  return out;
}

export function simText(r: SimReport): string {
  const f = simFigures(r);
  const s = r.setup;
  const x = f.exchange;
  const exactCol = (c: { exact: number; verdict: ExchangeVerdict } | undefined) =>
    c ? `   exact ${pct(c.exact).padEnd(6)} ${c.verdict === 'disagrees' ? 'DISAGREES' : c.verdict === 'not checked' ? 'not checked: the bound admits any value' : c.verdict}` : x.applicable ? '' : '   exact: not applicable';
  const out = [
    `arena sim: ${s.ruleset} ${s.edition} · ${s.hero.template} vs ${s.foe.template} · ${s.arena} · seed ${s.seed}`,
    `${f.duels} duels on ${workersText(r.workers)} in ${r.seconds.toFixed(1)} s; every figure with its 95% interval, and its exact value where it has one`,
    '',
    'outcome       rate    95% interval',
    `hero wins     ${ci(f.outcomes.hero, pct).padEnd(24)} (${f.counts.hero})${exactCol(x.applicable ? x.hero : undefined)}`,
    `foe wins      ${ci(f.outcomes.foe, pct).padEnd(24)} (${f.counts.foe})${exactCol(x.applicable ? x.foe : undefined)}`,
    `draws         ${ci(f.outcomes.draw, pct).padEnd(24)} (${f.counts.draw})${exactCol(x.applicable ? x.draw : undefined)}`,
  ];
  if (!x.applicable) out.push(`exact win chances: not applicable: ${x.why}`);
  else if (x.left === 0) out.push('exact win chances: the melee exchange model by dynamic programming over hit points; every duel was a pure melee exchange');
  else
    out.push(
      'exact win chances: the melee exchange model by dynamic programming over hit points;',
      `  ${x.left} of ${f.duels} duels left the exchange (first, duel ${x.firstLeft?.duel}: ${x.firstLeft?.why}),`,
      `  so the real chances may differ from the model's by up to ${pct(x.slack)}`,
    );
  out.push('', `game turns a duel     ${ci(f.turns, num)}`, `damage a game turn    hero ${ci(f.damagePerTurn.hero, num)}   foe ${ci(f.damagePerTurn.foe, num)}`, '');
  out.push('attacks       kind         attacks      hits   hit rate  95% interval        damage/attack');
  for (const [who, list] of [['hero', f.attacks.hero], ['foe', f.attacks.foe]] as const) {
    for (const a of list) {
      out.push(`${who.padEnd(13)} ${a.kind.padEnd(10)} ${String(a.attacks).padStart(9)} ${String(a.hits).padStart(9)}   ${ci(a.hitRate, pct).padEnd(30)} ${num(a.damagePerAttack)}`);
      const tags = Object.entries(a.tags).map(([tag, k]) => `${TAG_WORDS[tag] ?? tag} ${k} (${pct(a.blows > 0 ? (k as number) / a.blows : 0)})`);
      if (a.blows !== a.attacks || tags.length > 0) out.push(`${''.padEnd(13)} ${a.blows} blows, ${a.blowHits} landed${tags.length > 0 ? `; ${tags.join(', ')}` : ''}`);
    }
  }
  if (f.noticing.rolls > 0) out.push('', `noticing rolls ${f.noticing.rolls}: noticed ${ci(f.noticing.rate, pct)}`);
  const exact = [...f.attacks.hero.map((a) => ['hero', a] as const), ...f.attacks.foe.map((a) => ['foe', a] as const)].filter(([, a]) => a.exact);
  if (exact.length > 0) out.push('', 'exact counterparts, given the state each blow was struck in (misses and blocks as 0 damage)');
  for (const [who, a] of exact) {
    const e = a.exact!;
    out.push(`${who} ${a.kind}: ${e.blows} blows in ${e.rounds} attacks`);
    out.push(checkLine('blow hit rate', e.hitRate, pct), checkLine('damage a blow', e.damagePerBlow, num));
    if (e.rounds !== e.blows) out.push(checkLine('damage an attack', e.damagePerRound, num));
    out.push(...distributionLines('damage of a blow', e.blowDamage));
    if (e.rounds !== e.blows) out.push(...distributionLines('damage of an attack', e.roundDamage));
  }
  for (const who of ['hero', 'foe'] as const) {
    const t = f.turnsToKill[who];
    const fit = x.applicable ? x.turnsToKill[who] : undefined;
    out.push('', `game turns to the ${who === 'hero' ? "hero's" : "foe's"} wins: median ${t.median ?? '-'}, 90% within ${t.p90 ?? '-'}${fit ? `; against the exchange model: ${fitText(fit.fit)} ${verdict(fit.fit.p >= 0.05)}` : ''}`);
    out.push(...histogram(t.histogram, 10, 40, fit ? fit.exact.map((q) => q * f.duels) : undefined));
  }
  return `${out.join('\n')}\n`;
}

export function simJson(r: SimReport): string {
  return `${JSON.stringify(simFigures(r), null, 2)}\n`;
}

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
const csvCell = (v: string | number): string => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));

/** One row per figure: name, value, lower and upper bound of its 95% interval. */
export function simCsv(r: SimReport): string {
  const f = simFigures(r);
  const rows: (string | number)[][] = [['figure', 'value', 'lo95', 'hi95', 'count', 'exact', 'agrees']];
  const add = (name: string, i: Interval, count: number | string = '') => rows.push([name, i.value, i.lo, i.hi, count, '', '']);
  add('hero_win_rate', f.outcomes.hero, f.counts.hero);
  add('foe_win_rate', f.outcomes.foe, f.counts.foe);
  add('draw_rate', f.outcomes.draw, f.counts.draw);
  add('game_turns', f.turns, f.duels);
  add('hero_damage_per_turn', f.damagePerTurn.hero);
  add('foe_damage_per_turn', f.damagePerTurn.foe);
  for (const [who, list] of [['hero', f.attacks.hero], ['foe', f.attacks.foe]] as const) for (const a of list) add(`${who}_${a.kind}_hit_rate`, a.hitRate, a.attacks);
  if (f.noticing.rolls > 0) add('notice_rate', f.noticing.rate, f.noticing.rolls);
  for (const [who, list] of [['hero', f.attacks.hero], ['foe', f.attacks.foe]] as const) {
    for (const a of list) {
      for (const [tag, k] of Object.entries(a.tags)) add(`${who}_${a.kind}_${tag}_rate`, wilson(k as number, a.blows), a.blows);
      if (!a.exact) continue;
      const e = a.exact;
      for (const [name, c, count] of [['blow_hit_rate', e.hitRate, e.blows], ['damage_per_blow', e.damagePerBlow, e.blows], ['damage_per_attack', e.damagePerRound, e.rounds]] as const) {
        rows.push([`${who}_${a.kind}_${name}`, c.observed.value, c.observed.lo, c.observed.hi, count, c.exact, c.agrees ? 'yes' : 'no']);
      }
      for (const [name, d] of [['blow_damage', e.blowDamage], ['attack_damage', e.roundDamage]] as const) {
        for (const r of d.rows) rows.push([`${who}_${a.kind}_${name}_${r.lo === r.hi ? r.lo : `${r.lo}-${r.hi}`}`, r.observed.value, r.observed.lo, r.observed.hi, r.count, r.exact, r.agrees ? 'yes' : 'no']);
      }
    }
  }
  const x = f.exchange;
  const exchangeRows = [['hero_win_rate_exchange', f.outcomes.hero, f.counts.hero, x.applicable ? x.hero : null], ['foe_win_rate_exchange', f.outcomes.foe, f.counts.foe, x.applicable ? x.foe : null], ['draw_rate_exchange', f.outcomes.draw, f.counts.draw, x.applicable ? x.draw : null]] as const;
  for (const [name, i, count, c] of exchangeRows) {
    // Where the model does not apply, the exact cell says so and the last cell says why.
    if (c === null) rows.push([name, i.value, i.lo, i.hi, count, 'not applicable', x.applicable ? '' : x.why]);
    else rows.push([name, i.value, i.lo, i.hi, count, c.exact, c.verdict === 'agrees' ? 'yes' : c.verdict === 'disagrees' ? 'no' : c.verdict]);
  }
  for (const who of ['hero', 'foe'] as const) f.turnsToKill[who].histogram.forEach((c, turn) => c > 0 && rows.push([`${who}_wins_at_turn`, turn, '', '', c, x.applicable ? (x.turnsToKill[who].exact[turn] ?? 0) * f.duels : '', '']));
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
