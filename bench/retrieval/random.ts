/**
 * Seeded randomness so that corpora and generated questions are reproducible from a seed alone,
 * on every platform and Node version: the project's mulberry32 generator (shared/util/seeded-random) with
 * a textual seed and the helpers the builders need. Not for cryptography.
 */
import { seededRandom } from '../../shared/util/seeded-random';

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** One element, uniformly. Throws on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a over the string's UTF-16 code units: turns a textual seed into 32 bits. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  const next = seededRandom(typeof seed === 'number' ? seed : hashSeed(seed));
  const int = (min: number, max: number): number => {
    if (!(max >= min)) throw new RangeError(`empty range [${min}, ${max}]`);
    return min + Math.floor(next() * (max - min + 1));
  };
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}
