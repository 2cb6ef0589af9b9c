import type { Tracer } from '../../core/trace.js';
import type { TeleportArena } from '../ruleset.js';
import type { Point } from '../../world/grid.js';
import { angbandDistance } from '../../world/angband-path.js';

/**
 * Where Angband 3.0.5's teleports land (spells1.c teleport_away, teleport_player and
 * teleport_player_to), drawn as the game draws them. The arena's outer ring stands for the
 * dungeon's permanent walls (in_bounds_fully), and an empty floor cell is what cave_empty_bold and
 * cave_naked_bold accept (the arena leaves no objects where a fighter would land, so the two agree).
 */

export const SECTION_TELEPORT = 'angband-3.0.5#teleport';

/** rand_spread(a, d): a - d + rand_int(2d + 1). */
function spread(t: Tracer, a: number, d: number, label: string): number {
  return a - d + t.roll(0, 2 * d, label);
}

const inBoundsFully = (arena: TeleportArena, p: Point): boolean => p.x > 0 && p.y > 0 && p.x < arena.width - 1 && p.y < arena.height - 1;

/**
 * teleport_away / teleport_player(dis): up to 500 tries at a cell between dis / 2 and dis away
 * (the game's distance), each drawn until its distance fits; then dis doubles (at most 200) and
 * the least distance halves, until a free cell turns up. Null only when the arena has no free cell.
 */
export function teleportAway(t: Tracer, from: Point, distance: number, arena: TeleportArena): Point | null {
  if (!hasFreeCell(arena)) return null;
  if (t.recording) t.rule(SECTION_TELEPORT, `Where it lands (spells1.c teleport_away, up to ${distance} squares)`);
  let dis = distance;
  let min = Math.trunc(dis / 2);
  const silent = t.silent();
  for (;;) {
    if (dis > 200) dis = 200;
    for (let i = 0; i < 500; i++) {
      let p: Point;
      for (;;) {
        const y = spread(silent, from.y, dis, 'teleport: y');
        const x = spread(silent, from.x, dis, 'teleport: x');
        p = { x, y };
        const d = angbandDistance(from, p);
        if (d >= min && d <= dis) break;
      }
      if (!inBoundsFully(arena, p) || !arena.free(p)) continue;
      if (t.recording) t.note(`teleported ${angbandDistance(from, p)} squares (from up to ${dis}), to ${p.x},${p.y}`);
      return p;
    }
    dis *= 2;
    min = Math.trunc(min / 2);
  }
}

/**
 * teleport_player_to(ny, nx): a cell near (ny, nx), drawn within a spread that grows by one
 * every 4d^2 + 4d + 1 misses, until a free one turns up.
 */
export function teleportTo(t: Tracer, near: Point, arena: TeleportArena): Point | null {
  if (!hasFreeCell(arena)) return null;
  if (t.recording) t.rule(SECTION_TELEPORT, 'Where it lands (spells1.c teleport_player_to, beside the caster)');
  let dis = 0;
  let ctr = 0;
  const silent = t.silent();
  for (;;) {
    let p: Point;
    for (;;) {
      const y = spread(silent, near.y, dis, 'teleport-to: y');
      const x = spread(silent, near.x, dis, 'teleport-to: x');
      p = { x, y };
      if (inBoundsFully(arena, p)) break;
    }
    if (arena.free(p)) {
      if (t.recording) t.note(`lands at ${p.x},${p.y}, ${angbandDistance(near, p)} squares from the caster`);
      return p;
    }
    if (++ctr > 4 * dis * dis + 4 * dis + 1) {
      ctr = 0;
      dis++;
    }
  }
}

function hasFreeCell(arena: TeleportArena): boolean {
  for (let y = 1; y < arena.height - 1; y++) for (let x = 1; x < arena.width - 1; x++) if (arena.free({ x, y })) return true;
  return false;
}
