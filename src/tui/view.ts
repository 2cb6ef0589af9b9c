import { statusLabels } from '../rules/recall.js';
import { DETAIL_NAMES, explainTrace, shownAt } from '../game/explain.js';
import type { TraceRecord } from '../game/duel.js';
import { damagePerTurn } from '../game/odds.js';
import type { AttackPreview } from '../rules/ruleset.js';
import { type ArenaEntity, isAlive, stackKey } from '../world/components.js';
import type { ProjectilePath } from '../world/projectile.js';
import { TERRAIN_INFO, Terrain } from '../world/terrain.js';
import { type Canvas, wrap } from './canvas.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import { type Theme, themeFor } from './theme.js';
import { type BarField, ellipsize, fitBar, fitFields, panelFields } from './fit.js';
import { type DuelLayout, type Rect, duelLayout, scrollOrigin } from './layout.js';
import { paintTimeline } from './timeline-bar.js';
import { Overlays } from './overlays.js';
import { type PaneLine, likelihoodText, luckPercent } from './pane.js';
import { type OddsBothWays, type Session, matchTally } from './session.js';

export { likelihoodText, luckPercent };

/** The duel screen's layout at the minimum size, 80x24 (the benchmark's frame is drawn at it). */
export const LAYOUT: DuelLayout = duelLayout(80, 24);

/** Why a projectile's path ends where it does, for the aiming pane. */
const STOP_WHY: Readonly<Record<ProjectilePath['reason'], string>> = {
  target: ' (the cell aimed at)',
  obstacle: ' (a wall or a closed door is in the way)',
  'sight-blocker': ' (something blocks the line of sight)',
  character: '',
  start: ' (nothing to fly through)',
  range: ' (the end of its range)',
};

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

export class View {
  private themeCache: Theme | undefined;
  private readonly overlays: Overlays;
  constructor(private readonly pal: Palette) {
    this.overlays = new Overlays(pal, this);
  }

  /** The colours of the game the duel's ruleset comes from. */
  theme(s: Session): Theme {
    const id = s.duel.ruleset.id;
    if (this.themeCache?.ruleset !== id) this.themeCache = themeFor(id);
    return this.themeCache;
  }

  /** The layout of a canvas this size, kept while the size stays. */
  private layoutCache: DuelLayout | undefined;

  private layoutArenaRows = 0;

  layout(c: Canvas, s: Session): DuelLayout {
    const timeline = s.mode === 'replay';
    const arenaRows = s.duel.grid.height;
    const L = this.layoutCache;
    if (L && L.cols === c.width && L.rows === c.height && (L.timeline !== undefined) === timeline && this.layoutArenaRows === arenaRows) return L;
    this.layoutCache = duelLayout(c.width, c.height, { timeline, arenaRows });
    this.layoutArenaRows = arenaRows;
    return this.layoutCache;
  }

  paint(c: Canvas, s: Session): void {
    const P = this.pal;
    const L = this.layout(c, s);
    c.clear(P.attr());
    this.paintMap(c, s, L);
    for (let y = 0; y < L.panel.h; y++) c.put(L.sepX, y, '│', P.attr('dark-grey'));
    this.paintFighter(c, s, s.duel.hero, L, 0);
    this.paintFighter(c, s, s.duel.foe, L, L.foeY);
    this.paintLuck(c, s, L);
    this.paintRules(c, s, L);
    if (L.side) {
      for (let y = 0; y < L.side.h; y++) c.put(L.side.x - 1, y, '│', P.attr('dark-grey'));
      if (s.ui.kind === 'recall') this.overlays.recallIn(c, s, L.side, s.ui.scroll);
      else this.paintLog(c, s, L.side);
    } else this.paintLog(c, s, L.log);
    if (L.timeline && s.player) paintTimeline(c, P, L.timeline, s.player);
    this.paintBar(c, s, L);
    this.overlays.paint(c, s, L);
  }

  /**
   * Where arena cell (0, 0) is drawn: the arena centred in the map's window when it fits, or the
   * window following the cursor (looking, aiming) or the fighter whose view is shown.
   */
  mapOffset(s: Session, L: DuelLayout): { ox: number; oy: number } {
    const g = s.duel.grid;
    const m = L.map;
    const focusOf = (): { x: number; y: number } => {
      if (s.ui.kind === 'look' || s.ui.kind === 'target') return s.ui.cursor;
      const viewer = s.viewOf === 'foe' ? s.duel.foe : s.duel.hero;
      return viewer.pos ?? s.duel.foe.pos ?? { x: 0, y: 0 };
    };
    const f = g.width > m.w || g.height > m.h ? focusOf() : { x: 0, y: 0 };
    return { ox: m.x - scrollOrigin(g.width, m.w, f.x), oy: m.y - scrollOrigin(g.height, m.h, f.y) };
  }

  private paintMap(c: Canvas, s: Session, L: DuelLayout): void {
    const P = this.pal;
    const T = this.theme(s);
    const g = s.duel.grid;
    const { ox, oy } = this.mapOffset(s, L);
    const m = L.map;
    // Only the arena cells inside the map's window are drawn.
    const x0 = Math.max(0, m.x - ox);
    const y0 = Math.max(0, m.y - oy);
    const x1 = Math.min(g.width, m.x + m.w - ox);
    const y1 = Math.min(g.height, m.y + m.h - oy);
    const inView = (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;
    const put = (x: number, y: number, ch: string, attr: number) => {
      if (inView(x, y)) c.put(ox + x, oy + y, ch, attr);
    };
    const all = s.omniscient && s.mode !== 'play';
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
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
      put(e.pos.x, e.pos.y, gl.ch, P.attr(gl.colour));
    }
    for (const ev of s.flash) {
      for (const p of ev.cells) if (all || s.visible[p.y * g.width + p.x]) put(p.x, p.y, ev.glyph, P.attr('yellow', 'default', FLAG_BOLD));
    }
    for (const e of s.duel.world.all()) {
      if (!e.fighter || !e.glyph || !isAlive(e.body) || !shown(e) || !e.pos) continue;
      const colour = e.fighter.kind === 'hero' ? T.hero : e.glyph.colour;
      put(e.pos.x, e.pos.y, e.glyph.ch, P.attr(colour, 'default', FLAG_BOLD));
    }
    if (s.ui.kind === 'target') {
      const { path, victim } = s.aim(s.ui.option, s.ui.cursor);
      for (const p of path.cells) {
        const occupant = s.duel.fighterAt(p.x, p.y);
        const ch = occupant && shown(occupant) ? (occupant.glyph?.ch ?? '*') : '*';
        put(p.x, p.y, ch, P.attr(victim && occupant?.id === victim.id ? 'bright-red' : 'yellow', 'default', FLAG_BOLD));
      }
    }
    if (s.ui.kind === 'target' || s.ui.kind === 'look') {
      const cur = s.ui.cursor;
      const i = cur.y * g.width + cur.x;
      const occupant = s.duel.fighterAt(cur.x, cur.y);
      const ch = occupant && shown(occupant) ? (occupant.glyph?.ch ?? '?') : all || s.visible[i] ? TERRAIN_INFO[g.get(cur.x, cur.y)].glyph : ' ';
      put(cur.x, cur.y, ch, P.attr('yellow', 'default', FLAG_INVERSE));
    }
  }

  private paintFighter(c: Canvas, s: Session, e: ArenaEntity, L: DuelLayout, row: number): void {
    const P = this.pal;
    const x = L.panel.x;
    const w = L.panel.w;
    if (!e.fighter || !e.body) return;
    const alive = isAlive(e.body);
    const title = String(e.rules?.['title'] ?? e.fighter.name);
    const hp = `HP ${Math.max(0, e.body.hp)}/${e.body.maxHp}`;
    const T = this.theme(s);
    const look = T.hp(e.fighter.kind === 'hero' ? 'hero' : 'foe', Math.max(0, e.body.hp), e.body.maxHp);
    c.put(x, row, e.glyph?.ch ?? '?', P.attr(e.fighter.kind === 'hero' ? T.hero : (e.glyph?.colour ?? 'white'), 'default', FLAG_BOLD));
    c.text(x + 2, row, ellipsize(title, w - hp.length - 3), P.attr('white', 'default', FLAG_BOLD), w - hp.length - 3);
    c.text(x + w - hp.length, row, hp, P.attr(look.number));
    const filled = Math.round((Math.max(0, e.body.hp) / e.body.maxHp) * w);
    const [full, empty] = T.barGlyphs;
    for (let i = 0; i < w; i++) c.put(x + i, row + 1, i < filled ? full : empty, P.attr(i < filled ? look.bar : look.empty));
    const lines = s.duel.ruleset.panel.describeFighter(s.duel.view(e), s.duel.now);
    c.text(x, row + 2, fitFields(panelFields(lines[0] ?? ''), w), P.attr('grey'), w);
    const flags: string[] = [];
    if (!alive) flags.push('dead');
    if (e.fighter.kind === 'monster' && e.ai && alive) {
      flags.push(MODE_TEXT[e.ai.mode]);
      if (!e.awareness?.enemySeen) flags.push('unaware');
    }
    const rs = s.duel.ruleset;
    flags.push(...statusLabels(rs, s.duel.view(e), s.duel.now));
    const pack = (e.inventory?.pack ?? []).map((p) => `${rs.itemName(stackKey(p))}${p.charges !== undefined ? ` [${p.charges}]` : p.quantity > 1 ? ` x${p.quantity}` : ''}`);
    const info = flags.length > 0 ? fitFields(flags, w, ' · ') : fitFields(pack, w, ', ');
    c.text(x, row + 3, info, P.attr(flags.length > 0 ? 'yellow' : 'dark-grey'), w);
  }

  /** One line: where each side's damage so far stands among all it could have been, and the odds of it all. */
  private paintLuck(c: Canvas, s: Session, L: DuelLayout): void {
    const P = this.pal;
    const x = L.panel.x;
    const r = s.luck();
    if (!r) {
      c.text(x, L.luckY, 'Luck: no attacks yet', P.attr('dark-grey'), L.panel.w);
      return;
    }
    const tone = (p: number) => (p >= 0.6 ? 'bright-green' : p <= 0.4 ? 'bright-red' : 'white');
    // The fullest form that fits: the likelihood written shorter, then left out whole.
    const odds = likelihoodText(r.log10Likelihood);
    const forms = [` · ${odds}`, ` · ${odds.replace(' in ', '/')}`, ''];
    const sides = ([s.mode === 'play' ? 'you' : 'hero', 'foe'] as const).map((who, i) => {
      const side = r.sides[i as 0 | 1];
      return { who, text: side.attacks > 0 ? luckPercent(side.percentile) : '--', colour: side.attacks > 0 ? tone(side.percentile) : 'dark-grey' };
    });
    const base = `Luck ${sides.map((x) => `${x.who} ${x.text}`).join(' · ')}`;
    const tail = forms.find((f) => base.length + f.length <= L.panel.w) ?? '';
    const parts: [string, string][] = [['Luck ', 'grey']];
    sides.forEach((x, i) => {
      if (i > 0) parts.push([' · ', 'dark-grey']);
      parts.push([`${x.who} `, 'grey'], [x.text, x.colour]);
    });
    if (tail) parts.push([tail, 'dark-grey']);
    let at = x;
    for (const [text, colour] of parts) at += c.text(at, L.luckY, text, P.attr(colour), x + L.panel.w - at);
  }

  /**
   * The traces the rules pane shows: one chosen from the history, or the latest round's decisive
   * rules (attacks, noticing, items: not routine upkeep such as regeneration, which full detail
   * shows and `{ }` steps to). When the round decided nothing, the most recent decisive rule stays.
   */
  shownTraces(s: Session): { readonly traces: TraceRecord[]; readonly upkeep: number } {
    const t = s.duel.traces;
    if (s.traceIndex >= 0) return { traces: t[s.traceIndex] ? [t[s.traceIndex] as TraceRecord] : [], upkeep: 0 };
    const round = t.slice(Math.min(s.roundStart, t.length)).filter((r) => shownAt(r, s.detail));
    if (s.detail === 3 && round.length > 0) return { traces: round, upkeep: 0 };
    const decisive = round.filter((r) => !r.routine);
    const upkeep = round.length - decisive.length;
    if (decisive.length > 0) return { traces: decisive, upkeep };
    for (let i = t.length - 1; i >= 0; i--) {
      const r = t[i] as TraceRecord;
      if (!r.routine && shownAt(r, s.detail)) return { traces: [r], upkeep };
    }
    return { traces: round, upkeep: 0 };
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

  private paintRules(c: Canvas, s: Session, L: DuelLayout): void {
    const P = this.pal;
    const { x, w } = L.rules;
    const top = L.rules.y;
    const height = L.rules.h - 1;
    const odds = this.oddsPane(s, w);
    let head: string;
    let lines: PaneLine[];
    if (odds) {
      head = odds.head;
      lines = odds.lines;
    } else {
      const n = s.duel.traces.length;
      const { traces: shown, upkeep } = this.shownTraces(s);
      const which = s.traceIndex >= 0 ? `${s.traceIndex + 1}/${n}` : n > 0 ? `last ${shown.length}` : '';
      head = `Rules · ${DETAIL_NAMES[s.detail]}${which ? ` · ${which}` : ''}`;
      // Upkeep left out is said first, in one line, so that it shows however long the explanation.
      lines = upkeep > 0 ? [{ text: ellipsize(`+${upkeep} upkeep (regeneration...): { } or d full`, w), colour: 'dark-grey' }] : [];
      lines.push(...this.explanationLines(shown, s.detail, w));
      if (shown.length === 0) for (const l of wrap('Every roll, modifier and comparison of each attack appears here, with the exact odds of what happened. d changes the detail.', w)) lines.push({ text: l, colour: 'dark-grey' });
    }
    c.text(x, top, `─ ${head} ${'─'.repeat(Math.max(0, w - head.length - 3))}`, P.attr('cyan'), w);
    const maxScroll = Math.max(0, lines.length - height);
    if (s.rulesScroll > maxScroll) s.rulesScroll = maxScroll;
    const visible = lines.slice(s.rulesScroll, s.rulesScroll + height);
    visible.forEach((l, i) => c.text(x, top + 1 + i, l.text, P.attr(l.colour, 'default', l.bold ? FLAG_BOLD : 0), w));
    if (maxScroll > 0) c.text(x + w - 7, top + height, s.rulesScroll < maxScroll ? ' ] more' : ' [ back', P.attr('dark-grey', 'default', FLAG_INVERSE));
  }

  /** While looking or targeting at a fighter: the exact odds both ways, in the rules pane's place. */
  private oddsPane(s: Session, w: number): { head: string; lines: PaneLine[] } | undefined {
    if (s.ui.kind !== 'look' && s.ui.kind !== 'target') return undefined;
    const lines: PaneLine[] = [];
    const add = (text: string, colour: string, bold = false) => {
      for (const part of wrap(text, w)) lines.push({ text: part, colour, bold });
    };
    let f: ArenaEntity | undefined;
    if (s.ui.kind === 'target') {
      // Aiming: the pane follows the path the shot will take, as the map draws it.
      const { option } = s.ui;
      const { path, victim, preview } = s.aim(option, s.ui.cursor);
      if (!victim?.fighter || victim.id === s.duel.heroId || !preview) {
        add(`The ${option.label} strikes no one on this path: it ${path.reason === 'target' ? 'lands' : 'stops'} at ${path.stop.x},${path.stop.y}${STOP_WHY[path.reason]}.`, 'yellow');
        add('Move the cursor or Tab to a foe in the line of fire.', 'dark-grey');
        return { head: `Aim: ${option.label}`, lines };
      }
      f = victim;
      add(`This shot strikes the ${victim.fighter.name} first:`, 'white', true);
      add(` ${previewLine(preview)}`, 'bright-green');
      if (preview.notes.length) add(` ${preview.notes.join(', ')}`, 'yellow');
    } else {
      const cur = s.ui.cursor;
      const g = s.duel.grid;
      const seen = s.visible[cur.y * g.width + cur.x] || (s.omniscient && s.mode !== 'play');
      f = seen ? s.duel.fighterAt(cur.x, cur.y) : undefined;
    }
    if (!f?.fighter || f.id === s.duel.heroId || !s.perceives(f)) return undefined;
    const o = s.lookOdds(f);
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

  private paintLog(c: Canvas, s: Session, r: Rect): void {
    const P = this.pal;
    const w = r.w;
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
        lines.push({ text: `hits no one: it ${path.reason === 'target' ? 'lands' : 'stops'} at ${path.stop.x},${path.stop.y}${STOP_WHY[path.reason]}`, colour: 'yellow' });
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
      // The newest messages that fit whole: a message whose first lines would be above the
      // pane is left out rather than shown as its tail (a lone "5." read as a number).
      const tone = this.theme(s).tone;
      const groups = s.duel.messages.slice(-r.h).map((m) => wrap(m.text, w).map((text) => ({ text, colour: tone[m.tone] })));
      if (s.status) groups.push(wrap(s.status, w).map((text) => ({ text, colour: 'white' })));
      const kept: { text: string; colour: string }[][] = [];
      let used = 0;
      for (let i = groups.length - 1; i >= 0; i--) {
        const g = groups[i] as { text: string; colour: string }[];
        if (used + g.length > r.h) {
          if (kept.length === 0) kept.push(g.slice(0, r.h));
          break;
        }
        kept.unshift(g);
        used += g.length;
      }
      lines.push(...kept.flat());
    }
    const wrapped = lines.flatMap((l) => wrap(l.text, w).map((text) => ({ text, colour: l.colour })));
    const shown = s.ui.kind === 'main' ? wrapped.slice(-r.h) : wrapped.slice(0, r.h);
    shown.forEach((l, i) => c.text(r.x, r.y + i, l.text, P.attr(l.colour), w));
  }

  /**
   * The status bar's fields, in the order they show, each with its rank: when the terminal is too
   * narrow the highest ranks give way first, so the help key and the game turn always show.
   */
  barFields(s: Session): { left: BarField[]; right: BarField[] } {
    const d = s.duel;
    const left: BarField[] = [];
    const t = s.match ? matchTally(s.match) : undefined;
    if (s.match && t) left.push({ text: `round ${s.match.round}/${s.match.rounds} ${t.hero}-${t.foe}-${t.draw}`, rank: 5 });
    left.push({ text: `seed ${d.setup.seed}`, rank: 4 }, { text: `turn ${d.gameTurns.toFixed(1)}`, rank: 1 }, { text: `${d.ruleset.id} ${d.edition}`, rank: 6 });
    const right: BarField[] = [];
    if (s.mode !== 'play') {
      if (s.player) right.push({ text: `action ${s.player.position}/${s.player.length}`, rank: 2 });
      right.push({ text: s.running ? 'playing' : 'paused', rank: 3 }, { text: `${s.watchDelay}ms`, rank: 8 }, { text: s.viewOf === 'all' ? 'all' : `${s.viewOf}'s view`, rank: 5 });
    }
    right.push({ text: '? help', rank: 0 });
    return { left, right };
  }

  private paintBar(c: Canvas, s: Session, L: DuelLayout): void {
    const P = this.pal;
    const a = P.attr('black', 'grey');
    const w = L.cols;
    c.fill(0, L.barY, w, 1, a);
    const prompt =
      s.ui.kind === 'confirm-quit'
        ? ' Quit? The replay of this duel is kept. (y/n)'
        : s.ui.kind === 'confirm-takeover'
          ? ` Take over at turn ${s.duel.gameTurns.toFixed(1)} and play on? A new replay records it. (y/n)`
          : s.ui.kind === 'jump'
            ? ` Jump to game turn (0-${(s.player?.times[s.player.length] ?? 0).toFixed(1)}): ${s.ui.digits}_   Enter jumps, Esc cancels`
            : undefined;
    if (prompt) {
      c.text(0, L.barY, prompt, a, w);
      return;
    }
    const { left, right } = this.barFields(s);
    const sep = ' · ';
    // One space at each end and at least three between the two groups.
    const fitted = fitBar([...left, ...right.map((f) => ({ ...f, right: true }))], w - 2, sep);
    const lt = fitted.filter((f) => !f.right).map((f) => f.text).join(sep);
    const rt = fitted.filter((f) => f.right).map((f) => f.text).join(sep);
    c.text(1, L.barY, lt, a, w - 2);
    c.text(w - 1 - rt.length, L.barY, rt, a);
  }

}
