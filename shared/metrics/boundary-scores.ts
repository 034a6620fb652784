/**
 * Boundary precision, recall and F1 with a tolerance in characters: a predicted boundary counts
 * as correct when it lies within `tolerance` characters of a reference boundary that no other
 * prediction has claimed (one-to-one matching).
 *
 * Matching: both lists are sorted, so a left-to-right greedy pairing of the earliest unmatched
 * boundaries within tolerance finds a maximum matching (points on a line with an interval
 * constraint; exchanging any optimal pairing into the greedy one never loses a pair).
 *
 * Empty cases: with no reference and no predicted boundaries everything is 1 (perfect
 * agreement). With predictions but no reference, precision is 0 and recall is 1; with a
 * reference but no predictions, precision is 1 and recall is 0. F1 is then 0 in both.
 */
import { diffBoundaries } from '../compare/boundary-diff';

export interface BoundaryScores {
  precision: number;
  recall: number;
  f1: number;
  matched: number;
  reference: number;
  predicted: number;
  tolerance: number;
}

/** How many boundaries pair up one to one within `tolerance` (both lists sorted ascending). */
export function countMatches(reference: readonly number[], predicted: readonly number[], tolerance: number): number {
  return diffBoundaries(reference, predicted, tolerance).shared.length;
}

export function boundaryScores(reference: readonly number[], predicted: readonly number[], tolerance = 0): BoundaryScores {
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new RangeError(`tolerance must be >= 0, got ${tolerance}`);
  const ref = [...reference].sort((a, b) => a - b);
  const pred = [...predicted].sort((a, b) => a - b);
  const matched = countMatches(ref, pred, tolerance);
  const precision = pred.length === 0 ? 1 : matched / pred.length;
  const recall = ref.length === 0 ? 1 : matched / ref.length;
  let f1 = 0;
  if (ref.length === 0 && pred.length === 0) f1 = 1;
  else if (matched > 0) f1 = (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, matched, reference: ref.length, predicted: pred.length, tolerance };
}
