import { printable } from '../core/text.js';
import { Duel, type DuelSetup } from '../game/duel.js';
import { damagePerTurn } from '../game/odds.js';
import { type Choice, heroChoices } from '../rules/choices.js';
import type { AttackPreview, RecallSection } from '../rules/ruleset.js';
import { attackContext } from '../systems/combat.js';
import { canPerceive } from '../systems/perception.js';
import type { ArenaEntity } from '../world/components.js';
import { type Canvas, wrap } from './canvas.js';
import { FLAG_BOLD, type Palette } from './palette.js';
import type { Screen, ScreenAction } from './screen.js';
import type { Key, SessionEnv } from './session.js';
import { Pager, type PagerLine, drawBar, drawKeyHelp, isEscape } from './widgets.js';

export const LAB_KEYS: readonly (readonly [string, string])[] = [
  ['+ -', 'hero level up / down'],
  ['w W', 'next / previous weapon (any the hero cannot wield is skipped)'],
  ['a A', 'next / previous body armour'],
  ['f F', 'next / previous foe'],
  ['e', 'the other edition (spoiler / source)'],
  ['< >', 'distance 1 to 8 (missiles and spells)'],
  ['r', "the foe's recall page (up/down to scroll)"],
  ['R', "the hero's recall page"],
  ['?', 'this help'],
  ['q Esc', 'back'],
];

const MAX_DISTANCE = 8;
const BODY_TOP = 6;
const BODY_ROWS = 15;
const COLUMNS = [22, 8, 9, 7, 9, 9, 15] as const;
const HEADER = ['attack', 'hit', 'damage', 'avg', 'att/turn', 'exp/turn', '≈turns to kill'] as const;

interface Line {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
  /** A row of the table: never wrapped. */
  readonly table?: boolean;
}

/** Wraps a line to the screen, keeping its indent, with continuation lines indented two more. */
function wrapIndented(l: Line): Line[] {
  const indent = l.text.length - l.text.trimStart().length;
  return wrap(l.text.trimStart(), 78 - indent).map((text, i) => ({ ...l, text: `${' '.repeat(indent + (i > 0 ? 2 : 0))}${text}` }));
}

/** Lays out cells in the lab's columns: the first left-aligned, the rest right-aligned. */
function columns(cells: readonly string[]): string {
  return cells.map((s, i) => (i === 0 ? s.slice(0, COLUMNS[0] - 1).padEnd(COLUMNS[0]) : s.padStart(COLUMNS[i] ?? 8))).join('');
}

const perTurnText = (p: AttackPreview): string => {
  const n = p.perTurn.toNumber();
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
};

/**
 * The cells of one attack's row: the exact hit chance, the damage given a hit, attacks per game
 * turn, the expected damage per game turn (the ruleset's expected damage of one attack, which for
 * a single blow is hit x average, times attacks per turn), and the expected turns to kill.
 */
export function labCells(p: AttackPreview, targetMaxHp: number): string[] {
  const perTurn = damagePerTurn(p).toNumber();
  const kill = perTurn > 0 ? `≈${(targetMaxHp / perTurn).toFixed(1)}` : 'never';
  return [p.label, p.hit.percent(1), `${p.damage.min}-${p.damage.max}`, p.damage.mean().toNumber().toFixed(1), perTurnText(p), perTurn.toFixed(2), kill];
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The fight lab: both fighters of a setup built (never stepped, so nothing is rolled), and every
 * attack's exact odds both ways at a chosen distance, changed live by keys.
 */
export class LabScreen implements Screen {
  private setup: DuelSetup;
  /** The fighters of `setup`, built and never stepped. */
  private built: Duel;
  private distance = 1;
  private status = '';
  private help = false;
  private page: Pager | undefined;

  constructor(
    setup: DuelSetup,
    private readonly env: SessionEnv,
    private readonly palette: Palette,
  ) {
    this.setup = setup;
    this.built = new Duel(setup, env.content, { tracing: false });
  }

  /** The setup shown now (after any what-if keys). */
  get current(): DuelSetup {
    return this.setup;
  }

  /** The duel the lab shows (never stepped). */
  get duel(): Duel {
    return this.built;
  }

  get shownDistance(): number {
    return this.distance;
  }

  tickDelay(): number | undefined {
    return undefined;
  }

  tick(): void {}

  close(): void {}

  /** Builds the fighters of `next`; keeps the last good setup and says why when the ruleset refuses. */
  private apply(next: DuelSetup): boolean {
    try {
      this.built = new Duel(next, this.env.content, { tracing: false });
      this.setup = next;
      return true;
    } catch (e) {
      this.status = message(e);
      return false;
    }
  }

  key(k: Key): ScreenAction {
    if (this.help) {
      this.help = false;
      return undefined;
    }
    if (this.page) {
      if (this.page.key(k) === 'close') this.page = undefined;
      return undefined;
    }
    const ch = k.ch ?? '';
    if (ch === 'q' || ch === 'Q' || isEscape(k)) return { kind: 'back' };
    this.status = '';
    const actions: Record<string, () => void> = {
      '+': () => this.level(1),
      '=': () => this.level(1),
      '-': () => this.level(-1),
      _: () => this.level(-1),
      w: () => this.cycleGear('weapon', 1),
      W: () => this.cycleGear('weapon', -1),
      a: () => this.cycleGear('armour', 1),
      A: () => this.cycleGear('armour', -1),
      f: () => this.cycleFoe(1),
      F: () => this.cycleFoe(-1),
      e: () => this.apply({ ...this.setup, edition: this.setup.edition === 'spoiler' ? 'source' : 'spoiler' }),
      '<': () => (this.distance = Math.max(1, this.distance - 1)),
      '>': () => (this.distance = Math.min(MAX_DISTANCE, this.distance + 1)),
      r: () => this.openRecall(this.built.foe, this.built.hero),
      R: () => this.openRecall(this.built.hero, this.built.foe),
      '?': () => (this.help = true),
    };
    actions[ch]?.();
    return undefined;
  }

  private withHeroOption(key: string, value: string | number | null): DuelSetup {
    const options: Record<string, string | number> = { ...this.setup.hero.options };
    if (value === null) delete options[key];
    else options[key] = value;
    return { ...this.setup, hero: { ...this.setup.hero, options } };
  }

  private level(delta: number): void {
    const now = this.built.hero.rules?.['level'];
    if (typeof now !== 'number') {
      this.status = 'This hero has no level to change.';
      return;
    }
    const { min, max } = heroChoices(this.env.content, this.setup.ruleset).levels;
    const next = now + delta;
    if (next < min || next > max) this.status = `Levels go from ${min} to ${max}.`;
    else this.apply(this.withHeroOption('level', next));
  }

  /** The next weapon or armour the ruleset accepts for this hero, skipping those it refuses. */
  private cycleGear(key: 'weapon' | 'armour', dir: 1 | -1): void {
    const c = heroChoices(this.env.content, this.setup.ruleset);
    const list = key === 'weapon' ? c.weapons : c.armours;
    const at = Math.max(0, list.findIndex((x) => x.id === (this.setup.hero.options[key] ?? null)));
    let skipped = 0;
    for (let i = 1; i < list.length; i++) {
      const choice = list[(((at + dir * i) % list.length) + list.length) % list.length] as Choice;
      if (this.apply(this.withHeroOption(key, choice.id))) break;
      skipped++;
    }
    this.status = skipped > 0 ? `Skipped ${skipped} the ${this.setup.ruleset} ruleset refuses for this hero.` : '';
  }

  private cycleFoe(dir: 1 | -1): void {
    const foes = this.built.ruleset.catalog().filter((e) => e.kind === 'monster');
    const at = foes.findIndex((e) => e.id === this.setup.foe.template);
    const next = foes[(at + dir + foes.length) % foes.length];
    if (next) this.apply({ ...this.setup, foe: { template: next.id, options: {} } });
  }

  private openRecall(subject: ArenaEntity, observer: ArenaEntity): void {
    const r = this.built.ruleset;
    const d = this.built;
    try {
      const sections = r.panel.recall(d.view(subject), d.view(observer), d.now, { distance: this.distance, visible: canPerceive(d, observer, subject) });
      this.page = new Pager(`Recall: ${this.title(subject)}`, recallLines(sections));
    } catch (e) {
      this.status = `The recall page failed: ${message(e)}`;
    }
  }

  private title(e: ArenaEntity): string {
    return String(e.rules?.['title'] ?? e.fighter?.name ?? '?');
  }

  /** The attack context as the lab shows it: the duel's, at the chosen distance, in plain view. */
  private context(a: ArenaEntity, d: ArenaEntity) {
    return { ...attackContext(this.built, a, d), distance: this.distance, visible: canPerceive(this.built, a, d) };
  }

  /** One direction: a heading, then each attack usable at this distance with its numbers. */
  private sideLines(a: ArenaEntity, d: ArenaEntity, colour: string): Line[] {
    const r = this.built.ruleset;
    const maxHp = d.body?.maxHp ?? 0;
    const who = a.fighter?.kind === 'hero' ? 'The hero' : 'The foe';
    const out: Line[] = [{ text: `${who}, ${this.title(a)}, attacks ${this.title(d)} (max HP ${maxHp})`, colour: 'cyan', bold: true }];
    const usable = r.attackOptions(this.built.view(a)).filter((o) => r.canUse(o, this.distance));
    if (usable.length === 0) out.push({ text: `  nothing reaches at distance ${this.distance}`, colour: 'dark-grey' });
    for (const o of usable) {
      try {
        const p = r.previewAttack(this.built.view(a), this.built.view(d), o, this.context(a, d));
        out.push({ text: columns(labCells(p, maxHp)), colour, table: true });
        if (p.notes.length > 0) out.push({ text: `  ${p.notes.join(' · ')}`, colour: 'dark-grey' });
      } catch (e) {
        out.push({ text: `${o.label}: ${message(e)}`, colour: 'bright-red' });
      }
    }
    return out;
  }

  /** Whether and how fast a sleeping or wandering foe notices the hero, per turn in view. */
  private noticeLine(): Line {
    const d = this.built;
    const mode = d.foe.ai?.mode;
    if (mode !== 'sleeping' && mode !== 'wandering') return { text: `The ${this.title(d.foe)} starts ${mode ?? 'awake'}: it knows where you are.`, colour: 'yellow' };
    try {
      const n = d.ruleset.noticeChance(d.view(d.foe), d.view(d.hero), this.distance, true);
      return { text: `The ${mode} ${this.title(d.foe)} notices you: ${n.chance.percent(1)} a turn (${n.describe})`, colour: 'yellow' };
    } catch (e) {
      return { text: `Noticing: ${message(e)}`, colour: 'bright-red' };
    }
  }

  private gearText(): string {
    const c = heroChoices(this.env.content, this.setup.ruleset);
    const name = (list: readonly Choice[], key: string) => list.find((x) => x.id === (this.setup.hero.options[key] ?? null))?.name ?? String(this.setup.hero.options[key]);
    return `weapon: ${name(c.weapons, 'weapon')} · armour: ${name(c.armours, 'armour')}`;
  }

  paint(c: Canvas): void {
    const P = this.palette;
    const d = this.built;
    c.clear(P.attr());
    drawBar(c, P, 0, ` Fight lab · ${d.ruleset.name} · ${d.edition} · seed ${this.setup.seed} · distance ${this.distance}`, '? help ');
    this.paintFighter(c, d.hero, 1, this.gearText());
    this.paintFighter(c, d.foe, 3, d.foe.ai ? `starts ${d.foe.ai.mode}` : '');
    c.text(0, 5, columns(HEADER), P.attr('cyan', 'default', FLAG_BOLD), 80);
    const body = [...this.sideLines(d.hero, d.foe, 'bright-green'), ...this.sideLines(d.foe, d.hero, 'bright-red'), this.noticeLine()];
    const rows = body.flatMap((l) => (l.table ? [l] : wrapIndented(l)));
    rows.slice(0, BODY_ROWS).forEach((l, i) => c.text(0, BODY_TOP + i, l.text, P.attr(l.colour, 'default', l.bold ? FLAG_BOLD : 0), 80));
    c.text(0, 21, this.status, P.attr('white', 'default', FLAG_BOLD), 80);
    c.text(0, 22, 'exp/turn: expected damage × attacks a turn · ≈turns to kill: max HP ÷ exp/turn', P.attr('dark-grey'), 80);
    drawBar(c, P, 23, ' +- level  w weapon  a armour  f foe  e edition  <> distance  r R recall', '? q ');
    if (this.page) this.page.paint(c, P);
    if (this.help) drawKeyHelp(c, P, 'Fight lab keys', LAB_KEYS);
  }

  private paintFighter(c: Canvas, e: ArenaEntity, y: number, extra: string): void {
    const P = this.palette;
    // Escaped here so that what follows it is placed by its shown width.
    const head = printable(`${e.glyph?.ch ?? '?'} ${this.title(e)}  HP ${e.body?.maxHp ?? 0}`);
    c.text(0, y, head, P.attr(e.fighter?.kind === 'hero' ? 'white' : (e.glyph?.colour ?? 'white'), 'default', FLAG_BOLD), 80);
    c.text(head.length + 3, y, extra, P.attr('grey'), 80 - head.length - 3);
    const line = this.built.ruleset.panel.describeFighter(this.built.view(e), this.built.now)[0] ?? '';
    c.text(2, y + 1, line, P.attr('grey'), 78);
  }
}

/** A recall page's sections as lines: each title, then its lines. */
function recallLines(sections: readonly RecallSection[]): PagerLine[] {
  if (sections.length === 0) return [{ text: 'Nothing to recall.', colour: 'dark-grey' }];
  return sections.flatMap((s, i) => [...(i > 0 ? [{ text: '', colour: 'grey' }] : []), { text: s.title, colour: 'cyan', bold: true }, ...s.lines.map((text) => ({ text, colour: 'white' }))]);
}
