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

/** `kept` with `result` in it once: a result already kept keeps its place and key. */
function withKept(kept: KeptResult[], result: SegmentationResult | null): KeptResult[] {
  return result === null || kept.some((k) => k.result === result) ? kept : [...kept, keep(result)];
}

/**
 * The kept results to list beside the shown one: each once, the shown one left out. The kept
 * list holds every result kept, the shown one too when it was kept, so that undo and redo (which
 * change only what is shown) never list a result twice or lose one.
 */
export function keptBeside(kept: readonly KeptResult[], current: SegmentationResult | null): KeptResult[] {
  return kept.filter((k) => k.result !== current);
}

export function createSegmentationSlice(set: SessionSet, get: SessionGet): SegmentationSlice {
  return {
    current: null,
    kept: [],

    showResult(result, keepPrevious = false) {
      const { text, current, kept, history } = get();
      assertValidSegmentation(text, result.segmentation);
      const keptNow = keepPrevious ? withKept(kept, current) : kept;
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
      if (chosen.result === current) return;
      noteMachineResult(chosen.result, current);
      set({ current: chosen.result, kept: withKept(kept, current), history: withResultStep(history, chosen.result) });
    },

    discardKept: (key) => set({ kept: get().kept.filter((k) => k.key !== key) }),
  };
}
