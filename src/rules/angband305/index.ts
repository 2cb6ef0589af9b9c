import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import type { AttackOption, Ruleset } from '../ruleset.js';
import { aiProfile, heroTactics } from './ai.js';
import { buildFighter, catalog } from './birth.js';
import { AngCatalogue } from './catalogue.js';
import { ACTION, ANG_ID, type AngContext, type AngState, TICKS_PER_TURN, monsterOf, monsterRules } from './context.js';
import { ANG_DIVERGENCE_LIST } from './divergences.js';
import { attackCost, heroAttackOptions, heroMelee, heroMissile, heroPreview } from './hero-attacks.js';
import { itemGlyph, missileLanded, usableItems, useItem } from './items.js';
import { monsterMelee, monsterPreview } from './monster-attacks.js';
import { chooseSpell, resolveSpell, spellOfOption, spellOptions, spellPreview } from './monster-spells.js';
import { spellWorld } from './spell-world.js';
import { teleportAway, teleportTo } from './teleport.js';
import { describeFighter, recall } from './panel.js';
import { actionsPerTurn } from './recall.js';
import { canSee, notice, noticeChance } from './stealth.js';
import type { AngTables } from './types.js';
import { confusedAim, confusedDirection, energyGain, nextStatusTime, onDamaged, statusLabel, statusTick, turnStart } from './upkeep.js';

export { ANG_ID, SECTION_CONDITIONS, SECTION_CREATION, SECTION_HIT_POINTS, SECTION_SLEEP } from './context.js';
export type { AngState, HeroRules, MonsterRules } from './context.js';

/**
 * The Angband 3.0.5 ruleset: the Ruleset interface bound to the rules of each phase (the
 * character sheet, the hit test, damage and criticals, monster blows, upkeep, stealth, items,
 * the AI and the panels), each given the tables as a context.
 */
export function createAngband(tables: AngTables, edition: Edition): Ruleset<AngState> {
  const ctx: AngContext = { tables, cat: new AngCatalogue(tables), edition };
  const entries = catalog(ctx);
  const world = spellWorld(ctx);

  const ruleset: Ruleset<AngState> = {
    id: ANG_ID,
    name: 'Angband 3.0.5',
    description: 'Angband 3.0.5 (ATTACK.SPO 1.13): blows, skill against 3/4 AC, criticals, slays and brands, launchers and shots.',
    divergences: ANG_DIVERGENCE_LIST,
    edition,
    ticksPerTurn: TICKS_PER_TURN,
    energyThreshold: ACTION,
    readyOrder: 'most-energy',
    defaultHero: 'warrior',
    defaultFoe: 'uruk',

    catalog: () => entries,
    buildFighter: (spec, t) => buildFighter(ctx, spec, t),

    energyGain: (f) => energyGain(f),
    viewRadius: () => 20,
    actionCost: () => ACTION,

    turnStart: (t, f) => turnStart(ctx, t, f),
    confusedDirection: (t, f, dir) => confusedDirection(t, f, dir),
    confusedAim: (t, f) => confusedAim(t, f),
    nextStatusTime: (f) => nextStatusTime(f),
    statusTick: (t, f, now) => statusTick(ctx, t, f, now),

    attackOptions(f) {
      if (monsterRules(f)) {
        const m = monsterOf(ctx, f);
        return [...(m.blows.length > 0 ? [{ id: 'melee', label: 'melee', kind: 'melee' as const }] : []), ...spellOptions(m)];
      }
      return heroAttackOptions(ctx, f);
    },
    canUse: (option, distance) => (option.kind === 'melee' ? distance === 1 : option.kind === 'self' || distance >= 1),
    resolveAttack(t, attacker, defender, option, actx) {
      const spell = monsterRules(attacker) ? spellOfOption(option.id) : undefined;
      if (spell) return resolveSpell(ctx, world, t, attacker, defender, spell, actx);
      if (monsterRules(attacker)) return monsterMelee(ctx, t, attacker, defender, actx);
      if (option.kind === 'melee') return heroMelee(ctx, t, attacker, defender, actx);
      return heroMissile(ctx, t, attacker, defender, option, actx);
    },
    previewAttack(attacker, defender, option: AttackOption, actx) {
      // Attacks a normal-speed game turn: actions at this fighter's speed (a hero's is normal), each costing `cost`.
      const perTurn = (cost: number) => Fraction.of(ACTION, cost).mul(actionsPerTurn(monsterRules(attacker)?.speed ?? 110));
      const spell = monsterRules(attacker) ? spellOfOption(option.id) : undefined;
      if (spell) return spellPreview(ctx, world, attacker, defender, spell, perTurn(ACTION));
      if (monsterRules(attacker)) return monsterPreview(ctx, attacker, defender, perTurn(ACTION));
      return heroPreview(ctx, attacker, defender, option, actx, perTurn);
    },
    attackCost: (a, option) => attackCost(ctx, a, option),
    missileLanded: (t, f, option, at, info) => missileLanded(ctx, t, f, option, at, info),

    notice: (t, observer, enemy, distance, inView) => notice(ctx, t, observer, enemy, distance, inView),
    noticeChance: (observer, enemy, distance, inView) => noticeChance(ctx, observer, enemy, distance, inView),
    canSee: (viewer, target) => canSee(ctx, viewer, target),

    onDamaged: (t, victim, amount) => onDamaged(ctx, t, victim, amount),
    onDeath: () => [],

    usableItems: (f) => usableItems(ctx, f),
    useItem: (t, f, item) => useItem(ctx, t, f, item),
    itemName: (id) => ctx.cat.nameOf(id),
    itemGlyph: (id) => itemGlyph(ctx, id),
    equipsOnPickup: () => false,

    teleport: (t, _f, from, how, arena) => (how.kind === 'to' ? teleportTo(t, how.near, arena) : teleportAway(t, from, how.distance, arena)),

    ai: {
      profile: (f) => aiProfile(ctx, f),
      heroTactics: (f, _now, enemy) => heroTactics(ctx, f, enemy),
      castSpell: (t, self, enemy, where) => chooseSpell(ctx, t, self, enemy, where),
    },
    panel: {
      describeFighter: (f) => describeFighter(ctx, f),
      statusLabel: (st) => statusLabel(st),
      recall: (subject, observer, now, where) => recall(ctx, ruleset, subject, observer, now, where),
    },
  };
  return ruleset;
}
