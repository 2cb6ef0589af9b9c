import { Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Tracer } from '../../core/trace.js';
import type { CrTarget } from './melee.js';
import { div, oneIn, r2, r2Law } from './random.js';

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

const NONE: Omit<BrandResult, 'p' | 'text'> = { extra: 0, poison: false, confuse: false, drain: null, heal: 0 };

/** P(f(random2(n)) == v). */
const pOf = (n: number, f: (r: number) => number, v: number): Fraction => r2Law(n).map(f).prob(v);

/** A weapon's (or form's) special power after a hit that left the monster alive (fight.cc, "dam_thing"). */
export function rollBrand(t: Tracer, b: CrBrandInfo, dmg: number, heroHurt: boolean): BrandResult {
  const m = b.target;
  const res = (el: string) => m.resists.includes(el);
  const vul = (el: string) => m.vulnerable.includes(el);
  if (t.recording) t.rule(SECTION_BRAND, `Brand: ${b.brand}`);
  switch (b.brand) {
    case 'flaming':
    case 'freezing': {
      const el = b.brand === 'flaming' ? 'fire' : 'cold';
      if (vul(el)) {
        const x = 1 + r2(t, dmg, `${b.brand}: 1 + random2(${dmg})`);
        return { ...NONE, extra: x, text: `${b.brand === 'flaming' ? 'burns' : 'freezes'} for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
      }
      if (res(el)) return { ...NONE, text: 'resisted', p: Fraction.ONE };
      const x = div(r2(t, dmg, `${b.brand}: random2(${dmg}) / 2 + 1`), 2) + 1;
      return { ...NONE, extra: x, text: `${b.brand === 'flaming' ? 'burns' : 'freezes'} for ${x}`, p: pOf(dmg, (r) => div(r, 2) + 1, x) };
    }
    case 'holy-wrath': {
      if (m.holiness === 'undead') {
        const x = 1 + r2(t, dmg, 'holy wrath: 1 + random2(damage)');
        return { ...NONE, extra: x, text: `sears for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
      }
      if (m.holiness === 'demonic') {
        const x = 1 + div(r2(t, dmg * 15, 'holy wrath: random2(damage x 15) / 10'), 10);
        return { ...NONE, extra: x, text: `sears for ${x}`, p: pOf(dmg * 15, (r) => 1 + div(r, 10), x) };
      }
      return { ...NONE, text: 'no effect on the living', p: Fraction.ONE };
    }
    case 'electrocution': {
      if (m.flies || res('elec')) return { ...NONE, text: m.flies ? 'no effect on a flier' : 'resisted', p: Fraction.ONE };
      if (!oneIn(t, 3, 'electrocution: 1 in 3')) return { ...NONE, text: 'no spark', p: Fraction.of(2, 3) };
      let s = r2(t, 28, 'electrocution: random2avg(28, 3)');
      s += r2(t, 29, 'electrocution: random2avg(28, 3)') + r2(t, 29, 'electrocution: random2avg(28, 3)');
      const x = div(s, 3);
      const law = r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3));
      return { ...NONE, extra: x, text: `electrocutes for ${x}`, p: Fraction.of(1, 3).mul(law.prob(x)) };
    }
    case 'orc-slaying': {
      if (!m.orc) return { ...NONE, text: 'not an orc', p: Fraction.ONE };
      const x = 1 + r2(t, dmg, 'orc slaying: 1 + random2(damage)');
      return { ...NONE, extra: x, text: `slays for ${x}`, p: pOf(dmg, (r) => 1 + r, x) };
    }
    case 'venom': {
      if (oneIn(t, 4, 'venom: 1 in 4 to fail')) return { ...NONE, text: 'no poison', p: Fraction.of(1, 4) };
      const poison = !res('poison');
      return { ...NONE, poison, text: poison ? 'poisons' : 'poison resisted', p: Fraction.of(3, 4) };
    }
    case 'draining': {
      if (m.holiness === 'undead' || m.holiness === 'demonic') return { ...NONE, text: 'no life to drain', p: Fraction.ONE };
      if (oneIn(t, 3, 'draining: 1 in 3 to fail')) return { ...NONE, text: 'no drain', p: Fraction.of(1, 3) };
      const hd = oneIn(t, 5, 'draining: 1 in 5 to lose a hit die') ? 1 : 0;
      const maxHp = 2 + r2(t, 3, 'draining: maximum hit points 2 + random2(3)');
      const hp = 2 + r2(t, 3, 'draining: hit points 2 + random2(3)');
      const x = 1 + div(r2(t, dmg, 'draining: 1 + random2(damage) / 2'), 2);
      const p = Fraction.of(2, 3).mul(hd ? Fraction.of(1, 5) : Fraction.of(4, 5)).mul(Fraction.of(1, 9)).mul(pOf(dmg, (r) => 1 + div(r, 2), x));
      return { ...NONE, extra: x, drain: { hd, maxHp, hp }, text: `drains for ${x}`, p };
    }
    case 'vorpal': {
      const x = 1 + div(r2(t, dmg, 'vorpal: 1 + random2(damage) / 2'), 2);
      return { ...NONE, extra: x, text: `cuts deep for ${x}`, p: pOf(dmg, (r) => 1 + div(r, 2), x) };
    }
    case 'vampiricism': {
      if (m.holiness === 'undead' || m.holiness === 'demonic' || dmg < 1 || !heroHurt) return { ...NONE, text: 'nothing to drink', p: Fraction.ONE };
      if (oneIn(t, 5, 'vampiricism: 1 in 5 to fail')) return { ...NONE, text: 'no healing', p: Fraction.of(1, 5) };
      const x = 1 + r2(t, dmg, 'vampiricism: heal 1 + random2(damage)');
      return { ...NONE, heal: x, text: `heals you ${x}`, p: Fraction.of(4, 5).mul(pOf(dmg, (r) => 1 + r, x)) };
    }
    case 'disruption': {
      if (m.holiness !== 'undead') return { ...NONE, text: 'no effect on the living', p: Fraction.ONE };
      if (oneIn(t, 3, 'disruption: 1 in 3 to fail')) return { ...NONE, text: 'no disruption', p: Fraction.of(1, 3) };
      const n = 1 + dmg * 3;
      let s = r2(t, n, `disruption: random2avg(${n}, 3)`);
      s += r2(t, n + 1, `disruption: random2avg(${n}, 3)`) + r2(t, n + 1, `disruption: random2avg(${n}, 3)`);
      const x = div(s, 3);
      const law = r2Law(n).plus(r2Law(n + 1)).plus(r2Law(n + 1)).map((v) => div(v, 3));
      return { ...NONE, extra: x, text: `disrupts for ${x}`, p: Fraction.of(2, 3).mul(law.prob(x)) };
    }
    case 'pain': {
      if (m.holiness !== 'natural' && m.holiness !== 'holy') return { ...NONE, text: 'feels no pain', p: Fraction.ONE };
      const nec = b.necromancy;
      const ok = r2(t, 8, 'pain: random2(8) <= necromancy') <= nec;
      const pOk = Fraction.of(Math.min(8, nec + 1), 8);
      if (!ok) return { ...NONE, text: 'no pain', p: pOk.complement() };
      const x = r2(t, 1 + nec, `pain: random2(1 + necromancy ${nec})`);
      return { ...NONE, extra: x, text: `pains for ${x}`, p: pOk.mul(Fraction.of(1, 1 + nec)) };
    }
    case 'confuse':
      return { ...NONE, confuse: true, text: 'confuses', p: Fraction.ONE };
    default:
      return { ...NONE, text: 'nothing', p: Fraction.ONE };
  }
}

/**
 * The exact law of the hit points a brand takes after a hit of `dmg` (the luck meter): its extra
 * damage, passed through `scale` (Stone Soup's seed stabs it too), plus what draining takes. The
 * twin of `rollBrand`, draw for draw; healing, poison and confusion take no hit points.
 */
export function brandDamageLaw(b: CrBrandInfo, dmg: number, scale: (extra: number) => number = (x) => x): Distribution {
  const m = b.target;
  const none = Distribution.constant(0);
  const some = (p: Fraction, law: Distribution): Distribution => mixture([{ weight: p.complement(), dist: none }, { weight: p, dist: law }]);
  const avg3 = (n: number): Distribution => r2Law(n).plus(r2Law(n + 1)).plus(r2Law(n + 1)).map((v) => div(v, 3));
  let extra: Distribution;
  switch (b.brand) {
    case 'flaming':
    case 'freezing': {
      const el = b.brand === 'flaming' ? 'fire' : 'cold';
      extra = m.vulnerable.includes(el) ? r2Law(dmg).map((r) => 1 + r) : m.resists.includes(el) ? none : r2Law(dmg).map((r) => div(r, 2) + 1);
      break;
    }
    case 'holy-wrath':
      extra = m.holiness === 'undead' ? r2Law(dmg).map((r) => 1 + r) : m.holiness === 'demonic' ? r2Law(dmg * 15).map((r) => 1 + div(r, 10)) : none;
      break;
    case 'electrocution':
      extra = m.flies || m.resists.includes('elec') ? none : some(Fraction.of(1, 3), r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3)));
      break;
    case 'orc-slaying':
      extra = m.orc ? r2Law(dmg).map((r) => 1 + r) : none;
      break;
    case 'draining':
      if (m.holiness === 'undead' || m.holiness === 'demonic') return none;
      return some(Fraction.of(2, 3), r2Law(dmg).map((r) => scale(1 + div(r, 2))).plus(r2Law(3).map((v) => 2 + v)));
    case 'vorpal':
      extra = r2Law(dmg).map((r) => 1 + div(r, 2));
      break;
    case 'disruption':
      extra = m.holiness === 'undead' ? some(Fraction.of(2, 3), avg3(1 + dmg * 3)) : none;
      break;
    case 'pain':
      extra = m.holiness === 'natural' || m.holiness === 'holy' ? some(Fraction.of(Math.min(8, b.necromancy + 1), 8), r2Law(1 + b.necromancy)) : none;
      break;
    default:
      extra = none;
  }
  return extra.map((x) => (x > 0 ? scale(x) : x));
}

/** The expected extra damage of a brand, given the damage law of a hit (for previews). */
export function brandMean(b: CrBrandInfo, dmg: Distribution): Fraction {
  const m = b.target;
  let total = Fraction.ZERO;
  for (const [d, pd] of dmg.entries()) {
    const mean = (n: number, f: (r: number) => number): Fraction => r2Law(n).map(f).mean();
    let e = Fraction.ZERO;
    switch (b.brand) {
      case 'flaming':
      case 'freezing': {
        const el = b.brand === 'flaming' ? 'fire' : 'cold';
        e = m.vulnerable.includes(el) ? mean(d, (r) => 1 + r) : m.resists.includes(el) ? Fraction.ZERO : mean(d, (r) => div(r, 2) + 1);
        break;
      }
      case 'holy-wrath':
        e = m.holiness === 'undead' ? mean(d, (r) => 1 + r) : m.holiness === 'demonic' ? mean(d * 15, (r) => 1 + div(r, 10)) : Fraction.ZERO;
        break;
      case 'electrocution':
        e = m.flies || m.resists.includes('elec') ? Fraction.ZERO : Fraction.of(1, 3).mul(r2Law(28).plus(r2Law(29)).plus(r2Law(29)).map((v) => div(v, 3)).mean());
        break;
      case 'orc-slaying':
        e = m.orc ? mean(d, (r) => 1 + r) : Fraction.ZERO;
        break;
      case 'draining':
        e = m.holiness === 'undead' || m.holiness === 'demonic' ? Fraction.ZERO : Fraction.of(2, 3).mul(mean(d, (r) => 1 + div(r, 2)));
        break;
      case 'vorpal':
        e = mean(d, (r) => 1 + div(r, 2));
        break;
      case 'disruption':
        e = m.holiness === 'undead' ? Fraction.of(2, 3).mul(r2Law(1 + 3 * d).plus(r2Law(2 + 3 * d)).plus(r2Law(2 + 3 * d)).map((v) => div(v, 3)).mean()) : Fraction.ZERO;
        break;
      case 'pain':
        e = m.holiness === 'natural' || m.holiness === 'holy' ? Fraction.of(Math.min(8, b.necromancy + 1), 8).mul(r2Law(1 + b.necromancy).mean()) : Fraction.ZERO;
        break;
    }
    total = total.add(pd.mul(e));
  }
  return total;
}
