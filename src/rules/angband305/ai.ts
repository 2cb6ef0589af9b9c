import { parseDice } from '../../core/dice.js';
import { stackKey } from '../../world/components.js';
import { angbandDistance } from '../../world/angband-path.js';
import type { AiProfile, HeroTactics } from '../ruleset.js';
import { type AngContext, type AngState, type AngView, effectsOf, monsterRules, statusLevel } from './context.js';

/** How the AI plays an Angband fighter: a monster's movement and fear, a hero's potions. */

export function aiProfile(ctx: AngContext, f: AngView): AiProfile<AngState> {
  const r = monsterRules(f);
  if (!r) return { keepsDistance: false };
  const m = ctx.cat.monster(r.monster);
  const r25 = m.flags.includes('rand-25');
  const r50 = m.flags.includes('rand-50');
  return {
    keepsDistance: false,
    ...(r25 || r50 ? { erratic: r25 && r50 ? 75 : r50 ? 50 : 25 } : {}),
    stopsFleeing: (self) => statusLevel(self, 'afraid') <= 0,
    actsOnWaking: true,
    turnsToFight: (self) => (statusLevel(self, 'afraid') > 0 ? [{ kind: 'remove-status', target: self.id, status: 'afraid' }] : []),
    // It hunts the player it cannot see within its detection range, or once hurt.
    tracksEnemy: (self, enemy) => angbandDistance(self.pos, enemy.pos) <= m.vision || self.body.hp < self.body.maxHp,
  };
}

/** The best healing potion to drink when hurt, and a potion of boldness or might not yet running. */
export function heroTactics(ctx: AngContext, f: AngView): HeroTactics {
  const fx = effectsOf(f);
  let heal: { key: string; mean: number } | undefined;
  let buff: string | undefined;
  for (const st of f.inventory.pack) {
    const d = ctx.cat.item(st.item);
    if (d.kind !== 'consumable' || st.quantity <= 0) continue;
    const key = stackKey(st);
    // A healing potion heals and does nothing else (Heroism heals 10 on the side).
    const healer = d.def.effects.every((e) => e.kind === 'heal');
    for (const e of d.def.effects) {
      if (e.kind === 'heal' && healer) {
        const dd = parseDice(e.amount);
        const mean = dd.bonus + (dd.count * (dd.sides + 1)) / 2;
        if (!heal || mean > heal.mean) heal = { key, mean };
      }
      if (buff === undefined && ((e.kind === 'berserk' && !fx.berserk) || (e.kind === 'hero' && !fx.hero && !fx.berserk) || (e.kind === 'bless' && !fx.blessed))) buff = key;
    }
  }
  return { ...(heal ? { heal: heal.key } : {}), ...(buff ? { buff } : {}) };
}
