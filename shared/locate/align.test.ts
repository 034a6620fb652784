import { describe, expect, it } from 'vitest';
import { alignSemiGlobal, editDistance, GAP_EXTEND, GAP_OPEN } from './align';
import { bestIncreasingChain } from './chain';
import { normalize, normalizeWithOrigin, normalizedIndexAt } from './normalize';

describe('alignSemiGlobal', () => {
  it('finds an exact occurrence at no cost, skipping text around it for free', () => {
    expect(alignSemiGlobal('whale', 'the white whale swam', 0, 20)).toEqual({ cost: 0, start: 10, end: 15 });
  });

  it('charges a substitution 1 and a gap of n characters GAP_OPEN + (n - 1) * GAP_EXTEND', () => {
    expect(alignSemiGlobal('whxle', 'a whale', 0, 7).cost).toBe(1);
    // Skipping "ghij" in the text (1.9) is cheaper than dropping either half of the pattern (2.5).
    const dropped = alignSemiGlobal('abcdefuvwxyz', 'abcdefghijuvwxyz', 0, 16);
    expect(dropped.cost).toBeCloseTo(GAP_OPEN + 3 * GAP_EXTEND);
    expect(dropped.start).toBe(0);
    // Dropping pattern characters is as cheap (an extra word in a head), so "abc" + "xyz" against
    // text that has them 7 apart costs one 3-character gap, not a 7-character one.
    expect(alignSemiGlobal('abcxyz', 'abcdefghijxyz', 0, 13).cost).toBeCloseTo(GAP_OPEN + 2 * GAP_EXTEND);
  });

  it('anchored, pays for text skipped at the start', () => {
    expect(alignSemiGlobal('whale', 'xxwhale', 0, 7, true).cost).toBeCloseTo(GAP_OPEN + GAP_EXTEND);
    expect(alignSemiGlobal('whale', 'xxwhale', 0, 7, true).start).toBe(0);
  });
});

describe('editDistance', () => {
  it('is the Levenshtein distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('normalize', () => {
  it('keeps only lower-cased letters and digits, without accents', () => {
    expect(normalize('“Café”—it’s 2 O’CLOCK…\r\nÉlan!')).toBe('cafeits2oclockelan');
    expect(normalize('Привет, 世界')).toBe('привет世界');
  });

  it('remembers where each normalized character came from', () => {
    const norm = normalizeWithOrigin('A, b😀c');
    expect(norm.chars).toBe('abc');
    expect([...norm.origin]).toEqual([0, 3, 6]);
    expect(normalizedIndexAt(norm, 4)).toBe(2);
  });
});

describe('bestIncreasingChain', () => {
  it('picks one candidate per head with increasing offsets and the largest total weight', () => {
    const chosen = bestIncreasingChain([
      [{ offset: 10, weight: 1 }],
      [{ offset: 500, weight: 0.8 }, { offset: 20, weight: 0.75 }], // the far one would strand the rest
      [{ offset: 30, weight: 1 }],
      [{ offset: 40, weight: 1 }],
    ]);
    expect(chosen).toEqual([0, 1, 0, 0]);
  });

  it('prefers the earliest placement among equally good chains', () => {
    const repeated = [10, 20, 30, 40, 50, 60, 70].map((offset) => ({ offset, weight: 1 }));
    expect(bestIncreasingChain([repeated])).toEqual([0]);
    expect(bestIncreasingChain([repeated, repeated])).toEqual([0, 1]);
  });

  it('leaves out heads that cannot fit the order', () => {
    expect(bestIncreasingChain([[{ offset: 50, weight: 1 }], [{ offset: 10, weight: 1 }], [{ offset: 20, weight: 1 }], []])).toEqual([-1, 0, 0, -1]);
  });
});
