import { isDeepStrictEqual } from 'node:util';
import type { Content } from '../content/index.js';
import type { RulesetId } from '../rules/ruleset.js';
import type { AiMode, ArenaEntity, Status } from '../world/components.js';
import { Duel, type DuelSetup } from './duel.js';

/**
 * The fight lab's builds. A duel rolls both fighters from one setup stream, the hero first, so
 * a different hero (another level: more hit point rolls) moves the foe's rolls and re-rolls its
 * kit and hit points. The lab keeps the side that did not change as it was built: a new duel is
 * built from the changed setup and the kept side's components are copied into it. Real duels
 * never come through here.
 */

/** What a lab change touches: one side, the foe's starting state only, or everything (the edition). */
export type LabChange = 'hero' | 'foe' | 'foe-state' | 'all';

/** A fighter's components as built, without its id and position. */
const KEPT = ['body', 'fighter', 'glyph', 'energy', 'ai', 'awareness', 'inventory', 'statuses', 'rules'] as const satisfies readonly (keyof ArenaEntity)[];

function keep(from: ArenaEntity, into: ArenaEntity, except: readonly (keyof ArenaEntity)[] = []): void {
  const target = into as unknown as Record<string, unknown>;
  for (const k of KEPT) if (!except.includes(k)) target[k] = structuredClone(from[k]);
}

/** Whether two duels built their fighters alike (every component but the id). */
function sameBuilds(a: Duel, b: Duel): boolean {
  return KEPT.every((k) => isDeepStrictEqual(a.hero[k], b.hero[k]) && isDeepStrictEqual(a.foe[k], b.foe[k]));
}

/**
 * The lab's duel for `next`, made from `prev` by `change`: a hero change keeps the foe as built,
 * a foe change keeps the hero, a foe state change keeps both but the foe's starting state, and
 * `all` (the edition) keeps both when the two editions build the setup's fighters alike, else
 * builds both afresh. Throws what the ruleset says when it refuses `next`.
 */
export function rebuildLabDuel(prev: Duel, next: DuelSetup, content: Content, change: LabChange, condition?: Status): Duel {
  const d = new Duel(next, content, { tracing: false });
  if (change === 'hero' || change === 'foe-state') keep(prev.foe, d.foe, change === 'foe-state' ? ['ai', 'awareness'] : []);
  if (change === 'foe' || change === 'foe-state') keep(prev.hero, d.hero);
  if (change === 'all' && sameBuilds(new Duel(prev.setup, content, { tracing: false }), d)) {
    // The other edition builds these fighters the same: both stay as the lab had them.
    keep(prev.hero, d.hero);
    keep(prev.foe, d.foe);
  }
  return afflicted(seeing(d), condition);
}

/** The lab's duel for a setup: built, with a hunting or fleeing foe aware of the hero, and the foe under `condition` if given. */
export function labDuel(setup: DuelSetup, content: Content, condition?: Status): Duel {
  return afflicted(seeing(new Duel(setup, content, { tracing: false })), condition);
}

/** A foe state the lab offers: a starting state, and for some a condition the ruleset's attack rules read. */
export interface LabFoeState {
  readonly label: string;
  /** The setup's `foeState`; undefined for the foe's own. */
  readonly mode?: AiMode;
  /** A status the foe is under (with `mode` hunting: awake, facing the hero). */
  readonly condition?: Status;
}

const STARTS: readonly LabFoeState[] = [
  { label: 'its own' },
  { label: 'asleep', mode: 'sleeping' },
  { label: 'wandering (unaware)', mode: 'wandering' },
  { label: 'hunting', mode: 'hunting' },
  { label: 'fleeing', mode: 'fleeing' },
];

/**
 * The conditions each ruleset's attack rules read in a defender, as the statuses its rules set:
 * Pixel Dungeon's paralysed mob (a surprise attack: dodge 0); Crawl's confused monster (a stab);
 * Stone Soup's confused, paralysed, netted or petrified monster (stabs, no block, EV).
 */
const CONDITIONS: Readonly<Record<RulesetId, readonly LabFoeState[]>> = {
  'pixel-dungeon': [{ label: 'paralysed', mode: 'hunting', condition: { kind: 'paralysed' } }],
  'angband-3.0.5': [],
  'crawl-4.0b20': [{ label: 'confused', mode: 'hunting', condition: { kind: 'confused', level: 1 } }],
  'stone-soup-0.5.2': [
    { label: 'confused', mode: 'hunting', condition: { kind: 'confused', level: 1 } },
    { label: 'paralysed', mode: 'hunting', condition: { kind: 'paralysis', level: 1 } },
    { label: 'netted', mode: 'hunting', condition: { kind: 'netted', level: 1 } },
    { label: 'petrified', mode: 'hunting', condition: { kind: 'petrified', level: 1 } },
  ],
};

/** The foe states the lab offers in a ruleset: the foe's own, each starting state, then the ruleset's conditions. */
export function labFoeStates(ruleset: RulesetId): readonly LabFoeState[] {
  return [...STARTS, ...(CONDITIONS[ruleset] ?? [])];
}

/** The foe with every lab condition of its ruleset taken off, then `condition` put on. */
function afflicted(d: Duel, condition: Status | undefined): Duel {
  const kinds = new Set((CONDITIONS[d.setup.ruleset] ?? []).map((c) => c.condition?.kind));
  const statuses = d.foe.statuses;
  if (!statuses) return d;
  const kept = statuses.filter((x) => !kinds.has(x.kind));
  statuses.length = 0;
  statuses.push(...kept, ...(condition ? [{ ...condition }] : []));
  return d;
}

/**
 * A duel's foe that starts hunting or fleeing has not yet taken a turn to see the hero, so the
 * rules would treat it as not having seen its enemy (Pixel Dungeon's surprise attack). The lab
 * shows such a foe as the fight finds it after its first look: it has seen the hero. An asleep
 * or wandering foe is left unaware.
 */
function seeing(d: Duel): Duel {
  const { foe, hero } = d;
  if ((foe.ai?.mode === 'hunting' || foe.ai?.mode === 'fleeing') && foe.awareness && hero.pos) {
    foe.awareness.enemySeen = true;
    foe.awareness.lastSeen = { ...hero.pos };
  }
  return d;
}

/** The hero's trained skills as its build holds them (Crawl and Stone Soup), or an empty record. */
export function heroSkillLevels(d: Duel): Readonly<Record<string, number>> {
  const s = d.hero.rules?.['skills'];
  if (typeof s !== 'object' || s === null) return {};
  return Object.fromEntries(Object.entries(s).filter((e): e is [string, number] => typeof e[1] === 'number'));
}
