import { printable } from '../../core/text.js';
import type { Duel, DuelSetup } from '../../game/duel.js';
import { type LabChange, type LabFoeState, heroSkillLevels, labDuel, labFoeStates, rebuildLabDuel } from '../../game/lab.js';
import { type Choice, heroChoices, heroOptionTables } from '../../rules/choices.js';
import { canPerceive } from '../../systems/perception.js';
import type { ArenaEntity } from '../../world/components.js';
import { type Canvas, wrap } from '../canvas.js';
import { FLAG_BOLD, type Palette } from '../palette.js';
import type { Screen, ScreenAction } from '../screen.js';
import type { Key, SessionEnv } from '../session.js';
import { drawBar, isEscape } from '../widgets.js';
import { LAB_KEYS } from './keys.js';
import { fitFields } from '../fit.js';
import { LabPager, drawLabHelp, fitWords } from './overlay.js';
import { type SkillEdit, SkillEditor } from './skills.js';
import { labTable } from './table.js';
import { type Line, noticeLine, recallLines, sideLines, titleOf } from './body.js';

const MAX_DISTANCE = 8;
/** Rows above the table's body: the bar, two per fighter, the heading. */
const BODY_TOP = 6;
/** Rows below it: the status or skill editor, the note, the key bar. */
const BELOW = 3;
/** The width from which a recall page stands beside the table. */
const SIDE_BY_SIDE = 160;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Wraps a line to `width`, keeping its indent, with continuation lines indented two more. */
function wrapIndented(l: Line, width: number): Line[] {
  const indent = l.text.length - l.text.trimStart().length;
  return wrap(l.text.trimStart(), Math.max(10, width - indent - 2)).map((text, i) => ({ ...l, text: `${' '.repeat(indent + (i > 0 ? 2 : 0))}${text}` }));
}

/**
 * The fight lab: both fighters of a setup built (never stepped, so nothing is rolled), and every
 * attack's exact odds both ways at a chosen distance, changed live by keys. A change to one side
 * keeps the other exactly as built (game/lab.ts).
 */
export class LabScreen implements Screen {
  private setup: DuelSetup;
  /** The fighters shown, built and never stepped. */
  private built: Duel;
  private distance = 1;
  private status = '';
  private help = false;
  private page: LabPager | undefined;
  /** The skill editor, while it is open. */
  private editor: SkillEditor | undefined;
  /** The foe state chosen here (`s`), or undefined for the setup's. */
  private state: LabFoeState | undefined;

  constructor(
    setup: DuelSetup,
    private readonly env: SessionEnv,
    private readonly palette: Palette,
  ) {
    this.setup = setup;
    this.built = labDuel(setup, env.content);
  }

  /** The setup shown now (after any what-if keys); the side a change left alone stays as first built. */
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

  /** The skill the editor has chosen, or undefined when it is closed. */
  get editedSkill(): string | undefined {
    return this.editor?.chosen;
  }

  tickDelay(): number | undefined {
    return undefined;
  }

  tick(): void {}

  close(): void {}

  /** Builds `next`, keeping what `change` leaves alone; keeps the last good build and says why when the ruleset refuses. */
  private apply(next: DuelSetup, change: LabChange): boolean {
    try {
      this.built = rebuildLabDuel(this.built, next, this.env.content, change, this.state?.condition);
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
    if (this.editor) {
      this.editKey(this.editor.key(k));
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
      b: () => this.cycleGear('shield', 1),
      B: () => this.cycleGear('shield', -1),
      k: () => this.openSkills(),
      f: () => this.cycleFoe(1),
      F: () => this.cycleFoe(-1),
      s: () => this.cycleFoeState(1),
      S: () => this.cycleFoeState(-1),
      e: () => this.apply({ ...this.setup, edition: this.setup.edition === 'spoiler' ? 'source' : 'spoiler' }, 'all'),
      '<': () => (this.distance = Math.max(1, this.distance - 1)),
      '>': () => (this.distance = Math.min(MAX_DISTANCE, this.distance + 1)),
      r: () => this.openRecall(this.built.foe, this.built.hero),
      R: () => this.openRecall(this.built.hero, this.built.foe),
      '?': () => (this.help = true),
    };
    if (this.monsterHero() && '+=-_wWaAbBk'.includes(ch) && ch !== '') {
      this.status = 'A monster as the hero takes no level, gear or skills.';
      return undefined;
    }
    if (Object.hasOwn(actions, ch)) actions[ch]?.();
    return undefined;
  }

  /** Whether the hero's side holds one of the ruleset's monsters. */
  private monsterHero(): boolean {
    return this.built.ruleset.catalog().some((e) => e.id === this.setup.hero.template && e.kind === 'monster');
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
    else this.apply(this.withHeroOption('level', next), 'hero');
  }

  /** The next weapon, armour or shield the ruleset accepts for this hero, skipping those it refuses. */
  private cycleGear(key: 'weapon' | 'armour' | 'shield', dir: 1 | -1): void {
    const c = heroChoices(this.env.content, this.setup.ruleset);
    const list = key === 'weapon' ? c.weapons : key === 'armour' ? c.armours : c.shields;
    if (list.length === 0) {
      this.status = `The ${this.setup.ruleset} ruleset has no ${key}s to choose.`;
      return;
    }
    const at = Math.max(0, list.findIndex((x) => x.id === (this.setup.hero.options[key] ?? null)));
    let skipped = 0;
    for (let i = 1; i < list.length; i++) {
      const choice = list[(((at + dir * i) % list.length) + list.length) % list.length] as Choice;
      if (this.apply(this.withHeroOption(key, choice.id), 'hero')) break;
      skipped++;
    }
    this.status = skipped > 0 ? `Skipped ${skipped} the ${this.setup.ruleset} ruleset refuses for this hero.` : '';
  }

  private cycleFoe(dir: 1 | -1): void {
    const foes = this.built.ruleset.catalog().filter((e) => e.kind === 'monster');
    const at = foes.findIndex((e) => e.id === this.setup.foe.template);
    const next = foes[(at + dir + foes.length) % foes.length];
    if (next) this.apply({ ...this.setup, foe: { template: next.id, options: {} } }, 'foe');
  }

  /** The foe state shown: the one chosen here, or the one the setup starts it in. */
  get foeState(): LabFoeState {
    const states = labFoeStates(this.setup.ruleset);
    return this.state ?? states.find((x) => x.mode === this.setup.foeState && !x.condition) ?? (states[0] as LabFoeState);
  }

  private cycleFoeState(dir: 1 | -1): void {
    const states = labFoeStates(this.setup.ruleset);
    const at = Math.max(0, states.indexOf(this.foeState));
    const next = states[(at + dir + states.length) % states.length] as LabFoeState;
    const { foeState: _, ...rest } = this.setup;
    const was = this.state;
    this.state = next;
    if (!this.apply(next.mode === undefined ? rest : { ...rest, foeState: next.mode }, 'foe-state')) this.state = was;
  }

  private openSkills(): void {
    const skills = heroOptionTables(this.env.content, this.setup.ruleset).skills;
    if (skills.length === 0) this.status = `The ${this.setup.ruleset} ruleset trains no skills.`;
    else this.editor = new SkillEditor(skills);
  }

  /** Does what the skill editor asks: closes it, or steps a skill within the ruleset's range. */
  private editKey(edit: SkillEdit): void {
    if (edit?.kind === 'close') this.editor = undefined;
    if (edit?.kind !== 'step') return;
    const { min, max } = heroOptionTables(this.env.content, this.setup.ruleset).skillLevels;
    const next = (heroSkillLevels(this.built)[edit.skill] ?? 0) + edit.delta;
    this.status = '';
    if (next < min || next > max) this.status = `Skills go from ${min} to ${max}.`;
    else this.apply(this.withHeroOption(`skill:${edit.skill}`, next), 'hero');
  }

  private openRecall(subject: ArenaEntity, observer: ArenaEntity): void {
    const r = this.built.ruleset;
    const d = this.built;
    try {
      const sections = r.panel.recall(d.view(subject), d.view(observer), d.now, { distance: this.distance, visible: canPerceive(d, observer, subject) });
      this.page = new LabPager(`Recall: ${titleOf(subject)}`, recallLines(sections));
    } catch (e) {
      this.status = `The recall page failed: ${message(e)}`;
    }
  }

  /** The hero's gear as chosen, in `width` cells: the labels shorten before a field is dropped. */
  private gearText(width: number): string {
    if (this.monsterHero()) return 'a monster: no hero options';
    const c = heroChoices(this.env.content, this.setup.ruleset);
    const name = (list: readonly Choice[], key: string) => list.find((x) => x.id === (this.setup.hero.options[key] ?? null))?.name ?? String(this.setup.hero.options[key]);
    const parts: [string, string, string][] = [
      ['weapon', 'wpn', name(c.weapons, 'weapon')],
      ['armour', 'arm', name(c.armours, 'armour')],
      ...(c.shields.length > 0 ? [['shield', 'shd', name(c.shields, 'shield')] as [string, string, string]] : []),
    ];
    const long = parts.map(([label, , value]) => `${label}: ${value}`);
    if (long.join(' · ').length <= width) return long.join(' · ');
    const short = parts.map(([, label, value]) => `${label}: ${value === "the preset's" ? 'preset' : value}`);
    if (short.join(' · ').length <= width) return short.join(' · ');
    // Still too long: the fields left as the preset has them go first.
    return fitFields(short.filter((f) => !f.endsWith(': preset')), width, ' · ');
  }

  paint(c: Canvas): void {
    const P = this.palette;
    const d = this.built;
    const H = c.height;
    // From SIDE_BY_SIDE columns a recall page stands beside the table instead of over it.
    const beside = this.page !== undefined && c.width >= SIDE_BY_SIDE;
    const pageWidth = Math.min(100, Math.floor(c.width / 2));
    const W = beside ? c.width - pageWidth : c.width;
    c.clear(P.attr());
    drawBar(c, P, 0, fitFields([' Fight lab', d.ruleset.name, d.edition, `distance ${this.distance}`, `seed ${this.setup.seed}`], c.width - 9, ' · '), '? help ');
    this.paintFighter(c, d.hero, 1, (room) => this.gearText(room), W);
    const condition = this.foeState.condition ? ` · ${this.foeState.label}` : '';
    this.paintFighter(c, d.foe, 3, (room) => fitFields(d.foe.ai ? [`starts ${d.foe.ai.mode}${condition}${this.setup.foeState ? ' (set here)' : ''}`] : [], room, ' · '), W);
    const body = [...sideLines(d, d.hero, d.foe, this.distance, 'bright-green'), ...sideLines(d, d.foe, d.hero, this.distance, 'bright-red'), noticeLine(d, this.distance)];
    const table = labTable(
      body.flatMap((l) => (l.cells ? [l.cells] : [])),
      W,
    );
    c.text(0, 5, table.header, P.attr('cyan', 'default', FLAG_BOLD), W);
    const bodyRows = Math.max(1, H - BODY_TOP - BELOW);
    const lay = (ls: readonly Line[]) => ls.flatMap((l) => (l.cells ? [{ ...l, text: table.row(l.cells) }] : wrapIndented(l, W)));
    // A monster with many spells has more rows than a small screen: the notes under them go first.
    const all = lay(body);
    const rows = all.length <= bodyRows ? all : lay(body.filter((l) => !l.note));
    rows.slice(0, bodyRows).forEach((l, i) => c.text(0, BODY_TOP + i, l.text, P.attr(l.colour, 'default', l.bold ? FLAG_BOLD : 0), W));
    // The skill editor takes the status line; what the lab says then goes on the note's line.
    const said = fitWords(this.status, W);
    if (this.editor) c.text(0, H - 3, this.editor.line(heroSkillLevels(d), W), P.attr('yellow', 'default', FLAG_BOLD), W);
    else c.text(0, H - 3, said, P.attr('white', 'default', FLAG_BOLD), W);
    if (this.editor && said) c.text(0, H - 2, said, P.attr('white', 'default', FLAG_BOLD), W);
    else c.text(0, H - 2, fitWords('exp/turn: expected damage × attacks a turn · ≈turns to kill: max HP ÷ exp/turn', W), P.attr('dark-grey'), W);
    const wide = c.width >= 100;
    // A monster on the hero's side has no hero options to change.
    const heroKeys = this.monsterHero() ? '' : wide ? ' +- level  w weapon  a armour  b shield  k skills ' : ' +- level w weapon a armour b shield k skills';
    const keys = wide ? `${heroKeys} f foe  s foe state  e edition  <> distance  r R recall` : `${heroKeys} f foe s state e <> r R`;
    drawBar(c, P, H - 1, fitWords(keys, c.width - 5), '? q ');
    if (this.page) {
      if (beside) this.page.paint(c, P, W, pageWidth, H - 1);
      else this.page.paint(c, P, 0, c.width, H - 1);
    }
    if (this.help) drawLabHelp(c, P, 'Fight lab keys', LAB_KEYS);
  }

  private paintFighter(c: Canvas, e: ArenaEntity, y: number, extra: (room: number) => string, W: number): void {
    const P = this.palette;
    // Escaped here so that what follows it is placed by its shown width.
    const head = printable(`${e.glyph?.ch ?? '?'} ${titleOf(e)}  HP ${e.body?.maxHp ?? 0}`);
    c.text(0, y, head, P.attr(e.fighter?.kind === 'hero' ? 'white' : (e.glyph?.colour ?? 'white'), 'default', FLAG_BOLD), W);
    c.text(head.length + 3, y, extra(W - head.length - 3), P.attr('grey'), W - head.length - 3);
    const line = this.built.ruleset.panel.describeFighter(this.built.view(e), this.built.now)[0] ?? '';
    c.text(2, y + 1, fitWords(line, W - 2), P.attr('grey'), W - 2);
  }
}
