import type { Distribution } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { CrTarget } from './melee.js';
import { type Rand, type RandOf, choose, fixed, lawOf, map, probOf, record } from '../../core/rand.js';
import { oneChanceIn, random2, random2avg } from './rand.js';
import { div } from './random.js';

/**
 * A weapon's (or form's) special power after a hit that left the monster alive (fight.cc,
 * "dam_thing"; seed 3.1 l), the same in Crawl 4.00 beta 20 and Stone Soup 0.5.2.
 */

export const SECTION_BRAND = 'crawl-4.0b20#3.1l-special-powers';

export interface CrBrandInfo {
  readonly brand: string;
  readonly target: CrTarget;
  readonly necromancy: number;
}

export interface BrandResult {
  /** Extra damage. */
  readonly extra: number;
  readonly poison: boolean;
  readonly confuse: boolean;
  /** Draining: hit dice lost, maximum and current hit points lost. */
  readonly drain: { readonly hd: number; readonly maxHp: number; readonly hp: number } | null;
  /** Vampiricism: hit points the hero regains. */
  readonly heal: number;
  readonly text: string;
  /** The exact probability of this result given the damage. */
  readonly p: Fraction;
}

/** What a brand did, before its probability is known. */
export type BrandDraw = Omit<BrandResult, 'p'>;

const NONE: Omit<BrandResult, 'p' | 'text'> = { extra: 0, poison: false, confuse: false, drain: null, heal: 0 };

const nothing = (text: string): RandOf<BrandDraw> => fixed({ ...NONE, text });

/** Extra damage `x` drawn by `r`, described by `verb`. */
const extra = (r: Rand, verb: string): RandOf<BrandDraw> => record([r], ([x = 0]) => ({ ...NONE, extra: x, text: `${verb} for ${x}` }));

/** Unless one_chance_in(n) fails it (`fail` described), `yes`. */
const unlessFails = (n: number, label: string, fail: string, yes: RandOf<BrandDraw>): RandOf<BrandDraw> => choose(oneChanceIn(n, label), nothing(fail), yes);

/**
 * A weapon's (or form's) special power after a hit of `dmg` that left the monster alive
 * (fight.cc, "dam_thing"), written once: its roll, the probability of what it did, its law of hit
 * points taken and its mean all come from this definition. `heroHurt` is whether the hero has
 * hit points to regain (vampiricism).
 */
export function brandRule(b: CrBrandInfo, dmg: number, heroHurt: boolean): RandOf<BrandDraw> {
  const m = b.target;
  const res = (el: string): boolean => m.resists.includes(el);
  const vul = (el: string): boolean => m.vulnerable.includes(el);
  const upTo = (label: string): Rand => map(random2(dmg, label), (r) => 1 + r);
  const half = (label: string): Rand => map(random2(dmg, label), (r) => 1 + div(r, 2));
  switch (b.brand) {
    case 'flaming':
    case 'freezing': {
      const el = b.brand === 'flaming' ? 'fire' : 'cold';
      const verb = b.brand === 'flaming' ? 'burns' : 'freezes';
      if (vul(el)) return extra(upTo(`${b.brand}: 1 + random2(${dmg})`), verb);
      if (res(el)) return nothing('resisted');
      return extra(half(`${b.brand}: random2(${dmg}) / 2 + 1`), verb);
    }
    case 'holy-wrath':
      if (m.holiness === 'undead') return extra(upTo('holy wrath: 1 + random2(damage)'), 'sears');
      if (m.holiness === 'demonic') return extra(map(random2(dmg * 15, 'holy wrath: random2(damage x 15) / 10'), (r) => 1 + div(r, 10)), 'sears');
      return nothing('no effect on the living');
    case 'electrocution':
      if (m.flies || res('elec')) return nothing(m.flies ? 'no effect on a flier' : 'resisted');
      return choose(oneChanceIn(3, 'electrocution: 1 in 3'), extra(random2avg(28, 3, 'electrocution: random2avg(28, 3)'), 'electrocutes'), nothing('no spark'));
    case 'orc-slaying':
      return m.orc ? extra(upTo('orc slaying: 1 + random2(damage)'), 'slays') : nothing('not an orc');
    case 'venom': {
      const poison = !res('poison');
      return unlessFails(4, 'venom: 1 in 4 to fail', 'no poison', fixed({ ...NONE, poison, text: poison ? 'poisons' : 'poison resisted' }));
    }
    case 'draining': {
      if (m.holiness === 'undead' || m.holiness === 'demonic') return nothing('no life to drain');
      const parts = [
        oneChanceIn(5, 'draining: 1 in 5 to lose a hit die'),
        map(random2(3, 'draining: maximum hit points 2 + random2(3)'), (r) => 2 + r),
        map(random2(3, 'draining: hit points 2 + random2(3)'), (r) => 2 + r),
        half('draining: 1 + random2(damage) / 2'),
      ];
      const drained = record(parts, ([hd = 0, maxHp = 0, hp = 0, x = 0]) => ({ ...NONE, extra: x, drain: { hd, maxHp, hp }, text: `drains for ${x}` }));
      return unlessFails(3, 'draining: 1 in 3 to fail', 'no drain', drained);
    }
    case 'vorpal':
      return extra(half('vorpal: 1 + random2(damage) / 2'), 'cuts deep');
    case 'vampiricism': {
      if (m.holiness === 'undead' || m.holiness === 'demonic' || dmg < 1 || !heroHurt) return nothing('nothing to drink');
      const heal = record([upTo('vampiricism: heal 1 + random2(damage)')], ([x = 0]) => ({ ...NONE, heal: x, text: `heals you ${x}` }));
      return unlessFails(5, 'vampiricism: 1 in 5 to fail', 'no healing', heal);
    }
    case 'disruption': {
      if (m.holiness !== 'undead') return nothing('no effect on the living');
      const n = 1 + dmg * 3;
      return unlessFails(3, 'disruption: 1 in 3 to fail', 'no disruption', extra(random2avg(n, 3, `disruption: random2avg(${n}, 3)`), 'disrupts'));
    }
    case 'pain': {
      if (m.holiness !== 'natural' && m.holiness !== 'holy') return nothing('feels no pain');
      const nec = b.necromancy;
      const ok = map(random2(8, 'pain: random2(8) <= necromancy'), (r) => (r <= nec ? 1 : 0));
      return choose(ok, extra(random2(1 + nec, `pain: random2(1 + necromancy ${nec})`), 'pains'), nothing('no pain'));
    }
    case 'confuse':
      return fixed({ ...NONE, confuse: true, text: 'confuses' });
    default:
      return nothing('nothing');
  }
}

/** Whether two draws of a brand did the same. */
const sameDraw = (a: BrandDraw, b: BrandDraw): boolean =>
  a.text === b.text && a.extra === b.extra && a.heal === b.heal && a.drain?.hd === b.drain?.hd && a.drain?.maxHp === b.drain?.maxHp && a.drain?.hp === b.drain?.hp;

/** A weapon's (or form's) special power after a hit that left the monster alive (fight.cc, "dam_thing"), with the probability of what it did. */
export function rollBrand(t: Tracer, b: CrBrandInfo, dmg: number, heroHurt: boolean): BrandResult {
  if (t.recording) t.rule(SECTION_BRAND, `Brand: ${b.brand}`);
  const rule = brandRule(b, dmg, heroHurt);
  const v = rule.roll(t);
  return { ...v, p: probOf(rule, (o) => sameDraw(o, v)) };
}

/**
 * The exact law of the hit points a brand takes after a hit of `dmg` (the luck meter): its extra
 * damage, passed through `scale` (Stone Soup's seed stabs it too), plus what draining takes.
 * Healing, poison and confusion take no hit points.
 */
export function brandDamageLaw(b: CrBrandInfo, dmg: number, scale: (extra: number) => number = (x) => x): Distribution {
  return lawOf(brandRule(b, dmg, true), (o) => (o.extra > 0 ? scale(o.extra) : o.extra) + (o.drain?.hp ?? 0));
}

/** The expected extra damage of a brand, given the damage law of a hit (for previews). */
export function brandMean(b: CrBrandInfo, dmg: Distribution): Fraction {
  let total = Fraction.ZERO;
  for (const [d, pd] of dmg.entries()) total = total.add(pd.mul(lawOf(brandRule(b, d, true), (o) => o.extra).mean()));
  return total;
}
