import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentationFromCuts, toSegments } from '../../shared/document/segmentation';
import { approxTokens, segmentsInSlices, segmentsOf, sizeLabel } from './segments';

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

  it('are the same list when built in slices, after which segmentsOf hands that list back at once', () => {
    const text = 'Alpha beta gamma. '.repeat(400);
    const before = segmentationFromCuts(text, [100, 1800, 3600]);
    const old = segmentsOf(text, before);
    const seg = segmentationFromCuts(text, Array.from({ length: 60 }, (_, i) => 100 + i * 110));
    const steps = [...segmentsInSlices(text, seg, 7)];
    expect(steps).toEqual([7, 14, 21, 28, 35, 42, 49, 56]);
    const sliced = segmentsOf(text, seg);
    expect(sliced.map(({ index, start, end, head }) => ({ index, start, end, head }))).toEqual(
      toSegments(text, seg).map(({ index, start, end, head }) => ({ index, start, end, head })),
    );
    // The first segment kept its range: the view from before is reused, as segmentsOf would.
    expect(sliced[0]).toBe(old[0]);
    expect([...segmentsInSlices(text, seg, 7)]).toEqual([]);
  });

  it('returns the same array for the same inputs, and notes ride along', () => {
    const text = 'One two.\n\nThree four.\n';
    const seg = { boundaries: [10], notes: [{ topic: 'first' }, { summary: 'second', reviewed: true }] };
    const a = segmentsOf(text, seg);
    expect(segmentsOf(text, seg)).toBe(a);
    expect(a[0]).toMatchObject({ start: 0, end: 10, topic: 'first', head: 'One two.' });
    expect(a[1]).toMatchObject({ start: 10, end: text.length, summary: 'second', reviewed: true });
  });

  it('keeps the very objects of the segments an edit did not touch', () => {
    const text = 'One two.\n\nThree four.\n\nFive six.\n\nSeven eight.\n';
    const before = segmentsOf(text, segmentationFromCuts(text, [10, 23, 34]));
    // The middle boundary moved from 23 to 21: segments 1 and 2 change, 0 and 3 do not.
    const moved = { boundaries: [10, 21, 34], notes: [{}, {}, {}, {}] };
    const after = segmentsOf(text, moved);
    expect(after[0]).toBe(before[0]);
    expect(after[3]).toBe(before[3]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toMatchObject({ start: 10, end: 21 });
    // A split shifts the indices after it: those segments are new objects with their new index.
    const split = segmentsOf(text, { boundaries: [10, 15, 21, 34], notes: [{}, {}, {}, {}, {}] });
    expect(split[0]).toBe(after[0]);
    expect(split[4]).toMatchObject({ index: 4, start: 34, head: after[3]!.head });
  });

  it('approximates tokens as a quarter of the characters, rounded up', () => {
    expect(approxTokens(0)).toBe(0);
    expect(approxTokens(9)).toBe(3);
  });

  it('labels a size with grouped digits and the approximate tokens', () => {
    expect(sizeLabel(1234)).toBe('1,234 chars · ~309 tok');
  });
});
