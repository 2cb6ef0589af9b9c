import { parseDice } from '../../core/dice.js';
import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackKey } from '../../world/components.js';
import { type AttackBranch, NO_TAGS, attacksLaw, blowOf, missOrHit } from '../common.js';
import { nameOf, subjectOf } from '../names.js';
import type { AttackContext, AttackOutcome, AttackPreview, BlowOutcome } from '../ruleset.js';
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
  statusLevel,
} from './context.js';
import { armourClass, resists, resistsFear, savingThrow } from './defence.js';
import { CRITICAL } from './hero-attacks.js';
import { itemDamage } from './items.js';
import {
  type BlowOdds,
  CUT_BY_LEVEL,
  METHOD_CUTS,
  METHOD_STUNS,
  SECTION_MONSTER_MELEE,
  STUN_BY_LEVEL,
  armourReduced,
  blowChance,
  blowHitChance,
  blowHits,
  hurtDamage,
  monsterCritical,
  resisted,
  rollWound,
} from './monster-melee.js';
import type { AngCharacter } from './sheet.js';
import type { AngElement, AngMonster } from './types.js';

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

/** The running tally of a round of monster blows: what it has done so far. */
type Round = {
  readonly m: AngMonster;
  readonly c: AngCharacter;
  readonly ac: number;
  p: Fraction;
  hp: number;
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
  const ac = armourClass(c).total.num;
  const round: Round = {
    m,
    c,
    ac,
    p: Fraction.ONE,
    hp: d.body.hp,
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
  // Each blow's law given the round so far: its own odds, with acid meeting the armour as worn by now.
  const odds = actx.luck ? monsterBlows(ctx, a, d) : null;
  for (let i = 0; i < m.blows.length; i++) {
    if (round.hp < 0) break;
    const o = odds?.[i];
    monsterBlow(ctx, t, round, a, d, i, o ? () => ({ hitChance: o.hit, law: monsterBlowLaw(ctx, o, round.gear) }) : () => undefined);
  }
  for (const [kind, n] of Object.entries(round.added)) {
    if (n > 0) round.effects.push({ kind: 'status', target: d.id, status: { kind, level: statusLevel(d, kind) + n }, mode: 'set' });
  }
  if (round.gearChanged) round.effects.push({ kind: 'rules', target: d.id, patch: { gear: round.gear } });
  for (const st of d.inventory.pack) {
    const after = round.pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
    if (after < st.quantity) round.effects.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
  }
  const { p, hits, swung, total, notes } = round;
  if (t.recording) t.odds(`P(these hits and damage rolls)`, p.num, p.den);
  const whom = nameOf(d);
  const extra = notes.length ? ` (${[...new Set(notes)].join(', ')})` : '';
  const summary =
    hits === 0
      ? `${subjectOf(a)} misses ${whom}${swung > 1 ? ` with all ${swung} blows` : ''}.`
      : `${subjectOf(a)} hits ${whom} ${hits === 1 && swung === 1 ? '' : `${hits} of ${swung} blows `}for ${total}${extra}.`;
  const luck = actx.luck ? { luck: { law: monsterLuckLaw(ctx, a, d), dealt: total } } : {};
  return { hit: hits > 0, damage: total, blows: round.blows, effects: round.effects, cost: ACTION, summary, odds: p, ...luck };
}

/** One blow of the round: the hit test, the damage, and what its effect and method add. */
function monsterBlow(
  ctx: AngContext,
  t: Tracer,
  round: Round,
  a: AngView,
  d: AngView,
  i: number,
  blowLaw: () => { hitChance: Fraction; law: Distribution } | undefined,
): void {
  const { m, c, ac } = round;
  const b = m.blows[i];
  if (!b) return;
  const rlev = Math.max(1, m.level);
  const level = (kind: string) => statusLevel(d, kind) + (round.added[kind] ?? 0);
  const add = (kind: string, n: number) => {
    round.added[kind] = (round.added[kind] ?? 0) + n;
  };
  round.swung++;
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
    round.p = round.p.mul(hitP.complement());
    round.blows.push(blowOf(label, false, 0, NO_TAGS, blowLaw()));
    return;
  }
  // Before the blow's own rolls: acid changes the armour only after its halving is decided.
  const law = blowLaw();
  let critical = false;
  round.hits++;
  let raw = 0;
  for (let k = 0; k < dice.count; k++) raw += t.roll(1, dice.sides, `damage: ${b.dice}`);
  round.p = round.p.mul(hitP).mul(dice.count > 0 ? hurtDamage(dice, 0).prob(raw) : Fraction.ONE);
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
        round.notes.push('poisoned');
      } else if (t.recording) t.note('you resist poison: no poisoning');
      break;
    case 'acid': {
      if (resists(c, 'acid')) dmg = t.mod('resist acid', dmg, resisted(dmg), '(damage + 2) / 3');
      const slot = t.roll(1, 6, 'acid: armour slot (body, shield, cloak, gloves, helm, boots)');
      const hitItem = acidOnArmour(ctx, round.gear, slot);
      if (hitItem) {
        if (hitItem.damaged) round.gearChanged = true;
        round.notes.push(hitItem.damaged ? `your ${hitItem.name} is damaged` : `your ${hitItem.name} is unaffected`);
        dmg = t.mod('armour takes the acid', dmg, Math.trunc((dmg + 1) / 2), 'halved, rounding up');
      }
      itemDamage(ctx, t, round.pack, 'acid', raw, round.notes);
      break;
    }
    case 'elec':
    case 'fire':
    case 'cold': {
      const el: AngElement = b.effect;
      if (resists(c, el)) dmg = t.mod(`resist ${el}`, dmg, resisted(dmg), '(damage + 2) / 3');
      itemDamage(ctx, t, round.pack, el, raw, round.notes);
      break;
    }
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
    const k = monsterCritical(t, dice, critBase);
    if (k > 0) {
      critical = true;
      add('cut', rollWound(t, CUT_BY_LEVEL, k, 'cut'));
      round.notes.push('cut');
    }
  }
  if (stuns) {
    const k = monsterCritical(t, dice, critBase);
    if (k > 0) {
      critical = true;
      add('stun', rollWound(t, STUN_BY_LEVEL, k, 'stun'));
      round.notes.push('stunned');
    }
  }
  round.total += dmg;
  round.hp -= dmg;
  round.effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: `${m.name}'s ${b.method}`, source: a.id });
  round.blows.push(blowOf(label, true, dmg, critical ? CRITICAL : NO_TAGS, law));
}

/**
 * The law of one monster blow's hit points given the armour as the round has left it: a miss
 * (0), or a hit for its damage; an acid hit meets one of the six armour slots at random and is
 * halved (rounding up) when that slot holds armour with AC left, as `acidOnArmour` decides.
 */
export function monsterBlowLaw(ctx: AngContext, o: BlowOdds, gear: GearData | MutableGear): Distribution {
  const none = Distribution.constant(0);
  const damage = o.damage ?? none;
  if (o.blow.effect !== 'acid') return missOrHit(o.hit, damage);
  let covered = 0;
  for (let slot = 1; slot <= 6; slot++) {
    const st = slotArmour(ctx, gear, slot);
    const def = st ? ctx.cat.items.get(st.item) : undefined;
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
export function monsterLuckLaw(ctx: AngContext, a: AngView, d: AngView): Distribution {
  const gear = heroRules(d)?.gear;
  const slots = ([1, 2, 3, 4, 5, 6] as const).map((slot) => {
    const st = gear ? slotArmour(ctx, gear, slot) : undefined;
    const def = st ? ctx.cat.item(st.item) : undefined;
    return st && def?.kind === 'armour' ? { ac: def.def.ac + def.def.toAc + (st.magic?.toAc ?? 0), ignores: def.def.ignoreAcid === true } : null;
  });
  const blows = monsterBlows(ctx, a, d);
  const none = Distribution.constant(0);
  const ways = (i: number, state: number): AttackBranch[] => {
    const b = blows[i];
    if (!b) return [{ p: Fraction.ONE, damage: none }];
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

/** The preview of a monster's attack: its first blow's chance and damage, and all its blows' expected damage. */
export function monsterPreview(ctx: AngContext, attacker: AngView, defender: AngView, perTurn: Fraction): AttackPreview {
  const m = monsterOf(ctx, attacker);
  const blows = monsterBlows(ctx, attacker, defender);
  const expected = blows.reduce((n, b) => (b.damage ? n.add(b.hit.mul(b.damage.mean())) : n), Fraction.ZERO);
  const first = blows[0];
  const damage = first?.damage ?? hurtDamage(parseDice('0d0'), 0);
  return { label: `${m.name}: ${m.blows.length} blows`, hit: first?.hit ?? Fraction.ZERO, damage, expected, perTurn, notes: [`${m.blows.length} blow${m.blows.length === 1 ? '' : 's'}`] };
}
