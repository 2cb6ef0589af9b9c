import type { AiProfile } from '../ruleset.js';
import { type PdContext, type PdView, ability, heroRules, monsterOf } from './context.js';
import type { PdState } from './types.js';

/**
 * How the AI uses a fighter: the scorpio keeps its distance; a poisoner that fled comes back
 * once its enemy is no longer poisoned and it sees it again.
 */
export function aiProfile(c: PdContext, f: PdView): AiProfile<PdState> {
  if (heroRules(f)) return { keepsDistance: false };
  const m = monsterOf(c, f);
  if (ability(m, 'poison-and-flee')) {
    return { keepsDistance: false, stopsFleeing: (self, enemy) => (self.awareness?.enemySeen ?? false) && !enemy.statuses.some((s) => s.kind === 'poisoned') };
  }
  return { keepsDistance: ability(m, 'ranged-only') !== undefined };
}
