import { Fraction } from '../core/fraction.js';
import type { AttackOption, AttackPreview, NoticeCheck } from '../rules/ruleset.js';
import { attackContext } from '../systems/combat.js';
import { canPerceive, sees } from '../systems/perception.js';
import type { ArenaEntity } from '../world/components.js';
import type { Duel } from './duel.js';

/**
 * The exact odds between two fighters of a duel, from the ruleset's own `previewAttack`: each
 * attack's hit chance, damage, attacks a game turn and expected damage a game turn, and the turns
 * each side expects to need. Nothing is rolled. The look command, the fight lab and `arena sweep`
 * read them from here.
 */

/** One attack with its exact preview; `reach` is false when it is shown as if adjacent. */
export interface AttackOdds {
  readonly option: AttackOption;
  readonly preview: AttackPreview;
  readonly reach: boolean;
}

/** The odds both ways between the hero and a fighter it looks at. */
export interface OddsBothWays {
  readonly mine: readonly AttackOdds[];
  readonly theirs: readonly AttackOdds[];
  /** An unaware monster's chance to notice the hero this turn. */
  readonly notice?: NoticeCheck;
}

/** Expected damage a game turn: the expected damage of one attack times attacks a game turn. */
export function damagePerTurn(p: AttackPreview): Fraction {
  return p.expected.mul(p.perTurn);
}

/** Expected game turns to take `hp` hit points at `perTurn` a turn, or null when it cannot hurt. */
export function turnsToKill(hp: number, perTurn: Fraction): number | null {
  if (perTurn.num <= 0n) return null;
  return Fraction.of(Math.max(0, hp)).div(perTurn).toNumber();
}

/**
 * Every attack `a` can make on `b` from `dist` squares, with its exact preview; when none reaches,
 * its melee attacks as if adjacent. The context is the duel's at their places, except for the
 * distance; `inPlainView` has them see each other unless the ruleset hides one (invisibility),
 * as the fight lab shows them, instead of what each sees from where it stands.
 */
export function attackOdds(d: Duel, a: ArenaEntity, b: ArenaEntity, dist: number, o: { inPlainView?: boolean } = {}): AttackOdds[] {
  const r = d.ruleset;
  const options = r.attackOptions(d.view(a));
  const usable = options.filter((x) => r.canUse(x, dist));
  const reach = usable.length > 0;
  const chosen = reach ? usable : options.filter((x) => x.kind === 'melee');
  return chosen.map((option) => {
    const ctx = { ...attackContext(d, a, b), distance: reach ? dist : 1, ...(o.inPlainView ? { visible: canPerceive(d, a, b) } : {}) };
    return { option, preview: r.previewAttack(d.view(a), d.view(b), option, ctx), reach };
  });
}

/**
 * The exact odds both ways between the hero and `target` from where they stand (melee as if
 * adjacent when neither can reach), and the per-turn chance that an unaware monster notices the
 * hero.
 */
export function oddsBothWays(d: Duel, target: ArenaEntity): OddsBothWays {
  const hero = d.hero;
  if (target.id === hero.id || !hero.pos || !target.pos || !target.fighter) return { mine: [], theirs: [] };
  const dist = d.distanceBetween(hero, target);
  const mine = attackOdds(d, hero, target, dist);
  const theirs = attackOdds(d, target, hero, dist);
  const mode = target.ai?.mode;
  const unaware = target.fighter.kind === 'monster' && (mode === 'sleeping' || mode === 'wandering');
  const notice = unaware ? d.ruleset.noticeChance(d.view(target), d.view(hero), dist, sees(d, target, hero)) : undefined;
  return { mine, theirs, ...(notice ? { notice } : {}) };
}

/** The attack with the most expected damage a game turn (the first on a tie), as the recall page picks it. */
export function bestAttack(list: readonly AttackOdds[]): (AttackOdds & { readonly perTurn: Fraction }) | undefined {
  let best: (AttackOdds & { perTurn: Fraction }) | undefined;
  for (const x of list) {
    const perTurn = damagePerTurn(x.preview);
    if (!best || perTurn.compare(best.perTurn) > 0) best = { ...x, perTurn };
  }
  return best;
}
