/**
 * Monster spells (melee2.c make_attack_spell): the breath table, every bolt's and ball's dice by
 * level, the chance to cast and the choice, the saving throws, and the spells on oneself, each
 * row from the code's own formulas worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { Stream } from '../../../src/core/rng.js';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { castOdds, spellOfOption } from '../../../src/rules/angband305/monster-spells.js';
import { BREATH, SPELLS, arenaSpells, breathDamage, castPercent, rawDamage } from '../../../src/rules/angband305/spell-table.js';
import { lawOfSteps } from '../../../src/rules/angband305/steps.js';
import { teleportAway, teleportTo } from '../../../src/rules/angband305/teleport.js';
import type { AngMonster, AngSpellName } from '../../../src/rules/angband305/types.js';
import { ANG_MONSTER_SPELLS } from '../../../src/rules/angband305/types.js';
import { angbandDistance } from '../../../src/world/angband-path.js';
import type { AttackContext, FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import { Terrain } from '../../../src/world/terrain.js';
import { fighterView } from './fighters.js';
import { tables } from './helpers.js';

const rs: Ruleset = createAngband(tables, 'source') as unknown as Ruleset;
const monster = (id: string): AngMonster => {
  const m = tables.monsters.find((x) => x.id === id);
  if (!m) throw new Error(`no monster ${id}`);
  return m;
};
const ctx: AttackContext = { now: 0, distance: 3, visible: true, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor };
const view = (id: number, template: string, side: 0 | 1, o: Parameters<typeof fighterView>[4] = {}): FighterView => fighterView(rs, id, template, side, o);

describe('breaths: current hit points / divisor, capped (make_attack_spell)', () => {
  // [spell, hit points, damage]: one row below the cap and one at it, worked by hand.
  const rows: readonly (readonly [AngSpellName, number, number])[] = [
    ['br-acid', 300, 100], ['br-acid', 6000, 1600],
    ['br-elec', 91, 30], ['br-elec', 4800, 1600],
    ['br-fire', 2, 0], ['br-fire', 4803, 1600],
    ['br-cold', 299, 99], ['br-cold', 5000, 1600],
    ['br-pois', 600, 200], ['br-pois', 2400, 800], ['br-pois', 3000, 800],
    ['br-neth', 600, 100], ['br-neth', 3300, 550], ['br-neth', 4000, 550],
    ['br-lite', 65, 10], ['br-lite', 2400, 400],
    ['br-dark', 3000, 400],
    ['br-conf', 2401, 400], ['br-conf', 240, 40],
    ['br-soun', 120, 20], ['br-soun', 3000, 500],
    ['br-chao', 3001, 500], ['br-chao', 1200, 200],
    ['br-dise', 3001, 500],
    ['br-nexu', 2400, 400], ['br-nexu', 600, 100],
    ['br-time', 300, 100], ['br-time', 450, 150], ['br-time', 900, 150],
    ['br-iner', 600, 100], ['br-iner', 1200, 200], ['br-iner', 2000, 200],
    ['br-grav', 300, 100], ['br-grav', 600, 200], ['br-grav', 1000, 200],
    ['br-shar', 3000, 500], ['br-shar', 66, 11],
    ['br-plas', 600, 100], ['br-plas', 900, 150], ['br-plas', 2000, 150],
    ['br-wall', 300, 50], ['br-wall', 1200, 200], ['br-wall', 5000, 200],
  ];
  it.each(rows)('%s at %i hit points: %i', (name, hp, dam) => {
    expect(breathDamage(name, hp)).toBe(dam);
  });
  it('every breath that does damage has a row (br-mana has no code in 3.0.5)', () => {
    const covered = new Set(rows.map((r) => r[0]));
    expect(Object.keys(BREATH).sort()).toEqual([...covered].sort());
    expect(SPELLS.filter((s) => s.reach === 'breath' && !s.inert).map((s) => s.name).sort()).toEqual([...covered].sort());
  });
});

describe('bolts, balls, arrows and curses: damage dice by level', () => {
  // [spell, monster level, least, most, mean x 2]: from the code's formulas, by hand.
  const rows: readonly (readonly [AngSpellName, number, number, number, number])[] = [
    ['arrow-1', 20, 1, 6, 7],
    ['arrow-2', 20, 3, 18, 21],
    ['arrow-3', 20, 5, 30, 35],
    ['arrow-4', 20, 7, 42, 49],
    ['boulder', 0, 1, 12, 13],
    ['boulder', 35, 6, 72, 78],
    ['boulder', 41, 6, 72, 78],
    ['boulder', 42, 7, 84, 91],
    ['ba-acid', 10, 16, 45, 61],
    ['ba-elec', 1, 9, 9, 18],
    ['ba-elec', 10, 9, 23, 32],
    ['ba-fire', 10, 11, 45, 56],
    ['ba-cold', 10, 11, 25, 36],
    ['ba-pois', 10, 12, 24, 36],
    ['ba-neth', 30, 90, 180, 270],
    ['ba-wate', 40, 51, 150, 201],
    ['ba-mana', 40, 210, 300, 510],
    ['ba-dark', 40, 210, 300, 510],
    ['bo-acid', 30, 17, 66, 83],
    ['bo-elec', 30, 14, 42, 56],
    ['bo-fire', 30, 19, 82, 101],
    ['bo-cold', 30, 16, 58, 74],
    ['bo-neth', 30, 80, 100, 180],
    ['bo-wate', 30, 40, 130, 170],
    ['bo-mana', 30, 51, 155, 206],
    ['bo-plas', 30, 48, 96, 144],
    ['bo-icee', 30, 36, 66, 102],
    ['missile', 30, 12, 22, 34],
    ['missile', 2, 2, 12, 14],
    ['cause-1', 10, 3, 24, 27],
    ['cause-2', 10, 8, 64, 72],
    ['cause-3', 10, 10, 150, 160],
    ['cause-4', 10, 15, 225, 240],
    ['mind-blast', 10, 8, 64, 72],
    ['brain-smash', 10, 12, 180, 192],
  ];
  const base = monster('jackal');
  it.each(rows)('%s at level %i: %i..%i, mean %i/2', (name, level, lo, hi, twiceMean) => {
    const raw = rawDamage(name, { ...base, level }, 100);
    expect(raw).not.toBeNull();
    const law = lawOfSteps(raw?.steps ?? [], 0);
    expect([law.min, law.max]).toEqual([lo, hi]);
    expect(law.mean().mul(Fraction.of(2, 1)).equals(Fraction.of(twiceMean, 1))).toBe(true);
  });
});

describe('the chance to cast: (freq_innate + freq_spell) / 2, both 100 / x', () => {
  const rows: readonly (readonly [number, number])[] = [[1, 100], [2, 50], [3, 33], [5, 20], [6, 16], [7, 14], [9, 11], [12, 8], [15, 6]];
  it.each(rows)('1_IN_%i: %i%%', (x, pct) => {
    expect(castPercent({ ...monster('jackal'), spellFreq: x })).toBe(pct);
  });
  it('no frequency, no casting', () => {
    expect(castPercent(monster('jackal'))).toBe(0);
  });
});

describe("the monster's choice (make_attack_spell, smart_monsters off)", () => {
  const hero = view(1, 'warrior', 0);
  const drolem = view(2, 'drolem', 1, { mode: 'hunting' });
  const where = { projectable: () => true };
  it('the Drolem: 20% to try; then one of its five spells in bit order', () => {
    // arrow-3, br-pois (RF4), blind, conf, slow (RF5).
    expect(arenaSpells(monster('drolem'))).toEqual(['arrow-3', 'br-pois', 'blind', 'conf', 'slow']);
    const odds = castOdds(monster('drolem'), 100, 100, false);
    expect(odds.tries.equals(Fraction.of(1, 5))).toBe(true);
    for (const p of odds.choice.values()) expect(p.equals(Fraction.of(1, 5))).toBe(true);
    expect(odds.none.equals(Fraction.ZERO)).toBe(true);
  });
  it.each([
    [[19, 0], 'spell:arrow-3'],
    [[0, 1], 'spell:br-pois'],
    [[5, 4], 'spell:slow'],
    [[20], undefined],
    [[99], undefined],
  ] as const)('draws %j: %s', (draws, want) => {
    const rng = new ScriptedRng(draws);
    const o = rs.ai.castSpell?.(new NullTracer(rng), drolem, hero, where);
    expect(o?.id).toBe(want);
    expect(rng.used).toBe(draws.length);
  });
  it('out of its line of fire it draws the chance and casts nothing', () => {
    const rng = new ScriptedRng([0]);
    expect(rs.ai.castSpell?.(new NullTracer(rng), drolem, hero, { projectable: () => false })).toBeUndefined();
    expect(rng.used).toBe(1);
  });
  it('confused, it cannot cast and draws nothing', () => {
    const dazed = view(2, 'drolem', 1, { mode: 'hunting', statuses: [{ kind: 'confused', level: 3 }] });
    const rng = new ScriptedRng([]);
    expect(rs.ai.castSpell?.(new NullTracer(rng), dazed, hero, where)).toBeUndefined();
  });
  it('a SMART monster below a tenth of its hit points keeps to its intelligent spells half the time', () => {
    // Orfax: heal, blink, tele-to, slow, conf (s-monster is not in the arena); intelligent: heal, blink, slow, conf.
    const m = monster('orfax-son-of-boldor');
    const low = view(2, 'orfax-son-of-boldor', 1, { mode: 'hunting', hp: 1 });
    expect(arenaSpells(m)).toEqual(['conf', 'slow', 'heal', 'blink', 'tele-to']);
    const keep = new ScriptedRng([0, 49, 3]);
    expect(rs.ai.castSpell?.(new NullTracer(keep), low, hero, where)?.id).toBe('spell:blink');
    const any = new ScriptedRng([0, 50, 4]);
    expect(rs.ai.castSpell?.(new NullTracer(any), low, hero, where)?.id).toBe('spell:tele-to');
    const odds = castOdds(m, 1, 100, false);
    expect(odds.choice.get('tele-to')?.equals(Fraction.of(1, 10))).toBe(true);
    expect(odds.choice.get('heal')?.equals(Fraction.of(1, 8).add(Fraction.of(1, 10)))).toBe(true);
  });
  it('against a monster only projections and spells on itself are chosen', () => {
    expect(castOdds(monster('drolem'), 100, 100, true).choice.size).toBe(2);
  });
  it('the data holds only spells of the game, each in the table once', () => {
    expect(SPELLS.map((s) => s.name)).toEqual([...ANG_MONSTER_SPELLS]);
    for (const m of tables.monsters) for (const s of m.spells) expect(ANG_MONSTER_SPELLS).toContain(s);
  });
});

describe('spells resolved against the hero', () => {
  const mage = view(1, 'gnome-mage', 0);
  it("the Drolem's poison breath: hit points / 3, capped at 800; unresisted, poisoned for rand_int(800) + 10", () => {
    const drolem = view(2, 'drolem', 1, { mode: 'hunting' });
    expect(drolem.body.hp).toBe(2500);
    const t = new RecordingTracer(new ScriptedRng([5]));
    const out = rs.resolveAttack(t, drolem, mage, rs.attackOptions(drolem).find((o) => o.id === 'spell:br-pois') ?? fail(), { ...ctx, luck: true });
    expect(out.damage).toBe(800);
    expect(out.effects).toContainEqual({ kind: 'damage', target: 1, amount: 800, cause: "Drolem's poison breath", source: 2 });
    expect(out.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'poisoned', level: 15 }, mode: 'set' });
    expect(out.luck?.law.min).toBe(800);
    expect(out.luck?.law.max).toBe(800);
  });
  it('a status spell: the saving throw first (rand_int(100) < skill_sav), then rand_int(4) + 4 turns', () => {
    const vrock = view(2, 'vrock', 1, { mode: 'hunting' });
    const conf = rs.attackOptions(vrock).find((o) => o.id === 'spell:conf') ?? fail();
    const failed = rs.resolveAttack(new NullTracer(new ScriptedRng([99, 2])), vrock, mage, conf, ctx);
    expect(failed.effects).toEqual([{ kind: 'status', target: 1, status: { kind: 'confused', level: 6 }, mode: 'set' }]);
    const saved = rs.resolveAttack(new NullTracer(new ScriptedRng([0])), vrock, mage, conf, ctx);
    expect(saved.effects).toEqual([]);
    expect(saved.summary).toMatch(/disbelieve/);
  });
});

describe('spells on oneself', () => {
  it('heal: level x 6, up to the maximum, and its fear is gone', () => {
    const priest = view(2, 'priest', 1, { mode: 'hunting', hp: 5, statuses: [{ kind: 'afraid', level: 4 }] });
    const heal = rs.attackOptions(priest).find((o) => o.id === 'spell:heal') ?? fail();
    expect(heal.kind).toBe('self');
    const out = rs.resolveAttack(new NullTracer(new ScriptedRng([])), priest, priest, heal, ctx);
    expect(out.effects).toEqual([
      { kind: 'heal', target: 2, amount: Math.min(monster('priest').level * 6, priest.body.maxHp - 5), cause: 'its healing spell' },
      { kind: 'remove-status', target: 2, status: 'afraid' },
    ]);
  });
  it('haste: to its kind + 10 at once, then + 2 at a time up to + 20', () => {
    const m = monster('illusionist');
    const steps: [number, number | null][] = [[m.speed, m.speed + 10], [m.speed + 10, m.speed + 12], [m.speed + 18, m.speed + 20], [m.speed + 20, null]];
    for (const [now, next] of steps) {
      const ill = view(2, 'illusionist', 1, { mode: 'hunting', rules: { speed: now } });
      const out = rs.resolveAttack(new NullTracer(new ScriptedRng([])), ill, ill, rs.attackOptions(ill).find((o) => o.id === 'spell:haste') ?? fail(), ctx);
      expect(out.effects).toEqual(next === null ? [] : [{ kind: 'rules', target: 2, patch: { speed: next } }]);
    }
  });
  it('blink and teleport: teleport_away 10 and 45', () => {
    const ill = view(2, 'illusionist', 1, { mode: 'hunting' });
    for (const [id, distance] of [['spell:blink', 10], ['spell:tport', 45]] as const) {
      const out = rs.resolveAttack(new NullTracer(new ScriptedRng([])), ill, ill, rs.attackOptions(ill).find((o) => o.id === id) ?? fail(), ctx);
      expect(out.effects).toEqual([{ kind: 'teleport', target: 2, how: { kind: 'away', distance } }]);
    }
  });
});

describe('teleports (spells1.c)', () => {
  const open = (w: number, h: number, taken: readonly { x: number; y: number }[] = []) => ({
    width: w,
    height: h,
    free: (p: { x: number; y: number }) => p.x > 0 && p.y > 0 && p.x < w - 1 && p.y < h - 1 && !taken.some((q) => q.x === p.x && q.y === p.y),
  });
  it('teleport_away lands between dis / 2 and dis away when the arena has room', () => {
    for (let seed = 0; seed < 50; seed++) {
      const to = teleportAway(new NullTracer(new Stream('rules', `tp${seed}`)), { x: 30, y: 30 }, 10, open(61, 61));
      expect(to).not.toBeNull();
      const d = angbandDistance({ x: 30, y: 30 }, to ?? { x: 0, y: 0 });
      expect(d).toBeGreaterThanOrEqual(5);
      expect(d).toBeLessThanOrEqual(10);
    }
  });
  it('in a small arena it widens and lands on a free cell; with none free it stays', () => {
    const to = teleportAway(new NullTracer(new Stream('rules', 'small')), { x: 2, y: 2 }, 100, open(6, 5));
    expect(to && open(6, 5).free(to)).toBe(true);
    expect(teleportAway(new NullTracer(new Stream('rules', 'none')), { x: 1, y: 1 }, 10, { width: 3, height: 3, free: () => false })).toBeNull();
  });
  it('teleport_player_to: beside the caster when a neighbour is free (the caster stands on its own cell)', () => {
    for (let seed = 0; seed < 30; seed++) {
      const to = teleportTo(new NullTracer(new Stream('rules', `to${seed}`)), { x: 10, y: 10 }, open(21, 21, [{ x: 10, y: 10 }]));
      expect(angbandDistance({ x: 10, y: 10 }, to ?? { x: 0, y: 0 })).toBeLessThanOrEqual(1);
    }
  });
});

describe('spell options', () => {
  it('every option names a spell of the monster that can happen in a duel; summons and traps are not offered', () => {
    const m = monster('boldor-king-of-the-yeeks');
    const f = view(2, m.id, 1, { mode: 'hunting' });
    const ids = rs.attackOptions(f).map((o) => o.id);
    expect(ids).toEqual(['melee', ...arenaSpells(m).map((s) => `spell:${s}`)]);
    expect(ids.some((id) => id.includes('s-kin') || id.includes('s-monster'))).toBe(false);
    for (const id of ids.slice(1)) expect(spellOfOption(id)).toBeDefined();
  });
});

function fail(): never {
  throw new Error('missing option');
}

describe('a monster the player steers', () => {
  it('casts a spell on itself through the fire command: it hastens, and the log speaks to the player', async () => {
    const { Duel } = await import('../../../src/game/duel.js');
    const { loadContent } = await import('../../../src/content/index.js');
    const d = new Duel({ ruleset: 'angband-3.0.5', edition: 'spoiler', hero: { template: 'necromancer', options: {} }, foe: { template: 'ogre-mage', options: {} }, arena: 'pit', heroControl: 'player', maxTurns: 100, seed: '5' }, loadContent(), { luck: true });
    d.runUntilInput();
    const me = d.pending();
    if (!me?.pos || !me.rules) throw new Error('the player should be asked to act');
    const before = (me.rules as { speed: number }).speed;
    d.step({ type: 'fire', option: 'spell:haste', target: { ...me.pos } });
    expect((me.rules as { speed: number }).speed).toBe(before + 10);
    expect(d.messages.map((m) => m.text)).toContain('You start moving faster.');
    // No damage was dealt or could be: the luck meter has nothing to read in it.
    expect(d.luck).toEqual([]);
  });
  it("speaks of the player's own eyes and mind when the player is struck", () => {
    const you = fighterView(rs, 1, 'gnome-mage', 0);
    (you.fighter as { controller: string }).controller = 'player';
    const vrock = view(2, 'vrock', 1, { mode: 'hunting' });
    const blind = rs.attackOptions(vrock).find((o) => o.id === 'spell:blind') ?? fail();
    expect(rs.resolveAttack(new NullTracer(new ScriptedRng([99, 1])), vrock, you, blind, ctx).summary).toBe('The Vrock casts a spell, burning your eyes (blinded).');
  });
});

describe('each saving throw (make_attack_spell): protection first, then rand_int(100) < skill_sav', () => {
  // The Warrior (level 10) saves below 29; the Gnome Mage below 53 and has free action (a gnome).
  const warrior = view(1, 'warrior', 0);
  const gnome = view(1, 'gnome-mage', 0);
  type Row = readonly [AngSpellName, string, 'warrior' | 'gnome', readonly number[], string];
  // [spell, caster, hero, draws, what happens]: the first draw is the saving throw.
  const rows: readonly Row[] = [
    ['scare', 'novice-priest-2', 'warrior', [28], 'saved'],
    ['scare', 'novice-priest-2', 'warrior', [29, 3], 'afraid 7'],
    ['blind', 'novice-mage-2', 'warrior', [28], 'saved'],
    ['blind', 'novice-mage-2', 'warrior', [29, 2], 'blind 14'],
    ['conf', 'novice-mage-2', 'warrior', [29, 0], 'confused 4'],
    ['conf', 'novice-mage-2', 'gnome', [52], 'saved'],
    ['conf', 'novice-mage-2', 'gnome', [53, 1], 'confused 5'],
    ['slow', 'wormtongue-agent-of-saruman', 'warrior', [29, 1], 'slow 5'],
    ['slow', 'wormtongue-agent-of-saruman', 'gnome', [], 'saved'],
    ['hold', 'illusionist', 'warrior', [99, 3], 'paralyzed 7'],
    ['hold', 'illusionist', 'gnome', [], 'saved'],
    ['cause-1', 'novice-priest-2', 'warrior', [0], 'saved'],
    ['cause-1', 'novice-priest-2', 'warrior', [29, 0, 1, 2], 'damage 6'],
    ['cause-4', 'patriarch', 'warrior', [29, ...Array<number>(15).fill(0), ...Array<number>(10).fill(9)], 'damage 15, cut 100'],
    ['mind-blast', 'nar-the-dwarf', 'warrior', [29, 2, ...Array<number>(8).fill(7)], 'damage 64, confused 6'],
    ['brain-smash', 'mind-flayer', 'gnome', [53, ...Array<number>(12).fill(0), 0, 0, 3], 'damage 12, blind 8, confused 4, slow 7'],
    ['forget', 'sangahyando-of-umbar', 'warrior', [], 'inert'],
  ];
  it.each(rows)('%s by the %s against the %s, draws %j: %s', (name, caster, who, draws, want) => {
    const m = view(2, caster, 1, { mode: 'hunting' });
    const hero = who === 'warrior' ? warrior : gnome;
    const rng = new ScriptedRng(draws);
    const out = rs.resolveAttack(new NullTracer(rng), m, hero, rs.attackOptions(m).find((o) => o.id === `spell:${name}`) ?? fail(), ctx);
    expect(rng.used).toBe(draws.length);
    const got = [
      ...(out.damage > 0 ? [`damage ${out.damage}`] : []),
      ...out.effects.flatMap((e) => (e.kind === 'status' ? [`${e.status.kind} ${e.status.level ?? 0}`] : [])),
    ].join(', ');
    expect(got || (out.summary.includes('to no effect') || /resist|refuse|disbelieve/.test(out.summary) ? 'saved' : 'inert')).toBe(want);
  });
});

describe('a hero played by the AI drinks a potion of resistance against what its foe carries', () => {
  const dragon = view(2, 'mature-red-dragon', 1, { mode: 'hunting' });
  const guardOf = (hero: FighterView, foe: FighterView) => rs.ai.heroTactics?.(hero, 0, foe).guard;
  it.each([
    ['without its Resistance armour, against a fire breather: Resist Heat', { armour: 'none' }, [], 'mature-red-dragon', 'resist-heat'],
    ['already guarded (oppose_fire running)', { armour: 'none' }, [{ kind: 'oppose-fire', level: 12 }], 'mature-red-dragon', undefined],
    ['in armour of Resistance (it resists fire)', {}, [], 'mature-red-dragon', undefined],
    ['against a frost breather: Resist Cold', { armour: 'none' }, [], 'mature-white-dragon', 'resist-cold'],
    ['against a jackal: nothing to guard against', { armour: 'none' }, [], 'jackal', undefined],
  ] as const)('%s', (_what, options, statuses, foe, want) => {
    const hero = view(1, 'dwarf-dragonslayer', 0, { options, statuses: [...statuses] });
    const f = foe === 'mature-red-dragon' ? dragon : view(2, foe, 1, { mode: 'hunting' });
    const key = guardOf(hero, f);
    expect(key === undefined ? undefined : hero.inventory.pack.find((s) => s.item === key || key.startsWith(s.item))?.item).toBe(want === undefined ? undefined : `potion-of-${want}`);
  });
});

describe('a spell the game casts only at the player, steered at a monster', () => {
  it('is cast and does nothing (the AI never chooses it against a monster)', () => {
    const vrock = view(2, 'vrock', 1, { mode: 'hunting' });
    const ogre = view(1, 'ogre-mage', 0, { mode: 'hunting' });
    const rng = new ScriptedRng([]);
    const out = rs.resolveAttack(new NullTracer(rng), vrock, ogre, rs.attackOptions(vrock).find((o) => o.id === 'spell:blind') ?? fail(), ctx);
    expect(out.effects).toEqual([]);
    expect(out.summary).toBe('The Vrock casts a blindness spell, to no effect on the Ogre mage.');
  });
});
