/**
 * The review flow's bar: which boundary is under review and how far the document is reviewed,
 * with the same commands as the keys (A accept, X reject, [ ] move, J skip, Shift+J/K documents).
 */
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { useWorkspaceStore } from '../../stores/workspace';
import { goToSegment } from '../editing/actions';
import { decide, moveReviewed, openNeighbourDocument } from './review-actions';
import { canAccept } from './review-step';
import { ReviewOrderToggle } from '../review-order/ReviewOrderToggle';
import { revealNextByConfidence } from '../review-order/review-order';
import './review.css';

export function ReviewBar() {
  const segmentation = useSession((s) => s.current?.segmentation ?? null);
  const index = useUiStore((s) => s.currentSegment);
  const inWorkspace = useSession((s) => s.shownInWorkspace !== null);
  const documents = useWorkspaceStore((s) => s.documents.length);
  if (!segmentation || segmentation.notes.length === 0) return null;
  const count = segmentation.notes.length;
  const at = Math.min(index, count - 1);
  const reviewed = segmentation.notes.filter((n) => n.reviewed === true).length;
  const offset = at === 0 ? 0 : (segmentation.boundaries[at - 1] as number);
  // Nothing to accept on a segment reviewed already.
  const acceptable = canAccept(segmentation, at);
  const button = (testId: string, label: string, title: string, run: () => void, disabled = false) => (
    <button data-testid={testId} title={title} disabled={disabled} onClick={run}>
      {label}
    </button>
  );
  return (
    <section className="review-bar" aria-label="Review" data-testid="review-bar" data-index={at} data-offset={offset} data-reviewed={reviewed}>
      <div className="review-where">
        {at === 0 ? 'Document start' : `Boundary ${at} of ${count - 1}`} · {reviewed}/{count} reviewed
        {inWorkspace && <WorkspaceProgress />}
      </div>
      <ReviewOrderToggle />
      <div className="review-buttons">
        {button(
          'review-accept',
          'Accept',
          acceptable ? 'Accept the boundary and go to the next (A)' : 'Already reviewed: Skip goes on; unmark it reviewed to decide again',
          () => void decide('accept'),
          !acceptable,
        )}
        {button('review-reject', 'Reject', 'Remove the boundary and go to the next (X)', () => void decide('reject'), at === 0)}
        {button('review-move-back', '◀', 'Move the boundary to the previous sentence start ([)', () => void moveReviewed(-1))}
        {button('review-move-forward', '▶', 'Move the boundary to the next sentence start (])', () => void moveReviewed(1))}
        {button('review-skip', 'Skip', 'Go to the next boundary without deciding (J)', () => revealNextByConfidence() || goToSegment(1))}
        {inWorkspace && documents > 1 && (
          <>
            {button('review-previous-document', '⇤ Doc', 'Previous document in the workspace (Shift+K)', () => void openNeighbourDocument(-1))}
            {button('review-next-document', 'Doc ⇥', 'Next document in the workspace (Shift+J)', () => void openNeighbourDocument(1))}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Review progress across the workspace (issue 31, item 3): documents wholly reviewed of all, and
 * the segments reviewed in the saved corrections (the shown document's as last saved).
 */
function WorkspaceProgress() {
  const docs = useWorkspaceStore((s) => s.documents);
  let whole = 0;
  let segments = 0;
  for (const d of docs) {
    if (!d.corrected) continue;
    segments += d.corrected.reviewed;
    if (d.corrected.segments > 0 && d.corrected.reviewed === d.corrected.segments) whole++;
  }
  return (
    <span className="review-workspace" data-testid="review-workspace" title="Across the workspace, as saved">
      {' '}
      · workspace: {whole}/{docs.length} documents reviewed, {segments} segments
    </span>
  );
}
