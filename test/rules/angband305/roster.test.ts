import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { DEFAULT_MAX_TURNS, Duel, type DuelSetup, type Outcome } from '../../../src/game/duel.js';
import { formatTrace } from '../../../src/game/explain.js';
import { getRuleset } from '../../../src/rules/registry.js';
import { gameName, spellFrequency } from '../../../src/rules/angband305/list-json.js';

/**
 * The whole Angband roster fights: every monster of the catalogue meets one hero preset in one
 * seeded duel on the engine `arena duel` plays on (the Duel class, AI against AI), and must
 * neither throw nor stall; a sample is played twice to check that the same seed gives the same
 * duel.
 */

const content = loadContent();
const RULESET = 'angband-3.0.5';
/** A level-30 paladin with a Holy Avenger: strong enough to live through a few of a monster's spells. */
const HERO = 'dunadan-paladin';
/** Game turns before a duel is a draw, as `arena duel` has it. */
const MAX_TURNS = DEFAULT_MAX_TURNS;
const monsters = content.angband.monsters.map((m) => m.id);
/** The monsters of the data file. */
const ROSTER_SIZE = 616;

function setupFor(hero: string, foe: string, seed: string): DuelSetup {
  return {
    ruleset: RULESET,
    edition: 'source',
    seed,
    hero: { template: hero, options: {} },
    foe: { template: foe, options: {} },
    arena: 'pit',
    heroControl: 'ai',
    maxTurns: MAX_TURNS,
  };
}

/**
 * Plays a duel to its end, traced as `arena duel` traces it (each trace written out as its
 * transcript writes it), and returns its outcome and final state hash. A duel that neither ends
 * nor reaches its turn cap within a generous number of actions has stalled.
 */
function play(setup: DuelSetup): { outcome: Outcome; hash: string; turns: number } {
  const duel = new Duel(setup, content, { tracing: true });
  // Each fighter acts at most a few times a game turn (speed +30 is 4 actions to one).
  const limit = setup.maxTurns * 20;
  let turns = 0;
  for (; turns < limit; turns++) {
    const r = duel.step();
    if (r.kind === 'over') break;
    if (r.kind !== 'turn') throw new Error(`${setup.hero.template} vs ${setup.foe.template}: the AI duel asked for ${r.kind}`);
  }
  if (!duel.outcome) throw new Error(`${setup.hero.template} vs ${setup.foe.template}: stalled after ${turns} actions`);
  for (const t of duel.traces) formatTrace(t, '    ');
  return { outcome: duel.outcome, hash: duel.stateHash(), turns: duel.turn };
}

/** The outcomes a duel may end with: a side slain, both, or the turn cap. */
function knownOutcome(o: Outcome, hero: string, foe: string): boolean {
  if (o.winner === null) return o.reason === 'both fighters fell' || o.reason === `no winner after ${MAX_TURNS} turns`;
  if (o.winner === 0) return o.reason === `${foe} was slain`;
  return o.winner === 1 && o.reason === `${hero} was slain`;
}

/** How an outcome names a fighter: a monster as "the Jackal", a unique or a hero by its name alone. */
function nameOf(id: string): string {
  const m = content.angband.monsters.find((x) => x.id === id);
  if (m) return m.flags.includes('unique') ? m.name : `the ${m.name}`;
  return content.angband.heroes.find((h) => h.id === id)?.name ?? id;
}

describe('the Angband roster', () => {
  it('offers every monster of the data as a foe, each id once', () => {
    const ruleset = getRuleset(RULESET, content, 'source');
    expect(ruleset.catalog().filter((e) => e.kind === 'monster').map((e) => e.id)).toEqual(monsters);
    expect(new Set(monsters).size).toBe(ROSTER_SIZE);
  });

  it("lists each data name under the game's name, and the game's name reads back to the data's exactly", () => {
    const names = new Set<string>();
    for (const m of content.angband.monsters) {
      for (const b of m.blows) names.add(b.method).add(b.effect);
      for (const f of m.flags) names.add(f);
      for (const sp of m.spells) names.add(sp);
    }
    for (const n of names) {
      const game = gameName(n);
      expect(game).toMatch(/^[A-Z0-9_]+$/);
      expect(game.toLowerCase().replace(/_/g, '-')).toBe(n);
    }
    expect([['br-fire', 'BR_FIRE'], ['arrow-3', 'ARROW_3'], ['force-maxhp', 'FORCE_MAXHP'], ['eat-gold', 'EAT_GOLD']].map(([d]) => [d, gameName(d as string)])).toEqual([['br-fire', 'BR_FIRE'], ['arrow-3', 'ARROW_3'], ['force-maxhp', 'FORCE_MAXHP'], ['eat-gold', 'EAT_GOLD']]);
    expect([spellFrequency(0), spellFrequency(1), spellFrequency(5)]).toEqual([null, '1_IN_1', '1_IN_5']);
  });

  it('every monster fights one seeded duel against the paladin: no throw, no stall, a known outcome within the turn cap', () => {
    const bad: string[] = [];
    for (const [i, foe] of monsters.entries()) {
      try {
        const { outcome, turns } = play(setupFor(HERO, foe, `roster-${i}`));
        if (!knownOutcome(outcome, nameOf(HERO), nameOf(foe))) bad.push(`${foe}: unknown outcome ${JSON.stringify(outcome)}`);
        if (outcome.time > MAX_TURNS) bad.push(`${foe}: ended at game turn ${outcome.time}, past the cap ${MAX_TURNS}`);
        if (turns < 1) bad.push(`${foe}: no one acted`);
      } catch (e) {
        bad.push(`${foe}: ${(e as Error).message}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('monster against monster: every 40th monster on the hero side against its mirror in the roster, awake from the start, to a known outcome', () => {
    const bad: string[] = [];
    const n = monsters.length;
    for (let i = 0; i < n; i += 40) {
      const hero = monsters[i] as string;
      const foe = monsters[n - 1 - i] as string;
      try {
        const setup = setupFor(hero, foe, `mvm-${i}`);
        const start = new Duel(setup, content, { tracing: false });
        if (start.hero.ai?.mode !== 'hunting' || start.hero.rules?.['csleep'] !== 0) bad.push(`${hero}: not awake and hunting on the hero side`);
        const { outcome } = play(setup);
        if (!knownOutcome(outcome, nameOf(hero), nameOf(foe))) bad.push(`${hero} vs ${foe}: unknown outcome ${JSON.stringify(outcome)}`);
      } catch (e) {
        bad.push(`${hero} vs ${foe}: ${(e as Error).message}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("an AI monster's spells on itself are cast: the Poltergeist blinks, at its own cell", () => {
    const duel = new Duel({ ...setupFor(HERO, 'poltergeist', 'blink-1'), foeState: 'hunting' }, content, { tracing: true });
    const blinks: { at: unknown; target: unknown }[] = [];
    for (let i = 0; i < 2000 && blinks.length === 0; i++) {
      const at = duel.foe.pos ? { ...duel.foe.pos } : undefined;
      const r = duel.step();
      if (r.kind === 'over') break;
      if (r.kind === 'turn' && r.record.actor === duel.foeId && r.record.command.type === 'fire' && r.record.command.option === 'spell:blink') blinks.push({ at, target: r.record.command.target });
    }
    expect(blinks.length).toBe(1);
    expect(blinks[0]?.target).toEqual(blinks[0]?.at);
    expect(duel.traces.some((t) => t.actor === duel.foeId && t.title === 'The Poltergeist blinks away.')).toBe(true);
  });

  it('the same seed gives the same duel (every 25th monster, played twice)', () => {
    for (let i = 0; i < monsters.length; i += 25) {
      const foe = monsters[i] as string;
      const a = play(setupFor(HERO, foe, `again-${i}`));
      const b = play(setupFor(HERO, foe, `again-${i}`));
      expect({ foe, hash: b.hash, outcome: b.outcome }).toEqual({ foe, hash: a.hash, outcome: a.outcome });
    }
  });
});
