import type { Fraction } from '../../core/fraction.js';
import { CrCatalogue } from '../crawl-family/catalogue.js';
import type { CrCharacter } from '../crawl-family/character.js';
import type { CrTarget, StabTarget } from '../crawl-family/melee.js';
import { planMonster } from '../crawl-family/monster-melee.js';
import { AttackLaws } from '../crawl-family/summary.js';
import type { CrMonster } from '../crawl-family/types.js';
import type { Edition } from '../edition.js';
import { armourClass, blockPlan, evasionOf, heavyPercOf, monsterHitChance, monsterToHit } from './defence.js';
import { ssBlockChance, ssDamageLaw, ssLandChance } from './monster-melee.js';
import { SS_MELEE } from './melee.js';
import { awarenessOf, describeStealth, noticeChance, stealthOf } from './stealth.js';
import { ssEffectsFrom } from '../crawl-family/states.js';
import { CalcInputError, type Calculator } from '../calc-input.js';
import type { RulesetTables } from '../registry.js';

/**
 * `arena calc stone-soup-0.5.2 --attacker HERO --defender MONSTER`: the hero's stealth and its
 * words, the monster's chance a turn to notice it, EV, AC, the block value's distribution, and
 * the stab's chance and damage against the monster in each state the seed names, all exact.
 */

const pct = (f: Fraction): string => f.percent(2);

export interface SsCalcReport {
  readonly ruleset: 'stone-soup-0.5.2';
  readonly edition: Edition;
  readonly hero: string;
  readonly monster: string;
  readonly stealth: { value: number; description: string; terms: readonly string[] };
  readonly noticing: { state: string; awareness: number; terms: readonly string[]; perTurn: string }[];
  readonly ev: { value: number; terms: readonly string[] };
  readonly ac: { value: number; terms: readonly string[] };
  readonly block: { text: string; values: { value: number; p: string }[]; mean: number; vsMonster: string };
  readonly monsterAttack: { toHit: number; text: string; pastEv: string; lands: string; meanDamagePerAttack: number };
  readonly stabs: { state: string; stabChance: string; hitChance: string; damageMean: number; stabDamageMean: number | null; expected: number }[];
}

const CALM: StabTarget = {
  sleeping: false, paralysed: false, petrified: false, petrifying: false, netted: false, fleeing: false, confused: false,
  wandering: false, foeIsHero: true, batty: false, heroInvisible: false, seesInvisible: false, sensesInvisible: false,
};

const STATES: readonly [string, Partial<StabTarget>][] = [
  ['alert', {}],
  ['asleep', { sleeping: true, foeIsHero: false }],
  ['wandering', { wandering: true, foeIsHero: false }],
  ['fleeing', { fleeing: true }],
  ['confused', { confused: true }],
  ['you invisible', { heroInvisible: true }],
  ['paralysed', { paralysed: true }],
  ['petrified', { petrified: true }],
  ['netted', { netted: true }],
];

export function stoneSoupCalcReport(content: Pick<RulesetTables, 'stoneSoup'>, o: { attacker: string; defender: string; edition: Edition }): SsCalcReport {
  const cat = new CrCatalogue(content.stoneSoup);
  const h = cat.heroes.get(o.attacker);
  if (!h) throw new CalcInputError(`--attacker: unknown hero "${o.attacker}"; choose one of: ${[...cat.heroes.keys()].join(', ')}`);
  const m: CrMonster | undefined = cat.monsters.get(o.defender);
  if (!m) throw new CalcInputError(`--defender: unknown monster "${o.defender}"; choose one of: ${[...cat.monsters.keys()].join(', ')}`);
  const ed = o.edition;
  // What a duel starts with: the preset's spells running, nothing else.
  const ss = ssEffectsFrom((k) => (h.spells[k as keyof typeof h.spells] ?? 0) > 0, h.skills.shields ?? 0, h.blood ?? 'satiated');
  const pack = h.pack.reduce((n, s) => n + (cat.potions.get(s.item)?.mass ?? 0) * (s.quantity ?? 1), 0);
  const c: CrCharacter = cat.character(cat.sheetOf(h, 'new'), h.form ?? null, { might: 0, invisible: 0, confusingTouch: h.spells['confusing-touch'] ?? 0, sureBlade: h.spells['sure-blade'] ?? 0, hunger: h.hunger, inWater: false, ss }, pack);
  const st = stealthOf(c, ed);
  const noticing = (['sleeping', 'wandering'] as const).map((state) => {
    const a = awarenessOf({ name: m.name, intelligence: m.intelligence, hd: m.hd, holiness: m.holiness, sensesInvisible: m.flags.includes('senses-invisible'), seesInvisible: m.flags.includes('sees-invisible'), state, hibernating: false, foeIsHero: false }, { invisible: false, backlit: ss.backlit, inWater: false }, ed);
    return { state, awareness: a.value, terms: a.terms, perTurn: pct(noticeChance(a.value, st.value, ed, ss.berserk)) };
  });
  const ev = evasionOf(c, ed);
  const ac = armourClass(c, ed);
  const bp = blockPlan(c, ed, false);
  const weapon = m.weapons.length ? [...m.weapons].sort((x, y) => y.weight - x.weight)[0] : undefined;
  const wdef = weapon?.weapon ? cat.weapons.get(weapon.weapon) : undefined;
  const plan = planMonster(m.hd, m.attacks, wdef ? { def: wdef, plus: weapon?.plus ?? 0, plus2: weapon?.plus2 ?? 0, orcish: m.flags.includes('orc') } : null, false);
  const mh = monsterToHit(m.hd, m.flags.includes('fighter'), wdef ? (weapon?.plus ?? 0) + wdef.accuracy : 0, false, ss.backlit, false, ed);
  const d = { ev: ev.value, ac: ac.value, heavyPerc: heavyPercOf(c), block: bp, blocks: 0, helpless: false };
  const land = ssLandChance(plan, mh, d, ed);
  const first = plan.attacks[0] ?? 1;
  const block = {
    text: bp.text,
    values: bp.law.entries().map(([v, p]) => ({ value: v / bp.scale, p: pct(p) })),
    mean: bp.law.mean().toNumber() / bp.scale,
    vsMonster: pct(ssBlockChance(m.hd, d, ed)),
  };
  const stabs = STATES.map(([state, over]) => {
    const tgt: CrTarget = {
      name: m.name, ev: m.ev, ac: m.ac, hd: m.hd, holiness: m.holiness, resists: m.resists, vulnerable: m.vulnerable, flies: m.flags.includes('flies'),
      waterCreature: m.flags.includes('water'), inWater: false, orc: m.flags.includes('orc'), visible: true, state: 'alert', lowEnergy: false, noExp: m.flags.includes('no-exp'),
      ss: { ...CALM, ...over, seesInvisible: m.flags.includes('sees-invisible'), sensesInvisible: m.flags.includes('senses-invisible'), batty: m.flags.includes('batty') },
    };
    const laws = new AttackLaws(c, tgt, ed, SS_MELEE);
    const sum = laws.summary();
    return {
      state,
      stabChance: pct(sum.stab),
      hitChance: pct(sum.hit),
      damageMean: Number(sum.damage.mean().toNumber().toFixed(3)),
      stabDamageMean: sum.stabCategory ? Number(laws.damage(false, sum.stabCategory).mean().toNumber().toFixed(3)) : null,
      expected: Number(sum.expected.toNumber().toFixed(3)),
    };
  });
  return {
    ruleset: 'stone-soup-0.5.2',
    edition: ed,
    hero: h.name,
    monster: m.name,
    stealth: { value: st.value, description: describeStealth(st.value), terms: st.terms },
    noticing,
    ev: { value: ev.value, terms: ev.terms },
    ac: { value: ac.value, terms: ac.terms },
    block,
    monsterAttack: { toHit: mh.value, text: mh.text, pastEv: pct(monsterHitChance(mh, d.ev, ed)), lands: pct(land), meanDamagePerAttack: Number(ssDamageLaw(plan, first, d, ed).mean().toNumber().toFixed(3)) },
    stabs,
  };
}

export function formatStoneSoupReport(r: SsCalcReport): string {
  const lines: string[] = [];
  lines.push(`${r.hero} against the ${r.monster} (stone-soup-0.5.2, ${r.edition})`, '');
  lines.push(`Stealth ${r.stealth.value}: ${r.stealth.description}`, `  ${r.stealth.terms.join(' ')}`);
  for (const n of r.noticing) lines.push(`  ${n.state}: awareness ${n.awareness} (${n.terms.join(' ')}): noticed ${n.perTurn} a turn`);
  lines.push('', `EV ${r.ev.value}: ${r.ev.terms.join(', ')}`, `AC ${r.ac.value}: ${r.ac.terms.join(', ')}`);
  lines.push(`Block: ${r.block.text}; mean ${r.block.mean.toFixed(3)}; blocks the ${r.monster} ${r.block.vsMonster}`);
  lines.push(`  values: ${r.block.values.map((v) => `${v.value}: ${v.p}`).join(', ')}`);
  lines.push('', `The ${r.monster}: to-hit ${r.monsterAttack.toHit} (${r.monsterAttack.text}); past EV ${r.monsterAttack.pastEv}; lands ${r.monsterAttack.lands}; ${r.monsterAttack.meanDamagePerAttack} damage on average when it lands`);
  lines.push('', 'Your attack by the monster\'s state:', '  state          stab     hit      damage  stab dmg  per attack');
  for (const s of r.stabs) lines.push(`  ${s.state.padEnd(14)} ${s.stabChance.padStart(7)}  ${s.hitChance.padStart(7)}  ${s.damageMean.toFixed(2).padStart(6)}  ${(s.stabDamageMean === null ? '-' : s.stabDamageMean.toFixed(2)).padStart(8)}  ${s.expected.toFixed(2).padStart(10)}`);
  return `${lines.join('\n')}\n`;
}

/** Stone Soup 0.5.2's calculator: stealth, noticing, stabs and the monster's attacks against the hero's defences. */
export const STONE_SOUP_CALCULATOR: Calculator = {
  usesRange: false,
  text(tables, request, json) {
    const r = stoneSoupCalcReport(tables, request);
    return json ? `${JSON.stringify(r, null, 2)}\n` : formatStoneSoupReport(r);
  },
};
