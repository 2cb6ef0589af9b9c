import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackKey } from '../../world/components.js';
import { NO_TAGS, blowOf } from '../common.js';
import { nameOf, subjectOf } from '../names.js';
import type { AttackContext, AttackOutcome, AttackPreview, BlowOutcome } from '../ruleset.js';
import { type Round, RoundRoll, lawOfRound } from './attempts.js';
import type { GearData } from './catalogue.js';
import {
  ACTION,
  type AngContext,
  type AngEffect,
  type AngState,
  type AngView,
  type MutableGear,
  characterOf,
  heroRules,
  monsterBlows,
  monsterOf,
  mutableGear,
  resistsBlow,
  statusLevel,
} from './context.js';
import { armourClass, resists, resistsFear, savingThrow } from './defence.js';
import { CRITICAL } from './hero-attacks.js';
import { itemDamage } from './items.js';
import {
  type AcidCover,
  CUT_BY_LEVEL,
  METHOD_CUTS,
  METHOD_STUNS,
  type MonsterBlow,
  STUN_BY_LEVEL,
  monsterBlow,
  monsterCritical,
  rollWound,
} from './monster-melee.js';
import type { AngCharacter } from './sheet.js';
import type { AngMonster } from './types.js';

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
 * blow (`monsterBlow`) against the hero's AC and resistances, made while the hero's hit points are
 * at least 0. An acid blow meets the armour in one of six slots at random, which halves it and
 * wears that piece down by 1, so the round's state counts each slot's wear: a piece worn to
 * nothing by an earlier blow of the round halves no more acid, as in the game.
 */
export function monsterRound(ctx: AngContext, m: AngMonster, c: AngCharacter, d: AngView): Round<MonsterBlow> {
  const ac = armourClass(c).total.num;
  const slots = acidSlots(ctx, heroRules(d)?.gear);
  const acid = m.blows.some((b) => b.effect === 'acid');
  return {
    count: m.blows.length,
    hp: d.body.hp,
    attempt: (i, state) => monsterBlow(m, i, ac, resistsBlow(c, m.blows[i]?.effect ?? 'hurt'), coverOf(slots, state)),
    ...(acid ? { next: (_i: number, state: number, slot: number) => wearOn(slots, state, slot) } : {}),
  };
}

/** The running tally of a round of monster blows: what it has done so far. */
type Tally = {
  readonly m: AngMonster;
  readonly c: AngCharacter;
  p: Fraction;
  hits: number;
  total: number;
  swung: number;
  gearChanged: boolean;
  readonly added: Record<string, number>;
  readonly gear: MutableGear;
  readonly pack: ItemStack[];
  readonly notes: string[];
  readonly effects: AngEffect[];
  readonly blows: BlowOutcome[];
};

/** A monster's blows against the hero (melee1.c make_attack_normal). */
export function monsterMelee(ctx: AngContext, t: Tracer, a: AngView, d: AngView, actx: AttackContext): AttackOutcome<AngState> {
  const m = monsterOf(ctx, a);
  const c = characterOf(ctx, d);
  const round = monsterRound(ctx, m, c, d);
  const tally: Tally = {
    m,
    c,
    p: Fraction.ONE,
    hits: 0,
    total: 0,
    swung: 0,
    gearChanged: false,
    added: {},
    gear: mutableGear(d),
    pack: d.inventory.pack.map((s) => ({ ...s })),
    notes: [],
    effects: [],
    blows: [],
  };
  const roll = new RoundRoll(round);
  for (let blow = roll.next(t); blow; blow = roll.next(t)) afterBlow(ctx, t, tally, a, d, blow, roll.damage, roll.draws, actx.luck === true);
  for (const [kind, n] of Object.entries(tally.added)) {
    if (n > 0) tally.effects.push({ kind: 'status', target: d.id, status: { kind, level: statusLevel(d, kind) + n }, mode: 'set' });
  }
  if (tally.gearChanged) tally.effects.push({ kind: 'rules', target: d.id, patch: { gear: tally.gear } });
  for (const st of d.inventory.pack) {
    const after = tally.pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
    if (after < st.quantity) tally.effects.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
  }
  const { p, hits, swung, total, notes } = tally;
  if (t.recording) t.odds(`P(these hits and damage rolls)`, p.num, p.den);
  const whom = nameOf(d);
  const extra = notes.length ? ` (${[...new Set(notes)].join(', ')})` : '';
  const summary =
    hits === 0
      ? `${subjectOf(a)} misses ${whom}${swung > 1 ? ` with all ${swung} blows` : ''}.`
      : `${subjectOf(a)} hits ${whom} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${extra}.`;
  const luck = actx.luck ? { luck: { law: lawOfRound(round), dealt: total } } : {};
  return { hit: hits > 0, damage: total, blows: tally.blows, effects: tally.effects, cost: ACTION, summary, odds: p, ...luck };
}

/**
 * What a blow does once rolled, besides its damage, drawn as the game draws it: poison, fear,
 * acid on the armour slot it struck, things burnt in the pack, and a critical's cut or stun.
 */
function afterBlow(ctx: AngContext, t: Tracer, round: Tally, a: AngView, d: AngView, blow: MonsterBlow, damage: number | null, draws: readonly number[], luck: boolean): void {
  const { m, c } = round;
  const b = blow.blow;
  const rlev = Math.max(1, m.level);
  const level = (kind: string) => statusLevel(d, kind) + (round.added[kind] ?? 0);
  const add = (kind: string, n: number) => {
    round.added[kind] = (round.added[kind] ?? 0) + n;
  };
  round.swung++;
  const label = b.method;
  // The blow's odds given the round so far (acid meets the armour as worn by the earlier blows).
  const odds = luck ? { hitChance: blow.hitChance(), law: blow.law() } : undefined;
  if (damage === null) {
    round.p = round.p.mul(blow.hitChance().complement());
    round.blows.push(blowOf(label, false, 0, NO_TAGS, odds));
    return;
  }
  let critical = false;
  round.hits++;
  // The dice as drawn: the damage steps' first draw.
  const raw = draws[0] as number;
  round.p = round.p.mul(blow.hitChance()).mul(blow.dice.count > 0 ? blow.raw.law().prob(raw) : Fraction.ONE);
  const critBase = b.effect === 'hurt' ? damage : raw;
  switch (b.effect) {
    case 'poison':
      if (!resists(c, 'poison')) {
        const n = t.roll(1, rlev, 'poison: 1d level') + 5;
        add('poisoned', n);
        round.notes.push('poisoned');
      } else if (t.recording) t.note('you resist poison: no poisoning');
      break;
    case 'acid': {
      const hitItem = acidOnArmour(ctx, round.gear, draws[blow.split] as number);
      if (hitItem) {
        if (hitItem.damaged) round.gearChanged = true;
        round.notes.push(hitItem.damaged ? `your ${hitItem.name} is damaged` : `your ${hitItem.name} is unaffected`);
      }
      itemDamage(ctx, t, round.pack, 'acid', raw, round.notes);
      break;
    }
    case 'elec':
    case 'fire':
    case 'cold':
      itemDamage(ctx, t, round.pack, b.effect, raw, round.notes);
      break;
    case 'terrify':
      if (resistsFear(c) || level('hero') > 0 || level('berserk') > 0) {
        if (t.recording) t.note('you resist fear');
      } else {
        const sav = savingThrow(c);
        const r = t.roll(0, 99, 'saving throw d100');
        if (t.recording ? t.check('saved when below your saving throw', r, '<', sav) : r < sav) round.notes.push('you stand firm');
        else {
          add('afraid', 3 + t.roll(1, rlev, 'fear: 3 + 1d level'));
          round.notes.push('you are terrified');
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
  round.total += damage;
  round.effects.push({ kind: 'damage', target: d.id, amount: damage, cause: `${m.name}'s ${b.method}`, source: a.id });
  round.blows.push(blowOf(label, true, damage, critical ? CRITICAL : NO_TAGS, odds));
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
