/**
 * The rules each game of the Crawl family supplies through its variant, and the random rules
 * written once: each one's law checked against every roll of its traced and untraced readings
 * (exactLaw runs both and fails if they draw or give differently).
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/index.js';
import { Distribution } from '../../../src/core/distribution.js';
import { CrCatalogue } from '../../../src/rules/crawl-family/catalogue.js';
import type { CrCharacter } from '../../../src/rules/crawl-family/character.js';
import { type CrBrandInfo, brandMean, rollBrand } from '../../../src/rules/crawl-family/brands.js';
import { heavyLaw, rollHeavy } from '../../../src/rules/crawl-family/melee.js';
import { planMonster } from '../../../src/rules/crawl-family/monster-melee.js';
import { NO_SS_EFFECTS } from '../../../src/rules/crawl-family/states.js';
import type { CrItemSpec, CrSkill } from '../../../src/rules/crawl-family/types.js';
import { b20HitRule, planMain } from '../../../src/rules/crawl4b20/melee.js';
import { b20NoticeChance, b20NoticeRule } from '../../../src/rules/crawl4b20/noticing.js';
import type { Edition } from '../../../src/rules/edition.js';
import { monsterHitChance, monsterToHit, pastEvRule } from '../../../src/rules/stonesoup052/defence.js';
import { ssHitRule } from '../../../src/rules/stonesoup052/melee.js';
import { noticeChance, noticeRule } from '../../../src/rules/stonesoup052/stealth.js';
import { rollSsShieldDelay, ssMonsterAttackTime, ssShieldDelayLaw } from '../../../src/rules/stonesoup052/time.js';
import { F, exactLaw, expectFrac } from '../../support/odds.js';
import { char, target } from '../crawl4b20/helpers.js';

const EDITIONS: Edition[] = ['spoiler', 'source'];
const content = loadContent();
const ssCat = new CrCatalogue(content.stoneSoup);

function ssChar(skills: Partial<Record<CrSkill, number>>, armour: CrItemSpec[]): CrCharacter {
  const sheet = { species: 'human', level: 5, statSystem: 'new' as const, str: 12, int: 10, dex: 12, skills, mutations: {}, weapon: null, armour, jewellery: [] };
  return ssCat.character(sheet, null, { might: 0, invisible: 0, confusingTouch: 0, sureBlade: 0, hunger: 6000, inWater: false, ss: NO_SS_EFFECTS }, 0);
}

/** The law a rule gives, and what enumerating every roll of it gives, as text. */
function sameLaw(law: Distribution, roll: Parameters<typeof exactLaw<number>>[0]): void {
  const got = exactLaw(roll, (v) => v);
  expect(new Map([...got].map(([v, p]) => [Number(v), p.toString()]))).toEqual(new Map(law.entries().map(([v, p]) => [v, p.toString()])));
}

describe('heavy armour, written once (2.3)', () => {
  it.each([
    ['a shield', { armour: [{ item: 'shield' }], weapon: { item: 'mace' }, skills: { shields: 2 } }],
    ['a large shield', { armour: [{ item: 'large-shield' }], weapon: { item: 'mace' }, skills: { shields: 5 } }],
    ['plate mail, bare hands', { armour: [{ item: 'plate-mail' }], skills: { armour: 4 } }],
    ['a large shield and scale mail', { armour: [{ item: 'large-shield' }, { item: 'scale-mail' }], weapon: { item: 'mace' }, skills: { shields: 9, armour: 2 } }],
  ] as const)('%s: the law is every roll (both editions)', (_name, spec) => {
    for (const e of EDITIONS) {
      const p = planMain(char({ ...spec, armour: [...spec.armour], skills: { ...spec.skills } }), target(10, 0), e);
      sameLaw(heavyLaw(p), (t) => rollHeavy(t, p));
    }
  });
});

describe('the hit tests of each game, given the final to-hit', () => {
  const law = Distribution.uniform(0, 14);
  it.each([
    ['Crawl 4.0, seed', () => b20HitRule(7, false, 3, 'spoiler')],
    ['Crawl 4.0, code, a monster slowed to a stop', () => b20HitRule(7, true, 3, 'source')],
    ['Stone Soup, seed, helpless', () => ssHitRule(7, 'helpless', 3, 'spoiler')],
    ['Stone Soup, code, petrifying', () => ssHitRule(7, 'petrifying', 3, 'source')],
    ['Stone Soup, code, alert', () => ssHitRule(7, null, 3, 'source')],
  ] as const)('%s: the chance over a to-hit law is the chance given each to-hit, and each is every roll', (_name, make) => {
    const rule = make();
    let sum = F(0);
    for (const [v, p] of law.entries()) {
      const got = exactLaw((t) => (rule.roll(t, v) ? 1 : 0), (x) => x);
      expectFrac(got.get(1) ?? F(0), rule.given(v));
      sum = sum.add(p.mul(rule.given(v)));
    }
    expectFrac(rule.chance(law), sum);
  });
});

describe('Stone Soup: the shield delay and a monster\'s weapon energy, written once', () => {
  it.each([['large-shield', 0], ['large-shield', 12], ['shield', 5], ['buckler', 3]] as const)('the delay of a %s at shields %i', (item, shields) => {
    const c = ssChar({ shields }, [{ item }]);
    sameLaw(ssShieldDelayLaw(c), (t) => rollSsShieldDelay(t, c));
  });
  it('a two-attack monster with a slow weapon: the expectation is the mean of every roll', () => {
    const axe = content.stoneSoup.weapons.find((w) => w.id === 'executioners-axe') ?? content.stoneSoup.weapons[0];
    if (!axe) throw new Error('no weapon');
    const plan = planMonster(8, [10, 6], { def: axe, plus: 0, plus2: 0, orcish: false }, false);
    const got = exactLaw((t) => ssMonsterAttackTime(plan, axe.speed, 'source', 'x', t), (v) => v);
    let mean = F(0);
    for (const [v, p] of got) mean = mean.add(p.mul(F(Number(v))));
    expect(ssMonsterAttackTime(plan, axe.speed, 'source', 'x')).toBe(Math.round(mean.toNumber()));
  });
});

describe('noticing, written once', () => {
  it.each([
    [12, 40, false], [0, 40, false], [39, 40, false], [60, 40, false], [5, 0, false], [12, 40, true], [-3, 40, false],
  ] as const)('Stone Soup: awareness %i against stealth %i (berserk %s), both editions', (a, s, berserk) => {
    for (const e of EDITIONS) {
      const got = exactLaw((t) => noticeRule(a, s, e, berserk).roll(t), (v) => v);
      expectFrac(got.get(1) ?? F(0), noticeChance(a, s, e, berserk));
    }
  });
  it.each([[12, 40], [0, 40], [39, 40], [60, 40], [5, 0]] as const)('Crawl 4.0: awareness %i against stealth %i', (a, s) => {
    const got = exactLaw((t) => b20NoticeRule({ a, s }).roll(t), (v) => v);
    expectFrac(got.get(1) ?? F(0), b20NoticeChance({ a, s }));
    if (s > 0) expectFrac(b20NoticeChance({ a, s }), F(Math.min(a + 1, s), s));
  });
});

describe('Stone Soup: a monster\'s attack past EV, written once', () => {
  it.each([
    [4, false, false, 6], [4, true, false, 6], [4, false, true, 9], [2, true, true, 0], [1, false, false, -2],
  ] as const)('HD %i (glowing hero %s, unseen %s) against EV %i, both editions', (hd, backlit, unseen, ev) => {
    for (const e of EDITIONS) {
      const m = monsterToHit(hd, false, 0, false, backlit, unseen, e);
      const rule = pastEvRule(m, ev, e);
      const got = exactLaw((t) => rule.roll(t), (v) => v);
      expectFrac(got.get(1) ?? F(0), monsterHitChance(m, ev, e));
    }
  });
  it('the seed\'s 1d(to-hit) > EV', () => {
    const m = monsterToHit(4, false, 0, false, false, false, 'spoiler');
    expectFrac(monsterHitChance(m, 6, 'spoiler'), F(m.value - 6, m.value));
  });
});

describe('brands, written once (3.1 l)', () => {
  const brands = ['flaming', 'freezing', 'holy-wrath', 'electrocution', 'orc-slaying', 'venom', 'draining', 'vorpal', 'vampiricism', 'disruption', 'pain', 'confuse', 'none'];
  const targets = [target(5, 2), target(5, 2, { holiness: 'undead', resists: ['cold'], vulnerable: ['fire'] }), target(5, 2, { holiness: 'demonic', orc: true, flies: true })];
  it.each(brands)('%s: the probability each roll reports is the share of every roll that did the same, and the mean is theirs', (brand) => {
    for (const tg of targets) {
      for (const dmg of brand === 'electrocution' ? [2] : [0, 1, 4]) {
        const b: CrBrandInfo = { brand, target: tg, necromancy: 2 };
        const reported = new Map<string, string>();
        const got = exactLaw((t) => {
          const { p, ...rest } = rollBrand(t, b, dmg, true);
          const key = JSON.stringify(rest);
          reported.set(key, p.toString());
          return key;
        }, (v) => v);
        expect(new Map([...got].map(([k, p]) => [String(k), p.toString()]))).toEqual(reported);
        let mean = F(0);
        for (const [k, p] of got) mean = mean.add(p.mul(F((JSON.parse(String(k)) as { extra: number }).extra)));
        expectFrac(brandMean(b, Distribution.constant(dmg)), mean);
      }
    }
  });
});
