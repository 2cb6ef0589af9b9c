/**
 * The luck meter's damage laws (AttackOutcome.luck): every ruleset, both editions, both
 * directions. In real duels every attack's law is an exact distribution (its probabilities sum to
 * exactly 1), the damage dealt is in its support and is what the duel applies, and the law gives
 * that damage at least the probability of the exact outcome reported; Pixel Dungeon's law has the
 * preview's expected damage. For simple cases the law is checked against every roll, and the
 * meter never changes a duel.
 */
import { type DuelCase, EDITIONS, MELEE, type OneAttack, angAcidOnWornArmour, angBareHanded, caseSetup, ctxOf, damageTo, crawlDaggerOnGoblin, crawlRatOnStillHero, pdLightning, pdSurpriseAttack, ssGolemOnStillHero, sumOf, view, watchAttacks } from '../support/attack-cases.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Distribution } from '../../src/core/distribution.js';
import { Fraction } from '../../src/core/fraction.js';
import { lawAsNumbers } from '../../src/core/luck.js';
import { NullTracer } from '../../src/core/trace.js';
import { Duel, type DuelSetup } from '../../src/game/duel.js';
import { auxDamageTotalLaw, planClassicAux as planAux, rollAux } from '../../src/rules/crawl-family/aux.js';
import { elementalLaw, rollSpecial, withSpecialLaw } from '../../src/rules/crawl-family/monster-melee.js';
import type { Defender } from '../../src/rules/crawl4b20/monster-melee.js';
import { type CrBrandInfo, brandDamageLaw, rollBrand } from '../../src/rules/crawl-family/brands.js';
import { attacksLaw, missOrHit } from '../../src/rules/common.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { AttackOutcome } from '../../src/rules/ruleset.js';
import { F, exactLaw, expectFrac } from '../support/odds.js';
import { char as crChar, target as crTarget } from './crawl4b20/helpers.js';

const content = loadContent();



/** Enumerated law against the ruleset's: the same values with the same probabilities. */
function expectSameLaw(got: ReadonlyMap<string | number, Fraction>, law: Distribution): void {
  const mine = new Map(law.entries().map(([v, p]) => [v, p.toString()]));
  const theirs = new Map([...got].map(([v, p]) => [Number(v), p.toString()]));
  expect(Object.fromEntries(theirs)).toEqual(Object.fromEntries(mine));
}

const CASES: readonly DuelCase[] = [
  { ruleset: 'pixel-dungeon', hero: 'warrior', foe: 'gnoll-scout' },
  { ruleset: 'pixel-dungeon', hero: 'huntress', foe: 'vampire-bat', foeState: 'hunting' },
  { ruleset: 'pixel-dungeon', hero: 'mage', foe: 'gnoll-shaman', heroOptions: { level: 8 }, foeState: 'hunting', arena: 'hall' },
  { ruleset: 'pixel-dungeon', hero: 'sniper', foe: 'scorpio', arena: 'hall' },
  { ruleset: 'pixel-dungeon', hero: 'rogue', foe: 'crazy-thief', foeState: 'hunting' },
  { ruleset: 'pixel-dungeon', hero: 'assassin', foe: 'dwarf-monk' },
  { ruleset: 'angband-3.0.5', hero: 'warrior', foe: 'uruk', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'warrior', foe: 'invisible-stalker', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'elf-ranger', foe: 'olog', foeState: 'hunting', arena: 'hall' },
  { ruleset: 'angband-3.0.5', hero: 'gnome-mage', foe: 'green-naga', heroOptions: { level: 1 }, foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'dwarf-priest', foe: 'gelatinous-cube', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'half-troll-warrior', foe: 'drolem', foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'gnome-mage', foe: 'purple-worm', heroOptions: { level: 30 }, foeState: 'hunting' },
  { ruleset: 'angband-3.0.5', hero: 'warrior', foe: 'fire-giant', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'minotaur-fighter', foe: 'orc-warrior', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'troll-monk', foe: 'yak', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'elf-assassin', foe: 'goblin' },
  { ruleset: 'crawl-4.0b20', hero: 'merfolk-gladiator', foe: 'ghoul', foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'kenku-wanderer', foe: 'killer-bee', heroOptions: { 'stat-system': 'classic' } },
  { ruleset: 'crawl-4.0b20', hero: 'human-transmuter', foe: 'hound', heroOptions: { form: 'ice-beast' }, foeState: 'hunting' },
  { ruleset: 'crawl-4.0b20', hero: 'human-transmuter', foe: 'orc', heroOptions: { form: 'lich' }, foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'halfling-assassin', foe: 'orc-warrior' },
  { ruleset: 'stone-soup-0.5.2', hero: 'mountain-dwarf-fighter', foe: 'vault-guard', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'minotaur-fighter', foe: 'naga-warrior', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'deep-elf-ice-mage', foe: 'ice-beast', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'spriggan-stalker', foe: 'wight' },
  { ruleset: 'stone-soup-0.5.2', hero: 'ogre-brute', foe: 'troll', foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'earth-elementalist', foe: 'deep-elf-fighter', heroOptions: { form: 'lich', weapon: 'none' }, foeState: 'hunting' },
  { ruleset: 'stone-soup-0.5.2', hero: 'deep-elf-ice-mage', foe: 'hound', heroOptions: { form: 'ice-beast' }, foeState: 'hunting' },
  // Brands come with an unarmed form's attack (lich: draining; ice beast: freezing); this orc starts asleep.
  { ruleset: 'stone-soup-0.5.2', hero: 'earth-elementalist', foe: 'orc', heroOptions: { form: 'lich', weapon: 'none' } },
];

interface Resolved {
  readonly out: AttackOutcome;
  readonly attacker: 0 | 1;
  readonly defender: number;
  /** previewAttack's expected damage for the same attack, worked out before it was resolved. */
  readonly expected: Fraction;
  readonly kind: string;
}

/** Plays a duel with the luck meter on, keeping every outcome resolveAttack returned. */
function playWatched(setup: DuelSetup): { duel: Duel; resolved: Resolved[] } {
  const { duel, kept } = watchAttacks(setup, content, true, ({ attacker: a, defender: d, option, ctx, preview, out }) => {
    expect(ctx.luck).toBe(true);
    const kind = `${a.fighter.kind}:${option.kind}${option.id.includes(':') ? `:${option.id.split(':')[0]}` : ''}`;
    return { out, attacker: a.fighter.side === 0 ? 0 : 1, defender: d.id, expected: preview.expected, kind } as const;
  });
  return { duel, resolved: kept };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(CASES.flatMap((c) => EDITIONS.map((e) => [c.ruleset, c.hero, c.foe, e, c] as const)))('%s: %s against %s (%s)', (id, _hero, _foe, edition, c) => {
  it('every attack of a duel carries an exact law that gives its damage at least the odds of its outcome', () => {
    const sides = new Set<number>();
    for (const seed of ['luck-1', 'luck-2']) {
      const { duel, resolved } = playWatched(caseSetup(c, edition, seed));
      const samples = duel.luck ?? [];
      expect(samples).toHaveLength(resolved.length);
      resolved.forEach(({ out, attacker, defender, expected, kind }, i) => {
        const luck = out.luck;
        if (!luck) throw new Error(`${kind}: no law (${out.summary})`);
        sides.add(attacker);
        expectFrac(sumOf(luck.law), F(1));
        expect(luck.law.min).toBeGreaterThanOrEqual(0);
        // The damage dealt is what the duel applies, a value the law allows.
        expect(luck.dealt, out.summary).toBe(damageTo(out.effects, defender));
        const p = luck.law.prob(luck.dealt);
        expect(p.num > 0n, `${out.summary}: ${luck.dealt} outside ${luck.law.toString()}`).toBe(true);
        expect(p.compare(out.odds), `${out.summary}: P(${luck.dealt}) = ${p.toString()} < odds ${out.odds.toString()}`).toBeGreaterThanOrEqual(0);
        if (id === 'pixel-dungeon') expectFrac(luck.law.mean(), expected);
        // Angband: a blow's law is the preview's, less what a death or acid on armour takes away.
        if (id === 'angband-3.0.5') expect(luck.law.mean().compare(expected)).toBeLessThanOrEqual(0);
        const s = samples[i];
        expect(s?.side).toBe(attacker);
        expect(s?.dealt).toBe(luck.dealt);
        expect(s?.law).toEqual(lawAsNumbers(luck.law));
      });
    }
    expect(sides.size).toBeGreaterThan(0);
  });
});

describe('both directions', () => {
  it.each([...new Set(CASES.map((c) => c.ruleset))])('%s: heroes and monsters both leave laws, in both editions', (id) => {
    for (const edition of EDITIONS) {
      const sides = new Set<number>();
      for (const c of CASES.filter((x) => x.ruleset === id)) {
        const duel = new Duel(caseSetup(c, edition, 'luck-1'), content, { tracing: false, luck: true });
        for (let i = 0; i < 5000 && duel.step().kind === 'turn'; i++);
        for (const s of duel.luck ?? []) sides.add(s.side);
      }
      expect([...sides].sort()).toEqual([0, 1]);
    }
  });
});

describe('the meter never changes a duel', () => {
  it.each(CASES.filter((_, i) => i % 3 === 0).flatMap((c) => EDITIONS.map((e) => [c.ruleset, c.hero, c.foe, e, c] as const)))('%s: %s against %s (%s): the same hashes and draws with and without it', (_id, _h, _f, edition, c) => {
    const run = (luck: boolean, tracing: boolean) => {
      const duel = new Duel(caseSetup(c, edition, 'same'), content, { tracing, luck });
      const turns: { hash: string; draws: unknown }[] = [];
      for (let i = 0; i < 5000; i++) {
        const r = duel.step();
        if (r.kind !== 'turn') break;
        turns.push({ hash: r.record.hash, draws: r.record.draws });
      }
      return { turns, end: duel.stateHash(), samples: duel.luck?.length ?? -1 };
    };
    const off = run(false, false);
    const on = run(true, false);
    const traced = run(true, true);
    expect(on.turns).toEqual(off.turns);
    expect(traced.turns).toEqual(off.turns);
    expect(on.end).toBe(off.end);
    expect(off.samples).toBe(-1);
    expect(on.samples).toBeGreaterThan(0);
  });
});

// --- Views for whole attacks enumerated roll by roll ----------------------------------------



/**
 * The law of the damage `resolveAttack` deals, over every roll (the meter off, so the enumeration
 * does not work the law out at each leaf), against the law it reports with the meter on.
 */
function checkAgainstRolls({ rs, attacker: a, defender: d, option, ctx }: OneAttack, maxLeaves = 3_000_000): Distribution {
  const got = exactLaw((t) => damageTo(rs.resolveAttack(t, a, d, option, { ...ctx }).effects, d.id), (v) => v, maxLeaves);
  // Any roll will do for the law: it does not depend on them.
  const out = rs.resolveAttack(new NullTracer({ int: () => 0 }), a, d, option, { ...ctx, luck: true });
  if (!out.luck) throw new Error('no law');
  expectSameLaw(got, out.luck.law);
  return out.luck.law;
}

/** The expected damage previewAttack gives for the attack. */
const previewed = ({ rs, attacker, defender, option, ctx }: OneAttack): Fraction => rs.previewAttack(attacker, defender, option, ctx).expected;

describe('each ruleset\'s law against every roll', () => {
  it.each(EDITIONS)('Pixel Dungeon (%s): a surprise attack on a sleeping gnoll scout, and a gnoll shaman\'s lightning', (edition) => {
    const surprise = pdSurpriseAttack(content, edition);
    expectFrac(checkAgainstRolls(surprise).mean(), previewed(surprise));
    checkAgainstRolls(pdLightning(content, edition));
  });

  it.each(EDITIONS)('Angband (%s): a bare-handed blow', (edition) => {
    const bare = angBareHanded(content, edition);
    expectFrac(checkAgainstRolls(bare).mean(), previewed(bare));
  });

  it('Angband: two acid blows meet the armour in a random slot, wear it away, and stop once the hero is dead', () => {
    // A weak two-blow acid monster: only the sure hits land, so every roll can be enumerated.
    for (const hp of [1, 40]) {
      const law = checkAgainstRolls(angAcidOnWornArmour(content, hp));
      // A hero of 1 hit point outlives a first blow of 1 (halved, or rolled) and takes the second; one of 2 ends the round.
      expect(law.max).toBe(hp === 1 ? 3 : 4);
    }
  });

  it('Crawl 4.0 (spoiler): a halfling thief\'s dagger on a goblin, whole and nearly dead (the second attacks stop at a kill)', () => {
    checkAgainstRolls(crawlDaggerOnGoblin(content));
    checkAgainstRolls(crawlDaggerOnGoblin(content, 2));
  });

  it.each(EDITIONS)('Crawl 4.0 (%s): a rat\'s bite on a paralysed, unarmoured, clumsy hero', (edition) => {
    checkAgainstRolls(crawlRatOnStillHero(content, edition));
  });

  it('Stone Soup (spoiler): a clay golem\'s two blows on a paralysed, unarmoured hero, stopping once the hero is dead', () => {
    const law = checkAgainstRolls(ssGolemOnStillHero(content));
    expect(law.max).toBeGreaterThan(11);
  });

  it('Stone Soup (source): a rat\'s bite on a paralysed, unarmoured hero', () => {
    const rs = getRuleset('stone-soup-0.5.2', content, 'source');
    const rat = view(rs, 3, 'rat', 1, { mode: 'hunting' });
    const still = view(rs, 4, 'ogre-brute', 0, { options: { armour: 'none' }, statuses: [{ kind: 'paralysis', level: 3 }], hp: 6 });
    checkAgainstRolls({ rs, attacker: rat, defender: still, option: MELEE, ctx: ctxOf() });
  });
});

describe('the parts of the laws against their rolls', () => {
  it('attacksLaw: state-dependent attacks stopping at a death, against enumeration', () => {
    // Each attack: blocked (1/3 at first, 1/2 after a block), else 1d3 damage; stops once 4 or more is dealt.
    const roll = (t: { roll(lo: number, hi: number, label: string): number }) => {
      let total = 0;
      let blocks = 0;
      for (let i = 0; i < 3 && total < 4; i++) {
        if (t.roll(0, blocks ? 1 : 2, 'block') === 0) blocks++;
        else total += t.roll(1, 3, 'damage');
      }
      return total;
    };
    const law = attacksLaw(
      3,
      (_i, blocks) => [
        { p: F(1, blocks ? 2 : 3), damage: Distribution.constant(0), state: blocks + 1 },
        { p: F(1, blocks ? 2 : 3).complement(), damage: Distribution.uniform(1, 3) },
      ],
      (total) => total < 4,
    );
    expectSameLaw(exactLaw((t) => roll(t), (v) => v), law);
    expectSameLaw(new Map([[0, F(1, 4)], [5, F(3, 4)]]), missOrHit(F(3, 4), Distribution.constant(5)));
  });

  it('brandDamageLaw: every brand against rollBrand, for several damages and targets', () => {
    const brands = ['flaming', 'freezing', 'holy-wrath', 'electrocution', 'orc-slaying', 'venom', 'draining', 'vorpal', 'vampiricism', 'disruption', 'pain', 'confuse'];
    const targets = [crTarget(5, 2), crTarget(5, 2, { holiness: 'undead', resists: ['cold'], vulnerable: ['fire'] }), crTarget(5, 2, { holiness: 'demonic', orc: true, flies: true }), crTarget(5, 2, { vulnerable: ['cold'], resists: ['fire', 'elec'] })];
    for (const brand of brands) {
      for (const target of targets) {
        for (const dmg of [0, 3]) {
          // Electrocution's spark depends on neither the damage nor (beyond flying and resisting) the target.
          if (brand === 'electrocution' && (dmg > 0 || target !== targets[0])) continue;
          const b: CrBrandInfo = { brand, target, necromancy: 3 };
          // Each roll's extra damage and what draining takes, enumerated once.
          const rolls = exactLaw((t) => {
            const r = rollBrand(t, b, dmg, true);
            return JSON.stringify([r.extra, r.drain?.hp ?? 0]);
          }, (v) => v);
          const taken = (scale: number) => {
            const out = new Map<number, Fraction>();
            for (const [k, p] of rolls) {
              const [extra, drain] = JSON.parse(String(k)) as [number, number];
              const v = scale * extra + drain;
              out.set(v, (out.get(v) ?? Fraction.ZERO).add(p));
            }
            return out;
          };
          expectSameLaw(taken(1), brandDamageLaw(b, dmg));
          // The seed's stab multiplies the extra damage, not what draining takes.
          expectSameLaw(taken(2), brandDamageLaw(b, dmg, (x) => 2 * x));
        }
      }
    }
  });

  it.each(EDITIONS)('auxDamageTotalLaw (%s): the second attacks\' total against rollAux, gate open or shut, a kill ending them', (edition) => {
    const specs: [Parameters<typeof crChar>[0], boolean][] = [
      [{ skills: { 'unarmed-combat': 3, fighting: 1 } }, true],
      [{ skills: { 'unarmed-combat': 3, fighting: 1 } }, false],
      [{ species: 'centaur' }, false],
      [{ form: 'dragon' }, true],
    ];
    for (const [spec, gate] of specs) {
      const p = planAux(crChar(spec), crTarget(14, 2), edition);
      for (const hp of [1, 6]) {
        const got = exactLaw((t) => rollAux(t, p, gate, hp).reduce((n, e) => n + e.damage, 0), (v) => v, 3_000_000);
        expectSameLaw(got, auxDamageTotalLaw(p, gate, hp));
      }
    }
  });

  it('a cold or fire monster\'s extra damage follows a damaging hit (rollSpecial and withSpecialLaw)', () => {
    const d: Defender = { ev: 1, dex: 1, sh: 0, ac: 0, heavyPerc: null, seesAttacker: true, paralysed: false, blocks: 0, resist: { fire: -1, cold: 1, poison: false }, undead: false };
    for (const kind of ['cold', 'fire'] as const) {
      const k = kind === 'cold' ? 1 : -1;
      const s = { kind } as Parameters<typeof rollSpecial>[1];
      expectSameLaw(exactLaw((t) => rollSpecial(t, s, 3, 2, d).extra, (v) => v), elementalLaw(kind, 3, k));
      const hit = Distribution.uniform(0, 2);
      const both = exactLaw((t) => {
        const x = t.roll(0, 2, 'damage');
        return x > 0 ? x + rollSpecial(t, s, 3, x, d).extra : x;
      }, (v) => v);
      expectSameLaw(both, withSpecialLaw(hit, s, 3, d));
    }
    expect(withSpecialLaw(Distribution.constant(2), undefined, 3, d).equals(Distribution.constant(2))).toBe(true);
  });
});
