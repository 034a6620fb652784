/**
 * The review walk "least confident first" (Prodigy's anchor: the analyst's time goes where the
 * strategy is unsure): the boundaries not yet reviewed, by their confidence (ascending), those
 * without one after every scored one, ties in document order. Pure, over a segmentation; a
 * boundary is named by its segment's start offset so that a reject (which renumbers the segments
 * after it) does not lose the place.
 */
import type { Segmentation } from '../../../shared/document/types';

/** Where a boundary stands in the walk. */
export interface WalkKey {
  /** Its confidence; +Infinity for none (walked last). */
  confidence: number;
  /** Its offset (the start of the segment after it). */
  start: number;
}

/** Before every boundary: where the walk begins. */
export const WALK_START: WalkKey = { confidence: Number.NEGATIVE_INFINITY, start: -1 };

const after = (a: WalkKey, b: WalkKey) => a.confidence > b.confidence || (a.confidence === b.confidence && a.start > b.start);

/** The walk key of segment `index`'s start boundary (the first segment has none: before everything). */
export function walkKey(segmentation: Segmentation, index: number): WalkKey {
  if (index <= 0) return WALK_START;
  const confidence = segmentation.notes[index]?.confidence;
  return { confidence: confidence ?? Number.POSITIVE_INFINITY, start: segmentation.boundaries[index - 1] ?? -1 };
}

/**
 * The segment whose start boundary comes next in the walk after `from`: the unreviewed boundary
 * with the smallest key greater than `from`; past the last, the walk starts over at the least
 * confident one left. Null when every boundary is reviewed.
 */
export function nextLeastConfident(segmentation: Segmentation, from: WalkKey): number | null {
  let next: number | null = null;
  let nextKey: WalkKey | null = null;
  let first: number | null = null;
  let firstKey: WalkKey | null = null;
  for (let i = 1; i < segmentation.notes.length; i++) {
    if (segmentation.notes[i]?.reviewed === true) continue;
    const key = walkKey(segmentation, i);
    if (firstKey === null || after(firstKey, key)) [first, firstKey] = [i, key];
    if (after(key, from) && (nextKey === null || after(nextKey, key))) [next, nextKey] = [i, key];
  }
  return next ?? first;
}
