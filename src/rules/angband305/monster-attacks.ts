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
  type MutableGear,
  characterOf,
  heroDefences,
  heroGuard,
  heroRules,
  monsterBlows,
  monsterGuard,
  monsterOf,
  monsterRules,
  statusLevel,
} from './context.js';
import { armourClass } from './defence.js';
import { expDrainBase } from './drain.js';
import { type HeroChanges, addCondition, conditionNow, disenchant, drainStat, finishHeroChanges, heroChanges, loseExpBy } from './hero-changes.js';
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
import { type AngCharacter, currentStats } from './sheet.js';
import { statIndex } from './stats.js';
import type { AngAnyStat, AngDefences, AngMonster } from './types.js';

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
  readonly notes: string[];
  readonly effects: AngEffect[];
  readonly blows: BlowOutcome[];
};

/** The hero's side of a round: its sheet, defences and what the blows change on it. */
type HeroTally = Tally & {
  readonly c: AngCharacter;
  readonly def: AngDefences;
  /** What the blows change on the hero (its notes are the round's). */
  readonly ch: HeroChanges;
};

function newTally(m: AngMonster): Tally {
  return { m, p: Fraction.ONE, hits: 0, total: 0, swung: 0, blinked: false, stop: false, notes: [], effects: [], blows: [] };
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
  const base = newTally(m);
  const tally: HeroTally = { ...base, c, def, ch: heroChanges(ctx, d, def, base.notes) };
  const paralyzedNow = () => conditionNow(tally.ch, 'paralyzed') > 0;
  const roll = new RoundRoll(monsterRound(ctx, m, c, d, paralyzedNow, def));
  for (let blow = roll.next(t); blow; blow = roll.next(t)) {
    afterBlow(ctx, t, tally, a, d, blow, roll.damage, roll.draws, actx.luck === true);
    if (tally.stop) break;
  }
  tally.effects.push(...finishHeroChanges(ctx, tally.ch));
  // The round's law for the luck meter: the hero as the round began.
  return finish(t, tally, a, d, actx, () => lawOfRound(monsterRound(ctx, m, c, d, undefined, def)));
}

/** The outcome of a round: the thief's puff of smoke, the summary and the odds. */
function finish(t: Tracer, tally: Tally, a: AngView, d: AngView, actx: AttackContext, law: () => Distribution): AttackOutcome<AngState> {
  // The thief blinks away: teleport_away(2 x MAX_SIGHT + 5 = 45 squares).
  if (tally.blinked) tally.effects.push({ kind: 'message', text: 'There is a puff of smoke!', tone: 'warn' }, { kind: 'teleport', target: a.id, how: { kind: 'away', distance: THIEF_BLINK } });
  const { p, hits, swung, total, notes } = tally;
  if (t.recording) t.odds(`P(these hits and damage rolls)`, p.num, p.den);
  const whom = nameOf(d);
  const extra = notes.length ? ` (${[...new Set(notes)].join(', ')})` : '';
  const summary =
    hits === 0
      ? `${subjectOf(a)} ${verb(a, 'miss', 'misses')} ${whom}${swung > 1 ? ` with all ${swung} blows` : ''}.`
      : `${subjectOf(a)} ${verb(a, 'hit')} ${whom} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${extra}.`;
  const luck = actx.luck ? { luck: { law: law(), dealt: total } } : {};
  return { hit: hits > 0, damage: total, blows: tally.blows, effects: tally.effects, cost: ACTION, summary, odds: p, ...luck };
}

/** How far a thief blinks away once it has struck (melee1.c: teleport_away(m_idx, MAX_SIGHT * 2 + 5)). */
export const THIEF_BLINK = 45;

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
  const { m, def, ch } = round;
  const b = blow.blow;
  const rolled = tallyBlow(round, blow, damage, draws, luck);
  if (damage === null || !rolled) return;
  const { raw } = rolled;
  round.effects.push({ kind: 'damage', target: d.id, amount: damage, cause: `${m.name}'s ${b.method}`, source: a.id });
  const rlev = Math.max(1, m.level);
  const level = (kind: string) => conditionNow(ch, kind);
  const add = (kind: string, n: number) => addCondition(ch, kind, n);
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
    const safe = (DEX_SAFE[statIndex(currentStats(round.c).dex)] as number) + ch.level;
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
      if (!protectedBy(def.resist.has('disen'), 'you resist disenchantment')) disenchant(ctx, t, ch);
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
        const st = ch.pack.filter((x: ItemStack) => x.quantity > 0)[i];
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
        const hitItem = ch.gear ? acidOnArmour(ctx, ch.gear, draws[blow.split] as number) : null;
        if (hitItem) {
          if (hitItem.damaged) ch.gearChanged = true;
          round.notes.push(hitItem.damaged ? `your ${hitItem.name} is damaged` : `your ${hitItem.name} is unaffected`);
        }
        itemDamage(ctx, t, ch.pack, 'acid', raw, round.notes);
      }
      break;
    }
    case 'elec':
    case 'fire':
    case 'cold':
      if (!def.immune.has(b.effect) && raw > 0) itemDamage(ctx, t, ch.pack, b.effect, raw, round.notes);
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
      drainStat(t, ch, b.effect.slice(5) as AngAnyStat);
      break;
    case 'lose-all':
      for (const s of LOSE_ALL_ORDER) drainStat(t, ch, s);
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
  let drain = expDrainBase(round.ch.exp);
  for (let i = 0; i < n; i++) drain += t.roll(1, 6, `life drain: ${n}d6`);
  loseExpBy(ctx, t, round.ch, hold ? Math.trunc(drain / 10) : drain, hold ? 'a tenth of the drain (hold life)' : `${n}d6 + 2% of experience`);
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
      addCondition(round.ch, 'stun', t.roll(1, 50, 'rubble stuns: 1d50'));
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
 *   a 3.0.5 monster has no poison counter, so poison is its damage only, and acid meets no armour;
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
