/**
 * Leaving a segment out of the retrieval exports: one undoable edit (the note's `excluded`), so
 * undo, redo, the workspace's correction and the exports all follow from the history step.
 */
import { setExcluded } from '../../../shared/edit/operations';
import { useSession } from '../../stores/session';

/** Marks segment `index` left out of export, or back in; false when nothing changed. */
export function toggleExcluded(index: number): boolean {
  const segmentation = useSession.getState().current?.segmentation;
  if (!segmentation || index < 0 || index >= segmentation.notes.length) return false;
  const excluded = segmentation.notes[index]?.excluded === true;
  return useSession.getState().apply(excluded ? 'include in export' : 'leave out of export', (t, s) => setExcluded(t, s, index, !excluded));
}
