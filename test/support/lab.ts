import type { Duel, DuelSetup } from '../../src/game/duel.js';
import { attackContext } from '../../src/systems/combat.js';
import { canPerceive } from '../../src/systems/perception.js';
import { type LabScreen, labCells } from '../../src/tui/lab.js';
import type { ArenaEntity } from '../../src/world/components.js';
import { type Harness, defaultSetup } from './tui-harness.js';

/** What the lab tests share: a setup per ruleset, the arrow keys, the lab on top, its table's cells. */

/** Setups whose foe rolls its kit and hit points when built (Crawl, Stone Soup) or has fixed ones. */
export const LAB_SETUPS: Readonly<Record<string, DuelSetup>> = {
  'pixel-dungeon': defaultSetup({ heroControl: 'ai' }),
  'angband-3.0.5': defaultSetup({ ruleset: 'angband-3.0.5', heroControl: 'ai', hero: { template: 'elf-ranger', options: {} }, foe: { template: 'uruk', options: {} } }),
  'crawl-4.0b20': defaultSetup({ ruleset: 'crawl-4.0b20', heroControl: 'ai', seed: '1', hero: { template: 'minotaur-fighter', options: {} }, foe: { template: 'orc-warrior', options: {} } }),
  'stone-soup-0.5.2': defaultSetup({ ruleset: 'stone-soup-0.5.2', heroControl: 'ai', seed: '1', hero: { template: 'halfling-assassin', options: {} }, foe: { template: 'orc-warrior', options: {} } }),
};

export const RIGHT = '\x1b[C';
export const LEFT = '\x1b[D';
export const DOWN = '\x1b[B';

export const labOf = (x: Harness): LabScreen => x.app.current as LabScreen;

/** The exact cells of one side's attacks on the other at distance 1, as the lab's table shows them. */
export function cellsOf(d: Duel, side: 'hero' | 'foe'): string[][] {
  const [a, b]: ArenaEntity[] = side === 'hero' ? [d.hero, d.foe] : [d.foe, d.hero];
  const ctx = { ...attackContext(d, a!, b!), distance: 1, visible: canPerceive(d, a!, b!) };
  return d.ruleset
    .attackOptions(d.view(a!))
    .filter((o) => d.ruleset.canUse(o, 1))
    .map((o) => labCells(d.ruleset.previewAttack(d.view(a!), d.view(b!), o, ctx), b!.body!.maxHp));
}
