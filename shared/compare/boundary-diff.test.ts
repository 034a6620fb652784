import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundaryMarks, diffBoundaries } from './boundary-diff';

describe('diffBoundaries', () => {
  it('sorts boundaries into shared, left only and right only', () => {
    expect(diffBoundaries([10, 20, 30], [10, 25, 30, 40])).toEqual({
      shared: [{ left: 10, right: 10 }, { left: 30, right: 30 }],
      leftOnly: [20],
      rightOnly: [25, 40],
    });
  });

  it('matches near misses within the tolerance, one to one', () => {
    expect(diffBoundaries([10, 12], [11], 2)).toEqual({ shared: [{ left: 10, right: 11 }], leftOnly: [12], rightOnly: [] });
    expect(diffBoundaries([10], [13], 2)).toEqual({ shared: [], leftOnly: [10], rightOnly: [13] });
  });

  it('handles empty sides and rejects a negative tolerance', () => {
    expect(diffBoundaries([], [5])).toEqual({ shared: [], leftOnly: [], rightOnly: [5] });
    expect(() => diffBoundaries([], [], -1)).toThrow(RangeError);
  });

  it('accounts for every boundary exactly once, and is symmetric', () => {
    const sorted = fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 40 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(sorted, sorted, fc.integer({ min: 0, max: 10 }), (left, right, tol) => {
        const d = diffBoundaries(left, right, tol);
        expect([...d.shared.map((s) => s.left), ...d.leftOnly].sort((a, b) => a - b)).toEqual(left);
        expect([...d.shared.map((s) => s.right), ...d.rightOnly].sort((a, b) => a - b)).toEqual(right);
        for (const s of d.shared) expect(Math.abs(s.left - s.right)).toBeLessThanOrEqual(tol);
        expect(diffBoundaries(right, left, tol).shared.length).toBe(d.shared.length);
        expect(boundaryMarks(d)).toHaveLength(d.shared.length + d.leftOnly.length + d.rightOnly.length);
      }),
    );
  });

  it('merges marks in text order', () => {
    const marks = boundaryMarks(diffBoundaries([5, 9], [2, 9]));
    expect(marks.map((m) => [m.offset, m.side])).toEqual([[2, 'right'], [5, 'left'], [9, 'shared']]);
  });
});
