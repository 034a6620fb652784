import { describe, expect, it } from 'vitest';
import { boundaryMarks, diffBoundaries } from '../../../shared/compare/boundary-diff';
import { disagreementOffsets, stepDisagreement } from './disagreements';

describe('disagreements', () => {
  const marks = boundaryMarks(diffBoundaries([10, 20, 40], [10, 30, 40, 50]));

  it('lists the one-sided boundaries in text order, shared ones left out', () => {
    expect(disagreementOffsets(marks)).toEqual([20, 30, 50]);
  });

  it('steps forward and back from a place, wrapping round', () => {
    const offsets = disagreementOffsets(marks);
    expect(stepDisagreement(offsets, null, 1)).toBe(20);
    expect(stepDisagreement(offsets, null, -1)).toBe(50);
    expect(stepDisagreement(offsets, 20, 1)).toBe(30);
    expect(stepDisagreement(offsets, 25, 1)).toBe(30);
    expect(stepDisagreement(offsets, 50, 1)).toBe(20);
    expect(stepDisagreement(offsets, 30, -1)).toBe(20);
    expect(stepDisagreement(offsets, 20, -1)).toBe(50);
    expect(stepDisagreement([], 5, 1)).toBeNull();
  });
});
