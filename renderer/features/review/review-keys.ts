/**
 * The labeller's keys (review, compare, documents): one table, handled here and printed on the
 * shortcuts sheet. They act only while the document view has the keyboard (editor-focus.ts).
 */
import type { Shortcut } from '../editing/shortcuts';
import { stepToDisagreement } from '../compare-overlay/step';
import { inDocumentEditor } from './editor-focus';

const plain = (e: KeyboardEvent, key: string, shift = false) =>
  !e.ctrlKey && !e.metaKey && !e.altKey && e.shiftKey === shift && e.key.toLowerCase() === key;

export const REVIEW_SHORTCUTS: readonly Shortcut[] = [
  { keys: 'N / Shift+N', does: 'Next / previous disagreement (Compare → Show in the text)', matches: (e) => plain(e, 'n') || plain(e, 'n', true), run: (e) => void stepToDisagreement(e.shiftKey ? -1 : 1) },
];

export function handleReviewKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || !inDocumentEditor(e.target)) return;
  const shortcut = REVIEW_SHORTCUTS.find((s) => s.matches(e));
  if (!shortcut) return;
  e.preventDefault();
  e.stopPropagation();
  shortcut.run(e);
}

/** On the window in the capture phase, like the editing keys, ahead of Monaco's own handling. */
export function installReviewKeys(): () => void {
  window.addEventListener('keydown', handleReviewKey, true);
  return () => window.removeEventListener('keydown', handleReviewKey, true);
}
