/**
 * Which correction is in force while a machine result is shown: the hand-made state that was on
 * screen when the result came (a run shown over a correction, a kept result brought forward), or
 * none. Undo and redo land on these results as the very objects that were shown (a step that
 * changes more than the segmentation keeps both results whole), so an identity map follows them:
 * an undo back to a machine result puts back the correction that was in force then, never the
 * machine output, and an undo to before the first edit leaves the document uncorrected.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import { isHandMade } from '../../../shared/workspace/correction-state';

const inForce = new WeakMap<SegmentationResult, SegmentationResult | null>();

/** `result` (a machine result) is shown after `previous`. */
export function noteMachineResult(result: SegmentationResult, previous: SegmentationResult | null): void {
  if (isHandMade(result) || inForce.has(result)) return;
  inForce.set(result, previous === null ? null : isHandMade(previous) ? previous : (inForce.get(previous) ?? null));
}

/** The correction the workspace should hold while `shown` is on screen (null: none). */
export function correctionInForce(shown: SegmentationResult): SegmentationResult | null {
  return isHandMade(shown) ? shown : (inForce.get(shown) ?? null);
}
