/** Puts the editor's cursor at `offset`, scrolls it into the middle and gives the editor focus. */
import { getEditorHandle } from './editor-handle';
import { monaco } from './monaco';

export function showOffset(offset: number): void {
  const handle = getEditorHandle();
  if (!handle) return;
  const at = handle.lines.positionAt(offset);
  handle.editor.setPosition(at);
  handle.editor.revealPositionInCenter(at, monaco.editor.ScrollType.Smooth);
  handle.editor.focus();
}
