import type { Tracer } from '../../core/trace.js';
import { type ItemStack, type Status, stackKey } from '../../world/components.js';
import { subjectOf, verb } from '../names.js';
import type { HeroTactics } from '../ruleset.js';
import { r2 } from './random.js';
import { type FamilyCtx, type FamilyEffect, type View, level } from './state.js';
import { heroTime } from './upkeep.js';

/** The potions a hero drinks, how items show, and how statuses read in the panel. */

export const usableItems = (ctx: FamilyCtx, f: View): readonly ItemStack[] => f.inventory.pack.filter((s) => s.quantity > 0 && ctx.cat.potions.has(s.item));

/** Drinks a potion of might (Str + 5) or invisibility, for a rolled number of turns. */
export function useItem(ctx: FamilyCtx, t: Tracer, f: View, item: string): { effects: readonly FamilyEffect[]; cost: number } | { error: string } {
  const { cat } = ctx;
  const st = f.inventory.pack.find((s) => stackKey(s) === item && s.quantity > 0);
  const p = st ? cat.potions.get(st.item) : undefined;
  if (!st || !p) return { error: `you have no ${cat.nameOf(item)} to drink` };
  if (t.recording) t.rule(ctx.sections.potion, `Drink a ${p.name}`);
  const effects: FamilyEffect[] = [{ kind: 'consume', target: f.id, item, quantity: 1 }];
  if (p.effect === 'might') {
    const cur = level(f, 'might');
    const n = cur > 0 ? Math.min(75, cur + 5 + r2(t, 10, 'might: 5 + random2(10) more')) : Math.min(75, 35 + r2(t, 40, 'might: 35 + random2(40)'));
    effects.push({ kind: 'status', target: f.id, status: { kind: 'might', level: n }, mode: 'set' });
    effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'feel')} very mighty${cur > 0 ? ' still' : ''}! (might ${n})`, tone: 'good' });
  } else {
    const cur = level(f, 'invisible');
    const n = cur > 0 ? Math.min(100, cur + 3 + r2(t, 6, 'invisibility: 3 + random2(6) more')) : Math.min(100, 15 + r2(t, 40, 'invisibility: 15 + random2(40)'));
    effects.push({ kind: 'status', target: f.id, status: { kind: 'invisible', level: n }, mode: 'set' });
    effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'fade')} into invisibility! (${n} turns)`, tone: 'good' });
  }
  return { effects, cost: heroTime(ctx, f) };
}

export function itemGlyph(ctx: FamilyCtx, id: string): { ch: string; colour: string } {
  if (ctx.cat.potions.has(id)) return { ch: '!', colour: 'bright-magenta' };
  const w = ctx.cat.weapons.get(id);
  if (w) return { ch: w.glyph, colour: 'cyan' };
  return { ch: '[', colour: 'grey' };
}

/** A hero played by the AI drinks might when it is not already mighty. */
export function heroTactics(ctx: FamilyCtx, f: View): HeroTactics {
  let buff: string | undefined;
  for (const st of f.inventory.pack) {
    const p = ctx.cat.potions.get(st.item);
    if (!p || st.quantity <= 0) continue;
    if (p.effect === 'might' && level(f, 'might') <= 1) buff = stackKey(st);
  }
  return buff ? { buff } : {};
}

export function statusLabel(st: Status): string {
  const n = st.level ?? 0;
  switch (st.kind) {
    case 'form':
      return `form ${n}`;
    case 'confusing-touch':
      return `glowing hands ${n}`;
    case 'sure-blade':
      return `sure blade ${n}`;
    case 'poison':
      return `poisoned ${n}`;
    case 'rotting':
      return `rotting ${n}`;
    case 'disease':
      return `diseased ${n}`;
    default:
      return `${st.kind} ${n}`;
  }
}
