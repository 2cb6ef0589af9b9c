import type { FighterView } from './ruleset.js';

/**
 * Names fighters in messages: the player's fighter is "you"; others are "the gnoll scout" or the
 * hero's name. Verbs agree with the subject.
 */
interface Named {
  readonly fighter?: { readonly kind: 'hero' | 'monster'; readonly name: string; readonly controller: 'player' | 'ai'; readonly properName?: boolean | undefined } | undefined;
}

export function isYou(f: Named): boolean {
  return f.fighter?.controller === 'player';
}

export function nameOf(f: Named): string {
  if (!f.fighter) return 'something';
  if (isYou(f)) return 'you';
  return f.fighter.properName ? f.fighter.name : `the ${f.fighter.name}`;
}

export function subjectOf(f: Named): string {
  const n = nameOf(f);
  return n.charAt(0).toUpperCase() + n.slice(1);
}

/** "you hit" / "the rat hits"; pass the third-person form when it is irregular ("is"). */
export function verb(f: Named, base: string, third?: string): string {
  if (isYou(f)) return base;
  if (third) return third;
  return /(s|sh|ch|x|z)$/.test(base) ? `${base}es` : `${base}s`;
}

/** "your dart" / "the Sniper's dart". */
export function possessive(f: Named): string {
  return isYou(f) ? 'your' : `${nameOf(f)}'s`;
}

export type { FighterView };
