/**
 * The hero's defences (xtra1.c calc_bonuses, player_flags): each record's flags against the
 * game's files, what a set of gear adds up to, the temporary resistances of the potions
 * (use-obj.c, xtra2.c set_oppose_*) and how the sheet shows them.
 */
import { describe, expect, it } from 'vitest';
import { NullTracer, RecordingTracer, ScriptedRng } from '../../../src/core/trace.js';
import { defencesOf, flagsOf, heroDefenceLines, resists, resistsFear, seesInvisible } from '../../../src/rules/angband305/defence.js';
import { createAngband } from '../../../src/rules/angband305/index.js';
import { opposeSteps, opposeTurnsLaw } from '../../../src/rules/angband305/items.js';
import { rollSteps } from '../../../src/rules/angband305/steps.js';
import type { AngFlag } from '../../../src/rules/angband305/types.js';
import type { FighterView, Ruleset } from '../../../src/rules/ruleset.js';
import type { ArenaEntity, Status } from '../../../src/world/components.js';
import { F, char, exactLaw, expectFrac, tables } from './helpers.js';

const rs: Ruleset = createAngband(tables, 'source');

/** A fighter as the engine would hold it, from a preset, with extra statuses. */
function view(id: number, template: string, statuses: Status[] = []): FighterView {
  const init = rs.buildFighter({ template, options: {} });
  const e: ArenaEntity = {
    id,
    pos: { x: 1, y: 1 },
    body: { hp: init.body.hp, maxHp: init.body.maxHp, aliveAtZero: true },
    fighter: { ...init.fighter, side: 0, controller: 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: 0 },
    ai: { mode: init.aiMode, target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: structuredClone(init.inventory),
    statuses: [...structuredClone(init.statuses), ...statuses],
    rules: structuredClone(init.rules),
  };
  return e as FighterView;
}

const sorted = (xs: Iterable<string>): string[] => [...xs].sort();
const ALL4: AngFlag[] = ['RES_ACID', 'RES_ELEC', 'RES_FIRE', 'RES_COLD'];
const SUSTAINS: AngFlag[] = ['SUST_STR', 'SUST_INT', 'SUST_WIS', 'SUST_DEX', 'SUST_CON', 'SUST_CHR'];

describe('each record\'s flags, as the game files give them', () => {
  // lib/edit/p_race.txt, the F: line of each race.
  const RACES: Record<string, AngFlag[]> = {
    human: [],
    'half-elf': ['SUST_DEX'],
    elf: ['SUST_DEX', 'RES_LITE'],
    hobbit: ['HOLD_LIFE'],
    gnome: ['FREE_ACT'],
    dwarf: ['RES_BLIND'],
    'half-orc': ['RES_DARK'],
    'half-troll': ['SUST_STR', 'REGEN'],
    dunadan: ['SUST_CON'],
    'high-elf': ['RES_LITE', 'SEE_INVIS'],
    kobold: ['RES_POIS'],
  };
  it('every race is in the table', () => expect(sorted(tables.races.map((r) => r.id))).toEqual(sorted(Object.keys(RACES))));
  it.each(Object.entries(RACES))('race %s', (id, flags) => expect(sorted(tables.races.find((r) => r.id === id)?.flags ?? ['missing'])).toEqual(sorted(flags)));

  // lib/edit/ego_item.txt: the F: lines' protective flags (BLESSED, IGNORE_*, slays and pvals are kept elsewhere).
  const EGOS: Record<string, AngFlag[]> = {
    'holy-avenger': ['SEE_INVIS', 'RES_FEAR'],
    defender: ['FREE_ACT', 'SEE_INVIS', 'REGEN', ...ALL4],
    blessed: [],
    gondolin: ['RES_DARK', 'SEE_INVIS', 'FREE_ACT'],
    westernesse: ['FREE_ACT', 'SEE_INVIS'],
    'extra-attacks': [],
    acid: ['RES_ACID'],
    lightning: ['RES_ELEC'],
    flame: ['RES_FIRE'],
    frost: ['RES_COLD'],
    venom: [],
    'slay-animal': [], 'slay-evil': [], 'slay-undead': [], 'slay-demon': [], 'slay-orc': [], 'slay-troll': [], 'slay-giant': [], 'slay-dragon': [],
    'star-slay-animal': [],
    'star-slay-evil': [],
    'star-slay-undead': ['SEE_INVIS'],
    'star-slay-demon': ['RES_FIRE'],
    'star-slay-orc': ['SUST_DEX'],
    'star-slay-troll': ['REGEN'],
    'star-slay-giant': ['SUST_STR'],
    'star-slay-dragon': ['RES_FEAR'],
    accuracy: [], power: [],
    lothlorien: ['FREE_ACT'],
    haradrim: [], 'extra-might': [], 'extra-shots': [], buckland: [],
    'acid-ammo': [], 'lightning-ammo': [], 'holy-might': [], 'venom-ammo': [], 'flame-ammo': [], 'frost-ammo': [], wounding: [],
    'resist-acid-armour': ['RES_ACID'],
    'resist-lightning-armour': ['RES_ELEC'],
    'resist-fire-armour': ['RES_FIRE'],
    'resist-cold-armour': ['RES_COLD'],
    'resistance-armour': ALL4,
    'elvenkind-armour': ALL4,
    permanence: [...SUSTAINS, 'HOLD_LIFE', ...ALL4],
    preservation: ['RES_DISEN', 'SUST_STR', 'SUST_CON', 'SUST_DEX', 'HOLD_LIFE'],
    intelligence: ['SUST_INT'],
    wisdom: ['SUST_WIS'],
    beauty: ['SUST_CHR'],
    seeing: ['RES_BLIND', 'SEE_INVIS'],
    light: ['RES_LITE'],
    regeneration: ['REGEN'],
    'magi-crown': ['SUST_INT', ...ALL4],
    might: ['SUST_STR', 'SUST_DEX', 'SUST_CON', 'FREE_ACT'],
    lordliness: ['SUST_WIS', 'SUST_CHR', 'RES_FEAR'],
    serenity: ['RES_SOUND', 'RES_CONFU', 'RES_FEAR'],
    'night-and-day': ['RES_LITE', 'RES_DARK', 'SEE_INVIS', 'RES_BLIND'],
    'protection-cloak': ['RES_SHARD'],
    'stealth-cloak': [],
    aman: [],
    'magi-cloak': ['SUST_INT'],
    'free-action': ['FREE_ACT'],
    thievery: ['FREE_ACT'],
    stability: ['RES_NEXUS'],
  };
  it('every ego is in the table', () => expect(sorted(tables.egos.map((e) => e.id))).toEqual(sorted(Object.keys(EGOS))));
  it.each(Object.entries(EGOS))('ego %s', (id, flags) => expect(sorted(tables.egos.find((e) => e.id === id)?.flags ?? ['missing'])).toEqual(sorted(flags)));

  // lib/edit/object.txt, tvals 40 (amulets) and 45 (rings).
  const JEWELS: Record<string, AngFlag[]> = {
    'ring-of-accuracy': [], 'ring-of-damage': [], 'ring-of-slaying': [], 'ring-of-protection': [],
    'ring-of-see-invisible': ['SEE_INVIS'],
    'ring-of-resist-fire': ['RES_FIRE'],
    'ring-of-resist-cold': ['RES_COLD'],
    'ring-of-resist-poison': ['RES_POIS'],
    'ring-of-free-action': ['FREE_ACT'],
    'ring-of-sustain-strength': ['SUST_STR'],
    'ring-of-sustain-intelligence': ['SUST_INT'],
    'ring-of-sustain-wisdom': ['SUST_WIS'],
    'ring-of-sustain-dexterity': ['SUST_DEX'],
    'ring-of-sustain-constitution': ['SUST_CON'],
    'ring-of-sustain-charisma': ['SUST_CHR'],
    'ring-of-flames': ['RES_FIRE'],
    'ring-of-acid': ['RES_ACID'],
    'ring-of-ice': ['RES_COLD'],
    'ring-of-lightning': ['RES_ELEC'],
    'amulet-of-resist-acid': ['RES_ACID'],
    'amulet-of-resist-lightning': ['RES_ELEC'],
    'amulet-of-resistance': ALL4,
    'amulet-of-sustenance': [...SUSTAINS, 'HOLD_LIFE'],
    'amulet-of-the-magi': ['FREE_ACT', 'SEE_INVIS', 'SUST_INT', 'RES_CONFU'],
    'amulet-of-regeneration': ['REGEN'],
  };
  it('every ring and amulet is in the table', () => expect(sorted(tables.jewellery.map((j) => j.id))).toEqual(sorted(Object.keys(JEWELS))));
  it.each(Object.entries(JEWELS))('%s', (id, flags) => expect(sorted(tables.jewellery.find((j) => j.id === id)?.flags ?? ['missing'])).toEqual(sorted(flags)));

  // lib/edit/object.txt, tval 38: the only armour with flags of its own; no ego comes on it.
  const DRAGON: Record<string, AngFlag[]> = {
    'black-dragon-scale-mail': ['RES_ACID'],
    'blue-dragon-scale-mail': ['RES_ELEC'],
    'white-dragon-scale-mail': ['RES_COLD'],
    'red-dragon-scale-mail': ['RES_FIRE'],
    'green-dragon-scale-mail': ['RES_POIS'],
    'multi-hued-dragon-scale-mail': [...ALL4, 'RES_POIS'],
    'pseudo-dragon-scale-mail': ['RES_LITE', 'RES_DARK'],
    'law-dragon-scale-mail': ['RES_SOUND', 'RES_SHARD'],
    'bronze-dragon-scale-mail': ['RES_CONFU'],
    'gold-dragon-scale-mail': ['RES_SOUND'],
    'chaos-dragon-scale-mail': ['RES_CHAOS', 'RES_DISEN'],
    'balance-dragon-scale-mail': ['RES_SOUND', 'RES_SHARD', 'RES_CHAOS', 'RES_DISEN'],
    'power-dragon-scale-mail': [...ALL4, 'RES_POIS', 'RES_CONFU', 'RES_DISEN', 'RES_SOUND', 'RES_SHARD', 'RES_BLIND', 'RES_LITE', 'RES_DARK', 'RES_NEXUS', 'RES_NETHR', 'RES_CHAOS'],
  };
  it.each(Object.entries(DRAGON))('%s', (id, flags) => {
    const a = tables.armour.find((x) => x.id === id);
    expect(sorted(a?.flags ?? ['missing'])).toEqual(sorted(flags));
    expect(a?.noEgo).toBe(true);
    expect(a?.ignoreAcid).toBe(true);
  });
  it('no other armour has flags of its own', () => {
    expect(tables.armour.filter((a) => a.flags.length > 0 && !(a.id in DRAGON)).map((a) => a.id)).toEqual([]);
  });
  it('of the weapons only the Blade of Chaos has a flag of its own: RES_CHAOS', () => {
    expect(tables.meleeWeapons.filter((w) => w.flags.length > 0).map((w) => [w.id, [...w.flags]])).toEqual([['blade-of-chaos', ['RES_CHAOS']]]);
  });
});

describe('defencesOf: what a hero\'s race, class, gear and temporary effects add up to', () => {
  type Row = {
    name: string;
    c: Parameters<typeof char>[0];
    statuses?: Status[];
    resist: string[];
    immune?: string[];
    oppose?: string[];
    sustain?: string[];
    freeAction?: boolean;
    holdLife?: boolean;
    seeInvisible?: boolean;
  };
  const rows: Row[] = [
    { name: 'a naked human warrior', c: { cls: 'warrior', level: 10 }, resist: [] },
    { name: 'a warrior of level 29: not yet brave', c: { cls: 'warrior', level: 29 }, resist: [] },
    { name: 'a warrior of level 30: BRAVERY_30', c: { cls: 'warrior', level: 30 }, resist: ['fear'] },
    { name: 'a mage of level 50: no bravery', c: { cls: 'mage', level: 50 }, resist: [] },
    { name: 'a heroic mage', c: { cls: 'mage', level: 5, effects: { hero: true } }, resist: ['fear'] },
    { name: 'a mage under the status "berserk"', c: { cls: 'mage', level: 5 }, statuses: [{ kind: 'berserk', level: 3 }], resist: ['fear'] },
    { name: 'a half-troll', c: { cls: 'warrior', race: 'half-troll', level: 1 }, resist: [], sustain: ['str'] },
    { name: 'a high-elf', c: { cls: 'priest', race: 'high-elf', level: 1 }, resist: ['lite'], seeInvisible: true },
    { name: 'a hobbit', c: { cls: 'rogue', race: 'hobbit', level: 1 }, resist: [], holdLife: true },
    { name: 'a gnome', c: { cls: 'mage', race: 'gnome', level: 1 }, resist: [], freeAction: true },
    {
      name: 'armour of Resistance, gloves of Free Action, a ring of Resist Poison',
      c: { cls: 'warrior', level: 20, body: { item: 'full-plate-armour', ego: 'resistance-armour' }, worn: [{ item: 'gauntlets', ego: 'free-action' }, { item: 'ring-of-resist-poison' }] },
      resist: ['acid', 'elec', 'fire', 'cold', 'poison'],
      freeAction: true,
    },
    {
      name: 'a robe of Permanence: every sustain, hold life, the four elements',
      c: { cls: 'mage', level: 20, body: { item: 'robe', ego: 'permanence' } },
      resist: ['acid', 'elec', 'fire', 'cold'],
      sustain: ['str', 'int', 'wis', 'dex', 'con', 'chr'],
      holdLife: true,
    },
    {
      name: 'a Westernesse blade, a crown of Serenity, a cloak of Protection, boots of Stability',
      c: { cls: 'paladin', level: 30, weapon: { item: 'long-sword', ego: 'westernesse', pval: 1 }, worn: [{ item: 'iron-crown', ego: 'serenity' }, { item: 'cloak', ego: 'protection-cloak' }, { item: 'soft-leather-boots', ego: 'stability' }] },
      resist: ['fear', 'sound', 'confu', 'shard', 'nexus'],
      freeAction: true,
      seeInvisible: true,
    },
    {
      name: 'Power dragon scale mail and an amulet of Sustenance',
      c: { cls: 'warrior', level: 1, body: { item: 'power-dragon-scale-mail' }, worn: [{ item: 'amulet-of-sustenance' }] },
      resist: ['acid', 'elec', 'fire', 'cold', 'poison', 'lite', 'dark', 'blind', 'confu', 'sound', 'shard', 'nexus', 'nethr', 'chaos', 'disen'],
      sustain: ['str', 'int', 'wis', 'dex', 'con', 'chr'],
      holdLife: true,
    },
    {
      name: 'a Blade of Chaos (Defender): chaos from the base item, the rest from the ego',
      c: { cls: 'warrior', level: 5, weapon: { item: 'blade-of-chaos', ego: 'defender', pval: 1 } },
      resist: ['acid', 'elec', 'fire', 'cold', 'chaos'],
      freeAction: true,
      seeInvisible: true,
    },
    {
      name: 'a ring of Resist Fire and the potions of Resist Heat and Cold running',
      c: { cls: 'rogue', level: 10, worn: [{ item: 'ring-of-resist-fire' }] },
      statuses: [{ kind: 'oppose-fire', level: 12 }, { kind: 'oppose-cold', level: 1 }, { kind: 'oppose-acid', level: 0 }],
      resist: ['fire'],
      oppose: ['fire', 'cold'],
    },
  ];
  it.each(rows)('$name', (r) => {
    const c = char(r.c);
    const d = defencesOf(c, r.statuses ?? []);
    expect(sorted(d.resist)).toEqual(sorted(r.resist));
    expect(sorted(d.immune)).toEqual(sorted(r.immune ?? []));
    expect(sorted(d.oppose)).toEqual(sorted(r.oppose ?? []));
    expect(sorted(d.sustain)).toEqual(sorted(r.sustain ?? []));
    expect(d.freeAction).toBe(r.freeAction ?? false);
    expect(d.holdLife).toBe(r.holdLife ?? false);
    expect(d.seeInvisible).toBe(r.seeInvisible ?? false);
    // The older questions read the same flags.
    expect(seesInvisible(c)).toBe(d.seeInvisible);
    for (const e of ['acid', 'elec', 'fire', 'cold', 'poison'] as const) expect(resists(c, e)).toBe(d.resist.has(e));
    if (!r.statuses) expect(resistsFear(c)).toBe(d.resist.has('fear'));
  });

  it.each([
    // r_sav + c_sav + adj_wis_sav + x_sav x level / 10 (p_race.txt, p_class.txt, tables.c)
    ['a dunadan paladin of level 30, WIS 16: 5 + 25 + 2 + 33', char({ cls: 'paladin', race: 'dunadan', level: 30, wis: '16' }), 65],
    ['a hobbit rogue of level 7, WIS 8: 18 + 28 + 1 + 7', char({ cls: 'rogue', race: 'hobbit', level: 7, wis: '8' }), 54],
    ['a half-troll warrior of level 1, WIS 5: -8 + 18 + 0 + 1', char({ cls: 'warrior', race: 'half-troll', level: 1, wis: '5' }), 11],
    ['a Blessed mace (+2 WIS) raises 18/150 to 18/170: 20 + 32 + 14 + 48', char({ cls: 'priest', race: 'high-elf', level: 40, wis: '18/150', weapon: { item: 'mace', ego: 'blessed', pval: 2 } }), 114],
  ] as const)('the saving throw: %s', (_name, c, save) => {
    expect(defencesOf(c, []).savingThrow).toBe(save);
  });

  it('flagsOf joins the base item and its ego', () => {
    const c = char({ cls: 'warrior', level: 1, body: { item: 'red-dragon-scale-mail' }, shield: { item: 'large-metal-shield', ego: 'resist-cold-armour' } });
    expect(sorted(flagsOf(c))).toEqual(['RES_COLD', 'RES_FIRE']);
  });
});

describe('potions of Resist Heat and Resist Cold (use-obj.c: randint(10) + 10 turns, at most 10000)', () => {
  it.each([
    ['fire', 0],
    ['cold', 7],
  ] as const)('oppose %s from %i turns left: uniform on 11..20 more, each 1/10', (el, now) => {
    const law = exactLaw((t) => rollSteps(t, opposeSteps(el, '1d10+10'), now), (n) => n);
    expect([...law.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 10 }, (_, i) => now + 11 + i));
    for (const p of law.values()) expectFrac(p, F(1, 10));
    const exact = opposeTurnsLaw(el, '1d10+10', now);
    for (const [n, p] of law) expectFrac(exact.prob(Number(n)), p);
  });
  it('the counter stops at 10000', () => {
    const law = exactLaw((t) => rollSteps(t, opposeSteps('fire', '1d10+10'), 9985), (n) => n);
    expect([...law.keys()].sort((a, b) => Number(a) - Number(b))).toEqual([9996, 9997, 9998, 9999, 10000]);
    expectFrac(law.get(10000)!, F(6, 10));
    expectFrac(opposeTurnsLaw('fire', '1d10+10', 9985).prob(10000), F(6, 10));
  });

  it('drinking Resist Heat: one d10, the status oppose-fire, added to what runs', () => {
    const hero = view(1, 'dwarf-dragonslayer', [{ kind: 'oppose-fire', level: 3 }]);
    const rng = new ScriptedRng([4]);
    const r = rs.useItem(new NullTracer(rng), hero, 'potion-of-resist-heat');
    if ('error' in r) throw new Error(r.error);
    expect(rng.ranges).toEqual([10]);
    expect(r.effects).toEqual([
      { kind: 'consume', target: 1, item: 'potion-of-resist-heat', quantity: 1 },
      { kind: 'status', target: 1, status: { kind: 'oppose-fire', level: 3 + 5 + 10 }, mode: 'set' },
      { kind: 'message', text: 'The Dragonslayer drinks a Potion of Resist Heat: resist fire for 15.', tone: 'good' },
    ]);
  });
  it('drinking Resist Cold, traced: the roll is named for the potion', () => {
    const hero = view(1, 'dwarf-dragonslayer');
    const t = new RecordingTracer(new ScriptedRng([9]));
    const r = rs.useItem(t, hero, 'potion-of-resist-cold');
    if ('error' in r) throw new Error(r.error);
    expect(r.effects).toContainEqual({ kind: 'status', target: 1, status: { kind: 'oppose-cold', level: 20 }, mode: 'set' });
    expect(t.steps.some((s) => s.kind === 'roll' && s.label === 'resist cold: 1d10+10 turns')).toBe(true);
  });

  it('upkeep counts it down every ten game turns, and says when it ends', () => {
    const hero = view(1, 'dwarf-dragonslayer', [{ kind: 'oppose-fire', level: 1 }, { kind: 'oppose-cold', level: 6 }]);
    const fx = rs.statusTick(new NullTracer(new ScriptedRng([])), hero, 10);
    expect(fx).toContainEqual({ kind: 'remove-status', target: 1, status: 'oppose-fire' });
    expect(fx).toContainEqual({ kind: 'message', text: 'The Dragonslayer feels less resistant to fire.', tone: 'info' });
    expect(fx).toContainEqual({ kind: 'status', target: 1, status: { kind: 'oppose-cold', level: 5 }, mode: 'set' });
  });
});

describe('the sheet', () => {
  it.each([
    ['a naked human mage of level 1', char({ cls: 'mage', level: 1 }), [], 'Defences: saving throw 31%.'],
    [
      'the dragonslayer\'s gear, with Resist Cold running',
      char({ cls: 'warrior', race: 'dwarf', level: 35, wis: '10', body: { item: 'full-plate-armour', ego: 'resistance-armour' }, worn: [{ item: 'steel-helm', ego: 'seeing', pval: 3 }, { item: 'gauntlets', ego: 'free-action' }, { item: 'ring-of-resist-poison' }] }),
      [{ kind: 'oppose-cold', level: 12 }],
      'Defences: resist acid, lightning, fire, cold, poison, fear, blindness (temporary: cold 12 turns); free action; see invisible; saving throw 63%.',
    ],
    [
      'only a temporary resistance, and sustains',
      char({ cls: 'priest', race: 'dunadan', level: 10, wis: '18', worn: [{ item: 'ring-of-sustain-wisdom' }] }),
      [{ kind: 'oppose-poison', level: 4 }],
      'Defences: temporary resistance: poison 4 turns; sustain WIS, CON; saving throw 52%.',
    ],
  ] as const)('%s', (_name, c, statuses, line) => {
    expect(heroDefenceLines(c, statuses)).toEqual([line]);
  });

  it('a hero\'s recall page shows the Defences line', () => {
    const hero = view(1, 'high-elf-priest');
    const foe = view(2, 'dwarf-dragonslayer');
    // The page wraps its lines; joined, the sheet's line reads whole.
    const text = (rs.panel.recall?.(hero, foe, 0, { distance: 1, visible: true }) ?? []).flatMap((sec) => sec.lines).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Defences: resist acid, lightning, fire, cold, poison, fear, light, confusion, sound, shards, nexus, disenchantment; sustain STR, INT, WIS, DEX, CON; free action; hold life; see invisible; saving throw 114%.',
    );
  });
});
