/**
 * Dragging a boundary in the outline: each row but the first has a handle on its top edge (the
 * boundary where its segment starts). Dragging it over the rows moves that boundary to the
 * matching place in the text: the row under the pointer is a segment, and how far down the row
 * the pointer is says how far into that segment. Rows are read in the segmentation the drag
 * started from, so the target does not shift while the rows it passes over change. The boundary
 * snaps to sentence and line starts as in the document view (Alt moves it freely), stays between
 * its neighbours (`moveBoundary`), and the whole drag is one undo step; Escape abandons it.
 */
import type { Segmentation } from '../../../shared/document/types';
import { moveBoundary } from '../../../shared/edit/operations';
import { useSession } from '../../stores/session';

/** The text offset `fraction` (0 = top, 1 = bottom) of the way down segment `index`'s row. */
export function offsetInSegment(segmentation: Segmentation, textLength: number, index: number, fraction: number): number {
  const last = segmentation.notes.length - 1;
  const i = Math.max(0, Math.min(last, index));
  const start = i === 0 ? 0 : segmentation.boundaries[i - 1]!;
  const end = i === last ? textLength : segmentation.boundaries[i]!;
  return Math.round(start + Math.max(0, Math.min(1, fraction)) * (end - start));
}

/** Where a row sits in the list's content, as the virtualized list measures it. */
export interface RowSpan {
  index: number;
  top: number;
  height: number;
}

export interface OutlineDrag {
  /** Moves the boundary to the place under content y (`rowAt` finds the row there). */
  moveTo(contentY: number, free: boolean): void;
  end(): void;
  cancel(): void;
}

/** Starts dragging boundary `boundary` (between segments boundary and boundary + 1). */
export function startOutlineDrag(boundary: number, rowAt: (contentY: number) => RowSpan | undefined): OutlineDrag | null {
  const { current, text } = useSession.getState();
  if (!current || boundary < 0 || boundary >= current.segmentation.boundaries.length) return null;
  const base = current.segmentation;
  const history = useSession.getState();
  history.beginDrag('move boundary');
  return {
    moveTo(contentY, free) {
      const row = rowAt(contentY);
      if (!row) return;
      const offset = offsetInSegment(base, text.length, row.index, (contentY - row.top) / Math.max(1, row.height));
      history.dragTo((t, s) => moveBoundary(t, s, boundary, offset, { snap: !free }));
    },
    end: () => history.endDrag(),
    cancel: () => history.cancelDrag(),
  };
}
