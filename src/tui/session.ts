import type { Content } from '../content/index.js';
import { cosmeticStream } from '../core/rng.js';
import { Duel, type DuelSetup, type StepResult, type TurnRecord } from '../game/duel.js';
import { makeHeader, ReplayRecorder } from '../replay/recorder.js';
import type { AttackOption, AttackPreview } from '../rules/ruleset.js';
import { aimAt, attackContext } from '../systems/combat.js';
import type { Command } from '../systems/commands.js';
import type { DuelEvent } from '../systems/state.js';
import type { ArenaEntity, ItemStack } from '../world/components.js';
import { type DirectionName, type Point, directionOf, distance } from '../world/grid.js';
import type { ProjectilePath } from '../world/projectile.js';

/**
 * The controller behind the screen: which mode the player is in, what a key does, and the duel
 * with its replay recorder. It holds no drawing code and no game rules: commands go to the Duel.
 */

export type UiMode =
  | { readonly kind: 'main' }
  | { readonly kind: 'direction'; readonly purpose: 'open' | 'close' }
  | { readonly kind: 'choose-ranged'; readonly options: readonly AttackOption[] }
  | { readonly kind: 'choose-item'; readonly items: readonly ItemStack[] }
  | { readonly kind: 'target'; readonly option: AttackOption; readonly cursor: Point }
  | { readonly kind: 'look'; readonly cursor: Point }
  | { readonly kind: 'help' }
  | { readonly kind: 'confirm-quit' }
  | { readonly kind: 'over' };

export interface SessionOptions {
  readonly mode: 'play' | 'watch';
  readonly setup: DuelSetup;
  readonly content: Content;
  readonly savesDir: string | null;
  readonly program: string;
  readonly now: () => Date;
  readonly freshSeed: () => string;
}

/** A key as blessed reports it: the character typed (if printable) and the key's name. */
export interface Key {
  readonly ch: string | undefined;
  readonly name: string | undefined;
  readonly ctrl?: boolean;
}

const DIRECTION_KEYS: Readonly<Record<string, DirectionName>> = {
  h: 'w', j: 's', k: 'n', l: 'e', y: 'nw', u: 'ne', b: 'sw', n: 'se',
  left: 'w', down: 's', up: 'n', right: 'e', home: 'nw', pageup: 'ne', end: 'sw', pagedown: 'se',
  '1': 'sw', '2': 's', '3': 'se', '4': 'w', '6': 'e', '7': 'nw', '8': 'n', '9': 'ne',
};

export function directionForKey(k: Key): DirectionName | undefined {
  if (k.name && Object.hasOwn(DIRECTION_KEYS, k.name) && k.name.length > 1) return DIRECTION_KEYS[k.name];
  if (k.ch && Object.hasOwn(DIRECTION_KEYS, k.ch)) return DIRECTION_KEYS[k.ch];
  return undefined;
}

/** Every key of every screen, for the help screen and the README. */
export const KEY_HELP: Readonly<Record<'play' | 'watch' | 'target' | 'over', readonly [string, string][]>> = {
  play: [
    ['h j k l y u b n', 'move or attack; also arrows, Home End PgUp PgDn, numpad'],
    ['. 5 s', 'wait a turn'],
    ['f t', 'fire, throw or zap: aim, see the path and the odds, fire'],
    ['o c', 'open / close a door (then a direction)'],
    ['q', 'quaff / use an item'],
    ['g ,', 'pick up what lies here'],
    ['x', 'look around: cursor, cell and fighter odds'],
    ['[ ]  { }', 'scroll the rules pane / older and newer explanations'],
    ['?', 'this help'],
    ['Q', 'quit (the replay is kept)'],
    ['Ctrl-C', 'quit at once'],
  ],
  watch: [
    ['space', 'pause / resume'],
    ['. s', 'one turn (while paused)'],
    ['+ -', 'faster / slower'],
    ['v', 'toggle the hero\'s view / the whole arena'],
    ['[ ] { }', 'scroll / browse the rules pane'],
    ['?', 'this help'],
    ['Q  Ctrl-C', 'quit'],
  ],
  target: [
    ['directions', 'move the target cursor'],
    ['Tab', 'next visible enemy'],
    ['Enter f t .', 'fire at the cursor'],
    ['Esc', 'cancel'],
  ],
  over: [
    ['r', 'rematch: the same seed, the same duel'],
    ['n', 'a new duel with a fresh seed'],
    ['q Q Esc', 'quit'],
  ],
};

export const WATCH_SPEEDS = [1000, 500, 250, 120, 60, 25, 0] as const;

const VICTORY_LINES = ['The dice were kind.', 'Every roll is in the rules pane.', 'A clean win.', 'Well fought.'] as const;
const DEFEAT_LINES = ['The dice were not kind.', 'Check the rules pane: every roll is there.', 'Try the door strategy.', 'Rematch with r: same seed, same dice.'] as const;
const DRAW_LINES = ['Neither side gave way.', 'A stalemate.'] as const;

export class Session {
  duel!: Duel;
  recorder: ReplayRecorder | null = null;
  ui: UiMode = { kind: 'main' };
  /** One line of feedback that is not part of the duel's log ("a wall blocks the way"). */
  status = '';
  /** Remembered terrain for the viewer: 0 unknown, otherwise terrain + 1. */
  memory!: Uint8Array;
  visible!: Uint8Array;
  /** Lines scrolled in the rules pane. */
  rulesScroll = 0;
  /** Which trace the rules pane shows: an index into duel.traces, or -1 for the latest round. */
  traceIndex = -1;
  /** The first trace of the latest round (since the player's last command, or the last watched turn). */
  roundStart = 0;
  /** Watch mode: whether turns play by themselves, and how fast. */
  running = true;
  speedIndex = 3;
  omniscient = false;
  finished = false;
  /** The last projectile flown, drawn until the next command. */
  flash: DuelEvent[] = [];
  /** A line of flavour for the end screen, from the cosmetic stream (never saved, never played). */
  epitaph = '';
  private setup: DuelSetup;

  constructor(private readonly opts: SessionOptions) {
    this.setup = opts.setup;
    this.start(opts.setup);
  }

  get mode(): 'play' | 'watch' {
    return this.opts.mode;
  }

  get viewer(): ArenaEntity {
    return this.duel.hero;
  }

  private start(setup: DuelSetup): void {
    this.recorder?.close();
    this.setup = setup;
    this.duel = new Duel(setup, this.opts.content, { tracing: true });
    this.ui = { kind: 'main' };
    this.status = '';
    this.rulesScroll = 0;
    this.traceIndex = -1;
    this.roundStart = 0;
    this.flash = [];
    const g = this.duel.grid;
    this.memory = new Uint8Array(g.width * g.height);
    this.visible = new Uint8Array(g.width * g.height);
    this.recorder = null;
    if (this.opts.savesDir) {
      const header = makeHeader(setup, this.opts.program, this.opts.content.fingerprint, [this.duel.hero.fighter?.name ?? '', this.duel.foe.fighter?.name ?? ''], this.opts.now().toISOString());
      this.recorder = ReplayRecorder.create(this.opts.savesDir, header);
    }
    this.duel.message(`${this.duel.arena.name}. ${this.mode === 'play' ? 'Press ? for the keys.' : 'Watching: space pauses, ? lists the keys.'}`, 'info');
    this.refreshView();
    if (this.mode === 'play') this.advance();
  }

  get replayPath(): string | null {
    return this.recorder?.path ?? null;
  }

  /** Recomputes what the viewer sees and remembers. */
  refreshView(): void {
    const v = this.duel.world.get(this.duel.heroId);
    if (v?.pos && v.body && v.body.hp > 0) this.visible = this.duel.fov(v.id);
    const cells = this.duel.grid.cells;
    for (let i = 0; i < cells.length; i++) if (this.visible[i]) this.memory[i] = (cells[i] as number) + 1;
  }

  private record(r: TurnRecord): void {
    this.recorder?.turn(r);
    if (this.duel.events.length) this.flash = [...this.duel.events];
  }

  private over(): void {
    if (this.finished) return;
    this.finished = true;
    const o = this.duel.outcome;
    const lines = o?.winner === 0 ? VICTORY_LINES : o?.winner === 1 ? DEFEAT_LINES : DRAW_LINES;
    this.epitaph = lines[cosmeticStream(`${this.setup.seed}/${this.duel.turn}`).int(lines.length)] ?? '';
    if (this.duel.outcome) this.recorder?.end(this.duel.outcome, this.duel.stateHash());
    this.recorder?.close();
    this.ui = { kind: 'over' };
  }

  /** Plays turns until the player must act (play mode) or for one turn (watch mode). */
  advance(limit = 100_000): void {
    for (let i = 0; i < limit; i++) {
      const r: StepResult = this.duel.step();
      if (r.kind === 'turn') {
        this.record(r.record);
        if (this.mode === 'watch') break;
        continue;
      }
      if (r.kind === 'over') this.over();
      break;
    }
    this.refreshView();
  }

  private act(c: Command): void {
    this.flash = [];
    const mark = this.duel.traces.length;
    const r = this.duel.step(c);
    if (r.kind === 'rejected') {
      this.status = capitalise(r.reason);
      return;
    }
    this.status = '';
    this.traceIndex = -1;
    this.roundStart = mark;
    this.rulesScroll = 0;
    if (r.kind === 'turn') this.record(r.record);
    if (r.kind === 'over') this.over();
    else this.advance();
    if (this.duel.outcome) this.over();
  }

  /** Watch mode: one turn, when running (the app calls this on a timer). */
  tick(): void {
    if (this.mode !== 'watch' || !this.running || this.finished || this.ui.kind !== 'main') return;
    this.stepWatch();
  }

  private stepWatch(): void {
    this.flash = [];
    this.traceIndex = -1;
    this.rulesScroll = 0;
    const mark = this.duel.traces.length;
    this.advance(1);
    if (this.duel.traces.length > mark) this.roundStart = mark;
    if (this.duel.outcome) this.over();
  }

  get watchDelay(): number {
    return WATCH_SPEEDS[this.speedIndex] ?? 120;
  }

  // --- Keys ----------------------------------------------------------------------------

  /** Handles one key. Returns 'quit' when the session should end. */
  handleKey(k: Key): 'quit' | undefined {
    if (k.ctrl && k.name === 'c') return 'quit';
    const ch = k.ch ?? '';
    const esc = k.name === 'escape';
    switch (this.ui.kind) {
      case 'help':
        this.ui = { kind: this.finished ? 'over' : 'main' };
        return undefined;
      case 'confirm-quit':
        if (ch === 'y' || ch === 'Y') return 'quit';
        this.ui = { kind: 'main' };
        this.status = '';
        return undefined;
      case 'over':
        if (ch === 'r') this.restart(this.setup.seed);
        else if (ch === 'n') this.restart(this.opts.freshSeed());
        else if (ch === 'q' || ch === 'Q' || esc) return 'quit';
        else if (ch === '?') this.ui = { kind: 'help' };
        else if (this.rulesKeys(ch)) return undefined;
        return undefined;
      case 'direction': {
        const dir = directionForKey(k);
        const purpose = this.ui.purpose;
        this.ui = { kind: 'main' };
        if (dir) this.act({ type: purpose, dir });
        else this.status = 'Cancelled.';
        return undefined;
      }
      case 'choose-ranged':
      case 'choose-item': {
        const i = ch.length === 1 ? ch.charCodeAt(0) - 97 : -1;
        if (this.ui.kind === 'choose-ranged') {
          const o = this.ui.options[i];
          this.ui = { kind: 'main' };
          if (o) this.beginTargeting(o);
          else this.status = 'Cancelled.';
        } else {
          const it = this.ui.items[i];
          this.ui = { kind: 'main' };
          if (it) this.act({ type: 'use', item: it.item });
          else this.status = 'Cancelled.';
        }
        return undefined;
      }
      case 'target':
      case 'look':
        return this.cursorKey(k);
      case 'main':
        return this.mode === 'watch' ? this.watchKey(k) : this.playKey(k);
    }
  }

  private rulesKeys(ch: string): boolean {
    if (ch === '[') this.rulesScroll = Math.max(0, this.rulesScroll - 3);
    else if (ch === ']') this.rulesScroll += 3;
    else if (ch === '{' || ch === '}') {
      const n = this.duel.traces.length;
      if (n === 0) return true;
      let i = this.traceIndex < 0 ? n - 1 : this.traceIndex;
      i = ch === '{' ? Math.max(0, i - 1) : i + 1;
      this.traceIndex = i >= n - 1 ? -1 : i;
      this.rulesScroll = 0;
    } else return false;
    return true;
  }

  private watchKey(k: Key): 'quit' | undefined {
    const ch = k.ch ?? '';
    if (ch === 'Q') this.ui = { kind: 'confirm-quit' };
    else if (ch === ' ') this.running = !this.running;
    else if ((ch === '.' || ch === 's') && !this.running) this.stepWatch();
    else if (ch === '+' || ch === '=') this.speedIndex = Math.min(WATCH_SPEEDS.length - 1, this.speedIndex + 1);
    else if (ch === '-' || ch === '_') this.speedIndex = Math.max(0, this.speedIndex - 1);
    else if (ch === 'v') this.omniscient = !this.omniscient;
    else if (ch === '?') this.ui = { kind: 'help' };
    else this.rulesKeys(ch);
    return undefined;
  }

  private playKey(k: Key): 'quit' | undefined {
    const ch = k.ch ?? '';
    if (this.finished) return undefined;
    const dir = directionForKey(k);
    if (dir) {
      this.act({ type: 'move', dir });
      return undefined;
    }
    const hero = this.duel.hero;
    switch (ch) {
      case '.':
      case '5':
      case 's':
        this.act({ type: 'wait' });
        break;
      case 'f':
      case 't': {
        const options = this.duel.ruleset.attackOptions(this.duel.view(hero)).filter((o) => o.kind === 'projectile');
        if (options.length === 0) this.status = 'You have nothing to throw or zap.';
        else if (options.length === 1) this.beginTargeting(options[0] as AttackOption);
        else this.ui = { kind: 'choose-ranged', options };
        break;
      }
      case 'o':
      case 'c':
        this.ui = { kind: 'direction', purpose: ch === 'o' ? 'open' : 'close' };
        this.status = `${ch === 'o' ? 'Open' : 'Close'} a door in which direction?`;
        break;
      case 'q': {
        const items = this.duel.ruleset.usableItems(this.duel.view(hero));
        if (items.length === 0) this.status = 'You have nothing to use.';
        else this.ui = { kind: 'choose-item', items };
        break;
      }
      case 'g':
      case ',':
        this.act({ type: 'pickup' });
        break;
      case 'x':
        this.ui = { kind: 'look', cursor: hero.pos ? { ...hero.pos } : { x: 1, y: 1 } };
        break;
      case '?':
        this.ui = { kind: 'help' };
        break;
      case 'Q':
        this.ui = { kind: 'confirm-quit' };
        break;
      default:
        if (!this.rulesKeys(ch) && ch.trim() !== '') this.status = `Unknown key "${ch}". Press ? for the keys.`;
    }
    return undefined;
  }

  private visibleEnemies(): ArenaEntity[] {
    const hero = this.duel.hero;
    const w = this.duel.grid.width;
    return this.duel.world
      .all()
      .filter((e) => e.fighter && e.body && e.body.hp > 0 && e.pos && e.fighter.side !== hero.fighter?.side && this.visible[e.pos.y * w + e.pos.x])
      .sort((a, b) => this.duel.distanceBetween(hero, a) - this.duel.distanceBetween(hero, b) || a.id - b.id);
  }

  private beginTargeting(option: AttackOption): void {
    const hero = this.duel.hero;
    const enemy = this.visibleEnemies()[0];
    const cursor = enemy?.pos ? { ...enemy.pos } : hero.pos ? { ...hero.pos } : { x: 1, y: 1 };
    this.ui = { kind: 'target', option, cursor };
    this.status = '';
  }

  private cursorKey(k: Key): 'quit' | undefined {
    if (this.ui.kind !== 'target' && this.ui.kind !== 'look') return undefined;
    const ch = k.ch ?? '';
    const g = this.duel.grid;
    const dir = directionForKey(k);
    if (dir) {
      const d = directionOf(dir);
      const c = this.ui.cursor;
      const cursor = { x: Math.min(g.width - 1, Math.max(0, c.x + d.dx)), y: Math.min(g.height - 1, Math.max(0, c.y + d.dy)) };
      this.ui = { ...this.ui, cursor };
      return undefined;
    }
    if (k.name === 'escape' || (this.ui.kind === 'look' && (ch === 'x' || ch === 'q'))) {
      this.ui = { kind: 'main' };
      this.status = '';
      return undefined;
    }
    if (k.name === 'tab' || ch === '+' || ch === '-') {
      const enemies = this.visibleEnemies();
      if (enemies.length > 0) {
        const at = enemies.findIndex((e) => e.pos && this.ui.kind !== 'main' && 'cursor' in this.ui && e.pos.x === this.ui.cursor.x && e.pos.y === this.ui.cursor.y);
        const next = enemies[(at + 1) % enemies.length];
        if (next?.pos) this.ui = { ...this.ui, cursor: { ...next.pos } };
      }
      return undefined;
    }
    if (this.ui.kind === 'target' && (k.name === 'enter' || k.name === 'return' || ch === 'f' || ch === 't' || ch === '.')) {
      const { option, cursor } = this.ui;
      this.ui = { kind: 'main' };
      this.act({ type: 'fire', option: option.id, target: cursor });
    }
    return undefined;
  }

  private restart(seed: string): void {
    this.finished = false;
    this.start({ ...this.setup, seed });
  }

  /** Ends the session: the replay keeps every whole turn played. */
  close(): void {
    this.recorder?.close();
  }

  // --- What the screen asks about -------------------------------------------------------

  /** For targeting: the path from the hero to the cursor, who it would strike, and the odds. */
  aim(option: AttackOption, cursor: Point): { path: ProjectilePath; victim: ArenaEntity | undefined; preview: AttackPreview | undefined } {
    const hero = this.duel.hero;
    const { path, victim } = aimAt(this.duel, hero, option, cursor);
    const preview = victim && victim.id !== hero.id ? this.duel.ruleset.previewAttack(this.duel.view(hero), this.duel.view(victim), option, attackContext(this.duel, hero, victim)) : undefined;
    return { path, victim, preview };
  }

  /** For looking: both fighters' melee odds against each other when the cursor is on a fighter. */
  lookOdds(target: ArenaEntity): { mine?: AttackPreview; theirs?: AttackPreview } {
    const hero = this.duel.hero;
    if (target.id === hero.id || !hero.pos || !target.pos) return {};
    const r = this.duel.ruleset;
    const ctx = { ...attackContext(this.duel, hero, target), distance: 1 };
    const mine = r.attackOptions(this.duel.view(hero)).find((o) => o.kind === 'melee');
    const theirs = r.attackOptions(this.duel.view(target)).find((o) => o.kind === 'melee');
    const back = { ...attackContext(this.duel, target, hero), distance: 1 };
    return {
      ...(mine ? { mine: r.previewAttack(this.duel.view(hero), this.duel.view(target), mine, ctx) } : {}),
      ...(theirs ? { theirs: r.previewAttack(this.duel.view(target), this.duel.view(hero), theirs, back) } : {}),
    };
  }

  distanceToCursor(cursor: Point): number {
    const p = this.duel.hero.pos;
    return p ? distance(p, cursor) : 0;
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
