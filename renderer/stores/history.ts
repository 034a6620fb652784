/**
 * Undo and redo of the open document's segmentation (never of UI state). A hand edit's step keeps
 * only the boundaries and notes it changed (shared/history/result-changes.ts); a run's step keeps
 * both results whole, so undoing a model run brings back the previous result, strategy and all.
 *
 * Hand edits go through `apply` (one step each) or a drag gesture (`beginDrag`, `dragTo`, `endDrag`:
 * one step in all). Anything else that changes the current result, such as a finished run or a
 * kept result brought forward, is seen through the segmentation store and becomes one step too.
 * Opening another document starts a new history.
 */
import { create } from 'zustand';
import type { Segmentation, SegmentationResult } from '../../shared/document/types';
import {
  beginGesture, canRedo, canUndo, commitGesture, createHistory, record, redo, redoLabel, undo, undoLabel, updateGesture,
  type History,
} from '../../shared/history/history';
import { segmentationChanges, type ResultChange } from '../../shared/history/result-changes';
import { useSegmentationStore } from './segmentation';

const HISTORY_LIMIT = 200;

export type SegmentationEdit = (text: string, segmentation: Segmentation) => Segmentation;

/** Why the segmentation changed, for listeners such as autosave. */
export type ChangeKind = 'edit' | 'undo' | 'redo';

export interface HistoryState {
  history: History<SegmentationResult, ResultChange> | null;
  /** Bumped on every hand edit, undo or redo; `lastChange` says which. */
  revision: number;
  lastChange: ChangeKind | null;
  /** Applies one edit as one step; false when it changed nothing. */
  apply(label: string, edit: SegmentationEdit): boolean;
  beginDrag(label: string): void;
  /** Shows the drag's intermediate state; `edit` is applied to the segmentation the drag started from. */
  dragTo(edit: SegmentationEdit): void;
  endDrag(): void;
  cancelDrag(): void;
  undo(): void;
  redo(): void;
}

function showResult(result: SegmentationResult): void {
  useSegmentationStore.getState().setResult(result);
}

export const useHistoryStore = create<HistoryState>()((set, get) => {
  /**
   * The history is updated before the segmentation store, so the subscription below sees no
   * outside change; the revision after it, so listeners to the revision see the new result.
   */
  function commit(history: History<SegmentationResult, ResultChange>, change: ChangeKind | null): void {
    set({ history });
    if (useSegmentationStore.getState().current !== history.present) showResult(history.present);
    if (change) set({ revision: get().revision + 1, lastChange: change });
  }

  return {
    history: null,
    revision: 0,
    lastChange: null,

    apply(label, edit) {
      const { history } = get();
      const { text, current } = useSegmentationStore.getState();
      if (!history || !current) return false;
      const next = edit(text, current.segmentation);
      if (next === current.segmentation) return false;
      commit(record(history, { ...current, segmentation: next }, label), 'edit');
      return true;
    },

    beginDrag(label) {
      const { history } = get();
      if (history) set({ history: beginGesture(history, label) });
    },

    dragTo(edit) {
      const { history } = get();
      if (!history?.gesture) return;
      const base = history.gesture.base;
      const next = edit(useSegmentationStore.getState().text, base.segmentation);
      const shown = next === base.segmentation ? base : { ...base, segmentation: next };
      if (shown !== history.present) commit(updateGesture(history, shown), null);
    },

    endDrag() {
      const { history } = get();
      if (!history?.gesture) return;
      const changed = history.present !== history.gesture.base;
      commit(commitGesture(history), changed ? 'edit' : null);
    },

    cancelDrag() {
      const { history } = get();
      if (history?.gesture) commit({ ...history, present: history.gesture.base, gesture: null }, null);
    },

    undo() {
      const { history } = get();
      if (history && canUndo(history)) commit(undo(history), 'undo');
    },

    redo() {
      const { history } = get();
      if (history && canRedo(history)) commit(redo(history), 'redo');
    },
  };
});

/** Starts a new history at the result shown now (after loading saved results, which is not editing). */
export function restartHistory(): void {
  const current = useSegmentationStore.getState().current;
  useHistoryStore.setState({ history: current ? createHistory(current, HISTORY_LIMIT, segmentationChanges) : null, lastChange: null });
}

/** For buttons: whether undo/redo would do something, and what. */
export function historyStatus(history: History<SegmentationResult, ResultChange> | null) {
  return {
    canUndo: history !== null && canUndo(history),
    canRedo: history !== null && canRedo(history),
    undoLabel: history ? undoLabel(history) : null,
    redoLabel: history ? redoLabel(history) : null,
  };
}

// Changes made outside this store (a run finished, a document opened) become steps or a new history.
useSegmentationStore.subscribe((state, previous) => {
  const { history } = useHistoryStore.getState();
  if (state.documentId !== previous.documentId || !state.current) {
    restartHistory();
    return;
  }
  if (state.current === previous.current || state.current === history?.present) return;
  if (!history) {
    useHistoryStore.setState({ history: createHistory(state.current, HISTORY_LIMIT, segmentationChanges) });
    return;
  }
  const label = state.current.strategy === history.present.strategy ? 'change' : `${state.current.strategy} result`;
  useHistoryStore.setState({ history: record(history, state.current, label) });
});
