/**
 * Editions: `spoiler` follows the seed document as written; `source` follows the original
 * game's code wherever the research notes list a difference. Each difference is one entry in a
 * ruleset's registry; the rules consult the registry by id, `docs/FIDELITY.md` lists it, and the
 * rules pane names it whenever it applied.
 */
export const EDITIONS = ['spoiler', 'source'] as const;
export type Edition = (typeof EDITIONS)[number];

/** The edition a command or screen uses when none is chosen: the seed document as written. */
export const DEFAULT_EDITION: Edition = 'spoiler';

export interface Divergence {
  /** Stable id used in code, traces and docs. */
  readonly id: string;
  /** The seed section it concerns. */
  readonly section: string;
  /** What the seed says (edition `spoiler`). */
  readonly spoiler: string;
  /** What the original code does (edition `source`). */
  readonly source: string;
  /** Where in the original code. */
  readonly where: string;
}

export function isEdition(s: string): s is Edition {
  return (EDITIONS as readonly string[]).includes(s);
}
