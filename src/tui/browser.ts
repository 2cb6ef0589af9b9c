import { basename } from 'node:path';
import { ReplayError, readReplayFile } from '../replay/format.js';
import { ReplayPlayer } from '../replay/player.js';
import { type SaveSummary, deleteSave, listSaves, openForResume } from '../replay/saves.js';
import { verifyReplay } from '../replay/verify.js';
import { LockedError } from '../replay/lock.js';
import { type Canvas, wrap } from './canvas.js';
import { ellipsize } from './fit.js';
import { DuelScreen } from './duel-screen.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import type { Screen, ScreenAction } from './screen.js';
import type { Key, SessionEnv } from './session.js';
import { drawKeyHelp } from './widgets.js';

export const BROWSER_KEYS: readonly [string, string][] = [
  ['up down j k', 'choose a duel (PgUp PgDn Home End too)'],
  ['Enter o', 'open it: replay with seeking, views and take-over'],
  ['r', 'resume an unfinished duel, recording to the same file'],
  ['v', 'verify it: replay every checkpoint'],
  ['d', 'delete it (asks first)'],
  ['?', 'this help'],
  ['q Esc', 'leave (Esc first closes a question or this help)'],
];

const LIST_TOP = 3;
/** Rows below the list: the detail (two lines), the status (two lines), the keys and the bar. */
const BELOW = 7;

/** The saves browser: every recorded duel, to open, resume, verify or delete. */
export class BrowserScreen implements Screen {
  private saves: SaveSummary[] = [];
  private selected = 0;
  private top = 0;
  private status = '';
  private confirmDelete = false;
  /** Resuming met a lock that looks stale: the next y takes it over; `lockWhy` says why it looks so. */
  private confirmTakeOver = false;
  private lockWhy = '';
  private help = false;
  /** The list's rows at the last paint (the terminal's height less the rest). */
  private listRows = 24 - LIST_TOP - BELOW;

  constructor(
    private readonly env: SessionEnv & { readonly force?: boolean },
    private readonly palette: Palette,
  ) {
    this.refresh();
  }

  private refresh(): void {
    const keep = this.saves[this.selected]?.file;
    try {
      this.saves = this.env.savesDir ? listSaves(this.env.savesDir) : [];
    } catch (e) {
      // No saves folder yet (or not a folder): an empty list that says why.
      this.saves = [];
      this.status = (e as Error).message;
    }
    const i = keep ? this.saves.findIndex((s) => s.file === keep) : -1;
    this.selected = Math.max(0, Math.min(i >= 0 ? i : this.selected, this.saves.length - 1));
  }

  shown(): void {
    this.refresh();
  }

  tickDelay(): number | undefined {
    return undefined;
  }

  tick(): void {}

  close(): void {}

  key(k: Key): ScreenAction {
    const ch = k.ch ?? '';
    if (this.help) {
      this.help = false;
      return undefined;
    }
    if (ch === '?' && !this.confirmDelete && !this.confirmTakeOver) {
      this.help = true;
      return undefined;
    }
    if (this.confirmTakeOver) {
      this.confirmTakeOver = false;
      this.lockWhy = '';
      const s = this.saves[this.selected];
      if ((ch === 'y' || ch === 'Y') && s) return this.resume(s, true);
      this.status = 'The lock was left alone; nothing was resumed.';
      return undefined;
    }
    if (this.confirmDelete) {
      this.confirmDelete = false;
      const s = this.saves[this.selected];
      if ((ch === 'y' || ch === 'Y') && s && this.env.savesDir) {
        try {
          deleteSave(this.env.savesDir, s.path);
          this.status = `Deleted ${s.file}.`;
        } catch (e) {
          this.status = (e as Error).message;
        }
        this.refresh();
      } else this.status = 'Nothing deleted.';
      return undefined;
    }
    if (ch === 'q' || ch === 'Q' || k.name === 'escape') return { kind: 'back' };
    const move = (d: number) => {
      this.selected = Math.max(0, Math.min(this.saves.length - 1, this.selected + d));
      this.status = '';
    };
    if (ch === 'j' || k.name === 'down') move(1);
    else if (ch === 'k' || k.name === 'up') move(-1);
    else if (k.name === 'pagedown') move(this.listRows);
    else if (k.name === 'pageup') move(-this.listRows);
    else if (k.name === 'home') move(-this.saves.length);
    else if (k.name === 'end') move(this.saves.length);
    const s = this.saves[this.selected];
    if (!s) return undefined;
    if (ch === 'o' || k.name === 'enter' || k.name === 'return') return this.open(s);
    if (ch === 'r') return this.resume(s);
    if (ch === 'v') this.verify(s);
    else if (ch === 'd') {
      this.confirmDelete = true;
      this.status = `Delete ${s.file}? This cannot be undone. (y/n)`;
    }
    return undefined;
  }

  private open(s: SaveSummary): ScreenAction {
    try {
      const player = ReplayPlayer.load(readReplayFile(s.path), this.env.content, { force: this.env.force ?? false });
      return { kind: 'open', screen: new DuelScreen({ kind: 'replay', player }, this.env, this.palette) };
    } catch (e) {
      this.status = (e as Error).message;
      return undefined;
    }
  }

  private resume(s: SaveSummary, takeOver = false): ScreenAction {
    if (!this.env.savesDir) return undefined;
    try {
      const { player, recorder } = openForResume(s.path, this.env.savesDir, this.env.content, { force: this.env.force ?? false, takeOver });
      return { kind: 'open', screen: new DuelScreen({ kind: 'continue', duel: player.duel, recorder }, this.env, this.palette) };
    } catch (e) {
      if (e instanceof LockedError && e.offer) {
        this.confirmTakeOver = true;
        this.lockWhy = e.message.replace(/^.* the lock looks stale: /, 'The lock looks stale: ').replace(/\. If no arena is recording.*$/, '.');
        this.status = 'Take the lock over and resume? (y/n)';
        return undefined;
      }
      this.status = e instanceof ReplayError || e instanceof Error ? e.message : String(e);
      return undefined;
    }
  }

  private verify(s: SaveSummary): void {
    try {
      const r = verifyReplay(readReplayFile(s.path), this.env.content, { force: this.env.force ?? false });
      const d = r.divergence;
      this.status = r.ok ? `OK: all ${r.turns} turns match.` : `FAILS at turn ${d?.turn}: ${d?.detail} (expected ${d?.expected}, got ${d?.actual})`;
    } catch (e) {
      this.status = (e as Error).message;
    }
  }

  paint(c: Canvas): void {
    const P = this.palette;
    const W = c.width;
    const H = c.height;
    const iw = W - 2;
    c.clear(P.attr());
    const bar = P.attr('black', 'grey');
    c.fill(0, 0, W, 1, bar);
    const count = `: ${this.saves.length}`;
    c.text(0, 0, ` Saved duels in ${ellipsize(this.env.savesDir ?? '(not recording)', W - 18 - count.length)}${count}`, bar, W);
    // The hero-vs-foe column takes what the terminal has beyond the other columns.
    const whoW = Math.max(20, iw - 51);
    c.text(1, 2, `${'date'.padEnd(18)}${'ruleset'.padEnd(17)}${'hero vs foe'.padEnd(whoW + 1)}${'outcome'.padEnd(10)}${'turns'.padStart(5)}`, P.attr('cyan', 'default', FLAG_BOLD), iw);
    const rows = Math.max(3, H - LIST_TOP - BELOW);
    this.listRows = rows;
    if (this.saves.length === 0) c.text(1, LIST_TOP, 'No replays yet: every duel you play or watch is recorded here.', P.attr('dark-grey'), iw);
    if (this.selected < this.top) this.top = this.selected;
    if (this.selected >= this.top + rows) this.top = this.selected - rows + 1;
    this.saves.slice(this.top, this.top + rows).forEach((s, i) => {
      const sel = this.top + i === this.selected;
      const when = s.created.replace('T', ' ').slice(0, 16).padEnd(17);
      const who = ellipsize(`${s.fighters[0]} vs ${s.fighters[1]}${s.branched ? ' *' : ''}`, whoW).padEnd(whoW + 1);
      const line = s.problem ? ellipsize(`${s.file}  ${s.problem}`, iw) : `${when} ${ellipsize(s.ruleset, 16).padEnd(17)}${who}${s.outcome.padEnd(10)}${String(s.turns).padStart(5)}`;
      const colour = s.problem ? 'bright-red' : s.outcome === 'win' ? 'bright-green' : s.outcome === 'loss' ? 'red' : s.outcome === 'unfinished' ? 'yellow' : 'white';
      c.text(1, LIST_TOP + i, line.padEnd(iw), P.attr(colour, 'default', sel ? FLAG_INVERSE : 0), iw);
    });
    const s = this.saves[this.selected];
    const detail = s && !s.problem ? `${s.file} · seed ${s.seed} · ${s.edition}${s.reason ? ` · ${s.reason}` : ''}${s.branched ? ' · taken over from another replay' : ''}` : '';
    const asking = this.confirmDelete || this.confirmTakeOver;
    // Two rows for the detail (or why a lock looks stale), two for the status or question: wrapped, never cut.
    const detailY = H - 6;
    const lines = wrap(this.confirmTakeOver ? this.lockWhy : detail, iw).slice(0, 2);
    lines.forEach((line, i) => c.text(1, detailY + i, line, P.attr(this.confirmTakeOver ? 'yellow' : 'grey'), iw));
    wrap(this.status, iw)
      .slice(0, 2)
      .forEach((line, i) => c.text(1, detailY + 2 + i, line, P.attr(asking ? 'yellow' : 'white', 'default', asking ? FLAG_BOLD : 0), iw));
    c.text(1, H - 2, ellipsize('Enter open · r resume · v verify · d delete · ? keys · q leave', iw), P.attr('dark-grey'), iw);
    c.fill(0, H - 1, W, 1, bar);
    const unfinished = `: ${this.saves.filter((x) => x.outcome === 'unfinished').length} unfinished`;
    c.text(0, H - 1, ` ${ellipsize(basename(this.env.savesDir ?? ''), W - 2 - unfinished.length)}${unfinished}`, bar, W);
    if (this.help) drawKeyHelp(c, P, 'Saved duels: keys', BROWSER_KEYS);
  }
}
