import seedrandom from 'seedrandom';

/**
 * Seeded randomness. Every gameplay draw in the arena goes through a {@link Stream}.
 *
 * Generator: seedrandom's Tyche-i (`seedrandom.tychei`). Of seedrandom's generators it is one of
 * the fastest measured on this machine (344-450 M doubles/s in isolation, against 166 M for
 * Alea and 38 M for the default ARC4), it passes BigCrush, and its whole state is four 32-bit
 * integers, so saving a stream, restoring it and hashing it every turn all cost next to nothing.
 * xor128 and xorwow are faster but fail statistical tests; xor4096 carries 130 words of state.
 */

/** The saveable state of one stream: Tyche-i's four 32-bit words. */
export interface StreamState {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/** Anything that can produce uniform integers; rules depend on this, never on a generator. */
export interface Rng {
  /** A uniform integer in [0, n). `n` must be an integer in [1, 2^53]. */
  int(n: number): number;
}

const TWO32 = 0x1_0000_0000;
const INV_TWO32 = 1 / TWO32;
const TWO53 = 2 ** 53;
/** Ranges up to 2^21 keep word x n below 2^53. */
const SMALL = 0x20_0000;

interface TycheGenerator {
  (): number;
  int32(): number;
  state(): StreamState;
}

/**
 * One named stream of gameplay randomness. `int(n)` is exactly uniform: it rejects the top
 * sliver of the 32-bit range that would bias small values, so the odds the rules compute with
 * fractions are the odds the game plays.
 */
const makeTyche = seedrandom.tychei as unknown as (seed: string, options: { state: boolean | StreamState }) => TycheGenerator;

export class Stream implements Rng {
  private gen: TycheGenerator;
  /** How many 32-bit words this stream has produced; used by replay forensics. */
  draws = 0;

  constructor(readonly name: string, seedText: string, state?: StreamState) {
    this.gen = makeTyche(state ? '' : seedText, { state: state ? { ...state } : true });
  }

  /** Puts the stream back to a saved state (and draw count), in place. */
  restore(state: StreamState, draws: number): void {
    this.gen = makeTyche('', { state: { ...state } });
    this.draws = draws;
  }

  int(n: number): number {
    if (n <= SMALL && n >= 1 && (n | 0) === n) {
      // Lemire's multiply-and-shift: the high word of word x n is the value. Only a low word
      // below 2^32 mod n (< n) marks one of the few words that would bias the result.
      const m = (this.gen.int32() >>> 0) * n;
      this.draws++;
      const hi = (m * INV_TWO32) >>> 0;
      const lo = m - hi * TWO32;
      return lo >= n ? hi : this.lemireEdge(n, hi, lo);
    }
    return this.large(n);
  }

  /** The rare low words of Lemire's method: keep the value or draw again (rejection). */
  private lemireEdge(n: number, hi: number, lo: number): number {
    const threshold = TWO32 % n;
    let h = hi;
    let l = lo;
    while (l < threshold) {
      const m = (this.gen.int32() >>> 0) * n;
      this.draws++;
      h = (m * INV_TWO32) >>> 0;
      l = m - h * TWO32;
    }
    return h;
  }

  /** Ranges above 2^21 (up to 2^53): rejection, then the remainder. */
  private large(n: number): number {
    if (!(n >= 1 && n <= TWO53) || n !== Math.floor(n)) {
      throw new RangeError(`stream ${this.name}: cannot draw from a range of ${n}`);
    }
    const gen = this.gen;
    if (n > TWO32) {
      // Two words make 53 uniform bits; reject the top 2^53 mod n values, then reduce.
      const limit = TWO53 - (TWO53 % n);
      for (;;) {
        this.draws += 2;
        const r = ((gen.int32() >>> 0) >>> 11) * TWO32 + (gen.int32() >>> 0);
        if (r < limit) return r % n;
      }
    }
    // Reject the top 2^32 mod n words, then reduce.
    const limit = TWO32 - (TWO32 % n);
    for (;;) {
      this.draws++;
      const word = gen.int32() >>> 0;
      if (word < limit) return word % n;
    }
  }

  /** A copy of the state; reading it never advances the stream. */
  state(): StreamState {
    const s = this.gen.state();
    return { a: s.a, b: s.b, c: s.c, d: s.d };
  }
}

/** The names of the saved gameplay streams, in the fixed order used for hashing and saving. */
export const STREAM_NAMES = ['combat', 'ai', 'mapgen', 'setup'] as const;
export type StreamName = (typeof STREAM_NAMES)[number];

export type StreamStates = Record<StreamName, StreamState>;

/**
 * A master seed and the named streams derived from it. The master seed is kept as the exact
 * text the user typed ("42" and "dragon" are both fine); each stream is seeded from the master
 * seed and its own name, so adding draws to one stream never shifts another.
 */
export class RngStreams {
  readonly combat: Stream;
  readonly ai: Stream;
  readonly mapgen: Stream;
  readonly setup: Stream;

  constructor(readonly seed: string, saved?: StreamStates) {
    this.combat = new Stream('combat', streamSeed(seed, 'combat'), saved?.combat);
    this.ai = new Stream('ai', streamSeed(seed, 'ai'), saved?.ai);
    this.mapgen = new Stream('mapgen', streamSeed(seed, 'mapgen'), saved?.mapgen);
    this.setup = new Stream('setup', streamSeed(seed, 'setup'), saved?.setup);
  }

  get(name: StreamName): Stream {
    return this[name];
  }

  states(): StreamStates {
    return {
      combat: this.combat.state(),
      ai: this.ai.state(),
      mapgen: this.mapgen.state(),
      setup: this.setup.state(),
    };
  }

  /** Puts every stream back to saved states and draw counts (a snapshot), in place. */
  restore(states: StreamStates, draws: Readonly<Record<StreamName, number>>): void {
    for (const n of STREAM_NAMES) this[n].restore(states[n], draws[n]);
  }

  /** Total words drawn per stream; replay forensics compare these turn by turn. */
  drawCounts(): Record<StreamName, number> {
    return {
      combat: this.combat.draws,
      ai: this.ai.draws,
      mapgen: this.mapgen.draws,
      setup: this.setup.draws,
    };
  }
}

function streamSeed(seed: string, name: string): string {
  return `spoiler-arena/${name}/${seed}`;
}

/**
 * The cosmetic stream: message variety and UI flourishes only. It is seeded from the master
 * seed so a headless run prints the same text every time, but it is never saved, never hashed,
 * and nothing that affects play may read it.
 */
export function cosmeticStream(seed: string): Stream {
  return new Stream('cosmetic', streamSeed(seed, 'cosmetic'));
}

/**
 * Normalises what a user typed as a seed: any non-empty text, surrounding spaces removed, in
 * Unicode's composed form (NFC), so that "café" typed with a precomposed é or with e and a
 * combining accent is the same seed and the same duel. Control characters are refused. (A seed
 * read from a replay is used as recorded: its duel was played with it.)
 */
export function normaliseSeed(input: string | number): string {
  const text = String(input).normalize('NFC').trim();
  if (text.length === 0) throw new Error('a seed must not be empty');
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) throw new Error('a seed must not hold control characters (escape codes, line breaks, tabs)');
  if (text.length > 200) throw new Error('a seed must be at most 200 characters');
  return text;
}
