/** Stepping through the disagreements: the next or previous one from the cursor, shown in the document view. */
import { getEditorHandle } from '../document-view/editor-handle';
import { monaco } from '../document-view/monaco';
import { useEditingStore } from '../editing/editing-store';
import { stepDisagreement } from './disagreements';
import { useCompareOverlay } from './overlay-store';

/** Puts the editor's cursor at `offset`, scrolls it into the middle and gives the editor focus. */
export function showOffset(offset: number): void {
  const handle = getEditorHandle();
  if (!handle) return;
  const at = handle.lines.positionAt(offset);
  handle.editor.setPosition(at);
  handle.editor.revealPositionInCenter(at, monaco.editor.ScrollType.Smooth);
  handle.editor.focus();
}

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
