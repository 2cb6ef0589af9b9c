import type { Tracer } from '../../core/trace.js';
import { type ItemStack, stackKey } from '../../world/components.js';
import { subjectOf, verb } from '../names.js';
import { type AngContext, type AngEffect, type AngView, type HeroState, type MutableGear, heroRules, mutableGear, statusLevel } from './context.js';
import { decStat, expFactor, levelExp, loseExp } from './drain.js';
import { maxHitPoints } from './sheet.js';
import { formatStat } from './stats.js';
import type { AngAnyStat, AngDefences, AngStatName } from './types.js';

/**
 * What a monster's blows and spells change on the fighter they strike, gathered while they are
 * drawn and given back as effects once they are done: conditions, the gear (acid, disenchantment),
 * the pack (burnt, stolen), and a hero's drained stats, experience and level with the hit points
 * that follow (spells1.c dec_stat and apply_disenchant, xtra2.c lose_exp, GF_TIME and GF_NEXUS).
 */

/** The changes so far to one fighter. */
export interface HeroChanges {
  readonly d: AngView;
  readonly def: AngDefences;
  /** The hero's sheet as the changes began (undefined for a monster). */
  readonly hero: HeroState | undefined;
  /** A copy of the hero's gear that the changes wear down (undefined for a monster). */
  readonly gear: MutableGear | undefined;
  gearChanged: boolean;
  /** A copy of the pack, as the changes leave it. */
  readonly pack: ItemStack[];
  /** The hero's current stats (str, dex, con, wis: the arena keeps no INT or CHR). */
  readonly stats: Record<AngStatName, number>;
  exp: number;
  level: number;
  /** The conditions changed so far, at their new counters. */
  readonly conditions: Record<string, number>;
  readonly notes: string[];
}

/** No protection at all (a monster struck by a spell: its own resistances are project_m's). */
export const NO_DEFENCES: AngDefences = Object.freeze({
  immune: new Set<never>(),
  resist: new Set<never>(),
  oppose: new Set<never>(),
  sustain: new Set<never>(),
  freeAction: false,
  holdLife: false,
  seeInvisible: false,
  savingThrow: 0,
});

/** The hero's experience: as kept, or the least of its level. */
export function heroExp(ctx: AngContext, hero: HeroState): number {
  return hero.exp ?? levelExp(hero.level, expFactor(ctx.cat.race(hero.race), ctx.cat.cls(hero.cls)));
}

/** Starts gathering the changes to `d`, whose defences are `def`; `notes` collects what is said of them. */
export function heroChanges(ctx: AngContext, d: AngView, def: AngDefences, notes: string[] = []): HeroChanges {
  const hero = heroRules(d);
  return {
    d,
    def,
    hero,
    gear: hero ? mutableGear(d) : undefined,
    gearChanged: false,
    pack: d.inventory.pack.map((s) => ({ ...s })),
    stats: hero ? { ...hero.stats } : { str: 0, dex: 0, con: 0, wis: 0 },
    exp: hero ? heroExp(ctx, hero) : 0,
    level: hero?.level ?? 0,
    conditions: {},
    notes,
  };
}

/** A condition's counter now: as changed so far, or as the fighter had it. */
export function conditionNow(ch: HeroChanges, kind: string): number {
  return ch.conditions[kind] ?? statusLevel(ch.d, kind);
}

/** set_x(x + n): the game's set_ functions keep a counter within 10000. */
export function addCondition(ch: HeroChanges, kind: string, n: number): void {
  ch.conditions[kind] = Math.min(10000, conditionNow(ch, kind) + n);
}

/** set_x(value). */
export function setCondition(ch: HeroChanges, kind: string, value: number): void {
  ch.conditions[kind] = value;
}

/** do_dec_stat: a sustained stat holds; else dec_stat(stat, 10, FALSE). The arena's heroes have no INT or CHR, so those change nothing and draw nothing. */
export function drainStat(t: Tracer, ch: HeroChanges, stat: AngAnyStat): void {
  if (!ch.hero) return;
  if (ch.def.sustain.has(stat)) {
    if (t.recording) t.note(`your ${stat.toUpperCase()} is sustained`);
    ch.notes.push(`${stat.toUpperCase()} sustained`);
    return;
  }
  if (stat === 'int' || stat === 'chr') {
    if (t.recording) t.note(`the arena's heroes have no ${stat.toUpperCase()} to drain`);
    return;
  }
  const before = ch.stats[stat];
  const after = decStat(t, before, 10);
  if (after !== before) {
    ch.stats[stat] = after;
    ch.notes.push(`${stat.toUpperCase()} drained to ${formatStat(after)}`);
  }
}

/** lose_exp(amount): never below 0; the level drops as check_experience has it. */
export function loseExpBy(ctx: AngContext, t: Tracer, ch: HeroChanges, amount: number, reason: string): void {
  const hero = ch.hero;
  if (!hero) return;
  const after = loseExp(ch.exp, amount, ch.level, expFactor(ctx.cat.race(hero.race), ctx.cat.cls(hero.cls)));
  if (t.recording) t.mod('experience', ch.exp, after.exp, reason);
  ch.exp = after.exp;
  ch.level = after.level;
  ch.notes.push('your life drains away');
}

/** GF_TIME: each listed stat's current value to 3/4 (at least 3); sustains do not hold. The arena keeps no INT or CHR. */
export function quarterStats(ch: HeroChanges, stats: readonly AngAnyStat[]): void {
  if (!ch.hero) return;
  for (const s of stats) {
    if (s === 'int' || s === 'chr') continue;
    ch.stats[s] = Math.max(3, Math.trunc((ch.stats[s] * 3) / 4));
  }
  ch.notes.push('you feel less able');
}

/** GF_NEXUS: two stats trade places. The arena keeps no INT or CHR, so a swap with either does nothing. */
export function swapStats(ch: HeroChanges, a: AngAnyStat, b: AngAnyStat): void {
  if (!ch.hero) return;
  if (a === 'int' || a === 'chr' || b === 'int' || b === 'chr') {
    ch.notes.push(`the arena keeps no ${(a === 'int' || a === 'chr' ? a : b).toUpperCase()} to scramble`);
    return;
  }
  const x = ch.stats[a];
  ch.stats[a] = ch.stats[b];
  ch.stats[b] = x;
  ch.notes.push('your body starts to scramble');
}

/** apply_disenchant: one of eight equipment slots at random; its positive to-hit, to-dam and to-AC drop by 1, and once more with chance 1 in 5 while above 5. */
export function disenchant(ctx: AngContext, t: Tracer, ch: HeroChanges): void {
  const g = ch.gear;
  if (!g) return;
  const slot = t.roll(1, 8, 'disenchant: slot (weapon, bow, body, cloak, shield, helm, gloves, boots)');
  const worn = (want: string) =>
    g.worn.find((w) => {
      const d = ctx.cat.items.get(w.item);
      return d?.kind === 'armour' && d.def.slot === want;
    });
  const st = [g.weapon, g.bow, g.body, worn('cloak'), g.shield, worn('helm'), worn('gloves'), worn('boots')][slot - 1] ?? undefined;
  if (!st) return;
  const d = ctx.cat.item(st.item);
  const own = d.def as unknown as Partial<Record<'toHit' | 'toDam' | 'toAc', number>>;
  const base = (k: 'toHit' | 'toDam' | 'toAc'): number => own[k] ?? 0;
  const magic = { toHit: st.magic?.toHit ?? 0, toDam: st.magic?.toDam ?? 0, toAc: st.magic?.toAc ?? 0 };
  if (base('toHit') + magic.toHit <= 0 && base('toDam') + magic.toDam <= 0 && base('toAc') + magic.toAc <= 0) return;
  for (const k of ['toHit', 'toDam', 'toAc'] as const) {
    if (base(k) + magic[k] > 0) magic[k]--;
    if (base(k) + magic[k] > 5 && t.roll(0, 99, `disenchant ${k}: once more under 20`) < 20) magic[k]--;
  }
  st.magic = { ...st.magic, ...magic };
  ch.gearChanged = true;
  ch.notes.push(`your ${ctx.cat.nameOf(stackKey(st))} was disenchanted`);
}

/**
 * The changes as effects, in this order: the conditions, the gear, the hero's stats, experience
 * and level (with the maximum hit points calc_hitpoints then gives), and the pack's losses.
 */
export function finishHeroChanges(ctx: AngContext, ch: HeroChanges): AngEffect[] {
  const { d } = ch;
  const out: AngEffect[] = [];
  for (const [kind, level] of Object.entries(ch.conditions)) out.push({ kind: 'status', target: d.id, status: { kind, level }, mode: 'set' });
  if (ch.gear && ch.gearChanged) out.push({ kind: 'rules', target: d.id, patch: { gear: ch.gear } });
  out.push(...drainEffects(ctx, ch));
  for (const st of d.inventory.pack) {
    const after = ch.pack.find((x) => stackKey(x) === stackKey(st))?.quantity ?? 0;
    if (after < st.quantity) out.push({ kind: 'consume', target: d.id, item: stackKey(st), quantity: st.quantity - after });
  }
  return out;
}

/** What drains changed on the hero's sheet: its stats, experience, level, and the hit points that follow (calc_hitpoints). */
function drainEffects(ctx: AngContext, ch: HeroChanges): AngEffect[] {
  const { hero, d } = ch;
  if (!hero) return [];
  const statsChanged = (['str', 'dex', 'con', 'wis'] as const).some((k) => ch.stats[k] !== hero.stats[k]);
  const expChanged = ch.exp !== heroExp(ctx, hero);
  if (!statsChanged && !expChanged) return [];
  const level = ch.level;
  const levelHp = level === hero.level ? hero.levelHp : (hero.levelHps?.[level - 1] ?? hero.levelHp);
  const cls = ctx.cat.cls(hero.cls);
  const race = ctx.cat.race(hero.race);
  const patch: Partial<HeroState> = {
    ...(statsChanged ? { stats: { ...ch.stats } } : {}),
    ...(expChanged ? { exp: ch.exp } : {}),
    ...(level !== hero.level ? { level, levelHp, title: `${race.name} ${cls.name} ${level}` } : {}),
  };
  const out: AngEffect[] = [{ kind: 'rules', target: d.id, patch }];
  const c = ctx.cat.character(cls, race, level, ch.stats, hero.gear);
  const maxHp = maxHitPoints(c, levelHp);
  if (maxHp !== d.body.maxHp) out.push({ kind: 'max-hp', target: d.id, maxHp });
  if (level < hero.level) out.push({ kind: 'message', text: `${subjectOf(d)} ${verb(d, 'fall', 'falls')} to level ${level}.`, tone: 'bad' });
  return out;
}
