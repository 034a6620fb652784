/**
 * Which boundaries two segmentations of the same text agree on. Boundaries are matched one to
 * one, in text order, when they lie within `tolerance` characters of each other; the rest belong
 * to one side only. Walking both sorted lists together and matching the first pair in reach gives
 * the largest possible number of matched pairs, because reach is symmetric and order-preserving.
 */

export interface SharedBoundary {
  left: number;
  right: number;
}

export interface BoundaryDiff {
  shared: SharedBoundary[];
  leftOnly: number[];
  rightOnly: number[];
}

export type BoundarySide = 'shared' | 'left' | 'right';

/** One mark for a merged view: where, and whose. A shared pair shows at its left offset. */
export interface BoundaryMark {
  offset: number;
  side: BoundarySide;
  /** For a shared pair, where the right side put it. */
  rightOffset?: number;
}

export function diffBoundaries(left: readonly number[], right: readonly number[], tolerance = 0): BoundaryDiff {
  if (!(tolerance >= 0)) throw new RangeError(`tolerance must be >= 0, got ${tolerance}`);
  const out: BoundaryDiff = { shared: [], leftOnly: [], rightOnly: [] };
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const l = left[i] as number;
    const r = right[j] as number;
    if (Math.abs(l - r) <= tolerance) {
      out.shared.push({ left: l, right: r });
      i++;
      j++;
    } else if (l < r) {
      out.leftOnly.push(l);
      i++;
    } else {
      out.rightOnly.push(r);
      j++;
    }
  }
  out.leftOnly.push(...left.slice(i));
  out.rightOnly.push(...right.slice(j));
  return out;
}

/** The diff as one ordered list of marks, for a merged view. */
export function boundaryMarks(diff: BoundaryDiff): BoundaryMark[] {
  const marks: BoundaryMark[] = [
    ...diff.shared.map((s): BoundaryMark => ({ offset: s.left, side: 'shared', rightOffset: s.right })),
    ...diff.leftOnly.map((offset): BoundaryMark => ({ offset, side: 'left' })),
    ...diff.rightOnly.map((offset): BoundaryMark => ({ offset, side: 'right' })),
  ];
  return marks.sort((a, b) => a.offset - b.offset || a.side.localeCompare(b.side));
}
