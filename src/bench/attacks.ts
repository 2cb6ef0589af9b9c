import { performance } from 'node:perf_hooks';
import seedrandom from 'seedrandom';
import { type Content, loadContent } from '../content/index.js';
import { Stream } from '../core/rng.js';
import { NullTracer, RecordingTracer } from '../core/trace.js';
import { Duel } from '../game/duel.js';
import { heroAttack, rollAttack } from '../rules/pixeldungeon/combat.js';
import { availableRulesets, getRuleset } from '../rules/registry.js';
import type { RulesetId } from '../rules/ruleset.js';
import { attackContext } from '../systems/combat.js';
import { best, measure } from './attacks-measure.js';

/**
 * The generator and attack-resolution measurements, run in a process of their own (the bench
 * spawns this file) so that the rest of the benchmark does not share their call sites: the raw
 * generator is timed the way the stack spike timed it, in isolation, and the attack right after
 * it, under the same conditions; then each ruleset's whole melee attack (`resolveAttack`), to be
 * set against the raw generator. Prints one JSON object.
 */

let sink = 0;

/** One ruleset's melee attack through `resolveAttack`, timed in this process. */
export interface RulesetAttackRate {
  readonly ruleset: RulesetId;
  readonly hero: string;
  readonly foe: string;
  /** Resolutions per second with a null tracer. */
  readonly rate: number;
  /** Raw draws (32-bit words) per resolution, on average. */
  readonly draws: number;
}

/**
 * Each ruleset's default hero against its default foe in the ring (two adjacent cells, the foe
 * hunting): the hero's melee option resolved over and over with a null tracer on a counting
 * stream. The views are read-only and no effect is applied, so every call sees the same state.
 */
function rulesetRates(content: Content): RulesetAttackRate[] {
  return availableRulesets().map((id) => {
    const r = getRuleset(id, content, 'spoiler');
    const duel = new Duel(
      { ruleset: id, edition: r.edition, seed: 'bench', hero: { template: r.defaultHero, options: {} }, foe: { template: r.defaultFoe, options: {} }, arena: 'ring', heroControl: 'ai', maxTurns: 1000, foeState: 'hunting' },
      content,
      { tracing: false },
    );
    // Engaged, as a hunting foe toe to toe is after its first look: both have seen the other.
    // (At the duel's start neither has looked yet, and Pixel Dungeon would time sneak attacks.)
    for (const [e, other] of [
      [duel.hero, duel.foe],
      [duel.foe, duel.hero],
    ] as const) {
      if (e.awareness) e.awareness = { ...e.awareness, enemySeen: true, lastSeen: other.pos ? { ...other.pos } : null };
    }
    const ruleset = duel.ruleset;
    const heroView = duel.view(duel.hero);
    const foeView = duel.view(duel.foe);
    const option = ruleset.attackOptions(heroView).find((o) => o.kind === 'melee');
    if (!option) throw new Error(`${id}: the default hero ${r.defaultHero} has no melee option`);
    const ctx = attackContext(duel, duel.hero, duel.foe);
    const counter = new Stream('bench', `attacks-${id}`);
    const t = new NullTracer(counter);
    // The draws, counted over 200 ms of calls (at least 2,000), which also warm the JIT up.
    const before = counter.draws;
    const start = performance.now();
    let calls = 0;
    while (calls < 2000 || performance.now() - start < 200) {
      for (let i = 0; i < 100; i++) sink += ruleset.resolveAttack(t, heroView, foeView, option, ctx).damage;
      calls += 100;
    }
    const draws = (counter.draws - before) / calls;
    const rate = best(
      () =>
        measure((n) => {
          let s = 0;
          for (let i = 0; i < n; i++) s += ruleset.resolveAttack(t, heroView, foeView, option, ctx).damage;
          sink += s;
        }, 250),
      3,
    );
    return { ruleset: id, hero: r.defaultHero, foe: r.defaultFoe, rate, draws };
  });
}

function run(): Record<string, number | RulesetAttackRate[]> {
  const gen = seedrandom.tychei('bench') as unknown as { int32(): number };
  const raw = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s ^= gen.int32();
      sink ^= s;
    }),
  );
  const stream = new Stream('bench', 'bench');
  const streamRate = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += stream.int(20);
      sink ^= s;
    }),
  );

  // The warrior's short sword against the gnoll scout, both aware of each other (spoiler edition).
  const content = loadContent();
  const tables = content.pixelDungeon;
  const counter = new Stream('bench', 'attacks');
  const nullT = new NullTracer(counter);
  const sheet = {
    cls: tables.classes.find((c) => c.id === 'warrior')!,
    subclass: 'none' as const,
    level: 1,
    strength: 11,
    weakened: false,
    weapon: { def: tables.meleeWeapons.find((w) => w.id === 'short-sword')!, level: 0 },
    armour: { def: tables.armours.find((a) => a.id === 'cloth-armour')!, level: 0 },
  };
  const monster = tables.monsters.find((m) => m.id === 'gnoll-scout')!;
  const defender = { kind: 'monster' as const, monster, paralysed: false, enemySeen: true, state: 'hunting' as const, onWater: false, flying: false };
  const attack = heroAttack(nullT, { sheet, fury: false }, { kind: 'melee' }, defender, { edition: 'spoiler', distance: 1 });
  const before = counter.draws;
  const sample = 500_000;
  for (let i = 0; i < sample; i++) sink += rollAttack(nullT, attack).damage;
  const draws = (counter.draws - before) / sample;
  const untraced = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += rollAttack(nullT, attack).damage;
      sink += s;
    }),
  );
  const traced = best(
    () =>
      measure((n) => {
        for (let i = 0; i < n; i++) sink += rollAttack(new RecordingTracer(counter), attack).damage;
      }),
    3,
  );
  const rulesets = rulesetRates(content);
  return { raw, stream: streamRate, draws, untraced, traced, rulesets, checksum: sink & 0xffff };
}

process.stdout.write(`${JSON.stringify(run())}\n`);
