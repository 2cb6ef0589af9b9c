import { normaliseSeed } from '../core/rng.js';
import { printable } from '../core/text.js';
import { DEFAULT_ARENA, DEFAULT_MAX_TURNS, type DuelSetup, arenaIds } from '../game/duel.js';
import { type Choice, type HeroChoices, heroChoices } from '../rules/choices.js';
import { DEFAULT_EDITION, isEdition } from '../rules/edition.js';
import { availableRulesets, getRuleset, monsterDuelProblem } from '../rules/registry.js';
import type { Ruleset, RulesetId } from '../rules/ruleset.js';
import type { ReplayRecorder } from '../replay/recorder.js';
import { storageReason } from '../replay/storage.js';
import type { AiMode } from '../world/components.js';
import { builtInDescription } from '../world/arena.js';
import { BrowserScreen } from './browser.js';
import { type Canvas, wrap } from './canvas.js';
import { DuelScreen } from './duel-screen.js';
import { LabScreen } from './lab.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import { CHOICE_KEYS, type ChoiceKey, type MenuChoice, readPrefs, writePrefs } from './prefs.js';
import type { Screen, ScreenAction } from './screen.js';
import type { Key, SessionEnv } from './session.js';
import { type PickEntry, Picker, drawBar, drawKeyHelp, isEnter, isEscape, typed } from './widgets.js';

export const MENU_KEYS: readonly (readonly [string, string])[] = [
  ['up down j k Tab', 'choose a field (Home: the first, End: Start)'],
  ['left right h l', 'change its value'],
  ['Enter', 'change it, open the list (long lists), edit the seed, or Start'],
  ['in a list', 'type to filter, up/down PgUp PgDn choose, Enter take, Esc cancel'],
  ['on the seed', 'Enter edits (type, Backspace, Enter keeps, Esc cancels); Backspace clears'],
  ['?', 'this help'],
  ['q Esc', 'quit'],
  ['Ctrl-C', 'quit at once'],
  ['Ctrl-Z', 'suspend to the shell (fg comes back)'],
];

type FieldKey = ChoiceKey | 'start';

interface Field {
  readonly key: FieldKey;
  readonly label: string;
  /** Enter opens a picker with a filter instead of cycling. */
  readonly picker?: boolean;
}

const FIELDS: readonly Field[] = [
  { key: 'mode', label: 'mode' },
  { key: 'ruleset', label: 'ruleset' },
  { key: 'edition', label: 'edition' },
  { key: 'hero', label: 'hero', picker: true },
  { key: 'level', label: 'hero level', picker: true },
  { key: 'weapon', label: 'hero weapon', picker: true },
  { key: 'armour', label: 'hero armour', picker: true },
  { key: 'statSystem', label: 'stat system' },
  { key: 'form', label: 'form', picker: true },
  { key: 'foe', label: 'foe', picker: true },
  { key: 'foeState', label: 'foe starts' },
  { key: 'arena', label: 'arena', picker: true },
  { key: 'seed', label: 'seed' },
  { key: 'rounds', label: 'rounds' },
  { key: 'start', label: 'Start' },
];

const MODES: readonly PickEntry[] = [
  { value: 'play', label: 'play', description: 'play a duel in the terminal' },
  { value: 'watch', label: 'watch', description: 'watch the AI play the hero, with pause, step and speed' },
  { value: 'replay', label: 'replay', description: 'browse the recorded duels: replay, resume, verify or delete them' },
  { value: 'lab', label: 'lab', description: 'the fight lab: every attack\'s exact odds both ways, nothing rolled' },
];

const EDITIONS: readonly PickEntry[] = [
  { value: 'spoiler', label: 'spoiler', description: 'follows the seed document as written' },
  { value: 'source', label: 'source', description: "follows the game's code wherever the two differ (docs/FIDELITY.md)" },
];

const FOE_STATES: readonly PickEntry[] = [
  { value: '', label: 'as the game decides', description: "the foe starts as its game would have it (often asleep)" },
  { value: 'sleeping', label: 'sleeping', description: 'the foe starts asleep' },
  { value: 'wandering', label: 'wandering', description: 'the foe starts awake but unaware of the hero' },
  { value: 'hunting', label: 'hunting', description: 'the foe starts awake and knows where the hero is' },
];

const ROUNDS: readonly PickEntry[] = [1, 3, 5, 7, 9].map((n) => ({ value: String(n), label: n === 1 ? '1 (a single duel)' : `best of ${n}`, description: n === 1 ? 'one duel' : `a match: the first to win ${(n + 1) / 2} rounds` }));

const START_TEXT: Readonly<Record<string, string>> = { play: 'play the duel', watch: 'watch the duel', replay: 'open the saves browser', lab: 'open the fight lab' };

const fromChoices = (list: readonly Choice[]): PickEntry[] => list.map((c) => ({ value: c.id ?? '', label: c.name, description: c.description }));
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The start menu: every choice of a duel (or a replay, or the fight lab), keyboard-driven, with
 * each value checked by the ruleset as it changes and the last choices remembered.
 */
export class MenuScreen implements Screen {
  private readonly choice: MenuChoice;
  private cursor = 0;
  private picker: Picker | undefined;
  private pickerKey: ChoiceKey | undefined;
  /** The seed being typed, while the seed is being edited. */
  private editing: string | undefined;
  private help = false;
  /** What the ruleset says is wrong with the chosen hero or foe. */
  private problem = '';
  /** The hero as built: its title and hit points. */
  private heroSummary = '';
  private status = '';
  private notice: string;
  private readonly remember: boolean;
  private readonly duels: DuelScreen[] = [];

  constructor(
    private readonly env: SessionEnv & { readonly force?: boolean },
    private readonly palette: Palette,
  ) {
    const loaded = readPrefs(env.savesDir);
    this.notice = loaded.notice ?? '';
    this.remember = loaded.writable;
    this.choice = Object.fromEntries(CHOICE_KEYS.map((k) => [k, loaded.choices[k] ?? ''])) as MenuChoice;
    this.changed();
  }

  /** The choices as shown now. */
  get choices(): Readonly<MenuChoice> {
    return this.choice;
  }

  /** Every replay written by duels started from this menu. */
  get recorders(): ReplayRecorder[] {
    return this.duels.flatMap((d) => d.session.recorders);
  }

  tickDelay(): number | undefined {
    return undefined;
  }

  tick(): void {}

  shown(): void {
    this.status = '';
  }

  close(): void {}

  // --- Choices --------------------------------------------------------------------------

  private ruleset(): Ruleset {
    return getRuleset(this.choice.ruleset, this.env.content, isEdition(this.choice.edition) ? this.choice.edition : DEFAULT_EDITION);
  }

  private gear(): HeroChoices {
    return heroChoices(this.env.content, this.choice.ruleset as RulesetId);
  }

  /** The values a field can take, with labels and descriptions. */
  private options(key: ChoiceKey): readonly PickEntry[] {
    const content = this.env.content;
    switch (key) {
      case 'mode':
        return MODES;
      case 'ruleset':
        return availableRulesets().map((id) => ({ value: id, label: id, description: getRuleset(id, content, DEFAULT_EDITION).description }));
      case 'edition':
        return EDITIONS;
      case 'hero': {
        // The heroes, then (where the ruleset pits monster against monster) every monster, marked.
        const catalog = this.ruleset().catalog();
        const heroes = catalog.filter((e) => e.kind === 'hero').map((e) => ({ value: e.id, label: e.name, description: e.description }));
        if (monsterDuelProblem(this.choice.ruleset) !== null) return heroes;
        const monsters = catalog.filter((e) => e.kind === 'monster').map((e) => ({ value: e.id, label: `${e.name} (monster)`, description: `A monster on the hero's side, awake and hunting. ${e.description}` }));
        return [...heroes, ...monsters];
      }
      case 'foe':
        return this.ruleset()
          .catalog()
          .filter((e) => e.kind === 'monster')
          .map((e) => ({ value: e.id, label: e.name, description: e.description }));
      case 'level': {
        const { min, max } = this.gear().levels;
        const levels = Array.from({ length: max - min + 1 }, (_, i) => ({ value: String(min + i), label: String(min + i), description: `level ${min + i}` }));
        return [{ value: '', label: "the preset's", description: 'the level of the hero preset' }, ...levels];
      }
      case 'weapon':
        return fromChoices(this.gear().weapons);
      case 'armour':
        return fromChoices(this.gear().armours);
      case 'form':
        return fromChoices(this.gear().forms);
      case 'statSystem':
        return fromChoices(this.gear().statSystems);
      case 'foeState':
        return FOE_STATES;
      case 'arena':
        return arenaIds(content).map((id) => {
          const a = content.arenas.get(id);
          return { value: id, label: a ? a.name : id, description: a ? a.description : builtInDescription(id) };
        });
      case 'rounds':
        return ROUNDS;
      case 'seed':
        return [];
    }
  }

  private defaultOf(key: ChoiceKey): string {
    if (key === 'hero') return this.ruleset().defaultHero;
    if (key === 'foe') return this.ruleset().defaultFoe;
    if (key === 'arena' && arenaIds(this.env.content).includes(DEFAULT_ARENA)) return DEFAULT_ARENA;
    return this.options(key)[0]?.value ?? '';
  }

  /** Puts every value no longer valid (another ruleset, an unknown hero) back to its default, then checks the hero. */
  private changed(): void {
    for (const key of CHOICE_KEYS) {
      if (key !== 'seed' && !this.options(key).some((o) => o.value === this.choice[key])) this.choice[key] = this.defaultOf(key);
    }
    this.check();
  }

  /** Builds both fighters as the ruleset would, to catch what it refuses before anything starts. */
  private check(): void {
    this.problem = '';
    this.heroSummary = '';
    if (this.choice.mode === 'replay') return;
    const r = this.ruleset();
    const setup = this.setupWith('menu');
    try {
      const init = r.buildFighter(setup.hero);
      this.heroSummary = `${init.title ?? init.fighter.name}, about ${init.body.maxHp} HP`;
    } catch (e) {
      this.problem = `${r.name} refuses this hero: ${message(e)}`;
      return;
    }
    try {
      r.buildFighter(setup.foe);
    } catch (e) {
      this.problem = `${r.name} refuses this foe: ${message(e)}`;
    }
  }

  /** Whether the chosen hero is one of the ruleset's monsters. */
  private monsterHero(): boolean {
    return this.ruleset().catalog().some((e) => e.id === this.choice.hero && e.kind === 'monster');
  }

  private heroOptions(): Record<string, string | number> {
    const c = this.choice;
    if (this.monsterHero()) return {};
    const g = this.gear();
    const o: Record<string, string | number> = {};
    if (c.level) o['level'] = Number(c.level);
    if (c.weapon) o['weapon'] = c.weapon;
    if (c.armour) o['armour'] = c.armour;
    // The first stat system is the ruleset's default, left out as the command line leaves it out.
    if (g.statSystems.length > 0 && c.statSystem !== (g.statSystems[0]?.id ?? '')) o['stat-system'] = c.statSystem;
    if (g.forms.length > 0 && c.form) o['form'] = c.form;
    return o;
  }

  /** The duel the choices describe, with this seed. */
  setupWith(seed: string): DuelSetup {
    const c = this.choice;
    return {
      ruleset: c.ruleset as RulesetId,
      edition: isEdition(c.edition) ? c.edition : DEFAULT_EDITION,
      seed,
      hero: { template: c.hero, options: this.heroOptions() },
      foe: { template: c.foe, options: {} },
      arena: c.arena,
      heroControl: c.mode === 'play' ? 'player' : 'ai',
      maxTurns: DEFAULT_MAX_TURNS,
      ...(c.foeState ? { foeState: c.foeState as AiMode } : {}),
    };
  }

  private shows(key: FieldKey): boolean {
    const c = this.choice;
    if (key === 'mode' || key === 'start') return true;
    if (c.mode === 'replay') return false;
    // A monster on the hero's side is as its game made it: no hero options.
    if (this.monsterHero() && (key === 'level' || key === 'weapon' || key === 'armour' || key === 'statSystem' || key === 'form')) return false;
    if (key === 'statSystem') return this.gear().statSystems.length > 0;
    if (key === 'form') return this.gear().forms.length > 0;
    if (key === 'arena') return c.mode !== 'lab';
    if (key === 'rounds') return c.mode === 'watch';
    return true;
  }

  private fields(): Field[] {
    return FIELDS.filter((f) => this.shows(f.key));
  }

  private field(): Field {
    const list = this.fields();
    this.cursor = Math.min(this.cursor, list.length - 1);
    return list[this.cursor] as Field;
  }

  private set(key: ChoiceKey, value: string): void {
    this.choice[key] = value;
    this.changed();
  }

  private cycle(key: ChoiceKey, dir: number): void {
    const list = this.options(key);
    if (list.length === 0) return;
    const at = list.findIndex((o) => o.value === this.choice[key]);
    this.set(key, (list[(((at + dir) % list.length) + list.length) % list.length] as PickEntry).value);
  }

  // --- Starting -------------------------------------------------------------------------

  private start(): ScreenAction {
    const mode = this.choice.mode;
    if (mode === 'replay') return { kind: 'open', screen: new BrowserScreen(this.env, this.palette) };
    if (this.problem) {
      this.status = `Cannot start: ${this.problem}`;
      return undefined;
    }
    try {
      const setup = this.setupWith(this.choice.seed.trim() === '' ? this.env.freshSeed() : normaliseSeed(this.choice.seed));
      const screen = mode === 'lab' ? new LabScreen(setup, this.env, this.palette) : this.duelScreen(setup);
      this.rememberChoices();
      return { kind: 'open', screen };
    } catch (e) {
      this.status = `Cannot start: ${message(e)}`;
      return undefined;
    }
  }

  private duelScreen(setup: DuelSetup): DuelScreen {
    const watch = this.choice.mode === 'watch';
    const screen = new DuelScreen({ kind: 'new', mode: watch ? 'watch' : 'play', setup, ...(watch ? { rounds: Number(this.choice.rounds) } : {}) }, this.env, this.palette);
    this.duels.push(screen);
    return screen;
  }

  private rememberChoices(): void {
    if (!this.env.savesDir || !this.remember) return;
    try {
      writePrefs(this.env.savesDir, this.choice);
    } catch (e) {
      this.notice = `The choices could not be remembered: ${storageReason(e)}`;
    }
  }

  // --- Keys -----------------------------------------------------------------------------

  key(k: Key): ScreenAction {
    if (this.help) {
      this.help = false;
      return undefined;
    }
    if (this.picker) return this.pickKey(k);
    if (this.editing !== undefined) return this.seedKey(k);
    const ch = k.ch ?? '';
    this.status = '';
    if (ch === '?') this.help = true;
    else if (ch === 'q' || ch === 'Q' || isEscape(k)) return { kind: 'back' };
    else if (ch === 'j' || k.name === 'down' || k.name === 'tab') this.move(1);
    else if (ch === 'k' || k.name === 'up') this.move(-1);
    else if (k.name === 'home') this.cursor = 0;
    else if (k.name === 'end') this.cursor = this.fields().length - 1;
    else if (ch === 'h' || k.name === 'left') this.change(-1);
    else if (ch === 'l' || k.name === 'right') this.change(1);
    else if (isEnter(k)) return this.enter();
    else if (k.name === 'backspace' && this.field().key === 'seed') this.choice.seed = '';
    return undefined;
  }

  private move(d: number): void {
    const n = this.fields().length;
    this.cursor = (((this.cursor + d) % n) + n) % n;
  }

  private change(dir: number): void {
    const key = this.field().key;
    if (key !== 'start' && key !== 'seed') this.cycle(key, dir);
  }

  private enter(): ScreenAction {
    const f = this.field();
    if (f.key === 'start') return this.start();
    if (f.key === 'seed') this.editing = this.choice.seed;
    else if (f.picker) {
      this.picker = new Picker(`Choose the ${f.label} (type to filter)`, this.options(f.key), this.choice[f.key]);
      this.pickerKey = f.key;
    } else this.cycle(f.key, 1);
    return undefined;
  }

  private pickKey(k: Key): ScreenAction {
    const r = this.picker?.key(k);
    if (!r) return undefined;
    if (r.kind === 'chosen' && this.pickerKey) this.set(this.pickerKey, r.value);
    this.picker = undefined;
    this.pickerKey = undefined;
    return undefined;
  }

  private seedKey(k: Key): ScreenAction {
    const text = this.editing ?? '';
    const ch = typed(k);
    if (isEnter(k)) {
      this.choice.seed = text.trim();
      this.editing = undefined;
    } else if (isEscape(k)) this.editing = undefined;
    else if (k.name === 'backspace') this.editing = text.slice(0, -1);
    else if (ch !== undefined && text.length < 200) this.editing = text + ch;
    return undefined;
  }

  // --- Drawing --------------------------------------------------------------------------

  private valueText(key: FieldKey): string {
    if (key === 'start') return `▶ ${START_TEXT[this.choice.mode] ?? 'start'}`;
    if (key === 'seed') return this.editing !== undefined ? `${this.editing}_` : this.choice.seed || '(a fresh seed)';
    const o = this.options(key).find((x) => x.value === this.choice[key]);
    return key === 'hero' || key === 'foe' ? `${o?.label ?? ''} (${this.choice[key]})` : (o?.label ?? this.choice[key]);
  }

  private aboutSelected(): string {
    const key = this.field().key;
    if (key === 'start') return this.problem ? '' : 'Enter starts.';
    if (key === 'seed') return 'Any text or number: the same seed gives the same duel. Empty: a fresh seed each time.';
    // The ruleset, the hero and the foe are described below in any case.
    if (key === 'ruleset' || key === 'hero' || key === 'foe') return '';
    return this.options(key).find((x) => x.value === this.choice[key])?.description ?? '';
  }

  paint(c: Canvas): void {
    const P = this.palette;
    c.clear(P.attr());
    drawBar(c, P, 0, ' spoiler-arena · choose a duel', '? help ');
    const sel = this.field();
    this.fields().forEach((f, i) => this.paintField(c, f, 2 + i, f === sel));
    c.text(3, 17, clip(this.aboutSelected(), c.width - 3), P.attr('dark-grey'), c.width - 3);
    this.paintAbout(c);
    this.paintMessages(c);
    drawBar(c, P, c.height - 1, ' up/down choose · left/right change · Enter list or start', 'q quit ');
    if (this.picker) this.picker.paint(c, P);
    if (this.help) drawKeyHelp(c, P, 'Menu keys', MENU_KEYS);
  }

  private paintField(c: Canvas, f: Field, y: number, selected: boolean): void {
    const P = this.palette;
    // Escaped here (the canvas would escape it anyway) so that the hint after it is placed by its shown width.
    const value = printable(this.valueText(f.key));
    const start = f.key === 'start';
    c.text(1, y, selected ? '▸' : ' ', P.attr('yellow', 'default', FLAG_BOLD));
    c.text(3, y, f.label, P.attr(start ? 'bright-green' : selected ? 'white' : 'grey', 'default', selected || start ? FLAG_BOLD : 0), 14);
    const room = c.width - 30;
    const shown = clip(value, room);
    c.text(18, y, shown, P.attr(selected ? 'yellow' : 'white', 'default', selected ? FLAG_INVERSE : 0), room);
    if (!selected || start) return;
    const hint = f.key === 'seed' ? 'Enter: edit' : f.picker ? '←→ or Enter: list' : '←→ or Enter';
    c.text(20 + shown.length, y, hint, P.attr('dark-grey'), c.width - 20 - shown.length);
  }

  /** What the ruleset refuses (or what a key did), and the remembered choices' notice, above the bar; they may take rows from the descriptions. */
  private paintMessages(c: Canvas): void {
    const P = this.palette;
    const say = this.status || this.problem;
    const lines = [
      ...(say ? wrap(say, c.width - 1).map((text) => ({ text, attr: P.attr(this.problem ? 'bright-red' : 'white', 'default', FLAG_BOLD) })) : []),
      ...(this.notice ? wrap(this.notice, c.width - 1).map((text) => ({ text, attr: P.attr('yellow') })) : []),
    ].slice(-6);
    const top = c.height - 1 - lines.length;
    c.fill(0, top, c.width, lines.length, P.attr());
    lines.forEach((l, i) => c.text(1, top + i, l.text, l.attr, c.width - 1));
  }

  private paintAbout(c: Canvas): void {
    const P = this.palette;
    const r = this.ruleset();
    const w = c.width - 11;
    // The rows under the fields, shared by the ruleset, the hero and the foe: each wraps into its share.
    const free = Math.max(3, c.height - 1 - 18);
    const share = Math.max(1, Math.floor(free / 3));
    let y = 18;
    const label = (name: string, text: string, rows = share) => {
      c.text(1, y, name, P.attr('cyan', 'default', FLAG_BOLD), 9);
      const lines = wrap(text, w);
      const shown = lines.length > rows ? [...lines.slice(0, rows - 1), clip(lines.slice(rows - 1).join(' '), w)] : lines;
      shown.forEach((l) => c.text(10, y++, l, P.attr('grey'), w));
    };
    if (this.choice.mode === 'replay') {
      label('replay', 'Start opens the saves browser: every recorded duel, to replay, resume, verify or delete.');
      return;
    }
    label('ruleset', `${r.name}: ${r.description}`);
    const hero = r.catalog().find((e) => e.id === this.choice.hero);
    const marked = hero?.kind === 'monster' ? "A monster on the hero's side, awake and hunting. " : '';
    label('hero', `${marked}${this.heroSummary ? `${this.heroSummary}. ` : ''}${hero?.description ?? ''}`);
    const foe = r.catalog().find((e) => e.id === this.choice.foe);
    label('foe', `${foe?.name ?? ''}: ${foe?.description ?? ''}`);
  }
}

/** Text cut to `width` at a word, with an ellipsis when anything was left out. */
function clip(text: string, width: number): string {
  if (text.length <= width) return text;
  const cut = text.lastIndexOf(' ', width - 1);
  return `${text.slice(0, cut > width / 2 ? cut : width - 1).replace(/[ ,.;:]+$/, '')}…`;
}
