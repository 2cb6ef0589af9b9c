import { afterEach, describe, expect, it } from 'vitest';
import { DuelScreen } from '../../src/tui/duel-screen.js';
import { LabScreen } from '../../src/tui/lab.js';
import { defaultSetup, type Harness, screenPos, startHarness } from '../support/tui-harness.js';
import { goto, labels, menuOf, row } from '../support/menu.js';

/** A monster on the hero's side in the terminal app: the menu offers it, play steers it, watch and the lab show it. */

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});


describe('the menu offers monsters as the hero', () => {
  it('after the heroes, marked, without hero options, and starts the duel with it', async () => {
    h = await startHarness({ start: { kind: 'menu' } });
    await goto(h, 'hero');
    // The list: the heroes first, then the monsters marked as such.
    await h.press('\r');
    const names = h.lines().slice(3, 18).map((l) => l.slice(2, 28).trim());
    expect(names.slice(0, 9)).toEqual(['Warrior', 'Mage', 'Rogue', 'Huntress', 'Berserker', 'Assassin', 'Sniper', 'Veteran Warrior', 'marsupial rat (monster)']);
    expect(names).toContain('vampire bat (monster)');
    await h.press('v', 'a', 'm', 'p');
    expect(h.lines().join('\n')).toContain('vampire bat (monster)');
    await h.press('\r');
    expect(menuOf(h).choices.hero).toBe('vampire-bat');
    expect(row(h, 'hero')).toContain('vampire bat (monster) (vampire-bat)');
    expect(labels(h)).toEqual(['mode', 'ruleset', 'edition', 'hero', 'foe', 'foe starts', 'arena', 'seed', 'Start']);
    expect(h.lines().join('\n')).toContain('A monster on the hero');
    await h.press('\x1b[F', '\r');
    expect(h.app.current).toBeInstanceOf(DuelScreen);
    expect(h.app.session.duel.setup.hero).toEqual({ template: 'vampire-bat', options: {} });
    expect(h.app.session.duel.hero.fighter?.kind).toBe('monster');
  });

  it('not where the ruleset cannot pit monsters (Crawl)', async () => {
    h = await startHarness({ start: { kind: 'menu' } });
    await goto(h, 'ruleset');
    await h.press('l', 'l');
    expect(menuOf(h).choices.ruleset).toBe('crawl-4.0b20');
    await goto(h, 'hero');
    await h.press('\r', 'r', 'a', 't');
    expect(h.lines().join('\n')).not.toContain('(monster)');
  });
});

describe('a monster steered in play', () => {
  it('moves by the keys and its panel shows it', async () => {
    h = await startHarness({ setup: { hero: { template: 'vampire-bat', options: {} } } });
    const d = h.app.session.duel;
    expect(d.hero.fighter).toMatchObject({ kind: 'monster', controller: 'player', side: 0 });
    const start = { ...d.hero.pos! };
    await h.press('l');
    expect(d.hero.pos).toEqual({ x: start.x + 1, y: start.y });
    const { sx, sy } = screenPos(h, start.x + 1, start.y);
    expect(h.charAt(sx, sy)).toBe('v');
    const panel = h.lines().map((l) => l.slice(47)).join('\n');
    expect(panel).toMatch(/v vampire bat +HP 30\/30/);
    expect(panel).toContain('Acc 16  Dodge 15');
  });

  it('sees its enemy as a hero does, so it is not taken by surprise while it looks at it', async () => {
    h = await startHarness({ setup: { hero: { template: 'vampire-bat', options: {} }, foeState: 'hunting' } });
    const d = h.app.session.duel;
    d.foe.pos = { x: d.hero.pos!.x + 2, y: d.hero.pos!.y };
    expect(d.hero.awareness?.enemySeen).toBe(false);
    await h.press('s');
    // At its next turn it has looked around: the enemy two cells away is seen and placed.
    expect(d.pending()?.id).toBe(d.heroId);
    expect(d.hero.awareness?.enemySeen).toBe(true);
    expect(d.hero.awareness?.lastSeen).toEqual(d.foe.pos);
  });

  it('with nothing to fire, the fire key says so in the monster\'s words', async () => {
    h = await startHarness({ setup: { hero: { template: 'vampire-bat', options: {} } } });
    await h.press('f');
    expect(h.lines().join('\n')).toContain('It has no spell, breath or missile.');
  });
});

describe('a monster watched', () => {
  it('is played by the monster AI to the end', async () => {
    h = await startHarness({ mode: 'watch', setup: { hero: { template: 'vampire-bat', options: {} }, foe: { template: 'rat', options: {} }, foeState: 'hunting' } });
    const s = h.app.session;
    for (let i = 0; i < 2000 && !s.finished; i++) s.tick();
    expect(s.duel.outcome).not.toBeNull();
    expect(s.duel.outcome?.reason).toMatch(/was slain|no winner/);
  });
});

describe('a monster in the lab', () => {
  it('is headed as the hero, takes no hero options, and the gear keys say why', async () => {
    h = await startHarness({ start: { kind: 'lab', setup: defaultSetup({ hero: { template: 'vampire-bat', options: {} }, heroControl: 'ai' }) } });
    expect(h.app.current).toBeInstanceOf(LabScreen);
    const text = h.lines().join('\n');
    expect(text).toMatch(/v vampire bat +HP 30 +a monster: no hero options/);
    expect(h.lines()[23]).toMatch(/^ f foe s state e <> r R/);
    expect(text).toContain('The hero, vampire bat, attacks gnoll scout');
    expect(text).toContain('The foe, gnoll scout, attacks vampire bat');
    await h.press('w');
    expect(h.lines().join('\n')).toContain('takes no level, gear or skills');
    await h.press('+');
    expect(h.lines().join('\n')).toContain('takes no level, gear or skills');
  });
});

describe('an Angband monster on the hero side', () => {
  it('in the lab: its blows and spells against the foe, the foe\'s back, no hero options', async () => {
    h = await startHarness({ start: { kind: 'lab', setup: defaultSetup({ ruleset: 'angband-3.0.5', hero: { template: 'drolem', options: {} }, foe: { template: 'jackal', options: {} }, heroControl: 'ai' }) } });
    const text = h.lines().join('\n');
    expect(text).toMatch(/g Drolem +HP 2500 +a monster: no hero options/);
    expect(text).toContain('The hero, Drolem, attacks Jackal (max HP 4)');
    expect(text).toMatch(/Drolem: 4 blows +\d+\.\d%/);
    expect(text).toMatch(/poison breath/);
    expect(text).toContain('The foe, Jackal, attacks Drolem (max HP 2500)');
    expect(text).not.toMatch(/not an Angband hero|Error/);
  });

  it('steered in play: a step toward the foe and a bite at it', async () => {
    h = await startHarness({ setup: defaultSetup({ ruleset: 'angband-3.0.5', hero: { template: 'wolf', options: {} }, foe: { template: 'jackal', options: {} } }) });
    const d = h.app.session.duel;
    d.foe.pos = { x: d.hero.pos!.x + 1, y: d.hero.pos!.y };
    const hp = d.foe.body!.hp;
    const turn = d.turn;
    await h.press('l');
    expect(d.turn).toBeGreaterThan(turn);
    // The Wolf's blow (BITE:HURT:1d6) hit or missed the Jackal: either way the attack was traced.
    expect(d.traces.some((t) => t.actor === d.heroId && t.turn >= 1 && !t.routine && /the Jackal/.test(t.title))).toBe(true);
    expect(d.foe.body!.hp).toBeLessThanOrEqual(hp);
  });
});
