import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { TempData, expectDataError, removeTempData } from './temp-data.js';

/**
 * The Angband tables: what the real files hold, and each kind of rejection in a private copy,
 * naming the file and the JSON path.
 */

afterAll(removeTempData);

const ANG = 'data/angband-3.0.5';
type Rec = Record<string, unknown>;

describe('the real Angband tables', () => {
  const t = loadContent().angband;
  it('six classes, eleven races, and at least twenty monsters with the Drolem among them', () => {
    expect(t.classes.map((c) => c.id)).toEqual(['warrior', 'mage', 'priest', 'rogue', 'ranger', 'paladin']);
    expect(t.races).toHaveLength(11);
    expect(t.monsters.length).toBeGreaterThanOrEqual(20);
    expect(t.monsters.find((m) => m.id === 'drolem')).toMatchObject({ ac: 130, hp: '25d100', speed: 120 });
  });
  it('the monsters cover every slay and brand (with and without each immunity), invisibility, speed and a spread of AC', () => {
    const has = (f: string) => t.monsters.some((m) => (m.flags as readonly string[]).includes(f));
    const lacks = (f: string) => t.monsters.some((m) => !(m.flags as readonly string[]).includes(f));
    for (const f of ['evil', 'animal', 'undead', 'demon', 'orc', 'troll', 'giant', 'dragon', 'invisible']) expect(has(f), f).toBe(true);
    for (const f of ['im-acid', 'im-elec', 'im-fire', 'im-cold', 'im-pois']) expect(has(f) && lacks(f), f).toBe(true);
    expect(t.monsters.some((m) => m.speed > 110) && t.monsters.some((m) => m.speed < 110)).toBe(true);
    const acs = new Set(t.monsters.map((m) => Math.floor(m.ac / 25)));
    expect(acs.size).toBeGreaterThanOrEqual(5);
  });
  it('every ego power, launcher and ammunition kind is used by the data the calculator offers', () => {
    expect(t.launchers.map((l) => l.id)).toEqual(['sling', 'short-bow', 'long-bow', 'light-crossbow', 'heavy-crossbow']);
    expect(new Set(t.ammo.map((a) => a.ammo))).toEqual(new Set(['shot', 'arrow', 'bolt']));
    const slays = new Set(t.egos.flatMap((e) => e.slays.map((s) => (s.kind === 'brand' ? `brand:${s.element}` : `${s.kind}:${s.against}`))));
    for (const s of ['slay:evil', 'slay:animal', 'slay:undead', 'slay:demon', 'slay:orc', 'slay:troll', 'slay:giant', 'slay:dragon', 'kill:undead', 'kill:demon', 'kill:dragon']) expect(slays.has(s), s).toBe(true);
    for (const b of ['acid', 'elec', 'fire', 'cold', 'poison']) expect(slays.has(`brand:${b}`), b).toBe(true);
  });
});

describe('Angband rejections', () => {
  it('a stat the game cannot write', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      ((t.records[0] as Rec)['stats'] as Rec)['str'] = '19';
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[0].stats.str', /a stat is 3 to 18, or "18\/xx"/);
  });
  it('dice with a bonus where Angband has none', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/melee-weapons.json', (t) => {
      (t.records[2] as Rec)['dice'] = '1d6+1';
    });
    expectDataError(d, `${ANG}/melee-weapons.json`, '$.records[2].dice', /Angband dice have no bonus/);
  });
  it('a hero of an unknown race', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[1] as Rec)['race'] = 'ent';
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[1].race', /unknown race "ent" \(races\.json has human, half-elf/);
  });
  it('a launcher in the weapon slot', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['weapon'] = { item: 'long-bow' };
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[0].weapon.item', /"long-bow" is a launcher item; this slot takes weapon/);
  });
  it('an ego on an item it does not come on, and a pval out of range', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['bow'] = { item: 'long-bow', ego: 'buckland', pval: 1 };
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[0].bow.ego', /"of Buckland" does not apply to long-bow \(only sling\)/);
    const e = new TempData();
    e.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['weapon'] = { item: 'dagger', ego: 'extra-attacks', pval: 3 };
    });
    expectDataError(e, `${ANG}/heroes.json`, '$.records[0].weapon.pval', /the pval of "of Extra Attacks" is 1 to 2/);
  });
  it('magic an item cannot carry (a Ring of Accuracy with to-dam)', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['worn'] = [{ item: 'ring-of-accuracy', toHit: 5, toDam: 5 }];
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[0].worn[0].toDam', /ring-of-accuracy cannot carry toDam/);
  });
  it('an item id used in two item tables', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/ammo.json', (t) => {
      (t.records[0] as Rec)['id'] = 'dagger';
    });
    expectDataError(d, `${ANG}/ammo.json`, '$.records[0].id', /item id "dagger" is already used in data\/angband-3\.0\.5\/melee-weapons\.json/);
  });
  it('a monster flag, blow effect or spell the game does not have', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/monsters.json', (t) => {
      (t.records[0] as Rec)['flags'] = ['animal', 'pass-time'];
    });
    // A long list of allowed values is counted, not listed; the value given is quoted.
    expectDataError(d, `${ANG}/monsters.json`, '$.records[0].flags[1]', /^"pass-time" is not one of the 83 allowed values$/);
    const typo = new TempData();
    typo.editJson('angband-3.0.5/monsters.json', (t) => {
      (t.records[0] as Rec)['flags'] = ['animal', 'pass-wal'];
    });
    expectDataError(typo, `${ANG}/monsters.json`, '$.records[0].flags[1]', /^"pass-wal" is not one of the 83 allowed values; did you mean "pass-wall"\?$/);
    const e = new TempData();
    e.editJson('angband-3.0.5/monsters.json', (t) => {
      (t.records[0] as Rec)['blows'] = [{ method: 'gaze', effect: 'sing', dice: '1d4' }];
    });
    expectDataError(e, `${ANG}/monsters.json`, '$.records[0].blows[0].effect', /^"sing" is not one of the 30 allowed values$/);
    const f = new TempData();
    f.editJson('angband-3.0.5/monsters.json', (t) => {
      (t.records[0] as Rec)['spells'] = ['blink', 'br-fudge'];
    });
    expectDataError(f, `${ANG}/monsters.json`, '$.records[0].spells[1]', /^"br-fudge" is not one of the 84 allowed values$/);
  });
  it('an ego limited to an item that does not exist', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/egos.json', (t) => {
      const buckland = t.records.find((r) => r['id'] === 'buckland') as Rec;
      buckland['only'] = ['slingshot'];
    });
    const i = (JSON.parse(d.read('angband-3.0.5/egos.json')) as { records: Rec[] }).records.findIndex((r) => r['id'] === 'buckland');
    expectDataError(d, `${ANG}/egos.json`, `$.records[${i}].only[0]`, /unknown item "slingshot"/);
  });
  it('a flag the game does not have, and a flag listed twice', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/races.json', (t) => {
      (t.records[0] as Rec)['flags'] = ['RES_TIME'];
    });
    expectDataError(d, `${ANG}/races.json`, '$.records[0].flags[0]', /^"RES_TIME" is not one of the 30 allowed values; did you mean "RES_FIRE", "RES_LITE"\?$/);
    const typo = new TempData();
    typo.editJson('angband-3.0.5/races.json', (t) => {
      (t.records[0] as Rec)['flags'] = ['RES_FRE'];
    });
    expectDataError(typo, `${ANG}/races.json`, '$.records[0].flags[0]', /^"RES_FRE" is not one of the 30 allowed values; did you mean "RES_FIRE"\?$/);
    const e = new TempData();
    e.editJson('angband-3.0.5/jewellery.json', (t) => {
      (t.records[0] as Rec)['flags'] = ['RES_FIRE', 'FREE_ACT', 'RES_FIRE'];
    });
    expectDataError(e, `${ANG}/jewellery.json`, '$.records[0].flags[2]', /the flag RES_FIRE is listed twice/);
  });
  it('an armour ego on dragon scale mail, and a helm ego on a crown', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['body'] = { item: 'red-dragon-scale-mail', ego: 'resistance-armour' };
    });
    expectDataError(d, `${ANG}/heroes.json`, '$.records[0].body.ego', /"of Resistance" does not apply to red-dragon-scale-mail/);
    const e = new TempData();
    e.editJson('angband-3.0.5/heroes.json', (t) => {
      (t.records[0] as Rec)['worn'] = [{ item: 'iron-crown', ego: 'light' }];
    });
    expectDataError(e, `${ANG}/heroes.json`, '$.records[0].worn[0].ego', /"of Light" does not apply to iron-crown \(only hard-leather-cap, metal-cap, iron-helm, steel-helm\)/);
  });
  it('a temporary resistance to an element the game has none of', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/consumables.json', (t) => {
      (t.records.find((r) => r['id'] === 'potion-of-resist-heat') as Rec)['effects'] = [{ kind: 'oppose', element: 'nether', turns: '1d10+10' }];
    });
    const i = (JSON.parse(d.read('angband-3.0.5/consumables.json')) as { records: Rec[] }).records.findIndex((r) => r['id'] === 'potion-of-resist-heat');
    expectDataError(d, `${ANG}/consumables.json`, `$.records[${i}].effects[0].element`, /Invalid option/);
  });
  it('a class table without all six classes', () => {
    const d = new TempData();
    d.editJson('angband-3.0.5/classes.json', (t) => {
      t.records = t.records.filter((r) => r['id'] !== 'paladin');
    });
    expectDataError(d, `${ANG}/classes.json`, '$.records', /the class "paladin" is missing/);
  });
});
