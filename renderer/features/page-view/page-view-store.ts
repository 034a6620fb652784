/** Whether the page view is shown beside a PDF's text (the toggle); it never shows for other documents. */
import { create } from 'zustand';

export interface PageViewState {
  shown: boolean;
  setShown(shown: boolean): void;
}

export const usePageView = create<PageViewState>()((set) => ({
  shown: true,
  setShown: (shown) => set({ shown }),
}));
