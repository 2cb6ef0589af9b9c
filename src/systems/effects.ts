import type { Effect, FighterView, TeleportHow } from '../rules/ruleset.js';
import { type ArenaEntity, type ItemStack, type Status, isAlive, sameStack, stackKey } from '../world/components.js';
import { type Point, distance } from '../world/grid.js';
import { Terrain } from '../world/terrain.js';
import { nameOf, subjectOf, verb } from '../rules/names.js';
import type { DuelState } from './state.js';

/** Fighters still standing, ascending id. */
export function livingFighters(s: DuelState): ArenaEntity[] {
  return s.world.all().filter((e) => e.fighter && isAlive(e.body) && e.pos);
}

export function fighterAt(s: DuelState, x: number, y: number): ArenaEntity | undefined {
  for (const e of s.world.all()) if (e.fighter && isAlive(e.body) && e.pos && e.pos.x === x && e.pos.y === y) return e;
  return undefined;
}

export function heapAt(s: DuelState, x: number, y: number): ArenaEntity | undefined {
  for (const e of s.world.all()) if (e.heap && e.pos && e.pos.x === x && e.pos.y === y) return e;
  return undefined;
}

/** The opponent of a fighter in a duel: the first living fighter of the other side. */
export function opponentOf(s: DuelState, e: ArenaEntity): ArenaEntity | undefined {
  return livingFighters(s).find((o) => o.fighter && e.fighter && o.fighter.side !== e.fighter.side);
}

/** Adds items to the floor at a cell, merging stacks; an item landing on a closed door opens it. */
export function dropItems(s: DuelState, at: Point, stacks: readonly ItemStack[]): void {
  if (stacks.length === 0) return;
  let heap = heapAt(s, at.x, at.y);
  if (!heap) heap = s.world.create({ pos: { x: at.x, y: at.y }, heap: [] });
  const items = heap.heap as ItemStack[];
  for (const st of stacks) {
    const same = items.find((i) => sameStack(i, st));
    if (same) same.quantity += st.quantity;
    else items.push({ ...st });
  }
  if (s.grid.get(at.x, at.y) === Terrain.DoorClosed) s.grid.set(at.x, at.y, Terrain.DoorOpen);
}

function addStatus(list: Status[], st: Status, mode: 'prolong' | 'set'): void {
  const cur = list.find((x) => x.kind === st.kind);
  if (!cur) {
    list.push({ ...st });
    return;
  }
  if (mode === 'set') {
    if (st.until !== undefined) cur.until = st.until;
    if (st.next !== undefined) cur.next = st.next;
    if (st.level !== undefined) cur.level = st.level;
    return;
  }
  if (st.until !== undefined) cur.until = Math.max(cur.until ?? st.until, st.until);
  if (st.level !== undefined) cur.level = Math.max(cur.level ?? st.level, st.level);
  if (st.next !== undefined) cur.next = Math.min(cur.next ?? st.next, st.next);
}

/**
 * Notes the first thing that made a simulated duel more than an exchange of attacks; `what` is
 * only called when a simulation asks (play and replays build no words).
 */
export function notExchange(s: DuelState, what: () => string): void {
  if (s.tally?.exact && s.tally.other === null) s.tally.other = what();
}

/**
 * Applies a ruleset's effects in order. Damage runs the ruleset's `onDamaged` (whose effects are
 * applied at once) and kills a fighter whose health reaches 0.
 */
export function applyEffects(s: DuelState, effects: readonly Effect[]): void {
  for (const fx of effects) applyEffect(s, fx);
}

function applyEffect(s: DuelState, fx: Effect): void {
  switch (fx.kind) {
    case 'damage': {
      const v = s.world.get(fx.target);
      if (!v?.body || !isAlive(v.body)) return;
      const before = v.body.hp;
      v.body.hp -= fx.amount;
      if (s.tally && fx.amount > 0) {
        s.tally.damageTaken[v.fighter?.side === 0 ? 0 : 1] += Math.min(fx.amount, Math.max(0, before));
        if (!s.tally.inAttack) notExchange(s, () => `${nameOf(v)} took ${fx.amount} from ${fx.cause}`);
      }
      if (fx.source === undefined && fx.amount > 0) s.message(`${subjectOf(v)} ${verb(v, 'take')} ${fx.amount} from ${fx.cause}.`, v.fighter?.side === 0 ? 'bad' : 'good');
      if (isAlive(v.body)) applyEffects(s, s.ruleset.onDamaged(s.tracer(), s.view(v), fx.amount, before, { now: s.now }));
      else kill(s, v);
      return;
    }
    case 'heal': {
      const v = s.world.get(fx.target);
      if (!v?.body || !isAlive(v.body) || fx.amount <= 0) return;
      if (v.body.hp < v.body.maxHp) notExchange(s, () => `${nameOf(v)} regained hit points (${fx.cause})`);
      v.body.hp = Math.min(v.body.maxHp, v.body.hp + fx.amount);
      return;
    }
    case 'max-hp': {
      const v = s.world.get(fx.target);
      if (!v?.body || !isAlive(v.body)) return;
      if (Math.max(1, fx.maxHp) !== v.body.maxHp) notExchange(s, () => `${nameOf(v)}'s maximum hit points changed`);
      v.body.maxHp = Math.max(1, fx.maxHp);
      v.body.hp = Math.min(v.body.hp, v.body.maxHp);
      return;
    }
    case 'status': {
      const v = s.world.get(fx.target);
      if (!v?.statuses || !isAlive(v.body)) return;
      addStatus(v.statuses, fx.status, fx.mode);
      return;
    }
    case 'remove-status': {
      const v = s.world.get(fx.target);
      if (!v?.statuses) return;
      const i = v.statuses.findIndex((x) => x.kind === fx.status);
      if (i >= 0) v.statuses.splice(i, 1);
      return;
    }
    case 'ai-mode': {
      const v = s.world.get(fx.target);
      if (v?.ai) v.ai.mode = fx.mode;
      return;
    }
    case 'alert': {
      const v = s.world.get(fx.target);
      if (v?.ai) v.ai.alerted = true;
      return;
    }
    case 'awareness': {
      const v = s.world.get(fx.target);
      if (v?.awareness) v.awareness.enemySeen = fx.enemySeen;
      return;
    }
    case 'steal': {
      const thief = s.world.get(fx.thief);
      const victim = s.world.get(fx.victim);
      const stack = victim?.inventory?.pack[fx.packIndex];
      if (!thief || !victim?.inventory || !stack) return;
      victim.inventory.pack.splice(fx.packIndex, 1);
      s.message(`${subjectOf(thief)} steals ${stack.quantity > 1 ? `${stack.quantity} ${s.ruleset.itemName(stack.item)}s` : `the ${s.ruleset.itemName(stack.item)}`}!`, 'bad');
      return;
    }
    case 'disarm': {
      const v = s.world.get(fx.target);
      if (!v?.inventory?.weapon || !v.pos) return;
      const w = v.inventory.weapon;
      v.inventory.weapon = null;
      dropItems(s, v.pos, [w]);
      s.message(`${subjectOf(v)} ${verb(v, 'are', 'is')} disarmed: the ${s.ruleset.itemName(w.item)} falls to the floor!`, 'bad');
      return;
    }
    case 'delay': {
      const v = s.world.get(fx.target);
      if (v?.energy) v.energy.energy -= fx.ticks;
      return;
    }
    case 'rules': {
      const v = s.world.get(fx.target);
      if (v?.rules) Object.assign(v.rules, fx.patch);
      return;
    }
    case 'drop':
      dropItems(s, fx.at, [fx.stack]);
      return;
    case 'consume': {
      const v = s.world.get(fx.target);
      const pack = v?.inventory?.pack;
      if (!pack) return;
      const i = pack.findIndex((x) => stackKey(x) === fx.item);
      const st = pack[i];
      if (!st) return;
      st.quantity -= fx.quantity;
      if (st.quantity <= 0) pack.splice(i, 1);
      return;
    }
    case 'charge': {
      const st = s.world.get(fx.target)?.inventory?.pack.find((x) => stackKey(x) === fx.item);
      if (st) st.charges = Math.max(0, (st.charges ?? 0) + fx.delta);
      return;
    }
    case 'message':
      s.message(fx.text, fx.tone);
      return;
    case 'teleport':
      teleport(s, fx.target, fx.how);
      return;
  }
}

/** Moves a fighter by magic to where its ruleset's teleport lands it. */
function teleport(s: DuelState, id: number, how: TeleportHow): void {
  const v = s.world.get(id);
  if (!v?.pos || !isAlive(v.body) || !s.ruleset.teleport) return;
  const near = how.kind === 'to' ? s.world.get(how.near)?.pos : undefined;
  if (how.kind === 'to' && !near) return;
  const arena = {
    width: s.grid.width,
    height: s.grid.height,
    free: (p: Point) => s.grid.inside(p.x, p.y) && s.grid.passableFor(p.x, p.y, false) && s.grid.get(p.x, p.y) !== Terrain.DoorClosed && s.grid.get(p.x, p.y) !== Terrain.DoorOpen && !fighterAt(s, p.x, p.y),
  };
  const to = s.ruleset.teleport(s.tracer(), s.view(v), v.pos, how.kind === 'to' && near ? { kind: 'to', near } : { kind: 'away', distance: how.kind === 'away' ? how.distance : 0 }, arena);
  if (!to) return;
  notExchange(s, () => `${nameOf(v)} was teleported`);
  v.pos = { x: to.x, y: to.y };
}

/** A fighter dies: the ruleset says what its death does, then it leaves the arena. */
export function kill(s: DuelState, v: ArenaEntity): void {
  if (!v.fighter || !v.pos) return;
  s.message(`${subjectOf(v)} ${verb(v, 'die')}${v.fighter.side === 0 ? '...' : '.'}`, v.fighter.side === 0 ? 'bad' : 'good');
  const pos = v.pos;
  const neighbours: FighterView[] = livingFighters(s)
    .filter((o) => o.id !== v.id && o.pos && distance(o.pos, pos) === 1)
    .map((o) => s.view(o));
  delete v.energy; // it no longer acts
  applyEffects(s, s.ruleset.onDeath(s.tracer(), s.view(v), neighbours));
  if (v.inventory) {
    const drops = [...(v.inventory.weapon && v.fighter.kind === 'monster' ? [v.inventory.weapon] : []), ...(v.fighter.kind === 'monster' ? v.inventory.pack : [])];
    dropItems(s, pos, drops);
  }
}

export { nameOf };
