/**
 * Whether a key event belongs to the document itself: the labeller's keys act only then, never
 * while typing in an input, in Monaco's Find / Replace widget or in a dialog. The rule for what
 * a key belongs to is the editing keys' (keyBelongsToTarget); these keys also need the document
 * view itself to have the keyboard (not the outline).
 */
import { keyBelongsToTarget } from '../editing/shortcuts';

export function inDocumentEditor(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.closest('[data-testid="document-view"]') !== null && !keyBelongsToTarget(target);
}
