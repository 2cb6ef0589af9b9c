import type { Fraction } from '../../core/fraction.js';
import type { Ratio } from '../../core/ratio.js';
import { stackKey, type ItemStack } from '../../world/components.js';
import { PREVIEW_TRACER } from '../common.js';
import { type Odds, type Spread, odds, spread } from '../calc-report.js';
import type { Edition } from '../edition.js';

export type { Odds, Spread };
import { type MissilePlan, type Target, blowOdds, missileOdds, planMelee, planShot, planThrow, roundLaw } from './attacks.js';
import type { AngCatalogue } from './catalogue.js';
import {
  type AngCharacter,
  type Derived,
  baseMeleeSkill,
  baseMissileSkill,
  blowsPerRound,
  currentStats,
  describeParts,
  gearName,
  meleeBonus,
  missileBonus,
  overallSkill,
  sharedToDam,
  sharedToHit,
  shooting,
  throwRange,
  weaponToDam,
} from './sheet.js';
import { armourClass, seesInvisible } from './defence.js';
import { type CritKind, type CritPlan, criticalOdds } from './criticals.js';
import { breakageChance } from './items.js';
import { formatStat } from './stats.js';
import type { AngMonsterFlag } from './types.js';

/**
 * The calculator: a character's derived numbers and its exact odds against a target, without
 * rolling anything. `arena calc` prints this as a table or as JSON (docs/CLI.md).
 */

export interface CalcDefender {
  readonly name: string;
  readonly ac: number;
  readonly flags: readonly AngMonsterFlag[];
}

export interface CalcRequest {
  readonly character: AngCharacter;
  /** Quiver and pack: what can be fired or thrown. */
  readonly pack: readonly ItemStack[];
  readonly name: string;
  readonly defender: CalcDefender;
  readonly distance: number;
  /** 'auto': unseen only when the target is invisible and the attacker cannot see it. */
  readonly visibility: 'auto' | 'seen' | 'unseen';
  readonly edition: Edition;
}

export interface CritReport {
  /** The chance P in 5000 that a hit is critical. */
  readonly power: number;
  readonly chance: Odds;
  /** Each kind's chance, given a hit. */
  readonly kinds: Readonly<Partial<Record<CritKind, Odds>>>;
}

export interface MissileReport {
  readonly kind: 'fire' | 'throw';
  readonly item: string;
  /** K at this distance, before halving for an unseen target. */
  readonly skill: number;
  readonly hit: Odds;
  readonly critical: CritReport;
  readonly damage: Spread;
  readonly slay: string | null;
  readonly multiplier: number;
  /** Shots (or throws) per normal-speed turn, and the expected damage in that time. */
  readonly perTurn: number;
  readonly expectedPerTurn: number;
  readonly range: number;
  readonly breakage: { readonly onHit: Odds; readonly onMiss: Odds };
}

export interface CalcReport {
  readonly ruleset: 'angband-3.0.5';
  readonly edition: Edition;
  readonly attacker: {
    readonly name: string;
    readonly title: string;
    readonly stats: Readonly<Record<'str' | 'dex' | 'con' | 'wis', string>>;
    readonly effects: readonly string[];
    readonly armourClass: number;
    readonly blows: { readonly blows: number; readonly asb: number; readonly swi: number | null; readonly dexRow: number | null; readonly natural: number; readonly extra: number; readonly heavy: boolean };
    readonly melee: { readonly weapon: string; readonly baseSkill: number; readonly bonus: number; readonly skill: number; readonly bonusParts: string; readonly toDam: number; readonly toDamParts: string };
    readonly shooting: { readonly launcher: string; readonly shots: number; readonly multiplier: number; readonly energyPerShot: number; readonly range: number; readonly baseSkill: number; readonly bonus: number; readonly skill: number } | null;
    readonly throwing: { readonly baseSkill: number; readonly bonus: number; readonly skill: number };
  };
  readonly defender: { readonly name: string; readonly ac: number; readonly flags: readonly string[]; readonly visible: boolean; readonly distance: number };
  readonly melee: {
    readonly hit: Odds;
    readonly critical: CritReport | null;
    readonly perBlow: Spread;
    readonly perRound: Spread;
    readonly slay: string | null;
  };
  readonly missiles: readonly MissileReport[];
}

const num = (r: Ratio): number => r.num / r.den;

function critReport(plan: { readonly crit: CritPlan | null }): CritReport | null {
  if (!plan.crit) return null;
  const o = criticalOdds(plan.crit);
  const none = o.get(null);
  const chance = none ? none.complement() : undefined;
  const kinds: Partial<Record<CritKind, Odds>> = {};
  for (const [k, f] of o) if (k !== null && chance && chance.num !== 0n) kinds[k] = odds(f.div(chance));
  return { power: num(plan.crit.power), chance: odds(chance ?? (o.get(null) as Fraction).complement()), kinds };
}

export function calculate(cat: AngCatalogue, req: CalcRequest): CalcReport {
  const c = req.character;
  const e = req.edition;
  const invisible = req.defender.flags.includes('invisible');
  const infra = !req.defender.flags.includes('cold-blood') && c.race.infravision >= req.distance;
  const visible = req.visibility === 'auto' ? !invisible || seesInvisible(c) || infra : req.visibility === 'seen';
  const target: Target = { ac: req.defender.ac, flags: req.defender.flags, visible };

  const stats = currentStats(c);
  const blows = blowsPerRound(c, e);
  const mBase = baseMeleeSkill(c, e);
  const mBonus = meleeBonus(c, e);
  const toDam = sharedToDam(c);
  const shoot = shooting(c, e);
  const sBase = baseMissileSkill(c, e);
  const sBonus = missileBonus(c, e);
  const tBonus: Derived = e === 'source' ? sharedToHit(c, e) : sBonus;

  const melee = planMelee(PREVIEW_TRACER, c, target, e);
  const mo = blowOdds(melee);
  const round = roundLaw(melee);

  const missiles: MissileReport[] = [];
  const seen = new Set<string>();
  for (const st of req.pack) {
    const key = stackKey(st);
    if (seen.has(key)) continue;
    seen.add(key);
    const d = cat.item(st.item);
    let plan: MissilePlan | null = null;
    let perTurn = 1;
    let range = 0;
    if (d.kind === 'ammo' && c.bow && shoot && d.def.ammo === c.bow.def.ammo) {
      plan = planShot(PREVIEW_TRACER, c, cat.gear(st, d.def), target, req.distance, e);
      perTurn = 100 / num(shoot.energy);
      range = shoot.range;
    } else {
      const thrown = cat.thrown(st);
      if (thrown) {
        plan = planThrow(PREVIEW_TRACER, c, thrown, target, req.distance, e);
        range = throwRange(c, thrown.weight);
      }
    }
    if (!plan) continue;
    const o = missileOdds(plan);
    const perShot = o.hit.mul(o.damage.mean());
    const crit = critReport(plan.damage) as CritReport;
    missiles.push({
      kind: plan.kind,
      item: cat.nameOf(key),
      skill: num(plan.skill),
      hit: odds(o.hit),
      critical: crit,
      damage: spread(o.damage),
      slay: plan.damage.slayName ? `${plan.damage.slayName} x${plan.damage.slay}` : null,
      multiplier: plan.damage.launcher,
      perTurn: Number(perTurn.toFixed(4)),
      expectedPerTurn: Number((perShot.toNumber() * perTurn).toFixed(4)),
      range,
      breakage: {
        onHit: odds(breakageChance(plan.breakage, { reachedMonster: true, hitMonster: true, struckWall: false, distance: req.distance }, e)),
        onMiss: odds(breakageChance(plan.breakage, { reachedMonster: true, hitMonster: false, struckWall: false, distance: req.distance }, e)),
      },
    });
  }

  const fx = c.effects;
  return {
    ruleset: 'angband-3.0.5',
    edition: e,
    attacker: {
      name: req.name,
      title: `${c.race.name} ${c.cls.name} ${c.level}`,
      stats: { str: formatStat(stats.str), dex: formatStat(stats.dex), con: formatStat(stats.con), wis: formatStat(stats.wis) },
      effects: [...(fx.blessed ? ['blessed'] : []), ...(fx.hero ? ['heroism'] : []), ...(fx.berserk ? ['berserk strength'] : []), ...(fx.stun > 0 ? [`stun ${fx.stun}`] : []), ...(fx.afraid ? ['afraid'] : [])],
      armourClass: num(armourClass(c).total),
      blows: { blows: blows.blows, asb: blows.asb, swi: blows.swi, dexRow: blows.dexRow, natural: blows.natural, extra: blows.extra, heavy: blows.heavy },
      melee: {
        weapon: c.weapon ? gearName(c.weapon) : 'bare hands',
        baseSkill: num(mBase.total),
        bonus: num(mBonus.total),
        skill: num(overallSkill(mBase, mBonus)),
        bonusParts: describeParts(mBonus),
        toDam: weaponToDam(c.weapon) + num(toDam.total),
        toDamParts: describeParts(toDam),
      },
      shooting:
        c.bow && shoot
          ? { launcher: gearName(c.bow), shots: shoot.shots, multiplier: shoot.multiplier, energyPerShot: Number(num(shoot.energy).toFixed(4)), range: shoot.range, baseSkill: num(sBase.total), bonus: num(sBonus.total), skill: num(overallSkill(sBase, sBonus)) }
          : null,
      throwing: { baseSkill: num(sBase.total), bonus: num(tBonus.total), skill: num(overallSkill(sBase, tBonus)) },
    },
    defender: { name: req.defender.name, ac: req.defender.ac, flags: [...req.defender.flags], visible, distance: req.distance },
    melee: {
      hit: odds(mo.hit),
      critical: critReport(melee.damage),
      perBlow: spread(mo.damage),
      perRound: spread(round),
      slay: melee.damage.slayName ? `${melee.damage.slayName} x${melee.damage.slay}` : null,
    },
    missiles,
  };
}

/** The report as a tidy, aligned table for a terminal. */
export function formatReport(r: CalcReport): string {
  const out: string[] = [];
  const pct = (o: Odds) => `${o.percent.toFixed(2)}%`;
  const sp = (s: Spread) => `${s.min} / ${s.mean.toFixed(2)} / ${s.max}`;
  const table = (rows: readonly (readonly [string, string])[]) => {
    const w = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) out.push(`  ${k.padEnd(w)}  ${v}`);
  };
  const a = r.attacker;
  out.push(`Angband 3.0.5 calculator, ${r.edition} edition`);
  out.push('');
  out.push(`Attacker: ${a.name} (${a.title})`);
  table([
    ['stats', `STR ${a.stats.str}  DEX ${a.stats.dex}  CON ${a.stats.con}  WIS ${a.stats.wis}`],
    ['effects', a.effects.length ? a.effects.join(', ') : 'none'],
    ['armour class', String(a.armourClass)],
    ['weapon', a.melee.weapon],
    ['blows', a.blows.swi === null ? `${a.blows.blows} (bare hands)` : `${a.blows.blows}  (ASB ${a.blows.asb}, SWI ${a.blows.swi}, DEX row ${a.blows.dexRow}; table ${a.blows.natural}${a.blows.extra ? ` + ${a.blows.extra} extra` : ''}${a.blows.heavy ? '; too heavy' : ''})`],
    ['melee skill', `${fmt(a.melee.skill)} = base ${fmt(a.melee.baseSkill)} + 3 x bonus ${fmt(a.melee.bonus)}`],
    ['  bonus', a.melee.bonusParts],
    ['to-dam per blow', `${fmt(a.melee.toDam)}  (weapon and ${a.melee.toDamParts})`],
    ...(a.shooting
      ? ([
          ['launcher', `${a.shooting.launcher}: x${a.shooting.multiplier}, ${a.shooting.shots} shot${a.shooting.shots === 1 ? '' : 's'}, ${fmt(a.shooting.energyPerShot)} energy per shot, range ${a.shooting.range}`],
          ['missile skill', `${fmt(a.shooting.skill)} = base ${fmt(a.shooting.baseSkill)} + 3 x bonus ${fmt(a.shooting.bonus)} (before ammunition and distance)`],
        ] as const)
      : ([['launcher', 'none']] as const)),
    ['throwing skill', `${fmt(a.throwing.skill)} = base ${fmt(a.throwing.baseSkill)} + 3 x bonus ${fmt(a.throwing.bonus)}`],
  ]);
  out.push('');
  const d = r.defender;
  out.push(`Defender: ${d.name}, AC ${d.ac}${d.flags.length ? ` (${d.flags.join(', ')})` : ''}; ${d.visible ? 'seen' : 'unseen: skill halved'}; distance ${d.distance}`);
  out.push('');
  out.push('Melee');
  const m = r.melee;
  table([
    ['hit chance per blow', `${pct(m.hit)}  (${m.hit.fraction})`],
    ['critical per hit', m.critical ? `${pct(m.critical.chance)}  (P ${fmt(m.critical.power)} in 5000): ${critKinds(m.critical)}` : 'none (bare hands)'],
    ['slay or brand', m.slay ?? 'none applies'],
    ['damage per hit', `${sp(m.perBlow)}  (min / mean / max)`],
    ['damage per round', `${sp(m.perRound)}  (${a.blows.blows} blow${a.blows.blows === 1 ? '' : 's'}, misses count 0)`],
  ]);
  for (const x of r.missiles) {
    out.push('');
    out.push(`${x.kind === 'fire' ? 'Fire' : 'Throw'}: ${x.item}`);
    table([
      ['skill at this distance', fmt(x.skill)],
      ['hit chance', `${pct(x.hit)}  (${x.hit.fraction})`],
      ['critical per hit', `${pct(x.critical.chance)}  (P ${fmt(x.critical.power)} in 5000): ${critKinds(x.critical)}`],
      ['slay or brand', x.slay ?? 'none applies'],
      ['damage per hit', `${sp(x.damage)}${x.multiplier > 1 ? `  (launcher x${x.multiplier})` : ''}`],
      ['per turn', `${fmt(x.perTurn)} ${x.kind === 'fire' ? 'shot' : 'throw'}${x.perTurn === 1 ? '' : 's'}, ${x.expectedPerTurn.toFixed(2)} damage expected`],
      ['range', String(x.range)],
      ['breaks', `${pct(x.breakage.onHit)} on a hit, ${pct(x.breakage.onMiss)} on a miss`],
    ]);
  }
  return `${out.join('\n')}\n`;
}

function critKinds(c: CritReport): string {
  const parts = Object.entries(c.kinds).map(([k, o]) => `${k} ${o.percent.toFixed(2)}%`);
  return parts.length ? parts.join(', ') : 'never';
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
