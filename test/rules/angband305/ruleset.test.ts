/**
 * The Angband Ruleset adapter (createAngband): building fighters, time, attacks resolved through
 * the ruleset, the monsters' blows and their effects, conditions, sleep, sight and items.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { Stream } from '../../../src/core/rng.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { rollLevelHp } from '../../../src/rules/angband305/birth.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import type { Edition } from '../../../src/rules/edition.js';
import type { AttackContext, AttackOption, Effect, FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import type { ItemStack, Status } from '../../../src/world/components.js';
import { Terrain } from '../../../src/world/terrain.js';
import { F, expectFrac, tables } from './helpers.js';
import { type ViewOptions, fighterView } from './fighters.js';

const editions: Record<Edition, Ruleset> = { spoiler: createAngband(tables, 'spoiler'), source: createAngband(tables, 'source') };
const rs = editions.spoiler;

/** A fighter as the engine would hold it, built without rolls (typical values). */
const view = (id: number, template: string, side: 0 | 1, o: ViewOptions = {}): FighterView => fighterView(rs, id, template, side, o);

const ctx = (visible = true): AttackContext => ({ now: 0, distance: 1, visible, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor });
const option = (f: FighterView, id: string): AttackOption => {
  const o = rs.attackOptions(f).find((x) => x.id === id);
  if (!o) throw new Error(`${f.fighter.name} has no option ${id}: ${rs.attackOptions(f).map((x) => x.id).join(', ')}`);
  return o;
};
const kinds = (fx: readonly Effect[]) => fx.map((e) => e.kind);

describe('building fighters', () => {
  it('a hero: hit points from the rolled dice, constitution and level; alive at 0 HP', () => {
    const init = rs.buildFighter({ template: 'warrior', options: {} });
    // Human Warrior 10: hit die 19; without rolls 19 + 9 x 10 = 109; CON 17 adds 1.00 x 10.
    expect(init.body).toEqual({ hp: 119, maxHp: 119, aliveAtZero: true });
    expect(init.energy).toBe(0);
    expect(init.statuses).toEqual([{ kind: 'clock', next: 10, level: 0 }]);
  });
  it('the rolled hit points: level 1 is the whole die, and the level-50 total lies in 3/8-5/8 of the range', () => {
    for (let seed = 0; seed < 40; seed++) {
      expect(rollLevelHp(new NullTracer(new Stream('setup', `hp-${seed}`)), 19, 1)).toBe(19);
      const top = rollLevelHp(new NullTracer(new Stream('setup', `hp-${seed}`)), 19, 50);
      expect(top).toBeGreaterThanOrEqual(Math.trunc((50 * 18 * 3) / 8) + 50);
      expect(top).toBeLessThanOrEqual(Math.trunc((50 * 18 * 5) / 8) + 50);
    }
  });
  it('a monster: force-maxhp takes the maximum, others roll; energy 0-99; speed +-extract_energy/10 unless unique', () => {
    const rolled = (template: string, seed: string) => {
      const t = new RecordingTracer(new Stream('setup', seed));
      const init = rs.buildFighter({ template, options: {} },t);
      return { init, t };
    };
    for (let i = 0; i < 30; i++) {
      const drolem = rolled('drolem', `m${i}`).init;
      expect(drolem.body.maxHp).toBe(2500);
      expect((drolem.rules['speed'] as number) - 120).toBeGreaterThanOrEqual(-2);
      expect((drolem.rules['speed'] as number) - 120).toBeLessThanOrEqual(2);
      expect((drolem.energy ?? -1) % 60).toBe(0);
      expect(drolem.energy).toBeLessThanOrEqual(99 * 60);
      const snaga = rolled('snaga', `m${i}`).init;
      expect(snaga.body.maxHp).toBeGreaterThanOrEqual(8);
      expect(snaga.body.maxHp).toBeLessThanOrEqual(64);
      // Sleep 30: 60 + 1d300.
      expect(snaga.rules['csleep']).toBeGreaterThanOrEqual(61);
      expect(snaga.rules['csleep']).toBeLessThanOrEqual(360);
      expect(snaga.aiMode).toBe('sleeping');
      // Speed 100 has extract_energy 5: no variety.
      expect(rolled('stone-golem', `m${i}`).init.rules['speed']).toBe(100);
    }
  });
  it('options: level 1-50 and strength in 18/xx', () => {
    const c = rs.buildFighter({ template: 'warrior', options: { level: 1, strength: '18/100' } });
    expect(c.rules['level']).toBe(1);
    expect((c.rules['stats'] as Record<string, number>)['str']).toBe(118);
    expect(() => rs.buildFighter({ template: 'warrior', options: { level: 51 } })).toThrow(/--level must be a whole number from 1 to 50/);
    expect(() => rs.buildFighter({ template: 'warrior', options: { strength: '18/x' } })).toThrow(/--strength/);
    expect(() => rs.buildFighter({ template: 'warrior', options: { weapon: 'banana' } })).toThrow(/unknown weapon "banana"/);
    expect(() => rs.buildFighter({ template: 'snaga', options: { level: 3 } })).toThrow(/takes no options/);
  });
});

describe('time (engine facts §1)', () => {
  it('energy per game turn follows extract_energy, in 60ths', () => {
    const h = view(1, 'warrior', 0);
    expect(rs.energyGain(h)).toBe(600);
    expect(rs.energyGain(view(2, 'cave-spider', 1, { rules: { speed: 120 } }))).toBe(1200);
    expect(rs.energyGain(view(2, 'poltergeist', 1, { rules: { speed: 130 } }))).toBe(1800);
    expect(rs.energyGain(view(2, 'stone-golem', 1, { rules: { speed: 100 } }))).toBe(300);
    expect(rs.energyThreshold).toBe(6000);
    expect(rs.ticksPerTurn).toBe(10);
  });
  it('a shot costs 100 / shots energy: 33 1/3 in the seed, 33 in the game (3 shots)', () => {
    const ranger = view(1, 'elf-ranger', 0);
    const fire = option(ranger, 'fire:arrow{+2,+3}');
    expect(rs.attackCost(ranger, fire, 0)).toBe(2000);
    expect(editions.source.attackCost(ranger, fire, 0)).toBe(33 * 60);
    expect(rs.attackCost(ranger, option(ranger, 'melee'), 0)).toBe(6000);
  });
});

describe('attack options', () => {
  it('the warrior fires iron shots from the sling and throws flasks; potions are not thrown', () => {
    const w = view(1, 'warrior', 0);
    expect(rs.attackOptions(w).map((o) => o.id)).toEqual(['melee', 'fire:iron-shot', 'throw:flask-of-oil']);
    const fire = option(w, 'fire:iron-shot');
    expect(fire.projectile).toEqual({ magic: false, hitChars: true, path: 'angband', range: 20 });
  });
  it('ammunition that does not fit the launcher is thrown', () => {
    const w = view(1, 'warrior', 0, { pack: [{ item: 'arrow', quantity: 5, level: 0 }] });
    expect(rs.attackOptions(w).map((o) => o.id)).toEqual(['melee', 'throw:arrow']);
  });
});

describe('melee through the ruleset', () => {
  it('blows stop once the monster is dead (below 0 HP)', () => {
    const hero = view(1, 'half-troll-warrior', 0);
    const jackal = view(2, 'jackal', 1, { hp: 1, mode: 'hunting', rules: { csleep: 0 } });
    // d100 0: a sure hit; 3d8 rolls 8, 8, 8; the critical roll misses.
    const t = new RecordingTracer(new ScriptedRng([0, 7, 7, 7, 4999 * 1]));
    const out = rs.resolveAttack(t, hero, jackal, option(hero, 'melee'), ctx());
    expect(kinds(out.effects)).toEqual(['damage']);
    expect(t.steps.filter((s) => s.kind === 'rule' && s.title.startsWith('Blow with')).length).toBe(1);
    expect(out.summary).toMatch(/^The Champion hits the Jackal for \d+\.$/);
  });
  it('an afraid hero cannot strike: the bump wakes the monster and the turn is spent', () => {
    const hero = view(1, 'warrior', 0, { statuses: [{ kind: 'afraid', level: 5 }] });
    const snaga = view(2, 'snaga', 1, { mode: 'sleeping', rules: { csleep: 40 } });
    const out = rs.resolveAttack(new RecordingTracer(new ScriptedRng([])), hero, snaga, option(hero, 'melee'), ctx());
    expect(out.hit).toBe(false);
    expect(out.cost).toBe(6000);
    expect(out.summary).toBe('The Warrior is too afraid to attack the Snaga!');
    expect(out.effects).toContainEqual({ kind: 'ai-mode', target: 2, mode: 'hunting' });
    expect(out.effects).toContainEqual({ kind: 'rules', target: 2, patch: { csleep: 0 } });
    expectFrac(out.odds, Fraction.ONE);
  });
  it('the preview: per-blow odds and the expected damage of a whole round', () => {
    const hero = view(1, 'warrior', 0);
    const p = rs.previewAttack(hero, view(2, 'uruk', 1), option(hero, 'melee'), ctx());
    expect(p.notes).toContain('1 blow');
    expect(p.expected.equals(p.hit.mul(p.damage.mean()))).toBe(true);
    const unseen = rs.previewAttack(hero, view(2, 'uruk', 1), option(hero, 'melee'), ctx(false));
    expect(unseen.notes).toContain('unseen: skill halved');
    expect(unseen.hit.compare(p.hit)).toBeLessThan(0);
  });
  it('attacks a turn follow the attacker\'s speed against a normal-speed turn, as the recall page counts them', () => {
    const hero = view(1, 'warrior', 0);
    // Energy a game turn (extract_energy): +20 gets 30, +0 gets 10, -10 gets 5.
    for (const [id, speed, perTurn] of [['poltergeist', 130, F(3)], ['uruk', 110, F(1)], ['large-white-snake', 100, F(1, 2)]] as const) {
      const m = view(2, id, 1, { rules: { speed } });
      expectFrac(rs.previewAttack(m, hero, option(m, 'melee'), ctx()).perTurn, perTurn);
      const page = rs.panel.recall(m, hero, 0, { distance: 1, visible: true });
      expect(page.find((x) => x.title === 'Its attacks against you')?.lines.join(' ')).toContain(`${perTurn.toNumber().toFixed(2)} attacks a turn`);
    }
    // A hero always acts at normal speed: one round of blows a turn.
    expectFrac(rs.previewAttack(hero, view(2, 'uruk', 1), option(hero, 'melee'), ctx()).perTurn, F(1));
  });
});

describe("monsters' blows through the ruleset (game code)", () => {
  it('a hurting bite is reduced by armour; a bite may cut', () => {
    const hero = view(1, 'warrior', 0);
    const wolf = view(2, 'wolf', 1);
    // Sure hit; 1d6 rolls 6 (AC 11 takes 6 x 11 / 250 = 0); a critical: 6 >= 5 (95% of 6), under 20 so d100 3 < 6 passes; level 1+1: cut 1d5+5 rolls 2.
    const t = new RecordingTracer(new ScriptedRng([0, 5, 3, 1]));
    const out = editions.source.resolveAttack(t, wolf, hero, option(wolf, 'melee'), ctx());
    expect(out.effects).toEqual([
      { kind: 'damage', target: 1, amount: 6, cause: "Wolf's bite", source: 2 },
      { kind: 'status', target: 1, status: { kind: 'cut', level: 7 }, mode: 'set' },
    ]);
    expect(out.summary).toBe('The Wolf hits the Warrior for 6 (cut).');
  });
  it('a poison sting poisons for 1d level + 5 unless resisted; the damage is never reduced', () => {
    const hero = view(1, 'warrior', 0);
    const worm = view(2, 'purple-worm', 1);
    // Hit: d100 5..9 is a sure miss, 0-4 a sure hit. Blow 1 (hit, hurt) misses; blow 2 (bite, acid) misses; blow 3 (sting, poison 1d8) hits for 8; poison 1d29 rolls 10.
    const t = new RecordingTracer(new ScriptedRng([7, 7, 0, 7, 9]));
    const out = editions.source.resolveAttack(t, worm, hero, option(worm, 'melee'), ctx());
    expect(out.effects).toEqual([
      { kind: 'damage', target: 1, amount: 8, cause: "Purple worm's sting", source: 2 },
      { kind: 'status', target: 1, status: { kind: 'poisoned', level: 15 }, mode: 'set' },
    ]);
  });
  it('terrify: a saving throw (d100 below it) resists; heroism resists outright', () => {
    const hero = view(1, 'warrior', 0);
    const polt = view(2, 'poltergeist', 1);
    // Human warrior 10: save 18 + WIS 10 (+1) + 10 x 10 / 10 = 29. Sure hit, save roll 50 fails, fear 3 + 1d3 rolls 2.
    const scared = editions.source.resolveAttack(new RecordingTracer(new ScriptedRng([0, 50, 1])), polt, hero, option(polt, 'melee'), ctx());
    expect(scared.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'afraid', level: 5 }, mode: 'set' });
    const saved = editions.source.resolveAttack(new RecordingTracer(new ScriptedRng([0, 28])), polt, hero, option(polt, 'melee'), ctx());
    expect(kinds(saved.effects)).toEqual(['damage']);
    const heroic = view(1, 'warrior', 0, { statuses: [{ kind: 'hero', level: 20 }] });
    const immune = editions.source.resolveAttack(new RecordingTracer(new ScriptedRng([0])), polt, heroic, option(polt, 'melee'), ctx());
    expect(kinds(immune.effects)).toEqual(['damage']);
  });
  it('acid: a struck armour slot loses 1 to-AC and halves the damage; the pack may lose arrows', () => {
    const hero = view(1, 'warrior', 0, { pack: [{ item: 'arrow', quantity: 2, level: 0 }] });
    const naga = view(2, 'green-naga', 1);
    // Blow 1 (crush) misses; blow 2 (spit acid 2d6) hits for 5 + 6 = 11; slot 1 (body armour); arrows: 50 < 100 destroyed, 9000 not.
    const t = new RecordingTracer(new ScriptedRng([7, 0, 4, 5, 0, 50, 9000]));
    const out = editions.source.resolveAttack(t, naga, hero, option(naga, 'melee'), ctx());
    expect(out.effects[0]).toEqual({ kind: 'damage', target: 1, amount: 6, cause: "Green naga's spit", source: 2 });
    const patch = out.effects.find((e) => e.kind === 'rules');
    expect(patch && patch.kind === 'rules' ? (patch.patch['gear'] as { body: ItemStack }).body.magic?.toAc : undefined).toBe(1);
    expect(out.effects).toContainEqual({ kind: 'consume', target: 1, item: 'arrow', quantity: 1 });
  });
});

describe('conditions every ten game turns (dungeon.c process_world)', () => {
  it('poison and cuts hurt, then ease by the constitution rate; regeneration waits', () => {
    const hero = view(1, 'warrior', 0, { hp: 50, statuses: [{ kind: 'poisoned', level: 3 }, { kind: 'cut', level: 150 }] });
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    expect(fx).toContainEqual({ kind: 'damage', target: 1, amount: 1, cause: 'poison' });
    expect(fx).toContainEqual({ kind: 'damage', target: 1, amount: 2, cause: 'a cut' });
    // CON 17: adj_con_fix 1, so 2 a tick.
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'poisoned', level: 1 }, mode: 'set' });
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'cut', level: 148 }, mode: 'set' });
    expect(fx.some((e) => e.kind === 'heal')).toBe(false);
    // The 1442/65536 base still accrues.
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'clock', next: 20, level: 1442 }, mode: 'set' });
  });
  it('regeneration: max HP x 197 + 1442 in 65536ths of a hit point', () => {
    const hero = view(1, 'warrior', 0, { hp: 50, statuses: [] });
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    const gain = 119 * 197 + 1442;
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'clock', next: 20, level: gain % 65536 }, mode: 'set' });
    expect(fx.some((e) => e.kind === 'heal')).toBe(false);
  });
  it('timed effects count down, with a message when they end', () => {
    const hero = view(1, 'warrior', 0, { statuses: [{ kind: 'hero', level: 1 }, { kind: 'blessed', level: 5 }] });
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    expect(fx).toContainEqual({ kind: 'remove-status', target: 1, status: 'hero' });
    expect(fx).toContainEqual({ kind: 'message', text: "The Warrior's heroism wears off.", tone: 'info' });
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'blessed', level: 4 }, mode: 'set' });
  });
  it('a stun of 100 or more loses the turn', () => {
    const hero = view(1, 'warrior', 0, { statuses: [{ kind: 'stun', level: 100 }] });
    expect(rs.turnStart(new NullTracer(new ScriptedRng([])), hero, 0).skip).toBe(true);
    const dazed = view(1, 'warrior', 0, { statuses: [{ kind: 'stun', level: 99 }] });
    expect(rs.turnStart(new NullTracer(new ScriptedRng([])), dazed, 0).skip).toBe(false);
  });
  it('monsters regenerate 1% every hundred game turns, 2% with regenerate, at least 1', () => {
    const troll = view(2, 'forest-troll', 1, { hp: 10 });
    const heal = rs.statusTick(new NullTracer(new ScriptedRng([])), troll, 100).find((e) => e.kind === 'heal');
    expect(heal).toEqual({ kind: 'heal', target: 2, amount: Math.max(1, Math.trunc(troll.body.maxHp / 100)) * 2, cause: 'regeneration' });
    const kobold = view(2, 'small-kobold', 1, { hp: 1 });
    expect(rs.statusTick(new NullTracer(new ScriptedRng([])), kobold, 100).find((e) => e.kind === 'heal')).toMatchObject({ amount: 1 });
  });
});

describe('sleep and noise (engine facts §11)', () => {
  it('a heard noise lightens the sleep by 100 / distance; it wakes when the sleep runs out', () => {
    const hero = view(1, 'warrior', 0, { pos: { x: 1, y: 1 } });
    const snaga = view(2, 'snaga', 1, { mode: 'sleeping', pos: { x: 5, y: 1 }, rules: { csleep: 30 } });
    // Distance 4: 25 a time. Roll 10 (1000 <= 2^28) is heard.
    const r = rs.notice(new NullTracer(new ScriptedRng([10])), snaga, hero, 4, true);
    expect(r).toEqual({ noticed: false, effects: [{ kind: 'rules', target: 2, patch: { csleep: 5 } }] });
    const light = view(2, 'snaga', 1, { mode: 'sleeping', pos: { x: 5, y: 1 }, rules: { csleep: 25 } });
    expect(rs.notice(new NullTracer(new ScriptedRng([10])), light, hero, 4, true).noticed).toBe(true);
    // Stealth 2 (human 0 + warrior 1 + 1): 646 in 1024 rolls are heard.
    expectFrac(rs.noticeChance(light, hero, 4, true).chance, F(646, 1024));
  });
  it('out of sight and beyond its detection range, an unhurt sleeper hears nothing (no roll)', () => {
    const hero = view(1, 'warrior', 0, { pos: { x: 1, y: 1 } });
    const spider = view(2, 'cave-spider', 1, { mode: 'sleeping', pos: { x: 20, y: 1 }, rules: { csleep: 30 } });
    expect(rs.notice(new NullTracer(new ScriptedRng([])), spider, hero, 19, false)).toEqual({ noticed: false, effects: [] });
  });
});

describe('seeing invisible monsters (monster2.c update_mon)', () => {
  const at = (x: number) => ({ pos: { x, y: 1 } });
  it('the invisible are unseen without see invisible; a high-elf sees them', () => {
    expect(rs.canSee?.(view(1, 'warrior', 0, at(1)), view(2, 'invisible-stalker', 1, at(3)))).toBe(false);
    expect(rs.canSee?.(view(1, 'elf-ranger', 0, at(1)), view(2, 'invisible-stalker', 1, at(3)))).toBe(true);
    expect(rs.canSee?.(view(1, 'warrior', 0, at(1)), view(2, 'snaga', 1, at(3)))).toBe(true);
  });
  it('infravision shows a warm-blooded invisible monster within range, never a cold-blooded one', () => {
    // The dwarf priest sees 5 squares by infravision.
    expect(rs.canSee?.(view(1, 'dwarf-priest', 0, at(1)), view(2, 'displacer-beast', 1, at(6)))).toBe(true);
    expect(rs.canSee?.(view(1, 'dwarf-priest', 0, at(1)), view(2, 'displacer-beast', 1, at(7)))).toBe(false);
    expect(rs.canSee?.(view(1, 'dwarf-priest', 0, at(1)), view(2, 'poltergeist', 1, at(2)))).toBe(false);
  });
});

describe('using items (lib/script/object.lua)', () => {
  it('a Potion of Heroism: heals 10, cures fear, heroism for 1d25 + 25 turns', () => {
    const hero = view(1, 'dunadan-paladin', 0, { hp: 10, statuses: [{ kind: 'afraid', level: 4 }] });
    const r = rs.useItem(new NullTracer(new ScriptedRng([9])), hero, 'potion-of-heroism');
    if ('error' in r) throw new Error(r.error);
    expect(r.cost).toBe(6000);
    expect(r.effects).toEqual([
      { kind: 'consume', target: 1, item: 'potion-of-heroism', quantity: 1 },
      { kind: 'heal', target: 1, amount: 10, cause: 'Heroism' },
      { kind: 'remove-status', target: 1, status: 'afraid' },
      { kind: 'status', target: 1, status: { kind: 'hero', level: 35 }, mode: 'set' },
      { kind: 'message', text: 'The Paladin drinks a Potion of Heroism: heals 10, heroic for 35.', tone: 'good' },
    ]);
  });
  it('Cure Serious Wounds: 4d8, and a cut becomes half less 50', () => {
    const hero = view(1, 'elf-ranger', 0, { hp: 10, statuses: [{ kind: 'cut', level: 130 }] });
    const r = rs.useItem(new NullTracer(new ScriptedRng([0, 1, 2, 3])), hero, 'potion-of-cure-serious-wounds');
    if ('error' in r) throw new Error(r.error);
    expect(r.effects).toContainEqual({ kind: 'heal', target: 1, amount: 10, cause: 'Cure Serious Wounds' });
    expect(r.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'cut', level: 15 }, mode: 'set' });
  });
  it('what cannot be used says so', () => {
    expect(rs.useItem(new NullTracer(new ScriptedRng([])), view(1, 'warrior', 0), 'flask-of-oil')).toEqual({ error: 'you have no Flask of oil to use' });
  });
  it('the AI hero heals with a healing potion (not Heroism) and buffs with Berserk Strength first', () => {
    expect(rs.ai.heroTactics?.(view(1, 'dunadan-paladin', 0), 0)).toEqual({ heal: 'potion-of-cure-serious-wounds', buff: 'potion-of-heroism' });
    expect(rs.ai.heroTactics?.(view(1, 'warrior', 0), 0)).toEqual({ heal: 'potion-of-cure-light-wounds', buff: 'potion-of-berserk-strength' });
    expect(rs.ai.heroTactics?.(view(1, 'warrior', 0, { statuses: [{ kind: 'berserk', level: 9 }] }), 0)).toEqual({ heal: 'potion-of-cure-light-wounds' });
  });
});

describe('missiles through the ruleset', () => {
  it('a missile that hit or missed a monster breaks at the chance, or lies under it', () => {
    const hero = view(1, 'warrior', 0);
    const snaga = view(2, 'snaga', 1, { mode: 'hunting', pos: { x: 4, y: 1 } });
    const fire = option(hero, 'fire:iron-shot');
    // d100 7: a sure miss; breakage d100 99: it does not break.
    const out = rs.resolveAttack(new NullTracer(new ScriptedRng([7, 99])), hero, snaga, fire, { ...ctx(), distance: 3 });
    expect(out.hit).toBe(false);
    expect(out.effects).toEqual([{ kind: 'drop', at: { x: 4, y: 1 }, stack: { item: 'iron-shot', quantity: 1, level: 0 } }]);
  });
  it('one that came down short: the seed may break it; the game never does', () => {
    const hero = view(1, 'warrior', 0);
    const fire = option(hero, 'fire:iron-shot');
    const at = { x: 3, y: 1 };
    expect(editions.source.missileLanded(new NullTracer(new ScriptedRng([])), hero, fire, at, { reason: 'obstacle', distance: 2 })).toEqual([
      { kind: 'drop', at, stack: { item: 'iron-shot', quantity: 1, level: 0 } },
    ]);
    // Against a wall 2 squares away the seed doubles 20% to 40%: d100 30 breaks it.
    expect(rs.missileLanded(new NullTracer(new ScriptedRng([30])), hero, fire, at, { reason: 'obstacle', distance: 1, obstacleDistance: 2 })).toEqual([
      { kind: 'message', text: 'The Iron Shot breaks.', tone: 'info' },
    ]);
  });
});

describe('the panel', () => {
  it('describes a hero and a monster in a line', () => {
    expect(rs.panel.describeFighter(view(1, 'warrior', 0), 0)[0]).toBe('1 blow  AC 11  1 shot x2');
    expect(rs.panel.describeFighter(view(2, 'drolem', 1, { mode: 'hunting' }), 0)[0]).toBe('AC 130  speed +10  level 44');
  });
  it('labels conditions and hides the clock', () => {
    expect(rs.panel.statusLabel?.({ kind: 'clock', next: 10 }, 0)).toBeNull();
    expect(rs.panel.statusLabel?.({ kind: 'stun', level: 20 }, 0)).toBe('stun 20');
    expect(rs.panel.statusLabel?.({ kind: 'stun', level: 60 }, 0)).toBe('heavy stun 60');
    expect(rs.panel.statusLabel?.({ kind: 'stun', level: 120 }, 0)).toBe('knocked out 120');
    expect(rs.panel.statusLabel?.({ kind: 'hero', level: 12 }, 0)).toBe('heroic 12');
  });
});

describe('fixes from the audit against the 3.0.5 code', () => {
  it('damage that cures a monster\'s fear may frighten it again at once (xtra2.c mon_take_hit)', () => {
    const snaga = view(2, 'snaga', 1, { hp: 2, mode: 'fleeing', statuses: [{ kind: 'afraid', level: 3 }] });
    // 1d10 damage roll 5 >= fear 3: cured; then 1d10 rolls 10 >= 5% health: afraid for 1d10 (4) + (11 - 5) x 5.
    const fx = rs.onDamaged(new NullTracer(new ScriptedRng([4, 9, 3])), snaga, 10, 12, { now: 0 });
    expect(fx).toContainEqual({ kind: 'remove-status', target: 2, status: 'afraid' });
    expect(fx).toContainEqual({ kind: 'status', target: 2, status: { kind: 'afraid', level: 4 + 30 }, mode: 'set' });
    expect(fx).toContainEqual({ kind: 'ai-mode', target: 2, mode: 'fleeing' });
    expect(fx).not.toContainEqual({ kind: 'ai-mode', target: 2, mode: 'hunting' });
  });
  it('a half-troll regenerates at 394, not 197', () => {
    const hero = view(1, 'half-troll-warrior', 0, { hp: 10 });
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    const gain = hero.body.maxHp * 394 + 1442;
    expect(fx.find((e) => e.kind === 'heal')).toEqual({ kind: 'heal', target: 1, amount: Math.floor(gain / 65536), cause: 'regeneration' });
  });
  it('healed to full, the fraction of a hit point is dropped', () => {
    const hero = view(1, 'warrior', 0, { hp: 118, statuses: [] });
    const clock = hero.statuses.find((x) => x.kind === 'clock') as Status;
    (clock as { level: number }).level = 60000;
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    expect(fx).toContainEqual({ kind: 'heal', target: 1, amount: 1, cause: 'regeneration' });
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'clock', next: 20, level: 0 }, mode: 'set' });
  });
  it('poisoned at full health, the base 1442 still accrues after the tick\'s damage', () => {
    const hero = view(1, 'warrior', 0, { statuses: [{ kind: 'poisoned', level: 4 }] });
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'clock', next: 20, level: 1442 }, mode: 'set' });
  });
  it('a cornered monster that turns to fight loses its fear; monsters act in the turn they wake', () => {
    const afraid = view(2, 'snaga', 1, { statuses: [{ kind: 'afraid', level: 9 }] });
    const profile = rs.ai.profile(afraid);
    expect(profile.turnsToFight?.(afraid)).toEqual([{ kind: 'remove-status', target: 2, status: 'afraid' }]);
    expect(profile.actsOnWaking).toBe(true);
  });
  it('the exact noticing chance applies the same gate as the roll: out of sight and hearing, never', () => {
    const hero = view(1, 'warrior', 0, { pos: { x: 1, y: 1 } });
    const spider = view(2, 'cave-spider', 1, { mode: 'sleeping', pos: { x: 20, y: 1 }, rules: { csleep: 3 } });
    expectFrac(rs.noticeChance(spider, hero, 19, false).chance, Fraction.ZERO);
    expectFrac(rs.noticeChance(spider, hero, 19, true).chance, F(646, 1024));
  });
  it('spoiler breakage counts the wall\'s own distance: a wall next to the thrower doubles, one 3 squares off does not', () => {
    const hero = view(1, 'warrior', 0);
    const fire = option(hero, 'fire:iron-shot');
    const land = (obstacleDistance: number, roll: number) =>
      rs.missileLanded(new NullTracer(new ScriptedRng([roll])), hero, fire, { x: 1, y: 1 }, { reason: 'obstacle', distance: obstacleDistance - 1, obstacleDistance });
    // Shots break 20%, doubled to 40%: d100 30 breaks it next to a wall, not 3 squares away.
    expect(land(1, 30)).toEqual([{ kind: 'message', text: 'The Iron Shot breaks.', tone: 'info' }]);
    expect(land(3, 30)).toEqual([{ kind: 'drop', at: { x: 1, y: 1 }, stack: { item: 'iron-shot', quantity: 1, level: 0 } }]);
  });
});
