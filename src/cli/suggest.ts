/** What to tell someone who typed a word that is not a command. */

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
 * The commands close to `word`: those it begins (two letters or more), else those at the least
 * edit distance when that is at most 2 and less than half the word's length (rounded up).
 */
export function nearestCommands(word: string, commands: readonly string[]): string[] {
  const w = word.toLowerCase();
  if (w.length >= 2) {
    const starts = commands.filter((c) => c.startsWith(w));
    if (starts.length > 0) return starts;
  }
  const limit = Math.min(2, Math.ceil(w.length / 2) - 1);
  let best = Infinity;
  let near: string[] = [];
  for (const c of commands) {
    const d = editDistance(w, c);
    if (d > limit || d > best) continue;
    if (d < best) near = [];
    best = d;
    near.push(c);
  }
  return near;
}

/** The error for a first word that is neither an option nor a command. */
export function unknownCommandText(word: string, commands: readonly string[]): string {
  if (commands.includes(word)) return `"${word}" is a command: it must come first (arena ${word} [options])`;
  const near = nearestCommands(word, commands);
  const quoted = (xs: readonly string[]) => xs.map((c) => `'${c}'`);
  if (near.length > 0) {
    const q = quoted(near);
    return `unknown command '${word}'; did you mean ${q.length === 1 ? q[0] : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`}?`;
  }
  return `unknown command '${word}'; the commands are ${commands.join(', ')} (arena --help says what each does)`;
}
