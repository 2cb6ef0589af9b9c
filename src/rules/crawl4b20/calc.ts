import type { Edition } from '../edition.js';
import { type Odds, type Spread, odds, rounded, spread } from '../calc-report.js';
import { Fraction } from '../../core/fraction.js';
import { weaponName } from '../crawl-family/catalogue.js';
import { type CrCharacter, armed, armourClass, burden, evasion, lightBody, seesInvisible, shieldClass, slot, stealth, strWeight } from '../crawl-family/character.js';
import type { CrTarget } from '../crawl-family/melee.js';
import { B20_MELEE } from './melee.js';
import { planMonster } from '../crawl-family/monster-melee.js';
import { type Defender, blockChance, monsterDamageLaw, monsterHitChance } from './monster-melee.js';
import { AttackLaws } from '../crawl-family/summary.js';
import type { CrMonster, CrWeapon } from '../crawl-family/types.js';

/**
 * The Crawl calculator: a character's derived numbers and its exact odds against a monster, and
 * the monster's against it, without rolling anything. `arena calc crawl-4.0b20` prints this.
 */

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
    /** The damage of a hit, stabs mixed in by their chance. */
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

export function calculateCrawl(c: CrCharacter, name: string, monster: CrMonster, monsterWeapon: CrWeapon | null, target: CrTarget, edition: Edition): CrCalcReport {
  const laws = new AttackLaws(c, target, edition, B20_MELEE);
  const { plan } = laws;
  const s = laws.summary();
  let heavyMean = Fraction.ZERO;
  for (const [h, p] of s.heavy) heavyMean = heavyMean.add(p.mul(Fraction.of(h)));
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
  const pHit = pBlock.complement().mul(monsterHitChance(mp.toHit, def));
  let mExp = Fraction.ZERO;
  const perAttack = mp.attacks.map((m) => {
    const law = monsterDamageLaw(mp, m, def);
    mExp = mExp.add(pHit.mul(law.mean()));
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
      hit: odds(s.hit),
      heavyArmour: { min: Math.min(...s.heavy.keys()), mean: rounded(heavyMean), max: Math.max(...s.heavy.keys()) },
      secondAttackGate: odds(s.gate),
      handAndAHalf: odds(s.hh),
      stab: odds(s.stab),
      damagePerHit: spread(s.damage),
      brand: plan.brand?.brand ?? null,
      expectedPerAttack: rounded(s.expected),
      expectedSecondAttacks: rounded(s.second),
      timePerAttack: rounded(s.time),
      expectedPerTenTime: rounded(s.expected.mul(Fraction.of(10)).div(s.time)),
    },
    monster: {
      toHit: mp.toHit,
      attacks: mp.attacks,
      weapon: monsterWeapon?.name ?? null,
      block: odds(pBlock),
      hit: odds(pHit),
      damagePerAttack: perAttack,
      expectedPerTurn: rounded(mExp),
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
    `  damage per hit    ${sp(m.damagePerHit)}${m.brand ? ` (+ ${m.brand})` : ''}`,
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
