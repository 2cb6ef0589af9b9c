import type { Distribution } from '../../core/distribution.js';
import type { Tracer } from '../../core/trace.js';
import { subjectOf, verb } from '../names.js';
import type { AttackOption, Effect } from '../ruleset.js';
import { type PdContext, type PdView, ability, heroRules, monsterOf, monsterRules } from './context.js';
import { IntRangeDie, NormalIntRangeDie, intRange, oneIn } from './random.js';
import { armourDr, monsterDr, toMilliturns } from './sheet.js';
import { type PdStep, pdStepKind, pdStepsLaw, runPdSteps } from './steps.js';
import type { PdState } from './types.js';
import { SECTION_STATUS } from './upkeep.js';

/** What monsters do besides their damage: their abilities on a hit, and the skeleton's last burst. */

type PdEffect = Effect<PdState>;

/** The bone shards' damage, and half the armour taken off it, never below 0. */
const SHARDS = pdStepKind('bone shards', (_x, r) => r);
const HALF_ARMOUR = pdStepKind(
  'armour absorbs (half armour)',
  (x, r) => Math.max(0, x - r),
  (t, before, after, r) => {
    t.mod('- armour', before, after, `absorbed ${r}`);
  },
);

/**
 * A skeleton's death burst on one neighbour: NormalIntRange over the burst's range, less
 * IntRange(0, armour / 2), never below 0 (Skeleton.java).
 */
function boneShardSteps(range: readonly [number, number], armour: number): PdStep[] {
  return [SHARDS(new NormalIntRangeDie(range[0], range[1])), HALF_ARMOUR(new IntRangeDie(0, Math.floor(armour / 2)))];
}

export function boneShards(t: Tracer, range: readonly [number, number], armour: number): number {
  if (t.recording) t.rule(SECTION_STATUS, 'Bone explosion');
  return runPdSteps(t, boneShardSteps(range, armour), 0);
}

export function boneShardsDist(range: readonly [number, number], armour: number): Distribution {
  return pdStepsLaw(boneShardSteps(range, armour), 0);
}

/** A monster's abilities on a hit that dealt `damage`, in the order the monster lists them. */
export function monsterHitEffects(c: PdContext, t: Tracer, attacker: PdView, defender: PdView, option: AttackOption, damage: number, now: number): PdEffect[] {
  const effects: PdEffect[] = [];
  const mon = monsterOf(c, attacker);
  for (const a of mon.abilities) {
    switch (a.kind) {
      case 'drain': {
        const heal = Math.min(damage, attacker.body.maxHp - attacker.body.hp);
        if (heal > 0) effects.push({ kind: 'heal', target: attacker.id, amount: heal, cause: 'drains blood' });
        break;
      }
      case 'bleeding-on-hit':
        if (damage > 0 && oneIn(t, a.oneIn, 'bleeding bite')) {
          effects.push({ kind: 'status', target: defender.id, status: { kind: 'bleeding', level: damage, next: now }, mode: 'set' });
          effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'start')} bleeding.`, tone: 'bad' });
        }
        break;
      case 'cripple-on-hit':
        if (oneIn(t, a.oneIn, 'crippling sting')) {
          effects.push({ kind: 'status', target: defender.id, status: { kind: 'crippled', until: now + toMilliturns(a.turns) }, mode: 'prolong' });
          effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} crippled.`, tone: 'bad' });
        }
        break;
      case 'poison-and-flee':
        if (oneIn(t, a.oneIn, 'poisonous bite')) {
          const left = intRange(t, a.poison[0], a.poison[1], 'poison strength');
          effects.push({ kind: 'status', target: defender.id, status: { kind: 'poisoned', level: left, next: now }, mode: 'set' });
          effects.push({ kind: 'ai-mode', target: attacker.id, mode: 'fleeing' });
          effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'are', 'is')} poisoned!`, tone: 'bad' });
        }
        break;
      case 'steal-and-flee': {
        const r = monsterRules(attacker);
        const loot = defender.inventory.pack;
        if (r && r.stolen === null && heroRules(defender) && loot.length > 0) {
          const i = loot.length === 1 ? 0 : intRange(t, 0, loot.length - 1, 'which item is stolen');
          effects.push({ kind: 'steal', thief: attacker.id, victim: defender.id, packIndex: i });
          const taken = loot[i];
          if (taken) effects.push({ kind: 'rules', target: attacker.id, patch: { stolen: { ...taken } } });
          effects.push({ kind: 'ai-mode', target: attacker.id, mode: 'fleeing' });
        }
        break;
      }
      case 'disarm': {
        const w = defender.inventory.weapon;
        if (heroRules(defender) && w && w.item !== 'knuckleduster' && oneIn(t, a.oneIn, 'disarming blow')) {
          effects.push({ kind: 'disarm', target: defender.id });
        }
        break;
      }
      case 'shadow-bolt':
        if (option.id === 'spell:shadow-bolt' && heroRules(defender) && oneIn(t, a.weaknessOneIn, 'weakening bolt')) {
          effects.unshift({ kind: 'status', target: defender.id, status: { kind: 'weakened', until: now + toMilliturns(a.weaknessTurns) }, mode: 'prolong' });
          effects.push({ kind: 'message', text: `${subjectOf(defender)} ${verb(defender, 'feel')} weakened.`, tone: 'bad' });
        }
        break;
      default:
        break;
    }
  }
  return effects;
}

/** A monster's death: the skeleton's bones burst over its neighbours, and a thief drops what it stole. */
export function onDeath(c: PdContext, t: Tracer, victim: PdView, neighbours: readonly PdView[]): PdEffect[] {
  const effects: PdEffect[] = [];
  const r = monsterRules(victim);
  if (!r) return effects;
  const m = monsterOf(c, victim);
  const blast = ability(m, 'bone-explosion');
  if (blast) {
    effects.push({ kind: 'message', text: `The ${m.name} explodes in a shower of bones!`, tone: 'warn' });
    for (const n of neighbours) {
      if (n.body.hp <= 0) continue;
      const armour = n.inventory.armour && c.armours.get(n.inventory.armour.item);
      const dr = heroRules(n) ? (armour && n.inventory.armour ? armourDr(armour, n.inventory.armour.level) : 0) : monsterDr(t, monsterOf(c, n), c.edition);
      const dmg = boneShards(t, blast.damage, dr);
      if (dmg > 0) effects.push({ kind: 'damage', target: n.id, amount: dmg, cause: 'bone shards' });
    }
  }
  if (r.stolen) effects.push({ kind: 'drop', at: { x: victim.pos.x, y: victim.pos.y }, stack: { ...r.stolen } });
  return effects;
}
