import { describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../document/segmentation';
import { enforceLimits } from './enforce-limits';

const PARAGRAPH = 'One sentence is here. Another one follows it. A third closes the paragraph.';
const TEXT = `${PARAGRAPH}\n\n${PARAGRAPH}\n\n${PARAGRAPH}\n`;

describe('enforceLimits', () => {
  it('splits an over-long segment at structural boundaries, keeps the note on the first part, and says so', () => {
    const seg = { boundaries: [], notes: [{ topic: 'All of it' }] };
    const { segmentation, warnings } = enforceLimits(TEXT, seg, { maxChars: 100 }, 'topic');
    assertValidSegmentation(TEXT, segmentation);
    expect(segmentation.boundaries).toEqual([PARAGRAPH.length + 2, 2 * (PARAGRAPH.length + 2)]);
    expect(segmentation.notes).toEqual([{ topic: 'All of it' }, {}, {}]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'split-to-fit', message: expect.stringMatching(/^1 topic segment was over the limit \(max 100 chars\)/) })]);
  });

  it('leaves a segmentation within the limits as it is, and honours a token limit', () => {
    const seg = { boundaries: [PARAGRAPH.length + 2], notes: [{}, {}] };
    expect(enforceLimits(TEXT, seg, { maxChars: 10_000 }, 'simple')).toEqual({ segmentation: seg, warnings: [] });
    const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
    const { segmentation } = enforceLimits(TEXT, seg, { maxChars: 10_000, maxTokens: 8, countTokens: words }, 'simple');
    assertValidSegmentation(TEXT, segmentation);
    for (let i = 0; i <= segmentation.boundaries.length; i++) {
      const start = i === 0 ? 0 : segmentation.boundaries[i - 1]!;
      const end = segmentation.boundaries[i] ?? TEXT.length;
      expect(words(TEXT.slice(start, end))).toBeLessThanOrEqual(8);
    }
  });
});
