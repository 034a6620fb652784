/**
 * The review commands, as the keys and the review bar both call them. Edits go through the
 * session store's `apply` (one undo step each); the view then moves to the next boundary.
 */
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { useWorkspaceStore } from '../../stores/workspace';
import { openWorkspaceDocument } from '../../services/workspace';
import { nudgeBoundary } from '../editing/actions';
import { neighbourDocument, reviewStep, type ReviewDecision } from './review-step';
import { currentWalkKey, revealNextByConfidence } from '../review-order/review-order';

function currentIndex(): number | null {
  const count = useSession.getState().current?.segmentation.notes.length ?? 0;
  if (count === 0) return null;
  return Math.min(useUiStore.getState().currentSegment, count - 1);
}

export function decide(decision: ReviewDecision): boolean {
  const index = currentIndex();
  if (index === null) return false;
  const step = reviewStep(index, decision);
  const walk = currentWalkKey();
  const done = useSession.getState().apply(decision === 'accept' ? 'accept boundary' : 'reject boundary', step.edit);
  const after = useSession.getState().current?.segmentation;
  // An accept of a segment already reviewed changes nothing, and still goes on.
  if (after && (done || decision === 'accept') && !revealNextByConfidence(walk)) useUiStore.getState().reveal(step.next(after));
  return done;
}

/** Moves the boundary under review to the previous / next sentence start and keeps it in view. */
export function moveReviewed(direction: -1 | 1): boolean {
  const index = currentIndex();
  if (index === null || !nudgeBoundary(direction)) return false;
  useUiStore.getState().reveal(index);
  return true;
}

/** Opens the workspace's next (or previous) document, in the workspace's list order. */
export async function openNeighbourDocument(delta: 1 | -1): Promise<boolean> {
  const ids = useWorkspaceStore.getState().documents.map((d) => d.id);
  const id = neighbourDocument(ids, useSession.getState().shownInWorkspace?.id ?? null, delta);
  return id !== null && (await openWorkspaceDocument(id));
}
