import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { Fraction } from '../../src/core/fraction.js';
import { RngStreams } from '../../src/core/rng.js';
import { NullTracer } from '../../src/core/trace.js';
import type { PdCalcAttack, PdCalcFigures } from '../../src/rules/pixeldungeon/calc.js';
import { pixelDungeonCalcReport } from '../../src/rules/pixeldungeon/calc-input.js';
import { CalcInputError } from '../../src/rules/calc-input.js';
import type { Edition } from '../../src/rules/edition.js';
import { getRuleset } from '../../src/rules/registry.js';
import type { FighterView } from '../../src/rules/ruleset.js';
import { EDITIONS, ctxOf, view } from '../support/attack-cases.js';
import { arena } from './run.js';

/**
 * `arena calc pixel-dungeon`: every law against the one the duel's own resolveAttack gives for
 * the same attack between fighters the ruleset built (the law the luck meter and the exchange
 * model read, itself checked against every roll in test/rules/luck-laws.test.ts).
 */

const content = loadContent();
const HERO = 0;
const FOE = 1;

const frac = (s: string): Fraction => {
  const [n, d] = s.split('/');
  return Fraction.of(BigInt(n as string), BigInt(d ?? '1'));
};

/** The law of the damage one attack deals, misses as 0, from the report's hit chance and law on a hit. */
function reportedLaw(f: PdCalcFigures): Map<number, string> {
  const hit = frac(f.hit.fraction);
  const out = new Map<number, Fraction>([[0, Fraction.ONE.sub(hit)]]);
  for (const { damage, chance } of f.law) out.set(damage, (out.get(damage) ?? Fraction.ZERO).add(hit.mul(frac(chance))));
  return new Map([...out].filter(([, p]) => !p.equals(Fraction.ZERO)).map(([k, p]) => [k, p.toString()]));
}

/** The same law as the duel has it: the law its resolveAttack reports for the attack between fighters the ruleset built. */
function duelLaw(edition: Edition, attacker: FighterView, defender: FighterView, optionId: string, distance: number): Map<number, string> {
  const rs = getRuleset('pixel-dungeon', content, edition);
  const option = rs.attackOptions(attacker).find((o) => o.id === optionId);
  if (!option) throw new Error(`no option ${optionId}`);
  const out = rs.resolveAttack(new NullTracer(new RngStreams('calc-test').combat), attacker, defender, option, { ...ctxOf({ distance }), luck: true });
  if (!out.luck) throw new Error('no law');
  return new Map(out.luck.law.entries().filter(([, p]) => !p.equals(Fraction.ZERO)).map(([k, p]) => [k, p.toString()]));
}

const heroOption = (a: PdCalcAttack, rsViews: { pack: readonly { item: string }[] }, names: Map<string, string>): string => {
  if (a.kind === 'melee') return 'melee';
  const id = [...names].find(([, n]) => a.attack === n || a.attack.startsWith(`${n} +`))?.[0];
  if (!id || !rsViews.pack.some((s) => s.item === id)) throw new Error(`no item for ${a.attack}`);
  return `${a.kind === 'wand' ? 'zap' : 'throw'}:${id}`;
};
const MONSTER_OPTION: Record<string, string> = { melee: 'melee', sting: 'ranged', lightning: 'spell:lightning', 'shadow bolt': 'spell:shadow-bolt' };

const names = new Map<string, string>([...content.pixelDungeon.missileWeapons.map((m) => [m.id, m.name] as const), ...content.pixelDungeon.wands.map((w) => [w.id, w.name] as const)]);

describe('arena calc pixel-dungeon against the duel\'s own laws', () => {
  const cases: [string, string][] = [
    ['warrior', 'gnoll-scout'],
    ['mage', 'gnoll-shaman'],
    ['assassin', 'rat'],
    ['sniper', 'scorpio'],
    ['huntress', 'dwarf-warlock'],
    ['berserker', 'golem'],
  ];
  for (const edition of EDITIONS) {
    it.each(cases)(`${edition}: %s against the %s, both ways, aware and surprised, at every distance`, (heroId, foeId) => {
      const r = pixelDungeonCalcReport(content, { attacker: heroId, defender: foeId, edition, distance: 2 });
      const rs = getRuleset('pixel-dungeon', content, edition);
      const hero = view(rs, 1, heroId, HERO);
      const unawareHero = view(rs, 1, heroId, HERO, { unaware: true });
      const foe = view(rs, 2, foeId, FOE, { mode: 'hunting' });
      const asleep = view(rs, 2, foeId, FOE, { mode: 'sleeping', unaware: true });
      expect(r.hero.length).toBeGreaterThan(1);
      for (const a of r.hero) {
        const id = heroOption(a, hero.inventory!, names);
        expect(reportedLaw(a.aware), `${a.attack} at ${a.distance}`).toEqual(duelLaw(edition, hero, foe, id, a.distance));
        expect(reportedLaw(a.surprised), `${a.attack} at ${a.distance}, surprised`).toEqual(duelLaw(edition, hero, asleep, id, a.distance));
        expect(a.surprised.surprise).toBe('asleep');
        expect(a.turns * 1000).toBe(rs.attackCost(hero, rs.attackOptions(hero).find((o) => o.id === id)!, 0));
      }
      expect(r.monster.length).toBeGreaterThan(0);
      for (const a of r.monster) {
        const id = MONSTER_OPTION[a.attack] as string;
        expect(reportedLaw(a.aware), `${a.attack} at ${a.distance}`).toEqual(duelLaw(edition, foe, hero, id, a.distance));
        expect(reportedLaw(a.surprised), `${a.attack} at ${a.distance}, unseen`).toEqual(duelLaw(edition, foe, unawareHero, id, a.distance));
        expect(a.turns * 1000).toBe(rs.attackCost(foe, rs.attackOptions(foe).find((o) => o.id === id)!, 0));
      }
    });
  }

  it('covers every thrown weapon and wand carried, at each distance up to --distance; melee only adjacent', () => {
    const r = pixelDungeonCalcReport(content, { attacker: 'veteran', defender: 'gnoll-shaman', edition: 'source', distance: 4 });
    expect(r.hero.map((a) => `${a.attack}@${a.distance}`)).toEqual(['sword@1', ...['tomahawk', 'dart'].flatMap((m) => [1, 2, 3, 4].map((d) => `${m}@${d}`))]);
    expect(r.monster.map((a) => `${a.attack}@${a.distance}`)).toEqual(['melee@1', 'lightning@2', 'lightning@3', 'lightning@4']);
    // The game halves a throw's accuracy at an adjacent target (source edition): adjacent darts hit less often.
    const dart = r.hero.filter((a) => a.attack === 'dart');
    expect(dart[0]!.aware.hit.percent).toBeLessThan(dart[1]!.aware.hit.percent);
    expect(dart[1]!.aware.hit).toEqual(dart[3]!.aware.hit);
  });

  it('takes a hero as JSON, an enraged brute, and refuses bad specs naming the path', () => {
    const r = pixelDungeonCalcReport(content, { attacker: '{"class":"warrior","level":5,"weapon":"mace","armour":null,"pack":[{"item":"wand-of-magic-missile","level":2}]}', defender: '{"monster":"gnoll-brute","enraged":true}', edition: 'spoiler', distance: 2 });
    expect(r.attacker).toMatchObject({ class: 'Warrior', level: 5, weapon: 'mace', armour: 'none', armourValue: 0 });
    expect(r.hero.map((a) => a.attack)).toEqual(['mace', 'wand of magic missile +2', 'wand of magic missile +2']);
    const brute = content.pixelDungeon.monsters.find((m) => m.id === 'gnoll-brute')!;
    const enrage = brute.abilities.find((a) => a.kind === 'enrage')!;
    // No armour on the hero: the damage on a hit is the enraged range itself.
    expect(r.monster[0]!.aware.damage).toMatchObject({ min: (enrage as { readonly damage: readonly [number, number] }).damage[0], max: (enrage as { readonly damage: readonly [number, number] }).damage[1] });
    const refuse = (attacker: string, defender = 'rat') => {
      try {
        pixelDungeonCalcReport(content, { attacker, defender, edition: 'spoiler', distance: 1 });
      } catch (e) {
        expect(e).toBeInstanceOf(CalcInputError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refuse('paladin')).toMatch(/^--attacker: unknown hero preset "paladin"; choose one of: warrior, /);
    expect(refuse('{"level":3}')).toBe('--attacker: $.class: give a class (or a preset)');
    expect(refuse('{"class":"mage","subclass":"sniper"}')).toMatch(/^--attacker: \$\.subclass: a Mage cannot be a sniper/);
    expect(refuse('{"class":"rogue","pack":[{"item":"cake"}]}')).toMatch(/^--attacker: \$\.pack\[0\]\.item: unknown item "cake"/);
    expect(refuse('{"class":"rogue","wings":1}')).toMatch(/^--attacker: \$: Unrecognized key/);
    expect(refuse('warrior', 'dragon')).toMatch(/^--defender: unknown monster "dragon"; choose one of: rat, /);
    expect(refuse('warrior', '{"monster":"rat","enraged":true}')).toMatch(/^--defender: \$\.enraged: the .*rat never becomes enraged$/);
  });
});

describe('arena calc pixel-dungeon on the command line', () => {
  it('prints the table and the JSON', async () => {
    const [text, json] = await Promise.all([
      arena(['calc', 'pixel-dungeon', '--attacker', 'mage', '--defender', 'gnoll-scout', '--distance', '2']),
      arena(['calc', 'pixel-dungeon', '--attacker', 'mage', '--defender', 'gnoll-scout', '--distance', '2', '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Pixel Dungeon 1.9.1 calculator, spoiler edition');
    expect(text.stdout).toMatch(/^ {2}wand of magic missile +2 /m);
    const r = JSON.parse(json.stdout) as { ruleset: string; hero: PdCalcAttack[] };
    expect(r.ruleset).toBe('pixel-dungeon');
    expect(r.hero.map((a) => a.kind)).toEqual(['melee', 'wand', 'wand']);
  });

  it('reports an unknown ruleset before missing options, and missing options by name', async () => {
    const [unknown, missing, one] = await Promise.all([arena(['calc', 'nethack']), arena(['calc', 'pixel-dungeon']), arena(['calc', 'angband-3.0.5', '--attacker', 'warrior'])]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^arena: calc: unknown ruleset "nethack"; the calculator covers pixel-dungeon, angband-3\.0\.5, crawl-4\.0b20 and stone-soup-0\.5\.2\n$/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('arena: calc pixel-dungeon: give --attacker and --defender (arena calc --help)\n');
    expect(one.stderr).toBe('arena: calc angband-3.0.5: give --defender (arena calc --help)\n');
  });
});
