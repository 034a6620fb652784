/**
 * The window's session: one zustand store holding the open document, its results, their undo
 * history, the run in flight and where corrections are kept. Actions sit next to their state in
 * the slice modules and do all a change implies (a finished run becomes a history step, a hand
 * edit is saved to the workspace), so no store watches another. Components read it through
 * narrow selectors: `useSession((s) => s.current)`.
 */
import { create } from 'zustand';
import { createCorrectionsSlice } from './corrections';
import { createDocumentSlice } from './document';
import { createHistorySlice } from './history';
import { createRunSlice } from './run';
import { createSegmentationSlice } from './segmentation';
import type { SessionState } from './types';

export const useSession = create<SessionState>()((set, get) => ({
  ...createDocumentSlice(set, get),
  ...createSegmentationSlice(set, get),
  ...createHistorySlice(set, get),
  ...createRunSlice(set, get),
  ...createCorrectionsSlice(set, get),
}));

export { historyStatus } from './history';
export { keptBeside } from './segmentation';
export { isRunActive } from './run';
export type * from './types';
