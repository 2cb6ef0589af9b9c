import { Fraction } from '../../core/fraction.js';
import { formatRatio } from '../../core/ratio.js';
import type { Tracer } from '../../core/trace.js';
import type { ItemStack, Status } from '../../world/components.js';
import { Terrain } from '../../world/terrain.js';
import type { Edition } from '../edition.js';
import type {
  AiProfile,
  AttackContext,
  AttackOption,
  AttackOutcome,
  AttackPreview,
  BlowTag,
  CatalogEntry,
  Effect,
  FighterInit,
  FighterSpec,
  FighterView,
  NoticeCheck,
  Ruleset,
} from '../ruleset.js';
import { type PdAttack, attackOdds, heroAttack, monsterAttack, rollAttack } from './combat.js';
import { PD_DIVERGENCE_LIST } from './divergences.js';
import { SECTION_STATUS, bleedingTick, boneShards, breaksFree, noticeOdds, noticeRoll, oneIn, poisonDamage } from './effects.js';
import { f32, intRange } from './random.js';
import {
  MILLITURNS,
  type PdDefender,
  type PdHeroSheet,
  armourDr,
  armourStrength,
  heroAccuracy,
  heroDodge,
  heroMaxHp,
  heroMeleeDelay,
  heroMoveDelay,
  heroStrength,
  heroThrowDelay,
  meleeDamageRange,
  meleeStrength,
  monsterDr,
  monsterMoveDelay,
  toMilliturns,
} from './stats.js';
import type { PdAbility, PdClass, PdHero, PdMonster, PdSubclassId, PdTables } from './types.js';
import { nameOf, possessive, subjectOf, verb } from '../names.js';
import { NO_TAGS, PREVIEW_TRACER, blowOf, capitalise, missOrHit, numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import { heroSheet, recallPage } from '../recall.js';
import { pdMonsterSection } from './recall.js';

export const PD_ID = 'pixel-dungeon' as const;

/** Ruleset data on a Pixel Dungeon hero entity. */
interface HeroRules {
  readonly kind: 'pd-hero';
  readonly cls: PdClass['id'];
  readonly subclass: PdSubclassId;
  readonly level: number;
  readonly strength: number;
  readonly stealth: number;
}

/** Ruleset data on a Pixel Dungeon monster entity. */
interface MonsterRules {
  readonly kind: 'pd-monster';
  readonly monster: string;
  readonly enraged: boolean;
  readonly stolen: ItemStack | null;
}

const TICK = MILLITURNS;
const REGEN_INTERVAL = 10 * TICK;
const SURPRISE: readonly BlowTag[] = Object.freeze(['surprise'] as const);

export function createPixelDungeon(tables: PdTables): Ruleset {
  const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((r) => [r.id, r] as const));
  const classes = byId(tables.classes);
  const heroes = byId(tables.heroes);
  const melee = byId(tables.meleeWeapons);
  const missiles = byId(tables.missileWeapons);
  const armours = byId(tables.armours);
  const wands = byId(tables.wands);
  const potions = byId(tables.potions);
  const monsters = byId(tables.monsters);

  const heroRules = (f: FighterView): HeroRules | undefined => (f.rules['kind'] === 'pd-hero' ? (f.rules as unknown as HeroRules) : undefined);
  const monsterRules = (f: FighterView): MonsterRules | undefined =>
    f.rules['kind'] === 'pd-monster' ? (f.rules as unknown as MonsterRules) : undefined;
  const monsterOf = (f: FighterView): PdMonster => {
    const r = monsterRules(f);
    const m = r && monsters.get(r.monster);
    if (!m) throw new Error(`${f.fighter.name} is not a Pixel Dungeon monster`);
    return m;
  };
  const ability = <K extends PdAbility['kind']>(m: PdMonster, kind: K) =>
    m.abilities.find((a) => a.kind === kind) as Extract<PdAbility, { kind: K }> | undefined;

  const statusActive = (f: FighterView, kind: string, now: number): boolean =>
    f.statuses.some((s) => s.kind === kind && (s.until === undefined || s.until > now));

  const sheetOf = (f: FighterView, now: number): PdHeroSheet => {
    const r = heroRules(f);
    const cls = r && classes.get(r.cls);
    if (!r || !cls) throw new Error(`${f.fighter.name} is not a Pixel Dungeon hero`);
    const w = f.inventory.weapon;
    const a = f.inventory.armour;
    const wd = w ? melee.get(w.item) : undefined;
    const ad = a ? armours.get(a.item) : undefined;
    return {
      cls,
      subclass: r.subclass,
      level: r.level,
      strength: r.strength,
      weakened: statusActive(f, 'weakened', now),
      ...(wd && w ? { weapon: { def: wd, level: w.level } } : {}),
      ...(ad && a ? { armour: { def: ad, level: a.level } } : {}),
    };
  };

  const defenderOf = (f: FighterView, now: number): PdDefender => {
    const onWater = false;
    const paralysed = statusActive(f, 'paralysed', now);
    if (heroRules(f)) {
      const sawAttacker = f.awareness?.enemySeen ?? true;
      return { kind: 'hero', sheet: sheetOf(f, now), paralysed, sawAttacker, onWater, flying: f.fighter.flying };
    }
    const mode = f.ai?.mode ?? 'hunting';
    return {
      kind: 'monster',
      monster: monsterOf(f),
      paralysed,
      enemySeen: f.awareness?.enemySeen ?? false,
      state: mode,
      onWater,
      flying: f.fighter.flying,
    };
  };

  const buildAttack = (t: Tracer, a: FighterView, d: FighterView, option: AttackOption, ctx: AttackContext): PdAttack => {
    const defender = { ...defenderOf(d, ctx.now), onWater: ctx.defenderTerrain === Terrain.Water };
    const actx = { edition: ctx.edition, distance: ctx.distance };
    if (heroRules(a)) {
      const h = { sheet: sheetOf(a, ctx.now), fury: statusActive(a, 'fury', ctx.now) };
      if (option.id === 'melee') return heroAttack(t, h, { kind: 'melee' }, defender, actx);
      if (option.id.startsWith('throw:')) {
        const m = missiles.get(option.item ?? '');
        if (!m) throw new Error(`unknown missile ${option.item}`);
        return heroAttack(t, h, { kind: 'thrown', missile: m }, defender, actx);
      }
      if (option.id.startsWith('zap:')) {
        const stack = a.inventory.pack.find((s) => s.item === option.item);
        return heroAttack(t, h, { kind: 'wand' }, defender, actx, stack?.level ?? 0);
      }
      throw new Error(`a hero has no attack "${option.id}"`);
    }
    const m = monsterOf(a);
    const enraged = monsterRules(a)?.enraged ?? false;
    if (option.id === 'melee') return monsterAttack(t, m, enraged, { kind: 'melee' }, defender, actx);
    if (option.id === 'ranged') return monsterAttack(t, m, enraged, { kind: 'ranged' }, defender, actx);
    const spell = option.id === 'spell:lightning' ? ability(m, 'lightning') : option.id === 'spell:shadow-bolt' ? ability(m, 'shadow-bolt') : undefined;
    if (!spell) throw new Error(`${m.name} has no attack "${option.id}"`);
    return monsterAttack(t, m, enraged, { kind: spell.kind, damage: spell.damage }, defender, actx);
  };

  const attackCost = (a: FighterView, option: AttackOption, now: number): number => {
    if (heroRules(a)) {
      const sheet = sheetOf(a, now);
      if (option.id === 'melee') return heroMeleeDelay(sheet);
      if (option.id.startsWith('throw:')) {
        const m = missiles.get(option.item ?? '');
        return m ? heroThrowDelay(sheet, m) : TICK;
      }
      return TICK; // wands: Wand.TIME_TO_ZAP
    }
    const m = monsterOf(a);
    if (option.id === 'spell:lightning') return toMilliturns(ability(m, 'lightning')?.delay ?? 1);
    if (option.id === 'spell:shadow-bolt') return toMilliturns(ability(m, 'shadow-bolt')?.delay ?? 1);
    return toMilliturns(m.attackDelay);
  };

  const itemName = (id: string): string =>
    melee.get(id)?.name ?? missiles.get(id)?.name ?? armours.get(id)?.name ?? wands.get(id)?.name ?? potions.get(id)?.name ?? id;


  const catalog: CatalogEntry[] = [
    ...tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
    ...tables.monsters.map((m) => ({ id: m.id, name: m.name, kind: 'monster' as const, description: m.description })),
  ];

  function buildHero(h: PdHero, options: FighterSpec['options']): FighterInit {
    const cls = classes.get(h.class);
    if (!cls) throw new Error(`hero ${h.id}: unknown class ${h.class}`);
    refuseUnknownOptions(options, `hero ${h.id}`, ['level', 'strength', 'weapon', 'armour']);
    const level = numberOption(options, 'level', h.level, 1, 30);
    const strength = numberOption(options, 'strength', h.strength ?? cls.strength, 1, 30);
    const weaponId = stringOption(options, 'weapon', h.weapon);
    const armourId = stringOption(options, 'armour', h.armour);
    if (weaponId !== undefined && weaponId !== 'none' && !melee.has(weaponId)) {
      throw new Error(`unknown weapon "${weaponId}"; choose one of: none, ${[...melee.keys()].join(', ')}`);
    }
    if (armourId !== undefined && armourId !== 'none' && !armours.has(armourId)) {
      throw new Error(`unknown armour "${armourId}"; choose one of: none, ${[...armours.keys()].join(', ')}`);
    }
    const maxHp = heroMaxHp(cls, level);
    const pack: ItemStack[] = h.pack.map((p) => {
      const wand = wands.get(p.item);
      return wand ? { item: p.item, quantity: p.quantity, level: 0, charges: wand.charges } : { item: p.item, quantity: p.quantity, level: 0 };
    });
    const statuses: Status[] = [{ kind: 'regeneration', next: REGEN_INTERVAL }];
    if (pack.some((s) => wands.has(s.item))) statuses.push({ kind: 'recharge', next: rechargeInterval(pack) });
    const rules: HeroRules = { kind: 'pd-hero', cls: cls.id, subclass: h.subclass, level, strength, stealth: h.ringOfShadows ?? 0 };
    const sub = h.subclass === 'none' ? '' : ` (${capitalise(h.subclass)})`;
    return {
      fighter: { name: `${h.name}`, kind: 'hero', templateId: h.id, flying: false, opensDoors: true },
      glyph: { ch: '@', colour: 'white' },
      body: { hp: maxHp, maxHp },
      inventory: {
        weapon: weaponId && weaponId !== 'none' ? { item: weaponId, quantity: 1, level: h.weaponLevel ?? 0 } : null,
        armour: armourId && armourId !== 'none' ? { item: armourId, quantity: 1, level: h.armourLevel ?? 0 } : null,
        pack,
      },
      statuses,
      rules: { ...rules, title: `${cls.name} ${level}${sub}` },
      title: `${cls.name} ${level}${sub}`,
      aiMode: 'hunting',
    };
  }

  const rechargeInterval = (pack: readonly ItemStack[]): number => {
    const w = pack.find((s) => wands.has(s.item));
    const def = w && wands.get(w.item);
    return def ? def.rechargeTurns * TICK : 40 * TICK;
  };

  const ruleset: Ruleset = {
    id: PD_ID,
    name: 'Pixel Dungeon',
    description: 'Pixel Dungeon 1.9.1 (Watabou): accuracy against dodge, armour absorption, surprise attacks.',
    divergences: PD_DIVERGENCE_LIST,
    ticksPerTurn: TICK,
    energyThreshold: 0,
    autoCloseDoors: true,
    defaultHero: 'warrior',
    defaultFoe: 'gnoll-scout',

    catalog: () => catalog,

    buildFighter(spec: FighterSpec, _edition: Edition): FighterInit {
      const h = heroes.get(spec.template);
      if (h) return buildHero(h, spec.options);
      const m = monsters.get(spec.template);
      if (!m) {
        throw new Error(
          `unknown fighter "${spec.template}" for pixel-dungeon; heroes: ${[...heroes.keys()].join(', ')}; monsters: ${[...monsters.keys()].join(', ')}`,
        );
      }
      refuseUnknownOptions(spec.options, `monster ${m.id}`, []);
      const rules: MonsterRules = { kind: 'pd-monster', monster: m.id, enraged: false, stolen: null };
      return {
        fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: m.flying, opensDoors: true },
        glyph: { ch: m.glyph, colour: m.colour },
        body: { hp: m.hp, maxHp: m.hp },
        inventory: { weapon: null, armour: null, pack: [] },
        statuses: [],
        rules: { ...rules },
        aiMode: m.startState,
      };
    },

    energyGain: () => 1,
    viewRadius: (f) => (heroRules(f) ? 8 : monsterOf(f).viewDistance),
    tramplesGrass: (f) => f.fighter.kind === 'hero' && !f.fighter.flying,

    actionCost(f, action, now): number {
      if (action !== 'move') return TICK;
      const crippled = statusActive(f, 'crippled', now);
      if (heroRules(f)) return heroMoveDelay(sheetOf(f, now), crippled);
      return monsterMoveDelay(monsterOf(f).speed, crippled);
    },

    turnStart(t, f, now) {
      const effects: Effect[] = [];
      for (const s of f.statuses) {
        if (s.until !== undefined && s.until <= now) {
          effects.push({ kind: 'remove-status', target: f.id, status: s.kind });
          const text = STATUS_END[s.kind];
          if (text) effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, text[0], text[1])} ${text[2]}.`, tone: 'info' });
        }
      }
      const h = heroRules(f);
      if (h && h.subclass === 'berserker' && statusActive(f, 'fury', now) && f.body.hp > f32(f.body.maxHp * f32(0.4))) {
        effects.push({ kind: 'remove-status', target: f.id, status: 'fury' });
        effects.push({ kind: 'message', text: `${capitalise(possessive(f))} fury fades.`, tone: 'info' });
      }
      const paralysed = statusActive(f, 'paralysed', now);
      if (paralysed) {
        if (t.recording) t.note(`${nameOf(f)} ${verb(f, 'are', 'is')} paralysed and ${verb(f, 'lose')} the turn`);
        // A paralysed mob does not see its enemy at this turn (Mob.act).
        if (!h) effects.push({ kind: 'awareness', target: f.id, enemySeen: false });
      }
      return { skip: paralysed, cost: TICK, effects };
    },

    nextStatusTime(f) {
      let next: number | undefined;
      for (const s of f.statuses) if (s.next !== undefined && (next === undefined || s.next < next)) next = s.next;
      return next;
    },

    statusTick(t, f, now) {
      const effects: Effect[] = [];
      for (const s of f.statuses) {
        if (s.next === undefined || s.next > now) continue;
        if (s.kind === 'bleeding') {
          const level = s.level ?? 0;
          const dmg = bleedingTick(t, level);
          if (dmg > 0) {
            effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'bleeding' });
            effects.push({ kind: 'status', target: f.id, status: { kind: 'bleeding', level: dmg, next: s.next + TICK }, mode: 'set' });
          } else {
            effects.push({ kind: 'remove-status', target: f.id, status: 'bleeding' });
            effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'stop')} bleeding.`, tone: 'info' });
          }
        } else if (s.kind === 'poisoned') {
          const left = s.level ?? 0;
          if (t.recording) {
            t.rule(SECTION_STATUS, 'Poison');
            t.value('poison damage', poisonDamage(left), `${left} turns left: ${left} / 3 + 1`);
          }
          effects.push({ kind: 'damage', target: f.id, amount: poisonDamage(left), cause: 'poison' });
          if (left - 1 > 0) effects.push({ kind: 'status', target: f.id, status: { kind: 'poisoned', level: left - 1, next: s.next + TICK }, mode: 'set' });
          else effects.push({ kind: 'remove-status', target: f.id, status: 'poisoned' });
        } else if (s.kind === 'regeneration') {
          if (f.body.hp < f.body.maxHp) effects.push({ kind: 'heal', target: f.id, amount: 1, cause: 'regeneration' });
          effects.push({ kind: 'status', target: f.id, status: { kind: 'regeneration', next: s.next + REGEN_INTERVAL }, mode: 'set' });
        } else if (s.kind === 'recharge') {
          for (const stack of f.inventory.pack) {
            const w = wands.get(stack.item);
            if (w && (stack.charges ?? 0) < Math.min(w.charges + stack.level, 9)) {
              effects.push({ kind: 'charge', target: f.id, item: stack.item, delta: 1 });
            }
          }
          effects.push({ kind: 'status', target: f.id, status: { kind: 'recharge', next: s.next + rechargeInterval(f.inventory.pack) }, mode: 'set' });
        }
      }
      return effects;
    },

    attackOptions(f): AttackOption[] {
      const out: AttackOption[] = [];
      if (heroRules(f)) {
        const w = f.inventory.weapon;
        out.push({ id: 'melee', label: w ? itemName(w.item) : 'bare hands', kind: 'melee' });
        for (const s of f.inventory.pack) {
          if (missiles.has(s.item) && s.quantity > 0) {
            const spends = missiles.get(s.item)?.returns ? 'nothing' : 'item';
            out.push({ id: `throw:${s.item}`, label: `throw ${itemName(s.item)}`, kind: 'projectile', projectile: { magic: false, hitChars: true }, item: s.item, spends });
          } else if (wands.has(s.item) && (s.charges ?? 0) > 0) {
            out.push({ id: `zap:${s.item}`, label: `zap ${itemName(s.item)}`, kind: 'projectile', projectile: { magic: true, hitChars: true }, item: s.item, spends: 'charge' });
          }
        }
        return out;
      }
      const m = monsterOf(f);
      if (ability(m, 'ranged-only')) out.push({ id: 'ranged', label: 'sting', kind: 'projectile', projectile: { magic: false, hitChars: true } });
      else out.push({ id: 'melee', label: 'melee', kind: 'melee' });
      if (ability(m, 'lightning')) out.push({ id: 'spell:lightning', label: 'lightning', kind: 'projectile', projectile: { magic: false, hitChars: true } });
      if (ability(m, 'shadow-bolt')) out.push({ id: 'spell:shadow-bolt', label: 'shadow bolt', kind: 'projectile', projectile: { magic: false, hitChars: true } });
      return out;
    },

    canUse(option, distance): boolean {
      if (option.id === 'melee') return distance === 1;
      if (option.id.startsWith('throw:') || option.id.startsWith('zap:')) return distance >= 1;
      // Mob spells and the scorpio's sting: only beyond arm's reach (adjacent mobs melee).
      return distance > 1;
    },

    resolveAttack(t, attacker, defender, option, ctx): AttackOutcome {
      const att = buildAttack(t, attacker, defender, option, ctx);
      const roll = rollAttack(t, att);
      const odds = attackOdds(att);
      const cost = attackCost(attacker, option, ctx.now);
      const p = roll.hit ? odds.hit.mul(odds.damage.prob(roll.damage)) : odds.hit.complement();
      if (t.recording) t.odds(roll.hit ? `P(hit for ${roll.damage})` : 'P(miss)', p.num, p.den);
      const effects: Effect[] = [];
      // The luck meter: a miss (0) or a hit's damage, by the laws the odds come from.
      const law = ctx.luck ? missOrHit(odds.hit, odds.damage) : undefined;
      const luck = law ? { luck: { law, dealt: roll.hit ? roll.damage : 0 } } : {};
      // One blow, a surprise attack when the defender's dodge counted as 0, hit or miss.
      const tags = att.surprise ? SURPRISE : NO_TAGS;
      const blows = [blowOf(att.label, roll.hit, roll.hit ? roll.damage : 0, tags, law && { hitChance: odds.hit, law })];
      const whom = nameOf(defender);
      // Monster attack labels name their owner ("scorpio's sting").
      const subject = option.id === 'melee' ? subjectOf(attacker) : heroRules(attacker) ? `${capitalise(possessive(attacker))} ${att.label}` : `The ${att.label}`;
      const hits = option.id === 'melee' ? verb(attacker, 'hit') : 'hits';
      const misses = option.id === 'melee' ? verb(attacker, 'miss') : 'misses';
      if (!roll.hit) {
        if (option.id.startsWith('throw:') && option.item && !missiles.get(option.item)?.returns) {
          effects.push({ kind: 'drop', at: { x: defender.pos.x, y: defender.pos.y }, stack: { item: option.item, quantity: 1, level: 0 } });
        }
        const summary = `${subject} ${misses} ${whom}.`;
        return { hit: false, damage: 0, blows, effects, cost, summary, odds: p, ...luck };
      }
      effects.push({ kind: 'damage', target: defender.id, amount: roll.damage, cause: att.label, source: attacker.id });
      effects.push(...onHitEffects(t, attacker, defender, option, roll.damage, ctx.now));
      const surprise = att.surprise ? ' (surprise!)' : '';
      const summary = `${subject} ${hits} ${whom} for ${roll.damage}${surprise}.`;
      return { hit: true, damage: roll.damage, blows, effects, cost, summary, odds: p, ...luck };
    },

    previewAttack(attacker, defender, option, ctx): AttackPreview {
      const att = buildAttack(PREVIEW_TRACER, attacker, defender, option, ctx);
      const o = attackOdds(att);
      const cost = attackCost(attacker, option, ctx.now);
      const notes: string[] = [];
      if (att.surprise) notes.push('surprise: dodge 0');
      if (att.accuracy === null) notes.push('no roll to hit');
      if (att.absorb === null) notes.push('armour does not apply');
      if (att.sniperIgnoresArmour) notes.push('Sniper: armour ignored');
      if (att.fury) notes.push('fury x1.5');
      if (att.assassin !== 'none') notes.push('Assassin bonus');
      return { label: att.label, hit: o.hit, damage: o.damage, expected: o.expected, perTurn: Fraction.of(TICK, cost), notes };
    },

    attackCost: (a, option, now) => attackCost(a, option, now),

    missileLanded(_t, _f, option, at): Effect[] {
      if (!option.item || !missiles.has(option.item) || missiles.get(option.item)?.returns) return [];
      return [{ kind: 'drop', at, stack: { item: option.item, quantity: 1, level: 0 } }];
    },

    notice(t, observer, enemy, distance, inView) {
      const mode = observer.ai?.mode;
      // A mob notices only what it sees (Mob.act: enemy in its field of view).
      if (!inView) return { noticed: false, effects: [] };
      if (mode !== 'sleeping' && mode !== 'wandering') return { noticed: true, effects: [] };
      return { noticed: noticeRoll(t, mode, distance, stealthOf(enemy), enemy.fighter.flying, observer.ai?.alerted ?? false), effects: [] };
    },

    noticeChance(observer, enemy, distance, inView): NoticeCheck {
      if (!inView) return { chance: Fraction.ZERO, describe: 'it cannot see its enemy' };
      const mode = observer.ai?.mode;
      if (mode !== 'sleeping' && mode !== 'wandering') return { chance: Fraction.ONE, describe: 'already hunting' };
      const o = noticeOdds(mode, distance, stealthOf(enemy), enemy.fighter.flying, observer.ai?.alerted ?? false);
      return { chance: o.chance, describe: `${mode}: 1 in ${Math.max(1, o.n)} per turn` };
    },

    onDamaged(t, victim, amount, hpBefore, ctx) {
      const effects: Effect[] = [];
      if (victim.body.hp <= 0) return effects;
      if (statusActive(victim, 'paralysed', ctx.now) && breaksFree(t, amount, hpBefore)) {
        effects.push({ kind: 'remove-status', target: victim.id, status: 'paralysed' });
        effects.push({ kind: 'message', text: `The blow shakes ${nameOf(victim)} out of paralysis.`, tone: 'info' });
      }
      const h = heroRules(victim);
      if (h) {
        if (h.subclass === 'berserker' && victim.body.hp <= f32(victim.body.maxHp * f32(0.4)) && !statusActive(victim, 'fury', ctx.now)) {
          effects.push({ kind: 'status', target: victim.id, status: { kind: 'fury' }, mode: 'set' });
          effects.push({ kind: 'message', text: `${subjectOf(victim)} ${verb(victim, 'become')} furious!`, tone: 'warn' });
        }
        return effects;
      }
      const m = monsterOf(victim);
      if (victim.ai?.mode === 'sleeping') effects.push({ kind: 'ai-mode', target: victim.id, mode: 'wandering' });
      effects.push({ kind: 'alert', target: victim.id });
      const r = monsterRules(victim);
      if (ability(m, 'enrage') && r && !r.enraged && victim.body.hp < Math.trunc(victim.body.maxHp / 4)) {
        effects.push({ kind: 'rules', target: victim.id, patch: { enraged: true } });
        effects.push({ kind: 'delay', target: victim.id, ticks: TICK });
        effects.push({ kind: 'message', text: `The ${m.name} becomes enraged!`, tone: 'warn' });
      }
      return effects;
    },

    onDeath(t, victim, neighbours, edition) {
      const effects: Effect[] = [];
      const r = monsterRules(victim);
      if (!r) return effects;
      const m = monsterOf(victim);
      const blast = ability(m, 'bone-explosion');
      if (blast) {
        effects.push({ kind: 'message', text: `The ${m.name} explodes in a shower of bones!`, tone: 'warn' });
        for (const n of neighbours) {
          if (n.body.hp <= 0) continue;
          const armour = n.inventory.armour && armours.get(n.inventory.armour.item);
          const dr = heroRules(n) ? (armour && n.inventory.armour ? armourDr(armour, n.inventory.armour.level) : 0) : monsterDr(t, monsterOf(n), edition);
          const dmg = boneShards(t, blast.damage, dr);
          if (dmg > 0) effects.push({ kind: 'damage', target: n.id, amount: dmg, cause: 'bone shards' });
        }
      }
      if (r.stolen) effects.push({ kind: 'drop', at: { x: victim.pos.x, y: victim.pos.y }, stack: { ...r.stolen } });
      return effects;
    },

    usableItems: (f) => f.inventory.pack.filter((s) => potions.has(s.item) && s.quantity > 0),

    useItem(t, f, item) {
      const potion = potions.get(item);
      const stack = f.inventory.pack.find((s) => s.item === item && s.quantity > 0);
      if (!potion || !stack) return { error: `you have no ${itemName(item)} to use` };
      if (t.recording) t.rule(SECTION_STATUS, `Drink a ${potion.name}`);
      const effects: Effect[] = [
        { kind: 'consume', target: f.id, item, quantity: 1 },
        { kind: 'heal', target: f.id, amount: f.body.maxHp - f.body.hp, cause: potion.name },
      ];
      for (const s of ['poisoned', 'crippled', 'weakened', 'bleeding']) {
        if (f.statuses.some((x) => x.kind === s)) effects.push({ kind: 'remove-status', target: f.id, status: s });
      }
      effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'drink')} a ${potion.name} and ${verb(f, 'are', 'is')} healed.`, tone: 'good' });
      return { effects, cost: TICK };
    },

    itemName,
    itemGlyph: (id) =>
      potions.has(id)
        ? { ch: '!', colour: 'bright-magenta' }
        : wands.has(id)
          ? { ch: '/', colour: 'bright-cyan' }
          : armours.has(id)
            ? { ch: '[', colour: 'grey' }
            : { ch: ')', colour: missiles.has(id) ? 'yellow' : 'white' },
    equipsOnPickup: (f, stack) => f.fighter.kind === 'hero' && f.inventory.weapon === null && melee.has(stack.item),

    aiProfile(f): AiProfile {
      if (heroRules(f)) return { keepsDistance: false };
      const m = monsterOf(f);
      if (ability(m, 'poison-and-flee')) {
        return { keepsDistance: false, stopsFleeing: (self, enemy) => (self.awareness?.enemySeen ?? false) && !enemy.statuses.some((s) => s.kind === 'poisoned') };
      }
      return { keepsDistance: ability(m, 'ranged-only') !== undefined };
    },

    describeFighter(f, edition, now): string[] {
      const t = PREVIEW_TRACER;
      const h = heroRules(f);
      if (h) {
        const s = sheetOf(f, now);
        const acc = heroAccuracy(t, s, { kind: 'melee' }, 1, edition);
        const dodge = heroDodge(t, s, false, edition);
        const w = s.weapon;
        const range = w ? meleeDamageRange(w.def, w.level, edition) : { min: 1, max: Math.max(1, heroStrength(s) - 9) };
        const dr = s.armour ? armourDr(s.armour.def, s.armour.level) : 0;
        const wname = w ? `${w.def.name} (needs ${meleeStrength(w.def, w.level)})` : 'bare hands';
        const aname = s.armour ? `${s.armour.def.name} (needs ${armourStrength(s.armour.def, s.armour.level)})` : 'no armour';
        return [
          `STR ${heroStrength(s)}  Acc ${formatRatio(acc)}  Dodge ${formatRatio(dodge)}  Stealth ${h.stealth}`,
          `${wname}: ${range.min}-${range.max}`,
          `${aname}: absorbs 0-${dr}`,
        ];
      }
      const m = monsterOf(f);
      const dr = monsterDr(t, m, edition);
      const r = monsterRules(f);
      const dmg = r?.enraged ? (ability(m, 'enrage')?.damage ?? m.damage) : m.damage;
      return [`Acc ${m.attackSkill}  Dodge ${m.defenseSkill}  Armour 0-${dr}`, `damage ${dmg[0]}-${dmg[1]}${r?.enraged ? ' (enraged)' : ''}`, m.description];
    },

    recall(subject, observer, edition, now, where) {
      const h = heroRules(subject);
      const gear = [subject.inventory.weapon, subject.inventory.armour].flatMap((g) => (g ? [`${itemName(g.item)}${g.level ? ` +${g.level}` : ''}`] : []));
      const about = h ? heroSheet(ruleset, subject, edition, now, { level: h.level, gear }) : pdMonsterSection(ruleset, monsterOf(subject), subject, observer, edition, now, where);
      return recallPage(ruleset, subject, observer, edition, now, where, { about: [about] });
    },
  };

  const stealthOf = (f: FighterView): number => heroRules(f)?.stealth ?? 0;

  /** What a hit does besides its damage: missile procs and monster abilities. */
  function onHitEffects(t: Tracer, attacker: FighterView, defender: FighterView, option: AttackOption, damage: number, now: number): Effect[] {
    const effects: Effect[] = [];
    if (heroRules(attacker)) {
      const m = option.item ? missiles.get(option.item) : undefined;
      const proc = option.id.startsWith('throw:') ? m?.proc : undefined;
      if (proc?.kind === 'paralysis') {
        effects.push({ kind: 'status', target: defender.id, status: { kind: 'paralysed', until: now + toMilliturns(proc.turns) }, mode: 'prolong' });
        effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} paralysed!`, tone: 'good' });
      } else if (proc?.kind === 'cripple') {
        effects.push({ kind: 'status', target: defender.id, status: { kind: 'crippled', until: now + toMilliturns(proc.turns) }, mode: 'prolong' });
        effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} crippled.`, tone: 'good' });
      } else if (proc?.kind === 'bleeding' && damage > 0) {
        effects.push({ kind: 'status', target: defender.id, status: { kind: 'bleeding', level: damage, next: now }, mode: 'set' });
      }
      return effects;
    }
    const mon = monsterOf(attacker);
    for (const a of mon.abilities) {
      switch (a.kind) {
        case 'drain': {
          const heal = Math.min(damage, attacker.body.maxHp - attacker.body.hp);
          if (heal > 0) effects.push({ kind: 'heal', target: attacker.id, amount: heal, cause: 'drains blood' });
          break;
        }
        case 'bleeding-on-hit':
          if (damage > 0 && oneIn(t, a.oneIn, 'bleeding bite')) {
            effects.push({ kind: 'status', target: defender.id, status: { kind: 'bleeding', level: damage, next: now }, mode: 'set' });
            effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'start')} bleeding.`, tone: 'bad' });
          }
          break;
        case 'cripple-on-hit':
          if (oneIn(t, a.oneIn, 'crippling sting')) {
            effects.push({ kind: 'status', target: defender.id, status: { kind: 'crippled', until: now + toMilliturns(a.turns) }, mode: 'prolong' });
            effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} crippled.`, tone: 'bad' });
          }
          break;
        case 'poison-and-flee':
          if (oneIn(t, a.oneIn, 'poisonous bite')) {
            const left = intRange(t, a.poison[0], a.poison[1], 'poison strength');
            effects.push({ kind: 'status', target: defender.id, status: { kind: 'poisoned', level: left, next: now }, mode: 'set' });
            effects.push({ kind: 'ai-mode', target: attacker.id, mode: 'fleeing' });
            effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} poisoned!`, tone: 'bad' });
          }
          break;
        case 'steal-and-flee': {
          const r = monsterRules(attacker);
          const loot = defender.inventory.pack;
          if (r && r.stolen === null && heroRules(defender) && loot.length > 0) {
            const i = loot.length === 1 ? 0 : intRange(t, 0, loot.length - 1, 'which item is stolen');
            effects.push({ kind: 'steal', thief: attacker.id, victim: defender.id, packIndex: i });
            effects.push({ kind: 'ai-mode', target: attacker.id, mode: 'fleeing' });
          }
          break;
        }
        case 'disarm': {
          const w = defender.inventory.weapon;
          if (heroRules(defender) && w && w.item !== 'knuckleduster' && oneIn(t, a.oneIn, 'disarming blow')) {
            effects.push({ kind: 'disarm', target: defender.id });
          }
          break;
        }
        case 'shadow-bolt':
          if (option.id === 'spell:shadow-bolt' && heroRules(defender) && oneIn(t, a.weaknessOneIn, 'weakening bolt')) {
            effects.unshift({ kind: 'status', target: defender.id, status: { kind: 'weakened', until: now + toMilliturns(a.weaknessTurns) }, mode: 'prolong' });
            effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'feel')} weakened.`, tone: 'bad' });
          }
          break;
        default:
          break;
      }
    }
    return effects;
  }

  return ruleset;
}

/** [verb, third-person verb, rest] for a status that ends. */
const STATUS_END: Record<string, readonly [string, string, string]> = {
  paralysed: ['can', 'can', 'move again'],
  crippled: ['are', 'is', 'no longer crippled'],
  weakened: ['feel', 'feels', 'strong again'],
};
