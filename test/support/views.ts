import type { FighterView, Ruleset, RulesState } from '../../src/rules/ruleset.js';
import type { AiMode, ArenaEntity, Status } from '../../src/world/components.js';

export interface ViewOptions {
  readonly options?: Record<string, string | number>;
  readonly mode?: AiMode;
  readonly enemySeen?: boolean;
  readonly alerted?: boolean;
  readonly statuses?: Status[];
  readonly hp?: number;
  readonly energy?: number;
  /** Merged over the fighter's own rules component. */
  readonly rules?: Record<string, unknown>;
  /** Leave the pack empty. */
  readonly emptyPack?: boolean;
}

/**
 * A fighter built by the ruleset and standing in the arena (the hero's side at x 1, the foe's
 * next to it), as rule tests hand it to the rules, without a duel around it.
 */
export function fighterView<S extends RulesState>(rs: Ruleset<S>, id: number, template: string, side: 0 | 1, o: ViewOptions = {}): FighterView<S> {
  const init = rs.buildFighter({ template, options: o.options ?? {} });
  const rules: S = { ...structuredClone(init.rules), ...o.rules };
  const e: ArenaEntity & { rules: S } = {
    id,
    pos: { x: side === 0 ? 1 : 2, y: 1 },
    body: { hp: o.hp ?? init.body.hp, maxHp: init.body.maxHp },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: o.energy ?? init.energy ?? 0 },
    ai: { mode: o.mode ?? init.aiMode, target: null, alerted: o.alerted ?? false },
    awareness: { enemySeen: o.enemySeen ?? true, lastSeen: null },
    inventory: { ...structuredClone(init.inventory), ...(o.emptyPack ? { pack: [] } : {}) },
    statuses: [...structuredClone(init.statuses), ...(o.statuses ?? [])],
    rules,
  };
  return e as FighterView<S>;
}
