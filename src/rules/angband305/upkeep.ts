import type { Tracer } from '../../core/trace.js';
import type { Status } from '../../world/components.js';
import type { DirectionName } from '../../world/grid.js';
import { capitalise } from '../common.js';
import { possessive, subjectOf, verb } from '../names.js';
import {
  ACTION,
  type AngContext,
  type AngEffect,
  type AngView,
  CLOCK,
  ENERGY_SCALE,
  MONSTER_CLOCK,
  SECTION_CONDITIONS,
  characterOf,
  heroRules,
  monsterOf,
  monsterRules,
  statusLevel,
} from './context.js';
import { regenerates } from './defence.js';
import { OPPOSE_ENDS, STATUS_TEXT } from './items.js';
import { recoveryRate } from './sheet.js';
import { energyPerGameTurn } from './stats.js';

/**
 * Upkeep between blows: the start of a turn (knocked out, a monster's fear), the clocks of
 * conditions and regeneration, waking, and a hurt monster's fear.
 */

const TEMPORARY = ['blessed', 'hero', 'berserk', 'afraid', 'oppose-acid', 'oppose-elec', 'oppose-fire', 'oppose-cold', 'oppose-poison'] as const;

/** The conditions blows bring, each counted down by 1 every ten game turns (dungeon.c process_world). */
const CONDITIONS = ['image', 'blind', 'paralyzed', 'confused', 'slow'] as const;

/** What ends when a condition runs out, as a message about the fighter `f`. */
const ENDS: Record<string, (f: AngView) => string> = {
  blessed: (f) => `${capitalise(possessive(f))} blessing wears off.`,
  hero: (f) => `${capitalise(possessive(f))} heroism wears off.`,
  berserk: (f) => `${subjectOf(f)} ${verb(f, 'feel')} less berserk.`,
  afraid: (f) => `${subjectOf(f)} ${verb(f, 'feel')} bolder now.`,
  poisoned: (f) => `${subjectOf(f)} ${verb(f, 'are', 'is')} no longer poisoned.`,
  stun: (f) => `${subjectOf(f)} ${verb(f, 'are', 'is')} no longer stunned.`,
  cut: (f) => `${subjectOf(f)} ${verb(f, 'stop')} bleeding.`,
  ...OPPOSE_ENDS,
  image: (f) => `${subjectOf(f)} ${verb(f, 'see', 'sees')} clearly again.`,
  blind: (f) => `${subjectOf(f)} ${verb(f, 'can', 'can')} see again.`,
  paralyzed: (f) => `${subjectOf(f)} ${verb(f, 'can', 'can')} move again.`,
  confused: (f) => `${subjectOf(f)} ${verb(f, 'feel')} less confused now.`,
  slow: (f) => `${subjectOf(f)} ${verb(f, 'feel')} less slow.`,
};

/** How the blows' conditions show in the panel. */
const CONDITION_TEXT: Record<string, string> = { image: 'hallucinating', blind: 'blind', paralyzed: 'paralysed', confused: 'confused', slow: 'slow' };

const endMessage = (k: string, f: AngView): string => ENDS[k]?.(f) ?? '';

/**
 * Energy a game turn: a monster's at its speed (the game changes a monster's speed itself when it
 * is slowed or hasted: there is no counter), a hero's at normal speed, 10 less while slowed.
 */
export function energyGain(f: AngView): number {
  const m = monsterRules(f);
  return energyPerGameTurn(m ? m.speed : statusLevel(f, 'slow') > 0 ? 100 : 110) * ENERGY_SCALE;
}

/**
 * The start of a turn: a hero paralysed or stunned to 100 loses it (dungeon.c process_player);
 * an awake monster shakes off some stun (and loses the turn while any is left), confusion and
 * fear (melee2.c process_monster).
 */
export function turnStart(ctx: AngContext, t: Tracer, f: AngView): { skip: boolean; cost: number; effects: AngEffect[] } {
  const effects: AngEffect[] = [];
  if (heroRules(f)) {
    const paralyzed = statusLevel(f, 'paralyzed');
    if (paralyzed > 0) {
      if (t.recording) {
        t.rule(SECTION_CONDITIONS, 'Paralysed');
        t.note(`paralysed for ${paralyzed} more: the turn is lost`);
      }
      effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'are', 'is')} paralysed.`, tone: 'bad' });
      return { skip: true, cost: ACTION, effects };
    }
    const stun = statusLevel(f, 'stun');
    if (stun >= 100) {
      if (t.recording) {
        t.rule(SECTION_CONDITIONS, 'Knocked out');
        t.note(`stun ${stun}: at 100 or more the turn is lost`);
      }
      effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'are', 'is')} knocked out.`, tone: 'bad' });
      return { skip: true, cost: ACTION, effects };
    }
    return { skip: false, cost: ACTION, effects };
  }
  if (f.ai?.mode === 'sleeping') return { skip: false, cost: ACTION, effects };
  const stun = statusLevel(f, 'stun');
  if (stun > 0) {
    const m = monsterOf(ctx, f);
    if (t.recording) t.rule(SECTION_CONDITIONS, 'Monster stun');
    const r = t.roll(0, 4999, 'stun: d5000 at most level squared recovers fully');
    const full = t.recording ? t.check(`recovers at most ${m.level * m.level}`, r, '<=', m.level * m.level) : r <= m.level * m.level;
    if (!full && stun > 1) {
      effects.push({ kind: 'status', target: f.id, status: { kind: 'stun', level: stun - 1 }, mode: 'set' });
      return { skip: true, cost: ACTION, effects };
    }
    effects.push({ kind: 'remove-status', target: f.id, status: 'stun' }, { kind: 'message', text: `${subjectOf(f)} is no longer stunned.`, tone: 'warn' });
  }
  effects.push(...easeMonster(ctx, t, f, 'confused', 'Monster confusion', 'confusion eases by', [{ kind: 'message', text: `${subjectOf(f)} is no longer confused.`, tone: 'warn' }]));
  effects.push(
    ...easeMonster(ctx, t, f, 'afraid', 'Monster fear', 'courage returns by', [
      { kind: 'ai-mode', target: f.id, mode: 'hunting' },
      { kind: 'message', text: `${subjectOf(f)} recovers its courage.`, tone: 'warn' },
    ]),
  );
  return { skip: false, cost: ACTION, effects };
}

/**
 * A monster's confusion or fear, eased by 1d(level / 10 + 1) on its turn; `ended` follows the
 * status's removal when the roll takes the rest of it.
 */
function easeMonster(ctx: AngContext, t: Tracer, f: AngView, kind: 'confused' | 'afraid', title: string, label: string, ended: readonly AngEffect[]): AngEffect[] {
  const level = statusLevel(f, kind);
  if (level <= 0) return [];
  const m = monsterOf(ctx, f);
  if (t.recording) t.rule(SECTION_CONDITIONS, title);
  const d = t.roll(1, Math.trunc(m.level / 10) + 1, label);
  if (level > d) return [{ kind: 'status', target: f.id, status: { kind, level: level - d }, mode: 'set' }];
  return [{ kind: 'remove-status', target: f.id, status: kind }, ...ended];
}

export function nextStatusTime(f: AngView): number | undefined {
  return f.statuses.find((s) => s.kind === 'clock')?.next;
}

/** Runs the fighter's clock when it is due. */
export function statusTick(ctx: AngContext, t: Tracer, f: AngView, now: number): AngEffect[] {
  const clock = f.statuses.find((s) => s.kind === 'clock');
  if (!clock || clock.next === undefined || clock.next > now) return [];
  if (monsterRules(f)) return monsterClock(ctx, f, clock.next);
  return heroClock(ctx, t, f, clock);
}

/** Every ten game turns: poison and cuts hurt, hit points regenerate, conditions wear off (dungeon.c process_world). */
export function heroClock(ctx: AngContext, t: Tracer, f: AngView, clock: Readonly<Status>): AngEffect[] {
  const c = characterOf(ctx, f);
  const effects: AngEffect[] = [];
  const next = (clock.next ?? 0) + CLOCK;
  const poisoned = statusLevel(f, 'poisoned');
  const cut = statusLevel(f, 'cut');
  const stun = statusLevel(f, 'stun');
  let hp = f.body.hp;
  if (poisoned > 0) {
    effects.push({ kind: 'damage', target: f.id, amount: 1, cause: 'poison' });
    hp -= 1;
  }
  if (cut > 0) {
    const n = cut > 200 ? 3 : cut > 100 ? 2 : 1;
    effects.push({ kind: 'damage', target: f.id, amount: n, cause: 'a cut' });
    hp -= n;
  }
  // Regeneration (dungeon.c regenhp): mhp x percent + 1442, in 65536ths of a hit point; the
  // percent is 197, doubled by REGEN, and 0 while poisoned, cut, stunned or paralysed.
  let frac = clock.level ?? 0;
  if (hp < f.body.maxHp) {
    const percent = poisoned > 0 || cut > 0 || stun > 0 || statusLevel(f, 'paralyzed') > 0 ? 0 : regenerates(c) ? 394 : 197;
    const gain = f.body.maxHp * percent + 1442;
    let whole = Math.floor(gain / 65536);
    frac += gain % 65536;
    if (frac >= 65536) {
      frac -= 65536;
      whole++;
    }
    if (whole > 0) effects.push({ kind: 'heal', target: f.id, amount: whole, cause: 'regeneration' });
    if (hp + whole >= f.body.maxHp) frac = 0;
  } else frac = 0;
  effects.push({ kind: 'status', target: f.id, status: { kind: 'clock', next, level: frac }, mode: 'set' });
  for (const k of TEMPORARY) {
    const n = statusLevel(f, k);
    if (n <= 0) continue;
    if (n > 1) effects.push({ kind: 'status', target: f.id, status: { kind: k, level: n - 1 }, mode: 'set' });
    else {
      effects.push({ kind: 'remove-status', target: f.id, status: k });
      effects.push({ kind: 'message', text: endMessage(k, f), tone: 'info' });
    }
  }
  for (const k of CONDITIONS) {
    const n = statusLevel(f, k);
    if (n <= 0) continue;
    if (n > 1) effects.push({ kind: 'status', target: f.id, status: { kind: k, level: n - 1 }, mode: 'set' });
    else effects.push({ kind: 'remove-status', target: f.id, status: k }, { kind: 'message', text: endMessage(k, f), tone: 'info' });
  }
  const rate = recoveryRate(c);
  for (const k of ['poisoned', 'stun', 'cut'] as const) {
    const n = statusLevel(f, k);
    if (n <= 0) continue;
    const left = k === 'cut' && n > 1000 ? n : Math.max(0, n - rate);
    if (left > 0) effects.push({ kind: 'status', target: f.id, status: { kind: k, level: left }, mode: 'set' });
    else {
      effects.push({ kind: 'remove-status', target: f.id, status: k });
      effects.push({ kind: 'message', text: endMessage(k, f), tone: 'info' });
    }
  }
  if (t.recording && (poisoned > 0 || cut > 0 || stun > 0)) {
    t.rule(SECTION_CONDITIONS, 'Conditions');
    t.note(`every ten game turns poison and cuts hurt, and poison, stun and cuts ease by ${rate} (CON)`);
  }
  return effects;
}

/** Every hundred game turns a hurt monster regains 1% of its hit points, 2% if it regenerates. */
export function monsterClock(ctx: AngContext, f: AngView, at: number): AngEffect[] {
  const m = monsterOf(ctx, f);
  const effects: AngEffect[] = [{ kind: 'status', target: f.id, status: { kind: 'clock', next: at + MONSTER_CLOCK }, mode: 'set' }];
  if (f.body.hp < f.body.maxHp) {
    const frac = Math.max(1, Math.trunc(f.body.maxHp / 100)) * (m.flags.includes('regenerate') ? 2 : 1);
    effects.unshift({ kind: 'heal', target: f.id, amount: frac, cause: 'regeneration' });
  }
  return effects;
}

/** Waking a sleeping monster (bumping it, hitting it). */
export function wakeEffects(d: AngView): AngEffect[] {
  const r = monsterRules(d);
  if (!r) return [];
  const out: AngEffect[] = r.csleep > 0 ? [{ kind: 'rules', target: d.id, patch: { csleep: 0 } }] : [];
  if (d.ai?.mode === 'sleeping') {
    out.push({ kind: 'ai-mode', target: d.id, mode: 'hunting' });
    out.push({ kind: 'message', text: `${subjectOf(d)} wakes up.`, tone: 'warn' });
  }
  return out;
}

/** A monster hurt wakes, and may take fright or get over it. */
export function onDamaged(ctx: AngContext, t: Tracer, victim: AngView, amount: number): AngEffect[] {
  if (!monsterRules(victim)) return [];
  const effects = wakeEffects(victim);
  effects.push(...monsterFear(ctx, t, victim, amount));
  return effects;
}

/** A monster hurt may take fright, or get over it (xtra2.c mon_take_hit). */
export function monsterFear(ctx: AngContext, t: Tracer, v: AngView, dam: number): AngEffect[] {
  if (dam <= 0) return [];
  const m = monsterOf(ctx, v);
  const fear = statusLevel(v, 'afraid');
  if (t.recording) t.rule(SECTION_CONDITIONS, 'Monster fear');
  const out: AngEffect[] = [];
  if (fear > 0) {
    const r = t.roll(1, dam, 'damage shakes off fear: 1d damage');
    if (r < fear) return [{ kind: 'status', target: v.id, status: { kind: 'afraid', level: fear - r }, mode: 'set' }];
    // Its fear is gone; the same blow may frighten it afresh (xtra2.c mon_take_hit).
    out.push({ kind: 'remove-status', target: v.id, status: 'afraid' }, { kind: 'ai-mode', target: v.id, mode: 'hunting' });
  }
  if (m.flags.includes('no-fear')) {
    if (t.recording) t.note(`${m.name} knows no fear`);
    return out;
  }
  const hp = v.body.hp;
  const pct = Math.trunc((100 * hp) / v.body.maxHp);
  const r10 = t.roll(1, 10, 'fear: 1d10 at least the health percentage');
  let scared = t.recording ? t.check(`1d10 >= ${pct}% health`, r10, '>=', pct) : r10 >= pct;
  if (!scared && dam >= hp) scared = t.roll(0, 99, 'fear: a blow as big as its health, 80%') < 80;
  if (!scared) return out;
  const level = t.roll(1, 10, 'fear lasts 1d10 +') + (dam >= hp && pct > 7 ? 20 : (11 - pct) * 5);
  return [
    ...out.filter((e) => e.kind !== 'ai-mode'),
    { kind: 'status', target: v.id, status: { kind: 'afraid', level }, mode: 'set' },
    { kind: 'ai-mode', target: v.id, mode: 'fleeing' },
    { kind: 'message', text: `${subjectOf(v)} flees in terror!`, tone: 'good' },
  ];
}

/** How a status shows in the panel ("stun 12"); the clock is hidden. */
export function statusLabel(st: Readonly<Status>): string | null {
  if (st.kind === 'clock') return null;
  const n = st.level ?? 0;
  if (st.kind === 'stun') return n >= 100 ? `knocked out ${n}` : n > 50 ? `heavy stun ${n}` : `stun ${n}`;
  return `${STATUS_TEXT[st.kind] ?? CONDITION_TEXT[st.kind] ?? st.kind} ${n}`;
}

/** The game's random directions in the order it draws them (tables.c ddd: 2, 8, 6, 4, 3, 1, 9, 7). */
export const RANDOM_WAYS: readonly DirectionName[] = ['s', 'n', 'e', 'w', 'se', 'sw', 'ne', 'nw'];

/** A confused hero's step goes a random way (one of eight) with chance 75 in 100 (xtra2.c confuse_dir). */
export function confusedDirection(t: Tracer, f: AngView, dir: DirectionName): DirectionName {
  if (!heroRules(f) || statusLevel(f, 'confused') <= 0) return dir;
  if (t.recording) t.rule(SECTION_CONDITIONS, 'Confused');
  const r = t.roll(0, 99, 'confused: a random way under 75');
  if (!(t.recording ? t.check('a random way when under 75', r, '<', 75) : r < 75)) return dir;
  return RANDOM_WAYS[t.roll(0, 7, 'confused: which way')] as DirectionName;
}

/** A confused hero's aimed attack always flies a random way (xtra2.c get_aim_dir). */
export function confusedAim(t: Tracer, f: AngView): DirectionName | null {
  if (!heroRules(f) || statusLevel(f, 'confused') <= 0) return null;
  if (t.recording) t.rule(SECTION_CONDITIONS, 'Confused');
  return RANDOM_WAYS[t.roll(0, 7, 'confused: the shot flies a random way')] as DirectionName;
}
