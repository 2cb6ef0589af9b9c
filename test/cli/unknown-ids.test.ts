import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/index.js';
import { setupFromOptions, type DuelOptions } from '../../src/cli/setup-options.js';
import { idHint, nearestByEdits } from '../../src/core/suggest.js';
import { resolveSides } from '../../src/cli/compare-command.js';
import { planSweep } from '../../src/cli/sweep.js';

/**
 * An unknown id in a roster of hundreds: one short line naming the ids close to it (those that
 * contain it, or a typo away) and the command that lists them, never the whole roster.
 */

const content = loadContent();
const ANG = content.angband.monsters.map((m) => m.id);
const LIST = { noun: 'foe', command: 'arena list foes --ruleset angband-3.0.5' };

describe('idHint', () => {
  it.each([
    ['ids that contain the word (any case), at most six, and the search that lists them all', 'Balrog', 'did you mean lesser-balrog, the-balrog-of-moria, lungorthin-the-balrog-of-white-fire, gothmog-the-high-captain-of-balrogs, greater-balrog? (arena list foes --ruleset angband-3.0.5 --search "Balrog" lists the matches)'],
    ['more than six matches: the first six', 'orc', `did you mean ${ANG.filter((id) => id.includes('orc')).slice(0, 6).join(', ')}? (arena list foes --ruleset angband-3.0.5 --search "orc" lists the matches)`],
    ['a typo: the ids a least edit distance away', 'jakal', 'did you mean jackal? (arena list foes --ruleset angband-3.0.5 lists all 616)'],
    ['nothing close in a long list: the count and the command', 'xyzzyq', 'no foe id contains it (arena list foes --ruleset angband-3.0.5 lists all 616)'],
  ])('%s', (_what, word, text) => {
    expect(idHint(word, ANG, LIST)).toBe(text);
  });

  it('nothing close in a short list: the whole list', () => {
    expect(idHint('dragon', ['rat', 'bat'], LIST)).toBe('choose one of: rat, bat');
  });

  it('a typo is at most 2 edits and less than half the word', () => {
    expect(nearestByEdits('simm', ['sim', 'list'])).toEqual(['sim']);
    expect(nearestByEdits('ab', ['ac'])).toEqual([]);
    expect(nearestByEdits('abcdef', ['abcxyz'])).toEqual([]);
  });
});

describe('--hero and --foe in a roster of hundreds (in-process)', () => {
  const options = (over: Partial<DuelOptions>): DuelOptions => ({ seed: 'ids', ruleset: 'angband-3.0.5', edition: 'spoiler', arena: 'rooms', maxTurns: '1000', ...over });
  const refusal = (over: Partial<DuelOptions>): string => {
    try {
      setupFromOptions(options(over), content, 'ai');
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };

  it.each([
    [{ foe: 'dunadan-paladin' }, '--foe: unknown foe "dunadan-paladin" for angband-3.0.5; dunadan-paladin is a hero (it fights on the hero side: --hero dunadan-paladin); no foe id contains it (arena list foes --ruleset angband-3.0.5 lists all 616)'],
    [{ foe: 'jakal' }, '--foe: unknown foe "jakal" for angband-3.0.5; did you mean jackal? (arena list foes --ruleset angband-3.0.5 lists all 616)'],
    [{ hero: 'balrog' }, '--hero: unknown hero "balrog" for angband-3.0.5; did you mean lesser-balrog, the-balrog-of-moria, lungorthin-the-balrog-of-white-fire, gothmog-the-high-captain-of-balrogs, greater-balrog? (arena list --ruleset angband-3.0.5 --search "balrog" lists the matches)'],
    [{ hero: 'necromancr' }, `--hero: unknown hero "necromancr" for angband-3.0.5; did you mean necromancer? Else choose one of: ${content.angband.heroes.map((h) => h.id).join(', ')}, or a monster (arena list foes --ruleset angband-3.0.5)`],
    [{ hero: 'zzqq' }, `--hero: unknown hero "zzqq" for angband-3.0.5; choose one of: ${content.angband.heroes.map((h) => h.id).join(', ')}, or a monster (arena list foes --ruleset angband-3.0.5)`],
  ])('%j', (over, text) => {
    const message = refusal(over);
    expect(message).toBe(text);
    expect(message.length).toBeLessThan(400);
  });
});

describe('sweep --values and compare --foe-b in a roster of hundreds', () => {
  const base = { seed: 'ids', ruleset: 'angband-3.0.5', edition: 'spoiler', arena: 'rooms', maxTurns: '1000' };
  const message = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    return '';
  };

  it('sweep --vary foe --values with an unknown foe', () => {
    const setup = setupFromOptions(base as DuelOptions, content, 'ai');
    expect(message(() => planSweep(setup, content, { vary: 'foe', values: 'jackal,jakal' }))).toBe('--values: unknown foe "jakal" for angband-3.0.5; did you mean jackal? (arena list foes --ruleset angband-3.0.5 lists all 616)');
  });

  it('compare --foe-b with an unknown foe', () => {
    const usage = (m: string) => new Error(`usage: ${m}`);
    const o = { ...base, against: 'angband-3.0.5', editionB: 'source', foeB: 'balrog', duels: '0' } as Parameters<typeof resolveSides>[0];
    expect(message(() => resolveSides(o, content, usage))).toBe('usage: --foe-b: unknown foe "balrog" for angband-3.0.5; did you mean lesser-balrog, the-balrog-of-moria, lungorthin-the-balrog-of-white-fire, gothmog-the-high-captain-of-balrogs, greater-balrog? (arena list foes --ruleset angband-3.0.5 --search "balrog" lists the matches)');
  });
});
