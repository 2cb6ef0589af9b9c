import { subjectOf } from '../names.js';
import type { AiProfile } from '../ruleset.js';
import { seesInvisible } from './character.js';
import { div } from './random.js';
import { type FamilyCtx, type FamilyEffect, type FamilyState, type View, characterOf, heroRules, level, monsterOf, monsterRules } from './state.js';

/** How the AI plays a Crawl-family monster: who sees whom, fleeing when hurt, finding an invisible hero. */

/** Whether `viewer` sees `target`: an invisible monster needs see invisible; an invisible hero, a monster that sees invisible. */
export function canSee(ctx: FamilyCtx, viewer: View, target: View): boolean {
  if (heroRules(viewer) && monsterRules(target)) return !monsterOf(ctx, target).flags.includes('invisible') || seesInvisible(characterOf(ctx, viewer));
  if (monsterRules(viewer) && heroRules(target)) return level(target, 'invisible') <= 0 || monsterOf(ctx, viewer).flags.includes('sees-invisible');
  return true;
}

/** A smart monster badly hurt flees (monstuff.cc handle_behavior). */
export function onDamaged(ctx: FamilyCtx, victim: View): readonly FamilyEffect[] {
  const r = monsterRules(victim);
  if (!r) return [];
  const m = monsterOf(ctx, victim);
  if (m.intelligence >= 3 && victim.body.hp <= div(victim.body.maxHp, 4) - 1 && victim.ai?.mode !== 'fleeing' && victim.ai?.mode !== 'sleeping') {
    return [
      { kind: 'ai-mode', target: victim.id, mode: 'fleeing' },
      { kind: 'message', text: `${subjectOf(victim)} turns to flee.`, tone: 'good' },
    ];
  }
  return [];
}

export function aiProfile(f: View): AiProfile<FamilyState> {
  if (!monsterRules(f)) return { keepsDistance: false };
  const confused = level(f, 'confused') > 0;
  return {
    keepsDistance: false,
    ...(confused ? { erratic: 100 } : {}),
    stopsFleeing: (self) => self.body.hp > div(self.body.maxHp, 2),
    actsOnWaking: true,
    // An invisible hero orthogonally next to it is still found (b20: 1 in 3 each turn; here always).
    tracksEnemy: (self, enemy) => Math.abs(self.pos.x - enemy.pos.x) + Math.abs(self.pos.y - enemy.pos.y) <= 1,
  };
}
