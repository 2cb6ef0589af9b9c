import { SIZES, canWield, handsFor, torsoOf } from './sizes.js';
import { CR_MUTATIONS, type CrHero, type CrTables } from './types.js';

/**
 * Why a hero (a preset or the calculator's inline one) cannot be built, with the JSON path of
 * the fault, or null. Checks the species, each item and slot, wielding limits, mutation levels
 * and spells.
 */
export function heroProblem(h: CrHero, t: CrTables): { path: string; message: string } | null {
  const species = t.species.find((s) => s.id === h.species);
  if (!species) return { path: '.species', message: `unknown species "${h.species}"; choose one of: ${t.species.map((s) => s.id).join(', ')}` };
  const traits = new Set(species.traits);
  if (h.weapon) {
    const w = t.weapons.find((x) => x.id === h.weapon?.item);
    if (!w) return { path: '.weapon.item', message: `unknown weapon "${h.weapon.item}"; choose one of: ${t.weapons.map((x) => x.id).join(', ')}` };
    if (w.fit) {
      const torso = torsoOf(species, null);
      if (!canWield(w, torso)) return { path: '.weapon.item', message: `a ${w.name} is too ${SIZES[w.fit] > torso ? 'large' : 'small'} for a ${species.name} to wield` };
    } else if (w.giant && !traits.has('large-frame')) return { path: '.weapon.item', message: `a ${w.name} is too large and heavy for a ${species.name} (ogres, trolls and ogre-mages only)` };
    else if (w.giant && traits.has('draconian')) return { path: '.weapon.item', message: `a ${w.name} is too large and heavy for a ${species.name}` };
    else if (w.large && traits.has('small')) return { path: '.weapon.item', message: `a ${w.name} is too large for a ${species.name}` };
    if (h.weapon.desc !== undefined) return { path: '.weapon.desc', message: 'only helmets have a description' };
  }
  const slots = new Set<string>();
  for (const [j, a] of h.armour.entries()) {
    const def = t.armour.find((x) => x.id === a.item);
    const at = `.armour[${j}]`;
    if (!def) return { path: `${at}.item`, message: `unknown armour "${a.item}"; choose one of: ${t.armour.map((x) => x.id).join(', ')}` };
    if (slots.has(def.slot)) return { path: `${at}.item`, message: `a second ${def.slot} (one per slot)` };
    slots.add(def.slot);
    if (a.brand !== undefined || a.cursed !== undefined || a.plus2 !== undefined) return { path: at, message: 'armour carries only a plus, a race and (helmets) a description' };
    if (a.desc !== undefined && def.helmet !== 'helmet' && def.helmet !== 'helm') return { path: `${at}.desc`, message: 'only a helmet or helm is spiked or horned' };
    const held = h.weapon ? t.weapons.find((x) => x.id === h.weapon?.item) : undefined;
    if (def.slot === 'shield' && held && (held.fit ? handsFor(held, torsoOf(species, null)) : held.hands) === 'two') return { path: `${at}.item`, message: 'a shield cannot be worn with a two-handed weapon' };
    if (def.barding && !traits.has(def.barding)) return { path: `${at}.item`, message: `only a ${def.barding} can wear a ${def.name}` };
    if (def.slot === 'boots' && !def.barding && (traits.has('naga') || traits.has('centaur') || traits.has('kenku'))) return { path: `${at}.item`, message: `a ${species.name} cannot wear boots` };
    if ((def.helmet === 'helmet' || def.helmet === 'helm') && (traits.has('minotaur') || traits.has('kenku') || traits.has('large-frame') || (h.mutations.horns ?? 0) > 0)) {
      return { path: `${at}.item`, message: `a ${def.name} does not fit a ${species.name}${(h.mutations.horns ?? 0) > 0 ? ' with horns' : ''} (caps and wizard's hats do)` };
    }
    if (def.slot === 'gloves' && (h.mutations.claws ?? 0) >= 3) return { path: `${at}.item`, message: 'gloves do not fit claws of level 3' };
  }
  for (const [j, r] of h.jewellery.entries()) {
    const def = t.jewellery.find((x) => x.id === r.item);
    if (!def) return { path: `.jewellery[${j}].item`, message: `unknown jewellery "${r.item}"; choose one of: ${t.jewellery.map((x) => x.id).join(', ')}` };
    if (def.effect !== 'slaying' && r.plus2 !== undefined) return { path: `.jewellery[${j}].plus2`, message: 'only a ring of slaying has a second plus' };
  }
  if (h.jewellery.filter((r) => t.jewellery.find((x) => x.id === r.item)?.slot === 'ring').length > 2) return { path: '.jewellery', message: 'two rings at most' };
  if (h.jewellery.filter((r) => t.jewellery.find((x) => x.id === r.item)?.slot === 'amulet').length > 1) return { path: '.jewellery', message: 'one amulet at most' };
  for (const [j, p] of h.pack.entries()) {
    if (!t.potions.some((x) => x.id === p.item)) return { path: `.pack[${j}].item`, message: `unknown potion "${p.item}"; choose one of: ${t.potions.map((x) => x.id).join(', ')}` };
  }
  for (const m of CR_MUTATIONS) {
    const max = t.mutations.find((x) => x.id === m)?.maxLevel ?? 0;
    if ((h.mutations[m] ?? 0) > max) return { path: `.mutations.${m}`, message: `${m} goes up to level ${max}` };
  }
  if (h.spells['sure-blade'] !== undefined) {
    const w = t.weapons.find((x) => x.id === h.weapon?.item);
    if (!w || w.skill !== 'short-blades') return { path: '.spells.sure-blade', message: 'Sure Blade works only with a short blade in hand' };
  }
  if (h.form !== undefined && (traits.has('ghoul') || h.species === 'mummy')) return { path: '.form', message: 'the undead cannot transform' };
  return null;
}
