/**
 * The outline from the keyboard: ↑ / ↓ (and Home / End) move between rows, Enter or Space shows
 * the row's segment in the document. The list is virtualised, so the row to focus may not be in
 * the DOM yet: the cursor's segment moves first (the list scrolls to it), then the row takes focus
 * (at once when it is rendered, see focus-row.ts).
 */
import { useUiStore } from '../../stores/ui';
import { focusListRow } from '../focus-row';

/** Handles a key on row `index` of `count`; true when it was the outline's. */
export function handleOutlineKey(e: React.KeyboardEvent<HTMLElement>, index: number, count: number): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key === 'Enter' || e.key === ' ') {
    useUiStore.getState().reveal(index);
    return true;
  }
  const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[e.key];
  if (target === undefined) return false;
  const to = Math.max(0, Math.min(count - 1, target));
  const list = e.currentTarget.closest<HTMLElement>('[data-testid="outline-list"]');
  useUiStore.getState().setCurrentSegment(to);
  focusListRow(list, `[data-testid="outline-item"][data-index="${to}"]`);
  return true;
}
