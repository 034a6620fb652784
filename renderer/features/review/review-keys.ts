/**
 * The labeller's keys (review, compare, documents): one table, handled here and printed on the
 * shortcuts sheet. They act only while the document view has the keyboard (editor-focus.ts).
 */
import type { Shortcut } from '../editing/shortcuts';
import { stepToDisagreement } from '../compare-overlay/step';
import { inDocumentEditor } from './editor-focus';
import { decide, moveReviewed, openNeighbourDocument } from './review-actions';

const plain = (e: KeyboardEvent, key: string, shift = false) =>
  !e.ctrlKey && !e.metaKey && !e.altKey && e.shiftKey === shift && e.key.toLowerCase() === key;

const bare = (e: KeyboardEvent, key: string) => !e.ctrlKey && !e.metaKey && !e.altKey && e.key === key;

export const REVIEW_SHORTCUTS: readonly Shortcut[] = [
  { keys: 'A', does: 'Review: accept the boundary (mark its segment reviewed) and go to the next', matches: (e) => plain(e, 'a'), run: () => void decide('accept') },
  { keys: 'X', does: 'Review: reject the boundary (remove it) and go to the next', matches: (e) => plain(e, 'x'), run: () => void decide('reject') },
  { keys: '[ / ]', does: 'Review: move the boundary to the previous / next sentence start', matches: (e) => bare(e, '[') || bare(e, ']'), run: (e) => void moveReviewed(e.key === '[' ? -1 : 1) },
  { keys: '/', does: 'Search the segments (Find panel)', matches: (e) => bare(e, '/'), run: () => document.querySelector<HTMLInputElement>('[data-testid="find-text"]')?.focus() },
  { keys: 'Shift+J / Shift+K', does: 'Next / previous document in the workspace', matches: (e) => plain(e, 'j', true) || plain(e, 'k', true), run: (e) => void openNeighbourDocument(e.key.toLowerCase() === 'j' ? 1 : -1) },
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
