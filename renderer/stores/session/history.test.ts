import { beforeEach, describe, expect, it } from 'vitest';
import { moveBoundary, splitAt } from '../../../shared/edit/operations';
import { resultFromCuts } from '../../test-support/results';
import { historyStatus, useSession } from './index';
import { openText } from '../../test-support/open-text';

const TEXT = 'One sentence here. Two sentences now. Three of them. Four is the last one.\n';
const result = (strategy: string, cuts: number[]) => resultFromCuts(TEXT, cuts, strategy, 't.txt');
const boundaries = () => useSession.getState().current?.segmentation.boundaries;

describe('history slice', () => {
  beforeEach(() => {
    openText(`doc-${Math.random()}`, TEXT);
    useSession.getState().showResult(result('structural', [19]));
  });

  it('undoes and redoes hand edits one step at a time', () => {
    const h = useSession.getState();
    expect(h.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')))).toBe(true);
    expect(boundaries()).toEqual([19, 38]);
    expect(historyStatus(useSession.getState().history).undoLabel).toBe('split');
    h.undo();
    expect(boundaries()).toEqual([19]);
    h.redo();
    expect(boundaries()).toEqual([19, 38]);
    expect(useSession.getState().lastChange).toBe('redo');
  });

  it('announces a change only once the new result is shown', () => {
    const seen: (readonly number[] | undefined)[] = [];
    const stop = useSession.subscribe((s, p) => {
      if (s.revision !== p.revision) seen.push(boundaries());
    });
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    useSession.getState().undo();
    stop();
    expect(seen).toEqual([[19, 38], [19]]);
  });

  it('records nothing for an edit that changes nothing, and refuses one that breaks coverage', () => {
    const before = useSession.getState().revision;
    expect(useSession.getState().apply('split', (_t, s) => s)).toBe(false);
    expect(() => useSession.getState().apply('bad', () => ({ boundaries: [40, 19], notes: [{}, {}, {}] }))).toThrow();
    expect(useSession.getState().revision).toBe(before);
    expect(boundaries()).toEqual([19]);
    expect(historyStatus(useSession.getState().history).canUndo).toBe(false);
  });

  it('makes a whole drag one step', () => {
    const h = useSession.getState();
    h.beginDrag('move boundary');
    for (const x of [25, 30, 40, 50]) h.dragTo((t, s) => moveBoundary(t, s, 0, x, { snap: false }));
    h.endDrag();
    expect(boundaries()).toEqual([50]);
    expect(useSession.getState().history?.past).toHaveLength(1);
    h.undo();
    expect(boundaries()).toEqual([19]);
  });

  it('makes a finished run one step, undone with its strategy', () => {
    useSession.getState().showResult(result('sentence-rules', [19, 38, 53]));
    expect(historyStatus(useSession.getState().history).undoLabel).toBe('sentence-rules result');
    useSession.getState().undo();
    expect(useSession.getState().current?.strategy).toBe('structural');
  });

  it('starts a new history for another document', () => {
    useSession.getState().apply('split', (t, s) => splitAt(t, s, 40));
    openText('another', TEXT);
    expect(useSession.getState().history).toBeNull();
    useSession.getState().showResult(result('structural', []));
    expect(historyStatus(useSession.getState().history).canUndo).toBe(false);
  });

  it('starts the history at saved results without making them steps', () => {
    useSession.getState().loadSaved([result('structural', [19])], result('corrected', [38]));
    expect(useSession.getState().current?.strategy).toBe('corrected');
    expect(useSession.getState().kept.map((k) => k.result.strategy)).toEqual(['structural']);
    expect(historyStatus(useSession.getState().history)).toMatchObject({ canUndo: false, canRedo: false });
  });
});
