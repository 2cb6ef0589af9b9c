import type { Tracer } from '../../core/trace.js';
import type { Status } from '../../world/components.js';
import { numberOption, refuseUnknownOptions, stringOption } from '../common.js';
import type { FighterInit, FighterSpec } from '../ruleset.js';
import type { HeroSheet } from './catalogue.js';
import { type CrEffects, type StatSystem, maxHp } from './character.js';
import { heroProblem } from './checks.js';
import { skillsWithOptions } from './options.js';
import { div, oneIn, r2 } from './random.js';
import { SIZES, handsFor } from './sizes.js';
import { type FamilyCtx, type FamilyState, type HeroState, type MonsterGear, type MonsterState, MONSTER_START, THRESHOLD, capital } from './state.js';
import type { CrFormId, CrMonster } from './types.js';

/**
 * Building a fighter (the character sheet's start): a hero preset with the user's options, its
 * rolled hit points and what runs on it; a monster's rolled hit points and gear.
 */

/** Builds a hero or a monster by its id. */
export function buildFighter(ctx: FamilyCtx, spec: FighterSpec, t: Tracer | undefined): FighterInit<FamilyState> {
  if (ctx.cat.heroes.has(spec.template)) return buildHero(ctx, spec, t);
  const m = ctx.cat.monsters.get(spec.template);
  if (!m) throw new Error(`unknown fighter "${spec.template}" for ${ctx.v.id}; heroes: ${[...ctx.cat.heroes.keys()].join(', ')}; monsters: ${[...ctx.cat.monsters.keys()].join(', ')}`);
  return buildMonster(ctx, m, spec, t);
}

export function buildHero(ctx: FamilyCtx, spec: FighterSpec, t: Tracer | undefined): FighterInit<FamilyState> {
  const { cat, tables } = ctx;
  const h = cat.heroes.get(spec.template);
  if (!h) throw new Error(`unknown hero "${spec.template}"`);
  refuseUnknownOptions(spec.options, `hero ${h.id}`, ['level', 'strength', 'stat-system', 'weapon', 'armour', 'shield', 'form'], true);
  const lvl = numberOption(spec.options, 'level', h.level, 1, 27);
  const str = numberOption(spec.options, 'strength', h.str, 1, 72);
  const system = stringOption(spec.options, 'stat-system', 'new') as string;
  if (system !== 'new' && system !== 'classic') throw new Error(`--stat-system must be "new" or "classic" (got "${system}")`);
  const weaponId = stringOption(spec.options, 'weapon', undefined);
  const armourId = stringOption(spec.options, 'armour', undefined);
  const shieldId = stringOption(spec.options, 'shield', undefined);
  const formId = stringOption(spec.options, 'form', undefined);
  if (weaponId !== undefined && weaponId !== 'none' && !cat.weapons.has(weaponId)) throw new Error(`unknown weapon "${weaponId}"; choose one of: none, ${[...cat.weapons.keys()].join(', ')}`);
  const bodies = tables.armour.filter((a) => a.slot === 'body').map((a) => a.id);
  if (armourId !== undefined && armourId !== 'none' && !bodies.includes(armourId)) throw new Error(`unknown armour "${armourId}"; choose one of: none, ${bodies.join(', ')}`);
  const shields = tables.armour.filter((a) => a.slot === 'shield').map((a) => a.id);
  if (shieldId !== undefined && shieldId !== 'none' && !shields.includes(shieldId)) throw new Error(`unknown shield "${shieldId}"; choose one of: none, ${shields.join(', ')}`);
  const forms = tables.forms.map((f) => f.id as string);
  if (formId !== undefined && formId !== 'none' && !forms.includes(formId)) throw new Error(`unknown form "${formId}"; choose one of: none, ${forms.join(', ')}`);
  // --skill NAME=LEVEL: trained skills in place of the preset's.
  const skills = skillsWithOptions(spec.options, h.skills, tables.skills);
  const bodyWorn = armourId === undefined ? h.armour : [...h.armour.filter((a) => cat.armour.get(a.item)?.slot !== 'body'), ...(armourId === 'none' ? [] : [{ item: armourId }])];
  // --shield: the preset's shield (if any) replaced, or taken off with "none".
  const armour = shieldId === undefined ? bodyWorn : [...bodyWorn.filter((a) => cat.armour.get(a.item)?.slot !== 'shield'), ...(shieldId === 'none' ? [] : [{ item: shieldId }])];
  const form = formId === undefined ? (h.form ?? null) : formId === 'none' ? null : (formId as CrFormId);
  const weapon = weaponId === undefined ? (h.weapon ?? null) : weaponId === 'none' ? null : { item: weaponId };
  const checked = { ...h, level: lvl, str, armour, ...(weapon ? { weapon } : {}), ...(form ? { form } : {}) };
  if (!weapon) delete (checked as { weapon?: unknown }).weapon;
  if (!form) delete (checked as { form?: unknown }).form;
  const problem = heroProblem(checked, tables);
  if (problem) throw new Error(problem.message);
  const sheet: HeroSheet = { ...cat.sheetOf(h, system as StatSystem), level: lvl, str, weapon, armour, skills };
  const species = cat.species.get(h.species);
  if (!species) throw new Error(`unknown species "${h.species}"`);
  // Hit points (newgame.cc, level_change): the job's and species' start, then each level's roll and the species' adjustment.
  if (t) t.rule(ctx.sections.upkeep, 'Hit points');
  let levelHp = h.jobHp + species.hpAdjust;
  const silent = t?.silent();
  for (let L = 2; L <= lvl; L++) {
    // 4 + random2(4) to level 12, 3 + random2(3) to 21, then 2 or 3; without rolls, the low middle.
    const [base, spread] = L <= 12 ? [4, 4] : L <= 21 ? [3, 3] : [2, 2];
    const roll = silent ? r2(silent, spread, 'level hit points') : div(spread - 1, 2);
    levelHp += base + roll + (species.levelHp[L - 2] ?? 0);
  }
  // Stone Soup: berserk brings might for as long (misc.cc go_berserk), and its haste and doubled hit points through the state.
  const berserk = ctx.v.spells.includes('berserk') ? (h.spells.berserk ?? 0) : 0;
  const states = ctx.v.heroStates((k) => (h.spells[k as keyof typeof h.spells] ?? 0) > 0, skills.shields ?? 0, h.blood ?? 'satiated');
  const effects: CrEffects = {
    might: berserk,
    invisible: 0,
    confusingTouch: h.spells['confusing-touch'] ?? 0,
    sureBlade: h.spells['sure-blade'] ?? 0,
    hunger: h.hunger,
    inWater: false,
    ...(states ? { ss: states } : {}),
  };
  const pack = h.pack.map((p) => ({ item: p.item, quantity: p.quantity ?? 1, level: 0 }));
  const c = cat.character(sheet, form, effects, pack.reduce((n, s) => n + (cat.potions.get(s.item)?.mass ?? 0) * s.quantity, 0));
  const hp = maxHp(c, levelHp);
  if (t?.recording) {
    t.value('hit points', hp, `job ${h.jobHp} + species ${species.hpAdjust}, levels 2-${lvl} rolled, + level ${lvl} x fighting ${c.skills.fighting} / 5${c.form ? `, x ${c.form.hpTenths}/10 ${c.form.name} form` : ''}`);
  }
  const title = `${species.name} ${capital(h.job)} ${lvl}`;
  const rules: HeroState = { kind: 'cr-hero', ...sheet, form, levelHp, hunger: h.hunger, regen: 0, blocks: 0, rotHp: 0, title, ...(h.blood ? { blood: h.blood } : {}) };
  const statuses: Status[] = [];
  if (effects.confusingTouch) statuses.push({ kind: 'confusing-touch', level: effects.confusingTouch });
  if (effects.sureBlade) statuses.push({ kind: 'sure-blade', level: effects.sureBlade });
  if (form) statuses.push({ kind: 'form', level: cat.forms.get(form)?.duration ?? 100 });
  for (const sp of ctx.v.spells) {
    const n = h.spells[sp];
    if (n) statuses.push({ kind: sp, level: n });
  }
  if (berserk) statuses.push({ kind: 'might', level: berserk });
  return {
    fighter: { name: h.name, kind: 'hero', templateId: h.id, flying: false, opensDoors: true },
    glyph: { ch: '@', colour: 'white' },
    body: { hp, maxHp: hp },
    energy: THRESHOLD,
    inventory: { weapon: null, armour: null, pack },
    statuses,
    rules: { ...rules },
    title,
    aiMode: 'hunting',
  };
}

export function buildMonster(ctx: FamilyCtx, m: CrMonster, spec: FighterSpec, t: Tracer | undefined): FighterInit<FamilyState> {
  const { cat } = ctx;
  refuseUnknownOptions(spec.options, `monster ${m.id}`, []);
  let hp = m.hp.add;
  let weapon: MonsterState['weapon'] = null;
  let armour: MonsterGear | null = null;
  let shield: MonsterGear | null = null;
  /** One weighted choice: rolled, or the likeliest when there is no tracer (previews). */
  const pick = <T extends { weight: number }>(list: readonly T[], label: string): T | undefined => {
    if (!t) return [...list].sort((a, b) => b.weight - a.weight)[0];
    let n = t.roll(0, list.reduce((k, x) => k + x.weight, 0) - 1, label);
    for (const x of list) {
      if (n < x.weight) return x;
      n -= x.weight;
    }
    return undefined;
  };
  if (t) {
    t.rule(ctx.sections.creation, `Hit points and ${ctx.v.creationWords}`);
    const silent = t.silent();
    for (let i = 0; i < m.hd; i++) hp += m.hp.min + r2(silent, m.hp.rand + 1, 'hit die');
    if (t.recording) t.value('hit points', hp, `${m.hd} hit dice of ${m.hp.min} + random2(${m.hp.rand + 1})${m.hp.add ? ` + ${m.hp.add}` : ''}`);
  } else hp += m.hd * m.hp.min + div(m.hd * m.hp.rand, 2);
  if (m.weapons.length > 0) {
    const w = pick(m.weapons, 'weapon');
    weapon = w?.weapon ? { item: w.weapon, plus: w.plus ?? 0, plus2: w.plus2 ?? 0 } : null;
    if (t?.recording) t.note(weapon ? `carries a ${cat.nameOf(weapon.item)}` : 'empty-handed');
  }
  // Stone Soup (makeitem.cc give_item): a better-made weapon, body armour, and a shield if a hand is free.
  if (weapon && m.weaponBonus && t && oneIn(t, m.weaponBonus.oneIn, `better weapon: 1 in ${m.weaponBonus.oneIn}`)) {
    const { min, max } = m.weaponBonus;
    weapon = { ...weapon, plus: weapon.plus + min + r2(t, max - min + 1, `weapon plus: ${min} + random2(${max - min + 1})`) };
    if (t.recording) t.note(`its ${cat.nameOf(weapon.item)} is +${weapon.plus}`);
  }
  if (m.armour?.length) {
    const a = pick(m.armour, 'body armour');
    armour = a?.item ? { item: a.item, plus: a.plus ?? 0 } : null;
    if (t?.recording) t.note(armour ? `wears ${cat.nameOf(armour.item)}` : 'no body armour');
  }
  const held = weapon ? cat.weapons.get(weapon.item) : undefined;
  const twoHanded = held !== undefined && handsFor(held, SIZES[m.size ?? 'medium']) === 'two';
  if (m.shields?.length && !twoHanded) {
    const sh = pick(m.shields, 'shield');
    shield = sh?.item ? { item: sh.item, plus: sh.plus ?? 0 } : null;
    if (t?.recording) t.note(shield ? `carries a ${cat.nameOf(shield.item)}` : 'no shield');
  } else if (m.shields?.length && t?.recording) t.note('no shield: its weapon needs both hands');
  hp = Math.max(1, hp);
  const title = weapon ? `${m.name} (${cat.nameOf(weapon.item)})` : m.name;
  const rules: MonsterState = { kind: 'cr-monster', monster: m.id, hd: m.hd, weapon, ...ctx.v.monsterGear(armour, shield), title };
  return {
    fighter: { name: m.name, kind: 'monster', templateId: m.id, flying: m.flags.includes('flies'), opensDoors: m.intelligence >= 3 },
    glyph: { ch: m.glyph, colour: m.colour },
    body: { hp, maxHp: hp },
    energy: MONSTER_START,
    inventory: { weapon: null, armour: null, pack: [] },
    statuses: [],
    rules: { ...rules },
    title,
    aiMode: 'sleeping',
  };
}
