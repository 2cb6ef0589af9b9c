import { type Distribution, mixture } from '../../core/distribution.js';
import { Fraction } from '../../core/fraction.js';
import type { Edition } from '../edition.js';
import { type AuxPlan, auxMean } from './aux.js';
import { brandMean } from './brands.js';
import { type CrCharacter, actionTime } from './character.js';
import { type CrTarget, type Latent, type MainPlan, damageLaw, fumbleChance, hitAndBlock, latents, planMain, stabCategory, stabRollChance, toHitLaw } from './melee.js';
import type { MeleeVariant } from './variant.js';

/**
 * One attacker against one target: the plans of the main and second attacks and their exact
 * laws, each computed once when first asked for. The ruleset keeps these while the fighters are
 * unchanged (attack after attack they are), since the laws cost far more than the rolls.
 */
export class AttackLaws {
  readonly plan: MainPlan;
  readonly aux: AuxPlan;
  readonly latents: readonly Latent[];
  private readonly hits = new Map<string, { hit: Fraction; blocked: Fraction }>();
  private readonly damages = new Map<string, Distribution>();

  constructor(
    readonly character: CrCharacter,
    target: CrTarget,
    edition: Edition,
    readonly variant: MeleeVariant,
  ) {
    this.plan = planMain(variant, character, target, edition);
    this.aux = variant.planAux(character, variant.auxTarget(target), edition);
    this.latents = latents(this.plan);
  }

  /** P(the main attack hits and no shield stops it | heavy armour, the hand-and-a-half bonus). */
  hitChance(heavy: number, hh: boolean): Fraction {
    return this.hitOrBlock(heavy, hh).hit;
  }

  /** P(the main attack hits but the monster's shield blocks it | heavy armour, the hand-and-a-half bonus). */
  blockedChance(heavy: number, hh: boolean): Fraction {
    return this.hitOrBlock(heavy, hh).blocked;
  }

  private hitOrBlock(heavy: number, hh: boolean): { hit: Fraction; blocked: Fraction } {
    const k = `${heavy}/${hh}`;
    let f = this.hits.get(k);
    if (!f) {
      f = hitAndBlock(this.plan, toHitLaw(this.plan, heavy, hh));
      this.hits.set(k, f);
    }
    return f;
  }

  /** The damage law of a hit, given the hand-and-a-half bonus and the stab category. */
  damage(hh: boolean, stab: number): Distribution {
    const k = `${hh}/${stab}`;
    let d = this.damages.get(k);
    if (!d) {
      d = damageLaw(this.plan, hh, stab);
      this.damages.set(k, d);
    }
    return d;
  }

  private summarised: AttackSummary | undefined;

  /** What an attack does on average and how likely each part is (previews and the calculator); worked out once. */
  summary(): AttackSummary {
    this.summarised ??= this.summarise();
    return this.summarised;
  }

  private summarise(): AttackSummary {
    const { plan, aux, character: c } = this;
    const stab = stabCategory(plan);
    const stabP = stab.b === 0 ? Fraction.ZERO : stab.roll ? stabRollChance(plan) : Fraction.ONE;
    const fumble = plan.fumbleDex === null ? Fraction.ZERO : fumbleChance(plan.fumbleDex);
    const go = fumble.complement();
    let hit = Fraction.ZERO;
    let blocked = Fraction.ZERO;
    let gate = Fraction.ZERO;
    let hh = Fraction.ZERO;
    let main = Fraction.ZERO;
    let second = Fraction.ZERO;
    let time = Fraction.ZERO;
    const heavy = new Map<number, Fraction>();
    const parts: { weight: Fraction; dist: Distribution }[] = [];
    for (const l of this.latents) {
      heavy.set(l.heavy, (heavy.get(l.heavy) ?? Fraction.ZERO).add(l.p));
      if (l.gate) gate = gate.add(l.p);
      if (l.hh) hh = hh.add(l.p);
      const ph = this.hitChance(l.heavy, l.hh);
      hit = hit.add(l.p.mul(ph).mul(go));
      blocked = blocked.add(l.p.mul(this.blockedChance(l.heavy, l.hh)).mul(go));
      for (const [b, pb] of [
        [stab.b, stabP],
        [0, stabP.complement()],
      ] as const) {
        if (pb.num === 0n) continue;
        const dl = this.damage(l.hh, b);
        const w = l.p.mul(ph).mul(pb).mul(go);
        if (w.num === 0n) continue;
        parts.push({ weight: w, dist: dl });
        main = main.add(w.mul(dl.mean()));
        if (plan.brand) main = main.add(w.mul(brandMean(plan.brand, dl)));
      }
      second = second.add(l.p.mul(go).mul(auxMean(aux, l.gate, plan.monsterShield?.blocks ?? 0)));
      const t = this.variant.time.expected(c, plan.edition, l.hh, l.fast);
      time = time.add(l.p.mul(go).mul(t)).add(l.p.mul(fumble).mul(Fraction.of(actionTime(c))));
    }
    const total = parts.reduce((n, p) => n.add(p.weight), Fraction.ZERO);
    const damage = total.num === 0n ? this.damage(false, 0) : mixture(parts.map((p) => ({ weight: p.weight.div(total), dist: p.dist })));
    return { hit, blocked, gate, hh, stab: stabP, stabCategory: stab.b, fumble, heavy, damage, main, second, expected: main.add(second), time };
  }
}

export interface AttackSummary {
  /** P(the main attack hits and is not blocked). */
  readonly hit: Fraction;
  /** P(it hits and the monster's shield blocks it). */
  readonly blocked: Fraction;
  /** P(the second-attack gate opens) and P(the hand-and-a-half bonus). */
  readonly gate: Fraction;
  readonly hh: Fraction;
  readonly stab: Fraction;
  readonly stabCategory: number;
  readonly fumble: Fraction;
  /** The law of heavy armour, value to probability. */
  readonly heavy: ReadonlyMap<number, Fraction>;
  /** The damage of a hit (stabs mixed in by their chance). */
  readonly damage: Distribution;
  /** Expected damage of the main attack (brands included), of the second attacks, and both. */
  readonly main: Fraction;
  readonly second: Fraction;
  readonly expected: Fraction;
  /** Expected time of an attack. */
  readonly time: Fraction;
}
