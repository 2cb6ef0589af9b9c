import { parseDice } from '../../core/dice.js';
import type { Fraction } from '../../core/fraction.js';
import { NO_DIE } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackFromKey, stackKey } from '../../world/components.js';
import type { Point } from '../../world/grid.js';
import type { Edition } from '../edition.js';
import { subjectOf, verb } from '../names.js';
import type { AttackOption, LandingInfo } from '../ruleset.js';
import { ACTION, type AngContext, type AngEffect, type AngView, SECTION_CONDITIONS, statusLevel } from './context.js';
import { ANG_DIVERGENCES } from './divergences.js';
import { opposeStatus } from './defence.js';
import type { Distribution } from '../../core/distribution.js';
import { type AngStep, change, damroll, lawOfSteps, passDie, rollSteps } from './steps.js';
import type { AngBreakageClass, AngConsumable, AngElement, AngOpposition } from './types.js';

/**
 * Things carried: potions and scrolls used from the pack, missiles that break or come down,
 * elements that destroy what the pack holds, and how items look on the floor.
 */

export const SECTION_BREAKAGE = 'angband-3.0.5#breakage';

/** How a condition shows, by its status kind. */
export const STATUS_TEXT: Record<string, string> = {
  blessed: 'blessed',
  hero: 'heroic',
  berserk: 'berserk',
  afraid: 'afraid',
  poisoned: 'poisoned',
  cut: 'cut',
  'oppose-acid': 'resist acid',
  'oppose-elec': 'resist lightning',
  'oppose-fire': 'resist fire',
  'oppose-cold': 'resist cold',
  'oppose-poison': 'resist poison',
};

// --- Temporary resistances --------------------------------------------------------------------

/** What the game says when a temporary resistance runs out: "You feel less resistant to fire." */
export const OPPOSE_ENDS: Record<string, (f: AngView) => string> = Object.fromEntries(
  (['acid', 'elec', 'fire', 'cold', 'poison'] as const).map((e) => [opposeStatus(e), (f: AngView) => `${subjectOf(f)} ${verb(f, 'feel')} less resistant to ${e === 'elec' ? 'electricity' : e}.`]),
);

/** A temporary resistance's counter can reach this (xtra2.c set_oppose_acid .. set_oppose_pois). */
export const OPPOSE_MAX = 10000;

/**
 * A temporary resistance from a potion, as steps on the counter now running: the dice (use-obj.c
 * Resist Heat: randint(10) + 10) added to it, at most 10000.
 */
export function opposeSteps(element: AngOpposition, turns: string): readonly AngStep[] {
  const dd = parseDice(turns);
  return [
    { label: `resist ${element}: ${turns} turns`, die: () => damroll(dd), apply: (x, r) => x + r, reason: `${dd.count}d${dd.sides} added to the turns left` },
    ...(dd.bonus !== 0 ? [change(`resist ${element}: plus ${dd.bonus}`, (x) => x + dd.bonus, `the potion's fixed ${dd.bonus} turns`)] : []),
    change(`resist ${element}: at most ${OPPOSE_MAX}`, (x) => Math.min(OPPOSE_MAX, x), 'the counter never passes 10000'),
  ];
}

/** The exact law of the counter after `opposeSteps` from `current` turns left. */
export function opposeTurnsLaw(element: AngOpposition, turns: string, current: number): Distribution {
  return lawOfSteps(opposeSteps(element, turns), current);
}

// --- Breakage ---------------------------------------------------------------------------------

/** Percent chance to break, by class. @spoiler angband-3.0.5#breakage (the game's table: divergence breakage-table) */
export const BREAKAGE: Readonly<Record<Edition, Readonly<Record<AngBreakageClass, number>>>> = {
  spoiler: { flask: 100, potion: 50, arrow: 30, scroll: 30, bolt: 20, shot: 20, other: 10 },
  source: { flask: 100, potion: 100, scroll: 50, arrow: 35, bolt: 25, shot: 25, other: 10 },
};

/** Where a missile ended: at a monster (hit or miss), against a wall, or where it came down. */
export interface BreakageContext {
  readonly reachedMonster: boolean;
  readonly hitMonster: boolean;
  readonly struckWall: boolean;
  /** Squares from the thrower. */
  readonly distance: number;
}

/**
 * The chance in percent that a missile breaks. @spoiler angband-3.0.5#breakage
 * The seed: every missile may break; the chance doubles when it hits a monster or a wall less
 * than 3 squares away. The game: only a missile that reached a monster, hit or miss, may break,
 * and nothing doubles (divergence breakage-when).
 */
export function breakagePercent(cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): { percent: number; doubled: boolean } {
  const base = BREAKAGE[edition][cls];
  if (edition === 'source') return { percent: ctx.reachedMonster ? base : 0, doubled: false };
  const doubled = (ctx.hitMonster || ctx.struckWall) && ctx.distance < 3;
  return { percent: Math.min(100, doubled ? base * 2 : base), doubled };
}

/** Breakage as one step: d100 below the percentage breaks it (1), none (0) or always (100%) draw nothing. */
export function breakageSteps(cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): readonly AngStep[] {
  const { percent, doubled } = breakagePercent(cls, ctx, edition);
  const die = percent <= 0 || percent >= 100 ? NO_DIE : passDie(0, 99, '<', percent, 'breaks when the roll is below the chance');
  return [
    {
      label: 'breakage d100',
      die: () => die,
      apply: (_x, r) => (percent <= 0 ? 0 : percent >= 100 ? 1 : r),
      reason: 'breaks when the roll is below the chance',
      before: (t) => {
        t.rule(SECTION_BREAKAGE, 'Breakage');
        t.edition('breakage-table', ANG_DIVERGENCES['breakage-table'][edition]);
        const why = doubled
          ? `doubled: it struck ${ctx.hitMonster ? 'a monster' : 'a wall'} less than 3 squares away`
          : percent === 0
            ? 'none: only a missile that reached a monster may break'
            : `${BREAKAGE[edition][cls]}% for this kind`;
        t.value(`chance to break (${cls})`, percent, why);
        // The editions part on a missile that did not reach a monster, and on one doubled by the seed.
        if (!ctx.reachedMonster || ((ctx.hitMonster || ctx.struckWall) && ctx.distance < 3)) t.edition('breakage-when', ANG_DIVERGENCES['breakage-when'][edition]);
        if (percent >= 100) t.note('it always breaks');
      },
      trace: () => {},
    },
  ];
}

/** Rolls whether a missile breaks. */
export function rollBreakage(t: Tracer, cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): boolean {
  return rollSteps(t, breakageSteps(cls, ctx, edition), 0) === 1;
}

/** The exact chance that `rollBreakage` breaks it, from the same step. */
export function breakageChance(cls: AngBreakageClass, ctx: BreakageContext, edition: Edition): Fraction {
  return lawOfSteps(breakageSteps(cls, ctx, edition), 0).prob(1);
}

// --- The pack ---------------------------------------------------------------------------------

/** The pack stack an option or command names, by its stack key (it may already be spent). */
export function stackForKey(ctx: AngContext, f: AngView, key: string): ItemStack {
  const live = f.inventory.pack.find((s) => stackKey(s) === key);
  if (live) return { ...live, quantity: 1 };
  const parsed = stackFromKey(key);
  if (!parsed || !ctx.cat.items.has(parsed.item)) throw new Error(`no item "${key}"`);
  return { item: parsed.item, quantity: 1, level: 0, ...(parsed.magic ? { magic: parsed.magic } : {}) };
}

export function isUsable(ctx: AngContext, id: string): boolean {
  const d = ctx.cat.items.get(id);
  return d !== undefined && d.kind === 'consumable' && d.def.effects.length > 0;
}

export function usableItems(ctx: AngContext, f: AngView): readonly ItemStack[] {
  return f.inventory.pack.filter((s) => s.quantity > 0 && isUsable(ctx, s.item));
}

/** A missile that struck nobody: it lands where it came down, or breaks. */
export function missileLanded(ctx: AngContext, t: Tracer, f: AngView, option: AttackOption, at: Point, info: LandingInfo): AngEffect[] {
  if (!option.item) return [];
  const st = stackForKey(ctx, f, option.item);
  const cls = ctx.cat.breakageOf(st.item);
  // A wall's distance is the wall's own; the missile falls on the grid before it.
  const struckWall = info.reason === 'obstacle';
  const distance = struckWall ? (info.obstacleDistance ?? info.distance + 1) : info.distance;
  const broke = rollBreakage(t, cls, { reachedMonster: false, hitMonster: false, struckWall, distance }, ctx.edition);
  if (broke) return [{ kind: 'message', text: `The ${ctx.cat.nameOf(option.item)} breaks.`, tone: 'info' }];
  return [{ kind: 'drop', at, stack: st }];
}

export function useItem(ctx: AngContext, t: Tracer, f: AngView, item: string): { effects: AngEffect[]; cost: number } | { error: string } {
  const st = f.inventory.pack.find((s) => stackKey(s) === item && s.quantity > 0);
  const d = st ? ctx.cat.item(st.item) : undefined;
  if (!st || !d || d.kind !== 'consumable' || d.def.effects.length === 0) return { error: `you have no ${ctx.cat.nameOf(item)} to use` };
  if (d.def.kind === 'scroll' && statusLevel(f, 'blind') > 0) return { error: 'you cannot see to read' };
  if (d.def.kind === 'scroll' && statusLevel(f, 'confused') > 0) return { error: 'you are too confused to read' };
  return { effects: useConsumable(t, f, d.def, item), cost: ACTION };
}

/** Quaffs a potion or reads a scroll (lib/script/object.lua). */
export function useConsumable(t: Tracer, f: AngView, def: AngConsumable, key: string): AngEffect[] {
  if (t.recording) t.rule(SECTION_CONDITIONS, `${def.kind === 'scroll' ? 'Read' : 'Drink'} ${def.name}`);
  const effects: AngEffect[] = [{ kind: 'consume', target: f.id, item: key, quantity: 1 }];
  const notes: string[] = [];
  for (const e of def.effects) {
    switch (e.kind) {
      case 'heal': {
        const dd = parseDice(e.amount);
        let n = dd.bonus;
        for (let i = 0; i < dd.count; i++) n += t.roll(1, dd.sides, `heal: ${e.amount}`);
        if (f.body.hp < f.body.maxHp) {
          effects.push({ kind: 'heal', target: f.id, amount: n, cause: def.name });
          // Healed to full, the fraction of a hit point is dropped (spells2.c hp_player).
          const clock = f.statuses.find((x) => x.kind === 'clock');
          if (f.body.hp + n >= f.body.maxHp && clock?.level) effects.push({ kind: 'status', target: f.id, status: { ...clock, level: 0 }, mode: 'set' });
        }
        const cut = statusLevel(f, 'cut');
        if (cut > 0) {
          const left = Math.max(0, Math.trunc(cut / e.cutDivide) - e.cutReduce);
          effects.push(left > 0 ? { kind: 'status', target: f.id, status: { kind: 'cut', level: left }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'cut' });
        }
        notes.push(`heals ${n}`);
        break;
      }
      case 'oppose': {
        const kind = opposeStatus(e.element);
        const before = statusLevel(f, kind);
        const n = rollSteps(t, opposeSteps(e.element, e.turns), before);
        effects.push({ kind: 'status', target: f.id, status: { kind, level: n }, mode: 'set' });
        notes.push(`${STATUS_TEXT[kind]} for ${n - before}`);
        break;
      }
      case 'cure-fear':
        if (statusLevel(f, 'afraid') > 0) effects.push({ kind: 'remove-status', target: f.id, status: 'afraid' });
        break;
      case 'bless':
      case 'hero':
      case 'berserk': {
        const dd = parseDice(e.turns);
        let n = dd.bonus;
        for (let i = 0; i < dd.count; i++) n += t.roll(1, dd.sides, `${e.kind}: ${e.turns} turns`);
        const kind = e.kind === 'bless' ? 'blessed' : e.kind;
        effects.push({ kind: 'status', target: f.id, status: { kind, level: statusLevel(f, kind) + n }, mode: 'set' });
        notes.push(`${STATUS_TEXT[kind]} for ${n}`);
        break;
      }
    }
  }
  effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, def.kind === 'scroll' ? 'read' : 'drink')} ${def.kind === 'scroll' ? 'a Scroll' : 'a Potion'} of ${def.name}: ${notes.join(', ') || 'nothing happens'}.`, tone: 'good' });
  return effects;
}

/** How an item lying on the floor is drawn. */
export function itemGlyph(ctx: AngContext, id: string): { ch: string; colour: string } {
  const d = ctx.cat.items.get(stackFromKey(id)?.item ?? id);
  if (!d) return { ch: '?', colour: 'white' };
  switch (d.kind) {
    case 'ammo':
      return { ch: '{', colour: 'grey' };
    case 'consumable':
      return d.def.kind === 'scroll' ? { ch: '?', colour: 'white' } : { ch: '!', colour: d.def.kind === 'flask' ? 'yellow' : 'bright-magenta' };
    case 'weapon':
      return { ch: d.def.kind === 'sword' ? '|' : d.def.kind === 'polearm' ? '/' : '\\', colour: 'white' };
    case 'launcher':
      return { ch: '}', colour: 'brown' };
    default:
      return { ch: '[', colour: 'grey' };
  }
}

// --- Elements against the pack ----------------------------------------------------------------

/**
 * Elements destroy things carried in the pack (spells1.c inven_damage): each unit of a kind
 * the element hates has a 1, 2 or 3 in 100 chance (by the blow's damage: under 30, under 60,
 * more) unless it ignores that element.
 */
export function itemDamage(ctx: AngContext, t: Tracer, pack: ItemStack[], el: AngElement, raw: number, notes: string[]): void {
  packDamage(ctx, t, pack, el, raw < 30 ? 1 : raw < 60 ? 2 : 3, notes);
}

/**
 * inven_damage(set_<element>_destroy, perc): each item of the pack the element destroys is lost
 * with chance perc in 100 (rand_int(10000) < perc * 100), one roll per item of a stack.
 */
export function packDamage(ctx: AngContext, t: Tracer, pack: ItemStack[], el: AngElement, perc: number, notes: string[]): void {
  for (const st of pack) {
    if (st.quantity <= 0 || !hatesElement(ctx, st, el)) continue;
    let lost = 0;
    for (let j = 0; j < st.quantity; j++) if (t.roll(0, 9999, `${el}: destroys ${ctx.cat.nameOf(stackKey(st))}?`) < perc * 100) lost++;
    if (lost > 0) {
      st.quantity -= lost;
      notes.push(`${lost} ${ctx.cat.nameOf(stackKey(st))} destroyed`);
    }
  }
}

export function hatesElement(ctx: AngContext, st: ItemStack, el: AngElement): boolean {
  const d = ctx.cat.item(st.item);
  const ego = st.magic?.ego ? ctx.cat.egos.get(st.magic.ego) : undefined;
  const ignores = [...(d.kind === 'ammo' ? d.def.ignores : []), ...(ego?.ignores ?? [])];
  if (ignores.includes(el)) return false;
  switch (d.kind) {
    case 'ammo':
      return (el === 'acid' && d.def.ammo !== 'shot') || (el === 'fire' && d.def.ammo === 'arrow');
    case 'weapon':
      return el === 'acid' || (el === 'fire' && (d.def.kind === 'hafted' || d.def.kind === 'polearm'));
    case 'consumable':
      return d.def.kind === 'scroll' ? el === 'acid' || el === 'fire' : el === 'cold';
    default:
      return false;
  }
}
