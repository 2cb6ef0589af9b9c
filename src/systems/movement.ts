import { type ArenaEntity, type ItemStack, sameStack } from '../world/components.js';
import { type DirectionName, directionOf, type Point } from '../world/grid.js';
import { Terrain, terrainInfo } from '../world/terrain.js';
import { dropItems, fighterAt, heapAt } from './effects.js';
import type { DuelState } from './state.js';
import { subjectOf, verb } from '../rules/names.js';

export type MoveCheck =
  | { readonly ok: true; readonly kind: 'step' | 'attack'; readonly to: Point; readonly target?: ArenaEntity }
  | { readonly ok: false; readonly reason: string };

/** Where a step leads: a free cell, an enemy to attack, or a reason it cannot be taken. No draws. */
export function checkMove(s: DuelState, e: ArenaEntity, dir: DirectionName): MoveCheck {
  if (!e.pos || !e.fighter) return { ok: false, reason: 'it cannot move' };
  const d = directionOf(dir);
  const to = { x: e.pos.x + d.dx, y: e.pos.y + d.dy };
  const other = fighterAt(s, to.x, to.y);
  if (other) {
    if (other.fighter?.side === e.fighter.side) return { ok: false, reason: `${other.fighter?.name ?? 'someone'} is in the way` };
    const melee = s.ruleset.attackOptions(s.view(e)).find((o) => o.kind === 'melee');
    if (!melee) return { ok: false, reason: `${e.fighter.name} cannot fight in melee` };
    return { ok: true, kind: 'attack', to, target: other };
  }
  if (!s.grid.passableFor(to.x, to.y, e.fighter.flying)) {
    const t = s.grid.get(to.x, to.y);
    if (t === Terrain.Chasm) return { ok: false, reason: 'a chasm: there is no floor below to land on in this arena' };
    return { ok: false, reason: `the ${s.grid.onBorder(to.x, to.y) ? 'arena wall' : terrainInfo(t).name} blocks the way` };
  }
  if (s.grid.get(to.x, to.y) === Terrain.DoorClosed && !e.fighter.opensDoors) return { ok: false, reason: 'the door is closed' };
  return { ok: true, kind: 'step', to };
}

/** Moves a fighter one cell (opening a closed door it walks into), and returns the energy cost. */
export function step(s: DuelState, e: ArenaEntity, to: Point): number {
  if (!e.pos || !e.fighter) return 0;
  const cost = s.ruleset.actionCost(s.view(e), 'move', s.now);
  const from = { x: e.pos.x, y: e.pos.y };
  e.pos.x = to.x;
  e.pos.y = to.y;
  // A door closes behind the last one through, unless something lies in it (Pixel Dungeon).
  if (s.ruleset.terrain?.autoCloseDoors === true && s.grid.get(from.x, from.y) === Terrain.DoorOpen && !heapAt(s, from.x, from.y) && !fighterAt(s, from.x, from.y)) {
    s.grid.set(from.x, from.y, Terrain.DoorClosed);
  }
  const here = s.grid.get(to.x, to.y);
  if (here === Terrain.DoorClosed) s.grid.set(to.x, to.y, Terrain.DoorOpen);
  if (here === Terrain.HighGrass && s.ruleset.terrain?.tramplesGrass(s.view(e)) === true) s.grid.set(to.x, to.y, Terrain.Grass);
  return cost;
}

export function checkDoor(s: DuelState, e: ArenaEntity, dir: DirectionName, action: 'open' | 'close'): { ok: true; at: Point } | { ok: false; reason: string } {
  if (!e.pos) return { ok: false, reason: 'nowhere' };
  const d = directionOf(dir);
  const at = { x: e.pos.x + d.dx, y: e.pos.y + d.dy };
  const t = s.grid.get(at.x, at.y);
  if (action === 'open') {
    if (t === Terrain.DoorOpen) return { ok: false, reason: 'that door is already open' };
    if (t !== Terrain.DoorClosed) return { ok: false, reason: 'there is no door there' };
    return { ok: true, at };
  }
  if (t === Terrain.DoorClosed) return { ok: false, reason: 'that door is already closed' };
  if (t !== Terrain.DoorOpen) return { ok: false, reason: 'there is no door there' };
  if (fighterAt(s, at.x, at.y)) return { ok: false, reason: 'someone is standing in the doorway' };
  if (heapAt(s, at.x, at.y)) return { ok: false, reason: 'something lying in the doorway stops the door' };
  return { ok: true, at };
}

export function operateDoor(s: DuelState, e: ArenaEntity, at: Point, action: 'open' | 'close'): number {
  s.grid.set(at.x, at.y, action === 'open' ? Terrain.DoorOpen : Terrain.DoorClosed);
  s.message(`${subjectOf(e)} ${verb(e, action)} the door.`, 'info');
  return s.ruleset.actionCost(s.view(e), 'door', s.now);
}

/** Picks up everything lying here; a weapon for an empty hand is wielded at once (one more turn). */
export function pickUp(s: DuelState, e: ArenaEntity): number {
  if (!e.pos || !e.inventory) return 0;
  const heap = heapAt(s, e.pos.x, e.pos.y);
  if (!heap?.heap) return 0;
  let cost = s.ruleset.actionCost(s.view(e), 'pickup', s.now);
  const names: string[] = [];
  for (const st of heap.heap) {
    if (s.ruleset.equipsOnPickup(s.view(e), st)) {
      e.inventory.weapon = { ...st, quantity: 1 };
      cost += s.ruleset.actionCost(s.view(e), 'equip', s.now);
      names.push(`${s.ruleset.itemName(st.item)} (wielded)`);
      continue;
    }
    addToPack(e.inventory.pack, st);
    names.push(st.quantity > 1 ? `${st.quantity} ${s.ruleset.itemName(st.item)}s` : s.ruleset.itemName(st.item));
  }
  s.world.remove(heap.id);
  s.message(`${subjectOf(e)} ${verb(e, 'pick')} up ${names.join(', ')}.`, 'info');
  return cost;
}

export function addToPack(pack: ItemStack[], st: ItemStack): void {
  const same = pack.find((p) => sameStack(p, st));
  if (same) same.quantity += st.quantity;
  else pack.push({ ...st });
}

export { dropItems };
