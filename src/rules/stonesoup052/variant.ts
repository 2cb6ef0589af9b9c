import { maxHp } from '../crawl-family/character.js';
import type { StabTarget } from '../crawl-family/melee.js';
import { SIZES } from '../crawl-family/sizes.js';
import { type FamilyCtx, type View, level, monsterDefence, monsterOf, monsterState, packMass } from '../crawl-family/state.js';
import { NO_SS_EFFECTS, SS_SPELLS, ssEffectsFrom } from '../crawl-family/states.js';
import { div } from '../crawl-family/random.js';
import type { CrawlVariant } from '../crawl-family/variant.js';
import { isYou, subjectOf, verb } from '../names.js';
import { armourClass, blockPlan, evasionOf, monsterShield, type MonsterShield } from './defence.js';
import { SS_DIVERGENCE_LIST } from './divergences.js';
import { SS_MELEE } from './melee.js';
import { ssMonsterAttack } from './monster-melee.js';
import { ssNotice, ssNoticeCheck } from './noticing.js';
import { describeStealth, stealthOf } from './stealth.js';
import { ssMonsterAttackTime } from './time.js';

/**
 * Stone Soup 0.5.2 as a game of the Crawl family: its stab, hit test, time and second attacks,
 * its EV, AC and shield against monsters, its noticing, the spells and states its heroes start
 * with, the gear its monsters carry, and its status panel.
 */

/** A Stone Soup monster's shield, if it can block the hero now (not asleep, paralysed, petrified, confused or netted). */
function shieldOfMonster(ctx: FamilyCtx, d: View, heroInvisible: boolean): MonsterShield | null {
  const r = monsterState(d);
  const def = r.shield ? ctx.cat.armour.get(r.shield.item) : undefined;
  if (!r.shield || !def) return null;
  const mode = d.ai?.mode;
  if (mode === 'sleeping' || ['paralysis', 'petrified', 'petrifying', 'confused', 'netted'].some((k) => level(d, k) > 0)) return null;
  const m = monsterOf(ctx, d);
  const unseen = heroInvisible && !m.flags.includes('sees-invisible');
  return monsterShield(def.name, def.block ?? def.ac, r.shield.plus, r.hd, unseen, r.blocks ?? 0);
}

/** The states of a monster Stone Soup's stab and hit rules read. */
function statesOfMonster(ctx: FamilyCtx, d: View, heroInvisible: boolean): StabTarget {
  const m = monsterOf(ctx, d);
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

export const STONE_SOUP_052: CrawlVariant = {
  id: 'stone-soup-0.5.2',
  name: 'Stone Soup 0.5.2',
  description: 'Dungeon Crawl Stone Soup 0.5.2: stealth and noticing, stabbing, EV, AC and shield blocking; melee from Crawl 4.00 beta 20 (seed) or the 0.5.2 code.',
  divergences: SS_DIVERGENCE_LIST,
  defaultHero: 'halfling-assassin',
  defaultFoe: 'orc-warrior',
  melee: SS_MELEE,
  spells: SS_SPELLS,
  durations: ['might', 'invisible', 'confusing-touch', 'sure-blade', 'form', ...SS_SPELLS],
  durationEnds(ctx, f, kind, c, r, hp) {
    if (kind !== 'berserk') return { effects: [], hp };
    // Berserk ends (acr.cc _decrement_durations): the doubled hit points go, and half of what is left.
    const calm = ctx.cat.character(r, level(f, 'form') > 0 ? r.form : null, { ...c.effects, ss: { ...(c.effects.ss ?? NO_SS_EFFECTS), berserk: false } }, packMass(ctx, f));
    const lost = hp - div(hp + 1, 2);
    return {
      effects: [
        { kind: 'message', text: `${subjectOf(f)} ${verb(f, 'feel')} ${isYou(f) ? 'yourself' : 'itself'} calm down.`, tone: 'info' },
        { kind: 'max-hp', target: f.id, maxHp: maxHp(calm, r.levelHp) - r.rotHp },
        ...(lost > 0 ? [{ kind: 'damage', target: f.id, amount: lost, cause: 'the end of berserk rage' } as const] : []),
      ],
      hp: hp - lost,
    };
  },
  heroStates: (on, shields, blood) => ssEffectsFrom(on, shields, blood),
  targetStates(ctx, d, heroUnseen) {
    const m = monsterOf(ctx, d);
    return {
      ss: statesOfMonster(ctx, d, heroUnseen),
      shield: shieldOfMonster(ctx, d, heroUnseen),
      size: SIZES[m.size ?? 'medium'],
      // A vampire's bite drinks from natural monsters with blood: animals and up (mons_has_blood, roughly).
      blood: m.holiness === 'natural' && m.intelligence >= 2,
    };
  },
  creationWords: 'gear',
  monsterGear: (armour, shield) => ({ armour, shield, blocks: 0 }),
  monsterAttack: ssMonsterAttack,
  monsterAttackTime: ssMonsterAttackTime,
  notice: ssNotice,
  noticeChance: ssNoticeCheck,
  describeHero(_ctx, f, c, _r, edition, arms) {
    const st = stealthOf(c, edition);
    const bp = blockPlan(c, edition, false);
    return [
      `EV ${evasionOf(c, edition).value}  AC ${armourClass(c, edition).value}  ${edition === 'source' ? 'SH' : 'Block'} ${bp.sh}  Str ${c.str}  Dex ${c.dex}  (${edition})`,
      `${arms}${level(f, 'invisible') > 0 ? '; invisible' : ''}`,
      `stealth ${st.value} (${describeStealth(st.value)})`,
    ];
  },
  describeMonster(ctx, f, r) {
    const m = monsterOf(ctx, f);
    const senses = [m.flags.includes('sees-invisible') ? 'sees invisible' : '', m.flags.includes('senses-invisible') ? 'senses invisible' : '', m.flags.includes('fighter') ? 'fighter' : ''].filter(Boolean);
    const worn = monsterDefence(ctx, f);
    const w = r.weapon ? `${r.weapon.plus ? `${r.weapon.plus > 0 ? '+' : ''}${r.weapon.plus} ` : ''}${ctx.cat.nameOf(r.weapon.item)}` : '';
    return [
      `HD ${r.hd}  AC ${worn.ac}  EV ${worn.ev}  speed ${m.speed}  int ${m.intelligence} ${m.holiness}${senses.length ? `; ${senses.join(', ')}` : ''}`,
      `attacks ${m.attacks.join('/')}${w ? ` with a ${w}` : ''}${worn.text ? `; ${worn.text}` : ''}`,
      m.description,
    ];
  },
};

