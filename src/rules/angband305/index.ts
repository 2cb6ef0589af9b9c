import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { parseDice } from '../../core/dice.js';
import type { Tracer } from '../../core/trace.js';
import { angbandDistance } from '../../world/angband-path.js';
import { type ItemStack, type Status, stackFromKey, stackKey } from '../../world/components.js';
import { type AttackBranch, NO_TAGS, PREVIEW_TRACER, attacksLaw, blowOf, capitalise, missOrHit, numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import type { Edition } from '../edition.js';
import { nameOf, possessive, subjectOf, verb } from '../names.js';
import type {
  AiProfile,
  AttackContext,
  AttackOption,
  AttackOutcome,
  AttackPreview,
  BlowOutcome,
  BlowTag,
  CatalogEntry,
  Effect,
  FighterInit,
  FighterSpec,
  FighterView,
  HeroTactics,
  NoticeCheck,
  NoticeResult,
  Ruleset,
} from '../ruleset.js';
import {
  type MeleePlan,
  type MissilePlan,
  type Target,
  blowOdds,
  damageLaw,
  missileDistances,
  missileOdds,
  monsterTarget,
  outcomeOdds,
  planMelee,
  planShot,
  planThrow,
  rollBlow,
  rollMissile,
  roundLaw,
} from './attacks.js';
import { AngCatalogue, type GearData, STAT_NAMES } from './catalogue.js';
import {
  type AngCharacter,
  type AngEffects,
  armourClass,
  blowsPerRound,
  currentStats,
  gearName,
  regenerates,
  hitDie,
  maxHitPoints,
  recoveryRate,
  resists,
  resistsFear,
  savingThrow,
  seesInvisible,
  shooting,
  stealth,
  throwRange,
} from './character.js';
import { type CritKind, type DamagePlan, rollBreakage } from './combat.js';
import { ANG_DIVERGENCE_LIST } from './divergences.js';
import { heroSheet, recallPage } from '../recall.js';
import { actionsPerTurn, angBlowLines, angGear, angHeroLines, angMonsterSection } from './recall.js';
import {
  CUT_BY_LEVEL,
  METHOD_CUTS,
  METHOD_STUNS,
  SECTION_MONSTER_MELEE,
  STUN_BY_LEVEL,
  type BlowOdds,
  armourReduced,
  blowsAgainst,
  blowChance,
  blowHitChance,
  blowHits,
  hurtDamage,
  monsterCritical,
  resisted,
  rollWound,
} from './monster-melee.js';
import { type StatValue, energyPerGameTurn, formatStat, parseStat } from './stats.js';
import type { AngClassId, AngConsumable, AngElement, AngMonster, AngStatName, AngTables } from './types.js';

export const ANG_ID = 'angband-3.0.5' as const;

/**
 * Time. A tick is one game turn; a normal-speed fighter gains 10 energy per game turn and acts
 * at 100, so ten ticks make one turn. Energy is kept in 60ths so that 100 / shots is exact for
 * 1 to 6 shots (the seed's energy per shot).
 */
const ENERGY_SCALE = 60;
const ACTION = 100 * ENERGY_SCALE;
const TICKS_PER_TURN = 10;
/** Conditions are updated every ten game turns, monsters regenerate every hundred (dungeon.c). */
const CLOCK = 10;
const MONSTER_CLOCK = 100;

export const SECTION_CONDITIONS = 'angband-3.0.5#conditions';
export const SECTION_SLEEP = 'angband-3.0.5#monster-sleep';
export const SECTION_CREATION = 'angband-3.0.5#monster-creation';
export const SECTION_HIT_POINTS = 'angband-3.0.5#hit-points';

/** Ruleset data on an Angband hero entity. */
interface HeroRules {
  readonly kind: 'ang-hero';
  readonly cls: AngClassId;
  readonly race: string;
  readonly level: number;
  readonly stats: Record<AngStatName, StatValue>;
  /** The rolled hit points for the level (player_hp[level - 1]), before constitution. */
  readonly levelHp: number;
  readonly gear: GearData;
  readonly title: string;
}

/** A copy of a hero's gear that a blow may change (acid). */
interface MutableGear {
  weapon: ItemStack | null;
  bow: ItemStack | null;
  body: ItemStack | null;
  shield: ItemStack | null;
  worn: ItemStack[];
}

/** Ruleset data on an Angband monster entity. */
interface MonsterRules {
  readonly kind: 'ang-monster';
  readonly monster: string;
  /** Its speed, with the game's small random variety for non-uniques. */
  readonly speed: number;
  /** How deeply it sleeps (0: awake). */
  readonly csleep: number;
  readonly title: string;
}

const TEMPORARY = ['blessed', 'hero', 'berserk', 'afraid'] as const;

// A blow's tags, shared between blows: a critical (the hero's critical hit; a monster's cut or
// stun critical), and the slay or brand whose multiplier the hit's damage took.
const CRITICAL: readonly BlowTag[] = Object.freeze(['critical'] as const);
const HIT_TAGS: Readonly<Record<string, readonly BlowTag[]>> = {
  slay: Object.freeze(['slay'] as const),
  brand: Object.freeze(['brand'] as const),
  'critical/slay': Object.freeze(['critical', 'slay'] as const),
  'critical/brand': Object.freeze(['critical', 'brand'] as const),
};

/** The tags of a hero's hit (a blow or a missile): its critical, and its slay or brand. */
function hitTags(crit: CritKind | null, damage: DamagePlan): readonly BlowTag[] {
  const k = damage.slayKind;
  if (!k) return crit ? CRITICAL : NO_TAGS;
  return HIT_TAGS[crit ? `critical/${k}` : k] as readonly BlowTag[];
}
const STATUS_TEXT: Record<string, string> = {
  blessed: 'blessed',
  hero: 'heroic',
  berserk: 'berserk',
  afraid: 'afraid',
  poisoned: 'poisoned',
  cut: 'cut',
};
/** What ends when a condition runs out, as a message about the fighter `f`. */
const ENDS: Record<string, (f: FighterView) => string> = {
  blessed: (f) => `${capitalise(possessive(f))} blessing wears off.`,
  hero: (f) => `${capitalise(possessive(f))} heroism wears off.`,
  berserk: (f) => `${subjectOf(f)} ${verb(f, 'feel')} less berserk.`,
  afraid: (f) => `${subjectOf(f)} ${verb(f, 'feel')} bolder now.`,
  poisoned: (f) => `${subjectOf(f)} ${verb(f, 'are', 'is')} no longer poisoned.`,
  stun: (f) => `${subjectOf(f)} ${verb(f, 'are', 'is')} no longer stunned.`,
  cut: (f) => `${subjectOf(f)} ${verb(f, 'stop')} bleeding.`,
};

export function createAngband(tables: AngTables): Ruleset {
  const cat = new AngCatalogue(tables);

  const heroRules = (f: FighterView): HeroRules | undefined => (f.rules['kind'] === 'ang-hero' ? (f.rules as unknown as HeroRules) : undefined);
  const monsterRules = (f: FighterView): MonsterRules | undefined => (f.rules['kind'] === 'ang-monster' ? (f.rules as unknown as MonsterRules) : undefined);
  const monsterOf = (f: FighterView): AngMonster => {
    const r = monsterRules(f);
    if (!r) throw new Error(`${f.fighter.name} is not an Angband monster`);
    return cat.monster(r.monster);
  };
  const statusLevel = (f: FighterView, kind: string): number => f.statuses.find((s) => s.kind === kind)?.level ?? 0;

  const effectsOf = (f: FighterView): AngEffects => ({
    blessed: statusLevel(f, 'blessed') > 0,
    hero: statusLevel(f, 'hero') > 0,
    berserk: statusLevel(f, 'berserk') > 0,
    stun: statusLevel(f, 'stun'),
    afraid: statusLevel(f, 'afraid') > 0,
  });

  const characterOf = (f: FighterView): AngCharacter => {
    const r = heroRules(f);
    if (!r) throw new Error(`${f.fighter.name} is not an Angband hero`);
    return cat.character(cat.cls(r.cls), cat.race(r.race), r.level, r.stats, r.gear, effectsOf(f));
  };

  const targetOf = (d: FighterView, visible: boolean): Target => monsterTarget(monsterOf(d), visible);

  /** A monster's blows against a hero: each one's chance to land and its damage (previews and the recall page). */
  const monsterBlows = (a: FighterView, d: FighterView): BlowOdds[] => {
    const c = characterOf(d);
    return blowsAgainst(monsterOf(a), armourClass(c).total.num, (e) => e !== 'poison' && e !== 'terrify' && e !== 'hurt' && resists(c, e));
  };

  const catalog: CatalogEntry[] = [
    ...tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
    ...tables.monsters.map((m) => ({ id: m.id, name: m.name, kind: 'monster' as const, description: m.description })),
  ];

  function buildHero(spec: FighterSpec, t: Tracer | undefined): FighterInit {
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
    const levelHp = rollLevelHp(t, hitDie({ cls, race }), level);
    const c = cat.character(cls, race, level, stats, gear);
    const maxHp = maxHitPoints(c, levelHp);
    if (t?.recording) t.value('hit points', maxHp, `rolled ${levelHp} for level ${level} (hit die ${hitDie({ cls, race })}) + CON ${formatStat(stats.con)}`);
    const title = `${race.name} ${cls.name} ${level}`;
    const rules: HeroRules = { kind: 'ang-hero', cls: cls.id, race: race.id, level, stats, levelHp, gear, title };
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

  function buildMonster(m: AngMonster, spec: FighterSpec, t: Tracer | undefined): FighterInit {
    refuseUnknownOptions(spec.options, `monster ${m.id}`, []);
    const hd = parseDice(m.hp);
    let csleep = 0;
    let hp: number;
    let speed = m.speed;
    let energy = 0;
    if (t) {
      if (t.recording) t.rule(SECTION_CREATION, 'Sleep, hit points, speed and energy');
      if (m.sleep > 0) csleep = m.sleep * 2 + t.roll(1, m.sleep * 10, `sleep: ${m.sleep * 2} + 1d${m.sleep * 10}`);
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
      csleep = m.sleep > 0 ? m.sleep * 2 + Math.trunc((m.sleep * 10 + 1) / 2) : 0;
    }
    const rules: MonsterRules = { kind: 'ang-monster', monster: m.id, speed, csleep, title: m.name };
    return {
      fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: false, opensDoors: true },
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

  /** The pack stack an option or command names, by its stack key (it may already be spent). */
  const stackForKey = (f: FighterView, key: string): ItemStack => {
    const live = f.inventory.pack.find((s) => stackKey(s) === key);
    if (live) return { ...live, quantity: 1 };
    const parsed = stackFromKey(key);
    if (!parsed || !cat.items.has(parsed.item)) throw new Error(`no item "${key}"`);
    return { item: parsed.item, quantity: 1, level: 0, ...(parsed.magic ? { magic: parsed.magic } : {}) };
  };

  const missilePlan = (t: Tracer, a: FighterView, d: FighterView, option: AttackOption, ctx: AttackContext): MissilePlan => {
    const c = characterOf(a);
    const st = stackForKey(a, option.item ?? '');
    const target = targetOf(d, ctx.visible);
    const both = missileDistances(a.pos, d.pos);
    const distance = ctx.edition === 'source' ? both.game : both.squares;
    if (option.id.startsWith('fire:')) {
      const def = cat.item(st.item);
      if (def.kind !== 'ammo') throw new Error(`${st.item} is not ammunition`);
      return planShot(t, c, cat.gear(st, def.def), target, distance, ctx.edition, both);
    }
    const thrown = cat.thrown(st);
    if (!thrown) throw new Error(`${st.item} cannot be thrown`);
    return planThrow(t, c, thrown, target, distance, ctx.edition, both);
  };

  const attackCost = (a: FighterView, option: AttackOption, edition: Edition): number => {
    if (!option.id.startsWith('fire:')) return ACTION;
    const s = shooting(characterOf(a), edition);
    if (!s) return ACTION;
    const cost = (s.energy.num * ENERGY_SCALE) / s.energy.den;
    if (!Number.isInteger(cost)) throw new Error(`${s.shots} shots a turn cannot be timed exactly`);
    return cost;
  };

  const ruleset: Ruleset = {
    id: ANG_ID,
    name: 'Angband 3.0.5',
    description: 'Angband 3.0.5 (ATTACK.SPO 1.13): blows, skill against 3/4 AC, criticals, slays and brands, launchers and shots.',
    divergences: ANG_DIVERGENCE_LIST,
    ticksPerTurn: TICKS_PER_TURN,
    energyThreshold: ACTION,
    readyOrder: 'most-energy',
    autoCloseDoors: false,
    defaultHero: 'warrior',
    defaultFoe: 'uruk',

    catalog: () => catalog,

    buildFighter(spec, _edition, t) {
      if (cat.heroes.has(spec.template)) return buildHero(spec, t);
      const m = cat.monsters.get(spec.template);
      if (!m) {
        throw new Error(`unknown fighter "${spec.template}" for ${ANG_ID}; heroes: ${[...cat.heroes.keys()].join(', ')}; monsters: ${[...cat.monsters.keys()].join(', ')}`);
      }
      return buildMonster(m, spec, t);
    },

    energyGain(f) {
      const m = monsterRules(f);
      return energyPerGameTurn(m ? m.speed : 110) * ENERGY_SCALE;
    },
    viewRadius: () => 20,
    tramplesGrass: () => false,

    actionCost: () => ACTION,

    turnStart(t, f) {
      const effects: Effect[] = [];
      if (heroRules(f)) {
        const stun = statusLevel(f, 'stun');
        if (stun >= 100) {
          if (t.recording) {
            t.rule(SECTION_CONDITIONS, 'Knocked out');
            t.note(`stun ${stun}: at 100 or more the turn is lost`);
          }
          effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'are', 'is')} knocked out.`, tone: 'bad' });
          return { skip: true, cost: ACTION, effects };
        }
        return { skip: false, cost: ACTION, effects };
      }
      const fear = statusLevel(f, 'afraid');
      if (fear > 0 && f.ai?.mode !== 'sleeping') {
        const m = monsterOf(f);
        if (t.recording) t.rule(SECTION_CONDITIONS, 'Monster fear');
        const d = t.roll(1, Math.trunc(m.level / 10) + 1, 'courage returns by');
        if (fear > d) effects.push({ kind: 'status', target: f.id, status: { kind: 'afraid', level: fear - d }, mode: 'set' });
        else {
          effects.push({ kind: 'remove-status', target: f.id, status: 'afraid' });
          effects.push({ kind: 'ai-mode', target: f.id, mode: 'hunting' });
          effects.push({ kind: 'message', text: `${subjectOf(f)} recovers its courage.`, tone: 'warn' });
        }
      }
      return { skip: false, cost: ACTION, effects };
    },

    nextStatusTime(f) {
      return f.statuses.find((s) => s.kind === 'clock')?.next;
    },

    statusTick(t, f, now) {
      const clock = f.statuses.find((s) => s.kind === 'clock');
      if (!clock || clock.next === undefined || clock.next > now) return [];
      if (monsterRules(f)) return monsterClock(f, clock.next);
      return heroClock(t, f, clock);
    },

    attackOptions(f) {
      const out: AttackOption[] = [];
      const r = heroRules(f);
      if (!r) {
        if (monsterOf(f).blows.length > 0) out.push({ id: 'melee', label: 'melee', kind: 'melee' });
        return out;
      }
      const c = characterOf(f);
      out.push({ id: 'melee', label: c.weapon ? gearName(c.weapon) : 'bare hands', kind: 'melee' });
      const shoot = shooting(c, 'source');
      const ammoKind = c.bow?.def.ammo;
      for (const st of f.inventory.pack) {
        if (st.quantity <= 0) continue;
        const key = stackKey(st);
        const d = cat.item(st.item);
        if (d.kind === 'ammo' && d.def.ammo === ammoKind && shoot) {
          out.push({ id: `fire:${key}`, label: `fire ${cat.nameOf(key)}`, kind: 'projectile', projectile: { magic: false, hitChars: true, path: 'angband', range: shoot.range }, item: key, spends: 'item' });
          continue;
        }
        const thrown = cat.thrown(st);
        if (thrown) {
          out.push({ id: `throw:${key}`, label: `throw ${cat.nameOf(key)}`, kind: 'projectile', projectile: { magic: false, hitChars: true, path: 'angband', range: throwRange(c, thrown.weight) }, item: key, spends: 'item' });
        }
      }
      return out;
    },

    canUse(option, distance) {
      return option.kind === 'melee' ? distance === 1 : distance >= 1;
    },

    resolveAttack(t, attacker, defender, option, ctx): AttackOutcome {
      if (monsterRules(attacker)) return monsterMelee(t, attacker, defender, ctx);
      if (option.kind === 'melee') return heroMelee(t, attacker, defender, ctx);
      return heroMissile(t, attacker, defender, option, ctx);
    },

    previewAttack(attacker, defender, option, ctx): AttackPreview {
      // Attacks a normal-speed game turn: actions at this fighter's speed (a hero's is normal), each costing `cost`.
      const perTurn = (cost: number) => Fraction.of(ACTION, cost).mul(actionsPerTurn(monsterRules(attacker)?.speed ?? 110));
      if (monsterRules(attacker)) {
        const m = monsterOf(attacker);
        const blows = monsterBlows(attacker, defender);
        const expected = blows.reduce((n, b) => (b.damage ? n.add(b.hit.mul(b.damage.mean())) : n), Fraction.ZERO);
        const first = blows[0];
        const damage = first?.damage ?? hurtDamage(parseDice('0d0'), 0);
        return { label: `${m.name}: ${m.blows.length} blows`, hit: first?.hit ?? Fraction.ZERO, damage, expected, perTurn: perTurn(ACTION), notes: [`${m.blows.length} blow${m.blows.length === 1 ? '' : 's'}`] };
      }
      if (option.kind === 'melee') {
        const c = characterOf(attacker);
        const p = planMelee(PREVIEW_TRACER, c, targetOf(defender, ctx.visible), ctx.edition);
        const o = blowOdds(p);
        const round = roundLaw(p);
        const notes = [`${p.blows.blows} blow${p.blows.blows === 1 ? '' : 's'}`];
        if (!ctx.visible) notes.push('unseen: skill halved');
        if (p.damage.slayName) notes.push(`${p.damage.slayName} x${p.damage.slay}`);
        if (c.effects.afraid) notes.push('too afraid to attack');
        const expected = c.effects.afraid ? Fraction.ZERO : round.mean();
        return { label: p.label, hit: o.hit, damage: o.damage, expected, perTurn: perTurn(ACTION), notes };
      }
      const p = missilePlan(PREVIEW_TRACER, attacker, defender, option, ctx);
      const o = missileOdds(p);
      const notes: string[] = [];
      if (!ctx.visible) notes.push('unseen: skill halved');
      if (p.damage.slayName) notes.push(`${p.damage.slayName} x${p.damage.slay}`);
      if (p.damage.launcher > 1) notes.push(`launcher x${p.damage.launcher}`);
      return { label: p.label, hit: o.hit, damage: o.damage, expected: o.hit.mul(o.damage.mean()), perTurn: perTurn(attackCost(attacker, option, ctx.edition)), notes };
    },

    attackCost: (a, option, _now, edition) => attackCost(a, option, edition),

    missileLanded(t, f, option, at, info) {
      if (!option.item) return [];
      const st = stackForKey(f, option.item);
      const cls = cat.breakageOf(st.item);
      // A wall's distance is the wall's own; the missile falls on the grid before it.
      const struckWall = info.reason === 'obstacle';
      const distance = struckWall ? (info.obstacleDistance ?? info.distance + 1) : info.distance;
      const broke = rollBreakage(t, cls, { reachedMonster: false, hitMonster: false, struckWall, distance }, info.edition);
      if (broke) return [{ kind: 'message', text: `The ${cat.nameOf(option.item)} breaks.`, tone: 'info' }];
      return [{ kind: 'drop', at, stack: st }];
    },

    notice(t, observer, enemy, distance, inView): NoticeResult {
      const r = monsterRules(observer);
      if (!r) return { noticed: true, effects: [] };
      if (observer.ai?.mode !== 'sleeping' || r.csleep <= 0) return { noticed: true, effects: [] };
      const m = monsterOf(observer);
      const cdis = observer.pos && enemy.pos ? angbandDistance(observer.pos, enemy.pos) : distance;
      // A monster is processed only when the player is in its line of sight, within its
      // detection range, or it is hurt (melee2.c process_monsters).
      if (!inView && cdis > m.vision && observer.body.hp >= observer.body.maxHp) return { noticed: false, effects: [] };
      const stl = heroRules(enemy) ? stealth(characterOf(enemy)) : 0;
      if (t.recording) {
        t.rule(SECTION_SLEEP, `${m.name} sleeps (depth ${r.csleep})`);
        t.value('player noise', 2 ** (30 - stl), `2^(30 - stealth ${stl})`);
      }
      const n = t.roll(0, 1023, 'noise roll');
      const heard = t.recording ? t.check('noise roll cubed <= noise', n ** 3, '<=', 2 ** (30 - stl)) : n ** 3 <= 2 ** (30 - stl);
      if (t.recording) {
        const p = Fraction.of(noiseCount(stl), 1024);
        const q = heard ? p : p.complement();
        t.odds(heard ? 'P(it hears you)' : 'P(it does not hear you)', q.num, q.den);
      }
      if (!heard) return { noticed: false, effects: [] };
      const d = cdis < 50 ? Math.trunc(100 / Math.max(1, cdis)) : 1;
      const left = r.csleep > d ? r.csleep - d : 0;
      if (t.recording) t.mod('sleep depth', r.csleep, left, `the noise wakes it by 100 / distance ${cdis} = ${d}`);
      return { noticed: left === 0, effects: [{ kind: 'rules', target: observer.id, patch: { csleep: left } }] };
    },

    noticeChance(observer, enemy, distance, inView): NoticeCheck {
      const r = monsterRules(observer);
      if (!r || observer.ai?.mode !== 'sleeping' || r.csleep <= 0) return { chance: Fraction.ONE, describe: 'awake' };
      const stl = heroRules(enemy) ? stealth(characterOf(enemy)) : 0;
      const cdis = observer.pos && enemy.pos ? angbandDistance(observer.pos, enemy.pos) : distance;
      if (!inView && cdis > monsterOf(observer).vision && observer.body.hp >= observer.body.maxHp) {
        return { chance: Fraction.ZERO, describe: 'asleep, and you are out of its sight and hearing' };
      }
      const d = cdis < 50 ? Math.trunc(100 / Math.max(1, cdis)) : 1;
      const heard = Fraction.of(noiseCount(stl), 1024);
      const chance = r.csleep <= d ? heard : Fraction.ZERO;
      return { chance, describe: `asleep (depth ${r.csleep}); each turn ${heard.percent(1)} to hear you, which lightens it by ${d}` };
    },

    canSee(viewer, target) {
      const h = heroRules(viewer);
      if (!h) return true;
      const m = monsterRules(target);
      if (!m) return true;
      const mon = cat.monster(m.monster);
      if (!mon.flags.includes('invisible')) return true;
      const c = characterOf(viewer);
      if (seesInvisible(c)) return true;
      // Infravision shows a warm-blooded monster, invisible or not, within its range.
      return !mon.flags.includes('cold-blood') && c.race.infravision > 0 && angbandDistance(viewer.pos, target.pos) <= c.race.infravision;
    },

    onDamaged(t, victim, amount) {
      const r = monsterRules(victim);
      if (!r) return [];
      const effects: Effect[] = wakeEffects(victim);
      effects.push(...monsterFear(t, victim, amount));
      return effects;
    },

    onDeath: () => [],

    usableItems: (f) => f.inventory.pack.filter((s) => s.quantity > 0 && isUsable(s.item)),

    useItem(t, f, item) {
      const st = f.inventory.pack.find((s) => stackKey(s) === item && s.quantity > 0);
      const d = st ? cat.item(st.item) : undefined;
      if (!st || !d || d.kind !== 'consumable' || d.def.effects.length === 0) return { error: `you have no ${cat.nameOf(item)} to use` };
      return { effects: useConsumable(t, f, d.def, item), cost: ACTION };
    },

    itemName: (id) => cat.nameOf(id),
    itemGlyph(id) {
      const d = cat.items.get(stackFromKey(id)?.item ?? id);
      if (!d) return { ch: '?', colour: 'white' };
      switch (d.kind) {
        case 'ammo':
          return { ch: '{', colour: 'grey' };
        case 'consumable':
          return d.def.kind === 'scroll' ? { ch: '?', colour: 'white' } : { ch: '!', colour: d.def.kind === 'flask' ? 'yellow' : 'bright-magenta' };
        case 'weapon':
          return { ch: d.def.kind === 'sword' ? '|' : d.def.kind === 'polearm' ? '/' : '\\', colour: 'white' };
        case 'launcher':
          return { ch: '}', colour: 'brown' };
        default:
          return { ch: '[', colour: 'grey' };
      }
    },
    equipsOnPickup: () => false,

    statusLabel(st) {
      if (st.kind === 'clock') return null;
      const n = st.level ?? 0;
      if (st.kind === 'stun') return n >= 100 ? `knocked out ${n}` : n > 50 ? `heavy stun ${n}` : `stun ${n}`;
      return `${STATUS_TEXT[st.kind] ?? st.kind} ${n}`;
    },

    aiProfile(f): AiProfile {
      const r = monsterRules(f);
      if (!r) return { keepsDistance: false };
      const m = cat.monster(r.monster);
      const r25 = m.flags.includes('rand-25');
      const r50 = m.flags.includes('rand-50');
      return {
        keepsDistance: false,
        ...(r25 || r50 ? { erratic: r25 && r50 ? 75 : r50 ? 50 : 25 } : {}),
        stopsFleeing: (self) => statusLevel(self, 'afraid') <= 0,
        actsOnWaking: true,
        turnsToFight: (self) => (statusLevel(self, 'afraid') > 0 ? [{ kind: 'remove-status', target: self.id, status: 'afraid' }] : []),
        // It hunts the player it cannot see within its detection range, or once hurt.
        tracksEnemy: (self, enemy) => angbandDistance(self.pos, enemy.pos) <= m.vision || self.body.hp < self.body.maxHp,
      };
    },

    heroTactics(f): HeroTactics {
      const fx = effectsOf(f);
      let heal: { key: string; mean: number } | undefined;
      let buff: string | undefined;
      for (const st of f.inventory.pack) {
        const d = cat.item(st.item);
        if (d.kind !== 'consumable' || st.quantity <= 0) continue;
        const key = stackKey(st);
        // A healing potion heals and does nothing else (Heroism heals 10 on the side).
        const healer = d.def.effects.every((e) => e.kind === 'heal');
        for (const e of d.def.effects) {
          if (e.kind === 'heal' && healer) {
            const dd = parseDice(e.amount);
            const mean = dd.bonus + (dd.count * (dd.sides + 1)) / 2;
            if (!heal || mean > heal.mean) heal = { key, mean };
          }
          if (buff === undefined && ((e.kind === 'berserk' && !fx.berserk) || (e.kind === 'hero' && !fx.hero && !fx.berserk) || (e.kind === 'bless' && !fx.blessed))) buff = key;
        }
      }
      return { ...(heal ? { heal: heal.key } : {}), ...(buff ? { buff } : {}) };
    },

    describeFighter(f, edition) {
      const h = heroRules(f);
      if (h) {
        const c = characterOf(f);
        const b = blowsPerRound(c, edition);
        const ac = armourClass(c).total.num;
        const s = shooting(c, edition);
        const cur = currentStats(c);
        const stats = STAT_NAMES.map((k) => `${k.toUpperCase()} ${formatStat(cur[k])}`).join(' ');
        return [
          `${b.blows} blow${b.blows === 1 ? '' : 's'}  AC ${ac}${s ? `  ${s.shots} shot${s.shots === 1 ? '' : 's'} x${s.multiplier}` : ''}`,
          `${c.weapon ? gearName(c.weapon) : 'bare hands'}${c.bow ? `; ${gearName(c.bow)}` : ''}`,
          stats,
        ];
      }
      const m = monsterOf(f);
      const r = monsterRules(f) as MonsterRules;
      const speed = r.speed - 110;
      return [
        `AC ${m.ac}  speed ${speed >= 0 ? '+' : ''}${speed}  level ${m.level}`,
        m.blows.map((b) => `${b.method} ${b.effect} ${b.dice}`).join(', ') || 'no blows',
        m.description,
      ];
    },

    recall(subject, observer, edition, now, where) {
      const h = heroRules(subject);
      const r = monsterRules(subject);
      const c = h ? characterOf(subject) : null;
      const about = c && h
        ? heroSheet(ruleset, subject, edition, now, { level: h.level, gear: angGear(c), more: angHeroLines(c, edition) })
        : angMonsterSection(ruleset, monsterOf(subject), subject, observer, edition, now, where, r?.speed ?? 110, r?.csleep ?? 0);
      const blows = r && heroRules(observer) ? angBlowLines(monsterBlows(subject, observer), monsterOf(subject), characterOf(observer)) : [];
      return recallPage(ruleset, subject, observer, edition, now, where, { about: [about], blows });
    },
  };

  const isUsable = (id: string): boolean => {
    const d = cat.items.get(id);
    return d !== undefined && d.kind === 'consumable' && d.def.effects.length > 0;
  };

  function heroMelee(t: Tracer, a: FighterView, d: FighterView, ctx: AttackContext): AttackOutcome {
    const c = characterOf(a);
    const effects: Effect[] = wakeEffects(d);
    const whom = nameOf(d);
    if (c.effects.afraid) {
      if (t.recording) {
        t.rule(SECTION_CONDITIONS, 'Fear');
        t.note('afraid: the bump wakes the monster but no blow is struck (the turn is spent)');
      }
      const luck = ctx.luck ? { luck: { law: Distribution.constant(0), dealt: 0 } } : {};
      // No blow is struck (nothing is rolled): the outcome lists none.
      return { hit: false, damage: 0, blows: [], effects, cost: ACTION, summary: `${subjectOf(a)} ${verb(a, 'are', 'is')} too afraid to attack ${whom}!`, odds: Fraction.ONE, ...luck };
    }
    const plan: MeleePlan = planMelee(t, c, targetOf(d, ctx.visible), ctx.edition);
    const odds = blowOdds(plan);
    // Every blow of the round has the same chance and law (nothing a blow does changes the next).
    const blowLaw = ctx.luck ? { hitChance: odds.hit, law: missOrHit(odds.hit, odds.damage) } : undefined;
    const blows: BlowOutcome[] = [];
    let p = Fraction.ONE;
    let hp = d.body.hp;
    let hits = 0;
    let total = 0;
    const crits: string[] = [];
    let swung = 0;
    for (let i = 0; i < plan.blows.blows && hp >= 0; i++) {
      swung++;
      const r = rollBlow(t, plan);
      p = p.mul(outcomeOdds(odds, r.hit, r.damage));
      blows.push(blowOf(plan.label, r.hit, r.damage, r.hit ? hitTags(r.crit, plan.damage) : NO_TAGS, blowLaw));
      if (!r.hit) continue;
      hits++;
      total += r.damage;
      hp -= r.damage;
      if (r.crit) crits.push(r.crit);
      effects.push({ kind: 'damage', target: d.id, amount: r.damage, cause: plan.label, source: a.id });
    }
    if (t.recording) t.odds(`P(these ${swung} blows)`, p.num, p.den);
    const unseen = ctx.visible ? '' : ' (unseen)';
    const critText = crits.length ? `, ${crits.join(', ')} critical${crits.length > 1 ? 's' : ''}` : '';
    const summary =
      hits === 0
        ? `${subjectOf(a)} ${verb(a, 'miss', 'misses')} ${whom}${unseen}${swung > 1 ? ` with all ${swung} blows` : ''}.`
        : `${subjectOf(a)} ${verb(a, 'hit')} ${whom}${unseen} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${critText}.`;
    return { hit: hits > 0, damage: total, blows, effects, cost: ACTION, summary, odds: p, ...(ctx.luck ? { luck: { law: roundLuckLaw(plan, d.body.hp), dealt: total } } : {}) };
  }

  /**
   * The luck meter's law of a round of blows: the blows stop once the monster's hit points are
   * below 0, so near its death the round is summed blow by blow; otherwise it is `roundLaw`.
   */
  function roundLuckLaw(plan: MeleePlan, hp: number): Distribution {
    const blows = plan.blows.blows;
    const one = damageLaw(plan.damage);
    if ((blows - 1) * one.max <= hp) return roundLaw(plan);
    const hit = blowOdds(plan).hit;
    const ways: AttackBranch[] = [{ p: hit.complement(), damage: Distribution.constant(0) }, { p: hit, damage: one }];
    return attacksLaw(blows, () => ways, (total) => hp - total >= 0);
  }

  function heroMissile(t: Tracer, a: FighterView, d: FighterView, option: AttackOption, ctx: AttackContext): AttackOutcome {
    const plan = missilePlan(t, a, d, option, ctx);
    const o = missileOdds(plan);
    const r = rollMissile(t, plan);
    const p = outcomeOdds(o, r.hit, r.damage);
    if (t.recording) t.odds(r.hit ? `P(hit for ${r.damage})` : 'P(miss)', p.num, p.den);
    const effects: Effect[] = [];
    const key = option.item ?? '';
    const name = cat.nameOf(key);
    if (r.hit) effects.push({ kind: 'damage', target: d.id, amount: r.damage, cause: name, source: a.id });
    const broke = rollBreakage(t, plan.breakage, { reachedMonster: true, hitMonster: r.hit, struckWall: false, distance: Math.max(Math.abs(a.pos.x - d.pos.x), Math.abs(a.pos.y - d.pos.y)) }, ctx.edition);
    if (broke) effects.push({ kind: 'message', text: `The ${name} breaks.`, tone: 'info' });
    else effects.push({ kind: 'drop', at: { x: d.pos.x, y: d.pos.y }, stack: stackForKey(a, key) });
    const whom = nameOf(d);
    const critText = r.crit ? ` (${r.crit} critical)` : '';
    const summary = r.hit ? `The ${name} hits ${whom} for ${r.damage}${critText}.` : `The ${name} misses ${whom}.`;
    const law = ctx.luck ? missOrHit(o.hit, o.damage) : undefined;
    const luck = law ? { luck: { law, dealt: r.hit ? r.damage : 0 } } : {};
    const blows = [blowOf(name, r.hit, r.damage, r.hit ? hitTags(r.crit, plan.damage) : NO_TAGS, law && { hitChance: o.hit, law })];
    return { hit: r.hit, damage: r.damage, blows, effects, cost: attackCost(a, option, ctx.edition), summary, odds: p, ...luck };
  }

  /** A monster's blows against the hero (melee1.c make_attack_normal). */
  function monsterMelee(t: Tracer, a: FighterView, d: FighterView, ctx: AttackContext): AttackOutcome {
    const m = monsterOf(a);
    const c = characterOf(d);
    const ac = armourClass(c).total.num;
    const rlev = Math.max(1, m.level);
    const effects: Effect[] = [];
    let p = Fraction.ONE;
    let hp = d.body.hp;
    let hits = 0;
    let total = 0;
    let swung = 0;
    const added: Record<string, number> = {};
    const level = (kind: string) => statusLevel(d, kind) + (added[kind] ?? 0);
    const add = (kind: string, n: number) => {
      added[kind] = (added[kind] ?? 0) + n;
    };
    const gear = structuredClone(heroRules(d)?.gear) as MutableGear;
    let gearChanged = false;
    const pack = d.inventory.pack.map((s) => ({ ...s }));
    const notes: string[] = [];
    const blows: BlowOutcome[] = [];
    // Each blow's law given the round so far: its own odds, with acid meeting the armour as worn by now.
    const odds = ctx.luck ? monsterBlows(a, d) : null;
    const blowLaw = (i: number): { hitChance: Fraction; law: Distribution } | undefined => {
      const o = odds?.[i];
      return o ? { hitChance: o.hit, law: monsterBlowLaw(o, gear) } : undefined;
    };
    for (const [i, b] of m.blows.entries()) {
      if (hp < 0) break;
      swung++;
      const dice = parseDice(b.dice);
      const chance = blowChance(b.effect, m.level);
      if (t.recording) {
        t.rule(SECTION_MONSTER_MELEE, `${m.name}: ${b.method} to ${b.effect}${dice.count > 0 ? ` (${b.dice})` : ''}`);
        t.value('accuracy', chance, `effect power + 3 x level ${rlev}`);
        t.value('your AC', ac, 'armour, its magic and dexterity');
      }
      const hitP = blowHitChance(chance, ac);
      const label = b.method;
      if (!blowHits(t, chance, ac)) {
        p = p.mul(hitP.complement());
        blows.push(blowOf(label, false, 0, NO_TAGS, blowLaw(i)));
        continue;
      }
      // Before the blow's own rolls: acid changes the armour only after its halving is decided.
      const law = blowLaw(i);
      let critical = false;
      hits++;
      let raw = 0;
      for (let i = 0; i < dice.count; i++) raw += t.roll(1, dice.sides, `damage: ${b.dice}`);
      p = p.mul(hitP).mul(dice.count > 0 ? hurtDamage(dice, 0).prob(raw) : Fraction.ONE);
      let dmg = raw;
      let critBase = raw;
      switch (b.effect) {
        case 'hurt':
          dmg = armourReduced(raw, ac);
          critBase = dmg;
          if (t.recording && dmg !== raw) t.mod('armour', raw, dmg, `damage x min(AC ${ac}, 150) / 250 absorbed`);
          break;
        case 'poison':
          if (!resists(c, 'poison')) {
            const n = t.roll(1, rlev, 'poison: 1d level') + 5;
            add('poisoned', n);
            notes.push('poisoned');
          } else if (t.recording) t.note('you resist poison: no poisoning');
          break;
        case 'acid': {
          if (resists(c, 'acid')) dmg = t.mod('resist acid', dmg, resisted(dmg), '(damage + 2) / 3');
          const slot = t.roll(1, 6, 'acid: armour slot (body, shield, cloak, gloves, helm, boots)');
          const hitItem = acidOnArmour(gear, slot);
          if (hitItem) {
            if (hitItem.damaged) gearChanged = true;
            notes.push(hitItem.damaged ? `your ${hitItem.name} is damaged` : `your ${hitItem.name} is unaffected`);
            dmg = t.mod('armour takes the acid', dmg, Math.trunc((dmg + 1) / 2), 'halved, rounding up');
          }
          itemDamage(t, pack, 'acid', raw, notes);
          break;
        }
        case 'elec':
        case 'fire':
        case 'cold': {
          const el: AngElement = b.effect;
          if (resists(c, el)) dmg = t.mod(`resist ${el}`, dmg, resisted(dmg), '(damage + 2) / 3');
          itemDamage(t, pack, el, raw, notes);
          break;
        }
        case 'terrify':
          if (resistsFear(c) || level('hero') > 0 || level('berserk') > 0) {
            if (t.recording) t.note('you resist fear');
          } else {
            const sav = savingThrow(c);
            const r = t.roll(0, 99, 'saving throw d100');
            if (t.recording ? t.check('saved when below your saving throw', r, '<', sav) : r < sav) notes.push('you stand firm');
            else {
              add('afraid', 3 + t.roll(1, rlev, 'fear: 3 + 1d level'));
              notes.push('you are terrified');
            }
          }
          break;
      }
      let cuts = METHOD_CUTS.has(b.method);
      let stuns = METHOD_STUNS.has(b.method);
      if (cuts && stuns) {
        if (t.roll(0, 99, 'cut or stun (a hit does one)') < 50) cuts = false;
        else stuns = false;
      }
      if (cuts) {
        const k = monsterCritical(t, dice, critBase);
        if (k > 0) {
          critical = true;
          add('cut', rollWound(t, CUT_BY_LEVEL, k, 'cut'));
          notes.push('cut');
        }
      }
      if (stuns) {
        const k = monsterCritical(t, dice, critBase);
        if (k > 0) {
          critical = true;
          add('stun', rollWound(t, STUN_BY_LEVEL, k, 'stun'));
          notes.push('stunned');
        }
      }
      total += dmg;
      hp -= dmg;
      effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: `${m.name}'s ${b.method}`, source: a.id });
      blows.push(blowOf(label, true, dmg, critical ? CRITICAL : NO_TAGS, law));
    }
    for (const [kind, n] of Object.entries(added)) {
      if (n > 0) effects.push({ kind: 'status', target: d.id, status: { kind, level: statusLevel(d, kind) + n }, mode: 'set' });
    }
    if (gearChanged) effects.push({ kind: 'rules', target: d.id, patch: { gear } });
    for (const st of d.inventory.pack) {
      const after = pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
      if (after < st.quantity) effects.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
    }
    if (t.recording) t.odds(`P(these hits and damage rolls)`, p.num, p.den);
    const whom = nameOf(d);
    const extra = notes.length ? ` (${[...new Set(notes)].join(', ')})` : '';
    const summary =
      hits === 0
        ? `${subjectOf(a)} misses ${whom}${swung > 1 ? ` with all ${swung} blows` : ''}.`
        : `${subjectOf(a)} hits ${whom} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${extra}.`;
    const luck = ctx.luck ? { luck: { law: monsterLuckLaw(a, d), dealt: total } } : {};
    return { hit: hits > 0, damage: total, blows, effects, cost: ACTION, summary, odds: p, ...luck };
  }

  /**
   * The law of one monster blow's hit points given the armour as the round has left it: a miss
   * (0), or a hit for its damage; an acid hit meets one of the six armour slots at random and is
   * halved (rounding up) when that slot holds armour with AC left, as `acidOnArmour` decides.
   */
  function monsterBlowLaw(o: BlowOdds, gear: GearData | MutableGear): Distribution {
    const none = Distribution.constant(0);
    const damage = o.damage ?? none;
    if (o.blow.effect !== 'acid') return missOrHit(o.hit, damage);
    let covered = 0;
    for (let slot = 1; slot <= 6; slot++) {
      const st = slotArmour(gear, slot);
      const def = st ? cat.items.get(st.item) : undefined;
      if (st && def?.kind === 'armour' && def.def.ac + def.def.toAc + (st.magic?.toAc ?? 0) > 0) covered++;
    }
    const halved = damage.map((x) => Math.trunc((x + 1) / 2));
    return mixture([
      { weight: o.hit.complement(), dist: none },
      { weight: o.hit.mul(Fraction.of(covered, 6)), dist: halved },
      { weight: o.hit.mul(Fraction.of(6 - covered, 6)), dist: damage },
    ]);
  }

  /**
   * The luck meter's law of a monster's blows: each blow's chance to land and its damage after
   * armour and resistances (`blowsAgainst`), the blows stopping once the hero's hit points are
   * below 0. An acid blow also meets the armour in one of six slots at random, which halves it
   * (rounding up) and wears that piece down by 1; the state counts each slot's wear, so a piece
   * worn to nothing by an earlier blow of the round takes no more acid, as in the game.
   */
  function monsterLuckLaw(a: FighterView, d: FighterView): Distribution {
    const gear = heroRules(d)?.gear as GearData;
    const slots = ([1, 2, 3, 4, 5, 6] as const).map((slot) => {
      const st = slotArmour(gear, slot);
      const def = st ? cat.item(st.item) : undefined;
      return st && def?.kind === 'armour' ? { ac: def.def.ac + def.def.toAc + (st.magic?.toAc ?? 0), ignores: def.def.ignoreAcid === true } : null;
    });
    const blows = monsterBlows(a, d);
    const none = Distribution.constant(0);
    const ways = (i: number, state: number): AttackBranch[] => {
      const b = blows[i] as BlowOdds;
      const out: AttackBranch[] = [{ p: b.hit.complement(), damage: none }];
      const damage = b.damage ?? none;
      if (b.blow.effect !== 'acid') return [...out, { p: b.hit, damage }];
      const halved = damage.map((x) => Math.trunc((x + 1) / 2));
      const sixth = b.hit.mul(Fraction.of(1, 6));
      slots.forEach((sl, k) => {
        const worn = Math.trunc(state / 8 ** k) % 8;
        if (!sl || sl.ac - (sl.ignores ? 0 : worn) <= 0) out.push({ p: sixth, damage });
        else out.push({ p: sixth, damage: halved, state: sl.ignores ? state : state + 8 ** k });
      });
      return out;
    };
    const hp = d.body.hp;
    return attacksLaw(blows.length, ways, (total) => hp - total >= 0);
  }

  /** The armour worn in an acid slot, 1 to 6: body, shield, cloak, gloves, helm, boots. */
  function slotArmour(gear: GearData | MutableGear, slot: number): ItemStack | undefined {
    const order = ['body', 'shield', 'cloak', 'gloves', 'helm', 'boots'] as const;
    const want = order[slot - 1];
    return (want === 'body' ? gear.body : want === 'shield' ? gear.shield : gear.worn.find((w) => {
      const d = cat.items.get(w.item);
      return d?.kind === 'armour' && d.def.slot === want;
    })) ?? undefined;
  }

  /** Acid on a random armour slot: the item loses 1 to-AC unless it ignores acid. */
  function acidOnArmour(gear: MutableGear, slot: number): { name: string; damaged: boolean } | null {
    const st = slotArmour(gear, slot);
    if (!st) return null;
    const d = cat.item(st.item);
    if (d.kind !== 'armour') return null;
    const toAc = d.def.toAc + (st.magic?.toAc ?? 0);
    if (d.def.ac + toAc <= 0) return null;
    if (d.def.ignoreAcid) return { name: d.def.name, damaged: false };
    st.magic = { toHit: st.magic?.toHit ?? 0, toDam: st.magic?.toDam ?? 0, toAc: (st.magic?.toAc ?? 0) - 1, ...(st.magic?.ego ? { ego: st.magic.ego } : {}), ...(st.magic?.pval !== undefined ? { pval: st.magic.pval } : {}) };
    return { name: d.def.name, damaged: true };
  }

  /**
   * Elements destroy things carried in the pack (spells1.c inven_damage): each unit of a kind
   * the element hates has a 1, 2 or 3 in 100 chance (by the blow's damage: under 30, under 60,
   * more) unless it ignores that element.
   */
  function itemDamage(t: Tracer, pack: ItemStack[], el: AngElement, raw: number, notes: string[]): void {
    const perc = raw < 30 ? 1 : raw < 60 ? 2 : 3;
    for (const st of pack) {
      if (st.quantity <= 0 || !hatesElement(st, el)) continue;
      let lost = 0;
      for (let j = 0; j < st.quantity; j++) if (t.roll(0, 9999, `${el}: destroys ${cat.nameOf(stackKey(st))}?`) < perc * 100) lost++;
      if (lost > 0) {
        st.quantity -= lost;
        notes.push(`${lost} ${cat.nameOf(stackKey(st))} destroyed`);
      }
    }
  }

  function hatesElement(st: ItemStack, el: AngElement): boolean {
    const d = cat.item(st.item);
    const ego = st.magic?.ego ? cat.egos.get(st.magic.ego) : undefined;
    const ignores = [...(d.kind === 'ammo' ? d.def.ignores : []), ...(ego?.ignores ?? [])];
    if (ignores.includes(el)) return false;
    switch (d.kind) {
      case 'ammo':
        return (el === 'acid' && d.def.ammo !== 'shot') || (el === 'fire' && d.def.ammo === 'arrow');
      case 'weapon':
        return el === 'acid' || (el === 'fire' && (d.def.kind === 'hafted' || d.def.kind === 'polearm'));
      case 'consumable':
        return d.def.kind === 'scroll' ? el === 'acid' || el === 'fire' : el === 'cold';
      default:
        return false;
    }
  }

  /** Waking a sleeping monster (bumping it, hitting it). */
  function wakeEffects(d: FighterView): Effect[] {
    const r = monsterRules(d);
    if (!r) return [];
    const out: Effect[] = r.csleep > 0 ? [{ kind: 'rules', target: d.id, patch: { csleep: 0 } }] : [];
    if (d.ai?.mode === 'sleeping') {
      out.push({ kind: 'ai-mode', target: d.id, mode: 'hunting' });
      out.push({ kind: 'message', text: `${subjectOf(d)} wakes up.`, tone: 'warn' });
    }
    return out;
  }

  /** A monster hurt may take fright, or get over it (xtra2.c mon_take_hit). */
  function monsterFear(t: Tracer, v: FighterView, dam: number): Effect[] {
    if (dam <= 0) return [];
    const m = monsterOf(v);
    const fear = statusLevel(v, 'afraid');
    if (t.recording) t.rule(SECTION_CONDITIONS, 'Monster fear');
    const out: Effect[] = [];
    if (fear > 0) {
      const r = t.roll(1, dam, 'damage shakes off fear: 1d damage');
      if (r < fear) return [{ kind: 'status', target: v.id, status: { kind: 'afraid', level: fear - r }, mode: 'set' }];
      // Its fear is gone; the same blow may frighten it afresh (xtra2.c mon_take_hit).
      out.push({ kind: 'remove-status', target: v.id, status: 'afraid' }, { kind: 'ai-mode', target: v.id, mode: 'hunting' });
    }
    if (m.flags.includes('no-fear')) {
      if (t.recording) t.note(`${m.name} knows no fear`);
      return out;
    }
    const hp = v.body.hp;
    const pct = Math.trunc((100 * hp) / v.body.maxHp);
    const r10 = t.roll(1, 10, 'fear: 1d10 at least the health percentage');
    let scared = t.recording ? t.check(`1d10 >= ${pct}% health`, r10, '>=', pct) : r10 >= pct;
    if (!scared && dam >= hp) scared = t.roll(0, 99, 'fear: a blow as big as its health, 80%') < 80;
    if (!scared) return out;
    const level = t.roll(1, 10, 'fear lasts 1d10 +') + (dam >= hp && pct > 7 ? 20 : (11 - pct) * 5);
    return [
      ...out.filter((e) => e.kind !== 'ai-mode'),
      { kind: 'status', target: v.id, status: { kind: 'afraid', level }, mode: 'set' },
      { kind: 'ai-mode', target: v.id, mode: 'fleeing' },
      { kind: 'message', text: `${subjectOf(v)} flees in terror!`, tone: 'good' },
    ];
  }

  /** Every ten game turns: poison and cuts hurt, hit points regenerate, conditions wear off (dungeon.c process_world). */
  function heroClock(t: Tracer, f: FighterView, clock: Status): Effect[] {
    const c = characterOf(f);
    const effects: Effect[] = [];
    const next = (clock.next ?? 0) + CLOCK;
    const poisoned = statusLevel(f, 'poisoned');
    const cut = statusLevel(f, 'cut');
    const stun = statusLevel(f, 'stun');
    let hp = f.body.hp;
    if (poisoned > 0) {
      effects.push({ kind: 'damage', target: f.id, amount: 1, cause: 'poison' });
      hp -= 1;
    }
    if (cut > 0) {
      const n = cut > 200 ? 3 : cut > 100 ? 2 : 1;
      effects.push({ kind: 'damage', target: f.id, amount: n, cause: 'a cut' });
      hp -= n;
    }
    // Regeneration (dungeon.c regenhp): mhp x percent + 1442, in 65536ths of a hit point; the
    // percent is 197, doubled by REGEN, and 0 while poisoned, cut or stunned.
    let frac = clock.level ?? 0;
    if (hp < f.body.maxHp) {
      const percent = poisoned > 0 || cut > 0 || stun > 0 ? 0 : regenerates(c) ? 394 : 197;
      const gain = f.body.maxHp * percent + 1442;
      let whole = Math.floor(gain / 65536);
      frac += gain % 65536;
      if (frac >= 65536) {
        frac -= 65536;
        whole++;
      }
      if (whole > 0) effects.push({ kind: 'heal', target: f.id, amount: whole, cause: 'regeneration' });
      if (hp + whole >= f.body.maxHp) frac = 0;
    } else frac = 0;
    effects.push({ kind: 'status', target: f.id, status: { kind: 'clock', next, level: frac }, mode: 'set' });
    for (const k of TEMPORARY) {
      const n = statusLevel(f, k);
      if (n <= 0) continue;
      if (n > 1) effects.push({ kind: 'status', target: f.id, status: { kind: k, level: n - 1 }, mode: 'set' });
      else {
        effects.push({ kind: 'remove-status', target: f.id, status: k });
        effects.push({ kind: 'message', text: (ENDS[k] as (f: FighterView) => string)(f), tone: 'info' });
      }
    }
    const rate = recoveryRate(c);
    for (const k of ['poisoned', 'stun', 'cut'] as const) {
      const n = statusLevel(f, k);
      if (n <= 0) continue;
      const left = k === 'cut' && n > 1000 ? n : Math.max(0, n - rate);
      if (left > 0) effects.push({ kind: 'status', target: f.id, status: { kind: k, level: left }, mode: 'set' });
      else {
        effects.push({ kind: 'remove-status', target: f.id, status: k });
        effects.push({ kind: 'message', text: (ENDS[k] as (f: FighterView) => string)(f), tone: 'info' });
      }
    }
    if (t.recording && (poisoned > 0 || cut > 0 || stun > 0)) {
      t.rule(SECTION_CONDITIONS, 'Conditions');
      t.note(`every ten game turns poison and cuts hurt, and poison, stun and cuts ease by ${rate} (CON)`);
    }
    return effects;
  }

  /** Every hundred game turns a hurt monster regains 1% of its hit points, 2% if it regenerates. */
  function monsterClock(f: FighterView, at: number): Effect[] {
    const m = monsterOf(f);
    const effects: Effect[] = [{ kind: 'status', target: f.id, status: { kind: 'clock', next: at + MONSTER_CLOCK }, mode: 'set' }];
    if (f.body.hp < f.body.maxHp) {
      const frac = Math.max(1, Math.trunc(f.body.maxHp / 100)) * (m.flags.includes('regenerate') ? 2 : 1);
      effects.unshift({ kind: 'heal', target: f.id, amount: frac, cause: 'regeneration' });
    }
    return effects;
  }

  /** Quaffs a potion or reads a scroll (lib/script/object.lua). */
  function useConsumable(t: Tracer, f: FighterView, def: AngConsumable, key: string): Effect[] {
    if (t.recording) t.rule(SECTION_CONDITIONS, `${def.kind === 'scroll' ? 'Read' : 'Drink'} ${def.name}`);
    const effects: Effect[] = [{ kind: 'consume', target: f.id, item: key, quantity: 1 }];
    const notes: string[] = [];
    for (const e of def.effects) {
      switch (e.kind) {
        case 'heal': {
          const dd = parseDice(e.amount);
          let n = dd.bonus;
          for (let i = 0; i < dd.count; i++) n += t.roll(1, dd.sides, `heal: ${e.amount}`);
          if (f.body.hp < f.body.maxHp) {
            effects.push({ kind: 'heal', target: f.id, amount: n, cause: def.name });
            // Healed to full, the fraction of a hit point is dropped (spells2.c hp_player).
            const clock = f.statuses.find((x) => x.kind === 'clock');
            if (f.body.hp + n >= f.body.maxHp && clock?.level) effects.push({ kind: 'status', target: f.id, status: { ...clock, level: 0 }, mode: 'set' });
          }
          const cut = statusLevel(f, 'cut');
          if (cut > 0) {
            const left = Math.max(0, Math.trunc(cut / e.cutDivide) - e.cutReduce);
            effects.push(left > 0 ? { kind: 'status', target: f.id, status: { kind: 'cut', level: left }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'cut' });
          }
          notes.push(`heals ${n}`);
          break;
        }
        case 'cure-fear':
          if (statusLevel(f, 'afraid') > 0) effects.push({ kind: 'remove-status', target: f.id, status: 'afraid' });
          break;
        case 'bless':
        case 'hero':
        case 'berserk': {
          const dd = parseDice(e.turns);
          let n = dd.bonus;
          for (let i = 0; i < dd.count; i++) n += t.roll(1, dd.sides, `${e.kind}: ${e.turns} turns`);
          const kind = e.kind === 'bless' ? 'blessed' : e.kind;
          effects.push({ kind: 'status', target: f.id, status: { kind, level: statusLevel(f, kind) + n }, mode: 'set' });
          notes.push(`${STATUS_TEXT[kind]} for ${n}`);
          break;
        }
      }
    }
    effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, def.kind === 'scroll' ? 'read' : 'drink')} ${def.kind === 'scroll' ? 'a Scroll' : 'a Potion'} of ${def.name}: ${notes.join(', ') || 'nothing happens'}.`, tone: 'good' });
    return effects;
  }

  return ruleset;
}

/** How many rolls of 0..1023 pass n^3 <= 2^(30 - stealth) (the chance to hear the player, in 1024ths). */
export function noiseCount(stl: number): number {
  const noise = 2 ** (30 - stl);
  let n = 0;
  while (n < 1024 && n ** 3 <= noise) n++;
  return n;
}

/**
 * The hit points rolled for a level (birth.c get_extra): the full hit die at level 1, then one
 * die per level; the whole run of 49 is rolled again until the level-50 total lies between
 * 3/8 and 5/8 of the range. Without a tracer: the full first die and the average of the rest.
 */
export function rollLevelHp(t: Tracer | undefined, hitdie: number, level: number): number {
  if (!t) return hitdie + Math.trunc(((level - 1) * (hitdie + 1)) / 2);
  const lo = Math.trunc((50 * (hitdie - 1) * 3) / 8) + 50;
  const hi = Math.trunc((50 * (hitdie - 1) * 5) / 8) + 50;
  const silent = t.silent();
  for (let tries = 1; ; tries++) {
    let sum = hitdie;
    let atLevel = hitdie;
    for (let i = 1; i < 50; i++) {
      sum += silent.roll(1, hitdie, 'hit die');
      if (i === level - 1) atLevel = sum;
    }
    if (sum < lo || sum > hi) continue;
    if (t.recording) t.value('rolled hit points', atLevel, `level ${level} of 50 levels rolled on 1d${hitdie} (${tries} ${tries === 1 ? 'try' : 'tries'}: the level-50 total must be ${lo}-${hi})`);
    return atLevel;
  }
}

