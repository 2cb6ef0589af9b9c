import type { DirectionName, Point } from '../world/grid.js';

/**
 * What a fighter does with its turn, as data. The player and the AI issue the same commands,
 * and replays store them (never keystrokes).
 */
export type Command =
  /** Step one cell; stepping into the enemy attacks it in melee; into a closed door opens it. */
  | { readonly type: 'move'; readonly dir: DirectionName }
  | { readonly type: 'wait' }
  | { readonly type: 'open'; readonly dir: DirectionName }
  | { readonly type: 'close'; readonly dir: DirectionName }
  /** A ranged attack (throw, zap, spell) aimed at a cell. */
  | { readonly type: 'fire'; readonly option: string; readonly target: Point }
  | { readonly type: 'use'; readonly item: string }
  | { readonly type: 'pickup' }
  /** A turn lost (paralysis); never issued, only recorded. */
  | { readonly type: 'skip' };

export function describeCommand(c: Command): string {
  switch (c.type) {
    case 'move':
    case 'open':
    case 'close':
      return `${c.type} ${c.dir}`;
    case 'fire':
      return `${c.option} at ${c.target.x},${c.target.y}`;
    case 'use':
      return `use ${c.item}`;
    default:
      return c.type;
  }
}
