/** Stepping through the disagreements: the next or previous one from the cursor, shown in the document view. */
import { showOffset } from '../document-view/show-offset';
import { useEditingStore } from '../editing/editing-store';
import { stepDisagreement } from './disagreements';
import { useCompareOverlay } from './overlay-store';

/** False when the overlay is hidden or the two sides agree everywhere. */
export function stepToDisagreement(direction: 1 | -1): boolean {
  const { shown, disagreements, at } = useCompareOverlay.getState();
  if (!shown) return false;
  const next = stepDisagreement(disagreements, useEditingStore.getState().cursorOffset ?? at, direction);
  if (next === null) return false;
  useCompareOverlay.getState().setAt(next);
  showOffset(next);
  return true;
}
