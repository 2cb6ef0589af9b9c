import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/tui-harness.js';
import { DOWN, LAB_SETUPS, LEFT, RIGHT, cellsOf, labOf } from '../support/lab.js';

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

/** Keys that change only the hero, and keys that change only the foe (the skill editor's keys open it first). */
const HERO_KEYS: readonly (readonly string[])[] = [['+'], ['+', '+', '+'], ['-'], ['w'], ['W'], ['a'], ['A'], ['b'], ['B'], ['k', RIGHT], ['k', DOWN, LEFT], ['k', DOWN, DOWN, RIGHT, RIGHT]];
const FOE_KEYS: readonly (readonly string[])[] = [['f'], ['F'], ['s'], ['S'], ['s', 's']];

/** Everything the lab shows of a fighter that is its own: its built components and its lines on the screen. */
function sideOf(x: Harness, side: 'hero' | 'foe', except: readonly string[] = []) {
  const d = labOf(x).duel;
  const e = side === 'hero' ? d.hero : d.foe;
  const own = Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'id' && !except.includes(k)));
  const row = side === 'hero' ? 1 : 3;
  const lines = x.lines();
  return { own: structuredClone(own), head: except.includes('ai') ? lines[row]?.replace(/starts \w+.*$/, '') : lines[row], sheet: lines[row + 1] };
}

describe('the lab changes one side without touching the other', () => {
  for (const [id, setup] of Object.entries(LAB_SETUPS)) {
    for (const keys of HERO_KEYS) {
      it(`${id}: ${JSON.stringify(keys)} leaves the foe as it was`, async () => {
        h = await startHarness({ start: { kind: 'lab', setup }, save: false });
        const before = sideOf(h, 'foe');
        let said = '';
        for (const k of [...keys, ...(keys[0] === 'k' ? ['\r'] : [])]) {
          await h.press(k);
          const line = (h.lines()[21] ?? '').trim();
          said ||= line.startsWith('Skill:') ? '' : line;
        }
        expect(labOf(h).current.foe).toEqual(setup.foe);
        expect(sideOf(h, 'foe')).toEqual(before);
        // The hero's options did change, or the lab said why they could not.
        if (said === '') expect(labOf(h).current.hero).not.toEqual(setup.hero);
      });
    }
    for (const keys of FOE_KEYS) {
      it(`${id}: ${JSON.stringify(keys)} leaves the hero as it was`, async () => {
        h = await startHarness({ start: { kind: 'lab', setup: { ...setup, hero: { ...setup.hero, options: { level: 5 } } } }, save: false });
        await h.press('+'); // a hero changed from the setup's, so that the foe is rebuilt beside a kept hero
        const before = sideOf(h, 'hero');
        const foeBefore = sideOf(h, 'foe', ['ai', 'awareness', 'statuses']);
        await h.press(...keys);
        expect(sideOf(h, 'hero')).toEqual(before);
        // A change of the foe's state (or condition) keeps its kit and hit points too.
        if (keys[0] === 's' || keys[0] === 'S') expect(sideOf(h, 'foe', ['ai', 'awareness', 'statuses'])).toEqual(foeBefore);
      });
    }
  }

  for (const [id, setup] of Object.entries(LAB_SETUPS)) {
    it(`${id}: the other edition keeps both fighters as the lab had them (both editions build them alike)`, async () => {
      h = await startHarness({ start: { kind: 'lab', setup }, save: false });
      const foe = sideOf(h, 'foe', ['ai']);
      await h.press('+');
      const hero = structuredClone(labOf(h).duel.hero);
      await h.press('e');
      expect(labOf(h).current.edition).toBe('source');
      // What the foe is stays; how the edition describes it (its sheet line) may change.
      const now = sideOf(h, 'foe', ['ai']);
      expect([now.own, now.head]).toEqual([foe.own, foe.head]);
      expect(labOf(h).duel.hero).toEqual(hero);
    });
  }

  it("keeps the Stone Soup orc warrior's weapon and hit points through the hero's levels (the issue's case)", async () => {
    const setup = LAB_SETUPS['stone-soup-0.5.2']!;
    h = await startHarness({ start: { kind: 'lab', setup }, save: false });
    const foe = labOf(h).duel.foe;
    const kit = { hp: foe.body!.maxHp, title: foe.rules!['title'] };
    for (let i = 0; i < 6; i++) {
      await h.press('+');
      const now = labOf(h).duel.foe;
      expect({ hp: now.body!.maxHp, title: now.rules!['title'] }).toEqual(kit);
      expect(h.lines()[3]).toContain(`${String(kit.title)}  HP ${kit.hp}`);
    }
    // The numbers shown are the exact ones of the duel the lab holds, both ways.
    const d = labOf(h).duel;
    for (const side of ['hero', 'foe'] as const) for (const cells of cellsOf(d, side)) for (const v of cells.slice(1)) expect(h.lines().join('\n')).toContain(v);
  });
});
