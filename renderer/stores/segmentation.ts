/**
 * The segmentation of the open document: the current result, and the results kept beside it.
 *
 * Every change to the current segmentation goes through exactly two entry points, so history
 * (undo/redo) can wrap them:
 * - `setResult`: a whole new result (a finished run, or a kept result brought forward);
 * - `applySegmentation`: a new segmentation for the current result (a hand edit).
 * Both validate coverage against the document text first and refuse an invalid one, so the
 * current segmentation is always valid for the open document.
 */
import { create } from 'zustand';
import type { Segmentation, SegmentationResult } from '../../shared/document/types';
import { assertValidSegmentation } from '../../shared/document/segmentation';

export interface KeptResult {
  /** Stable key for lists. */
  key: string;
  result: SegmentationResult;
}

export interface SetResultOptions {
  /** Keep the previous current result beside the new one instead of dropping it. */
  keepPrevious?: boolean;
}

export interface SegmentationState {
  /** The document these results belong to. */
  documentId: string | null;
  /** The text the results cover; coverage is checked against it. */
  text: string;
  current: SegmentationResult | null;
  kept: KeptResult[];
  /** Forgets every result: a new document was opened. */
  resetForDocument(documentId: string, text: string): void;
  setResult(result: SegmentationResult, options?: SetResultOptions): void;
  applySegmentation(segmentation: Segmentation): void;
  /** Makes a kept result current; the current one takes its place among the kept. */
  bringForward(key: string): void;
  discardKept(key: string): void;
}

let nextKey = 1;
function keep(result: SegmentationResult): KeptResult {
  return { key: `r${nextKey++}`, result };
}

export const useSegmentationStore = create<SegmentationState>()((set, get) => ({
  documentId: null,
  text: '',
  current: null,
  kept: [],

  resetForDocument: (documentId, text) => set({ documentId, text, current: null, kept: [] }),

  setResult: (result, options = {}) => {
    const { text, current, kept } = get();
    assertValidSegmentation(text, result.segmentation);
    const keptNow = options.keepPrevious && current ? [...kept, keep(current)] : kept;
    set({ current: result, kept: keptNow });
  },

  applySegmentation: (segmentation) => {
    const { text, current } = get();
    if (!current) throw new Error('there is no segmentation to change');
    assertValidSegmentation(text, segmentation);
    set({ current: { ...current, segmentation } });
  },

  bringForward: (key) => {
    const { current, kept } = get();
    const chosen = kept.find((k) => k.key === key);
    if (!chosen) return;
    const rest = kept.filter((k) => k.key !== key);
    set({ current: chosen.result, kept: current ? [...rest, keep(current)] : rest });
  },

  discardKept: (key) => set({ kept: get().kept.filter((k) => k.key !== key) }),
}));
