/**
 * Fitting text into the room a screen has without ever cutting a number: labels shorten, whole
 * fields give way, values stay whole.
 */

/** Shorter forms of the labels the fighter panels and bars use, tried when a line is too long. */
const SHORT_LABELS: Readonly<Record<string, string>> = {
  Stealth: 'Stl',
  stealth: 'stl',
  Dodge: 'Dg',
  Block: 'Bl',
  speed: 'spd',
  level: 'lv',
  hunger: 'hgr',
  Armour: 'Arm',
  blows: 'bl',
  blow: 'bl',
  shots: 'sh',
  shot: 'sh',
  Luck: 'L',
  seed: 's',
  turn: 't',
  actions: 'act',
  playing: 'play',
  paused: 'pause',
};

/** A field with its labels shortened (every word the table knows). */
export function shortened(field: string): string {
  return field.replace(/[A-Za-z]+/g, (w) => SHORT_LABELS[w] ?? w);
}

/**
 * The fields of a panel line: its parts separated by two or more spaces ("STR 15  Acc 16  Dodge 5").
 */
export function panelFields(line: string): string[] {
  return line
    .split(/ {2,}/)
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
}

/**
 * Joins fields with `sep` into at most `width` characters: first as they are, then with short
 * labels, then dropping whole fields from the end (fields come in order of importance). Never
 * cuts inside a field; a single field too long even shortened is left out.
 */
export function fitFields(fields: readonly string[], width: number, sep = '  '): string {
  const join = (fs: readonly string[]) => fs.join(sep);
  if (join(fields).length <= width) return join(fields);
  let fs = fields.map(shortened);
  while (fs.length > 0 && join(fs).length > width) fs = fs.slice(0, -1);
  return join(fs);
}

/** A field of a bar and its rank: the higher the rank, the sooner it gives way. */
export interface BarField {
  readonly text: string;
  readonly rank: number;
  /** Drawn at the right end of the bar. */
  readonly right?: boolean;
}

/**
 * The fields of a bar that fit in `width` (joined by `sep`), order kept. The highest ranks give
 * way first; labels shorten only when the fields of rank `keep` or lower do not fit as they are.
 */
export function fitBar<F extends BarField>(fields: readonly F[], width: number, sep = ' · ', keep = 2): F[] {
  const len = (fs: readonly BarField[]) => fs.reduce((n, f) => n + f.text.length, 0) + sep.length * Math.max(0, fs.length - 1);
  const dropWorst = (fs: F[]): F[] => {
    const worst = fs.reduce((a, b) => (b.rank >= a.rank ? b : a));
    return fs.filter((f) => f !== worst);
  };
  let fs = [...fields];
  while (len(fs) > width && fs.some((f) => f.rank > keep)) fs = dropWorst(fs);
  if (len(fs) <= width) return fs;
  fs = fs.map((f) => ({ ...f, text: shortened(f.text) }));
  while (fs.length > 0 && len(fs) > width) fs = dropWorst(fs);
  return fs;
}

/**
 * `text` in at most `width` characters: whole when it fits, otherwise cut at a space with '…', so
 * that no word (and no number) shows in part. A single word longer than the room is cut.
 */
export function ellipsize(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return text.slice(0, Math.max(0, width));
  const room = text.slice(0, width - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > 0 ? room.slice(0, space) : room).trimEnd()}…`;
}
