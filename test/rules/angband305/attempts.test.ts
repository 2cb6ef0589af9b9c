/**
 * Blows and rounds written once (attempts.ts): the monsters' blows (monster-melee.ts), their
 * rounds with what each blow adds (monster-attacks.ts), and the hero's round of blows
 * (attacks.ts). For each, the law the one definition gives is checked against every draw
 * sequence of its roll, fast and traced (`exactLaw`), and the ways a blow can go against what it
 * drew. The enumerations are kept small: few skill values, small dice, and sure hits only where a
 * critical's roll of 1 to 5000 follows.
 */
import { describe, expect, it } from 'vitest';
import { parseDice } from '../../../src/core/dice.js';
import { Distribution, mixture } from '../../../src/core/distribution.js';
import { Fraction } from '../../../src/core/fraction.js';
import { ratio } from '../../../src/core/ratio.js';
import type { Tracer } from '../../../src/core/trace.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { type MeleePlan, MeleeRound, blowAttempt, blowCritical, missileAttempt, planMelee, planThrow, roundLaw } from '../../../src/rules/angband305/attacks.js';
import { type Attempt, type Round, RoundRoll, lawOfRound } from '../../../src/rules/angband305/attempts.js';
import { MELEE_CRIT_TYPES } from '../../../src/rules/angband305/criticals.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { NO_COVER, blowsAgainst, monsterBlow } from '../../../src/rules/angband305/monster-melee.js';
import type { AngBlow, AngMonster } from '../../../src/rules/angband305/types.js';
import type { AttackContext, AttackOption, FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import type { ArenaEntity, ItemStack } from '../../../src/world/components.js';
import { Terrain } from '../../../src/world/terrain.js';
import { F, char, exactLaw, expectFrac, monster, recorder, tables, target } from './helpers.js';

const ZERO = Fraction.ZERO;

/** The enumerated law against `law`, value by value (values either side lacks count as 0). */
function expectLaw(enumerated: ReadonlyMap<string | number, Fraction>, law: Distribution): void {
  const values = new Set<number>([...law.entries().map(([v]) => v), ...[...enumerated.keys()].map(Number)]);
  for (const v of values) expectFrac(enumerated.get(v) ?? ZERO, law.prob(v));
}

/**
 * An attempt against every draw of its roll: the chance of a miss, of each damage on a hit, and
 * the law with a miss counting 0; and its ways (the branches a round's law follows) against what
 * was drawn, split by the draw of its split step when it has one.
 */
function checkAttempt(a: Attempt): void {
  const seen = exactLaw(
    (t) => {
      const draws: number[] = [];
      const damage = a.roll(t, draws);
      return damage === null ? 'miss' : `${a.split >= 0 ? draws[a.split] : '-'}:${damage}`;
    },
    (k) => k,
  );
  const hit = a.hitChance();
  const missed = seen.get('miss') ?? ZERO;
  expectFrac(missed, hit.complement());
  // Each damage on a hit, whatever the split step drew; with a miss counting 0, the law.
  const byDamage = new Map<number, Fraction>();
  for (const [k, p] of seen) {
    if (k === 'miss') continue;
    const v = Number(String(k).split(':')[1]);
    byDamage.set(v, (byDamage.get(v) ?? ZERO).add(p));
  }
  for (const v of new Set([...byDamage.keys(), ...a.damageLaw().entries().map(([x]) => x)])) expectFrac(byDamage.get(v) ?? ZERO, hit.mul(a.damageLaw().prob(v)));
  expectLaw(new Map(byDamage).set(0, (byDamage.get(0) ?? ZERO).add(missed)), a.law());
  // The ways: a miss, then each hit (by its draw when split), as enumerated.
  const ways = a.ways();
  expect(mixture(ways.map((w) => ({ weight: w.p, dist: w.damage }))).equals(a.law())).toBe(true);
  for (const w of ways.slice(1)) {
    for (const [v, p] of w.damage.entries()) {
      const key = `${w.draw ?? '-'}:${v}`;
      expectFrac(seen.get(key) ?? ZERO, w.p.mul(p));
    }
  }
  expectFrac(ways[0]?.p ?? ZERO, hit.complement());
}

/** A monster of our own: level 1 unless told, with these blows. */
function testMonster(id: string, blows: readonly AngBlow[], level = 1): AngMonster {
  return { ...monster('jackal'), id, name: id.replace(/-/g, ' '), level, blows };
}

describe("a monster's blow: one definition for the roll, the trace and the law", () => {
  it.each([
    [0, 'the armour takes nothing'],
    [100, '5 x 100 / 250 = 2 absorbed'],
    [200, 'AC counts at most 150: 5 x 150 / 250 = 3 absorbed'],
  ])('a hurting blow (small kobold, hit 1d5) against AC %i: %s', (ac) => {
    checkAttempt(monsterBlow(monster('small-kobold'), 0, ac, false, NO_COVER));
  });
  it('armour is traced only when it takes something', () => {
    const kobold = monster('small-kobold');
    // A sure hit, then 1d5 rolls 5: against AC 100, 5 - 2 = 3; against AC 10, nothing is absorbed.
    const at100 = recorder(new ScriptedRng([0, 4]));
    expect(monsterBlow(kobold, 0, 100, false, NO_COVER).roll(at100)).toBe(3);
    expect(at100.steps.filter((s) => s.kind === 'mod').map((s) => (s.kind === 'mod' ? [s.label, s.before, s.after] : []))).toEqual([['armour', 5, 3]]);
    const at10 = recorder(new ScriptedRng([0, 4]));
    expect(monsterBlow(kobold, 0, 10, false, NO_COVER).roll(at10)).toBe(5);
    expect(at10.steps.map((s) => s.kind)).toEqual(['rule', 'value', 'value', 'roll', 'note', 'roll']);
  });
  it.each([true, false])('a fire blow (hit 2d4) against AC 20, resisted: %s', (resist) => {
    const imp = testMonster('fire-imp', [{ method: 'hit', effect: 'fire', dice: '2d4' }]);
    const blow = monsterBlow(imp, 0, 20, resist, NO_COVER);
    checkAttempt(blow);
    // (damage + 2) / 3 when resisted: 2d4 at most 8 leaves 3.
    expect(blow.damageLaw().max).toBe(resist ? 3 : 8);
  });
  it.each([
    [false, 0b000000, 'no armour: never halved'],
    [false, 0b000001, 'body armour only: halved one time in six'],
    [true, 0b111111, 'resisted, every slot covered: a third, then halved'],
  ])('an acid touch (1d4), resisted %s, cover %i: %s', (resist, cover) => {
    const slime = testMonster('acid-slime', [{ method: 'touch', effect: 'acid', dice: '1d4' }]);
    checkAttempt(monsterBlow(slime, 0, 10, resist, cover));
  });
  it('the previews and the recall page read the same blows, acid as if no armour were worn', () => {
    const m = testMonster('mixed', [
      { method: 'hit', effect: 'hurt', dice: '1d5' },
      { method: 'touch', effect: 'acid', dice: '1d4' },
      { method: 'touch', effect: 'terrify', dice: '0d0' },
    ]);
    const odds = blowsAgainst(m, 30, (e) => e === 'acid');
    odds.forEach((o, i) => expectFrac(o.hit, monsterBlow(m, i, 30, i === 1, NO_COVER).hitChance()));
    expect(odds[0]?.damage?.equals(monsterBlow(m, 0, 30, false, NO_COVER).damageLaw())).toBe(true);
    // Resisted 1d4: (1 + 2) / 3 = 1, as 2 and 3 give; only 4 leaves 2.
    expect(odds[1]?.damage?.toString()).toBe('1:3/4 2:1/4');
    expect(odds[2]?.damage).toBeNull();
  });
});

// --- Through the ruleset: a whole round, with what each blow adds ------------------------------

const custom: readonly AngMonster[] = [
  testMonster('fire-brute', [{ method: 'hit', effect: 'fire', dice: '1d2' }]),
  testMonster('acid-pair', [
    { method: 'touch', effect: 'acid', dice: '1d2' },
    { method: 'touch', effect: 'acid', dice: '1d2' },
  ]),
];
const rs: Ruleset = createAngband({ ...tables, monsters: [...tables.monsters, ...custom] }, 'source');
const ctx: AttackContext = { now: 0, distance: 1, visible: true, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor };
const withLaws: AttackContext = { ...ctx, luck: true };

/** A fighter as the engine would hold it, built without rolls; `gear` changes the hero's worn armour. */
function view(id: number, template: string, side: 0 | 1, o: { hp?: number; pack?: ItemStack[]; body?: Partial<ItemStack> } = {}): FighterView {
  const init = rs.buildFighter({ template, options: {} });
  const rules = structuredClone(init.rules) as Record<string, unknown>;
  if (o.body) {
    const gear = rules['gear'] as { body: ItemStack };
    gear.body = { ...gear.body, ...o.body };
  }
  const e: ArenaEntity = {
    id,
    pos: { x: side === 0 ? 1 : 2, y: 1 },
    body: { hp: o.hp ?? init.body.hp, maxHp: init.body.maxHp, aliveAtZero: true },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: 0 },
    ai: { mode: 'hunting', target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: { ...structuredClone(init.inventory), ...(o.pack ? { pack: o.pack } : {}) },
    statuses: structuredClone(init.statuses),
    rules,
  };
  return e as FighterView;
}

/** A fighter's melee option. */
function meleeOf(f: FighterView): AttackOption {
  const o = rs.attackOptions(f).find((x) => x.kind === 'melee');
  if (!o) throw new Error(`${f.fighter.name} has no melee`);
  return o;
}

/** The round's total damage against every draw sequence of the whole attack (side effects and all), and its luck law. */
function checkMonsterRound(attacker: FighterView, hero: FighterView): void {
  const melee = meleeOf(attacker);
  const luck = rs.resolveAttack(new NullTracer({ int: () => 0 }), attacker, hero, melee, withLaws).luck;
  if (!luck) throw new Error('no luck law');
  expectLaw(
    exactLaw((t) => rs.resolveAttack(t, attacker, hero, melee, ctx).damage, (v) => v),
    luck.law,
  );
}

describe("a monster's round through the ruleset: the roll with all it adds, against the round's law", () => {
  it('a fire hit (1d2) that may cut or stun: the critical, the wound and its size come after the damage and change nothing of it', () => {
    // Soft leather armour +20: AC 29, so only the sure hit lands (fire's accuracy is 13), which
    // keeps the critical's rolls few enough to walk; the pack is empty (nothing to burn).
    const hero = view(1, 'warrior', 0, { pack: [], body: { magic: { toHit: 0, toDam: 0, toAc: 20 } } });
    const brute = view(2, 'fire-brute', 1);
    checkMonsterRound(brute, hero);
    // The rolls of a critical blow: sure hit, 1d2 rolls 2, a cut (50 or more; below, a stun), the
    // critical's d100 of 0 passes (below 2), at level 2 (1 + the maximum), and its 1d5 + 5 rolls 3.
    const t = new RecordingTracer(new ScriptedRng([0, 1, 50, 0, 2]));
    const out = rs.resolveAttack(t, brute, hero, meleeOf(brute), ctx);
    expect(out.damage).toBe(2);
    expect(out.blows[0]?.tags).toEqual(['critical']);
    expect(out.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'cut', level: 8 }, mode: 'set' });
  });
  it.each<[number | undefined, string]>([
    [undefined, 'both blows always made'],
    [1, 'the round stops once the hero is below 0'],
  ])('two acid touches (1d2) on body armour with 1 AC left (hp %s): %s; the first one to reach it wears it away', (hp) => {
    // Soft leather armour (AC 4) at -3: 1 AC, which the first acid on the body takes. The hero's
    // AC, 6, is still more than acid's accuracy (3) can reach: only the sure hit lands.
    const hero = view(1, 'warrior', 0, { pack: [], body: { magic: { toHit: 0, toDam: 0, toAc: -3 } }, ...(hp !== undefined ? { hp } : {}) });
    checkMonsterRound(view(2, 'acid-pair', 1), hero);
  });
  it('the acid wears the armour it struck: a second acid on the same slot is not halved', () => {
    const hero = view(1, 'warrior', 0, { pack: [], body: { magic: { toHit: 0, toDam: 0, toAc: -3 } } });
    const pair = view(2, 'acid-pair', 1);
    // Sure hits; 1d2 rolls 2, slot 1 (body): halved to 1; 1d2 rolls 2, slot 1 again: worn away, 2.
    const out = rs.resolveAttack(new RecordingTracer(new ScriptedRng([0, 1, 0, 0, 1, 0])), pair, hero, meleeOf(pair), withLaws);
    expect(out.blows.map((b) => b.damage)).toEqual([1, 2]);
    // The second blow's law knows the body armour is gone: it is halved only on the shield or the cap.
    expect(out.blows[0]?.law?.equals(out.blows[1]?.law as Distribution)).toBe(false);
  });
});

// --- The hero's round --------------------------------------------------------------------------

/** The warrior's plan with a skill, a target AC, blows and damage of our own (small enough to walk). */
function plan(o: { skill: number; ac: number; blows: number; dice: string; after?: number; crit?: boolean }): MeleePlan {
  const base = planMelee(recorder(), char({ cls: 'warrior', level: 10, weapon: { item: 'dagger' } }), target(o.ac), 'source');
  return {
    ...base,
    skill: ratio(o.skill),
    blows: { ...base.blows, blows: o.blows },
    damage: { ...base.damage, dice: parseDice(o.dice), after: o.after ?? 0, slay: 1, slayName: null, crit: o.crit ? { power: ratio(10), weight: 300, sides: 650, types: MELEE_CRIT_TYPES } : null },
  };
}

/** Rolls the plan's round as heroMelee does, giving its total. */
function rollTotal(t: Tracer, p: MeleePlan, hp: number): number {
  const roll = new RoundRoll(new MeleeRound(p, hp));
  let total = 0;
  while (roll.next(t)) total += roll.damage ?? 0;
  return total;
}

describe("the hero's round of blows: one definition for the roll, the trace and the law", () => {
  it.each([
    [0, 2, Infinity, 'two blows, both made'],
    [0, 3, 1, 'three blows against a monster of 1 HP: the round stops once it is below 0'],
    [40, 2, 0, 'two blows landing only on the sure hit, against 0 HP: the first that lands ends the round'],
  ])('skill 1 against AC %i, %i blows of 1d2, %s HP: %s', (ac, blows, hp) => {
    const p = plan({ skill: 1, ac, blows, dice: '1d2' });
    expectLaw(
      exactLaw((t) => rollTotal(t, p, hp), (v) => v),
      lawOfRound(new MeleeRound(p, hp)),
    );
  });
  it('a blow with criticals: the damage steps draw the critical, read back as its kind', () => {
    // Sure hits only (skill 1 against AC 40), so the critical's roll of 1 to 5000 is walked five times.
    const p = plan({ skill: 1, ac: 40, blows: 1, dice: '1d1', after: 3, crit: true });
    checkAttempt(blowAttempt(p));
    const kinds = exactLaw(
      (t) => {
        const draws: number[] = [];
        const damage = blowAttempt(p).roll(t, draws);
        return damage === null ? 'miss' : `${blowCritical(p, draws) ?? 'none'}:${damage}`;
      },
      (k) => k,
    );
    // 1d1 + 3: a good critical (x2 +5) makes 2 + 5 + 3, a great one (x2 +10) 15, a superb one (x3 +15)
    // 21, a *GREAT* one (x3 +20, from a type sum of 900: 300 + 1d650 reaches 950) 26.
    expect([...kinds.keys()].sort()).toEqual(['*GREAT*:26', 'good:10', 'great:15', 'miss', 'none:4', 'superb:21']);
  });
  // Sure hits only (skill 1 against AC 40): the blow's law, enumerated once for the rounds below.
  const crits = plan({ skill: 1, ac: 40, blows: 4, dice: '1d1', after: 3, crit: true });
  let enumerated: ReadonlyMap<string | number, Fraction> | undefined;
  const oneBlow = (): ReadonlyMap<string | number, Fraction> => (enumerated ??= exactLaw((t) => blowAttempt(crits).roll(t) ?? 0, (v) => v));
  it.each([
    [Infinity, 'every blow made'],
    [10, 'cut short once 10 HP are exceeded'],
    [0, 'cut short by the first blow that lands'],
  ])('four blows with criticals (%s HP: %s): the law of the round is the law of its blows, one after another', (hp) => {
    // The blow is enumerated (its five criticals' rolls of 1 to 5000 are too many to walk four
    // times over); the round is checked against a plain walk of it: each blow drawn from the
    // enumerated law while the monster stands.
    const one = oneBlow();
    let live = new Map<number, Fraction>([[0, Fraction.ONE]]);
    const done = new Map<number, Fraction>();
    for (let i = 0; i < 4; i++) {
      const next = new Map<number, Fraction>();
      for (const [total, q] of live) {
        if (hp - total < 0) {
          done.set(total, (done.get(total) ?? ZERO).add(q));
          continue;
        }
        for (const [v, r] of one) next.set(total + Number(v), (next.get(total + Number(v)) ?? ZERO).add(q.mul(r)));
      }
      live = next;
    }
    for (const [total, q] of live) done.set(total, (done.get(total) ?? ZERO).add(q));
    expectLaw(done, lawOfRound(new MeleeRound(crits, hp)));
    if (hp === Infinity) expect(roundLaw(crits).equals(lawOfRound(new MeleeRound(crits, hp)))).toBe(true);
  });
  it('the rules pane: each blow under its heading, the hit test, then the damage', () => {
    const p = plan({ skill: 1, ac: 0, blows: 2, dice: '1d2' });
    // Blow 1: d100 50, the skill roll 0 hits, 1d2 rolls 2; blow 2: a sure miss.
    const t = recorder(new ScriptedRng([50, 0, 1, 7]));
    expect(rollTotal(t, p, Infinity)).toBe(2);
    expect(t.steps.filter((s) => s.kind === 'rule').map((s) => (s.kind === 'rule' ? s.title : ''))).toEqual([`Blow with ${p.label}`, 'Damage', `Blow with ${p.label}`]);
  });
});

describe('a shot or a throw: the same attempt, under its own heading', () => {
  it('a thrown rock (1d2) with criticals, landing only on the sure hit', () => {
    const rock = { name: 'rock', weight: 10, dice: '1d2', toHit: 0, toDam: 0, slays: [], isWeapon: false, breakage: 'other' } as const;
    const p = { ...planThrow(recorder(), char({ cls: 'warrior', level: 10 }), rock, target(40), 1, 'source'), skill: ratio(1) };
    const shot = missileAttempt(p);
    checkAttempt(shot);
    // A sure hit, 1d2 rolls 1, no critical (the roll of 5000 is above P).
    const t = recorder(new ScriptedRng([0, 0, 4999]));
    expect(shot.roll(t)).toBe(1);
    expect(t.steps.filter((s) => s.kind === 'rule').map((s) => (s.kind === 'rule' ? s.title : ''))).toEqual(['Throw: rock', 'Damage', 'Critical hit']);
  });
});

describe('a round that cannot be cut short is the sum of its attempts; one that can is walked attempt by attempt', () => {
  it('the same law both ways when the target cannot fall before the last attempt', () => {
    const p = plan({ skill: 1, ac: 0, blows: 3, dice: '1d2' });
    // Three blows of at most 2: the first two take at most 4, so 4 HP never cuts the round short.
    const r: Round = { count: 3, hp: 4, attempt: () => blowAttempt(p), next: (_i, s) => s };
    expect(lawOfRound(r).equals(lawOfRound(new MeleeRound(p, 4)))).toBe(true);
    const twice = blowAttempt(p).hitChance().mul(F(1, 2));
    expectFrac(lawOfRound(new MeleeRound(p, 4)).prob(6), twice.mul(twice).mul(twice));
  });
});
