import type { Duel } from '../../game/duel.js';
import type { RecallSection } from '../../rules/ruleset.js';
import { attackContext } from '../../systems/combat.js';
import { canPerceive } from '../../systems/perception.js';
import type { ArenaEntity } from '../../world/components.js';
import type { PagerLine } from '../widgets.js';
import { labCells } from './table.js';

/** The lab's body: each side's attacks with their cells, the foe's noticing, a recall page's lines. */

export interface Line {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
  /** A row of the table's cells: laid out by the table, never wrapped. */
  readonly cells?: readonly string[];
  /** A preview's notes under its row: the first to go when the rows do not all fit. */
  readonly note?: boolean;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function titleOf(e: ArenaEntity): string {
  return String(e.rules?.['title'] ?? e.fighter?.name ?? '?');
}

/** The attack context as the lab shows it: the duel's, at the chosen distance, in plain view. */
function context(duel: Duel, a: ArenaEntity, d: ArenaEntity, distance: number) {
  return { ...attackContext(duel, a, d), distance, visible: canPerceive(duel, a, d) };
}

/** One direction: a heading, then each attack usable at this distance with its cells. */
export function sideLines(duel: Duel, a: ArenaEntity, d: ArenaEntity, distance: number, colour: string): Line[] {
  const r = duel.ruleset;
  const maxHp = d.body?.maxHp ?? 0;
  const who = a.fighter?.side === 0 ? 'The hero' : 'The foe';
  const out: Line[] = [{ text: `${who}, ${titleOf(a)}, attacks ${titleOf(d)} (max HP ${maxHp})`, colour: 'cyan', bold: true }];
  const usable = r.attackOptions(duel.view(a)).filter((o) => r.canUse(o, distance));
  if (usable.length === 0) out.push({ text: `  nothing reaches at distance ${distance}`, colour: 'dark-grey' });
  for (const o of usable) {
    try {
      const p = r.previewAttack(duel.view(a), duel.view(d), o, context(duel, a, d, distance));
      out.push({ text: '', cells: labCells(p, maxHp), colour });
      if (p.notes.length > 0) out.push({ text: `  ${p.notes.join(' · ')}`, colour: 'dark-grey', note: true });
    } catch (e) {
      out.push({ text: `${o.label}: ${message(e)}`, colour: 'bright-red' });
    }
  }
  return out;
}

/** Whether and how fast a sleeping or wandering foe notices the hero, per turn in view. */
export function noticeLine(d: Duel, distance: number): Line {
  const mode = d.foe.ai?.mode;
  if (mode !== 'sleeping' && mode !== 'wandering') return { text: `The ${titleOf(d.foe)} starts ${mode ?? 'awake'}: it knows where you are.`, colour: 'yellow' };
  try {
    const n = d.ruleset.noticeChance(d.view(d.foe), d.view(d.hero), distance, true);
    return { text: `The ${mode} ${titleOf(d.foe)} notices you: ${n.chance.percent(1)} a turn (${n.describe})`, colour: 'yellow' };
  } catch (e) {
    return { text: `Noticing: ${message(e)}`, colour: 'bright-red' };
  }
}

/** A recall page's sections as lines: each title, then its lines. */
export function recallLines(sections: readonly RecallSection[]): PagerLine[] {
  if (sections.length === 0) return [{ text: 'Nothing to recall.', colour: 'dark-grey' }];
  return sections.flatMap((s, i) => [...(i > 0 ? [{ text: '', colour: 'grey' }] : []), { text: s.title, colour: 'cyan', bold: true }, ...s.lines.map((text) => ({ text, colour: 'white' }))]);
}
