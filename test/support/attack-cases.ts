import { vi } from 'vitest';
import type { Content } from '../../src/content/index.js';
import type { Distribution } from '../../src/core/distribution.js';
import { Fraction } from '../../src/core/fraction.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { createAngband } from '../../src/rules/angband305/index.js';
import type { AngMonster } from '../../src/rules/angband305/types.js';
import type { Edition } from '../../src/rules/edition.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { AttackContext, AttackOption, AttackOutcome, AttackPreview, Effect, FighterView, Ruleset, RulesetId } from '../../src/rules/ruleset.js';
import type { AiMode } from '../../src/world/components.js';
import { Terrain } from '../../src/world/terrain.js';
import { type ViewOptions, fighterView } from './views.js';

/**
 * What the attack tests share: duels to watch attack by attack, and single attacks between two
 * fighters standing side by side.
 */

export const EDITIONS: readonly Edition[] = ['spoiler', 'source'];
export const MELEE: AttackOption = { id: 'melee', label: 'melee', kind: 'melee' };

/** An attack's context: adjacent, in view, on plain floor at time 0, with `o` over it. */
export const ctxOf = (o: Partial<AttackContext> = {}): AttackContext => ({ now: 0, distance: 1, visible: true, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor, ...o });

/** A fighter standing ready (`unaware`: it has not seen its enemy; `pack: false`: nothing carried). */
export function view(rs: Ruleset, id: number, template: string, side: 0 | 1, o: ViewOptions & { pack?: boolean; unaware?: boolean } = {}): FighterView {
  return fighterView(rs, id, template, side, { ...o, enemySeen: !o.unaware, emptyPack: o.pack === false });
}

/** The hit points an outcome's effects take from the defender. */
export const damageTo = (effects: readonly Effect[], id: number): number => effects.reduce((n, e) => (e.kind === 'damage' && e.target === id ? n + e.amount : n), 0);

/** The probabilities of a law added up (exactly 1 for a law). */
export const sumOf = (law: Distribution): Fraction => law.entries().reduce((n, [, p]) => n.add(p), Fraction.ZERO);

/** A duel to watch: who fights whom, with what hero options, how the foe starts, and where. */
export interface DuelCase {
  readonly ruleset: RulesetId;
  readonly hero: string;
  readonly foe: string;
  readonly heroOptions?: Record<string, string | number>;
  readonly foeState?: AiMode;
  readonly arena?: string;
}

/** The setup of a case: AI against AI, in the pit unless it names an arena, 400 turns at most. */
export function caseSetup(c: DuelCase, edition: Edition, seed: string): DuelSetup {
  return {
    ruleset: c.ruleset,
    edition,
    seed,
    hero: { template: c.hero, options: c.heroOptions ?? {} },
    foe: { template: c.foe, options: {} },
    arena: c.arena ?? 'pit',
    heroControl: 'ai',
    maxTurns: 400,
    ...(c.foeState ? { foeState: c.foeState } : {}),
  };
}

/** One call of resolveAttack as the duel made it, with previewAttack for it worked out just before. */
export interface AttackCall {
  readonly attacker: FighterView;
  readonly defender: FighterView;
  readonly option: AttackOption;
  readonly ctx: AttackContext;
  readonly preview: AttackPreview;
  readonly out: AttackOutcome;
}

/**
 * Plays a duel to its end (5000 turns at most), passing every attack the ruleset resolved to
 * `keep` as it happens and gathering what it returns.
 */
export function watchAttacks<T>(setup: DuelSetup, content: Content, luck: boolean, keep: (call: AttackCall) => T): { duel: Duel; kept: T[] } {
  const rs = getRuleset(setup.ruleset, content, setup.edition);
  const original = rs.resolveAttack;
  const kept: T[] = [];
  const spy = vi.spyOn(rs, 'resolveAttack').mockImplementation((t, attacker, defender, option, ctx) => {
    const preview = rs.previewAttack(attacker, defender, option, ctx);
    const out = original(t, attacker, defender, option, ctx);
    kept.push(keep({ attacker, defender, option, ctx, preview, out }));
    return out;
  });
  try {
    const duel = new Duel(setup, content, { tracing: false, luck });
    for (let i = 0; i < 5000 && duel.step().kind === 'turn'; i++);
    return { duel, kept };
  } finally {
    spy.mockRestore();
  }
}

/** One attack ready to resolve: the rules, who strikes whom, with what, and how. */
export interface OneAttack {
  readonly rs: Ruleset;
  readonly attacker: FighterView;
  readonly defender: FighterView;
  readonly option: AttackOption;
  readonly ctx: AttackContext;
}

/* Attacks small enough to check against every roll. */

/** Pixel Dungeon: a berserker's surprise attack on a sleeping gnoll scout. */
export function pdSurpriseAttack(content: Content, edition: Edition): OneAttack {
  const rs = getRuleset('pixel-dungeon', content, edition);
  return { rs, attacker: view(rs, 1, 'berserker', 0), defender: view(rs, 2, 'gnoll-scout', 1, { mode: 'sleeping', unaware: true }), option: MELEE, ctx: ctxOf() };
}

/** Pixel Dungeon: a gnoll shaman's lightning, three cells away, on a paralysed warrior in plate. */
export function pdLightning(content: Content, edition: Edition): OneAttack {
  const rs = getRuleset('pixel-dungeon', content, edition);
  const shaman = view(rs, 3, 'gnoll-shaman', 1);
  const warrior = view(rs, 4, 'warrior', 0, { options: { armour: 'plate-armour' }, statuses: [{ kind: 'paralysed', until: 5000 }] });
  const bolt = rs.attackOptions(shaman).find((o) => o.id === 'spell:lightning');
  if (!bolt) throw new Error('the gnoll shaman has no lightning');
  return { rs, attacker: shaman, defender: warrior, option: bolt, ctx: ctxOf({ distance: 3 }) };
}

/** Angband: a bare-handed warrior's blow (one blow, no critical) on a small kobold of 3 hit points. */
export function angBareHanded(content: Content, edition: Edition): OneAttack {
  const rs = getRuleset('angband-3.0.5', content, edition);
  return { rs, attacker: view(rs, 1, 'warrior', 0, { options: { weapon: 'none' } }), defender: view(rs, 2, 'small-kobold', 1, { mode: 'hunting', hp: 3 }), option: MELEE, ctx: ctxOf() };
}

/**
 * Angband (source): a weak monster's two acid spits (1d2 each; only the sure hits land) on a
 * warrior of `hp` hit points, carrying nothing, whose body armour is worn to its last point, so
 * the first acid to reach it wears it to nothing.
 */
export function angAcidOnWornArmour(content: Content, hp: number): OneAttack {
  const spit = { method: 'spit', effect: 'acid', dice: '1d2' } as const;
  const acid: AngMonster = { ...(content.angband.monsters.find((m) => m.id === 'green-naga') as AngMonster), id: 'acid-test', name: 'acid test', level: 1, blows: [spit, spit] };
  const rs = createAngband({ ...content.angband, monsters: [...content.angband.monsters, acid] }, 'source');
  const hero = view(rs, 1, 'warrior', 0, { pack: false, hp });
  const gear = structuredClone(hero.rules['gear']) as { body: { item: string; magic?: { toHit: number; toDam: number; toAc: number } } | null };
  const def = content.angband.armour.find((x) => x.id === gear.body?.item);
  if (!gear.body || !def) throw new Error('the warrior wears no body armour');
  gear.body.magic = { toHit: 0, toDam: 0, toAc: 1 - def.ac - def.toAc };
  const worn = { ...hero, rules: { ...hero.rules, gear } } as FighterView;
  return { rs, attacker: view(rs, 2, 'acid-test', 1, { mode: 'hunting' }), defender: worn, option: MELEE, ctx: ctxOf() };
}

/** Crawl 4.0: a rat's bite on a paralysed, unarmoured, clumsy (Dex 1) human transmuter. */
export function crawlRatOnStillHero(content: Content, edition: Edition): OneAttack {
  const rs = getRuleset('crawl-4.0b20', content, edition);
  const rat = view(rs, 3, 'rat', 1, { mode: 'hunting' });
  const still = view(rs, 4, 'human-transmuter', 0, { options: { armour: 'none', form: 'none' }, statuses: [{ kind: 'paralysis', level: 3 }], rules: { dex: 1 } });
  return { rs, attacker: rat, defender: still, option: MELEE, ctx: ctxOf() };
}

/**
 * Crawl 4.0 (spoiler): an unskilled, ringless, well-fed halfling thief's dagger on an unarmed
 * goblin, at full health or with `hp` hit points.
 */
export function crawlDaggerOnGoblin(content: Content, hp?: number): OneAttack {
  const rs = getRuleset('crawl-4.0b20', content, 'spoiler');
  const hero = view(rs, 1, 'halfling-thief', 0, { rules: { skills: {}, jewellery: [], hunger: 6000 } });
  const goblin = view(rs, 2, 'goblin', 1, { mode: 'hunting', rules: { weapon: null }, ...(hp === undefined ? {} : { hp }) });
  return { rs, attacker: hero, defender: goblin, option: MELEE, ctx: ctxOf() };
}

/** Stone Soup (spoiler): a clay golem's two blows on a paralysed, unarmoured human berserker of 6 hit points. */
export function ssGolemOnStillHero(content: Content): OneAttack {
  const rs = getRuleset('stone-soup-0.5.2', content, 'spoiler');
  const golem = view(rs, 3, 'clay-golem', 1, { mode: 'hunting' });
  const still = view(rs, 4, 'human-berserker', 0, { options: { armour: 'none' }, statuses: [{ kind: 'paralysis', level: 3 }], hp: 6 });
  return { rs, attacker: golem, defender: still, option: MELEE, ctx: ctxOf() };
}
