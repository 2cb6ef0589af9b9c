/**
 * The conditions blows bring (dungeon.c process_player and process_world, xtra2.c confuse_dir and
 * get_aim_dir, cmd6.c reading) and a monster's stun and confusion (melee2.c process_monster).
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/fraction.js';
import { RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import type { AngView } from '../../../src/rules/angband305/context.js';
import { ENERGY_SCALE } from '../../../src/rules/angband305/context.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { energyPerGameTurn } from '../../../src/rules/angband305/stats.js';
import { RANDOM_WAYS, confusedAim, confusedDirection, energyGain, heroClock, turnStart } from '../../../src/rules/angband305/upkeep.js';
import { AngCatalogue } from '../../../src/rules/angband305/catalogue.js';

import type { ArenaEntity, ItemStack, Status } from '../../../src/world/components.js';
import { DIRECTIONS, type DirectionName } from '../../../src/world/grid.js';
import { tables } from './helpers.js';

const rs = createAngband(tables, 'source');
const ctx = { tables, cat: new AngCatalogue(tables), edition: 'source' as const };

function view(id: number, template: string, side: 0 | 1, o: { statuses?: Status[]; pack?: ItemStack[]; sleeping?: boolean } = {}): AngView {
  const init = rs.buildFighter({ template, options: {} });
  const e: ArenaEntity = {
    id,
    pos: { x: side === 0 ? 1 : 2, y: 1 },
    body: { hp: init.body.hp, maxHp: init.body.maxHp, aliveAtZero: true },
    fighter: { ...init.fighter, side, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: 0 },
    ai: { mode: o.sleeping ? 'sleeping' : 'hunting', target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: o.pack ? { ...structuredClone(init.inventory), pack: o.pack } : structuredClone(init.inventory),
    statuses: [...structuredClone(init.statuses), ...(o.statuses ?? [])],
    rules: structuredClone(init.rules),
  };
  return e as unknown as AngView;
}
const hero = (statuses: Status[] = [], pack?: ItemStack[]) => view(1, 'warrior', 0, { statuses, ...(pack ? { pack } : {}) });
const tracer = (script: number[]) => {
  const rng = new ScriptedRng(script);
  return { t: new RecordingTracer(rng), rng };
};

describe("the hero's conditions", () => {
  it('a paralysed hero loses its turn, drawing nothing; free of it, it acts', () => {
    const { t, rng } = tracer([]);
    expect(turnStart(ctx, t, hero([{ kind: 'paralyzed', level: 3 }])).skip).toBe(true);
    expect(turnStart(ctx, t, hero()).skip).toBe(false);
    expect(rng.used).toBe(0);
  });
  it('a slowed hero gains the energy of speed -10 (extract_energy)', () => {
    expect(energyGain(hero([{ kind: 'slow', level: 5 }]))).toBe(energyPerGameTurn(100) * ENERGY_SCALE);
    expect(energyGain(hero())).toBe(energyPerGameTurn(110) * ENERGY_SCALE);
    expect(energyPerGameTurn(100)).toBeLessThan(energyPerGameTurn(110));
  });
  it('a blind hero sees nothing, not even a visible monster', () => {
    const uruk = view(2, 'uruk', 1);
    expect(rs.canSee?.(hero([{ kind: 'blind', level: 4 }]), uruk)).toBe(false);
    expect(rs.canSee?.(hero(), uruk)).toBe(true);
  });
  it('a blind or confused hero cannot read a scroll, but may still drink a potion', () => {
    const pack: ItemStack[] = [
      { item: 'scroll-of-blessing', quantity: 1, level: 0 },
      { item: 'potion-of-cure-light-wounds', quantity: 1, level: 0 },
    ];
    const { t } = tracer([]);
    expect(rs.useItem(t, hero([{ kind: 'blind', level: 2 }], pack), 'scroll-of-blessing')).toEqual({ error: 'you cannot see to read' });
    expect(rs.useItem(t, hero([{ kind: 'confused', level: 2 }], pack), 'scroll-of-blessing')).toEqual({ error: 'you are too confused to read' });
    expect('error' in rs.useItem(tracer([5, 5]).t, hero([{ kind: 'blind', level: 2 }], pack), 'potion-of-cure-light-wounds')).toBe(false);
    expect('error' in rs.useItem(tracer([5]).t, hero([], pack), 'scroll-of-blessing')).toBe(false);
  });
  const countdown: [string, string][] = [
    ['image', 'The Warrior sees clearly again.'],
    ['blind', 'The Warrior can see again.'],
    ['paralyzed', 'The Warrior can move again.'],
    ['confused', 'The Warrior feels less confused now.'],
    ['slow', 'The Warrior feels less slow.'],
  ];
  it.each(countdown)('%s counts down by 1 every ten game turns, and ends with a message', (kind, text) => {
    const clock = { kind: 'clock', next: 10, level: 0 };
    const two = heroClock(ctx, tracer([]).t, hero([{ kind, level: 2 }]), clock);
    expect(two).toContainEqual({ kind: 'status', target: 1, status: { kind, level: 1 }, mode: 'set' });
    const one = heroClock(ctx, tracer([]).t, hero([{ kind, level: 1 }]), clock);
    expect(one).toContainEqual({ kind: 'remove-status', target: 1, status: kind });
    const said = one.filter((e) => e.kind === 'message').map((e) => (e.kind === 'message' ? e.text : ''));
    expect(said).toEqual([text]);
  });
  it('no hit points come back while paralysed', () => {
    const hurt = { ...hero([{ kind: 'paralyzed', level: 5 }]), body: { hp: 10, maxHp: 100, aliveAtZero: true } } as AngView;
    // 60000 65536ths saved up: 100 x 197 + 1442 more makes a whole hit point, 1442 alone does not.
    const fx = heroClock(ctx, tracer([]).t, hurt, { kind: 'clock', next: 10, level: 60000 });
    expect(fx.some((e) => e.kind === 'heal')).toBe(false);
    const free = { ...hero(), body: { hp: 10, maxHp: 100, aliveAtZero: true } } as AngView;
    expect(heroClock(ctx, tracer([]).t, free, { kind: 'clock', next: 10, level: 60000 }).some((e) => e.kind === 'heal')).toBe(true);
  });
});

describe('a confused hero steps astray (confuse_dir: a random way with chance 75 in 100) and aims at random (get_aim_dir)', () => {
  it('scripted: under 75 a random way of the eight, in the order the game draws them; 75 and over the way meant', () => {
    const confused = hero([{ kind: 'confused', level: 3 }]);
    expect(confusedDirection(tracer([74, 3]).t, confused, 'n')).toBe('w');
    expect(confusedDirection(tracer([0, 0]).t, confused, 'n')).toBe('s');
    expect(confusedDirection(tracer([75]).t, confused, 'n')).toBe('n');
    const { t, rng } = tracer([]);
    expect(confusedDirection(t, hero(), 'n')).toBe('n');
    expect(rng.used).toBe(0);
  });
  it('the law over every draw: the way meant 25/100 + 75/800, each other way 75/800', () => {
    const confused = hero([{ kind: 'confused', level: 3 }]);
    const count = new Map<DirectionName, number>();
    let total = 0;
    for (let r = 0; r < 100; r++) {
      for (let w = 0; w < (r < 75 ? 8 : 1); w++) {
        const way = confusedDirection(tracer(r < 75 ? [r, w] : [r]).t, confused, 'e');
        const weight = r < 75 ? 1 : 8;
        count.set(way, (count.get(way) ?? 0) + weight);
        total += weight;
      }
    }
    expect(total).toBe(800);
    for (const d of DIRECTIONS) {
      const p = Fraction.of(count.get(d.name) ?? 0, 800);
      const expected = d.name === 'e' ? Fraction.of(25, 100).add(Fraction.of(75, 800)) : Fraction.of(75, 800);
      expect(p.equals(expected)).toBe(true);
    }
  });
  it('an aimed attack always flies a random way; an unconfused one aims true', () => {
    const confused = hero([{ kind: 'confused', level: 3 }]);
    RANDOM_WAYS.forEach((way, i) => expect(confusedAim(tracer([i]).t, confused)).toBe(way));
    expect(confusedAim(tracer([]).t, hero())).toBeNull();
    expect(new Set(RANDOM_WAYS).size).toBe(8);
  });
});

describe("a monster's stun and confusion at the start of its turn (process_monster)", () => {
  // The uruk is level 16: d5000 at most 256 shakes stun off entirely.
  it('stunned: d5000 at most level squared recovers fully; otherwise it loses 1 and the turn', () => {
    const stunned = view(2, 'uruk', 1, { statuses: [{ kind: 'stun', level: 5 }] });
    const lost = turnStart(ctx, tracer([256 + 1]).t, stunned);
    expect(lost.skip).toBe(true);
    expect(lost.effects).toContainEqual({ kind: 'status', target: 2, status: { kind: 'stun', level: 4 }, mode: 'set' });
    const free = turnStart(ctx, tracer([256]).t, stunned);
    expect(free.skip).toBe(false);
    expect(free.effects).toContainEqual({ kind: 'remove-status', target: 2, status: 'stun' });
    // A stun of 1 ends either way.
    expect(turnStart(ctx, tracer([4999]).t, view(2, 'uruk', 1, { statuses: [{ kind: 'stun', level: 1 }] })).skip).toBe(false);
  });
  it('confused: eases by 1d(level / 10 + 1) each turn', () => {
    const confused = view(2, 'uruk', 1, { statuses: [{ kind: 'confused', level: 5 }] });
    expect(turnStart(ctx, tracer([1]).t, confused).effects).toContainEqual({ kind: 'status', target: 2, status: { kind: 'confused', level: 3 }, mode: 'set' });
    expect(turnStart(ctx, tracer([1]).t, view(2, 'uruk', 1, { statuses: [{ kind: 'confused', level: 2 }] })).effects).toContainEqual({ kind: 'remove-status', target: 2, status: 'confused' });
  });
  it('a sleeping monster draws nothing for them', () => {
    const { t, rng } = tracer([]);
    turnStart(ctx, t, view(2, 'uruk', 1, { statuses: [{ kind: 'stun', level: 5 }], sleeping: true }));
    expect(rng.used).toBe(0);
  });
});
