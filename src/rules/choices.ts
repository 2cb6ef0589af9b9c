import { type RulesetTables, getRuleset } from './registry.js';
import type { Ruleset, RulesetId } from './ruleset.js';

/**
 * What a hero preset's options may be changed to, per ruleset, read from the same tables the
 * rulesets' `buildFighter` checks `--weapon`, `--armour`, `--level` and `--form` against. A
 * choice whose `id` is null leaves the option out: the preset's own. A choice no hero preset
 * can take is left out (Stone Soup's giant clubs: only the ogre is big enough, and its preset
 * carries a shield); whether the chosen hero can take one is the ruleset's to say.
 */
export interface Choice {
  readonly id: string | null;
  readonly name: string;
  readonly description: string;
}

export interface HeroChoices {
  /** The preset's, then none, then every melee weapon. */
  readonly weapons: readonly Choice[];
  /** The preset's, then none, then every body armour. */
  readonly armours: readonly Choice[];
  /** The range `--level` accepts (numberOption in the ruleset's buildHero). */
  readonly levels: { readonly min: number; readonly max: number };
  /** Transformations (`--form`): the preset's, none, then each; empty when the ruleset has none. */
  readonly forms: readonly Choice[];
  /** AX-Crawl's stat systems (`--stat-system`); empty when the ruleset has none. The first is the default. */
  readonly statSystems: readonly Choice[];
}

interface Item {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

const PRESET: Choice = { id: null, name: "the preset's", description: 'as the hero preset has it' };
const NONE: Choice = { id: 'none', name: 'none', description: 'nothing' };

/** Levels per ruleset, as each buildHero reads `--level`. */
const LEVELS: Readonly<Record<RulesetId, { min: number; max: number }>> = {
  'pixel-dungeon': { min: 1, max: 30 },
  'angband-3.0.5': { min: 1, max: 50 },
  'crawl-4.0b20': { min: 1, max: 27 },
  'stone-soup-0.5.2': { min: 1, max: 27 },
};

const STAT_SYSTEMS: readonly Choice[] = [
  { id: 'new', name: 'new', description: 'the new stat system, as vanilla Crawl (the default)' },
  { id: 'classic', name: 'classic', description: "AX-Crawl's classic stat system" },
];

const withPresetAndNone = (items: readonly Item[]): Choice[] => [PRESET, NONE, ...items.map((i) => ({ id: i.id, name: i.name, description: i.description }))];

const cache = new WeakMap<RulesetTables, Map<RulesetId, HeroChoices>>();

/** The hero options a ruleset accepts, from its tables (worked out once per set of tables). */
export function heroChoices(content: RulesetTables, rulesetId: RulesetId): HeroChoices {
  let byId = cache.get(content);
  if (!byId) {
    byId = new Map();
    cache.set(content, byId);
  }
  let c = byId.get(rulesetId);
  if (!c) {
    c = usable(getRuleset(rulesetId, content), tableChoices(content, rulesetId));
    byId.set(rulesetId, c);
  }
  return c;
}

function builds(r: Ruleset, template: string, options: Readonly<Record<string, string>>): boolean {
  try {
    r.buildFighter({ template, options }, 'spoiler');
    return true;
  } catch {
    return false;
  }
}

/** Keeps the choices at least one hero preset can take (the default hero is tried first). */
function usable(r: Ruleset, c: HeroChoices): HeroChoices {
  const heroes = [r.defaultHero, ...r.catalog().filter((e) => e.kind === 'hero' && e.id !== r.defaultHero).map((e) => e.id)];
  const keep = (key: string, list: readonly Choice[]) => list.filter((x) => x.id === null || heroes.some((h) => builds(r, h, { [key]: x.id as string })));
  return { ...c, weapons: keep('weapon', c.weapons), armours: keep('armour', c.armours), forms: keep('form', c.forms) };
}

function tableChoices(content: RulesetTables, rulesetId: RulesetId): HeroChoices {
  const levels = LEVELS[rulesetId];
  switch (rulesetId) {
    case 'pixel-dungeon': {
      const t = content.pixelDungeon;
      return { weapons: withPresetAndNone(t.meleeWeapons), armours: withPresetAndNone(t.armours), levels, forms: [], statSystems: [] };
    }
    case 'angband-3.0.5': {
      const t = content.angband;
      return { weapons: withPresetAndNone(t.meleeWeapons), armours: withPresetAndNone(t.armour.filter((a) => a.slot === 'body')), levels, forms: [], statSystems: [] };
    }
    case 'crawl-4.0b20':
    case 'stone-soup-0.5.2': {
      const t = rulesetId === 'crawl-4.0b20' ? content.crawl : content.stoneSoup;
      return {
        weapons: withPresetAndNone(t.weapons),
        armours: withPresetAndNone(t.armour.filter((a) => a.slot === 'body')),
        levels,
        forms: withPresetAndNone(t.forms),
        // Only the crawl-4.0b20 ruleset offers the choice (`--stat-system` is refused for Stone Soup).
        statSystems: rulesetId === 'crawl-4.0b20' ? STAT_SYSTEMS : [],
      };
    }
  }
}
