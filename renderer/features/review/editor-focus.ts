/**
 * Whether a key event belongs to the document itself: the labeller's keys act only then, never
 * while typing in an input, in Monaco's Find / Replace widget or in a dialog.
 */
const EDITOR_INPUT_CLASSES = ['inputarea', 'native-edit-context'];

export function inDocumentEditor(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (!target.closest('[data-testid="document-view"]')) return false;
  if (target.closest('.find-widget, [role="dialog"], .monaco-inputbox')) return false;
  const editable = target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
  // Monaco takes the keyboard through a hidden textarea (or an edit-context div): that is the document.
  return !editable || EDITOR_INPUT_CLASSES.some((c) => target.classList.contains(c));
}
