import { describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../document/segmentation';
import { segmentationDigest } from './segmentation-digest';

const TEXT = 'One. Two. Three. Four.';

describe('segmentationDigest', () => {
  const seg = { boundaries: [5, 10], notes: [{ topic: 'a', reviewed: true }, {}, { summary: 's' }] };

  it('is the same for a JSON round trip, another key order and keys holding undefined', () => {
    const digest = segmentationDigest(seg);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(segmentationDigest(JSON.parse(JSON.stringify(seg)))).toBe(digest);
    expect(segmentationDigest({ boundaries: [5, 10], notes: [{ reviewed: true, topic: 'a' }, { topic: undefined }, { summary: 's' }] })).toBe(digest);
  });

  it('differs when a boundary or any part of a note differs', () => {
    const variants = [
      { ...seg, boundaries: [5, 11] },
      { ...seg, notes: [{ topic: 'a' }, {}, { summary: 's' }] },
      { ...seg, notes: [{ topic: 'a', reviewed: false }, {}, { summary: 's' }] },
      { ...seg, notes: [{ topic: 'b', reviewed: true }, {}, { summary: 's' }] },
      { ...seg, notes: [{ topic: 'a', reviewed: true }, { topic: '' }, { summary: 's' }] },
      { ...seg, notes: [{ topic: 'a', reviewed: true }, {}, { topic: 's' }] },
      segmentationFromCuts(TEXT, [5, 10]),
      segmentationFromCuts(TEXT, [5]),
      { boundaries: [], notes: [] },
    ];
    const digests = new Set([seg, ...variants].map(segmentationDigest));
    expect(digests.size).toBe(variants.length + 1);
  });

  it('takes offsets beyond 2^32 apart', () => {
    expect(segmentationDigest({ boundaries: [2 ** 32 + 5], notes: [{}, {}] })).not.toBe(segmentationDigest({ boundaries: [5], notes: [{}, {}] }));
  });
});
