import { parseDice } from '../../core/dice.js';
import { stackKey } from '../../world/components.js';
import { angbandDistance } from '../../world/angband-path.js';
import type { AiProfile, HeroTactics } from '../ruleset.js';
import { type AngContext, type AngState, type AngView, effectsOf, heroDefences, heroRules, monsterRules, statusLevel } from './context.js';
import { arenaSpells, spellDef } from './spell-table.js';
import type { AngOpposition, AngProjection } from './types.js';

/** How the AI plays an Angband fighter: a monster's movement and fear, a hero's potions. */

export function aiProfile(ctx: AngContext, f: AngView): AiProfile<AngState> {
  const r = monsterRules(f);
  if (!r) return { keepsDistance: false };
  const m = ctx.cat.monster(r.monster);
  const r25 = m.flags.includes('rand-25');
  const r50 = m.flags.includes('rand-50');
  return {
    keepsDistance: false,
    ...(m.flags.includes('never-move') ? { neverMoves: true } : {}),
    ...(r25 || r50 ? { erratic: r25 && r50 ? 75 : r50 ? 50 : 25 } : {}),
    stopsFleeing: (self) => statusLevel(self, 'afraid') <= 0,
    actsOnWaking: true,
    turnsToFight: (self) => (statusLevel(self, 'afraid') > 0 ? [{ kind: 'remove-status', target: self.id, status: 'afraid' }] : []),
    // It hunts the player it cannot see within its detection range, or once hurt.
    tracksEnemy: (self, enemy) => angbandDistance(self.pos, enemy.pos) <= m.vision || self.body.hp < self.body.maxHp,
  };
}

/** The elements a monster hurls or strikes with, which a potion of resistance guards against. */
function elementsOf(ctx: AngContext, enemy: AngView | undefined): ReadonlySet<AngOpposition> {
  const r = enemy ? monsterRules(enemy) : undefined;
  if (!r) return new Set();
  const m = ctx.cat.monster(r.monster);
  const out = new Set<AngOpposition>();
  for (const name of arenaSpells(m)) {
    const gf = spellDef(name).gf;
    const el = gf ? GF_ELEMENT[gf] : undefined;
    if (el && !spellDef(name).inert) out.add(el);
  }
  for (const b of m.blows) if (b.effect === 'acid' || b.effect === 'elec' || b.effect === 'fire' || b.effect === 'cold' || b.effect === 'poison') out.add(b.effect);
  return out;
}

const GF_ELEMENT: Partial<Record<AngProjection, AngOpposition>> = { ACID: 'acid', ELEC: 'elec', FIRE: 'fire', COLD: 'cold', ICE: 'cold', POIS: 'poison' };

/**
 * The best healing potion to drink when hurt, a potion of boldness or might not yet running,
 * and a potion of resistance against an element the enemy carries that the hero neither
 * resists nor is already guarded against.
 */
export function heroTactics(ctx: AngContext, f: AngView, enemy?: AngView): HeroTactics {
  const threats = elementsOf(ctx, enemy);
  const def = threats.size > 0 && heroRules(f) ? heroDefences(ctx, f) : undefined;
  const needs = (el: AngOpposition): boolean =>
    def !== undefined && threats.has(el) && !def.oppose.has(el) && !(el !== 'poison' && def.immune.has(el)) && !def.resist.has(el);
  let guard: string | undefined;
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
      if (guard === undefined && e.kind === 'oppose' && needs(e.element)) guard = key;
    }
  }
  return { ...(heal ? { heal: heal.key } : {}), ...(buff ? { buff } : {}), ...(guard ? { guard } : {}) };
}
