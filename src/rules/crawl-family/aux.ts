import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, armed, damStat, has, mighty, shieldOf, slaying, slot, starving, swimming, wearing } from '../crawl-family/character.js';
import { CR_DIVERGENCES } from '../crawl-family/divergences.js';
import { type Die, type Step, NO_DIE, runSteps, step, stepsLaw } from '../../core/rule.js';
import { die } from '../crawl-family/dice.js';
import { chance, coin, div, oneIn, r2, r2Law } from '../crawl-family/random.js';
import type { ShieldRule } from './variant.js';
import { attacksLaw } from '../common.js';

/**
 * The second (unarmed) attacks (seed 2.4, 3.3, 4.2; fight.cc you_attack after the main blow):
 * kick, headbutt (a kenku's peck), tail-slap and punch, which are tried in that order after a
 * main attack that left the monster alive.
 */

export const SECTION_AUX = 'crawl-4.0b20#3.3-second-attack';
export const AUX_KINDS = ['kick', 'headbutt', 'tail-slap', 'punch', 'bite'] as const;
export type AuxKind = (typeof AUX_KINDS)[number];

export interface AuxKindPlan {
  readonly kind: AuxKind;
  readonly name: string;
  /** Made even when not the chosen kind (source): hooves, horns or a beak, a tail. */
  readonly extraChance: Fraction;
  /** The form forbids it. */
  readonly forbidden: boolean;
  /** Punch only: a shield or a two-handed weapon stops it. */
  readonly blocked: boolean;
  /** Stone Soup's source edition, when it is the chosen kind: the chance it is made and its roll (a punch's coinflip, a bite's skips). */
  readonly whenChosen?: { readonly p: Fraction; readonly roll: (t: Tracer) => boolean };
  readonly damage: number;
  readonly damageText: string;
  /** Added to the base damage first (a clawed punch's 1d3). */
  readonly baseDie?: Die;
  readonly venom: boolean;
  /** Its to-hit, when not the plan's (a vampire's bite: the base, +1, and +1 or +2 when it drinks). */
  readonly toHit?: { readonly law: Distribution; readonly text: string; readonly roll: (t: Tracer) => number };
}

export interface AuxPlan {
  readonly edition: Edition;
  readonly naga: boolean;
  /** Dragon form, draconian, swimming merfolk or a stinger: the tail-slap may be chosen (1 in 3). */
  readonly tail: boolean;
  readonly kinds: readonly AuxKindPlan[];
  readonly toHit: number;
  readonly toHitText: string;
  readonly ev: number;
  readonly steps: (base: number) => readonly Step[];
  /** Stone Soup's code: fangs make the bite the chosen kind; a vampire bites instead 2 times in 3. */
  readonly fangs: boolean;
  readonly vampire: boolean;
  /** The monster's shield (Stone Soup). */
  readonly shield: ShieldRule | null;
}

export interface AuxEvent {
  readonly kind: AuxKind;
  readonly name: string;
  readonly hit: boolean;
  /** The monster's shield stopped it (Stone Soup). */
  readonly blocked: boolean;
  readonly damage: number;
  readonly poison: boolean;
}

const FORBIDDEN_ALL = new Set(['serpent-of-hell', 'spider', 'ice-beast', 'dragon']);

/** What the second attacks need of their target. */
export interface AuxTarget {
  readonly ev: number;
  readonly ac: number;
  readonly holiness?: string;
  readonly shield?: ShieldRule | null;
  /** Stone Soup: monsters::melee_evasion, used by the source edition (the attack has woken a sleeper). */
  readonly ssEv?: number;
  readonly petrified?: boolean;
  /** Stone Soup: a monster whose blood a vampire wants. */
  readonly blood?: boolean;
}

/** Crawl 4.00 beta 20's second attacks (Stone Soup's seed keeps them). */
export function planClassicAux(c: CrCharacter, target: AuxTarget, edition: Edition): AuxPlan {
  const src = edition === 'source';
  const form = c.form?.id;
  const swim = swimming(c);
  const F = c.skills.fighting;
  const U = c.skills['unarmed-combat'];
  const w = armed(c);
  const forbidAll = form !== undefined && FORBIDDEN_ALL.has(form);
  // d9-tail-slap-forms: the seed allows serpent and spider, the code dragon and serpent.
  const tailForbidden = form !== undefined && (src ? form === 'spider' || form === 'ice-beast' : form === 'dragon' || form === 'ice-beast');
  const hooves = has(c, 'centaur') || c.mutations.hooves > 0;
  const horns = has(c, 'minotaur') || c.mutations.horns > 0 || has(c, 'kenku');
  const tailed = has(c, 'draconian') || swim || c.mutations.stinger > 0;

  const butt = headbuttDamage(c, true);
  const tailHit = tailSlapDamage(c);
  const bladeHands = form === 'blade-hands';
  const punch = 5 + div(U, 3) + (bladeHands ? 6 : 0);
  // The seed allows punching with a staff; the code stops any two-handed weapon (d8-aux-attacks).
  const twoHanded = w !== null && w.def.hands === 'two' && (src || w.def.skill !== 'staves');

  const kinds: AuxKindPlan[] = [
    { kind: 'kick', name: 'kick', extraChance: src && hooves ? Fraction.of(1, 2) : Fraction.ZERO, forbidden: forbidAll, blocked: false, damage: hooves ? 10 : 5, damageText: hooves ? '10 (hooves)' : '5', venom: false },
    {
      kind: 'headbutt',
      name: src && has(c, 'kenku') ? 'peck' : 'headbutt',
      extraChance: src && horns ? Fraction.of(1, 3) : Fraction.ZERO,
      forbidden: forbidAll,
      blocked: false,
      damage: butt.damage,
      damageText: butt.text,
      venom: false,
    },
    { kind: 'tail-slap', name: 'tail-slap', extraChance: src && tailed ? Fraction.of(1, 4) : Fraction.ZERO, forbidden: tailForbidden, blocked: false, damage: tailHit.damage, damageText: tailHit.text, venom: c.mutations.stinger > 0 },
    {
      kind: 'punch',
      name: bladeHands ? 'slash' : 'punch',
      extraChance: Fraction.ZERO,
      forbidden: forbidAll,
      blocked: shieldOf(c) !== undefined || twoHanded,
      damage: punch,
      damageText: `5 + unarmed ${U} / 3${bladeHands ? ' + 6 blade hands' : ''}`,
      venom: false,
    },
  ];

  const slay = slaying(c);
  const { hit, hitParts } = auxToHit(c, starving(c));

  const s = damStat(c, edition);
  const oneShort = (n: number): Die => die(src ? n + 1 : n);
  const d3 = { id: 'd3-dice-one-short', text: src ? CR_DIVERGENCES['d3-dice-one-short'].source : CR_DIVERGENCES['d3-dice-one-short'].spoiler };
  const d1a = { id: 'd1a-aux-multiplier', text: src ? CR_DIVERGENCES['d1a-aux-multiplier'].source : CR_DIVERGENCES['d1a-aux-multiplier'].spoiler };
  const steps = (): Step[] => {
    const out: Step[] = [];
    if (src) {
      if (s > 11) out.push(step('stat multiplier', die(s - 11), (x, r) => div(x * (10 + div(r, 3)), 10), `x (10 + random2(${s} - 11) / 3) / 10`, d1a));
      else if (s < 9) out.push(step('stat multiplier', die(9 - s), (x, r) => div(x * (10 - div(r, 2)), 10), `x (10 - random2(9 - ${s}) / 2) / 10`, d1a));
    } else if (s > 11) out.push(step('stat multiplier', die(s), (x, r) => div(x * (11 + 2 * (r - 11)), 10), `x (11 + (1d${s} - 11) x 2) / 10`, d1a));
    else if (s < 9) out.push(step('stat multiplier', die(9 - s), (x, r) => div(x * (11 - 3 * r), 10), `x (11 - 1d(9 - ${s}) x 3) / 10`, d1a));
    else out.push(step('stat multiplier', NO_DIE, (x) => div(x * (11 + s), 10), `x (11 + ${s}) / 10`, d1a));
    if (slay.dam) out.push(step('slaying', NO_DIE, (x) => x + slay.dam, `${slay.dam >= 0 ? '+' : ''}${slay.dam} slaying`));
    out.push(step('randomise', (x) => die(x), (_x, r) => r, 'random2(damage)'));
    out.push(step('fighting', oneShort(F), (x, r) => div(x * (40 + r), 40), `x (40 + random2(${src ? `${F} + 1` : F})) / 40`, d3));
    out.push(step('unarmed combat', oneShort(U), (x, r) => div(x * (25 + r), 25), `x (25 + random2(${src ? `${U} + 1` : U})) / 25`, d3));
    if (mighty(c)) out.push(step('mighty', die(10), (x, r) => x + 1 + r, '+ 1 + random2(10)'));
    if (starving(c)) out.push(step('starving', die(5), (x, r) => x - r, '- random2(5)'));
    if (target.ac > 0) out.push(step('monster AC', oneShort(target.ac), (x, r) => x - r, `- random2(${src ? `1 + AC ${target.ac}` : `AC ${target.ac}`})`, d3));
    out.push(step('nothing below 1', NO_DIE, (x) => (x < 1 ? 0 : x), 'less than 1 does no damage'));
    return out;
  };
  return { edition, naga: has(c, 'naga'), tail: form === 'dragon' || tailed, kinds, toHit: hit, toHitText: hitParts.join(', '), ev: target.ev, steps, fangs: false, vampire: false, shield: target.shield ?? null };
}

/** The headbutt: 5 + 3 a level of horns (Crawl 4.0 adds 5 for a minotaur), +2 a hard helmet, +3 more spiked or horned. */
export function headbuttDamage(c: CrCharacter, minotaurBonus: boolean): { damage: number; text: string } {
  let damage = 5 + c.mutations.horns * 3;
  const parts = [`5 + horns ${c.mutations.horns} x 3`];
  if (minotaurBonus && has(c, 'minotaur')) {
    damage += 5;
    parts.push('+5 minotaur');
  }
  const helmet = slot(c, 'helmet');
  if (helmet && (helmet.def.helmet === 'helmet' || helmet.def.helmet === 'helm')) {
    damage += 2;
    parts.push(`+2 ${helmet.def.name}`);
    if (helmet.desc === 'spiked' || helmet.desc === 'horned') {
      damage += 3;
      parts.push(`+3 ${helmet.desc}`);
    }
  }
  return { damage, text: parts.join(' ') };
}

/** The tail-slap: 6, + 2 a stinger level - 1; a grey draconian's from level 7 is 12. */
export function tailSlapDamage(c: CrCharacter): { damage: number; text: string } {
  if (has(c, 'grey-draconian') && c.level >= 7) return { damage: 12, text: '12 (grey draconian, level 7 or more)' };
  const st = c.mutations.stinger;
  return st > 0 ? { damage: 6 + st * 2 - 1, text: `6 + stinger ${st} x 2 - 1` } : { damage: 6, text: '6' };
}

/** The second attacks' to-hit before its roll (calc_your_to_hit_unarmed): 13 + Dex / 2 + unarmed / 2 + fighting / 5, less inaccuracy and hunger, plus slaying. */
export function auxToHit(c: CrCharacter, starved: boolean): { hit: number; hitParts: string[] } {
  const F = c.skills.fighting;
  const U = c.skills['unarmed-combat'];
  let hit = 13 + div(c.dex, 2) + div(U, 2) + div(F, 5);
  const hitParts = [`13 + Dex ${c.dex} / 2 + unarmed ${U} / 2 + fighting ${F} / 5`];
  if (wearing(c, 'inaccuracy')) {
    hit -= 5;
    hitParts.push('-5 inaccuracy');
  }
  if (starved) {
    hit -= 3;
    hitParts.push('-3 starving');
  }
  const slay = slaying(c).hit;
  if (slay) {
    hit += slay;
    hitParts.push(`${slay >= 0 ? '+' : ''}${slay} slaying`);
  }
  return { hit, hitParts };
}

/** The chosen kind and its probability, for each way the choice can go (gate passed). */
export function choices(p: AuxPlan): { kind: AuxKind; p: Fraction }[] {
  let ways: [AuxKind, Fraction][] = p.naga ? [['headbutt', Fraction.ONE]] : [['headbutt', Fraction.of(1, 2)], ['kick', Fraction.of(1, 2)]];
  const split = (k: AuxKind, q: Fraction) => (w: [AuxKind, Fraction][]): [AuxKind, Fraction][] => w.flatMap(([k0, p0]): [AuxKind, Fraction][] => [[k, p0.mul(q)], [k0, p0.mul(q.complement())]]);
  if (p.fangs) ways = [['bite', Fraction.ONE]];
  if (p.tail) ways = split('tail-slap', Fraction.of(1, 3))(ways);
  ways = split('punch', Fraction.of(1, 2))(ways);
  if (p.vampire) ways = split('bite', Fraction.of(2, 3))(ways);
  const out = new Map<AuxKind, Fraction>();
  for (const [k, q] of ways) if (q.num > 0n) out.set(k, (out.get(k) ?? Fraction.ZERO).add(q));
  return [...out].map(([kind, q]) => ({ kind, p: q }));
}

/** Rolls the chosen kind (the gate passed), in the order of the code's draws. */
function rollChoice(t: Tracer, p: AuxPlan): AuxKind {
  let chosen: AuxKind = p.naga ? 'headbutt' : coin(t, 'headbutt or kick') ? 'headbutt' : 'kick';
  if (p.fangs) chosen = 'bite';
  if (p.tail && oneIn(t, 3, 'tail-slap instead: 1 in 3')) chosen = 'tail-slap';
  if (coin(t, 'punch instead: coinflip')) chosen = 'punch';
  if (p.vampire && !oneIn(t, 3, 'bite instead: 2 in 3')) chosen = 'bite';
  return chosen;
}

/** P(this kind is made) given the chosen kind (null: the gate failed). */
export function fireChance(p: AuxPlan, k: AuxKindPlan, chosen: AuxKind | null): Fraction {
  if (k.forbidden) return Fraction.ZERO;
  if (p.edition === 'spoiler') return chosen === k.kind && !k.blocked ? Fraction.ONE : Fraction.ZERO;
  if (chosen === k.kind) return k.whenChosen ? k.whenChosen.p : k.kind === 'punch' ? (k.blocked ? Fraction.ZERO : Fraction.of(1, 2)) : Fraction.ONE;
  return k.extraChance;
}

/** The law of a kind's to-hit before its roll. */
const toHitOf = (p: AuxPlan, k: AuxKindPlan): Distribution => k.toHit?.law ?? Distribution.constant(p.toHit);

const hitMemo = new WeakMap<AuxPlan, Map<string, { hit: Fraction; blocked: Fraction }>>();
const damageMemo = new WeakMap<AuxKindPlan, Distribution>();

/** P(a kind hits and gets past the shield) and P(it hits and is blocked), with this many blocks already made. */
export function auxHitAndBlock(p: AuxPlan, k: AuxKindPlan, blocks = 0): { hit: Fraction; blocked: Fraction } {
  let memo = hitMemo.get(p);
  if (!memo) {
    memo = new Map();
    hitMemo.set(p, memo);
  }
  const key = `${k.toHit ? k.kind : ''}/${p.shield ? blocks : 0}`;
  let f = memo.get(key);
  if (!f) {
    f = auxHitAndBlockOf(p, toHitOf(p, k), blocks);
    memo.set(key, f);
  }
  return f;
}

/** P(a kind hits), whatever a shield does (the Crawl 4.0 plan has no shield). */
export function auxHitChance(p: AuxPlan, k: AuxKindPlan = p.kinds[0] as AuxKindPlan): Fraction {
  const f = auxHitAndBlock(p, k);
  return f.hit.add(f.blocked);
}

function auxHitAndBlockOf(p: AuxPlan, toHit: Distribution, blocks: number): { hit: Fraction; blocked: Fraction } {
  const src = p.edition === 'source';
  const lucky = src ? Fraction.of(1, 30) : Fraction.ZERO;
  let hit = Fraction.ZERO;
  let blocked = Fraction.ZERO;
  for (const [T, pT] of toHit.entries()) {
    const law = r2Law(T);
    if (!p.shield) {
      const pass = chance(law, (v) => (src ? v >= p.ev : v > p.ev));
      hit = hit.add(pT.mul(pass.add(pass.complement().mul(lucky))));
      continue;
    }
    for (const [v, pv] of law.entries()) {
      const h = (src ? v >= p.ev : v > p.ev) ? Fraction.ONE : lucky;
      if (h.num === 0n) continue;
      const b = p.shield.chance(v, blocks, p.edition);
      hit = hit.add(pT.mul(pv).mul(h).mul(b.complement()));
      blocked = blocked.add(pT.mul(pv).mul(h).mul(b));
    }
  }
  return { hit, blocked };
}

/** A kind's damage steps: its base die (a clawed punch), then the plan's. */
const kindSteps = (p: AuxPlan, k: AuxKindPlan): readonly Step[] => (k.baseDie ? [step('claws', k.baseDie, (x, r) => x + r, '+ 1d3 claws'), ...p.steps(k.damage)] : p.steps(k.damage));

/** The damage law of one kind (kept with the kind's plan: plans are reused while nothing changes). */
export function auxDamageLaw(p: AuxPlan, k: AuxKindPlan): Distribution {
  let d = damageMemo.get(k);
  if (!d) {
    d = stepsLaw(kindSteps(p, k), k.damage);
    damageMemo.set(k, d);
  }
  return d;
}

/** Rolls the second attacks; `blocks` is how many the monster's shield has stopped this turn. */
export function rollAux(t: Tracer, p: AuxPlan, gate: boolean, hpLeft: number, blocks = 0): AuxEvent[] {
  const src = p.edition === 'source';
  let chosen: AuxKind | null = null;
  if (gate) {
    if (t.recording) t.rule(SECTION_AUX, 'Second attack: which kind');
    chosen = rollChoice(t, p);
    if (t.recording) {
      t.note(`chosen: ${chosen}`);
      t.edition('d8-aux-attacks', src ? CR_DIVERGENCES['d8-aux-attacks'].source : CR_DIVERGENCES['d8-aux-attacks'].spoiler);
    }
  }
  const events: AuxEvent[] = [];
  let hp = hpLeft;
  let past = blocks;
  for (const k of p.kinds) {
    if (hp <= 0) break;
    let fires: boolean;
    if (!src) fires = chosen === k.kind && !k.blocked && !k.forbidden;
    else if (chosen === k.kind) {
      fires = !k.forbidden;
      if (fires && k.whenChosen) fires = k.whenChosen.roll(t);
      else if (fires && k.kind === 'punch') fires = !k.blocked && !coin(t, 'punch: coinflip to skip');
    } else if (k.extraChance.num > 0n) {
      const n = Number(k.extraChance.den);
      fires = n === 2 ? !coin(t, `${k.name}: coinflip to skip`) : oneIn(t, n, `${k.name}: 1 in ${n}`);
      fires = fires && !k.forbidden;
    } else fires = false;
    if (!fires) continue;
    const T = k.toHit ? k.toHit.roll(t) : p.toHit;
    if (t.recording) {
      t.rule(SECTION_AUX, `Second attack: ${k.name}`);
      t.value('to-hit', T, k.toHit?.text ?? p.toHitText);
    }
    const roll = r2(t, T, `to-hit: random2(${T})`);
    let hit: boolean;
    if (src) {
      if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].source);
      hit = (t.recording ? t.check('to-hit >= EV', roll, '>=', p.ev) : roll >= p.ev) || oneIn(t, 30, 'lucky hit: 1 in 30');
    } else {
      if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].spoiler);
      hit = t.recording ? t.check('to-hit > EV', roll, '>', p.ev) : roll > p.ev;
    }
    if (hit && p.shield && p.shield.roll(t, roll, past, p.edition)) {
      past++;
      events.push({ kind: k.kind, name: k.name, hit: false, blocked: true, damage: 0, poison: false });
      continue;
    }
    if (!hit) {
      events.push({ kind: k.kind, name: k.name, hit: false, blocked: false, damage: 0, poison: false });
      continue;
    }
    if (t.recording) t.value('base damage', k.damage, k.damageText);
    const dmg = runSteps(t, kindSteps(p, k), k.damage);
    const poison = k.venom && dmg > 0 && coin(t, 'stinger venom: coinflip');
    events.push({ kind: k.kind, name: k.name, hit: true, blocked: false, damage: dmg, poison });
    hp -= dmg;
  }
  return events;
}

/** P(these second attacks | the gate), with the choice of kind summed over. */
export function auxOdds(p: AuxPlan, gate: boolean, events: readonly AuxEvent[], hpLeft: number, blocks = 0): Fraction {
  const paths: { kind: AuxKind | null; p: Fraction }[] = gate ? choices(p) : [{ kind: null, p: Fraction.ONE }];
  let total = Fraction.ZERO;
  for (const path of paths) {
    let q = path.p;
    let hp = hpLeft;
    let past = blocks;
    for (const k of p.kinds) {
      if (hp <= 0) break;
      const f = fireChance(p, k, path.kind);
      const ev = events.find((e) => e.kind === k.kind);
      if (!ev) {
        q = q.mul(f.complement());
        continue;
      }
      q = q.mul(f);
      const hb = auxHitAndBlock(p, k, past);
      if (ev.blocked) {
        q = q.mul(hb.blocked);
        past++;
        continue;
      }
      if (!ev.hit) {
        q = q.mul(hb.hit.add(hb.blocked).complement());
        continue;
      }
      q = q.mul(hb.hit).mul(auxDamageLaw(p, k).prob(ev.damage));
      if (k.venom && ev.damage > 0) q = q.mul(Fraction.of(1, 2));
      hp -= ev.damage;
    }
    total = total.add(q);
  }
  return total;
}

/**
 * The exact law of the second attacks' total damage given the gate (the luck meter): the chosen
 * kind summed over, each kind made, blocked, missed or hitting as `auxOdds` weighs it, the blocks
 * raising the pierce, and the attacks stopping once the monster is dead. The monster has `hpLeft`
 * (at least 1) after the main attack.
 */
export function auxDamageTotalLaw(p: AuxPlan, gate: boolean, hpLeft: number, blocks = 0): Distribution {
  const paths: { kind: AuxKind | null; p: Fraction }[] = gate ? choices(p) : [{ kind: null, p: Fraction.ONE }];
  const none = Distribution.constant(0);
  return mixture(
    paths.map((path) => ({
      weight: path.p,
      dist: attacksLaw(
        p.kinds.length,
        (i, made) => {
          const k = p.kinds[i] as AuxKindPlan;
          const f = fireChance(p, k, path.kind);
          const hb = auxHitAndBlock(p, k, blocks + made);
          return [
            { p: f.complement(), damage: none },
            { p: f.mul(hb.blocked), damage: none, state: made + 1 },
            { p: f.mul(hb.hit.add(hb.blocked).complement()), damage: none },
            { p: f.mul(hb.hit), damage: auxDamageLaw(p, k) },
          ];
        },
        (total) => hpLeft - total > 0,
      ),
    })),
  );
}

/** Expected second-attack damage given the gate (for previews; a kill stopping the loop, and blocks raising the pierce, are left out). */
export function auxMean(p: AuxPlan, gate: boolean, blocks = 0): Fraction {
  const paths: { kind: AuxKind | null; p: Fraction }[] = gate ? choices(p) : [{ kind: null, p: Fraction.ONE }];
  let total = Fraction.ZERO;
  for (const path of paths) for (const k of p.kinds) total = total.add(path.p.mul(fireChance(p, k, path.kind)).mul(auxHitAndBlock(p, k, blocks).hit).mul(auxDamageLaw(p, k).mean()));
  return total;
}
