import { type ColourOptions, PLAIN_COLOURS, type RulesetColours, type ThemeSide } from '../rules/colours.js';
import { rulesetModule } from '../rules/registry.js';

/**
 * The screen's colours follow each original game's own conventions (each ruleset folder's
 * `colours.ts`; docs/FIDELITY.md, section "Colours", records where each value comes from).
 */

export type { HpLook, ColourOptions as ThemeOptions } from '../rules/colours.js';
export type Side = ThemeSide;

/** A ruleset's colours, and which ruleset they are. */
export interface Theme extends RulesetColours {
  readonly ruleset: string;
}

/** The colours of a ruleset (its module's); a ruleset without its own gets the plain colours. */
export function themeFor(rulesetId: string, o: ColourOptions = {}): Theme {
  const colours = rulesetModule(rulesetId)?.colours?.(o) ?? PLAIN_COLOURS;
  return { ...colours, ruleset: rulesetId };
}

/** The colour of a fighter's HP number (the hero's unless `side` says otherwise). */
export function hpColour(theme: Theme, hp: number, maxHp: number, side: Side = 'hero'): string {
  return theme.hp(side, hp, maxHp).number;
}
