import { mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Content, loadContent } from '../content/index.js';
import { Duel, type DuelSetup, type TurnRecord } from '../game/duel.js';
import { replayText } from '../replay/format.js';
import { makeHeader } from '../replay/recorder.js';
import { scriptedCommand } from './scripted-player.js';

/**
 * The golden replays in test/replays/ and the fight catalogue in test/golden/. Tests check that
 * the committed files still verify and still match; this script rewrites them, and is the only
 * thing that does (`npm run golden`), for when a change to the rules or data is intended.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REPLAYS_DIR = join(ROOT, 'test/replays');
export const CATALOGUE_FILE = join(ROOT, 'test/golden/fight-catalogue.txt');
const CREATED = '2026-01-01T00:00:00.000Z';
const PROGRAM = 'golden';

function setup(s: Partial<DuelSetup> & Pick<DuelSetup, 'seed'>): DuelSetup {
  return {
    ruleset: 'pixel-dungeon',
    edition: 'spoiler',
    hero: { template: 'warrior', options: {} },
    foe: { template: 'gnoll-scout', options: {} },
    arena: 'rooms',
    heroControl: 'ai',
    maxTurns: 1000,
    ...s,
  };
}

function angband(s: Partial<DuelSetup> & Pick<DuelSetup, 'seed'>): DuelSetup {
  return setup({ ruleset: 'angband-3.0.5', hero: { template: 'warrior', options: {} }, foe: { template: 'uruk', options: {} }, ...s });
}

function crawl(s: Partial<DuelSetup> & Pick<DuelSetup, 'seed'>): DuelSetup {
  return setup({ ruleset: 'crawl-4.0b20', hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} }, ...s });
}

function stoneSoup(s: Partial<DuelSetup> & Pick<DuelSetup, 'seed'>): DuelSetup {
  return setup({ ruleset: 'stone-soup-0.5.2', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} }, ...s });
}

interface Golden {
  readonly name: string;
  readonly setup: DuelSetup;
  /** Take over after this turn of the same duel played by the AI (a branched replay). */
  readonly branchAt?: number;
}

/** One golden replay per kind of duel the ruleset offers. */
export const GOLDEN: readonly Golden[] = [
  { name: 'pixel-dungeon-warrior-gnoll-scout', setup: setup({ seed: 'golden-1' }) },
  { name: 'pixel-dungeon-source-assassin-brute', setup: setup({ seed: 'golden-2', edition: 'source', hero: { template: 'assassin', options: {} }, foe: { template: 'gnoll-brute', options: {} }, arena: 'cave' }) },
  { name: 'pixel-dungeon-sniper-scorpio', setup: setup({ seed: 'golden-3', hero: { template: 'sniper', options: {} }, foe: { template: 'scorpio', options: {} }, arena: 'hall' }) },
  { name: 'pixel-dungeon-source-mage-warlock', setup: setup({ seed: 'golden-4', edition: 'source', hero: { template: 'mage', options: { level: 8 } }, foe: { template: 'dwarf-warlock', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'pixel-dungeon-berserker-skeleton', setup: setup({ seed: 'golden-5', hero: { template: 'berserker', options: {} }, foe: { template: 'skeleton', options: {} }, arena: 'random-rooms' }) },
  { name: 'pixel-dungeon-player-rogue-thief', setup: setup({ seed: 'golden-6', heroControl: 'player', hero: { template: 'rogue', options: {} }, foe: { template: 'crazy-thief', options: {} }, arena: 'random-hall', foeState: 'hunting' }) },
  { name: 'pixel-dungeon-taken-over-veteran-spinner', setup: setup({ seed: 'golden-7', hero: { template: 'veteran', options: {} }, foe: { template: 'cave-spinner', options: {} }, arena: 'random-cave' }), branchAt: 12 },
  { name: 'angband-warrior-uruk', setup: angband({ seed: 'golden-a1' }) },
  { name: 'angband-source-ranger-invisible-stalker', setup: angband({ seed: 'golden-a2', edition: 'source', hero: { template: 'elf-ranger', options: {} }, foe: { template: 'invisible-stalker', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'angband-rogue-poltergeist', setup: angband({ seed: 'golden-a3', hero: { template: 'hobbit-rogue', options: {} }, foe: { template: 'poltergeist', options: {} }, arena: 'hall', foeState: 'hunting' }) },
  { name: 'angband-source-champion-drolem', setup: angband({ seed: 'golden-a4', edition: 'source', hero: { template: 'half-troll-warrior', options: {} }, foe: { template: 'drolem', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'angband-player-paladin-mummy', setup: angband({ seed: 'golden-a5', heroControl: 'player', hero: { template: 'dunadan-paladin', options: {} }, foe: { template: 'mummified-human', options: {} }, arena: 'random-rooms', foeState: 'hunting' }) },
  { name: 'angband-taken-over-priest-naga', setup: angband({ seed: 'golden-a6', hero: { template: 'dwarf-priest', options: {} }, foe: { template: 'green-naga', options: {} }, arena: 'cave' }), branchAt: 10 },
  { name: 'crawl-minotaur-orc-warrior', setup: crawl({ seed: 'golden-c1' }) },
  { name: 'crawl-source-troll-monk-yak', setup: crawl({ seed: 'golden-c2', edition: 'source', hero: { template: 'troll-monk', options: {} }, foe: { template: 'yak', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'crawl-source-elf-assassin-goblin', setup: crawl({ seed: 'golden-c3', edition: 'source', hero: { template: 'elf-assassin', options: {} }, foe: { template: 'goblin', options: {} }, arena: 'hall' }) },
  { name: 'crawl-classic-hill-orc-gnoll', setup: crawl({ seed: 'golden-c4', hero: { template: 'hill-orc-fighter', options: { 'stat-system': 'classic' } }, foe: { template: 'gnoll', options: {} }, arena: 'cave', foeState: 'hunting' }) },
  { name: 'crawl-source-transmuter-ogre', setup: crawl({ seed: 'golden-c5', edition: 'source', hero: { template: 'human-transmuter', options: {} }, foe: { template: 'ogre', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'crawl-player-centaur-naga-warrior', setup: crawl({ seed: 'golden-c6', heroControl: 'player', hero: { template: 'centaur-hunter', options: {} }, foe: { template: 'naga-warrior', options: {} }, arena: 'random-rooms', foeState: 'hunting' }) },
  { name: 'crawl-source-merfolk-ghoul', setup: crawl({ seed: 'golden-c7', edition: 'source', hero: { template: 'merfolk-gladiator', options: {} }, foe: { template: 'ghoul', options: {} }, arena: 'cave', foeState: 'hunting' }) },
  { name: 'stone-soup-assassin-orc-warrior', setup: stoneSoup({ seed: 'golden-s1' }) },
  { name: 'stone-soup-source-assassin-orc-warrior', setup: stoneSoup({ seed: 'golden-s2', edition: 'source' }) },
  { name: 'stone-soup-source-dwarf-vault-guard', setup: stoneSoup({ seed: 'golden-s3', edition: 'source', hero: { template: 'mountain-dwarf-fighter', options: {} }, foe: { template: 'vault-guard', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'stone-soup-ice-mage-hound', setup: stoneSoup({ seed: 'golden-s4', hero: { template: 'deep-elf-ice-mage', options: {} }, foe: { template: 'hound', options: {} }, arena: 'hall' }) },
  { name: 'stone-soup-source-spriggan-wight', setup: stoneSoup({ seed: 'golden-s5', edition: 'source', hero: { template: 'spriggan-stalker', options: {} }, foe: { template: 'wight', options: {} }, arena: 'cave' }) },
  { name: 'stone-soup-player-ogre-troll', setup: stoneSoup({ seed: 'golden-s6', heroControl: 'player', hero: { template: 'ogre-brute', options: {} }, foe: { template: 'troll', options: {} }, arena: 'random-rooms', foeState: 'hunting' }) },
  // A breather, a caster and two monsters: the spells and breaths of make_attack_spell.
  { name: 'angband-dragonslayer-multi-hued-dragon', setup: angband({ seed: 'golden-a8', hero: { template: 'dwarf-dragonslayer', options: {} }, foe: { template: 'mature-multi-hued-dragon', options: {} }, arena: 'hall', foeState: 'hunting' }) },
  { name: 'angband-paladin-necromancer', setup: angband({ seed: 'golden-a9', hero: { template: 'dunadan-paladin', options: {} }, foe: { template: 'necromancer', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'angband-monsters-necromancer-ogre-mage', setup: angband({ seed: 'golden-a10', hero: { template: 'necromancer', options: {} }, foe: { template: 'ogre-mage', options: {} }, arena: 'pit', foeState: 'hunting' }) },
  { name: 'angband-source-mage-purple-worm', setup: angband({ seed: 'golden-a7', edition: 'source', hero: { template: 'gnome-mage', options: { level: 30 } }, foe: { template: 'purple-worm', options: {} }, arena: 'rooms', foeState: 'hunting' }) },
];

/** Plays a golden duel and returns the replay text (traced, with a fixed date). */
export function goldenReplay(g: Golden, content: Content): string {
  const duel = new Duel(g.setup, content, { tracing: true });
  const records: TurnRecord[] = [];
  let branch: { from: string; turn: number; hash: string } | undefined;
  if (g.branchAt === 0) duel.setController(duel.heroId, 'player');
  for (let guard = 0; guard < 100_000; guard++) {
    if (g.branchAt !== undefined && !branch && duel.turn === g.branchAt) {
      branch = { from: `${g.name}-before-take-over.jsonl`, turn: g.branchAt, hash: records[records.length - 1]?.hash ?? duel.stateHash() };
      duel.setController(duel.heroId, 'player');
    }
    const r = duel.step();
    const result = r.kind === 'input' ? duel.step(scriptedCommand(duel)) : r;
    if (result.kind === 'rejected') {
      const wait = duel.step({ type: 'wait' });
      if (wait.kind !== 'turn') throw new Error(`golden ${g.name}: the scripted player is stuck`);
      records.push(wait.record);
      continue;
    }
    if (result.kind === 'turn') {
      records.push(result.record);
      continue;
    }
    break;
  }
  const header = makeHeader(g.setup, PROGRAM, content.dataFingerprint(g.setup.ruleset), [duel.hero.fighter?.name ?? '', duel.foe.fighter?.name ?? ''], CREATED, branch);
  return replayText(header, records, duel.outcome ? { outcome: duel.outcome, hash: duel.stateHash() } : undefined);
}

/** The duels of the fight catalogue: a fixed list of seeds over a few match-ups. */
export const CATALOGUE: readonly DuelSetup[] = [
  ...[1, 2, 3, 4, 5, 6].map((n) => setup({ seed: String(n) })),
  ...[1, 2, 3].map((n) => setup({ seed: String(n), edition: 'source' })),
  ...[1, 2, 3].map((n) => setup({ seed: String(n), hero: { template: 'huntress', options: {} }, foe: { template: 'vampire-bat', options: {} }, arena: 'pit' })),
  ...[1, 2, 3].map((n) => setup({ seed: String(n), hero: { template: 'assassin', options: {} }, foe: { template: 'dwarf-monk', options: {} }, arena: 'cave', edition: 'source' })),
  ...[1, 2, 3].map((n) => setup({ seed: String(n), hero: { template: 'mage', options: {} }, foe: { template: 'gnoll-shaman', options: {} }, arena: 'random-cave' })),
  ...[1, 2, 3].map((n) => angband({ seed: String(n) })),
  ...[1, 2, 3].map((n) => angband({ seed: String(n), edition: 'source' })),
  ...[1, 2].map((n) => angband({ seed: String(n), hero: { template: 'dunadan-paladin', options: {} }, foe: { template: 'olog', options: {} }, arena: 'pit', foeState: 'hunting' })),
  ...[1, 2].map((n) => angband({ seed: String(n), hero: { template: 'gnome-mage', options: {} }, foe: { template: 'snaga', options: {} }, arena: 'hall', edition: 'source' })),
  ...[1, 2].map((n) => angband({ seed: String(n), hero: { template: 'half-troll-warrior', options: {} }, foe: { template: 'drolem', options: {} }, arena: 'pit', foeState: 'hunting' })),
  ...[1, 2, 3].map((n) => crawl({ seed: String(n) })),
  ...[1, 2, 3].map((n) => crawl({ seed: String(n), edition: 'source' })),
  ...[1, 2].map((n) => crawl({ seed: String(n), hero: { template: 'troll-monk', options: {} }, foe: { template: 'troll', options: {} }, arena: 'pit', foeState: 'hunting', edition: 'source' })),
  ...[1, 2].map((n) => crawl({ seed: String(n), hero: { template: 'kenku-wanderer', options: { 'stat-system': 'classic' } }, foe: { template: 'killer-bee', options: {} }, arena: 'hall' })),
];

/** A short readable transcript of one duel: who, the outcome, hits and damage, the last words. */
export function transcript(s: DuelSetup, content: Content): string {
  const duel = new Duel(s, content, { tracing: false });
  let turns = 0;
  for (;;) {
    const r = duel.step();
    if (r.kind !== 'turn') break;
    turns++;
  }
  const o = duel.outcome;
  const hits = (who: string) => duel.messages.filter((m) => new RegExp(`^(The )?${who}.* hits? `, 'i').test(m.text)).length;
  const misses = (who: string) => duel.messages.filter((m) => new RegExp(`^(The )?${who}.* miss(es)? `, 'i').test(m.text)).length;
  const hero = duel.hero.fighter?.name ?? 'hero';
  const foe = duel.foe.fighter?.name ?? 'foe';
  const winner = !o ? 'unfinished' : o.winner === null ? 'draw' : o.winner === 0 ? `${hero} wins` : `${foe} wins`;
  return [
    `seed ${JSON.stringify(s.seed)}: ${hero} [${s.hero.template}] vs ${foe} in ${s.arena}, ${s.edition} edition`,
    `  ${winner}: ${o?.reason ?? ''} after ${turns} turns (${duel.gameTurns.toFixed(3)} game turns)`,
    `  ${hero}: hits ${hits(hero)}, misses ${misses(hero)}, ends on ${Math.max(0, duel.hero.body?.hp ?? 0)}/${duel.hero.body?.maxHp} HP`,
    `  ${foe}: hits ${hits(foe)}, misses ${misses(foe)}, ends on ${Math.max(0, duel.foe.body?.hp ?? 0)}/${duel.foe.body?.maxHp} HP`,
    ...duel.messages.slice(-3).map((m) => `  > ${m.text}`),
    `  final checkpoint ${duel.stateHash()}`,
  ].join('\n');
}

export function fightCatalogue(content: Content): string {
  const head = [
    '# Fight catalogue: one short transcript per duel, for a fixed list of seeds.',
    '# Compared by test/golden/catalogue.test.ts; regenerate only on purpose with `npm run golden`.',
    `# data pixel-dungeon ${content.dataFingerprint('pixel-dungeon')}, angband-3.0.5 ${content.dataFingerprint('angband-3.0.5')}`,
  ];
  return `${head.join('\n')}\n\n${CATALOGUE.map((s) => transcript(s, content)).join('\n\n')}\n`;
}

/** Rewrites (with --write) or checks the golden files; prints what it did. */
function main(): void {
  const write = process.argv.includes('--write');
  const content = loadContent();
  let stale = 0;
  const check = (path: string, text: string): void => {
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      old = '';
    }
    if (old === text) return;
    stale++;
    if (write) writeFileSync(path, text);
    process.stdout.write(`${write ? 'wrote' : 'stale'} ${path}\n`);
  };
  mkdirSync(REPLAYS_DIR, { recursive: true });
  const names = new Set(GOLDEN.map((g) => `${g.name}.jsonl`));
  for (const g of GOLDEN) check(join(REPLAYS_DIR, `${g.name}.jsonl`), goldenReplay(g, content));
  for (const f of readdirSync(REPLAYS_DIR)) {
    if (f.endsWith('.jsonl') && !names.has(f)) {
      stale++;
      if (write) unlinkSync(join(REPLAYS_DIR, f));
      process.stdout.write(`${write ? 'removed' : 'extra'} ${join(REPLAYS_DIR, f)}\n`);
    }
  }
  mkdirSync(join(ROOT, 'test/golden'), { recursive: true });
  check(CATALOGUE_FILE, fightCatalogue(content));
  process.stdout.write(stale === 0 ? 'golden files are up to date\n' : `${stale} golden file(s) ${write ? 'rewritten' : 'out of date (npm run golden rewrites them)'}\n`);
  if (!write && stale > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
