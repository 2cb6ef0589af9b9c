/** Pieces the duel screen's panes and overlays share: a coloured line, and how luck reads. */

/** A luck percentile as a whole percent, never 0 or 100 for a result that was possible. */
export function luckPercent(p: number): string {
  return `${Math.min(99, Math.max(1, Math.round(p * 100)))}%`;
}

/** "1 in 3.2e5": how likely every attack's outcome together was. */
export function likelihoodText(log10: number): string {
  const n = -log10;
  if (n < 3) return `1 in ${Math.round(10 ** n)}`;
  const e = Math.floor(n);
  return `1 in ${(10 ** (n - e)).toFixed(1)}e${e}`;
}

export function capitalise(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export interface PaneLine {
  readonly text: string;
  readonly colour: string;
  readonly bold?: boolean;
}
