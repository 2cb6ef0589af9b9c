import type { Tracer } from '../../core/trace.js';
import { type AngContext, type AngEffect, type AngView, heroDefences, heroRules, monsterRules } from './context.js';
import {
  NO_DEFENCES,
  addCondition,
  disenchant,
  finishHeroChanges,
  heroChanges,
  heroExp,
  loseExpBy,
  quarterStats,
  setCondition,
  swapStats,
} from './hero-changes.js';
import { acidOnArmour, slotArmour } from './monster-attacks.js';
import { packDamage } from './items.js';
import type { SpellWorld } from './monster-spells.js';
import type { AngSideEffect } from './project.js';
import type { GearData } from './catalogue.js';

/**
 * The duel's side of a monster spell: the hero's defences as the projections read them, and what
 * a projection's side effects (data from project.ts) do to the fighters, as effects.
 */
export function spellWorld(ctx: AngContext): SpellWorld {
  return {
    hero(d) {
      const r = heroRules(d);
      return {
        defences: heroDefences(ctx, d),
        acidArmour: r ? acidCover(ctx, r.gear) : false,
        level: r?.level ?? 1,
        exp: r ? heroExp(ctx, r) : 0,
      };
    },
    sideEffects: (t, target, caster, notes) => sideEffects(ctx, t, target, caster, notes),
  };
}

/**
 * Takes a projection's side effects one at a time, as project.ts decides them (so that what they
 * draw comes in the game's order: ice's inventory damage before its cut), and gives back the
 * effects on the fighters once the projection is done. What they change on the fighter is
 * gathered as the blows gather it (hero-changes.ts).
 */
function sideEffects(ctx: AngContext, t: Tracer, d: AngView, caster: AngView, notes: string[]): { apply(e: AngSideEffect): void; finish(): AngEffect[] } {
  const out: AngEffect[] = [];
  const ch = heroChanges(ctx, d, heroRules(d) ? heroDefences(ctx, d) : NO_DEFENCES, notes);
  const apply = (e: AngSideEffect): void => {
    switch (e.kind) {
      case 'condition':
        addCondition(ch, e.condition, e.add);
        notes.push(CONDITION_NOTE[e.condition] ?? e.condition);
        break;
      case 'condition-set':
        setCondition(ch, e.condition, e.value);
        notes.push(CONDITION_NOTE[e.condition] ?? e.condition);
        break;
      case 'kept-life':
        notes.push('you keep hold of your life force');
        break;
      case 'saved':
        notes.push('you resist the effects');
        break;
      case 'inventory':
        packDamage(ctx, t, ch.pack, e.element, e.perc, notes);
        break;
      case 'minus-ac': {
        if (!ch.gear) break;
        const hit = acidOnArmour(ctx, ch.gear, e.slot);
        if (hit?.damaged) ch.gearChanged = true;
        if (hit) notes.push(hit.damaged ? `your ${hit.name} is damaged` : `your ${hit.name} is unaffected`);
        break;
      }
      case 'lose-exp':
        loseExpBy(ctx, t, ch, e.amount, 'lose_exp');
        break;
      case 'stat-quarter':
        quarterStats(ch, e.stats);
        break;
      case 'stat-swap':
        swapStats(ch, e.stats[0], e.stats[1]);
        break;
      case 'disenchant':
        disenchant(ctx, t, ch);
        break;
      case 'teleport':
        out.push({ kind: 'teleport', target: d.id, how: { kind: 'away', distance: e.distance } });
        break;
      case 'teleport-to':
        out.push({ kind: 'teleport', target: d.id, how: { kind: 'to', near: caster.id } });
        break;
      case 'teleport-level':
        notes.push('no other level to be sent to');
        break;
      case 'wake':
        if (monsterRules(d) && (monsterRules(d)?.csleep ?? 0) > 0) {
          out.push({ kind: 'rules', target: d.id, patch: { csleep: 0 } });
          out.push({ kind: 'ai-mode', target: d.id, mode: 'hunting' });
        }
        break;
      case 'polymorph':
        // project_m would turn it into another monster of its depth; a duel keeps its two
        // fighters, so it stays what it is and takes the damage (docs/FIDELITY.md).
        notes.push('its form wavers, but it stays itself');
        break;
    }
  };
  return { apply, finish: () => [...out, ...finishHeroChanges(ctx, ch)] };
}

const CONDITION_NOTE: Readonly<Record<string, string>> = {
  blind: 'blinded',
  confused: 'confused',
  afraid: 'terrified',
  poisoned: 'poisoned',
  paralyzed: 'paralysed',
  image: 'hallucinating',
  slow: 'slowed',
  cut: 'cut',
  stun: 'stunned',
};

/** The six acid slots (minus_ac's randint(6): body, shield, cloak, gloves, helm, boots) holding armour with AC left, as bits. */
export function acidCover(ctx: AngContext, gear: GearData): number {
  let bits = 0;
  for (let slot = 1; slot <= 6; slot++) {
    const st = slotArmour(ctx, gear, slot);
    const def = st ? ctx.cat.item(st.item) : undefined;
    if (st && def?.kind === 'armour' && def.def.ac + def.def.toAc + (st.magic?.toAc ?? 0) > 0) bits |= 1 << (slot - 1);
  }
  return bits;
}
