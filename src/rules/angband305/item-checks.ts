import type { AngEgo, AngItemSpec, AngTables } from './types.js';

type EgoTarget = AngEgo['appliesTo'][number];

/**
 * Whether an item spec (an item id with its ego, pval and bonuses) fits a slot: shared by the
 * data loader (hero presets) and the calculator (items written inline on the command line).
 */

/** What kind of thing each item id is. */
export type ItemKind = 'weapon' | 'launcher' | 'ammo' | 'body' | 'shield' | 'worn' | 'consumable';

export function itemKinds(t: AngTables): Map<string, ItemKind> {
  const m = new Map<string, ItemKind>();
  for (const r of t.meleeWeapons) m.set(r.id, 'weapon');
  for (const r of t.launchers) m.set(r.id, 'launcher');
  for (const r of t.ammo) m.set(r.id, 'ammo');
  for (const r of t.armour) m.set(r.id, r.slot === 'body' ? 'body' : r.slot === 'shield' ? 'shield' : 'worn');
  for (const r of t.jewellery) m.set(r.id, 'worn');
  for (const r of t.consumables) m.set(r.id, 'consumable');
  return m;
}

/** What an ego must apply to for it to come on this item: its kind, or an armour's slot; undefined when no ego can. */
export function egoTarget(item: string, kind: ItemKind, t: AngTables): EgoTarget | undefined {
  if (kind === 'weapon' || kind === 'launcher' || kind === 'ammo') return kind;
  const armour = t.armour.find((a) => a.id === item);
  return armour && !armour.noEgo ? armour.slot : undefined;
}

/** Why an item spec cannot be used in a slot that takes `allowed` kinds, or null when it can. */
export function itemSpecProblem(
  spec: AngItemSpec,
  kinds: ReadonlyMap<string, ItemKind>,
  egos: ReadonlyMap<string, AngEgo>,
  allowed: readonly ItemKind[],
  t: AngTables,
): { field: string; message: string } | null {
  const kind = kinds.get(spec.item);
  if (!kind) return { field: 'item', message: `unknown item "${spec.item}"` };
  if (!allowed.includes(kind)) return { field: 'item', message: `"${spec.item}" is a ${kind} item; this slot takes ${allowed.join(' or ')}` };
  if (spec.ego !== undefined) {
    const ego = egos.get(spec.ego);
    if (!ego) return { field: 'ego', message: `unknown ego "${spec.ego}"` };
    const target = egoTarget(spec.item, kind, t);
    if (!target || !ego.appliesTo.includes(target) || (ego.only !== undefined && !ego.only.includes(spec.item))) {
      return { field: 'ego', message: `"${ego.name}" does not apply to ${spec.item}${ego.only ? ` (only ${ego.only.join(', ')})` : ''}` };
    }
    if (spec.pval !== undefined && (spec.pval < 1 || spec.pval > ego.maxPval)) {
      return { field: 'pval', message: ego.maxPval === 0 ? `"${ego.name}" has no pval` : `the pval of "${ego.name}" is 1 to ${ego.maxPval}` };
    }
    if (ego.pval.length > 0 && spec.pval === undefined) return { field: 'pval', message: `"${ego.name}" needs a pval (1 to ${ego.maxPval})` };
  } else if (spec.pval !== undefined) return { field: 'pval', message: 'a pval needs an ego' };
  const bonuses = allowedBonuses(spec.item, kind, t);
  for (const b of ['toHit', 'toDam', 'toAc'] as const) {
    if (spec[b] !== undefined && spec[b] !== 0 && !bonuses.includes(b)) return { field: b, message: `${spec.item} cannot carry ${b}` };
  }
  if (spec.quantity !== undefined && spec.quantity > 1 && kind !== 'ammo' && kind !== 'consumable' && kind !== 'weapon') {
    return { field: 'quantity', message: `only ammunition, consumables and throwing weapons come in stacks` };
  }
  return null;
}

function allowedBonuses(item: string, kind: ItemKind, t: AngTables): readonly ('toHit' | 'toDam' | 'toAc')[] {
  if (kind === 'weapon' || kind === 'launcher' || kind === 'ammo') return ['toHit', 'toDam'];
  if (kind === 'consumable') return [];
  const armour = t.armour.find((a) => a.id === item);
  if (armour) return armour.bonuses;
  return t.jewellery.find((j) => j.id === item)?.bonuses ?? [];
}
