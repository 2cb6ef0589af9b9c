import { describe, expect, it } from 'vitest';
import { editDistance, nearestCommands, unknownCommandText } from '../../src/cli/suggest.js';
import { arena } from './run.js';

const COMMANDS = ['play', 'menu', 'lab', 'watch', 'duel', 'sim', 'sweep', 'compare', 'replay', 'resume', 'saves', 'verify', 'calc', 'list', 'schemas'];

describe('a first word that is not a command', () => {
  it('edit distance counts a swap of neighbours as one', () => {
    expect(editDistance('simm', 'sim')).toBe(1);
    expect(editDistance('lsit', 'list')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the nearest commands, or lists them all when none is near', () => {
    expect(nearestCommands('simm', COMMANDS)).toEqual(['sim']);
    expect(nearestCommands('re', COMMANDS)).toEqual(['replay', 'resume']);
    expect(nearestCommands('dual', COMMANDS)).toEqual(['duel']);
    expect(nearestCommands('xyzzy', COMMANDS)).toEqual([]);
    expect(unknownCommandText('re', COMMANDS)).toBe("unknown command 're'; did you mean 'replay' or 'resume'?");
    expect(unknownCommandText('xyzzy', COMMANDS)).toBe(`unknown command 'xyzzy'; the commands are ${COMMANDS.join(', ')} (arena --help says what each does)`);
    expect(unknownCommandText('sim', COMMANDS)).toBe('"sim" is a command: it must come first (arena sim [options])');
  });

  it.each([
    [['simm'], "arena: unknown command 'simm'; did you mean 'sim'?"],
    [['simm', '--seed', '3'], "arena: unknown command 'simm'; did you mean 'sim'?"],
    [['--seed', '3', 'lsit'], "arena: unknown command 'lsit'; did you mean 'list'?"],
    [['play', 'simm'], 'arena: play: takes no arguments (got "simm")'],
  ])('arena %j says so in one line, exit 2', async (args, line) => {
    const r = await arena(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${line}\n`);
  });

  it.each([[[]], [['--ruleset', 'angband-3.0.5']], [['--seed', '4', '--foe', 'rat']]])('arena %j still starts the default command (which needs a terminal)', async (args) => {
    const r = await arena(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^arena: "(play|menu)" needs a terminal/);
  });
});
