import { describe, expect, it } from 'vitest';
import type { Segmentation } from '../../../shared/document/types';
import { canAccept, neighbourDocument, reviewStep } from './review-step';

const TEXT = 'One. Two. Three. Four.';
const seg: Segmentation = { boundaries: [5, 10, 17], notes: [{}, {}, {}, {}] };

describe('reviewStep', () => {
  it('accepts: marks the segment after the boundary reviewed and goes to the next', () => {
    const step = reviewStep(1, 'accept');
    const after = step.edit(TEXT, seg);
    expect(after.boundaries).toEqual([5, 10, 17]);
    expect(after.notes[1]?.reviewed).toBe(true);
    expect(step.next(after)).toBe(2);
  });

  it('rejects: removes the boundary, and the next one is then at the same index', () => {
    const step = reviewStep(2, 'reject');
    const after = step.edit(TEXT, seg);
    expect(after.boundaries).toEqual([5, 17]);
    expect(step.next(after)).toBe(2);
  });

  it('stays within the segments at the end', () => {
    const accept = reviewStep(3, 'accept');
    expect(accept.next(accept.edit(TEXT, seg))).toBe(3);
    const reject = reviewStep(3, 'reject');
    const after = reject.edit(TEXT, seg);
    expect(after.boundaries).toEqual([5, 10]);
    expect(reject.next(after)).toBe(2);
  });

  it('has no boundary to reject before the first segment: nothing changes', () => {
    expect(reviewStep(0, 'reject').edit(TEXT, seg)).toBe(seg);
    expect(reviewStep(0, 'accept').edit(TEXT, seg).notes[0]?.reviewed).toBe(true);
  });
});

describe('canAccept', () => {
  it('is false for a segment already reviewed, true for one that is not, and true again once unmarked', () => {
    const accepted = reviewStep(1, 'accept').edit(TEXT, seg);
    expect(canAccept(accepted, 1)).toBe(false);
    expect(canAccept(accepted, 0)).toBe(true);
    expect(canAccept(accepted, 2)).toBe(true);
    const unmarked: Segmentation = { ...accepted, notes: accepted.notes.map((n, i) => (i === 1 ? { ...n, reviewed: false } : n)) };
    expect(canAccept(unmarked, 1)).toBe(true);
    expect(canAccept(seg, 4)).toBe(false);
  });
});

describe('neighbourDocument', () => {
  it('steps through the list and stops at the ends', () => {
    expect(neighbourDocument(['a', 'b', 'c'], 'b', 1)).toBe('c');
    expect(neighbourDocument(['a', 'b', 'c'], 'b', -1)).toBe('a');
    expect(neighbourDocument(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(neighbourDocument(['a', 'b'], null, 1)).toBe('a');
    expect(neighbourDocument(['a', 'b'], null, -1)).toBe('b');
  });
});
