import { beforeEach, describe, expect, it } from 'vitest';
import { moveBoundary, splitAt } from '../../shared/edit/operations';
import { historyStatus, useHistoryStore } from './history';
import { resultFromCuts } from '../test-support/results';
import { useSegmentationStore } from './segmentation';

const TEXT = 'One sentence here. Two sentences now. Three of them. Four is the last one.\n';
const result = (strategy: string, cuts: number[]) => resultFromCuts(TEXT, cuts, strategy, 't.txt');
const boundaries = () => useSegmentationStore.getState().current?.segmentation.boundaries;

describe('history store', () => {
  beforeEach(() => {
    useSegmentationStore.getState().resetForDocument(`doc-${Math.random()}`, TEXT);
    useSegmentationStore.getState().setResult(result('structural', [19]));
  });

  it('undoes and redoes hand edits one step at a time', () => {
    const h = useHistoryStore.getState();
    expect(h.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')))).toBe(true);
    expect(boundaries()).toEqual([19, 38]);
    expect(historyStatus(useHistoryStore.getState().history).undoLabel).toBe('split');
    h.undo();
    expect(boundaries()).toEqual([19]);
    h.redo();
    expect(boundaries()).toEqual([19, 38]);
    expect(useHistoryStore.getState().lastChange).toBe('redo');
  });

  it('announces a change only once the new result is shown', () => {
    const seen: (readonly number[] | undefined)[] = [];
    const stop = useHistoryStore.subscribe((s, p) => {
      if (s.revision !== p.revision) seen.push(boundaries());
    });
    useHistoryStore.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    useHistoryStore.getState().undo();
    stop();
    expect(seen).toEqual([[19, 38], [19]]);
  });

  it('records nothing for an edit that changes nothing', () => {
    const before = useHistoryStore.getState().revision;
    expect(useHistoryStore.getState().apply('split', (_t, s) => s)).toBe(false);
    expect(useHistoryStore.getState().revision).toBe(before);
  });

  it('makes a whole drag one step', () => {
    const h = useHistoryStore.getState();
    h.beginDrag('move boundary');
    for (const x of [25, 30, 40, 50]) h.dragTo((t, s) => moveBoundary(t, s, 0, x, { snap: false }));
    h.endDrag();
    expect(boundaries()).toEqual([50]);
    expect(useHistoryStore.getState().history?.past).toHaveLength(1);
    h.undo();
    expect(boundaries()).toEqual([19]);
  });

  it('makes a finished run one step, undone with its strategy', () => {
    useSegmentationStore.getState().setResult(result('sentence-rules', [19, 38, 53]));
    expect(historyStatus(useHistoryStore.getState().history).undoLabel).toBe('sentence-rules result');
    useHistoryStore.getState().undo();
    expect(useSegmentationStore.getState().current?.strategy).toBe('structural');
  });

  it('starts a new history for another document', () => {
    useHistoryStore.getState().apply('split', (t, s) => splitAt(t, s, 40));
    useSegmentationStore.getState().resetForDocument('another', TEXT);
    expect(useHistoryStore.getState().history).toBeNull();
    useSegmentationStore.getState().setResult(result('structural', []));
    expect(historyStatus(useHistoryStore.getState().history).canUndo).toBe(false);
  });
});
