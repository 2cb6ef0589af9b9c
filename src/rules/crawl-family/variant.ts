import type { Distribution } from '../../core/distribution.js';
import type { Fraction } from '../../core/fraction.js';
import type { Step } from '../../core/rule.js';
import type { Tracer } from '../../core/trace.js';
import type { Divergence, Edition } from '../edition.js';
import type { NoticeCheck, NoticeResult, RulesetId } from '../ruleset.js';
import type { AuxPlan, AuxTarget } from './aux.js';
import type { CrCharacter, CrWielded } from './character.js';
import type { CrTarget } from './melee.js';
import type { MonsterAttackPlan } from './monster-melee.js';
import type { BloodState, SsEffects, SsSpell } from './states.js';
import type { FamilyCtx, FamilyEffect, FamilyState, HeroState, MonsterGear, MonsterState, View } from './state.js';

/**
 * What each game of the Crawl family supplies: the rules where Crawl 4.00 beta 20 and Stone Soup
 * 0.5.2 differ, as functions and values. The family's phases (crawl-family/*.ts) call these and
 * never ask which game they play.
 */

/** The main blow's hit test against one target. */
export interface HitRule {
  /** Rolls it from the final to-hit. */
  roll(t: Tracer, toHit: number): boolean;
  /** P(hit) from the law of the final to-hit. */
  chance(law: Distribution): Fraction;
  /** P(hit | this final to-hit), for a target whose shield then weighs each to-hit on its own. */
  given(toHit: number): Fraction;
}

/** The stab of one main blow against one target. */
export interface StabRule {
  /** The stab category's divisor (0: no stab attempt). */
  readonly b: number;
  /** Whether a roll decides it. */
  readonly rolled: boolean;
  /** The chance the game gives the stab's roll (also read by the groggy roll on a sleeper). */
  readonly chance: Fraction;
  /** Rolls the stab: its category, or 0. */
  roll(t: Tracer): number;
  /** The message of a stab of category `b` on the monster named `whom`. */
  words(b: number, whom: string): string;
  /** The factor a stab of category `b` puts on the brand's damage too, when the game does so (null: it does not). */
  brandFactor(b: number): Fraction | null;
  /** The divergence the brand's stab follows, for the trace. */
  readonly brandEdition: { readonly id: string; readonly text: string };
}

/** A monster's shield as the hero's blows meet it. */
export interface ShieldRule {
  readonly name: string;
  /** The rule the trace cites when it is tried. */
  readonly section: string;
  /** Blocks it has made since its last action. */
  readonly blocks: number;
  /** P(it blocks a blow of this rolled to-hit, with `blocks` made). */
  chance(toHit: number, blocks: number, edition: Edition): Fraction;
  /** Rolls it (after a hit, before the damage). */
  roll(t: Tracer, toHit: number, blocks: number, edition: Edition): boolean;
}

/** The time an attack takes. */
export interface TimeRule {
  /** The expected time of an attack, in player time units (previews and the calculator). */
  expected(c: CrCharacter, edition: Edition, hh: boolean, fast: boolean | null): Fraction;
  /** Rolls and traces the time of an attack made; `base` is the player's action time. */
  roll(t: Tracer, c: CrCharacter, edition: Edition, hh: boolean, fast: boolean | null, base: number): number;
  /** The energy an attack costs the scheduler, in ticks. */
  cost(c: CrCharacter, edition: Edition): number;
}

/** What the hero's attack rules take from the game. */
export interface MeleeVariant {
  /** The target's EV as the main blow meets it, the hit test and the stab. */
  planTarget(c: CrCharacter, target: CrTarget, edition: Edition): { readonly ev: number; readonly hit: HitRule; readonly stab: StabRule };
  /** A step right after random2(damage), when the game has one. */
  afterRandomise(target: CrTarget, edition: Edition): Step | null;
  /** The step of a negative weapon plus (to-dam). */
  weaponMinus(plus: number, target: CrTarget, edition: Edition): Step;
  /** The last damage steps: the stab's bonus, the monster's AC, the floor at 0. */
  stabAndArmour(c: CrCharacter, target: CrTarget, edition: Edition, stab: number, w: CrWielded | null): Step[];
  readonly time: TimeRule;
  /** What the second attacks see of the target. */
  auxTarget(target: CrTarget): AuxTarget;
  /** The second attacks' plan. */
  planAux(c: CrCharacter, target: AuxTarget, edition: Edition): AuxPlan;
}

/** One monster's attacks on the hero, worked out once per round. */
export interface MonsterAttackModel {
  /** Rolls one attack with `blocks` made before it this turn, tracing it under `head`; its outcome and exact probability. */
  attack(t: Tracer, mdam: number, blocks: number, head: string): { readonly res: MonsterHit; readonly p: Fraction };
  /** P(blocked), P(landing), and the damage law of a landing attack. */
  ways(mdam: number, blocks: number): { readonly blocked: Fraction; readonly land: Fraction; readonly damage: Distribution };
  /** For previews and the recall page: P(an attack lands), its damage law, the round's mean, the notes after the count, the to-hit's words. */
  preview(): { readonly hit: Fraction; readonly damage: (mdam: number) => Distribution; readonly expected: Fraction; readonly notes: readonly string[]; readonly toHit: string };
}

export interface MonsterHit {
  readonly blocked: boolean;
  readonly hit: boolean;
  readonly damage: number;
}

export interface CrawlVariant {
  readonly id: RulesetId;
  readonly name: string;
  readonly description: string;
  readonly divergences: readonly Divergence[];
  readonly defaultHero: string;
  readonly defaultFoe: string;
  readonly melee: MeleeVariant;
  /** The spells a preset may start with that run as statuses (Stone Soup's). */
  readonly spells: readonly SsSpell[];
  /** The statuses that count down each hero action, in order. */
  readonly durations: readonly string[];
  /** What happens when a duration runs out, beyond its message; gives the effects and the hit points left. */
  durationEnds(ctx: FamilyCtx, f: View, kind: string, c: CrCharacter, r: HeroState, hp: number): { readonly effects: readonly FamilyEffect[]; readonly hp: number };
  /** The game's own states of a hero from what runs on it (null: the game has none). */
  heroStates(on: (kind: string) => boolean, shields: number, blood: BloodState): SsEffects | null;
  /** The game's own fields of a target. */
  targetStates(ctx: FamilyCtx, d: View, heroUnseen: boolean): Partial<CrTarget>;
  /** How the creation trace names what a monster gets. */
  readonly creationWords: string;
  /** The gear fields of a monster's state. */
  monsterGear(armour: MonsterGear | null, shield: MonsterGear | null): Partial<MonsterState>;
  /** A monster's attacks on the hero. */
  monsterAttack(ctx: FamilyCtx, a: View, d: View, c: CrCharacter, edition: Edition, plan: MonsterAttackPlan): MonsterAttackModel;
  /** A monster's melee round with a weapon of speed `w`, in ticks; with a tracer, rolled. */
  monsterAttackTime(plan: MonsterAttackPlan, w: number, edition: Edition, name: string, t?: Tracer): number;
  notice(t: Tracer, ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean, edition: Edition): NoticeResult<FamilyState>;
  noticeChance(ctx: FamilyCtx, observer: View, enemy: View, distance: number, inView: boolean, edition: Edition): NoticeCheck;
  /** The panel's lines of a hero; `arms` reads "long sword, speed 12". */
  describeHero(ctx: FamilyCtx, f: View, c: CrCharacter, r: HeroState, edition: Edition, arms: string): readonly string[];
  describeMonster(ctx: FamilyCtx, f: View, r: MonsterState, edition: Edition): readonly string[];
}
