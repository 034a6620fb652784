/**
 * Where a hand edit may land when it snaps: the starts of sentences and lines. Computing them is
 * linear in the text, and an editing session applies many operations to one immutable text, so
 * the last text's points are kept (one entry: the text identity changes only when a document does).
 */
import { isSafeBoundary } from '../document/text-boundaries';
import { lineStarts, sentenceStarts } from '../text/sentences';
import { lowerBound } from '../util/lower-bound';

let cachedText: string | null = null;
let cachedPoints: readonly number[] = [];

/** Sorted, distinct sentence and line starts that are safe cuts (so never 0 or text.length). */
export function snapPointsOf(text: string): readonly number[] {
  if (cachedText === text) return cachedPoints;
  const merged = new Set<number>();
  for (const p of sentenceStarts(text)) if (isSafeBoundary(text, p)) merged.add(p);
  for (const p of lineStarts(text)) if (isSafeBoundary(text, p)) merged.add(p);
  cachedPoints = [...merged].sort((a, b) => a - b);
  cachedText = text;
  return cachedPoints;
}

/** The snap points p with lo < p < hi, in order. */
export function snapPointsBetween(text: string, lo: number, hi: number): readonly number[] {
  const points = snapPointsOf(text);
  return points.slice(lowerBound(points, lo + 1), lowerBound(points, hi));
}

/** The start of the sentence or line that contains `offset`: the last snap point <= offset, or null. */
export function unitStartAt(text: string, offset: number): number | null {
  const points = snapPointsOf(text);
  const i = lowerBound(points, offset + 1) - 1;
  return i >= 0 ? (points[i] as number) : null;
}

/**
 * The snap point nearest to `offset` strictly inside (lo, hi), or null when there is none. Ties go
 * to the earlier point, so a drag between two sentences settles on the one it came from above.
 */
export function nearestSnapPointBetween(text: string, offset: number, lo: number, hi: number): number | null {
  const inside = snapPointsBetween(text, lo, hi);
  if (inside.length === 0) return null;
  const i = lowerBound(inside, offset);
  const after = inside[i];
  const before = inside[i - 1];
  if (after === undefined) return before ?? null;
  if (before === undefined) return after;
  return offset - before <= after - offset ? before : after;
}
