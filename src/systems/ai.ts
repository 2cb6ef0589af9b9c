import type { AttackOption } from '../rules/ruleset.js';
import type { ArenaEntity } from '../world/components.js';
import { DIRECTIONS, type DirectionName, type Point, distance, samePoint } from '../world/grid.js';
import { findPath } from '../world/path.js';
import { subjectOf, verb } from '../rules/names.js';
import { aimAt, attackContext } from './combat.js';
import { applyEffects, fighterAt, heapAt, opponentOf } from './effects.js';
import { checkMove } from './movement.js';
import { sees } from './perception.js';
import type { Command } from './commands.js';
import { type DuelState, timed } from './state.js';

/**
 * Monster and hero AI. Monsters follow Pixel Dungeon's mob states (Mob.java): asleep, wandering,
 * hunting and fleeing, with the ruleset deciding when a sleeper or wanderer notices its enemy.
 * Decisions that are not rules (where to wander) draw from the `ai` stream.
 */

function directionTo(from: Point, to: Point): DirectionName | undefined {
  const dx = Math.sign(to.x - from.x);
  const dy = Math.sign(to.y - from.y);
  return DIRECTIONS.find((d) => d.dx === dx && d.dy === dy)?.name;
}

/** The first step toward `target` on foot (or on wing), around other fighters; undefined if none. */
export function stepToward(s: DuelState, e: ArenaEntity, target: Point): DirectionName | undefined {
  if (!e.pos || !e.fighter) return undefined;
  const from = e.pos;
  if (samePoint(from, target)) return undefined;
  const flying = e.fighter.flying;
  const path = timed(s, 'path', () =>
    findPath(from, target, (x, y) => {
      if (!s.grid.passableFor(x, y, flying)) return false;
      const other = fighterAt(s, x, y);
      return !other || (x === target.x && y === target.y);
    }),
  );
  const first = path?.[0];
  if (!first) return undefined;
  const dir = directionTo(from, first);
  if (!dir) return undefined;
  const check = checkMove(s, e, dir);
  return check.ok ? dir : undefined;
}

/** Breadth-first distances from a cell over walkable ground. */
function distanceMap(s: DuelState, from: Point, flying: boolean): Int32Array {
  return timed(s, 'path', () => bfs(s, from, flying));
}

function bfs(s: DuelState, from: Point, flying: boolean): Int32Array {
  const w = s.grid.width;
  const dist = new Int32Array(w * s.grid.height).fill(-1);
  const queue: number[] = [from.y * w + from.x];
  dist[from.y * w + from.x] = 0;
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i] as number;
    const x = c % w;
    const y = (c - x) / w;
    for (const d of DIRECTIONS) {
      const nx = x + d.dx;
      const ny = y + d.dy;
      if (!s.grid.passableFor(nx, ny, flying)) continue;
      const k = ny * w + nx;
      if (dist[k] !== -1) continue;
      dist[k] = (dist[c] as number) + 1;
      queue.push(k);
    }
  }
  return dist;
}

/** The step that most increases the distance from `threat`; undefined when cornered. */
export function stepAway(s: DuelState, e: ArenaEntity, threat: Point): DirectionName | undefined {
  if (!e.pos || !e.fighter) return undefined;
  const dist = distanceMap(s, threat, e.fighter.flying);
  const w = s.grid.width;
  let best: DirectionName | undefined;
  let bestD = dist[e.pos.y * w + e.pos.x] ?? 0;
  for (const d of DIRECTIONS) {
    const nx = e.pos.x + d.dx;
    const ny = e.pos.y + d.dy;
    const dd = dist[ny * w + nx] ?? -1;
    if (dd > bestD && checkMove(s, e, d.name).ok && !fighterAt(s, nx, ny)) {
      best = d.name;
      bestD = dd;
    }
  }
  return best;
}

/** A random walkable cell to wander to (the `ai` stream). */
function randomDestination(s: DuelState, e: ArenaEntity): Point | null {
  const flying = e.fighter?.flying ?? false;
  for (let i = 0; i < 200; i++) {
    const x = s.rng.ai.int(s.grid.width);
    const y = s.rng.ai.int(s.grid.height);
    if (s.grid.passableFor(x, y, flying)) return { x, y };
  }
  return null;
}

/** The first attack option usable on the enemy from here, in the ruleset's order of preference. */
function usableAttack(s: DuelState, e: ArenaEntity, enemy: ArenaEntity): AttackOption | undefined {
  if (!e.pos || !enemy.pos) return undefined;
  const dist = distance(e.pos, enemy.pos);
  for (const o of s.ruleset.attackOptions(s.view(e))) {
    if (o.byRuleOnly || o.kind === 'self' || !s.ruleset.canUse(o, dist)) continue;
    if (o.kind === 'melee') return o;
    // A ranged attacker fires only when its line would strike the enemy.
    if (aimAt(s, e, o, enemy.pos).victim?.id === enemy.id) return o;
  }
  return undefined;
}

function attackCommand(e: ArenaEntity, enemy: ArenaEntity, o: AttackOption): Command | undefined {
  if (!e.pos || !enemy.pos) return undefined;
  if (o.kind === 'self') return { type: 'fire', option: o.id, target: { ...e.pos } };
  if (o.kind === 'melee') {
    const dir = directionTo(e.pos, enemy.pos);
    return dir ? { type: 'move', dir } : undefined;
  }
  return { type: 'fire', option: o.id, target: { x: enemy.pos.x, y: enemy.pos.y } };
}

/**
 * The spell an awake monster casts before it moves, by its ruleset's rule (Angband's
 * make_attack_spell), as a command; none when the rule says no or it has no such rule.
 */
function spellCommand(s: DuelState, e: ArenaEntity, enemy: ArenaEntity | undefined): Command | undefined {
  const cast = s.ruleset.ai.castSpell;
  if (!cast || !enemy?.pos || !e.pos || !enemy.body || enemy.body.hp < 0) return undefined;
  const to = enemy.pos;
  // The path is worked out only when the rule gets that far (most turns a caster does not try).
  const projectable = () => aimAt(s, e, SPELL_PATH, to).victim?.id === enemy.id;
  const option = timed(s, 'rules', () => cast(s.tracer(), s.view(e), s.view(enemy), { projectable }));
  return option ? attackCommand(e, enemy, option) : undefined;
}

/** The flight a monster's spell takes to its enemy (Angband's projectable: project_path to MAX_RANGE). */
const SPELL_PATH: AttackOption = { id: 'spell-path', label: 'spell', kind: 'projectile', projectile: { magic: false, hitChars: true, path: 'angband', range: 20 } };

/** Runs the ruleset's noticing roll and applies what it changed (a lighter sleep). */
function noticeRoll(s: DuelState, e: ArenaEntity, enemy: ArenaEntity, dist: number, inView: boolean): boolean {
  return timed(s, 'rules', () => {
    const r = s.ruleset.notice(s.tracer(), s.view(e), s.view(enemy), dist, inView);
    applyEffects(s, r.effects);
    if (s.tally) {
      s.tally.notices.rolls++;
      if (r.noticed) s.tally.notices.noticed++;
    }
    return r.noticed;
  });
}

/**
 * A random step for an erratic mover (the `ai` stream), or undefined when it moves with purpose.
 * Like Angband's staggering monsters it tries up to five random directions, the first open one
 * taken (into its enemy, an attack), and stays put when all five are blocked.
 */
function erraticStep(s: DuelState, e: ArenaEntity): Command | undefined {
  const erratic = s.ruleset.ai.profile(s.view(e)).erratic ?? 0;
  if (erratic <= 0 || s.rng.ai.int(100) >= erratic) return undefined;
  for (let i = 0; i < 5; i++) {
    const dir = DIRECTIONS[s.rng.ai.int(DIRECTIONS.length)] as (typeof DIRECTIONS)[number];
    if (checkMove(s, e, dir.name).ok) return { type: 'move', dir: dir.name };
  }
  return { type: 'wait' };
}

/**
 * A monster's turn (after its turn-start checks). One that never moves keeps every decision but
 * the step: a step into its enemy is its attack, any other is a turn spent where it stands.
 */
export function decideMonster(s: DuelState, e: ArenaEntity): Command {
  const cmd = decideMonsterTurn(s, e);
  if (cmd.type !== 'move' || !e.pos || !s.ruleset.ai.profile(s.view(e)).neverMoves) return cmd;
  const d = DIRECTIONS.find((x) => x.name === cmd.dir);
  const into = d ? fighterAt(s, e.pos.x + d.dx, e.pos.y + d.dy) : undefined;
  return into && into.fighter?.side !== e.fighter?.side ? cmd : { type: 'wait' };
}

function decideMonsterTurn(s: DuelState, e: ArenaEntity): Command {
  const ai = e.ai;
  const aw = e.awareness;
  if (!ai || !aw || !e.pos) return { type: 'wait' };
  const enemy = opponentOf(s, e);
  const inView = enemy !== undefined && sees(s, e, enemy);
  const justAlerted = ai.alerted;
  ai.alerted = false;
  const dist = enemy?.pos ? distance(e.pos, enemy.pos) : 0;

  if (ai.mode === 'sleeping') {
    const roll = enemy ? noticeRoll(s, e, enemy, dist, inView) : false;
    if (roll && enemy) {
      s.endEvent(`${subjectOf(e)} ${verb(e, 'wake')} up!`, e.id);
      s.message(`${subjectOf(e)} ${verb(e, 'wake')} up!`, 'warn');
      ai.mode = 'hunting';
      aw.enemySeen = true;
      aw.lastSeen = enemy.pos ? { ...enemy.pos } : null;
      ai.target = aw.lastSeen;
      // Waking takes the turn in Pixel Dungeon; an Angband monster acts at once.
      if (!s.ruleset.ai.profile(s.view(e)).actsOnWaking) return { type: 'wait' };
    }
    if (ai.mode === 'sleeping') {
      s.endEvent(`${subjectOf(e)} ${verb(e, 'sleep')} on`, e.id);
      aw.enemySeen = false;
      return { type: 'wait' };
    }
  }

  if (ai.mode === 'wandering') {
    if (inView && enemy) {
      const noticed = justAlerted || noticeRoll(s, e, enemy, dist, inView);
      s.endEvent(noticed ? `${subjectOf(e)} ${verb(e, 'notice')} its enemy` : `${subjectOf(e)} ${verb(e, 'keep')} wandering`, e.id);
      if (noticed) {
        s.message(`${subjectOf(e)} ${verb(e, 'notice')} ${enemy.fighter?.controller === 'player' ? 'you' : `the ${enemy.fighter?.name}`}!`, 'warn');
        ai.mode = 'hunting';
        // Noticing takes no time: it goes on to hunt at once.
      }
    }
    if (ai.mode === 'wandering') {
      aw.enemySeen = false;
      if (ai.target) {
        const dir = stepToward(s, e, ai.target);
        if (dir) return { type: 'move', dir };
      }
      ai.target = randomDestination(s, e);
      return { type: 'wait' };
    }
  }

  if (ai.mode === 'fleeing') {
    aw.enemySeen = inView;
    if (inView && enemy?.pos) {
      aw.lastSeen = { ...enemy.pos };
      ai.target = aw.lastSeen;
    }
    const spell = spellCommand(s, e, enemy);
    if (spell) return spell;
    const profile = s.ruleset.ai.profile(s.view(e));
    if (enemy && profile.stopsFleeing?.(s.view(e), s.view(enemy))) {
      ai.mode = 'hunting';
    } else {
      const from = ai.target;
      const dir = from ? stepAway(s, e, from) : undefined;
      if (dir) return { type: 'move', dir };
      // Cornered: turn and fight.
      ai.mode = 'hunting';
      applyEffects(s, profile.turnsToFight?.(s.view(e)) ?? []);
      s.message(`${subjectOf(e)} ${verb(e, 'turn')} to fight!`, 'warn');
      return { type: 'wait' };
    }
  }

  // Hunting.
  aw.enemySeen = inView;
  const spell = spellCommand(s, e, enemy);
  if (spell) return spell;
  const erratic = erraticStep(s, e);
  if (erratic) return erratic;
  const tracked = !inView && enemy?.pos !== undefined && s.ruleset.ai.profile(s.view(e)).tracksEnemy?.(s.view(e), s.view(enemy)) === true;
  if (tracked && enemy?.pos) ai.target = { ...enemy.pos };
  if (inView && enemy?.pos) {
    aw.lastSeen = { ...enemy.pos };
    ai.target = aw.lastSeen;
    const option = usableAttack(s, e, enemy);
    const cmd = option && attackCommand(e, enemy, option);
    if (cmd) return cmd;
    if (s.ruleset.ai.profile(s.view(e)).keepsDistance && dist <= 1) {
      const away = stepAway(s, e, enemy.pos);
      if (away) return { type: 'move', dir: away };
    }
  }
  if (ai.target) {
    const dir = stepToward(s, e, ai.target);
    if (dir) return { type: 'move', dir };
  }
  ai.mode = 'wandering';
  ai.target = randomDestination(s, e);
  return { type: 'wait' };
}

/**
 * A hero played by the AI: drink a potion when badly hurt, otherwise use the attack with the
 * best expected damage per turn (from the ruleset's exact odds), close in, or search.
 */
export function decideHero(s: DuelState, e: ArenaEntity): Command {
  const aw = e.awareness;
  const ai = e.ai;
  if (!aw || !ai || !e.pos || !e.body) return { type: 'wait' };
  const enemy = opponentOf(s, e);
  const inView = enemy !== undefined && sees(s, e, enemy);
  const hurt = e.body.hp * 100 < e.body.maxHp * 35;
  const tactics = s.ruleset.ai.heroTactics?.(s.view(e), s.now, enemy ? s.view(enemy) : undefined);
  const potion = tactics ? tactics.heal : s.ruleset.usableItems(s.view(e))[0]?.item;
  if (hurt && potion && (inView || e.body.hp * 100 < e.body.maxHp * 20)) return { type: 'use', item: potion };
  if (tactics?.guard && inView) return { type: 'use', item: tactics.guard };
  if (tactics?.buff && inView && enemy?.pos && distance(e.pos, enemy.pos) <= 2) return { type: 'use', item: tactics.buff };

  // Struck by something it cannot see: swing at a neighbouring cell, as a player would.
  const felt = aw.struckUnseen;
  if (felt) delete aw.struckUnseen;
  if (felt && !inView) {
    const dirs = DIRECTIONS.filter((d) => checkMove(s, e, d.name).ok);
    const dir = dirs[s.rng.ai.int(Math.max(1, dirs.length))];
    if (dir) return { type: 'move', dir: dir.name };
  }

  if (inView && enemy?.pos) {
    let best: { cmd: Command; value: number } | undefined;
    const dist = distance(e.pos, enemy.pos);
    for (const o of s.ruleset.attackOptions(s.view(e))) {
      if (o.byRuleOnly || o.kind === 'self' || !s.ruleset.canUse(o, dist)) continue;
      if (o.kind === 'projectile' && aimAt(s, e, o, enemy.pos).victim?.id !== enemy.id) continue;
      const cmd = attackCommand(e, enemy, o);
      if (!cmd) continue;
      const p = timed(s, 'rules', () => s.ruleset.previewAttack(s.view(e), s.view(enemy), o, attackContext(s, e, enemy)));
      // Expected damage per game turn; keep ammunition for when it is clearly better than closing in.
      const value = p.expected.mul(p.perTurn).toNumber() * (o.kind === 'melee' ? 1.05 : 1);
      if (!best || value > best.value) best = { cmd, value };
    }
    if (best) return best.cmd;
    const dir = stepToward(s, e, enemy.pos);
    if (dir) return { type: 'move', dir };
  }

  // Nothing in sight: gather what lies here, go where the enemy was last seen, collect missiles, or search.
  const heapHere = heapAt(s, e.pos.x, e.pos.y);
  if (heapHere) return { type: 'pickup' };
  if (aw.lastSeen) {
    if (samePoint(aw.lastSeen, e.pos)) aw.lastSeen = null;
    else {
      const dir = stepToward(s, e, aw.lastSeen);
      if (dir) return { type: 'move', dir };
      aw.lastSeen = null;
    }
  }
  const fov = s.fov(e.id);
  const w = s.grid.width;
  const heaps = s.world
    .all()
    .filter((h) => h.heap && h.pos && fov[h.pos.y * w + h.pos.x] === 1)
    .sort((a, b) => distance(e.pos as Point, a.pos as Point) - distance(e.pos as Point, b.pos as Point) || a.id - b.id);
  for (const h of heaps) {
    const dir = h.pos && stepToward(s, e, h.pos);
    if (dir) return { type: 'move', dir };
  }
  if (!ai.target || samePoint(ai.target, e.pos)) ai.target = randomDestination(s, e);
  const dir = ai.target ? stepToward(s, e, ai.target) : undefined;
  if (dir) return { type: 'move', dir };
  ai.target = null;
  return { type: 'wait' };
}
