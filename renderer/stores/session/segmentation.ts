/**
 * The segmentation slice: the shown result and the results kept beside it. A result becomes
 * current only after its coverage of the text is checked, and as one history step.
 */
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import { noteMachineResult } from './correction-in-force';
import { startHistory, withResultStep } from './history';
import type { KeptResult, SegmentationSlice, SessionGet, SessionSet } from './types';

let nextKey = 1;
function keep(result: SegmentationResult): KeptResult {
  return { key: `r${nextKey++}`, result };
}

export function createSegmentationSlice(set: SessionSet, get: SessionGet): SegmentationSlice {
  return {
    current: null,
    kept: [],

    showResult(result, keepPrevious = false) {
      const { text, current, kept, history } = get();
      assertValidSegmentation(text, result.segmentation);
      const keptNow = keepPrevious && current ? [...kept, keep(current)] : kept;
      noteMachineResult(result, current);
      set({ current: result, kept: keptNow, history: withResultStep(history, result) });
    },

    loadSaved(saved, shown) {
      const { text } = get();
      for (const result of [...saved, ...(shown ? [shown] : [])]) assertValidSegmentation(text, result.segmentation);
      set({ current: shown, kept: saved.map(keep), history: startHistory(shown), lastChange: null });
      if (shown) noteMachineResult(shown, null);
    },

    bringForward(key) {
      const { current, kept, history } = get();
      const chosen = kept.find((k) => k.key === key);
      if (!chosen) return;
      const rest = kept.filter((k) => k.key !== key);
      noteMachineResult(chosen.result, current);
      set({ current: chosen.result, kept: current ? [...rest, keep(current)] : rest, history: withResultStep(history, chosen.result) });
    },

    discardKept: (key) => set({ kept: get().kept.filter((k) => k.key !== key) }),
  };
}
