/**
 * What to say of a word that is not one of a list of names: the names close to it, so that a
 * typo or a part of a name finds the right one even in a roster of hundreds.
 */

/** Edit distance with adjacent swaps (optimal string alignment): "simm" is 1 from "sim", "lsit" 1 from "list". */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The names at the least edit distance from `word`, when that is at most 2 and less than half
 * the word's length (rounded up): "simm" finds "sim", "xyzzy" nothing.
 */
export function nearestByEdits(word: string, names: readonly string[]): string[] {
  const w = word.toLowerCase();
  const limit = Math.min(2, Math.ceil(w.length / 2) - 1);
  let best = Infinity;
  let near: string[] = [];
  for (const c of names) {
    const d = editDistance(w, c);
    if (d > limit || d > best) continue;
    if (d < best) near = [];
    best = d;
    near.push(c);
  }
  return near;
}

/** At most this many suggestions are named. */
const SUGGESTIONS = 6;
/** A list this long or shorter is given whole when nothing is close. */
const SHORT_LIST = 40;

/** How an unknown-id message names the list: "monster" and "arena list foes --ruleset R". */
export interface IdList {
  /** What one id is ("foe", "monster", "hero"). */
  readonly noun: string;
  /** The command that lists them all, without --search ("arena list foes --ruleset angband-3.0.5"). */
  readonly command: string;
}

/**
 * What to say after `unknown <noun> "word"; `: the ids that contain the word (any case), or
 * those a typo away, with the command that lists them; else the whole list when it is short,
 * or how many there are and the command that lists them all. One line in every case.
 */
export function idHint(word: string, ids: readonly string[], list: IdList): string {
  const w = word.trim().toLowerCase();
  const containing = w === '' ? [] : ids.filter((id) => id.includes(w));
  if (containing.length > 0) return `did you mean ${containing.slice(0, SUGGESTIONS).join(', ')}? (${list.command} --search ${JSON.stringify(word)} lists the matches)`;
  const near = nearestByEdits(w, ids).slice(0, SUGGESTIONS);
  if (near.length > 0) return `did you mean ${near.join(', ')}? (${list.command} lists all ${ids.length})`;
  if (ids.length <= SHORT_LIST) return `choose one of: ${ids.join(', ')}`;
  return `no ${list.noun} id contains it (${list.command} lists all ${ids.length})`;
}
