import type { Duel } from '../../game/duel.js';
import { RUN_LIMIT, enemyBeside, foeGoal, runInterruption, runStopsAt, runWatch, travelStep } from '../../game/run.js';
import type { Command } from '../../systems/commands.js';
import { type DirectionName, type Point, directionOf } from '../../world/grid.js';

/** What a run needs from the session: the duel, a way to play one command, what the hero knows. */
export interface RunHost {
  duel(): Duel;
  /** Plays one command as a key would; false when it was refused or the duel is over. */
  step(c: Command): boolean;
  /** Whether the hero knows the cell (has seen it). */
  known(x: number, y: number): boolean;
}

/**
 * Runs and travels: repeats ordinary move commands, each recorded as any other, until the game's
 * rules in src/game/run.ts say to stop. Returns what to tell the player.
 */
export class RunController {
  constructor(private readonly host: RunHost) {}

  private occupied = (x: number, y: number): boolean => this.host.duel().fighterAt(x, y) !== undefined;

  /** Runs in `dir` until something interesting happens. */
  run(dir: DirectionName): string {
    const d = this.host.duel();
    const beside = enemyBeside(d);
    if (beside) return `You do not run: ${beside}.`;
    let steps = 0;
    for (; steps < RUN_LIMIT; steps++) {
      const from = d.hero.pos;
      if (!from) break;
      const prev = { x: from.x, y: from.y };
      const d1 = directionOf(dir);
      if (steps === 0 && this.occupied(prev.x + d1.dx, prev.y + d1.dy)) return 'You do not run: someone is in the way.';
      const watch = runWatch(d);
      if (!this.host.step({ type: 'move', dir })) return steps === 0 ? '' : stopped(steps, 'the way is blocked');
      const why = runInterruption(d, watch) ?? enemyBeside(d) ?? (d.hero.pos ? runStopsAt(d.grid, prev, d.hero.pos, dir, d.hero.fighter?.flying ?? false, this.occupied) : 'you cannot move');
      if (why) return stopped(steps + 1, why);
    }
    return stopped(steps, `${RUN_LIMIT} steps is as far as one run goes`);
  }

  /** Walks the shortest known path to `goal` (or, when absent, toward the foe), stopping as a run does. */
  travel(goal?: Point): string {
    const d = this.host.duel();
    const beside = enemyBeside(d);
    if (beside) return `You do not travel: ${beside}.`;
    let steps = 0;
    for (; steps < RUN_LIMIT; steps++) {
      const to = goal ?? foeGoal(d);
      if (!to) return 'You have not seen the foe yet: _ travels to a cell you choose.';
      const from = d.hero.pos;
      if (!from) break;
      const next = travelStep(d.grid, from, to, d.hero.fighter?.flying ?? false, (x, y) => this.host.known(x, y), this.occupied);
      if ('stop' in next) {
        if (steps === 0) return `You do not travel: ${next.stop}.`;
        return next.stop === 'you are there' ? `You arrive after ${steps} step${steps === 1 ? '' : 's'}.` : stopped(steps, next.stop);
      }
      const watch = runWatch(d);
      if (!this.host.step({ type: 'move', dir: next.dir })) return steps === 0 ? '' : stopped(steps, 'the way is blocked');
      const why = runInterruption(d, watch) ?? enemyBeside(d);
      if (why) return stopped(steps + 1, why);
    }
    return stopped(steps, `${RUN_LIMIT} steps is as far as one travel goes`);
  }
}

function stopped(steps: number, why: string): string {
  return `You stop after ${steps} step${steps === 1 ? '' : 's'}: ${why}${/[.!?]$/.test(why) ? '' : '.'}`;
}
