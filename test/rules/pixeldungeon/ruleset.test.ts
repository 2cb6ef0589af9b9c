/**
 * The Pixel Dungeon Ruleset adapter (createPixelDungeon): previews against resolved attacks, time
 * costs, noticing, and the data tables against pd-facts (§1.1, §3.2, §5) and seed 002.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { Stream } from '../../../src/core/rng.js';
import type { Edition } from '../../../src/rules/edition.js';
import { createPixelDungeon } from '../../../src/rules/pixeldungeon/index.js';
import type { AttackContext, AttackOption, Ruleset } from '../../../src/rules/ruleset.js';
import type { PdState } from '../../../src/rules/pixeldungeon/types.js';
import type { PdView as FighterView } from '../../../src/rules/pixeldungeon/context.js';
import { Terrain } from '../../../src/world/terrain.js';
import { F, exactLaw, expectFrac, recorder, tables } from './helpers.js';
import { fighterView, type ViewOptions } from '../../support/views.js';

const editions: Record<Edition, Ruleset<PdState>> = { spoiler: createPixelDungeon(tables, 'spoiler'), source: createPixelDungeon(tables, 'source') };
const rs = editions.spoiler;
const EDITIONS: Edition[] = ['spoiler', 'source'];


function view(id: number, template: string, side: 0 | 1, o: ViewOptions = {}): FighterView {
  return fighterView(rs, id, template, side, o);
}

const ctx = (distance = 1, defenderTerrain: Terrain = Terrain.Floor): AttackContext => ({
  now: 0,
  distance,
  visible: true,
  attackerTerrain: Terrain.Floor,
  defenderTerrain,
});

const option = (f: FighterView, id: string): AttackOption => {
  const o = rs.attackOptions(f).find((x) => x.id === id);
  if (!o) throw new Error(`no option ${id}; have ${rs.attackOptions(f).map((x) => x.id).join(', ')}`);
  return o;
};

/**
 * Enumerates resolveAttack over every draw. Returns the law of 'miss' / damage, and checks on
 * the way that each outcome's reported `odds` is the same for every draw sequence that gives it.
 */
function resolvedLaw(r: Ruleset<PdState>, a: FighterView, d: FighterView, opt: AttackOption, c: AttackContext) {
  const reported = new Map<string | number, string>();
  const law = exactLaw(
    (t) => r.resolveAttack(t, a, d, opt, c),
    (out) => {
      const k = out.hit ? out.damage : 'miss';
      const prev = reported.get(k);
      if (prev !== undefined && prev !== out.odds.toString()) throw new Error(`outcome ${k} reported as ${prev} and ${out.odds.toString()}`);
      reported.set(k, out.odds.toString());
      expect(out.damage).toBeGreaterThanOrEqual(0);
      return k;
    },
  );
  return { law, reported };
}

describe('previewAttack draws nothing and agrees with resolveAttack', () => {
  // One row per duel situation where every roll can be enumerated (certain hits, certain misses,
  // or no roll to hit), so the preview is checked against the rolling code itself.
  const rows: { what: string; edition: Edition; a: () => FighterView; d: () => FighterView; opt: string; distance?: number; terrain?: Terrain }[] = [];
  for (const edition of EDITIONS) {
    rows.push(
      {
        what: 'seed Berserker (STR 15, war hammer) vs a sleeping gnoll scout',
        edition,
        a: () => view(1, 'berserker', 0),
        d: () => view(2, 'gnoll-scout', 1, { mode: 'sleeping', enemySeen: false }),
        opt: 'melee',
      },
      {
        what: 'furious Berserker, STR 12 with a knuckleduster (excess 0..2) vs a wandering, unaware rat',
        edition,
        a: () => view(1, 'berserker', 0, { options: { strength: 12, weapon: 'knuckleduster' }, statuses: [{ kind: 'fury' }], hp: 10 }),
        d: () => view(2, 'rat', 1, { mode: 'wandering', enemySeen: false }),
        opt: 'melee',
      },
      {
        what: 'Assassin with a dagger vs a sleeping gnoll scout',
        edition,
        a: () => view(1, 'assassin', 0, { options: { weapon: 'dagger' } }),
        d: () => view(2, 'gnoll-scout', 1, { mode: 'sleeping', enemySeen: false }),
        opt: 'melee',
      },
      {
        what: 'Sniper throwing a javelin at a sleeping golem (armour 12)',
        edition,
        a: () => view(1, 'sniper', 0),
        d: () => view(2, 'golem', 1, { mode: 'sleeping', enemySeen: false }),
        opt: 'throw:javelin',
        distance: 3,
      },
      {
        what: 'gnoll shaman\'s lightning on a paralysed Warrior standing in water',
        edition,
        a: () => view(1, 'gnoll-shaman', 1),
        // Plate armour at STR 11 leaves the Warrior dodge 0 in the game as well (pd-facts §1.3).
        d: () => view(2, 'warrior', 0, { options: { armour: 'plate-armour' }, statuses: [{ kind: 'paralysed', until: 5000 }], enemySeen: false }),
        opt: 'spell:lightning',
        distance: 3,
        terrain: Terrain.Water,
      },
    );
  }
  rows.push(
    {
      what: 'a level 1 Warrior with a war hammer (accuracy 0 in the game) vs an aware rat',
      edition: 'source',
      a: () => view(1, 'warrior', 0, { options: { weapon: 'war-hammer', level: 1 } }),
      d: () => view(2, 'rat', 1, { mode: 'hunting', enemySeen: true }),
      opt: 'melee',
    },
    {
    what: 'Mage zapping magic missile at an aware gnoll scout (no roll to hit in the game)',
    edition: 'source',
    a: () => view(1, 'mage', 0),
    d: () => view(2, 'gnoll-scout', 1, { mode: 'hunting', enemySeen: true }),
      opt: 'zap:wand-of-magic-missile',
      distance: 3,
    },
  );

  it.each(rows)('$edition: $what', ({ edition, a, d, opt, distance, terrain }) => {
    const A = a();
    const D = d();
    const o = option(A, opt);
    const c = ctx(distance ?? 1, terrain ?? Terrain.Floor);
    const r = editions[edition];
    const stream = new Stream('combat', 'preview-check');
    const before = stream.state();
    const drawsBefore = stream.draws;
    const p = r.previewAttack(A, D, o, c);
    expect(stream.state()).toEqual(before);
    expect(stream.draws).toBe(drawsBefore);

    const { law, reported } = resolvedLaw(r, A, D, o, c);
    const miss = law.get('miss') ?? Fraction.ZERO;
    expectFrac(p.hit, Fraction.ONE.sub(miss));
    const hitKeys = [...law.keys()].filter((k) => k !== 'miss').map(Number).sort((x, y) => x - y);
    if (p.hit.num > 0n) {
      expect(hitKeys).toEqual(p.damage.entries().map(([v]) => v));
      for (const [v, q] of p.damage.entries()) expectFrac(law.get(v) ?? Fraction.ZERO, p.hit.mul(q));
    } else expect(hitKeys).toEqual([]);
    expectFrac(p.expected, p.hit.mul(p.damage.mean()));
    // Each outcome's reported probability is the enumerated one.
    for (const [k, q] of law) expect(reported.get(k)).toBe(q.toString());
  });

  it('the shaman\'s lightning is x1.5, rounded down, on a target in water (and only there)', () => {
    const shaman = view(1, 'gnoll-shaman', 1);
    const hero = view(2, 'warrior', 0, { options: { armour: 'plate-armour' } });
    const o = option(shaman, 'spell:lightning');
    const wet = editions.source.previewAttack(shaman, hero, o, ctx(3, Terrain.Water)).damage;
    const dry = editions.source.previewAttack(shaman, hero, o, ctx(3, Terrain.Floor)).damage;
    // Int(2,12) = 2..11 uniform; armour does not apply to the spell.
    expect(dry.entries().map(([v, p]) => [v, p.toString()])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((v) => [v, '1/10']));
    expect(wet.entries().map(([v, p]) => [v, p.toString()])).toEqual([3, 4, 6, 7, 9, 10, 12, 13, 15, 16].map((v) => [v, '1/10']));
  });

  it('the accuracy-0 Warrior never hits in the game but has a chance in the spoiler edition', () => {
    const rat = view(2, 'rat', 1, { mode: 'hunting', enemySeen: true });
    const w = () => view(1, 'warrior', 0, { options: { weapon: 'war-hammer', level: 1 } });
    expectFrac(editions.source.previewAttack(w(), rat, option(w(), 'melee'), ctx()).hit, Fraction.ZERO);
    // Spoiler: 10 x 6/5 x (2/3)^7 = 1536/2187 vs 3: a < d -> a/(2d) = 256/2187.
    expectFrac(rs.previewAttack(w(), rat, option(w(), 'melee'), ctx()).hit, F(256, 2187));
  });

  it('previews of the seed\'s duel give the seed\'s and the research note\'s odds', () => {
    const scout = () => view(2, 'gnoll-scout', 1, { mode: 'hunting', enemySeen: true });
    const hero = (strength: number) => view(1, 'berserker', 0, { options: { strength } });
    const hit = (e: Edition, strength: number) => editions[e].previewAttack(hero(strength), scout(), option(hero(strength), 'melee'), ctx()).hit;
    expectFrac(hit('spoiler', 18), F(37, 42)); // 16.8 vs 4
    expectFrac(hit('source', 18), F(7, 8)); // 16 vs 4
    expectFrac(hit('spoiler', 15), F(67, 112)); // 224/45 vs 4
    expectFrac(hit('source', 15), F(1, 2)); // 4 vs 4
    // Attacks per turn: the war hammer short by 3 strength takes 1.2^3 = 1.728 turns.
    expectFrac(editions.source.previewAttack(hero(15), scout(), option(hero(15), 'melee'), ctx()).perTurn, F(1000, 1728));
  });

  it('every preset, every monster, every option, both editions, aware or not: previews build without a draw and stay in range', () => {
    const stream = new Stream('combat', 'x');
    const before = stream.state();
    for (const e of EDITIONS) {
      for (const h of tables.heroes) {
        for (const m of tables.monsters) {
          for (const aware of [true, false]) {
            const H = view(1, h.id, 0, { enemySeen: aware });
            const M = view(2, m.id, 1, { mode: aware ? 'hunting' : 'sleeping', enemySeen: aware });
            for (const [A, D] of [
              [H, M],
              [M, H],
            ] as const) {
              for (const o of rs.attackOptions(A)) {
                const p = editions[e].previewAttack(A, D, o, ctx(o.kind === 'melee' ? 1 : 3));
                expect(p.hit.compare(Fraction.ZERO)).toBeGreaterThanOrEqual(0);
                expect(p.hit.compare(Fraction.ONE)).toBeLessThanOrEqual(0);
                expect(p.damage.min).toBeGreaterThanOrEqual(0);
              }
            }
          }
        }
      }
    }
    expect(stream.state()).toEqual(before);
  });
});

describe('extreme but allowed settings (buildFighter accepts strength 1..30)', () => {
  it('a strength-1 Berserker with the war hammer can swing at a dwarf monk (spoiler edition) on a real stream', () => {
    // Spoiler accuracy 14 x 6/5 x (2/3)^17 has denominator 5 x 3^16; against dodge 30 the hit
    // test must still draw from valid ranges. The exact chance is a/(2d).
    const hero = view(1, 'berserker', 0, { options: { strength: 1 } });
    const monk = view(2, 'dwarf-monk', 1, { mode: 'hunting', enemySeen: true });
    const o = option(hero, 'melee');
    const p = rs.previewAttack(hero, monk, o, ctx());
    expectFrac(p.hit, Fraction.of(14n * 6n * 2n ** 17n, 5n * 3n ** 17n * 2n * 30n));
    const stream = new Stream('combat', 'extreme');
    expect(() => rs.resolveAttack(recorder(stream), hero, monk, o, ctx())).not.toThrow();
  });
});

describe('time costs through the ruleset (pd-facts §5 table, §1.4)', () => {
  // One row per monster of the table with a notable speed or attack delay.
  it.each([
    { id: 'sewer-crab', move: 500, attack: 1000 },
    { id: 'vampire-bat', move: 500, attack: 1000 },
    { id: 'crazy-thief', move: 1000, attack: 500 },
    { id: 'dwarf-monk', move: 1000, attack: 500 },
    { id: 'golem', move: 1000, attack: 1500 },
    { id: 'rat', move: 1000, attack: 1000 },
  ])('$id: a step costs $move, a blow $attack milliturns', ({ id, move, attack }) => {
    const m = view(2, id, 1);
    expect(rs.actionCost(m, 'move', 0)).toBe(move);
    expect(editions.source.attackCost(m, option(m, 'melee'), 0)).toBe(attack);
    // Crippled: half speed.
    expect(rs.actionCost(view(2, id, 1, { statuses: [{ kind: 'crippled', until: 10_000 }] }), 'move', 0)).toBe(2 * move);
  });
  it('spells: the shaman\'s lightning costs 2 turns, the warlock\'s bolt 1 (pd-facts §5.1)', () => {
    const shaman = view(2, 'gnoll-shaman', 1);
    const warlock = view(2, 'dwarf-warlock', 1);
    expect(editions.source.attackCost(shaman, option(shaman, 'spell:lightning'), 0)).toBe(2000);
    expect(editions.source.attackCost(shaman, option(shaman, 'melee'), 0)).toBe(1000);
    expect(editions.source.attackCost(warlock, option(warlock, 'spell:shadow-bolt'), 0)).toBe(1000);
  });
  it('hero: the seed Berserker\'s war hammer takes 1.728 turns; plate armour at STR 11 makes a step 1.3^6 turns', () => {
    const b = view(1, 'berserker', 0);
    expect(editions.source.attackCost(b, option(b, 'melee'), 0)).toBe(1728);
    const w = view(1, 'warrior', 0, { options: { armour: 'plate-armour' } });
    expect(rs.actionCost(w, 'move', 0)).toBe(4827); // pd-facts §1.4: 4.82681
  });
});

describe('noticing through the ruleset (pd-facts §6.2)', () => {
  it('a sleeping scout 3 cells from a Warrior: 1/3; from the Rogue (ring of shadows +1): 1/4', () => {
    const scout = view(2, 'gnoll-scout', 1, { mode: 'sleeping', enemySeen: false });
    expectFrac(rs.noticeChance(scout, view(1, 'warrior', 0), 3, true).chance, F(1, 3));
    expectFrac(rs.noticeChance(scout, view(1, 'rogue', 0), 3, true).chance, F(1, 4));
    const law = exactLaw((t) => rs.notice(t, scout, view(1, 'rogue', 0), 3, true).noticed, (v) => String(v));
    expectFrac(law.get('true') ?? Fraction.ZERO, F(1, 4));
    // Out of its sight it never notices, and rolls nothing.
    const unseen = exactLaw((t) => rs.notice(t, scout, view(1, 'rogue', 0), 3, false).noticed, (v) => String(v));
    expect([...unseen.keys()]).toEqual(['false']);
  });
  it('a wandering scout 8 cells away: 1/4; once hurt (alerted) it notices at once', () => {
    const w = view(1, 'warrior', 0);
    expectFrac(rs.noticeChance(view(2, 'gnoll-scout', 1, { mode: 'wandering', enemySeen: false }), w, 8, true).chance, F(1, 4));
    expectFrac(rs.noticeChance(view(2, 'gnoll-scout', 1, { mode: 'wandering', enemySeen: false, alerted: true }), w, 8, true).chance, Fraction.ONE);
  });
});

describe('Fury (research note: a Berserker becomes furious when 0 < HP <= 0.4 HT)', () => {
  it('the level 5 Berserker (HT 40) becomes furious at 16 HP, not at 17', () => {
    const at = (hp: number) => rs.onDamaged(recorder(), view(1, 'berserker', 0, { hp }), 1, hp + 1, { now: 0 });
    expect(view(1, 'berserker', 0).body.maxHp).toBe(40);
    expect(at(16).some((e) => e.kind === 'status' && e.status.kind === 'fury')).toBe(true);
    expect(at(17).some((e) => e.kind === 'status' && e.status.kind === 'fury')).toBe(false);
  });
});

describe('data tables against pd-facts and seed 002', () => {
  // pd-facts §5 mob table, one row per monster in the data: HT, def, atk, damage, dr, speed,
  // attack delay, flying, view distance.
  const mobs = [
    { id: 'rat', hp: 8, def: 3, atk: 8, dmg: [1, 5], dr: 1, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'albino-rat', hp: 15, def: 3, atk: 8, dmg: [1, 5], dr: 1, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'gnoll-scout', hp: 12, def: 4, atk: 11, dmg: [2, 5], dr: 2, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'sewer-crab', hp: 15, def: 5, atk: 12, dmg: [3, 6], dr: 4, speed: 2, delay: 1, flying: false, view: 8 },
    { id: 'vampire-bat', hp: 30, def: 15, atk: 16, dmg: [6, 12], dr: 4, speed: 2, delay: 1, flying: true, view: 8 },
    { id: 'crazy-thief', hp: 20, def: 12, atk: 12, dmg: [1, 7], dr: 3, speed: 1, delay: 0.5, flying: false, view: 8 },
    { id: 'skeleton', hp: 25, def: 9, atk: 12, dmg: [3, 8], dr: 5, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'gnoll-shaman', hp: 18, def: 8, atk: 11, dmg: [2, 6], dr: 4, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'gnoll-brute', hp: 40, def: 15, atk: 20, dmg: [8, 18], dr: 8, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'cave-spinner', hp: 50, def: 14, atk: 20, dmg: [12, 16], dr: 6, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'dwarf-warlock', hp: 70, def: 18, atk: 25, dmg: [12, 20], dr: 8, speed: 1, delay: 1, flying: false, view: 8 },
    { id: 'dwarf-monk', hp: 70, def: 30, atk: 30, dmg: [12, 16], dr: 2, speed: 1, delay: 0.5, flying: false, view: 8 },
    { id: 'golem', hp: 85, def: 18, atk: 28, dmg: [20, 40], dr: 12, speed: 1, delay: 1.5, flying: false, view: 8 },
    { id: 'scorpio', hp: 95, def: 24, atk: 36, dmg: [20, 32], dr: 16, speed: 1, delay: 1, flying: false, view: 4 },
  ];
  it.each(mobs)('$id: HP $hp, dodge $def, accuracy $atk, damage $dmg, armour $dr, speed $speed, attack delay $delay', (row) => {
    const m = tables.monsters.find((x) => x.id === row.id);
    expect(m).toBeDefined();
    if (!m) return;
    expect({ hp: m.hp, def: m.defenseSkill, atk: m.attackSkill, dmg: [...m.damage], dr: m.dr, speed: m.speed, delay: m.attackDelay, flying: m.flying, view: m.viewDistance }).toEqual({
      hp: row.hp,
      def: row.def,
      atk: row.atk,
      dmg: row.dmg,
      dr: row.dr,
      speed: row.speed,
      delay: row.delay,
      flying: row.flying,
      view: row.view,
    });
  });
  it('seed 002: the gnoll scout has 12 HP, dodge 4 and (in the spoiler edition) armour 4', () => {
    const s = tables.monsters.find((x) => x.id === 'gnoll-scout');
    expect(s?.spoiler).toEqual({ dr: 4, divergence: 'gnoll-scout-armour' });
    const v = view(2, 'gnoll-scout', 1);
    expect(v.body.hp).toBe(12);
    expect(rs.panel.describeFighter(v, 0)[0]).toContain('Armour 0-4');
    expect(editions.source.panel.describeFighter(v, 0)[0]).toContain('Armour 0-2');
  });
  it('special numbers (pd-facts §5, §5.1): enrage 10-40, lightning Int(2,12) = 2..11, bolt Int(12,18) = 12..17, poison Int(7,9) = 7..8, disarm 1 in 6', () => {
    const ab = (id: string) => tables.monsters.find((x) => x.id === id)?.abilities ?? [];
    expect(ab('gnoll-brute')).toContainEqual({ kind: 'enrage', damage: [10, 40] });
    expect(ab('gnoll-shaman')).toContainEqual({ kind: 'lightning', damage: [2, 11], delay: 2, waterMultiplier: 1.5 });
    expect(ab('dwarf-warlock')).toContainEqual({ kind: 'shadow-bolt', damage: [12, 17], delay: 1, weaknessOneIn: 2, weaknessTurns: 40 });
    expect(ab('cave-spinner')).toContainEqual({ kind: 'poison-and-flee', oneIn: 2, poison: [7, 8] });
    expect(ab('dwarf-monk')).toContainEqual({ kind: 'disarm', oneIn: 6 });
    expect(ab('albino-rat')).toContainEqual({ kind: 'bleeding-on-hit', oneIn: 2 });
    expect(ab('scorpio')).toContainEqual({ kind: 'cripple-on-hit', oneIn: 2, turns: 10 });
    expect(ab('skeleton')).toContainEqual({ kind: 'bone-explosion', damage: [3, 8] });
  });
  // pd-facts §1.1: HT and STR per class.
  it.each([
    { id: 'warrior', hp: 20, str: 11 },
    { id: 'mage', hp: 20, str: 10 },
    { id: 'rogue', hp: 20, str: 10 },
    { id: 'huntress', hp: 15, str: 10 },
  ] as const)('class $id: HT $hp, STR $str, attackSkill 10, defenseSkill 5', ({ id, hp, str }) => {
    const c = tables.classes.find((x) => x.id === id);
    expect(c && { hp: c.hp, str: c.strength, atk: c.attackSkill, def: c.defenseSkill }).toEqual({ hp, str, atk: 10, def: 5 });
    expect(view(1, id, 0).body).toEqual({ hp, maxHp: hp });
  });
  // pd-facts §3.2 missile table.
  it.each([
    { id: 'dart', str: 10, dly: 1, min: 1, max: 4 },
    { id: 'curare-dart', str: 14, dly: 1, min: 1, max: 3 },
    { id: 'javelin', str: 15, dly: 1, min: 2, max: 15 },
    { id: 'tomahawk', str: 17, dly: 1, min: 4, max: 20 },
    { id: 'shuriken', str: 13, dly: 0.5, min: 2, max: 6 },
    { id: 'boomerang', str: 10, dly: 1, min: 1, max: 4 },
  ])('missile $id: STR $str, DLY $dly, damage $min-$max', ({ id, str, dly, min, max }) => {
    const m = tables.missileWeapons.find((x) => x.id === id);
    expect(m && { str: m.strength, dly: m.delay, acu: m.accuracy, min: m.minDamage, max: m.maxDamage }).toEqual({ str, dly, acu: 1, min, max });
  });
  it('missile procs: curare paralyses 3 turns, the javelin cripples 10, the tomahawk bleeds; only the boomerang returns', () => {
    const m = (id: string) => tables.missileWeapons.find((x) => x.id === id);
    expect(m('curare-dart')?.proc).toEqual({ kind: 'paralysis', turns: 3 });
    expect(m('javelin')?.proc).toEqual({ kind: 'cripple', turns: 10 });
    expect(m('tomahawk')?.proc).toEqual({ kind: 'bleeding' });
    expect(tables.missileWeapons.filter((x) => x.returns).map((x) => x.id)).toEqual(['boomerang']);
  });
  it('wand of magic missile (pd-facts §1.1): Int(1, 6 + 2 level), 3 charges, 40 turns to recharge', () => {
    expect(tables.wands.find((x) => x.id === 'wand-of-magic-missile')).toMatchObject({ damageBase: 6, damagePerLevel: 2, charges: 3, rechargeTurns: 40 });
  });
  it('the seed\'s Berserker preset: level 5, strength 15, a +0 war hammer', () => {
    expect(tables.heroes.find((x) => x.id === 'berserker')).toMatchObject({ class: 'warrior', subclass: 'berserker', level: 5, strength: 15, weapon: 'war-hammer' });
  });
});
