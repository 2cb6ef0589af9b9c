import { formatTrace } from '../game/explain.js';
import type { TraceRecord } from '../game/duel.js';
import type { AttackPreview } from '../rules/ruleset.js';
import { type ArenaEntity, isAlive, stackKey } from '../world/components.js';
import { TERRAIN_INFO, Terrain } from '../world/terrain.js';
import { type Canvas, wrap } from './canvas.js';
import { FLAG_BOLD, FLAG_INVERSE, type Palette } from './palette.js';
import { KEY_HELP, type Session } from './session.js';

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
  logH: 5,
  barY: 23,
} as const;

const TERRAIN_COLOUR: Record<number, string> = {
  [Terrain.Floor]: 'grey',
  [Terrain.Wall]: 'brown',
  [Terrain.DoorClosed]: 'orange',
  [Terrain.DoorOpen]: 'orange',
  [Terrain.HighGrass]: 'green',
  [Terrain.Grass]: 'bright-green',
  [Terrain.Chasm]: 'dark-grey',
  [Terrain.Water]: 'bright-blue',
  [Terrain.Statue]: 'white',
};

const TONE_COLOUR = { info: 'grey', good: 'bright-green', bad: 'bright-red', warn: 'yellow' } as const;

const MODE_TEXT = { sleeping: 'asleep', wandering: 'wandering', hunting: 'hunting', fleeing: 'fleeing' } as const;

function pct(p: AttackPreview['hit']): string {
  return p.percent(1);
}

export function previewLine(p: AttackPreview): string {
  const mean = p.damage.mean().toNumber();
  const per = p.perTurn.toNumber();
  return `hit ${pct(p.hit)} · dmg ${p.damage.min}-${p.damage.max} (avg ${mean.toFixed(1)}) · ${per === 1 ? '1' : per.toFixed(2)}/turn`;
}

export class View {
  constructor(private readonly pal: Palette) {}

  paint(c: Canvas, s: Session): void {
    const P = this.pal;
    c.clear(P.attr());
    this.paintMap(c, s);
    for (let y = 0; y < LAYOUT.barY; y++) c.put(LAYOUT.sepX, y, '│', P.attr('dark-grey'));
    this.paintFighter(c, s, s.duel.hero, 0);
    this.paintFighter(c, s, s.duel.foe, 4);
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
    const g = s.duel.grid;
    const { ox, oy } = this.mapOffset(s);
    const all = s.omniscient && s.mode !== 'play';
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const i = y * g.width + x;
        if (all || s.visible[i]) {
          const t = g.get(x, y);
          c.put(ox + x, oy + y, TERRAIN_INFO[t].glyph, P.attr(TERRAIN_COLOUR[t] ?? 'grey'));
        } else if (s.memory[i]) {
          const t = ((s.memory[i] as number) - 1) as Terrain;
          c.put(ox + x, oy + y, TERRAIN_INFO[t].glyph, P.attr('dark-grey'));
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
      const colour = e.fighter.kind === 'hero' ? 'white' : e.glyph.colour;
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
    c.put(x, row, e.glyph?.ch ?? '?', P.attr(e.fighter.kind === 'hero' ? 'white' : (e.glyph?.colour ?? 'white'), 'default', FLAG_BOLD));
    c.text(x + 2, row, title, P.attr('white', 'default', FLAG_BOLD), w - hp.length - 3);
    c.text(x + w - hp.length, row, hp, P.attr(alive ? 'white' : 'bright-red'));
    const frac = Math.max(0, e.body.hp) / e.body.maxHp;
    const filled = Math.round(frac * w);
    const colour = frac > 0.6 ? 'bright-green' : frac > 0.3 ? 'yellow' : 'bright-red';
    for (let i = 0; i < w; i++) c.put(x + i, row + 1, i < filled ? '█' : '·', P.attr(i < filled ? colour : 'dark-grey'));
    const lines = s.duel.ruleset.describeFighter(s.duel.view(e), s.duel.edition, s.duel.now);
    c.text(x, row + 2, lines[0] ?? '', P.attr('grey'), w);
    const flags: string[] = [];
    if (!alive) flags.push('dead');
    if (e.fighter.kind === 'monster' && e.ai && alive) {
      flags.push(MODE_TEXT[e.ai.mode]);
      if (!e.awareness?.enemySeen) flags.push('unaware');
    }
    const rs = s.duel.ruleset;
    for (const st of e.statuses ?? []) {
      if (rs.statusLabel) {
        const label = rs.statusLabel(st, s.duel.now);
        if (label !== null) flags.push(label);
        continue;
      }
      if (st.kind === 'regeneration' || st.kind === 'recharge') continue;
      const left = st.until !== undefined ? ` ${((st.until - s.duel.now) / rs.ticksPerTurn).toFixed(1)}` : st.level !== undefined ? ` ${st.level}` : '';
      flags.push(`${st.kind}${left}`);
    }
    const pack = (e.inventory?.pack ?? []).map((p) => `${rs.itemName(stackKey(p))}${p.charges !== undefined ? ` [${p.charges}]` : p.quantity > 1 ? ` x${p.quantity}` : ''}`);
    const info = flags.length > 0 ? flags.join(' · ') : pack.join(', ');
    c.text(x, row + 3, info, P.attr(flags.length > 0 ? 'yellow' : 'dark-grey'), w);
  }

  /** The traces the rules pane shows: one chosen from the history, or the whole latest round. */
  private shownTraces(s: Session): TraceRecord[] {
    const t = s.duel.traces;
    if (s.traceIndex >= 0) return t[s.traceIndex] ? [t[s.traceIndex] as TraceRecord] : [];
    const round = t.slice(Math.min(s.roundStart, t.length));
    return round.length > 0 ? round : t.slice(-1);
  }

  private paintRules(c: Canvas, s: Session): void {
    const P = this.pal;
    const x = LAYOUT.panelX;
    const w = LAYOUT.panelW;
    const top = 8;
    const height = LAYOUT.barY - top - 1;
    const n = s.duel.traces.length;
    const shown = this.shownTraces(s);
    const head = s.traceIndex >= 0 ? `Rules ${s.traceIndex + 1}/${n}` : `Rules${n > 0 ? ` (last ${shown.length})` : ''}`;
    c.text(x, top, `─ ${head} ${'─'.repeat(Math.max(0, w - head.length - 3))}`, P.attr('cyan'), w);
    const lines: { text: string; colour: string; bold?: boolean }[] = [];
    if (shown.length === 0) {
      for (const l of wrap('Every roll, modifier and comparison of each attack appears here, with the exact odds of what happened.', w)) lines.push({ text: l, colour: 'dark-grey' });
    }
    for (const tr of shown) {
      if (lines.length > 0) lines.push({ text: '', colour: 'grey' });
      for (const step of formatTrace(tr, ' ', true).map((l, i) => ({ l, i }))) {
        const { l, i } = step;
        const colour =
          i === 0 ? 'white' : /^ [^ ]/.test(l) ? 'cyan' : /edition difference/.test(l) ? 'yellow' : / yes$/.test(l) ? 'bright-green' : / no$/.test(l) ? 'bright-red' : /\d+\. P\(/.test(l) ? 'bright-magenta' : 'grey';
        for (const part of wrap(l, w)) lines.push({ text: part, colour, bold: i === 0 });
      }
    }
    const maxScroll = Math.max(0, lines.length - height);
    if (s.rulesScroll > maxScroll) s.rulesScroll = maxScroll;
    const visible = lines.slice(s.rulesScroll, s.rulesScroll + height);
    visible.forEach((l, i) => c.text(x, top + 1 + i, l.text, P.attr(l.colour, 'default', l.bold ? FLAG_BOLD : 0), w));
    if (maxScroll > 0) c.text(x + w - 7, LAYOUT.barY - 1, s.rulesScroll < maxScroll ? ' ] more' : ' [ back', P.attr('dark-grey', 'default', FLAG_INVERSE));
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
      if (f && f.id !== s.duel.heroId) {
        const o = s.lookOdds(f);
        lines.push({ text: `${f.fighter?.name}: ${f.ai ? MODE_TEXT[f.ai.mode] : ''}`, colour: 'yellow' });
        if (o.mine) lines.push({ text: `you: ${previewLine(o.mine)}`, colour: 'bright-green' });
        if (o.theirs) lines.push({ text: `it:  ${previewLine(o.theirs)}`, colour: 'bright-red' });
      }
      lines.push({ text: 'move the cursor · Esc or x to stop', colour: 'dark-grey' });
    } else if (s.ui.kind === 'choose-ranged' || s.ui.kind === 'choose-item') {
      const list = s.ui.kind === 'choose-ranged' ? s.ui.options.map((o) => o.label) : s.ui.items.map((i) => `${s.duel.ruleset.itemName(i.item)}${i.quantity > 1 ? ` (${i.quantity})` : ''}`);
      lines.push({ text: s.ui.kind === 'choose-ranged' ? 'Fire what? (letter, Esc cancels)' : 'Use what? (letter, Esc cancels)', colour: 'white' });
      list.forEach((l, i) => lines.push({ text: `${String.fromCharCode(97 + i)}) ${l}`, colour: 'yellow' }));
    } else {
      const msgs: { text: string; colour: string }[] = [];
      for (const m of s.duel.messages.slice(-LAYOUT.logH * 2)) for (const l of wrap(m.text, w)) msgs.push({ text: l, colour: TONE_COLOUR[m.tone] });
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
    const left = ` seed ${d.setup.seed} · turn ${d.gameTurns.toFixed(1)} · ${d.ruleset.id} ${d.edition}`;
    c.text(0, LAYOUT.barY, left, a, 80 - right.length - 1);
    c.text(80 - right.length, LAYOUT.barY, right, a);
  }

  private box(c: Canvas, x: number, y: number, w: number, h: number, title: string): void {
    const P = this.pal;
    const a = P.attr('white', 'black');
    c.fill(x, y, w, h, a);
    for (let i = 0; i < w; i++) {
      c.put(x + i, y, '─', a);
      c.put(x + i, y + h - 1, '─', a);
    }
    for (let j = 0; j < h; j++) {
      c.put(x, y + j, '│', a);
      c.put(x + w - 1, y + j, '│', a);
    }
    c.put(x, y, '┌', a);
    c.put(x + w - 1, y, '┐', a);
    c.put(x, y + h - 1, '└', a);
    c.put(x + w - 1, y + h - 1, '┘', a);
    c.text(x + 2, y, ` ${title} `, P.attr('yellow', 'black', FLAG_BOLD), w - 4);
  }

  private paintOverlay(c: Canvas, s: Session): void {
    const P = this.pal;
    if (s.ui.kind === 'help') {
      const sections: [string, readonly [string, string][]][] =
        s.mode === 'watch' ? [['Watching', KEY_HELP.watch], ['When the duel ends', KEY_HELP.over]] : [['Playing', KEY_HELP.play], ['Targeting', KEY_HELP.target], ['When the duel ends', KEY_HELP.over]];
      const rows = sections.reduce((n, [, k]) => n + k.length + 1, 0);
      const h = Math.min(LAYOUT.barY, rows + 2);
      this.box(c, 1, 0, 78, h, 'Keys (any key closes)');
      let y = 1;
      for (const [title, keys] of sections) {
        if (y >= h - 1) break;
        c.text(3, y++, title, P.attr('cyan', 'black', FLAG_BOLD));
        for (const [k, what] of keys) {
          if (y >= h - 1) break;
          c.text(4, y, k, P.attr('yellow', 'black'), 16);
          c.text(21, y++, what, P.attr('white', 'black'), 56);
        }
      }
      return;
    }
    if (s.ui.kind === 'over') {
      const o = s.duel.outcome;
      const heroWon = o?.winner === 0;
      const head = !o || o.winner === null ? 'DRAW' : heroWon ? 'VICTORY' : 'DEFEAT';
      this.box(c, 1, 5, 44, 9, head);
      const replay = s.replayPath ? `replay: ${s.replayPath.split('/').slice(-1)[0] ?? ''}` : 'not recorded';
      const lines = [o?.reason ?? '', `after ${s.duel.turn} turns (${s.duel.gameTurns.toFixed(1)} game turns)`, replay, s.epitaph, 'r rematch (same seed)', 'n new seed    q quit'];
      lines.forEach((l, i) => c.text(3, 6 + i, l, P.attr(i >= 4 ? 'yellow' : 'white', 'black'), 40));
    }
  }
}
