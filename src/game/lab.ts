import type { Content } from '../content/index.js';
import type { AiMode, ArenaEntity } from '../world/components.js';
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

/**
 * The lab's duel for `next`, made from `prev` by `change`: a hero change keeps the foe as built,
 * a foe change keeps the hero, a foe state change keeps both but the foe's starting state, and
 * `all` builds both afresh. Throws what the ruleset says when it refuses `next`.
 */
export function rebuildLabDuel(prev: Duel, next: DuelSetup, content: Content, change: LabChange): Duel {
  const d = new Duel(next, content, { tracing: false });
  if (change === 'hero' || change === 'foe-state') keep(prev.foe, d.foe, change === 'foe-state' ? ['ai', 'awareness'] : []);
  if (change === 'foe' || change === 'foe-state') keep(prev.hero, d.hero);
  return seeing(d);
}

/** The lab's duel for a setup: built, with a hunting or fleeing foe aware of the hero. */
export function labDuel(setup: DuelSetup, content: Content): Duel {
  return seeing(new Duel(setup, content, { tracing: false }));
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

/** The foe states the lab offers: the foe's own (undefined), then each a setup may start it in. */
export const LAB_FOE_STATES: readonly (AiMode | undefined)[] = [undefined, 'sleeping', 'wandering', 'hunting', 'fleeing'];
