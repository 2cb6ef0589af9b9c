import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { Terrain } from '../../world/terrain.js';
import { NO_TAGS, blowOf, missOrHit } from '../common.js';
import { nameOf, possessive, subjectOf, verb } from '../names.js';
import type { AttackContext, AttackOutcome, BlowOutcome, BlowTag } from '../ruleset.js';
import { SECTION_AUX, type AuxEvent, type AuxKindPlan, auxDamageLaw, auxDamageTotalLaw, auxHitAndBlock, auxOdds, rollAux } from './aux.js';
import { type CrBrandInfo, brandDamageLaw, rollBrand } from './brands.js';
import { type CrCharacter, actionTime, starving } from './character.js';
import {
  type CrTarget,
  type MainPlan,
  SECTION_GATE,
  SECTION_HEAVY,
  SECTION_TIME,
  SECTION_TO_HIT,
  fumbleChance,
  rollDamage,
  rollGate,
  rollHeavy,
  rollHitTest,
  rollStab,
  rollToHit,
  stabCategory,
  stabRollChance,
} from './melee.js';
import { oneIn, r2 } from './random.js';
import { type FamilyCtx, type FamilyEffect, type FamilyState, type View, K, capital, characterOf, heroState, level, monsterRules, remember, targetOf } from './state.js';
import { AttackLaws } from './summary.js';

/**
 * The hero's attack as a whole: heavy armour, the gate, the fumble, to-hit, the stab, the hit
 * test, a monster's shield, the damage, the brand, the second attacks and the time, with the
 * exact odds of what happened and, for the luck meter, the law of what it could have dealt.
 */

/** Blow tags shared between blows: a shield block. */
const BLOCKED: readonly BlowTag[] = Object.freeze(['blocked'] as const);

/**
 * The brand after a hit that left the monster standing: its roll, the seed's stab on its damage
 * (Stone Soup), and its effects. Gives the probability of what it did, the hit points it took and
 * whether it did anything.
 */
function brandBlow(t: Tracer, a: View, d: View, plan: MainPlan, brand: CrBrandInfo, dmg: number, stab: number, effects: FamilyEffect[]): { p: Fraction; taken: number; text: string; branded: boolean } {
  const rolled = rollBrand(t, brand, dmg, a.body.hp < a.body.maxHp);
  let b = rolled;
  const mult = stab ? plan.stab.brandFactor(stab) : null;
  if (mult && rolled.extra > 0) {
    b = { ...rolled, extra: Number((BigInt(rolled.extra) * mult.num) / mult.den) };
    if (t.recording) {
      t.edition(plan.stab.brandEdition.id, plan.stab.brandEdition.text);
      t.mod('brand damage stabbed', rolled.extra, b.extra, `x ${mult.toNumber().toFixed(3)}`);
    }
  }
  let taken = 0;
  if (b.extra > 0) {
    effects.push({ kind: 'damage', target: d.id, amount: b.extra, cause: `${plan.label} (${brand.brand})`, source: a.id });
    taken += b.extra;
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
    taken += b.drain.hp;
    if (b.drain.hd) effects.push({ kind: 'rules', target: d.id, patch: { hd: Math.max(0, (monsterRules(d)?.hd ?? 1) - 1) } });
  }
  if (b.heal > 0) effects.push({ kind: 'heal', target: a.id, amount: b.heal, cause: 'vampiricism' });
  return { p: rolled.p, taken, text: b.text, branded: b.extra > 0 || b.poison || b.confuse || b.drain !== null || b.heal > 0 };
}

/** The attack laws of a character against a target, kept while neither changes. */
export const lawsFor = (fam: FamilyCtx, c: CrCharacter, tgt: CrTarget): AttackLaws =>
  // Hunger counts only as starving or not, so the laws last from one action to the next.
  remember(fam.memo.laws, JSON.stringify([{ ...c, effects: { ...c.effects, hunger: starving(c) } }, tgt]), 256, () => new AttackLaws(c, tgt, fam.edition, fam.v.melee));

export function heroMelee(fam: FamilyCtx, t: Tracer, a: View, d: View, ctx: AttackContext): AttackOutcome<FamilyState> {
  const c = characterOf(fam, a, ctx.attackerTerrain === Terrain.Water);
  const r = heroState(a);
  const tgt = targetOf(fam, d, ctx, a);
  const laws = lawsFor(fam, c, tgt);
  const { plan, aux } = laws;
  const whom = nameOf(d);
  const effects: FamilyEffect[] = [];
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
      const luck = ctx.luck ? { luck: { law: heroLuckLaw(fam, laws, d.body.hp, monsterRules(d)?.blocks ?? 0), dealt: 0 } } : {};
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
  const stabWords = stab ? plan.stab.words(stabInfo.b, whom) : '';
  if (stab && t.recording) t.note(stabWords);
  if (t.recording) t.rule(SECTION_TO_HIT, 'Hit test');
  const hit = rollHitTest(t, plan, toHit);
  // Stone Soup: a shielded monster may block a hit (attack_shield_blocked, before the damage).
  let blocks = monsterRules(d)?.blocks ?? 0;
  let blocked = false;
  if (hit && plan.monsterShield) {
    if (t.recording) t.rule(plan.monsterShield.section, `${nameOf(d)}'s ${plan.monsterShield.name}`);
    blocked = plan.monsterShield.roll(t, toHit, blocks, fam.edition);
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
        const energy = d.energy?.energy ?? 0;
        effects.push({ kind: 'delay', target: d.id, ticks: Math.min(stun * K, Math.max(0, energy)) });
        notes.push('groggy');
        brandP = brandP.mul(stabRollChance(plan)).mul(Fraction.of(1, plan.dex + 1));
      } else brandP = brandP.mul(stabRollChance(plan).complement());
    }
    if (dmg > 0) effects.push({ kind: 'damage', target: d.id, amount: dmg, cause: plan.label, source: a.id });
    hpLeft -= dmg;
    dealt += dmg;
    if (hpLeft >= 1 && plan.brand) {
      const b = brandBlow(t, a, d, plan, plan.brand, dmg, stab, effects);
      brandP = brandP.mul(b.p);
      hpLeft -= b.taken;
      dealt += b.taken;
      if (b.text !== 'nothing') notes.push(b.text);
      branded = b.branded;
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
  if (t.recording) t.rule(SECTION_TIME, 'Time');
  const time = fam.v.melee.time.roll(t, c, fam.edition, hh, fast, aTime);
  const stabWord = stab ? `${stabWords} ` : '';
  const summary = blocked
    ? `${stabWord}${capital(whom)} blocks ${possessive(a)} attack with its ${plan.monsterShield?.name ?? 'shield'}.${auxText}`
    : hit
    ? `${stabWord}${subjectOf(a)} ${verb(a, 'hit')} ${whom}${dmg > 0 ? ` for ${dmg}` : ` but ${verb(a, 'do', 'does')} no damage`}${notes.length ? ` (${notes.join(', ')})` : ''}.${auxText}`
    : `${stabWord}${subjectOf(a)} ${verb(a, 'miss', 'misses')} ${whom}.${auxText}`;
  // The main blow takes what the monster lost to it, its brand's damage and draining included.
  const mainTaken = dealt;
  dealt += events.reduce((n, e) => n + e.damage, 0);
  const luck = ctx.luck ? { luck: { law: heroLuckLaw(fam, laws, d.body.hp, monsterRules(d)?.blocks ?? 0), dealt } } : {};
  const blows = heroBlows(fam, laws, d.body.hp, monsterRules(d)?.blocks ?? 0, ctx, { hit, blocked, stab, branded, taken: mainTaken }, events);
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
export function heroBlows(fam: FamilyCtx, laws: AttackLaws, hp: number, blocks: number, ctx: AttackContext, main: { hit: boolean; blocked: boolean; stab: number; branded: boolean; taken: number }, events: readonly AuxEvent[]): BlowOutcome[] {
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
    mainOdds = { hitChance, law: heroLuckLaw(fam, laws, hp, blocks, true) };
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
export function heroLuckLaw(fam: FamilyCtx, laws: AttackLaws, hp: number, blocks: number, mainOnly = false): Distribution {
  let memo = fam.memo.heroLaw.get(laws);
  if (!memo) fam.memo.heroLaw.set(laws, (memo = new Map()));
  return remember(memo, `${hp}/${blocks}/${mainOnly}`, 1024, () => workOutHeroLuckLaw(fam, laws, hp, blocks, mainOnly));
}

/**
 * The second attacks' law of an attack's laws, by the gate, the hit points they meet and the
 * blocks made before them: remembered by the laws, as the same values come back for other
 * main-blow damages and other hit points of the monster.
 */
function secondAttacksLaw(fam: FamilyCtx, laws: AttackLaws, gate: boolean, left: number, past: number): Distribution {
  let memo = fam.memo.secondLaw.get(laws);
  if (!memo) fam.memo.secondLaw.set(laws, (memo = new Map()));
  return remember(memo, `${gate}/${left}/${past}`, 4096, () => auxDamageTotalLaw(laws.aux, gate, left, past));
}

function workOutHeroLuckLaw(fam: FamilyCtx, laws: AttackLaws, hp: number, blocks: number, mainOnly: boolean): Distribution {
  const { plan } = laws;
  const none = Distribution.constant(0);
  const stab = stabCategory(plan);
  const stabP = stab.b === 0 ? Fraction.ZERO : stab.roll ? stabRollChance(plan) : Fraction.ONE;
  const stabs: (readonly [number, Fraction])[] = stab.b === 0 ? [[0, Fraction.ONE]] : [[stab.b, stabP], [0, stabP.complement()]];
  // The main blow alone (`mainOnly`): given that it is made (no fumble), without the second attacks.
  const fumble = plan.fumbleDex === null || mainOnly ? Fraction.ZERO : fumbleChance(plan.fumbleDex);
  const second = (gate: boolean, left: number, past: number): Distribution => (left < 1 || mainOnly ? none : secondAttacksLaw(fam, laws, gate, left, past));
  // Stone Soup's seed stabs the brand's damage too.
  const scale = (b: number) => (x: number): number => {
    const mult = plan.stab.brandFactor(b);
    if (!mult) return x;
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
