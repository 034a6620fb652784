/**
 * A segmentation (or exported segments) without `confidence`, for tests that compare decoding
 * paths: only the local trie decoder reads the model's probabilities, so only its heads carry a
 * confidence (docs/core-strategies.md); the grammar decoder and a server give the same boundaries
 * and notes without it.
 */
import type { Segmentation } from '../../shared/document/types';

export function withoutConfidence<T extends object>(items: readonly T[]): T[] {
  return items.map((item) => {
    const { confidence: _confidence, ...rest } = item as T & { confidence?: number };
    return rest as T;
  });
}

export function segmentationWithoutConfidence(s: Segmentation): Segmentation {
  return { boundaries: s.boundaries, notes: withoutConfidence(s.notes) };
}
