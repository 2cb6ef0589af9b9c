import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, burden, has, slot } from '../crawl-family/character.js';
import { type Rand, chanceOf, check, noting, pure } from '../../core/rand.js';
import { random2 } from '../crawl-family/rand.js';
import { div } from '../crawl-family/random.js';
import type { CrHoliness } from '../crawl-family/types.js';
import { heavyBody, ssEffects } from './body.js';
import { SS_DIVERGENCES, type SsDivergenceId } from './divergences.js';

/**
 * Stealth and noticing (seed 003 "Stealth"; player.cc check_stealth, view.cc check_awaken).
 * Each rule gives its number with the terms that made it, for the rules pane and the calculator.
 */

export const SECTION_AWARENESS = 'stone-soup-0.5.2#awareness';

/** A number and the terms that made it. */
export interface Sum {
  readonly value: number;
  readonly terms: readonly string[];
  /** The divergences that shaped it. */
  readonly editions: readonly SsDivergenceId[];
}

/** The seed's description bands (the character screen's hint), lowest first: [upper bound, words]. */
export const STEALTH_BANDS: readonly (readonly [number, string])[] = [
  [10, 'Extremely unstealthy'],
  [30, 'Very unstealthy'],
  [60, 'Unstealthy'],
  [90, 'Fairly stealthy'],
  [120, 'Stealthy'],
  [160, 'Quite stealthy'],
  [220, 'Very stealthy'],
  [300, 'Extremely stealthy'],
  [400, 'Extraordinarily stealthy'],
  [520, 'Incredibly stealthy'],
];

export function describeStealth(s: number): string {
  for (const [below, words] of STEALTH_BANDS) if (s < below) return words;
  return 'Uncannily stealthy';
}

/** The species' stealth skill factor; a vampire's follows its blood. */
export function stealthFactor(c: CrCharacter): number {
  if (has(c, 'vampire')) {
    const e = ssEffects(c);
    if (c.form?.id === 'bat') return 20;
    return { satiated: 18, thirsty: 19, 'near-bloodless': 20, bloodless: 21 }[e.blood];
  }
  return c.species.stealthFactor;
}

/** The hero's stealth S. */
export function stealthOf(c: CrCharacter, edition: Edition): Sum {
  const e = ssEffects(c);
  const src = edition === 'source';
  const terms: string[] = [];
  const editions: SsDivergenceId[] = [];
  const shadowLamp = c.gear.weapon?.def.id === 'lamp-of-shadows';
  if (e.berserk || shadowLamp) return { value: 0, terms: [e.berserk ? 'berserk: 0' : 'lamp of shadows: 0'], editions };
  let s = 3 * c.dex;
  terms.push(`3 x Dex ${c.dex}`);
  const f = stealthFactor(c);
  if (c.skills.stealth > 0) {
    s += c.skills.stealth * f;
    terms.push(`+ stealth ${c.skills.stealth} x ${f}`);
  }
  const b = burden(c).state;
  if (b === 1) {
    s = div(s, 2);
    terms.push('/ 2 encumbered');
  } else if (b === 2) {
    s = div(s, 5);
    terms.push('/ 5 overloaded');
  }
  if (e.confused) {
    s = div(s, 3);
    terms.push('/ 3 confused');
  }
  const body = slot(c, 'body');
  if (body && heavyBody(c, src ? 'list' : 'skill')) {
    const m = div(body.def.mass, 10);
    s -= m;
    terms.push(`- ${m} ${body.def.name} (mass / 10)`);
    editions.push('ss28-stealth-armour');
  }
  for (const w of c.gear.armour) {
    if (w.race === 'elven' && (w.def.slot === 'cloak' || w.def.slot === 'boots')) {
      s += 20;
      terms.push(`+ 20 elven ${w.def.slot}`);
    }
    if (w.ego === 'stealth' && w.def.slot === 'boots') {
      s += 50;
      terms.push('+ 50 boots of stealth');
    }
  }
  if (e.shadow) {
    s += 80;
    terms.push('+ 80 the Shadow');
  }
  const water = c.effects.inWater && !e.airborne;
  if (e.airborne) {
    s += 10;
    terms.push('+ 10 airborne');
  }
  if (src) {
    // One chain: airborne skips the water and the hooves.
    if (!e.airborne && water) s = waterStealth(c, s, terms);
    else if (!e.airborne && hooves(c)) {
      s -= 10;
      terms.push('- 10 hooves');
    }
    editions.push('ss29-stealth-water-floor');
  } else {
    if (water) s = waterStealth(c, s, terms);
    if (hooves(c)) {
      s -= 10;
      terms.push('- 10 hooves');
    }
  }
  if (e.silenced) {
    s -= 50;
    terms.push('- 50 silence');
  }
  if (src && s < 0) {
    s = 0;
    terms.push('at least 0');
  }
  return { value: s, terms, editions };
}

const hooves = (c: CrCharacter): boolean => c.mutations.hooves > 0 || (has(c, 'centaur') && !c.form);

function waterStealth(c: CrCharacter, s: number, terms: string[]): number {
  if (has(c, 'merfolk')) {
    terms.push('+ 50 merfolk in water');
    return s + 50;
  }
  if (has(c, 'naga')) {
    terms.push('naga: water costs nothing');
    return s;
  }
  terms.push('/ 2 in water');
  return div(s, 2);
}

/** A monster as its awareness rule sees it. */
export interface Watcher {
  readonly name: string;
  readonly intelligence: number;
  readonly hd: number;
  readonly holiness: CrHoliness;
  readonly sensesInvisible: boolean;
  readonly seesInvisible: boolean;
  readonly state: 'sleeping' | 'wandering';
  /** Put to sleep by Ensorcelled Hibernation. */
  readonly hibernating: boolean;
  /** Its foe is the hero (a wanderer's +15 in the code needs this). */
  readonly foeIsHero: boolean;
}

/** The hero as a monster's awareness rule sees it. */
export interface Watched {
  readonly invisible: boolean;
  readonly backlit: boolean;
  readonly inWater: boolean;
}

/** A monster's awareness A of the hero. */
export function awarenessOf(m: Watcher, h: Watched, edition: Edition): Sum {
  const src = edition === 'source';
  const terms = [`10 + 4 x intelligence ${m.intelligence} + HD ${m.hd}`];
  const editions: SsDivergenceId[] = [];
  let a = 10 + 4 * m.intelligence + m.hd;
  if (m.sensesInvisible) {
    a += 5;
    terms.push('+ 5 senses invisible');
  }
  if (m.state === 'wandering' && (!src || m.foeIsHero)) {
    a += 15;
    terms.push('+ 15 wandering');
  }
  // Backlighting cancels invisibility in the code.
  const unseen = src ? h.invisible && !h.backlit && !h.inWater && !m.seesInvisible && !m.sensesInvisible : h.invisible;
  if (unseen) {
    a -= 75;
    terms.push('- 75 you are invisible');
  }
  if (src) {
    editions.push('ss19-awareness-terms', 'ss20-awareness-invisible');
    if (m.state === 'sleeping') {
      if (m.holiness === 'natural') {
        if (m.hibernating) {
          a -= 10;
          terms.push('- 10 hibernating');
        }
      } else {
        a += 10;
        terms.push(`+ 10 ${m.holiness}`);
      }
    }
  } else {
    if (m.hibernating) {
      a -= 10;
      terms.push('- 10 hibernating');
    }
    if (m.holiness !== 'natural') {
      a += 10;
      terms.push(`+ 10 ${m.holiness}`);
    }
  }
  if (h.backlit && (!src || !unseen)) {
    a += 50;
    terms.push('+ 50 you glow');
  }
  if (src && a < 0) {
    a = 0;
    terms.push('at least 0');
  }
  return { value: a, terms, editions };
}

/**
 * The noticing roll, written once: random2(S) < A + 1 in the code (x_chance_in_y), certain when
 * the hero is berserk; random2(S) < A in the seed's reading. Yes is 1.
 */
export function noticeRule(a: number, s: number, edition: Edition, berserk = false): Rand {
  const src = edition === 'source';
  const need = src ? a + 1 : a;
  let rule: Rand;
  if (src && berserk) rule = noting((t) => t.note('you are berserk: it notices'), pure(1));
  else if (s <= 0 || need >= s) rule = noting((t) => t.note(`certain: ${src ? 'awareness + 1' : 'awareness'} ${need} against stealth ${s}`), pure(1));
  else if (need <= 0) rule = noting((t) => t.note('awareness 0: it cannot notice'), pure(0));
  else rule = check(random2(s, `notice: random2(stealth ${s})`), `random2(stealth) < ${src ? 'awareness + 1' : 'awareness'}`, '<', need);
  return noting((t) => t.edition('ss18-notice-chance', SS_DIVERGENCES['ss18-notice-chance'][edition]), rule);
}

/** The chance a turn that a monster with awareness A notices a hero of stealth S. */
export const noticeChance = (a: number, s: number, edition: Edition, berserk = false): Fraction => chanceOf(noticeRule(a, s, edition, berserk));

/** Rolls the noticing, and records the odds of what it did. */
export function rollNotice(t: Tracer, a: number, s: number, edition: Edition, berserk = false): boolean {
  const rule = noticeRule(a, s, edition, berserk);
  const noticed = rule.roll(t) === 1;
  if (t.recording) {
    const p = chanceOf(rule);
    const q = noticed ? p : p.complement();
    t.odds(noticed ? 'P(it notices you)' : 'P(it does not notice you)', q.num, q.den);
  }
  return noticed;
}
