/**
 * The comparison drawn over the document text: whether it is shown, its marks (from the Compare
 * panel's two chosen results) and the disagreement stepped to last.
 */
import { create } from 'zustand';
import type { BoundaryMark } from '../../../shared/compare/boundary-diff';
import { disagreementOffsets } from './disagreements';

export interface CompareOverlayState {
  shown: boolean;
  marks: readonly BoundaryMark[];
  /** Offsets of the one-sided boundaries, in order. */
  disagreements: readonly number[];
  /** The disagreement stepped to last (an offset), or null. */
  at: number | null;
  setShown(shown: boolean): void;
  setMarks(marks: readonly BoundaryMark[]): void;
  setAt(at: number | null): void;
}

export const useCompareOverlay = create<CompareOverlayState>()((set) => ({
  shown: false,
  marks: [],
  disagreements: [],
  at: null,
  setShown: (shown) => set({ shown }),
  setMarks: (marks) => set({ marks, disagreements: disagreementOffsets(marks), at: null }),
  setAt: (at) => set({ at }),
}));
