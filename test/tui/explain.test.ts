import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { explainTrace, shownAt, summariseTrace } from '../../src/game/explain.js';
import { attackContext } from '../../src/systems/combat.js';
import { sees } from '../../src/systems/perception.js';
import { matchTally } from '../../src/tui/session.js';
import { type Harness, startHarness } from '../support/tui-harness.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** Puts the foe next to the hero (east), both aware, and redraws. */
function adjacent(h: Harness): void {
  const d = h.app.session.duel;
  const hero = d.hero.pos!;
  d.foe.pos = { x: hero.x + 1, y: hero.y };
  d.hero.awareness!.enemySeen = true;
  d.foe.awareness!.enemySeen = true;
  h.app.session.refreshView();
  h.app.render();
}

const text = (h: Harness) => h.lines().join('\n');
const pane = (h: Harness) => h.lines().map((l) => l.slice(47).trim()).slice(9, 23);

describe('the rules pane at three detail levels', () => {
  it('shows one line per attack, then the numbered steps, then the full formulas with the seed document', async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    adjacent(h);
    await h.press('l');
    const s = h.app.session;
    const attack = s.duel.traces.find((t) => /gnoll scout/i.test(t.title) && t.steps.some((x) => x.kind === 'odds'));
    expect(attack).toBeDefined();
    expect(s.detail).toBe(2);
    expect(h.lines()[9]).toContain('Rules · steps');
    expect(pane(h).join('\n')).toContain('1. ');
    await h.press('d');
    expect(s.detail).toBe(3);
    expect(h.lines()[9]).toContain('Rules · formulas');
    expect(pane(h).join(' ')).toContain('Pixel Dungeon combat wiki');
    expect(explainTrace(attack!, 3).some((l) => /section "hit-test"/.test(l))).toBe(true);
    await h.press('d');
    expect(s.detail).toBe(1);
    expect(h.lines()[9]).toContain('Rules · summary');
    const summary = summariseTrace(attack!);
    expect(summary).toMatch(/%/);
    expect(pane(h).join('')).toContain(summary.slice(0, 20));
    expect(pane(h).join('\n')).not.toContain('1. ');
    await h.press('d');
    expect(s.detail).toBe(2);
  });

  it('leaves routine upkeep out below full detail and keeps it at full detail', async () => {
    h = await startHarness({ mode: 'watch', setup: { foeState: 'hunting' } });
    const s = h.app.session;
    for (let i = 0; i < 30 && !s.finished; i++) s.tick();
    const routine = s.duel.traces.filter((t) => t.routine);
    for (const t of routine) {
      expect(shownAt(t, 3)).toBe(true);
      expect(shownAt(t, 2)).toBe(t.steps.some((x) => x.kind === 'roll' || x.kind === 'check' || x.kind === 'odds'));
    }
    s.detail = 3;
    expect(s.historyTraces()).toHaveLength(s.duel.traces.length);
    s.detail = 1;
    expect(s.historyTraces().every((t) => shownAt(t, 1))).toBe(true);
  });
});

describe('the message log and the history of explanations', () => {
  it('scrolls the log, opens the explanation of a chosen line, and lists every explanation', async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    adjacent(h);
    for (let i = 0; i < 4 && !h.app.session.finished; i++) await h.press('l');
    const s = h.app.session;
    await h.press('m');
    expect(s.ui.kind).toBe('history');
    expect(h.lines()[0]).toContain('Message log');
    const last = s.duel.messages.at(-1)!;
    expect(text(h)).toContain(last.text.slice(0, 40));
    // Choose the first attack message and open it.
    const idx = s.duel.messages.findIndex((m) => /gnoll scout/.test(m.text) && s.tracesOfTurn(m.turn).length > 0);
    expect(idx).toBeGreaterThanOrEqual(0);
    await h.press('\x1b[H');
    for (let i = 0; i < idx; i++) await h.press('j');
    await h.press('\r');
    const opened = s.historyExplanations();
    expect(opened.map((t) => t.turn)).toEqual(opened.map(() => s.duel.messages[idx]!.turn));
    expect(text(h)).toContain(explainTrace(opened[0]!, 2)[0]!.slice(0, 40));
    await h.press('\x1b');
    expect(s.ui.kind === 'history' && !s.ui.open).toBe(true);
    await h.press('\t');
    expect(h.lines()[0]).toContain('Explanations');
    expect(s.ui.kind === 'history' && s.ui.list).toBe('explanations');
    await h.press('?');
    expect(text(h)).toContain('switch between the messages and the explanations');
    await h.press('z');
    expect(s.ui.kind).toBe('history');
    await h.press('q');
    expect(s.ui.kind).toBe('main');
    // Ctrl-P opens it too.
    await h.press('\x10');
    expect(s.ui.kind).toBe('history');
  });
});

describe('odds before acting and the recall page', () => {
  it('looking at the foe shows the exact odds both ways from the ruleset', async () => {
    h = await startHarness({ setup: { foeState: 'hunting' } });
    adjacent(h);
    await h.press('x', '\t');
    const s = h.app.session;
    expect(s.ui.kind).toBe('look');
    const d = s.duel;
    const r = d.ruleset;
    const melee = r.attackOptions(d.view(d.hero)).find((o) => o.kind === 'melee')!;
    const mine = r.previewAttack(d.view(d.hero), d.view(d.foe), melee, attackContext(d, d.hero, d.foe));
    const back = r.attackOptions(d.view(d.foe)).find((o) => o.kind === 'melee')!;
    const theirs = r.previewAttack(d.view(d.foe), d.view(d.hero), back, attackContext(d, d.foe, d.hero));
    const p = pane(h).join('\n');
    expect(h.lines()[9]).toContain('Odds: gnoll scout');
    expect(p).toContain('You against it');
    expect(p).toContain(`hit ${mine.hit.percent(1)}`);
    expect(p).toContain('It against you');
    expect(p).toContain(`hit ${theirs.hit.percent(1)}`);
    expect(p).toContain(`${mine.expected.mul(mine.perTurn).toNumber().toFixed(2)} dmg/turn`);
  });

  it('shows a sleeping Stone Soup monster\'s chance to notice the hero each turn', async () => {
    h = await startHarness({
      setup: { ruleset: 'stone-soup-0.5.2', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, foeState: 'sleeping' },
    });
    const s = h.app.session;
    const d = s.duel;
    // Stand where the hero can see the sleeper.
    d.hero.pos = { x: d.foe.pos!.x - 3, y: d.foe.pos!.y };
    s.refreshView();
    await h.press('x', '\t');
    const check = d.ruleset.noticeChance(d.view(d.foe), d.view(d.hero), 3, sees(d, d.foe, d.hero));
    expect(pane(h).join(' ')).toContain(`Notices you: ${check.chance.percent(1)} a turn`);
  });

  it('r opens the recall page the ruleset writes, scrolls, and closes', async () => {
    h = await startHarness({ setup: { ruleset: 'angband-3.0.5', hero: { template: 'warrior', options: {} }, foe: { template: 'uruk', options: {} }, foeState: 'hunting' } });
    const s = h.app.session;
    await h.press('r');
    expect(s.ui.kind).toBe('recall');
    const page = s.recallPage(s.duel.foeId);
    expect(page.length).toBeGreaterThan(0);
    expect(text(h)).toContain(page[0]!.title);
    expect(h.lines()[0]).toContain('Recall: Uruk');
    await h.press('j');
    expect(s.ui.kind === 'recall' && s.ui.scroll).toBe(1);
    await h.press('\x1b');
    expect(s.ui.kind).toBe('main');
    // From looking: r on the hero's own cell opens the hero's page.
    await h.press('x', 'r');
    expect(s.ui.kind === 'recall' && s.ui.subject).toBe(s.duel.heroId);
    await h.press('q');
    expect(s.ui.kind).toBe('look');
  });
});

describe('watching under an overlay', () => {
  it('stops the timer while the log, recall or help is open, and starts it again when it closes', async () => {
    h = await startHarness({ mode: 'watch', setup: { foeState: 'hunting' } });
    const screen = h.app.current;
    expect(screen.tickDelay()).toBeDefined();
    for (const key of ['m', 'r', '?']) {
      await h.press(key);
      expect(h.app.session.ui.kind).not.toBe('main');
      expect(screen.tickDelay()).toBeUndefined();
      await h.press('\x1b');
      expect(h.app.session.ui.kind).toBe('main');
      expect(screen.tickDelay()).toBeDefined();
    }
  });
});

describe('the luck meter', () => {
  it('weighs each side\'s damage against the exact laws of its attacks', async () => {
    h = await startHarness({ mode: 'watch', setup: { foeState: 'hunting', arena: 'pit' } });
    const s = h.app.session;
    expect(h.lines()[8]!.slice(47)).toBe('Luck: no attacks yet');
    for (let i = 0; i < 400 && !s.finished; i++) s.tick();
    const samples = s.duel.luck!;
    expect(samples.length).toBeGreaterThan(0);
    const r = s.luck()!;
    for (const side of [0, 1] as const) {
      const mine = samples.filter((x) => x.side === side);
      expect(r.sides[side].attacks).toBe(mine.length);
      expect(r.sides[side].dealt).toBe(mine.reduce((n, x) => n + x.dealt, 0));
    }
    h.app.render();
    await h.settle();
    expect(h.lines()[8]!.slice(47)).toMatch(/^Luck hero (\d+%|--) · foe (\d+%|--) · 1( in |\/)\d/);
  });
});

describe('a best-of-N watched match', () => {
  it('plays rounds that alternate the first mover, tallies them, and stops when one side has a majority', async () => {
    h = await startHarness({
      start: { kind: 'session', start: { kind: 'new', mode: 'watch', rounds: 3, setup: { ruleset: 'pixel-dungeon', edition: 'spoiler', seed: 'm1', hero: { template: 'warrior', options: {} }, foe: { template: 'rat', options: {} }, arena: 'pit', heroControl: 'ai', maxTurns: 300, foeState: 'hunting' } } },
    });
    const s = h.app.session;
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 20_000 && !(s.finished && !s.matchContinues); i++) {
      if (seen.length < s.match!.round) seen.push(s.duel.setup.firstMover ?? 'hero');
      s.tick();
    }
    const m = s.match!;
    const t = matchTally(m);
    expect(t.hero + t.foe + t.draw).toBe(m.results.length);
    expect(t.hero * 2 > 3 || t.foe * 2 > 3 || m.results.length === 3).toBe(true);
    expect(seen.slice(0, 3)).toEqual(['hero', 'foe', 'hero'].slice(0, seen.length));
    expect(s.duel.setup.seed).toBe(m.round === 1 ? 'm1' : `m1/round-${m.round}`);
    expect(readdirSync(h.savesDir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(m.round);
    h.app.render();
    await h.settle();
    expect(text(h)).toContain(`hero ${t.hero} · foe ${t.foe} · draws ${t.draw}`);
    expect(text(h)).toContain('Match over');
    // r plays the whole match again from round 1.
    await h.press('r');
    expect(s.match!.round).toBe(1);
    expect(s.match!.results).toHaveLength(0);
    expect(s.duel.setup.seed).toBe('m1');
  });
});
