import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentationFromCuts, toSegments } from '../../shared/document/segmentation';
import { approxTokens, segmentsOf, sizeLabel } from './segments';

describe('derived segments', () => {
  it('match the shared toSegments, heads included, on any text and cuts', () => {
    const word = fc.constantFrom('a', 'word', 'x'.repeat(300), ' '.repeat(2100), ' ', '  ', '\n', '\r\n', '\t', 'é', '😀', '中文');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 400 }), fc.array(fc.nat(5000), { maxLength: 30 }), (words, cuts) => {
        const text = words.join('');
        const seg = segmentationFromCuts(text, cuts);
        const expected = toSegments(text, seg).map(({ index, start, end, head }) => ({ index, start, end, head }));
        const got = segmentsOf(text, seg).map(({ index, start, end, head }) => ({ index, start, end, head }));
        expect(got).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('returns the same array for the same inputs, and notes ride along', () => {
    const text = 'One two.\n\nThree four.\n';
    const seg = { boundaries: [10], notes: [{ topic: 'first' }, { summary: 'second', reviewed: true }] };
    const a = segmentsOf(text, seg);
    expect(segmentsOf(text, seg)).toBe(a);
    expect(a[0]).toMatchObject({ start: 0, end: 10, topic: 'first', head: 'One two.' });
    expect(a[1]).toMatchObject({ start: 10, end: text.length, summary: 'second', reviewed: true });
  });

  it('approximates tokens as a quarter of the characters, rounded up', () => {
    expect(approxTokens(0)).toBe(0);
    expect(approxTokens(9)).toBe(3);
  });

  it('labels a size with grouped digits and the approximate tokens', () => {
    expect(sizeLabel(1234)).toBe('1,234 chars · ~309 tok');
  });
});
