import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackKey } from '../../world/components.js';
import { type AngContext, type AngEffect, type AngView, heroDefences, heroRules, monsterRules, mutableGear, statusLevel } from './context.js';
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
        exp: 0,
      };
    },
    sideEffects: (t, target, caster, notes) => sideEffects(ctx, t, target, caster, notes),
  };
}

/**
 * Takes a projection's side effects one at a time, as project.ts decides them (so that what they
 * draw comes in the game's order: ice's inventory damage before its cut), and gives back the
 * effects on the fighters once the projection is done.
 */
function sideEffects(ctx: AngContext, t: Tracer, d: AngView, caster: AngView, notes: string[]): { apply(e: AngSideEffect): void; finish(): AngEffect[] } {
  const out: AngEffect[] = [];
  const added: Record<string, number> = {};
  const level = (kind: string) => added[kind] ?? statusLevel(d, kind);
  const pack: ItemStack[] = d.inventory.pack.map((s) => ({ ...s }));
  const gear = heroRules(d) ? mutableGear(d) : undefined;
  let gearChanged = false;
  const apply = (e: AngSideEffect): void => {
    switch (e.kind) {
      case 'condition':
        added[e.condition] = level(e.condition) + e.add;
        notes.push(CONDITION_NOTE[e.condition] ?? e.condition);
        break;
      case 'condition-set':
        added[e.condition] = e.value;
        notes.push(CONDITION_NOTE[e.condition] ?? e.condition);
        break;
      case 'kept-life':
        notes.push('you keep hold of your life force');
        break;
      case 'saved':
        notes.push('you resist the effects');
        break;
      case 'inventory':
        packDamage(ctx, t, pack, e.element, e.perc, notes);
        break;
      case 'minus-ac': {
        if (!gear) break;
        const hit = acidOnArmour(ctx, gear, e.slot);
        if (hit?.damaged) gearChanged = true;
        if (hit) notes.push(hit.damaged ? `your ${hit.name} is damaged` : `your ${hit.name} is unaffected`);
        break;
      }
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
      default:
        out.push(...heroDrain(ctx, t, d, e, notes));
    }
  };
  const finish = (): AngEffect[] => {
  for (const [kind, lv] of Object.entries(added)) out.push({ kind: 'status', target: d.id, status: { kind, level: lv }, mode: 'set' });
  if (gear && gearChanged) out.push({ kind: 'rules', target: d.id, patch: { gear } });
  for (const st of d.inventory.pack) {
    const after = pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
    if (after < st.quantity) out.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
  }
  return out;
  };
  return { apply, finish };
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


function heroDrain(_ctx: AngContext, _t: Tracer, _d: AngView, e: AngSideEffect, notes: string[]): AngEffect[] {
  notes.push(`(${e.kind})`);
  return [];
}
