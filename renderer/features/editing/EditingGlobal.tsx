/**
 * Mounted once for the window: the editing keys, the shortcuts sheet, boundary dragging in the
 * document view, and the cursor offset (from the editor, or the start of the outline entry
 * clicked last). Workspace autosave lives in features/workspace.
 */
import { useEffect } from 'react';
import { onEditorHandle } from '../document-view/editor-handle';
import { useUiStore } from '../../stores/ui';
import { useEditingStore } from './editing-store';
import { ShortcutsSheet } from './ShortcutsSheet';
import { installEditingKeys } from './shortcuts';
import { installViewDrag } from './view-drag';
import { useSession } from '../../stores/session';

function followCursor(): () => void {
  let stopCursor = () => {};
  const stopHandle = onEditorHandle((handle) => {
    stopCursor();
    stopCursor = () => {};
    if (!handle) return;
    const sub = handle.editor.onDidChangeCursorPosition((e) => useEditingStore.getState().setCursorOffset(handle.lines.offsetAt(e.position)));
    const stopViewDrag = installViewDrag(handle);
    stopCursor = () => {
      sub.dispose();
      stopViewDrag();
    };
  });
  const stopReveal = useUiStore.subscribe((state, previous) => {
    if (!state.revealRequest || state.revealRequest === previous.revealRequest) return;
    const seg = useSession.getState().current?.segmentation;
    const start = state.revealRequest.index === 0 ? 0 : seg?.boundaries[state.revealRequest.index - 1];
    if (start !== undefined) useEditingStore.getState().setCursorOffset(start);
  });
  return () => {
    stopHandle();
    stopCursor();
    stopReveal();
  };
}

export function EditingGlobal() {
  useEffect(() => {
    const stops = [installEditingKeys(), followCursor()];
    return () => stops.forEach((stop) => stop());
  }, []);
  return <ShortcutsSheet />;
}
