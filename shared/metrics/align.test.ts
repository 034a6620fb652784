import { describe, expect, it } from 'vitest';
import { alignBoundaries, TextMismatchError } from './align';

describe('alignBoundaries', () => {
  it('uses offsets as they are for identical texts', () => {
    expect(alignBoundaries('ab cd', [3], 'ab cd', [2])).toEqual({ length: 5, reference: [3], predicted: [2], alignment: 'exact' });
  });

  it('compares re-spaced texts over their non-whitespace characters', () => {
    // reference "One two.\n\nThree." cut before "Three" (offset 10); non-whitespace before it: "Onetwo." = 7.
    // prediction "One two. Three." cut before "Three" (offset 9): also 7. Axis "Onetwo.Three." = 13.
    const aligned = alignBoundaries('One two.\n\nThree.', [10], 'One two. Three.', [9]);
    expect(aligned).toEqual({ length: 13, reference: [7], predicted: [7], alignment: 'non-whitespace' });
  });

  it('collapses boundaries that only whitespace separates, and drops those at the ends', () => {
    // "a  b": cuts at 1, 2 and 3 all have one non-whitespace character before them.
    // "a b ": a cut at 3 projects to 2 = the axis length, so it is dropped.
    expect(alignBoundaries('a  b', [1, 2, 3], 'a b ', [3]).reference).toEqual([1]);
    expect(alignBoundaries('a  b', [1, 2, 3], 'a b ', [3]).predicted).toEqual([]);
  });

  it('names where two different texts first differ', () => {
    const mismatch = () => alignBoundaries('The cat sat.', [], 'The cat  sot.', []);
    expect(mismatch).toThrow(TextMismatchError);
    expect(mismatch).toThrow('they first differ at character 9 of the reference ("at.") and 10 of the prediction ("ot.")');
    expect(() => alignBoundaries('abc', [], 'abcd', [])).toThrow(/character 3 of the reference \(""\) and 3 of the prediction \("d"\)/);
  });
});
