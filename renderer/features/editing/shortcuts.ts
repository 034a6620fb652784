/**
 * The editing keyboard: one table, used both to handle keys and to print the shortcuts sheet.
 * Keys act on the document only: never while a form field, a dialog or one of Monaco's own widgets
 * (Find, Replace) has the focus; the read-only document view and the outline count as the document.
 */
import {
  deleteCurrentBoundary, goToNextOverLimit, goToNextUnreviewed, goToSegment, mergeNext, mergePrevious, nudgeBoundary, redoEdit, splitHere,
  toggleReviewed, undoEdit,
} from './actions';
import { useEditingStore } from './editing-store';

export interface Shortcut {
  /** As shown on the sheet. */
  keys: string;
  does: string;
  matches: (e: KeyboardEvent) => boolean;
  run: (e: KeyboardEvent) => void;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const plain = (e: KeyboardEvent, key: string, shift = false) => !mod(e) && !e.altKey && e.shiftKey === shift && e.key.toLowerCase() === key;

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Ctrl/Cmd+Z', does: 'Undo', matches: (e) => mod(e) && !e.shiftKey && e.key.toLowerCase() === 'z', run: undoEdit },
  { keys: 'Shift+Ctrl/Cmd+Z', does: 'Redo', matches: (e) => mod(e) && ((e.shiftKey && e.key.toLowerCase() === 'z') || (!e.shiftKey && e.key.toLowerCase() === 'y')), run: redoEdit },
  { keys: 'S', does: 'Split at the cursor (start of its sentence or line)', matches: (e) => plain(e, 's'), run: () => void splitHere() },
  { keys: 'M', does: 'Merge with the next segment', matches: (e) => plain(e, 'm'), run: () => void mergeNext() },
  { keys: 'Shift+M', does: 'Merge with the previous segment', matches: (e) => plain(e, 'm', true), run: () => void mergePrevious() },
  { keys: 'D', does: "Delete the boundary at the segment's start", matches: (e) => plain(e, 'd'), run: () => void deleteCurrentBoundary() },
  { keys: 'Alt+↑ / Alt+↓', does: 'Move that boundary to the previous / next sentence start', matches: (e) => e.altKey && !e.shiftKey && !mod(e) && (e.key === 'ArrowUp' || e.key === 'ArrowDown'), run: (e) => void nudgeBoundary(e.key === 'ArrowUp' ? -1 : 1) },
  { keys: 'Alt+Shift+← / →', does: 'Move that boundary by one character (free)', matches: (e) => e.altKey && e.shiftKey && !mod(e) && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'), run: (e) => void nudgeBoundary(e.key === 'ArrowLeft' ? -1 : 1, true) },
  { keys: 'J / K', does: 'Next / previous boundary', matches: (e) => plain(e, 'j') || plain(e, 'k'), run: (e) => goToSegment(e.key.toLowerCase() === 'j' ? 1 : -1) },
  { keys: 'U', does: 'Next unreviewed segment', matches: (e) => plain(e, 'u'), run: () => void goToNextUnreviewed() },
  { keys: 'L', does: 'Next segment over Max chars or Max tokens (Run panel)', matches: (e) => plain(e, 'l'), run: () => void goToNextOverLimit() },
  { keys: 'R', does: 'Mark the segment reviewed (or not)', matches: (e) => plain(e, 'r'), run: () => void toggleReviewed() },
  { keys: 'T', does: 'Edit the topic', matches: (e) => plain(e, 't'), run: () => useEditingStore.getState().focus('topic') },
  { keys: 'Shift+T', does: 'Edit the summary', matches: (e) => plain(e, 't', true), run: () => useEditingStore.getState().focus('summary') },
  { keys: '?', does: 'Show or hide this sheet', matches: (e) => !mod(e) && !e.altKey && e.key === '?', run: () => useEditingStore.getState().toggleShortcuts() },
  { keys: 'Esc', does: 'Close this sheet', matches: (e) => e.key === 'Escape' && useEditingStore.getState().shortcutsOpen, run: () => useEditingStore.getState().toggleShortcuts(false) },
];

/**
 * Whether a key belongs to what has the focus rather than to the editing keys: any form field or
 * editable element, anything inside a dialog (the shortcuts sheet excepted: its own keys close it),
 * and every part of Monaco other than the document's own text input (Find, Replace and the other
 * widgets are inputs of their own: typing "so" in Find must not split the document).
 */
export function keyBelongsToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor')) return !isDocumentInput(target);
  if (target.closest('[role="dialog"], dialog') && !target.closest('[data-testid="shortcuts-sheet"]')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The read-only document's own input: Monaco's hidden text area (or edit context) of the view, not of a widget. */
function isDocumentInput(target: HTMLElement): boolean {
  if (target.closest('.overlayWidgets, .overflowingOverlayWidgets, .find-widget, .monaco-inputbox, .context-view, .quick-input-widget')) return false;
  return target.classList.contains('inputarea') || target.classList.contains('native-edit-context') || !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function handleEditingKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || keyBelongsToTarget(e.target)) return;
  const shortcut = SHORTCUTS.find((s) => s.matches(e));
  if (!shortcut) return;
  e.preventDefault();
  e.stopPropagation();
  shortcut.run(e);
}

/** Listens on the window in the capture phase, ahead of the editor's own key handling. */
export function installEditingKeys(): () => void {
  window.addEventListener('keydown', handleEditingKey, true);
  return () => window.removeEventListener('keydown', handleEditingKey, true);
}
