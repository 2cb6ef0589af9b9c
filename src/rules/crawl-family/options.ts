import type { FighterSpec } from '../ruleset.js';
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

/** Why `skill` cannot be set to `value` among `known` skills, or null when it can. */
export function skillOptionProblem(skill: string, value: string | number, known: readonly { readonly id: string }[]): string | null {
  if (!known.some((s) => s.id === skill)) return `--skill: unknown skill "${skill}"; choose one of: ${known.map((s) => s.id).join(', ')}`;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < SKILL_MIN || n > SKILL_MAX) return `--skill ${skill} must be a whole number from ${SKILL_MIN} to ${SKILL_MAX} (got "${value}")`;
  return null;
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
    const problem = skillOptionProblem(skill, value, known);
    if (problem) throw new Error(problem);
    out[skill as CrSkill] = Number(value);
  }
  return out;
}
