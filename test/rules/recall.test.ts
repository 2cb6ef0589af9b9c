/**
 * The recall page of every ruleset (Ruleset.recall): lines fit the screen, every hit chance on it
 * is the one the ruleset's own previewAttack gives for the same pair, an invisible Angband monster
 * is shown unseen, a sleeping Stone Soup monster's notice chance is noticeChance's, a Crawl
 * monster's rolled gear shows, and a hero's own page is its character sheet. Expected strings are
 * computed with the ruleset's functions, never written down.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Fraction } from '../../src/core/fraction.js';
import { Duel } from '../../src/game/duel.js';
import { capitalise } from '../../src/rules/common.js';
import { RECALL_WIDTH, recallContext } from '../../src/rules/recall.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { FighterView, RecallSection, Ruleset, RulesetId } from '../../src/rules/ruleset.js';
import type { AiMode, ArenaEntity } from '../../src/world/components.js';
import { distance } from '../../src/world/grid.js';

const content = loadContent();

/** A fighter's view standing at (x, 1), built without rolls; the hero is the player's. */
function view(rs: Ruleset, id: number, template: string, x: number, mode?: AiMode): FighterView {
  const init = rs.buildFighter({ template, options: {} });
  const hero = init.fighter.kind === 'hero';
  const e: ArenaEntity = {
    id,
    pos: { x, y: 1 },
    body: { ...init.body },
    fighter: { ...init.fighter, side: hero ? 0 : 1, controller: hero ? 'player' : 'ai' },
    glyph: { ...init.glyph },
    energy: { energy: init.energy ?? 0 },
    ai: { mode: mode ?? init.aiMode, target: null, alerted: false },
    awareness: { enemySeen: true, lastSeen: null },
    inventory: structuredClone(init.inventory),
    statuses: structuredClone(init.statuses),
    rules: structuredClone(init.rules),
  };
  return e as FighterView;
}

const text = (page: readonly RecallSection[]): string => page.flatMap((s) => [s.title, ...s.lines]).join('\n');
const find = (page: readonly RecallSection[], title: string): RecallSection | undefined => page.find((s) => s.title.startsWith(title));
const toHitLines = (s: RecallSection | undefined): string[] => (s?.lines ?? []).filter((l) => / to hit/.test(l));

const CASES: readonly [RulesetId, string, readonly string[]][] = [
  ['pixel-dungeon', 'warrior', ['rat', 'gnoll-scout', 'vampire-bat', 'gnoll-shaman', 'scorpio']],
  ['angband-3.0.5', 'warrior', ['jackal', 'uruk', 'invisible-stalker', 'poltergeist', 'drolem']],
  ['crawl-4.0b20', 'minotaur-fighter', ['rat', 'orc-warrior', 'ghoul', 'killer-bee', 'ogre']],
  ['stone-soup-0.5.2', 'halfling-assassin', ['orc-warrior', 'vault-guard', 'naga-warrior', 'giant-bat', 'ice-beast']],
];
const TABLE = CASES.flatMap(([id, hero, foes]) => foes.flatMap((foe) => (['spoiler', 'source'] as const).flatMap((ed) => [1, 3].map((d) => [id, hero, foe, ed, d] as const))));

describe.each(TABLE)('%s: the %s looks at the %s (%s, distance %i)', (id, heroId, foeId, edition, dist) => {
  const rs = getRuleset(id, content, edition);
  const hero = view(rs, 1, heroId, 1);
  const foe = view(rs, 2, foeId, 1 + dist);
  const where = { distance: dist, visible: rs.canSee?.(hero, foe) ?? true };
  const page = rs.panel.recall(foe, hero, 0, where);

  it('has the monster, both sides\' attacks and the turns to kill, every line at most 76 characters', () => {
    // An Angband monster that casts has a section for its spells after its own.
    const caster = id === 'angband-3.0.5' ? content.angband.monsters.find((m) => m.id === foeId && m.spellFreq > 0) : undefined;
    expect(page.map((s) => s.title)).toEqual([capitalise(foe.fighter.name), ...(caster ? [`Spells (1_IN_${caster.spellFreq})`] : []), 'Its attacks against you', `Your attacks against it${where.visible ? '' : ' (unseen)'}`, 'Turns to kill (expected: hit points / expected damage a turn)']);
    for (const s of page) for (const l of s.lines) expect(l.length, l).toBeLessThanOrEqual(RECALL_WIDTH);
    expect(text(page)).toContain(`Hit points ${foe.body.hp}/${foe.body.maxHp}`);
  });

  it('gives each of your usable attacks the hit chance previewAttack gives', () => {
    const ctx = recallContext(0, dist, where.visible);
    const usable = rs.attackOptions(hero).filter((o) => rs.canUse(o, dist));
    const lines = toHitLines(find(page, 'Your attacks'));
    expect(lines).toHaveLength(usable.length);
    usable.forEach((o, i) => expect(lines[i]).toContain(`${capitalise(o.label)}: ${rs.previewAttack(hero, foe, o, ctx).hit.percent(1)} to hit`));
  });

  it('gives its attacks the hit chance previewAttack gives', () => {
    const ctx = recallContext(0, dist, rs.canSee?.(foe, hero) ?? true);
    const lines = toHitLines(find(page, 'Its attacks'));
    const options = rs.attackOptions(foe);
    if (id === 'pixel-dungeon') {
      // One line for each attack it can use from there.
      const usable = options.filter((o) => rs.canUse(o, dist));
      expect(lines).toHaveLength(usable.length);
      usable.forEach((o, i) => expect(lines[i]).toContain(`${capitalise(o.label)}: ${rs.previewAttack(foe, hero, o, ctx).hit.percent(1)} to hit`));
    } else {
      // Blow by blow at any distance; the first blow is the one the preview reports.
      const [melee] = options;
      if (!melee) throw new Error('a monster with no attack');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines[0]).toContain(`${rs.previewAttack(foe, hero, melee, ctx).hit.percent(1)} to hit`);
    }
  });

  it('works out your turns to kill it from the previews', () => {
    const ctx = recallContext(0, dist, where.visible);
    let best = Fraction.ZERO;
    for (const o of rs.attackOptions(hero).filter((x) => rs.canUse(x, dist))) {
      const p = rs.previewAttack(hero, foe, o, ctx);
      const e = p.expected.mul(p.perTurn);
      if (e.compare(best) > 0) best = e;
    }
    const line = find(page, 'Turns to kill')?.lines.join(' ') ?? '';
    if (best.num === 0n) expect(line).toContain('You kill it: cannot hurt');
    else expect(line).toContain(`You kill it: ${Fraction.of(foe.body.hp).div(best).toNumber().toFixed(2)} turns`);
  });
});

describe('special cases', () => {
  it('an invisible Angband monster is shown unseen: your odds are halved-skill odds, and it is named invisible', () => {
    const rs = getRuleset('angband-3.0.5', content, 'spoiler');
    const hero = view(rs, 1, 'warrior', 1);
    const foe = view(rs, 2, 'invisible-stalker', 2);
    expect(rs.canSee?.(hero, foe)).toBe(false);
    const page = rs.panel.recall(foe, hero, 0, { distance: 1, visible: false });
    const [melee] = rs.attackOptions(hero);
    if (!melee) throw new Error('no melee');
    const unseen = rs.previewAttack(hero, foe, melee, recallContext(0, 1, false)).hit.percent(1);
    const seen = rs.previewAttack(hero, foe, melee, recallContext(0, 1, true)).hit.percent(1);
    expect(unseen).not.toBe(seen);
    expect(find(page, 'Your attacks against it (unseen)')?.lines[0]).toContain(`${unseen} to hit`);
    expect(text(page)).toContain('Invisible (you cannot see it');
    // It sees you, so its blows are not halved: each is the preview's chance.
    const back = rs.previewAttack(foe, hero, { id: 'melee', label: 'melee', kind: 'melee' }, recallContext(0, 1, true));
    expect(toHitLines(find(page, 'Its attacks'))).toHaveLength(3);
    for (const l of toHitLines(find(page, 'Its attacks'))) expect(l).toContain(`${back.hit.percent(1)} to hit`);
  });

  it.each(['spoiler', 'source'] as const)('a sleeping or wandering Stone Soup monster shows noticeChance\'s chance (%s)', (edition) => {
    const rs = getRuleset('stone-soup-0.5.2', content, edition);
    const hero = view(rs, 1, 'halfling-assassin', 1);
    for (const mode of ['sleeping', 'wandering'] as const) {
      const foe = view(rs, 2, 'orc-warrior', 4, mode);
      const n = rs.noticeChance(foe, hero, 3, true);
      expect(n.chance.num).toBeGreaterThan(0n);
      expect(n.chance.compare(Fraction.ONE)).toBeLessThan(0);
      const page = rs.panel.recall(foe, hero, 0, { distance: 3, visible: true });
      expect(text(page)).toContain(`State: ${mode === 'sleeping' ? 'asleep' : 'wandering'}`);
      expect(find(page, 'Orc warrior')?.lines.join(' ')).toContain(`Notices you ${n.chance.percent(1)} a turn now`);
    }
  });

  it('a hunting monster shows no notice chance', () => {
    const rs = getRuleset('crawl-4.0b20', content, 'spoiler');
    const page = rs.panel.recall(view(rs, 2, 'orc-warrior', 2, 'hunting'), view(rs, 1, 'minotaur-fighter', 1), 0, { distance: 1, visible: true });
    expect(text(page)).toContain('State: hunting you.');
    expect(text(page)).not.toContain('Notices you');
  });

  it.each(['crawl-4.0b20', 'stone-soup-0.5.2'] as const)('a %s monster\'s rolled weapon (and armour) appears, from a live duel', (id) => {
    const rs = getRuleset(id, content, 'source');
    const likeliest = rs.buildFighter({ template: 'orc', options: {} }).rules['weapon'] as { item: string } | null;
    // The first seed whose orc rolled something other than the likeliest choice.
    for (let i = 0; i < 50; i++) {
      const d = new Duel({ ruleset: id, edition: 'source', seed: `recall-${i}`, hero: { template: rs.defaultHero, options: {} }, foe: { template: 'orc', options: {} }, arena: 'pit', heroControl: 'player', maxTurns: 100 }, content, { tracing: false });
      const foe = d.view(d.foe);
      const weapon = foe.rules['weapon'] as { item: string } | null;
      if (!weapon || weapon.item === likeliest?.item) continue;
      const hero = d.view(d.hero);
      const page = rs.panel.recall(foe, hero, d.now, { distance: distance(hero.pos, foe.pos), visible: true });
      expect(find(page, 'Orc')?.lines.join(' ')).toContain(`Wields a ${rs.itemName(weapon.item)} (`);
      expect(find(page, 'Its attacks')?.lines.join(' ')).toContain(`with a ${rs.itemName(weapon.item)}`);
      const armour = foe.rules['armour'] as { item: string } | null | undefined;
      if (armour) expect(text(page)).toContain(`Wears ${rs.itemName(armour.item)}`);
      return;
    }
    throw new Error('no seed rolled another weapon');
  });

  it('says a monster that cannot hurt you cannot (the poltergeist only frightens)', () => {
    const rs = getRuleset('angband-3.0.5', content, 'spoiler');
    const page = rs.panel.recall(view(rs, 2, 'poltergeist', 2), view(rs, 1, 'warrior', 1), 0, { distance: 1, visible: false });
    expect(find(page, 'Turns to kill')?.lines.join(' ')).toContain('It kills you: cannot hurt');
  });

  it.each(CASES.map(([id, hero]) => [id, hero] as const))('%s: the %s\'s own page is its sheet: level, gear, no attack sections', (id, heroId) => {
    const rs = getRuleset(id, content, 'spoiler');
    const hero = view(rs, 1, heroId, 1);
    const page = rs.panel.recall(hero, hero, 0, { distance: 0, visible: true });
    expect(page).toHaveLength(1);
    const all = text(page);
    const level = (hero.rules['level'] as number | undefined) ?? -1;
    expect(all).toContain(`Level ${level}, hit points ${hero.body.hp}/${hero.body.maxHp}`);
    const weapon = hero.inventory.weapon?.item ?? (hero.rules['weapon'] as { item: string } | null)?.item ?? (hero.rules['gear'] as { weapon: { item: string } | null } | undefined)?.weapon?.item;
    if (!weapon) throw new Error('the preset has no weapon');
    expect(page[0]?.lines.find((l) => l.startsWith('Gear:'))).toContain(rs.itemName(weapon));
    for (const l of page[0]?.lines ?? []) expect(l.length, l).toBeLessThanOrEqual(RECALL_WIDTH);
    expect(find(page, 'Its attacks')).toBeUndefined();
    // The screen asks for the hero's page with the foe as the observer: the same sheet.
    const foe = view(rs, 2, rs.defaultFoe, 2);
    expect(rs.panel.recall(hero, foe, 0, { distance: 1, visible: true })).toEqual(page);
  });
});
