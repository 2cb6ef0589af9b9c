import type { Edition } from '../edition.js';
import type { FighterInit, FighterSpec, Ruleset } from '../ruleset.js';
import { aiProfile } from './ai.js';
import { heroRules, itemName, monsterOf, pdContext, sheetOf, statusActive } from './context.js';
import { PD_DIVERGENCE_LIST } from './divergences.js';
import { attackCost, attackOptions, canUse, previewAttack, resolveAttack } from './fight.js';
import { buildFighter, catalog } from './fighters.js';
import { equipsOnPickup, itemGlyph, missileLanded, useItem, usableItems } from './items.js';
import { onDeath } from './monster-attacks.js';
import { describeFighter, pdRecall } from './recall.js';
import { MILLITURNS, heroMoveDelay, monsterMoveDelay } from './sheet.js';
import { notice, noticeChance } from './stealth.js';
import type { PdState, PdTables } from './types.js';
import { nextStatusTime, onDamaged, statusTick, turnStart } from './upkeep.js';

export const PD_ID = 'pixel-dungeon' as const;

/**
 * The Pixel Dungeon ruleset: the Ruleset interface bound to the phase functions of this folder
 * (sheet, to-hit, damage, stealth, upkeep, monster attacks, items, AI, recall), each given the
 * tables through one context.
 */
export function createPixelDungeon(tables: PdTables, edition: Edition): Ruleset<PdState> {
  const c = pdContext(tables, edition);
  const entries = catalog(c);

  const ruleset: Ruleset<PdState> = {
    id: PD_ID,
    name: 'Pixel Dungeon',
    description: 'Pixel Dungeon 1.9.1 (Watabou): accuracy against dodge, armour absorption, surprise attacks.',
    divergences: PD_DIVERGENCE_LIST,
    edition,
    ticksPerTurn: MILLITURNS,
    energyThreshold: 0,
    defaultHero: 'warrior',
    defaultFoe: 'gnoll-scout',

    catalog: () => entries,
    buildFighter: (spec: FighterSpec): FighterInit<PdState> => buildFighter(c, spec),

    energyGain: () => 1,
    viewRadius: (f) => (heroRules(f) ? 8 : monsterOf(c, f).viewDistance),
    actionCost(f, action, now) {
      if (action !== 'move') return MILLITURNS;
      const crippled = statusActive(f, 'crippled', now);
      if (heroRules(f)) return heroMoveDelay(sheetOf(c, f, now), crippled);
      return monsterMoveDelay(monsterOf(c, f).speed, crippled);
    },

    turnStart: (t, f, now) => turnStart(t, f, now),
    nextStatusTime: (f) => nextStatusTime(f),
    statusTick: (t, f, now) => statusTick(c, t, f, now),

    attackOptions: (f) => attackOptions(c, f),
    canUse: (option, distance) => canUse(option, distance),
    resolveAttack: (t, attacker, defender, option, ctx) => resolveAttack(c, t, attacker, defender, option, ctx),
    previewAttack: (attacker, defender, option, ctx) => previewAttack(c, attacker, defender, option, ctx),
    attackCost: (a, option, now) => attackCost(c, a, option, now),
    missileLanded: (_t, _f, option, at) => missileLanded(c, option, at),

    notice: (t, observer, enemy, distance, inView) => notice(t, observer, enemy, distance, inView),
    noticeChance: (observer, enemy, distance, inView) => noticeChance(observer, enemy, distance, inView),

    onDamaged: (t, victim, amount, hpBefore, ctx) => onDamaged(c, t, victim, amount, hpBefore, ctx.now),
    onDeath: (t, victim, neighbours) => onDeath(c, t, victim, neighbours),

    usableItems: (f) => usableItems(c, f),
    useItem: (t, f, item) => useItem(c, t, f, item),
    itemName: (id) => itemName(c, id),
    itemGlyph: (id) => itemGlyph(c, id),
    equipsOnPickup: (f, stack) => equipsOnPickup(c, f, stack),

    ai: { profile: (f) => aiProfile(c, f) },
    panel: {
      describeFighter: (f, now) => describeFighter(c, f, now),
      recall: (subject, observer, now, where) => pdRecall(c, ruleset, subject, observer, now, where),
    },
    // Doors close behind the last one through; a hero on foot tramples high grass.
    terrain: { autoCloseDoors: true, tramplesGrass: (f) => f.fighter.kind === 'hero' && !f.fighter.flying },
  };
  return ruleset;
}
