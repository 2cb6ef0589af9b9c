import type { DuelSetup } from '../game/duel.js';
import { type Interval, type SimStats, meanInterval, quantile, wilson } from '../sim/stats.js';

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

/** Every figure with its interval, as plain data (the JSON output). */
export function simFigures(r: SimReport) {
  const s = r.stats;
  const n = s.duels;
  const kinds = (side: 0 | 1) =>
    Object.entries(s.attacks[side])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([kind, t]) => ({ kind, attacks: t.attacks, hits: t.hits, hitRate: wilson(t.hits, t.attacks), damagePerAttack: t.attacks > 0 ? t.damage / t.attacks : 0 }));
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
  };
}

/** A histogram of whole turns in at most `rows` bins, drawn with bars `width` wide. */
export function histogram(h: readonly number[], rows = 10, width = 40): string[] {
  const first = h.findIndex((c) => c > 0);
  if (first < 0) return ['  (none)'];
  const last = h.length - 1;
  const size = Math.max(1, Math.ceil((last - first + 1) / rows));
  const bins: { lo: number; hi: number; count: number }[] = [];
  for (let lo = first; lo <= last; lo += size) {
    let count = 0;
    for (let i = lo; i < lo + size && i <= last; i++) count += h[i] ?? 0;
    bins.push({ lo, hi: Math.min(last, lo + size - 1), count });
  }
  const max = Math.max(...bins.map((b) => b.count));
  const label = (b: { lo: number; hi: number }) => (b.lo === b.hi ? `${b.lo}` : `${b.lo}-${b.hi}`).padStart(9);
  return bins.map((b) => `  ${label(b)} ${'█'.repeat(Math.round((b.count / max) * width)).padEnd(width)} ${b.count}`);
}

export function simText(r: SimReport): string {
  const f = simFigures(r);
  const s = r.setup;
  const out = [
    `arena sim: ${s.ruleset} ${s.edition} · ${s.hero.template} vs ${s.foe.template} · ${s.arena} · seed ${s.seed}`,
    `${f.duels} duels on ${r.workers === 0 ? 'this thread' : `${r.workers} worker${r.workers > 1 ? 's' : ''}`} in ${r.seconds.toFixed(1)} s; every figure with its 95% interval`,
    '',
    'outcome       rate    95% interval',
    `hero wins     ${ci(f.outcomes.hero, pct)}   (${f.counts.hero})`,
    `foe wins      ${ci(f.outcomes.foe, pct)}   (${f.counts.foe})`,
    `draws         ${ci(f.outcomes.draw, pct)}   (${f.counts.draw})`,
    '',
    `game turns a duel     ${ci(f.turns, num)}`,
    `damage a game turn    hero ${ci(f.damagePerTurn.hero, num)}   foe ${ci(f.damagePerTurn.foe, num)}`,
    '',
    'attacks       kind         attacks      hits   hit rate  95% interval        damage/attack',
  ];
  for (const [who, list] of [['hero', f.attacks.hero], ['foe', f.attacks.foe]] as const) {
    for (const a of list) out.push(`${who.padEnd(13)} ${a.kind.padEnd(10)} ${String(a.attacks).padStart(9)} ${String(a.hits).padStart(9)}   ${ci(a.hitRate, pct).padEnd(30)} ${num(a.damagePerAttack)}`);
  }
  if (f.noticing.rolls > 0) out.push('', `noticing rolls ${f.noticing.rolls}: noticed ${ci(f.noticing.rate, pct)}`);
  for (const who of ['hero', 'foe'] as const) {
    const t = f.turnsToKill[who];
    out.push('', `game turns to the ${who === 'hero' ? "hero's" : "foe's"} wins: median ${t.median ?? '-'}, 90% within ${t.p90 ?? '-'}`);
    out.push(...histogram(t.histogram));
  }
  return `${out.join('\n')}\n`;
}

export function simJson(r: SimReport): string {
  return `${JSON.stringify(simFigures(r), null, 2)}\n`;
}

/** One row per figure: name, value, lower and upper bound of its 95% interval. */
export function simCsv(r: SimReport): string {
  const f = simFigures(r);
  const rows: (string | number)[][] = [['figure', 'value', 'lo95', 'hi95', 'count']];
  const add = (name: string, i: Interval, count: number | string = '') => rows.push([name, i.value, i.lo, i.hi, count]);
  add('hero_win_rate', f.outcomes.hero, f.counts.hero);
  add('foe_win_rate', f.outcomes.foe, f.counts.foe);
  add('draw_rate', f.outcomes.draw, f.counts.draw);
  add('game_turns', f.turns, f.duels);
  add('hero_damage_per_turn', f.damagePerTurn.hero);
  add('foe_damage_per_turn', f.damagePerTurn.foe);
  for (const [who, list] of [['hero', f.attacks.hero], ['foe', f.attacks.foe]] as const) for (const a of list) add(`${who}_${a.kind}_hit_rate`, a.hitRate, a.attacks);
  if (f.noticing.rolls > 0) add('notice_rate', f.noticing.rate, f.noticing.rolls);
  for (const who of ['hero', 'foe'] as const) f.turnsToKill[who].histogram.forEach((c, turn) => c > 0 && rows.push([`${who}_wins_at_turn`, turn, '', '', c]));
  return `${rows.map((r) => r.join(',')).join('\n')}\n`;
}
