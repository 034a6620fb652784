/**
 * Segmentation metrics. Every position is a character offset (UTF-16 code unit) into the
 * document text; boundaries are the interior cut offsets of a Segmentation.
 */
import { boundaryScores } from './boundary-scores';
import { segmentStats, type SegmentStats } from './segment-stats';
import { defaultWindow, windowScores } from './window-metrics';

export { boundaryScores, countMatches, type BoundaryScores } from './boundary-scores';
export { lengthStats, segmentLengths, segmentStats, type SegmentStats } from './segment-stats';
export { defaultWindow, pk, windowDiff, windowScores } from './window-metrics';
export { lcsLength, rougeL, rougeLF1, rougeTokens, type RougeL } from './rouge-l';

export interface EvaluationOptions {
  /** Pk/WindowDiff window in characters; default half the mean reference segment length. */
  k?: number;
  /** Boundary matching tolerance in characters; default 0 (exact). */
  tolerance?: number;
}

export interface Evaluation {
  pk: number;
  windowDiff: number;
  precision: number;
  recall: number;
  f1: number;
  /** The window actually used. */
  k: number;
  tolerance: number;
  chars: number;
  reference: SegmentStats;
  predicted: SegmentStats;
}

/** Every metric at once, for a reference and a predicted segmentation of the same text. */
export function evaluateBoundaries(
  reference: readonly number[],
  predicted: readonly number[],
  length: number,
  options: EvaluationOptions = {},
): Evaluation {
  const tolerance = options.tolerance ?? 0;
  const windows = windowScores(reference, predicted, length, options.k ?? defaultWindow(reference, length));
  const scores = boundaryScores(reference, predicted, tolerance);
  return {
    pk: windows.pk,
    windowDiff: windows.windowDiff,
    precision: scores.precision,
    recall: scores.recall,
    f1: scores.f1,
    k: windows.k,
    tolerance,
    chars: length,
    reference: segmentStats(reference, length),
    predicted: segmentStats(predicted, length),
  };
}
export { alignBoundaries, TextMismatchError, type AlignedBoundaries } from './align';
