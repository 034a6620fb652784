/**
 * Keyboard focus for the virtualised lists (outline, Find results, workspace table). The row to
 * focus is focused at once when it is rendered, so the next key of a fast typist or of key repeat
 * lands on it rather than on the row it left (which would handle the same arrow twice); a row the
 * list has not rendered yet is focused in a later frame, once scrolling brought it in.
 */
export function focusListRow(list: HTMLElement | null | undefined, selector: string, tries = 10): void {
  if (!list) return;
  const row = list.querySelector<HTMLElement>(selector);
  if (row) row.focus();
  else if (tries > 0) requestAnimationFrame(() => focusListRow(list, selector, tries - 1));
}
