/**
 * The line of flavour under a duel's result, chosen from what happened: every line offered is true
 * of the duel (the luck the meter shows, the hit points left, whether the arena has doors). Which
 * of the true lines shows is the caller's choice (the cosmetic stream).
 */

export interface DuelFacts {
  /** 0: the hero won, 1: the foe won, null: a draw. */
  readonly winner: 0 | 1 | null;
  /** Each side's luck percentile (0 to 1, higher is luckier), or null when it made no attack. */
  readonly luck: readonly [number | null, number | null];
  readonly hero: { readonly hp: number; readonly maxHp: number };
  readonly foe: { readonly hp: number; readonly maxHp: number; readonly name: string };
  /** Whether the arena has a door to close between the fighters. */
  readonly doors: boolean;
  /** Whether a person played the hero (advice is for them). */
  readonly played: boolean;
}

/** Luck at or above this is good luck, at or below its mirror bad luck (the meter's colours). */
const GOOD = 0.6;
const BAD = 0.4;

export function epitaphs(f: DuelFacts): string[] {
  const [mine, theirs] = f.luck;
  const good = (p: number | null) => p !== null && p >= GOOD;
  const bad = (p: number | null) => p !== null && p <= BAD;
  const out: string[] = [];
  if (f.winner === 0) {
    if (good(mine) && !good(theirs)) out.push('The dice were kind.');
    if (bad(mine) || good(theirs)) out.push('Won against the dice.');
    const left = Math.max(0, f.hero.hp);
    if (left * 5 <= f.hero.maxHp) out.push(`A narrow win: ${left} HP left.`);
    else if (left * 5 >= f.hero.maxHp * 4) out.push('A clean win.');
    out.push('Every roll is in the rules pane.');
    if (f.played) out.push('Well fought.');
    return out;
  }
  if (f.winner === 1) {
    if (bad(mine) || good(theirs)) out.push('The dice were not kind.');
    if (good(mine) && !good(theirs)) out.push('Even kind dice were not enough.');
    const left = Math.max(0, f.foe.hp);
    if (left * 5 <= f.foe.maxHp) out.push(`So close: the ${f.foe.name} had ${left} HP left.`);
    if (f.played && f.doors) out.push('Try the door strategy: close a door between you.');
    out.push('Check the rules pane: every roll is there.');
    out.push('Rematch with r: the same seed, the same dice.');
    return out;
  }
  out.push('Neither side gave way.', 'A stalemate.');
  return out;
}
