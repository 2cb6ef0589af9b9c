/** What to tell someone who typed a word that is not a command. */

import { editDistance, nearestByEdits } from '../core/suggest.js';

export { editDistance };

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
  return nearestByEdits(w, commands);
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
