/**
 * An Angband fighter as the engine would hold it, built without rolls (typical values), for the
 * rule tests that call the ruleset directly.
 */
import type { FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import type { AiMode, ArenaEntity, ItemStack, Status } from '../../../src/world/components.js';

export interface ViewOptions {
  options?: Record<string, string | number>;
  mode?: AiMode;
  statuses?: Status[];
  hp?: number;
  pos?: { x: number; y: number };
  rules?: Record<string, unknown>;
  pack?: ItemStack[];
}

export function fighterView(rs: Ruleset, id: number, template: string, side: 0 | 1, o: ViewOptions = {}): FighterView {
  const init = rs.buildFighter({ template, options: o.options ?? {} });
  const e: ArenaEntity = {
    id,
    pos: o.pos ?? { x: side === 0 ? 1 : 2, y: 1 },
    body: { hp: o.hp ?? init.body.hp, maxHp: init.body.maxHp, aliveAtZero: true },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: 0 },
    ai: { mode: o.mode ?? init.aiMode, target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: o.pack ? { ...structuredClone(init.inventory), pack: o.pack } : structuredClone(init.inventory),
    statuses: [...structuredClone(init.statuses), ...(o.statuses ?? [])],
    rules: { ...structuredClone(init.rules), ...o.rules },
  };
  return e as FighterView;
}
