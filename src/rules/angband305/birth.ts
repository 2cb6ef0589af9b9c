import { idHint } from '../../core/suggest.js';
import { monsterBlurb } from './bestiary.js';
import { parseDice } from '../../core/dice.js';
import type { Tracer } from '../../core/trace.js';
import { numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import type { CatalogEntry, FighterInit, FighterSpec } from '../ruleset.js';
import type { GearData } from './catalogue.js';
import { ANG_ID, type AngContext, type AngState, CLOCK, ENERGY_SCALE, type HeroRules, MONSTER_CLOCK, type MonsterRules, SECTION_CREATION, SECTION_HIT_POINTS } from './context.js';
import { expFactor, levelExp } from './drain.js';
import { hitDie, maxHitPoints } from './sheet.js';
import { energyPerGameTurn, formatStat, parseStat } from './stats.js';
import type { AngMonster } from './types.js';

/** Fighters as they enter the arena: a hero from its preset and options, a monster as the game creates it. */

export function catalog(ctx: AngContext): CatalogEntry[] {
  return [
    ...ctx.tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
    // A monster's line is built from its numbers when first read: a duel's start reads two of 616.
    ...ctx.tables.monsters.map((m) => monsterEntry(m)),
  ];
}

function monsterEntry(m: AngMonster): CatalogEntry {
  let description: string | undefined;
  return {
    id: m.id,
    name: m.name,
    kind: 'monster',
    get description() {
      return (description ??= monsterBlurb(m));
    },
  };
}

export function buildFighter(ctx: AngContext, spec: FighterSpec, t: Tracer | undefined): FighterInit<AngState> {
  const { cat } = ctx;
  if (cat.heroes.has(spec.template)) return buildHero(ctx, spec, t);
  const m = cat.monsters.get(spec.template);
  if (!m) {
    throw new Error(`unknown fighter "${spec.template}" for ${ANG_ID}; ${idHint(spec.template, [...cat.heroes.keys(), ...cat.monsters.keys()], { noun: 'fighter', command: `arena list foes --ruleset ${ANG_ID}` })}`);
  }
  return buildMonster(m, spec, t);
}

export function buildHero(ctx: AngContext, spec: FighterSpec, t: Tracer | undefined): FighterInit<AngState> {
  const { cat, tables } = ctx;
  const h = cat.heroes.get(spec.template);
  if (!h) throw new Error(`unknown hero "${spec.template}"`);
  const cls = cat.cls(h.class);
  const race = cat.race(h.race);
  refuseUnknownOptions(spec.options, `hero ${h.id}`, ['level', 'strength', 'weapon', 'armour']);
  const level = numberOption(spec.options, 'level', h.level, 1, 50);
  const stats = cat.heroStats(h);
  const str = stringOption(spec.options, 'strength', undefined);
  if (str !== undefined) {
    try {
      stats.str = parseStat(str);
    } catch (e) {
      throw new Error(`--strength: ${(e as Error).message}`);
    }
  }
  const base = cat.heroGear(h);
  const weaponId = stringOption(spec.options, 'weapon', undefined);
  const armourId = stringOption(spec.options, 'armour', undefined);
  const weapons = tables.meleeWeapons.map((w) => w.id);
  const bodies = tables.armour.filter((a) => a.slot === 'body').map((a) => a.id);
  if (weaponId !== undefined && weaponId !== 'none' && !weapons.includes(weaponId)) throw new Error(`unknown weapon "${weaponId}"; choose one of: none, ${weapons.join(', ')}`);
  if (armourId !== undefined && armourId !== 'none' && !bodies.includes(armourId)) throw new Error(`unknown armour "${armourId}"; choose one of: none, ${bodies.join(', ')}`);
  const gear: GearData = {
    ...base,
    weapon: weaponId === undefined ? base.weapon : weaponId === 'none' ? null : { item: weaponId, quantity: 1, level: 0 },
    body: armourId === undefined ? base.body : armourId === 'none' ? null : { item: armourId, quantity: 1, level: 0 },
  };
  if (t?.recording) t.rule(SECTION_HIT_POINTS, 'Hit points');
  const levelHps = rollLevelHps(t, hitDie({ cls, race }), level);
  const levelHp = levelHps[level - 1] as number;
  const c = cat.character(cls, race, level, stats, gear);
  const maxHp = maxHitPoints(c, levelHp);
  if (t?.recording) t.value('hit points', maxHp, `rolled ${levelHp} for level ${level} (hit die ${hitDie({ cls, race })}) + CON ${formatStat(stats.con)}`);
  const title = `${race.name} ${cls.name} ${level}`;
  // A hero enters with the least experience of its level (player_exp x expfact / 100).
  const exp = levelExp(level, expFactor(race, cls));
  const rules: HeroRules = { kind: 'ang-hero', cls: cls.id, race: race.id, level, stats, levelHp, gear, title, exp, levelHps };
  return {
    fighter: { name: h.name, kind: 'hero', templateId: h.id, flying: false, opensDoors: true },
    glyph: { ch: '@', colour: 'white' },
    body: { hp: maxHp, maxHp, aliveAtZero: true },
    energy: 0,
    inventory: { weapon: null, armour: null, pack: h.pack.map((p) => cat.stackOf(p)) },
    statuses: [{ kind: 'clock', next: CLOCK, level: 0 }],
    rules: { ...rules },
    title,
    aiMode: 'hunting',
  };
}

export function buildMonster(m: AngMonster, spec: FighterSpec, t: Tracer | undefined): FighterInit<AngState> {
  refuseUnknownOptions(spec.options, `monster ${m.id}`, []);
  const hd = parseDice(m.hp);
  let csleep = 0;
  let hp: number;
  let speed = m.speed;
  let energy = 0;
  if (t) {
    if (t.recording) t.rule(SECTION_CREATION, 'Sleep, hit points, speed and energy');
    if (m.sleep > 0 && spec.awake !== true) csleep = m.sleep * 2 + t.roll(1, m.sleep * 10, `sleep: ${m.sleep * 2} + 1d${m.sleep * 10}`);
    if (m.flags.includes('force-maxhp')) {
      hp = hd.count * hd.sides;
      if (t.recording) t.value('hit points', hp, `${m.hp}, always the maximum`);
    } else {
      hp = 0;
      const silent = t.silent();
      for (let i = 0; i < hd.count; i++) hp += silent.roll(1, hd.sides, 'hit die');
      if (t.recording) t.value('hit points', hp, `${m.hp} rolled`);
    }
    const spread = m.flags.includes('unique') ? 0 : Math.trunc(energyPerGameTurn(m.speed) / 10);
    if (spread > 0) speed = m.speed + t.roll(0, 2 * spread, `speed: ${m.speed} +- ${spread}`) - spread;
    energy = t.roll(0, 99, 'starting energy');
  } else {
    hp = m.flags.includes('force-maxhp') ? hd.count * hd.sides : Math.trunc((hd.count * (hd.sides + 1)) / 2);
    csleep = m.sleep > 0 && spec.awake !== true ? m.sleep * 2 + Math.trunc((m.sleep * 10 + 1) / 2) : 0;
  }
  const rules: MonsterRules = { kind: 'ang-monster', monster: m.id, speed, csleep, title: m.name };
  return {
    fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: false, opensDoors: true, ...(m.flags.includes('unique') ? { properName: true } : {}) },
    glyph: { ch: m.glyph, colour: m.colour },
    body: { hp, maxHp: hp, aliveAtZero: true },
    energy: energy * ENERGY_SCALE,
    inventory: { weapon: null, armour: null, pack: [] },
    statuses: [{ kind: 'clock', next: MONSTER_CLOCK }],
    rules: { ...rules },
    title: m.name,
    aiMode: csleep > 0 ? 'sleeping' : 'hunting',
  };
}

/**
 * The hit points rolled for a level (birth.c get_extra): the full hit die at level 1, then one
 * die per level; the whole run of 49 is rolled again until the level-50 total lies between
 * 3/8 and 5/8 of the range. Without a tracer: the full first die and the average of the rest.
 */
export function rollLevelHp(t: Tracer | undefined, hitdie: number, level: number): number {
  return rollLevelHps(t, hitdie, level)[level - 1] as number;
}

/** The rolled hit points of every level from 1 to `level` (player_hp), as `rollLevelHp` rolls them. */
export function rollLevelHps(t: Tracer | undefined, hitdie: number, level: number): number[] {
  if (!t) return Array.from({ length: level }, (_, k) => hitdie + Math.trunc((k * (hitdie + 1)) / 2));
  const lo = Math.trunc((50 * (hitdie - 1) * 3) / 8) + 50;
  const hi = Math.trunc((50 * (hitdie - 1) * 5) / 8) + 50;
  const silent = t.silent();
  for (let tries = 1; ; tries++) {
    let sum = hitdie;
    const run = [hitdie];
    for (let i = 1; i < 50; i++) {
      sum += silent.roll(1, hitdie, 'hit die');
      if (i < level) run.push(sum);
    }
    if (sum < lo || sum > hi) continue;
    if (t.recording) t.value('rolled hit points', run[level - 1] as number, `level ${level} of 50 levels rolled on 1d${hitdie} (${tries} ${tries === 1 ? 'try' : 'tries'}: the level-50 total must be ${lo}-${hi})`);
    return run;
  }
}
