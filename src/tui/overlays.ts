import { DETAIL_NAMES, decides, summariseTrace } from '../game/explain.js';
import type { TraceRecord } from '../game/duel.js';
import { type Canvas, wrap } from './canvas.js';
import { ellipsize, fitBar } from './fit.js';
import type { DuelLayout, Rect } from './layout.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import { type PaneLine, capitalise, likelihoodText, luckPercent } from './pane.js';
import { type HelpScreen, KEY_HELP, type Session, matchDecided, matchTally } from './session.js';
import type { Theme } from './theme.js';
import { drawBox, drawKeySections } from './widgets.js';

/** What the overlays need from the duel screen's view: its theme, its explanations, its layout. */
export interface OverlayHost {
  theme(s: Session): Theme;
  explanationLines(traces: readonly TraceRecord[], level: 1 | 2 | 3, w: number): PaneLine[];
  layout(c: Canvas, s: Session): DuelLayout;
}

/**
 * The duel screen's overlays, each sized from the screen: the key help, the message log and the
 * history of explanations, a recall page (full screen, or the third column beside the map), and
 * the end box.
 */
export class Overlays {
  constructor(
    private readonly pal: Palette,
    private readonly host: OverlayHost,
  ) {}

  private box(c: Canvas, x: number, y: number, w: number, h: number, title: string): void {
    drawBox(c, this.pal, x, y, w, h, title);
  }

  /** Which keys the help screen lists: those of the screen it was opened from. */
  private helpSections(s: Session, L: DuelLayout): [string, readonly [string, string][]][] {
    const back = s.ui.kind === 'help' ? s.ui.back : s.ui;
    const named: Record<HelpScreen, string> = {
      play: 'Playing',
      watch: 'Watching',
      replay: 'Replay',
      target: 'Targeting',
      look: 'Looking',
      history: 'Message log and explanations',
      recall: 'Recall page',
      over: 'When the duel ends',
      match: 'Between the rounds of a match',
    };
    const screen: HelpScreen =
      back.kind === 'target' || back.kind === 'look' || back.kind === 'history' || back.kind === 'recall'
        ? back.kind
        : back.kind === 'over'
          ? s.match
            ? 'match'
            : 'over'
          : s.mode;
    const end: HelpScreen = s.match ? 'match' : 'over';
    const out: [string, readonly [string, string][]][] = [[named[screen], KEY_HELP[screen]]];
    // The other screens' keys follow while they fit (each screen's own help lists them all).
    const extra: HelpScreen[] = screen === 'play' ? ['target', end] : screen === 'watch' || screen === 'replay' ? [end] : [];
    let rows = KEY_HELP[screen].length + 1;
    for (const e of extra) {
      rows += KEY_HELP[e].length + 1;
      if (rows > L.barY - 2) break;
      out.push([named[e], KEY_HELP[e]]);
    }
    return out;
  }

  private paintHelp(c: Canvas, s: Session, L: DuelLayout): void {
    drawKeySections(c, this.pal, 'Keys', this.helpSections(s, L), { w: L.cols, h: L.barY });
  }

  /** The whole screen above the status bar, for the full-screen overlays. */
  private full(L: DuelLayout): Rect {
    return { x: 0, y: 0, w: L.cols, h: L.barY };
  }

  /** A scrolled list of lines in a box; returns the scroll actually used. */
  private scrolled(c: Canvas, r: Rect, title: string, lines: readonly PaneLine[], scroll: number, footer: string): number {
    const P = this.pal;
    const iw = r.w - 4;
    this.box(c, r.x, r.y, r.w, r.h, ellipsize(title, r.w - 6));
    const rows = r.h - 3;
    const max = Math.max(0, lines.length - rows);
    const at = Math.min(scroll, max);
    lines.slice(at, at + rows).forEach((l, i) => c.text(r.x + 2, r.y + 1 + i, l.text, P.attr(l.colour, 'black', l.bold ? FLAG_BOLD : 0), iw));
    const more = max > 0 ? ` ${at + 1}-${Math.min(lines.length, at + rows)} of ${lines.length} ` : '';
    c.text(r.x + 2, r.y + r.h - 2, ellipsize(footer, iw - more.length - 1), P.attr('dark-grey', 'black'), iw - more.length);
    if (more) c.text(r.x + r.w - 2 - more.length, r.y + r.h - 2, more, P.attr('dark-grey', 'black', FLAG_INVERSE));
    return at;
  }

  private paintHistory(c: Canvas, s: Session, L: DuelLayout): void {
    if (s.ui.kind !== 'history') return;
    const h = s.ui;
    const P = this.pal;
    const r = this.full(L);
    const iw = r.w - 4;
    if (h.open) {
      const traces = s.historyExplanations();
      const lines = traces.length > 0 ? this.host.explanationLines(traces, s.detail, iw) : [{ text: 'No rule decided anything on that turn (moves and waits roll nothing).', colour: 'grey' }];
      const m = h.list === 'messages' ? s.duel.messages[h.cursor] : undefined;
      const title = m ? `Turn ${m.time.toFixed(1)}: ${m.text}` : `Explanation ${h.cursor + 1}`;
      const detail = ` · ${DETAIL_NAMES[s.detail]}`;
      this.scrolled(c, r, `${ellipsize(title, r.w - 6 - detail.length)}${detail}`, lines, h.scroll, 'j k scroll · d detail · Esc back to the list · ? keys');
      return;
    }
    const luck = this.luckLines(s, iw);
    const rows = r.h - 3 - luck.length;
    const entries: PaneLine[] =
      h.list === 'messages'
        ? s.duel.messages.map((m) => ({ text: `${m.time.toFixed(1).padStart(7)}  ${m.text}`, colour: this.host.theme(s).tone[m.tone] }))
        : s.historyTraces().map((t) => ({ text: `${(t.time / s.duel.ruleset.ticksPerTurn).toFixed(1).padStart(7)}  ${summariseTrace(t)}`, colour: decides(t) ? 'white' : 'grey' }));
    const top = Math.max(0, Math.min(h.cursor - Math.floor(rows / 2), entries.length - rows));
    const title = h.list === 'messages' ? `Message log: ${entries.length} (Tab: explanations)` : `Explanations: ${entries.length} · ${DETAIL_NAMES[s.detail]} (Tab: messages)`;
    this.box(c, r.x, r.y, r.w, r.h, title);
    luck.forEach((l, i) => c.text(2, 1 + i, l.text, P.attr(l.colour, 'black'), iw));
    const y0 = 1 + luck.length;
    if (entries.length === 0) c.text(2, y0, 'Nothing yet.', P.attr('grey', 'black'));
    entries.slice(top, top + rows).forEach((l, i) => {
      const sel = top + i === h.cursor;
      c.text(2, y0 + i, ellipsize(l.text, iw).padEnd(iw), P.attr(l.colour, 'black', sel ? FLAG_INVERSE : 0), iw);
    });
    const keys = fitBar(
      [
        { text: 'up/down choose', rank: 1 },
        { text: 'Enter explain', rank: 1 },
        { text: 'Tab other list', rank: 3 },
        { text: 'd detail', rank: 4 },
        { text: 'Esc back', rank: 0 },
        { text: '? keys', rank: 0 },
      ],
      iw,
      ' · ',
      1,
    );
    c.text(2, r.h - 2, keys.map((k) => k.text).join(' · '), P.attr('dark-grey', 'black'), iw);
  }

  /** The luck meter in words, for the history screen. */
  private luckLines(s: Session, w: number): PaneLine[] {
    const r = s.luck();
    if (!r) return [];
    const names = [s.duel.hero.fighter?.name ?? 'the hero', `the ${s.duel.foe.fighter?.name ?? 'foe'}`];
    const out: PaneLine[] = r.sides.flatMap((side, i) => {
      const who = capitalise(names[i] ?? '');
      const text =
        side.attacks === 0
          ? `${who}: no attacks yet.`
          : `${who}: ${side.dealt} damage in ${side.attacks} attack${side.attacks > 1 ? 's' : ''} (${side.expected.toFixed(1)} expected): luckier than ${luckPercent(side.percentile)} of duels with those attacks.`;
      return wrap(text, w).map((t) => ({ text: t, colour: i === 0 ? 'bright-green' : 'bright-red' }));
    });
    out.push({ text: `Every attack's outcome together: ${likelihoodText(r.log10Likelihood)}.`, colour: 'grey' });
    return out;
  }

  /** A recall page's lines, wrapped to `w`. */
  private recallLines(s: Session, subject: number, w: number): PaneLine[] {
    const lines: PaneLine[] = [];
    for (const sec of s.recallPage(subject)) {
      if (lines.length > 0) lines.push({ text: '', colour: 'grey' });
      for (const part of wrap(sec.title, w)) lines.push({ text: part, colour: 'cyan', bold: true });
      for (const l of sec.lines) for (const part of wrap(l, w)) lines.push({ text: part, colour: 'white' });
    }
    return lines;
  }

  /** The recall page in a box: the whole screen, or the third column beside the map and the rules. */
  recallIn(c: Canvas, s: Session, r: Rect, scroll: number): void {
    if (s.ui.kind !== 'recall') return;
    const subject = s.ui.subject;
    const name = s.duel.world.get(subject)?.fighter?.name ?? '';
    this.scrolled(c, r, `Recall: ${name} (${s.duel.ruleset.name}, ${s.duel.edition})`, this.recallLines(s, subject, r.w - 4), scroll, 'j k scroll · Esc close · ? keys');
  }

  private paintOver(c: Canvas, s: Session): void {
    const P = this.pal;
    const o = s.duel.outcome;
    const heroWon = o?.winner === 0;
    const head = !o || o.winner === null ? 'DRAW' : heroWon ? 'VICTORY' : 'DEFEAT';
    const m = s.match;
    const lines = [o?.reason ?? '', `after ${s.duel.gameTurns.toFixed(1)} turns (${s.duel.turn} actions)`, s.replayNote];
    const L = this.host.layout(c, s);
    const bw = Math.min(L.map.w - 2, 64);
    const luck = s.luck();
    if (luck) {
      const side = (i: 0 | 1) => (luck.sides[i].attacks > 0 ? luckPercent(luck.sides[i].percentile) : '--');
      lines.push(`luck: ${s.mode === 'play' ? 'you' : 'hero'} ${side(0)}, foe ${side(1)} (m: in words)`);
    }
    let keys: string[];
    if (m) {
      const t = matchTally(m);
      const done = matchDecided(m);
      const leader = t.hero === t.foe ? 'level' : t.hero > t.foe ? `${s.duel.hero.fighter?.name ?? 'the hero'} leads` : `the ${s.duel.foe.fighter?.name ?? 'foe'} leads`;
      lines.push(`Round ${m.round} of ${m.rounds}: hero ${t.hero} · foe ${t.foe} · draws ${t.draw}`);
      lines.push(done ? `Match over: ${t.hero > t.foe ? 'the hero wins it' : t.foe > t.hero ? 'the foe wins it' : 'no winner'}.` : `${leader}; next round: ${m.round % 2 === 1 ? 'the foe' : 'the hero'} moves first.`);
      keys = done ? ['r the match again · n new seed', 'q quit'] : [`space next round${s.running ? ' (starts by itself)' : ''}`, 'r restart match · q quit'];
    } else {
      lines.push(s.epitaph);
      keys = ['r rematch (same seed)', 'n new seed    q quit'];
    }
    if (s.endLocked()) keys = ['(a moment: the keys wait so the result is seen)'];
    // Each line wraps inside the box; the box grows to hold them (up to the map's height).
    const rows = [...lines.map((l) => ({ l, key: false })), ...keys.map((l) => ({ l, key: true }))].flatMap(({ l, key }) => wrap(l, bw - 4).map((t) => ({ t, key })));
    const y = Math.min(5, Math.max(0, L.map.h - rows.length - 3));
    const h = Math.min(L.barY - y, rows.length + 3);
    this.box(c, L.map.x + 1, y, bw, h, m ? `${head} · round ${m.round}` : head);
    rows.slice(0, h - 2).forEach((r, i) => c.text(L.map.x + 3, y + 1 + i, r.t, P.attr(r.key ? 'yellow' : 'white', 'black'), bw - 4));
  }

  /** The overlay open over the duel screen, if any: help, the history, recall (no third column), the end box. */
  paint(c: Canvas, s: Session, L: DuelLayout): void {
    if (s.ui.kind === 'help') this.paintHelp(c, s, L);
    else if (s.ui.kind === 'history') this.paintHistory(c, s, L);
    else if (s.ui.kind === 'recall' && !L.side) this.recallIn(c, s, this.full(L), s.ui.scroll);
    else if (s.ui.kind === 'over') this.paintOver(c, s);
  }
}
