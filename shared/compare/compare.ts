/**
 * Comparing two segmentations of the same text: which boundaries they share, and the standard
 * agreement figures. The figures come from shared/metrics' evaluateBoundaries, the function
 * `cli eval` uses, with the left side as the reference, so the UI and the CLI always agree.
 */
import type { Segmentation } from '../document/types';
import { evaluateBoundaries, segmentStats, type Evaluation, type EvaluationOptions } from '../metrics';
import { diffBoundaries, type BoundaryDiff } from './boundary-diff';

export interface Comparison {
  diff: BoundaryDiff;
  /** Left = reference (gold), right = predicted: as `cli eval --gold LEFT --pred RIGHT`. */
  evaluation: Evaluation;
}

export function compareSegmentations(text: string, left: Segmentation, right: Segmentation, options: EvaluationOptions = {}): Comparison {
  const evaluation = evaluateBoundaries(left.boundaries, right.boundaries, text.length, options);
  return { diff: diffBoundaries(left.boundaries, right.boundaries, evaluation.tolerance), evaluation };
}

/** What the per-strategy chart shows, as in the seed's comparison. */
export interface StrategyFigures {
  name: string;
  segments: number;
  meanChars: number;
  /** Wall time of the run, when it was recorded. */
  timeMs: number | null;
}

/** The run time a result's meta records (`elapsedMs`), or null. */
export function elapsedMsOf(meta: Record<string, unknown>): number | null {
  const value = meta.elapsedMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function strategyFigures(name: string, text: string, segmentation: Segmentation, timeMs: number | null): StrategyFigures {
  const stats = segmentStats(segmentation.boundaries, text.length);
  return { name, segments: stats.count, meanChars: stats.meanChars, timeMs };
}
