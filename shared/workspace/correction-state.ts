/**
 * What makes a segmentation a correction, and how far a document's correction has got. A
 * correction is a state a person made (a hand edit, a reviewed mark); a machine result shown,
 * undone to or redone to is not one, whatever was corrected before it. Exports and training take
 * the documents the person chose: every edited one, or only the fully reviewed ones.
 */
import type { SegmentationResult } from '../document/types';
import { CORRECTED } from './schema';

/** untouched: no correction; edited: corrected, not every segment reviewed; reviewed: every segment reviewed. */
export type CorrectionState = 'untouched' | 'edited' | 'reviewed';

/** Which corrected documents an export or a training takes. */
export type CorrectionSelection = 'edited' | 'reviewed';
export const CORRECTION_SELECTIONS: readonly CorrectionSelection[] = ['edited', 'reviewed'];

export function correctionState(corrected: { segments: number; reviewed: number } | null): CorrectionState {
  if (!corrected) return 'untouched';
  return corrected.segments > 0 && corrected.reviewed === corrected.segments ? 'reviewed' : 'edited';
}

/** The state of a saved correction's notes (null: no correction). */
export function correctionStateOfNotes(notes: readonly { reviewed?: boolean }[] | null): CorrectionState {
  return correctionState(notes && { segments: notes.length, reviewed: notes.filter((n) => n.reviewed === true).length });
}

/** Whether a document in this state goes into an export or a training that takes `selection`. */
export function isSelected(state: CorrectionState, selection: CorrectionSelection): boolean {
  return selection === 'edited' ? state !== 'untouched' : state === 'reviewed';
}

/** A result a person made by hand (or a saved correction loaded as it was). */
export function isHandMade(result: SegmentationResult | null): boolean {
  return result?.strategy === CORRECTED;
}

/**
 * `base` with a segmentation changed by hand: a correction from then on, naming the strategy it
 * started from (warnings were the machine's about its own result, and are dropped).
 */
export function handEdited(base: SegmentationResult, segmentation: SegmentationResult['segmentation']): SegmentationResult {
  if (isHandMade(base)) return { ...base, segmentation };
  return { ...base, strategy: CORRECTED, warnings: [], meta: { ...base.meta, startedFrom: base.strategy }, segmentation };
}

/**
 * The strategy a correction started from, as the workspace's save call takes it: the machine
 * result it was first edited from, or CORRECTED (keep what the saved correction records).
 */
export function startedFrom(result: SegmentationResult): string {
  if (!isHandMade(result)) return result.strategy;
  const from = result.meta.startedFrom;
  return typeof from === 'string' ? from : CORRECTED;
}
