/**
 * A fast, deterministic 64-bit hash (two 32-bit lanes mixed with Math.imul) over plain data.
 * Used for per-turn checkpoints and for the data-file fingerprint in replay headers. It is not
 * cryptographic; it only has to notice any difference between two runs.
 */
/** Two 32-bit hashes of a string, cached: keys and names repeat every turn. */
const STRINGS = new Map<string, readonly [number, number]>();
const STRING_CACHE_LIMIT = 1 << 16;

function stringWords(s: string): readonly [number, number] {
  let w = STRINGS.get(s);
  if (w === undefined) {
    let a = 0x811c9dc5 ^ s.length;
    let b = 0x9e3779b9 ^ s.length;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619);
      b = Math.imul(b ^ c, 2246822519);
      b = (b << 13) | (b >>> 19);
    }
    w = [a, b];
    if (STRINGS.size < STRING_CACHE_LIMIT) STRINGS.set(s, w);
  }
  return w;
}

export class Hasher {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  int(n: number): this {
    if (!Number.isSafeInteger(n)) {
      // Beyond 2^53 an integer is hashed by its exact decimal text.
      this.word(11);
      return this.str(String(n));
    }
    // Two 32-bit halves, so integers above 2^32 (energy, ticks) hash fully.
    this.word(n | 0);
    this.word(Math.floor(n / 0x1_0000_0000) | 0);
    return this;
  }

  /** Mixes in one 32-bit word. */
  word(w: number): void {
    this.h1 = Math.imul(this.h1 ^ w, 2654435761);
    this.h2 = Math.imul(this.h2 ^ w, 1597334677);
    this.h1 = (this.h1 << 13) | (this.h1 >>> 19);
    this.h2 = (this.h2 << 17) | (this.h2 >>> 15);
  }

  str(s: string): this {
    const [a, b] = stringWords(s);
    this.word(a);
    this.word(b);
    return this;
  }

  /** Mixes in bytes, four to a word. */
  bytes(b: Uint8Array): this {
    this.word(b.length);
    const n = b.length;
    let i = 0;
    for (; i + 4 <= n; i += 4) this.word((b[i] as number) | ((b[i + 1] as number) << 8) | ((b[i + 2] as number) << 16) | ((b[i + 3] as number) << 24));
    let last = 0;
    for (let k = 0; i < n; i++, k += 8) last |= (b[i] as number) << k;
    this.word(last);
    return this;
  }

  bool(b: boolean): this {
    this.word(b ? 1 : 2);
    return this;
  }

  /**
   * Hashes any JSON-like value with a fixed walk: object keys in their own order, arrays in order,
   * and a tag per type so `1`, `"1"` and `[1]` differ. Non-integer numbers hash by their exact
   * text.
   */
  value(v: unknown): this {
    if (v === null || v === undefined) {
      this.word(v === null ? 3 : 4);
    } else if (typeof v === 'number') {
      if (Number.isInteger(v)) {
        this.word(5);
        this.int(v);
      } else {
        this.word(6);
        this.str(String(v));
      }
    } else if (typeof v === 'string') {
      this.word(7);
      this.str(v);
    } else if (typeof v === 'boolean') {
      this.word(8);
      this.bool(v);
    } else if (Array.isArray(v)) {
      this.word(9);
      this.word(v.length);
      for (const x of v) this.value(x);
    } else if (typeof v === 'object') {
      // Keys in their own order: the game builds every object the same way on every run (and
      // JSON and structuredClone keep the order), so sorting would only cost time.
      this.word(10);
      let count = 0;
      for (const k in v as object) {
        if (!Object.hasOwn(v as object, k)) continue;
        this.str(k);
        this.value((v as Record<string, unknown>)[k]);
        count++;
      }
      this.word(count);
    } else {
      throw new TypeError(`cannot hash a ${typeof v}`);
    }
    return this;
  }

  /** 16 hex digits. Reading the digest does not change the hasher. */
  digest(): string {
    let a = this.h1;
    let b = this.h2;
    a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
    return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
  }
}

export function hashOf(v: unknown): string {
  return new Hasher().value(v).digest();
}
