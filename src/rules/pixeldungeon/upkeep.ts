import type { Distribution } from '../../core/distribution.js';
import type { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { ItemStack } from '../../world/components.js';
import { capitalise } from '../common.js';
import { nameOf, possessive, subjectOf, verb } from '../names.js';
import type { Effect } from '../ruleset.js';
import { type PdContext, type PdView, ability, heroRules, monsterOf, monsterRules, statusActive } from './context.js';
import { IntBelowDie, IntDie, f32 } from './random.js';
import { MILLITURNS } from './sheet.js';
import { type PdStep, pdStepKind, pdStepsLaw, runPdSteps } from './steps.js';
import type { PdState } from './types.js';

/** Upkeep: statuses that tick, regeneration, wand recharging, the start of a turn, and what a blow sets off. */

export const SECTION_STATUS = 'pixel-dungeon#statuses';

const TICK = MILLITURNS;
export const REGEN_INTERVAL = 10 * TICK;

type PdEffect = Effect<PdState>;

/** Bleeding's draw for a level: Int(level/2, level). */
const bleedingDie = (level: number): IntBelowDie => new IntBelowDie(Math.floor(level / 2), level);

/** Bleeding: each turn the level becomes Int(level/2, level); that much damage, or it stops at 0. */
export function bleedingTick(t: Tracer, level: number): number {
  if (t.recording) t.rule(SECTION_STATUS, 'Bleeding');
  return bleedingDie(level).roll(t, 'bleeding Int(level/2, level)');
}

export function bleedingTickDist(level: number): Distribution {
  return bleedingDie(level).law();
}

/** Poison: each turn deals left/3 + 1 (integer division), then one less remains. */
export function poisonDamage(left: number): number {
  return Math.floor(left / 3) + 1;
}

const INT_DAMAGE = pdStepKind('Int(damage)', (_x, r) => r);
const INT_HP = pdStepKind(
  'Int(HP)',
  (x, r) => (x >= r ? 1 : 0),
  (t, before, _after, r) => {
    t.check('Int(damage) >= Int(HP)', before, '>=', r);
  },
);

/**
 * Damage can shake off paralysis: the victim breaks free when Int(damage) >= Int(HP), with HP
 * before the hit (Char.damage). 1 when it breaks free.
 */
function breakFreeSteps(damage: number, hp: number): PdStep[] {
  return [INT_DAMAGE(new IntDie(damage)), INT_HP(new IntDie(hp))];
}

export function breaksFree(t: Tracer, damage: number, hp: number): boolean {
  if (t.recording) t.rule(SECTION_STATUS, 'Paralysis: does the blow shake it off?');
  return runPdSteps(t, breakFreeSteps(damage, hp), 0) === 1;
}

export function breaksFreeChance(damage: number, hp: number): Fraction {
  return pdStepsLaw(breakFreeSteps(damage, hp), 0).prob(1);
}

/** [verb, third-person verb, rest] for a status that ends. */
const STATUS_END: Record<string, readonly [string, string, string]> = {
  paralysed: ['can', 'can', 'move again'],
  crippled: ['are', 'is', 'no longer crippled'],
  weakened: ['feel', 'feels', 'strong again'],
};

/** Whether a Berserker's hit points are low enough for fury: at most 40% (in float32, as the game). */
const furious = (f: PdView): boolean => f.body.hp <= f32(f.body.maxHp * f32(0.4));

/** The start of a fighter's turn: statuses run out, fury fades, and paralysis takes the turn. */
export function turnStart(t: Tracer, f: PdView, now: number): { skip: boolean; cost: number; effects: PdEffect[] } {
  const effects: PdEffect[] = [];
  for (const s of f.statuses) {
    if (s.until !== undefined && s.until <= now) {
      effects.push({ kind: 'remove-status', target: f.id, status: s.kind });
      const text = STATUS_END[s.kind];
      if (text) effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, text[0], text[1])} ${text[2]}.`, tone: 'info' });
    }
  }
  const h = heroRules(f);
  if (h && h.subclass === 'berserker' && statusActive(f, 'fury', now) && !furious(f)) {
    effects.push({ kind: 'remove-status', target: f.id, status: 'fury' });
    effects.push({ kind: 'message', text: `${capitalise(possessive(f))} fury fades.`, tone: 'info' });
  }
  const paralysed = statusActive(f, 'paralysed', now);
  if (paralysed) {
    if (t.recording) t.note(`${nameOf(f)} ${verb(f, 'are', 'is')} paralysed and ${verb(f, 'lose')} the turn`);
    // A paralysed mob does not see its enemy at this turn (Mob.act).
    if (!h) effects.push({ kind: 'awareness', target: f.id, enemySeen: false });
  }
  return { skip: paralysed, cost: TICK, effects };
}

/** The earliest tick at which one of the fighter's statuses acts. */
export function nextStatusTime(f: PdView): number | undefined {
  let next: number | undefined;
  for (const s of f.statuses) if (s.next !== undefined && (next === undefined || s.next < next)) next = s.next;
  return next;
}

/** Time between two charges of the first wand in the pack (40 turns when it has none). */
export function rechargeInterval(c: PdContext, pack: readonly ItemStack[]): number {
  const w = pack.find((s) => c.wands.has(s.item));
  const def = w && c.wands.get(w.item);
  return def ? def.rechargeTurns * TICK : 40 * TICK;
}

/** Runs every status of the fighter due now: bleeding, poison, regeneration, recharging. */
export function statusTick(c: PdContext, t: Tracer, f: PdView, now: number): PdEffect[] {
  const effects: PdEffect[] = [];
  for (const s of f.statuses) {
    if (s.next === undefined || s.next > now) continue;
    if (s.kind === 'bleeding') {
      const level = s.level ?? 0;
      const dmg = bleedingTick(t, level);
      if (dmg > 0) {
        effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'bleeding' });
        effects.push({ kind: 'status', target: f.id, status: { kind: 'bleeding', level: dmg, next: s.next + TICK }, mode: 'set' });
      } else {
        effects.push({ kind: 'remove-status', target: f.id, status: 'bleeding' });
        effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'stop')} bleeding.`, tone: 'info' });
      }
    } else if (s.kind === 'poisoned') {
      const left = s.level ?? 0;
      if (t.recording) {
        t.rule(SECTION_STATUS, 'Poison');
        t.value('poison damage', poisonDamage(left), `${left} turns left: ${left} / 3 + 1`);
      }
      effects.push({ kind: 'damage', target: f.id, amount: poisonDamage(left), cause: 'poison' });
      if (left - 1 > 0) effects.push({ kind: 'status', target: f.id, status: { kind: 'poisoned', level: left - 1, next: s.next + TICK }, mode: 'set' });
      else effects.push({ kind: 'remove-status', target: f.id, status: 'poisoned' });
    } else if (s.kind === 'regeneration') {
      if (f.body.hp < f.body.maxHp) effects.push({ kind: 'heal', target: f.id, amount: 1, cause: 'regeneration' });
      effects.push({ kind: 'status', target: f.id, status: { kind: 'regeneration', next: s.next + REGEN_INTERVAL }, mode: 'set' });
    } else if (s.kind === 'recharge') {
      for (const stack of f.inventory.pack) {
        const w = c.wands.get(stack.item);
        if (w && (stack.charges ?? 0) < Math.min(w.charges + stack.level, 9)) {
          effects.push({ kind: 'charge', target: f.id, item: stack.item, delta: 1 });
        }
      }
      effects.push({ kind: 'status', target: f.id, status: { kind: 'recharge', next: s.next + rechargeInterval(c, f.inventory.pack) }, mode: 'set' });
    }
  }
  return effects;
}

/**
 * What a blow sets off in its victim: it may shake off paralysis; a Berserker low on hit points
 * becomes furious; a monster wakes, is alerted, and may become enraged.
 */
export function onDamaged(c: PdContext, t: Tracer, victim: PdView, amount: number, hpBefore: number, now: number): PdEffect[] {
  const effects: PdEffect[] = [];
  if (victim.body.hp <= 0) return effects;
  if (statusActive(victim, 'paralysed', now) && breaksFree(t, amount, hpBefore)) {
    effects.push({ kind: 'remove-status', target: victim.id, status: 'paralysed' });
    effects.push({ kind: 'message', text: `The blow shakes ${nameOf(victim)} out of paralysis.`, tone: 'info' });
  }
  const h = heroRules(victim);
  if (h) {
    if (h.subclass === 'berserker' && furious(victim) && !statusActive(victim, 'fury', now)) {
      effects.push({ kind: 'status', target: victim.id, status: { kind: 'fury' }, mode: 'set' });
      effects.push({ kind: 'message', text: `${subjectOf(victim)} ${verb(victim, 'become')} furious!`, tone: 'warn' });
    }
    return effects;
  }
  const m = monsterOf(c, victim);
  if (victim.ai?.mode === 'sleeping') effects.push({ kind: 'ai-mode', target: victim.id, mode: 'wandering' });
  effects.push({ kind: 'alert', target: victim.id });
  const r = monsterRules(victim);
  if (ability(m, 'enrage') && r && !r.enraged && victim.body.hp < Math.trunc(victim.body.maxHp / 4)) {
    effects.push({ kind: 'rules', target: victim.id, patch: { enraged: true } });
    effects.push({ kind: 'delay', target: victim.id, ticks: TICK });
    effects.push({ kind: 'message', text: `The ${m.name} becomes enraged!`, tone: 'warn' });
  }
  return effects;
}
