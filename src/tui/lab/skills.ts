import type { Key } from '../session.js';
import { isEnter, isEscape } from '../widgets.js';
import { fitWords } from './overlay.js';

/** The lab's one-line skill editor (Crawl and Stone Soup): choose a skill, step its level. */

export type SkillList = readonly { readonly id: string; readonly name: string }[];

/** What a key asks of the lab: close the editor, or step a skill's level by `delta`. */
export type SkillEdit = { readonly kind: 'close' } | { readonly kind: 'step'; readonly skill: string; readonly delta: 1 | -1 } | undefined;

export class SkillEditor {
  private at = 0;

  constructor(private readonly skills: SkillList) {}

  /** The chosen skill's id. */
  get chosen(): string | undefined {
    return this.skills[this.at]?.id;
  }

  /** Up/down or Tab choose; left/right or + - step; Escape, Enter, k or q close. */
  key(k: Key): SkillEdit {
    const n = this.skills.length;
    const ch = k.ch ?? '';
    if (isEscape(k) || isEnter(k) || ch === 'k' || ch === 'q') return { kind: 'close' };
    if (k.name === 'up') this.at = (this.at - 1 + n) % n;
    else if (k.name === 'down' || k.name === 'tab' || ch === '\t') this.at = (this.at + 1) % n;
    else {
      const delta = k.name === 'right' || ch === '+' || ch === '=' ? 1 : k.name === 'left' || ch === '-' || ch === '_' ? -1 : 0;
      const skill = this.chosen;
      if (delta !== 0 && skill !== undefined) return { kind: 'step', skill, delta };
    }
    return undefined;
  }

  /** The chosen skill and its level, then as many of the next ones as fit, then the keys. */
  line(levels: Readonly<Record<string, number>>, width: number): string {
    const n = this.skills.length;
    const show = (i: number): string => {
      const s = this.skills[(i + n) % n];
      return s ? `${s.name} ${levels[s.id] ?? 0}` : '';
    };
    const head = `Skill: [${show(this.at)}]`;
    const tail = ' ←→/+- level · ↑↓ Tab skill · Esc done';
    let around = '';
    for (let i = 1; i < n && head.length + around.length + tail.length + show(this.at + i).length + 3 <= width; i++) around += ` · ${show(this.at + i)}`;
    return fitWords(`${head}${around}${tail}`, width);
  }
}
