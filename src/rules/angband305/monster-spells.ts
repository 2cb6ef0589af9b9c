import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import { angbandDistance } from '../../world/angband-path.js';
import { NO_TAGS, blowOf } from '../common.js';
import { isYou, nameOf, possessive, subjectOf } from '../names.js';
import type { AttackContext, AttackOption, AttackOutcome, AttackPreview } from '../ruleset.js';
import { ACTION, type AngContext, type AngEffect, type AngState, type AngView, heroRules, monsterOf, monsterRules, statusLevel } from './context.js';
import { type AcidArmour, type AngSideEffect, type MonsterState, SECTION_PROJECT_HERO, SECTION_PROJECT_MONSTER, heroDamageLaw, monsterDamageLaw, monsterTarget, projectHero, projectMonster } from './project.js';
import { type RawDamage, type SpellDef, arenaSpells, castPercent, gameSpellName, rawDamage, spellDef } from './spell-table.js';
import { lawOfSteps, rollSteps } from './steps.js';
import type { AngDefences, AngMonster, AngSpellName } from './types.js';

/**
 * Monster spells in a duel (melee2.c make_attack_spell and the spells1.c projections it fires):
 * whether a monster casts this turn and which spell, and what each spell does to its target, as
 * rolls the rules pane shows and exact laws the previews and the recall page read. The seed is
 * silent on monsters: both editions follow the code.
 */

export const SECTION_MONSTER_SPELLS = 'angband-3.0.5#monster-spells';

/** MAX_RANGE: a monster casts only at a foe this close, by the game's distance (and in its line of fire). */
export const MAX_RANGE = 20;

/** The option id of a spell. */
export const spellOptionId = (name: AngSpellName): string => `spell:${name}`;

/** The spell an option id names, if it names one. */
export function spellOfOption(id: string): AngSpellName | undefined {
  if (!id.startsWith('spell:')) return undefined;
  return id.slice('spell:'.length) as AngSpellName;
}

/** How a spell flies: along Angband's project_path, at most MAX_RANGE; a bolt stops at the first fighter. */
const PATH = { magic: false, hitChars: true, path: 'angband' as const, range: MAX_RANGE };

/** A monster's spells as attack options (a player steering it picks any; the AI casts only by the game's rule). */
export function spellOptions(m: AngMonster): AttackOption[] {
  return arenaSpells(m).map((name) => {
    const s = spellDef(name);
    return s.reach === 'self'
      ? { id: spellOptionId(name), label: s.noun, kind: 'self' as const, byRuleOnly: true }
      : { id: spellOptionId(name), label: s.noun, kind: 'projectile' as const, projectile: PATH, byRuleOnly: true };
  });
}

/**
 * The spells a monster may choose among against this foe: the arena's (no summons, traps or
 * other levels), and against a monster only what the code defines for a monster target (the
 * projections and its own spells: 3.0.5's monsters never cast at each other, so the curses and
 * status spells written against the player have no monster version).
 */
export function choosable(m: AngMonster, foeIsMonster: boolean): AngSpellName[] {
  return arenaSpells(m).filter((name) => {
    if (!foeIsMonster) return true;
    const s = spellDef(name);
    return s.reach === 'self' || s.gf !== undefined;
  });
}

/** The chance to cast and the choice, laid out for the recall page and the tests. */
export interface CastOdds {
  /** The chance it tries a spell in a turn when the foe is in its line of fire. */
  readonly tries: Fraction;
  /** Each spell's chance, given it tries (a SMART monster below a tenth of its hit points keeps to its "intelligent" spells half the time). */
  readonly choice: ReadonlyMap<AngSpellName, Fraction>;
  /** The chance it then casts nothing (a desperate choice with no spell left). */
  readonly none: Fraction;
}

function desperate(m: AngMonster, hp: number, maxHp: number): boolean {
  return m.flags.includes('smart') && hp < Math.trunc(maxHp / 10);
}

/** The exact odds of make_attack_spell's choice for a monster at these hit points against this foe. */
export function castOdds(m: AngMonster, hp: number, maxHp: number, foeIsMonster: boolean): CastOdds {
  const list = choosable(m, foeIsMonster);
  const tries = Fraction.of(castPercent(m), 100);
  const choice = new Map<AngSpellName, Fraction>();
  const add = (name: AngSpellName, p: Fraction) => choice.set(name, (choice.get(name) ?? Fraction.ZERO).add(p));
  let none = Fraction.ZERO;
  const pick = (from: readonly AngSpellName[], weight: Fraction) => {
    if (from.length === 0) none = none.add(weight);
    else for (const s of from) add(s, weight.mul(Fraction.of(1, from.length)));
  };
  if (list.length === 0) return { tries, choice, none: Fraction.ONE };
  if (desperate(m, hp, maxHp)) {
    pick(list.filter((s) => spellDef(s).intelligent), Fraction.of(1, 2));
    pick(list, Fraction.of(1, 2));
  } else pick(list, Fraction.ONE);
  return { tries, choice, none };
}

/**
 * Whether an awake monster casts this turn, and what (make_attack_spell with the game's default
 * options, smart_monsters off): it cannot while confused; it tries with chance 100 / x (its
 * 1_IN_x), drawn first; then it needs its foe within MAX_RANGE and in its line of fire; a SMART
 * monster below a tenth of its hit points keeps, half the time, to its "intelligent" spells (and
 * casts nothing when it has none); then one spell of its list at random. With smart_monsters off
 * the game never fails a spell. Summons, traps and teleport-level are left out of the list before
 * the choice (see docs/FIDELITY.md).
 */
export function chooseSpell(ctx: AngContext, t: Tracer, self: AngView, foe: AngView, where: { projectable(): boolean }): AttackOption | undefined {
  const r = monsterRules(self);
  if (!r) return undefined;
  const m = monsterOf(ctx, self);
  const chance = castPercent(m);
  if (chance <= 0) return undefined;
  if (statusLevel(self, 'confused') > 0) {
    if (t.recording) {
      t.rule(SECTION_MONSTER_SPELLS, `${m.name}: a spell? (make_attack_spell)`);
      t.note('confused: it cannot cast');
    }
    return undefined;
  }
  const list = choosable(m, monsterRules(foe) !== undefined);
  if (t.recording) {
    t.rule(SECTION_MONSTER_SPELLS, `${m.name}: a spell? (make_attack_spell, 1_IN_${m.spellFreq})`);
    t.value('chance', chance, `100 / ${m.spellFreq}, in percent`);
  }
  const roll = t.roll(0, 99, 'spell: rand_int(100)');
  if (!(t.recording ? t.check('tries a spell when below the chance', roll, '<', chance) : roll < chance)) return undefined;
  // m_ptr->cdis: the game's distance (the longer axis plus half the shorter).
  const cdis = angbandDistance(self.pos, foe.pos);
  if (cdis > MAX_RANGE || !where.projectable()) {
    if (t.recording) t.note(cdis > MAX_RANGE ? `its foe is ${cdis} squares away (the game's distance), past MAX_RANGE ${MAX_RANGE}` : 'its foe is not in its line of fire');
    return undefined;
  }
  let from = list;
  if (m.flags.includes('smart') && self.body.hp < Math.trunc(self.body.maxHp / 10)) {
    const d = t.roll(0, 99, 'desperate: rand_int(100)');
    if (t.recording ? t.check('keeps to intelligent spells when below 50', d, '<', 50) : d < 50) {
      from = list.filter((s) => spellDef(s).intelligent);
      if (from.length === 0) {
        if (t.recording) t.note('desperate, and no intelligent spell: it casts nothing');
        return undefined;
      }
    }
  }
  if (from.length === 0) {
    if (t.recording) t.note('none of its spells can happen in a duel');
    return undefined;
  }
  const k = t.roll(0, from.length - 1, `spell: one of ${from.length}`);
  const name = from[k] as AngSpellName;
  if (t.recording) t.note(`it chooses ${spellDef(name).label} (${gameSpellName(name)})`);
  return spellOptions(m).find((o) => o.id === spellOptionId(name));
}

/** The hero's side of a spell: its defences and what the projections read of it. */
export interface HeroSide {
  readonly defences: AngDefences;
  readonly acidArmour: AcidArmour;
  readonly level: number;
  readonly exp: number;
}

/**
 * How a spell's effects reach the duel: the ruleset gives the hero's defences and turns the
 * projections' side effects into effects on the fighters (conditions, drains, teleports, items).
 */
export interface SpellWorld {
  hero(d: AngView): HeroSide;
  /**
   * Takes what a projection does to `target` besides its damage, one side effect at a time as
   * the projection decides it (its draws then come in the game's order), and gives the effects
   * on the fighters when it is done; what it says goes to `notes`.
   */
  sideEffects(t: Tracer, target: AngView, caster: AngView, notes: string[]): { apply(e: AngSideEffect): void; finish(): AngEffect[] };
}

/** The law of a spell's damage to this target, after its resistances (before any saving throw). */
function damageLaw(ctx: AngContext, world: SpellWorld, s: SpellDef, raw: RawDamage, target: AngView): Distribution {
  const rawLaw = lawOfSteps(raw.steps, 0);
  if (!s.gf) return rawLaw;
  if (monsterRules(target)) {
    const tm = monsterOf(ctx, target);
    return monsterDamageLaw(s.gf, rawLaw, struck(tm, target), target.body.hp);
  }
  const h = world.hero(target);
  return heroDamageLaw(s.gf, rawLaw, h.defences, h.acidArmour);
}

/** The monster a projection strikes, as project_m reads it (its flags and breaths, and its state now). */
function struck(m: AngMonster, f: AngView): MonsterState {
  return {
    ...monsterTarget(m),
    hp: f.body.hp,
    stunned: statusLevel(f, 'stun'),
    confused: statusLevel(f, 'confused'),
  };
}

/** The saving throw of the status spells and curses: rand_int(100) < skill_sav. */
function saves(t: Tracer, sav: number): boolean {
  const r = t.roll(0, 99, 'saving throw: rand_int(100)');
  return t.recording ? t.check('saved when below your saving throw', r, '<', sav) : r < sav;
}

/** What a resolved spell adds up to. */
interface Cast {
  damage: number;
  hit: boolean;
  p: Fraction;
  law: Distribution;
  readonly effects: AngEffect[];
  readonly notes: string[];
}

/** Adds `n` turns to a condition on the target (the game's set_x(p_ptr->x + n)). */
function addCondition(cast: Cast, d: AngView, kind: string, n: number, note: string): void {
  const before = cast.effects.reduce((lv, e) => (e.kind === 'status' && e.target === d.id && e.status.kind === kind ? (e.status.level ?? 0) : lv), statusLevel(d, kind));
  cast.effects.push({ kind: 'status', target: d.id, status: { kind, level: before + n }, mode: 'set' });
  cast.notes.push(note);
}

/**
 * A monster's spell, resolved (make_attack_spell's cases): the damage with the target's
 * resistances and what else it does, each draw in the game's order.
 */
export function resolveSpell(ctx: AngContext, world: SpellWorld, t: Tracer, a: AngView, d: AngView, name: AngSpellName, actx: AttackContext): AttackOutcome<AngState> {
  const m = monsterOf(ctx, a);
  const s = spellDef(name);
  const rlev = Math.max(1, m.level);
  const cast: Cast = { damage: 0, hit: false, p: Fraction.ONE, law: Distribution.constant(0), effects: [], notes: [] };
  const self = d.id === a.id;
  if (t.recording) t.rule(SECTION_MONSTER_SPELLS, `${m.name} ${s.label} (${gameSpellName(name)}; melee2.c make_attack_spell; the game's code in both editions)`);
  const raw = rawDamage(name, m, a.body.hp);
  const hero = heroRules(d);
  const foeMonster = !self && monsterRules(d) !== undefined;
  let summary: string;

  if (s.inert) {
    if (t.recording) t.note(`nothing in a duel reads it: ${s.inert}`);
    summary = `${says(a, s.label)}.`;
  } else if (foeMonster && !s.gf && s.reach !== 'self') {
    // Only a player steering a monster can choose it against another: the AI never does (`choosable`).
    if (t.recording) t.note('3.0.5 casts it only at the player: it does nothing to a monster');
    summary = `${says(a, `casts a ${s.noun}`)}, to no effect on ${nameOf(d)}.`;
  } else if (s.gf && raw) {
    // A bolt, ball, breath, arrow or boulder: project() at the foe.
    const rawLaw = lawOfSteps(raw.steps, 0);
    const amount = rollSteps(t, raw.steps, 0);
    cast.law = damageLaw(ctx, world, s, raw, d);
    const rawP = rawLaw.prob(amount);
    let dealt: number;
    if (t.recording) t.rule(foeMonster ? SECTION_PROJECT_MONSTER : SECTION_PROJECT_HERO, `${s.gf} strikes ${nameOf(d)} (spells1.c ${foeMonster ? 'project_m' : 'project_p'}): ${amount} before ${foeMonster ? 'its resistances' : 'your defences'}`);
    if (foeMonster) {
      const strike = projectMonster(t, s.gf, amount, struck(monsterOf(ctx, d), d));
      dealt = strike.dealt;
      const side = world.sideEffects(t, d, a, cast.notes);
      for (const e of strike.effects) side.apply(e);
      cast.effects.push(...side.finish());
      cast.p = rawP.mul(monsterDamageLaw(s.gf, Distribution.constant(amount), struck(monsterOf(ctx, d), d), d.body.hp).prob(dealt));
    } else {
      const h = world.hero(d);
      const side = world.sideEffects(t, d, a, cast.notes);
      const strike = projectHero(t, s.gf, amount, h.defences, h.acidArmour, { level: h.level, blind: statusLevel(d, 'blind') > 0, exp: h.exp }, (e) => side.apply(e));
      dealt = strike.dealt;
      cast.effects.push(...side.finish());
      cast.p = rawP.mul(heroDamageLaw(s.gf, Distribution.constant(amount), h.defences, h.acidArmour).prob(dealt));
    }
    cast.damage = dealt;
    cast.hit = true;
    summary = `${says(a, s.label)} at ${nameOf(d)} for ${dealt}`;
  } else if (s.reach === 'self') {
    summary = selfSpell(t, cast, a, m, name, rlev);
  } else if (s.reach === 'foe') {
    cast.hit = true;
    cast.effects.push({ kind: 'teleport', target: d.id, how: name === 'tele-to' ? { kind: 'to', near: a.id } : { kind: 'away', distance: 100 } });
    summary = name === 'tele-to' ? `${says(a, 'commands')} ${nameOf(d)} to return.` : `${says(a, 'teleports')} ${nameOf(d)} away.`;
  } else {
    summary = directSpell(t, cast, world, a, d, m, name, raw, hero !== undefined);
  }
  if (cast.damage > 0) cast.effects.unshift({ kind: 'damage', target: d.id, amount: cast.damage, cause: `${m.name}'s ${s.noun}`, source: a.id });
  if (t.recording) t.odds('P(what the spell rolled)', cast.p.num, cast.p.den);
  const extra = cast.notes.length ? ` (${[...new Set(cast.notes)].join(', ')})` : '';
  const text = summary.endsWith('.') ? summary.slice(0, -1) + extra + '.' : summary + extra + '.';
  const blow = blowOf(name, cast.hit, cast.damage, NO_TAGS, actx.luck ? { hitChance: Fraction.ONE, law: cast.law } : undefined);
  const luck = actx.luck ? { luck: { law: cast.law, dealt: cast.damage } } : {};
  return { hit: cast.hit, damage: cast.damage, blows: [blow], effects: cast.effects, cost: ACTION, summary: text, odds: cast.p, ...luck };
}

/** Heal, haste, blink and teleport (make_attack_spell's RF6 cases on the caster). */
function selfSpell(t: Tracer, cast: Cast, a: AngView, m: AngMonster, name: AngSpellName, rlev: number): string {
  switch (name) {
    case 'heal': {
      const gain = Math.min(rlev * 6, a.body.maxHp - a.body.hp);
      if (t.recording) t.value('heals', gain, `level ${rlev} x 6, up to its maximum`);
      if (gain > 0) cast.effects.push({ kind: 'heal', target: a.id, amount: gain, cause: 'its healing spell' });
      if (statusLevel(a, 'afraid') > 0) cast.effects.push({ kind: 'remove-status', target: a.id, status: 'afraid' });
      return a.body.hp + rlev * 6 >= a.body.maxHp ? `${says(a, 'looks completely healed')}!` : `${says(a, 'looks healthier')}.`;
    }
    case 'haste': {
      const r = monsterRules(a);
      const speed = r?.speed ?? m.speed;
      const next = speed < m.speed + 10 ? speed + 10 : speed < m.speed + 20 ? speed + 2 : speed;
      if (t.recording) t.mod('speed', speed, next, 'to its kind + 10 at once, then + 2 at a time up to + 20');
      if (next !== speed) cast.effects.push({ kind: 'rules', target: a.id, patch: { speed: next } });
      return next === speed ? `${says(a, 'concentrates on its body')}, to no effect.` : `${says(a, 'starts moving faster')}.`;
    }
    case 'blink':
      cast.effects.push({ kind: 'teleport', target: a.id, how: { kind: 'away', distance: 10 } });
      return `${says(a, 'blinks away')}.`;
    case 'tport':
      cast.effects.push({ kind: 'teleport', target: a.id, how: { kind: 'away', distance: 45 } });
      return `${says(a, 'teleports away')}.`;
    default:
      throw new RangeError(`${name} is not a spell on oneself`);
  }
}

/**
 * The mind spells, curses and status spells, against the hero (make_attack_spell): each with the
 * hero's protection, then the saving throw, then what it does.
 */
function directSpell(t: Tracer, cast: Cast, world: SpellWorld, a: AngView, d: AngView, m: AngMonster, name: AngSpellName, raw: RawDamage | null, isHero: boolean): string {
  const whom = nameOf(d);
  if (!isHero) throw new Error(`${name} has no version against a monster`);
  const h = world.hero(d);
  const def = h.defences;
  const sav = def.savingThrow;
  const rand4 = (label: string) => t.roll(0, 3, `${label}: rand_int(4) + 4`) + 4;
  const savP = Fraction.of(Math.max(0, Math.min(100, sav)), 100);
  const protectedBy = (has: boolean, what: string): boolean => {
    if (has && t.recording) t.note(`${what}: unaffected`);
    return has;
  };
  const save = (): boolean => {
    if (t.recording) t.value('your saving throw', sav, 'race, class, wisdom and level');
    const ok = saves(t, sav);
    cast.p = cast.p.mul(ok ? savP : savP.complement());
    return ok;
  };
  const hurt = (): void => {
    if (!raw) return;
    const law = lawOfSteps(raw.steps, 0);
    const n = rollSteps(t, raw.steps, 0);
    cast.damage += n;
    cast.p = cast.p.mul(law.prob(n));
    cast.hit = true;
  };
  // The damage law before the throw: 0 when saved, the dice otherwise.
  if (raw) cast.law = mixture([{ weight: savP, dist: Distribution.constant(0) }, { weight: savP.complement(), dist: lawOfSteps(raw.steps, 0) }]);
  switch (name) {
    case 'mind-blast':
      if (save()) return `${says(a, 'gazes')} at ${whom}; ${whom} resist${whom === 'you' ? '' : 's'} the effects.`;
      if (!protectedBy(def.resist.has('confu'), 'resists confusion')) addCondition(cast, d, 'confused', rand4('confusion'), 'confused');
      hurt();
      return `${says(a, 'blasts')} ${possessive(d)} mind for ${cast.damage}.`;
    case 'brain-smash':
      if (save()) return `${says(a, 'gazes')} at ${whom}; ${whom} resist${whom === 'you' ? '' : 's'} the effects.`;
      hurt();
      if (!protectedBy(def.resist.has('blind'), 'resists blindness')) addCondition(cast, d, 'blind', 8 + t.roll(0, 7, 'blindness: 8 + rand_int(8)'), 'blinded');
      if (!protectedBy(def.resist.has('confu'), 'resists confusion')) addCondition(cast, d, 'confused', rand4('confusion'), 'confused');
      if (!protectedBy(def.freeAction, 'free action')) addCondition(cast, d, 'paralyzed', rand4('paralysis'), 'paralysed');
      addCondition(cast, d, 'slow', rand4('slowness'), 'slowed');
      return `${says(a, 'smashes')} ${possessive(d)} mind for ${cast.damage}.`;
    case 'cause-1':
    case 'cause-2':
    case 'cause-3':
    case 'cause-4':
      if (save()) return `${says(a, 'points')} at ${whom} and curses; ${whom} resist${whom === 'you' ? '' : 's'} the effects.`;
      hurt();
      if (name === 'cause-4') {
        let cut = 0;
        for (let i = 0; i < 10; i++) cut += t.roll(1, 10, 'cut: 10d10');
        addCondition(cast, d, 'cut', cut, 'cut');
      }
      return `${says(a, 'points')} at ${whom} and curses for ${cast.damage}.`;
    case 'scare':
      if (protectedBy(def.resist.has('fear'), 'resists fear') || save()) return `${says(a, 'casts a fearful illusion')}; ${whom} refuse${whom === 'you' ? '' : 's'} to be frightened.`;
      addCondition(cast, d, 'afraid', rand4('fear'), 'terrified');
      cast.hit = true;
      return `${says(a, 'casts a fearful illusion')}.`;
    case 'blind':
      if (protectedBy(def.resist.has('blind'), 'resists blindness') || save()) return `${says(a, 'casts a spell, burning')} ${possessive(d)} eyes, to no effect.`;
      cast.effects.push({ kind: 'status', target: d.id, status: { kind: 'blind', level: 12 + t.roll(0, 3, 'blindness: 12 + rand_int(4)') }, mode: 'set' });
      cast.notes.push('blinded');
      cast.hit = true;
      return `${says(a, 'casts a spell, burning')} ${possessive(d)} eyes.`;
    case 'conf':
      if (protectedBy(def.resist.has('confu'), 'resists confusion') || save()) return `${says(a, 'creates a mesmerising illusion')}; ${whom} disbelieve${whom === 'you' ? '' : 's'} it.`;
      addCondition(cast, d, 'confused', rand4('confusion'), 'confused');
      cast.hit = true;
      return `${says(a, 'creates a mesmerising illusion')}.`;
    case 'slow':
      if (protectedBy(def.freeAction, 'free action') || save()) return `${says(a, 'drains power from')} ${possessive(d)} muscles, to no effect.`;
      addCondition(cast, d, 'slow', rand4('slowness'), 'slowed');
      cast.hit = true;
      return `${says(a, 'drains power from')} ${possessive(d)} muscles.`;
    case 'hold':
      if (protectedBy(def.freeAction, 'free action') || save()) return `${says(a, 'stares deep into')} ${possessive(d)} eyes, to no effect.`;
      addCondition(cast, d, 'paralyzed', rand4('paralysis'), 'paralysed');
      cast.hit = true;
      return `${says(a, 'stares deep into')} ${possessive(d)} eyes.`;
    default:
      throw new RangeError(`${name} (${m.name}) is not a spell at the foe`);
  }
}

/** The preview of a spell option: its damage law against this target (after resistances) and the chance it does anything. */
export function spellPreview(ctx: AngContext, world: SpellWorld, a: AngView, d: AngView, name: AngSpellName, perTurn: Fraction): AttackPreview {
  const m = monsterOf(ctx, a);
  const s = spellDef(name);
  const raw = rawDamage(name, m, a.body.hp);
  const notes: string[] = [];
  let damage = Distribution.constant(0);
  let hit = Fraction.ONE;
  if (raw && s.gf && !s.inert) damage = damageLaw(ctx, world, s, raw, d);
  else if (raw && heroRules(d)) {
    const sav = world.hero(d).defences.savingThrow;
    hit = Fraction.of(100 - Math.max(0, Math.min(100, sav)), 100);
    damage = lawOfSteps(raw.steps, 0);
    notes.push(`saved ${Math.max(0, Math.min(100, sav))}% of the time`);
  }
  if (s.inert) notes.push(s.inert);
  // A monster the AI plays casts it only when the game's rule picks it: on that share of its turns.
  let rate = perTurn;
  if (a.fighter.controller !== 'player') {
    const odds = castOdds(m, a.body.hp, a.body.maxHp, monsterRules(d) !== undefined);
    const share = odds.tries.mul(odds.choice.get(name) ?? Fraction.ZERO);
    rate = perTurn.mul(share);
    notes.push(`cast on ${share.percent(1)} of its turns in its line of fire`);
  }
  return { label: s.noun, hit, damage, expected: hit.mul(damage.mean()), perTurn: rate, notes };
}

/** "the Drolem breathes fire", or "you breathe fire" when the player steers it. */
function says(a: AngView, third: string): string {
  const who = subjectOf(a);
  if (!isYou(a)) return `${who} ${third}`;
  const [verb = '', ...rest] = third.split(' ');
  const base = verb.endsWith('ies') ? `${verb.slice(0, -3)}y` : /(sh|ch|ss|x)es$/.test(verb) ? verb.slice(0, -2) : verb.replace(/s$/, '');
  const tail = rest.join(' ').replace(/\bitself\b/g, 'yourself').replace(/\bits\b/g, 'your');
  return `${who} ${base}${tail ? ` ${tail}` : ''}`;
}
