import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lowerBound } from './lower-bound';

describe('lowerBound', () => {
  it('finds the first value >= target, or the end', () => {
    const values = [2, 4, 4, 9];
    expect([0, 2, 3, 4, 5, 9, 10].map((t) => lowerBound(values, t))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(lowerBound([], 1)).toBe(0);
  });

  it('searches only within [lo, hi) of a typed array', () => {
    const values = Int32Array.from([1, 5, 7, 3, 6, 8]); // two sorted runs: [0, 3) and [3, 6)
    expect(lowerBound(values, 6, 3, 6)).toBe(4);
    expect(lowerBound(values, 9, 3, 6)).toBe(6);
    expect(lowerBound(values, 0, 3, 6)).toBe(3);
  });

  it('agrees with a linear scan', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: -60, max: 60 }), (raw, target) => {
        const values = [...raw].sort((a, b) => a - b);
        const expected = values.findIndex((v) => v >= target);
        expect(lowerBound(values, target)).toBe(expected < 0 ? values.length : expected);
      }),
    );
  });
});
