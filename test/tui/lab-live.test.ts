import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { labFoeStates } from '../../src/game/lab.js';
import { attackContext } from '../../src/systems/combat.js';
import { canPerceive } from '../../src/systems/perception.js';
import { LAB_KEYS } from '../../src/tui/lab.js';
import { type Harness, startHarness } from '../support/tui-harness.js';
import { DOWN, LAB_SETUPS, LEFT, RIGHT, cellsOf, labOf } from '../support/lab.js';

const content = loadContent();

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** One side's rows as the lab must show them, worked out from a duel built apart from the lab's (the foe under `status` if given). */
function rowsOf(setup: DuelSetup, side: 'hero' | 'foe', status?: { kind: string; level?: number }): string[][] {
  const d = new Duel(setup, content, { tracing: false });
  if (status) d.foe.statuses!.push({ ...status });
  // The lab shows a hunting or fleeing foe as having seen the hero.
  if (d.foe.ai?.mode === 'hunting' || d.foe.ai?.mode === 'fleeing') d.foe.awareness = { enemySeen: true, lastSeen: { ...d.hero.pos! } };
  return cellsOf(d, side);
}

/** The hero's exact odds against the foe, unrounded, with the ruleset's notes (a stab's chance shows there). */
function heroOdds(setup: DuelSetup, status?: { kind: string; level?: number }): string[] {
  const d = new Duel(setup, content, { tracing: false });
  if (status) d.foe.statuses!.push({ ...status });
  if (d.foe.ai?.mode === 'hunting' || d.foe.ai?.mode === 'fleeing') d.foe.awareness = { enemySeen: true, lastSeen: { ...d.hero.pos! } };
  const ctx = { ...attackContext(d, d.hero, d.foe), distance: 1, visible: canPerceive(d, d.hero, d.foe) };
  return d.ruleset
    .attackOptions(d.view(d.hero))
    .filter((o) => d.ruleset.canUse(o, 1))
    .map((o) => d.ruleset.previewAttack(d.view(d.hero), d.view(d.foe), o, ctx))
    .map((p) => `${p.hit.toString()} ${p.expected.toString()} ${p.notes.join(' ')}`);
}

/** The screen's table rows of one side, each as its cells split on runs of spaces (names here have no double spaces). */
function shownRows(x: Harness, side: 'hero' | 'foe'): string[] {
  const lines = x.lines();
  const from = lines.findIndex((l) => l.startsWith(side === 'hero' ? 'The hero, ' : 'The foe, '));
  const to = side === 'hero' ? lines.findIndex((l) => l.startsWith('The foe, ')) : lines.findIndex((l, i) => i > from && /notices you|starts|knows where/.test(l));
  return lines.slice(from + 1, to).filter((l) => !l.startsWith('  '));
}

/** Each expected row is shown, its values whole and in order after the name. */
function expectShown(x: Harness, side: 'hero' | 'foe', rows: readonly string[][]): void {
  const shown = shownRows(x, side);
  expect(shown.length).toBe(rows.length);
  rows.forEach((cells, i) => {
    const values = (shown[i] ?? '').trimEnd().split(/\s+/).slice(-(cells.length - 1));
    expect(values).toEqual(cells.slice(1));
  });
}

describe('the lab takes skills, the shield and the foe state live', () => {
  it("Stone Soup: the skill editor raises the wielded weapon's skill and the numbers follow at once", async () => {
    const setup = LAB_SETUPS['stone-soup-0.5.2']!;
    h = await startHarness({ start: { kind: 'lab', setup: { ...setup, foeState: 'hunting' } }, save: false });
    const before = rowsOf({ ...setup, foeState: 'hunting' }, 'hero');
    await h.press('k');
    expect(h.lines()[21]).toMatch(/^Skill: \[Fighting \d+\]/);
    await h.press(DOWN);
    const level = Number(/^Skill: \[Short Blades (\d+)\]/.exec(h.lines()[21] ?? '')?.[1]);
    expect(labOf(h).editedSkill).toBe('short-blades');
    await h.press(RIGHT, RIGHT, RIGHT, RIGHT);
    const next = labOf(h).current;
    expect(next.hero.options).toEqual({ 'skill:short-blades': level + 4 });
    expect(h.lines()[21]).toContain(`[Short Blades ${level + 4}]`);
    const after = rowsOf(next, 'hero');
    expect(after).not.toEqual(before);
    expectShown(h, 'hero', after);
    expectShown(h, 'foe', rowsOf(next, 'foe'));
    await h.press(LEFT);
    expect(labOf(h).current.hero.options).toEqual({ 'skill:short-blades': level + 3 });
    // The top of the range: the lab says so and keeps 27.
    for (let i = 0; i < 30; i++) await h.press('+');
    expect(labOf(h).current.hero.options).toEqual({ 'skill:short-blades': 27 });
    expect(h.lines()[21]).toMatch(/^Skill: \[Short Blades 27\]/);
    expect(h.lines()[22]?.trimEnd()).toBe('Skills go from 0 to 27.');
    await h.press('\x1b');
    expect(labOf(h).editedSkill).toBeUndefined();
    expect(h.lines()[0]).toContain('Fight lab');
  });

  it('Crawl: the minotaur takes off its shield, then carries a buckler; the foe\'s odds against it follow', async () => {
    const setup = LAB_SETUPS['crawl-4.0b20']!;
    h = await startHarness({ start: { kind: 'lab', setup }, save: false });
    const before = rowsOf(setup, 'foe');
    await h.press('b');
    expect(labOf(h).current.hero.options).toEqual({ shield: 'none' });
    expect(h.lines()[1]).toMatch(/(shield|shd): none/);
    const bare = rowsOf(labOf(h).current, 'foe');
    expect(bare).not.toEqual(before);
    expectShown(h, 'foe', bare);
    await h.press('b');
    expect(labOf(h).current.hero.options).toEqual({ shield: 'buckler' });
    expectShown(h, 'foe', rowsOf(labOf(h).current, 'foe'));
    expectShown(h, 'hero', rowsOf(labOf(h).current, 'hero'));
    await h.press('B', 'B');
    expect(labOf(h).current.hero.options).toEqual({});
  });

  it('Pixel Dungeon and Angband have no shields or skills to choose, and say so', async () => {
    for (const id of ['pixel-dungeon', 'angband-3.0.5']) {
      h?.destroy();
      h = await startHarness({ start: { kind: 'lab', setup: LAB_SETUPS[id]! }, save: false });
      await h.press('b');
      expect(h.lines()[21]).toContain(`The ${id} ruleset has no shields to choose.`);
      await h.press('k');
      expect(h.lines()[21]).toContain(`The ${id} ruleset trains no skills.`);
      expect(labOf(h).current).toEqual(LAB_SETUPS[id]);
    }
  });

  /** The conditions each ruleset's rules read, as the statuses its own rules set. */
  const CONDITIONS: Record<string, Record<string, { kind: string; level?: number }>> = {
    'pixel-dungeon': { paralysed: { kind: 'paralysed' } },
    'angband-3.0.5': {},
    'crawl-4.0b20': { confused: { kind: 'confused', level: 1 } },
    'stone-soup-0.5.2': { confused: { kind: 'confused', level: 1 }, paralysed: { kind: 'paralysis', level: 1 }, netted: { kind: 'netted', level: 1 }, petrified: { kind: 'petrified', level: 1 } },
  };

  for (const [id, setup] of Object.entries(LAB_SETUPS)) {
    it(`${id}: each foe state gives the ruleset's exact odds both ways; asleep and each condition differ from hunting`, async () => {
      h = await startHarness({ start: { kind: 'lab', setup }, save: false });
      const states = labFoeStates(setup.ruleset);
      expect(states.slice(5).map((x) => x.label)).toEqual(Object.keys(CONDITIONS[id]!));
      const seen = new Map<string, string[]>();
      const { foeState: _, ...rest } = setup;
      for (const state of states) {
        const want = state.mode === undefined ? rest : { ...rest, foeState: state.mode };
        const status = CONDITIONS[id]![state.label];
        expect(labOf(h).current).toEqual(want);
        expect(labOf(h).duel.foe.ai?.mode).toBe(state.mode ?? new Duel(rest, content, { tracing: false }).foe.ai?.mode);
        const kinds = Object.values(CONDITIONS[id]!).map((c) => c.kind);
        expect(labOf(h).duel.foe.statuses!.filter((x) => kinds.includes(x.kind))).toEqual(status ? [status] : []);
        const hero = rowsOf(want, 'hero', status);
        expectShown(h, 'hero', hero);
        expectShown(h, 'foe', rowsOf(want, 'foe', status));
        seen.set(state.label, heroOdds(want, status));
        const mode = labOf(h).duel.foe.ai?.mode;
        expect(h.lines().join('\n')).toMatch(mode === 'sleeping' || mode === 'wandering' ? /notices you: \d/ : /knows where you are/);
        if (status) expect(h.lines()[3]).toContain(`starts hunting · ${state.label}`);
        await h.press('s');
      }
      expect(labOf(h).current).toEqual(rest);
      // Angband 3.0.5 gives no bonus against a sleeping monster: only its noticing shows.
      if (id === 'angband-3.0.5') expect(seen.get('asleep')).toEqual(seen.get('hunting'));
      else expect(seen.get('asleep')).not.toEqual(seen.get('hunting'));
      for (const label of Object.keys(CONDITIONS[id]!)) expect(seen.get(label), label).not.toEqual(seen.get('hunting'));
      await h.press('S');
      expect(labOf(h).foeState.label).toBe(states[states.length - 1]!.label);
      // A condition stays on the foe through a change of hero, and goes with a change of state.
      if (states.length > 5) {
        await h.press('+');
        expect(labOf(h).duel.foe.statuses!.filter((x) => Object.values(CONDITIONS[id]!).some((c) => c.kind === x.kind))).toHaveLength(1);
        await h.press('S', 'S');
        expect(labOf(h).duel.foe.statuses!.filter((x) => Object.values(CONDITIONS[id]!).some((c) => c.kind === x.kind))).toHaveLength(states.length > 6 ? 1 : 0);
      }
    });
  }
});

describe('Escape and ? in the lab', () => {
  it('Escape closes the help, the recall page and the skill editor, one at a time, before it leaves', async () => {
    h = await startHarness({ start: { kind: 'lab', setup: LAB_SETUPS['stone-soup-0.5.2']! }, save: false });
    let ended = false;
    void h.app.done.then(() => (ended = true));
    for (const open of ['?', 'r', 'R', 'k']) {
      await h.press(open);
      const shown = h.lines().join('\n');
      expect(shown).not.toBe('');
      await h.press('\x1b');
      expect(ended).toBe(false);
      expect(h.lines()[0]).toContain('Fight lab');
      expect(h.lines()[21]).not.toMatch(/^Skill:/);
      expect(h.lines().join('\n')).not.toMatch(/Unknown key|any key closes|Recall:/);
    }
    await h.press('\x1b');
    expect(ended).toBe(true);
  });

  it('? lists every key the lab answers to', async () => {
    h = await startHarness({ start: { kind: 'lab', setup: LAB_SETUPS['crawl-4.0b20']! }, save: false });
    await h.press('?');
    const text = h.lines().join('\n');
    for (const [k] of LAB_KEYS) expect(text).toContain(`│ ${k.padEnd(5)}`);
    // Each key the lab acts on is in the list.
    const listed = LAB_KEYS.flatMap(([k]) => k.split(' '));
    for (const k of ['+', '-', 'w', 'W', 'a', 'A', 'b', 'B', 'k', 'f', 'F', 's', 'S', 'e', '<', '>', 'r', 'R', '?', 'q', 'Esc']) expect(listed).toContain(k);
  });
});
