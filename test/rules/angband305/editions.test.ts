/**
 * Every entry of the Angband divergence registry: the two editions give different numbers where
 * the seed and the game disagree, and the trace names the difference where it applied.
 */
import { describe, expect, it } from 'vitest';
import { ratio } from '../../../src/core/ratio.js';
import { RecordingTracer, ScriptedRng, type TraceStep } from '../../../src/core/trace.js';
import { missileDistance, planMelee, planShot, planThrow } from '../../../src/rules/angband305/attacks.js';
import { blowsPerRound, heavyPenalty, shooting } from '../../../src/rules/angband305/sheet.js';
import { MELEE_CRIT_TYPES } from '../../../src/rules/angband305/criticals.js';
import { SECTION_DAMAGE, rollDamage } from '../../../src/rules/angband305/damage.js';
import { rollBreakage } from '../../../src/rules/angband305/items.js';
import { hitTest } from '../../../src/rules/angband305/to-hit.js';
import { parseDice } from '../../../src/core/dice.js';
import { ANG_DIVERGENCES, ANG_DIVERGENCE_LIST } from '../../../src/rules/angband305/divergences.js';
import { parseStat } from '../../../src/rules/angband305/stats.js';
import type { Edition } from '../../../src/rules/edition.js';
import { cat, char, editionIds, target } from './helpers.js';

/** Runs `fn` with a recording tracer over scripted rolls; returns the result and the trace. */
function traced<T>(fn: (t: RecordingTracer) => T, rolls: number[] = []): { value: T; steps: TraceStep[] } {
  const t = new RecordingTracer(new ScriptedRng(rolls));
  return { value: fn(t), steps: t.steps };
}

const arrow = cat.gear({ item: 'arrow', quantity: 1, level: 0 }, cat.item('arrow').def as never);

interface Row {
  id: keyof typeof ANG_DIVERGENCES;
  run: (e: Edition) => { value: unknown; steps: TraceStep[] };
  spoiler: unknown;
  source: unknown;
}

const rows: Row[] = [
  {
    id: 'skill-per-level',
    run: (e) => traced((t) => planMelee(t, char({ cls: 'rogue', level: 10 }), target(10), e).base.total),
    spoiler: ratio(90),
    source: ratio(100),
  },
  {
    id: 'level-term-truncated',
    run: (e) => traced((t) => planMelee(t, char({ cls: 'warrior', level: 1 }), target(10), e).base.total),
    spoiler: ratio(149, 2),
    source: ratio(74),
  },
  {
    id: 'unseen-rounding',
    // Skill 1 against AC 0, unseen: d100 50, then the skill roll over [0, 1) or nothing.
    run: (e) => traced((t) => hitTest(t, ratio(1), 0, false, e), e === 'spoiler' ? [50, 0] : [50]),
    spoiler: true,
    source: false,
  },
  {
    id: 'ac-threshold-truncated',
    // Skill 4 against AC 1: the seed needs 3/4, the game 0. A roll of 0 (in quarters) hits only in the game.
    run: (e) => traced((t) => hitTest(t, ratio(4), 1, true, e), [50, 0]),
    spoiler: false,
    source: true,
  },
  {
    id: 'missile-crit-weight',
    run: (e) => traced((t) => planShot(t, char({ cls: 'ranger', level: 10, bow: { item: 'long-bow' } }), arrow, target(10), 1, e).damage.crit?.power),
    // 40 (10 x 4 lb) + 4 x bonus 0 + 2 x 10 against 2 (0.2 lb) + 0 + 20.
    spoiler: ratio(60),
    source: ratio(22),
  },
  {
    id: 'missile-crit-bonus',
    run: (e) => traced((t) => planShot(t, char({ cls: 'ranger', level: 10, bow: { item: 'long-bow', toHit: 10 } }), arrow, target(10), 1, e).damage.crit?.power),
    spoiler: ratio(40 + 4 * 10 + 20),
    source: ratio(2 + 20),
  },
  {
    id: 'thrown-to-hit',
    run: (e) => {
      const item = cat.thrown({ item: 'dagger', quantity: 1, level: 0, magic: { toHit: 5, toDam: 0, toAc: 0 } });
      if (!item) throw new Error('a dagger can be thrown');
      return traced((t) => planThrow(t, char({ cls: 'warrior', level: 10 }), item, target(10), 1, e).skill);
    },
    // Base 55 + 45 = 100; the seed adds 3 x 5 for the dagger's to-hit; minus distance 1.
    spoiler: ratio(114),
    source: ratio(99),
  },
  {
    id: 'bare-hand-damage',
    // STR 18/100: +6 to-dam. Bare hands roll nothing.
    run: (e) => traced((t) => rollDamage(t, planMelee(t, char({ cls: 'warrior', level: 10, str: '18/100' }), target(10), e).damage).damage),
    spoiler: 1,
    source: 7,
  },
  {
    id: 'heavy-weapon-blows',
    // STR 10 (limit 14 lb) with a 40 lb mace of disruption of extra attacks: the table still gives blows in the seed.
    run: (e) => traced(() => blowsPerRound(char({ cls: 'warrior', level: 10, str: '10', dex: '18/150', weapon: { item: 'mace-of-disruption', ego: 'extra-attacks', pval: 2 } }), e).blows),
    spoiler: 5,
    source: 1,
  },
  {
    id: 'overweight-whole-pounds',
    // A 7.5 lb small sword against strength 6 (limit 7 lb).
    run: (e) => traced(() => heavyPenalty(75, parseStat('6'), e).penalty),
    spoiler: ratio(-1),
    source: ratio(0),
  },
  {
    id: 'superb-rounding',
    // 1d7 rolls 7; a sure critical; the type roll 1 + 1300 is *SUPERB*: 3.5 x 7 = 24.5.
    run: (e) =>
      traced(
        (t) =>
          rollDamage(t, { dice: parseDice('1d7'), before: 0, launcher: 1, slay: 1, slayName: null, crit: { power: ratio(5000), weight: 1300, sides: 650, types: MELEE_CRIT_TYPES }, after: 0, edition: e, section: SECTION_DAMAGE }).damage,
        [6, 0, 0],
      ),
    spoiler: 50,
    source: 49,
  },
  {
    id: 'energy-per-shot',
    run: (e) => traced(() => shooting(char({ cls: 'ranger', level: 20, bow: { item: 'long-bow', ego: 'extra-shots', pval: 1 } }), e)?.energy),
    spoiler: ratio(100, 3),
    source: ratio(33),
  },
  {
    id: 'missile-distance',
    run: (e) => traced(() => missileDistance({ x: 0, y: 0 }, { x: 5, y: 5 }, e)),
    spoiler: 5,
    source: 7,
  },
  {
    id: 'breakage-table',
    // A thrown potion that missed 5 squares away: 50% in the seed (d100 60 does not break it), always in the game.
    run: (e) => traced((t) => rollBreakage(t, 'potion', { reachedMonster: true, hitMonster: false, struckWall: false, distance: 5 }, e), [60]),
    spoiler: false,
    source: true,
  },
  {
    id: 'breakage-when',
    // An arrow against a wall 1 square away.
    run: (e) => traced((t) => rollBreakage(t, 'arrow', { reachedMonster: false, hitMonster: false, struckWall: true, distance: 1 }, e), [10]),
    spoiler: true,
    source: false,
  },
];

describe('the Angband divergence registry', () => {
  it('every entry has a row here, and every row an entry', () => {
    expect(rows.map((r) => r.id).sort()).toEqual(ANG_DIVERGENCE_LIST.map((d) => d.id).sort());
  });
  it.each(rows)('$id: the editions differ', (r) => {
    expect(r.run('spoiler').value).toEqual(r.spoiler);
    expect(r.run('source').value).toEqual(r.source);
  });
  // These are numbers the attacks' traces show in their own steps (see the tests below).
  const traceable = rows.filter((r) => !['overweight-whole-pounds', 'energy-per-shot', 'missile-distance', 'heavy-weapon-blows'].includes(r.id));
  it.each(traceable)('$id: the trace names the difference in both editions', (r) => {
    for (const e of ['spoiler', 'source'] as const) expect(editionIds(r.run(e).steps), e).toContain(r.id);
  });
  it('energy per shot and a fraction of a pound overweight show in the traces that use them', () => {
    const ranger = char({ cls: 'ranger', level: 20, bow: { item: 'long-bow', ego: 'extra-shots', pval: 1 } });
    for (const e of ['spoiler', 'source'] as const) {
      expect(editionIds(traced((t) => planShot(t, ranger, arrow, target(10), 1, e)).steps)).toContain('energy-per-shot');
      // A 7.5 lb small sword at strength 6 (limit 7 lb).
      const weak = char({ cls: 'warrior', level: 10, str: '6', weapon: { item: 'small-sword' } });
      expect(editionIds(traced((t) => planMelee(t, weak, target(10), e)).steps)).toContain('overweight-whole-pounds');
      const strong = char({ cls: 'warrior', level: 10, str: '18', weapon: { item: 'small-sword' } });
      expect(editionIds(traced((t) => planMelee(t, strong, target(10), e)).steps)).not.toContain('overweight-whole-pounds');
    }
  });
  it('heavy weapons and the missile distance show in the traces of the attacks that use them', () => {
    const heavy = char({ cls: 'warrior', level: 10, str: '10', weapon: { item: 'mace-of-disruption' } });
    expect(editionIds(traced((t) => planMelee(t, heavy, target(10), 'source')).steps)).toContain('heavy-weapon-blows');
    const bow = char({ cls: 'ranger', level: 10, bow: { item: 'long-bow' } });
    const both = { squares: 5, game: 7 };
    for (const e of ['spoiler', 'source'] as const) {
      expect(editionIds(traced((t) => planShot(t, bow, arrow, target(10), e === 'source' ? 7 : 5, e, both)).steps)).toContain('missile-distance');
      expect(editionIds(traced((t) => planShot(t, bow, arrow, target(10), 4, e, { squares: 4, game: 4 })).steps)).not.toContain('missile-distance');
    }
  });
});
