import type { Distribution } from '../core/distribution.js';
import type { Fraction } from '../core/fraction.js';
import type { Tracer } from '../core/trace.js';
import type { ArenaEntity, AiMode, FighterInfo, Glyph, Inventory, ItemStack, Side, Status } from '../world/components.js';
import type { DirectionName, Point } from '../world/grid.js';
import type { ProjectileOptions } from '../world/projectile.js';
import type { Terrain } from '../world/terrain.js';
import type { Divergence, Edition } from './edition.js';

/**
 * The interface every ruleset implements. A ruleset sees fighters only as read-only views and
 * returns outcomes as data (effects); the systems apply them to the world. It never touches the
 * world, a file, the screen or the clock.
 */

/** A ruleset's id, as the registry knows it (`registry.ts`: `availableRulesets`, `isRulesetId`). */
export type RulesetId = string;

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * A ruleset's own per-fighter state (Angband's hero sheet, Crawl's stealth counters). Each
 * ruleset declares its type `S` (a type alias, so that it is a record of named fields); the
 * engine stores it, clones it and applies patches to it without looking inside.
 */
export type RulesState = Record<string, unknown>;

/** A fighter as a ruleset sees it, with the ruleset's own state `S`. */
export type FighterView<S extends RulesState = RulesState> = DeepReadonly<
  ArenaEntity & {
    pos: Point;
    body: { hp: number; maxHp: number };
    fighter: FighterInfo;
    inventory: Inventory;
    statuses: Status[];
    rules: S;
  }
>;

/** Which fighter to build: a hero preset or a monster, with optional overrides from the user. */
export interface FighterSpec {
  readonly template: string;
  /** Optional overrides (level, weapon, armour...), validated by the ruleset. */
  readonly options: Readonly<Record<string, string | number>>;
  /**
   * Set by the engine for the fighter on side 0: it came to fight, so a monster there starts
   * awake and hunting, without the sleep roll a monster met in its lair makes.
   */
  readonly awake?: boolean;
}

/** The components a ruleset gives a new fighter (the engine adds position and awareness). */
export interface FighterInit<S extends RulesState = RulesState> {
  readonly fighter: Omit<FighterInfo, 'side' | 'controller'>;
  readonly glyph: Glyph;
  readonly body: { hp: number; maxHp: number; aliveAtZero?: boolean };
  /** Energy at the start (0 when absent). */
  readonly energy?: number;
  readonly inventory: Inventory;
  readonly statuses: Status[];
  readonly rules: S;
  /** How a menu names what was built ("Warrior 10", "Minotaur Fighter"); the fighter's name when absent. */
  readonly title?: string;
  /** Starting AI mode for monsters; heroes hunt. */
  readonly aiMode: AiMode;
}

export interface CatalogEntry {
  readonly id: string;
  readonly name: string;
  readonly kind: 'hero' | 'monster';
  readonly description: string;
}

/** How a teleport moves a fighter: away from where it stands, or to beside another fighter. */
export type TeleportHow = { readonly kind: 'away'; readonly distance: number } | { readonly kind: 'to'; readonly near: number };

/** What a ruleset's teleport may ask of the arena. */
export interface TeleportArena {
  readonly width: number;
  readonly height: number;
  /** An empty floor cell a fighter may land on (no wall, door or fighter). */
  free(p: Point): boolean;
}

/** One way a fighter can attack. */
export interface AttackOption {
  /** Stable id used in commands and replays: `melee`, `throw:dart`, `zap:magic-missile`, `spell:lightning`. */
  readonly id: string;
  readonly label: string;
  /**
   * melee: at an adjacent foe; projectile: at a cell, along a path (throws, shots, bolts, breaths);
   * self: on the fighter itself, no target (a monster's heal, haste or blink). A self option is
   * fired at the fighter's own cell.
   */
  readonly kind: 'melee' | 'projectile' | 'self';
  /** How the projectile flies (for projectile attacks). */
  readonly projectile?: ProjectileOptions;
  /** The pack stack it uses up or needs (thrown weapons, wands), by its stack key. */
  readonly item?: string;
  /**
   * What firing it spends: one of the item (it lands somewhere or breaks), nothing (it comes
   * back), or a charge.
   */
  readonly spends?: 'item' | 'nothing' | 'charge';
  /**
   * Used by an AI fighter only when its ruleset's own choice picks it (`AiCapability.castSpell`:
   * an Angband monster's spells), never by the AI's general choice of attack.
   */
  readonly byRuleOnly?: boolean;
}

export interface AttackContext {
  readonly now: number;
  /** Chebyshev distance between the fighters. */
  readonly distance: number;
  /** Whether the attacker can see the defender (in view, and not hidden from it). */
  readonly visible: boolean;
  readonly attackerTerrain: Terrain;
  readonly defenderTerrain: Terrain;
  /** Work out the outcome's damage law for the luck meter (`AttackOutcome.luck`). */
  readonly luck?: boolean;
}

/** What happens, as data. The systems apply effects in order. */
export type Effect<S extends RulesState = RulesState> =
  | { readonly kind: 'damage'; readonly target: number; readonly amount: number; readonly cause: string; readonly source?: number }
  | { readonly kind: 'heal'; readonly target: number; readonly amount: number; readonly cause: string }
  /** Sets maximum hit points (Crawl's rot, draining, forms); current hit points are capped at it. */
  | { readonly kind: 'max-hp'; readonly target: number; readonly maxHp: number }
  /** Adds a status, or extends it: `until` and `level` take the larger, `next` the earlier. */
  | { readonly kind: 'status'; readonly target: number; readonly status: Status; readonly mode: 'prolong' | 'set' }
  | { readonly kind: 'remove-status'; readonly target: number; readonly status: string }
  | { readonly kind: 'ai-mode'; readonly target: number; readonly mode: AiMode }
  | { readonly kind: 'alert'; readonly target: number }
  /** Takes a pack item (by index) from the victim; the thief's ruleset keeps it in its own state (a `rules` patch). */
  | { readonly kind: 'steal'; readonly thief: number; readonly victim: number; readonly packIndex: number }
  /** Drops the victim's weapon on its cell. */
  | { readonly kind: 'disarm'; readonly target: number }
  /** Pushes the target's next action back. */
  | { readonly kind: 'delay'; readonly target: number; readonly ticks: number }
  /** Changes the target's ruleset state: the named fields take the new values. */
  | { readonly kind: 'rules'; readonly target: number; readonly patch: Readonly<Partial<S>> }
  | { readonly kind: 'drop'; readonly at: Point; readonly stack: ItemStack }
  /** Uses up items from the pack (`item` is the stack key). */
  | { readonly kind: 'consume'; readonly target: number; readonly item: string; readonly quantity: number }
  /** Adds charges to a wand in the pack. */
  | { readonly kind: 'charge'; readonly target: number; readonly item: string; readonly delta: number }
  | { readonly kind: 'awareness'; readonly target: number; readonly enemySeen: boolean }
  /** Moves the target by magic: away (up to `distance` squares) or to a cell beside `near` (a fighter). Where it lands is the ruleset's `teleport`. */
  | { readonly kind: 'teleport'; readonly target: number; readonly how: TeleportHow }
  | { readonly kind: 'message'; readonly text: string; readonly tone: 'info' | 'good' | 'bad' | 'warn' };

/**
 * What marked a blow, for the simulator's counts: a critical hit, a shield block, a stab on an
 * unaware or helpless target, a surprise attack (Pixel Dungeon), a slay or brand that applied.
 */
export type BlowTag = 'critical' | 'blocked' | 'stab' | 'surprise' | 'slay' | 'brand';

/** One blow of an attack (an Angband blow, one of a monster's attacks, a second attack), in order. */
export interface BlowOutcome {
  /** Which blow: the attack's own label, or the blow's ("hit", "bite", "kick", "headbutt"). */
  readonly label: string;
  readonly hit: boolean;
  /** Hit points the blow took (0 for a miss or a block). */
  readonly damage: number;
  readonly tags: readonly BlowTag[];
  /**
   * When the context asks for laws (`AttackContext.luck`): the exact chance that this blow
   * landed, and the exact law of the hit points it took (misses as 0), both given everything
   * rolled before it in the attack.
   */
  readonly hitChance?: Fraction;
  readonly law?: Distribution;
}

export interface AttackOutcome<S extends RulesState = RulesState> {
  readonly hit: boolean;
  readonly damage: number;
  /** Every blow the attack threw, in order (one for a single-blow attack; none when it could not attack). */
  readonly blows: readonly BlowOutcome[];
  /** Applied after the damage. */
  readonly effects: readonly Effect<S>[];
  /** Energy the attack costs. */
  readonly cost: number;
  /** One line for the message log. */
  readonly summary: string;
  /** The exact probability of what happened (hit or miss, and this damage). */
  readonly odds: Fraction;
  /**
   * When the context asks for it: the exact law of the damage this attack could deal (misses
   * as 0), from the laws it was rolled by, and the damage it dealt, for the luck meter.
   */
  readonly luck?: { readonly law: Distribution; readonly dealt: number };
}

export interface AttackPreview {
  readonly label: string;
  readonly hit: Fraction;
  /** Damage given a hit. */
  readonly damage: Distribution;
  readonly expected: Fraction;
  /** Attacks per game turn at this attacker's speed (e.g. 2 for a 0.5-turn weapon). */
  readonly perTurn: Fraction;
  readonly notes: readonly string[];
}

export interface NoticeCheck {
  readonly chance: Fraction;
  readonly describe: string;
}

/** What a sleeping or wandering monster's noticing roll did: whether it noticed, and any change to it (a lighter sleep). */
export interface NoticeResult<S extends RulesState = RulesState> {
  readonly noticed: boolean;
  readonly effects: readonly Effect<S>[];
}

/** Where a projectile that struck nobody came down, and why it stopped there. */
export interface LandingInfo {
  readonly reason: 'target' | 'obstacle' | 'sight-blocker' | 'character' | 'start' | 'range';
  /** Chebyshev distance from the thrower to where it lies. */
  readonly distance: number;
  /** Chebyshev distance to the wall (or other obstacle) that stopped it, when one did. */
  readonly obstacleDistance?: number;
}

/** How the AI should use a monster. */
export interface AiProfile<S extends RulesState = RulesState> {
  /** Attacks only at range and backs away when the enemy closes (Pixel Dungeon's scorpio). */
  readonly keepsDistance: boolean;
  /** Never steps from its cell (Angband's NEVER_MOVE): it still strikes a foe beside it and casts. */
  readonly neverMoves?: boolean;
  /** A fleeing fighter turns to fight when cornered, or once this returns true. */
  stopsFleeing?(self: FighterView<S>, enemy: FighterView<S>): boolean;
  /** Percent of its moves taken in a random direction (Angband's erratic movers). */
  readonly erratic?: number;
  /** Knows where its enemy is without seeing it (Angband monsters within their detection range). */
  tracksEnemy?(self: FighterView<S>, enemy: FighterView<S>): boolean;
  /** Acts in the turn it wakes (Angband); otherwise waking takes the turn. */
  readonly actsOnWaking?: boolean;
  /** What changes when, cornered while fleeing, it turns to fight (Angband: its fear is gone). */
  turnsToFight?(self: FighterView<S>): readonly Effect<S>[];
}

/** What a hero played by the AI would use, and when. */
export interface HeroTactics {
  /** A healing item to use when badly hurt. */
  readonly heal?: string;
  /** An item to use when an enemy is close and the effect is not already running. */
  readonly buff?: string;
  /** An item to use as soon as the enemy is in view: a guard against what it casts or breathes (a potion of resistance). */
  readonly guard?: string;
}

/** One part of a recall page: a heading and its lines ("Melee", "Its attacks against you"). */
export interface RecallSection {
  readonly title: string;
  readonly lines: readonly string[];
}

/**
 * The fighter panel, the recall page and the look pane: what a ruleset shows of a fighter.
 */
export interface PanelCapability<S extends RulesState = RulesState> {
  /** Lines for the status panel: "STR 15  Acc 16  Dodge 5  Armour 0-2". */
  describeFighter(f: FighterView<S>, now: number): readonly string[];
  /**
   * How a status shows in the fighter's panel ("stun 12"), or null to hide it (bookkeeping such
   * as regeneration clocks). Absent: the status kind and its level or time left.
   */
  statusLabel?(status: Status, now: number): string | null;
  /**
   * The recall page of `subject` as this ruleset sees it (Angband 4.2's monster recall, DCSS's
   * xv): its numbers, each of its attacks with the exact odds against `observer`, and the
   * observer's odds back. `distance` and `visible` describe where the two stand.
   */
  recall(subject: FighterView<S>, observer: FighterView<S>, now: number, where: { readonly distance: number; readonly visible: boolean }): readonly RecallSection[];
}

/** How the AI plays a ruleset's fighters. */
export interface AiCapability<S extends RulesState = RulesState> {
  profile(f: FighterView<S>): AiProfile<S>;
  /**
   * An awake monster's turn may begin with a spell, by its game's rule (Angband's
   * make_attack_spell), drawn through `t` (the rules stream): the option to use now, or none.
   * `projectable()`: whether a spell's path from it reaches the enemy (worked out when asked).
   */
  castSpell?(t: Tracer, self: FighterView<S>, enemy: FighterView<S>, where: { projectable(): boolean }): AttackOption | undefined;
  /** What a hero played by the AI uses; the first usable item heals when absent. */
  heroTactics?(f: FighterView<S>, now: number, enemy?: FighterView<S>): HeroTactics;
}

/** What a game's rules do to the arena's terrain (Pixel Dungeon's): none of it when absent. */
export interface TerrainCapability<S extends RulesState = RulesState> {
  /** Doors close by themselves when the last one through leaves. */
  readonly autoCloseDoors: boolean;
  /** Whether stepping into high grass tramples it. */
  tramplesGrass(f: FighterView<S>): boolean;
}

/**
 * The interface every ruleset implements: a small core (fighters, time, attacks, noticing,
 * statuses, items) and capability objects beside it for the AI, the panels and what only some
 * games have. Presentation and tools that only some rulesets offer (colours, hero options, the
 * calculator) are in the ruleset's module (`registry.ts`).
 */
export interface Ruleset<S extends RulesState = RulesState> {
  readonly id: RulesetId;
  readonly name: string;
  readonly description: string;
  readonly divergences: readonly Divergence[];
  /**
   * The edition every rule of this ruleset follows: bound once, when the ruleset is made for a
   * duel (`getRuleset(id, tables, edition)`), and read by no other way.
   */
  readonly edition: Edition;
  /** The arena's default fighters for a quick duel. */
  readonly defaultHero: string;
  readonly defaultFoe: string;

  // Fighters.
  catalog(): readonly CatalogEntry[];
  /**
   * Builds a fighter. With a tracer (on the `setup` stream) it rolls what the game rolls when a
   * fighter appears (Angband's hit points, a monster's sleep and energy); without one it uses
   * fixed typical values, for checks and the calculator.
   */
  buildFighter(spec: FighterSpec, t?: Tracer): FighterInit<S>;

  // Time.
  /** Energy ticks per game turn (for the clock and the turn cap). */
  readonly ticksPerTurn: number;
  /** Energy needed to act. */
  readonly energyThreshold: number;
  /** Energy actions are ordered by when two fighters are ready at the same tick: lowest id first, or most energy first. */
  readonly readyOrder?: 'lowest-id' | 'most-energy';
  energyGain(f: FighterView<S>): number;
  actionCost(f: FighterView<S>, action: 'move' | 'wait' | 'door' | 'pickup' | 'equip' | 'use', now: number): number;

  // Statuses.
  /**
   * At the start of a fighter's turn: expire statuses, and say whether the turn is lost
   * (paralysis) and what it costs.
   */
  turnStart(t: Tracer, f: FighterView<S>, now: number): { readonly skip: boolean; readonly cost: number; readonly effects: readonly Effect<S>[] };
  /**
   * The way a confused fighter's step (or blow by stepping) really goes, drawn through `t`
   * (Angband's confuse_dir). Absent: every step goes the way it was meant.
   */
  confusedDirection?(t: Tracer, f: FighterView<S>, dir: DirectionName): DirectionName;
  /** The way a confused fighter's aimed attack flies instead of at its target (Angband's get_aim_dir), or null when it aims true. */
  confusedAim?(t: Tracer, f: FighterView<S>): DirectionName | null;
  /** The earliest tick at which one of this fighter's statuses acts. */
  nextStatusTime(f: FighterView<S>): number | undefined;
  /** Runs every status of `f` due at `now`. */
  statusTick(t: Tracer, f: FighterView<S>, now: number): readonly Effect<S>[];

  // Attacks.
  attackOptions(f: FighterView<S>): readonly AttackOption[];
  /** Whether `option` may be used from here at that distance (melee: adjacent). */
  canUse(option: AttackOption, distance: number): boolean;
  resolveAttack(t: Tracer, attacker: FighterView<S>, defender: FighterView<S>, option: AttackOption, ctx: AttackContext): AttackOutcome<S>;
  previewAttack(attacker: FighterView<S>, defender: FighterView<S>, option: AttackOption, ctx: AttackContext): AttackPreview;
  /** Energy an attack with this option costs (also when it strikes nobody). */
  attackCost(attacker: FighterView<S>, option: AttackOption, now: number): number;
  /** A projectile that hit nobody: what lands where (it may break). */
  missileLanded(t: Tracer, f: FighterView<S>, option: AttackOption, at: Point, info: LandingInfo): readonly Effect<S>[];
  onDamaged(t: Tracer, victim: FighterView<S>, amount: number, hpBefore: number, ctx: { readonly now: number }): readonly Effect<S>[];
  onDeath(t: Tracer, victim: FighterView<S>, neighbours: readonly FighterView<S>[]): readonly Effect<S>[];

  /**
   * Where a teleport lands, drawn through `t` (Angband's teleport_away, teleport_player and
   * teleport_player_to); null when no cell will do. Rulesets without magic that moves leave it out.
   */
  teleport?(t: Tracer, f: FighterView<S>, from: Point, how: { readonly kind: 'away'; readonly distance: number } | { readonly kind: 'to'; readonly near: Point }, arena: TeleportArena): Point | null;

  // Sight and noticing.
  viewRadius(f: FighterView<S>): number;
  /** Does a sleeping or wandering monster notice its enemy this turn? `inView`: it sees the enemy. */
  notice(t: Tracer, observer: FighterView<S>, enemy: FighterView<S>, distance: number, inView: boolean): NoticeResult<S>;
  /** The exact chance `notice` succeeds this turn. */
  noticeChance(observer: FighterView<S>, enemy: FighterView<S>, distance: number, inView: boolean): NoticeCheck;
  /**
   * Whether `viewer` can see `target` standing in its field of view (invisibility, see
   * invisible, infravision). Everything in view is seen when absent.
   */
  canSee?(viewer: FighterView<S>, target: FighterView<S>): boolean;

  // Items.
  /** Items the fighter can use (potions). */
  usableItems(f: FighterView<S>): readonly ItemStack[];
  useItem(t: Tracer, f: FighterView<S>, item: string): { readonly effects: readonly Effect<S>[]; readonly cost: number } | { readonly error: string };
  /** A short name for an item id or stack key. */
  itemName(item: string): string;
  /** How an item lying on the floor is drawn. */
  itemGlyph(item: string): { readonly ch: string; readonly colour: string };
  /** Whether picking up this stack should equip it (a weapon when the hand is empty). */
  equipsOnPickup(f: FighterView<S>, stack: ItemStack): boolean;

  // Capabilities.
  readonly ai: AiCapability<S>;
  readonly panel: PanelCapability<S>;
  readonly terrain?: TerrainCapability<S>;
}

export type { Side };
