import { describe, expect, it } from 'vitest';
import type { Segmentation } from '../../../shared/document/types';
import { deleteBoundary, setReviewed } from '../../../shared/edit/operations';
import { nextLeastConfident, walkKey, WALK_START } from './confidence-order';

const TEXT = 'One. Two. Three. Four. Five.';
const seg: Segmentation = { boundaries: [5, 10, 17, 23], notes: [{}, { confidence: 0.9 }, { confidence: 0.2 }, {}, { confidence: 0.5 }] };

/** Every step of a walk from the start, as segment indices. */
function walk(s: Segmentation, steps: number): number[] {
  const out: number[] = [];
  let key = WALK_START;
  for (let n = 0; n < steps; n++) {
    const i = nextLeastConfident(s, key);
    if (i === null) break;
    out.push(i);
    key = walkKey(s, i);
  }
  return out;
}

describe('the least-confident-first walk', () => {
  it('goes by confidence, those without one last, then starts over', () => {
    expect(walk(seg, 5)).toEqual([2, 4, 1, 3, 2]);
  });

  it('skips reviewed boundaries, and ends when all are', () => {
    const reviewed = setReviewed(TEXT, seg, 2, true);
    expect(walk(reviewed, 3)).toEqual([4, 1, 3]);
    const all = [1, 2, 3, 4].reduce((s, i) => setReviewed(TEXT, s, i, true), seg);
    expect(nextLeastConfident(all, WALK_START)).toBeNull();
  });

  it('keeps its place through a reject, which renumbers the segments after it', () => {
    const key = walkKey(seg, 2);
    const after = deleteBoundary(TEXT, seg, 1);
    // The 0.5 boundary was segment 4; it is segment 3 now, and still next.
    expect(nextLeastConfident(after, key)).toBe(3);
  });
});
