/**
 * The live editor, for features that work on the document view (hand edits, boundary dragging):
 * the Monaco editor and the offset <-> position mapping of the open document. DocumentView
 * publishes it; it changes whenever another document opens.
 */
import type { LineIndex } from '../../view-model/line-index';
import type { monaco } from './monaco';

export interface EditorHandle {
  editor: monaco.editor.IStandaloneCodeEditor;
  /** Offsets in the document text <-> Monaco positions (exact on any line endings). */
  lines: LineIndex;
}

let current: EditorHandle | null = null;
const listeners = new Set<(handle: EditorHandle | null) => void>();

export function getEditorHandle(): EditorHandle | null {
  return current;
}

/** Calls `listener` now and on every change; returns the unsubscribe function. */
export function onEditorHandle(listener: (handle: EditorHandle | null) => void): () => void {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}

/** DocumentView only. */
export function publishEditorHandle(handle: EditorHandle | null): void {
  current = handle;
  listeners.forEach((listener) => listener(handle));
}
