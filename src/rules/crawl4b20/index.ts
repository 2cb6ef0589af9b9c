import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import type { Tracer } from '../../core/trace.js';
import { type Status, stackKey } from '../../world/components.js';
import { Terrain } from '../../world/terrain.js';
import { type AttackBranch, NO_TAGS, attacksLaw, blowOf, missOrHit, numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import { isYou, nameOf, possessive, subjectOf, verb } from '../names.js';
import type {
  AiProfile,
  AttackContext,
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
import { SECTION_AUX, type AuxEvent, type AuxKindPlan, auxDamageLaw, auxDamageTotalLaw, auxHitAndBlock, auxOdds, rollAux } from './aux.js';
import { CrCatalogue, type HeroSheet, weaponName } from '../crawl-family/catalogue.js';
import { heroProblem } from '../crawl-family/checks.js';
import { skillsWithOptions } from '../crawl-family/options.js';
import {
  type CrCharacter,
  type CrEffects,
  type StatSystem,
  actionTime,
  armed,
  armourClass,
  burden,
  evasion,
  has,
  hungerRate,
  lightBody,
  maxHp,
  regenRate,
  seesInvisible,
  shieldClass,
  shieldOf,
  slot,
  starving,
  stealth,
  swimming,
} from '../crawl-family/character.js';
import { CR_DIVERGENCE_LIST } from './divergences.js';
import type { Divergence } from '../edition.js';
import type { RulesetId } from '../ruleset.js';
import { SS_DIVERGENCE_LIST, SS_DIVERGENCES } from '../stonesoup052/divergences.js';
import { type MonsterShield, armourClass as ssArmourClass, blockPlan, evasionOf, heavyPercOf, monsterHitChance as monsterHitChanceSs, monsterShield, monsterToHit, rollMonsterBlock, SECTION_BLOCK as SS_SECTION_BLOCK } from '../stonesoup052/defence.js';
import { SIZES, handsFor } from '../crawl-family/sizes.js';
import { SECTION_MONSTER as SS_SECTION_MONSTER, SECTION_MONSTER_TIME as SS_SECTION_MONSTER_TIME, type SsDefender, rollSsMonsterAttack, ssOutcomeOdds, ssBlockChance, ssDamageLaw, ssLandChance, ssSequenceMean } from '../stonesoup052/monster-melee.js';
import { seedMultiplier, stabMessage } from '../stonesoup052/stab.js';
import { SECTION_AWARENESS, awarenessOf, describeStealth, noticeChance as ssNoticeChance, rollNotice, stealthOf } from '../stonesoup052/stealth.js';
import { NO_SS_EFFECTS, SS_SPELLS, type SsEffects, ssEffectsFrom } from '../crawl-family/states.js';
import { AttackLaws } from './summary.js';
import { heroSheet, recallContext, recallPage } from '../recall.js';
import { type CrMonsterOdds, crAttackLines, crHeroParts, crMonsterSection } from '../crawl-family/recall.js';
import {
  type CrGame,
  type CrTarget,
  SECTION_GATE,
  SECTION_HEAVY,
  SECTION_TIME,
  SECTION_TO_HIT,
  attackTime,
  brandDamageLaw,
  fumbleChance,
  rollBrand,
  rollDamage,
  rollGate,
  rollHeavy,
  rollHitTest,
  rollStab,
  rollSsShieldDelay,
  rollSsTime,
  rollToHit,
  ssExpectedTime,
  ssWeaponDelay,
  stabCategory,
  stabRollChance,
  weaponSpeed,
} from './melee.js';
import { type MonsterAttackPlan, SECTION_MONSTER, planMonster, rollSpecial, withSpecialLaw } from '../crawl-family/monster-melee.js';
import { type Defender, blockChance, monsterDamageLaw, monsterHitChance, monsterHitOdds, rollMonsterAttack, sequenceMean } from './monster-melee.js';
import { coin, div, drr, drrLaw, oneIn, r2 } from '../crawl-family/random.js';
import type { CrFormId, CrMonster, CrTables } from '../crawl-family/types.js';

export const CR_ID = 'crawl-4.0b20' as const;

/** Which game of the Crawl family a ruleset plays: its id, words, edition registry and rules. */
export interface CrawlGameInfo {
  readonly id: RulesetId;
  readonly game: CrGame;
  readonly name: string;
  readonly description: string;
  readonly divergences: readonly Divergence[];
  readonly defaultHero: string;
  readonly defaultFoe: string;
}

export const CRAWL_4B20: CrawlGameInfo = {
  id: CR_ID,
  game: 'b20',
  name: 'Crawl 4.00 beta 20',
  description: 'Dungeon Crawl 4.00 beta 20 / AX-Crawl: classic and new stat systems, heavy armour, second attacks, stabbing, EV and shield blocks.',
  divergences: CR_DIVERGENCE_LIST,
  defaultHero: 'minotaur-fighter',
  defaultFoe: 'orc-warrior',
};

export const STONE_SOUP_052: CrawlGameInfo = {
  id: 'stone-soup-0.5.2',
  game: 'ss',
  name: 'Stone Soup 0.5.2',
  description: 'Dungeon Crawl Stone Soup 0.5.2: stealth and noticing, stabbing, EV, AC and shield blocking; melee from Crawl 4.00 beta 20 (seed) or the 0.5.2 code.',
  divergences: SS_DIVERGENCE_LIST,
  defaultHero: 'halfling-assassin',
  defaultFoe: 'orc-warrior',
};

/**
 * Time. A tick is one time unit of the game (a normal action takes 10). Energy is kept in 20ths
 * of the game's speed_increment so that the hero and the monsters can share the scheduler: a
 * monster of speed s gains 2s a tick and acts at 1600 (80), paying 200 (10) an action; the hero
 * gains 20 a tick and pays 20 x the action's time. A monster starts at 1401 (70, and the odd 1
 * lets it act before the hero when both are ready at once, as b20's monsters move after each
 * player action).
 */
const K = 20;
const THRESHOLD = 80 * K;
const MONSTER_ACTION = 10 * K;
const MONSTER_START = 70 * K + 1;
const TICKS_PER_TURN = 10;
/** Blow tags shared between blows: a shield block, a brand (a weapon's or form's; a cold or fire monster's extra damage). */
const BLOCKED: readonly BlowTag[] = Object.freeze(['blocked'] as const);
const BRAND: readonly BlowTag[] = Object.freeze(['brand'] as const);


/** Per-action durations on the hero, kept as statuses (level = turns left). */
const DURATIONS = ['might', 'invisible', 'confusing-touch', 'sure-blade', 'form', ...SS_SPELLS] as const;

interface HeroRules extends HeroSheet {
  readonly kind: 'cr-hero';
  readonly form: CrFormId | null;
  /** Hit points of the character's levels, before fighting skill and form. */
  readonly levelHp: number;
  readonly hunger: number;
  /** Regeneration progress in hundredths. */
  readonly regen: number;
  /** Shield blocks this player turn. */
  readonly blocks: number;
  /** Maximum hit points lost to rot. */
  readonly rotHp: number;
  readonly title: string;
  /** Stone Soup vampires: the blood state. */
  readonly blood?: SsEffects['blood'];
}

interface MonsterRules {
  readonly kind: 'cr-monster';
  readonly monster: string;
  readonly hd: number;
  readonly weapon: { readonly item: string; readonly plus: number; readonly plus2: number } | null;
  /** Stone Soup: worn body armour and a carried shield. */
  readonly armour?: { readonly item: string; readonly plus: number } | null;
  readonly shield?: { readonly item: string; readonly plus: number } | null;
  /** Stone Soup: shield blocks since its last action. */
  readonly blocks?: number;
  readonly title: string;
}

export function createCrawl(tables: CrTables, info: CrawlGameInfo = CRAWL_4B20): Ruleset {
  const cat = new CrCatalogue(tables);
  const ss = info.game === 'ss';
  const SECTION_UPKEEP = `${info.id}#upkeep`;
  const SECTION_NOTICE = `${info.id}#noticing`;
  const SECTION_CREATION = `${info.id}#monster-creation`;
  const SECTION_POTION = `${info.id}#potions`;
  const heroRules = (f: FighterView): HeroRules | undefined => (f.rules['kind'] === 'cr-hero' ? (f.rules as unknown as HeroRules) : undefined);
  const monsterRules = (f: FighterView): MonsterRules | undefined => (f.rules['kind'] === 'cr-monster' ? (f.rules as unknown as MonsterRules) : undefined);
  const level = (f: FighterView, kind: string): number => f.statuses.find((s) => s.kind === kind)?.level ?? 0;
  const monsterOf = (f: FighterView): CrMonster => cat.monster(monsterRules(f)?.monster ?? '');

  const packMass = (f: FighterView): number => f.inventory.pack.reduce((n, s) => n + (cat.potions.get(s.item)?.mass ?? 0) * s.quantity, 0);

  function characterOf(f: FighterView, inWater = false): CrCharacter {
    const r = heroRules(f);
    if (!r) throw new Error(`${f.fighter.name} is not a Crawl hero`);
    const effects: CrEffects = {
      might: level(f, 'might'),
      invisible: level(f, 'invisible'),
      confusingTouch: level(f, 'confusing-touch'),
      sureBlade: level(f, 'sure-blade'),
      hunger: r.hunger,
      inWater,
      ...(ss ? { ss: ssStateOf(f, r) } : {}),
    };
    return cat.character(r, level(f, 'form') > 0 ? r.form : null, effects, packMass(f));
  }

  /** The Stone Soup states of a hero, from its statuses. */
  function ssStateOf(f: FighterView, r: HeroRules): SsEffects {
    return ssEffectsFrom((k) => level(f, k) > 0, r.skills.shields ?? 0, r.blood ?? 'satiated');
  }

  function targetOf(d: FighterView, ctx: { visible: boolean; defenderTerrain: Terrain }, hero?: FighterView): CrTarget {
    const m = monsterOf(d);
    const r = monsterRules(d) as MonsterRules;
    const mode = d.ai?.mode;
    const energy = (d as unknown as { energy?: { energy: number } }).energy?.energy ?? THRESHOLD;
    const worn = monsterDefence(d);
    // An invisible hero not lit up by a corona.
    const heroUnseen = hero !== undefined && level(hero, 'invisible') > 0 && level(hero, 'corona') <= 0;
    return {
      name: m.name,
      ev: worn.ev,
      ac: worn.ac,
      hd: r.hd,
      holiness: m.holiness,
      resists: m.resists,
      vulnerable: m.vulnerable,
      flies: m.flags.includes('flies'),
      waterCreature: m.flags.includes('water'),
      inWater: ctx.defenderTerrain === Terrain.Water,
      orc: m.flags.includes('orc'),
      visible: ctx.visible,
      state: mode === 'sleeping' ? 'sleeping' : mode === 'fleeing' ? 'fleeing' : level(d, 'confused') > 0 ? 'confused' : mode === 'wandering' ? 'unaware' : 'alert',
      lowEnergy: div(energy, K) <= 60,
      noExp: m.flags.includes('no-exp'),
      ...(ss
        ? {
            ss: ssTargetOf(d, heroUnseen),
            shield: shieldOfMonster(d, heroUnseen),
            size: SIZES[m.size ?? 'medium'],
            // A vampire's bite drinks from natural monsters with blood: animals and up (mons_has_blood, roughly).
            blood: m.holiness === 'natural' && m.intelligence >= 2,
          }
        : {}),
    };
  }

  /** A monster's AC and EV with what it wears (monsters::equip_armour): + the armour's AC and plus; EV + half of each piece's penalty, at least 1. */
  function monsterDefence(d: FighterView): { ac: number; ev: number; text: string } {
    const m = monsterOf(d);
    const r = monsterRules(d) as MonsterRules;
    let ac = m.ac;
    let ev = m.ev;
    const parts: string[] = [];
    for (const g of [r.armour, r.shield]) {
      const def = g ? cat.armour.get(g.item) : undefined;
      if (!g || !def) continue;
      if (def.slot !== 'shield') ac += def.ac + g.plus;
      ev += div(def.evPenalty, 2);
      parts.push(`${def.name}${def.slot === 'shield' ? '' : ` AC +${def.ac + g.plus}`}${div(def.evPenalty, 2) ? ` EV ${div(def.evPenalty, 2)}` : ''}`);
    }
    return { ac, ev: parts.length ? Math.max(1, ev) : ev, text: parts.join(', ') };
  }

  /** A Stone Soup monster's shield, if it can block the hero now (not asleep, paralysed, petrified, confused or netted). */
  function shieldOfMonster(d: FighterView, heroInvisible: boolean): MonsterShield | null {
    const r = monsterRules(d) as MonsterRules;
    const def = r.shield ? cat.armour.get(r.shield.item) : undefined;
    if (!r.shield || !def) return null;
    const mode = d.ai?.mode;
    if (mode === 'sleeping' || ['paralysis', 'petrified', 'petrifying', 'confused', 'netted'].some((k) => level(d, k) > 0)) return null;
    const m = monsterOf(d);
    const unseen = heroInvisible && !m.flags.includes('sees-invisible');
    return monsterShield(def.name, def.block ?? def.ac, r.shield.plus, r.hd, unseen, r.blocks ?? 0);
  }

  function ssTargetOf(d: FighterView, heroInvisible: boolean): NonNullable<CrTarget['ss']> {
    const m = monsterOf(d);
    const mode = d.ai?.mode;
    return {
      sleeping: mode === 'sleeping',
      paralysed: level(d, 'paralysis') > 0,
      petrified: level(d, 'petrified') > 0,
      petrifying: level(d, 'petrifying') > 0,
      netted: level(d, 'netted') > 0,
      fleeing: mode === 'fleeing',
      confused: level(d, 'confused') > 0,
      wandering: mode === 'wandering',
      foeIsHero: mode === 'hunting' || mode === 'fleeing',
      batty: m.flags.includes('batty'),
      heroInvisible,
      seesInvisible: m.flags.includes('sees-invisible'),
      sensesInvisible: m.flags.includes('senses-invisible'),
    };
  }

  function defenderOf(d: FighterView, a: FighterView, c: CrCharacter): Defender {
    const body = slot(c, 'body');
    const m = monsterOf(a);
    const resist = (el: 'fire' | 'cold'): number => (c.form?.resists.includes(el) ? 1 : 0) - (c.form?.vulnerable.includes(el) ? 1 : 0);
    return {
      ev: evasion(c, level(d, 'paralysis') > 0),
      dex: c.dex,
      sh: shieldClass(c),
      ac: armourClass(c),
      heavyPerc: !lightBody(c) && body ? Math.min(50, 2 * (c.skills.armour + body.def.ac)) : null,
      seesAttacker: !m.flags.includes('invisible') || seesInvisible(c),
      paralysed: level(d, 'paralysis') > 0,
      blocks: heroRules(d)?.blocks ?? 0,
      resist: { fire: resist('fire'), cold: resist('cold') + (has(c, 'ghoul') ? 1 : 0), poison: has(c, 'ghoul') || (c.form?.resists.includes('poison') ?? false) },
      undead: has(c, 'ghoul') || c.form?.id === 'lich',
    };
  }

  function monsterPlan(a: FighterView): MonsterAttackPlan {
    const m = monsterOf(a);
    const r = monsterRules(a) as MonsterRules;
    const w = r.weapon ? cat.weapons.get(r.weapon.item) : undefined;
    return planMonster(r.hd, m.attacks, w && r.weapon ? { def: w, plus: r.weapon.plus, plus2: r.weapon.plus2, orcish: m.flags.includes('orc') } : null, false);
  }

  /**
   * A monster's attacks against the hero, as the previews and the recall page show them: the
   * chance each lands (the same for every attack of a round), the damage law of one that lands,
   * the expected damage of the round, rounds a turn, and the to-hit.
   */
  function monsterAttackOdds(a: FighterView, d: FighterView, ctx: AttackContext): CrMonsterOdds {
    const c = characterOf(d, ctx.defenderTerrain === Terrain.Water);
    const plan = monsterPlan(a);
    const perTurn = Fraction.of(2 * monsterOf(a).speed * TICKS_PER_TURN, monsterAttackCost(a, ctx.edition));
    const n = `${plan.attacks.length} attack${plan.attacks.length > 1 ? 's' : ''}`;
    if (ss) {
      const sd = ssDefenderOf(d, a, c, ctx.edition);
      const mh = ssToHit(a, d, ctx.edition);
      const notes = [n, `block ${ssBlockChance(plan.hd, sd, ctx.edition).percent(1)}`, `to-hit ${mh.value}`];
      return { plan, hit: ssLandChance(plan, mh, sd, ctx.edition), damage: (m) => ssDamageLaw(plan, m, sd, ctx.edition), expected: ssSequenceMean(plan, mh, sd, ctx.edition), perTurn, notes, toHit: `${mh.value} (${mh.text})` };
    }
    const def = defenderOf(d, a, c);
    const hit = blockChance(plan.hd, def).complement().mul(monsterHitChance(plan.toHit, def));
    return { plan, hit, damage: (m) => monsterDamageLaw(plan, m, def), expected: sequenceMean(plan, def), perTurn, notes: [n, `block ${blockChance(plan.hd, def).percent(1)}`], toHit: `${plan.toHit} (${plan.toHitText})` };
  }

  const catalog: CatalogEntry[] = [
    ...tables.heroes.map((h) => ({ id: h.id, name: h.name, kind: 'hero' as const, description: h.description })),
    ...tables.monsters.map((m) => ({ id: m.id, name: m.name, kind: 'monster' as const, description: m.description })),
  ];

  function buildHero(spec: FighterSpec, t: Tracer | undefined): FighterInit {
    const h = cat.heroes.get(spec.template);
    if (!h) throw new Error(`unknown hero "${spec.template}"`);
    refuseUnknownOptions(spec.options, `hero ${h.id}`, ['level', 'strength', 'stat-system', 'weapon', 'armour', 'form'], true);
    const lvl = numberOption(spec.options, 'level', h.level, 1, 27);
    const str = numberOption(spec.options, 'strength', h.str, 1, 72);
    const system = stringOption(spec.options, 'stat-system', 'new') as string;
    if (system !== 'new' && system !== 'classic') throw new Error(`--stat-system must be "new" or "classic" (got "${system}")`);
    const weaponId = stringOption(spec.options, 'weapon', undefined);
    const armourId = stringOption(spec.options, 'armour', undefined);
    const formId = stringOption(spec.options, 'form', undefined);
    if (weaponId !== undefined && weaponId !== 'none' && !cat.weapons.has(weaponId)) throw new Error(`unknown weapon "${weaponId}"; choose one of: none, ${[...cat.weapons.keys()].join(', ')}`);
    const bodies = tables.armour.filter((a) => a.slot === 'body').map((a) => a.id);
    if (armourId !== undefined && armourId !== 'none' && !bodies.includes(armourId)) throw new Error(`unknown armour "${armourId}"; choose one of: none, ${bodies.join(', ')}`);
    const forms = tables.forms.map((f) => f.id as string);
    if (formId !== undefined && formId !== 'none' && !forms.includes(formId)) throw new Error(`unknown form "${formId}"; choose one of: none, ${forms.join(', ')}`);
    // --skill NAME=LEVEL: trained skills in place of the preset's.
    const skills = skillsWithOptions(spec.options, h.skills, tables.skills);
    const armour = armourId === undefined ? h.armour : [...h.armour.filter((a) => cat.armour.get(a.item)?.slot !== 'body'), ...(armourId === 'none' ? [] : [{ item: armourId }])];
    const form = formId === undefined ? (h.form ?? null) : formId === 'none' ? null : (formId as CrFormId);
    const weapon = weaponId === undefined ? (h.weapon ?? null) : weaponId === 'none' ? null : { item: weaponId };
    const checked = { ...h, level: lvl, str, armour, ...(weapon ? { weapon } : {}), ...(form ? { form } : {}) };
    if (!weapon) delete (checked as { weapon?: unknown }).weapon;
    if (!form) delete (checked as { form?: unknown }).form;
    const problem = heroProblem(checked, tables);
    if (problem) throw new Error(problem.message);
    const sheet: HeroSheet = { ...cat.sheetOf(h, system as StatSystem), level: lvl, str, weapon, armour, skills };
    const species = cat.species.get(h.species);
    if (!species) throw new Error(`unknown species "${h.species}"`);
    // Hit points (newgame.cc, level_change): the job's and species' start, then each level's roll and the species' adjustment.
    if (t) t.rule(SECTION_UPKEEP, 'Hit points');
    let levelHp = h.jobHp + species.hpAdjust;
    const silent = t?.silent();
    for (let L = 2; L <= lvl; L++) {
      // 4 + random2(4) to level 12, 3 + random2(3) to 21, then 2 or 3; without rolls, the low middle.
      const [base, spread] = L <= 12 ? [4, 4] : L <= 21 ? [3, 3] : [2, 2];
      const roll = silent ? r2(silent, spread, 'level hit points') : div(spread - 1, 2);
      levelHp += base + roll + (species.levelHp[L - 2] ?? 0);
    }
    // Stone Soup: berserk brings might for as long (misc.cc go_berserk), and its haste and doubled hit points through the state.
    const berserk = ss ? (h.spells.berserk ?? 0) : 0;
    const effects: CrEffects = {
      might: berserk,
      invisible: 0,
      confusingTouch: h.spells['confusing-touch'] ?? 0,
      sureBlade: h.spells['sure-blade'] ?? 0,
      hunger: h.hunger,
      inWater: false,
      ...(ss ? { ss: ssEffectsFrom((k) => (h.spells[k as keyof typeof h.spells] ?? 0) > 0, skills.shields ?? 0, h.blood ?? 'satiated') } : {}),
    };
    const pack = h.pack.map((p) => ({ item: p.item, quantity: p.quantity ?? 1, level: 0 }));
    const c = cat.character(sheet, form, effects, pack.reduce((n, s) => n + (cat.potions.get(s.item)?.mass ?? 0) * s.quantity, 0));
    const hp = maxHp(c, levelHp);
    if (t?.recording) {
      t.value('hit points', hp, `job ${h.jobHp} + species ${species.hpAdjust}, levels 2-${lvl} rolled, + level ${lvl} x fighting ${c.skills.fighting} / 5${c.form ? `, x ${c.form.hpTenths}/10 ${c.form.name} form` : ''}`);
    }
    const title = `${species.name} ${capital(h.job)} ${lvl}`;
    const rules: HeroRules = { kind: 'cr-hero', ...sheet, form, levelHp, hunger: h.hunger, regen: 0, blocks: 0, rotHp: 0, title, ...(h.blood ? { blood: h.blood } : {}) };
    const statuses: Status[] = [];
    if (effects.confusingTouch) statuses.push({ kind: 'confusing-touch', level: effects.confusingTouch });
    if (effects.sureBlade) statuses.push({ kind: 'sure-blade', level: effects.sureBlade });
    if (form) statuses.push({ kind: 'form', level: cat.forms.get(form)?.duration ?? 100 });
    if (ss) for (const sp of SS_SPELLS) if (h.spells[sp]) statuses.push({ kind: sp, level: h.spells[sp] as number });
    if (berserk) statuses.push({ kind: 'might', level: berserk });
    return {
      fighter: { name: h.name, kind: 'hero', templateId: h.id, flying: false, opensDoors: true },
      glyph: { ch: '@', colour: 'white' },
      body: { hp, maxHp: hp },
      energy: THRESHOLD,
      inventory: { weapon: null, armour: null, pack },
      statuses,
      rules: { ...rules },
      title,
      aiMode: 'hunting',
    };
  }

  function buildMonster(m: CrMonster, spec: FighterSpec, t: Tracer | undefined): FighterInit {
    refuseUnknownOptions(spec.options, `monster ${m.id}`, []);
    let hp = m.hp.add;
    let weapon: MonsterRules['weapon'] = null;
    let armour: MonsterRules['armour'] = null;
    let shield: MonsterRules['shield'] = null;
    /** One weighted choice: rolled, or the likeliest when there is no tracer (previews). */
    const pick = <T extends { weight: number }>(list: readonly T[], label: string): T | undefined => {
      if (!t) return [...list].sort((a, b) => b.weight - a.weight)[0];
      let n = t.roll(0, list.reduce((k, x) => k + x.weight, 0) - 1, label);
      for (const x of list) {
        if (n < x.weight) return x;
        n -= x.weight;
      }
      return undefined;
    };
    if (t) {
      t.rule(SECTION_CREATION, `Hit points and ${ss ? 'gear' : 'weapon'}`);
      const silent = t.silent();
      for (let i = 0; i < m.hd; i++) hp += m.hp.min + r2(silent, m.hp.rand + 1, 'hit die');
      if (t.recording) t.value('hit points', hp, `${m.hd} hit dice of ${m.hp.min} + random2(${m.hp.rand + 1})${m.hp.add ? ` + ${m.hp.add}` : ''}`);
    } else hp += m.hd * m.hp.min + div(m.hd * m.hp.rand, 2);
    if (m.weapons.length > 0) {
      const w = pick(m.weapons, 'weapon');
      weapon = w?.weapon ? { item: w.weapon, plus: w.plus ?? 0, plus2: w.plus2 ?? 0 } : null;
      if (t?.recording) t.note(weapon ? `carries a ${cat.nameOf(weapon.item)}` : 'empty-handed');
    }
    // Stone Soup (makeitem.cc give_item): a better-made weapon, body armour, and a shield if a hand is free.
    if (weapon && m.weaponBonus && t && oneIn(t, m.weaponBonus.oneIn, `better weapon: 1 in ${m.weaponBonus.oneIn}`)) {
      const { min, max } = m.weaponBonus;
      weapon = { ...weapon, plus: weapon.plus + min + r2(t, max - min + 1, `weapon plus: ${min} + random2(${max - min + 1})`) };
      if (t.recording) t.note(`its ${cat.nameOf(weapon.item)} is +${weapon.plus}`);
    }
    if (m.armour?.length) {
      const a = pick(m.armour, 'body armour');
      armour = a?.item ? { item: a.item, plus: a.plus ?? 0 } : null;
      if (t?.recording) t.note(armour ? `wears ${cat.nameOf(armour.item)}` : 'no body armour');
    }
    const held = weapon ? cat.weapons.get(weapon.item) : undefined;
    const twoHanded = held !== undefined && handsFor(held, SIZES[m.size ?? 'medium']) === 'two';
    if (m.shields?.length && !twoHanded) {
      const sh = pick(m.shields, 'shield');
      shield = sh?.item ? { item: sh.item, plus: sh.plus ?? 0 } : null;
      if (t?.recording) t.note(shield ? `carries a ${cat.nameOf(shield.item)}` : 'no shield');
    } else if (m.shields?.length && t?.recording) t.note('no shield: its weapon needs both hands');
    hp = Math.max(1, hp);
    const title = weapon ? `${m.name} (${cat.nameOf(weapon.item)})` : m.name;
    const rules: MonsterRules = { kind: 'cr-monster', monster: m.id, hd: m.hd, weapon, ...(ss ? { armour, shield, blocks: 0 } : {}), title };
    return {
      fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: m.flags.includes('flies'), opensDoors: m.intelligence >= 3 },
      glyph: { ch: m.glyph, colour: m.colour },
      body: { hp, maxHp: hp },
      energy: MONSTER_START,
      inventory: { weapon: null, armour: null, pack: [] },
      statuses: [],
      rules: { ...rules },
      title,
      aiMode: 'sleeping',
    };
  }

  const heroTime = (f: FighterView): number => actionTime(characterOf(f)) * K;

  /**
   * A monster's melee round in ticks. Crawl 4.0 (and Stone Soup's spoiler edition): 10, and for
   * each weapon blow (weapon speed - 10) / 2, the later blows at (20 + speed) / 3. Stone Soup's
   * source edition (fight.cc mons_lose_attack_energy): only the first two blows count, each rounded
   * at random (div_rand_round), and only a slower weapon costs more; a faster one refunds nothing.
   * With a tracer the rounding is rolled; without, the expectation (previews).
   */
  const monsterAttackCost = (a: FighterView, edition: Edition = 'spoiler', t?: Tracer): number => {
    const p = monsterPlan(a);
    const W = p.weapon?.def.speed;
    if (W === undefined) return MONSTER_ACTION;
    if (ss && edition === 'source') {
      const blows = Math.min(2, p.attacks.length);
      if (t) {
        if (t.recording) t.rule(SS_SECTION_MONSTER_TIME, `${monsterOf(a).name}: the time its attack takes`);
        let extra = 0;
        for (let i = 0; i < blows; i++) {
          const w = i === 0 ? W : drr(t, 20 + W, 3, `second blow's speed: (20 + ${W}) / 3, rounded at random`);
          extra += Math.max(0, drr(t, w - 10, 2, `weapon energy: (${w} - 10) / 2, rounded at random`));
        }
        return MONSTER_ACTION + extra * K;
      }
      let extra = Distribution.constant(0);
      for (let i = 0; i < blows; i++) {
        const w = i === 0 ? Distribution.constant(W) : drrLaw(20 + W, 3);
        extra = extra.plus(w.then((v) => drrLaw(v - 10, 2).map((x) => Math.max(0, x))));
      }
      return MONSTER_ACTION + Math.round(extra.mean().toNumber() * K);
    }
    let cost = MONSTER_ACTION;
    p.attacks.forEach((_m, i) => {
      const ws = i > 0 ? div(20 + W, 3) : W;
      cost += div(ws - 10, 2) * K;
    });
    return cost;
  };

  const ruleset: Ruleset = {
    id: info.id,
    name: info.name,
    description: info.description,
    divergences: info.divergences,
    ticksPerTurn: TICKS_PER_TURN,
    energyThreshold: THRESHOLD,
    readyOrder: 'most-energy',
    autoCloseDoors: false,
    defaultHero: info.defaultHero,
    defaultFoe: info.defaultFoe,

    catalog: () => catalog,

    buildFighter(spec, _edition, t) {
      if (cat.heroes.has(spec.template)) return buildHero(spec, t);
      const m = cat.monsters.get(spec.template);
      if (!m) throw new Error(`unknown fighter "${spec.template}" for ${info.id}; heroes: ${[...cat.heroes.keys()].join(', ')}; monsters: ${[...cat.monsters.keys()].join(', ')}`);
      return buildMonster(m, spec, t);
    },

    energyGain(f) {
      return monsterRules(f) ? 2 * monsterOf(f).speed : 2 * 10;
    },
    viewRadius: () => 8,
    tramplesGrass: () => false,

    actionCost(f, action) {
      if (monsterRules(f)) return MONSTER_ACTION;
      const c = characterOf(f);
      let time = actionTime(c);
      if (action === 'move') {
        let mv = 10;
        if (!c.form && has(c, 'centaur')) mv = 8;
        if (c.form?.id === 'spider') mv = 8;
        mv += [0, 1, 3][burden(c).state] as number;
        time = div(time * mv, 10);
        if (!c.form && has(c, 'naga')) time = div(time * 14, 10);
      }
      return Math.max(1, time) * K;
    },

    turnStart(t, f) {
      if (monsterRules(f)) return { skip: false, cost: MONSTER_ACTION, effects: monsterUpkeep(t, f) };
      const effects = heroUpkeep(t, f);
      const para = level(f, 'paralysis');
      if (para > 0) {
        effects.push(para > 1 ? { kind: 'status', target: f.id, status: { kind: 'paralysis', level: para - 1 }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'paralysis' });
        effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'are', 'is')} paralysed.`, tone: 'bad' });
        return { skip: true, cost: heroTime(f), effects };
      }
      return { skip: false, cost: heroTime(f), effects };
    },

    nextStatusTime: () => undefined,
    statusTick: () => [],

    attackOptions(f) {
      if (monsterRules(f)) return [{ id: 'melee', label: 'melee', kind: 'melee' }];
      const c = characterOf(f);
      const w = armed(c);
      return [{ id: 'melee', label: w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands', kind: 'melee' }];
    },

    canUse: (option, distance) => option.kind === 'melee' && distance === 1,

    resolveAttack(t, attacker, defender, _option, ctx) {
      if (monsterRules(attacker)) return monsterMelee(t, attacker, defender, ctx);
      return heroMelee(t, attacker, defender, ctx);
    },

    previewAttack(attacker, defender, _option, ctx): AttackPreview {
      if (monsterRules(attacker)) {
        const o = monsterAttackOdds(attacker, defender, ctx);
        const first = o.plan.attacks[0] ?? 1;
        return { label: `${monsterOf(attacker).name}: ${o.plan.attacks.join('/')}`, hit: o.hit, damage: o.damage(first), expected: o.expected, perTurn: o.perTurn, notes: o.notes };
      }
      const laws = lawsFor(characterOf(attacker, ctx.attackerTerrain === Terrain.Water), targetOf(defender, ctx, attacker), ctx.edition);
      const sum = laws.summary();
      const notes: string[] = [];
      if (sum.stabCategory) notes.push(`stab ${sum.stab.percent(1)}`);
      if (laws.plan.fumbleDex !== null) notes.push(`fumbles ${sum.fumble.percent(1)} in water`);
      notes.push(`time ${sum.time.toNumber().toFixed(1)}`);
      return { label: laws.plan.label, hit: sum.hit, damage: sum.damage, expected: sum.expected, perTurn: Fraction.of(TICKS_PER_TURN).div(sum.time), notes };
    },

    attackCost(a, _option, _now, edition) {
      if (monsterRules(a)) return monsterAttackCost(a, edition);
      const c = characterOf(a);
      if (ss && edition === 'source') return Math.round(ssExpectedTime(c, false, false).toNumber() * K);
      return attackTime(c, actionTime(c), weaponSpeed(c, false, false).ws) * K;
    },

    missileLanded: () => [],

    notice(t, observer, enemy, distance, inView, edition = 'spoiler'): NoticeResult {
      if (ss) {
        const n = ssNotice(observer, enemy, distance, inView, edition);
        if (!n) return { noticed: false, effects: [] };
        if (t.recording) {
          t.rule(SECTION_AWARENESS, `${monsterOf(observer).name} ${observer.ai?.mode === 'sleeping' ? 'sleeps' : 'wanders'}`);
          t.value('awareness', n.a.value, n.a.terms.join(' '));
          t.value('your stealth', n.s.value, `${n.s.terms.join(' ')} (${describeStealth(n.s.value)})`);
        }
        return { noticed: rollNotice(t, n.a.value, n.s.value, edition, n.berserk), effects: [] };
      }
      const check = noticeNumbers(observer, enemy, distance, inView);
      if (!check) return { noticed: false, effects: [] };
      if (t.recording) {
        t.rule(SECTION_NOTICE, `${monsterOf(observer).name} ${observer.ai?.mode === 'sleeping' ? 'sleeps' : 'wanders'}`);
        t.value('awareness', check.a, check.aText);
        t.value('your stealth', check.s, 'check_stealth: 3 x Dex + stealth skill x species factor, less burden and heavy armour');
      }
      if (check.s <= 0) return { noticed: true, effects: [] };
      const r = r2(t, check.s, `notice: random2(stealth ${check.s})`);
      const noticed = t.recording ? t.check('random2(stealth) <= awareness', r, '<=', check.a) : r <= check.a;
      if (t.recording) {
        const p = b20NoticeChance(check);
        const q = noticed ? p : p.complement();
        t.odds(noticed ? 'P(it notices you)' : 'P(it does not notice you)', q.num, q.den);
      }
      return { noticed, effects: [] };
    },

    noticeChance(observer, enemy, distance, inView, edition = 'spoiler'): NoticeCheck {
      if (ss) {
        const n = ssNotice(observer, enemy, distance, inView, edition);
        if (!n) return { chance: Fraction.ZERO, describe: 'out of its sight' };
        const chance = ssNoticeChance(n.a.value, n.s.value, edition, n.berserk);
        return { chance, describe: `awareness ${n.a.value} against your stealth ${n.s.value}: ${chance.percent(1)} a turn` };
      }
      const check = noticeNumbers(observer, enemy, distance, inView);
      if (!check) return { chance: Fraction.ZERO, describe: 'out of its sight' };
      const chance = b20NoticeChance(check);
      return { chance, describe: `awareness ${check.a} against your stealth ${check.s}: ${chance.percent(1)} a turn` };
    },

    canSee(viewer, target) {
      if (heroRules(viewer) && monsterRules(target)) return !monsterOf(target).flags.includes('invisible') || seesInvisible(characterOf(viewer));
      if (monsterRules(viewer) && heroRules(target)) return level(target, 'invisible') <= 0 || monsterOf(viewer).flags.includes('sees-invisible');
      return true;
    },

    onDamaged(_t, victim, _amount) {
      const r = monsterRules(victim);
      if (!r) return [];
      const m = monsterOf(victim);
      // A smart monster badly hurt flees (monstuff.cc handle_behavior).
      if (m.intelligence >= 3 && victim.body.hp <= div(victim.body.maxHp, 4) - 1 && victim.ai?.mode !== 'fleeing' && victim.ai?.mode !== 'sleeping') {
        return [
          { kind: 'ai-mode', target: victim.id, mode: 'fleeing' },
          { kind: 'message', text: `${subjectOf(victim)} turns to flee.`, tone: 'good' },
        ];
      }
      return [];
    },

    onDeath: () => [],

    usableItems: (f) => f.inventory.pack.filter((s) => s.quantity > 0 && cat.potions.has(s.item)),

    useItem(t, f, item) {
      const st = f.inventory.pack.find((s) => stackKey(s) === item && s.quantity > 0);
      const p = st ? cat.potions.get(st.item) : undefined;
      if (!st || !p) return { error: `you have no ${cat.nameOf(item)} to drink` };
      if (t.recording) t.rule(SECTION_POTION, `Drink a ${p.name}`);
      const effects: Effect[] = [{ kind: 'consume', target: f.id, item, quantity: 1 }];
      if (p.effect === 'might') {
        const cur = level(f, 'might');
        const n = cur > 0 ? Math.min(75, cur + 5 + r2(t, 10, 'might: 5 + random2(10) more')) : Math.min(75, 35 + r2(t, 40, 'might: 35 + random2(40)'));
        effects.push({ kind: 'status', target: f.id, status: { kind: 'might', level: n }, mode: 'set' });
        effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'feel')} very mighty${cur > 0 ? ' still' : ''}! (might ${n})`, tone: 'good' });
      } else {
        const cur = level(f, 'invisible');
        const n = cur > 0 ? Math.min(100, cur + 3 + r2(t, 6, 'invisibility: 3 + random2(6) more')) : Math.min(100, 15 + r2(t, 40, 'invisibility: 15 + random2(40)'));
        effects.push({ kind: 'status', target: f.id, status: { kind: 'invisible', level: n }, mode: 'set' });
        effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'fade')} into invisibility! (${n} turns)`, tone: 'good' });
      }
      return { effects, cost: heroTime(f) };
    },

    itemName: (id) => cat.nameOf(id),
    itemGlyph(id) {
      if (cat.potions.has(id)) return { ch: '!', colour: 'bright-magenta' };
      const w = cat.weapons.get(id);
      if (w) return { ch: w.glyph, colour: 'cyan' };
      return { ch: '[', colour: 'grey' };
    },
    equipsOnPickup: () => false,

    statusLabel(st: Status) {
      const n = st.level ?? 0;
      switch (st.kind) {
        case 'form':
          return `form ${n}`;
        case 'confusing-touch':
          return `glowing hands ${n}`;
        case 'sure-blade':
          return `sure blade ${n}`;
        case 'poison':
          return `poisoned ${n}`;
        case 'rotting':
          return `rotting ${n}`;
        case 'disease':
          return `diseased ${n}`;
        default:
          return `${st.kind} ${n}`;
      }
    },

    aiProfile(f): AiProfile {
      if (!monsterRules(f)) return { keepsDistance: false };
      const confused = level(f, 'confused') > 0;
      return {
        keepsDistance: false,
        ...(confused ? { erratic: 100 } : {}),
        stopsFleeing: (self) => self.body.hp > div(self.body.maxHp, 2),
        actsOnWaking: true,
        // An invisible hero orthogonally next to it is still found (b20: 1 in 3 each turn; here always).
        tracksEnemy: (self, enemy) => Math.abs(self.pos.x - enemy.pos.x) + Math.abs(self.pos.y - enemy.pos.y) <= 1,
      };
    },

    heroTactics(f): HeroTactics {
      let buff: string | undefined;
      for (const st of f.inventory.pack) {
        const p = cat.potions.get(st.item);
        if (!p || st.quantity <= 0) continue;
        if (p.effect === 'might' && level(f, 'might') <= 1) buff = stackKey(st);
      }
      return buff ? { buff } : {};
    },

    describeFighter(f, edition) {
      const h = heroRules(f);
      if (h) {
        const c = characterOf(f);
        const w = armed(c);
        const ws = weaponSpeed(c, false, false).ws;
        if (ss) {
          const st = stealthOf(c, edition);
          const bp = blockPlan(c, edition, false);
          return [
            `EV ${evasionOf(c, edition).value}  AC ${ssArmourClass(c, edition).value}  ${edition === 'source' ? 'SH' : 'Block'} ${bp.sh}  Str ${c.str} Dex ${c.dex} (${edition})`,
            `${w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands'}, speed ${ws}${level(f, 'invisible') > 0 ? '; invisible' : ''}`,
            `stealth ${st.value} (${describeStealth(st.value)})`,
          ];
        }
        const flags = [starving(c) ? 'starving' : '', level(f, 'might') > 1 ? 'mighty' : '', level(f, 'invisible') > 0 ? 'invisible' : '', swimming(c) ? 'swimming' : ''].filter(Boolean);
        return [
          `EV ${evasion(c, level(f, 'paralysis') > 0)}  AC ${armourClass(c)}  SH ${shieldClass(c)}  Str ${c.str} Dex ${c.dex} (${c.statSystem}, ${edition})`,
          `${w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands'}, speed ${ws}${flags.length ? `; ${flags.join(', ')}` : ''}`,
          `stealth ${stealth(c)}  hunger ${h.hunger}`,
        ];
      }
      const m = monsterOf(f);
      const r = monsterRules(f) as MonsterRules;
      if (ss) {
        const senses = [m.flags.includes('sees-invisible') ? 'sees invisible' : '', m.flags.includes('senses-invisible') ? 'senses invisible' : '', m.flags.includes('fighter') ? 'fighter' : ''].filter(Boolean);
        const worn = monsterDefence(f);
        const w = r.weapon ? `${r.weapon.plus ? `${r.weapon.plus > 0 ? '+' : ''}${r.weapon.plus} ` : ''}${cat.nameOf(r.weapon.item)}` : '';
        return [
          `HD ${r.hd}  AC ${worn.ac}  EV ${worn.ev}  speed ${m.speed}  int ${m.intelligence} ${m.holiness}${senses.length ? `; ${senses.join(', ')}` : ''}`,
          `attacks ${m.attacks.join('/')}${w ? ` with a ${w}` : ''}${worn.text ? `; ${worn.text}` : ''}`,
          m.description,
        ];
      }
      return [`HD ${r.hd}  AC ${m.ac}  EV ${m.ev}  speed ${m.speed}`, `attacks ${m.attacks.join('/')}${r.weapon ? ` with a ${cat.nameOf(r.weapon.item)}` : ''}`, m.description];
    },

    recall(subject, observer, edition, now, where) {
      const h = heroRules(subject);
      const r = monsterRules(subject);
      if (h || !r) return recallPage(ruleset, subject, observer, edition, now, where, { about: [heroSheet(ruleset, subject, edition, now, crHeroParts(characterOf(subject), h?.hunger ?? 0))] });
      const gear = { weapon: r.weapon, armour: r.armour ?? null, shield: r.shield ?? null, defence: monsterDefence(subject) };
      const about = crMonsterSection(ruleset, cat, monsterOf(subject), r.hd, gear, subject, observer, edition, now, where);
      const odds = heroRules(observer) ? monsterAttackOdds(subject, observer, recallContext(edition, now, where.distance, ruleset.canSee?.(subject, observer) ?? true)) : null;
      return recallPage(ruleset, subject, observer, edition, now, where, { about: [about], blows: odds ? crAttackLines(odds, monsterOf(subject)) : [] });
    },
  };

  /** Stone Soup's noticing numbers: the monster's awareness and the hero's stealth, or null when it is not checked. */
  function ssNotice(observer: FighterView, enemy: FighterView, distance: number, inView: boolean, edition: Edition) {
    const w = watching(observer, enemy, distance, inView);
    if (!w) return null;
    const { r, mode } = w;
    const m = monsterOf(observer);
    const c = characterOf(enemy);
    const e = c.effects.ss ?? NO_SS_EFFECTS;
    const a = awarenessOf(
      { name: m.name, intelligence: m.intelligence, hd: r.hd, holiness: m.holiness, sensesInvisible: m.flags.includes('senses-invisible'), seesInvisible: m.flags.includes('sees-invisible'), state: mode, hibernating: false, foeIsHero: false },
      { invisible: level(enemy, 'invisible') > 0, backlit: e.backlit, inWater: c.effects.inWater },
      edition,
    );
    return { a, s: stealthOf(c, edition), berserk: e.berserk };
  }

  /** A monster's to-hit against a Stone Soup hero. */
  function ssToHit(a: FighterView, d: FighterView, edition: Edition) {
    const m = monsterOf(a);
    const r = monsterRules(a) as MonsterRules;
    const w = r.weapon ? cat.weapons.get(r.weapon.item) : undefined;
    const seesHero = level(d, 'invisible') <= 0 || level(d, 'corona') > 0 || m.flags.includes('sees-invisible');
    return monsterToHit(r.hd, m.flags.includes('fighter'), w && r.weapon ? r.weapon.plus + w.accuracy : 0, level(a, 'confused') > 0, level(d, 'corona') > 0, !seesHero, edition);
  }

  function ssDefenderOf(d: FighterView, a: FighterView, c: CrCharacter, edition: Edition): SsDefender {
    const m = monsterOf(a);
    const unseen = m.flags.includes('invisible') && !seesInvisible(c);
    let ev = evasionOf(c, edition).value;
    // melee_evasion: an attacker the hero cannot see finds 10 less EV (code).
    if (edition === 'source' && unseen) ev -= 10;
    const e = c.effects.ss ?? NO_SS_EFFECTS;
    return { ev, ac: ssArmourClass(c, edition).value, heavyPerc: heavyPercOf(c), block: blockPlan(c, edition, unseen), blocks: heroRules(d)?.blocks ?? 0, helpless: e.paralysed || e.petrified };
  }

  /** A sleeping or wandering monster with the hero in sight and in range: the one that checks for it each turn. */
  function watching(observer: FighterView, enemy: FighterView, distance: number, inView: boolean): { r: MonsterRules; mode: 'sleeping' | 'wandering' } | null {
    const r = monsterRules(observer);
    if (!r || !heroRules(enemy)) return null;
    const mode = observer.ai?.mode;
    if (mode !== 'sleeping' && mode !== 'wandering') return null;
    if (!inView || distance > 8) return null;
    return { r, mode };
  }

  /** The numbers of check_awaken, or null when the monster is not checked (awake, or out of sight). */
  function noticeNumbers(observer: FighterView, enemy: FighterView, distance: number, inView: boolean): { a: number; s: number; aText: string } | null {
    const w = watching(observer, enemy, distance, inView);
    if (!w) return null;
    const { r } = w;
    const m = monsterOf(observer);
    const c = characterOf(enemy);
    const see = m.flags.includes('sees-invisible');
    let a = 10 + 4 * m.intelligence + r.hd + (see ? 5 : 0);
    const parts = [`10 + 4 x intelligence ${m.intelligence} + HD ${r.hd}${see ? ' + 5 sees invisible' : ''}`];
    if (level(enemy, 'invisible') > 0 && !see) {
      a -= 75;
      parts.push('- 75 you are invisible');
    }
    return { a: Math.max(0, a), s: stealth(c), aText: parts.join(' ') };
  }

  /** Per hero action: blocks reset, durations, poison, rot, disease, hunger, regeneration (acr.cc input). */
  function heroUpkeep(t: Tracer, f: FighterView): Effect[] {
    const r = heroRules(f) as HeroRules;
    const c = characterOf(f);
    const effects: Effect[] = [];
    const patch: Record<string, unknown> = { blocks: 0 };
    let hp = f.body.hp;
    const note = (text: string, tone: 'info' | 'good' | 'bad' = 'info') => effects.push({ kind: 'message', text, tone });
    t.rule(SECTION_UPKEEP, 'Durations, poison, rot, hunger and regeneration');
    const set = (kind: string, n: number) => effects.push(n > 0 ? { kind: 'status', target: f.id, status: { kind, level: n }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: kind });
    for (const k of DURATIONS) {
      const n = level(f, k);
      if (n <= 0) continue;
      let left = n - 1;
      if (k === 'form' && left === 10) {
        left -= r2(t, 3, 'transformation: random2(3) more off');
        note(`${subjectOf(f)}: the transformation is almost over.`);
      }
      if (k === 'form' && left <= 1) left = 0;
      if (k === 'might' && left <= 0 && n === 1) note(`${subjectOf(f)} ${verb(f, 'feel')} a little less mighty now.`);
      if (k === 'invisible' && left <= 0) note(`${subjectOf(f)} ${verb(f, 'flicker')} back into view.`);
      if (k === 'berserk' && left <= 0) {
        // Berserk ends (acr.cc _decrement_durations): the doubled hit points go, and half of what is left.
        note(`${subjectOf(f)} ${verb(f, 'feel')} ${isYou(f) ? 'yourself' : 'itself'} calm down.`);
        const calm = cat.character(r, level(f, 'form') > 0 ? r.form : null, { ...c.effects, ss: { ...(c.effects.ss ?? NO_SS_EFFECTS), berserk: false } }, packMass(f));
        effects.push({ kind: 'max-hp', target: f.id, maxHp: maxHp(calm, r.levelHp) - r.rotHp });
        const lost = hp - div(hp + 1, 2);
        if (lost > 0) effects.push({ kind: 'damage', target: f.id, amount: lost, cause: 'the end of berserk rage' });
        hp -= lost;
      }
      set(k, left);
      if (k === 'form' && left <= 0) {
        note(`${subjectOf(f)} ${verb(f, 'return')} to ${c.species.name.toLowerCase()} form.`);
        const normal = cat.character(r, null, c.effects, packMass(f));
        effects.push({ kind: 'max-hp', target: f.id, maxHp: maxHp(normal, r.levelHp) - r.rotHp });
      }
    }
    const poison = level(f, 'poison');
    if (poison > 0) {
      if (r2(t, 5, 'poison: random2(5) <= poison - 1') <= poison - 1) {
        let dmg = 1;
        if (poison > 10 && r2(t, poison, 'poison: random2(poison) >= 8') >= 8) dmg = 5 + r2(t, 10, 'poison: 5 + random2(10)');
        else if (poison > 5 && coin(t, 'poison: coinflip')) dmg = coin(t, 'poison: 2 or 3') ? 3 : 2;
        effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'poison' });
        hp -= dmg;
        if ((hp === 1 && oneIn(t, 3, 'poison eases: 1 in 3')) || oneIn(t, 8, 'poison eases: 1 in 8')) set('poison', poison - 1);
      }
    }
    const rot = level(f, 'rotting');
    if (rot > 0 && r2(t, 20, 'rot: random2(20) <= rotting - 1') <= rot - 1) {
      effects.push({ kind: 'damage', target: f.id, amount: 1, cause: 'rot' });
      hp -= 1;
      patch['rotHp'] = r.rotHp + 1;
      effects.push({ kind: 'max-hp', target: f.id, maxHp: f.body.maxHp - 1 });
      set('rotting', rot - 1);
    }
    const disease = level(f, 'disease');
    if (disease > 0) set('disease', disease - 1);
    // Hunger (food.cc): the rate each action; fainting below 500 and starvation below 100.
    const hunger = r.hunger - hungerRate(c);
    patch['hunger'] = hunger;
    if (hunger <= 100) {
      effects.push({ kind: 'damage', target: f.id, amount: Math.max(1, hp), cause: 'starvation' });
      hp = 0;
    } else if (hunger <= 500 && level(f, 'paralysis') <= 0 && oneIn(t, 40, 'fainting from hunger: 1 in 40')) {
      set('paralysis', Math.min(13, 5 + r2(t, 8, 'fainting: 5 + random2(8)')));
      note(`${subjectOf(f)} ${verb(f, 'lose')} consciousness!`, 'bad');
    }
    // Regeneration (player_regen), stopped by disease.
    if (hp > 0 && hp < f.body.maxHp && disease <= 0) {
      let acc = r.regen + regenRate(c, f.body.maxHp);
      let gain = 0;
      while (acc >= 100) {
        acc -= 100;
        gain++;
      }
      patch['regen'] = acc;
      if (gain > 0) effects.push({ kind: 'heal', target: f.id, amount: gain, cause: 'regeneration' });
    }
    effects.unshift({ kind: 'rules', target: f.id, patch });
    return effects;
  }

  /** Per monster action: regeneration, poison, confusion (monstuff.cc). */
  function monsterUpkeep(t: Tracer, f: FighterView): Effect[] {
    const m = monsterOf(f);
    const r = monsterRules(f) as MonsterRules;
    const effects: Effect[] = [];
    t.rule(SECTION_UPKEEP, `${m.name}: regeneration, poison, confusion`);
    if (r.blocks) effects.push({ kind: 'rules', target: f.id, patch: { blocks: 0 } });
    if (m.flags.includes('regenerates') || oneIn(t, 25, 'monster regeneration: 1 in 25')) {
      if (f.body.hp < f.body.maxHp) effects.push({ kind: 'heal', target: f.id, amount: 1, cause: 'regeneration' });
    }
    const poison = level(f, 'poison');
    if (poison > 0) {
      const pv = poison - 1;
      let dmg = 0;
      if (coin(t, 'poison: coinflip')) dmg += 1 + r2(t, pv + 3, `poison: 1 + random2(${pv + 3})`);
      if (m.vulnerable.includes('poison')) dmg += 1 + r2(t, pv + 1, 'poison vulnerability') + r2(t, pv + 1, 'poison vulnerability');
      if (dmg > 0) effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'poison' });
      if (oneIn(t, 8, 'poison eases: 1 in 8')) effects.push(poison > 1 ? { kind: 'status', target: f.id, status: { kind: 'poison', level: poison - 1 }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'poison' });
    }
    if (level(f, 'confused') > 0 && r2(t, 120, 'confusion ends: random2(120) < HD + 5') < r.hd + 5) {
      effects.push({ kind: 'remove-status', target: f.id, status: 'confused' });
      effects.push({ kind: 'message', text: `${subjectOf(f)} seems less confused.`, tone: 'warn' });
    }
    return effects;
  }

  /** The attack laws of a character against a target, kept while neither changes. */
  const lawsCache = new Map<string, AttackLaws>();
  const lawsFor = (c: CrCharacter, tgt: CrTarget, edition: Edition): AttackLaws =>
    // Hunger counts only as starving or not, so the laws last from one action to the next.
    remember(lawsCache, JSON.stringify([edition, { ...c, effects: { ...c.effects, hunger: starving(c) } }, tgt]), 256, () => new AttackLaws(c, tgt, edition, info.game));

  function heroMelee(t: Tracer, a: FighterView, d: FighterView, ctx: AttackContext): AttackOutcome {
    const c = characterOf(a, ctx.attackerTerrain === Terrain.Water);
    const r = heroRules(a) as HeroRules;
    const tgt = targetOf(d, ctx, a);
    const laws = lawsFor(c, tgt, ctx.edition);
    const { plan, aux } = laws;
    const whom = nameOf(d);
    const effects: Effect[] = [];
    if (t.recording) {
      t.rule(SECTION_HEAVY, 'Heavy armour');
      if (plan.weight !== null) t.value('strength weight', plan.weight, `${plan.label}`);
      t.value('accuracy stat', plan.hitStat, c.statSystem === 'classic' ? 'Dex (classic)' : 'new stat system');
      t.value('damage stat', plan.damStat, c.statSystem === 'classic' ? 'Str (classic)' : 'new stat system');
    }
    const heavy = rollHeavy(t, plan);
    if (t.recording) {
      t.value('heavy armour', heavy, 'shield, body armour and bare hands');
      t.rule(SECTION_GATE, 'Second attacks allowed?');
    }
    const { gate, hh } = rollGate(t, plan, heavy);
    if (t.recording) {
      t.note(gate ? 'second attacks may follow' : 'no second attack from the gate');
      if (hh) t.note('hand-and-a-half bonus');
    }
    const aTime = actionTime(c);
    if (plan.fumbleDex !== null) {
      const lost = r2(t, plan.fumbleDex, 'footing: random2(Dex) < 4') < 4 || oneIn(t, 5, 'footing: 1 in 5');
      if (t.recording) t.edition('d11-weights-and-water', 'In shallow water a non-swimmer fumbles on random2(Dex) < 4 or 1 in 5.');
      if (lost) {
        const p = fumbleChance(plan.fumbleDex);
        if (t.recording) t.odds('P(fumble)', p.num, p.den);
        const luck = ctx.luck ? { luck: { law: heroLuckLaw(laws, d.body.hp, monsterRules(d)?.blocks ?? 0, ctx.edition), dealt: 0 } } : {};
        // The attack is never made (no to-hit is rolled): the outcome lists no blow.
        return { hit: false, damage: 0, blows: [], effects: [{ kind: 'rules', target: a.id, patch: { hunger: r.hunger } }], cost: aTime * K, summary: `Unstable footing causes ${nameOf(a)} to fumble the attack.`, odds: p, ...luck };
      }
    }
    if (t.recording) t.rule(SECTION_TO_HIT, `To-hit with ${plan.label}`);
    const toHit = rollToHit(t, plan, heavy, hh);
    const fast = !plan.weapon && plan.unencumbered ? oneIn(t, heavy + 1, `quick unarmed: 1 in ${heavy + 1}`) : null;
    const stab = rollStab(t, plan);
    const stabInfo = stabCategory(plan);
    let p = stabInfo.b === 0 ? Fraction.ONE : stabInfo.roll ? (stab ? stabRollChance(plan) : stabRollChance(plan).complement()) : Fraction.ONE;
    // Whacked: the monster turns on the hero (before the hit test; a sleeper keeps its EV).
    if (d.ai?.mode === 'sleeping' || d.ai?.mode === 'wandering') {
      effects.push({ kind: 'ai-mode', target: d.id, mode: 'hunting' });
      if (d.ai.mode === 'sleeping') effects.push({ kind: 'message', text: `${subjectOf(d)} wakes up.`, tone: 'warn' });
    }
    const stabWords = stab ? (plan.ssStab?.cat ? stabMessage(plan.ssStab.cat, whom) : stabText(stabInfo.b, plan.stabState)) : '';
    if (stab && t.recording) t.note(stabWords);
    if (t.recording) t.rule(SECTION_TO_HIT, 'Hit test');
    const hit = rollHitTest(t, plan, toHit);
    // Stone Soup: a shielded monster may block a hit (attack_shield_blocked, before the damage).
    let blocks = monsterRules(d)?.blocks ?? 0;
    let blocked = false;
    if (hit && plan.monsterShield) {
      if (t.recording) t.rule(SS_SECTION_BLOCK, `${nameOf(d)}'s ${plan.monsterShield.name}`);
      blocked = rollMonsterBlock(t, plan.monsterShield, toHit, blocks, ctx.edition);
      if (blocked) blocks++;
    }
    let dmg = 0;
    let hpLeft = d.body.hp;
    /** Every hit point this attack takes, second attacks included (the luck meter). */
    let dealt = 0;
    const notes: string[] = [];
    let brandP = Fraction.ONE;
    let branded = false;
    if (hit && !blocked) {
      if (t.recording) t.rule(plan.weapon ? 'crawl-4.0b20#3.1-damage' : 'crawl-4.0b20#3.2-bare-hands', `Damage with ${plan.label}`);
      dmg = rollDamage(t, plan, hh, stab);
      if (stab && tgt.state === 'sleeping') {
        if (r2(t, 200, 'groggy: random2(200) <= stabbing + Dex') <= plan.stabbing + plan.dex) {
          const stun = r2(t, plan.dex + 1, `groggy: random2(Dex ${plan.dex} + 1)`);
          const energy = (d as unknown as { energy?: { energy: number } }).energy?.energy ?? 0;
          effects.push({ kind: 'delay', target: d.id, ticks: Math.min(stun * K, Math.max(0, energy)) });
          notes.push('groggy');
          brandP = brandP.mul(stabRollChance(plan)).mul(Fraction.of(1, plan.dex + 1));
        } else brandP = brandP.mul(stabRollChance(plan).complement());
      }
      if (dmg > 0) effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: plan.label, source: a.id });
      hpLeft -= dmg;
      dealt += dmg;
      if (hpLeft >= 1 && plan.brand) {
        const rolled = rollBrand(t, plan.brand, dmg, a.body.hp < a.body.maxHp);
        brandP = brandP.mul(rolled.p);
        let b = rolled;
        if (stab && ss && ctx.edition === 'spoiler' && rolled.extra > 0 && plan.ssStab) {
          // The seed puts the stab after the brand: the brand's damage takes the multiplier too.
          const mult = seedMultiplier(plan.ssStab.weapon, c.skills.stabbing, stab);
          b = { ...rolled, extra: Number((BigInt(rolled.extra) * mult.num) / mult.den) };
          if (t.recording) {
            t.edition('ss26-stab-brand', SS_DIVERGENCES['ss26-stab-brand'].spoiler);
            t.mod('brand damage stabbed', rolled.extra, b.extra, `x ${mult.toNumber().toFixed(3)}`);
          }
        }
        if (b.extra > 0) {
          effects.push({ kind: 'damage', target: d.id, amount: b.extra, cause: `${plan.label} (${plan.brand.brand})`, source: a.id });
          hpLeft -= b.extra;
          dealt += b.extra;
        }
        if (b.poison) effects.push({ kind: 'status', target: d.id, status: { kind: 'poison', level: Math.min(4, level(d, 'poison') + 1) }, mode: 'set' });
        if (b.confuse) {
          effects.push({ kind: 'status', target: d.id, status: { kind: 'confused', level: 1 }, mode: 'set' });
          const left = Math.max(1, level(a, 'confusing-touch') - r2(t, 20, 'confusing touch: less random2(20)'));
          effects.push({ kind: 'status', target: a.id, status: { kind: 'confusing-touch', level: left }, mode: 'set' });
        }
        if (b.drain) {
          const newMax = d.body.maxHp - b.drain.maxHp;
          effects.push({ kind: 'max-hp', target: d.id, maxHp: newMax });
          effects.push({ kind: 'damage', target: d.id, amount: b.drain.hp, cause: 'draining', source: a.id });
          hpLeft -= b.drain.hp;
          dealt += b.drain.hp;
          if (b.drain.hd) effects.push({ kind: 'rules', target: d.id, patch: { hd: Math.max(0, (monsterRules(d)?.hd ?? 1) - 1) } });
        }
        if (b.heal > 0) effects.push({ kind: 'heal', target: a.id, amount: b.heal, cause: 'vampiricism' });
        if (b.text !== 'nothing') notes.push(b.text);
        branded = b.extra > 0 || b.poison || b.confuse || b.drain !== null || b.heal > 0;
      }
    }
    // The main blow's exact odds, summed over heavy armour, the gate and the hand-and-a-half bonus, with the second attacks.
    const events = hpLeft >= 1 ? rollAux(t, aux, gate, hpLeft, blocks) : [];
    let sum = Fraction.ZERO;
    for (const l of laws.latents) {
      const ph = laws.hitChance(l.heavy, l.hh);
      let m: Fraction;
      const pb = laws.blockedChance(l.heavy, l.hh);
      if (blocked) m = pb;
      else if (hit) m = ph.mul(laws.damage(l.hh, stab).prob(dmg));
      else m = ph.add(pb).complement();
      if (m.num === 0n) continue;
      const go = plan.fumbleDex === null ? Fraction.ONE : fumbleChance(plan.fumbleDex).complement();
      sum = sum.add(l.p.mul(go).mul(m).mul(hpLeft >= 1 ? auxOdds(aux, l.gate, events, hpLeft, blocks) : Fraction.ONE));
    }
    p = p.mul(sum).mul(brandP);
    if (t.recording) t.odds('P(this attack, second attacks included)', p.num, p.den);
    let auxText = '';
    for (const e of events) {
      if (e.hit && e.damage > 0) effects.push({ kind: 'damage', target: d.id, amount: e.damage, cause: e.name, source: a.id });
      if (e.poison) effects.push({ kind: 'status', target: d.id, status: { kind: 'poison', level: Math.min(4, level(d, 'poison') + 1) }, mode: 'set' });
      auxText += e.blocked
        ? ` ${capital(whom)} blocks the ${e.name}.`
        : e.hit
          ? ` ${capital(verb(a, e.name === 'punch' ? 'punch' : e.name === 'tail-slap' ? 'tail-slap' : e.name))} ${e.damage > 0 ? `for ${e.damage}` : 'for no damage'}.`
          : ` The ${e.name} misses.`;
    }
    const allBlocks = blocks + events.filter((e) => e.blocked).length;
    if (allBlocks !== (monsterRules(d)?.blocks ?? 0)) effects.push({ kind: 'rules', target: d.id, patch: { blocks: allBlocks } });
    if (events.length && t.recording) t.rule(SECTION_AUX, `${events.length} second attack${events.length > 1 ? 's' : ''}`);
    const hunger = r.hunger - 3 - 2 * events.length;
    effects.push({ kind: 'rules', target: a.id, patch: { hunger } });
    let time: number;
    if (t.recording) t.rule(SECTION_TIME, 'Time');
    if (ss && ctx.edition === 'source') {
      // Stone Soup 0.5.2: the weapon's delay, the shield's rolled delay, and a randomly rounded time.
      const wd = ssWeaponDelay(c, hh, fast);
      if (t.recording) t.value('attack delay', wd.ws, wd.text);
      const sd = rollSsShieldDelay(t, c);
      const del = Math.max(3, wd.ws + sd);
      if (t.recording && sd) t.mod('shield', wd.ws, wd.ws + sd, `+${sd} ${shieldOf(c)?.def.name ?? 'shield'}`);
      time = rollSsTime(t, aTime, del);
      if (t.recording) t.value('time taken', time, `${aTime} x ${del} / 10, rounded at random, at least 2`);
    } else {
      const ws = weaponSpeed(c, hh, fast);
      time = attackTime(c, aTime, ws.ws);
      if (t.recording) {
        t.value('weapon speed', ws.ws, ws.text);
        t.value('time taken', time, `${aTime}${armed(c)?.brand === 'speed' ? ' halved (speed)' : ''} x ${ws.ws} / 10`);
      }
    }
    const stabWord = stab ? `${stabWords} ` : '';
    const summary = blocked
      ? `${stabWord}${capital(whom)} blocks ${possessive(a)} attack with its ${plan.monsterShield?.name ?? 'shield'}.${auxText}`
      : hit
      ? `${stabWord}${subjectOf(a)} ${verb(a, 'hit')} ${whom}${dmg > 0 ? ` for ${dmg}` : ` but ${verb(a, 'do', 'does')} no damage`}${notes.length ? ` (${notes.join(', ')})` : ''}.${auxText}`
      : `${stabWord}${subjectOf(a)} ${verb(a, 'miss', 'misses')} ${whom}.${auxText}`;
    // The main blow takes what the monster lost to it, its brand's damage and draining included.
    const mainTaken = dealt;
    dealt += events.reduce((n, e) => n + e.damage, 0);
    const luck = ctx.luck ? { luck: { law: heroLuckLaw(laws, d.body.hp, monsterRules(d)?.blocks ?? 0, ctx.edition), dealt } } : {};
    const blows = heroBlows(laws, d.body.hp, monsterRules(d)?.blocks ?? 0, ctx, { hit, blocked, stab, branded, taken: mainTaken }, events);
    return { hit: (hit && !blocked) || events.some((e) => e.hit), damage: dealt, blows, effects, cost: time * K, summary, odds: p, ...luck };
  }

  /**
   * The blows of a hero's attack that was made: the main blow, then each second attack made, in
   * order. With the context asking for laws, each has its chance to land and the law of what it
   * takes given what came before: the main blow's over the latent draws (heavy armour, the gate,
   * the hand-and-a-half bonus) and the stab, as the fumble did not happen, its brand included;
   * each second attack's given that it is made (its kind chosen and its own chances passed) and
   * the blocks the monster's shield has made so far.
   */
  function heroBlows(laws: AttackLaws, hp: number, blocks: number, ctx: AttackContext, main: { hit: boolean; blocked: boolean; stab: number; branded: boolean; taken: number }, events: readonly AuxEvent[]): BlowOutcome[] {
    const { plan, aux } = laws;
    const landed = main.hit && !main.blocked;
    const tags: BlowTag[] = [];
    if (main.blocked) tags.push('blocked');
    // The stab's bonus goes into the damage only when the blow lands.
    if (landed && main.stab > 0) tags.push('stab');
    if (main.branded) tags.push('brand');
    let mainOdds: { hitChance: Fraction; law: Distribution } | undefined;
    if (ctx.luck) {
      const hitChance = laws.latents.reduce((n, l) => n.add(l.p.mul(laws.hitChance(l.heavy, l.hh))), Fraction.ZERO);
      mainOdds = { hitChance, law: heroLuckLaw(laws, hp, blocks, ctx.edition, true) };
    }
    const out: BlowOutcome[] = [blowOf(plan.label, landed, landed ? main.taken : 0, tags.length ? tags : NO_TAGS, mainOdds)];
    let past = blocks + (main.blocked ? 1 : 0);
    for (const e of events) {
      let odds: { hitChance: Fraction; law: Distribution } | undefined;
      if (ctx.luck) {
        const k = aux.kinds.find((x) => x.kind === e.kind) as AuxKindPlan;
        const hb = auxHitAndBlock(aux, k, past);
        odds = { hitChance: hb.hit, law: missOrHit(hb.hit, auxDamageLaw(aux, k)) };
      }
      out.push(blowOf(e.name, e.hit, e.damage, e.blocked ? BLOCKED : NO_TAGS, odds));
      if (e.blocked) past++;
    }
    return out;
  }

  /**
   * The luck meter's law of a hero's whole attack: the fumble, then over the latent draws (heavy
   * armour, the gate, the hand-and-a-half bonus) and the stab, a miss, a blocked hit or a hit
   * for the main damage law; after a hit that leaves the monster standing, the brand's damage
   * (`brandDamageLaw`); then, while it still stands, the second attacks' law given the gate and
   * the blocks (`auxDamageTotalLaw`). The monster has `hp` and its shield `blocks` blocks so far.
   */
  /**
   * The law depends only on the attack's laws (kept while attacker and target are unchanged), the
   * monster's hit points and blocks, the edition and whether it is the main blow alone: it is
   * remembered by them, as a simulation meets the same few states duel after duel.
   */
  const heroLawMemo = new WeakMap<AttackLaws, Map<string, Distribution>>();
  function heroLuckLaw(laws: AttackLaws, hp: number, blocks: number, edition: Edition, mainOnly = false): Distribution {
    let memo = heroLawMemo.get(laws);
    if (!memo) heroLawMemo.set(laws, (memo = new Map()));
    return remember(memo, `${hp}/${blocks}/${edition}/${mainOnly}`, 1024, () => workOutHeroLuckLaw(laws, hp, blocks, edition, mainOnly));
  }

  /**
   * The second attacks' law of an attack's laws, by the gate, the hit points they meet and the
   * blocks made before them: remembered by the laws, as the same values come back for other
   * main-blow damages and other hit points of the monster.
   */
  const secondLawMemo = new WeakMap<AttackLaws, Map<string, Distribution>>();
  function secondAttacksLaw(laws: AttackLaws, gate: boolean, left: number, past: number): Distribution {
    let memo = secondLawMemo.get(laws);
    if (!memo) secondLawMemo.set(laws, (memo = new Map()));
    return remember(memo, `${gate}/${left}/${past}`, 4096, () => auxDamageTotalLaw(laws.aux, gate, left, past));
  }

  function workOutHeroLuckLaw(laws: AttackLaws, hp: number, blocks: number, edition: Edition, mainOnly: boolean): Distribution {
    const { plan } = laws;
    const none = Distribution.constant(0);
    const stab = stabCategory(plan);
    const stabP = stab.b === 0 ? Fraction.ZERO : stab.roll ? stabRollChance(plan) : Fraction.ONE;
    const stabs: (readonly [number, Fraction])[] = stab.b === 0 ? [[0, Fraction.ONE]] : [[stab.b, stabP], [0, stabP.complement()]];
    // The main blow alone (`mainOnly`): given that it is made (no fumble), without the second attacks.
    const fumble = plan.fumbleDex === null || mainOnly ? Fraction.ZERO : fumbleChance(plan.fumbleDex);
    const second = (gate: boolean, left: number, past: number): Distribution => (left < 1 || mainOnly ? none : secondAttacksLaw(laws, gate, left, past));
    // Stone Soup's seed stabs the brand's damage too.
    const scale = (b: number) => (x: number): number => {
      if (!(plan.game === 'ss' && edition === 'spoiler' && b && plan.ssStab)) return x;
      const mult = seedMultiplier(plan.ssStab.weapon, laws.character.skills.stabbing, b);
      return Number((BigInt(x) * mult.num) / mult.den);
    };
    const afterHit = (d: number, b: number, gate: boolean): Distribution => {
      const left = hp - d;
      if (left < 1) return Distribution.constant(d);
      if (!plan.brand) return second(gate, left, blocks).map((x) => d + x);
      return brandDamageLaw(plan.brand, d, scale(b)).then((x) => second(gate, left - x, blocks).map((y) => d + x + y));
    };
    // The latent draws matter to the rest only through the gate and the bonus: their weights are summed first.
    const parts = new Map<string, { weight: Fraction; dist: () => Distribution }>();
    const add = (key: string, weight: Fraction, dist: () => Distribution): void => {
      if (weight.num === 0n) return;
      const cur = parts.get(key);
      parts.set(key, { weight: (cur?.weight ?? Fraction.ZERO).add(weight), dist });
    };
    const go = fumble.complement();
    for (const l of laws.latents) {
      const ph = laws.hitChance(l.heavy, l.hh);
      const pb = laws.blockedChance(l.heavy, l.hh);
      const w = l.p.mul(go);
      add(`miss/${l.gate}`, w.mul(ph.add(pb).complement()), () => second(l.gate, hp, blocks));
      add(`blocked/${l.gate}`, w.mul(pb), () => second(l.gate, hp, blocks + 1));
      for (const [b, q] of stabs) add(`hit/${l.gate}/${l.hh}/${b}`, w.mul(ph).mul(q), () => laws.damage(l.hh, b).then((d) => afterHit(d, b, l.gate)));
    }
    return mixture([{ weight: fumble, dist: none }, ...[...parts.values()].map((x) => ({ weight: x.weight, dist: x.dist() }))]);
  }

  const oddsMemo = new Map<string, Fraction>();
  const damageLaws = new Map<string, Distribution>();
  /** Exact odds remembered by what they depend on (an attack's odds cost far more than its rolls). */
  const memoOdds = (key: unknown, compute: () => Fraction): Fraction => remember(oddsMemo, JSON.stringify(key), 4096, compute);
  const damageMemo = (key: string, compute: () => Distribution): Distribution => remember(damageLaws, key, 1024, compute);

  /** A monster attack's odds, remembered by the attack and the hero's defences. */
  const monsterOdds = (plan: MonsterAttackPlan, mdam: number, def: Defender, res: { blocked: boolean; hit: boolean; damage: number }): Fraction =>
    memoOdds([plan.hd, plan.toHit, plan.weapon?.def.id ?? null, plan.weapon?.plus2 ?? 0, plan.weapon?.orcish ?? false, mdam, def, res], () => monsterHitOdds(plan, mdam, def, res));

  function monsterMelee(t: Tracer, a: FighterView, d: FighterView, ctx: AttackContext): AttackOutcome {
    const m = monsterOf(a);
    const r = monsterRules(a) as MonsterRules;
    const c = characterOf(d, ctx.defenderTerrain === Terrain.Water);
    const plan = monsterPlan(a);
    const cost = monsterAttackCost(a, ctx.edition, t);
    let p = Fraction.ONE;
    if (ctx.attackerTerrain === Terrain.Water && !m.flags.includes('flies')) {
      if (t.recording) t.rule(SECTION_MONSTER, `${m.name} in the water`);
      if (oneIn(t, 4, 'splashes around: 1 in 4')) {
        const luck = ctx.luck ? { luck: { law: monsterLuckLaw(a, d, ctx), dealt: 0 } } : {};
        // It never gets to attack (no to-hit is rolled): the outcome lists no blow.
        return { hit: false, damage: 0, blows: [], effects: [], cost: MONSTER_ACTION, summary: `${subjectOf(a)} splashes around in the water.`, odds: Fraction.of(1, 4), ...luck };
      }
      p = Fraction.of(3, 4);
    }
    const effects: Effect[] = [];
    let blocks = heroRules(d)?.blocks ?? 0;
    let hp = d.body.hp;
    let total = 0;
    let hits = 0;
    const parts: string[] = [];
    const add: Record<string, number> = {};
    const ssBase = ss ? ssDefenderOf(d, a, c, ctx.edition) : null;
    const ssHit = ss ? ssToHit(a, d, ctx.edition) : null;
    const blows: BlowOutcome[] = [];
    const start = blocks;
    // Each attack's chance and law given the blocks made before it (the luck meter's own branches).
    const ways = ctx.luck ? monsterWays(a, d, ctx) : null;
    const oddsOf = (i: number): { hitChance: Fraction; law: Distribution } | undefined => {
      if (!ways) return undefined;
      const branches = ways(i, blocks - start);
      return { hitChance: (branches[2] as AttackBranch).p, law: mixture(branches.map((b) => ({ weight: b.p, dist: b.damage }))) };
    };
    for (const [i, mdam] of plan.attacks.entries()) {
      if (hp <= 0) break;
      const label = `attack ${i + 1}`;
      const odds = oddsOf(i);
      const def = { ...defenderOf(d, a, c), blocks };
      let res: { blocked: boolean; hit: boolean; damage: number };
      if (ssBase && ssHit) {
        const sd = { ...ssBase, blocks };
        if (t.recording) {
          t.rule(SS_SECTION_MONSTER, `${m.name}: attack ${i + 1} (${mdam}${r.weapon ? ` with a ${cat.nameOf(r.weapon.item)}` : ''})`);
          t.value('to-hit', ssHit.value, ssHit.text);
          t.value('your EV, SH and AC', sd.ev, `EV ${sd.ev}, ${sd.block.scale > 1 ? 'Block' : 'SH'} ${sd.block.sh}, AC ${sd.ac}`);
        }
        res = rollSsMonsterAttack(t, plan, ssHit, mdam, sd, ctx.edition);
        // Each part is remembered by what it depends on: the block by the shield and past blocks, EV by the to-hit, damage by the attack and armour.
        const { law: _law, text: _text, ...shield } = sd.block;
        const ed = ctx.edition;
        const block = memoOdds(['ss-block', ed, plan.hd, shield, sd.blocks, sd.helpless], () => ssBlockChance(plan.hd, sd, ed));
        const pastEv = memoOdds(['ss-hit', ed, ssHit, sd.ev], () => monsterHitChanceSs(ssHit, sd.ev, ed));
        const dkey = JSON.stringify([ed, plan.hd, plan.weapon?.def.id ?? null, plan.weapon?.plus2 ?? 0, plan.weapon?.orcish ?? false, mdam, sd.ac, sd.heavyPerc]);
        p = p.mul(ssOutcomeOdds(block, pastEv, () => damageMemo(dkey, () => ssDamageLaw(plan, mdam, sd, ed)), res, ed));
      } else {
        if (t.recording) {
          t.rule(SECTION_MONSTER, `${m.name}: attack ${i + 1} (${mdam}${r.weapon ? ` with a ${cat.nameOf(r.weapon.item)}` : ''})`);
          t.value('to-hit', plan.toHit, plan.toHitText);
          t.value('your EV, SH and AC', def.ev, `EV ${def.ev}, SH ${def.sh}, AC ${def.ac}`);
        }
        res = rollMonsterAttack(t, plan, mdam, def);
        p = p.mul(monsterOdds(plan, mdam, def, res));
      }
      if (res.blocked) {
        blocks++;
        parts.push('blocked');
        blows.push(blowOf(label, false, 0, BLOCKED, odds));
        continue;
      }
      if (!res.hit) {
        parts.push('miss');
        blows.push(blowOf(label, false, 0, NO_TAGS, odds));
        continue;
      }
      hits++;
      let dmg = res.damage;
      let branded = false;
      if (dmg > 0 && m.special) {
        const s = rollSpecial(t, m.special, r.hd, dmg, def);
        p = p.mul(s.p);
        dmg += s.extra;
        // A cold or fire monster's extra damage: its attack's brand.
        branded = s.extra > 0;
        if (s.poison) add['poison'] = (add['poison'] ?? 0) + s.poison;
        if (s.rot) add['rotting'] = (add['rotting'] ?? 0) + s.rot;
        if (s.paralysis) add['paralysis'] = (add['paralysis'] ?? 0) + s.paralysis;
        if (s.disease) {
          const cur = level(d, 'disease') + (add['disease'] ?? 0);
          add['disease'] = (cur > 100 ? 210 : cur + 50 + r2(t, 100, 'disease: 50 + random2(100)')) - level(d, 'disease');
        }
        if (s.rotMaxHp) {
          effects.push({ kind: 'max-hp', target: d.id, maxHp: d.body.maxHp - 1 });
          effects.push({ kind: 'rules', target: d.id, patch: { rotHp: (heroRules(d)?.rotHp ?? 0) + 1 } });
        }
        parts.push(...s.text);
      }
      if (dmg > 0) effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: m.name, source: a.id });
      parts.push(dmg > 0 ? `${dmg}` : 'no damage');
      total += dmg;
      hp -= dmg;
      blows.push(blowOf(label, true, dmg, branded ? BRAND : NO_TAGS, odds));
    }
    for (const [k, n] of Object.entries(add)) if (n > 0) effects.push({ kind: 'status', target: d.id, status: { kind: k, level: level(d, k) + n }, mode: 'set' });
    if (blocks !== (heroRules(d)?.blocks ?? 0)) effects.push({ kind: 'rules', target: d.id, patch: { blocks } });
    if (t.recording) t.odds('P(these attacks)', p.num, p.den);
    const detail = plan.attacks.length > 1 || parts.some((x) => !/^\d+$|^miss$|^blocked$|^no damage$/.test(x)) ? ` (${parts.join(', ')})` : '';
    const summary =
      hits === 0
        ? `${subjectOf(a)} ${parts.every((x) => x === 'blocked') ? `is blocked by ${nameOf(d)}` : `misses ${nameOf(d)}`}${detail}.`
        : `${subjectOf(a)} hits ${nameOf(d)}${total > 0 ? ` for ${total}` : ' but does no damage'}${detail}.`;
    const luck = ctx.luck ? { luck: { law: monsterLuckLaw(a, d, ctx), dealt: total } } : {};
    return { hit: hits > 0, damage: total, blows, effects, cost, summary, odds: p, ...luck };
  }

  /**
   * The luck meter's law of a monster's attacks on the hero: each one blocked (the blocks raising
   * the next one's chance to get through), missed, or landing for its damage law after armour,
   * with a cold or fire monster's extra damage; the attacks stop once the hero is dead, and a
   * monster in water splashes around one time in four.
   */
  function monsterLuckLaw(a: FighterView, d: FighterView, ctx: AttackContext): Distribution {
    const m = monsterOf(a);
    const plan = monsterPlan(a);
    const hp = d.body.hp;
    const law = attacksLaw(plan.attacks.length, monsterWays(a, d, ctx), (total) => hp - total > 0);
    if (ctx.attackerTerrain !== Terrain.Water || m.flags.includes('flies')) return law;
    return mixture([
      { weight: Fraction.of(1, 4), dist: Distribution.constant(0) },
      { weight: Fraction.of(3, 4), dist: law },
    ]);
  }

  /**
   * How a monster's attack `i` on the hero can go, given `made` blocks by the hero's shield earlier
   * in the sequence: blocked, missed, or landing (always the third branch) for its damage law.
   */
  function monsterWays(a: FighterView, d: FighterView, ctx: AttackContext): (i: number, made: number) => AttackBranch[] {
    const m = monsterOf(a);
    const r = monsterRules(a) as MonsterRules;
    const c = characterOf(d, ctx.defenderTerrain === Terrain.Water);
    const plan = monsterPlan(a);
    const ed = ctx.edition;
    const def = defenderOf(d, a, c);
    const start = heroRules(d)?.blocks ?? 0;
    const ssBase = ss ? ssDefenderOf(d, a, c, ed) : null;
    const ssHit = ss ? ssToHit(a, d, ed) : null;
    const none = Distribution.constant(0);
    const ways = (i: number, made: number): AttackBranch[] => {
      const mdam = plan.attacks[i] as number;
      const blocks = start + made;
      let block: Fraction;
      let hit: Fraction;
      let damage: Distribution;
      let blocked: Fraction;
      if (ssBase && ssHit) {
        const sd = { ...ssBase, blocks };
        const { law: _law, text: _text, ...shield } = sd.block;
        block = memoOdds(['ss-block', ed, plan.hd, shield, sd.blocks, sd.helpless], () => ssBlockChance(plan.hd, sd, ed));
        hit = memoOdds(['ss-hit', ed, ssHit, sd.ev], () => monsterHitChanceSs(ssHit, sd.ev, ed));
        const dkey = JSON.stringify([ed, plan.hd, plan.weapon?.def.id ?? null, plan.weapon?.plus2 ?? 0, plan.weapon?.orcish ?? false, mdam, sd.ac, sd.heavyPerc]);
        damage = damageMemo(dkey, () => ssDamageLaw(plan, mdam, sd, ed));
        // The code tries the shield first, the seed EV first.
        blocked = ed === 'source' ? block : hit.mul(block);
      } else {
        const dd = { ...def, blocks };
        block = memoOdds(['block', plan.hd, dd], () => blockChance(plan.hd, dd));
        hit = memoOdds(['hit', plan.toHit, dd], () => monsterHitChance(plan.toHit, dd));
        damage = monsterDamageLaw(plan, mdam, dd);
        blocked = block;
      }
      const land = block.complement().mul(hit);
      return [
        { p: blocked, damage: none, state: made + 1 },
        { p: land.add(blocked).complement(), damage: none },
        { p: land, damage: withSpecialLaw(damage, m.special, r.hd, def) },
      ];
    };
    return ways;
  }

  return ruleset;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The value of `key` in `map`, computed and kept on first use; the map is emptied when it passes `limit`. */
function remember<T>(map: Map<string, T>, key: string, limit: number, compute: () => T): T {
  let v = map.get(key);
  if (v === undefined) {
    if (map.size > limit) map.clear();
    v = compute();
    map.set(key, v);
  }
  return v;
}


function stabText(b: number, state: CrTarget['state']): string {
  if (state === 'sleeping') return 'You strike the sleeping monster!';
  if (b === 2) return state === 'fleeing' ? 'You catch the fleeing monster off guard!' : 'You catch the monster completely off guard!';
  return 'You catch the unaware monster off guard!';
}

/** b20's noticing roll, random2(stealth) <= awareness: (awareness + 1) in stealth. */
function b20NoticeChance(check: { readonly a: number; readonly s: number }): Fraction {
  return check.s <= 0 || check.a + 1 >= check.s ? Fraction.ONE : Fraction.of(Math.max(0, check.a + 1), check.s);
}
