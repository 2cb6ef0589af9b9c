/**
 * The blows of an attack (AttackOutcome.blows), in every ruleset and both editions: one entry per
 * blow thrown, in order; their damages add up to what the attack took; a blow's hit agrees with
 * the outcome's; with the luck meter on, each blow carries an exact hit chance and damage law
 * (given the blows before it) that hold its damage, the first blow's chance is the preview's,
 * and a blow that can only ever be alone has the whole attack's law. Tags are checked on setups
 * where they happen (a Pixel Dungeon surprise attack, Angband criticals, slays and brands, Stone
 * Soup blocks and stabs, Crawl brands), and the laws against every roll where that is practical.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import type { Distribution } from '../../src/core/distribution.js';
import { enumerateRolls } from '../../src/core/enumerate.js';
import { Fraction } from '../../src/core/fraction.js';
import { Stream } from '../../src/core/rng.js';
import { NullTracer } from '../../src/core/trace.js';
import type { DuelSetup } from '../../src/game/duel.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { AttackContext, AttackOption, AttackOutcome, AttackPreview, BlowOutcome, FighterView, Ruleset, RulesetId } from '../../src/rules/ruleset.js';
import { Terrain } from '../../src/world/terrain.js';
import { F, expectFrac } from '../support/odds.js';
import { type DuelCase, EDITIONS, MELEE, type OneAttack, angAcidOnWornArmour, angBareHanded, caseSetup, ctxOf, damageTo, crawlDaggerOnGoblin, crawlRatOnStillHero, pdLightning, pdSurpriseAttack, ssGolemOnStillHero, sumOf, view, watchAttacks } from '../support/attack-cases.js';

const content = loadContent();

const blowTotal = (blows: readonly BlowOutcome[]): number => blows.reduce((n, b) => n + b.damage, 0);
const isCrawl = (id: RulesetId): boolean => id === 'crawl-4.0b20' || id === 'stone-soup-0.5.2';

const CASES: readonly DuelCase[] = [
  { ruleset: 'pixel-dungeon', hero: 'warrior', foe: 'gnoll-scout' },
  { ruleset: 'pixel-dungeon', hero: 'huntress', foe: 'vampire-bat', foeState: 'hunting' },
  { ruleset: 'pixel-dungeon', hero: 'mage', foe: 'gnoll-shaman', heroOptions: { level: 8 }, foeState: 'hunting', arena: 'hall' },
  { ruleset: 'pixel-dungeon', hero: 'assassin', foe: 'dwarf-monk' },
  { ruleset: 'angband-3.0.5', hero: 'warrior', foe: 'uruk', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'elf-ranger', foe: 'olog', foeState: 'hunting', arena: 'hall' },
  { ruleset: 'angband-3.0.5', hero: 'dwarf-priest', foe: 'gelatinous-cube', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'half-troll-warrior', foe: 'drolem', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'dunadan-paladin', foe: 'mummified-human', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'gnome-mage', foe: 'snaga', heroOptions: { level: 5 }, foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'minotaur-fighter', foe: 'orc-warrior', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'troll-monk', foe: 'yak', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'elf-assassin', foe: 'goblin' },
  { ruleset: 'crawl-4.0b20', hero: 'human-transmuter', foe: 'hound', heroOptions: { form: 'ice-beast' }, foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'human-transmuter', foe: 'orc', heroOptions: { form: 'lich' }, foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'halfling-assassin', foe: 'orc-warrior' },
  { ruleset: 'stone-soup-0.5.2', hero: 'mountain-dwarf-fighter', foe: 'vault-guard', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'minotaur-fighter', foe: 'naga-warrior', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'deep-elf-ice-mage', foe: 'ice-beast', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'earth-elementalist', foe: 'orc', heroOptions: { form: 'lich', weapon: 'none' } },
];

interface Resolved {
  readonly out: AttackOutcome;
  readonly attacker: FighterView;
  readonly defender: FighterView;
  readonly option: AttackOption;
  readonly ctx: AttackContext;
  /** previewAttack for the same attack, worked out before it was resolved. */
  readonly preview: AttackPreview;
}

/** Plays a duel, keeping every outcome resolveAttack returned. */
function play(setup: DuelSetup, luck: boolean): Resolved[] {
  return watchAttacks(setup, content, luck, (c) => ({ ...c, attacker: structuredClone(c.attacker), defender: structuredClone(c.defender) })).kept;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Whether the attack can only ever throw one blow (so that blow's law is the attack's). */
function alwaysOneBlow(id: RulesetId, r: Resolved): boolean {
  if (id === 'pixel-dungeon') return true;
  if (id === 'angband-3.0.5') {
    if (r.option.kind === 'projectile') return true;
    if (r.attacker.fighter.kind === 'monster') return (content.angband.monsters.find((m) => m.id === r.attacker.fighter.templateId)?.blows.length ?? 0) === 1;
    return r.preview.notes.includes('1 blow') && !r.preview.notes.includes('too afraid to attack');
  }
  // A Crawl monster's preview label lists its attacks ("rat: 3", "yak: 18/8"); in water it may splash around instead.
  if (r.attacker.fighter.kind === 'monster') return !r.preview.label.includes('/') && r.ctx.attackerTerrain !== Terrain.Water;
  return false;
}

/** The checks every outcome must pass; `luck`: the context asked for laws. */
function checkOutcome(id: RulesetId, r: Resolved, luck: boolean): void {
  const { out } = r;
  const what = out.summary;
  const blows = out.blows;
  const total = blowTotal(blows);
  // What the blows took is what the effects take from the defender (and the luck meter's dealt).
  expect(total, what).toBe(damageTo(out.effects, r.defender.id));
  if (out.luck) expect(total, what).toBe(out.luck.dealt);
  // ... and what the outcome counts, a brand's extra damage and draining included.
  expect(out.damage, what).toBe(total);
  expect(out.hit, what).toBe(blows.some((b) => b.hit));
  if (blows.length === 0) {
    expect(out.damage).toBe(0);
    expect(out.hit).toBe(false);
  }
  for (const b of blows) {
    if (!b.hit) expect(b.damage, `${what}: ${b.label}`).toBe(0);
    if (b.tags.includes('blocked')) expect(b.hit, what).toBe(false);
    if (b.tags.includes('stab') || b.tags.includes('slay') || b.tags.includes('critical')) expect(b.hit, what).toBe(true);
    expect(new Set(b.tags).size).toBe(b.tags.length);
    if (!luck) {
      expect(b.law).toBeUndefined();
      expect(b.hitChance).toBeUndefined();
      continue;
    }
    const { law, hitChance } = b;
    if (!law || !hitChance) throw new Error(`${what}: ${b.label} has no law`);
    expectFrac(sumOf(law), F(1));
    expect(law.min).toBeGreaterThanOrEqual(0);
    expect(law.prob(b.damage).num > 0n, `${what}: ${b.label} took ${b.damage}, outside ${law.toString()}`).toBe(true);
    expect(hitChance.num >= 0n && hitChance.compare(Fraction.ONE) <= 0, `${what}: hit chance ${hitChance.toString()}`).toBe(true);
    // Misses and blocks count 0: at least 1 - hitChance of the law is at 0.
    expect(law.prob(0).compare(hitChance.complement()), `${what}: ${b.label}`).toBeGreaterThanOrEqual(0);
  }
  const first = blows[0];
  if (luck && first) {
    // The preview describes the first blow (a Crawl hero's, when no fumble in water can stop it).
    if (!(isCrawl(id) && r.attacker.fighter.kind === 'hero' && r.ctx.attackerTerrain === Terrain.Water)) expectFrac(first.hitChance as Fraction, r.preview.hit);
    if (blows.length === 1 && alwaysOneBlow(id, r)) {
      if (!out.luck) throw new Error('no law');
      expect((first.law as Distribution).equals(out.luck.law), `${what}: ${first.law?.toString()} vs ${out.luck.law.toString()}`).toBe(true);
    }
  }
}

describe.each(CASES.flatMap((c) => EDITIONS.map((e) => [c.ruleset, c.hero, c.foe, e, c] as const)))('%s: %s against %s (%s)', (id, _hero, _foe, edition, c) => {
  it('every attack lists its blows, adding up to its damage, each with an exact law holding its damage', () => {
    let blowCount = 0;
    let singles = 0;
    for (const seed of ['blows-1', 'blows-2']) {
      const on = play(caseSetup(c, edition, seed), true);
      const off = play(caseSetup(c, edition, seed), false);
      expect(on.length).toBeGreaterThan(0);
      // The meter changes nothing: the same blows, without laws when it is off.
      expect(off.map((r) => r.out.blows.map(({ label, hit, damage, tags }) => ({ label, hit, damage, tags })))).toEqual(on.map((r) => r.out.blows.map(({ label, hit, damage, tags }) => ({ label, hit, damage, tags }))));
      for (const r of on) {
        checkOutcome(id, r, true);
        blowCount += r.out.blows.length;
        if (r.out.blows.length === 1 && alwaysOneBlow(id, r)) singles++;
      }
      for (const r of off) checkOutcome(id, r, false);
    }
    expect(blowCount).toBeGreaterThan(0);
    if (id === 'pixel-dungeon') expect(singles).toBeGreaterThan(0);
  });
});

// --- Setups for tags and for checks against every roll -------------------------------------



/** Resolves the attack with `n` seeded streams of rolls, the meter on. */
function rolls(rs: Ruleset, a: FighterView, d: FighterView, option: AttackOption, ctx: AttackContext, n: number, seed: string): AttackOutcome[] {
  const out: AttackOutcome[] = [];
  for (let i = 0; i < n; i++) out.push(rs.resolveAttack(new NullTracer(new Stream('combat', `${seed}-${i}`)), a, d, option, { ...ctx, luck: true }));
  return out;
}

const tagged = (outs: readonly AttackOutcome[], tag: BlowOutcome['tags'][number]): BlowOutcome[] => outs.flatMap((o) => o.blows.filter((b) => b.tags.includes(tag)));

/** Every outcome passes the general checks (as an attack in a duel would). */
function checkAll(id: RulesetId, rs: Ruleset, a: FighterView, d: FighterView, option: AttackOption, ctx: AttackContext, outs: readonly AttackOutcome[]): void {
  const preview = rs.previewAttack(a, d, option, ctx);
  for (const out of outs) checkOutcome(id, { out, attacker: a, defender: d, option, ctx, preview }, true);
}

describe('tags where the rules put them', () => {
  it.each(EDITIONS)('Pixel Dungeon (%s): a surprise attack on a sleeping gnoll scout; none on one that is hunting and sees it coming', (edition) => {
    const rs = getRuleset('pixel-dungeon', content, edition);
    const hero = view(rs, 1, 'berserker', 0);
    const sleeping = view(rs, 2, 'gnoll-scout', 1, { mode: 'sleeping', unaware: true });
    const outs = rolls(rs, hero, sleeping, MELEE, ctxOf(), 20, 'surprise');
    checkAll('pixel-dungeon', rs, hero, sleeping, MELEE, ctxOf(), outs);
    for (const o of outs) {
      expect(o.blows).toHaveLength(1);
      expect(o.blows[0]?.tags).toEqual(['surprise']);
    }
    expect(outs.some((o) => o.summary.includes('(surprise!)'))).toBe(true);
    const hunting = view(rs, 2, 'gnoll-scout', 1, { mode: 'hunting' });
    for (const o of rolls(rs, hero, hunting, MELEE, ctxOf(), 20, 'aware')) expect(o.blows[0]?.tags).toEqual([]);
  });

  it.each(EDITIONS)('Angband (%s): the hero\'s criticals are tagged exactly when the summary reports them; a monster\'s cut or stun critical too', (edition) => {
    const rs = getRuleset('angband-3.0.5', content, edition);
    const hero = view(rs, 1, 'half-troll-warrior', 0);
    const uruk = view(rs, 2, 'uruk', 1, { mode: 'hunting', hp: 999 });
    const outs = rolls(rs, hero, uruk, MELEE, ctxOf(), 40, 'crit');
    checkAll('angband-3.0.5', rs, hero, uruk, MELEE, ctxOf(), outs);
    expect(tagged(outs, 'critical').length).toBeGreaterThan(0);
    for (const o of outs) {
      const crits = o.blows.filter((b) => b.tags.includes('critical')).length;
      // "for 57, good, great criticals": one name per critical blow.
      const named = /, ([^,]+(?:, [^,]+)*) criticals?\.$/.exec(o.summary)?.[1]?.split(', ').length ?? 0;
      expect(crits, o.summary).toBe(named);
    }
    // A minotaur's butts stun; a stun critical is tagged, and "stunned" appears only with one.
    const mino = view(rs, 3, 'minotaur', 1, { mode: 'hunting' });
    const target = view(rs, 4, 'warrior', 0, { hp: 999 });
    const theirs = rolls(rs, mino, target, MELEE, ctxOf(), 60, 'stun');
    checkAll('angband-3.0.5', rs, mino, target, MELEE, ctxOf(), theirs);
    expect(tagged(theirs, 'critical').length).toBeGreaterThan(0);
    for (const o of theirs) expect(o.summary.includes('stunned'), o.summary).toBe(o.blows.some((b) => b.tags.includes('critical')));
  });

  it('Angband: a slay on every hit of a Holy Avenger against an undead mummy, a brand on a Flame Tongue\'s, neither on a miss nor against an immune monster', () => {
    const rs = getRuleset('angband-3.0.5', content, 'spoiler');
    const paladin = view(rs, 1, 'dunadan-paladin', 0);
    const mummy = view(rs, 2, 'mummified-human', 1, { mode: 'hunting', hp: 999 });
    const outs = rolls(rs, paladin, mummy, MELEE, ctxOf(), 20, 'slay');
    checkAll('angband-3.0.5', rs, paladin, mummy, MELEE, ctxOf(), outs);
    for (const b of outs.flatMap((o) => o.blows)) expect(b.tags.includes('slay')).toBe(b.hit);
    expect(tagged(outs, 'slay').length).toBeGreaterThan(0);
    // The warrior's sword made a Flame Tongue: a brand on an uruk, nothing on a fire giant (immune to fire).
    const warrior = view(rs, 3, 'warrior', 0);
    const gear = structuredClone(warrior.rules['gear']) as { weapon: { magic: Record<string, unknown> } };
    gear.weapon.magic = { ...gear.weapon.magic, ego: 'flame' };
    const flame = { ...warrior, rules: { ...warrior.rules, gear } } as FighterView;
    const uruk = view(rs, 4, 'uruk', 1, { mode: 'hunting', hp: 999 });
    const burnt = rolls(rs, flame, uruk, MELEE, ctxOf(), 20, 'brand');
    checkAll('angband-3.0.5', rs, flame, uruk, MELEE, ctxOf(), burnt);
    for (const b of burnt.flatMap((o) => o.blows)) expect(b.tags.filter((x) => x !== 'critical')).toEqual(b.hit ? ['brand'] : []);
    expect(tagged(burnt, 'brand').length).toBeGreaterThan(0);
    const giant = view(rs, 5, 'fire-giant', 1, { mode: 'hunting', hp: 999 });
    expect(tagged(rolls(rs, flame, giant, MELEE, ctxOf(), 10, 'immune'), 'brand')).toEqual([]);
  });

  it('Angband: a hero too afraid to attack throws no blow', () => {
    const rs = getRuleset('angband-3.0.5', content, 'spoiler');
    const hero = view(rs, 1, 'warrior', 0, { statuses: [{ kind: 'afraid', level: 10 }] });
    const uruk = view(rs, 2, 'uruk', 1, { mode: 'hunting' });
    const out = rs.resolveAttack(new NullTracer(new Stream('combat', 'afraid')), hero, uruk, MELEE, ctxOf({ luck: true }));
    expect(out.summary).toMatch(/too afraid/);
    expect(out.blows).toEqual([]);
  });

  it.each(EDITIONS)('Stone Soup (%s): a stab on a sleeping orc warrior when it lands; shield blocks both ways', (edition) => {
    const rs = getRuleset('stone-soup-0.5.2', content, edition);
    const assassin = view(rs, 1, 'halfling-assassin', 0);
    const sleeping = view(rs, 2, 'orc-warrior', 1, { mode: 'sleeping', unaware: true, hp: 999 });
    const outs = rolls(rs, assassin, sleeping, MELEE, ctxOf(), 30, 'stab');
    checkAll('stone-soup-0.5.2', rs, assassin, sleeping, MELEE, ctxOf(), outs);
    expect(tagged(outs, 'stab').length).toBeGreaterThan(0);
    // The stab's words open the summary whenever the stab roll succeeds; the tag needs the blow to land too.
    for (const o of outs) expect(o.blows[0]?.tags.includes('stab'), o.summary).toBe(o.blows[0]?.hit === true && /^[^.!]*(fails to defend|from behind|off-guard|off guard|blind spot|sleeping monster)/.test(o.summary));
    const hunting = view(rs, 2, 'orc-warrior', 1, { mode: 'hunting', hp: 999 });
    expect(tagged(rolls(rs, assassin, hunting, MELEE, ctxOf(), 20, 'no-stab'), 'stab')).toEqual([]);
    // The vault guard's shield stops some of a dwarf's blows; the dwarf's large shield some of the guard's.
    const dwarf = view(rs, 3, 'mountain-dwarf-fighter', 0, { hp: 999 });
    const guard = view(rs, 4, 'vault-guard', 1, { mode: 'hunting', hp: 999, rules: { shield: { item: 'large-shield', plus: 0 } } });
    const mine = rolls(rs, dwarf, guard, MELEE, ctxOf(), 60, 'block');
    checkAll('stone-soup-0.5.2', rs, dwarf, guard, MELEE, ctxOf(), mine);
    expect(tagged(mine, 'blocked').length).toBeGreaterThan(0);
    for (const o of mine) if (o.blows[0]?.tags.includes('blocked')) expect(o.summary).toMatch(/blocks/);
    const theirs = rolls(rs, guard, dwarf, MELEE, ctxOf(), 60, 'block');
    checkAll('stone-soup-0.5.2', rs, guard, dwarf, MELEE, ctxOf(), theirs);
    expect(tagged(theirs, 'blocked').length).toBeGreaterThan(0);
    for (const o of theirs) expect(o.blows.some((b) => b.tags.includes('blocked')), o.summary).toBe(/blocked/.test(o.summary));
  });

  it.each(EDITIONS)('Crawl and Stone Soup (%s): an ice beast form\'s freezing brand on the hero\'s hits; an ice beast\'s cold on its own', (edition) => {
    const rs = getRuleset('crawl-4.0b20', content, edition);
    const beast = view(rs, 1, 'human-transmuter', 0, { options: { form: 'ice-beast' } });
    const hound = view(rs, 2, 'hound', 1, { mode: 'hunting', hp: 999 });
    const outs = rolls(rs, beast, hound, MELEE, ctxOf(), 30, 'freeze');
    checkAll('crawl-4.0b20', rs, beast, hound, MELEE, ctxOf(), outs);
    expect(tagged(outs, 'brand').length).toBeGreaterThan(0);
    for (const o of outs) expect(o.blows[0]?.tags.includes('brand'), o.summary).toBe(/freezes for/.test(o.summary));
    const ss = getRuleset('stone-soup-0.5.2', content, edition);
    const iceBeast = view(ss, 3, 'ice-beast', 1, { mode: 'hunting' });
    const mage = view(ss, 4, 'deep-elf-ice-mage', 0, { hp: 999 });
    const theirs = rolls(ss, iceBeast, mage, MELEE, ctxOf(), 30, 'cold');
    checkAll('stone-soup-0.5.2', ss, iceBeast, mage, MELEE, ctxOf(), theirs);
    expect(tagged(theirs, 'brand').length).toBeGreaterThan(0);
    for (const o of theirs) expect(o.blows.some((b) => b.tags.includes('brand')), o.summary).toBe(/frozen for/.test(o.summary));
  });

  it('Crawl (source): a fumble in water and a monster splashing around throw no blow', () => {
    const rs = getRuleset('crawl-4.0b20', content, 'source');
    const hero = view(rs, 1, 'minotaur-fighter', 0);
    const orc = view(rs, 2, 'orc-warrior', 1, { mode: 'hunting', hp: 999 });
    const wet = ctxOf({ attackerTerrain: Terrain.Water, defenderTerrain: Terrain.Water });
    const mine = rolls(rs, hero, orc, MELEE, wet, 40, 'fumble');
    const theirs = rolls(rs, orc, hero, MELEE, wet, 40, 'splash');
    const fumbles = mine.filter((o) => /fumble/.test(o.summary));
    const splashes = theirs.filter((o) => /splashes/.test(o.summary));
    expect(fumbles.length).toBeGreaterThan(0);
    expect(splashes.length).toBeGreaterThan(0);
    for (const o of [...fumbles, ...splashes]) expect(o.blows).toEqual([]);
    checkAll('crawl-4.0b20', rs, hero, orc, MELEE, wet, mine);
    // A blow that is made was not fumbled: its chance is the preview's (which counts the fumble) over 1 - P(fumble).
    const made = mine.find((o) => o.blows.length > 0)?.blows[0]?.hitChance;
    const dry = rs.previewAttack(hero, orc, MELEE, ctxOf()).hit;
    expect(made && made.compare(dry) === 0).toBe(true);
    checkAll('crawl-4.0b20', rs, orc, hero, MELEE, wet, theirs);
  });
});

// --- Each blow's law and hit chance against every roll ------------------------------------

/**
 * Runs the attack over every roll sequence with the meter on and checks each blow's reported law
 * and hit chance against what the rolls do: among the sequences in which blow i came after the
 * same earlier blows and was given the same law and chance, its damage follows that law and it
 * lands with that chance. (A law worked out from what was rolled before the blow passes this
 * whatever finer history it depends on.)
 */
function checkBlowsAgainstRolls({ rs, attacker, defender, option, ctx }: OneAttack, maxLeaves = 400_000): number {
  const leaves = enumerateRolls((rng) => rs.resolveAttack(new NullTracer(rng), attacker, defender, option, { ...ctx, luck: true }).blows, maxLeaves);
  const groups = new Map<string, { law: Distribution; hitChance: Fraction; total: Fraction; hit: Fraction; damage: Map<number, Fraction> }>();
  for (const { prob, value: blows } of leaves) {
    blows.forEach((b, i) => {
      const before = blows.slice(0, i).map((x) => `${x.hit ? 'h' : x.tags.includes('blocked') ? 'b' : 'm'}${x.damage}`).join(',');
      const law = b.law as Distribution;
      const hitChance = b.hitChance as Fraction;
      const key = `${i}|${before}|${law.toString()}|${hitChance.toString()}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { law, hitChance, total: Fraction.ZERO, hit: Fraction.ZERO, damage: new Map() }));
      g.total = g.total.add(prob);
      if (b.hit) g.hit = g.hit.add(prob);
      g.damage.set(b.damage, (g.damage.get(b.damage) ?? Fraction.ZERO).add(prob));
    });
  }
  for (const [key, g] of groups) {
    expectFrac(g.hit.div(g.total), g.hitChance);
    const got = Object.fromEntries([...g.damage].map(([v, p]) => [v, p.div(g.total).toString()]));
    const want = Object.fromEntries(g.law.entries().map(([v, p]) => [v, p.toString()]));
    expect(got, key).toEqual(want);
  }
  return groups.size;
}

describe('each blow\'s law and hit chance against every roll', () => {
  it.each(EDITIONS)('Pixel Dungeon (%s): a surprise attack on a sleeping gnoll scout and a shaman\'s lightning on a paralysed warrior', (edition) => {
    expect(checkBlowsAgainstRolls(pdSurpriseAttack(content, edition))).toBe(1);
    checkBlowsAgainstRolls(pdLightning(content, edition));
  });

  // A hero's weapon blows roll criticals out of thousands, too many sequences to enumerate; bare
  // hands (one blow, no critical) can be, and a round's blows all share one law.
  it.each(EDITIONS)('Angband (%s): a bare-handed blow on a kobold, seen and unseen', (edition) => {
    const bare = angBareHanded(content, edition);
    expect(checkBlowsAgainstRolls(bare)).toBe(1);
    expect(checkBlowsAgainstRolls({ ...bare, ctx: { ...bare.ctx, visible: false } })).toBe(1);
  });

  it('Angband: two acid blows on armour worn to its last point (the second blow\'s law depends on the slot the first hit)', () => {
    const acid = angAcidOnWornArmour(content, 40);
    const laws = new Set<string>();
    const outs = rolls(acid.rs, acid.attacker, acid.defender, acid.option, acid.ctx, 200, 'acid');
    for (const o of outs) for (const b of o.blows.slice(1)) laws.add(b.law?.toString() ?? '');
    // After a first blow wore the body armour away the second meets less armour: two laws.
    expect(laws.size).toBe(2);
    checkBlowsAgainstRolls(acid);
  });

  it.each(EDITIONS)('Crawl 4.0 (%s): a rat\'s bite on a paralysed, clumsy hero', (edition) => {
    checkBlowsAgainstRolls(crawlRatOnStillHero(content, edition));
  });

  // A hero's attack with second attacks runs to millions of sequences; these have none (no
  // unarmed skill opens the gate, or the goblin dies), so the main blow's law is checked alone.
  it('Crawl 4.0 (spoiler): a halfling thief\'s dagger on a goblin of 2 hit points', () => {
    checkBlowsAgainstRolls(crawlDaggerOnGoblin(content, 2));
  });

  // A monster's shield block draws from too wide a range to enumerate a hero's attack on it; with
  // no second attack possible, the main blow's law must be the whole attack's (itself checked
  // against every roll in luck-laws.test.ts).
  it.each(EDITIONS)('Stone Soup (%s): a blow on a rat with a shield (blocked, missed or landing) is the whole attack', (edition) => {
    const rs = getRuleset('stone-soup-0.5.2', content, edition);
    const hero = view(rs, 1, 'halfling-assassin', 0, { rules: { skills: {}, jewellery: [], hunger: 6000 } });
    const rat = view(rs, 2, 'rat', 1, { mode: 'hunting', hp: 2, rules: { shield: { item: 'large-shield', plus: 0 } } });
    const outs = rolls(rs, hero, rat, MELEE, ctxOf(), 40, 'rat-shield');
    checkAll('stone-soup-0.5.2', rs, hero, rat, MELEE, ctxOf(), outs);
    expect(tagged(outs, 'blocked').length).toBeGreaterThan(0);
    for (const o of outs) {
      expect(o.blows).toHaveLength(1);
      expect(o.blows[0]?.law?.equals(o.luck?.law as Distribution)).toBe(true);
    }
  });

  it('Stone Soup (spoiler): a clay golem\'s two blows on a paralysed hero of 6 hit points', () => {
    expect(checkBlowsAgainstRolls(ssGolemOnStillHero(content))).toBeGreaterThan(1);
  });
});
