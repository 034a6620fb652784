/**
 * An edit that drops a review says so (issue 31, item 3): a merge, a moved or deleted boundary
 * can leave a segment that was reviewed without its mark (the merged segment is new text nobody
 * reviewed). When a hand edit leaves fewer segments reviewed than before, and it was not an
 * "unmark reviewed", an info notice names the edit and how many reviews it dropped, with an Undo
 * that takes back that edit and its reviews with it (the history keeps the whole result).
 */
import type { SegmentationResult } from '../../../shared/document/types';
import { undoLabel } from '../../../shared/history/history';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';

/** Labels of the edits whose whole point is to take a review away: they need no notice. */
const UNREVIEW_LABELS = new Set(['unmark reviewed']);

export function reviewedCount(result: SegmentationResult | null): number {
  let count = 0;
  for (const note of result?.segmentation.notes ?? []) if (note.reviewed) count++;
  return count;
}

/** What the notice says for an edit labelled `label` that dropped `dropped` reviews. */
export function droppedReviewMessage(label: string, dropped: number): string {
  const what = dropped === 1 ? 'a reviewed segment' : `${dropped} reviewed segments`;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} un-reviewed ${what}: ${dropped === 1 ? 'it needs' : 'they need'} reviewing again.`;
}

/** Watches the session for hand edits; returns the unsubscribe function. */
export function installReviewDropNotice(): () => void {
  return useSession.subscribe((state, previous) => {
    if (state.revision === previous.revision || state.lastChange !== 'edit' || state.documentId !== previous.documentId) return;
    const label = state.history ? undoLabel(state.history) : null;
    if (!label || UNREVIEW_LABELS.has(label)) return;
    const dropped = reviewedCount(previous.current) - reviewedCount(state.current);
    if (dropped <= 0) return;
    useUiStore.getState().notify('info', droppedReviewMessage(label, dropped), { label: 'Undo', run: () => useSession.getState().undo() });
  });
}
