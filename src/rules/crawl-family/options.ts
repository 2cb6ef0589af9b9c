import type { FighterSpec } from '../ruleset.js';
import { skillOptionProblem } from '../choices.js';
import type { CrSkill } from './types.js';

/**
 * Hero options for trained skills, shared by the crawl-4.0b20 and stone-soup-0.5.2 rulesets: the
 * option `skill:<id>` (`--skill fighting=12` on the command line) sets a skill to a level from 0
 * to 27, as the game trains them, in place of the preset's.
 */

export const SKILL_OPTION_PREFIX = 'skill:';
export const SKILL_MIN = 0;
export const SKILL_MAX = 27;

/** The skill a hero option sets (`skill:fighting` gives "fighting"), or undefined for another option. */
export function skillOfOption(key: string): string | undefined {
  return key.startsWith(SKILL_OPTION_PREFIX) ? key.slice(SKILL_OPTION_PREFIX.length) : undefined;
}


/** The preset's skills with the options' `skill:<id>` levels in their place; throws on an unknown skill or a level out of range. */
export function skillsWithOptions(
  options: FighterSpec['options'],
  preset: Readonly<Partial<Record<CrSkill, number>>>,
  known: readonly { readonly id: CrSkill }[],
): Readonly<Partial<Record<CrSkill, number>>> {
  const out: Partial<Record<CrSkill, number>> = { ...preset };
  for (const [key, value] of Object.entries(options)) {
    const skill = skillOfOption(key);
    if (skill === undefined) continue;
    const problem = skillOptionProblem(skill, value, known, { min: SKILL_MIN, max: SKILL_MAX });
    if (problem) throw new Error(problem);
    out[skill as CrSkill] = Number(value);
  }
  return out;
}
