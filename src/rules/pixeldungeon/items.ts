import type { Tracer } from '../../core/trace.js';
import type { ItemStack } from '../../world/components.js';
import type { Point } from '../../world/grid.js';
import { subjectOf, verb } from '../names.js';
import type { AttackOption, Effect } from '../ruleset.js';
import { type PdContext, type PdView, itemName } from './context.js';
import { MILLITURNS, toMilliturns } from './sheet.js';
import type { PdState } from './types.js';
import { SECTION_STATUS } from './upkeep.js';

/** Items: potions, thrown weapons and where they land, wands, and how items look on the floor. */

type PdEffect = Effect<PdState>;

/** What a thrown weapon does to whom it hits besides its damage (darts that paralyse, cripple, or make bleed). */
export function missileHitEffects(c: PdContext, defender: PdView, option: AttackOption, damage: number, now: number): PdEffect[] {
  const effects: PdEffect[] = [];
  const m = option.item ? c.missiles.get(option.item) : undefined;
  const proc = option.id.startsWith('throw:') ? m?.proc : undefined;
  if (proc?.kind === 'paralysis') {
    effects.push({ kind: 'status', target: defender.id, status: { kind: 'paralysed', until: now + toMilliturns(proc.turns) }, mode: 'prolong' });
    effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} paralysed!`, tone: 'good' });
  } else if (proc?.kind === 'cripple') {
    effects.push({ kind: 'status', target: defender.id, status: { kind: 'crippled', until: now + toMilliturns(proc.turns) }, mode: 'prolong' });
    effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} crippled.`, tone: 'good' });
  } else if (proc?.kind === 'bleeding' && damage > 0) {
    effects.push({ kind: 'status', target: defender.id, status: { kind: 'bleeding', level: damage, next: now }, mode: 'set' });
  }
  return effects;
}

/** Whether a thrown item stays where it falls (a boomerang comes back; a wand bolt is no item). */
export function missileStays(c: PdContext, item: string | undefined): item is string {
  return item !== undefined && c.missiles.has(item) && !c.missiles.get(item)?.returns;
}

/** A thrown weapon that struck nobody lies where it came down. */
export function missileLanded(c: PdContext, option: AttackOption, at: Point): PdEffect[] {
  if (!missileStays(c, option.item)) return [];
  return [{ kind: 'drop', at, stack: { item: option.item, quantity: 1, level: 0 } }];
}

/** The potions in the pack. */
export function usableItems(c: PdContext, f: PdView): readonly ItemStack[] {
  return f.inventory.pack.filter((s) => c.potions.has(s.item) && s.quantity > 0);
}

/** Drinking a potion of healing: full hit points, and the ailments it cures are gone. */
export function useItem(c: PdContext, t: Tracer, f: PdView, item: string): { effects: PdEffect[]; cost: number } | { error: string } {
  const potion = c.potions.get(item);
  const stack = f.inventory.pack.find((s) => s.item === item && s.quantity > 0);
  if (!potion || !stack) return { error: `you have no ${itemName(c, item)} to use` };
  if (t.recording) t.rule(SECTION_STATUS, `Drink a ${potion.name}`);
  const effects: PdEffect[] = [
    { kind: 'consume', target: f.id, item, quantity: 1 },
    { kind: 'heal', target: f.id, amount: f.body.maxHp - f.body.hp, cause: potion.name },
  ];
  for (const s of ['poisoned', 'crippled', 'weakened', 'bleeding']) {
    if (f.statuses.some((x) => x.kind === s)) effects.push({ kind: 'remove-status', target: f.id, status: s });
  }
  effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'drink')} a ${potion.name} and ${verb(f, 'are', 'is')} healed.`, tone: 'good' });
  return { effects, cost: MILLITURNS };
}

export function itemGlyph(c: PdContext, id: string): { ch: string; colour: string } {
  if (c.potions.has(id)) return { ch: '!', colour: 'bright-magenta' };
  if (c.wands.has(id)) return { ch: '/', colour: 'bright-cyan' };
  if (c.armours.has(id)) return { ch: '[', colour: 'grey' };
  return { ch: ')', colour: c.missiles.has(id) ? 'yellow' : 'white' };
}

/** A hero with an empty hand takes up a melee weapon it picks up. */
export function equipsOnPickup(c: PdContext, f: PdView, stack: ItemStack): boolean {
  return f.fighter.kind === 'hero' && f.inventory.weapon === null && c.melee.has(stack.item);
}
