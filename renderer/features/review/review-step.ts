/**
 * Reviewing boundaries one by one (Prodigy's rhythm): the boundary under review is the start of
 * the current segment. Accept marks that segment reviewed (its start and extent approved); reject
 * removes the boundary (the segment joins the one before). Both then go on to the next boundary.
 * Pure: the session store applies the edit as one undo step.
 */
import type { Segmentation } from '../../../shared/document/types';
import { deleteBoundary, setReviewed } from '../../../shared/edit/operations';

export type ReviewDecision = 'accept' | 'reject';

export interface ReviewStep {
  /** The edit, as the session store's `apply` takes it. */
  edit: (text: string, segmentation: Segmentation) => Segmentation;
  /** The segment to show next, in the segmentation the edit leaves. */
  next: (after: Segmentation) => number;
}

export function reviewStep(index: number, decision: ReviewDecision): ReviewStep {
  const last = (s: Segmentation) => Math.max(0, s.notes.length - 1);
  if (decision === 'accept') {
    // The first segment has no boundary before it: accepting it approves the document's start.
    return { edit: (text, s) => setReviewed(text, s, index, true), next: (s) => Math.min(index + 1, last(s)) };
  }
  // Nothing to reject before the first segment: the very same segmentation, so no undo step.
  if (index === 0) return { edit: (_text, s) => s, next: () => 0 };
  // The segments after the removed boundary move up one: the next boundary is now the start of `index`.
  return { edit: (text, s) => deleteBoundary(text, s, index - 1), next: (s) => Math.min(index, last(s)) };
}

/**
 * Whether Accept has anything to do on segment `index`: not when it is reviewed already (the
 * review bar's Accept is then disabled; Skip goes on, and unmarking it lets it be decided again).
 */
export function canAccept(segmentation: Segmentation, index: number): boolean {
  return index >= 0 && index < segmentation.notes.length && segmentation.notes[index]?.reviewed !== true;
}

/** The document `delta` places from `current` in the workspace's list, or null past either end (or when none is shown). */
export function neighbourDocument(ids: readonly string[], current: string | null, delta: 1 | -1): string | null {
  const at = current === null ? -1 : ids.indexOf(current);
  if (at < 0) return ids[delta > 0 ? 0 : ids.length - 1] ?? null;
  return ids[at + delta] ?? null;
}
