import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tintsBetween, type Tint } from './tint-colours';

describe('tintsBetween', () => {
  it('alternates two tints on a fresh drawing', () => {
    expect(tintsBetween(null, null, 5)).toEqual([0, 1, 0, 1, 0]);
  });

  it('never gives two neighbours the same tint, whatever surrounds the run', () => {
    const tint = fc.constantFrom<Tint | null>(null, 0, 1, 2);
    fc.assert(
      fc.property(tint, tint, fc.integer({ min: 1, max: 6 }), (left, right, count) => {
        const row = [left, ...tintsBetween(left, right, count), right];
        for (let i = 1; i < row.length; i++) if (row[i - 1] !== null && row[i] !== null) expect(row[i]).not.toBe(row[i - 1]);
      }),
    );
  });

  it('uses the third tint only where two would clash', () => {
    // A segment split between two neighbours of the same tint.
    expect(tintsBetween(1, 1, 2)).toEqual([0, 2]);
    expect(tintsBetween(1, 0, 2)).toEqual([0, 1]);
  });
});
