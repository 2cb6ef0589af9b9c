import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import { type Step, NO_DIE, customDie, step } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type AuxKindPlan, type AuxPlan, type AuxTarget, auxToHit, headbuttDamage, planClassicAux, tailSlapDamage } from '../crawl-family/aux.js';
import { type CrCharacter, armed, damStat, has, mighty, shieldOf, slaying, slot, starving, swimming } from '../crawl-family/character.js';
import { die } from '../crawl-family/dice.js';
import { CR_DIVERGENCES } from '../crawl-family/divergences.js';
import { coin, div, oneIn } from '../crawl-family/random.js';
import { ssEffects } from './body.js';

/**
 * Stone Soup 0.5.2's second attacks: the code's five (the source edition), or Crawl 4.00 beta
 * 20's as the seed keeps them. Rolling them, their odds and laws are the family's (aux.ts).
 */

/** The second attacks' plan: the code's in the source edition, Crawl 4.00 beta 20's in the seed's. */
export function planAux(c: CrCharacter, target: AuxTarget, edition: Edition): AuxPlan {
  return edition === 'source' ? planSsAux(c, target) : planClassicAux(c, target, edition);
}

const SS_NO_FEET = new Set(['ice-beast', 'dragon', 'spider', 'bat']);
const SS_NO_TAIL = new Set(['spider', 'ice-beast', 'bat']);

/**
 * Stone Soup 0.5.2's second attacks (fight.cc player_aux_unarmed, player_apply_aux_unarmed): five
 * slots (kick, headbutt or peck, tail-slap, punch, bite); talons and a beak add their own chances;
 * minotaurs butt with their horns alone; the damage takes no weapon-skill factor unless a weapon
 * is wielded, the fighting factor over 40, and the monster's melee EV and shield apply.
 */
export function planSsAux(c: CrCharacter, target: AuxTarget): AuxPlan {
  const form = c.form?.id;
  const swim = swimming(c);
  const F = c.skills.fighting;
  const U = c.skills['unarmed-combat'];
  const w = armed(c);
  const mut = c.mutations;
  const vampire = has(c, 'vampire');
  const noFeet = form !== undefined && SS_NO_FEET.has(form);
  const hooves = mut.hooves > 0;
  const talons = mut.talons > 0;
  const tailed = has(c, 'draconian') || swim || mut.stinger > 0;
  const butt = headbuttDamage(c, false);
  const peck = mut.beak > 0 && mut.horns === 0;
  const tailHit = tailSlapDamage(c);
  const bladeHands = form === 'blade-hands';
  const claws = !bladeHands && !form && (has(c, 'troll') || has(c, 'ghoul') || mut.claws > 0) && slot(c, 'gloves') === undefined;
  const twoHanded = w !== null && w.def.hands === 'two' && w.def.skill !== 'staves';
  const punchStopped = shieldOf(c) !== undefined || twoHanded;
  const always = { p: Fraction.ONE, roll: () => true };

  // The bite: fangs; a non-vampire skips it 1 in 5, anyone 1 in 7; a vampire biting a bloodless monster makes it only 1 time in 3.
  const e = ssEffects(c);
  const skipBite = vampire ? Fraction.of(1, 7) : Fraction.of(1, 5).add(Fraction.of(4, 5).mul(Fraction.of(1, 7)));
  const bloodless = vampire && !target.blood;
  const biteP = skipBite.complement().mul(bloodless ? Fraction.of(1, 3) : Fraction.ONE);
  // A vampire drinks (a vampiric bite) 1 time in 4 when satiated, 1 in 2 when thirsty, always when bloodless.
  const drinks = !vampire || !target.blood ? Fraction.ZERO : e.blood === 'satiated' ? Fraction.of(1, 4) : e.blood === 'bloodless' ? Fraction.ONE : Fraction.of(1, 2);
  const slay = slaying(c);
  // A vampire's hunger does not spoil its aim (calc_your_to_hit_unarmed).
  const { hit, hitParts } = auxToHit(c, starving(c) && !vampire);
  const thirst = e.blood === 'bloodless' ? 2 : e.blood === 'satiated' ? 0 : 1;
  const biteHit: AuxKindPlan['toHit'] = vampire
    ? {
        law: mixture([
          { weight: drinks.complement(), dist: Distribution.constant(hit + 1) },
          { weight: drinks, dist: Distribution.constant(hit + 1 + thirst) },
        ]),
        text: `${hitParts.join(', ')}, +1 vampire bite${thirst && drinks.num > 0n ? `, +${thirst} when it drinks (${drinks.percent(0)})` : ''}`,
        roll: (t) => {
          if (!target.blood) return hit + 1;
          if (e.blood === 'satiated' && coin(t, 'bite: satiated, a coinflip not to drink')) return hit + 1;
          if (e.blood !== 'bloodless' && coin(t, 'bite: not starving, a coinflip not to drink')) return hit + 1;
          if (t.recording) t.note('a vampiric bite');
          return hit + 1 + thirst;
        },
      }
    : undefined;

  const kinds: AuxKindPlan[] = [
    { kind: 'kick', name: talons ? 'claw' : 'kick', extraChance: hooves || talons ? Fraction.of(1, 2) : Fraction.ZERO, forbidden: noFeet, blocked: false, whenChosen: always, damage: hooves ? 10 : talons ? 8 : 5, damageText: hooves ? '10 (hooves)' : talons ? '8 (talons)' : '5', venom: false },
    { kind: 'headbutt', name: peck ? 'peck' : 'headbutt', extraChance: mut.horns > 0 || mut.beak > 0 ? Fraction.of(1, 3) : Fraction.ZERO, forbidden: noFeet, blocked: false, whenChosen: always, damage: peck ? 6 : butt.damage, damageText: peck ? '6 (beak)' : butt.text, venom: false },
    { kind: 'tail-slap', name: 'tail-slap', extraChance: tailed ? Fraction.of(1, 4) : Fraction.ZERO, forbidden: form !== undefined && SS_NO_TAIL.has(form), blocked: false, whenChosen: always, damage: tailHit.damage, damageText: tailHit.text, venom: mut.stinger > 0 },
    {
      kind: 'punch',
      name: bladeHands ? 'slash' : claws ? 'claw' : 'punch',
      extraChance: Fraction.ZERO,
      forbidden: noFeet,
      blocked: punchStopped,
      whenChosen: punchStopped ? { p: Fraction.ZERO, roll: () => false } : { p: Fraction.of(1, 2), roll: (t) => !coin(t, 'punch: coinflip to skip') },
      damage: 5 + div(U, 3) + (bladeHands ? 6 : 0),
      damageText: `5 + unarmed ${U} / 3${bladeHands ? ' + 6 blade hands' : claws ? ' + 1d3 claws' : ''}`,
      ...(claws ? { baseDie: customDie('1d3', (t: Tracer) => t.roll(1, 3, 'claws: 1d3'), () => Distribution.uniform(1, 3)) } : {}),
      venom: false,
    },
    {
      kind: 'bite',
      name: 'bite',
      extraChance: Fraction.ZERO,
      forbidden: mut.fangs === 0,
      blocked: false,
      whenChosen: {
        p: biteP,
        roll: (t) => {
          if ((!vampire && oneIn(t, 5, 'bite: 1 in 5 to skip')) || oneIn(t, 7, 'bite: 1 in 7 to skip')) return false;
          return !bloodless || oneIn(t, 3, 'bite: a bloodless monster, 1 in 3');
        },
      },
      damage: 2 * mut.fangs + div(U, 5),
      damageText: `fangs ${mut.fangs} x 2 + unarmed ${U} / 5`,
      venom: false,
      ...(biteHit ? { toHit: biteHit } : {}),
    },
  ];

  const s = damStat(c, 'source');
  const d1a = { id: 'd1a-aux-multiplier', text: CR_DIVERGENCES['d1a-aux-multiplier'].source };
  const ac = target.ac;
  const steps = (): Step[] => {
    const out: Step[] = [];
    if (s > 11) out.push(step('stat multiplier', die(s - 11), (x, r) => div(x * (10 + div(r, 3)), 10), `x (10 + random2(${s} - 11) / 3) / 10`, d1a));
    else if (s < 9) out.push(step('stat multiplier', die(9 - s), (x, r) => div(x * (10 - div(r, 2)), 10), `x (10 - random2(9 - ${s}) / 2) / 10`, d1a));
    if (slay.dam) out.push(step('slaying', NO_DIE, (x) => x + slay.dam, `${slay.dam >= 0 ? '+' : ''}${slay.dam} slaying`));
    out.push(step('randomise', (x) => die(x), (_x, r) => r, 'random2(damage)'));
    // The code sets the skill to unarmed combat, but applies it only when a weapon is wielded.
    if (w) out.push(step('unarmed combat', die(U + 1), (x, r) => div(x * (25 + r), 25), `x (25 + random2(${U} + 1)) / 25 (only with a weapon in hand)`));
    out.push(step('fighting', die(F + 1), (x, r) => div(x * (40 + r), 40), `x (40 + random2(${F} + 1)) / 40`));
    if (mighty(c)) out.push(step('mighty', die(10), (x, r) => x + 1 + r, '+ 1 + random2(10)'));
    if (starving(c) && !vampire) out.push(step('starving', die(5), (x, r) => x - r, '- random2(5)'));
    if (ac > 0) out.push(step('monster AC', die(ac + 1), (x, r) => x - r, `- random2(1 + AC ${ac})`));
    if (target.petrified) out.push(step('petrified', NO_DIE, (x) => div(x, 3), 'a petrified monster takes a third'));
    out.push(step('nothing below 1', NO_DIE, (x) => (x < 1 ? 0 : x), 'less than 1 does no damage'));
    return out;
  };
  return {
    edition: 'source',
    naga: has(c, 'naga'),
    tail: form === 'dragon' || tailed,
    kinds,
    toHit: hit,
    toHitText: hitParts.join(', '),
    ev: target.ssEv ?? target.ev,
    steps,
    fangs: mut.fangs > 0 || form === 'dragon',
    vampire,
    shield: target.shield ?? null,
  };
}
