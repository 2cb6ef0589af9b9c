/**
 * Integer energy scheduling. Every tick each actor gains energy by its ruleset's rule; an actor
 * whose energy has reached the threshold may act, and acting spends energy. Pixel Dungeon's
 * "time" model is the special case of one energy per tick with actions costing their delay;
 * Angband's is energy by speed per game turn with 100 per action. Ties go to the lowest id.
 */
export interface EnergyActor {
  readonly id: number;
  energy: number;
}

export interface EnergyRules<A extends EnergyActor> {
  /** Energy needed to act. */
  readonly threshold: number;
  /** Energy gained per tick by this actor (a positive integer). */
  gain(actor: A): number;
  /**
   * Who goes first among actors ready after the same number of ticks: the lowest id (the
   * default), or the one with the most energy then, the lowest id breaking a tie (Angband, where
   * a monster acts before the player only with strictly more energy).
   */
  readonly order?: 'lowest-id' | 'most-energy';
}

/**
 * Which actor acts next and how many ticks must pass first, without changing anything.
 * `actors` must be sorted by ascending id; among actors ready after the same number of ticks
 * the rules' order decides.
 */
export function peekNextActor<A extends EnergyActor>(
  actors: readonly A[],
  rules: EnergyRules<A>,
): { actor: A; ticks: number } | undefined {
  let best: A | undefined;
  let bestTicks = Infinity;
  let bestEnergy = -Infinity;
  const byEnergy = rules.order === 'most-energy';
  for (const a of actors) {
    const g = rules.gain(a);
    if (!(g > 0) || !Number.isInteger(g)) throw new Error(`actor ${a.id} gains ${g} energy per tick`);
    const need = rules.threshold - a.energy;
    const ticks = need <= 0 ? 0 : Math.ceil(need / g);
    const energy = a.energy + ticks * g;
    if (ticks < bestTicks || (byEnergy && ticks === bestTicks && energy > bestEnergy)) {
      bestTicks = ticks;
      bestEnergy = energy;
      best = a;
    }
  }
  return best ? { actor: best, ticks: bestTicks } : undefined;
}

/** Lets `ticks` pass: every actor gains its energy for them. */
export function advanceEnergy<A extends EnergyActor>(actors: readonly A[], rules: EnergyRules<A>, ticks: number): void {
  if (ticks <= 0) return;
  for (const a of actors) a.energy += rules.gain(a) * ticks;
}

/** Advances time to the next actor and returns it with the ticks that passed. */
export function nextActor<A extends EnergyActor>(
  actors: readonly A[],
  rules: EnergyRules<A>,
): { actor: A; ticks: number } | undefined {
  const next = peekNextActor(actors, rules);
  if (next) advanceEnergy(actors, rules, next.ticks);
  return next;
}
