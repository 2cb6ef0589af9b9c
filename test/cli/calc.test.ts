import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calcReport, CalcInputError, formatReport } from '../../src/rules/angband305/calc-input.js';
import { loadContent } from '../../src/content/index.js';
import type { CalcReport } from '../../src/rules/angband305/calc.js';
import { arena, removeTempDirs, type Run, STACK_FRAME } from './run.js';

/**
 * `arena calc`: the numbers it reports (worked out by hand from the seed and the game), its JSON
 * and its table, and its refusals of bad specs.
 */

afterAll(removeTempDirs);

const content = loadContent();
const base = { edition: 'spoiler', distance: 1, visibility: 'auto' } as const;

/** A level-20 human warrior, STR 18/50 DEX 18/20, with a plain dagger. */
const WARRIOR = JSON.stringify({ class: 'warrior', race: 'human', level: 20, stats: { str: '18/50', dex: '18/20' }, weapon: { item: 'dagger' } });

describe('the numbers (in-process)', () => {
  it('the dagger warrior against the Drolem: 4 blows, skill 172, and the hit chance of each edition', () => {
    const spoiler = calcReport(content, { ...base, attacker: WARRIOR, defender: 'drolem' });
    // Blows: ASB 70 x 5 / max(12, 30) = 11.67 -> SWI 11; DEX 18/20 is row 2; the table gives 4.
    expect(spoiler.attacker.blows).toMatchObject({ blows: 4, asb: 70, swi: 11, dexRow: 2, natural: 4, extra: 0 });
    // Skill: 70 + 4.5 x 20 = 160, + 3 x (STR +1, DEX +3) = 172.
    expect(spoiler.attacker.melee).toMatchObject({ baseSkill: 160, bonus: 4, skill: 172 });
    // 1/20 + 9/10 x (172 - 97.5) / 172.
    expect(spoiler.melee.hit.fraction).toBe('1513/3440');
    const source = calcReport(content, { ...base, edition: 'source', attacker: WARRIOR, defender: 'drolem' });
    // The game truncates 3/4 of 130 to 97.
    expect(source.melee.hit.fraction).toBe('761/1720');
    // A dagger: 1d4 plus STR 18/50 (+3): 4 to 7, and criticals make more.
    expect(spoiler.melee.perBlow.min).toBe(4);
    expect(spoiler.melee.critical?.power).toBe(12 + 5 * 4 + 3 * 20);
  });
  it('an inline defender: AC and flags, and who can see it', () => {
    const r = calcReport(content, { ...base, attacker: WARRIOR, defender: '{"name":"ghost","ac":30,"flags":["invisible","undead","evil"]}' });
    expect(r.defender).toEqual({ name: 'ghost', ac: 30, flags: ['invisible', 'undead', 'evil'], visible: false, distance: 1 });
    const seen = calcReport(content, { ...base, attacker: WARRIOR, defender: '{"ac":30,"flags":["invisible"]}', visibility: 'seen' });
    expect(seen.defender.visible).toBe(true);
  });
  it('shots: the ranger preset fires 3 arrows a turn at 33 1/3 energy (spoiler) or 33 (source)', () => {
    const r = calcReport(content, { ...base, attacker: 'elf-ranger', defender: 'snaga', distance: 4 });
    expect(r.attacker.shooting).toMatchObject({ shots: 3, multiplier: 3, energyPerShot: 33.3333, range: 25 });
    const arrow = r.missiles.find((m) => m.item === 'Arrow (+2,+3)');
    expect(arrow?.kind).toBe('fire');
    expect(arrow?.perTurn).toBe(3);
    expect(calcReport(content, { ...base, edition: 'source', attacker: 'elf-ranger', defender: 'snaga' }).attacker.shooting?.energyPerShot).toBe(33);
    // Slay Evil arrows against an evil orc.
    expect(r.missiles.find((m) => m.item.includes('of Slay Evil'))?.slay).toBe('Slay Evil x2');
  });
  it('effects: blessing, heroism, berserk strength and stun change the bonus', () => {
    const plain = calcReport(content, { ...base, attacker: WARRIOR, defender: 'drolem' }).attacker.melee.bonus;
    const boosted = JSON.stringify({ ...JSON.parse(WARRIOR), effects: { blessed: true, hero: true, berserk: true, stun: 60 } });
    expect(calcReport(content, { ...base, attacker: boosted, defender: 'drolem' }).attacker.melee.bonus).toBe(plain + 10 + 12 + 24 - 20);
  });
  it('presets can be changed: a null slot empties it', () => {
    const r = calcReport(content, { ...base, attacker: '{"preset":"warrior","weapon":null,"bow":null}', defender: 'jackal' });
    expect(r.attacker.melee.weapon).toBe('bare hands');
    expect(r.attacker.shooting).toBeNull();
    expect(r.melee.critical).toBeNull();
  });
  it('the table shows every section', () => {
    const text = formatReport(calcReport(content, { ...base, attacker: 'warrior', defender: 'uruk' }));
    for (const s of ['Attacker: Warrior (Human Warrior 10)', 'melee skill', 'Defender: Uruk, AC 50', 'Melee', 'hit chance per blow', 'damage per round', 'Fire: Iron Shot', 'Throw: Flask of oil', 'breaks']) {
      expect(text).toContain(s);
    }
  });
  it.each([
    ['an unknown preset', { attacker: 'paladin' }, /^--attacker: unknown hero preset "paladin"; choose one of: warrior, /],
    ['a spec without a race', { attacker: '{"class":"mage"}' }, /^--attacker: \$\.race: give a race/],
    ['a bad stat', { attacker: '{"class":"mage","race":"elf","stats":{"dex":"18/x"}}' }, /^--attacker: \$\.stats\.dex: "18\/x" is not a stat/],
    ['an item in the wrong slot', { attacker: '{"class":"mage","race":"elf","bow":{"item":"dagger"}}' }, /^--attacker: \$\.bow\.item: "dagger" is a weapon item; this slot takes launcher/],
    ['an unknown key', { attacker: '{"class":"mage","race":"elf","wings":2}' }, /^--attacker: \$: Unrecognized key.*"wings"/],
    ['broken JSON', { attacker: '{"class": "mage",' }, /^--attacker: \$: .*\(column \d+\)$/],
    ['a repeated key', { attacker: '{"class":"mage","class":"rogue"}' }, /^--attacker: .*class/],
    ['an unknown monster', { defender: 'balrog' }, /^--defender: unknown monster "balrog"; did you mean lesser-balrog, the-balrog-of-moria, lungorthin-the-balrog-of-white-fire, gothmog-the-high-captain-of-balrogs, greater-balrog\? \(arena list foes --ruleset angband-3\.0\.5 --search "balrog" lists the matches\)$/],
    ['a monster id no id contains', { defender: 'zzz' }, /^--defender: unknown monster "zzz"; no monster id contains it \(arena list foes --ruleset angband-3\.0\.5 lists all 616\)$/],
    ['a defender without AC', { defender: '{"name":"x"}' }, /^--defender: \$\.ac: give an armour class/],
  ])('refuses %s, naming the option and the JSON path', (_name, o, message) => {
    let caught: unknown;
    try {
      calcReport(content, { ...base, attacker: 'warrior', defender: 'uruk', ...o });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CalcInputError);
    expect((caught as Error).message).toMatch(message);
  });
});

describe('arena calc (spawned)', () => {
  let json: Run;
  let table: Run;
  let bad: Run;
  let other: Run;
  let distance: Run;
  beforeAll(async () => {
    [json, table, bad, other, distance] = await Promise.all([
      arena(['calc', 'angband-3.0.5', '--attacker', WARRIOR, '--defender', 'drolem', '--json']),
      arena(['calc', 'angband-3.0.5', '--edition', 'source', '--attacker', 'half-troll-warrior', '--defender', 'drolem']),
      arena(['calc', 'angband-3.0.5', '--attacker', '{"class":"warrior","race":"human","level":99}', '--defender', 'drolem']),
      arena(['calc', 'nethack', '--attacker', 'warrior', '--defender', 'rat']),
      arena(['calc', 'angband-3.0.5', '--attacker', 'warrior', '--defender', 'rat', '--distance', '0']),
    ]);
  });
  it('--json prints the report', () => {
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as CalcReport;
    expect(r.melee.hit.fraction).toBe('1513/3440');
    expect(r.attacker.blows.blows).toBe(4);
  });
  it('the table, source edition', () => {
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Angband 3\.0\.5 calculator, source edition\n/);
    expect(table.stdout).toContain('Execute Dragon x5');
  });
  it('bad input: exit 2 and one line naming the option and path, no stack trace', () => {
    for (const r of [bad, other, distance]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(STACK_FRAME);
    }
    expect(bad.stderr).toMatch(/^arena: --attacker: \$\.level: /);
    expect(other.stderr).toMatch(/^arena: calc: unknown ruleset "nethack"; the calculator covers pixel-dungeon, angband-3\.0\.5, crawl-4\.0b20 and stone-soup-0\.5\.2$/m);
    expect(distance.stderr).toMatch(/^arena: --distance: must be a whole number from 1 to 40/);
  });
});

describe('arena calc crawl-4.0b20', () => {
  it('in-process: derived numbers and exact odds (hand-worked stats) for a preset against a monster', async () => {
    const { crawlCalcReport } = await import('../../src/rules/crawl4b20/calc-input.js');
    const r = crawlCalcReport(content, { attacker: 'minotaur-fighter', defender: 'orc-warrior', edition: 'source' });
    // Minotaur Str 18 Dex 10, hand axe (weight 6): damage 18 + (-4 x 4) / 10 = 17; accuracy 10 + (4 x 6) / 10 = 12.
    expect([r.attacker.strWeight, r.attacker.damageStat, r.attacker.accuracyStat]).toEqual([6, 17, 12]);
    // Scale mail (-2) at armour 5: -2 + 5 / 3 = -1; the heavy-armour cut -2 x 14 / 10 = -2 outweighs dodging 3 / 2 = 1, so adds nothing: EV 9.
    expect(r.attacker.ev).toBe(9);
    expect(r.melee.hit.fraction).toMatch(/^\d+\/\d+$/);
    expect(r.melee.timePerAttack).toBe(11);
    expect(r.monster.attacks).toEqual([20]);
    const classic = crawlCalcReport(content, { attacker: JSON.stringify({ preset: 'minotaur-fighter', statSystem: 'classic' }), defender: 'orc-warrior', edition: 'source' });
    expect([classic.attacker.damageStat, classic.attacker.accuracyStat, classic.attacker.strWeight]).toEqual([18, 10, null]);
  });
  it('spawned: a table, JSON, and one-line refusals naming the path', async () => {
    const [table, json, bad] = await Promise.all([
      arena(['calc', 'crawl-4.0b20', '--attacker', 'troll-monk', '--defender', 'yak']),
      arena(['calc', 'crawl-4.0b20', '--attacker', 'elf-assassin', '--defender', '{"monster":"goblin","state":"sleeping"}', '--json']),
      arena(['calc', 'crawl-4.0b20', '--attacker', '{"species":"troll","skills":{"fighting":30}}', '--defender', 'yak']),
    ]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/against the yak/);
    const report = JSON.parse(json.stdout) as { melee: { stab: { fraction: string } } };
    expect(report.melee.stab.fraction).toBe('1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^arena: --attacker: \$\.skills\.fighting: /);
    expect(bad.stderr).not.toMatch(STACK_FRAME);
  });
});
