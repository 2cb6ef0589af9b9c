#!/usr/bin/env node
import { readFileSync, writeFileSync, mkdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DataError, loadAllContent, loadContent, type Content } from '../content/index.js';
import { arenaIds } from '../game/duel.js';
import { availableRulesets, entryJson, getRuleset, isRulesetId, rulesetModule } from '../rules/registry.js';
import { DEFAULT_EDITION, EDITIONS, type Edition } from '../rules/edition.js';
import { builtInDescription } from '../world/arena.js';
import { ReplayError, readReplayFile } from '../replay/format.js';
import { isPrintable, printable } from '../core/text.js';
import { guardOutput, releaseOutput } from './output.js';
import { kindOf, systemText } from '../content/files.js';
import { listSaves, openForResume } from '../replay/saves.js';
import { ReplayWriteError, stoppedText, storageReason } from '../replay/recorder.js';
import type { AppStart } from '../tui/app.js';
import { verifyReplay } from '../replay/verify.js';
import { jsonSchemas } from '../content/schemas.js';
import { runHeadless, outcomeText } from './headless.js';
import type { CompareOptions } from './compare-command.js';
import { addDuelOptions, setupFromOptions, type DuelOptions } from './setup-options.js';
import { DEFAULT_SAVES, PROGRAM_VERSION } from './version.js';
import { unknownCommandText } from './suggest.js';

/** A problem the user can fix: printed as one line, no stack trace. */
class UsageError extends Error {}

function content(): Content {
  return loadContent();
}

/** A list in words: "a, b and c". */
function inWords(items: readonly string[], last: 'and' | 'or'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

function fail(message: string, code = 2): never {
  // Our own messages may run over several lines; anything else unprintable is shown escaped.
  process.stderr.write(`arena: ${message.split('\n').map(printable).join('\n')}\n`);
  process.exit(code);
}

// A reader that stops early (`arena duel | head`) closes the pipe: stop quietly, as other tools
// do; the duel's replay is saved before anything is printed. Any other failure to write is said in one line.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    if (stream === process.stdout) fail(`cannot write the output: ${e.message}`, 1);
    process.exit(1);
  });
}

function needTerminal(command: string): void {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    fail(
      `"${command}" needs a terminal (stdin and stdout must be a TTY). Without one, use the headless commands:\n` +
        '  arena duel --seed 42            play a duel AI against AI and print the full trace\n' +
        '  arena verify saves/FILE.jsonl   re-simulate a recorded duel\n' +
        '  arena saves --list              list the recorded duels',
    );
  }
}

async function runTui(start: AppStart, savesDir: string | null, force = false): Promise<never> {
  const { runTerminalApp } = await import('../tui/app.js');
  // The screen draws with escape sequences of its own; it shows outside text escaped itself.
  releaseOutput();
  // The menu offers every game, so it checks every game's data before the screen opens; a duel
  // started from the command line has read its own game's already.
  const code = await runTerminalApp({ start, content: start.kind === 'menu' ? loadAllContent() : content(), savesDir, program: PROGRAM_VERSION, force });
  process.exit(code);
}

async function startTui(mode: 'play' | 'watch', o: DuelOptions & { saves: string; save: boolean; bestOf?: string }): Promise<void> {
  const rounds = o.bestOf === undefined ? 1 : /^\d+$/.test(o.bestOf) ? Number(o.bestOf) : NaN;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 99) throw new UsageError(`--best-of: must be a whole number from 1 to 99 (got "${o.bestOf}")`);
  needTerminal(mode);
  if (o.save) checkSaves(o.saves, false);
  const setup = setupFromOptions(o, content(), mode === 'play' ? 'player' : 'ai');
  await runTui({ kind: 'session', start: { kind: 'new', mode, setup, ...(rounds > 1 ? { rounds } : {}) } }, o.save ? o.saves : null);
}

const program = new Command();
program
  .name('arena')
  .description('spoiler-arena: one-on-one roguelike duels resolved step by step by the rules of the game they come from')
  .version(PROGRAM_VERSION)
  .showHelpAfterError('(run "arena --help" for the commands)')
  .exitOverride();

/** `--saves DIR`: a folder's name, not empty and without control characters. */
function savesArg(v: string): string {
  if (v.trim() === '') throw new InvalidArgumentError('it must name a folder; an empty name would put replays in the current folder without saying so (use --no-save not to record)');
  if (!isPrintable(v)) throw new InvalidArgumentError('a folder name must not hold control characters');
  return v;
}

/**
 * Checks the saves folder before anything starts: it must be a folder, or (when `mustExist` is
 * false) not exist yet below a folder that does, where it will be made. A usage error otherwise.
 */
function checkSaves(dir: string, mustExist: boolean): void {
  let here = resolve(dir);
  for (;;) {
    let st;
    try {
      st = statSync(here);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        if (mustExist) throw new UsageError(`--saves: the saves folder ${dir} does not exist (no duel has been recorded there)`);
        const up = dirname(here);
        if (up === here) throw new UsageError(`--saves: ${dir} cannot be made`);
        here = up;
        continue;
      }
      throw new UsageError(`--saves: ${dir} cannot be used (${systemText(e) ?? String(e)})`);
    }
    if (!st.isDirectory()) {
      throw new UsageError(here === resolve(dir) ? `--saves: ${dir} is ${kindOf(st)}, not a folder` : `--saves: ${dir} cannot be made: ${here} is ${kindOf(st)}, not a folder`);
    }
    return;
  }
}

function withSaveOptions(c: Command): Command {
  return c.option('--saves <dir>', 'where replays are written', savesArg, DEFAULT_SAVES).option('--no-save', 'do not record a replay');
}

// Play takes no arguments: a word left over is a mistyped command ("arena simm") or a stray word.
withSaveOptions(addDuelOptions(program.command('play', { isDefault: true }).description('play a duel in the terminal (the default command)')))
  .allowExcessArguments(true)
  .action((o: DuelOptions & { saves: string; save: boolean }, cmd: Command) => {
    const [word] = cmd.args;
    if (word !== undefined) {
      if (process.argv[2] === 'play') throw new UsageError(`play: takes no arguments (got "${word}")`);
      throw new UsageError(unknownCommandText(word, program.commands.map((c) => c.name())));
    }
    return startTui('play', o);
  });

withSaveOptions(program.command('menu').description('the start menu: choose a duel, a watch, a replay or the fight lab (what "arena" alone opens)')).action(
  async (o: { saves: string; save: boolean }) => {
    needTerminal('menu');
    if (o.save) checkSaves(o.saves, false);
    await runTui({ kind: 'menu' }, o.save ? o.saves : null);
  },
);

addDuelOptions(program.command('lab').description('the fight lab: both fighters\' exact odds both ways, changed live by keys, nothing rolled')).action(
  async (o: DuelOptions) => {
    needTerminal('lab');
    await runTui({ kind: 'lab', setup: setupFromOptions(o, content(), 'ai') }, null);
  },
);

withSaveOptions(addDuelOptions(program.command('watch').description('watch the AI play the hero in the terminal')))
  .option('--best-of <n>', 'a match of up to N rounds (each its own seed and replay), alternating who wins ties for the move; it ends once a side has a majority')
  .action((o: DuelOptions & { saves: string; save: boolean; bestOf?: string }) => startTui('watch', o));

withSaveOptions(addDuelOptions(program.command('duel').description('play a duel AI against AI without a screen; print the outcome and the full trace')))
  .option('--json', 'print JSON instead of text')
  .action((o: DuelOptions & { saves: string; save: boolean; json?: boolean }) => {
    const c = content();
    if (o.save) checkSaves(o.saves, false);
    const setup = setupFromOptions(o, c, 'ai');
    const r = runHeadless(setup, c, { json: o.json ?? false, savesDir: o.save ? o.saves : null, program: PROGRAM_VERSION, now: () => new Date() });
    process.stdout.write(r.text);
    if (r.replayPath && r.stopped) {
      fail(`${stoppedText(r.stopped)}; ${r.replayPath} keeps turns 1 to ${r.stopped.turn} (it verifies to there)`, 1);
    }
    if (r.replayPath) process.stderr.write(`replay saved to ${printable(r.replayPath)}\n`);
  });

addDuelOptions(program.command('sim').description('play N duels AI against AI from one seed: win rates, turns to kill, damage and hit rates, each with its 95% interval'))
  .option('-n, --duels <n>', 'duels to play (each with its own seed from the master seed)', '1000')
  .option('--workers <n>', 'worker threads (0: this thread only); the numbers do not depend on it')
  .option('--json', 'print JSON instead of a table')
  .option('--csv', 'print CSV instead of a table')
  .option('--no-progress', 'no progress bar on the terminal')
  .option('--no-exact', 'leave out the exact counterparts (each attack\'s laws, the exchange model): faster, the same estimates')
  .action(async (o: DuelOptions & { duels: string; workers?: string; json?: boolean; csv?: boolean; progress: boolean; exact: boolean }) => {
    const { runSim } = await import('./sim-command.js');
    await runSim(o, content(), (m) => new UsageError(m));
  });

addDuelOptions(program.command('sweep').description('vary one parameter (level, strength, a skill, weapon, armour or foe) over a range: exact hit chance and damage a turn both ways, and win rates from N duels a point, as a table and plots'))
  .requiredOption('--vary <parameter>', 'what to vary: level, strength, skill:NAME (crawl-4.0b20, stone-soup-0.5.2), weapon, armour or foe')
  .option('--from <n>', 'level, strength, skill: the first value (default: the lowest the ruleset allows)')
  .option('--to <n>', 'level, strength, skill: the last value (default: the highest)')
  .option('--step <n>', 'level, strength, skill: the step (default 1)')
  .option('--values <list>', 'the values, comma-separated (weapon, armour, foe default to all the hero can take)')
  .option('-n, --duels <n>', 'duels a point (the same seeds at every point)', '200')
  .option('--distance <n>', 'squares between the fighters for the exact odds (1: adjacent)', '1')
  .addOption(new Option('--odds <moment>', 'the exact odds: engaged (each aware of the other, the foe hunting) or start (as the duel starts: surprise attacks, stabs)').choices(['engaged', 'start']).default('engaged'))
  .option('--workers <n>', 'worker threads (0: this thread only); the numbers do not depend on it')
  .option('--json', 'print JSON instead of a table')
  .option('--csv', 'print CSV (one row a point) instead of a table')
  .option('--no-plot', 'the table only, no plots')
  .option('--no-progress', 'no progress bar on the terminal')
  .action(async (o: import('./sweep-command.js').SweepOptions) => {
    const { runSweepCommand } = await import('./sweep-command.js');
    await runSweepCommand(o, content(), (m) => new UsageError(m));
  });

addDuelOptions(program.command('compare').description('one duel under two rulesets or two editions: both played turn by turn side by side, then N duels a side with the differences and their 95% intervals'))
  .option('--against <ruleset>', 'side B\'s ruleset (the options above are side A\'s; default: the same ruleset)')
  .addOption(new Option('--edition-b <edition>', 'side B\'s edition (default: side A\'s)').choices([...EDITIONS]))
  .option('--editions <a,b>', 'both editions at once, e.g. spoiler,source (instead of --edition and --edition-b)')
  .option('--hero-b <id>', 'side B\'s hero (default: side A\'s, by id, then by name)')
  .option('--foe-b <id>', 'side B\'s foe (default: side A\'s, by id, then by name)')
  .option('-n, --duels <n>', 'duels a side for the aggregate (0: none); duel i has the same seed on both sides', '500')
  .option('--turns <n>', 'rows of the turn-by-turn table to print (0: none; default: all)')
  .option('--all-rows', 'print every row, also the runs of turns without messages that are folded by default')
  .option('--width <n>', 'columns to fit the text in (default: the terminal\'s width, or 80)')
  .option('--workers <n>', 'worker threads (0: this thread only); the numbers do not depend on it')
  .option('--json', 'print JSON instead of text')
  .option('--no-progress', 'no progress bar on the terminal')
  .action(async (o: CompareOptions, cmd: Command) => {
    const { runCompare } = await import('./compare-command.js');
    await runCompare(o, content(), (m) => new UsageError(m), (name) => cmd.getOptionValueSource(name), {
      program: PROGRAM_VERSION,
      ...(process.stdout.isTTY && process.stdout.columns > 0 ? { terminalColumns: process.stdout.columns } : {}),
    });
  });

program
  .command('replay')
  .description('play a recorded duel back: pause, step both ways, seek, change view, take over')
  .argument('<file>', 'a replay (.jsonl)')
  .option('--saves <dir>', 'where a take-over is recorded', savesArg, DEFAULT_SAVES)
  .option('--force', 'play back a replay made with other data files or another format version (it may diverge)')
  .action(async (file: string, o: { saves: string; force?: boolean }) => {
    needTerminal('replay');
    checkSaves(o.saves, false);
    const { ReplayPlayer } = await import('../replay/player.js');
    let player;
    try {
      player = ReplayPlayer.load(readReplayFile(file), content(), { force: o.force ?? false });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    for (const w of player.warnings) process.stderr.write(`warning: ${file}: ${w}\n`);
    await runTui({ kind: 'session', start: { kind: 'replay', player } }, o.saves, o.force ?? false);
  });

program
  .command('resume')
  .description('carry on an unfinished duel from the saves folder, recording to the same file')
  .argument('<file>', 'a replay in the saves folder (.jsonl)')
  .option('--saves <dir>', 'the saves folder', savesArg, DEFAULT_SAVES)
  .option('--force', 'resume a replay made with other data files or another format version (it may diverge)')
  .option('--take-over', 'take over the lock of a replay whose locking process cannot be confirmed to be recording it (the message says why)')
  .action(async (file: string, o: { saves: string; force?: boolean; takeOver?: boolean }) => {
    needTerminal('resume');
    checkSaves(o.saves, true);
    let opened;
    try {
      opened = openForResume(file, o.saves, content(), { force: o.force ?? false, takeOver: o.takeOver ?? false });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    await runTui({ kind: 'session', start: { kind: 'continue', duel: opened.player.duel, recorder: opened.recorder } }, o.saves, o.force ?? false);
  });

program
  .command('saves')
  .description('browse the recorded duels: open, resume, verify or delete them')
  .option('--saves <dir>', 'the saves folder', savesArg, DEFAULT_SAVES)
  .option('--list', 'print the list instead of opening the browser')
  .option('--force', 'open replays made with other data files or another format version')
  .action(async (o: { saves: string; list?: boolean; force?: boolean }) => {
    checkSaves(o.saves, true);
    if (o.list) {
      const saves = listSaves(o.saves);
      if (saves.length === 0) process.stdout.write(`no replays in ${o.saves}\n`);
      for (const s of saves) {
        const line = s.problem
          ? `${s.file}  unreadable: ${s.problem}`
          : `${s.created.replace('T', ' ').slice(0, 19)}  ${s.ruleset} ${s.edition}  ${s.fighters[0]} vs ${s.fighters[1]}  ${s.outcome}  ${s.turns} turns  ${s.file}`;
        process.stdout.write(`${line}\n`);
      }
      return;
    }
    needTerminal('saves');
    await runTui({ kind: 'browser' }, o.saves, o.force ?? false);
  });

program
  .command('verify')
  .description('re-simulate recorded duels and check every checkpoint; exit 0 only if all match')
  .argument('<files...>', 'replay files (.jsonl)')
  .option('--force', 'play back replays made with other data files or another format version (they may diverge)')
  .action((files: string[], o: { force?: boolean }) => {
    const c = content();
    let bad = 0;
    for (const file of files) {
      try {
        const replay = readReplayFile(file);
        const r = verifyReplay(replay, c, { force: o.force ?? false });
        for (const w of r.warnings) process.stdout.write(`warning: ${printable(file)}: ${printable(w)}\n`);
        if (r.ok && r.duel) {
          process.stdout.write(`ok   ${printable(file)}: ${r.turns} turns match${replay.end ? `; ${printable(outcomeText(r.duel))}` : ' (unfinished duel)'}\n`);
        } else {
          bad++;
          const d = r.divergence;
          process.stdout.write(printable(`FAIL ${file}: turn ${d?.turn}: expected ${d?.expected}, got ${d?.actual}: ${d?.detail}`) + '\n');
        }
      } catch (e) {
        if (e instanceof ReplayError) {
          bad++;
          process.stdout.write(`FAIL ${e.message}\n`);
        } else throw e;
      }
    }
    process.exit(bad === 0 ? 0 : 1);
  });

program
  .command('calc')
  .description('compute, without rolling, a character\'s numbers and exact odds against a target (docs/CLI.md)')
  .argument('<ruleset>', `the ruleset (${inWords(availableRulesets().filter((id) => rulesetModule(id)?.calculator), 'or')})`)
  .option('--attacker <spec>', 'a hero preset (arena list heroes --ruleset RULESET) or inline JSON (required)')
  .option('--defender <spec>', 'a monster (arena list foes --ruleset RULESET) or inline JSON (required)')
  .addOption(new Option('--edition <edition>', 'spoiler: as the seed document says; source: as the game\'s code does').choices([...EDITIONS]).default('spoiler'))
  .option('--distance <n>', 'squares between them, for missiles', '1')
  .addOption(new Option('--visibility <v>', 'whether the attacker sees the target: auto (unseen only if invisible to it)').choices(['auto', 'seen', 'unseen']).default('auto'))
  .option('--json', 'print JSON instead of a table')
  .action(async (ruleset: string, o: { attacker?: string; defender?: string; edition: string; distance: string; visibility: string; json?: boolean }) => {
    // The ruleset first: options it would need mean nothing for a ruleset without a calculator.
    const load = rulesetModule(ruleset)?.calculator;
    if (!load) {
      const covered = inWords(availableRulesets().filter((id) => rulesetModule(id)?.calculator), 'and');
      throw new UsageError(`calc: ${isRulesetId(ruleset) ? `the calculator covers ${covered}; "${ruleset}" has none yet` : `unknown ruleset "${ruleset}"; the calculator covers ${covered}`}`);
    }
    const missing = (['attacker', 'defender'] as const).filter((k) => o[k] === undefined).map((k) => `--${k}`);
    if (missing.length > 0) throw new UsageError(`calc ${ruleset}: give ${inWords(missing, 'and')} (arena calc --help)`);
    const calculator = await load();
    const distance = /^\d+$/.test(o.distance) ? Number(o.distance) : NaN;
    if (calculator.usesRange && (!Number.isInteger(distance) || distance < 1 || distance > 40)) throw new UsageError(`--distance: must be a whole number from 1 to 40 (got "${o.distance}")`);
    const { CalcInputError } = await import('../rules/calc-input.js');
    try {
      process.stdout.write(calculator.text(content(), { attacker: o.attacker ?? '', defender: o.defender ?? '', edition: o.edition as Edition, distance, visibility: o.visibility as 'auto' | 'seen' | 'unseen' }, o.json === true));
    } catch (e) {
      if (e instanceof CalcInputError) throw new UsageError(e.message);
      throw e;
    }
  });

program
  .command('list')
  .description('list rulesets, heroes, foes or arenas')
  .argument('[what]', 'rulesets | heroes | foes | arenas (all when absent)')
  .option('--ruleset <id>', 'ruleset whose fighters to list', availableRulesets()[0])
  .option('--search <text>', 'only the entries whose id or name holds this text (any case)')
  .option('--json', 'print JSON: each entry with what the ruleset\'s data says of it')
  .action((what: string | undefined, o: { ruleset: string; search?: string; json?: boolean }) => {
    const kinds = ['rulesets', 'heroes', 'foes', 'arenas'];
    if (what !== undefined && !kinds.includes(what)) throw new UsageError(`list: unknown list "${what}"; choose one of: ${kinds.join(', ')}`);
    if (o.search !== undefined && o.search.trim() === '') throw new UsageError('--search: give some text to look for in the ids and names');
    const c = content();
    const show = (k: string) => what === undefined || what === k;
    const needle = o.search?.trim().toLowerCase();
    const matches = (id: string, name: string) => needle === undefined || id.toLowerCase().includes(needle) || name.toLowerCase().includes(needle);
    let ruleset;
    try {
      ruleset = getRuleset(o.ruleset, c, DEFAULT_EDITION);
    } catch (e) {
      throw new UsageError(`--ruleset: ${(e as Error).message}`);
    }
    // Each list: its entries as [id, name, text, json].
    type Row = { id: string; name: string; text: string; json: () => unknown };
    const lists: [string, string, Row[]][] = [];
    if (show('rulesets')) {
      const rows = availableRulesets().map((id) => {
        const r = getRuleset(id, c, DEFAULT_EDITION);
        return { id, name: r.name, text: r.description, json: () => ({ id, name: r.name, description: r.description }) };
      });
      lists.push(['rulesets', 'rulesets:', rows]);
    }
    for (const [k, kind] of [['heroes', 'hero'], ['foes', 'monster']] as const) {
      if (!show(k)) continue;
      const rows = ruleset.catalog().filter((x) => x.kind === kind).map((e) => ({ id: e.id, name: e.name, text: e.description, json: () => entryJson(ruleset.id, c, e) }));
      lists.push([k, `${k} (${ruleset.id}):`, rows]);
    }
    if (show('arenas')) {
      const rows = arenaIds(c).map((id) => {
        const a = c.arenas.get(id);
        const text = a ? `${a.name}: ${a.description}` : builtInDescription(id);
        return { id, name: a?.name ?? id, text, json: () => ({ id, ...(a ? { name: a.name, description: a.description } : { description: text }) }) };
      });
      lists.push(['arenas', 'arenas:', rows]);
    }
    const found = lists.map(([k, title, rows]) => [k, title, rows.filter((r) => matches(r.id, r.name))] as const);
    if (needle !== undefined && found.every(([, , rows]) => rows.length === 0)) {
      const where = what === undefined ? `rulesets, heroes and foes of ${ruleset.id}, or arenas` : what === 'heroes' || what === 'foes' ? `${what} of ${ruleset.id}` : what;
      fail(`list: no ${where} match "${o.search ?? ''}" (by id or name)`, 1);
    }
    if (o.json) {
      const out: Record<string, unknown> = {};
      for (const [k, , rows] of found) {
        if ((k === 'heroes' || k === 'foes') && !('ruleset' in out)) out.ruleset = ruleset.id;
        out[k] = rows.map((r) => r.json());
      }
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      return;
    }
    const out: string[] = [];
    for (const [, title, rows] of found) {
      // A list left empty by --search is left out; each list's descriptions start in one column.
      if (needle !== undefined && rows.length === 0) continue;
      out.push(title);
      const w = Math.max(0, ...rows.map((r) => r.id.length));
      for (const r of rows) out.push(`  ${r.id.padEnd(w)}  ${r.text}`);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  });

program
  .command('schemas')
  .description('write (or check) the JSON Schemas of the data files in data/schemas/')
  .option('--write', 'write the schema files')
  .option('--check', 'exit 1 if a schema file is missing or out of date')
  .action((o: { write?: boolean; check?: boolean }) => {
    const c = content();
    const dir = join(c.root, 'schemas');
    if (o.write) mkdirSync(dir, { recursive: true });
    let stale = 0;
    for (const [file, schema] of Object.entries(jsonSchemas())) {
      const path = join(dir, file);
      const text = `${JSON.stringify(schema, null, 2)}\n`;
      const same = existsSync(path) && readFileSync(path, 'utf8') === text;
      if (o.write && !same) {
        try {
          writeFileSync(path, text);
        } catch (e) {
          fail(`cannot write data/schemas/${file}: ${storageReason(e)}`, 1);
        }
      }
      if (!same) stale++;
      process.stdout.write(`${same ? 'up to date' : o.write ? 'written   ' : 'stale     '} data/schemas/${file}\n`);
    }
    if (o.check && stale > 0 && !o.write) process.exit(1);
  });

async function main(): Promise<void> {
  guardOutput();
  try {
    // "arena" alone (so "npm start") opens the menu; options without a command still play at once.
    await program.parseAsync(process.argv.length <= 2 ? [...process.argv, 'menu'] : process.argv);
  } catch (e) {
    // Commander has printed its own message (unknown option, missing argument, help, version).
    if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
    if (e instanceof ReplayWriteError) fail(e.message, 1);
    if (e instanceof UsageError || e instanceof DataError || e instanceof ReplayError) fail(e.message);
    if (e instanceof Error && /^--|^unknown |^list:|^arena:/.test(e.message)) fail(e.message);
    if (e instanceof Error) fail(e.message, 1);
    throw e;
  }
}

void main();
