/**
 * Where a hand edit may land when it snaps: the starts of sentences and lines. Computing them for
 * the whole text is linear in it, and an editing session applies many operations to one immutable
 * text, so the last text's points are kept (one entry: the text identity changes only when a
 * document does). A question about a stretch small next to the text (one segment of a 50 MB
 * document, asked as soon as its result is shown) reads only that stretch instead of the whole
 * text: the range scanners give exactly the whole scan's points inside it.
 */
import { isSafeBoundary } from '../document/text-boundaries';
import { lineStartsIn } from '../text/lines';
import { lineStarts, sentenceStarts, sentenceStartsIn } from '../text/sentences';
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

/** Below this share of the text, a stretch with no points kept yet is read on its own. */
const LOCAL_SHARE = 8;

/** The snap points p with lo < p < hi, in order. */
export function snapPointsBetween(text: string, lo: number, hi: number): readonly number[] {
  if (cachedText !== text && (hi - lo) * LOCAL_SHARE < text.length) return localSnapPoints(text, lo, hi);
  const points = snapPointsOf(text);
  return points.slice(lowerBound(points, lo + 1), lowerBound(points, hi));
}

/** snapPointsBetween from the stretch alone (lineStartsIn's first entry is `lo` itself, not a point). */
function localSnapPoints(text: string, lo: number, hi: number): number[] {
  const from = Math.max(0, lo);
  const to = Math.min(hi, text.length);
  if (to - from < 2) return [];
  const merged = new Set<number>();
  for (const p of sentenceStartsIn(text, from + 1, to)) if (isSafeBoundary(text, p)) merged.add(p);
  for (const p of lineStartsIn(text, from, to).slice(1)) if (isSafeBoundary(text, p)) merged.add(p);
  return [...merged].sort((a, b) => a - b);
}

/** Where unitStartAt starts looking back from an offset; the window doubles until a point shows. */
const UNIT_WINDOW = 4096;

/** The start of the sentence or line that contains `offset`: the last snap point <= offset, or null. */
export function unitStartAt(text: string, offset: number): number | null {
  for (let window = UNIT_WINDOW; cachedText !== text && window * LOCAL_SHARE < text.length; window *= 2) {
    const inside = snapPointsBetween(text, offset - window, offset + 1);
    if (inside.length > 0) return inside[inside.length - 1] as number;
    if (offset - window <= 0) return null;
  }
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

/** The sentence starts p with lo < p < hi that are safe cuts, in order (no line starts: a hard-wrapped line starts mid-sentence). */
export function sentenceStartsBetween(text: string, lo: number, hi: number): number[] {
  const from = Math.max(0, lo);
  const to = Math.min(hi, text.length);
  if (to - from < 2) return [];
  return sentenceStartsIn(text, from + 1, to).filter((p) => p > from && p < to && isSafeBoundary(text, p));
}
