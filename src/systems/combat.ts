import { lawAsNumbers } from '../core/luck.js';
import type { AttackContext, AttackOption } from '../rules/ruleset.js';
import { type ArenaEntity, stackKey } from '../world/components.js';
import { type Point, distance } from '../world/grid.js';
import { type ProjectilePath, castProjectile } from '../world/projectile.js';
import { applyEffects, fighterAt } from './effects.js';
import { sees } from './perception.js';
import type { DuelState } from './state.js';
import { tallyAttack } from './tally.js';
import { possessive } from '../rules/names.js';

export function attackContext(s: DuelState, a: ArenaEntity, d: ArenaEntity): AttackContext {
  if (!a.pos || !d.pos) throw new Error('both fighters need a position');
  return {
    now: s.now,
    distance: distance(a.pos, d.pos),
    visible: sees(s, a, d),
    attackerTerrain: s.grid.get(a.pos.x, a.pos.y),
    defenderTerrain: s.grid.get(d.pos.x, d.pos.y),
    ...(s.luck || s.tally?.exact ? { luck: true } : {}),
  };
}

export function findOption(s: DuelState, e: ArenaEntity, id: string): AttackOption | undefined {
  return s.ruleset.attackOptions(s.view(e)).find((o) => o.id === id);
}

/** Resolves one attack through the ruleset and applies what it did. Returns the energy cost. */
function resolve(s: DuelState, a: ArenaEntity, d: ArenaEntity, option: AttackOption): number {
  const defenderHp = d.body?.hp ?? 0;
  const out = s.ruleset.resolveAttack(s.tracer(), s.view(a), s.view(d), option, attackContext(s, a, d));
  if (out.hit && option.kind === 'melee' && d.fighter?.kind === 'hero' && d.awareness && !sees(s, d, a)) d.awareness.struckUnseen = true;
  s.message(out.summary, a.fighter?.side === 0 ? (out.hit ? 'good' : 'info') : out.hit ? 'bad' : 'info');
  const side = a.fighter?.side === 0 ? 0 : 1;
  // A spell on oneself is no attack: the tally counts what it does (a heal) as it counts a potion.
  if (s.tally && option.kind !== 'self') {
    tallyAttack(s.tally, side, option, out, { time: s.now, defenderHp, aliveAtZero: d.body?.aliveAtZero === true });
    s.tally.inAttack = true;
    applyEffects(s, out.effects);
    s.tally.inAttack = false;
  } else applyEffects(s, out.effects);
  s.endEvent(out.summary, a.id);
  // A spell on oneself deals no damage to read luck in.
  if (s.luck && out.luck && option.kind !== 'self') s.luck.push({ turn: s.turn + 1, side, law: lawAsNumbers(out.luck.law), dealt: out.luck.dealt, odds: out.odds.toNumber() });
  return out.cost;
}

export function meleeAttack(s: DuelState, a: ArenaEntity, d: ArenaEntity): number {
  const option = s.ruleset.attackOptions(s.view(a)).find((o) => o.kind === 'melee');
  if (!option) throw new Error(`${a.fighter?.name} has no melee attack`);
  return resolve(s, a, d, option);
}

/** The path a ranged attack would fly, with the fighter it would strike (if any). */
export function aimAt(s: DuelState, a: ArenaEntity, option: AttackOption, target: Point): { path: ProjectilePath; victim: ArenaEntity | undefined } {
  if (!a.pos) throw new Error('the attacker has no position');
  const opts = option.projectile ?? { magic: false, hitChars: true };
  const path = castProjectile(s.grid, a.pos, target, opts, (x, y) => fighterAt(s, x, y) !== undefined);
  const victim = path.reason === 'character' ? fighterAt(s, path.stop.x, path.stop.y) : undefined;
  return { path, victim };
}

/** A throw, zap or spell at a cell. Returns the energy cost. */
export function fireAttack(s: DuelState, a: ArenaEntity, option: AttackOption, target: Point): number {
  // A spell on oneself (heal, haste, blink) flies nowhere.
  if (option.kind === 'self') return resolve(s, a, a, option);
  const { path, victim } = aimAt(s, a, option, target);
  if (a.pos) {
    // Bolts and spells are drawn as '*', thrown things as '`'.
    const glyph = option.spends === 'charge' || option.id.startsWith('spell:') ? '*' : '`';
    s.event({ kind: 'projectile', from: { ...a.pos }, cells: path.cells.map((c) => ({ ...c })), glyph });
  }
  const pack = a.inventory?.pack;
  const stack = option.item ? pack?.find((p) => stackKey(p) === option.item) : undefined;
  if (stack && pack) {
    if (option.spends === 'charge') stack.charges = Math.max(0, (stack.charges ?? 0) - 1);
    else if (option.spends === 'item') {
      stack.quantity -= 1;
      if (stack.quantity <= 0) pack.splice(pack.indexOf(stack), 1);
    }
  }
  if (victim && victim.id !== a.id) return resolve(s, a, victim, option);
  const what = option.item ? `${possessive(a)} ${s.ruleset.itemName(option.item)}` : `${possessive(a)} ${option.label}`;
  const where = path.reason === 'target' || path.reason === 'range' ? 'lands' : 'stops';
  s.message(`${what.charAt(0).toUpperCase()}${what.slice(1)} ${where} at ${path.stop.x},${path.stop.y}.`, 'info');
  const from = a.pos ?? path.stop;
  const landing = s.ruleset.missileLanded(s.tracer(), s.view(a), option, path.stop, {
    reason: path.reason,
    distance: distance(from, path.stop),
    ...(path.obstacle ? { obstacleDistance: distance(from, path.obstacle) } : {}),
  });
  s.endEvent(`${what} ${where}`, a.id);
  applyEffects(s, landing);
  return s.ruleset.attackCost(s.view(a), option, s.now);
}

