import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import type { AttackPreview } from '../../src/rules/ruleset.js';
import { attackContext } from '../../src/systems/combat.js';
import { canPerceive } from '../../src/systems/perception.js';
import type { ArenaEntity } from '../../src/world/components.js';
import { LAB_KEYS, LabScreen } from '../../src/tui/lab.js';
import { type Harness, defaultSetup, startHarness } from '../support/tui-harness.js';

const content = loadContent();

let h: Harness | undefined;
afterEach(() => {
  h?.destroy();
  h = undefined;
});

const SETUPS: Record<string, DuelSetup> = {
  'pixel-dungeon': defaultSetup({ heroControl: 'ai' }),
  'angband-3.0.5': defaultSetup({ ruleset: 'angband-3.0.5', heroControl: 'ai', hero: { template: 'elf-ranger', options: {} }, foe: { template: 'uruk', options: {} } }),
  'crawl-4.0b20': defaultSetup({ ruleset: 'crawl-4.0b20', heroControl: 'ai', hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} } }),
  'stone-soup-0.5.2': defaultSetup({ ruleset: 'stone-soup-0.5.2', heroControl: 'ai', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, foeState: 'sleeping' }),
};

const openLab = (setup: DuelSetup) => startHarness({ start: { kind: 'lab', setup }, save: false });
const labOf = (x: Harness) => x.app.current as LabScreen;

/** The ruleset's own previews for one direction, worked out here from a duel built apart from the lab's. */
function previews(setup: DuelSetup, side: 'hero' | 'foe', distance = 1): { p: AttackPreview; maxHp: number }[] {
  const d = new Duel(setup, content, { tracing: false });
  const [a, b]: ArenaEntity[] = side === 'hero' ? [d.hero, d.foe] : [d.foe, d.hero];
  const ctx = { ...attackContext(d, a!, b!), distance, visible: canPerceive(d, a!, b!) };
  return d.ruleset
    .attackOptions(d.view(a!))
    .filter((o) => d.ruleset.canUse(o, distance))
    .map((o) => ({ p: d.ruleset.previewAttack(d.view(a!), d.view(b!), o, ctx), maxHp: b!.body!.maxHp }));
}

/** The lab's row for an attack, between its side's heading and the other side's. */
function rowFor(x: Harness, side: 'hero' | 'foe', label: string): string {
  const lines = x.lines();
  const from = lines.findIndex((l) => l.startsWith(side === 'hero' ? 'The hero, ' : 'The foe, '));
  const to = side === 'hero' ? lines.findIndex((l) => l.startsWith('The foe, ')) : lines.length;
  expect(from).toBeGreaterThan(0);
  return lines.slice(from + 1, to).find((l) => l.startsWith(label.slice(0, 21))) ?? '';
}

/** What the row must show: strings made from the ruleset's own fractions and distributions. */
function expectRow(row: string, p: AttackPreview, maxHp: number): void {
  const perTurn = p.expected.mul(p.perTurn).toNumber();
  expect(row).toContain(` ${p.hit.percent(1)} `);
  expect(row).toContain(` ${p.damage.min}-${p.damage.max} `);
  expect(row).toContain(` ${p.damage.mean().toNumber().toFixed(1)} `);
  expect(row).toContain(` ${perTurn.toFixed(2)} `);
  expect(row).toMatch(perTurn > 0 ? new RegExp(`≈${(maxHp / perTurn).toFixed(1).replace('.', '\\.')}$`) : /never$/);
}

describe('the fight lab', () => {
  for (const [id, setup] of Object.entries(SETUPS)) {
    it(`${id}: shows exactly the ruleset's previews both ways, without stepping the duel`, async () => {
      h = await openLab(setup);
      const both = [...previews(setup, 'hero').map((x) => ({ ...x, side: 'hero' as const })), ...previews(setup, 'foe').map((x) => ({ ...x, side: 'foe' as const }))];
      expect(both.length).toBeGreaterThanOrEqual(2);
      for (const { p, maxHp, side } of both) expectRow(rowFor(h, side, p.label), p, maxHp);
      const d = labOf(h).duel;
      expect(d.turn).toBe(0);
      expect(d.traces).toEqual([]);
      expect(d.rng.drawCounts().combat).toBe(0);
    });
  }

  it('changes the numbers when the hero gains a level, and says when the levels run out', async () => {
    const setup = SETUPS['angband-3.0.5']!;
    h = await openLab(setup);
    const [before] = previews(setup, 'hero');
    const level = labOf(h).duel.hero.rules!['level'] as number;
    await h.press('+');
    const next = labOf(h).current;
    expect(next.hero.options).toEqual({ level: level + 1 });
    const [after] = previews(next, 'hero');
    expect(after!.p.hit.equals(before!.p.hit) && after!.p.expected.equals(before!.p.expected)).toBe(false);
    expectRow(rowFor(h, 'hero', after!.p.label), after!.p, after!.maxHp);
    expect(h.lines()[1]).toContain(`Ranger ${level + 1}`);
    await h.press('-', '-');
    expect(labOf(h).current.hero.options).toEqual({ level: level - 1 });
    // Pixel Dungeon's Warrior starts at level 1, the lowest.
    h.destroy();
    h = await openLab(SETUPS['pixel-dungeon']!);
    await h.press('-');
    expect(h.lines()[21]).toContain('Levels go from 1 to 30.');
    expect(labOf(h).current.hero.options).toEqual({});
  });

  it('moves the foe away with > and <: melee drops out, missiles stay, the odds follow the distance', async () => {
    const setup = SETUPS['angband-3.0.5']!;
    h = await openLab(setup);
    await h.press('>', '>', '>', '>');
    expect(labOf(h).shownDistance).toBe(5);
    expect(h.lines()[0]).toContain('distance 5');
    const far = previews(setup, 'hero', 5);
    expect(far.length).toBeGreaterThan(0);
    for (const { p, maxHp } of far) expectRow(rowFor(h, 'hero', p.label), p, maxHp);
    // The Uruk's arrows (ARROW_2, 1_IN_9) reach it there: its rows follow the same previews.
    const theirs = previews(setup, 'foe', 5);
    expect(theirs.map((x) => x.p.label)).toEqual(['arrow']);
    for (const { p, maxHp } of theirs) expectRow(rowFor(h, 'foe', p.label), p, maxHp);
    for (let i = 0; i < 10; i++) await h.press('>');
    expect(labOf(h).shownDistance).toBe(8);
    for (let i = 0; i < 10; i++) await h.press('<');
    expect(labOf(h).shownDistance).toBe(1);
  });

  it('cycles weapon, armour and foe, and toggles the edition', async () => {
    const setup = SETUPS['pixel-dungeon']!;
    h = await openLab(setup);
    await h.press('w');
    expect(labOf(h).current.hero.options).toEqual({ weapon: 'none' });
    expect(h.lines()[1]).toContain('weapon: none');
    await h.press('w');
    const weapon = content.pixelDungeon.meleeWeapons[0]!;
    expect(labOf(h).current.hero.options).toEqual({ weapon: weapon.id });
    expectRow(rowFor(h, 'hero', previews(labOf(h).current, 'hero')[0]!.p.label), previews(labOf(h).current, 'hero')[0]!.p, previews(labOf(h).current, 'hero')[0]!.maxHp);
    await h.press('a');
    expect(labOf(h).current.hero.options['armour']).toBe('none');
    await h.press('f');
    const monsters = content.pixelDungeon.monsters.map((m) => m.id);
    expect(labOf(h).current.foe.template).toBe(monsters[monsters.indexOf('gnoll-scout') + 1]);
    await h.press('F', 'F');
    expect(labOf(h).current.foe.template).toBe(monsters[monsters.indexOf('gnoll-scout') - 1]);
    await h.press('e');
    expect(labOf(h).current.edition).toBe('source');
    expect(h.lines()[0]).toContain('source');
  });

  it('skips the weapons the ruleset refuses for this hero, and says so', async () => {
    // The minotaur carries a shield: two-handers are refused.
    h = await openLab(SETUPS['crawl-4.0b20']!);
    const seen = new Set<string>();
    let skipped = false;
    for (let i = 0; i < 50; i++) {
      await h.press('w');
      seen.add(String(labOf(h).current.hero.options['weapon']));
      skipped ||= /Skipped \d+/.test(h.lines()[21] ?? '');
    }
    expect(skipped).toBe(true);
    expect(seen.has('great-sword')).toBe(false);
    expect(seen.has('long-sword')).toBe(true);
  });

  it("shows a Stone Soup foe's chance to notice the hero each turn", async () => {
    const setup = SETUPS['stone-soup-0.5.2']!;
    h = await openLab(setup);
    const d = new Duel(setup, content, { tracing: false });
    const n = d.ruleset.noticeChance(d.view(d.foe), d.view(d.hero), 1, true);
    expect(h.lines().join(' ')).toContain(`notices you: ${n.chance.percent(1)} a turn`);
    await h.press('f', 'F', '>', '>');
    const far = d.ruleset.noticeChance(d.view(d.foe), d.view(d.hero), 3, true);
    expect(h.lines().join(' ')).toContain(`notices you: ${far.chance.percent(1)} a turn`);
  });

  it("opens the recall pages with r and R when the ruleset has them, and scrolls and closes them", async () => {
    const setup = SETUPS['stone-soup-0.5.2']!;
    h = await openLab(setup);
    const d = labOf(h).duel;
    await h.press('r');
    if (!d.ruleset.panel.recall) {
      expect(h.lines()[21]).toContain('has no recall page yet');
      return;
    }
    const sections = d.ruleset.panel.recall(d.view(d.foe), d.view(d.hero), d.now, { distance: 1, visible: true });
    expect(h.lines()[0]).toContain('Recall');
    expect(h.lines().join('\n')).toContain(sections[0]!.title);
    const top = h.lines()[1];
    await h.press('\x1b[6~');
    expect(h.lines()[0]).toContain('Recall');
    const long = h.lines()[21]?.match(/of (\d+)/);
    if (long) expect(h.lines()[1]).not.toBe(top);
    else expect(h.lines()[1]).toBe(top);
    await h.press('\x1b');
    expect(h.lines()[0]).toContain('Fight lab');
    await h.press('R');
    expect(h.lines()[0]).toContain('Recall: Halfling Assassin');
  });

  it('lists every key of the lab on ?, and q goes back', async () => {
    h = await openLab(SETUPS['pixel-dungeon']!);
    await h.press('?');
    const text = h.lines().join('\n');
    for (const [k, what] of LAB_KEYS) {
      expect(text).toContain(k);
      expect(text).toContain(what.slice(0, 50));
    }
    await h.press('z');
    expect(h.lines()[0]).toContain('Fight lab');
    let ended = false;
    void h.app.done.then(() => (ended = true));
    await h.press('q');
    expect(ended).toBe(true);
  });
});

const KEYS = [
  ...'abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789.,;:!?[]{}+-=_ /\\\'"<>'.split(''),
  '\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D', '\x1b[H', '\x1b[F', '\x1b[5~', '\x1b[6~', '\t', '\r', '\x7f',
];

describe('a storm of random keys in the lab', () => {
  it('never throws, and leaves the lab drawn', async () => {
    // q, Q and Escape are left out: they leave the lab (or close a recall page, which r also does).
    const keys = fc.sample(fc.constantFrom(...KEYS), { numRuns: 1000, seed: 4 });
    h = await openLab(SETUPS['stone-soup-0.5.2']!);
    let ended = false;
    void h.app.done.then(() => (ended = true));
    for (const k of keys) await h.press(k);
    expect(ended).toBe(false);
    expect(h.app.current).toBeInstanceOf(LabScreen);
    expect(h.lines()[23]).toContain('w weapon');
    const lab = labOf(h);
    expect(lab.duel.turn).toBe(0);
    expect(lab.shownDistance).toBeGreaterThanOrEqual(1);
    expect(lab.shownDistance).toBeLessThanOrEqual(8);
  });
});
