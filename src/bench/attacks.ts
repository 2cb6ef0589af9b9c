import seedrandom from 'seedrandom';
import { loadContent } from '../content/index.js';
import { Stream } from '../core/rng.js';
import { NullTracer, RecordingTracer } from '../core/trace.js';
import { heroAttack, rollAttack } from '../rules/pixeldungeon/combat.js';
import { best, measure } from './attacks-measure.js';

/**
 * The generator and attack-resolution measurements, run in a process of their own (the bench
 * spawns this file) so that the rest of the benchmark does not share their call sites: the raw
 * generator is timed the way the stack spike timed it, in isolation, and the attack right after
 * it, under the same conditions. Prints one JSON object.
 */

let sink = 0;

function run(): Record<string, number> {
  const gen = seedrandom.tychei('bench') as unknown as { int32(): number };
  const raw = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s ^= gen.int32();
      sink ^= s;
    }),
  );
  const stream = new Stream('bench', 'bench');
  const streamRate = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += stream.int(20);
      sink ^= s;
    }),
  );

  // The warrior's short sword against the gnoll scout, both aware of each other (spoiler edition).
  const tables = loadContent().pixelDungeon;
  const counter = new Stream('bench', 'attacks');
  const nullT = new NullTracer(counter);
  const sheet = {
    cls: tables.classes.find((c) => c.id === 'warrior')!,
    subclass: 'none' as const,
    level: 1,
    strength: 11,
    weakened: false,
    weapon: { def: tables.meleeWeapons.find((w) => w.id === 'short-sword')!, level: 0 },
    armour: { def: tables.armours.find((a) => a.id === 'cloth-armour')!, level: 0 },
  };
  const monster = tables.monsters.find((m) => m.id === 'gnoll-scout')!;
  const defender = { kind: 'monster' as const, monster, paralysed: false, enemySeen: true, state: 'hunting' as const, onWater: false, flying: false };
  const attack = heroAttack(nullT, { sheet, fury: false }, { kind: 'melee' }, defender, { edition: 'spoiler', distance: 1 });
  const before = counter.draws;
  const sample = 500_000;
  for (let i = 0; i < sample; i++) sink += rollAttack(nullT, attack).damage;
  const draws = (counter.draws - before) / sample;
  const untraced = best(() =>
    measure((n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += rollAttack(nullT, attack).damage;
      sink += s;
    }),
  );
  const traced = best(
    () =>
      measure((n) => {
        for (let i = 0; i < n; i++) sink += rollAttack(new RecordingTracer(counter), attack).damage;
      }),
    3,
  );
  return { raw, stream: streamRate, draws, untraced, traced, checksum: sink & 0xffff };
}

process.stdout.write(`${JSON.stringify(run())}\n`);
