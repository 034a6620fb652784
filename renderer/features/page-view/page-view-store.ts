/** Whether the page view is shown beside a PDF's text (the toggle); it never shows for other documents. */
import { create } from 'zustand';

export interface PageViewState {
  shown: boolean;
  setShown(shown: boolean): void;
}

/**
 * The cursor offset when a document's page view first showed (it may be another document's):
 * hiding and showing the view again must not forget that the cursor has moved since.
 */
let firstShown: { documentId: string; cursor: number | null } | null = null;
export function cursorWhenFirstShown(documentId: string, cursor: number | null): number | null {
  if (firstShown?.documentId !== documentId) firstShown = { documentId, cursor };
  return firstShown.cursor;
}

export const usePageView = create<PageViewState>()((set) => ({
  shown: true,
  setShown: (shown) => set({ shown }),
}));
