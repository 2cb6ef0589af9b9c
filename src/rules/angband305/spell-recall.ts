import { Fraction } from '../../core/fraction.js';
import { section, spreadText, two } from '../recall.js';
import type { RecallSection } from '../ruleset.js';
import { type AngContext, type AngView, heroRules, monsterOf, monsterRules } from './context.js';
import { MAX_RANGE, type SpellWorld, castOdds, choosable, spellPreview } from './monster-spells.js';
import { gameSpellName, rawDamage, spellDef } from './spell-table.js';
import { actionsPerTurn } from './recall.js';
import type { AngSpellName } from './types.js';

/**
 * The recall page's spell section: how often the monster casts, each spell's chance of being
 * chosen, what it does to the one looking (its damage after their defences, their saving throw),
 * and the spells a duel leaves out, with why. Every figure is exact, from the rules themselves.
 */

/** What a status spell does and what stops it, for the hero reading the page. */
function effectText(name: AngSpellName, world: SpellWorld, observer: AngView, level: number): string {
  const h = heroRules(observer) ? world.hero(observer) : undefined;
  const def = h?.defences;
  const save = def ? Math.max(0, Math.min(100, def.savingThrow)) : 0;
  const saved = `you save ${save}% of the time (your saving throw)`;
  const stop = (has: boolean | undefined, what: string, then: string): string => (has ? `you are unaffected (${what})` : `${saved}; else ${then}`);
  switch (name) {
    case 'scare':
      return stop(def?.resist.has('fear'), 'you resist fear', 'afraid 4-7 more turns');
    case 'blind':
      return stop(def?.resist.has('blind'), 'you resist blindness', 'blind for 12-15 turns');
    case 'conf':
      return stop(def?.resist.has('confu'), 'you resist confusion', 'confused 4-7 more turns');
    case 'slow':
      return stop(def?.freeAction, 'free action', 'slowed (-10 speed) 4-7 more turns');
    case 'hold':
      return stop(def?.freeAction, 'free action', 'paralysed 4-7 more turns');
    case 'mind-blast':
      return `${saved}; else 8d8 damage${def?.resist.has('confu') ? '' : ' and confused 4-7 more turns'}`;
    case 'brain-smash':
      return `${saved}; else 12d15 damage, ${def?.resist.has('blind') ? '' : 'blind 8-15, '}${def?.resist.has('confu') ? '' : 'confused 4-7, '}${def?.freeAction ? '' : 'paralysed 4-7, '}slowed 4-7 more turns`;
    case 'forget':
      return `${saved}; else it erases your memory of the map and of objects, which no rule of a duel reads`;
    case 'tele-to':
      return 'moves you next to it';
    case 'tele-away':
      return 'teleports you up to 100 squares away (the arena is smaller: anywhere in it)';
    case 'heal':
      return `heals it ${level * 6} hit points (level x 6) and ends its fear`;
    case 'haste':
      return 'speed +10 at once up to its kind + 10, then +2 a cast up to +20 (it lasts)';
    case 'blink':
      return 'it teleports up to 10 squares away';
    case 'tport':
      return 'it teleports up to 45 squares away';
    default:
      return '';
  }
}

/** The spell section of a monster's recall page, as `observer` would meet the spells. */
export function angSpellSection(ctx: AngContext, world: SpellWorld, subject: AngView, observer: AngView): RecallSection | null {
  const m = monsterOf(ctx, subject);
  if (m.spellFreq <= 0) return null;
  const foeIsMonster = monsterRules(observer) !== undefined;
  const odds = castOdds(m, subject.body.hp, subject.body.maxHp, foeIsMonster);
  const tries = odds.tries;
  const lines: string[] = [
    `It tries a spell on ${tries.percent(0)} of its turns (1_IN_${m.spellFreq}), when you stand within ${MAX_RANGE} squares in its line of fire; never while confused. Its spells never fail (the game's smart_monsters is off).`,
  ];
  if (m.flags.includes('smart')) lines.push('Below a tenth of its hit points it keeps, half the time, to its "intelligent" spells (escapes, heals, status spells).');
  const perTurn = actionsPerTurn(monsterRules(subject)?.speed ?? m.speed);
  let expected = Fraction.ZERO;
  for (const name of choosable(m, foeIsMonster)) {
    const s = spellDef(name);
    const p = odds.choice.get(name) ?? Fraction.ZERO;
    const head = `${gameSpellName(name)} (${s.label}): chosen ${p.percent(1)} of its spells, ${tries.mul(p).percent(1)} of its turns`;
    if (s.inert) {
      lines.push(`${head}; cast, but ${s.inert}.`);
      continue;
    }
    const raw = rawDamage(name, m, subject.body.hp);
    if (raw) {
      const pv = spellPreview(ctx, world, subject, observer, name, Fraction.ONE);
      expected = expected.add(p.mul(pv.expected));
      const after = pv.damage.min === pv.damage.max ? `${pv.damage.min} always` : spreadText(pv.damage);
      const gf = s.gf ? `; damage ${raw.formula}; after your defences ${after}` : `; ${effectText(name, world, observer, m.level)}`;
      lines.push(`${head}${gf}.`);
      continue;
    }
    lines.push(`${head}; ${effectText(name, world, observer, Math.max(1, m.level)) || 'no effect here'}.`);
  }
  if (!expected.equals(Fraction.ZERO)) {
    lines.push(`Expected spell damage when it casts: ${two(expected)}; a turn at its speed, counting the turns it tries: ${two(expected.mul(tries).mul(perTurn))}.`);
  }
  const left = m.spells.filter((s) => spellDef(s).notInArena);
  if (left.length) {
    const why = [...new Set(left.map((s) => spellDef(s).notInArena))].join('; ');
    lines.push(`Not in the arena: ${left.map(gameSpellName).join(', ')} (${why}). The choice is made among the rest.`);
  }
  if (foeIsMonster) {
    const skipped = m.spells.filter((s) => !spellDef(s).notInArena && !choosable(m, true).includes(s));
    if (skipped.length) lines.push(`Not against a monster: ${skipped.map(gameSpellName).join(', ')} (3.0.5 writes them only against the player).`);
  }
  return section(`Spells (1_IN_${m.spellFreq})`, lines);
}
