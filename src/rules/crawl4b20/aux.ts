import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, armed, damStat, has, mighty, shieldOf, slaying, slot, starving, swimming, wearing } from './character.js';
import { CR_DIVERGENCES } from './divergences.js';
import { type Die, type Step, NO_DIE, die, runSteps, step, stepsLaw } from './pipeline.js';
import { chance, coin, div, oneIn, r2, r2Law } from './random.js';

/**
 * The second (unarmed) attacks (seed 2.4, 3.3, 4.2; fight.cc you_attack after the main blow):
 * kick, headbutt (a kenku's peck), tail-slap and punch, which are tried in that order after a
 * main attack that left the monster alive.
 */

export const SECTION_AUX = 'crawl-4.0b20#3.3-second-attack';
export const AUX_KINDS = ['kick', 'headbutt', 'tail-slap', 'punch'] as const;
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
  readonly damage: number;
  readonly damageText: string;
  readonly venom: boolean;
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
}

export interface AuxEvent {
  readonly kind: AuxKind;
  readonly name: string;
  readonly hit: boolean;
  readonly damage: number;
  readonly poison: boolean;
}

const FORBIDDEN_ALL = new Set(['serpent-of-hell', 'spider', 'ice-beast', 'dragon']);

export function planAux(c: CrCharacter, target: { ev: number; ac: number }, edition: Edition): AuxPlan {
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

  const helmet = slot(c, 'helmet');
  let butt = 5 + c.mutations.horns * 3;
  const buttParts = [`5 + horns ${c.mutations.horns} x 3`];
  if (has(c, 'minotaur')) {
    butt += 5;
    buttParts.push('+5 minotaur');
  }
  if (helmet && (helmet.def.helmet === 'helmet' || helmet.def.helmet === 'helm')) {
    butt += 2;
    buttParts.push(`+2 ${helmet.def.name}`);
    if (helmet.desc === 'spiked' || helmet.desc === 'horned') {
      butt += 3;
      buttParts.push(`+3 ${helmet.desc}`);
    }
  }
  let tail = 6;
  let tailText = '6';
  if (c.mutations.stinger > 0) {
    tail += c.mutations.stinger * 2 - 1;
    tailText += ` + stinger ${c.mutations.stinger} x 2 - 1`;
  }
  if (has(c, 'grey-draconian') && c.level >= 7) {
    tail = 12;
    tailText = '12 (grey draconian, level 7 or more)';
  }
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
      damage: butt,
      damageText: buttParts.join(' '),
      venom: false,
    },
    { kind: 'tail-slap', name: 'tail-slap', extraChance: src && tailed ? Fraction.of(1, 4) : Fraction.ZERO, forbidden: tailForbidden, blocked: false, damage: tail, damageText: tailText, venom: c.mutations.stinger > 0 },
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
  let hit = 13 + div(c.dex, 2) + div(U, 2) + div(F, 5);
  const hitParts = [`13 + Dex ${c.dex} / 2 + unarmed ${U} / 2 + fighting ${F} / 5`];
  if (wearing(c, 'inaccuracy')) {
    hit -= 5;
    hitParts.push('-5 inaccuracy');
  }
  if (starving(c)) {
    hit -= 3;
    hitParts.push('-3 starving');
  }
  if (slay.hit) {
    hit += slay.hit;
    hitParts.push(`${slay.hit >= 0 ? '+' : ''}${slay.hit} slaying`);
  }

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
  return { edition, naga: has(c, 'naga'), tail: form === 'dragon' || tailed, kinds, toHit: hit, toHitText: hitParts.join(', '), ev: target.ev, steps };
}

/** The chosen kind and its probability, for each way the choice can go (gate passed). */
export function choices(p: AuxPlan): { kind: AuxKind; p: Fraction }[] {
  const first: [AuxKind, Fraction][] = p.naga ? [['headbutt', Fraction.ONE]] : [['headbutt', Fraction.of(1, 2)], ['kick', Fraction.of(1, 2)]];
  const out = new Map<AuxKind, Fraction>();
  const add = (k: AuxKind, q: Fraction) => out.set(k, (out.get(k) ?? Fraction.ZERO).add(q));
  for (const [k, q] of first) {
    const afterTail: [AuxKind, Fraction][] = p.tail ? [['tail-slap', q.mul(Fraction.of(1, 3))], [k, q.mul(Fraction.of(2, 3))]] : [[k, q]];
    for (const [k2, q2] of afterTail) {
      add('punch', q2.mul(Fraction.of(1, 2)));
      add(k2, q2.mul(Fraction.of(1, 2)));
    }
  }
  return [...out].map(([kind, q]) => ({ kind, p: q }));
}

/** P(this kind is made) given the chosen kind (null: the gate failed). */
export function fireChance(p: AuxPlan, k: AuxKindPlan, chosen: AuxKind | null): Fraction {
  if (k.forbidden) return Fraction.ZERO;
  if (p.edition === 'spoiler') return chosen === k.kind && !k.blocked ? Fraction.ONE : Fraction.ZERO;
  if (chosen === k.kind) return k.kind === 'punch' ? (k.blocked ? Fraction.ZERO : Fraction.of(1, 2)) : Fraction.ONE;
  return k.extraChance;
}

export const auxToHitLaw = (p: AuxPlan): Distribution => r2Law(p.toHit);

const hitMemo = new WeakMap<AuxPlan, Fraction>();
const damageMemo = new WeakMap<AuxKindPlan, Distribution>();

export function auxHitChance(p: AuxPlan): Fraction {
  const known = hitMemo.get(p);
  if (known) return known;
  const f = auxHitChanceOf(p);
  hitMemo.set(p, f);
  return f;
}

function auxHitChanceOf(p: AuxPlan): Fraction {
  const law = auxToHitLaw(p);
  if (p.edition === 'spoiler') return chance(law, (v) => v > p.ev);
  const pass = chance(law, (v) => v >= p.ev);
  return pass.add(pass.complement().mul(Fraction.of(1, 30)));
}

/** The damage law of one kind (kept with the kind's plan: plans are reused while nothing changes). */
export function auxDamageLaw(p: AuxPlan, k: AuxKindPlan): Distribution {
  let d = damageMemo.get(k);
  if (!d) {
    d = stepsLaw(p.steps(k.damage), k.damage);
    damageMemo.set(k, d);
  }
  return d;
}

/** Rolls the second attacks; `alive` says whether the monster still stands after each hit. */
export function rollAux(t: Tracer, p: AuxPlan, gate: boolean, hpLeft: number): AuxEvent[] {
  const src = p.edition === 'source';
  let chosen: AuxKind | null = null;
  if (gate) {
    if (t.recording) t.rule(SECTION_AUX, 'Second attack: which kind');
    chosen = p.naga ? 'headbutt' : coin(t, 'headbutt or kick') ? 'headbutt' : 'kick';
    if (p.tail && oneIn(t, 3, 'tail-slap instead: 1 in 3')) chosen = 'tail-slap';
    if (coin(t, 'punch instead: coinflip')) chosen = 'punch';
    if (t.recording) {
      t.note(`chosen: ${chosen}`);
      t.edition('d8-aux-attacks', src ? CR_DIVERGENCES['d8-aux-attacks'].source : CR_DIVERGENCES['d8-aux-attacks'].spoiler);
    }
  }
  const events: AuxEvent[] = [];
  let hp = hpLeft;
  for (const k of p.kinds) {
    if (hp <= 0) break;
    let fires: boolean;
    if (!src) fires = chosen === k.kind && !k.blocked && !k.forbidden;
    else if (chosen === k.kind) {
      fires = !k.forbidden;
      if (fires && k.kind === 'punch') fires = !k.blocked && !coin(t, 'punch: coinflip to skip');
    } else if (k.extraChance.num > 0n) {
      const n = Number(k.extraChance.den);
      fires = n === 2 ? !coin(t, `${k.name}: coinflip to skip`) : oneIn(t, n, `${k.name}: 1 in ${n}`);
      fires = fires && !k.forbidden;
    } else fires = false;
    if (!fires) continue;
    if (t.recording) {
      t.rule(SECTION_AUX, `Second attack: ${k.name}`);
      t.value('to-hit', p.toHit, p.toHitText);
    }
    const roll = r2(t, p.toHit, `to-hit: random2(${p.toHit})`);
    let hit: boolean;
    if (src) {
      if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].source);
      hit = (t.recording ? t.check('to-hit >= EV', roll, '>=', p.ev) : roll >= p.ev) || oneIn(t, 30, 'lucky hit: 1 in 30');
    } else {
      if (t.recording) t.edition('d10-hit-test', CR_DIVERGENCES['d10-hit-test'].spoiler);
      hit = t.recording ? t.check('to-hit > EV', roll, '>', p.ev) : roll > p.ev;
    }
    if (!hit) {
      events.push({ kind: k.kind, name: k.name, hit: false, damage: 0, poison: false });
      continue;
    }
    if (t.recording) t.value('base damage', k.damage, k.damageText);
    const dmg = runSteps(t, p.steps(k.damage), k.damage);
    const poison = k.venom && dmg > 0 && coin(t, 'stinger venom: coinflip');
    events.push({ kind: k.kind, name: k.name, hit: true, damage: dmg, poison });
    hp -= dmg;
  }
  return events;
}

/** P(these second attacks | the gate), with the choice of kind summed over. */
export function auxOdds(p: AuxPlan, gate: boolean, events: readonly AuxEvent[], hpLeft: number): Fraction {
  const paths: { kind: AuxKind | null; p: Fraction }[] = gate ? choices(p) : [{ kind: null, p: Fraction.ONE }];
  const hitP = auxHitChance(p);
  let total = Fraction.ZERO;
  for (const path of paths) {
    let q = path.p;
    let hp = hpLeft;
    for (const k of p.kinds) {
      if (hp <= 0) break;
      const f = fireChance(p, k, path.kind);
      const ev = events.find((e) => e.kind === k.kind);
      if (!ev) {
        q = q.mul(f.complement());
        continue;
      }
      q = q.mul(f);
      if (!ev.hit) {
        q = q.mul(hitP.complement());
        continue;
      }
      q = q.mul(hitP).mul(auxDamageLaw(p, k).prob(ev.damage));
      if (k.venom && ev.damage > 0) q = q.mul(Fraction.of(1, 2));
      hp -= ev.damage;
    }
    total = total.add(q);
  }
  return total;
}

/** Expected second-attack damage given the gate (for previews; a kill stopping the loop is ignored). */
export function auxMean(p: AuxPlan, gate: boolean): Fraction {
  const paths: { kind: AuxKind | null; p: Fraction }[] = gate ? choices(p) : [{ kind: null, p: Fraction.ONE }];
  const hitP = auxHitChance(p);
  let total = Fraction.ZERO;
  for (const path of paths) for (const k of p.kinds) total = total.add(path.p.mul(fireChance(p, k, path.kind)).mul(hitP).mul(auxDamageLaw(p, k).mean()));
  return total;
}
