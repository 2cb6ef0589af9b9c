import { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import { type CrCharacter, has, shieldOf, slot } from '../crawl-family/character.js';
import type { Tracer } from '../../core/trace.js';
import { type Rand, chanceOf, check, compare, map, noted, noting, pure, andThen, uniform, when } from '../../core/rand.js';
import { coinflip, random2, random2avg } from '../crawl-family/rand.js';
import { chance, div, r2, r2avg, r2avgLaw, r2Law } from '../crawl-family/random.js';
import { bodySize, heavyBody, heavyRule, lightInCode, sizeFactor, ssEffects, torsoSize } from './body.js';
import { type SsDivergenceId, ssEd } from './divergences.js';
import type { Sum } from './stealth.js';
import type { ShieldRule } from '../crawl-family/variant.js';

/**
 * EV, AC and shield blocking (seed 004; player.cc player_evasion, player_AC,
 * player_shield_class, player::shield_bonus; fight.cc attack_shield_blocked, test_melee_hit).
 */

const repulsion = (c: CrCharacter): number => (c.mutations['repulsion-field'] > 0 ? 2 * c.mutations['repulsion-field'] - 1 : 0);

/** The dodging skill's bonus before heavy armour: min((dodging x Dex + 7) / (20 - sf), dodging x (7 + sf) / 9). */
export function dodgeBonus(dodging: number, dex: number, sf: number): number {
  return Math.min(div(dodging * dex + 7, 20 - sf), div(dodging * (7 + sf), 9));
}

/** The hero's EV. */
export function evasionOf(c: CrCharacter, edition: Edition): Sum {
  const src = edition === 'source';
  const e = ssEffects(c);
  const sf = sizeFactor(c);
  const rep = repulsion(c);
  const editions: SsDivergenceId[] = [];
  if (e.paralysed || (src && e.petrified)) {
    editions.push('ss5-paralysed-ev');
    if (src) return { value: Math.max(1, 2 + sf + rep), terms: [`paralysed: 2 + size ${sf}${rep ? ` + repulsion ${rep}` : ''}, at least 1`], editions };
    return { value: 2 + 2 * sf + rep, terms: [`paralysed: 10 - 8 + size ${2 * sf}${rep ? ` + repulsion ${rep}` : ''}`], editions };
  }
  let ev = 10 + 2 * sf;
  const terms = [`10${sf ? ` ${sf > 0 ? '+' : '-'} ${Math.abs(2 * sf)} size` : ''}`];
  const D = c.skills.dodging;
  let dodge = dodgeBonus(D, c.dex, sf);
  const dodgeText = [`dodging ${D}: ${dodge}`];
  for (const w of c.gear.armour) {
    if (w.def.slot === 'body') continue;
    let pen = w.def.evPenalty;
    if (w.def.slot === 'shield' && torsoSize(c) > 3) pen += torsoSize(c) - 3;
    if (pen < 0) {
      ev += pen;
      terms.push(`${pen} ${w.def.name}`);
    }
  }
  const body = slot(c, 'body');
  if (body) {
    let P = body.def.evPenalty;
    const size = bodySize(c);
    if (src && (size < 2 || size > 4)) {
      P = Math.min(0, P - div((size - 3) * P, 4));
      editions.push('ss4-size-body-armour');
    }
    let change = P + div(c.skills.armour * c.str, 60);
    const cap = src ? div(P, 2) : Math.floor(P / 2);
    editions.push('ss3-body-penalty-cap');
    if (change > cap) change = cap;
    if (change !== 0) {
      ev += change;
      terms.push(`${change} ${body.def.name} (penalty ${P} less armour ${c.skills.armour} x Str ${c.str} / 60, up to half)`);
    }
    if (heavyBody(c, heavyRule(edition)) && P < 0) {
      const cut = div(30 * -P - 15, c.str);
      dodge -= cut;
      dodgeText.push(`- ${cut} heavy armour (15 / Str x (2 x ${-P} - 1))`);
      editions.push('ss1-heavy-armour-dodge', 'ss2-light-list');
    }
  }
  if (dodge > 0) {
    ev += dodge;
    terms.push(`+ ${dodge} (${dodgeText.join(' ')})`);
  }
  const add = (n: number, why: string): void => {
    if (n === 0) return;
    ev += n;
    terms.push(`${n > 0 ? '+' : '-'} ${Math.abs(n)} ${why}`);
  };
  if (e.forescry) add(8, 'forescry');
  if (e.stonemail) add(-2, 'stonemail');
  for (const r of c.gear.jewellery) if (r.def.effect === 'evasion') add(r.plus, 'ring of evasion');
  for (const w of c.gear.armour) if (w.ego === 'ponderousness') add(-2, `${w.def.name} of ponderousness`);
  add(rep, 'repulsion field');
  if (c.form?.id === 'statue') add(-5, 'statue form');
  if (c.effects.inWater && has(c, 'merfolk') && !c.form) add(Math.min(9, Math.max(2, div(ev, 4))), 'swimming');
  if (e.airborne && has(c, 'kenku') && !c.form) add(Math.min(9, Math.max(1, div(ev, 5))), 'flying');
  return { value: ev, terms, editions };
}

/** The racial bonus R of a worn piece, in thirtieths (0.5.2 _player_armour_racial_bonus; no Beogh in the arena). */
export function racialThirtieths(c: CrCharacter, w: { readonly race?: string }): number {
  let r = 0;
  if (w.race === 'dwarven') r += 4 + (has(c, 'dwarf') ? 4 : 0);
  if (w.race === 'elven' && has(c, 'elf')) r += 2;
  if (w.race === 'orcish' && has(c, 'hill-orc')) r += 4;
  return r;
}

/** The seed's racial factor in percent: dwarven 13 (27 for a dwarf), elven 7 on an elf, orcish 13 on an orc. */
export function racialPercent(c: CrCharacter, w: { readonly race?: string }): number {
  if (w.race === 'dwarven') return has(c, 'dwarf') ? 27 : 13;
  if (w.race === 'elven' && has(c, 'elf')) return 7;
  if (w.race === 'orcish' && has(c, 'hill-orc')) return 13;
  return 0;
}

const deformed = (c: CrCharacter): boolean => !c.form && (has(c, 'naga') || has(c, 'centaur'));

/** The hero's AC. */
export function armourClass(c: CrCharacter, edition: Edition): Sum {
  return edition === 'source' ? codeAc(c) : seedAc(c);
}

function codeAc(c: CrCharacter): Sum {
  const e = ssEffects(c);
  const terms: string[] = [];
  let ac = 0;
  const add = (hundredths: number, why: string): void => {
    if (hundredths === 0) return;
    ac += hundredths;
    terms.push(`${(hundredths / 100).toFixed(2)} ${why}`);
  };
  const arm = c.skills.armour;
  for (const w of c.gear.armour) {
    if (w.def.slot === 'shield') continue;
    const v = w.def.ac * 100;
    const R = racialThirtieths(c, w);
    let piece = div(v * (30 + 2 * arm + R), 30) + w.plus * 100;
    if (w.def.slot === 'body' && deformed(c)) piece -= div(v, 2);
    add(piece, `${w.def.name} (x (30 + 2 x armour ${arm}${R ? ` + ${R}` : ''}) / 30${w.plus ? `, ${w.plus > 0 ? '+' : ''}${w.plus}` : ''}${w.def.slot === 'body' && deformed(c) ? ', deformed body' : ''})`);
  }
  common(c, e, add, 100);
  return { value: div(ac, 100), terms: [...terms, 'summed in hundredths, truncated once'], editions: ['ss6-armour-skill-ac', 'ss7-deformed-body', 'ss17-fractional-ac'] };
}

function seedAc(c: CrCharacter): Sum {
  const e = ssEffects(c);
  const terms: string[] = [];
  let ac = 0;
  const add = (n: number, why: string): void => {
    if (n === 0) return;
    ac += n;
    terms.push(`${n} ${why}`);
  };
  const arm = c.skills.armour;
  for (const w of c.gear.armour) {
    if (w.def.slot === 'shield') continue;
    const rp = racialPercent(c, w);
    // base x (100 + 7 x skill)% x (100 + racial)% (x 1/2 deformed), rounded down.
    const num = w.def.ac * (100 + 7 * arm) * (100 + rp);
    const den = deformed(c) ? 20000 : 10000;
    const piece = Math.floor(num / den) + w.plus;
    add(piece, `${w.def.name} (x ${100 + 7 * arm}%${rp ? ` x ${100 + rp}%` : ''}${deformed(c) ? ' / 2 deformed body' : ''}${w.plus ? `, ${w.plus > 0 ? '+' : ''}${w.plus}` : ''})`);
  }
  common(c, e, add, 1);
  return { value: ac, terms, editions: ['ss6-armour-skill-ac', 'ss7-deformed-body', 'ss17-fractional-ac'] };
}

/**
 * The other sources of AC, in the unit `u` (100: the code's hundredths, each spell term
 * fractional; 1: the seed's whole numbers, each term rounded down on its own).
 */
function common(c: CrCharacter, e: ReturnType<typeof ssEffects>, add: (n: number, why: string) => void, u: number): void {
  /** k + skill / d in the unit: the code keeps 100 x skill / d; the seed rounds skill / d down. */
  const term = (k: number, skill: number, d: number): number => k * u + div(u * skill, d);
  for (const r of c.gear.jewellery) if (r.def.effect === 'protection') add(r.plus * u, 'ring of protection');
  if (c.gear.weapon?.brand === 'protection') add(5 * u, 'weapon of protection');
  const sh = shieldOf(c);
  if (sh?.ego === 'protection') add(3 * u, 'shield of protection');
  const sk = c.skills;
  const form = c.form?.id;
  if (e.ozocubu && form !== 'ice-beast') add(term(4, sk['ice-magic'], 3), `Ozocubu's Armour (4 + ice ${sk['ice-magic']} / 3)`);
  if (e.stonemail && form !== 'statue') add(term(5, sk['earth-magic'], 2), `Stonemail (5 + earth ${sk['earth-magic']} / 2)`);
  if (e.stoneskin && form !== 'statue') add(term(2, sk['earth-magic'], 5), `Stoneskin (2 + earth ${sk['earth-magic']} / 5)`);
  if (!form || form === 'lich' || form === 'blade-hands') {
    if (form === 'lich') add(term(3, sk.necromancy, 6), `necromutation (3 + necromancy ${sk.necromancy} / 6)`);
    if (has(c, 'draconian')) {
      const L = c.level;
      if (L < 8) add(2 * u, 'draconian scales');
      else if (has(c, 'grey-draconian')) add(u + div(u * (L - 4), 2), `grey draconian scales (1 + (level ${L} - 4) / 2)`);
      else add(u + div(u * L, 4), `draconian scales (1 + level ${L} / 4)`);
    }
    if (has(c, 'naga')) add(div(u * c.level, 3), `naga scales (level ${c.level} / 3)`);
    if (c.species.naturalAc) add(c.species.naturalAc * u, `${c.species.name.toLowerCase()} skin`);
  } else if (form === 'spider') add(term(2, sk['poison-magic'], 6), `spider form (2 + poison ${sk['poison-magic']} / 6)`);
  else if (form === 'ice-beast') {
    add(term(5, sk['ice-magic'] + 1, 4), `ice form (5 + (ice ${sk['ice-magic']} + 1) / 4)`);
    if (e.ozocubu) add(term(1, sk['ice-magic'], 4), `Ozocubu's Armour in ice form (1 + ice / 4)`);
  } else if (form === 'dragon') add(term(7, sk['fire-magic'], 3), `dragon form (7 + fire ${sk['fire-magic']} / 3)`);
  else if (form === 'statue') {
    add(term(17, sk['earth-magic'], 2), `statue form (17 + earth ${sk['earth-magic']} / 2)`);
    if (e.stoneskin || e.stonemail) add(term(1, sk['earth-magic'], 4), 'stone spell in statue form (1 + earth / 4)');
  }
}

// --- Shields -----------------------------------------------------------------------------------

/** How a hero blocks: the block value's law (in quarters for the seed), its kind, and its words. */
export interface BlockPlan {
  /** The shield's block value SH (code) or Block (seed); 0: no shield, never blocks. */
  readonly sh: number;
  readonly kind: 'buckler' | 'shield' | 'large-shield' | 'magic' | null;
  /** The stat in the second term. */
  readonly stat: number;
  /** The skill term's die. */
  readonly skillDie: number;
  /** The block value's law: whole points (code) or quarter points (seed). */
  readonly law: Distribution;
  /** 4 for the seed's quarters, 1 for the code. */
  readonly scale: number;
  /** Divided by 3: the attacker is unseen. */
  readonly unseen: boolean;
  readonly text: string;
}

/** The shield's stat: Dex (buckler), (Dex + Str) / 2 (shield), (Dex + 3 x Str) / 4 (large), Int / 2 (magical). */
function shieldStat(c: CrCharacter, kind: BlockPlan['kind']): number {
  switch (kind) {
    case 'buckler':
      return c.dex;
    case 'shield':
      return div(c.dex + c.str, 2);
    case 'large-shield':
      return div(3 * c.str + c.dex, 4);
    default:
      return div(c.int, 2);
  }
}

export function blockPlan(c: CrCharacter, edition: Edition, unseenAttacker: boolean): BlockPlan {
  const e = ssEffects(c);
  const s = shieldOf(c);
  const skill = c.skills.shields;
  const kind: BlockPlan['kind'] = s?.def.shield ?? (e.magicShield || e.condensation || e.divineShield > 0 ? 'magic' : null);
  if (kind === null) return { sh: 0, kind, stat: 0, skillDie: 0, law: Distribution.constant(0), scale: 1, unseen: unseenAttacker, text: 'no shield' };
  const stat = shieldStat(c, kind);
  if (edition === 'source') {
    let sh = 0;
    const parts: string[] = [];
    if (s) {
      const R = racialThirtieths(c, s);
      sh = div((s.def.block ?? 0) * (20 + skill + div(R * 2, 3)), 20) + s.plus;
      parts.push(`${s.def.name} ${s.def.block} x (20 + shields ${skill}${R ? ` + ${div(R * 2, 3)}` : ''}) / 20${s.plus ? ` ${s.plus > 0 ? '+' : ''}${s.plus}` : ''}`);
    } else {
      if (e.magicShield) {
        sh += 2 + div(c.skills.evocations, 6);
        parts.push(`magic shield 2 + evocations ${c.skills.evocations} / 6`);
      }
      if (e.condensation) {
        sh += 2 + div(c.skills['ice-magic'], 6);
        parts.push(`condensation shield 2 + ice ${c.skills['ice-magic']} / 6`);
      }
    }
    if (e.divineShield > 0) {
      sh += e.divineShield;
      parts.push(`divine shield ${e.divineShield}`);
    }
    const bump = skill < 3 ? 2 * skill : skill + 3;
    let law = r2Law(sh).plus(r2Law(stat).map((x) => div(x, 4))).plus(r2Law(bump).map((x) => div(x, 4))).map((x) => x - 1);
    if (unseenAttacker) law = law.map((x) => div(x, 3));
    const text = `SH ${sh} (${parts.join(', ')}): random2(${sh}) + random2(${stat}) / 4 + random2(${bump}) / 4 - 1${unseenAttacker ? ', / 3 unseen attacker' : ''}`;
    return { sh, kind, stat, skillDie: bump, law, scale: 1, unseen: unseenAttacker, text };
  }
  let block: number;
  let what: string;
  if (s) {
    const rp = racialPercent(c, s);
    block = Math.floor(((s.def.block ?? 0) * (100 + 5 * skill) * (100 + rp)) / 10000) + s.plus;
    what = `${s.def.name} ${s.def.block} x ${100 + 5 * skill}%${rp ? ` x ${100 + rp}%` : ''}${s.plus ? ` ${s.plus > 0 ? '+' : ''}${s.plus}` : ''}`;
  } else if (e.magicShield) {
    block = 2 + div(c.skills.evocations, 6);
    what = `magic shield 2 + evocations ${c.skills.evocations} / 6`;
  } else if (e.condensation) {
    block = 2 + div(c.skills['ice-magic'], 6);
    what = `condensation shield 2 + ice ${c.skills['ice-magic']} / 6`;
  } else {
    block = 3 + div(skill, 5);
    what = `divine shield 3 + shields ${skill} / 5`;
  }
  const Y = Math.min(2 * skill, skill + 3);
  const d = (n: number): Distribution => (n < 1 ? Distribution.constant(0) : Distribution.uniform(1, n));
  let law = d(block).map((x) => 4 * x).plus(d(stat)).plus(d(Y)).map((x) => x - 16);
  if (unseenAttacker) law = law.map((x) => div(x, 3));
  const text = `Block ${block} (${what}): 1d${block} + 1d${stat} / 4 + 1d${Y} / 4 - 4${unseenAttacker ? ', / 3 unseen attacker' : ''}`;
  return { sh: block, kind, stat, skillDie: Y, law, scale: 4, unseen: unseenAttacker, text };
}

/** The pierce roll's die n: the roll is 0..n-1 (random2(n), or 1d(n) - 1 in the seed). */
export function pierceDie(hd: number, blocks: number, edition: Edition): { n: number; text: string } {
  if (edition === 'source') {
    const n = 15 + div(hd * 2, 3) + 5 * blocks * blocks;
    return { n, text: `random2(15 + HD ${hd} x 2 / 3${blocks ? ` + 5 x ${blocks}^2` : ''})` };
  }
  const toHit = 18 + div(3 * hd, 2);
  const n = 15 + div(toHit, 2) + 5 * blocks * blocks;
  return { n, text: `1d(15 + to-hit ${toHit} / 2${blocks ? ` + 5 x ${blocks}^2` : ''}) - 1` };
}

// --- A shielded monster against the hero's attacks -------------------------------------------------

export const SECTION_BLOCK = 'stone-soup-0.5.2#blocking';

/**
 * A monster's shield as the hero's attacks meet it (mon-util.cc monsters::shield_bonus): block
 * value random2avg(shield + plus + HD x 2 / 3, 2), a third against a hero it cannot see. The seed
 * gives no monster's block value, so both editions use the code's.
 */
export interface MonsterShield extends ShieldRule {
  readonly n: number;
  readonly text: string;
  readonly unseen: boolean;
}

export function monsterShield(name: string, shieldAc: number, plus: number, hd: number, unseen: boolean, blocks: number): MonsterShield {
  const n = shieldAc + plus + div(hd * 2, 3);
  const text = `random2avg(${name} ${shieldAc}${plus ? ` ${plus > 0 ? '+' : ''}${plus}` : ''} + HD ${hd} x 2 / 3 = ${n}, 2)${unseen ? ', / 3 against an unseen hero' : ''}`;
  const s: MonsterShield = {
    name,
    section: SECTION_BLOCK,
    n,
    text,
    unseen,
    blocks,
    chance: (toHit, made, edition) => monsterBlockChance(s, toHit, made, edition),
    roll: (t, toHit, made, edition) => rollMonsterBlock(t, s, toHit, made, edition),
  };
  return s;
}

const monsterBlockLaws = new Map<string, Distribution>();

/** The law of a monster's block value. */
export function monsterBlockLaw(s: MonsterShield): Distribution {
  const key = `${s.n}/${s.unseen}`;
  let law = monsterBlockLaws.get(key);
  if (!law) {
    law = r2avgLaw(s.n, 2);
    if (s.unseen) law = law.map((x) => div(x, 3));
    monsterBlockLaws.set(key, law);
  }
  return law;
}

/**
 * The hero's pierce die against a shielded monster, from the hero's rolled to-hit: the roll is
 * 0..n-1 with n = 15 + to-hit / 2 + k x blocks^2; k is the monster's 4 in the code and the seed's 5.
 */
export function heroPierceDie(toHit: number, blocks: number, edition: Edition): number {
  return 15 + div(toHit, 2) + (edition === 'source' ? 4 : 5) * blocks * blocks;
}

/** P(block value >= random2(n)). */
export function monsterBlockGiven(law: Distribution, n: number): Fraction {
  if (n <= 1) return Fraction.ONE;
  let p = Fraction.ZERO;
  for (const [b, pb] of law.entries()) p = p.add(pb.mul(Fraction.of(Math.min(b + 1, n), n)));
  return p;
}

/** P(the monster blocks an attack of this rolled to-hit). */
export function monsterBlockChance(s: MonsterShield, toHit: number, blocks: number, edition: Edition): Fraction {
  return monsterBlockGiven(monsterBlockLaw(s), heroPierceDie(toHit, blocks, edition));
}

/** Rolls a monster's block of the hero's attack (after a hit, before damage). */
export function rollMonsterBlock(t: Tracer, s: MonsterShield, toHit: number, blocks: number, edition: Edition): boolean {
  if (t.recording) t.note(`the ${s.name}: ${s.text}`);
  let b = r2avg(t, s.n, 2, `block: random2avg(${s.n}, 2)`);
  if (s.unseen) b = div(b, 3);
  const n = heroPierceDie(toHit, blocks, edition);
  const text = `${edition === 'source' ? 'random2' : '1d'}(15 + to-hit ${toHit} / 2${blocks ? ` + ${edition === 'source' ? 4 : 5} x ${blocks}^2` : ''})${edition === 'source' ? '' : ' - 1'}`;
  const con = r2(t, n, `pierce: ${text}`);
  if (t.recording) {
    const e = ssEd('ss12-pierce', edition);
    t.edition(e.id, e.text);
  }
  return t.recording ? t.check('block value >= pierce', b, '>=', con) : b >= con;
}

/** P(the shield blocks): the block value (scaled) at least the pierce roll (scaled). */
export function heroBlockChance(plan: BlockPlan, pierce: number): Fraction {
  if (plan.sh <= 0 || plan.kind === null) return Fraction.ZERO;
  const con = r2Law(pierce).map((x) => x * plan.scale);
  return chance(plan.law.combine(con, (b, k) => (b >= k ? 1 : 0)), (v) => v === 1);
}

// --- Monster to-hit against the hero --------------------------------------------------------------

/** A monster's to-hit against the hero before any roll. */
export interface MonsterToHit {
  readonly value: number;
  readonly text: string;
  /** + 2 + random2(8) against a glowing hero (code), added before the invisibility factor. */
  readonly backlit: boolean;
  /** x 65 / 100 for a hero it cannot see (code). */
  readonly unseen: boolean;
}

export function monsterToHit(hd: number, fighter: boolean, weapon: number, confused: boolean, backlit: boolean, unseen: boolean, edition: Edition): MonsterToHit {
  if (edition === 'spoiler') {
    const v = 18 + div(3 * hd, 2);
    return { value: v, text: `18 + 1.5 x HD ${hd}`, backlit: false, unseen: false };
  }
  let v = 18 + div(hd * (fighter ? 25 : 15), 10) + weapon;
  const parts = [`18 + HD ${hd} x ${fighter ? '25' : '15'} / 10${fighter ? ' (fighter)' : ''}`];
  if (weapon) parts.push(`${weapon > 0 ? '+' : ''}${weapon} weapon`);
  if (confused) {
    v -= 5;
    parts.push('- 5 confused');
  }
  if (backlit) parts.push('+ 2 + random2(8) you glow');
  if (unseen) parts.push('x 65 / 100 cannot see you');
  return { value: v, text: parts.join(' '), backlit, unseen };
}

/**
 * Whether a monster's attack gets past the hero's EV, written once. Seed: 1d(to-hit) > EV. Code:
 * 1 in 20 decided by a coin, else random2(to-hit + 1) >= random2avg(2 x EV, 2), the to-hit raised
 * by 2 + random2(8) against a glowing hero and cut to 65% against one it cannot see. Yes is 1.
 */
export function pastEvRule(m: MonsterToHit, ev: number, edition: Edition): Rand {
  const e = ssEd('ss14-monster-to-hit', edition);
  const divergence = (t: Tracer): void => t.edition(e.id, e.text);
  if (edition === 'spoiler') {
    if (m.value <= 0) return noting(divergence, pure(0));
    return noting(divergence, check(uniform(1, m.value, `to-hit: 1d(${m.value})`), '1d(to-hit) > EV', '>', ev));
  }
  const automatic = map(random2(100, 'automatic: random2(100) < 5'), (r) => (r < 5 ? 1 : 0));
  const coin = noted(coinflip('automatic: a coin flip'), (t, h) => t.note(h ? 'an automatic hit (5%, coin)' : 'an automatic miss (5%, coin)'));
  let toHit: Rand = pure(m.value);
  if (m.backlit) toHit = map(random2(8, 'you glow: + 2 + random2(8)'), (r) => m.value + 2 + r);
  if (m.unseen) toHit = map(toHit, (x) => div(x * 65, 100));
  const dodge = random2avg(2 * ev, 2, `dodge: random2avg(2 x EV ${ev}, 2)`);
  const contest = andThen(toHit, (T) => compare(random2(T + 1, `to-hit: random2(${T} + 1)`), dodge, 'to-hit roll >= dodge', '>='));
  return noting(divergence, when(automatic, coin, contest));
}

/** P(a monster's attack gets past EV). */
export const monsterHitChance = (m: MonsterToHit, ev: number, edition: Edition): Fraction => chanceOf(pastEvRule(m, ev, edition));

/** The AC roll's law against damage `dmg` of an attack with maximum `max`: seed 1d(AC); code random2(AC + 1) with heavy armour's minimum. */
export function acReductionLaw(ac: number, heavyPerc: number | null, max: number, edition: Edition): Distribution {
  if (ac <= 0) return Distribution.constant(0);
  if (edition === 'spoiler') return Distribution.uniform(1, ac);
  const red = r2Law(ac + 1);
  if (heavyPerc === null) return red;
  const mn = Math.min(1 + div(max * heavyPerc, 100), div(ac, 2));
  return red.map((r) => Math.max(r, mn));
}

/** perc for heavy armour's minimum AC reduction: 2 x (armour skill + the body armour's AC) up to 50; null for light or none. */
export function heavyPercOf(c: CrCharacter): number | null {
  const b = slot(c, 'body');
  if (!b || lightInCode(b)) return null;
  return Math.min(50, 2 * (c.skills.armour + b.def.ac));
}
