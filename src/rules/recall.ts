import { Fraction } from '../core/fraction.js';
import type { Distribution } from '../core/distribution.js';
import { Terrain } from '../world/terrain.js';
import { capitalise } from './common.js';
import type { AttackContext, FighterView, RecallSection, Ruleset } from './ruleset.js';

/**
 * The parts of a recall page every ruleset shares (Angband 4.2's monster recall, DCSS's `xv`):
 * the attack context built from where the two fighters stand, lines cut to the page's width, the
 * state and noticing line, a hero's sheet, each side's attacks with the exact odds from the
 * ruleset's own `previewAttack`, and the turns each side expects to need. A ruleset supplies what
 * only it knows: the monster's own section, and its attacks blow by blow.
 */

export const RECALL_WIDTH = 76;

export interface RecallWhere {
  readonly distance: number;
  readonly visible: boolean;
}

/** Cuts `text` at spaces into lines of at most 76 characters; carried-over words start with `indent`. */
export function fit(text: string, indent = '    '): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  const out: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    const empty = line.length === lead.length;
    if (!empty && line.length + 1 + word.length > RECALL_WIDTH) {
      out.push(line);
      line = `${lead}${indent}${word}`;
    } else line = empty ? `${line}${word}` : `${line} ${word}`;
  }
  out.push(line);
  // A single word longer than the page (never in practice) is cut where it stands.
  return out.flatMap((l) => (l.length <= RECALL_WIDTH ? [l] : (l.match(new RegExp(`.{1,${RECALL_WIDTH}}`, 'g')) ?? [])));
}

/** A section whose lines are cut to the page's width. */
export function section(title: string, lines: readonly string[]): RecallSection {
  return { title: capitalise(title), lines: lines.flatMap((l) => fit(capitalise(l))) };
}

/** The context of an attack between two views: terrain is not in a view, so both stand on floor. */
export function recallContext(now: number, distance: number, visible: boolean): AttackContext {
  return { now, distance, visible, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor };
}

/** "5.33": a fraction with two decimals. */
export const two = (f: Fraction): string => f.toNumber().toFixed(2);

/** "3-15 (avg 8.20)". */
export const spreadText = (d: Distribution): string => `${d.min}-${d.max} (avg ${two(d.mean())})`;

const MODE_TEXT = { sleeping: 'asleep', wandering: 'wandering, not aware of you', hunting: 'hunting you', fleeing: 'fleeing' } as const;

/**
 * Whether `subject` has `observer` in view, for its noticing roll. A view carries no line of
 * sight, so what the observer sees (or would see, but for invisibility) stands for it.
 */
function inSight(rs: Ruleset, subject: FighterView, observer: FighterView, where: RecallWhere): boolean {
  const seesBack = rs.canSee?.(subject, observer) ?? true;
  const hiddenOnly = !(rs.canSee?.(observer, subject) ?? true);
  return where.distance <= rs.viewRadius(subject) && seesBack && (where.visible || hiddenOnly);
}

/** Its state, and while it sleeps or wanders the exact chance it notices the observer this turn. */
export function stateLines(rs: Ruleset, subject: FighterView, observer: FighterView, where: RecallWhere): string[] {
  const mode = subject.ai?.mode;
  if (!mode) return [];
  const out = [`State: ${MODE_TEXT[mode]}.`];
  if (mode === 'sleeping' || mode === 'wandering') {
    const n = rs.noticeChance(subject, observer, where.distance, inSight(rs, subject, observer, where));
    out.push(`Notices you ${n.chance.percent(1)} a turn now: ${n.describe}.`);
  }
  return out;
}

/**
 * A fighter's statuses as the ruleset labels them ("poison 3", "haste 4" turns left), for the
 * status panel and the recall page; bookkeeping clocks (regeneration, recharging) are left out.
 */
export function statusLabels(rs: Ruleset, f: FighterView, now: number): string[] {
  return f.statuses
    .map((s) => {
      if (rs.panel.statusLabel) return rs.panel.statusLabel(s, now);
      if (s.level === undefined && s.until === undefined && s.next !== undefined) return null;
      const left = s.level ?? (s.until !== undefined ? Math.ceil((s.until - now) / rs.ticksPerTurn) : undefined);
      return left === undefined ? s.kind : `${s.kind} ${left}`;
    })
    .filter((x): x is string => x !== null);
}

/** Its statuses in a sentence. */
export function statusLine(rs: Ruleset, f: FighterView, now: number): string {
  const labels = statusLabels(rs, f, now);
  return `Statuses: ${labels.length ? labels.join(', ') : 'none'}.`;
}

/** The first lines of a monster's section: what it is, its hit points and where they come from, its description. */
export function headLines(f: FighterView, what: string, hpFrom: string, description: string): string[] {
  return [`${f.fighter.name}: ${what}.`, `Hit points ${f.body.hp}/${f.body.maxHp}: ${hpFrom}.`, description];
}

/** A hero's character sheet: level, hit points, the status panel's lines, its gear and pack. */
export function heroSheet(rs: Ruleset, f: FighterView, now: number, o: { level: number; gear: readonly string[]; more?: readonly string[] }): RecallSection {
  const title = typeof f.rules['title'] === 'string' ? f.rules['title'] : f.fighter.name;
  const pack = f.inventory.pack.filter((s) => s.quantity > 0).map((s) => `${s.quantity} ${rs.itemName(s.item)}${s.charges !== undefined ? ` (${s.charges} charges)` : ''}`);
  return section(f.fighter.name, [
    `${title}.`,
    `Level ${o.level}, hit points ${f.body.hp}/${f.body.maxHp}.`,
    ...rs.panel.describeFighter(f, now),
    ...(o.more ?? []),
    `Gear: ${o.gear.length ? o.gear.join(', ') : 'nothing'}.`,
    `Pack: ${pack.length ? pack.join(', ') : 'empty'}.`,
    statusLine(rs, f, now),
  ]);
}

/** One side's attacks with the exact odds, and the best damage it expects a turn. */
function attackLines(rs: Ruleset, a: FighterView, d: FighterView, ctx: AttackContext, brief: boolean): { lines: string[]; best: Fraction; label: string } {
  const lines: string[] = [];
  let best = Fraction.ZERO;
  let label = '';
  const unusable: string[] = [];
  for (const o of rs.attackOptions(a)) {
    // Spells a ruleset's own rule chooses (an Angband monster's) have their own section.
    if (o.byRuleOnly) continue;
    if (!rs.canUse(o, ctx.distance)) {
      unusable.push(o.label);
      continue;
    }
    const p = rs.previewAttack(a, d, o, ctx);
    // Attacks a turn at the attacker's speed, as the ruleset counts them.
    const perTurn = p.perTurn;
    const expected = p.expected.mul(perTurn);
    if (label === '' || expected.compare(best) > 0) {
      best = expected;
      label = o.label;
    }
    if (brief) lines.push(`In all (${o.label}): ${two(p.expected)} expected an attack, ${two(perTurn)} attacks a turn: ${two(expected)} a turn.`);
    else {
      lines.push(`${o.label}: ${p.hit.percent(1)} to hit, damage ${spreadText(p.damage)} a hit.`);
      lines.push(`  ${two(perTurn)} attacks a turn, ${two(p.expected)} expected an attack, ${two(expected)} a turn.`);
    }
    if (p.notes.length) lines.push(`  ${p.notes.join('; ')}.`);
  }
  if (lines.length === 0) lines.push(`Nothing reaches at distance ${ctx.distance}.`);
  if (unusable.length) lines.push(`Not from distance ${ctx.distance}: ${unusable.join(', ')}.`);
  return { lines, best, label };
}

/** "4.8 turns", or that it cannot be done from here. */
function killLine(who: string, hp: number, perTurn: Fraction, how: string, distance: number): string {
  if (perTurn.num <= 0n) return `${who}: cannot hurt (0 expected damage a turn at distance ${distance}).`;
  return `${who}: ${two(Fraction.of(Math.max(0, hp)).div(perTurn))} turns (${hp} hp / ${two(perTurn)} a turn${how ? `, ${how}` : ''}).`;
}

export interface RecallParts {
  /** What the subject is: the monster's section or the hero's sheet. */
  readonly about: readonly RecallSection[];
  /** The subject's attacks blow by blow; the previews then give only the totals. */
  readonly blows?: readonly string[];
}

/**
 * The whole page: the subject's sections; then, for a monster, its attacks on the observer, the
 * observer's on it, and the turns each is expected to need to kill the other. A hero's page is
 * its sheet, whoever looks (the screen passes the foe as the observer of the hero's own page).
 */
export function recallPage(rs: Ruleset, subject: FighterView, observer: FighterView, now: number, where: RecallWhere, parts: RecallParts): RecallSection[] {
  if (subject.id === observer.id || subject.fighter.kind === 'hero') return [...parts.about];
  const blows = parts.blows ?? [];
  const theirs = attackLines(rs, subject, observer, recallContext(now, where.distance, rs.canSee?.(subject, observer) ?? true), blows.length > 0);
  const mine = attackLines(rs, observer, subject, recallContext(now, where.distance, where.visible), false);
  return [
    ...parts.about,
    section('Its attacks against you', [...blows, ...theirs.lines]),
    section(`Your attacks against it${where.visible ? '' : ' (unseen)'}`, mine.lines),
    section('Turns to kill (expected: hit points / expected damage a turn)', [
      killLine('You kill it', subject.body.hp, mine.best, mine.label, where.distance),
      killLine('It kills you', observer.body.hp, theirs.best, '', where.distance),
    ]),
  ];
}
