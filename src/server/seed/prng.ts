/**
 * A small seeded pseudo-random generator (sfc32, seeded through cyrb128), so the same seed
 * always gives the same demo world. Not for secrets: tokens use node:crypto.
 */

/** Four 32-bit seeds from a string (cyrb128). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** The same seed text gives the same sequence. */
  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    // Warm up: the first outputs of sfc32 are weakly mixed.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks a key by relative weight. */
  weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    const last = entries.at(-1);
    if (!last) throw new Error('Random.weighted: no weights');
    return last[0];
  }

  /** Picks an item by relative weight. */
  weightedItem<T>(items: readonly T[], weightOf: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weightOf(item), 0);
    let r = this.next() * total;
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return this.pick(items);
  }

  /** `count` distinct items, each drawn by relative weight (without replacement). */
  sample<T>(items: readonly T[], count: number, weightOf: (item: T) => number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      const item = this.weightedItem(pool, weightOf);
      chosen.push(item);
      pool.splice(pool.indexOf(item), 1);
    }
    return chosen;
  }

  /** A token of lower-case letters and digits. */
  token(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET.charAt(Math.floor(this.next() * ALPHABET.length));
    return out;
  }
}
