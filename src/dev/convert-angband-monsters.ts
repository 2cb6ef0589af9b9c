/**
 * Converts Angband 3.0.5's monster list (lib/edit/monster.txt) into data/angband-3.0.5/monsters.json.
 *
 *   npm run convert:angband-monsters -- --git <angband clone>      (reads tag v3.0.5 from the clone)
 *   npm run convert:angband-monsters -- --file <monster.txt> --commit <sha>
 *
 * The facts carry over (numbers, flags, blows, spells); the game's description lines (D:) do
 * not. Names of methods, effects, flags and spells are the game's, lower-cased with '-' for '_'
 * (HIT -> hit, EXP_80 -> exp-80, BR_FIRE -> br-fire); `arena list foes --json` gives them back
 * in the game's own spelling. The short lines of our own in src/dev/angband-monster-notes.json
 * become descriptions. The output's "source" names the repository, tag, path and commit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANG_MONSTER_SPELLS } from '../rules/angband305/types.js';

const REPOSITORY = 'angband/angband';
const TAG = 'v3.0.5';
const PATH = 'lib/edit/monster.txt';

/** The game's colour letters (TERM_ colours) as the arena names them. */
const COLOURS: Readonly<Record<string, string>> = {
  d: 'dark-grey',
  w: 'white',
  s: 'grey',
  o: 'orange',
  r: 'red',
  g: 'green',
  b: 'blue',
  u: 'brown',
  D: 'dark-grey',
  W: 'white',
  v: 'magenta',
  y: 'yellow',
  R: 'bright-red',
  G: 'bright-green',
  B: 'bright-blue',
  U: 'brown',
};

export interface ConvertedBlow {
  method: string;
  effect: string;
  dice: string;
}

export interface ConvertedMonster {
  id: string;
  name: string;
  glyph: string;
  colour: string;
  level: number;
  rarity: number;
  speed: number;
  hp: string;
  vision: number;
  ac: number;
  sleep: number;
  exp: number;
  blows: ConvertedBlow[];
  flags: string[];
  spellFreq: number;
  spells: string[];
  description?: string;
}

/** The game's name as the data writes it: EXP_80 -> exp-80. */
export const dataName = (game: string): string => game.toLowerCase().replace(/_/g, '-');

/**
 * A monster's id: its name in lower-case words joined by hyphens ("Grip, Farmer Maggot's Dog" ->
 * grip-farmer-maggot-s-dog); a name the file gives twice also takes the level.
 */
export function monsterId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

class ParseError extends Error {}

/**
 * Parses monster.txt. Each record starts at an N: line; the lines read are G (glyph and colour),
 * I (speed, hit dice, vision, AC, alertness), W (level, rarity, -, experience), B (blows), F
 * (flags) and S (spell frequency and spells). D (description) lines are skipped.
 */
export function parseMonsterText(text: string): ConvertedMonster[] {
  const out: ConvertedMonster[] = [];
  let cur: ConvertedMonster | null = null;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    const where = `${PATH}:${i + 1}`;
    const fail = (why: string): never => {
      throw new ParseError(`${where}: ${why}: "${line}"`);
    };
    if (line === '' || line.startsWith('#') || line.startsWith('V:')) return;
    const kind = line[0];
    const fields = line.slice(2).split(':');
    const num = (s: string | undefined, what: string): number => {
      if (s === undefined || !/^-?\d+$/.test(s.trim())) fail(`${what} is not a whole number`);
      return Number((s as string).trim());
    };
    if (kind === 'N') {
      const name = fields.slice(1).join(':').trim();
      if (!name) fail('a monster without a name');
      if (name === '<player>') {
        cur = null;
        return;
      }
      cur = { id: monsterId(name), name, glyph: '', colour: '', level: 0, rarity: 0, speed: 0, hp: '', vision: 0, ac: 0, sleep: 0, exp: 0, blows: [], flags: [], spellFreq: 0, spells: [] };
      out.push(cur);
      return;
    }
    if (!cur) {
      if (kind === 'G') return;
      fail('a line before the first monster');
    }
    const m = cur as ConvertedMonster;
    switch (kind) {
      case 'G': {
        const [ch, colour] = fields;
        const c = colour ? COLOURS[colour.trim()] : undefined;
        if (!ch || ch.length !== 1) fail('the glyph is not one character');
        if (!c) fail(`unknown colour letter "${colour ?? ''}"`);
        m.glyph = ch as string;
        m.colour = c as string;
        break;
      }
      case 'I': {
        const [speed, hp, vision, ac, sleep] = fields;
        m.speed = num(speed, 'speed');
        if (!hp || !/^\d+d\d+$/.test(hp)) fail('hit dice are not XdY');
        m.hp = hp as string;
        m.vision = num(vision, 'vision');
        m.ac = num(ac, 'armour class');
        m.sleep = num(sleep, 'alertness');
        break;
      }
      case 'W': {
        const [level, rarity, , exp] = fields;
        m.level = num(level, 'level');
        m.rarity = num(rarity, 'rarity');
        m.exp = num(exp, 'experience');
        break;
      }
      case 'B': {
        const [method, effect, dice] = fields;
        if (!method) fail('a blow without a method');
        if (dice !== undefined && !/^\d+d\d+$/.test(dice)) fail('blow dice are not XdY');
        m.blows.push({ method: dataName(method as string), effect: effect ? dataName(effect) : 'none', dice: dice ?? '0d0' });
        break;
      }
      case 'F':
        for (const f of line.slice(2).split('|').map((s) => s.trim()).filter(Boolean)) m.flags.push(dataName(f));
        break;
      case 'S':
        for (const s of line.slice(2).split('|').map((x) => x.trim()).filter(Boolean)) {
          const freq = /^1_IN_(\d+)$/.exec(s);
          if (freq) {
            const x = Number(freq[1]);
            if (x < 1 || x > 100) fail('a spell frequency outside 1_IN_1..1_IN_100');
            m.spellFreq = x;
          } else m.spells.push(dataName(s));
        }
        break;
      case 'D':
        break;
      default:
        fail(`unknown line kind "${kind ?? ''}"`);
    }
  });
  // A few names come twice (a lone Novice mage and a deeper one that comes in groups): both
  // take their level into the id (novice-mage-2, novice-mage-6).
  const count = new Map<string, number>();
  for (const m of out) count.set(m.id, (count.get(m.id) ?? 0) + 1);
  for (const m of out) if ((count.get(m.id) ?? 0) > 1) m.id = `${m.id}-${m.level}`;
  const seen = new Map<string, string>();
  for (const m of out) {
    const other = seen.get(m.id);
    if (other) throw new ParseError(`${PATH}: "${m.name}" and "${other}" make the same id ${m.id}`);
    seen.set(m.id, m.name);
    if (!m.glyph || !m.hp) throw new ParseError(`${PATH}: ${m.name} has no G: or I: line`);
    if (m.spells.length > 0 && m.spellFreq === 0) throw new ParseError(`${PATH}: ${m.name} has spells but no 1_IN_ frequency`);
    // Kept in the file's order, to read against its S: lines; the rules sort them into the
    // game's bit order (RF4, RF5, RF6) themselves, as make_attack_spell lists them.
    const unknown = m.spells.find((s) => !(ANG_MONSTER_SPELLS as readonly string[]).includes(s));
    if (unknown) throw new ParseError(`${PATH}: ${m.name} has a spell the game does not define: ${unknown}`);
  }
  return out;
}

/** The data file: header and records, with our own short lines where we wrote one. */
export function monstersFile(monsters: readonly ConvertedMonster[], commit: string, notes: Readonly<Record<string, string>>): { readonly records: readonly object[] } & Record<string, unknown> {
  const unknown = Object.keys(notes).filter((id) => !monsters.some((m) => m.id === id));
  if (unknown.length) throw new ParseError(`angband-monster-notes.json: no monster with id ${unknown.join(', ')}`);
  return {
    $schema: '../schemas/angband-3.0.5.monsters.schema.json',
    ruleset: 'angband-3.0.5',
    source: `Converted by src/dev/convert-angband-monsters.ts from ${REPOSITORY} tag ${TAG}, ${PATH} at commit ${commit}: every monster's numbers, blows, flags and spells (names lower-cased, '-' for '_'); the game's descriptions are left out.`,
    records: monsters.map((m) => {
      const note = notes[m.id];
      return note ? { ...m, description: note } : m;
    }),
  };
}

/**
 * The file's text: the header fields one to a line, then one monster to a line, so that the
 * file stays small (it is read and fingerprinted at every start) and a change shows as the
 * lines of the monsters it touches.
 */
export function monstersText(file: { readonly records: readonly object[] } & Record<string, unknown>): string {
  const head = Object.entries(file)
    .filter(([k]) => k !== 'records')
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const rows = file.records.map((r, i) => `    ${JSON.stringify(r)}${i + 1 < file.records.length ? ',' : ''}`);
  return `{\n${head.join('\n')}\n  "records": [\n${rows.join('\n')}\n  ]\n}\n`;
}

function usage(why: string): never {
  process.stderr.write(`convert-angband-monsters: ${why}\nusage: convert-angband-monsters --git <angband clone> | --file <monster.txt> --commit <sha> [--out <monsters.json>]\n`);
  process.exit(2);
}

function main(argv: readonly string[]): void {
  const arg = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) usage(`${name} needs a value`);
    return v;
  };
  const here = dirname(fileURLToPath(import.meta.url));
  const root = join(here, '..', '..');
  const out = arg('--out') ?? join(root, 'data', 'angband-3.0.5', 'monsters.json');
  const git = arg('--git');
  const file = arg('--file');
  let text: string;
  let commit: string;
  try {
    if (git) {
      commit = execFileSync('git', ['-C', git, 'rev-parse', `${TAG}^{commit}`], { encoding: 'utf8' }).trim();
      text = execFileSync('git', ['-C', git, 'show', `${TAG}:${PATH}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
    } else if (file) {
      commit = arg('--commit') ?? usage('--file needs --commit <sha> (the commit of tag v3.0.5 it came from)');
      if (!/^[0-9a-f]{40}$/.test(commit)) usage('--commit must be a 40-digit commit id');
      text = readFileSync(file, 'utf8');
    } else usage('give --git or --file');
  } catch (e) {
    usage(`cannot read the source: ${(e as Error).message.split('\n')[0]}`);
  }
  const notesPath = join(root, 'src', 'dev', 'angband-monster-notes.json');
  try {
    const notes = JSON.parse(readFileSync(notesPath, 'utf8')) as Record<string, string>;
    const monsters = parseMonsterText(text);
    writeFileSync(out, monstersText(monstersFile(monsters, commit, notes)));
    process.stdout.write(`${monsters.length} monsters written to ${out}\n`);
  } catch (e) {
    if (e instanceof ParseError || e instanceof SyntaxError) {
      process.stderr.write(`convert-angband-monsters: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
