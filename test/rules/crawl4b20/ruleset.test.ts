/**
 * The Crawl Ruleset adapter (createCrawl): building fighters, time, whole attacks resolved
 * through the ruleset (their odds against enumeration), monster attacks, potions, upkeep,
 * noticing, and the edition registry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { CR_DIVERGENCE_LIST } from '../../../src/rules/crawl-family/divergences.js';
import { createCrawl } from '../../../src/rules/crawl4b20/index.js';
import { fumbleChance } from '../../../src/rules/crawl-family/melee.js';
import type { Edition } from '../../../src/rules/edition.js';
import type { AttackContext, FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import { Terrain } from '../../../src/world/terrain.js';
import { F, exactLaw, expectFrac, tables } from './helpers.js';
import { fighterView, type ViewOptions } from '../../support/views.js';

const editions: Record<Edition, Ruleset> = { spoiler: createCrawl(tables, 'spoiler'), source: createCrawl(tables, 'source') };
const rs = editions.spoiler;

function view(id: number, template: string, side: 0 | 1, o: ViewOptions = {}): FighterView {
  return fighterView(rs, id, template, side, o);
}

const ctx = (o: Partial<AttackContext> = {}): AttackContext => ({ now: 0, distance: 1, visible: true, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor, ...o });
const melee = { id: 'melee', label: 'melee', kind: 'melee' as const };

describe('building fighters', () => {
  it('a monster: hit dice of min + random2(rand + 1), a weapon by weight, energy 70 (x20, +1)', () => {
    const t = new RecordingTracer(new ScriptedRng([5, 5, 5, 5, 0]));
    const init = rs.buildFighter({ template: 'orc-warrior', options: {} },t);
    expect(init.body.hp).toBe(4 * (4 + 5));
    expect(init.energy).toBe(1401);
    expect(init.aiMode).toBe('sleeping');
    expect((init.rules as { weapon: { item: string } }).weapon.item).toBe('long-sword');
  });
  it('a hero: job and species hit points, the levels, fighting; options are checked', () => {
    const init = rs.buildFighter({ template: 'troll-monk', options: { level: 1 } });
    // Monk 13 + troll 3, level 1, fighting 7: + 1 x 7 / 5.
    expect(init.body.maxHp).toBe(13 + 3 + 1);
    expect(() => rs.buildFighter({ template: 'troll-monk', options: { 'stat-system': 'odd' } })).toThrow(/stat-system/);
    expect(() => rs.buildFighter({ template: 'troll-monk', options: { form: 'bat' } })).toThrow(/unknown form "bat"/);
    expect(() => rs.buildFighter({ template: 'halfling-thief', options: { weapon: 'great-sword' } })).toThrow(/too large for a Halfling/);
    expect(() => rs.buildFighter({ template: 'orc', options: { level: 3 } })).toThrow(/takes no options/);
  });
  it('a form multiplies hit points (dragon x1.6) and is a status that ticks', () => {
    const plain = rs.buildFighter({ template: 'human-transmuter', options: { form: 'none' } });
    const dragon = rs.buildFighter({ template: 'human-transmuter', options: {} });
    expect(dragon.body.maxHp).toBe(Math.trunc((plain.body.maxHp * 16) / 10));
    expect(dragon.statuses).toContainEqual({ kind: 'form', level: 100 });
  });
});

describe('time', () => {
  it('the hero gains 20 a tick and pays 20 x the action time; monsters gain 2 x speed', () => {
    const hero = view(1, 'minotaur-fighter', 0);
    const bee = view(2, 'killer-bee', 1);
    expect(rs.energyGain(hero)).toBe(20);
    expect(rs.energyGain(bee)).toBe(40);
    expect(rs.actionCost(hero, 'wait', 0)).toBe(200);
    expect(rs.actionCost(view(3, 'centaur-hunter', 0), 'move', 0)).toBe(160);
    expect(rs.actionCost(view(4, 'naga-fighter', 0), 'move', 0)).toBe(280);
    // A hand axe (13) at axes 7, with a shield: 13 - 3 + 1 = 11.
    expect(rs.attackCost(hero, melee, 0)).toBe(220);
  });
  it('an ogre\'s giant club slows it: (16 - 10) / 2 = 3 more per attack', () => {
    const ogre = view(2, 'ogre', 1, { rules: { weapon: { item: 'giant-club', plus: 0, plus2: 0 } } });
    expect(rs.attackCost(ogre, melee, 0)).toBe(200 + 60);
  });
});

describe('a whole attack resolved by the ruleset', () => {
  it('the odds it reports are the exact probability of each outcome (against enumeration of every roll)', () => {
    // A human with a dagger and no skills against a goblin: few enough rolls to enumerate.
    const hero = view(1, 'halfling-thief', 0, { rules: { skills: {}, jewellery: [], hunger: 6000 } });
    const goblin = view(2, 'goblin', 1, { mode: 'hunting', rules: { weapon: null } });
    for (const e of ['spoiler', 'source'] as Edition[]) {
      const got = exactLaw((t) => {
        const o = editions[e].resolveAttack(t, hero, goblin, melee, ctx());
        return `${o.summary}|${o.odds.toString()}`;
      }, (v) => v, 3_000_000);
      let total = Fraction.ZERO;
      for (const p of got.values()) total = total.add(p);
      expectFrac(total, F(1));
      // Outcomes with the same summary carry the same odds, and those odds sum over their roll sequences.
      const bySummary = new Map<string, Fraction>();
      const oddsOf = new Map<string, string>();
      for (const [k, p] of got) {
        const [summary, o] = String(k).split('|') as [string, string];
        bySummary.set(summary, (bySummary.get(summary) ?? Fraction.ZERO).add(p));
        oddsOf.set(summary, o);
      }
      for (const [summary, p] of bySummary) expect([summary, p.toString()]).toEqual([summary, oddsOf.get(summary)]);
    }
  });
  it('in shallow water a non-swimmer may fumble (source)', () => {
    expectFrac(fumbleChance(10), F(4, 10).add(F(6, 10).mul(F(1, 5))));
    expectFrac(fumbleChance(3), F(1));
    const hero = view(1, 'minotaur-fighter', 0);
    const orc = view(2, 'orc-warrior', 1, { mode: 'hunting' });
    const o = editions.source.resolveAttack(new RecordingTracer(new ScriptedRng([0, 0, 0, 0, 0, 0, 0])), hero, orc, melee, ctx({ attackerTerrain: Terrain.Water }));
    expect(o.summary).toMatch(/fumble/);
  });
  it('a sleeping monster is stabbed and woken', () => {
    const hero = view(1, 'elf-assassin', 0);
    const goblin = view(2, 'goblin', 1, { mode: 'sleeping' });
    const t = new NullTracer({ int: (n: number) => n - 1 });
    const o = editions.source.resolveAttack(t, hero, goblin, melee, ctx());
    expect(o.summary).toMatch(/^You strike the sleeping monster!/);
    expect(o.effects).toContainEqual({ kind: 'ai-mode', target: 2, mode: 'hunting' });
  });
});

describe('monster attacks, upkeep, potions and noticing', () => {
  it('a monster\'s attacks: blocked, missed or hit, with their odds, and the blocks counted', () => {
    const hero = view(1, 'hill-orc-fighter', 0);
    const troll = view(2, 'troll', 1, { mode: 'hunting' });
    const o = rs.resolveAttack(new NullTracer({ int: () => 0 }), troll, hero, melee, ctx());
    // Every roll 0: each attack is blocked (0 <= 0), so the block counter reaches 3.
    expect(o.summary).toMatch(/blocked/);
    expect(o.effects).toContainEqual({ kind: 'rules', target: 1, patch: { blocks: 3 } });
    expect(o.odds.num > 0n).toBe(true);
  });
  it('a potion of might: 35 + random2(40) turns, +5 Str while it lasts', () => {
    const hero = view(1, 'minotaur-fighter', 0);
    const r = rs.useItem(new RecordingTracer(new ScriptedRng([10])), hero, 'potion-of-might');
    expect('effects' in r && r.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'might', level: 45 }, mode: 'set' });
    const mighty = view(1, 'minotaur-fighter', 0, { statuses: [{ kind: 'might', level: 45 }] });
    expect(rs.panel.describeFighter(mighty, 0)[0]).toMatch(/Str 23/);
  });
  it('hunger falls each action; a starving hero faints or dies of it', () => {
    const hero = view(1, 'minotaur-fighter', 0, { rules: { hunger: 90 } });
    const start = rs.turnStart(new NullTracer({ int: () => 0 }), hero, 0);
    expect(start.effects.some((e) => e.kind === 'damage' && e.cause === 'starvation')).toBe(true);
  });
  it('noticing: random2(stealth) <= 10 + 4 x intelligence + HD (+5 sees invisible), -75 if invisible', () => {
    const hero = view(1, 'elf-assassin', 0);
    const goblin = view(2, 'goblin', 1, { mode: 'sleeping' });
    const c = rs.noticeChance(goblin, hero, 3, true);
    // Elf assassin: Dex 17 x 3 + stealth 8 x 15 = 171; goblin: 10 + 12 + 1 = 23.
    expectFrac(c.chance, F(24, 171));
    const unseen = view(1, 'elf-assassin', 0, { statuses: [{ kind: 'invisible', level: 20 }] });
    expectFrac(rs.noticeChance(goblin, unseen, 3, true).chance, F(1, 171));
    expectFrac(rs.noticeChance(goblin, hero, 9, true).chance, F(0));
  });
});

describe('the edition registry', () => {
  it('every divergence is listed in docs/FIDELITY.md', () => {
    const doc = readFileSync(new URL('../../../docs/FIDELITY.md', import.meta.url), 'utf8');
    for (const d of CR_DIVERGENCE_LIST) expect(doc).toContain(`\`${d.id}\``);
    expect(CR_DIVERGENCE_LIST.length).toBe(15);
  });
  it('the rules pane names the divergences that applied in an attack', () => {
    const hero = view(1, 'kenku-wanderer', 0);
    const orc = view(2, 'orc', 1, { mode: 'hunting' });
    for (const e of ['spoiler', 'source'] as Edition[]) {
      const t = new RecordingTracer(new ScriptedRng(Array(200).fill(0)));
      editions[e].resolveAttack(t, hero, orc, melee, ctx());
      const ids = new Set(t.steps.flatMap((s) => (s.kind === 'edition' ? [s.divergence] : [])));
      expect([...ids].sort()).toEqual(expect.arrayContaining(['d10-hit-test', 'd3-dice-one-short']));
    }
  });
});
