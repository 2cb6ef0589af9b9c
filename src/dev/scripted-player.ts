import type { Duel } from '../game/duel.js';
import { stepToward } from '../systems/ai.js';
import type { Command } from '../systems/commands.js';

/**
 * A simple player for golden and round-trip replays with a player-controlled hero: closes in on the foe and
 * strikes, throwing when it has something to throw and the foe is three or more cells away.
 */
export function scriptedCommand(d: Duel): Command {
  const hero = d.hero;
  const foe = d.foe;
  if (!hero.pos || !foe.pos || (foe.body?.hp ?? 0) <= 0) return { type: 'wait' };
  const dist = d.distanceBetween(hero, foe);
  const ranged = d.ruleset.attackOptions(d.view(hero)).find((o) => o.kind === 'projectile');
  if (ranged && dist >= 3 && d.turn % 2 === 0) return { type: 'fire', option: ranged.id, target: { x: foe.pos.x, y: foe.pos.y } };
  const dir = stepToward(d, hero, foe.pos);
  return dir ? { type: 'move', dir } : { type: 'wait' };
}
