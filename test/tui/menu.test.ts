import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { listSaves } from '../../src/replay/saves.js';
import { getRuleset } from '../../src/rules/registry.js';
import { BrowserScreen } from '../../src/tui/browser.js';
import { DuelScreen } from '../../src/tui/duel-screen.js';
import { LabScreen } from '../../src/tui/lab.js';
import { MENU_KEYS, MenuScreen } from '../../src/tui/menu.js';
import { PREFS_FILE } from '../../src/tui/prefs.js';
import { type Harness, startHarness } from '../support/tui-harness.js';
import { goto, labels, menuOf, row } from '../support/menu.js';

const content = loadContent();

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

const openMenu = (o: { savesDir?: string; save?: boolean } = {}) => startHarness({ start: { kind: 'menu' }, ...o });

/** Opens a field's list, types a filter and takes the first entry it leaves. */
async function pick(x: Harness, label: string, filter: string): Promise<void> {
  await goto(x, label);
  await x.press('\r', ...filter.split(''), '\r');
}

const START = ['\x1b[F', '\r'] as const;

describe('the start menu', () => {
  it('draws every field, hiding those the mode or the ruleset does not use', async () => {
    h = await openMenu();
    expect(h.lines()[0]).toContain('choose a duel');
    expect(labels(h)).toEqual(['mode', 'ruleset', 'edition', 'hero', 'hero level', 'hero weapon', 'hero armour', 'foe', 'foe starts', 'arena', 'seed', 'Start']);
    // Watch and Crawl: every field there is.
    await h.press('l', 'j', 'l', 'l');
    expect(menuOf(h).choices).toMatchObject({ mode: 'watch', ruleset: 'crawl-4.0b20' });
    expect(labels(h)).toEqual(['mode', 'ruleset', 'edition', 'hero', 'hero level', 'hero weapon', 'hero armour', 'stat system', 'form', 'foe', 'foe starts', 'arena', 'seed', 'rounds', 'Start']);
    expect(row(h, 'rounds')).toContain('1 (a single duel)');
    // Stone Soup has forms but no stat systems.
    await h.press('l');
    expect(labels(h)).toContain('form');
    expect(labels(h)).not.toContain('stat system');
    // A replay only opens the browser; the lab has no arena and no rounds.
    await h.press('k', 'l');
    expect(labels(h)).toEqual(['mode', 'Start']);
    expect(h.lines().join('\n')).toContain('saves browser');
    await h.press('l');
    expect(menuOf(h).choices.mode).toBe('lab');
    expect(labels(h)).not.toContain('arena');
    expect(labels(h)).not.toContain('rounds');
    expect(labels(h)).toContain('seed');
  });

  it('describes the chosen ruleset, hero and foe in one line each', async () => {
    h = await openMenu();
    const r = getRuleset('pixel-dungeon', content, 'spoiler');
    const text = h.lines().join('\n');
    expect(text).toContain(`${r.name}: ${r.description}`.slice(0, 60));
    const foe = r.catalog().find((e) => e.id === r.defaultFoe)!;
    expect(text).toContain(`${foe.name}: ${foe.description}`.slice(0, 60));
    expect(text).toMatch(/Warrior 1, about 20 HP/);
  });

  it('changes the ruleset with the keys, and the hero and foe lists follow', async () => {
    h = await openMenu();
    await goto(h, 'ruleset');
    await h.press('\x1b[C');
    const angband = getRuleset('angband-3.0.5', content, 'spoiler');
    expect(menuOf(h).choices.ruleset).toBe('angband-3.0.5');
    expect(row(h, 'foe')).toContain(`(${angband.defaultFoe})`);
    await goto(h, 'hero');
    await h.press('\r');
    const heroes = angband.catalog().filter((e) => e.kind === 'hero');
    const list = h.lines().join('\n');
    for (const e of heroes) expect(list).toContain(e.name);
    // The heroes, then every monster (Angband pits monster against monster).
    const all = heroes.length + angband.catalog().filter((e) => e.kind === 'monster').length;
    expect(list).toContain(`${all} of ${all}`);
    const pdOnly = getRuleset('pixel-dungeon', content, 'spoiler').catalog().filter((e) => e.kind === 'hero' && !heroes.some((a) => a.name === e.name));
    expect(pdOnly.length).toBeGreaterThan(0);
    for (const e of pdOnly) expect(list).not.toContain(e.name);
    await h.press('\x1b');
    await goto(h, 'foe');
    await h.press('\r', 'd', 'r', 'o', 'l', 'e');
    expect(h.lines().join('\n')).toContain('1 of 616');
    await h.press('\r');
    expect(menuOf(h).choices.foe).toBe('drolem');
    // Back to Pixel Dungeon: the Angband foe is not one of its monsters, so its default returns.
    await goto(h, 'ruleset');
    await h.press('h');
    expect(menuOf(h).choices).toMatchObject({ ruleset: 'pixel-dungeon', foe: 'gnoll-scout' });
  });

  it("shows the ruleset's own words for a hero it refuses, and will not start", async () => {
    h = await openMenu();
    await goto(h, 'ruleset');
    await h.press('l', 'l');
    await pick(h, 'hero weapon', 'great-sword');
    expect(menuOf(h).choices).toMatchObject({ hero: 'minotaur-fighter', weapon: 'great-sword' });
    let refusal = '';
    try {
      getRuleset('crawl-4.0b20', content, 'spoiler').buildFighter({ template: 'minotaur-fighter', options: { weapon: 'great-sword' } });
    } catch (e) {
      refusal = (e as Error).message;
    }
    expect(refusal).not.toBe('');
    const text = h.lines().join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Crawl 4.00 beta 20 refuses this hero: ${refusal}`);
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    await h.press(...START);
    expect(h.app.current).toBeInstanceOf(MenuScreen);
    expect(h.lines().slice(17, 23).join(' ')).toContain('Cannot start');
    // A one-handed weapon is taken again.
    await pick(h, 'hero weapon', 'long-sword');
    expect(h.lines().join(' ').replace(/\s+/g, ' ')).not.toContain(refusal);
  });

  it('starts the duel with exactly the chosen setup, and comes back to the menu when it is quit', async () => {
    h = await openMenu();
    await goto(h, 'ruleset');
    await h.press('l');
    await pick(h, 'hero', 'elf-ranger');
    await pick(h, 'hero level', '12');
    await goto(h, 'foe starts');
    await h.press('l', 'l', 'l');
    await pick(h, 'arena', 'pit');
    expect(menuOf(h).choices.arena).toBe('pit');
    await goto(h, 'seed');
    await h.press('\r', '4', '2', '\r');
    expect(row(h, 'seed')).toContain('42');
    await h.press(...START);
    expect(h.app.current).toBeInstanceOf(DuelScreen);
    expect(h.app.session.duel.setup).toEqual({
      ruleset: 'angband-3.0.5',
      edition: 'spoiler',
      seed: '42',
      hero: { template: 'elf-ranger', options: { level: 12 } },
      foe: { template: 'uruk', options: {} },
      arena: 'pit',
      heroControl: 'player',
      maxTurns: 1000,
      foeState: 'hunting',
    });
    expect(h.lines()[23]).toContain('seed 42');
    let ended = false;
    void h.app.done.then(() => (ended = true));
    await h.press('Q', 'y');
    expect(ended).toBe(false);
    expect(h.app.current).toBeInstanceOf(MenuScreen);
    expect(h.lines()[0]).toContain('choose a duel');
    expect(readdirSync(h.savesDir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    // q leaves the menu, and the program.
    await h.press('q');
    expect(ended).toBe(true);
  });

  it('watches with a fresh seed when the seed is empty, the AI playing the hero', async () => {
    h = await openMenu();
    await h.press('l');
    await goto(h, 'rounds');
    await h.press('l');
    expect(row(h, 'rounds')).toContain('best of 3');
    await h.press(...START);
    const s = h.app.session;
    expect(s.mode).toBe('watch');
    expect(s.duel.setup.heroControl).toBe('ai');
    expect(s.duel.setup.seed).toBe('fresh-1');
  });

  it('remembers the choices for the next start of the program', async () => {
    const first = await openMenu();
    h = first;
    await goto(h, 'ruleset');
    await h.press('l', 'l', 'l');
    await pick(h, 'hero', 'ogre');
    await pick(h, 'form', 'statue');
    await goto(h, 'edition');
    await h.press('l');
    await goto(h, 'seed');
    await h.press('\r', 'a', 'b', '\r');
    const chosen = { ...menuOf(h).choices };
    expect(chosen).toMatchObject({ ruleset: 'stone-soup-0.5.2', hero: 'ogre-brute', form: 'statue', edition: 'source', seed: 'ab' });
    await h.press(...START);
    expect(h.app.session.duel.setup.hero).toEqual({ template: 'ogre-brute', options: { form: 'statue' } });
    const saved = JSON.parse(readFileSync(join(h.savesDir, PREFS_FILE), 'utf8')) as { choices: unknown };
    expect(saved.choices).toEqual(chosen);
    expect(readdirSync(h.savesDir).filter((f) => f.includes('.tmp'))).toEqual([]);
    const dir = h.savesDir;
    h.destroy();
    h = await openMenu({ savesDir: dir });
    expect(menuOf(h).choices).toEqual(chosen);
    expect(row(h, 'hero')).toContain('(ogre-brute)');
    expect(row(h, 'seed')).toContain('ab');
    expect(h.lines()[22]?.trim()).toBe('');
  });

  it('remembers nothing without a saves folder', async () => {
    h = await openMenu({ save: false });
    await h.press(...START);
    expect(h.app.current).toBeInstanceOf(DuelScreen);
    expect(readdirSync(h.savesDir)).toEqual([]);
  });

  it('falls back to the default for a remembered value no longer valid, field by field', async () => {
    h = await openMenu();
    const dir = h.savesDir;
    h.destroy();
    writeFileSync(join(dir, PREFS_FILE), JSON.stringify({ version: 1, choices: { ruleset: 'angband-3.0.5', hero: 'no-such-hero', foe: 'drolem', level: '99', mode: 'dance' } }));
    h = await openMenu({ savesDir: dir });
    expect(menuOf(h).choices).toMatchObject({ ruleset: 'angband-3.0.5', hero: 'warrior', foe: 'drolem', level: '', mode: 'play' });
    expect(existsSync(join(dir, `${PREFS_FILE}.bad`))).toBe(false);
    expect(h.lines()[22]?.trim()).toBe('');
  });

  const CORRUPT: readonly [string, string, RegExp][] = [
    ['a wrong type', JSON.stringify({ version: 1, choices: { hero: 5 } }), /\$\.choices\.hero: expected string/],
    ['not JSON at all', '{"version": 1, "choices": {"hero": ', /\$\.choices\.hero: /],
    ['an unknown key', JSON.stringify({ version: 1, choices: { colour: 'red' } }), /\$\.choices\.colour: /],
    ['another version', JSON.stringify({ version: 7, choices: {} }), /\$\.version: /],
  ];
  for (const [what, text, where] of CORRUPT) {
    it(`sets aside a last-setup.json with ${what} as .bad, says where, and never crashes`, async () => {
      h = await openMenu();
      const dir = h.savesDir;
      h.destroy();
      writeFileSync(join(dir, PREFS_FILE), text);
      h = await openMenu({ savesDir: dir });
      const notice = (h.lines()[22] ?? '').trim();
      expect(notice).toMatch(/^last-setup\.json: \$/);
      expect(notice).toContain('(now .bad)');
      expect(notice).toMatch(where);
      expect(menuOf(h).choices.ruleset).toBe('pixel-dungeon');
      expect(readFileSync(join(dir, `${PREFS_FILE}.bad`), 'utf8')).toBe(text);
      expect(existsSync(join(dir, PREFS_FILE))).toBe(false);
      // The next start writes a good file; the bad one stays for the user to look at.
      await h.press(...START);
      expect(JSON.parse(readFileSync(join(dir, PREFS_FILE), 'utf8'))).toMatchObject({ version: 1 });
      expect(readFileSync(join(dir, `${PREFS_FILE}.bad`), 'utf8')).toBe(text);
      // The saves browser lists replays only.
      expect(listSaves(dir).map((s) => s.file)).toEqual(readdirSync(dir).filter((f) => f.endsWith('.jsonl')));
      expect(listSaves(dir)).toHaveLength(1);
    });
  }

  it('opens the saves browser for a replay, and comes back from it', async () => {
    h = await openMenu();
    await h.press('l', 'l');
    expect(menuOf(h).choices.mode).toBe('replay');
    await h.press(...START);
    expect(h.app.current).toBeInstanceOf(BrowserScreen);
    expect(h.lines()[0]).toContain('Saved duels in');
    await h.press('q');
    expect(h.app.current).toBeInstanceOf(MenuScreen);
  });

  it('opens the fight lab with the chosen setup', async () => {
    h = await openMenu();
    await h.press('h');
    expect(menuOf(h).choices.mode).toBe('lab');
    await pick(h, 'foe', 'rat');
    await h.press(...START);
    const lab = h.app.current as LabScreen;
    expect(lab).toBeInstanceOf(LabScreen);
    expect(lab.current.foe.template).toBe('rat');
    expect(h.lines()[0]).toContain('Fight lab');
    await h.press('q');
    expect(h.app.current).toBeInstanceOf(MenuScreen);
  });

  it('lists every key of the menu on ? and closes the list with any key', async () => {
    h = await openMenu();
    await h.press('?');
    const text = h.lines().join('\n');
    for (const [k, what] of MENU_KEYS) {
      expect(text).toContain(k);
      expect(text).toContain(what.slice(0, 50));
    }
    await h.press('x');
    expect(h.lines().join('\n')).not.toContain('Menu keys');
  });

  it('marks the chosen field without colour too (NO_COLOR)', async () => {
    h = await startHarness({ start: { kind: 'menu' }, colour: false });
    const lines = (h.app.screen as unknown as { lines: [number, string][][] }).lines;
    const attr = (y: number) => lines[y]?.[18]?.[0] ?? 0;
    const inverse = (y: number) => ((attr(y) >> 18) & 8) !== 0;
    expect(inverse(2)).toBe(true);
    expect(inverse(3)).toBe(false);
    expect((attr(2) >> 9) & 0x1ff).toBe(0x1ff);
  });
});

/** Every key the screens use, plus noise; q, Q and Escape are left out so the storm does not end the program. */
const KEYS = [
  ...'abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789.,;:!?[]{}+-=_ /\\\'"<>'.split(''),
  '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x1b[H', '\x1b[F', '\x1b[5~', '\x1b[6~', '\t', '\r', '\x7f',
];

/** Leaves whatever a storm opened from the menu (a duel, the browser, the lab). */
async function backToMenu(x: Harness): Promise<void> {
  for (let i = 0; i < 10 && !(x.app.current instanceof MenuScreen); i++) {
    const top = x.app.current;
    if (!(top instanceof DuelScreen)) await x.press('\x1b');
    else if (top.session.ui.kind === 'confirm-quit') await x.press('y');
    else await x.press(top.session.ui.kind === 'main' ? 'Q' : '\x1b');
  }
  expect(x.app.current).toBeInstanceOf(MenuScreen);
}

describe('a storm of random keys in the menu', () => {
  it('never throws, and leaves the menu drawn', async () => {
    const keys = fc.sample(fc.constantFrom(...KEYS), { numRuns: 1000, seed: 3 });
    h = await openMenu({ save: false });
    let ended = false;
    void h.app.done.then(() => (ended = true));
    let opened = 0;
    for (const k of keys) {
      await h.press(k);
      if (!(h.app.current instanceof MenuScreen)) {
        opened++;
        await backToMenu(h);
      }
    }
    expect(ended).toBe(false);
    expect(opened).toBeGreaterThan(0);
    expect(h.lines()[23]).toContain('up/down choose');
  });
});
