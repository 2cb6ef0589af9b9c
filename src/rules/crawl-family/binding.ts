import { Fraction } from '../../core/fraction.js';
import { Terrain } from '../../world/terrain.js';
import { heroSheet, recallContext, recallPage } from '../recall.js';
import type { AttackPreview, Ruleset } from '../ruleset.js';
import { aiProfile, canSee, onDamaged } from './ai.js';
import { weaponName } from './catalogue.js';
import { armed } from './character.js';
import { heroMelee, lawsFor } from './hero-attack.js';
import { heroTactics, itemGlyph, statusLabel, usableItems, useItem } from './items.js';
import { monsterAttackCost, monsterAttackOdds, monsterMelee } from './monster-attack.js';
import { crAttackLines, crHeroParts, crMonsterSection } from './recall.js';
import { buildFighter } from './sheet.js';
import { type FamilyCtx, type FamilyState, THRESHOLD, TICKS_PER_TURN, characterOf, heroRules, monsterDefence, monsterOf, monsterRules, targetOf } from './state.js';
import { weaponSpeed } from './time.js';
import { actionCost, energyGain, turnStart } from './upkeep.js';

/**
 * The Ruleset interface bound to the family's phases and a game's variant: what
 * `createCrawl` and `createStoneSoup` return. Every method only hands over to a phase.
 */
export function bindCrawlFamily(ctx: FamilyCtx): Ruleset<FamilyState> {
  const { v, cat } = ctx;
  const ruleset: Ruleset<FamilyState> = {
    id: v.id,
    name: v.name,
    description: v.description,
    divergences: v.divergences,
    edition: ctx.edition,
    ticksPerTurn: TICKS_PER_TURN,
    energyThreshold: THRESHOLD,
    readyOrder: 'most-energy',
    defaultHero: v.defaultHero,
    defaultFoe: v.defaultFoe,

    catalog: () => ctx.catalog,
    buildFighter: (spec, t) => buildFighter(ctx, spec, t),
    energyGain: (f) => energyGain(ctx, f),
    viewRadius: () => 8,
    actionCost: (f, action) => actionCost(ctx, f, action),
    turnStart: (t, f) => turnStart(ctx, t, f),
    nextStatusTime: () => undefined,
    statusTick: () => [],

    attackOptions(f) {
      if (monsterRules(f)) return [{ id: 'melee', label: 'melee', kind: 'melee' }];
      const c = characterOf(ctx, f);
      const w = armed(c);
      return [{ id: 'melee', label: w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands', kind: 'melee' }];
    },
    canUse: (option, distance) => option.kind === 'melee' && distance === 1,
    resolveAttack: (t, attacker, defender, _option, actx) => (monsterRules(attacker) ? monsterMelee(ctx, t, attacker, defender, actx) : heroMelee(ctx, t, attacker, defender, actx)),

    previewAttack(attacker, defender, _option, actx): AttackPreview {
      if (monsterRules(attacker)) {
        const o = monsterAttackOdds(ctx, attacker, defender, actx);
        const first = o.plan.attacks[0] ?? 1;
        return { label: `${monsterOf(ctx, attacker).name}: ${o.plan.attacks.join('/')}`, hit: o.hit, damage: o.damage(first), expected: o.expected, perTurn: o.perTurn, notes: o.notes };
      }
      const laws = lawsFor(ctx, characterOf(ctx, attacker, actx.attackerTerrain === Terrain.Water), targetOf(ctx, defender, actx, attacker));
      const sum = laws.summary();
      const notes: string[] = [];
      if (sum.stabCategory) notes.push(`stab ${sum.stab.percent(1)}`);
      if (laws.plan.fumbleDex !== null) notes.push(`fumbles ${sum.fumble.percent(1)} in water`);
      notes.push(`time ${sum.time.toNumber().toFixed(1)}`);
      return { label: laws.plan.label, hit: sum.hit, damage: sum.damage, expected: sum.expected, perTurn: Fraction.of(TICKS_PER_TURN).div(sum.time), notes };
    },

    attackCost: (a) => (monsterRules(a) ? monsterAttackCost(ctx, a) : v.melee.time.cost(characterOf(ctx, a), ctx.edition)),
    missileLanded: () => [],

    notice: (t, observer, enemy, distance, inView) => v.notice(t, ctx, observer, enemy, distance, inView, ctx.edition),
    noticeChance: (observer, enemy, distance, inView) => v.noticeChance(ctx, observer, enemy, distance, inView, ctx.edition),
    canSee: (viewer, target) => canSee(ctx, viewer, target),
    onDamaged: (_t, victim) => onDamaged(ctx, victim),
    onDeath: () => [],

    usableItems: (f) => usableItems(ctx, f),
    useItem: (t, f, item) => useItem(ctx, t, f, item),
    itemName: (id) => cat.nameOf(id),
    itemGlyph: (id) => itemGlyph(ctx, id),
    equipsOnPickup: () => false,

    ai: { profile: aiProfile, heroTactics: (f) => heroTactics(ctx, f) },

    panel: {
      statusLabel,
      describeFighter(f) {
        const edition = ctx.edition;
        const h = heroRules(f);
        if (h) {
          const c = characterOf(ctx, f);
          const w = armed(c);
          const arms = `${w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands'}, speed ${weaponSpeed(c, false, false).ws}`;
          return v.describeHero(ctx, f, c, h, edition, arms);
        }
        const r = monsterRules(f);
        if (!r) return [];
        return v.describeMonster(ctx, f, r, edition);
      },

      recall(subject, observer, now, where) {
        const h = heroRules(subject);
        const r = monsterRules(subject);
        if (h || !r) return recallPage(ruleset, subject, observer, now, where, { about: [heroSheet(ruleset, subject, now, crHeroParts(characterOf(ctx, subject), h?.hunger ?? 0))] });
        const gear = { weapon: r.weapon, armour: r.armour ?? null, shield: r.shield ?? null, defence: monsterDefence(ctx, subject) };
        const about = crMonsterSection(ruleset, cat, monsterOf(ctx, subject), r.hd, gear, subject, observer, now, where);
        const odds = heroRules(observer) ? monsterAttackOdds(ctx, subject, observer, recallContext(now, where.distance, ruleset.canSee?.(subject, observer) ?? true)) : null;
        return recallPage(ruleset, subject, observer, now, where, { about: [about], blows: odds ? crAttackLines(odds, monsterOf(ctx, subject)) : [] });
      },
    },
  };
  return ruleset;
}
