import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackKey } from '../../world/components.js';
import { NO_TAGS, blowOf } from '../common.js';
import { nameOf, subjectOf, verb } from '../names.js';
import type { AttackContext, AttackOutcome, AttackPreview, BlowOutcome } from '../ruleset.js';
import { type Round, RoundRoll, lawOfRound } from './attempts.js';
import type { GearData } from './catalogue.js';
import {
  ACTION,
  type AngContext,
  type AngEffect,
  type AngState,
  type AngView,
  HOLD_LIFE_KEEPS,
  type HeroState,
  type MutableGear,
  characterOf,
  heroDefences,
  heroGuard,
  heroRules,
  monsterBlows,
  monsterGuard,
  monsterOf,
  monsterRules,
  mutableGear,
  statusLevel,
} from './context.js';
import { armourClass } from './defence.js';
import { decStat, expDrainBase, expFactor, levelExp, loseExp } from './drain.js';
import { CRITICAL } from './hero-attacks.js';
import { itemDamage } from './items.js';
import {
  ARMOURED,
  type AcidCover,
  CUT_BY_LEVEL,
  METHOD_CUTS,
  METHOD_STUNS,
  type MonsterBlow,
  NO_COVER,
  STUN_BY_LEVEL,
  monsterBlow,
  monsterCritical,
  rollWound,
} from './monster-melee.js';
import { type AngCharacter, currentStats, maxHitPoints } from './sheet.js';
import { formatStat, statIndex } from './stats.js';
import type { AngAnyStat, AngDefences, AngMonster, AngStatName } from './types.js';

/** A monster's blows against the hero (melee1.c make_attack_normal), their laws and preview. */

/** The armour worn in an acid slot, 1 to 6: body, shield, cloak, gloves, helm, boots. */
export function slotArmour(ctx: AngContext, gear: GearData | MutableGear, slot: number): ItemStack | undefined {
  const order = ['body', 'shield', 'cloak', 'gloves', 'helm', 'boots'] as const;
  const want = order[slot - 1];
  return (want === 'body' ? gear.body : want === 'shield' ? gear.shield : gear.worn.find((w) => {
    const d = ctx.cat.items.get(w.item);
    return d?.kind === 'armour' && d.def.slot === want;
  })) ?? undefined;
}

/** Acid on a random armour slot: the item loses 1 to-AC unless it ignores acid. */
export function acidOnArmour(ctx: AngContext, gear: MutableGear, slot: number): { name: string; damaged: boolean } | null {
  const st = slotArmour(ctx, gear, slot);
  if (!st) return null;
  const d = ctx.cat.item(st.item);
  if (d.kind !== 'armour') return null;
  const toAc = d.def.toAc + (st.magic?.toAc ?? 0);
  if (d.def.ac + toAc <= 0) return null;
  if (d.def.ignoreAcid) return { name: d.def.name, damaged: false };
  st.magic = { toHit: st.magic?.toHit ?? 0, toDam: st.magic?.toDam ?? 0, toAc: (st.magic?.toAc ?? 0) - 1, ...(st.magic?.ego ? { ego: st.magic.ego } : {}), ...(st.magic?.pval !== undefined ? { pval: st.magic.pval } : {}) };
  return { name: d.def.name, damaged: true };
}

/** The armour in an acid slot as a round of blows starts: its AC with its magic, and whether acid leaves it be (null: none there). */
type SlotArmour = { readonly ac: number; readonly ignores: boolean } | null;

/** The armour in the six acid slots, in slot order. */
function acidSlots(ctx: AngContext, gear: GearData | undefined): readonly SlotArmour[] {
  return [1, 2, 3, 4, 5, 6].map((slot) => {
    const st = gear ? slotArmour(ctx, gear, slot) : undefined;
    const def = st ? ctx.cat.item(st.item) : undefined;
    return st && def?.kind === 'armour' ? { ac: def.def.ac + def.def.toAc + (st.magic?.toAc ?? 0), ignores: def.def.ignoreAcid === true } : null;
  });
}

// A round's state counts the wear acid has done to each slot so far, slot k in the base-8 digit
// k - 1 (a monster has at most four blows).
const worn = (state: number, slot: number): number => Math.trunc(state / 8 ** (slot - 1)) % 8;

/** The slots whose armour still has AC left once the round's wear is taken off: acid there is halved. */
function coverOf(slots: readonly SlotArmour[], state: number): AcidCover {
  let cover = 0;
  slots.forEach((sl, k) => {
    if (sl && sl.ac - worn(state, k + 1) > 0) cover |= 1 << k;
  });
  return cover;
}

/** The state after acid struck `slot`: armour with AC left loses 1, unless it ignores acid (as `acidOnArmour` does). */
function wearOn(slots: readonly SlotArmour[], state: number, slot: number): number {
  const sl = slots[slot - 1];
  return sl && !sl.ignores && sl.ac - worn(state, slot) > 0 ? state + 8 ** (slot - 1) : state;
}

/**
 * A monster's round of blows against the hero, written once (melee1.c make_attack_normal): each
 * blow (`monsterBlow`) against the hero's AC and element guards, made while the hero's hit points
 * are at least 0. An acid blow meets the armour in one of six slots at random, which halves it
 * and wears that piece down by 1, so the round's state counts each slot's wear: a piece worn to
 * nothing by an earlier blow of the round halves no more acid, as in the game. `paralyzed` says
 * whether the hero is paralysed as each blow is made (a paralysing blow then deals at least 1).
 */
export function monsterRound(
  ctx: AngContext,
  m: AngMonster,
  c: AngCharacter,
  d: AngView,
  paralyzed: () => boolean = () => statusLevel(d, 'paralyzed') > 0,
  def: AngDefences = heroDefences(ctx, d),
): Round<MonsterBlow> {
  const ac = armourClass(c).total.num;
  const slots = acidSlots(ctx, heroRules(d)?.gear);
  const acid = m.blows.some((b) => b.effect === 'acid');
  return {
    count: m.blows.length,
    hp: d.body.hp,
    attempt: (i, state) => monsterBlow(m, i, ac, heroGuard(def, m.blows[i]?.effect ?? 'hurt'), coverOf(slots, state), paralyzed()),
    ...(acid ? { next: (_i: number, state: number, slot: number) => wearOn(slots, state, slot) } : {}),
  };
}

/** A monster's round of blows against another monster: its AC, its IM_ flags. */
export function monsterRoundAgainstMonster(m: AngMonster, foe: AngMonster, hp: number): Round<MonsterBlow> {
  return { count: m.blows.length, hp, attempt: (i) => monsterBlow(m, i, foe.ac, monsterGuard(foe, m.blows[i]?.effect ?? 'hurt'), NO_COVER) };
}

/** The running tally of a round of monster blows: what it has done so far. */
type Tally = {
  readonly m: AngMonster;
  p: Fraction;
  hits: number;
  total: number;
  swung: number;
  /** The thief makes off (eat-gold, eat-item). */
  blinked: boolean;
  /** The blows stop (an earthquake would push the hero away). */
  stop: boolean;
  readonly added: Record<string, number>;
  readonly notes: string[];
  readonly effects: AngEffect[];
  readonly blows: BlowOutcome[];
};

/** The hero's side of a round: its sheet, defences and what the blows change on it. */
type HeroTally = Tally & {
  readonly c: AngCharacter;
  readonly def: AngDefences;
  readonly hero: HeroState;
  gearChanged: boolean;
  readonly gear: MutableGear;
  readonly pack: ItemStack[];
  stats: Record<AngStatName, number>;
  exp: number;
  level: number;
};

function newTally(m: AngMonster): Tally {
  return { m, p: Fraction.ONE, hits: 0, total: 0, swung: 0, blinked: false, stop: false, added: {}, notes: [], effects: [], blows: [] };
}

/** A monster's blows against its foe (melee1.c make_attack_normal); against a monster, as `monsterVersusMonster`. */
export function monsterMelee(ctx: AngContext, t: Tracer, a: AngView, d: AngView, actx: AttackContext): AttackOutcome<AngState> {
  if (monsterRules(d)) return monsterVersusMonster(ctx, t, a, d, actx);
  return monsterMeleeWith(ctx, t, a, d, actx, heroDefences(ctx, d));
}

/** A monster's blows against a hero whose defences are `def`. */
export function monsterMeleeWith(ctx: AngContext, t: Tracer, a: AngView, d: AngView, actx: AttackContext, def: AngDefences): AttackOutcome<AngState> {
  const m = monsterOf(ctx, a);
  const c = characterOf(ctx, d);
  const hero = heroRules(d) as HeroState;
  const tally: HeroTally = {
    ...newTally(m),
    c,
    def,
    hero,
    gearChanged: false,
    gear: mutableGear(d),
    pack: d.inventory.pack.map((s) => ({ ...s })),
    stats: { ...hero.stats },
    exp: heroExp(ctx, hero),
    level: hero.level,
  };
  const paralyzedNow = () => statusLevel(d, 'paralyzed') + (tally.added['paralyzed'] ?? 0) > 0;
  const roll = new RoundRoll(monsterRound(ctx, m, c, d, paralyzedNow, def));
  for (let blow = roll.next(t); blow; blow = roll.next(t)) {
    afterBlow(ctx, t, tally, a, d, blow, roll.damage, roll.draws, actx.luck === true);
    if (tally.stop) break;
  }
  for (const [kind, n] of Object.entries(tally.added)) {
    if (n > 0) tally.effects.push({ kind: 'status', target: d.id, status: { kind, level: Math.min(10000, statusLevel(d, kind) + n) }, mode: 'set' });
  }
  if (tally.gearChanged) tally.effects.push({ kind: 'rules', target: d.id, patch: { gear: tally.gear } });
  tally.effects.push(...drainEffects(ctx, d, tally));
  for (const st of d.inventory.pack) {
    const after = tally.pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
    if (after < st.quantity) tally.effects.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
  }
  // The round's law for the luck meter: the hero as the round began.
  return finish(t, tally, a, d, actx, () => lawOfRound(monsterRound(ctx, m, c, d, undefined, def)));
}

/** The outcome of a round: the thief's puff of smoke, the summary and the odds. */
function finish(t: Tracer, tally: Tally, a: AngView, d: AngView, actx: AttackContext, law: () => Distribution): AttackOutcome<AngState> {
  // The thief blinks away in the game (teleport_away, 2 x MAX_SIGHT + 5 = 45 squares); the arena
  // has no effect that moves a fighter yet, so only the message is given.
  if (tally.blinked) tally.effects.push({ kind: 'message', text: 'There is a puff of smoke!', tone: 'warn' });
  const { p, hits, swung, total, notes } = tally;
  if (t.recording) t.odds(`P(these hits and damage rolls)`, p.num, p.den);
  const whom = nameOf(d);
  const extra = notes.length ? ` (${[...new Set(notes)].join(', ')})` : '';
  const summary =
    hits === 0
      ? `${subjectOf(a)} misses ${whom}${swung > 1 ? ` with all ${swung} blows` : ''}.`
      : `${subjectOf(a)} hits ${whom} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${extra}.`;
  const luck = actx.luck ? { luck: { law: law(), dealt: total } } : {};
  return { hit: hits > 0, damage: total, blows: tally.blows, effects: tally.effects, cost: ACTION, summary, odds: p, ...luck };
}

/** The hero's experience: as kept, or the least of its level. */
export function heroExp(ctx: AngContext, hero: HeroState): number {
  return hero.exp ?? levelExp(hero.level, expFactor(ctx.cat.race(hero.race), ctx.cat.cls(hero.cls)));
}

/** What the round's drains change on the hero's sheet: its stats, experience, level, and the hit points that follow (calc_hitpoints). */
function drainEffects(ctx: AngContext, d: AngView, tally: HeroTally): AngEffect[] {
  const { hero } = tally;
  const statsChanged = (['str', 'dex', 'con', 'wis'] as const).some((k) => tally.stats[k] !== hero.stats[k]);
  const expChanged = tally.exp !== heroExp(ctx, hero);
  if (!statsChanged && !expChanged) return [];
  const level = tally.level;
  const levelHp = level === hero.level ? hero.levelHp : (hero.levelHps?.[level - 1] ?? hero.levelHp);
  const cls = ctx.cat.cls(hero.cls);
  const race = ctx.cat.race(hero.race);
  const patch: Partial<HeroState> = {
    ...(statsChanged ? { stats: { ...tally.stats } } : {}),
    ...(expChanged ? { exp: tally.exp } : {}),
    ...(level !== hero.level ? { level, levelHp, title: `${race.name} ${cls.name} ${level}` } : {}),
  };
  const out: AngEffect[] = [{ kind: 'rules', target: d.id, patch }];
  const c = ctx.cat.character(cls, race, level, tally.stats, hero.gear);
  const maxHp = maxHitPoints(c, levelHp);
  if (maxHp !== d.body.maxHp) out.push({ kind: 'max-hp', target: d.id, maxHp });
  if (level < hero.level) out.push({ kind: 'message', text: `${subjectOf(d)} ${verb(d, 'fall', 'falls')} to level ${level}.`, tone: 'bad' });
  return out;
}

/** The game's adj_dex_safe: how DEX guards the purse and the pack against a thief, by stat row. */
export const DEX_SAFE: readonly number[] = [0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 15, 15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100, 100, 100];

/** Slots a thief or a hungry monster picks among (INVEN_PACK): the pack's stacks fill the first ones. */
export const PACK_SLOTS = 23;

/** The drained stat of a lose-<stat> blow, in the order lose-all drains them (STR, DEX, CON, INT, WIS, CHR). */
const LOSE_ALL_ORDER = ['str', 'dex', 'con', 'int', 'wis', 'chr'] as const;

/**
 * What a blow does once rolled, besides its damage, drawn as the game draws it (melee1.c): the
 * effect's own work (poison, drains, thefts, conditions with their protections and saving throws,
 * acid on the armour, things burnt in the pack, an earthquake), then a critical's cut or stun.
 */
function afterBlow(ctx: AngContext, t: Tracer, round: HeroTally, a: AngView, d: AngView, blow: MonsterBlow, damage: number | null, draws: readonly number[], luck: boolean): void {
  const { m, def } = round;
  const b = blow.blow;
  const rolled = tallyBlow(round, blow, damage, draws, luck);
  if (damage === null || !rolled) return;
  const { raw } = rolled;
  round.effects.push({ kind: 'damage', target: d.id, amount: damage, cause: `${m.name}'s ${b.method}`, source: a.id });
  const rlev = Math.max(1, m.level);
  const level = (kind: string) => statusLevel(d, kind) + (round.added[kind] ?? 0);
  const add = (kind: string, n: number) => {
    round.added[kind] = (round.added[kind] ?? 0) + n;
  };
  const saved = (what: string): boolean => {
    const sav = def.savingThrow;
    const r = t.roll(0, 99, `saving throw against ${what}: d100`);
    return t.recording ? t.check('saved when below your saving throw', r, '<', sav) : r < sav;
  };
  const protectedBy = (has: boolean, what: string): boolean => {
    if (has && t.recording) t.note(what);
    return has;
  };
  const thiefFoiled = (): boolean => {
    // Paralysed, the hero cannot guard its things.
    if (level('paralyzed') > 0) return false;
    const safe = (DEX_SAFE[statIndex(currentStats(round.c).dex)] as number) + round.level;
    const r = t.roll(0, 99, 'thief: d100 under DEX safety + level');
    return t.recording ? t.check(`foiled below adj_dex_safe + level ${safe}`, r, '<', safe) : r < safe;
  };
  switch (b.effect) {
    case 'poison':
      if (!protectedBy(def.resist.has('poison') || def.oppose.has('poison'), 'you resist poison: no poisoning')) {
        add('poisoned', t.roll(1, rlev, 'poison: 1d level') + 5);
        round.notes.push('poisoned');
      }
      break;
    case 'un-bonus':
      if (!protectedBy(def.resist.has('disen'), 'you resist disenchantment')) disenchant(ctx, t, round);
      break;
    case 'un-power': {
      // Ten tries at a pack slot holding a charged wand or staff; the arena's packs hold none.
      for (let k = 0; k < 10; k++) t.roll(0, PACK_SLOTS - 1, 'drain charges: pack slot');
      break;
    }
    case 'eat-gold':
      // A duel fighter carries no gold: a foiled thief still blinks 2 times in 3; otherwise it
      // draws its take (1d25), finds nothing to take, and blinks.
      if (thiefFoiled()) {
        round.notes.push('you protect your purse');
        if (t.roll(0, 2, 'thief blinks anyway unless 0') !== 0) round.blinked = true;
      } else {
        t.roll(1, 25, 'gold taken: purse / 10 + 1d25');
        round.notes.push('nothing was stolen');
        round.blinked = true;
      }
      break;
    case 'eat-item':
      if (thiefFoiled()) {
        round.notes.push('you grab hold of your pack');
        round.blinked = true;
        break;
      }
      for (let k = 0; k < 10; k++) {
        const i = t.roll(0, PACK_SLOTS - 1, 'steal: pack slot');
        const st = round.pack.filter((x) => x.quantity > 0)[i];
        if (!st) continue;
        st.quantity -= 1;
        round.notes.push(`${ctx.cat.nameOf(stackKey(st))} stolen`);
        round.blinked = true;
        break;
      }
      break;
    case 'eat-food':
      // Ten tries at a pack slot holding food; the arena's packs hold none.
      for (let k = 0; k < 10; k++) t.roll(0, PACK_SLOTS - 1, 'eat food: pack slot');
      break;
    case 'eat-lite':
      // The arena's heroes carry no light source: nothing to drain, nothing drawn.
      break;
    case 'acid': {
      if (blow.split >= 0) {
        const hitItem = acidOnArmour(ctx, round.gear, draws[blow.split] as number);
        if (hitItem) {
          if (hitItem.damaged) round.gearChanged = true;
          round.notes.push(hitItem.damaged ? `your ${hitItem.name} is damaged` : `your ${hitItem.name} is unaffected`);
        }
        itemDamage(ctx, t, round.pack, 'acid', raw, round.notes);
      }
      break;
    }
    case 'elec':
    case 'fire':
    case 'cold':
      if (!def.immune.has(b.effect) && raw > 0) itemDamage(ctx, t, round.pack, b.effect, raw, round.notes);
      break;
    case 'blind':
      if (!protectedBy(def.resist.has('blind'), 'you resist blindness')) {
        add('blind', 10 + t.roll(1, rlev, 'blind: 10 + 1d level'));
        round.notes.push('blinded');
      }
      break;
    case 'confuse':
      if (!protectedBy(def.resist.has('confu'), 'you resist confusion')) {
        add('confused', 3 + t.roll(1, rlev, 'confused: 3 + 1d level'));
        round.notes.push('confused');
      }
      break;
    case 'terrify':
      if (protectedBy(def.resist.has('fear') || level('hero') > 0 || level('berserk') > 0, 'you resist fear')) break;
      if (saved('fear')) round.notes.push('you stand firm');
      else {
        add('afraid', 3 + t.roll(1, rlev, 'fear: 3 + 1d level'));
        round.notes.push('you are terrified');
      }
      break;
    case 'paralyze':
      if (protectedBy(def.freeAction, 'free action: unaffected')) break;
      if (saved('paralysis')) round.notes.push('you resist the paralysis');
      else {
        add('paralyzed', 3 + t.roll(1, rlev, 'paralysed: 3 + 1d level'));
        round.notes.push('paralysed');
      }
      break;
    case 'lose-str':
    case 'lose-int':
    case 'lose-wis':
    case 'lose-dex':
    case 'lose-con':
    case 'lose-chr':
      drainStat(t, round, b.effect.slice(5) as AngAnyStat);
      break;
    case 'lose-all':
      for (const s of LOSE_ALL_ORDER) drainStat(t, round, s);
      break;
    case 'shatter':
      if (damage > 23) earthquake(t, round, a, d);
      break;
    case 'exp-10':
    case 'exp-20':
    case 'exp-40':
    case 'exp-80':
      drainExp(ctx, t, round, b.effect);
      break;
    case 'hallu':
      if (!protectedBy(def.resist.has('chaos'), 'you resist chaos: no hallucination')) {
        const half = Math.trunc(rlev / 2);
        add('image', 3 + (half > 1 ? t.roll(1, half, 'hallucination: 3 + 1d (level / 2)') : 1));
        round.notes.push('hallucinating');
      }
      break;
    case 'hurt':
    case 'none':
      break;
  }
  criticals(t, round, blow, rolled, damage, (kind, n) => add(kind, n));
}

type BlowOddsNow = { readonly hitChance: Fraction; readonly law: Distribution } | undefined;

/** Counts a blow into the round: its chance, the dice as drawn and the blow's odds for the luck meter (null for a miss). */
function tallyBlow(round: Tally, blow: MonsterBlow, damage: number | null, draws: readonly number[], luck: boolean): { raw: number; odds: BlowOddsNow } | null {
  round.swung++;
  const odds = luck ? { hitChance: blow.hitChance(), law: blow.law() } : undefined;
  if (damage === null) {
    round.p = round.p.mul(blow.hitChance().complement());
    round.blows.push(blowOf(blow.blow.method, false, 0, NO_TAGS, odds));
    return null;
  }
  round.hits++;
  const raw = draws[0] as number;
  round.p = round.p.mul(blow.hitChance()).mul(blow.dice.count > 0 ? blow.raw.law().prob(raw) : Fraction.ONE);
  round.total += damage;
  return { raw, odds };
}

/**
 * A critical's cut or stun (melee1.c monster_critical on the blow's `damage`: the armoured or
 * bumped damage for hurt, shatter, paralyze and no effect, else the dice as drawn). A hit does
 * one of them at random.
 */
function criticals(t: Tracer, round: Tally, blow: MonsterBlow, rolled: { raw: number; odds: BlowOddsNow }, damage: number, add: (kind: 'cut' | 'stun', n: number) => void): void {
  const b = blow.blow;
  const effect = b.effect;
  const raw = rolled.raw;
  const critBase = ARMOURED.has(effect) || effect === 'paralyze' || effect === 'none' ? damage : raw;
  let critical = false;
  let cuts = METHOD_CUTS.has(b.method);
  let stuns = METHOD_STUNS.has(b.method);
  if (cuts && stuns) {
    if (t.roll(0, 99, 'cut or stun (a hit does one)') < 50) cuts = false;
    else stuns = false;
  }
  if (cuts) {
    const k = monsterCritical(t, blow.dice, critBase);
    if (k > 0) {
      critical = true;
      add('cut', rollWound(t, CUT_BY_LEVEL, k, 'cut'));
      round.notes.push('cut');
    }
  }
  if (stuns) {
    const k = monsterCritical(t, blow.dice, critBase);
    if (k > 0) {
      critical = true;
      add('stun', rollWound(t, STUN_BY_LEVEL, k, 'stun'));
      round.notes.push('stunned');
    }
  }
  round.blows.push(blowOf(b.method, true, damage, critical ? CRITICAL : NO_TAGS, rolled.odds));
}

/** do_dec_stat: a sustained stat holds; else dec_stat(stat, 10, FALSE). The arena's heroes have no INT or CHR, so those change nothing and draw nothing. */
function drainStat(t: Tracer, round: HeroTally, stat: AngAnyStat): void {
  if (round.def.sustain.has(stat)) {
    if (t.recording) t.note(`your ${stat.toUpperCase()} is sustained`);
    round.notes.push(`${stat.toUpperCase()} sustained`);
    return;
  }
  if (stat === 'int' || stat === 'chr') {
    if (t.recording) t.note(`the arena's heroes have no ${stat.toUpperCase()} to drain`);
    return;
  }
  const before = round.stats[stat];
  const after = decStat(t, before, 10);
  if (after !== before) {
    round.stats[stat] = after;
    round.notes.push(`${stat.toUpperCase()} drained to ${formatStat(after)}`);
  }
}

/** An experience blow: hold life keeps it with its chance, else damroll(n, 6) + 2% of the experience is lost (a tenth of it with hold life). */
function drainExp(ctx: AngContext, t: Tracer, round: HeroTally, effect: 'exp-10' | 'exp-20' | 'exp-40' | 'exp-80'): void {
  const hold = round.def.holdLife;
  if (hold) {
    const keeps = HOLD_LIFE_KEEPS[effect];
    const r = t.roll(0, 99, 'hold life: d100');
    if (t.recording ? t.check(`kept below ${keeps}`, r, '<', keeps) : r < keeps) {
      round.notes.push('you keep hold of your life force');
      return;
    }
  }
  const n = Number(effect.slice(4));
  let drain = expDrainBase(round.exp);
  for (let i = 0; i < n; i++) drain += t.roll(1, 6, `life drain: ${n}d6`);
  const factor = expFactor(ctx.cat.race(round.hero.race), ctx.cat.cls(round.hero.cls));
  const after = loseExp(round.exp, hold ? Math.trunc(drain / 10) : drain, round.level, factor);
  if (t.recording) t.mod('experience', round.exp, after.exp, hold ? 'a tenth of the drain (hold life)' : `${n}d6 + 2% of experience`);
  round.exp = after.exp;
  round.level = after.level;
  round.notes.push('your life drains away');
}

/** apply_disenchant: one of eight equipment slots at random; its positive to-hit, to-dam and to-AC drop by 1, and once more with chance 1 in 5 while above 5. */
function disenchant(ctx: AngContext, t: Tracer, round: HeroTally): void {
  const slot = t.roll(1, 8, 'disenchant: slot (weapon, bow, body, cloak, shield, helm, gloves, boots)');
  const g = round.gear;
  const worn = (want: string) => g.worn.find((w) => {
    const d = ctx.cat.items.get(w.item);
    return d?.kind === 'armour' && d.def.slot === want;
  });
  const st = [g.weapon, g.bow, g.body, worn('cloak'), g.shield, worn('helm'), worn('gloves'), worn('boots')][slot - 1] ?? undefined;
  if (!st) return;
  const d = ctx.cat.item(st.item);
  const base = (k: 'toHit' | 'toDam' | 'toAc'): number => ('def' in d && k in d.def ? ((d.def as unknown as Record<string, number>)[k] ?? 0) : 0);
  const magic = { toHit: st.magic?.toHit ?? 0, toDam: st.magic?.toDam ?? 0, toAc: st.magic?.toAc ?? 0 };
  if (base('toHit') + magic.toHit <= 0 && base('toDam') + magic.toDam <= 0 && base('toAc') + magic.toAc <= 0) return;
  for (const k of ['toHit', 'toDam', 'toAc'] as const) {
    if (base(k) + magic[k] > 0) magic[k]--;
    if (base(k) + magic[k] > 5 && t.roll(0, 99, `disenchant ${k}: once more under 20`) < 20) magic[k]--;
  }
  st.magic = { ...st.magic, ...magic };
  round.gearChanged = true;
  round.notes.push(`your ${ctx.cat.nameOf(stackKey(st))} was disenchanted`);
}

/** The eight neighbours in the game's order (tables.c ddx_ddd, ddy_ddd). */
const AROUND: readonly (readonly [number, number])[] = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];

/**
 * A shattering blow of more than 23 damage: the earthquake of radius 8 at the monster (spells2.c
 * earthquake), as far as it concerns the hero. Of the game's 15% draw per grid, only the hero's
 * grid and its neighbours are drawn, in the game's order; the hero is hurt only when its own grid
 * is struck. A neighbour is a safe place unless struck or the monster's own; the arena's walls,
 * other grids and the changed terrain are left out. With no safe place the hero takes 300; else
 * one in three dodges, otherwise 10d4 and a stun of 1d50; and the hero, pushed to safety in the
 * game (the arena cannot move it), takes no more blows this round.
 */
function earthquake(t: Tracer, round: HeroTally, a: AngView, d: AngView): void {
  if (t.recording) t.note('the blow shatters: an earthquake around the monster');
  const cx = a.pos.x;
  const cy = a.pos.y;
  const near = new Set(AROUND.map(([dx, dy]) => `${d.pos.x + dx},${d.pos.y + dy}`).concat(`${d.pos.x},${d.pos.y}`));
  const struck = new Set<string>();
  for (let dy = -8; dy <= 8; dy++) {
    for (let dx = -8; dx <= 8; dx++) {
      const key = `${cx + dx},${cy + dy}`;
      if ((dx === 0 && dy === 0) || !near.has(key) || Math.max(Math.abs(dx), Math.abs(dy)) > 8) continue;
      if (t.roll(0, 99, 'earthquake: grid struck when 85 or more') >= 85) struck.add(key);
    }
  }
  if (!struck.has(`${d.pos.x},${d.pos.y}`)) return;
  let sn = 0;
  for (const [dx, dy] of AROUND) {
    const x = d.pos.x + dx;
    const y = d.pos.y + dy;
    if ((x === cx && y === cy) || struck.has(`${x},${y}`)) continue;
    sn++;
    if (sn > 1) t.roll(0, sn - 1, 'earthquake: pick among safe grids');
  }
  t.roll(1, 3, 'earthquake: what the cave does');
  let hurt = 0;
  if (sn === 0) hurt = 300;
  else {
    const how = t.roll(1, 3, 'earthquake: 1 dodges, else rubble');
    if (how !== 1) {
      for (let i = 0; i < 10; i++) hurt += t.roll(1, 4, 'rubble: 10d4');
      round.added['stun'] = (round.added['stun'] ?? 0) + t.roll(1, 50, 'rubble stuns: 1d50');
    }
    round.stop = true;
  }
  round.notes.push(hurt === 300 ? 'you are severely crushed' : hurt > 0 ? 'you are bashed by rubble' : 'you dodge the blast');
  if (hurt > 0) round.effects.push({ kind: 'damage', target: d.id, amount: hurt, cause: 'an earthquake', source: a.id });
  // Killed by it, the hero takes no more blows (the game's leaving flag).
  if (d.body.hp - round.total - hurt < 0) round.stop = true;
}

/**
 * project_m's saving throw for a monster, with the attacking monster's level as the power: a
 * unique or a monster with the flag is unaffected; otherwise it resists when its level is above
 * randint(max(1, level - 10)) + 10 (the 3.0.5 game has no monster-on-monster melee: our reading).
 */
export function monsterResists(t: Tracer, foe: AngMonster, flag: string | null, rlev: number): boolean {
  if (foe.flags.includes('unique') || (flag !== null && (foe.flags as readonly string[]).includes(flag))) {
    if (t.recording) t.note(`${foe.name} is unaffected`);
    return true;
  }
  const r = t.roll(1, Math.max(1, rlev - 10), 'monster save: 1d(level - 10)');
  return t.recording ? t.check(`${foe.name}'s level above the roll + 10`, foe.level, '>', r + 10) : foe.level > r + 10;
}

/** project_m's way of adding to a monster's stun or confusion: half the new amount when it has some already; at most 200. */
export function stackMonsterCondition(cur: number, add: number): number {
  return Math.min(200, cur > 0 ? cur + Math.trunc(add / 2) : add);
}

/**
 * A monster's blows against another monster. Angband 3.0.5 has none; ours keeps close to the
 * hero's case (each reading is listed in docs/FIDELITY.md):
 * - the same hit test against the defender's AC; hurt and shatter lose the same share to its AC;
 * - acid, elec, fire, cold and poison: a monster with the IM_ flag takes damage / 9 (project_m);
 * - confuse and terrify: project_m's saving throw with the attacker's level as the power
 *   (`monsterResists`; NO_CONF and NO_FEAR protect), amounts as against the hero;
 * - paralyze: 3.0.5 has no held monster, so it is project_m's sleep (csleep 500, NO_SLEEP protects);
 * - a critical's stun stuns it (project_m's stacking, at most 200) unless NO_STUN; monsters do not bleed, so a cut does nothing;
 * - blindness, hallucination, drains of stats and experience, thefts, disenchantment and drained
 *   charges do nothing (a monster has no sight to lose, stats, experience, pack or gear);
 * - shatter shakes nothing: the earthquake's part modelled is the hero's.
 */
function monsterVersusMonster(ctx: AngContext, t: Tracer, a: AngView, d: AngView, actx: AttackContext): AttackOutcome<AngState> {
  const m = monsterOf(ctx, a);
  const foe = monsterOf(ctx, d);
  const tally = newTally(m);
  const rlev = Math.max(1, m.level);
  const round = monsterRoundAgainstMonster(m, foe, d.body.hp);
  const roll = new RoundRoll(round);
  const now: Record<string, number> = { confused: statusLevel(d, 'confused'), afraid: statusLevel(d, 'afraid'), stun: statusLevel(d, 'stun') };
  let sleep = false;
  for (let blow = roll.next(t); blow; blow = roll.next(t)) {
    const damage = roll.damage;
    const rolled = tallyBlow(tally, blow, damage, roll.draws, actx.luck === true);
    if (damage === null || !rolled) continue;
    const b = blow.blow;
    tally.effects.push({ kind: 'damage', target: d.id, amount: damage, cause: `${m.name}'s ${b.method}`, source: a.id });
    if (b.effect === 'confuse' && !monsterResists(t, foe, 'no-conf', rlev)) {
      now['confused'] = stackMonsterCondition(now['confused'] ?? 0, 3 + t.roll(1, rlev, 'confused: 3 + 1d level'));
      tally.notes.push('confused');
    } else if (b.effect === 'terrify' && !monsterResists(t, foe, 'no-fear', rlev)) {
      now['afraid'] = Math.min(200, (now['afraid'] ?? 0) + 3 + t.roll(1, rlev, 'fear: 3 + 1d level'));
      tally.notes.push('terrified');
    } else if (b.effect === 'paralyze' && !monsterResists(t, foe, 'no-sleep', rlev)) {
      sleep = true;
      tally.notes.push('put to sleep');
    }
    criticals(t, tally, blow, rolled, damage, (kind, n) => {
      if (kind === 'stun' && !foe.flags.includes('no-stun')) now['stun'] = stackMonsterCondition(now['stun'] ?? 0, n);
    });
  }
  for (const kind of ['confused', 'afraid', 'stun'] as const) {
    const n = now[kind] ?? 0;
    if (n > statusLevel(d, kind)) tally.effects.push({ kind: 'status', target: d.id, status: { kind, level: n }, mode: 'set' });
  }
  if ((now['afraid'] ?? 0) > statusLevel(d, 'afraid')) tally.effects.push({ kind: 'ai-mode', target: d.id, mode: 'fleeing' });
  if (sleep) tally.effects.push({ kind: 'rules', target: d.id, patch: { csleep: 500 } }, { kind: 'ai-mode', target: d.id, mode: 'sleeping' });
  return finish(t, tally, a, d, actx, () => lawOfRound(monsterRoundAgainstMonster(m, foe, d.body.hp)));
}

/** The preview of a monster's attack: its first blow's chance and damage, and all its blows' expected damage. */
export function monsterPreview(ctx: AngContext, attacker: AngView, defender: AngView, perTurn: Fraction): AttackPreview {
  const m = monsterOf(ctx, attacker);
  const blows = monsterBlows(ctx, attacker, defender);
  const expected = blows.reduce((n, b) => (b.damage ? n.add(b.hit.mul(b.damage.mean())) : n), Fraction.ZERO);
  const first = blows[0];
  const damage = first?.damage ?? Distribution.constant(0);
  return { label: `${m.name}: ${m.blows.length} blows`, hit: first?.hit ?? Fraction.ZERO, damage, expected, perTurn, notes: [`${m.blows.length} blow${m.blows.length === 1 ? '' : 's'}`] };
}
