/**
 * The history slice: undo and redo of the shown result, as steps of the shared history
 * (shared/history). Its actions also count hand changes (`revision`) and save them to the
 * workspace: nothing has to watch the store to learn of an edit.
 */
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import {
  beginGesture, canRedo, canUndo, commitGesture, createHistory, record, redo, redoLabel, undo, undoLabel, updateGesture,
} from '../../../shared/history/history';
import { segmentationChanges } from '../../../shared/history/result-changes';
import { handEdited } from '../../../shared/workspace/correction-state';
import type { ChangeKind, HistorySlice, SessionGet, SessionHistory, SessionSet } from './types';

const HISTORY_LIMIT = 200;

/** A history that starts at `result` (saved results loaded: loading is not editing). */
export function startHistory(result: SegmentationResult | null): SessionHistory | null {
  return result ? createHistory(result, HISTORY_LIMIT, segmentationChanges) : null;
}

/** `result` (a finished run, a kept result brought forward) as one more step, labelled by its strategy. */
export function withResultStep(history: SessionHistory | null, result: SegmentationResult): SessionHistory {
  if (!history) return createHistory(result, HISTORY_LIMIT, segmentationChanges);
  const label = result.strategy === history.present.strategy ? 'change' : `${result.strategy} result`;
  return record(history, result, label);
}

/** For buttons: whether undo/redo would do something, and what. */
export function historyStatus(history: SessionHistory | null) {
  return {
    canUndo: history !== null && canUndo(history),
    canRedo: history !== null && canRedo(history),
    undoLabel: history ? undoLabel(history) : null,
    redoLabel: history ? redoLabel(history) : null,
  };
}

export function createHistorySlice(set: SessionSet, get: SessionGet): HistorySlice {
  /** Shows the history's present (checked against the text); a hand change is counted and saved. */
  function commit(history: SessionHistory, change: ChangeKind | null): void {
    const { text, current, revision } = get();
    if (history.present !== current) assertValidSegmentation(text, history.present.segmentation);
    set({ history, current: history.present, ...(change ? { revision: revision + 1, lastChange: change } : {}) });
    if (change) void get().saveCorrection();
  }

  return {
    history: null,
    revision: 0,
    lastChange: null,

    apply(label, edit) {
      const { history, text, current } = get();
      if (!history || !current) return false;
      const next = edit(text, current.segmentation);
      if (next === current.segmentation) return false;
      assertValidSegmentation(text, next);
      commit(record(history, handEdited(current, next), label), 'edit');
      return true;
    },

    beginDrag(label) {
      const { history } = get();
      if (history) set({ history: beginGesture(history, label) });
    },

    dragTo(edit) {
      const { history, text } = get();
      if (!history?.gesture) return;
      const base = history.gesture.base;
      const next = edit(text, base.segmentation);
      const shown = next === base.segmentation ? base : handEdited(base, next);
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
}
