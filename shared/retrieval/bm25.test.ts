import { describe, expect, it } from 'vitest';
import { buildBm25Index } from './bm25';

describe('BM25', () => {
  const passages = ['the white whale', 'the sea and the ship', 'whale whale ship', ''];

  it('ranks by term weight and breaks ties by index', () => {
    const index = buildBm25Index(passages);
    expect(index.search('whale', 4).map((h) => h.index)).toEqual([2, 0]);
    expect(index.search('ship', 4).map((h) => h.index)).toEqual([2, 1]);
    expect(index.search('nothing here', 3)).toEqual([]);
  });

  it('computes the textbook score', () => {
    // 'sea' occurs once, in passage 1 (5 tokens); N = 4, avgdl = (3 + 5 + 3 + 0) / 4 = 2.75.
    const [hit] = buildBm25Index(passages).search('sea', 1);
    const idf = Math.log(1 + (4 - 1 + 0.5) / (1 + 0.5));
    const expected = (idf * 1 * 2.2) / (1 + 1.2 * (1 - 0.75 + (0.75 * 5) / 2.75));
    expect(hit!.index).toBe(1);
    expect(hit!.score).toBeCloseTo(expected, 12);
  });
});
