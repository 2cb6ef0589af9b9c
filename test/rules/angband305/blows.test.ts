/**
 * Every blow effect of Angband 3.0.5's monster melee (melee1.c make_attack_normal): the power
 * each adds to the hit test, what each does to a hero with and without its protection, drawn in
 * the game's order from scripted rolls, and what each does to a monster (our reading: the game
 * has no monster-on-monster melee).
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { Duel, type DuelSetup, type Outcome } from '../../../src/game/duel.js';
import { Fraction } from '../../../src/core/fraction.js';
import { RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import type { AngContext, AngState, AngView } from '../../../src/rules/angband305/context.js';
import { heroDefences, monsterBlows } from '../../../src/rules/angband305/context.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { PACK_SLOTS, monsterMeleeWith, stackMonsterCondition } from '../../../src/rules/angband305/monster-attacks.js';
import { BLOW_POWER, IMMUNE, MONSTER_IMMUNE, blowChance, blowEffectNote, blowsAgainst, monsterBlow, NO_COVER } from '../../../src/rules/angband305/monster-melee.js';
import { AngCatalogue } from '../../../src/rules/angband305/catalogue.js';
import type { AngBlowEffect, AngBlowMethod, AngClassId, AngDefences, AngMonster, AngMonsterFlag, AngStatName, AngTables } from '../../../src/rules/angband305/types.js';
import type { GearData } from '../../../src/rules/angband305/catalogue.js';
import { maxHitPoints } from '../../../src/rules/angband305/sheet.js';
import { ANG_BLOW_EFFECTS } from '../../../src/rules/angband305/types.js';
import type { AttackContext, AttackOutcome, Effect, FighterView } from '../../../src/rules/ruleset.js';
import type { ArenaEntity, ItemStack, Status } from '../../../src/world/components.js';
import { Terrain } from '../../../src/world/terrain.js';
import { expectFrac, tables } from './helpers.js';

/** A test monster of one blow. */
function testMonster(id: string, effect: AngBlowEffect, o: { dice?: string; method?: AngBlowMethod; level?: number; flags?: AngMonsterFlag[]; ac?: number } = {}): AngMonster {
  const base = tables.monsters.find((m) => m.id === 'floating-eye') as AngMonster;
  return { ...base, id, name: id, level: o.level ?? 10, ac: o.ac ?? 20, flags: o.flags ?? [], blows: [{ method: o.method ?? 'touch', effect, dice: o.dice ?? '1d4' }], spellFreq: 0, spells: [] };
}

const extra: AngMonster[] = [
  ...ANG_BLOW_EFFECTS.map((e) => testMonster(`t-${e}`, e)),
  testMonster('t-paralyze-0', 'paralyze', { dice: '0d0' }),
  testMonster('t-beg', 'none', { dice: '0d0', method: 'beg' }),
  testMonster('t-shatter-big', 'shatter', { dice: '10d10' }),
  testMonster('t-foe', 'hurt', { level: 5, ac: 50 }),
  testMonster('t-foe-tough', 'hurt', { level: 5, ac: 0, flags: ['im-fire', 'im-pois', 'no-conf', 'no-fear', 'no-sleep', 'no-stun'] }),
  testMonster('t-foe-unique', 'hurt', { level: 5, ac: 0, flags: ['unique'] }),
  testMonster('t-crusher', 'hurt', { dice: '1d4', method: 'punch' }),
];
const tablesX: AngTables = { ...tables, monsters: [...tables.monsters, ...extra] };
const ctx: AngContext = { tables: tablesX, cat: new AngCatalogue(tablesX), edition: 'source' };
const rs = createAngband(tablesX, 'source');

interface ViewOptions {
  statuses?: Status[];
  rules?: Record<string, unknown>;
  pack?: ItemStack[];
  pos?: { x: number; y: number };
}

function view(id: number, template: string, side: 0 | 1, o: ViewOptions = {}): AngView {
  const init = rs.buildFighter({ template, options: {} });
  const e: ArenaEntity = {
    id,
    pos: o.pos ?? { x: side === 0 ? 1 : 2, y: 1 },
    body: { hp: init.body.hp, maxHp: init.body.maxHp, aliveAtZero: true },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: 0 },
    ai: { mode: 'hunting', target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: o.pack ? { ...structuredClone(init.inventory), pack: o.pack } : structuredClone(init.inventory),
    statuses: [...structuredClone(init.statuses), ...(o.statuses ?? [])],
    rules: { ...structuredClone(init.rules), ...o.rules },
  };
  return e as unknown as AngView;
}

const actx: AttackContext = { now: 0, distance: 1, visible: true, attackerTerrain: Terrain.Floor, defenderTerrain: Terrain.Floor };
const hero = (o: ViewOptions = {}) => view(1, 'warrior', 0, o);
const NONE: AngDefences = { immune: new Set(), resist: new Set(), oppose: new Set(), sustain: new Set(), freeAction: false, holdLife: false, seeInvisible: false, savingThrow: 29 };

/** Runs a test monster's blow at the hero with scripted rolls; the rolls must all be used. */
function strike(monster: string, script: number[], o: { hero?: AngView; def?: Partial<AngDefences> } = {}): AttackOutcome {
  const rng = new ScriptedRng(script);
  const out = monsterMeleeWith(ctx, new RecordingTracer(rng), view(2, monster, 1), o.hero ?? hero(), actx, { ...NONE, ...o.def });
  expect(rng.used).toBe(script.length);
  return out as AttackOutcome;
}

const statusOf = (out: AttackOutcome, kind: string): number | undefined => {
  const e = out.effects.find((x): x is Extract<Effect, { kind: 'status' }> => x.kind === 'status' && x.status.kind === kind);
  return e?.status.level;
};
const patchOf = (out: AttackOutcome): Record<string, unknown> | undefined => {
  const e = out.effects.find((x): x is Extract<Effect, { kind: 'rules' }> => x.kind === 'rules');
  return e?.patch as Record<string, unknown> | undefined;
};
const damageOf = (out: AttackOutcome): number[] => out.effects.filter((x): x is Extract<Effect, { kind: 'damage' }> => x.kind === 'damage').map((x) => x.amount);

describe('the power each effect adds to the hit test (melee1.c make_attack_normal)', () => {
  // Hand-copied from melee1.c, one row per RBE_ effect.
  const rows: [AngBlowEffect, number][] = [
    ['hurt', 60], ['poison', 5], ['un-bonus', 20], ['un-power', 15], ['eat-gold', 5], ['eat-item', 5], ['eat-food', 5], ['eat-lite', 5],
    ['acid', 0], ['elec', 10], ['fire', 10], ['cold', 10], ['blind', 2], ['confuse', 10], ['terrify', 10], ['paralyze', 2],
    ['lose-str', 0], ['lose-int', 0], ['lose-wis', 0], ['lose-dex', 0], ['lose-con', 0], ['lose-chr', 0], ['lose-all', 2], ['shatter', 60],
    ['exp-10', 5], ['exp-20', 5], ['exp-40', 5], ['exp-80', 5], ['hallu', 10], ['none', 0],
  ];
  it('every effect of the data has a row', () => expect(rows.map((r) => r[0]).sort()).toEqual([...ANG_BLOW_EFFECTS].sort()));
  it.each(rows)('%s: power %i, accuracy power + 3 x level', (effect, power) => {
    expect(BLOW_POWER[effect]).toBe(power);
    expect(blowChance(effect, 12)).toBe(power + 36);
  });
  it('a blow without an effect is never tested: it always lands, for nothing', () => {
    const m = ctx.cat.monster('t-beg');
    expectFrac(monsterBlow(m, 0, 150, 0, NO_COVER).hitChance(), Fraction.ONE);
    const out = strike('t-beg', []);
    expect(damageOf(out)).toEqual([0]);
  });
});

describe('each effect against a hero, with and without its protection (scripted rolls: 0 is a sure hit)', () => {
  it('poison: 1d level + 5 turns; resisting poison or its temporary opposition prevents it', () => {
    expect(statusOf(strike('t-poison', [0, 3, 4]), 'poisoned')).toBe(10);
    expect(statusOf(strike('t-poison', [0, 3], { def: { resist: new Set(['poison']) } }), 'poisoned')).toBeUndefined();
    expect(statusOf(strike('t-poison', [0, 3], { def: { oppose: new Set(['poison']) } }), 'poisoned')).toBeUndefined();
  });
  it('un-bonus: a random equipment slot; each positive bonus drops 1, and once more 1 in 5 while above 5; resist disenchantment prevents it', () => {
    const h = hero();
    const gear = (h.rules as { gear: { weapon: ItemStack } }).gear;
    const armed = hero({ rules: { gear: { ...gear, weapon: { ...gear.weapon, magic: { toHit: 7, toDam: 3, toAc: 0 } } } } });
    // Slot 1 (weapon): to-hit 7 -> 6, still above 5: d100 10 < 20 takes one more; to-dam 3 -> 2.
    const out = strike('t-un-bonus', [0, 3, 0, 10], { hero: armed });
    expect((patchOf(out)?.['gear'] as { weapon: ItemStack }).weapon.magic).toEqual({ toHit: 5, toDam: 2, toAc: 0 });
    // d100 20 keeps it at 6.
    const out2 = strike('t-un-bonus', [0, 3, 0, 20], { hero: armed });
    expect((patchOf(out2)?.['gear'] as { weapon: ItemStack }).weapon.magic).toEqual({ toHit: 6, toDam: 2, toAc: 0 });
    // Slot 2 (the sling, +2 +1): no draw, both drop by one.
    const out3 = strike('t-un-bonus', [0, 3, 1], { hero: armed });
    expect((patchOf(out3)?.['gear'] as { bow: ItemStack }).bow.magic).toMatchObject({ toHit: 1, toDam: 0 });
    expect(patchOf(strike('t-un-bonus', [0, 3], { hero: armed, def: { resist: new Set(['disen']) } }))).toBeUndefined();
  });
  it('un-power: ten tries at a pack slot for a charged wand or staff; the arena carries none, so only damage', () => {
    const out = strike('t-un-power', [0, 3, ...Array<number>(10).fill(PACK_SLOTS - 1)]);
    expect(out.effects.map((e) => e.kind)).toEqual(['damage']);
  });
  it('eat-gold: DEX safety + level foils it (then a blink 2 in 3); otherwise 1d25 is drawn, nothing is there to take, and the thief blinks', () => {
    // Warrior: DEX 16 (adj_dex_safe 9) + level 10 = 19.
    const foiled = strike('t-eat-gold', [0, 3, 18, 1]);
    expect(foiled.effects).toContainEqual({ kind: 'message', text: 'There is a puff of smoke!', tone: 'warn' });
    // teleport_away(MAX_SIGHT x 2 + 5).
    expect(foiled.effects).toContainEqual({ kind: 'teleport', target: 2, how: { kind: 'away', distance: 45 } });
    const stays = strike('t-eat-gold', [0, 3, 18, 0]);
    expect(stays.effects.some((e) => e.kind === 'message' || e.kind === 'teleport')).toBe(false);
    const robbed = strike('t-eat-gold', [0, 3, 19, 24]);
    expect(robbed.summary).toContain('nothing was stolen');
    // Paralysed, the hero has no saving throw.
    const helpless = strike('t-eat-gold', [0, 3, 0], { hero: hero({ statuses: [{ kind: 'paralyzed', level: 3 }] }) });
    expect(helpless.summary).toContain('nothing was stolen');
  });
  it('eat-item: foiled by the same safety (still a blink); else up to ten tries at one of 23 slots, stealing one of the first item found', () => {
    const pack: ItemStack[] = [{ item: 'flask-of-oil', quantity: 2, level: 0 }];
    const foiled = strike('t-eat-item', [0, 3, 0], { hero: hero({ pack }) });
    expect(foiled.effects.some((e) => e.kind === 'consume')).toBe(false);
    expect(foiled.effects).toContainEqual({ kind: 'message', text: 'There is a puff of smoke!', tone: 'warn' });
    const robbed = strike('t-eat-item', [0, 3, 50, 5, 0], { hero: hero({ pack }) });
    expect(robbed.effects).toContainEqual({ kind: 'consume', target: 1, item: 'flask-of-oil', quantity: 1 });
    const missed = strike('t-eat-item', [0, 3, 50, ...Array<number>(10).fill(7)], { hero: hero({ pack }) });
    expect(missed.effects.some((e) => e.kind === 'consume' || e.kind === 'message')).toBe(false);
  });
  it('eat-food: ten tries at a pack slot for food, which the arena has none of; eat-lite: no light to drain, nothing drawn', () => {
    expect(strike('t-eat-food', [0, 3, ...Array<number>(10).fill(0)]).effects.map((e) => e.kind)).toEqual(['damage']);
    expect(strike('t-eat-lite', [0, 3]).effects.map((e) => e.kind)).toEqual(['damage']);
  });
  it('the elements: immunity takes everything (no armour slot, no burnt pack), resistance and opposition a third each', () => {
    // The warrior's pack holds potions and flasks the elements may destroy: immunity draws none of that.
    expect(damageOf(strike('t-fire', [0, 3], { def: { immune: new Set(['fire']) } }))).toEqual([0]);
    expect(damageOf(strike('t-acid', [0, 3], { def: { immune: new Set(['acid']) } }))).toEqual([0]);
    const bare = hero({ pack: [] });
    // 4 -> (4 + 2) / 3 = 2 -> (2 + 2) / 3 = 1.
    expect(damageOf(strike('t-cold', [0, 3], { hero: bare, def: { resist: new Set(['cold']), oppose: new Set(['cold']) } }))).toEqual([1]);
    expect(damageOf(strike('t-elec', [0, 3], { hero: bare, def: { oppose: new Set(['elec']) } }))).toEqual([2]);
    // Acid without immunity meets an armour slot (1d6: the body armour, 2 AC, halves it).
    expect(damageOf(strike('t-acid', [0, 3, 0], { hero: bare }))).toEqual([2]);
    const m = ctx.cat.monster('t-fire');
    expect(monsterBlow(m, 0, 0, IMMUNE, NO_COVER).damageLaw().max).toBe(0);
  });
  it('blind: 10 + 1d level, unless blindness is resisted', () => {
    expect(statusOf(strike('t-blind', [0, 3, 4]), 'blind')).toBe(15);
    expect(statusOf(strike('t-blind', [0, 3], { def: { resist: new Set(['blind']) } }), 'blind')).toBeUndefined();
  });
  it('confuse: 3 + 1d level, unless confusion is resisted', () => {
    expect(statusOf(strike('t-confuse', [0, 3, 4]), 'confused')).toBe(8);
    expect(statusOf(strike('t-confuse', [0, 3], { def: { resist: new Set(['confu']) } }), 'confused')).toBeUndefined();
  });
  it('terrify: fear resisted outright; else a saving throw (d100 under it); else 3 + 1d level', () => {
    expect(statusOf(strike('t-terrify', [0, 3, 29, 4]), 'afraid')).toBe(8);
    expect(statusOf(strike('t-terrify', [0, 3, 28]), 'afraid')).toBeUndefined();
    expect(statusOf(strike('t-terrify', [0, 3], { def: { resist: new Set(['fear']) } }), 'afraid')).toBeUndefined();
  });
  it('paralyze: free action resists outright; else the saving throw; else 3 + 1d level; a paralysed hero takes at least 1', () => {
    expect(statusOf(strike('t-paralyze', [0, 3, 29, 4]), 'paralyzed')).toBe(8);
    expect(statusOf(strike('t-paralyze', [0, 3, 28]), 'paralyzed')).toBeUndefined();
    expect(statusOf(strike('t-paralyze', [0, 3], { def: { freeAction: true } }), 'paralyzed')).toBeUndefined();
    const held = hero({ statuses: [{ kind: 'paralyzed', level: 2 }] });
    expect(damageOf(strike('t-paralyze-0', [0, 50, 0], { hero: held }))).toEqual([1]);
    expect(statusOf(strike('t-paralyze-0', [0, 50, 0], { hero: held }), 'paralyzed')).toBe(2 + 3 + 1);
    expect(damageOf(strike('t-paralyze-0', [0, 50, 0]))).toEqual([0]);
  });
  // The warrior's stats: STR 18/20, DEX 16, CON 17, WIS 10 (no INT or CHR in the arena).
  const drains: [AngBlowEffect, number[], Record<string, number> | null][] = [
    // 18/20: q = ((20 / 2 + 1) / 2) + 1 = 6; (1d6 + 6) x 10 / 100 < 5, so 5 is lost: 18/15.
    ['lose-str', [0, 3, 2], { str: 33, dex: 16, con: 17, wis: 10 }],
    ['lose-dex', [0, 3], { str: 38, dex: 15, con: 17, wis: 10 }],
    ['lose-con', [0, 3], { str: 38, dex: 16, con: 16, wis: 10 }],
    ['lose-wis', [0, 3], { str: 38, dex: 16, con: 17, wis: 9 }],
    ['lose-int', [0, 3], null],
    ['lose-chr', [0, 3], null],
    ['lose-all', [0, 3, 5], { str: 33, dex: 15, con: 16, wis: 9 }],
  ];
  it.each(drains)('%s: dec_stat(stat, 10) on the current value', (effect, script, stats) => {
    const out = strike(`t-${effect}`, script);
    expect(patchOf(out)?.['stats']).toEqual(stats ?? undefined);
  });
  it.each(drains)('%s: a sustained stat holds, nothing drawn', (effect) => {
    const out = strike(`t-${effect}`, [0, 3], { def: { sustain: new Set(['str', 'int', 'wis', 'dex', 'con', 'chr']) } });
    expect(patchOf(out)).toBeUndefined();
  });
  it('a drained CON lowers maximum hit points (calc_hitpoints)', () => {
    const h = hero();
    const r = h.rules as { cls: AngClassId; race: string; stats: Record<AngStatName, number>; levelHp: number; gear: GearData };
    const out = strike('t-lose-con', [0, 3], { hero: h });
    const drained = ctx.cat.character(ctx.cat.cls(r.cls), ctx.cat.race(r.race), 10, { ...r.stats, con: 16 }, r.gear);
    const expected = maxHitPoints(drained, r.levelHp);
    expect(expected).toBeLessThan(h.body.maxHp);
    expect(out.effects).toContainEqual({ kind: 'max-hp', target: 1, maxHp: expected });
  });
  // Human warrior 10: experience factor 100, so it enters with player_exp[8] = 380.
  const exps: [AngBlowEffect, number, number, number][] = [
    ['exp-10', 10, 95, 380 - (10 + 6)],
    ['exp-20', 20, 90, 380 - (20 + 6)],
    ['exp-40', 40, 75, 380 - (40 + 6)],
    ['exp-80', 80, 50, 380 - (80 + 6)],
  ];
  it.each(exps)('%s: Nd6 + 2 per hundred of experience lost; the level falls below its least experience', (effect, n, _keeps, left) => {
    const out = strike(`t-${effect}`, [0, 3, ...Array<number>(n).fill(0)]);
    expect(patchOf(out)).toMatchObject({ exp: left, level: 9 });
  });
  it.each(exps)('%s: hold life keeps it with d100 under its chance, else loses a tenth', (effect, n, keeps) => {
    expect(patchOf(strike(`t-${effect}`, [0, 3, keeps - 1], { def: { holdLife: true } }))).toBeUndefined();
    const out = strike(`t-${effect}`, [0, 3, keeps, ...Array<number>(n).fill(0)], { def: { holdLife: true } });
    expect(patchOf(out)).toMatchObject({ exp: 380 - Math.trunc((n + 6) / 10) });
  });
  it('hallu: 3 + 1d (level / 2), unless chaos is resisted', () => {
    expect(statusOf(strike('t-hallu', [0, 3, 2]), 'image')).toBe(6);
    expect(statusOf(strike('t-hallu', [0, 3], { def: { resist: new Set(['chaos']) } }), 'image')).toBeUndefined();
  });
  it('shatter: armour takes its share; over 23 the earthquake strikes the hero grid 15% of the time', () => {
    // 10d10 all 10: 100, less 100 x AC / 250. Then eight grids around the hero drawn in the game's order:
    // the hero's own grid (fifth) struck at 85+; seven safe neighbours, picked among (six draws);
    // the message (1d3); then 1d3: 2 is rubble, 10d4 and a stun of 1d50.
    const tenTens = Array<number>(10).fill(9);
    const quake = [0, 0, 0, 0, 85, 0, 0, 0];
    const pick = [0, 0, 0, 0, 0, 0];
    const out = strike('t-shatter-big', [0, ...tenTens, ...quake, ...pick, 0, 1, ...Array<number>(10).fill(3), 9]);
    const dealt = damageOf(out);
    expect(dealt[1]).toBe(40);
    expect(statusOf(out, 'stun')).toBe(10);
    // Its own grid spared: no more draws.
    const spared = strike('t-shatter-big', [0, ...tenTens, 0, 0, 0, 0, 84, 0, 0, 0]);
    expect(damageOf(spared)).toHaveLength(1);
    // Under 24 no earthquake.
    expect(damageOf(strike('t-shatter', [0, 3]))).toHaveLength(1);
  });
});

describe('blows against a monster (our reading: 3.0.5 has no monster-on-monster melee)', () => {
  const foe = (template = 't-foe', statuses: Status[] = []) => view(1, template, 0, { statuses });
  function hit(monster: string, script: number[], d: AngView = foe()): AttackOutcome {
    const rng = new ScriptedRng(script);
    const out = rs.resolveAttack(new RecordingTracer(rng), view(2, monster, 1) as FighterView<AngState>, d as FighterView<AngState>, { id: 'melee', label: 'melee', kind: 'melee' }, actx);
    expect(rng.used).toBe(script.length);
    return out as AttackOutcome;
  }
  it('the hit test is against its AC, and armour takes the same share of a hurting blow', () => {
    const m = ctx.cat.monster('t-hurt');
    expect(monsterBlows(ctx, view(2, 't-hurt', 1), foe())[0]?.hit.equals(monsterBlow(m, 0, 50, 0, NO_COVER).hitChance())).toBe(true);
    // 4 - 4 x 50 / 250 = 4.
    expect(damageOf(hit('t-hurt', [0, 3]))).toEqual([4]);
  });
  const rows: [string, AngBlowEffect, number[], number[], string][] = [
    ['fire against im-fire: damage / 9', 'fire', [0, 3], [0], 't-foe-tough'],
    ['poison against im-pois: damage / 9, no poisoning', 'poison', [0, 3], [0], 't-foe-tough'],
    ['acid: no armour slot on a monster', 'acid', [0, 3], [4], 't-foe'],
    ['blindness: nothing besides the damage', 'blind', [0, 3], [4], 't-foe'],
    ['a stat drain: nothing besides the damage', 'lose-str', [0, 3], [4], 't-foe'],
    ['an experience drain: nothing besides the damage', 'exp-80', [0, 3], [4], 't-foe'],
    ['a thief: nothing to steal, no blink', 'eat-item', [0, 3], [4], 't-foe'],
    ['disenchantment: nothing', 'un-bonus', [0, 3], [4], 't-foe'],
    ['hallucination: nothing', 'hallu', [0, 3], [4], 't-foe'],
    ['shatter: armour only', 'shatter', [0, 3], [4], 't-foe'],
  ];
  it.each(rows)('%s', (_name, effect, script, dealt, template) => {
    const out = hit(`t-${effect}`, script, foe(template));
    expect(damageOf(out)).toEqual(dealt);
    expect(out.effects.filter((e) => e.kind !== 'damage')).toEqual([]);
  });
  it('the IM_ flags divide by 9 in the law too', () => {
    const m = ctx.cat.monster('t-fire');
    expect(monsterBlow(m, 0, 0, MONSTER_IMMUNE, NO_COVER).damageLaw().max).toBe(0);
  });
  it("confuse: project_m's save (level above 1d(level - 10) + 10); 3 + 1d level, half again when already confused", () => {
    // Attacker level 10: 1d1 = 1; the foe's level 5 is not above 11.
    expect(statusOf(hit('t-confuse', [0, 3, 0, 4]), 'confused')).toBe(8);
    expect(statusOf(hit('t-confuse', [0, 3, 0, 4], foe('t-foe', [{ kind: 'confused', level: 10 }])), 'confused')).toBe(14);
    expect(statusOf(hit('t-confuse', [0, 3], foe('t-foe-tough')), 'confused')).toBeUndefined();
    expect(statusOf(hit('t-confuse', [0, 3], foe('t-foe-unique')), 'confused')).toBeUndefined();
  });
  it('terrify: the same save; fear adds up and the monster flees', () => {
    const out = hit('t-terrify', [0, 3, 0, 4]);
    expect(statusOf(out, 'afraid')).toBe(8);
    expect(out.effects).toContainEqual({ kind: 'ai-mode', target: 1, mode: 'fleeing' });
    expect(statusOf(hit('t-terrify', [0, 3], foe('t-foe-tough')), 'afraid')).toBeUndefined();
  });
  it('paralyze: put to sleep (csleep 500), unless NO_SLEEP or unique', () => {
    const out = hit('t-paralyze', [0, 3, 0]);
    expect(out.effects).toContainEqual({ kind: 'rules', target: 1, patch: { csleep: 500 } });
    expect(out.effects).toContainEqual({ kind: 'ai-mode', target: 1, mode: 'sleeping' });
    expect(hit('t-paralyze', [0, 3], foe('t-foe-tough')).effects.map((e) => e.kind)).toEqual(['damage']);
  });
  it("a critical's stun stuns it (half again when already stunned, at most 200); NO_STUN ignores it; cuts do nothing", () => {
    // A punch stuns: 1d4 rolls 4 (the maximum): 4 >= 95% of 4, under 20: d100 0 < 4 passes; level 1 + 1 = 2: 1d10 + 10 rolls 10 + 10.
    expect(statusOf(hit('t-crusher', [0, 3, 0, 9]), 'stun')).toBe(20);
    expect(statusOf(hit('t-crusher', [0, 3, 0, 9], foe('t-foe', [{ kind: 'stun', level: 190 }])), 'stun')).toBe(200);
    expect(statusOf(hit('t-crusher', [0, 3, 0, 9], foe('t-foe-tough')), 'stun')).toBeUndefined();
    expect(stackMonsterCondition(0, 7)).toBe(7);
    expect(stackMonsterCondition(5, 7)).toBe(8);
  });
});

describe("the previews: each blow's odds with the hero's save", () => {
  it('a terrifying blow shows the saving throw; with heroism the hero is protected', () => {
    const a = view(2, 't-terrify', 1);
    const odds = monsterBlows(ctx, a, hero());
    expectFrac(odds[0]?.save ?? Fraction.ZERO, Fraction.of(heroDefences(ctx, hero()).savingThrow, 100));
    const heroic = hero({ statuses: [{ kind: 'hero', level: 10 }] });
    expectFrac(monsterBlows(ctx, a, heroic)[0]?.save ?? Fraction.ZERO, Fraction.ONE);
  });
  it('a blow that deals nothing has no damage law', () => {
    expect(monsterBlows(ctx, view(2, 't-beg', 1), hero())[0]?.damage).toBeNull();
  });
});

describe("the recall page's note on each effect, with the hero's protection", () => {
  const note = (effect: AngBlowEffect, save: Fraction | null) => {
    const m = ctx.cat.monster(`t-${effect}`);
    const odds = blowsAgainst(m, 0, () => 0, () => save)[0];
    if (!odds) throw new Error('no blow');
    return blowEffectNote(odds, m.level);
  };
  const rows: [AngBlowEffect, Fraction | null, string][] = [
    ['paralyze', Fraction.of(29, 100), 'paralyses for 3 + 1d10 turns unless you save (29.0%)'],
    ['paralyze', Fraction.ONE, 'free action: no paralysis'],
    ['terrify', Fraction.of(29, 100), 'frightens for 3 + 1d10 turns unless you save (29.0%)'],
    ['blind', Fraction.ZERO, 'blinds for 10 + 1d10 turns'],
    ['blind', Fraction.ONE, 'you resist blindness'],
    ['lose-con', Fraction.ONE, 'your CON is sustained'],
    ['lose-con', Fraction.ZERO, 'drains your CON'],
    ['exp-40', Fraction.of(75, 100), 'drains 40d6 + 2% of your experience (hold life keeps it 75.0%, else a tenth is lost)'],
    ['exp-40', Fraction.ZERO, 'drains 40d6 + 2% of your experience'],
    ['hallu', Fraction.ZERO, 'hallucination for 3 + 1d5 turns'],
    ['none', null, 'no effect'],
  ];
  it.each(rows)('%s, save %s', (effect, save, text) => expect(note(effect, save)).toBe(text));
  it('every effect has a note', () => {
    for (const e of ANG_BLOW_EFFECTS) expect(note(e, null).length).toBeGreaterThan(0);
  });
});

describe('whole duels with every effect, on either side', () => {
  const content = loadContent();
  /** The first monster of the data with each effect. */
  const carriers = ANG_BLOW_EFFECTS.map((e) => [e, content.angband.monsters.find((m) => m.blows.some((b) => b.effect === e))?.id] as const);
  function play(hero: string, foe: string, seed: string): Outcome {
    const setup: DuelSetup = { ruleset: 'angband-3.0.5', edition: 'source', seed, hero: { template: hero, options: {} }, foe: { template: foe, options: {} }, arena: 'pit', heroControl: 'ai', maxTurns: 300 };
    const duel = new Duel(setup, content, { tracing: true });
    for (let i = 0; i < 300 * 20 && !duel.outcome; i++) {
      const r = duel.step();
      if (r.kind !== 'turn' && r.kind !== 'over') throw new Error(`${hero} vs ${foe}: the AI duel asked for ${r.kind}`);
    }
    if (!duel.outcome) throw new Error(`${hero} vs ${foe}: stalled`);
    return duel.outcome;
  }
  it('every effect is carried by some monster of the data', () => expect(carriers.filter(([, id]) => id === undefined)).toEqual([]));
  it.each(carriers)('%s (%s): against the warrior, and against an uruk as the hero side, the duel ends within the cap', (_e, id) => {
    const a = play('warrior', id as string, `blows-${id}`);
    const b = play(id as string, 'uruk', `blows-mvm-${id}`);
    for (const o of [a, b]) expect(o.time).toBeLessThanOrEqual(300);
  });
});
