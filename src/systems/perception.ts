import type { ArenaEntity } from '../world/components.js';
import { FovComputer } from '../world/fov.js';
import type { Grid } from '../world/grid.js';
import { opponentOf } from './effects.js';
import type { DuelState } from './state.js';

/** Field-of-view computers are per grid (they read its cells through a callback). */
const computers = new WeakMap<Grid, FovComputer>();

export function fovComputer(grid: Grid): FovComputer {
  let c = computers.get(grid);
  if (!c) {
    c = new FovComputer(grid);
    computers.set(grid, c);
  }
  return c;
}

/** What a fighter sees from where it stands. */
export function computeFov(s: DuelState, e: ArenaEntity, into?: Uint8Array): Uint8Array {
  if (!e.pos) throw new Error(`entity ${e.id} has no position`);
  const radius = s.ruleset.viewRadius(s.view(e));
  const c = fovComputer(s.grid);
  return into ? c.compute(e.pos.x, e.pos.y, radius, into) : c.visibleFrom(e.pos.x, e.pos.y, radius);
}

/** Whether `viewer` sees `target`: it stands in view, and the ruleset does not hide it (invisibility). */
export function sees(s: DuelState, viewer: ArenaEntity, target: ArenaEntity): boolean {
  if (!target.pos) return false;
  if (s.fov(viewer.id)[target.pos.y * s.grid.width + target.pos.x] !== 1) return false;
  return target.fighter === undefined || viewer.fighter === undefined || canPerceive(s, viewer, target);
}

/** Whether `viewer` could see `target` were it in view (false for an invisible monster it cannot detect). */
export function canPerceive(s: DuelState, viewer: ArenaEntity, target: ArenaEntity): boolean {
  const canSee = s.ruleset.canSee;
  return canSee === undefined || canSee.call(s.ruleset, s.view(viewer), s.view(target));
}

/**
 * A hero's awareness, refreshed at the start of its own turns: whether it sees its enemy, and
 * where it saw it last. (Monsters refresh theirs in the AI, which also runs their noticing.)
 */
export function refreshHeroAwareness(s: DuelState, e: ArenaEntity): void {
  const enemy = opponentOf(s, e);
  if (!e.awareness) return;
  const seen = enemy !== undefined && sees(s, e, enemy);
  e.awareness.enemySeen = seen;
  if (seen && enemy?.pos) e.awareness.lastSeen = { x: enemy.pos.x, y: enemy.pos.y };
}
