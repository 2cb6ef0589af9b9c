import { statusLabels } from '../rules/recall.js';
import { DETAIL_NAMES, decides, explainTrace, shownAt, summariseTrace } from '../game/explain.js';
import type { TraceRecord } from '../game/duel.js';
import { damagePerTurn } from '../game/odds.js';
import type { AttackPreview } from '../rules/ruleset.js';
import { type ArenaEntity, isAlive, stackKey } from '../world/components.js';
import { TERRAIN_INFO, Terrain } from '../world/terrain.js';
import { type Canvas, wrap } from './canvas.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import { type Theme, themeFor } from './theme.js';
import { drawBox, drawKeySections } from './widgets.js';
import { type HelpScreen, KEY_HELP, type OddsBothWays, type Session, matchDecided, matchTally } from './session.js';

/** Screen layout for 80x24: the map top left, fighters and the rules pane on the right. */
export const LAYOUT = {
  mapX: 0,
  mapY: 0,
  mapW: 46,
  mapH: 18,
  sepX: 46,
  panelX: 47,
  panelW: 33,
  logY: 18,
  luckY: 8,
  rulesY: 9,
  logH: 5,
  barY: 23,
} as const;

const MODE_TEXT = { sleeping: 'asleep', wandering: 'wandering', hunting: 'hunting', fleeing: 'fleeing' } as const;

function pct(p: AttackPreview['hit']): string {
  return p.percent(1);
}

export function previewLine(p: AttackPreview): string {
  const mean = p.damage.mean().toNumber();
  const per = p.perTurn.toNumber();
  return `hit ${pct(p.hit)} · dmg ${p.damage.min}-${p.damage.max} (avg ${mean.toFixed(1)}) · ${per === 1 ? '1' : per.toFixed(2)}/turn`;
}

/** The odds lines of one side's attacks for the narrow pane. */
function oddsLines(list: OddsBothWays['mine']): string[] {
  const out: string[] = [];
  for (const { option, preview: p, reach } of list) {
    const per = p.perTurn.toNumber();
    out.push(` ${option.label}${reach ? '' : ' (if adjacent)'}`);
    out.push(`  hit ${pct(p.hit)} · ${p.damage.min}-${p.damage.max}, avg ${p.damage.mean().toNumber().toFixed(1)}`);
    out.push(`  ${per === 1 ? '1' : per.toFixed(2)} a turn · ${damagePerTurn(p).toNumber().toFixed(2)} dmg/turn`);
    if (p.notes.length) out.push(`  ${p.notes.join(', ')}`);
  }
  if (list.length === 0) out.push(' no attack');
  return out;
}

/** A luck percentile as a whole percent, never 0 or 100 for a result that was possible. */
export function luckPercent(p: number): string {
  return `${Math.min(99, Math.max(1, Math.round(p * 100)))}%`;
}

/** "1 in 3.2e5": how likely every attack's outcome together was. */
export function likelihoodText(log10: number): string {
  const n = -log10;
  if (n < 3) return `1 in ${Math.round(10 ** n)}`;
  const e = Math.floor(n);
  return `1 in ${(10 ** (n - e)).toFixed(1)}e${e}`;
}

function capitalise(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

interface PaneLine {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
}

export class View {
  private themeCache: Theme | undefined;
  constructor(private readonly pal: Palette) {}

  /** The colours of the game the duel's ruleset comes from. */
  private theme(s: Session): Theme {
    const id = s.duel.ruleset.id;
    if (this.themeCache?.ruleset !== id) this.themeCache = themeFor(id);
    return this.themeCache;
  }

  paint(c: Canvas, s: Session): void {
    const P = this.pal;
    c.clear(P.attr());
    this.paintMap(c, s);
    for (let y = 0; y < LAYOUT.barY; y++) c.put(LAYOUT.sepX, y, '│', P.attr('dark-grey'));
    this.paintFighter(c, s, s.duel.hero, 0);
    this.paintFighter(c, s, s.duel.foe, 4);
    this.paintLuck(c, s);
    this.paintRules(c, s);
    this.paintLog(c, s);
    this.paintBar(c, s);
    this.paintOverlay(c, s);
  }

  private mapOffset(s: Session): { ox: number; oy: number } {
    const g = s.duel.grid;
    return { ox: LAYOUT.mapX + Math.max(0, Math.floor((LAYOUT.mapW - g.width) / 2)), oy: LAYOUT.mapY + Math.max(0, Math.floor((LAYOUT.mapH - g.height) / 2)) };
  }

  private paintMap(c: Canvas, s: Session): void {
    const P = this.pal;
    const T = this.theme(s);
    const g = s.duel.grid;
    const { ox, oy } = this.mapOffset(s);
    const all = s.omniscient && s.mode !== 'play';
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const i = y * g.width + x;
        if (all || s.visible[i]) {
          const t = g.get(x, y);
          c.put(ox + x, oy + y, TERRAIN_INFO[t].glyph, P.attr(T.terrain[t]));
        } else if (s.memory[i]) {
          const t = ((s.memory[i] as number) - 1) as Terrain;
          c.put(ox + x, oy + y, TERRAIN_INFO[t].glyph, P.attr(T.remembered));
        }
      }
    }
    const shown = (e: ArenaEntity) => e.pos !== undefined && (all || (s.visible[e.pos.y * g.width + e.pos.x] === 1 && s.perceives(e)));
    for (const e of s.duel.world.all()) {
      if (!e.heap || !shown(e) || !e.pos) continue;
      const top = e.heap[e.heap.length - 1];
      if (!top) continue;
      const gl = s.duel.ruleset.itemGlyph(top.item);
      c.put(ox + e.pos.x, oy + e.pos.y, gl.ch, P.attr(gl.colour));
    }
    for (const ev of s.flash) {
      for (const p of ev.cells) if (all || s.visible[p.y * g.width + p.x]) c.put(ox + p.x, oy + p.y, ev.glyph, P.attr('yellow', 'default', FLAG_BOLD));
    }
    for (const e of s.duel.world.all()) {
      if (!e.fighter || !e.glyph || !isAlive(e.body) || !shown(e) || !e.pos) continue;
      const colour = e.fighter.kind === 'hero' ? T.hero : e.glyph.colour;
      c.put(ox + e.pos.x, oy + e.pos.y, e.glyph.ch, P.attr(colour, 'default', FLAG_BOLD));
    }
    if (s.ui.kind === 'target') {
      const { path, victim } = s.aim(s.ui.option, s.ui.cursor);
      for (const p of path.cells) {
        const occupant = s.duel.fighterAt(p.x, p.y);
        const ch = occupant && shown(occupant) ? (occupant.glyph?.ch ?? '*') : '*';
        c.put(ox + p.x, oy + p.y, ch, P.attr(victim && occupant?.id === victim.id ? 'bright-red' : 'yellow', 'default', FLAG_BOLD));
      }
    }
    if (s.ui.kind === 'target' || s.ui.kind === 'look') {
      const cur = s.ui.cursor;
      const i = cur.y * g.width + cur.x;
      const occupant = s.duel.fighterAt(cur.x, cur.y);
      const ch = occupant && shown(occupant) ? (occupant.glyph?.ch ?? '?') : all || s.visible[i] ? TERRAIN_INFO[g.get(cur.x, cur.y)].glyph : ' ';
      c.put(ox + cur.x, oy + cur.y, ch, P.attr('yellow', 'default', FLAG_INVERSE));
    }
  }

  private paintFighter(c: Canvas, s: Session, e: ArenaEntity, row: number): void {
    const P = this.pal;
    const x = LAYOUT.panelX;
    const w = LAYOUT.panelW;
    if (!e.fighter || !e.body) return;
    const alive = isAlive(e.body);
    const title = String(e.rules?.['title'] ?? e.fighter.name);
    const hp = `HP ${Math.max(0, e.body.hp)}/${e.body.maxHp}`;
    const T = this.theme(s);
    const look = T.hp(e.fighter.kind === 'hero' ? 'hero' : 'foe', Math.max(0, e.body.hp), e.body.maxHp);
    c.put(x, row, e.glyph?.ch ?? '?', P.attr(e.fighter.kind === 'hero' ? T.hero : (e.glyph?.colour ?? 'white'), 'default', FLAG_BOLD));
    c.text(x + 2, row, title, P.attr('white', 'default', FLAG_BOLD), w - hp.length - 3);
    c.text(x + w - hp.length, row, hp, P.attr(look.number));
    const filled = Math.round((Math.max(0, e.body.hp) / e.body.maxHp) * w);
    const [full, empty] = T.barGlyphs;
    for (let i = 0; i < w; i++) c.put(x + i, row + 1, i < filled ? full : empty, P.attr(i < filled ? look.bar : look.empty));
    const lines = s.duel.ruleset.panel.describeFighter(s.duel.view(e), s.duel.now);
    c.text(x, row + 2, lines[0] ?? '', P.attr('grey'), w);
    const flags: string[] = [];
    if (!alive) flags.push('dead');
    if (e.fighter.kind === 'monster' && e.ai && alive) {
      flags.push(MODE_TEXT[e.ai.mode]);
      if (!e.awareness?.enemySeen) flags.push('unaware');
    }
    const rs = s.duel.ruleset;
    flags.push(...statusLabels(rs, s.duel.view(e), s.duel.now));
    const pack = (e.inventory?.pack ?? []).map((p) => `${rs.itemName(stackKey(p))}${p.charges !== undefined ? ` [${p.charges}]` : p.quantity > 1 ? ` x${p.quantity}` : ''}`);
    const info = flags.length > 0 ? flags.join(' · ') : pack.join(', ');
    c.text(x, row + 3, info, P.attr(flags.length > 0 ? 'yellow' : 'dark-grey'), w);
  }

  /** One line: where each side's damage so far stands among all it could have been, and the odds of it all. */
  private paintLuck(c: Canvas, s: Session): void {
    const P = this.pal;
    const x = LAYOUT.panelX;
    const r = s.luck();
    if (!r) {
      c.text(x, LAYOUT.luckY, 'Luck: no attacks yet', P.attr('dark-grey'), LAYOUT.panelW);
      return;
    }
    const tone = (p: number) => (p >= 0.6 ? 'bright-green' : p <= 0.4 ? 'bright-red' : 'white');
    const parts: [string, string][] = [['Luck ', 'grey']];
    [s.mode === 'play' ? 'you' : 'hero', 'foe'].forEach((who, i) => {
      const side = r.sides[i as 0 | 1];
      if (i > 0) parts.push([' · ', 'dark-grey']);
      parts.push([`${who} `, 'grey'], [side.attacks > 0 ? luckPercent(side.percentile) : '--', side.attacks > 0 ? tone(side.percentile) : 'dark-grey']);
    });
    parts.push([` · ${likelihoodText(r.log10Likelihood)}`, 'dark-grey']);
    let at = x;
    for (const [text, colour] of parts) at += c.text(at, LAYOUT.luckY, text, P.attr(colour), x + LAYOUT.panelW - at);
  }

  /**
   * The traces the rules pane shows: one chosen from the history, or the latest round's (without
   * routine upkeep below full detail; the last one shown when the round had none).
   */
  private shownTraces(s: Session): TraceRecord[] {
    const t = s.duel.traces;
    if (s.traceIndex >= 0) return t[s.traceIndex] ? [t[s.traceIndex] as TraceRecord] : [];
    const round = t.slice(Math.min(s.roundStart, t.length));
    const shown = round.filter((r) => shownAt(r, s.detail));
    if (shown.length > 0) return shown;
    for (let i = t.length - 1; i >= 0; i--) if (shownAt(t[i] as TraceRecord, s.detail)) return [t[i] as TraceRecord];
    return [];
  }

  /** Colour of an explanation line: titles, rules, edition differences, passed and failed checks, odds. */
  private stepColour(l: string, i: number, level: number): string {
    if (i === 0 || level === 1) return level === 1 && / edition difference/.test(l) ? 'yellow' : 'white';
    return /^ [^ ]/.test(l) ? 'cyan' : /edition difference/.test(l) ? 'yellow' : / yes$/.test(l) ? 'bright-green' : / no$/.test(l) ? 'bright-red' : /\d+\. P\(|chance to notice/.test(l) ? 'bright-magenta' : 'grey';
  }

  /** An explanation's lines, wrapped and coloured, at the session's detail level. */
  explanationLines(traces: readonly TraceRecord[], level: 1 | 2 | 3, w: number): PaneLine[] {
    const lines: PaneLine[] = [];
    for (const tr of traces) {
      if (lines.length > 0 && level > 1) lines.push({ text: '', colour: 'grey' });
      explainTrace(tr, level).forEach((l, i) => {
        const colour = this.stepColour(l, i, level);
        for (const part of wrap(l, w)) lines.push({ text: part, colour, bold: i === 0 && level > 1 });
      });
    }
    return lines;
  }

  private paintRules(c: Canvas, s: Session): void {
    const P = this.pal;
    const x = LAYOUT.panelX;
    const w = LAYOUT.panelW;
    const top = LAYOUT.rulesY;
    const height = LAYOUT.barY - top - 1;
    const odds = this.oddsPane(s, w);
    let head: string;
    let lines: PaneLine[];
    if (odds) {
      head = odds.head;
      lines = odds.lines;
    } else {
      const n = s.duel.traces.length;
      const shown = this.shownTraces(s);
      const which = s.traceIndex >= 0 ? `${s.traceIndex + 1}/${n}` : n > 0 ? `last ${shown.length}` : '';
      head = `Rules · ${DETAIL_NAMES[s.detail]}${which ? ` · ${which}` : ''}`;
      lines = this.explanationLines(shown, s.detail, w);
      if (shown.length === 0) for (const l of wrap('Every roll, modifier and comparison of each attack appears here, with the exact odds of what happened. d changes the detail.', w)) lines.push({ text: l, colour: 'dark-grey' });
    }
    c.text(x, top, `─ ${head} ${'─'.repeat(Math.max(0, w - head.length - 3))}`, P.attr('cyan'), w);
    const maxScroll = Math.max(0, lines.length - height);
    if (s.rulesScroll > maxScroll) s.rulesScroll = maxScroll;
    const visible = lines.slice(s.rulesScroll, s.rulesScroll + height);
    visible.forEach((l, i) => c.text(x, top + 1 + i, l.text, P.attr(l.colour, 'default', l.bold ? FLAG_BOLD : 0), w));
    if (maxScroll > 0) c.text(x + w - 7, LAYOUT.barY - 1, s.rulesScroll < maxScroll ? ' ] more' : ' [ back', P.attr('dark-grey', 'default', FLAG_INVERSE));
  }

  /** While looking or targeting at a fighter: the exact odds both ways, in the rules pane's place. */
  private oddsPane(s: Session, w: number): { head: string; lines: PaneLine[] } | undefined {
    if (s.ui.kind !== 'look' && s.ui.kind !== 'target') return undefined;
    const cur = s.ui.cursor;
    const g = s.duel.grid;
    const seen = s.visible[cur.y * g.width + cur.x] || (s.omniscient && s.mode !== 'play');
    const f = seen ? s.duel.fighterAt(cur.x, cur.y) : undefined;
    if (!f?.fighter || f.id === s.duel.heroId || !s.perceives(f)) return undefined;
    const o = s.lookOdds(f);
    const lines: PaneLine[] = [];
    const add = (text: string, colour: string, bold = false) => {
      for (const part of wrap(text, w)) lines.push({ text: part, colour, bold });
    };
    add(`${f.ai ? MODE_TEXT[f.ai.mode] : ''} · ${s.duel.distanceBetween(s.duel.hero, f)} away · HP ${Math.max(0, f.body?.hp ?? 0)}/${f.body?.maxHp ?? 0}`, 'grey');
    add('You against it', 'bright-green', true);
    for (const l of oddsLines(o.mine)) add(l, 'bright-green');
    add('It against you', 'bright-red', true);
    for (const l of oddsLines(o.theirs)) add(l, 'bright-red');
    if (o.notice) {
      add(`Notices you: ${o.notice.chance.percent(1)} a turn`, 'yellow', true);
      add(` ${o.notice.describe}`, 'yellow');
    }
    add('r: its recall page', 'dark-grey');
    return { head: `Odds: ${f.fighter.name}`, lines };
  }

  private paintLog(c: Canvas, s: Session): void {
    const P = this.pal;
    const w = LAYOUT.mapW;
    const lines: { text: string; colour: string }[] = [];
    if (s.ui.kind === 'target') {
      const { victim, preview, path } = s.aim(s.ui.option, s.ui.cursor);
      const at = `${s.ui.cursor.x},${s.ui.cursor.y} (range ${s.distanceToCursor(s.ui.cursor)})`;
      if (victim && preview) {
        lines.push({ text: `${s.ui.option.label} at ${at}: strikes the ${victim.fighter?.name}`, colour: 'white' });
        lines.push({ text: previewLine(preview), colour: 'bright-green' });
        if (preview.notes.length) lines.push({ text: preview.notes.join(', '), colour: 'yellow' });
      } else {
        lines.push({ text: `${s.ui.option.label} at ${at}`, colour: 'white' });
        lines.push({ text: `hits no one: it ${path.reason === 'target' ? 'lands' : 'stops'} at ${path.stop.x},${path.stop.y}`, colour: 'yellow' });
      }
      lines.push({ text: 'Enter fire · Tab next enemy · Esc cancel', colour: 'dark-grey' });
    } else if (s.ui.kind === 'look') {
      const cur = s.ui.cursor;
      const g = s.duel.grid;
      const seen = s.visible[cur.y * g.width + cur.x] || (s.omniscient && s.mode !== 'play');
      const remembered = s.memory[cur.y * g.width + cur.x];
      const terrain = seen ? TERRAIN_INFO[g.get(cur.x, cur.y)].name : remembered ? `${TERRAIN_INFO[((remembered as number) - 1) as Terrain].name} (remembered)` : 'unknown';
      lines.push({ text: `${cur.x},${cur.y}: ${terrain}`, colour: 'white' });
      const f = seen ? s.duel.fighterAt(cur.x, cur.y) : undefined;
      if (f && s.perceives(f)) {
        const you = f.id === s.duel.heroId;
        lines.push({ text: you ? 'you' : `${f.fighter?.name}: the odds both ways are on the right`, colour: 'yellow' });
        lines.push({ text: `r: ${you ? 'your' : 'its'} recall page`, colour: 'grey' });
      }
      lines.push({ text: 'move the cursor · Tab next enemy · Esc stop · ? keys', colour: 'dark-grey' });
    } else if (s.ui.kind === 'choose-ranged' || s.ui.kind === 'choose-item') {
      const list = s.ui.kind === 'choose-ranged' ? s.ui.options.map((o) => o.label) : s.ui.items.map((i) => `${s.duel.ruleset.itemName(i.item)}${i.quantity > 1 ? ` (${i.quantity})` : ''}`);
      lines.push({ text: s.ui.kind === 'choose-ranged' ? 'Fire what? (letter, Esc cancels)' : 'Use what? (letter, Esc cancels)', colour: 'white' });
      list.forEach((l, i) => lines.push({ text: `${String.fromCharCode(97 + i)}) ${l}`, colour: 'yellow' }));
    } else {
      const msgs: { text: string; colour: string }[] = [];
      const tone = this.theme(s).tone;
      for (const m of s.duel.messages.slice(-LAYOUT.logH * 2)) for (const l of wrap(m.text, w)) msgs.push({ text: l, colour: tone[m.tone] });
      if (s.status) for (const l of wrap(s.status, w)) msgs.push({ text: l, colour: 'white' });
      lines.push(...msgs.slice(-LAYOUT.logH));
    }
    const wrapped = lines.flatMap((l) => wrap(l.text, w).map((text) => ({ text, colour: l.colour })));
    const shown = s.ui.kind === 'main' ? wrapped.slice(-LAYOUT.logH) : wrapped.slice(0, LAYOUT.logH);
    shown.forEach((l, i) => c.text(0, LAYOUT.logY + i, l.text, P.attr(l.colour), w));
  }

  private paintBar(c: Canvas, s: Session): void {
    const P = this.pal;
    const d = s.duel;
    const a = P.attr('black', 'grey');
    c.fill(0, LAYOUT.barY, 80, 1, a);
    const prompt =
      s.ui.kind === 'confirm-quit'
        ? ' Quit? The replay of this duel is kept. (y/n)'
        : s.ui.kind === 'confirm-takeover'
          ? ` Take over after turn ${s.player?.position ?? 0} and play on? A new replay records it. (y/n)`
          : s.ui.kind === 'jump'
            ? ` Jump to turn (0-${s.player?.length ?? 0}): ${s.ui.digits}_   Enter jumps, Esc cancels`
            : undefined;
    if (prompt) {
      c.text(0, LAYOUT.barY, prompt, a, 80);
      return;
    }
    // The right end keeps the watch controls and the help key; the left end gives way.
    const view = s.viewOf === 'all' ? 'all' : `${s.viewOf}'s view`;
    const replay = s.player ? `${s.player.position}/${s.player.length} · ` : '';
    const right = `${s.mode !== 'play' ? `${replay}${s.running ? 'playing' : 'paused'} ${s.watchDelay}ms · ${view} · ` : ''}? help `;
    const t = s.match ? matchTally(s.match) : undefined;
    const round = s.match && t ? ` round ${s.match.round}/${s.match.rounds} ${t.hero}-${t.foe}-${t.draw} ·` : '';
    const left = `${round} seed ${d.setup.seed} · turn ${d.gameTurns.toFixed(1)} · ${d.ruleset.id} ${d.edition}`;
    c.text(0, LAYOUT.barY, left, a, 80 - right.length - 1);
    c.text(80 - right.length, LAYOUT.barY, right, a);
  }

  private box(c: Canvas, x: number, y: number, w: number, h: number, title: string): void {
    drawBox(c, this.pal, x, y, w, h, title);
  }

  /** Which keys the help screen lists: those of the screen it was opened from. */
  private helpSections(s: Session): [string, readonly [string, string][]][] {
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
      if (rows > LAYOUT.barY - 2) break;
      out.push([named[e], KEY_HELP[e]]);
    }
    return out;
  }

  private paintHelp(c: Canvas, s: Session): void {
    drawKeySections(c, this.pal, 'Keys', this.helpSections(s));
  }

  /** A scrolled list of lines in a full-screen box; returns the scroll actually used. */
  private scrolled(c: Canvas, title: string, lines: readonly PaneLine[], scroll: number, footer: string): number {
    const P = this.pal;
    const h = LAYOUT.barY;
    this.box(c, 0, 0, 80, h, title);
    const rows = h - 3;
    const max = Math.max(0, lines.length - rows);
    const at = Math.min(scroll, max);
    lines.slice(at, at + rows).forEach((l, i) => c.text(2, 1 + i, l.text, P.attr(l.colour, 'black', l.bold ? FLAG_BOLD : 0), 76));
    const more = max > 0 ? ` ${at + 1}-${Math.min(lines.length, at + rows)} of ${lines.length} ` : '';
    c.text(2, h - 2, footer, P.attr('dark-grey', 'black'), 76 - more.length);
    if (more) c.text(78 - more.length, h - 2, more, P.attr('dark-grey', 'black', FLAG_INVERSE));
    return at;
  }

  private paintHistory(c: Canvas, s: Session): void {
    if (s.ui.kind !== 'history') return;
    const h = s.ui;
    const P = this.pal;
    if (h.open) {
      const traces = s.historyExplanations();
      const lines = traces.length > 0 ? this.explanationLines(traces, s.detail, 76) : [{ text: 'No rule decided anything on that turn (moves and waits roll nothing).', colour: 'grey' }];
      const m = h.list === 'messages' ? s.duel.messages[h.cursor] : undefined;
      const title = m ? `Turn ${m.turn}: ${m.text}` : `Explanation ${h.cursor + 1}`;
      this.scrolled(c, `${title.slice(0, 60)} · ${DETAIL_NAMES[s.detail]}`, lines, h.scroll, 'j k scroll · d detail · Esc back to the list · ? keys');
      return;
    }
    const luck = this.luckLines(s);
    const rows = LAYOUT.barY - 3 - luck.length;
    const entries: PaneLine[] =
      h.list === 'messages'
        ? s.duel.messages.map((m) => ({ text: `${String(m.turn).padStart(5)}  ${m.text}`, colour: this.theme(s).tone[m.tone] }))
        : s.historyTraces().map((t) => ({ text: `${String(t.turn).padStart(5)}  ${summariseTrace(t)}`, colour: decides(t) ? 'white' : 'grey' }));
    const top = Math.max(0, Math.min(h.cursor - Math.floor(rows / 2), entries.length - rows));
    const title = h.list === 'messages' ? `Message log: ${entries.length} (Tab: explanations)` : `Explanations: ${entries.length} · ${DETAIL_NAMES[s.detail]} (Tab: messages)`;
    this.box(c, 0, 0, 80, LAYOUT.barY, title);
    luck.forEach((l, i) => c.text(2, 1 + i, l.text, P.attr(l.colour, 'black'), 76));
    const y0 = 1 + luck.length;
    if (entries.length === 0) c.text(2, y0, 'Nothing yet.', P.attr('grey', 'black'));
    entries.slice(top, top + rows).forEach((l, i) => {
      const sel = top + i === h.cursor;
      c.text(2, y0 + i, l.text.padEnd(76), P.attr(l.colour, 'black', sel ? FLAG_INVERSE : 0), 76);
    });
    c.text(2, LAYOUT.barY - 2, 'up/down choose · Enter explain · Tab switch list · d detail · Esc back · ? keys', P.attr('dark-grey', 'black'), 76);
  }

  /** The luck meter in words, for the history screen. */
  private luckLines(s: Session): PaneLine[] {
    const r = s.luck();
    if (!r) return [];
    const names = [s.duel.hero.fighter?.name ?? 'the hero', `the ${s.duel.foe.fighter?.name ?? 'foe'}`];
    const out: PaneLine[] = r.sides.flatMap((side, i) => {
      const who = capitalise(names[i] ?? '');
      const text =
        side.attacks === 0
          ? `${who}: no attacks yet.`
          : `${who}: ${side.dealt} damage in ${side.attacks} attack${side.attacks > 1 ? 's' : ''} (${side.expected.toFixed(1)} expected): luckier than ${luckPercent(side.percentile)} of duels with those attacks.`;
      return wrap(text, 76).map((t) => ({ text: t, colour: i === 0 ? 'bright-green' : 'bright-red' }));
    });
    out.push({ text: `Every attack's outcome together: ${likelihoodText(r.log10Likelihood)}.`, colour: 'grey' });
    return out;
  }

  private paintRecall(c: Canvas, s: Session): void {
    if (s.ui.kind !== 'recall') return;
    const sections = s.recallPage(s.ui.subject);
    const lines: PaneLine[] = [];
    for (const sec of sections) {
      if (lines.length > 0) lines.push({ text: '', colour: 'grey' });
      lines.push({ text: sec.title, colour: 'cyan', bold: true });
      for (const l of sec.lines) for (const part of wrap(l, 76)) lines.push({ text: part, colour: 'white' });
    }
    const name = s.duel.world.get(s.ui.subject)?.fighter?.name ?? '';
    this.scrolled(c, `Recall: ${name} (${s.duel.ruleset.name}, ${s.duel.edition})`, lines, s.ui.scroll, 'j k scroll · Esc close · ? keys');
  }

  private paintOver(c: Canvas, s: Session): void {
    const P = this.pal;
    const o = s.duel.outcome;
    const heroWon = o?.winner === 0;
    const head = !o || o.winner === null ? 'DRAW' : heroWon ? 'VICTORY' : 'DEFEAT';
    const m = s.match;
    const lines = [o?.reason ?? '', `after ${s.duel.turn} turns (${s.duel.gameTurns.toFixed(1)} game turns)`, s.replayNote];
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
    const all = [...lines, ...keys];
    this.box(c, 1, 5, 44, all.length + 3, m ? `${head} · round ${m.round}` : head);
    all.forEach((l, i) => c.text(3, 6 + i, l, P.attr(i >= lines.length ? 'yellow' : 'white', 'black'), 40));
  }

  private paintOverlay(c: Canvas, s: Session): void {
    if (s.ui.kind === 'help') this.paintHelp(c, s);
    else if (s.ui.kind === 'history') this.paintHistory(c, s);
    else if (s.ui.kind === 'recall') this.paintRecall(c, s);
    else if (s.ui.kind === 'over') this.paintOver(c, s);
  }
}
