import type { Tracer } from '../../core/trace.js';
import { subjectOf, verb } from '../names.js';
import { actionTime, burden, has, hungerRate, maxHp, regenRate } from './character.js';
import { coin, div, oneIn, r2 } from './random.js';
import { type FamilyCtx, type FamilyEffect, type HeroState, type View, K, MONSTER_ACTION, characterOf, heroState, level, monsterOf, monsterRules, monsterState, packMass } from './state.js';

/**
 * Each turn's upkeep: the hero's durations, poison, rot, disease, hunger and regeneration, a
 * monster's regeneration, poison and confusion, and the time actions take.
 */

/** Energy a fighter gains a tick: a monster 2 x its speed, the hero 20. */
export const energyGain = (ctx: FamilyCtx, f: View): number => (monsterRules(f) ? 2 * monsterOf(ctx, f).speed : 2 * 10);

/** The hero's action time in ticks. */
export const heroTime = (ctx: FamilyCtx, f: View): number => actionTime(characterOf(ctx, f)) * K;

/** The time of an action other than an attack (player_movement_speed for a move). */
export function actionCost(ctx: FamilyCtx, f: View, action: string): number {
  if (monsterRules(f)) return MONSTER_ACTION;
  const c = characterOf(ctx, f);
  let time = actionTime(c);
  if (action === 'move') {
    let mv = 10;
    if (!c.form && has(c, 'centaur')) mv = 8;
    if (c.form?.id === 'spider') mv = 8;
    mv += [0, 1, 3][burden(c).state] as number;
    time = div(time * mv, 10);
    if (!c.form && has(c, 'naga')) time = div(time * 14, 10);
  }
  return Math.max(1, time) * K;
}

/** The start of a fighter's turn: its upkeep, and a paralysed hero's lost turn. */
export function turnStart(ctx: FamilyCtx, t: Tracer, f: View): { skip: boolean; cost: number; effects: readonly FamilyEffect[] } {
  if (monsterRules(f)) return { skip: false, cost: MONSTER_ACTION, effects: monsterUpkeep(ctx, t, f) };
  const effects = heroUpkeep(ctx, t, f);
  const para = level(f, 'paralysis');
  if (para > 0) {
    effects.push(para > 1 ? { kind: 'status', target: f.id, status: { kind: 'paralysis', level: para - 1 }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'paralysis' });
    effects.push({ kind: 'message', text: `${subjectOf(f)} ${verb(f, 'are', 'is')} paralysed.`, tone: 'bad' });
    return { skip: true, cost: heroTime(ctx, f), effects };
  }
  return { skip: false, cost: heroTime(ctx, f), effects };
}

export function heroUpkeep(ctx: FamilyCtx, t: Tracer, f: View): FamilyEffect[] {
  const r = heroState(f);
  const c = characterOf(ctx, f);
  const effects: FamilyEffect[] = [];
  const patch: { -readonly [K in keyof HeroState]?: HeroState[K] } = { blocks: 0 };
  let hp = f.body.hp;
  const note = (text: string, tone: 'info' | 'good' | 'bad' = 'info') => effects.push({ kind: 'message', text, tone });
  t.rule(ctx.sections.upkeep, 'Durations, poison, rot, hunger and regeneration');
  const set = (kind: string, n: number) => effects.push(n > 0 ? { kind: 'status', target: f.id, status: { kind, level: n }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: kind });
  for (const k of ctx.v.durations) {
    const n = level(f, k);
    if (n <= 0) continue;
    let left = n - 1;
    if (k === 'form' && left === 10) {
      left -= r2(t, 3, 'transformation: random2(3) more off');
      note(`${subjectOf(f)}: the transformation is almost over.`);
    }
    if (k === 'form' && left <= 1) left = 0;
    if (k === 'might' && left <= 0 && n === 1) note(`${subjectOf(f)} ${verb(f, 'feel')} a little less mighty now.`);
    if (k === 'invisible' && left <= 0) note(`${subjectOf(f)} ${verb(f, 'flicker')} back into view.`);
    if (left <= 0) {
      const end = ctx.v.durationEnds(ctx, f, k, c, r, hp);
      effects.push(...end.effects);
      hp = end.hp;
    }
    set(k, left);
    if (k === 'form' && left <= 0) {
      note(`${subjectOf(f)} ${verb(f, 'return')} to ${c.species.name.toLowerCase()} form.`);
      const normal = ctx.cat.character(r, null, c.effects, packMass(ctx, f));
      effects.push({ kind: 'max-hp', target: f.id, maxHp: maxHp(normal, r.levelHp) - r.rotHp });
    }
  }
  const poison = level(f, 'poison');
  if (poison > 0) {
    if (r2(t, 5, 'poison: random2(5) <= poison - 1') <= poison - 1) {
      let dmg = 1;
      if (poison > 10 && r2(t, poison, 'poison: random2(poison) >= 8') >= 8) dmg = 5 + r2(t, 10, 'poison: 5 + random2(10)');
      else if (poison > 5 && coin(t, 'poison: coinflip')) dmg = coin(t, 'poison: 2 or 3') ? 3 : 2;
      effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'poison' });
      hp -= dmg;
      if ((hp === 1 && oneIn(t, 3, 'poison eases: 1 in 3')) || oneIn(t, 8, 'poison eases: 1 in 8')) set('poison', poison - 1);
    }
  }
  const rot = level(f, 'rotting');
  if (rot > 0 && r2(t, 20, 'rot: random2(20) <= rotting - 1') <= rot - 1) {
    effects.push({ kind: 'damage', target: f.id, amount: 1, cause: 'rot' });
    hp -= 1;
    patch['rotHp'] = r.rotHp + 1;
    effects.push({ kind: 'max-hp', target: f.id, maxHp: f.body.maxHp - 1 });
    set('rotting', rot - 1);
  }
  const disease = level(f, 'disease');
  if (disease > 0) set('disease', disease - 1);
  // Hunger (food.cc): the rate each action; fainting below 500 and starvation below 100.
  const hunger = r.hunger - hungerRate(c);
  patch['hunger'] = hunger;
  if (hunger <= 100) {
    effects.push({ kind: 'damage', target: f.id, amount: Math.max(1, hp), cause: 'starvation' });
    hp = 0;
  } else if (hunger <= 500 && level(f, 'paralysis') <= 0 && oneIn(t, 40, 'fainting from hunger: 1 in 40')) {
    set('paralysis', Math.min(13, 5 + r2(t, 8, 'fainting: 5 + random2(8)')));
    note(`${subjectOf(f)} ${verb(f, 'lose')} consciousness!`, 'bad');
  }
  // Regeneration (player_regen), stopped by disease.
  if (hp > 0 && hp < f.body.maxHp && disease <= 0) {
    let acc = r.regen + regenRate(c, f.body.maxHp);
    let gain = 0;
    while (acc >= 100) {
      acc -= 100;
      gain++;
    }
    patch['regen'] = acc;
    if (gain > 0) effects.push({ kind: 'heal', target: f.id, amount: gain, cause: 'regeneration' });
  }
  effects.unshift({ kind: 'rules', target: f.id, patch });
  return effects;
}

/** Per monster action: regeneration, poison, confusion (monstuff.cc). */
export function monsterUpkeep(ctx: FamilyCtx, t: Tracer, f: View): FamilyEffect[] {
  const m = monsterOf(ctx, f);
  const r = monsterState(f);
  const effects: FamilyEffect[] = [];
  t.rule(ctx.sections.upkeep, `${m.name}: regeneration, poison, confusion`);
  if (r.blocks) effects.push({ kind: 'rules', target: f.id, patch: { blocks: 0 } });
  if (m.flags.includes('regenerates') || oneIn(t, 25, 'monster regeneration: 1 in 25')) {
    if (f.body.hp < f.body.maxHp) effects.push({ kind: 'heal', target: f.id, amount: 1, cause: 'regeneration' });
  }
  const poison = level(f, 'poison');
  if (poison > 0) {
    const pv = poison - 1;
    let dmg = 0;
    if (coin(t, 'poison: coinflip')) dmg += 1 + r2(t, pv + 3, `poison: 1 + random2(${pv + 3})`);
    if (m.vulnerable.includes('poison')) dmg += 1 + r2(t, pv + 1, 'poison vulnerability') + r2(t, pv + 1, 'poison vulnerability');
    if (dmg > 0) effects.push({ kind: 'damage', target: f.id, amount: dmg, cause: 'poison' });
    if (oneIn(t, 8, 'poison eases: 1 in 8')) effects.push(poison > 1 ? { kind: 'status', target: f.id, status: { kind: 'poison', level: poison - 1 }, mode: 'set' } : { kind: 'remove-status', target: f.id, status: 'poison' });
  }
  if (level(f, 'confused') > 0 && r2(t, 120, 'confusion ends: random2(120) < HD + 5') < r.hd + 5) {
    effects.push({ kind: 'remove-status', target: f.id, status: 'confused' });
    effects.push({ kind: 'message', text: `${subjectOf(f)} seems less confused.`, tone: 'warn' });
  }
  return effects;
}

/** The attack laws of a character against a target, kept while neither changes. */
