/**
 * Dragging a boundary in the document view: press on a segment's marker in the glyph margin,
 * move to where the segment should start, release. The boundary snaps to sentence and line
 * starts; holding Alt places it exactly under the pointer. One drag is one undo step.
 */
import { moveBoundary } from '../../../shared/edit/operations';
import type { EditorHandle } from '../document-view/editor-handle';
import { monaco } from '../document-view/monaco';
import { useSession } from '../../stores/session';

/** The boundary whose segment starts on this line (the first one, when several do), or null. */
function boundaryOnLine(handle: EditorHandle, lineNumber: number): number | null {
  const seg = useSession.getState().current?.segmentation;
  const model = handle.editor.getModel();
  if (!seg || !model) return null;
  const from = handle.lines.offsetAt({ lineNumber, column: 1 });
  const to = handle.lines.offsetAt({ lineNumber, column: model.getLineMaxColumn(lineNumber) });
  const index = seg.boundaries.findIndex((b) => b >= from && b <= to);
  return index >= 0 ? index : null;
}

export function installViewDrag(handle: EditorHandle): () => void {
  const { editor } = handle;
  let dragging: number | null = null;
  const stopDrag = (commit: boolean) => {
    if (dragging === null) return;
    dragging = null;
    if (commit) useSession.getState().endDrag();
    else useSession.getState().cancelDrag();
  };
  const subscriptions = [
    editor.onMouseDown((e) => {
      if (e.target.type !== monaco.editor.MouseTargetType.GUTTER_GLYPH_MARGIN || !e.target.position) return;
      const b = boundaryOnLine(handle, e.target.position.lineNumber);
      if (b === null) return;
      dragging = b;
      useSession.getState().beginDrag('move boundary');
    }),
    editor.onMouseMove((e) => {
      if (dragging === null || !e.target.position) return;
      // The button was released outside the editor: the drag ended there.
      if ((e.event.browserEvent.buttons & 1) === 0) return stopDrag(true);
      const b = dragging;
      const offset = handle.lines.offsetAt(e.target.position);
      useSession.getState().dragTo((t, s) => moveBoundary(t, s, b, offset, { snap: !e.event.altKey }));
    }),
    editor.onMouseUp(() => stopDrag(true)),
    editor.onMouseLeave(() => stopDrag(true)),
    editor.onKeyDown((e) => {
      if (dragging !== null && e.keyCode === monaco.KeyCode.Escape) stopDrag(false);
    }),
  ];
  return () => {
    stopDrag(true);
    subscriptions.forEach((s) => s.dispose());
  };
}
