/**
 * What a spell's projection changes on a hero (spells1.c project_p's side effects, as data from
 * project.ts), applied through the same machinery as the blows' (hero-changes.ts): experience
 * lost with the levels that drop, GF_TIME's stat loss, GF_NEXUS's stat swap, disenchantment.
 */
import { describe, expect, it } from 'vitest';
import { RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import type { AngContext, AngView } from '../../../src/rules/angband305/context.js';
import { AngCatalogue } from '../../../src/rules/angband305/catalogue.js';
import { NO_DEFENCES, heroChanges, quarterStats, swapStats } from '../../../src/rules/angband305/hero-changes.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import type { AngSideEffect } from '../../../src/rules/angband305/project.js';
import { spellWorld } from '../../../src/rules/angband305/spell-world.js';
import type { Effect } from '../../../src/rules/ruleset.js';
import type { ItemStack } from '../../../src/world/components.js';
import { fighterView } from './fighters.js';
import { tables } from './helpers.js';

const rs = createAngband(tables, 'source');
const ctx: AngContext = { tables, cat: new AngCatalogue(tables), edition: 'source' };
const world = spellWorld(ctx);

const hero = (rules: Record<string, unknown> = {}) => fighterView(rs, 1, 'warrior', 0, { rules }) as unknown as AngView;
const caster = () => fighterView(rs, 2, 'uruk', 1) as unknown as AngView;

/** Applies side effects to the hero through the spell world with scripted rolls, which must all be used. */
function apply(d: AngView, effects: AngSideEffect[], script: number[] = []): { out: Effect[]; notes: string[] } {
  const rng = new ScriptedRng(script);
  const notes: string[] = [];
  const side = world.sideEffects(new RecordingTracer(rng), d, caster(), notes);
  for (const e of effects) side.apply(e);
  const out = side.finish() as Effect[];
  expect(rng.used).toBe(script.length);
  return { out, notes };
}
const patchOf = (out: Effect[]): Record<string, unknown> | undefined => {
  const e = out.find((x): x is Extract<Effect, { kind: 'rules' }> => x.kind === 'rules');
  return e?.patch as Record<string, unknown> | undefined;
};

describe("a spell's side effects on a hero", () => {
  it('the hero world gives the hero its experience (the least of its level, 380 for a human warrior 10)', () => {
    expect(world.hero(hero()).exp).toBe(380);
  });
  it('lose-exp: lose_exp drops the level below its least experience, with the level hit points', () => {
    const { out } = apply(hero(), [{ kind: 'lose-exp', amount: 200 }]);
    // 180 left: level 7 (140) holds, level 8 (200) does not.
    expect(patchOf(out)).toMatchObject({ exp: 180, level: 7 });
    const r = hero().rules as unknown as { levelHps: number[] };
    expect(patchOf(out)?.['levelHp']).toBe(r.levelHps[6]);
    expect(out.some((e) => e.kind === 'max-hp')).toBe(true);
  });
  const quarters: [string, number, number][] = [
    ['18/100', 118, 88],
    ['18/20', 38, 28],
    ['5', 5, 3],
    ['3', 3, 3],
  ];
  it.each(quarters)('stat-quarter: STR %s becomes 3/4 of itself, at least 3 (sustains do not hold)', (_text, before, after) => {
    const d = hero({ stats: { str: before, dex: 16, con: 17, wis: 10 } });
    const { out } = apply(d, [{ kind: 'stat-quarter', stats: ['str'] }]);
    if (before === after) expect(patchOf(out)).toBeUndefined();
    else expect(patchOf(out)?.['stats']).toEqual({ str: after, dex: 16, con: 17, wis: 10 });
    const ch = heroChanges(ctx, d, { ...NO_DEFENCES, sustain: new Set(['str']) });
    quarterStats(ch, ['str']);
    expect(ch.stats.str).toBe(after);
  });
  it('stat-swap: two stats trade places; a swap with INT or CHR (which the arena keeps none of) does nothing', () => {
    const { out } = apply(hero(), [{ kind: 'stat-swap', stats: ['str', 'wis'] }]);
    expect(patchOf(out)?.['stats']).toEqual({ str: 10, dex: 16, con: 17, wis: 38 });
    const ch = heroChanges(ctx, hero(), NO_DEFENCES);
    swapStats(ch, 'int', 'dex');
    expect(ch.stats).toEqual({ str: 38, dex: 16, con: 17, wis: 10 });
  });
  it('disenchant: apply_disenchant on a random slot (2: the sling, +2 +1)', () => {
    const { out } = apply(hero(), [{ kind: 'disenchant' }], [1]);
    expect((patchOf(out)?.['gear'] as { bow: ItemStack }).bow.magic).toMatchObject({ toHit: 1, toDam: 0 });
    // Slot 6, the cap: no magic to lose, nothing changes.
    expect(patchOf(apply(hero(), [{ kind: 'disenchant' }], [5]).out)).toBeUndefined();
  });
  it('a condition adds to the counter; condition-set sets it', () => {
    const { out } = apply(hero(), [
      { kind: 'condition', condition: 'confused', add: 5 },
      { kind: 'condition', condition: 'confused', add: 3 },
      { kind: 'condition-set', condition: 'stun', value: 12 },
    ]);
    expect(out).toContainEqual({ kind: 'status', target: 1, status: { kind: 'confused', level: 8 }, mode: 'set' });
    expect(out).toContainEqual({ kind: 'status', target: 1, status: { kind: 'stun', level: 12 }, mode: 'set' });
  });
});
