/**
 * The converter of Angband 3.0.5's monster.txt (src/dev/convert-angband-monsters.ts): each line
 * kind it reads, each mistake it refuses with the line, and the file it writes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { monsterId, monstersFile, monstersText, parseMonsterText } from '../../src/dev/convert-angband-monsters.js';

// Two records in the file's own format (numbers as the game writes them), with a description
// line the converter must leave out.
const SAMPLE = `# comment
V:3.0.5
N:0:<player>
G:@:w
N:29:Jackal
G:C:U
I:110:1d4:10:3:10
W:1:1:0:1
B:BITE:HURT:1d3
F:ANIMAL | FRIENDS
D:A yapping dog.
N:77:Novice mage
G:p:r
I:110:6d4:20:6:10
W:6:2:0:6
B:HIT:HURT:1d7
B:MOAN
F:MALE | FRIENDS
S:1_IN_4 | CONF | BLINK
N:38:Novice mage
G:p:r
I:110:3d4:20:6:10
W:2:1:0:6
B:HIT:HURT:1d4
S:1_IN_12 | BLINK
`;

describe('parseMonsterText', () => {
  const ms = parseMonsterText(SAMPLE);
  it('reads every line kind and leaves out the player and the descriptions', () => {
    expect(ms.map((m) => m.id)).toEqual(['jackal', 'novice-mage-6', 'novice-mage-2']);
    expect(ms[0]).toEqual({
      id: 'jackal', name: 'Jackal', glyph: 'C', colour: 'brown', level: 1, rarity: 1, speed: 110, hp: '1d4', vision: 10, ac: 3, sleep: 10, exp: 1,
      blows: [{ method: 'bite', effect: 'hurt', dice: '1d3' }], flags: ['animal', 'friends'], spellFreq: 0, spells: [],
    });
    expect(ms[1]?.blows[1]).toEqual({ method: 'moan', effect: 'none', dice: '0d0' });
    expect([ms[1]?.spellFreq, ms[1]?.spells]).toEqual([4, ['conf', 'blink']]);
  });
  it.each([
    ['N:1:x\nG:xy:w', /:2: the glyph is not one character/],
    ['N:1:x\nG:x:q', /:2: unknown colour letter "q"/],
    ['N:1:x\nG:x:w\nI:110:d4:1:1:1', /:3: hit dice are not XdY/],
    ['N:1:x\nG:x:w\nI:110:1d4:1:1:1\nW:a:1:0:1', /:4: level is not a whole number/],
    ['N:1:x\nG:x:w\nI:110:1d4:1:1:1\nS:BLINK', /x has spells but no 1_IN_ frequency/],
    ['N:1:x\nG:x:w\nI:110:1d4:1:1:1\nS:1_IN_2 | SING', /x has a spell the game does not define: sing/],
    ['N:1:x\nG:x:w\nI:110:1d4:1:1:1\nS:1_IN_0', /a spell frequency outside 1_IN_1\.\.1_IN_100/],
    ['N:1:x\nQ:1', /:2: unknown line kind "Q"/],
    ['G:x:w\nI:110:1d4:1:1:1', /:2: a line before the first monster/],
    ['N:1:x\nG:x:w', /x has no G: or I: line/],
  ])('refuses %j', (text, why) => {
    expect(() => parseMonsterText(text)).toThrow(why);
  });
  it('makes ids of lower-case words', () => {
    expect(monsterId("Grip, Farmer Maggot's Dog")).toBe('grip-farmer-maggot-s-dog');
    expect(monsterId('11-headed hydra')).toBe('11-headed-hydra');
  });
});

describe('the file it writes', () => {
  it('records the repository, tag, path and commit, and adds only our own lines', () => {
    const f = monstersFile(parseMonsterText(SAMPLE), 'a'.repeat(40), { jackal: 'Our line.' });
    expect(f['source']).toMatch(/angband\/angband tag v3\.0\.5, lib\/edit\/monster\.txt at commit a{40}/);
    expect((f.records[0] as { description?: string }).description).toBe('Our line.');
    expect(() => monstersFile(parseMonsterText(SAMPLE), 'a'.repeat(40), { wolf: 'x' })).toThrow(/no monster with id wolf/);
  });
  it('is the committed data file, byte for byte, in its one-monster-a-line layout', () => {
    const text = readFileSync(new URL('../../data/angband-3.0.5/monsters.json', import.meta.url), 'utf8');
    const file = JSON.parse(text) as { records: object[] } & Record<string, unknown>;
    expect(monstersText(file)).toBe(text);
    expect(file.records).toHaveLength(616);
    expect(String(file['source'])).toMatch(/tag v3\.0\.5, lib\/edit\/monster\.txt at commit 454e99f8a52e3f81d10fee484517b54979b58314/);
  });
});
