import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import { auxMean, planAux } from './aux.js';
import { weaponName } from './catalogue.js';
import { type CrCharacter, actionTime, armed, armourClass, burden, evasion, lightBody, seesInvisible, shieldClass, slot, stealth, strWeight } from './character.js';
import { type CrTarget, brandMean, damageLaw, hitChanceFrom, latents, planMain, stabCategory, stabRollChance, toHitLaw, weaponSpeed, attackTime } from './melee.js';
import { type Defender, blockChance, monsterDamageLaw, monsterHitChance, planMonster } from './monster-melee.js';
import type { CrMonster, CrWeapon } from './types.js';

/**
 * The Crawl calculator: a character's derived numbers and its exact odds against a monster, and
 * the monster's against it, without rolling anything. `arena calc crawl-4.0b20` prints this.
 */

export interface Odds {
  readonly fraction: string;
  readonly percent: number;
}
export interface Spread {
  readonly min: number;
  readonly mean: number;
  readonly max: number;
}

const odds = (f: Fraction): Odds => ({ fraction: f.toString(), percent: Math.round(f.toNumber() * 1e6) / 1e4 });

export interface CrCalcReport {
  readonly ruleset: 'crawl-4.0b20';
  readonly edition: Edition;
  readonly attacker: {
    readonly name: string;
    readonly species: string;
    readonly level: number;
    readonly statSystem: string;
    readonly str: number;
    readonly dex: number;
    readonly form: string | null;
    readonly weapon: string;
    readonly strWeight: number | null;
    readonly accuracyStat: number;
    readonly damageStat: number;
    readonly ev: number;
    readonly ac: number;
    readonly sh: number;
    readonly stealth: number;
    readonly burden: string;
  };
  readonly defender: { readonly name: string; readonly ev: number; readonly ac: number; readonly hd: number; readonly state: string };
  readonly melee: {
    readonly hit: Odds;
    readonly heavyArmour: Spread;
    readonly secondAttackGate: Odds;
    readonly handAndAHalf: Odds;
    readonly stab: Odds;
    readonly damagePerHit: Spread;
    readonly brand: string | null;
    readonly expectedPerAttack: number;
    readonly expectedSecondAttacks: number;
    readonly timePerAttack: number;
    readonly expectedPerTenTime: number;
  };
  readonly monster: {
    readonly toHit: number;
    readonly attacks: readonly number[];
    readonly weapon: string | null;
    readonly block: Odds;
    readonly hit: Odds;
    readonly damagePerAttack: readonly Spread[];
    readonly expectedPerTurn: number;
  };
}

const spread = (d: { min: number; max: number; mean(): Fraction }): Spread => ({ min: d.min, mean: Math.round(d.mean().toNumber() * 1000) / 1000, max: d.max });

export function calculateCrawl(c: CrCharacter, name: string, monster: CrMonster, monsterWeapon: CrWeapon | null, target: CrTarget, edition: Edition): CrCalcReport {
  const plan = planMain(c, target, edition);
  const aux = planAux(c, target, edition);
  let hit = Fraction.ZERO;
  let gate = Fraction.ZERO;
  let hh = Fraction.ZERO;
  let expected = Fraction.ZERO;
  let secondary = Fraction.ZERO;
  let time = Fraction.ZERO;
  const stab = stabCategory(plan);
  const stabP = stab.b === 0 ? Fraction.ZERO : stab.roll ? stabRollChance(plan) : Fraction.ONE;
  const ls = latents(plan);
  const heavy = new Map<number, Fraction>();
  for (const l of ls) {
    heavy.set(l.heavy, (heavy.get(l.heavy) ?? Fraction.ZERO).add(l.p));
    const ph = hitChanceFrom(plan, toHitLaw(plan, l.heavy, l.hh));
    hit = hit.add(l.p.mul(ph));
    if (l.gate) gate = gate.add(l.p);
    if (l.hh) hh = hh.add(l.p);
    for (const [b, pb] of [
      [stab.b, stabP],
      [0, stabP.complement()],
    ] as const) {
      if (pb.num === 0n) continue;
      const dl = damageLaw(plan, l.hh, b);
      expected = expected.add(l.p.mul(ph).mul(pb).mul(dl.mean()));
      if (plan.brand) expected = expected.add(l.p.mul(ph).mul(pb).mul(brandMean(plan.brand, dl)));
    }
    const am = auxMean(aux, l.gate);
    secondary = secondary.add(l.p.mul(am));
    time = time.add(l.p.mul(Fraction.of(attackTime(c, actionTime(c), weaponSpeed(c, l.hh, l.fast).ws))));
  }
  const total = expected.add(secondary);
  const dmg = damageLaw(plan, false, 0);
  const heavyMean = [...heavy].reduce((n, [h, p]) => n.add(p.mul(Fraction.of(h))), Fraction.ZERO);
  const w = armed(c);

  const body = slot(c, 'body');
  const def: Defender = {
    ev: evasion(c),
    dex: c.dex,
    sh: shieldClass(c),
    ac: armourClass(c),
    heavyPerc: !lightBody(c) && body ? Math.min(50, 2 * (c.skills.armour + body.def.ac)) : null,
    seesAttacker: !monster.flags.includes('invisible') || seesInvisible(c),
    paralysed: false,
    blocks: 0,
    resist: { fire: 0, cold: 0, poison: false },
    undead: false,
  };
  const mp = planMonster(monster.hd, monster.attacks, monsterWeapon ? { def: monsterWeapon, plus: 0, plus2: 0, orcish: monster.flags.includes('orc') } : null, false);
  const pBlock = blockChance(mp.hd, def);
  const pHit = monsterHitChance(mp.toHit, def);
  let mExp = Fraction.ZERO;
  const perAttack = mp.attacks.map((m) => {
    const law = monsterDamageLaw(mp, m, def);
    mExp = mExp.add(pBlock.complement().mul(pHit).mul(law.mean()));
    return spread(law);
  });

  return {
    ruleset: 'crawl-4.0b20',
    edition,
    attacker: {
      name,
      species: c.species.name,
      level: c.level,
      statSystem: c.statSystem,
      str: c.str,
      dex: c.dex,
      form: c.form?.name ?? null,
      weapon: w ? weaponName(w) : c.form ? `${c.form.name} form` : 'bare hands',
      strWeight: c.statSystem === 'new' ? strWeight(c, edition) : null,
      accuracyStat: plan.hitStat,
      damageStat: plan.damStat,
      ev: def.ev,
      ac: def.ac,
      sh: def.sh,
      stealth: stealth(c),
      burden: ['unencumbered', 'encumbered', 'overloaded'][burden(c).state] as string,
    },
    defender: { name: monster.name, ev: target.ev, ac: target.ac, hd: target.hd, state: target.state },
    melee: {
      hit: odds(hit),
      heavyArmour: { min: Math.min(...heavy.keys()), mean: Math.round(heavyMean.toNumber() * 1000) / 1000, max: Math.max(...heavy.keys()) },
      secondAttackGate: odds(gate),
      handAndAHalf: odds(hh),
      stab: odds(stabP),
      damagePerHit: spread(dmg),
      brand: plan.brand?.brand ?? null,
      expectedPerAttack: Math.round(total.toNumber() * 1000) / 1000,
      expectedSecondAttacks: Math.round(secondary.toNumber() * 1000) / 1000,
      timePerAttack: Math.round(time.toNumber() * 1000) / 1000,
      expectedPerTenTime: Math.round(total.mul(Fraction.of(10)).div(time).toNumber() * 1000) / 1000,
    },
    monster: {
      toHit: mp.toHit,
      attacks: mp.attacks,
      weapon: monsterWeapon?.name ?? null,
      block: odds(pBlock),
      hit: odds(pBlock.complement().mul(pHit)),
      damagePerAttack: perAttack,
      expectedPerTurn: Math.round(mExp.toNumber() * 1000) / 1000,
    },
  };
}

export function formatCrawlReport(r: CrCalcReport): string {
  const a = r.attacker;
  const m = r.melee;
  const pct = (o: Odds) => `${o.percent.toFixed(2)}% (${o.fraction})`;
  const sp = (s: Spread) => `${s.min}-${s.max}, mean ${s.mean}`;
  return [
    `${a.name}: ${a.species} level ${a.level}, ${a.statSystem} stat system, ${r.edition} edition`,
    `  Str ${a.str}  Dex ${a.dex}${a.form ? `  form: ${a.form}` : ''}  ${a.burden}`,
    `  weapon: ${a.weapon}${a.strWeight !== null ? ` (strength weight ${a.strWeight})` : ''}`,
    `  accuracy stat ${a.accuracyStat}, damage stat ${a.damageStat}`,
    `  EV ${a.ev}  AC ${a.ac}  SH ${a.sh}  stealth ${a.stealth}`,
    ``,
    `against the ${r.defender.name} (EV ${r.defender.ev}, AC ${r.defender.ac}, HD ${r.defender.hd}, ${r.defender.state}):`,
    `  heavy armour      ${sp(m.heavyArmour)}`,
    `  second attacks    ${pct(m.secondAttackGate)} of attacks pass the gate`,
    `  hand-and-a-half   ${pct(m.handAndAHalf)}`,
    `  stab              ${pct(m.stab)}`,
    `  hit               ${pct(m.hit)}`,
    `  damage per hit    ${sp(m.damagePerHit)} without a stab${m.brand ? ` (+ ${m.brand})` : ''}`,
    `  per attack        ${m.expectedPerAttack} expected (second attacks ${m.expectedSecondAttacks}), time ${m.timePerAttack}`,
    `  per 10 time       ${m.expectedPerTenTime}`,
    ``,
    `the ${r.defender.name} against ${a.name}:`,
    `  to-hit ${r.monster.toHit}, attacks ${r.monster.attacks.join('/')}${r.monster.weapon ? ` with a ${r.monster.weapon}` : ''}`,
    `  blocked           ${pct(r.monster.block)}`,
    `  hit               ${pct(r.monster.hit)} per attack`,
    `  damage            ${r.monster.damagePerAttack.map(sp).join('; ')}`,
    `  per turn          ${r.monster.expectedPerTurn} expected`,
    '',
  ].join('\n');
}
